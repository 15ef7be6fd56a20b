//! Seeded random games in ArchMage Chess under each of the four option combinations (ARC-E1,
//! ARC-E2): incremental hash equals recomputed hash (hands included), copy-make leaves the
//! parent untouched, FEN and token round trips, and legal moves equal the reference
//! generator's pseudo-legal moves filtered by its play-and-look legality test.

use grimoire_engine::consistency::{random_games_from_fens, Stats};
use grimoire_engine::variants::archmage::{ArchMage, ArchMageOptions, START_FEN};

const STARTS: [&str; 5] = [
    START_FEN,
    "g2sqk3g/x1tfzif1bx/pp1p1pp1pp/2pbr1tm2/4P1M3/4UPD3/P2P1B1HP1/1PT3PP1P/X2FZI2TX/GR1SQK1U1G[Dh] w Q - 2 14",
    "5kr3/1PI6R/10/3a6/10/K9/5m4/6A3/2s1i2p2/10[DHdh] w - - 0 40",
    "5k4/10/3g3h2/10/4X5/10/2Z3a3/10/3D6/5K4[Hd] w - - 4 60",
    "4k5/2m2m1P1M/1S1sa5/5a4/10/10/10/3SAM1m2/4p1M3/4K5[DHdh] b - - 0 25",
];

#[test]
fn random_games_stay_consistent_under_every_option_combination() {
    let mut stats = Stats::default();
    for (o, options) in ArchMageOptions::all().into_iter().enumerate() {
        stats += random_games_from_fens::<ArchMage>(
            &STARTS,
            &options,
            2,
            60,
            0xA4C3_0000 + o as u64 * 16,
        )
        .unwrap_or_else(|e| panic!("options {options:?}: {e}"));
    }
    let (plies, finished) = (stats.plies, stats.finished_games);
    println!("{plies} plies, {finished} games ended by rule");
    assert!(plies > 2_000, "only {plies} plies checked");
    assert!(finished > 0, "no random game reached an end by rule");
}
