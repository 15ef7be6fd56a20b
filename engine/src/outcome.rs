//! How a game ends: the [`Outcome`] and its [`Reason`] (G3, G4). Its own module, so the rules
//! and the errors that report a finished game both name it without naming each other.

use crate::piece::Color;
use std::fmt;

/// Why a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Reason {
    Checkmate,
    Stalemate,
    FiftyMoveRule,
    Repetition,
    InsufficientMaterial,
    /// A royal piece was captured or destroyed (G4).
    RoyalCaptured,
    /// A variant-specific loss condition (e.g. Hobgoblin castling loss).
    VariantRule,
}

impl Reason {
    pub fn describe(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::FiftyMoveRule => "fifty-move rule",
            Reason::Repetition => "threefold repetition",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::RoyalCaptured => "royal piece captured",
            Reason::VariantRule => "variant rule",
        }
    }
}

/// The result of a finished game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win { winner: Color, reason: Reason },
    Draw { reason: Reason },
}

impl Outcome {
    /// PGN-style result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_token(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    pub fn reason(self) -> Reason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                write!(
                    f,
                    "{} {} wins by {}",
                    self.result_token(),
                    winner.name(),
                    reason.describe()
                )
            }
            Outcome::Draw { reason } => {
                write!(f, "{} draw by {}", self.result_token(), reason.describe())
            }
        }
    }
}
