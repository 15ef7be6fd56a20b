//! Prints start FENs of random legal stage-1 Eldritch armies, one per line, for
//! `grimoire selfplay --openings <file>`: even lines start from the default placement (ELD-060),
//! odd lines from the placement phase (ELD-051), so the games also search placements.
//!
//! With `mirror` both sides declare the same army, so a match between two evaluators is not
//! decided by the armies (`docs/tuning.md`, Eldritch).
//!
//! `cargo run --release -p grimoire-engine --example eldritch_openings -- <count> [seed] [mirror]`

use grimoire_engine::prelude::*;
use grimoire_engine::variants::eldritch::army::random_declaration;
use grimoire_engine::variants::eldritch::{Eldritch, EldritchOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let mirror = args.get(3).is_some_and(|a| a == "mirror");
    let options = EldritchOptions::default();
    for i in 0..count {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(i * 2);
        let black_seed = if mirror { s } else { s + 1 };
        let decls = [random_declaration(s, 4), random_declaration(black_seed, 4)];
        let pos = if i % 2 == 0 {
            Eldritch::default_placement(&decls, &options)
        } else {
            Eldritch::placement_start(&decls, &options)
        };
        println!("{}", pos.to_fen());
    }
}
