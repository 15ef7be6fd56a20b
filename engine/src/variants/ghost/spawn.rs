//! Where a captured piece spawns (GHO-20..26, GHO-45), by the walk over distance classes.

use super::tables::tables;
use super::PROMOTIONS;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::piece::Piece;
use crate::square::Square;
use crate::variants::chess::PAWN;
use arrayvec::ArrayVec;

/// The spawn options: (edge square, ghost kind). At most 32 squares, 4 kinds on a last square.
pub type SpawnOptions = ArrayVec<(Square, u8), 64>;

/// The allowed spawn squares S (GHO-22): going outward one distance class at a time, an own
/// ghost's square is skipped, an enemy ghost's square is an option that may be passed, and the
/// walk ends with the first class holding an empty square.
pub fn squares(ghosts: &Board<6>, piece: Piece, q: Square) -> Bitboard {
    let own = ghosts.color(piece.color());
    let occupied = ghosts.occupied();
    let order = &tables().spawn_order[q.index()];
    let mut allowed = Bitboard::EMPTY;
    let mut i = 0;
    while i < order.len() {
        let d = order[i].1;
        let mut class_has_empty = false;
        while i < order.len() && order[i].1 == d {
            let s = order[i].0;
            if !own.contains(s) {
                allowed.set(s);
                class_has_empty |= !occupied.contains(s);
            }
            i += 1;
        }
        if class_has_empty {
            break;
        }
    }
    allowed
}

/// Every option of the spawn: one per allowed square, four (Q, R, B, N) where a pawn lands on
/// its own last square (GHO-45). Squares in index order.
pub fn options(ghosts: &Board<6>, piece: Piece, q: Square) -> SpawnOptions {
    let mut out = SpawnOptions::new();
    let last = tables().last[piece.color().index()];
    for s in squares(ghosts, piece, q) {
        if piece.kind() == PAWN && last.contains(s) {
            for k in PROMOTIONS {
                out.push((s, k));
            }
        } else {
            out.push((s, piece.kind()));
        }
    }
    out
}
