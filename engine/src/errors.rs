//! Typed errors for what comes from outside: FEN strings and move tokens. Each names the part
//! that is wrong; `Display` gives the text of the protocol's `info string error:` lines, and
//! tests match the variants rather than the words.

use crate::outcome::Outcome;
use crate::piece::Color;
use std::fmt;

/// At most `max` characters of `text`, for quoting input in a message (input lines can be
/// megabytes long).
pub fn quoted(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Too few or too many whitespace-separated fields: between `min` and `max` were expected
    /// (`max` is `None` where any number of further fields may follow).
    FieldCount {
        min: usize,
        max: Option<usize>,
        found: usize,
    },
    /// Not plain ASCII text, where a variant's FEN reader needs it (Eldritch).
    NotAscii,
    /// The board field: rank count, squares per rank, empty-square counts, a piece's written
    /// state.
    Board(String),
    /// A piece letter (or code) the variant does not have.
    UnknownPiece(String),
    /// The side-to-move field.
    Side(String),
    /// The castling field (Eldritch: the virgin squares that stand for it).
    Castling(String),
    /// The en-passant field.
    EnPassant(String),
    /// The halfmove clock or fullmove number.
    Counters(String),
    /// One of the variant's own fields (hands, ghosts, pending decisions, placement lists,
    /// keys, ...). `field` names it for matching; the message names it for people.
    Field {
        field: &'static str,
        message: String,
    },
    /// Well formed, but not a position of the game: the second stage of reading a FEN, the
    /// legality check of the record the syntax gave, says why ([`Illegality`]).
    Illegal(Illegality),
}

/// Why a well-formed FEN is not a position of the game, for every variant alike where the
/// reasons are alike; [`Illegality::Rule`] names the variant's own ruling for the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegality {
    /// `side` has `found` of its royal piece `piece`, where its rules need exactly one.
    RoyalCount {
        side: Color,
        piece: &'static str,
        found: u32,
    },
    /// `side` has none of what its rules need to stand (`what`: "check-bearer", "king unit").
    NoRoyal {
        side: Color,
        what: &'static str,
        ruling: &'static str,
    },
    /// The side not to move could have a royal piece taken (it is in check, or in danger): the
    /// game would have ended, or the last move was illegal.
    OpponentInCheck { ruling: Option<&'static str> },
    /// A piece stands on a rank its rules forbid (`rank`: "the first or last rank" for chess's
    /// pawns, "its last rank").
    OnForbiddenRank {
        piece: String,
        rank: &'static str,
        ruling: Option<&'static str>,
    },
    /// More of something (`what`, a plural: "units on d4") than the rules or the FEN limits
    /// allow.
    TooMany {
        what: String,
        found: usize,
        most: usize,
        ruling: &'static str,
    },
    /// Any other rule of the variant, by its ruling ID (or `docs/notation.md` section).
    Rule {
        ruling: &'static str,
        message: String,
    },
}

impl Illegality {
    /// An [`Illegality::RoyalCount`].
    pub fn royal_count(side: Color, piece: &'static str, found: u32) -> Self {
        Illegality::RoyalCount { side, piece, found }
    }

    /// An [`Illegality::TooMany`].
    pub fn too_many(
        what: impl Into<String>,
        found: usize,
        most: usize,
        ruling: &'static str,
    ) -> Self {
        Illegality::TooMany {
            what: what.into(),
            found,
            most,
            ruling,
        }
    }

    /// Refuses with an [`Illegality::TooMany`] when `found` exceeds `most`; `what` names the
    /// things counted (only called then).
    pub fn at_most(
        found: u32,
        most: u32,
        ruling: &'static str,
        what: impl FnOnce() -> String,
    ) -> Result<(), Self> {
        if found > most {
            return Err(Self::too_many(
                what(),
                found as usize,
                most as usize,
                ruling,
            ));
        }
        Ok(())
    }

    /// An [`Illegality::OnForbiddenRank`].
    pub fn on_forbidden_rank(
        piece: impl Into<String>,
        rank: &'static str,
        ruling: Option<&'static str>,
    ) -> Self {
        Illegality::OnForbiddenRank {
            piece: piece.into(),
            rank,
            ruling,
        }
    }

