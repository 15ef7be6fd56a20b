//! Hobgoblin Chess (issue 17), part 1 groundwork: the position representation
//! (`position.rs`: nodes, crowds as counts, halves as partner pairs, links, castling, the
//! en-passant record, phase, result, occupancy bitboards and the Zobrist hash) and its FEN
//! (`fen.rs`, notation §2.7) with the `d` rendering. Move generation, play and the role traits
//! come in later steps (`docs/hobgoblin-design.md` §9); the variant is not registered yet.

pub mod fen;
pub mod model;
pub mod position;

pub use fen::{render, START_FEN};
pub use position::{
    EpRecord, HobResult, Hobgoblin, Pair, Phase, Wing, BISHOP, KIND_LETTERS, KING, KNIGHT, PAWN,
    QUEEN, ROOK,
};
