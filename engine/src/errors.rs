//! Typed errors for what comes from outside: FEN strings and move tokens. Each names the part
//! that is wrong; `Display` gives the text of the protocol's `info string error:` lines, and
//! tests match the variants rather than the words.

use std::fmt;

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Too few or too many whitespace-separated fields.
    FieldCount {
        expected: &'static str,
        found: usize,
    },
    /// The board field: rank count, squares per rank, empty-square counts.
    Board(String),
    /// A piece letter (or token) the variant does not have.
    UnknownPiece(String),
    /// The side-to-move field.
    Side(String),
    /// The castling field.
    Castling(String),
    /// The en-passant field.
    EnPassant(String),
    /// The halfmove clock or fullmove number.
    Counters(String),
    /// One of the variant's own fields (hands, pending decisions, placement lists, ...).
    Field {
        field: &'static str,
        message: String,
    },
    /// Well formed, but not a position of the game (king count, a side not to move in check,
    /// pawns on a back rank, ...).
    Illegal(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount { expected, found } => {
                write!(f, "FEN needs {expected}, got {found} fields")
            }
            FenError::Board(m)
            | FenError::Side(m)
            | FenError::Castling(m)
            | FenError::EnPassant(m)
            | FenError::Counters(m)
            | FenError::Illegal(m) => f.write_str(m),
            FenError::UnknownPiece(p) => write!(f, "unknown piece letter '{p}'"),
            FenError::Field { field, message } => write!(f, "{field}: {message}"),
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
    GameOver { token: String, outcome: String },
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
