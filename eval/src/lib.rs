//! Evaluation: parameter sets kept as data ([`EvalParams`], the tuner's view), variant-independent
//! features (piece-square tables from square features, the piece-value method) and the
//! evaluators ([`ChessEval`]). See `docs/eval.md`.

pub mod chess;
pub mod features;
pub mod params;

pub use chess::ChessEval;
pub use features::{piece_value, PieceValue, SquareWeights};
pub use params::EvalParams;
