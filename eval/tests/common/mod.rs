//! Checks every variant's evaluator tests share: colour symmetry over fixed and random
//! positions, and the score bound.

// Each test crate uses only some of these.
#![allow(dead_code)]

use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::Rules;
use grimoire_eval::{EvalParams, TunableEval};

/// Swaps upper and lower case (the two colours' piece letters).
pub fn swap_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// The board field seen from the other side: ranks reversed, colours swapped.
pub fn mirror_board_field(board: &str) -> String {
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| rank.chars().map(swap_case).collect())
        .collect();
    ranks.join("/")
}

/// The other side to move.
pub fn other_side(side: &str) -> &'static str {
    if side == "w" {
        "b"
    } else {
        "w"
    }
}

/// A FEN field that may be empty (`-`), mirrored by `mirror` unless it is.
pub fn mirror_unless_empty(field: &str, mirror: impl Fn(&str) -> String) -> String {
    if field == "-" {
        "-".to_string()
    } else {
        mirror(field)
    }
}

/// The castling field seen from the other side: each right passes to the other colour, in the
/// usual `KQkq` order (`-` stays `-`).
pub fn mirror_castling(field: &str) -> String {
    mirror_unless_empty(field, |rights| {
        let swapped: Vec<char> = rights.chars().map(swap_case).collect();
        "KQkq".chars().filter(|c| swapped.contains(c)).collect()
    })
}

/// The six FEN fields of `fen` seen from the other side: the board mirrored, the other side to
/// move, `castling` and `ep` as the caller mirrored them, the clocks kept.
pub fn mirror_fen_fields(fen: &[&str], castling: &str, ep: &str) -> String {
    format!(
        "{} {} {castling} {ep} {} {}",
        mirror_board_field(fen[0]),
        other_side(fen[1]),
        fen[4],
        fen[5]
    )
}

/// The position of `fen` (panics, naming it, if it does not parse).
pub fn parse<R: Rules>(fen: &str, options: &R::Options) -> R {
    R::from_fen(fen, options).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The score of `fen` for its side to move.
pub fn score<R: Rules, E: Evaluator<R>>(eval: &E, options: &R::Options, fen: &str) -> i32 {
    eval.evaluate(&parse::<R>(fen, options))
}

/// Sets `name` to `value` (both halves) over `start` and asserts that `fen`'s score moves by
/// `delta`, and that the set read back from its text form (as the tuner hands it over) scores
/// the same. Returns the changed set.
pub fn assert_setting_moves_score<R: Rules, E: TunableEval<R>>(
    start: &EvalParams,
    options: &R::Options,
    fen: &str,
    (name, value): (&str, i32),
    delta: i32,
) -> EvalParams {
    let scored_by = |p: EvalParams| {
        let eval = E::from_params(p).unwrap_or_else(|e| panic!("{e}"));
        score(&eval, options, fen)
    };
    let base = scored_by(start.clone());
    let mut changed = start.clone();
    changed.set(name, value, value).unwrap();
    let moved = scored_by(changed.clone());
    assert_eq!(moved - base, delta, "{name} in {fen}");
    let back = grimoire_registry::params_from_text(&changed.to_text()).unwrap();
    assert_eq!(scored_by(back), moved, "{name} read back from its text");
    changed
}

/// Asserts that `better` scores more than `margin` above `worse` for the side to move, and
/// returns the two scores.
pub fn assert_scores_above<R: Rules, E: Evaluator<R>>(
    eval: &E,
    options: &R::Options,
    (better, worse): (&str, &str),
    margin: i32,
) -> (i32, i32) {
    let (a, b) = (score(eval, options, better), score(eval, options, worse));
    assert!(a > b + margin, "{better}: {a} vs {worse}: {b}");
    (a, b)
}

/// Asserts for each pair, one position with White and then Black to move, White a piece up:
/// White's score is at least `margin`, Black's at most `-margin`.
pub fn assert_white_ahead_from_both_sides<R: Rules, E: Evaluator<R>>(
    eval: &E,
    options: &R::Options,
    pairs: &[(&str, &str)],
    margin: i32,
) {
    for &(fen_w, fen_b) in pairs {
        let (w, b) = (score(eval, options, fen_w), score(eval, options, fen_b));
        assert!(w >= margin, "{fen_w}: {w}");
        assert!(b <= -margin, "{fen_b}: {b}");
    }
}

/// Asserts that the engine's default set for `variant` is `default`, and that the tuned set
/// `shipped` has every slot of the starting set `start`, with other values.
pub fn assert_tuned_over_start(
    variant: &str,
    default: EvalParams,
    shipped: &EvalParams,
    start: &EvalParams,
) {
    assert_eq!(grimoire_registry::default_params(variant), Some(default));
    assert_eq!(shipped.len(), start.len(), "{variant}");
    assert_ne!(
        shipped, start,
        "eval/params/{variant}.txt changes the starting set"
    );
}

/// Asserts that each FEN scores the same as its colour mirror (`mirror` builds it).
pub fn assert_mirrors_score_alike<R: Rules, E: Evaluator<R>>(
    eval: &E,
    options: &R::Options,
    fens: &[&str],
    mirror: impl Fn(&str) -> String,
) {
    for fen in fens {
        let m = mirror(fen);
        let (a, b) = (score(eval, options, fen), score(eval, options, &m));
        assert_eq!(a, b, "{fen} scores {a}, its mirror {m} scores {b}");
    }
}

/// Calls `visit` at every position of `games` seeded random games of up to `plies` plies from
/// the start position (the same games on every run).
pub fn for_random_game_positions<R: Rules>(
    options: &R::Options,
    (games, plies): (usize, usize),
    mut visit: impl FnMut(&R),
) {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..games {
        let mut p = R::start_position(options);
        for _ in 0..plies {
            if p.terminal().is_some() {
                break;
            }
            visit(&p);
            let moves = p.legal_moves();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.play(moves[(seed % moves.len() as u64) as usize]);
        }
    }
}

/// Plays `games` random games of up to `plies` plies from the start position and asserts at
/// every position that the score is within `limit` and equals its colour mirror's. Returns how
/// many positions were checked.
pub fn random_games_are_bounded_and_symmetric<R: Rules, E: Evaluator<R>>(
    eval: &E,
    options: &R::Options,
    mirror: impl Fn(&str) -> String,
    games_and_plies: (usize, usize),
    limit: i32,
) -> usize {
    let mut checked = 0;
    for_random_game_positions::<R>(options, games_and_plies, |p| {
        let s = eval.evaluate(p);
        assert!(s.abs() <= limit, "{}: {s}", p.to_fen());
        let m = R::from_fen(&mirror(&p.to_fen()), options).expect("mirror FEN parses");
        assert_eq!(s, eval.evaluate(&m), "{}", p.to_fen());
        checked += 1;
    });
    checked
}

/// A one-thread search of `game` to `depth` with a fresh 16 MB table and no reports.
pub fn search_to_depth<R: Rules, E: Evaluator<R>>(
    game: &grimoire_engine::Game<R>,
    eval: &E,
    depth: u32,
) -> grimoire_engine::search::SearchResult {
    use grimoire_engine::search::{search, Limits, SearchOptions, Shared, TranspositionTable};
    let tt = TranspositionTable::new(16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let shared = Shared::new(&limits, limits.plan(game.position().side_to_move(), 0));
    let options = SearchOptions {
        report: false,
        ..SearchOptions::default()
    };
    search(game, eval, &tt, &shared, &limits, &options, &mut |_| {})
}
