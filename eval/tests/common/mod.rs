//! Checks every variant's evaluator tests share: colour symmetry over fixed and random
//! positions, and the score bound.

// Each test crate uses only some of these.
#![allow(dead_code)]

use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::Rules;

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

/// Asserts that each FEN scores the same as its colour mirror (`mirror` builds it).
pub fn assert_mirrors_score_alike<R: Rules, E: Evaluator<R>>(
    eval: &E,
    options: &R::Options,
    fens: &[&str],
    mirror: impl Fn(&str) -> String,
) {
    for fen in fens {
        let m = mirror(fen);
        let pos = |f: &str| R::from_fen(f, options).unwrap_or_else(|e| panic!("{f}: {e}"));
        let (a, b) = (eval.evaluate(&pos(fen)), eval.evaluate(&pos(&m)));
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
