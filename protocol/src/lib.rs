//! The text protocol (UCI plus Grimoire's extensions) and the command-line tools.

pub mod arena;
pub mod eldritch_setup;
pub mod output;
pub mod registry;
pub mod reliability;
pub mod show;
pub mod svg;
pub mod uci;
