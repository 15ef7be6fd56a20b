//! Compares Eldritch's fast generator with its reference generator over seeded random games
//! (`variants::eldritch::cross_check`) and prints what was compared and any mismatch.
//!
//! `cargo run --release -p grimoire-engine --example eldritch_cross_check -- <games> [seed]`

use grimoire_engine::variants::eldritch::cross_check::{run, Config};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let config = Config::new(games, seed);
    let r = run(&config);
    println!(
        "games {} positions {} moves {} depth 1 everywhere, depth 2 at {} positions, plain fast path at {} (order checked too), {:.2} s, {} mismatches",
        r.games,
        r.positions,
        r.moves,
        r.depth2_positions,
        r.plain_positions,
        r.elapsed.as_secs_f64(),
        r.mismatches.len()
    );
    println!("features: {:?}", r.features);
    for m in &r.mismatches {
        println!("MISMATCH {m}");
    }
    if !r.mismatches.is_empty() {
        std::process::exit(1);
    }
}
