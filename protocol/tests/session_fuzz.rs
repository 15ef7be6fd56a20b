//! The grammar-aware UCI session fuzzer (`grimoire_protocol::session_fuzz`) at a CI size, and
//! by hand at any size: `SESSIONS=20000 cargo test --release -p grimoire --test session_fuzz
//! -- --ignored --nocapture` (`docs/reliability.md`). Sessions are seeded, so a failure
//! reproduces with the seed it prints.

use grimoire_protocol::session_fuzz::{fuzz_session, SessionStats};
use grimoire_registry as registry;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Session `i` of a run: every variant in turn, then bytes from the seed.
fn session_bytes(i: u64) -> Vec<u8> {
    let mut rng = StdRng::seed_from_u64(0x5E55_1011 ^ i);
    let variants = registry::variant_names().len() as u64;
    let len = rng.gen_range(8..64);
    let mut bytes = vec![(i % variants) as u8];
    bytes.extend((0..len).map(|_| rng.gen::<u8>()));
    bytes
}

fn run(sessions: u64) -> SessionStats {
    let mut total = SessionStats::default();
    for i in 0..sessions {
        let bytes = session_bytes(i);
        let stats = std::panic::catch_unwind(|| fuzz_session(&bytes))
            .unwrap_or_else(|_| panic!("session {i} failed: bytes {bytes:?}"));
        total.add(stats);
    }
    total
}

#[test]
fn seeded_sessions_answer_every_search_legally_and_round_trip_every_d() {
    let sessions = 4 * registry::variant_names().len() as u64;
    let total = run(sessions);
    assert_eq!(total.sessions, sessions);
    // Every session ends with a checked search and a checked round trip at least.
    assert!(total.bestmoves >= sessions, "{total:?}");
    assert!(total.round_trips >= sessions, "{total:?}");
}

#[test]
#[ignore = "long run by hand: SESSIONS=<n>"]
fn long_seeded_sessions() {
    let sessions = std::env::var("SESSIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let started = std::time::Instant::now();
    let total = run(sessions);
    println!(
        "{} sessions, {} commands, {} bestmoves checked against go perft 1, {} d round trips, {:.0} s",
        total.sessions,
        total.commands,
        total.bestmoves,
        total.round_trips,
        started.elapsed().as_secs_f64()
    );
}
