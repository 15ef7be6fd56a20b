//! The tapered score: a middlegame/endgame pair that every evaluator sums its terms into and
//! blends by game phase at the end.

use grimoire_engine::Color;
use std::ops::{Add, AddAssign, Mul, Sub};

/// A middlegame/endgame pair of centipawn values.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct S {
    pub mg: i32,
    pub eg: i32,
}

impl S {
    pub const ZERO: S = S { mg: 0, eg: 0 };
    pub const fn new(mg: i32, eg: i32) -> S {
        S { mg, eg }
    }

    /// The pair from `side`'s point of view, `self` being White's.
    #[inline]
    pub fn for_side(self, side: Color) -> S {
        if side == Color::White {
            self
        } else {
            S::ZERO - self
        }
    }

    /// Blends the pair by `phase`: `mg` at `phase_max`, `eg` at 0.
    #[inline]
    pub fn taper(self, phase: i32, phase_max: i32) -> i32 {
        (self.mg * phase + self.eg * (phase_max - phase)) / phase_max
    }
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        S::new(self.mg + o.mg, self.eg + o.eg)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, o: S) -> S {
        S::new(self.mg - o.mg, self.eg - o.eg)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        S::new(self.mg * k, self.eg * k)
    }
}
