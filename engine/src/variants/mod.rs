//! Each variant's rules, one folder each (the variants themselves are listed once, in
//! `grimoire_registry::variants::visit_variants`).

pub mod archmage;
pub mod chess;
pub mod duggan;
pub mod eldritch;
pub mod ghost;
pub mod hobgoblin;
