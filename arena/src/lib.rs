//! The arena: Grimoire's own tournament manager, since no other one plays these variants.
//! A referee built on our rules code plays engines (this one or any UCI engine) against each
//! other, keeps clocks, adjudicates, writes PGN, and sums results up with Elo and SPRT.

pub mod cli;
pub mod engine_process;
pub mod limits;
pub mod openings;
pub mod pgn;
pub mod referee;
pub mod stats;
pub mod tournament;
