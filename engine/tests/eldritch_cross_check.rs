//! The fast Eldritch generator against the independent reference generator over seeded random
//! games from many armies (`variants::eldritch::cross_check`): the legal set at every position,
//! the depth-2 count at some.

use grimoire_engine::variants::eldritch::cross_check::{run, Config, Report};

fn assert_clean(report: &Report) {
    let listed: Vec<String> = report.mismatches.iter().map(|m| m.to_string()).collect();
    assert!(listed.is_empty(), "mismatches:\n{}", listed.join("\n"));
}

#[test]
fn random_games_agree_with_the_reference() {
    let report = run(&Config::new(24, 7));
    println!("{report:?}");
    assert_clean(&report);
    assert!(
        report.positions > 1_000,
        "only {} positions",
        report.positions
    );
    let f = &report.features;
    assert!(f.invokes > 0 && f.reactions > 0 && f.strips > 0, "{f:?}");
}

/// The large run (`cargo test --release -p grimoire-engine --test eldritch_cross_check --
/// --ignored`): thousands of games.
#[test]
#[ignore]
fn many_random_games_agree_with_the_reference() {
    let mut config = Config::new(2_000, 48);
    config.depth2_every = 8;
    let report = run(&config);
    println!("{report:?}");
    assert_clean(&report);
}
