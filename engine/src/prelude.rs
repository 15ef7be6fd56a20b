//! What code that works with positions needs in scope: the rules traits (their methods are
//! called on concrete positions too) and the common types. `use grimoire_engine::prelude::*;`

pub use crate::bitboard::Bitboard;
pub use crate::errors::{FenError, MoveError, PositionError};
pub use crate::game::Game;
pub use crate::moves::{Move, MoveKind, MoveList};
pub use crate::piece::{Color, Piece};
pub use crate::rules::{
    Chance, Fen, MoveGen, Notation, Outcome, Position, Reason, Reference, Rules, SearchHooks,
};
pub use crate::square::{Geometry, Square};
