//! Synthetic data for tests and trials: positions from seeded random games, labelled with
//! results drawn from a known "truth" evaluator, so a tuner run can be checked against the
//! parameters that generated the labels.

use crate::data::Sample;
use crate::optimize::sigmoid;
use crate::quiet::quiet_leaf;
use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::{Color, Rules};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

/// Positions of `games` random games from the start position: every position from ply
/// `skip_plies` to ply `max_plies`, until the game ends.
pub fn random_game_positions<R: Rules>(
    games: usize,
    skip_plies: usize,
    max_plies: usize,
    seed: u64,
) -> Vec<R> {
    let options = R::Options::default();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = R::start_position(&options);
        for ply in 0..=max_plies {
            if pos.terminal().is_some() {
                break;
            }
            if ply >= skip_plies {
                out.push(pos.clone());
            }
            let moves = pos.legal_moves();
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            pos.play(mv);
        }
    }
    out
}

/// The probability that White wins a position, by the model `sigmoid(k · q / 400)` where `q`
/// is White's quiescence score under `truth` (`None` for a position in check or over).
pub fn win_probability<R: Rules, E: Evaluator<R>>(pos: &R, truth: &E, k: f64) -> Option<f64> {
    if pos.in_check() || pos.terminal().is_some() {
        return None;
    }
    let leaf = quiet_leaf(pos, truth, 8);
    let sign = if pos.side_to_move() == Color::White {
        1
    } else {
        -1
    };
    Some(sigmoid(k * (sign * leaf.score) as f64 / 400.0))
}

/// Labels positions with results drawn from [`win_probability`]: each position's result is the
/// mean of `games` draws of 1 (with that probability) or 0, as if it had been reached in that
/// many games. Positions in check or over get fair coins. Deterministic for a seed.
pub fn label<R: Rules, E: Evaluator<R>>(
    positions: Vec<R>,
    truth: &E,
    k: f64,
    games: usize,
    seed: u64,
) -> Vec<Sample<R>> {
    assert!(games > 0, "a result needs at least one game");
    let probabilities: Vec<f64> = positions
        .par_iter()
        .map(|p| win_probability(p, truth, k).unwrap_or(0.5))
        .collect();
    let mut rng = StdRng::seed_from_u64(seed);
    positions
        .into_iter()
        .zip(probabilities)
        .map(|(pos, p)| {
            let wins = (0..games)
                .filter(|_| rng.gen_bool(p.clamp(0.0, 1.0)))
                .count();
            Sample {
                pos,
                result: wins as f32 / games as f32,
                score: None,
            }
        })
        .collect()
}

/// The `<FEN> | <result>` text of samples (the tuner's input format).
pub fn to_text<R: Rules>(samples: &[Sample<R>]) -> String {
    let mut out = String::new();
    for s in samples {
        out.push_str(&s.pos.to_fen());
        out.push_str(" | ");
        out.push_str(&s.result.to_string());
        out.push('\n');
    }
    out
}
