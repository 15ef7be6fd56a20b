//! Set-wise pawn moves, as chess and ArchMage generate them: a set of pawns shifted by an
//! index step, and the moves that a shifted set of destinations stands for.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::square::Square;

/// Shifts a set by `delta` frame squares (positive: towards higher indices). What would pass
/// the frame's last square stays in the word's high bits: callers whose shifts can reach there
/// (ArchMage's 10x10 board) mask it off.
#[inline]
pub(crate) fn shift(b: Bitboard, delta: i32) -> Bitboard {
    if delta >= 0 {
        Bitboard(b.0 << delta)
    } else {
        Bitboard(b.0 >> (-delta))
    }
}

/// The square a pawn came from to reach `to` by the index shift `delta`.
#[inline]
pub(crate) fn origin(to: Square, delta: i32) -> Square {
    Square::from_index((to.index() as i32 - delta) as u8)
}

/// The pawn moves onto `targets`, each by the index shift `delta`: plain moves below the
/// last rank (when `plain`), then `promote(moves, from, to)` for each square on it.
#[inline]
pub(crate) fn push_pawn_shift(
    moves: &mut MoveList,
    targets: Bitboard,
    delta: i32,
    last: Bitboard,
    plain: bool,
    promote: impl Fn(&mut MoveList, Square, Square),
) {
    for to in (targets & !last).into_iter().filter(|_| plain) {
        moves.push(Move::new(origin(to, delta), to, MoveKind::Normal));
    }
    for to in targets & last {
        promote(moves, origin(to, delta), to);
    }
}
