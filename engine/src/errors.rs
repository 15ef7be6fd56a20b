//! Typed errors for what comes from outside: FEN strings and move tokens. Each names the part
//! that is wrong; `Display` gives the text of the protocol's `info string error:` lines, and
//! tests match the variants rather than the words.

use crate::outcome::Outcome;
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
    /// Well formed, but not a position of the game (king count, a side not to move in check,
    /// pawns on a back rank, ...).
    Illegal(String),
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
            | FenError::Illegal(m)
            | FenError::Field { message: m, .. } => f.write_str(m),
            FenError::UnknownPiece(p) => write!(f, "unknown piece letter '{p}'"),
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
