//! Evaluation: parameter sets kept as data ([`EvalParams`], the tuner's view), variant-independent
//! features (piece-square tables from square features, the piece-value method) and the
//! evaluators ([`ChessEval`]). See `docs/eval.md`.

pub mod chess;
pub mod features;
pub mod params;

pub use chess::ChessEval;
pub use features::{piece_value, PieceValue, SquareWeights};
pub use params::EvalParams;

use grimoire_engine::variants::chess::{Chess, BISHOP, KNIGHT, PAWN, QUEEN, ROOK};
use grimoire_engine::{Color, Rules};

/// Centipawn values by chess piece kind (pawn, knight, bishop, rook, queen, king): a plain
/// material count for quick checks. [`ChessEval`] uses the `material_*` parameters instead.
pub const CHESS_MATERIAL: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Material balance from the side to move's point of view, in centipawns.
pub fn chess_material(pos: &Chess) -> i32 {
    let b = pos.board();
    let balance: i32 = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN]
        .iter()
        .map(|&k| {
            let diff =
                b.pieces(Color::White, k).count() as i32 - b.pieces(Color::Black, k).count() as i32;
            diff * CHESS_MATERIAL[k as usize]
        })
        .sum();
    if pos.side_to_move() == Color::White {
        balance
    } else {
        -balance
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_is_zero_at_start_and_counts_from_the_mover() {
        let start = Chess::start_position(&());
        assert_eq!(chess_material(&start), 0);
        let up_a_queen = Chess::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", &()).unwrap();
        assert_eq!(chess_material(&up_a_queen), -900);
    }
}
