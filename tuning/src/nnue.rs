//! Training the chess network (`grimoire_eval::chess::nnue`, `docs/tuning.md`, Network).
//!
//! Positions are resolved to quiet leaves like the linear tuner's (`prepare`), each becomes
//! both perspectives' active features and a target, the mover's expected score: the label's
//! result blended with `sigmoid(K · score / 400)` of its search score where it has one. The
//! network's float output is a logit; the loss is the mean squared error of its sigmoid against
//! the target. Mini-batch Adam, gradients summed over the batch in parallel (rayon), weights
//! clipped to what the quantised file can hold after every step.

use crate::data::Sample;
use crate::optimize::sigmoid;
use grimoire_engine::prelude::*;
use grimoire_engine::variants::chess::Chess;
use grimoire_eval::chess::nnue::{self, output_layer, Network, HIDDEN, INPUTS, WEIGHT_CLIP};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

/// Most pieces a chess position has (and so features per perspective).
const MAX_FEATURES: usize = 32;

/// One training position: the mover's features first, the other side's second.
#[derive(Clone)]
pub struct TrainSample {
    us: [u16; MAX_FEATURES],
    them: [u16; MAX_FEATURES],
    count: u8,
    /// The mover's expected score.
    target: f32,
    /// A logit the network's output is added to (the terms' evaluation, for a residual
    /// network; else 0).
    base: f32,
}

impl TrainSample {
    /// Features and target of a chess position labelled from White's view: `result` is
    /// White's expected score, `score` a search's centipawns for White (blended with weight
    /// `score_weight` through `sigmoid(k · score / 400)`). `None` with more than 32 pieces.
    pub fn new(
        pos: &Chess,
        result: f32,
        score: Option<f32>,
        k: f64,
        score_weight: f32,
    ) -> Option<Self> {
        let white_target = match score {
            Some(cp) => {
                let from_score = sigmoid(k * cp as f64 / 400.0) as f32;
                score_weight * from_score + (1.0 - score_weight) * result
            }
            None => result,
        };
        let mut s = TrainSample {
            us: [0; MAX_FEATURES],
            them: [0; MAX_FEATURES],
            count: 0,
            target: white_target,
            base: 0.0,
        };
        let black = pos.side_to_move() == Color::Black;
        for (i, (w, b)) in nnue::features(pos.board()).enumerate() {
            if i == MAX_FEATURES {
                return None;
            }
            let (us, them) = if black { (b, w) } else { (w, b) };
            s.us[i] = us as u16;
            s.them[i] = them as u16;
            s.count += 1;
        }
        if black {
            s.target = 1.0 - white_target;
        }
        Some(s)
    }

    /// Whether the position may be file-mirrored (no castling rights left).
    pub fn mirrorable(pos: &Chess) -> bool {
        pos.castling() == 0
    }

    /// From a tuning sample (see [`TrainSample::new`]).
    pub fn from_sample(s: &Sample<Chess>, k: f64, score_weight: f32) -> Option<Self> {
        Self::new(&s.pos, s.result, s.score, k, score_weight)
    }

    /// The same position with files reversed (a to h): chess scores it alike where no one can
    /// castle. Doubles the training data where that holds.
    pub fn file_mirror(&self) -> TrainSample {
        let mut m = self.clone();
        // A feature's lowest three bits are its square's file.
        m.us.iter_mut()
            .chain(m.them.iter_mut())
            .for_each(|f| *f ^= 7);
        m
    }

    /// The logit the network's output is added to.
    pub fn base(&self) -> f32 {
        self.base
    }

    /// Sets the logit the network's output is added to.
    pub fn set_base(&mut self, base: f32) {
        self.base = base;
    }

    /// The mover's expected score.
    pub fn target(&self) -> f32 {
        self.target
    }

    /// The mover's active features.
    pub fn us(&self) -> &[u16] {
        &self.us[..self.count as usize]
    }

    /// The other side's active features.
    pub fn them(&self) -> &[u16] {
        &self.them[..self.count as usize]
    }
}

/// Float weights in one vector, in the layout `Network::quantise` takes: `w1` feature-major,
/// then `b1`, then per output bucket `w2` (the mover's half, then the other's), then the
/// buckets' `b2`.
#[derive(Clone)]
pub struct FloatNet {
    data: Vec<f32>,
    /// Output layers, chosen by piece count: 1 or `nnue::BUCKETS`.
    buckets: usize,
}

