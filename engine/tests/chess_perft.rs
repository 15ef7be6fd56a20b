//! FIDE perft against the published counts (chessprogramming.org "Perft Results"), each also
//! cross-checked at a small depth by the independent mailbox reference generator.

use grimoire_engine::perft::PerftCase;
use grimoire_engine::variants::chess::Chess;

/// The published positions and their counts by depth from 1 (one case a line, as a table).
#[rustfmt::skip]
const SUITE: [PerftCase; 6] = [
    PerftCase::new("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[20, 400, 8_902, 197_281, 4_865_609, 119_060_324]),
    PerftCase::new("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2_039, 97_862, 4_085_603, 193_690_690]),
    PerftCase::new("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661]),
    PerftCase::new("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[6, 264, 9_467, 422_333, 15_833_292, 706_045_033]),
    PerftCase::new("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1_486, 62_379, 2_103_487, 89_941_194]),
    PerftCase::new("position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", &[46, 2_079, 89_890, 3_894_594, 164_075_551]),
];

/// Depth checked in the default (CI) run: each position well under a second.
const CI_MAX_NODES: u64 = 5_000_000;

#[test]
fn published_counts_at_ci_depths() {
    for case in SUITE {
        case.check_fast::<Chess>(&(), CI_MAX_NODES).unwrap();
    }
}

#[test]
fn reference_generator_agrees_with_fast_generator() {
    for case in SUITE {
        case.check_reference::<Chess>(&(), case.depth_below(120_000))
            .unwrap();
    }
}

/// The full published depths: `cargo test --release --test chess_perft -- --ignored`.
#[test]
#[ignore]
fn published_counts_at_full_depth() {
    for case in SUITE {
        case.check_fast::<Chess>(&(), u64::MAX).unwrap();
    }
}
