//! The text protocol (UCI plus Grimoire's extensions) and the command-line tools.

pub mod eldritch_setup;
pub mod output;
pub mod reliability;
pub mod uci;
