//! The text protocol (UCI plus Grimoire's extensions) and the command-line tools.

pub mod output;
pub mod registry;
pub mod uci;
