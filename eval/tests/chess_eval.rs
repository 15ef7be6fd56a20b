//! Behaviour of the chess evaluator (`ChessEval`): start-position balance, colour symmetry,
//! material and passed-pawn sanity, bounds over random games, and parameters reaching the score.

mod common;

use common::{
    assert_mirrors_score_alike, assert_scores_above, assert_setting_moves_score,
    assert_tuned_over_start, assert_white_ahead_from_both_sides, for_random_game_positions,
    mirror_castling, mirror_fen_fields, mirror_unless_empty, parse,
    random_games_are_bounded_and_symmetric,
};
use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::prelude::*;
use grimoire_engine::variants::chess::Chess;
use grimoire_eval::chess::EVAL_LIMIT;
use grimoire_eval::{ChessEval, EvalParams};

fn pos(fen: &str) -> Chess {
    parse(fen, &())
}

/// The colour-mirrored FEN: ranks reversed, piece colours and the side to move swapped, castling
/// rights and the en-passant square mirrored.
fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let ep = mirror_unless_empty(f[3], |square| {
        let b = square.as_bytes();
        format!("{}{}", b[0] as char, (b'1' + b'8' - b[1]) as char)
    });
    mirror_fen_fields(&f, &mirror_castling(f[2]), &ep)
}

const VARIED: [&str; 12] = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
    "8/P7/8/8/8/8/5k2/K7 b - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "2kr3r/ppp2ppp/2n5/2b1p3/4P1b1/2NP1N2/PPP2PPP/R1B2RK1 b - - 3 10",
    "8/5pk1/6p1/3B4/1p6/1P3K2/8/8 w - - 0 40",
];

/// The shipped chess terms without the shipped network (`docs/eval.md`, Network).
fn terms() -> ChessEval {
    ChessEval::from_params(EvalParams::chess_tuned())
}

/// The start position is symmetric, so the terms score exactly the mover's tempo bonus
/// (middlegame value: every piece is on the board), and that stays a small edge. The shipped
/// network adds more for the mover (79 in all: its labels, Stockfish's verdicts after random
/// openings, favour the side to move), still well under a pawn.
#[test]
fn start_position_scores_only_the_tempo() {
    let with_network = ChessEval::default().evaluate(&Chess::start_position(&()));
    assert!(
        (0..100).contains(&with_network),
        "start position scores {with_network}"
    );
    let e = terms();
    let start = Chess::start_position(&());
    let s = e.evaluate(&start);
    let (tempo_mg, _) = EvalParams::chess_tuned().get("tempo").unwrap();
    assert_eq!(s, tempo_mg, "start position scores {s}");
    assert!(s.abs() <= 40, "start position scores {s}");
}

#[test]
fn colour_mirrored_positions_score_the_same() {
    assert_mirrors_score_alike(&ChessEval::default(), &(), &VARIED, mirror_fen);
}

#[test]
fn a_queen_up_is_strongly_positive_for_its_owner_and_negative_for_the_other_side() {
    let pairs = [
        (
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
        ),
        (
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        ),
    ];
    assert_white_ahead_from_both_sides(&ChessEval::default(), &(), &pairs, 700);
}

#[test]
fn a_passed_pawn_on_the_seventh_beats_one_on_the_third() {
    let e = ChessEval::default();
    for (seventh, third) in [
        (
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/P7/8/4K3 w - - 0 1",
        ),
        // The defending king too far to catch the pawn (next to it, it would simply take it:
        // the tuned set knows that, through the kings' distances to the stop square).
        (
            "7k/3P4/8/8/8/8/8/3K4 b - - 0 1",
            "7k/8/8/8/8/3P4/8/3K4 b - - 0 1",
        ),
        // Middlegame material: the passer still counts.
        (
            "r2qk2r/1P3ppp/8/8/8/8/5PPP/R2QK2R w KQkq - 0 1",
            "r2qk2r/5ppp/8/8/8/1P6/5PPP/R2QK2R w KQkq - 0 1",
        ),
    ] {
        // Both from the same side's view: a larger number is better for the mover; for Black to
        // move the white pawn's advance must make the score smaller.
        let better_for_mover = if seventh.contains(" w ") {
            (seventh, third)
        } else {
            (third, seventh)
        };
        assert_scores_above(&e, &(), better_for_mover, 50);
    }
}

/// Seeded random games: every position stays inside the limit and scores like its mirror.
#[test]
fn random_game_positions_are_bounded_and_colour_symmetric() {
    let e = ChessEval::default();
    let checked =
        random_games_are_bounded_and_symmetric(&e, &(), mirror_fen, (40, 120), EVAL_LIMIT);
    assert!(checked > 2000, "{checked}");
}

