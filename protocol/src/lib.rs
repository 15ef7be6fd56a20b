//! The text protocol (UCI plus Grimoire's extensions) and the command-line tools.

pub mod engine_options;
pub mod errors;
pub mod output;
pub mod reliability;
pub mod session_fuzz;
pub mod uci;
