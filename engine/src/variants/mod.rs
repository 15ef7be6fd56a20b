//! The variants and the registry that maps their names to implementations.

pub mod archmage;
pub mod chess;
pub mod duggan;
pub mod eldritch;
pub mod ghost;
