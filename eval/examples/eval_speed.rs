//! Measures `ChessEval::evaluate` in nanoseconds per call over positions from seeded random games
//! (all phases): `cargo run --release -p grimoire-eval --example eval_speed`.
//! With `--show`, prints the score of each of a few test positions instead.

use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::prelude::*;
use grimoire_engine::variants::chess::Chess;
use grimoire_eval::ChessEval;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let t0 = Instant::now();
    let e = ChessEval::default();
    let build = t0.elapsed();
    if std::env::args().any(|a| a == "--show") {
        for fen in std::env::args().skip(1).filter(|a| a != "--show") {
            let p = Chess::from_fen(&fen, &()).expect("bad FEN");
            println!(
                "{:6} phase {:2}/{}  {}",
                e.evaluate(&p),
                e.phase(&p),
                e.phase_max(),
                fen
            );
        }
        return;
    }
    let mut positions = Vec::new();
    let mut seed = 0x1234_5678_9ABC_DEF1u64;
    while positions.len() < 4096 {
        let mut p = Chess::start_position(&());
        for _ in 0..160 {
            if p.terminal().is_some() {
                break;
            }
            positions.push(p.clone());
            let moves = p.legal_moves();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.play(moves[(seed % moves.len() as u64) as usize]);
        }
    }
    let rounds = 500;
    let mut sum = 0i64;
    // Warm-up.
    for p in &positions {
        sum += e.evaluate(black_box(p)) as i64;
    }
    let start = Instant::now();
    for _ in 0..rounds {
        for p in &positions {
            sum += e.evaluate(black_box(p)) as i64;
        }
    }
    let calls = rounds * positions.len();
    let ns = start.elapsed().as_nanos() as f64 / calls as f64;
    println!("building ChessEval from parameters: {build:?}");
    println!(
        "{} positions x {} rounds = {} calls: {:.1} ns per evaluate (checksum {})",
        positions.len(),
        rounds,
        calls,
        ns,
        sum
    );
}