const B1: usize = INPUTS * HIDDEN;
const W2: usize = B1 + HIDDEN;

impl FloatNet {
    /// Where the output biases start.
    fn b2(&self) -> usize {
        W2 + self.buckets * 2 * HIDDEN
    }

    /// The output layer of a sample: its weights' start and its bias's index.
    fn output_of(&self, s: &TrainSample) -> (usize, usize) {
        let bucket = output_layer(self.buckets, s.count as usize);
        (W2 + bucket * 2 * HIDDEN, self.b2() + bucket)
    }

    fn zeros(buckets: usize) -> FloatNet {
        FloatNet {
            data: vec![0.0; W2 + buckets * (2 * HIDDEN + 1)],
            buckets,
        }
    }

    /// Small random weights (seeded), biases that put most neurons inside their active range;
    /// output weights times `output_scale`; `buckets` output layers (1 or `nnue::BUCKETS`).
    pub fn random(seed: u64, output_scale: f32, buckets: usize) -> FloatNet {
        assert!(buckets == 1 || buckets == nnue::BUCKETS);
        let mut rng = StdRng::seed_from_u64(seed);
        let mut net = FloatNet::zeros(buckets);
        let out = output_scale / (HIDDEN as f32).sqrt();
        let b2 = net.b2();
        for (i, w) in net.data.iter_mut().enumerate() {
            *w = match i {
                _ if i < B1 => rng.gen_range(-0.1..0.1),
                _ if i < W2 => rng.gen_range(0.1..0.4),
                _ if i < b2 => rng.gen_range(-out..out),
                _ => 0.0,
            };
        }
        net
    }

    /// The float weights a quantised network rounds: training resumes from a network file.
    pub fn from_network(net: &Network) -> FloatNet {
        let [w1, b1, w2, b2] = net.dequantise();
        let mut data = w1;
        data.extend(b1.into_iter().chain(w2).chain(b2));
        FloatNet {
            data,
            buckets: net.buckets(),
        }
    }

    fn row(&self, feature: u16) -> &[f32] {
        let f = feature as usize * HIDDEN;
        &self.data[f..f + HIDDEN]
    }

    fn accumulate(&self, features: &[u16], acc: &mut [f32; HIDDEN]) {
        acc.copy_from_slice(&self.data[B1..W2]);
        for &f in features {
            acc.iter_mut().zip(self.row(f)).for_each(|(a, w)| *a += w);
        }
    }

    /// The output logit of a sample.
    pub fn forward(&self, s: &TrainSample) -> f32 {
        let (mut us, mut them) = ([0.0f32; HIDDEN], [0.0f32; HIDDEN]);
        self.accumulate(s.us(), &mut us);
        self.accumulate(s.them(), &mut them);
        let half = |acc: &[f32; HIDDEN], w: &[f32]| -> f32 {
            acc.iter()
                .zip(w)
                .map(|(a, w)| {
                    let c = a.clamp(0.0, 1.0);
                    c * c * w
                })
                .sum()
        };
        let (w2, b2) = self.output_of(s);
        let w2 = &self.data[w2..w2 + 2 * HIDDEN];
        half(&us, &w2[..HIDDEN]) + half(&them, &w2[HIDDEN..]) + self.data[b2] + s.base
    }

    /// Adds the gradient of one sample's squared error to `grad`; returns the error.
    fn backward(&self, s: &TrainSample, grad: &mut FloatNet) -> f32 {
        let (mut us, mut them) = ([0.0f32; HIDDEN], [0.0f32; HIDDEN]);
        self.accumulate(s.us(), &mut us);
        self.accumulate(s.them(), &mut them);
        let (w2_at, b2) = self.output_of(s);
        let w2 = &self.data[w2_at..w2_at + 2 * HIDDEN];
        let mut out = self.data[b2] + s.base;
        for h in 0..HIDDEN {
            let (a, b) = (us[h].clamp(0.0, 1.0), them[h].clamp(0.0, 1.0));
            out += a * a * w2[h] + b * b * w2[HIDDEN + h];
        }
        let p = 1.0 / (1.0 + (-out).exp());
        let err = p - s.target;
        let g = 2.0 * err * p * (1.0 - p);
        grad.data[b2] += g;
        let (mut d_us, mut d_them) = ([0.0f32; HIDDEN], [0.0f32; HIDDEN]);
        let gw2 = &mut grad.data[w2_at..w2_at + 2 * HIDDEN];
        for h in 0..HIDDEN {
            let (a, b) = (us[h], them[h]);
            let (ca, cb) = (a.clamp(0.0, 1.0), b.clamp(0.0, 1.0));
            gw2[h] += g * ca * ca;
            gw2[HIDDEN + h] += g * cb * cb;
            // The squared clipped ReLU passes a gradient only inside (0, 1).
            if a > 0.0 && a < 1.0 {
                d_us[h] = g * w2[h] * 2.0 * a;
            }
            if b > 0.0 && b < 1.0 {
                d_them[h] = g * w2[HIDDEN + h] * 2.0 * b;
            }
        }
        for (gb, (u, t)) in grad.data[B1..W2].iter_mut().zip(d_us.iter().zip(&d_them)) {
            *gb += u + t;
        }
        for (features, d) in [(s.us(), &d_us), (s.them(), &d_them)] {
            for &f in features {
                let f = f as usize * HIDDEN;
                let row = &mut grad.data[f..f + HIDDEN];
                row.iter_mut().zip(d.iter()).for_each(|(r, d)| *r += d);
            }
        }
        err * err
    }

