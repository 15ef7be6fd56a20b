//! The text protocol (UCI plus Grimoire's extensions) and the command-line tools.

pub mod errors;
pub mod output;
pub mod reliability;
pub mod session_fuzz;
pub mod uci;

/// The engine's options as data (`uci::engine_options`), under its old name.
pub use uci::engine_options;
