//! Match statistics: score, Elo difference with a 95% interval, the pentanomial model of
//! colour-swapped game pairs, and the sequential probability ratio test (SPRT) that decides "is
//! the first engine better by elo1 or by at most elo0?".
//!
//! Two models of the same games:
//! - the trinomial: every game on its own, a result of 1, ½ or 0 (W/D/L);
//! - the pentanomial: games come in pairs on one opening with colours swapped, and a pair
//!   scores 0, ½, 1, 1½ or 2 (LL, LD, DD or WL, WD, WW), as fastchess and fishtest count them.
//!   A pair is the independent unit, so the opening's bias cancels inside it and the variance
//!   is estimated honestly.
//!
//! Both estimate the mean score `s` per game and its standard error from the sample variance
//! of their unit (game or pair). The interval is taken in score space, `s ± 1.96·σ/√n`, and
//! converted to Elo. At or near a 0% or 100% score that would be infinite, so the score and
//! both bounds are clamped into `[1/(2N), 1 − 1/(2N)]` (N games: as if half a game had gone the
//! other way), which bounds every Elo figure by `±400·log10(2N − 1)`; and when every unit had
//! the same result (zero sample variance) the interval is Wilson's score interval instead of
//! a zero-width one.

use std::fmt;

/// The two-sided 95% normal quantile.
const Z95: f64 = 1.959964;

/// Wins, draws and losses from the first engine's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// Game pairs by the first engine's pair score: `counts[k]` pairs scored `k/2` points
/// (LL, LD, DD or WL, WD, WW), fastchess's `Ptnml(0-2)`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
}

/// An Elo difference with its 95% confidence interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
    /// The estimate or a bound was clamped at `1/(2N)` or `1 − 1/(2N)`, or the interval is
    /// Wilson's: the interval is then printed as its two ends, not as `±`.
    pub bounded: bool,
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // No "-0.0" for an even score.
        let tidy = |x: f64| if x.abs() < 0.05 { 0.0 } else { x };
        let (elo, low, high) = (tidy(self.elo), tidy(self.low), tidy(self.high));
        let margin = (high - low) / 2.0;
        if !self.bounded && elo.is_finite() && margin.is_finite() {
            write!(f, "{elo:+.1} ± {margin:.1}")
        } else {
            write!(f, "{elo:+.1}, interval {low:+.1} to {high:+.1}")
        }
    }
}

/// The Elo difference that a score fraction (0..=1) means under the logistic model (infinite
/// at 0 and 1: callers clamp first).
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Mean and variance of values `xs` seen `counts` times (weights may be fractional).
fn mean_and_variance(xs: &[f64], counts: &[f64]) -> (f64, f64) {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return (0.5, 0.0);
    }
    let mean = xs.iter().zip(counts).map(|(x, c)| x * c).sum::<f64>() / n;
    let var = xs
        .iter()
        .zip(counts)
        .map(|(x, c)| c * (x - mean).powi(2))
        .sum::<f64>()
        / n;
    (mean, var)
}

/// The 95% interval of a mean score `s` over `units` independent units (games or pairs) whose
/// per-unit variance is `variance`, in score space: the normal approximation, or Wilson's
/// interval when the sample variance is zero (all units alike).
fn score_interval(s: f64, variance: f64, units: f64) -> (f64, f64, bool) {
    if units <= 0.0 {
        return (0.0, 1.0, true);
    }
    if variance > 1e-12 {
        let margin = Z95 * (variance / units).sqrt();
        return (s - margin, s + margin, false);
    }
    let z2 = Z95 * Z95;
    let centre = (s + z2 / (2.0 * units)) / (1.0 + z2 / units);
    let half =
        Z95 / (1.0 + z2 / units) * (s * (1.0 - s) / units + z2 / (4.0 * units * units)).sqrt();
    (centre - half, centre + half, true)
}

/// Turns a score and its interval into Elo, every figure clamped into `[1/(2N), 1 − 1/(2N)]`
/// for `games` games.
fn estimate(s: f64, (low, high, wilson): (f64, f64, bool), games: f64) -> EloEstimate {
    let floor = if games > 0.0 { 0.5 / games } else { 0.5 };
    let clamp = |x: f64| x.clamp(floor, 1.0 - floor);
    let clamped = [s, low, high].iter().any(|&x| clamp(x) != x);
    EloEstimate {
        elo: elo_of_score(clamp(s)),
        low: elo_of_score(clamp(low)),
        high: elo_of_score(clamp(high)),
        bounded: clamped || wilson,
    }
}

