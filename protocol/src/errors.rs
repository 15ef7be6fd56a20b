//! Why a protocol command was refused. Commands parse and act; the loop reports each error as
//! one `info string error: ...` line (its `Display`), and the engine keeps its last good state.

use grimoire_engine::errors::{quoted, PositionError};
use grimoire_engine::options::OptionError;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// A first word the protocol does not know.
    Unknown { command: String },
    /// A command whose arguments are missing or out of shape; the text says how to write it.
    Usage(String),
    /// A `go` parameter that is unknown or lacks its value.
    Go(String),
    /// `position` refused: a bad FEN (nothing changes), or a move that is not legal where it
    /// stands (the moves before it are played, the rest ignored).
    Position(PositionError),
    /// `setoption` refused.
    Option(OptionError),
    /// A variant's setup command refused.
    Setup(String),
    /// The engine could not do what was asked (a thread that would not start, one that died).
    Engine(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown { command } => {
                write!(f, "unknown command '{}'", quoted(command, 40))
            }
            CommandError::Usage(m)
            | CommandError::Go(m)
            | CommandError::Setup(m)
            | CommandError::Engine(m) => f.write_str(m),
            CommandError::Position(e @ PositionError::Fen(_)) => {
                write!(f, "{e}; position unchanged")
            }
            CommandError::Position(e @ PositionError::Move { index: 0, .. }) => {
                write!(f, "{e}; the position is the one before it")
            }
            CommandError::Position(e @ PositionError::Move { index, .. }) => {
                write!(f, "{e}; the position is the one after move {index}")
            }
            CommandError::Option(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CommandError {}

impl From<PositionError> for CommandError {
    fn from(e: PositionError) -> Self {
        CommandError::Position(e)
    }
}

impl From<OptionError> for CommandError {
    fn from(e: OptionError) -> Self {
        CommandError::Option(e)
    }
}
