//! The random cross-check of Hobgoblin's generator against the independent model (issue 48):
//! `cargo run --release -p grimoire-engine --example hobgoblin_cross_check -- GAMES SEED [PLIES] [DEPTH2_MAX_TURNS] [CHANCE_EVERY]`.
//! Prints what it covered and the time, or the first difference (exit status 1).

use grimoire_engine::variants::hobgoblin::cross_check::{
    cross_check_starts, random_cross_check, CrossCheckPlan,
};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("numbers: GAMES SEED [PLIES] [DEPTH2_MAX_TURNS] [CHANCE_EVERY]")
        })
        .collect();
    let plan = CrossCheckPlan {
        games: args.first().copied().unwrap_or(100) as usize,
        seed: args.get(1).copied().unwrap_or(48),
        max_plies: args.get(2).copied().unwrap_or(50) as usize,
        depth2_max_turns: args.get(3).copied().unwrap_or(40) as usize,
        chance_every: args.get(4).copied().unwrap_or(10) as usize,
        forbid_unlink_enemy: false,
    };
    let started = Instant::now();
    match random_cross_check(&cross_check_starts(), &plan) {
        Ok(stats) => {
            println!("{plan:?}");
            println!("{stats:#?}");
            println!(
                "no missing or extra turn; {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
        Err(e) => {
            println!(
                "difference after {:.1} s:\n{e}",
                started.elapsed().as_secs_f64()
            );
            std::process::exit(1);
        }
    }
}
