//! Ghost Chess perft regression numbers (G8: pure move generation, no draw rules; GHO-27 (A):
//! a spawn decision is a node of its own that costs no depth, so perft(d) counts complete
//! turns). Each number is cross-checked by the independent reference generator
//! (`engine/src/variants/ghost/reference.rs`: ghosts by walking offsets, spawn options by the
//! definition of GHO-22, play-and-look legality) counting on its own; the numbers were first
//! produced by the fast generator and agreed with the reference at every depth listed.

use grimoire_engine::perft::{divide_turns, perft, perft_reference, PerftCase, PerftMode};
use grimoire_engine::variants::chess::Chess;
use grimoire_engine::variants::ghost::{Ghost, START_FEN};
use grimoire_engine::{prelude::*, MoveKind};
use std::sync::atomic::AtomicBool;

/// Ghosts on all four edge lines of a middle game, castling rights for Black; the White ghost
/// bishop on z3 can take the king on e8 at once (that child ends the game: no children, G8).
pub const RING: &str =
    "r3k2r/pp1q1ppp/2n1bn2/3p4/3P4/2NB1N2/PP3PPP/R2Q1RK1 w kq - 0 12 Bz3,Pd0,bi6,pi5";
/// A spawn decision pending at the root: the knight taken on d5 goes to z5 or d9 (GHO-21 tie).
pub const PENDING: &str =
    "r1bqkb1r/pppp1ppp/5n2/3Pp3/8/8/PPP2PPP/RNBQKBNR b KQkq - 0 4 - spawn=n@d5";
/// Ghost pawns of both sides near their last squares (GHO-41..43).
pub const GHOST_PAWNS: &str = "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 40 Pz7,Pi6,pz2,pi3";
/// Few living pieces, many ghosts: phasing rays across the board, king captures (GHO-52).
pub const SPARSE: &str = "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 50 Qa0,Rz4,Nh9,bi2,ri6,qd9";
/// A pending spawn of a pawn passed over its own ghost to its last square (GHO-45): z6
/// (taking a black ghost) or z8 as Q, R, B or N.
pub const SPAWN_PROMOTION: &str = "r3k3/n7/8/8/8/8/8/4K3 w - - 0 30 Nz7,rz6 spawn=P@a7";
/// Castling with ghosts aimed at the king's path (GHO-11), an en-passant capture available.
pub const CASTLING: &str = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 20 Ba9,rf0,qz4";

/// The regression counts by depth from 1, and the reference depth in the default run.
const SUITE: [(PerftCase, u32); 7] = [
    (
        PerftCase::new("startpos", START_FEN, &[20, 400, 8_908, 197_858, 4_907_047]),
        4,
    ),
    (
        PerftCase::new("ring", RING, &[55, 2_606, 140_008, 6_592_916]),
        3,
    ),
    (
        PerftCase::new("pending", PENDING, &[66, 2_452, 83_495, 3_202_480]),
        3,
    ),
    (
        PerftCase::new(
            "ghost_pawns",
            GHOST_PAWNS,
            &[14, 194, 2_875, 41_849, 653_766],
        ),
        4,
    ),
    (
        PerftCase::new("sparse", SPARSE, &[27, 796, 21_705, 615_455, 16_831_165]),
        3,
    ),
    (
        PerftCase::new(
            "spawn_promotion",
            SPAWN_PROMOTION,
            &[81, 1_409, 22_016, 475_831, 7_547_961],
        ),
        4,
    ),
    (
        PerftCase::new("castling", CASTLING, &[36, 1_454, 46_563, 1_905_419]),
        3,
    ),
];

/// Counts checked in the default (CI) run: each position well under a second.
const CI_MAX_NODES: u64 = 2_000_000;

#[test]
fn regression_counts_at_ci_depths() {
    for (case, _) in SUITE {
        case.check_fast::<Ghost>(&(), CI_MAX_NODES).unwrap();
    }
}

#[test]
fn reference_generator_agrees_with_the_regression_counts() {
    for (case, depth) in SUITE {
        for d in 1..=depth {
            case.check_reference::<Ghost>(&(), d).unwrap();
        }
    }
}

