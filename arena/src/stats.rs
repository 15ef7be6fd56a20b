//! Match statistics: score, Elo difference with a 95% interval, and the sequential probability
//! ratio test (SPRT) that decides "is the first engine better by elo1 or by at most elo0?".

use std::fmt;

/// Wins, draws and losses from the first engine's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// An Elo difference with its 95% confidence interval (infinite at 0% or 100%).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let margin = (self.high - self.low) / 2.0;
        // No "-0.0" for an even score.
        let elo = if self.elo.abs() < 0.05 { 0.0 } else { self.elo };
        if elo.is_finite() && margin.is_finite() {
            write!(f, "{elo:+.1} ± {margin:.1}")
        } else {
            write!(
                f,
                "{elo:+.1}, interval {:+.1} to {:+.1}",
                self.low, self.high
            )
        }
    }
}

/// The Elo difference that a score fraction (0..=1) means under the logistic model.
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

    /// The first engine's mean points per game.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The variance of one game's points (a trinomial: 1, ½, 0).
    fn variance_per_game(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// Elo difference with a 95% interval from the normal approximation of the mean score.
    /// When every game had the same result the sample variance is zero, so the bounds come
    /// from the Wilson score interval instead (a sweep of n games is not proof of infinite
    /// strength).
    pub fn elo(&self) -> EloEstimate {
        const Z: f64 = 1.959964;
        let n = self.games() as f64;
        let s = self.score();
        let (low, high) = if n == 0.0 {
            (0.0, 1.0)
        } else if self.variance_per_game() > 0.0 {
            let margin = Z * (self.variance_per_game() / n).sqrt();
            ((s - margin).max(0.0), (s + margin).min(1.0))
        } else {
            let z2 = Z * Z;
            let centre = (s + z2 / (2.0 * n)) / (1.0 + z2 / n);
            let half = Z / (1.0 + z2 / n) * (s * (1.0 - s) / n + z2 / (4.0 * n * n)).sqrt();
            ((centre - half).max(0.0), (centre + half).min(1.0))
        };
        EloEstimate {
            elo: elo_of_score(s),
            low: elo_of_score(low),
            high: elo_of_score(high),
        }
    }

    /// The generalized SPRT's log-likelihood ratio of H1 (elo = elo1) against H0 (elo = elo0),
    /// with the trinomial variance estimated from the games (the logistic approximation used
    /// by engine testing frameworks).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.games() == 0 {
            return 0.0;
        }
        let mut var = self.variance_per_game();
        if var <= 0.0 {
            // All results alike: estimate the spread as if half a game of each result had
            // been added, so a sweep still moves the test instead of stalling it.
            let (w, d, l) = (
                self.wins as f64 + 0.5,
                self.draws as f64 + 0.5,
                self.losses as f64 + 0.5,
            );
            let n = w + d + l;
            let s = (w + 0.5 * d) / n;
            var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s * s) / n;
        }
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        let n = self.games() as f64;
        n * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
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

    pub fn verdict(&self, tally: &Tally) -> SprtVerdict {
        let llr = tally.llr(self.elo0, self.elo1);
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
    pub fn describe(&self, tally: &Tally) -> String {
        let (lower, upper) = self.bounds();
        let verdict = match self.verdict(tally) {
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
            tally.llr(self.elo0, self.elo1),
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
        // A clean sweep has an infinite estimate but a finite lower end (Wilson: 10/13.84).
        let sweep = tally(10, 0, 0).elo();
        assert!(sweep.elo.is_infinite());
        assert!((sweep.low - elo_of_score(10.0 / (10.0 + 1.959964f64.powi(2)))).abs() < 1e-6);
        assert!(sweep.low > 0.0 && sweep.low.is_finite());
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