/// The pawn-and-king cache (`docs/eval.md`, Speed) changes no score: each position of seeded
/// random games, evaluated after its game's earlier positions filled this thread's cache,
/// scores the same in a new thread, whose cache is empty.
#[test]
fn a_cached_evaluation_equals_a_cold_one_over_random_games() {
    let e = ChessEval::default();
    let mut checked = 0;
    for_random_game_positions::<Chess>(&(), (30, 160), |p| {
        let warm = e.evaluate(p);
        let cold = std::thread::scope(|s| s.spawn(|| e.evaluate(p)).join().unwrap());
        assert_eq!(warm, cold, "{}", p.to_fen());
        checked += 1;
    });
    assert!(checked > 2000, "{checked}");
}

#[test]
fn parameters_reach_the_score() {
    // Only kings and a queen: the endgame end of the taper, so the eg value moves it by 200;
    // also through the text form, as the tuner will hand it over.
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let richer_queen = ("material_queen", 1094);
    assert_setting_moves_score::<Chess, ChessEval>(
        &EvalParams::chess(),
        &(),
        fen,
        richer_queen,
        200,
    );
}

#[test]
fn parameters_of_another_variant_are_refused() {
    let err = ChessEval::try_from_params(EvalParams::new("xiangqi")).unwrap_err();
    assert!(err.contains("chess"), "{err}");
}

#[test]
fn the_shipped_set_is_the_tuned_file_read_over_the_starting_set() {
    let shipped = EvalParams::chess_tuned();
    let start = EvalParams::chess();
    // The default set is the tuned terms with the shipped network.
    let default = shipped.clone().with_builtin_network();
    assert_tuned_over_start("chess", default, &shipped, &start);
    assert!(shipped.network().is_none());
    // The file's own values arrive (the tuned pawn is worth less in the endgame).
    let text = include_str!("../params/chess.txt");
    let pawn = text
        .lines()
        .find(|l| l.starts_with("material_pawn"))
        .expect("the file tunes the pawn");
    let values: Vec<i32> = pawn
        .split_whitespace()
        .skip(1)
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(shipped.get("material_pawn"), Some((values[0], values[1])));
    // The engine's evaluator uses the shipped set, and the network adds to its terms.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let net = grimoire_eval::chess::nnue::builtin();
    assert!(net.0.is_residual());
    let p = pos(fen);
    assert_eq!(
        ChessEval::default().evaluate(&p),
        ChessEval::from_params(shipped).evaluate(&p) + net.0.evaluate(p.board(), p.side_to_move())
    );
}

/// Sets `name`, zero in the starting set, to 100 (mg and eg alike) and checks that the mover's
/// score rises by 100 times `count`.
fn assert_term_counts(name: &str, fen: &str, count: i32) {
    let start = EvalParams::chess();
    assert_eq!(start.get(name), Some((0, 0)), "{name} starts at zero");
    let base = ChessEval::from_params(start.clone()).evaluate(&pos(fen));
    let mut p = start;
    p.set(name, 100, 100).unwrap();
    let with = ChessEval::from_params(p).evaluate(&pos(fen));
    assert_eq!(with - base, 100 * count, "{name} in {fen}");
}

