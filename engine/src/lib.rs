//! Grimoire engine core: geometry, bitboards, positions, moves, rules, perft.

pub mod atoms;
pub mod bitboard;
pub mod board;
pub mod board8;
pub mod catalogue;
pub mod consistency;
pub mod errors;
pub mod eval_api;
pub mod fen_fields;
#[macro_use]
mod fide_turn;
pub mod game;
mod mailbox;
pub mod moves;
pub mod options;
pub mod outcome;
pub mod overflow;
mod pawn_shift;
pub mod perft;
pub mod perft_table;
pub mod piece;
pub mod prelude;
pub mod rules;
pub mod san;
pub mod search;
pub mod soak;
pub mod square;
pub mod tables;
pub mod variants;
pub mod view;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use errors::{FenError, Illegality, MoveError, PositionError};
pub use game::Game;
pub use moves::{Move, MoveKind, MoveList};
pub use piece::{Color, Piece};
pub use rules::{Fen, MoveGen, Notation, Outcome, Position, Reason, Reference, Rules, SearchHooks};
pub use square::{Geometry, Square};
