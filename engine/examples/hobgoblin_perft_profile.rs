//! Perft of Hobgoblin on one thread, for profiling the generator:
//! `cargo run --release -p grimoire-engine --example hobgoblin_perft_profile -- DEPTH [FEN]`.

use grimoire_engine::perft::perft;
use grimoire_engine::prelude::*;
use grimoire_engine::variants::hobgoblin::Hobgoblin;
use std::time::Instant;

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .map_or(2, |d| d.parse().expect("a depth"));
    let p = match std::env::args().nth(2).filter(|f| !f.is_empty()) {
        Some(fen) => <Hobgoblin as Fen>::from_fen(&fen, &Default::default()).expect("a FEN"),
        None => Hobgoblin::start(),
    };
    let started = Instant::now();
    let n = perft(&p, depth);
    println!("{n} in {:.3} s", started.elapsed().as_secs_f64());
}