/// The generalized SPRT's log-likelihood ratio of H1 (elo = elo1) against H0 (elo = elo0) for
/// `units` units of mean score `s` and per-unit variance `variance` (the logistic
/// approximation used by engine testing frameworks): `n·(s1 − s0)·(2s − s0 − s1) / (2σ²)`.
fn gsprt_llr(units: f64, s: f64, variance: f64, elo0: f64, elo1: f64) -> f64 {
    if units <= 0.0 || variance <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
    units * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance)
}

/// Anything an SPRT can be run on.
pub trait LogLikelihood {
    /// The LLR of H1 (elo = elo1) against H0 (elo = elo0).
    fn llr(&self, elo0: f64, elo1: f64) -> f64;
}

/// Per-game results, trinomial: 1, ½, 0.
const GAME_POINTS: [f64; 3] = [1.0, 0.5, 0.0];
/// Per-game mean of a pair scoring 0, ½, 1, 1½, 2.
const PAIR_POINTS: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn add(&mut self, points_for_first: f64) {
        if points_for_first > 0.75 {
            self.wins += 1;
        } else if points_for_first < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    fn counts(&self) -> [f64; 3] {
        [self.wins as f64, self.draws as f64, self.losses as f64]
    }

    /// The first engine's mean points per game.
    pub fn score(&self) -> f64 {
        mean_and_variance(&GAME_POINTS, &self.counts()).0
    }

    /// The variance of one game's points (a trinomial: 1, ½, 0).
    fn variance_per_game(&self) -> f64 {
        mean_and_variance(&GAME_POINTS, &self.counts()).1
    }

    /// Elo difference with a 95% interval from the normal approximation of the mean score
    /// (Wilson's interval when every game had the same result), bounded as the module says.
    pub fn elo(&self) -> EloEstimate {
        let n = self.games() as f64;
        let s = self.score();
        estimate(s, score_interval(s, self.variance_per_game(), n), n)
    }
}

/// The GSPRT log-likelihood ratio over `units` (games or pairs) of mean `score` and variance
/// `var`. Where every unit was alike (variance 0) the spread is estimated as if half a unit of
/// each result had been added (`half_added`), so a sweep still moves the test.
fn llr_of(
    units: u32,
    score: f64,
    var: f64,
    half_added: impl FnOnce() -> f64,
    (elo0, elo1): (f64, f64),
) -> f64 {
    if units == 0 {
        return 0.0;
    }
    let var = if var <= 0.0 { half_added() } else { var };
    gsprt_llr(units as f64, score, var, elo0, elo1)
}

impl LogLikelihood for Tally {
    /// With the trinomial variance estimated from the games.
    fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let (units, var) = (self.games(), self.variance_per_game());
        let half_added = || mean_and_variance(&GAME_POINTS, &self.counts().map(|c| c + 0.5)).1;
        llr_of(units, self.score(), var, half_added, (elo0, elo1))
    }
}

impl Pentanomial {
    /// Buckets games played in colour-swapped pairs: `points` are the first engine's points
    /// of games 1, 2, 3, ... with games 2k−1 and 2k a pair. A last unpaired game is left out.
    pub fn from_games(points: &[f64]) -> Pentanomial {
        let mut p = Pentanomial::default();
        for pair in points.chunks_exact(2) {
            p.add_pair(pair[0], pair[1]);
        }
        p
    }

    /// Counts one pair from the first engine's points in its two games.
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let bucket = (2.0 * (first + second)).round().clamp(0.0, 4.0) as usize;
        self.counts[bucket] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    fn weights(&self) -> [f64; 5] {
        self.counts.map(|c| c as f64)
    }

    /// The first engine's mean points per game over the pairs.
    pub fn score(&self) -> f64 {
        mean_and_variance(&PAIR_POINTS, &self.weights()).0
    }

    /// The variance of a pair's per-game score (pair score / 2).
    pub fn variance_per_pair(&self) -> f64 {
        mean_and_variance(&PAIR_POINTS, &self.weights()).1
    }

    /// Elo difference with a 95% interval from the pair scores: `s ± 1.96·σ_pair/√pairs`
    /// (Wilson's interval over the pairs when they all scored alike), bounded as the module
    /// says with N = 2·pairs games.
    pub fn elo(&self) -> EloEstimate {
        let pairs = self.pairs() as f64;
        let s = self.score();
        estimate(
            s,
            score_interval(s, self.variance_per_pair(), pairs),
            2.0 * pairs,
        )
    }
}

