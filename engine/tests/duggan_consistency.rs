//! Seeded random games in Duggan's Fantasy Chess, under each of the eight option combinations
//! (DUG-22, DUG-37, DUG-38): incremental hash equals recomputed hash, copy-make leaves the
//! parent untouched, FEN and token round trips, and legal moves equal the reference
//! generator's pseudo-legal moves filtered by its play-and-look legality test.

use grimoire_engine::consistency::{random_games_from_fens, Stats};
use grimoire_engine::variants::duggan::{Duggan, DugganOptions, START_FEN};

/// Start positions: the opening, a crowded middle game, Golems aimed through crowded lines,
/// Mercenaries under threat, promotions pending, and Assassin endgames.
const STARTS: [&str; 6] = [
    START_FEN,
    "g2sdb1g/1mm2mm1/m1a1m2m/3mM3/2M2A2/M4M2/1MC2BMM/G2SD2G b - - 0 12",
    "2bsdb2/gmm2mmg/2a1m1a1/m2mM2m/M2Mm2M/2A3A1/GMM2MMG/2BSDB2 w - - 0 15",
    "g3d2g/1m1b1mm1/2m1s3/m1Mm1a1m/M2M1A1M/2S1m3/1MB2MM1/G3D2G w - - 2 18",
    "4d3/1M3M2/8/3a4/5s2/8/2c3m1/3SD3 w - - 0 40",
    "8/3d4/1m6/2s5/8/5S2/3D2M1/8 w - - 0 60",
];

#[test]
fn random_games_stay_consistent_under_every_option_combination() {
    let mut stats = Stats::default();
    for (o, options) in DugganOptions::all().into_iter().enumerate() {
        stats +=
            random_games_from_fens::<Duggan>(&STARTS, &options, 3, 80, 0x00D0_66A4 + o as u64 * 16)
                .unwrap_or_else(|e| panic!("options {options:?}: {e}"));
    }
    let (plies, finished) = (stats.plies, stats.finished_games);
    println!("{plies} plies, {finished} games ended by rule");
    assert!(plies > 8_000, "only {plies} plies checked");
    assert!(finished > 0, "no random game reached an end by rule");
}
