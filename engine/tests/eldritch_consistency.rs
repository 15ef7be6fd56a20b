//! Seeded random games of Eldritch Chess with random legal armies of every playable type, from the placement
//! phase and from the default placement (ELD-051, ELD-060): incremental hash equals recomputed
//! hash, copy-make leaves the parent untouched, FEN and token round trips, and legal moves equal
//! the reference generator's pseudo-legal moves filtered by its play-and-look legality test.

use grimoire_engine::consistency::{random_games, random_games_from_fens};
use grimoire_engine::variants::eldritch::army::random_declaration;
use grimoire_engine::variants::eldritch::catalogue::{piece_type, F_TOKEN, KINDS};
use grimoire_engine::variants::eldritch::{Eldritch, EldritchOptions};

#[test]
fn random_armies_from_default_placement_stay_consistent() {
    let options = EldritchOptions::default();
    let mut plies = 0;
    let mut finished = 0;
    let mut seen = 0u64;
    let missing_types = |seen: u64| -> Vec<&str> {
        (6..KINDS as u8)
            .filter(|&k| !piece_type(k).has(F_TOKEN) && seen & (1u64 << k) == 0)
            .map(|k| piece_type(k).name)
            .collect()
    };
    // At least 24 pairs of armies, and more until every playable type has played.
    for seed in 0..120u64 {
        if seed >= 24 && missing_types(seen).is_empty() {
            break;
        }
        let decls = [
            random_declaration(seed * 2 + 1, 4),
            random_declaration(seed * 2 + 2, 4),
        ];
        seen |= decls[0].types() | decls[1].types();
        let start = Eldritch::default_placement(&decls, &options);
        let stats = random_games(&start, &options, 2, 120, 0xE1D0 + seed)
            .unwrap_or_else(|e| panic!("armies {} / {}: {e}", decls[0].text(), decls[1].text()));
        plies += stats.plies;
        finished += stats.finished_games;
    }
    println!("{plies} plies, {finished} games ended");
    assert!(plies > 3_000, "only {plies} plies checked");
    let missing = missing_types(seen);
    assert!(
        missing.is_empty(),
        "playable types never in a random army: {missing:?}"
    );
}

/// The same checks from middle games and endings with every part-1 rule in play (Dragons,
/// Fiends, Enchanter, Gargoyle, Fireball, Shadowmancer, Abjurer, Ooze, Doppelganger, Vampire).
#[test]
fn middle_games_stay_consistent() {
    let options = EldritchOptions::default();
    let stats = random_games_from_fens::<Eldritch>(
        grimoire_engine::variants::eldritch::BENCH,
        &options,
        3,
        100,
        0xBE7C,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(stats.plies > 1_000, "only {} plies checked", stats.plies);
}

#[test]
fn random_armies_through_the_placement_phase_stay_consistent() {
    let options = EldritchOptions::default();
    let mut plies = 0;
    for seed in 0..8u64 {
        let decls = [
            random_declaration(seed * 7 + 3, 3),
            random_declaration(seed * 7 + 5, 3),
        ];
        let start = Eldritch::placement_start(&decls, &options);
        let stats = random_games(&start, &options, 1, 60, 0x51AC + seed)
            .unwrap_or_else(|e| panic!("armies {} / {}: {e}", decls[0].text(), decls[1].text()));
        plies += stats.plies;
    }
    assert!(plies > 300, "only {plies} plies checked");
}