    fn add(&mut self, other: &FloatNet) {
        self.data
            .iter_mut()
            .zip(&other.data)
            .for_each(|(a, b)| *a += b);
    }

    /// The quantised network.
    pub fn quantise(&self, residual: bool) -> Network {
        let (d, b2) = (&self.data, self.b2());
        Network::quantise(&d[..B1], &d[B1..W2], &d[W2..b2], &d[b2..], residual)
    }
}

/// Mean squared error of the network's expected score over `samples`.
pub fn loss(net: &FloatNet, samples: &[TrainSample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .par_iter()
        .map(|s| {
            let p = sigmoid(net.forward(s) as f64);
            (p - s.target as f64).powi(2)
        })
        .sum();
    total / samples.len() as f64
}

/// Training settings.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub epochs: usize,
    pub batch: usize,
    pub learning_rate: f32,
    /// The step size is multiplied by this at 60% and again at 85% of the epochs.
    pub decay: f32,
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 30,
            batch: 16_384,
            learning_rate: 0.001,
            decay: 0.3,
            seed: 1,
        }
    }
}

/// Trains from `start` on `train`; `report(epoch, train loss, net)` after each epoch.
pub fn train(
    start: FloatNet,
    mut train: Vec<TrainSample>,
    config: &TrainConfig,
    mut report: impl FnMut(usize, f64, &FloatNet),
) -> FloatNet {
    let mut net = start;
    let buckets = net.buckets;
    let (mut m, mut v) = (FloatNet::zeros(buckets), FloatNet::zeros(buckets));
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut step = 0i32;
    let chunk = 1024;
    for epoch in 1..=config.epochs {
        let progress = epoch as f32 / config.epochs as f32;
        let lr = config.learning_rate
            * if progress > 0.85 {
                config.decay * config.decay
            } else if progress > 0.6 {
                config.decay
            } else {
                1.0
            };
        train.shuffle(&mut rng);
        let mut epoch_error = 0.0f64;
        for batch in train.chunks(config.batch) {
            let (grad, error) = batch
                .par_chunks(chunk)
                .map(|part| {
                    let mut g = FloatNet::zeros(buckets);
                    let e: f32 = part.iter().map(|s| net.backward(s, &mut g)).sum();
                    (g, e as f64)
                })
                .reduce(
                    || (FloatNet::zeros(buckets), 0.0),
                    |(mut a, ea), (b, eb)| {
                        a.add(&b);
                        (a, ea + eb)
                    },
                );
            epoch_error += error;
            step += 1;
            let scale = 1.0 / batch.len() as f32;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            let moments = m.data.iter_mut().zip(v.data.iter_mut());
            for ((w, g), (m, v)) in net.data.iter_mut().zip(&grad.data).zip(moments) {
                let g = g * scale;
                *m = beta1 * *m + (1.0 - beta1) * g;
                *v = beta2 * *v + (1.0 - beta2) * g * g;
                *w -= lr * (*m / c1) / ((*v / c2).sqrt() + eps);
                *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
            }
        }
        report(epoch, epoch_error / train.len().max(1) as f64, &net);
    }
    net
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(fen: &str, result: f32) -> TrainSample {
        let pos = Chess::from_fen(fen, &Default::default()).unwrap();
        TrainSample::new(&pos, result, None, 4.2, 0.0).unwrap()
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        for buckets in [1, nnue::BUCKETS] {
            gradient_matches_finite_differences(buckets);
        }
    }

    fn gradient_matches_finite_differences(buckets: usize) {
        let net = FloatNet::random(3, 1.0, buckets);
        let s = sample(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3",
            0.8,
        );
        let mut grad = FloatNet::zeros(buckets);
        net.backward(&s, &mut grad);
        let err = |n: &FloatNet| {
            let p = 1.0 / (1.0 + (-(n.forward(&s) as f64)).exp());
            (p - s.target as f64).powi(2)
        };
        let f = s.us[0] as usize * HIDDEN;
        let (w2, b2) = net.output_of(&s);
        // 32 pieces: the last bucket's output layer where there are buckets.
        assert_eq!(b2 - net.b2(), buckets - 1);
        for index in [f + 5, f + 77, w2 + 3, w2 + HIDDEN + 9, B1 + 11, b2] {
            let h = 1e-3f32;
            let (mut plus, mut minus) = (net.clone(), net.clone());
            plus.data[index] += h;
            minus.data[index] -= h;
            let numeric = (err(&plus) - err(&minus)) / (2.0 * h as f64);
            let analytic = grad.data[index] as f64;
            assert!(
                (numeric - analytic).abs() < 1e-5 + 0.02 * analytic.abs(),
                "weight {index}: numeric {numeric}, analytic {analytic}"
            );
        }
    }

    /// The file's integer network computes what the float one does, to about a centipawn.
    #[test]
    fn the_quantised_network_agrees_with_the_float_one() {
        for buckets in [1, nnue::BUCKETS] {
            quantised_agrees_with_float(buckets);
        }
    }

    fn quantised_agrees_with_float(buckets: usize) {
        // Output weights large enough that every position below scores well away from zero
        // (the random output shrinks with the square root of the width).
        let mut net = FloatNet::random(5, 5.0, buckets);
        // Output biases that differ by bucket.
        let b2 = net.b2();
        for (i, b) in net.data[b2..].iter_mut().enumerate() {
            *b = 0.02 * (i as f32 + 1.0);
        }
        let q = net.quantise(false);
        assert_eq!(q.buckets(), buckets);
        for (fen, result) in [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                0.5,
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
                0.5,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0.5),
        ] {
            let s = sample(fen, result);
            let float = net.forward(&s) * nnue::SCALE as f32;
            let int = q.evaluate_sample(s.us(), s.them()) as f32;
            assert!(float.abs() > 5.0, "{fen}: {float}");
            assert!(
                (float - int).abs() < 3.0,
                "{fen}: float {float}, quantised {int}"
            );
        }
    }

    #[test]
    fn a_network_resumed_from_its_file_evaluates_as_the_file_does() {
        let s = sample(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            1.0,
        );
        for buckets in [1, nnue::BUCKETS] {
            let file = FloatNet::random(5, 3.0, buckets).quantise(false);
            let resumed = FloatNet::from_network(&file);
            assert_eq!(resumed.buckets, buckets);
            assert!(resumed.quantise(false) == file);
            let float_cp = resumed.forward(&s) * nnue::SCALE as f32;
            let file_cp = file.evaluate_sample(s.us(), s.them()) as f32;
            assert!(file_cp.abs() > 5.0, "{file_cp}");
            assert!((float_cp - file_cp).abs() < 3.0, "{float_cp} vs {file_cp}");
        }
    }

    #[test]
    fn a_file_mirror_is_the_mirrored_position() {
        let a = sample("4k3/8/8/3n4/8/8/1P6/4K2R w - - 0 1", 0.6);
        let b = sample("3k4/8/8/4n3/8/8/6P1/R2K4 w - - 0 1", 0.6);
        let sorted = |s: &TrainSample| {
            let (mut u, mut t) = (s.us().to_vec(), s.them().to_vec());
            u.sort();
            t.sort();
            (u, t)
        };
        assert_eq!(sorted(&a.file_mirror()), sorted(&b));
        assert_ne!(sorted(&a), sorted(&b));
    }

    #[test]
    fn the_target_is_the_movers() {
        let white = sample("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 0.9);
        let black = sample("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", 0.9);
        assert!((white.target - 0.9).abs() < 1e-6);
        assert!((black.target - 0.1).abs() < 1e-6);
        assert_eq!(white.us(), black.them());
    }
}
