//! Duggan perft regression numbers (G8: pure move generation, no draw rules), each cross-checked
//! by the independent reference generator (pseudo-legal moves filtered by play-and-look
//! legality, `engine/src/variants/duggan/reference.rs`) counting on its own, to the depth it
//! does quickly. The numbers were first produced by the fast generator and agreed with the
//! reference at every depth the reference reached (3 for all of them).

use grimoire_engine::perft::PerftCase;
use grimoire_engine::variants::duggan::{Duggan, DugganOptions, ThreatStep, START_FEN};
use ThreatStep::{CaptureOnly, MoveOrCapture};

/// Middle game with Commanders (one can promote on its first rank), Golems and Archers.
pub const MIDDLE: &str = "g2sdb1g/1mm2mm1/m1a1m2m/3mM3/2M2A2/M4M2/1MC2BMM/G2SD2G b - - 0 12";
/// Golems aimed through crowded lines: crushes of several pieces, own pieces included.
pub const CRUSH: &str = "2bsdb2/gmm2mmg/2a1m1a1/m2mM2m/M2Mm2M/2A3A1/GMM2MMG/2BSDB2 w - - 0 15";
/// Mercenaries threatened by Golems, Bishops and each other: many threat steps.
pub const THREATS: &str = "g3d2g/1m1b1mm1/2m1s3/m1Mm1a1m/M2M1A1M/2S1m3/1MB2MM1/G3D2G w - - 2 18";
/// Promotions pending on both sides, a Commander next to its first rank.
pub const PROMOTIONS: &str = "4d3/1M3M2/8/3a4/5s2/8/2c3m1/3SD3 w - - 0 40";
/// Assassin endgame: teleports and king-step captures, checks by teleport.
pub const ASSASSINS: &str = "8/3d4/8/2s5/8/5S2/3D4/8 w - - 0 60";

/// The regression counts by depth from 1, and the depth the reference generator checks
/// (one case a line, as a table).
#[rustfmt::skip]
const SUITE: [(PerftCase, u32); 6] = [
    (PerftCase::new("startpos", START_FEN, &[49, 2_392, 115_873, 5_583_524, 273_986_042]), 2),
    (PerftCase::new("middle", MIDDLE, &[61, 4_435, 264_115, 18_770_271, 1_122_695_849]), 2),
    (PerftCase::new("crush", CRUSH, &[64, 3_693, 232_126, 13_871_120, 876_514_871]), 2),
    (PerftCase::new("threats", THREATS, &[71, 4_751, 307_933, 20_630_647, 1_333_432_334]), 2),
    (PerftCase::new("promotions", PROMOTIONS, &[68, 5_143, 319_137, 23_593_153, 1_451_028_083]), 3),
    (PerftCase::new("assassins", ASSASSINS, &[68, 4_107, 247_072, 14_850_961, 891_892_248]), 3),
];

/// Depth checked in the default (CI) run: each position well under a second.
const CI_MAX_NODES: u64 = 6_000_000;

#[test]
fn regression_counts_at_ci_depths() {
    for (case, _) in SUITE {
        case.check_fast::<Duggan>(&DugganOptions::default(), CI_MAX_NODES)
            .unwrap();
    }
}

#[test]
fn reference_generator_agrees_with_fast_generator() {
    for (case, depth) in SUITE {
        case.check_reference::<Duggan>(&DugganOptions::default(), depth)
            .unwrap();
    }
}

const fn options(threat_step: ThreatStep, cornered: bool, cowardly: bool) -> DugganOptions {
    DugganOptions {
        threat_step,
        cornered_assassin: cornered,
        cowardly_assassin: cowardly,
    }
}

/// Option sets with their counts at depths 1..3.
type OptionCounts = [(DugganOptions, [u64; 3])];

/// The options change the counts (DUG-22, DUG-37, DUG-38): for each FEN, option sets and
/// their counts.
const OPTION_SUITE: &[(&str, &OptionCounts)] = &[
    (
        START_FEN,
        &[
            (options(MoveOrCapture, false, true), [21, 445, 11_457]),
            (options(MoveOrCapture, true, false), [49, 2_392, 95_171]),
            (options(CaptureOnly, false, false), [49, 2_392, 115_271]),
            (options(CaptureOnly, true, true), [21, 445, 11_235]),
        ],
    ),
    (
        THREATS,
        &[
            (options(MoveOrCapture, false, true), [56, 2_968, 152_043]),
            (options(MoveOrCapture, true, false), [71, 4_602, 247_307]),
            (options(CaptureOnly, false, false), [65, 3_795, 225_456]),
            (options(CaptureOnly, true, true), [50, 2_160, 89_572]),
        ],
    ),
    (
        PROMOTIONS,
        &[
            (options(MoveOrCapture, false, true), [23, 969, 20_240]),
            (options(MoveOrCapture, true, false), [13, 752, 21_823]),
            (options(CaptureOnly, true, true), [9, 334, 4_986]),
        ],
    ),
    (
        "8/3d4/1m6/2s5/8/5S2/3D2M1/8 w - - 0 60",
        &[
            (options(MoveOrCapture, true, false), [68, 3_769, 205_410]),
            (options(CaptureOnly, false, true), [18, 306, 4_774]),
        ],
    ),
];

#[test]
fn option_counts_and_reference_agree() {
    for &(fen, cases) in OPTION_SUITE {
        for (o, counts) in cases {
            let name = format!("{fen} {o:?}");
            let case = PerftCase::new(&name, fen, counts);
            case.check_fast::<Duggan>(o, u64::MAX).unwrap();
            case.check_reference::<Duggan>(o, 2).unwrap();
        }
    }
}

/// The full depths: `cargo test --release --test duggan_perft -- --ignored`.
#[test]
#[ignore]
fn regression_counts_at_full_depth() {
    for (case, _) in SUITE {
        case.check_fast::<Duggan>(&DugganOptions::default(), u64::MAX)
            .unwrap();
    }
}

/// The reference generator at depth 3 where the CI run stops at 2 (about a minute):
/// `cargo test --release --test duggan_perft -- --ignored`.
#[test]
#[ignore]
fn reference_generator_agrees_at_depth_3() {
    for (case, _) in SUITE {
        case.check_reference::<Duggan>(&DugganOptions::default(), 3)
            .unwrap();
    }
}
