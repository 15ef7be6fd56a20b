//! The small soak for CI (reliability issue): every registered variant plays seeded random and
//! engine games to their end for a few seconds, with every action checked (hash against the
//! recomputed one, copy-make, token round trips, the result against an independent check).
//! The large run is `grimoire soak --seconds <n>` (`docs/reliability.md`).

use grimoire_engine::soak::SoakConfig;
use grimoire_protocol::reliability::{describe, soak_variant};
use grimoire_registry as registry;
use std::time::{Duration, Instant};

/// The CI size is a fixed number of games, so the test checks the same actions on every machine;
/// `GRIMOIRE_SOAK_SECONDS` turns it into a timed run of that many seconds per variant.
fn timed_seconds() -> Option<f64> {
    std::env::var("GRIMOIRE_SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
}

#[test]
fn every_variant_survives_a_seeded_soak() {
    for name in registry::variant_names() {
        let started = Instant::now();
        let timed = timed_seconds();
        let config = SoakConfig {
            games: if timed.is_some() { 10_000 } else { 4 },
            seed: 0x50A4,
            engine_every: 3,
            search_nodes: 1_500,
            deadline: timed.map(|s| started + Duration::from_secs_f64(s)),
            ..SoakConfig::default()
        };
        let stats = soak_variant(name, &config).unwrap_or_else(|e| panic!("{e}"));
        println!(
            "{}",
            describe(name, &stats, started.elapsed().as_secs_f64())
        );
        assert!(stats.games >= 3, "{name}: only {} games", stats.games);
        assert!(stats.engine_games >= 1, "{name}: no engine game");
        assert!(stats.plies > 100, "{name}: only {} plies", stats.plies);
        assert!(stats.finished_games >= 1, "{name}: no game reached its end");
    }
}

#[test]
fn the_soak_is_reproducible_from_its_seed() {
    for name in registry::variant_names() {
        let config = SoakConfig {
            games: 3,
            max_plies: 60,
            seed: 7,
            engine_every: 3,
            search_nodes: 500,
            ..SoakConfig::default()
        };
        let a = soak_variant(name, &config).unwrap_or_else(|e| panic!("{e}"));
        let b = soak_variant(name, &config).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a, b, "{name}");
    }
}

/// Eldritch's bench positions hold the part-2 invokers (Evokers, Giant, Miasma, Conjurer,
/// Portalkeeper, Shieldmaiden): a short soak from each, engine turns included.
#[test]
fn eldritch_soaks_from_its_invoker_positions() {
    let mut game = registry::create("eldritch").unwrap();
    let fens: Vec<String> = game.entry().bench.iter().map(|f| f.to_string()).collect();
    let mut plies = 0;
    for fen in fens.iter().filter(|f| f.contains("^E") || f.contains("^e")) {
        game.set_position(Some(fen), &[]).unwrap();
        let config = SoakConfig {
            games: 2,
            seed: 0xE1D2,
            engine_every: 2,
            search_nodes: 1_000,
            ..SoakConfig::default()
        };
        let stats = game.soak(&config).unwrap_or_else(|e| panic!("{fen}: {e}"));
        plies += stats.plies;
    }
    assert!(plies > 50, "only {plies} plies");
}