#[test]
#[ignore = "deep counts: minutes in a test build; run with --release -- --ignored"]
fn regression_counts_deep() {
    for (case, _) in SUITE {
        case.check_fast::<Ghost>(&(), u64::MAX).unwrap();
    }
}

#[test]
#[ignore = "the reference at the deepest listed depth: minutes; run with --release -- --ignored"]
fn reference_agrees_at_every_listed_depth() {
    for (case, _) in SUITE {
        case.check_reference::<Ghost>(&(), case.counts.len() as u32)
            .unwrap();
    }
}

/// GHO-27 (A): a decision costs no depth and each option is its own path. After 1.e4 d5 the
/// only capture, exd5, opens the z5/d9 tie (GHO-21), so perft(1) is chess's count plus one, and
/// the divide names the two turns `e4d5 z5` and `e4d5 d9` (`docs/notation.md` §4), each counted
/// from the position after its decision.
#[test]
fn gho_27_a_decision_is_a_free_node_and_divide_names_whole_turns() {
    let mut ghost = Ghost::start_position(&());
    let mut chess = Chess::start_position(&());
    for t in ["e2e4", "d7d5"] {
        ghost.play(ghost.parse_move(t).unwrap());
        chess.play(chess.parse_move(t).unwrap());
    }
    let chess_moves = chess.legal_moves().len() as u64;
    assert_eq!(perft(&ghost, 1), chess_moves + 1);
    assert_eq!(perft_reference(&ghost, 1), chess_moves + 1);
    let never = AtomicBool::new(false);
    let lines = divide_turns(&ghost, 2, 1, PerftMode::Convention, &never).expect("not stopped");
    let names: Vec<String> = lines
        .iter()
        .map(|(turn, _)| {
            let mut at = ghost.clone();
            let mut words = Vec::new();
            for &mv in turn {
                words.push(at.format_move(mv));
                at.play(mv);
            }
            words.join(" ")
        })
        .collect();
    assert_eq!(lines.len() as u64, chess_moves + 1);
    assert!(!names.iter().any(|n| n == "e4d5"), "{names:?}");
    for decided in ["e4d5 z5", "e4d5 d9"] {
        let i = names.iter().position(|n| n == decided).expect(decided);
        let mut after = ghost.clone();
        for &mv in &lines[i].0 {
            after.play(mv);
        }
        assert_eq!(lines[i].1, perft(&after, 1), "{decided}");
        assert_eq!(lines[i].1, perft_reference(&after, 1), "{decided}");
    }
    let total: u64 = lines.iter().map(|&(_, n)| n).sum();
    assert_eq!(total, perft(&ghost, 2));
}

/// Before the first capture no ghost exists and Ghost Chess is FIDE chess (GHO-2, GHO-10): along
/// every capture-free line of 4 plies from the start, the legal moves equal chess's. So
/// perft(1) and perft(2) are FIDE's 20 and 400, and deeper counts differ only through captures.
#[test]
fn start_position_is_fide_until_the_first_capture() {
    fn walk(ghost: &Ghost, chess: &Chess, depth: u32) -> u64 {
        let mut g: Vec<u64> = ghost.legal_moves().iter().map(|m| m.raw()).collect();
        let mut c: Vec<u64> = chess.legal_moves().iter().map(|m| m.raw()).collect();
        g.sort_unstable();
        c.sort_unstable();
        assert_eq!(g, c, "moves differ at {}", ghost.to_fen());
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for mv in chess.legal_moves() {
            let capture =
                mv.kind() == MoveKind::EnPassant || chess.board().piece_at(mv.to()).is_some();
            if capture {
                continue;
            }
            let (mut g2, mut c2) = (ghost.clone(), chess.clone());
            g2.play(mv);
            c2.play(mv);
            n += walk(&g2, &c2, depth - 1);
        }
        n
    }
    let ghost = Ghost::start_position(&());
    let chess = Chess::start_position(&());
    assert!(walk(&ghost, &chess, 4) > 100_000);
    assert_eq!(perft(&ghost, 1), 20);
    assert_eq!(perft(&ghost, 2), 400);
}
