//! The linearized evaluation. Every tapered parameter enters the evaluation linearly (up to
//! integer rounding), so around a parameter vector `θ0`
//!
//! ```text
//! eval_white(pos, θ) ≈ eval_white(pos, θ0) + Σ_j c_j(pos) · (θ_j − θ0_j)
//! ```
//!
//! The coefficients `c_j(pos)` are measured once on the real evaluator by a finite difference:
//! slot `j` raised by `delta`, the evaluator rebuilt with [`TunableEval::from_params`], the change
//! of every position's evaluation divided by `delta`. Most are zero (a position has no rooks, a
//! term does not fire), so they are stored sparse, one row per position.

use crate::data::Sample;
use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::{Color, Rules};
use grimoire_eval::{EvalParams, TunableEval};
use rayon::prelude::*;

/// The static evaluation from White's point of view.
#[inline]
pub fn eval_white<R: Rules, E: Evaluator<R>>(eval: &E, pos: &R) -> i32 {
    let score = eval.evaluate(pos);
    if pos.side_to_move() == Color::White {
        score
    } else {
        -score
    }
}

/// White's evaluation of every sample, in parallel.
pub fn evaluate_all<R: Rules, E: Evaluator<R>>(eval: &E, samples: &[Sample<R>]) -> Vec<i32> {
    samples
        .par_iter()
        .map(|s| eval_white(eval, &s.pos))
        .collect()
}

/// The evaluations of a set of positions as a linear function of some parameter slots.
#[derive(Clone, Debug)]
pub struct LinearModel {
    /// The parameter slots that are variables, in order; variable `k` is slot `slots[k]`.
    pub slots: Vec<usize>,
    /// The variables' values at the linearization point.
    pub theta0: Vec<f64>,
    /// White's evaluation of each position at the linearization point.
    pub base: Vec<f32>,
    /// Row `i` (position `i`) holds entries `row_start[i]..row_start[i + 1]`.
    pub row_start: Vec<usize>,
    /// Variable index of each entry.
    pub var: Vec<u16>,
    /// Coefficient of each entry (centipawns per unit of the parameter).
    pub coef: Vec<f32>,
}

impl LinearModel {
    /// Linearizes `E` built from `params` over `samples`, with the given slots as variables and
    /// finite-difference step `delta`. Parallel over the slots.
    pub fn build<R: Rules, E: TunableEval<R>>(
        params: &EvalParams,
        samples: &[Sample<R>],
        slots: &[usize],
        delta: i32,
    ) -> Result<LinearModel, String> {
        assert!(delta != 0, "finite-difference step must not be zero");
        assert!(slots.len() <= u16::MAX as usize, "too many variables");
        let base_eval = E::from_params(params.clone())?;
        let base = evaluate_all(&base_eval, samples);
        let columns: Vec<Vec<(u32, f32)>> = slots
            .par_iter()
            .map(|&slot| {
                let mut p = params.clone();
                p.as_mut_slice()[slot] += delta;
                let eval = E::from_params(p)?;
                Ok(samples
                    .iter()
                    .zip(&base)
                    .enumerate()
                    .filter_map(|(i, (s, &b))| {
                        let d = eval_white(&eval, &s.pos) - b;
                        (d != 0).then(|| (i as u32, d as f32 / delta as f32))
                    })
                    .collect())
            })
            .collect::<Result<_, String>>()?;

        // Columns to rows (compressed sparse rows).
        let mut row_start = vec![0usize; samples.len() + 1];
        for col in &columns {
            for &(i, _) in col {
                row_start[i as usize + 1] += 1;
            }
        }
        for i in 0..samples.len() {
            row_start[i + 1] += row_start[i];
        }
        let nnz = row_start[samples.len()];
        let mut fill = row_start.clone();
        let mut var = vec![0u16; nnz];
        let mut coef = vec![0f32; nnz];
        for (k, col) in columns.iter().enumerate() {
            for &(i, c) in col {
                let at = &mut fill[i as usize];
                var[*at] = k as u16;
                coef[*at] = c;
                *at += 1;
            }
        }
        Ok(LinearModel {
            slots: slots.to_vec(),
            theta0: slots.iter().map(|&s| params.as_slice()[s] as f64).collect(),
            base: base.iter().map(|&b| b as f32).collect(),
            row_start,
            var,
            coef,
        })
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.base.len()
    }

    pub fn is_empty(&self) -> bool {
        self.base.is_empty()
    }

    /// Number of stored (non-zero) coefficients.
    pub fn nonzeros(&self) -> usize {
        self.coef.len()
    }

    /// The entries of position `i`: `(variable, coefficient)`.
    pub fn row(&self, i: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        let r = self.row_start[i]..self.row_start[i + 1];
        self.var[r.clone()]
            .iter()
            .zip(&self.coef[r])
            .map(|(&k, &c)| (k as usize, c))
    }

    /// The coefficient of parameter slot `slot` in position `i` (zero if it is not a variable or
    /// does not affect the position).
    pub fn coefficient(&self, i: usize, slot: usize) -> f32 {
        self.row(i)
            .find(|&(k, _)| self.slots[k] == slot)
            .map_or(0.0, |(_, c)| c)
    }

    /// The model's evaluation of position `i` for variables `theta`.
    #[inline]
    pub fn predict(&self, i: usize, theta: &[f64]) -> f64 {
        self.base[i] as f64
            + self
                .row(i)
                .map(|(k, c)| c as f64 * (theta[k] - self.theta0[k]))
                .sum::<f64>()
    }
}
