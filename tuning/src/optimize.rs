//! The fit itself: the win-probability model `sigmoid(K · eval / 400)`, its mean squared error
//! against game results, the 1-D fit of `K`, and Adam on the linearized evaluation.

use crate::linear::LinearModel;
use rayon::prelude::*;

/// The logistic function `1 / (1 + e^-x)`.
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of `sigmoid(k · eval / 400)` against `results` (0 for an empty set).
pub fn mse(evals: &[f64], results: &[f32], k: f64) -> f64 {
    assert_eq!(evals.len(), results.len());
    if evals.is_empty() {
        return 0.0;
    }
    let sum: f64 = evals
        .iter()
        .zip(results)
        .map(|(&e, &r)| {
            let d = sigmoid(k * e / 400.0) - r as f64;
            d * d
        })
        .sum();
    sum / evals.len() as f64
}

/// Golden-section search for the minimum of `f` on `[lo, hi]` (assumed unimodal), to within
/// `tol`.
pub fn golden_section(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64, tol: f64) -> f64 {
    let inv_phi = (5f64.sqrt() - 1.0) / 2.0;
    let mut a = hi - inv_phi * (hi - lo);
    let mut b = lo + inv_phi * (hi - lo);
    let (mut fa, mut fb) = (f(a), f(b));
    while hi - lo > tol {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - inv_phi * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + inv_phi * (hi - lo);
            fb = f(b);
        }
    }
    (lo + hi) / 2.0
}

/// The scale `K` in `[0.01, 10]` that minimizes the MSE of the evaluations.
pub fn fit_k(evals: &[f64], results: &[f32]) -> f64 {
    golden_section(|k| mse(evals, results, k), 0.01, 10.0, 1e-5)
}

/// Settings of the Adam optimizer.
#[derive(Clone, Debug)]
pub struct AdamConfig {
    /// Full-batch steps.
    pub epochs: usize,
    /// Initial step size in parameter units (centipawns); decays linearly to a tenth of it.
    pub learning_rate: f64,
    pub beta1: f64,
    pub beta2: f64,
    pub epsilon: f64,
    /// Call the progress callback every this many epochs (0: never).
    pub report_every: usize,
    /// Ridge penalty `l2 · Σ (θ − anchor)²` added to the MSE (per squared parameter unit): pulls
    /// directions the data do not determine back to the starting values. 0 turns it off.
    pub l2: f64,
}

impl Default for AdamConfig {
    fn default() -> Self {
        AdamConfig {
            epochs: 1000,
            learning_rate: 1.0,
            beta1: 0.9,
            beta2: 0.999,
            epsilon: 1e-8,
            report_every: 100,
            l2: 0.0,
        }
    }
}

/// The MSE of the linear model at `theta` and its gradient with respect to `theta`.
pub fn loss_and_gradient(
    model: &LinearModel,
    results: &[f32],
    k: f64,
    theta: &[f64],
) -> (f64, Vec<f64>) {
    let n = model.len();
    let vars = theta.len();
    if n == 0 {
        return (0.0, vec![0.0; vars]);
    }
    let (sum, mut grad) = (0..n)
        .into_par_iter()
        .with_min_len(2048)
        .fold(
            || (0.0f64, vec![0.0f64; vars]),
            |(mut sum, mut grad), i| {
                let s = sigmoid(k * model.predict(i, theta) / 400.0);
                let d = s - results[i] as f64;
                sum += d * d;
                // d/dθ (s − r)² = 2 (s − r) · s (1 − s) · K/400 · c
                let g = 2.0 * d * s * (1.0 - s) * k / 400.0;
                for (v, c) in model.row(i) {
                    grad[v] += g * c as f64;
                }
                (sum, grad)
            },
        )
        .reduce(
            || (0.0, vec![0.0; vars]),
            |(s1, mut g1), (s2, g2)| {
                for (a, b) in g1.iter_mut().zip(&g2) {
                    *a += b;
                }
                (s1 + s2, g1)
            },
        );
    for g in &mut grad {
        *g /= n as f64;
    }
    (sum / n as f64, grad)
}

/// Minimizes the linear model's MSE (plus the ridge penalty toward `anchor`) from `theta`, full
/// batch, with Adam. `progress(steps, mse)` is called with the MSE (without the penalty) after
/// 0, `report_every`, 2·`report_every`, … steps and after the last; returns the final variables.
pub fn adam(
    model: &LinearModel,
    results: &[f32],
    k: f64,
    mut theta: Vec<f64>,
    anchor: &[f64],
    cfg: &AdamConfig,
    progress: &mut dyn FnMut(usize, f64),
) -> Vec<f64> {
    let vars = theta.len();
    let mut m = vec![0.0; vars];
    let mut v = vec![0.0; vars];
    for epoch in 1..=cfg.epochs {
        let (loss, mut grad) = loss_and_gradient(model, results, k, &theta);
        if cfg.l2 > 0.0 {
            for ((g, t), a) in grad.iter_mut().zip(&theta).zip(anchor) {
                *g += 2.0 * cfg.l2 * (t - a);
            }
        }
        if cfg.report_every > 0 && (epoch - 1) % cfg.report_every == 0 {
            progress(epoch - 1, loss);
        }
        let t = epoch as f64;
        let lr = cfg.learning_rate * (1.0 - 0.9 * (epoch - 1) as f64 / cfg.epochs as f64);
        let (c1, c2) = (1.0 - cfg.beta1.powf(t), 1.0 - cfg.beta2.powf(t));
        for j in 0..vars {
            m[j] = cfg.beta1 * m[j] + (1.0 - cfg.beta1) * grad[j];
            v[j] = cfg.beta2 * v[j] + (1.0 - cfg.beta2) * grad[j] * grad[j];
            theta[j] -= lr * (m[j] / c1) / ((v[j] / c2).sqrt() + cfg.epsilon);
        }
    }
    if cfg.report_every > 0 {
        progress(cfg.epochs, loss_and_gradient(model, results, k, &theta).0);
    }
    theta
}
