//! Preparing loaded samples for the fit: drop positions that are over or in check, resolve each
//! to the quiet leaf of a quiescence search (in parallel), merge duplicates, and split off a
//! seeded validation set.

use crate::data::Sample;
use crate::quiet::quiet_leaf;
use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::{MoveList, Rules};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::HashMap;

/// What preparation did with its input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrepareStats {
    pub input: usize,
    /// The game is over in the position (mate, stalemate, draw rules, variant rule).
    pub terminal: usize,
    /// The side to move is in check (or a chance step is pending): no static score is fair.
    pub in_check: usize,
    /// The quiescence leaf itself was over or in check.
    pub bad_leaf: usize,
    /// The leaf's side to move still has a tactical move that wins material by SEE (both sides
    /// have pieces hanging): dropped when [`Preparation::drop_tense`] is set.
    pub tense: usize,
    /// Leaves where the depth cap cut off pending captures (kept).
    pub capped: usize,
    /// Leaves equal (by hash) to an earlier one: merged into it, results averaged.
    pub duplicates: usize,
    /// Distinct quiet positions kept.
    pub quiet: usize,
}

enum Prepared<R> {
    Terminal,
    InCheck,
    BadLeaf,
    Tense,
    Leaf { sample: Sample<R>, capped: bool },
}

/// How positions are resolved.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Preparation {
    /// Depth cap of the quiescence search.
    pub max_depth: u32,
    /// Drop leaves where the side to move has a tactical move that `see_ge(mv, 1)` approves.
    pub drop_tense: bool,
}

impl Default for Preparation {
    fn default() -> Self {
        Preparation {
            max_depth: 8,
            drop_tense: true,
        }
    }
}

/// Whether the side to move has a tactical move that wins material by static exchange.
pub fn has_winning_tactic<R: Rules>(pos: &R) -> bool {
    let mut moves = MoveList::new();
    pos.generate_tactical(&mut moves);
    moves.iter().any(|&m| pos.see_ge(m, 1))
}

fn prepare_one<R: Rules, E: Evaluator<R>>(s: Sample<R>, eval: &E, how: Preparation) -> Prepared<R> {
    if s.pos.terminal().is_some() {
        return Prepared::Terminal;
    }
    if s.pos.in_check() || s.pos.is_chance_node() {
        return Prepared::InCheck;
    }
    let leaf = quiet_leaf(&s.pos, eval, how.max_depth);
    if leaf.pos.in_check() || leaf.pos.is_chance_node() || leaf.pos.terminal().is_some() {
        return Prepared::BadLeaf;
    }
    if how.drop_tense && has_winning_tactic(&leaf.pos) {
        return Prepared::Tense;
    }
    Prepared::Leaf {
        sample: Sample {
            pos: leaf.pos,
            result: s.result,
            score: s.score,
        },
        capped: leaf.capped,
    }
}

/// Filters and resolves `samples` with `eval` (quiescence as `how` says), then merges
/// leaves with equal hashes: one position per hash, its result (and score) the mean of the merged ones,
/// kept at its first occurrence. Deterministic for any thread count.
pub fn prepare<R: Rules, E: Evaluator<R>>(
    samples: Vec<Sample<R>>,
    eval: &E,
    how: Preparation,
) -> (Vec<Sample<R>>, PrepareStats) {
    let mut stats = PrepareStats {
        input: samples.len(),
        ..PrepareStats::default()
    };
    let prepared: Vec<Prepared<R>> = samples
        .into_par_iter()
        .map(|s| prepare_one(s, eval, how))
        .collect();
    let mut out: Vec<Sample<R>> = Vec::new();
    let mut counts: Vec<u32> = Vec::new();
    let mut index: HashMap<u64, usize> = HashMap::new();
    for p in prepared {
        match p {
            Prepared::Terminal => stats.terminal += 1,
            Prepared::InCheck => stats.in_check += 1,
            Prepared::BadLeaf => stats.bad_leaf += 1,
            Prepared::Tense => stats.tense += 1,
            Prepared::Leaf { sample, capped } => {
                stats.capped += capped as usize;
                match index.get(&sample.pos.hash()) {
                    Some(&i) => {
                        stats.duplicates += 1;
                        out[i].result += sample.result;
                        // A leaf keeps a score only if every merged sample had one.
                        out[i].score = out[i].score.zip(sample.score).map(|(a, b)| a + b);
                        counts[i] += 1;
                    }
                    None => {
                        index.insert(sample.pos.hash(), out.len());
                        out.push(sample);
                        counts.push(1);
                    }
                }
            }
        }
    }
    for (s, &n) in out.iter_mut().zip(&counts) {
        s.result /= n as f32;
        s.score = s.score.map(|v| v / n as f32);
    }
    stats.quiet = out.len();
    (out, stats)
}

/// Splits off `fraction` of the positions (rounded down) as a validation set, chosen by a seeded
/// shuffle. Returns `(train, validation)`.
pub fn split<T>(items: Vec<T>, fraction: f64, seed: u64) -> (Vec<T>, Vec<T>) {
    let n_valid = ((items.len() as f64) * fraction.clamp(0.0, 1.0)) as usize;
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.shuffle(&mut StdRng::seed_from_u64(seed));
    let mut is_valid = vec![false; items.len()];
    for &i in &order[..n_valid] {
        is_valid[i] = true;
    }
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (item, v) in items.into_iter().zip(is_valid) {
        if v {
            valid.push(item);
        } else {
            train.push(item);
        }
    }
    (train, valid)
}
