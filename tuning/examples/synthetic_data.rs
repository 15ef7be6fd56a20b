//! Writes a synthetic chess data set for trying the tuner: positions of seeded random games,
//! labelled with results drawn from `sigmoid(K · q / 400)`, where `q` is the quiescence score
//! under the default parameters with `material_knight` raised by 80 and `material_rook` lowered
//! by 60 (the parameters a tuner run from the defaults should move toward).
//!
//! `cargo run --release -p grimoire-tuning --example synthetic_data -- <games> <out> [seed] [K]`

use grimoire_engine::variants::chess::Chess;
use grimoire_eval::{ChessEval, EvalParams};
use grimoire_tuning::synthetic::{label, random_game_positions, to_text};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let out = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "synthetic.txt".into());
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(7);
    let k: f64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1.0);

    let mut truth = EvalParams::chess();
    let (n_mg, n_eg) = truth.get("material_knight").unwrap();
    truth.set("material_knight", n_mg + 80, n_eg + 80).unwrap();
    let (r_mg, r_eg) = truth.get("material_rook").unwrap();
    truth.set("material_rook", r_mg - 60, r_eg - 60).unwrap();
    let truth = ChessEval::from_params(truth);

    let t = Instant::now();
    let positions = random_game_positions::<Chess>(games, 4, 80, seed);
    let samples = label(positions, &truth, k, 1, seed ^ 0x5eed);
    std::fs::write(&out, to_text(&samples)).expect("write the data file");
    println!(
        "{} positions from {games} random games written to {out} in {:.2} s",
        samples.len(),
        t.elapsed().as_secs_f64()
    );
}