impl LogLikelihood for Pentanomial {
    /// With the pair-score variance (fastchess's pentanomial GSPRT): pairs are the units.
    fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let (units, var) = (self.pairs(), self.variance_per_pair());
        let half_added = || mean_and_variance(&PAIR_POINTS, &self.weights().map(|c| c + 0.5)).1;
        llr_of(units, self.score(), var, half_added, (elo0, elo1))
    }
}

/// A match's results in both models.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Results {
    pub tally: Tally,
    pub ptnml: Pentanomial,
}

impl Results {
    /// Whether the headline figures come from the pentanomial model (at least one complete
    /// pair) rather than the trinomial one.
    pub fn pentanomial(&self) -> bool {
        self.ptnml.pairs() > 0
    }

    /// The headline Elo: pentanomial when there are pairs, trinomial otherwise.
    pub fn elo(&self) -> EloEstimate {
        if self.pentanomial() {
            self.ptnml.elo()
        } else {
            self.tally.elo()
        }
    }
}

impl LogLikelihood for Results {
    /// Pentanomial when there are pairs, trinomial otherwise.
    fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.pentanomial() {
            self.ptnml.llr(elo0, elo1)
        } else {
            self.tally.llr(elo0, elo1)
        }
    }
}
/// An SPRT's hypotheses and error rates.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// H1 accepted: the first engine is stronger by about elo1.
    H1,
    /// H0 accepted: it is not stronger than elo0.
    H0,
    Continue,
}