/// Each term added after run D1 counts what `docs/eval.md` says: set one parameter to 100 (mg
/// and eg alike, so the phase does not matter) over the starting set, where it is zero, and the
/// score of the mover (White) rises by 100 times White's count minus Black's.
#[test]
fn every_term_added_after_d1_counts_what_it_says() {
    for (name, fen, count) in [
        // e4 pawn attacks the d5 knight.
        ("threat_by_pawn", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", 1),
        // e3 knight attacks the d5 rook (the rook attacks nothing of White's).
        ("threat_by_minor", "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", 1),
        // d1 rook attacks the d5 queen; the queen's attack on the rook is not a rook's.
        ("threat_by_rook", "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", 1),
        // The d5 knight has no pawn to defend it; a c6 pawn would.
        ("threat_hanging", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", 1),
        ("threat_hanging", "4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1", 0),
        // The e4 knight reaches d6 and f6, both knight checks on the e8 king, neither guarded.
        ("safe_check_knight", "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", 2),
        // An e7 pawn guards d6 and f6.
        ("safe_check_knight", "4k3/4p3/8/8/4N3/8/8/4K3 w - - 0 1", 0),
        // The a6 passer (weight 2: two ranks past the fourth) with its stop square a7: the
        // enemy king on h8 is 7 files away (capped at 5), the own king on e1 6 ranks (5).
        (
            "passed_enemy_king_distance",
            "7k/8/P7/8/8/8/8/4K3 w - - 0 1",
            10,
        ),
        (
            "passed_own_king_distance",
            "7k/8/P7/8/8/8/8/4K3 w - - 0 1",
            10,
        ),
        // The d5 knight: fifth rank, defended by e4, no black pawn on c or e ahead of it; a c7
        // pawn could chase it; a knight on d3 is not far enough up.
        ("outpost_knight", "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", 1),
        ("outpost_knight", "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", 0),
        ("outpost_knight", "4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1", 0),
        ("outpost_bishop", "4k3/8/8/3B4/4P3/8/8/4K3 w - - 0 1", 1),
        // On the fourth rank a passer has no king terms.
        (
            "passed_enemy_king_distance",
            "7k/8/8/8/P7/8/8/4K3 w - - 0 1",
            0,
        ),
        // Session 14 (runs P2 to P4).
        // A centre knight on an empty board has all eight squares; a corner knight two.
        ("mobility_knight_8", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", 1),
        ("mobility_knight_2", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1", 1),
        // A black pawn on e6 guards f5 (and d5): the d4 knight keeps seven, e6 among them.
        ("mobility_knight_7", "4k3/8/4p3/8/3N4/8/8/4K3 w - - 0 1", 1),
        // d3's only neighbour (c4) is ahead of it and e5 guards its stop square d4; c4 has d3
        // behind it; the black e5 pawn is isolated, not backward.
        ("pawn_backward", "4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1", 1),
        // Without the guard on d4, d3 is not backward.
        ("pawn_backward", "4k3/8/8/8/2P5/3P4/8/4K3 w - - 0 1", 0),
        ("pawn_phalanx", "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", 2),
        ("pawn_phalanx", "4k3/8/8/8/8/4P3/3P4/4K3 w - - 0 1", 0),
        // A pawn of either colour right in front of a knight; Black's d6 knight behind its d5
        // pawn counts against White.
        ("minor_behind_pawn", "4k3/8/8/3p4/3N4/8/8/4K3 w - - 0 1", 1),
        (
            "minor_behind_pawn",
            "4k3/8/3n4/3p4/3N4/8/8/4K3 w - - 0 1",
            0,
        ),
        // The c1 bishop shares its colour with b2 and d2, not with e2.
        (
            "bishop_pawns_same_colour",
            "4k3/8/8/8/8/8/1P1PP3/2B1K3 w - - 0 1",
            2,
        ),
        // King e1, nearest own pawn a2: four files away; Black has no pawns (0).
        ("king_pawn_distance", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", 4),
        // King g1 behind f2 g2 h2: the g file is one from the edge (b), h the edge (a), f two
        // (c). Black's e8 king has no pawns on d, e or f: d and e are three from the edge (d).
        ("king_shelter_b_2", "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", 1),
        ("king_shelter_a_2", "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", 1),
        (
            "king_shelter_d_none",
            "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1",
            -2,
        ),
        // A pawn behind the king does not shelter it.
        ("king_shelter_a_none", "4k3/8/8/8/8/8/7P/6K1 w - - 0 1", 0),
        ("king_shelter_a_none", "4k3/8/8/8/8/6K1/7P/8 w - - 0 1", 1),
        // A black pawn on g4 storms White's g1 king from White's fourth rank.
        ("king_storm_b_4", "4k3/8/8/8/6p1/8/5P1P/6K1 w - - 0 1", 1),
        // The e1 king attacks the d2 knight, unless a c3 pawn defends it.
        ("threat_by_king", "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", 1),
        ("threat_by_king", "4k3/8/8/8/8/2p5/3n4/4K3 w - - 0 1", 0),
        // Two knights with seven pawns: 2 · (7 − 5); a rook with three pawns: 3 − 5.
        (
            "knight_pawn_count",
            "4k3/8/8/8/8/8/PPPPPPP1/1N2K1N1 w - - 0 1",
            4,
        ),
        ("rook_pawn_count", "4k3/8/8/8/8/8/PPP5/R3K3 w - - 0 1", -2),
        // d4 and e4 with d2, d3, e2 and e3 behind them. A black c5 pawn takes d4 away and
        // has c6 and c7 of its own (c5 itself is attacked by d4): 5 - 2.
        ("space", "4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", 6),
        ("space", "4k3/8/8/2p5/3PP3/8/8/4K3 w - - 0 1", 3),
    ] {
        assert_term_counts(name, fen, count);
    }
}

/// A per-square offset counts once per piece of its kind on that square or its mirror: files
/// e to h mirror d to a, and Black reads ranks from its own side.
#[test]
fn square_offsets_count_on_their_square_and_its_mirrors() {
    for (name, fen, count) in [
        // White knights on c3 and f3 (f mirrors c).
        ("psq_knight_c3", "4k3/8/8/8/8/2N2N2/8/4K3 w - - 0 1", 2),
        // A black knight on c6 is on its own c3: it counts against White.
        ("psq_knight_c3", "4k3/8/2n5/8/8/2N5/8/4K3 w - - 0 1", 0),
        ("psq_knight_c3", "4k3/8/2n5/8/8/8/8/4K3 w - - 0 1", -1),
        // The kings: White's on e1 is its d1 mirror, Black's on e8 its own d1; Black's a8 is
        // its a1.
        ("psq_king_d1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0),
        ("psq_king_d1", "k7/8/8/8/8/8/8/4K3 w - - 0 1", 1),
        // Pawns: b2 and g2 (g mirrors b); rank 2 is the pawn's first entry.
        ("psq_pawn_b2", "4k3/8/8/8/8/8/1P4P1/4K3 w - - 0 1", 2),
        ("psq_pawn_b7", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", 1),
    ] {
        assert_term_counts(name, fen, count);
    }
    // Ranks 1 and 8 have no pawn entries.
    assert_eq!(EvalParams::chess().get("psq_pawn_a1"), None);
    assert_eq!(EvalParams::chess().get("psq_pawn_a8"), None);
}

/// King danger is the square of the attack: a d1 queen hits d7 and d8 of the e8 king's zone;
/// one attacker scales the sum to a quarter: 400 · 2 / 4 = 200, and 1600 · 200² / 65536 = 976.
#[test]
fn king_danger_is_the_square_of_the_attack() {
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    let mut start = EvalParams::chess();
    assert_eq!(start.get("king_danger_quadratic"), Some((0, 0)));
    start.set("king_attack_queen", 400, 0).unwrap();
    let base = ChessEval::from_params(start.clone()).evaluate(&pos(fen));
    start.set("king_danger_quadratic", 1600, 1600).unwrap();
    let with = ChessEval::from_params(start).evaluate(&pos(fen));
    assert_eq!(with - base, 976);
}

/// The endgame scale multiplies the endgame half of the score: at 0 only the middlegame half is
/// left. It applies to opposite-coloured bishops alone (not same-coloured ones, not with a
/// knight), and to a pawnless side ahead by a minor piece's worth (not by a rook).
#[test]
fn endgame_scales_apply_where_they_say() {
    let scaled_to_nothing = |name: &str, fen: &str| {
        let eval = ChessEval::from_params(EvalParams::chess());
        let position = pos(fen);
        let w = eval.white_terms(&position);
        let (mg_only, _) = EvalParams::chess().get("tempo").unwrap();
        let tempo =
            grimoire_eval::chess::S::new(mg_only, EvalParams::chess().get("tempo").unwrap().1);
        let expected = eval.taper(
            grimoire_eval::chess::S::new(w.mg, 0).for_side(position.side_to_move()) + tempo,
            eval.phase(&position),
        );
        let mut p = EvalParams::chess();
        p.set(name, 0, 0).unwrap();
        let got = ChessEval::from_params(p).evaluate(&position);
        let unscaled = eval.evaluate(&position);
        (got == expected && got != unscaled, got == unscaled)
    };
    // c1 and d5 are of opposite colours, c1 and e5 of the same.
    let ocb = "4k3/5p2/8/3b4/8/4P1P1/8/2B1K3 w - - 0 1";
    assert_eq!(
        scaled_to_nothing("scale_opposite_bishops", ocb),
        (true, false)
    );
    let same = "4k3/5p2/8/4b3/8/4P1P1/8/2B1K3 w - - 0 1";
    assert_eq!(
        scaled_to_nothing("scale_opposite_bishops", same),
        (false, true)
    );
    let with_knight = "4k3/5p2/8/3b4/8/4P1P1/8/2B1KN2 w - - 0 1";
    assert_eq!(
        scaled_to_nothing("scale_opposite_bishops", with_knight),
        (false, true)
    );
    assert_eq!(
        scaled_to_nothing("scale_pawnless", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        (true, false)
    );
    assert_eq!(
        scaled_to_nothing("scale_pawnless", "4k3/8/8/8/8/8/8/2R1K3 w - - 0 1"),
        (false, true)
    );
    // Black ahead by a bishop and without pawns; White's pawn does not stop the scale.
    assert_eq!(
        scaled_to_nothing("scale_pawnless", "2b1k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
        (true, false)
    );
}
