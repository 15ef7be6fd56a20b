//! Fast capture tests (DUG-40..43) on bitboards.
//!
//! Everything works on [`Bits`], the colour and kind sets of a placement, so a test can be run
//! on the position after a move without making it (legality, the Cowardly option).
//!
//! Which Mercenaries can capture depends on which are threatened, a least fixed point (DUG-41).
//! Two facts keep that cheap:
//!
//! - an enemy Mercenary can capture an Adept, Assassin or Commander exactly when that piece
//!   stands on the Mercenary's left, right or forward square, because such a piece reaches the
//!   Mercenary and so threatens it (the consequence stated in DUG-41). Check and the Cornered
//!   test therefore never need the fixed point;
//! - whether one Mercenary is threatened is a backward search over the Mercenaries that could
//!   capture it: it is threatened iff some Mercenary from which it can be reached through a
//!   chain of Mercenary captures is attacked by a non-Mercenary piece ([`merc_threatened`]).

use super::tables::{path_blockers, tables};
use super::{ADEPT, ARCHER, ASSASSIN, BISHOP, COMMANDER, GOLEM, KINDS, MERCENARY};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::piece::Color;
use crate::square::Square;
use arrayvec::ArrayVec;

/// The colour and kind sets of a placement.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bits {
    pub color: [Bitboard; 2],
    pub kind: [Bitboard; KINDS],
}

impl Bits {
    #[inline]
    pub fn from_board(b: &Board<KINDS>) -> Bits {
        Bits {
            color: [b.color(Color::White), b.color(Color::Black)],
            kind: std::array::from_fn(|k| b.kind(k as u8)),
        }
    }

    #[inline]
    pub fn occ(&self) -> Bitboard {
        self.color[0] | self.color[1]
    }

    #[inline]
    pub fn pieces(&self, c: Color, kind: u8) -> Bitboard {
        self.color[c.index()] & self.kind[kind as usize]
    }

    /// Removes every piece on `set`.
    #[inline]
    pub fn clear(&mut self, set: Bitboard) {
        let keep = !set;
        self.color[0] &= keep;
        self.color[1] &= keep;
        for k in self.kind.iter_mut() {
            *k &= keep;
        }
    }

    /// Puts a piece on an empty square.
    #[inline]
    pub fn put(&mut self, sq: Square, c: Color, kind: u8) {
        self.color[c.index()].set(sq);
        self.kind[kind as usize].set(sq);
    }

    #[inline]
    pub fn color_of(&self, sq: Square) -> Color {
        if self.color[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        }
    }
}

/// Whether the Golem on `g` reaches `x` (DUG-40 e): `x` is the destination of a usable vector
/// (DUG-13), or a path square of a usable vector whose destination is occupied.
#[inline]
pub(crate) fn golem_reaches(b: &Bits, g: Square, x: Square) -> bool {
    let t = tables();
    let v = t.golem_vector(g, x);
    if v == super::tables::NO_VECTOR {
        return false;
    }
    let gi = g.index();
    let v = v as usize;
    let forbidden = b.kind[GOLEM as usize] | b.pieces(b.color_of(g), ADEPT);
    if (t.golem_full[gi][v] & forbidden).any() {
        return false;
    }
    let dest = Square::from_index(t.golem_dest[gi][v]);
    dest == x || b.occ().contains(dest)
}

/// Whether a non-Mercenary piece can capture a piece that is not a Golem standing on `sq`: an
/// Adept, Commander, Assassin, Bishop or Archer of colour `by`, or one of the Golems in
/// `golems` (of either colour; a Golem never reaches its own Adept, DUG-13).
#[inline]
pub(crate) fn nonmerc_capture(b: &Bits, sq: Square, by: Color, golems: Bitboard) -> bool {
    let t = tables();
    let i = sq.index();
    let mine = b.color[by.index()];
    let adjacent = (b.kind[ADEPT as usize] | b.kind[ASSASSIN as usize]) & mine;
    if (t.base.king[i] & adjacent).any() || (t.wazir[i] & b.kind[COMMANDER as usize] & mine).any() {
        return true;
    }
    let occ = b.occ();
    let bishops = b.kind[BISHOP as usize] & mine;
    if bishops.any() && (t.base.bishop(sq, occ) & bishops).any() {
        return true;
    }
    let archers = t.archer_targets[i] & b.kind[ARCHER as usize] & mine;
    if archers.any() {
        let blockers = path_blockers(occ);
        if archers.into_iter().any(|a| t.archer_clear(sq, a, blockers)) {
            return true;
        }
    }
    (golems & t.golem_sources[i])
        .into_iter()
        .any(|g| golem_reaches(b, g, sq))
}

/// Whether colour `by` can capture the Adept, an Assassin or a Commander (of the other colour)
/// on `sq`: check (DUG-43), the Cornered test (DUG-37). Enemy Mercenaries count by position
/// alone (module docs).
#[inline]
pub(crate) fn royal_attacked(b: &Bits, sq: Square, by: Color) -> bool {
    let t = tables();
    (t.merc_sources[by.index()][sq.index()] & b.pieces(by, MERCENARY)).any()
        || nonmerc_capture(b, sq, by, b.pieces(by, GOLEM))
}

/// Whether the Mercenary of colour `mc` on `m` is threatened (DUG-41): some piece of either
/// side can capture it, Mercenaries counting only when they are threatened themselves (the
/// least fixed point, found as a backward search).
pub(crate) fn merc_threatened(b: &Bits, m: Square, mc: Color) -> bool {
    let t = tables();
    let golems = b.kind[GOLEM as usize];
    let mut seen = Bitboard::from_square(m);
    let mut stack: ArrayVec<(Square, Color), 64> = ArrayVec::new();
    stack.push((m, mc));
    while let Some((n, c)) = stack.pop() {
        // Any Golem may capture a Mercenary, its own side's included.
        if nonmerc_capture(b, n, !c, golems) {
            return true;
        }
        let capturers = t.merc_sources[(!c).index()][n.index()] & b.pieces(!c, MERCENARY) & !seen;
        for e in capturers {
            seen.set(e);
            stack.push((e, !c));
        }
    }
    false
}

/// Every square a piece reaches (DUG-40 e) with Mercenaries counted as unthreatened: the
/// attack map the evaluation uses. `sq` holds a piece of kind `kind` and colour `c`.
pub(crate) fn reach(b: &Bits, sq: Square, c: Color, kind: u8) -> Bitboard {
    let t = tables();
    let i = sq.index();
    let occ = b.occ();
    match kind {
        GOLEM => t.golem_reach(sq, occ, b.kind[GOLEM as usize] | b.pieces(c, ADEPT)),
        ARCHER => t.archer_reach(sq, path_blockers(occ)),
        BISHOP => t.base.bishop(sq, occ),
        COMMANDER => t.wazir[i],
        ASSASSIN | ADEPT => t.base.king[i],
        _ => Bitboard::EMPTY,
    }
}
