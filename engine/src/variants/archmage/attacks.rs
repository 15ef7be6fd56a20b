//! Attack tests (ARC-80) on bitboards: which pieces of one side attack a square, given an
//! occupancy that may differ from the board's (legality of king steps, castling, en passant).

use super::pieces::*;
use super::tables::{tables, DIAGONAL_BIT, ORTHOGONAL_BIT};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::piece::Color;
use crate::square::Square;

/// Maximum number of leap groups (one per atom at most).
const MAX_GROUPS: usize = 9;

/// The pieces of one side sorted by how they attack.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Attackers {
    pub by: Color,
    groups: [Bitboard; MAX_GROUPS],
    group_count: usize,
    pub orthogonal: Bitboard,
    pub diagonal: Bitboard,
    pub manticores: Bitboard,
    pub griffons: Bitboard,
    pub pawns: Bitboard,
}

impl Attackers {
    #[inline]
    pub fn new(board: &Board<KINDS>, by: Color) -> Attackers {
        let t = tables();
        let side = board.color(by);
        let mut groups = [Bitboard::EMPTY; MAX_GROUPS];
        let mut orthogonal = Bitboard::EMPTY;
        let mut diagonal = Bitboard::EMPTY;
        // One pass over the kinds present, each added to the groups it belongs to.
        for kind in KING..KINDS as u8 {
            let pieces = board.kind(kind) & side;
            if pieces.is_empty() {
                continue;
            }
            let mut bits = t.kind_groups[kind as usize];
            if bits & ORTHOGONAL_BIT != 0 {
                orthogonal |= pieces;
            }
            if bits & DIAGONAL_BIT != 0 {
                diagonal |= pieces;
            }
            bits &= !(ORTHOGONAL_BIT | DIAGONAL_BIT);
            while bits != 0 {
                groups[bits.trailing_zeros() as usize] |= pieces;
                bits &= bits - 1;
            }
        }
        Attackers {
            by,
            groups,
            group_count: t.groups.len(),
            orthogonal,
            diagonal,
            manticores: board.pieces(by, MANTICORE),
            griffons: board.pieces(by, GRIFFON),
            pawns: board.pieces(by, PAWN),
        }
    }

    /// Drops the pieces on `set` (a captured piece no longer attacks).
    #[inline]
    pub fn without(mut self, set: Bitboard) -> Attackers {
        let keep = !set;
        for g in self.groups.iter_mut() {
            *g &= keep;
        }
        self.orthogonal &= keep;
        self.diagonal &= keep;
        self.manticores &= keep;
        self.griffons &= keep;
        self.pawns &= keep;
        self
    }

    /// Whether some piece attacks `s` given `occ` (stops at the first found).
    #[inline]
    pub fn attack(&self, s: Square, occ: Bitboard) -> bool {
        let t = tables();
        let i = s.index();
        if (t.base.pawn[(!self.by).index()][i] & self.pawns).any() {
            return true;
        }
        for g in 0..self.group_count {
            if (t.groups[g].table[i] & self.groups[g]).any() {
                return true;
            }
        }
        if self.orthogonal.any() && (t.base.rook(s, occ) & self.orthogonal).any() {
            return true;
        }
        if self.diagonal.any() && (t.base.bishop(s, occ) & self.diagonal).any() {
            return true;
        }
        for m in t.manticore.reach[i] & self.manticores {
            if (t.manticore.path(m, s) & occ).is_empty() {
                return true;
            }
        }
        for g in t.griffon.reach[i] & self.griffons {
            if (t.griffon.path(g, s) & occ).is_empty() {
                return true;
            }
        }
        false
    }
}

/// Every piece of `by` that attacks `s` given `occ`, found from the square's side: the few
/// pieces a leap, a slide or a bent path could connect are tested one by one (cheaper than
/// [`Attackers::new`] when only one square is asked about).
#[inline]
pub(crate) fn attackers_to(board: &Board<KINDS>, s: Square, by: Color, occ: Bitboard) -> Bitboard {
    let t = tables();
    let i = s.index();
    let them = board.color(by);
    let mut out = t.base.pawn[(!by).index()][i] & board.pieces(by, PAWN);
    for c in t.any_leap[i] & them {
        if t.leaps[board.piece_at(c).kind() as usize][c.index()].contains(s) {
            out.set(c);
        }
    }
    for c in t.base.rook(s, occ) & them {
        if t.kind_groups[board.piece_at(c).kind() as usize] & ORTHOGONAL_BIT != 0 {
            out.set(c);
        }
    }
    for c in t.base.bishop(s, occ) & them {
        if t.kind_groups[board.piece_at(c).kind() as usize] & DIAGONAL_BIT != 0 {
            out.set(c);
        }
    }
    for m in t.manticore.reach[i] & board.pieces(by, MANTICORE) {
        if (t.manticore.path(m, s) & occ).is_empty() {
            out.set(m);
        }
    }
    for g in t.griffon.reach[i] & board.pieces(by, GRIFFON) {
        if (t.griffon.path(g, s) & occ).is_empty() {
            out.set(g);
        }
    }
    out
}

/// The squares on which a piece would block the attack of the piece on `from` against `to`
/// (empty when the attack is a leap or a step): the slide's squares in between, or the bent
/// rider's path. `kind` is the attacker's kind.
#[inline]
pub(crate) fn block_squares(kind: u8, from: Square, to: Square) -> Bitboard {
    let t = tables();
    match kind {
        MANTICORE => t.manticore.path(from, to),
        GRIFFON => t.griffon.path(from, to),
        // A leap reaches its target whatever stands between (the ArchMage up to distance 3).
        _ if t.leaps[kind as usize][from.index()].contains(to) => Bitboard::EMPTY,
        _ => t.base.between(from, to),
    }
}

/// The squares a piece of `kind` on `from` attacks given `occ` (ARC-80; the Pawn's are its
/// diagonally forward squares, so its colour is needed).
#[inline]
pub(crate) fn attacks_of(kind: u8, color: Color, from: Square, occ: Bitboard) -> Bitboard {
    let t = tables();
    let i = from.index();
    let m = &MOVEMENT[kind as usize];
    let mut out = t.leaps[kind as usize][i];
    if kind == PAWN {
        return t.base.pawn[color.index()][i];
    }
    if m.orthogonal_slide {
        out |= t.base.rook(from, occ);
    }
    if m.diagonal_slide {
        out |= t.base.bishop(from, occ);
    }
    match kind {
        MANTICORE => out |= t.manticore.attacks(&t.base, from, occ),
        GRIFFON => out |= t.griffon.attacks(&t.base, from, occ),
        _ => {}
    }
    out
}