    /// An [`Illegality::Rule`] of `ruling`.
    pub fn rule(ruling: &'static str, message: impl Into<String>) -> Self {
        Illegality::Rule {
            ruling,
            message: message.into(),
        }
    }

    /// The ruling the refusal rests on, where it names one.
    pub fn ruling(&self) -> Option<&'static str> {
        match self {
            Illegality::RoyalCount { .. } => None,
            Illegality::NoRoyal { ruling, .. }
            | Illegality::TooMany { ruling, .. }
            | Illegality::Rule { ruling, .. } => Some(ruling),
            Illegality::OpponentInCheck { ruling } | Illegality::OnForbiddenRank { ruling, .. } => {
                *ruling
            }
        }
    }
}

impl fmt::Display for Illegality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cite = |r: &Option<&'static str>| r.map(|r| format!(" ({r})")).unwrap_or_default();
        match self {
            Illegality::RoyalCount { side, piece, found } => {
                write!(
                    f,
                    "{} must have exactly one {piece}, has {found}",
                    side.name()
                )
            }
            Illegality::NoRoyal { side, what, ruling } => {
                write!(f, "{} has no {what} ({ruling})", side.name())
            }
            Illegality::OpponentInCheck { ruling } => {
                write!(f, "the side not to move is in check{}", cite(ruling))
            }
            Illegality::OnForbiddenRank {
                piece,
                rank,
                ruling,
            } => write!(f, "{piece} cannot stand on {rank}{}", cite(ruling)),
            Illegality::TooMany {
                what,
                found,
                most,
                ruling,
            } => write!(f, "{found} {what}, at most {most} ({ruling})"),
            Illegality::Rule { ruling, message } => write!(f, "{message} ({ruling})"),
        }
    }
}

impl From<Illegality> for FenError {
    fn from(why: Illegality) -> Self {
        FenError::Illegal(why)
    }
}

impl FenError {
    /// A [`FenError::Field`] error of `field`.
    pub fn field(field: &'static str, message: impl Into<String>) -> Self {
        FenError::Field {
            field,
            message: message.into(),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount {
                min,
                max: Some(max),
                found,
            } if min == max => write!(f, "FEN needs {min} fields, got {found}"),
            FenError::FieldCount {
                min,
                max: Some(max),
                found,
            } => write!(f, "FEN needs {min} to {max} fields, got {found}"),
            FenError::FieldCount {
                min,
                max: None,
                found,
            } => write!(f, "FEN needs at least {min} fields, got {found}"),
            FenError::NotAscii => f.write_str("a FEN is plain ASCII text"),
            FenError::Board(m)
            | FenError::Side(m)
            | FenError::Castling(m)
            | FenError::EnPassant(m)
            | FenError::Counters(m)
            | FenError::Field { message: m, .. } => f.write_str(m),
            FenError::UnknownPiece(p) => write!(f, "unknown piece letter '{p}'"),
            FenError::Illegal(why) => why.fmt(f),
        }
    }
}

impl std::error::Error for FenError {}

/// Why a move token was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a legal action of the position (unknown, malformed or illegal: the position's own
    /// list of legal tokens is the only judge).
    Illegal { token: String },
    /// The game has ended; nothing more is played.
    GameOver { token: String, outcome: Outcome },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Illegal { token } => write!(f, "illegal or unknown move '{token}'"),
            MoveError::GameOver { token, outcome } => {
                write!(f, "game is over ({outcome}); '{token}' not played")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// Why a position (a FEN or the start position, then moves) could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The FEN was refused.
    Fen(FenError),
    /// The move at `index` (counted from 0 in the list of moves; the text counts from 1) was
    /// refused where it stands.
    Move {
        index: usize,
        token: String,
        error: MoveError,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen(e) => write!(f, "bad FEN: {e}"),
            PositionError::Move {
                index,
                token,
                error,
            } => write!(f, "move {} '{token}': {error}", index + 1),
        }
    }
}

impl std::error::Error for PositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PositionError::Fen(e) => Some(e),
            PositionError::Move { error, .. } => Some(error),
        }
    }
}

impl From<FenError> for PositionError {
    fn from(e: FenError) -> Self {
        PositionError::Fen(e)
    }
}