impl Sprt {
    /// Parses `elo0=0,elo1=5[,alpha=0.05][,beta=0.05]`.
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("SPRT part '{part}' is not key=value"))?;
            let v: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("SPRT value '{value}' is not a number"))?;
            match key.trim() {
                "elo0" => sprt.elo0 = v,
                "elo1" => sprt.elo1 = v,
                "alpha" => sprt.alpha = v,
                "beta" => sprt.beta = v,
                other => return Err(format!("unknown SPRT parameter '{other}'")),
            }
        }
        if !sprt.elo0.is_finite() || !sprt.elo1.is_finite() {
            return Err("SPRT needs elo0=<x>,elo1=<y>".to_string());
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err("SPRT needs elo1 greater than elo0".to_string());
        }
        for p in [sprt.alpha, sprt.beta] {
            if !(p > 0.0 && p < 0.5) {
                return Err("SPRT alpha and beta must lie between 0 and 0.5".to_string());
            }
        }
        Ok(sprt)
    }

    /// The (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict on `results` (a [`Tally`], a [`Pentanomial`] or both as [`Results`]).
    pub fn verdict(&self, results: &impl LogLikelihood) -> SprtVerdict {
        let llr = results.llr(self.elo0, self.elo1);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::H1
        } else if llr <= lower {
            SprtVerdict::H0
        } else {
            SprtVerdict::Continue
        }
    }

    /// One line: the hypotheses, the LLR against its bounds and the verdict.
    pub fn describe(&self, results: &impl LogLikelihood) -> String {
        let (lower, upper) = self.bounds();
        let verdict = match self.verdict(results) {
            SprtVerdict::H1 => "H1 accepted (elo1 holds)",
            SprtVerdict::H0 => "H0 accepted (elo0 holds)",
            SprtVerdict::Continue => "no verdict yet",
        };
        format!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} (bounds {:.2}, {:.2}): {verdict}",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            results.llr(self.elo0, self.elo1),
            lower,
            upper
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_of_even_score_is_zero_and_symmetric() {
        let t = tally(30, 40, 30);
        let e = t.elo();
        assert!(e.elo.abs() < 1e-9);
        assert!((e.high + e.low).abs() < 1e-6, "{e:?}");
        // 75% is +190.8 Elo under the logistic model.
        assert!((elo_of_score(0.75) - 190.85).abs() < 0.1);
        assert!((score_of_elo(elo_of_score(0.6)) - 0.6).abs() < 1e-12);
    }

    #[test]
    fn interval_matches_the_normal_approximation() {
        // 60 wins 20 draws 20 losses: s = 0.7, per-game variance (60·0.09 + 20·0.04 + 20·0.49)/100
        // = 0.16, so σ(mean) = 0.04.
        let t = tally(60, 20, 20);
        let e = t.elo();
        let sigma = (0.16f64 / 100.0).sqrt();
        assert!((e.low - elo_of_score(0.7 - 1.959964 * sigma)).abs() < 1e-9);
        assert!((e.high - elo_of_score(0.7 + 1.959964 * sigma)).abs() < 1e-9);
        assert!(e.low < e.elo && e.elo < e.high);
        assert!(!e.bounded);
        // A clean sweep: the score is clamped to 1 − 1/20, the lower end is Wilson's
        // (10/13.84).
        let sweep = tally(10, 0, 0).elo();
        assert!((sweep.elo - elo_of_score(0.95)).abs() < 1e-9, "{sweep:?}");
        assert!((sweep.low - elo_of_score(10.0 / (10.0 + 1.959964f64.powi(2)))).abs() < 1e-6);
        assert!(sweep.low > 0.0 && sweep.low.is_finite());
        assert_eq!(sweep.high, sweep.elo);
        assert!(sweep.bounded);
    }

    #[test]
    fn pairs_are_bucketed_by_pair_score() {
        // Pairs: WL, DD, WW, LL, WD, LD, and a last game without its partner.
        let points = [
            1.0, 0.0, 0.5, 0.5, 1.0, 1.0, 0.0, 0.0, 1.0, 0.5, 0.0, 0.5, 1.0,
        ];
        let p = Pentanomial::from_games(&points);
        assert_eq!(p.counts, [1, 1, 2, 1, 1]);
        assert_eq!(p.pairs(), 6);
        // The pentanomial's mean is the games' mean over the paired games.
        let mut t = Tally::default();
        for &x in &points[..12] {
            t.add(x);
        }
        assert!((p.score() - t.score()).abs() < 1e-12);
        assert!((p.score() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn pentanomial_elo_and_interval_match_hand_computation() {
        // 1 LL, 2 DD, 4 WD, 3 WW pairs: per-game pair means 0, .5, .75, 1. Mean
        // (0 + 2·.5 + 4·.75 + 3·1)/10 = 0.7; variance (1·.49 + 2·.04 + 4·.0025 + 3·.09)/10 =
        // 0.085; standard error √(0.085/10) = 0.0922, so the interval is 0.7 ± 0.1807.
        let p = Pentanomial {
            counts: [1, 0, 2, 4, 3],
        };
        assert!((p.score() - 0.7).abs() < 1e-12);
        assert!((p.variance_per_pair() - 0.085).abs() < 1e-12);
        let e = p.elo();
        let margin = 1.959964 * (0.085f64 / 10.0).sqrt();
        assert!((e.elo - elo_of_score(0.7)).abs() < 1e-9);
        assert!((e.low - elo_of_score(0.7 - margin)).abs() < 1e-9);
        assert!((e.high - elo_of_score(0.7 + margin)).abs() < 1e-9);
        // In numbers: +147.2, from +13.4 to +347.3.
        assert!((e.elo - 147.19).abs() < 0.01, "{e:?}");
        assert!((e.low - 13.42).abs() < 0.05, "{e:?}");
        assert!((e.high - 347.3).abs() < 0.1, "{e:?}");
        assert!(!e.bounded);
        // The pentanomial LLR: pairs are the units, the pair variance the spread.
        let (s0, s1) = (0.5, score_of_elo(50.0));
        let llr = 10.0 * (s1 - s0) * (2.0 * 0.7 - s0 - s1) / (2.0 * 0.085);
        assert!((p.llr(0.0, 50.0) - llr).abs() < 1e-9);
        assert!((llr - 1.381).abs() < 0.01, "{llr}");
        // Results use the pentanomial model once there are pairs.
        let results = Results {
            tally: tally(10, 5, 5),
            ptnml: p,
        };
        assert_eq!(results.elo(), e);
        assert_eq!(results.llr(0.0, 50.0), p.llr(0.0, 50.0));
        let unpaired = Results {
            tally: tally(1, 0, 0),
            ptnml: Pentanomial::default(),
        };
        assert_eq!(unpaired.elo(), tally(1, 0, 0).elo());
    }

    #[test]
    fn even_pentanomial_is_zero_with_a_symmetric_interval() {
        let p = Pentanomial {
            counts: [2, 3, 10, 3, 2],
        };
        let e = p.elo();
        assert!(e.elo.abs() < 1e-9);
        assert!((e.high + e.low).abs() < 1e-6, "{e:?}");
        assert!(e.low < 0.0 && e.high > 0.0);
        assert!(p.llr(-10.0, 10.0).abs() < 1e-9);
        assert!(e.to_string().starts_with("+0.0 ± "), "{e}");
    }

    #[test]
    fn sweeps_are_finite_and_bounded_in_both_models() {
        // 4–0 and 0–4 in two pairs. The score is clamped to 1 − 1/8 (or 1/8): 400·log10(7)
        // = 338.0 Elo, the most 4 games can show; never +inf and never thousands.
        let limit = 400.0 * 7f64.log10();
        for (tally, ptnml, sign) in [
            (tally(4, 0, 0), [0, 0, 0, 0, 2], 1.0),
            (tally(0, 0, 4), [2, 0, 0, 0, 0], -1.0),
        ] {
            let p = Pentanomial { counts: ptnml };
            for e in [tally.elo(), p.elo()] {
                assert!(e.elo.is_finite() && e.low.is_finite() && e.high.is_finite());
                assert!((e.elo - sign * limit).abs() < 1e-9, "{e:?}");
                assert!(e.low.abs() <= limit + 1e-9 && e.high.abs() <= limit + 1e-9);
                assert!(e.low <= e.elo && e.elo <= e.high, "{e:?}");
                assert!(
                    e.high - e.low > 100.0,
                    "a sweep of 4 games is not precise: {e:?}"
                );
                assert!(e.bounded);
                let text = e.to_string();
                assert!(!text.contains("inf"), "{text}");
            }
            // The trinomial lower end is Wilson's over 4 games (4/7.84 → +7.0), the
            // pentanomial one Wilson's over 2 pairs (2/5.84 → −113.4).
            let (t, q) = (tally.elo(), p.elo());
            let wilson = |n: f64| elo_of_score(n / (n + 1.959964f64.powi(2)));
            if sign > 0.0 {
                assert!((t.low - wilson(4.0)).abs() < 1e-6, "{t:?}");
                assert!((q.low - wilson(2.0)).abs() < 1e-6, "{q:?}");
                assert_eq!(q.to_string(), "+338.0, interval -113.4 to +338.0");
            } else {
                assert!((t.high + wilson(4.0)).abs() < 1e-6, "{t:?}");
                assert!((q.high + wilson(2.0)).abs() < 1e-6, "{q:?}");
            }
        }
        // Near 100% (99 wins, 1 draw) the normal upper end passes 1: clamped, not infinite.
        let near = tally(99, 1, 0).elo();
        assert!(near.high.is_finite() && near.high <= 400.0 * 199f64.log10() + 1e-9);
        // A long sweep stays below 400·log10(2N − 1).
        let long = Pentanomial {
            counts: [0, 0, 0, 0, 500],
        }
        .elo();
        assert!(long.high <= 400.0 * 1999f64.log10() + 1e-9 && long.high < 1400.0);
    }

    #[test]
    fn sprt_accepts_h1_for_a_clearly_stronger_engine_and_h0_for_an_equal_one() {
        let sprt = Sprt::parse("elo0=0,elo1=50").unwrap();
        assert_eq!(sprt.verdict(&tally(300, 100, 100)), SprtVerdict::H1);
        assert_eq!(sprt.verdict(&tally(200, 200, 200)), SprtVerdict::H0);
        assert_eq!(sprt.verdict(&tally(3, 2, 2)), SprtVerdict::Continue);
        // A sweep decides too (its sample variance is zero).
        assert_eq!(sprt.verdict(&tally(0, 0, 30)), SprtVerdict::H0);
        assert_eq!(sprt.verdict(&tally(30, 0, 0)), SprtVerdict::H1);
        // The same through the pentanomial: lopsided pairs accept H1, even ones H0.
        let strong = Pentanomial {
            counts: [5, 10, 60, 60, 30],
        };
        assert_eq!(sprt.verdict(&strong), SprtVerdict::H1);
        let even = Pentanomial {
            counts: [20, 60, 140, 60, 20],
        };
        assert_eq!(sprt.verdict(&even), SprtVerdict::H0);
        assert_eq!(
            sprt.verdict(&Pentanomial {
                counts: [0, 0, 0, 0, 20]
            }),
            SprtVerdict::H1
        );
        let (lower, upper) = sprt.bounds();
        assert!((lower - (0.05f64 / 0.95).ln()).abs() < 1e-12);
        assert!((upper - (0.95f64 / 0.05).ln()).abs() < 1e-12);
    }

    #[test]
    fn sprt_parse_rejects_bad_text() {
        assert!(Sprt::parse("elo0=0").is_err());
        assert!(Sprt::parse("elo0=5,elo1=0").is_err());
        assert!(Sprt::parse("elo0=0,elo1=5,alpha=0.7").is_err());
        assert!(Sprt::parse("elo0=0,elo1=x").is_err());
        assert!(Sprt::parse("elo0=0,elo1=5,gamma=1").is_err());
    }
}
