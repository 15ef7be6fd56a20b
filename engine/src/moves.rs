//! One compact move type for every action of every variant.
//!
//! Layout of the `u64` (see `docs/notation.md` for the tokens):
//! - bits 0..7: from square (127 = none, e.g. a drop or a decision)
//! - bits 7..14: to square (127 = none, e.g. a pass)
//! - bits 14..18: [`MoveKind`]
//! - bits 18..25: piece kind (promotion result, dropped or placed piece; 127 = none)
//! - bits 25..32: parameter (invoke id, decision option, castling side, ...)
//! - bits 32..64: extension payload (Hobgoblin moving sets and mutation choices, invoke arguments)

use crate::square::Square;
use std::fmt;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum MoveKind {
    Normal = 0,
    DoublePush = 1,
    EnPassant = 2,
    Castle = 3,
    Promotion = 4,
    Drop = 5,
    Switch = 6,
    Invoke = 7,
    /// A G5 decision step by the player who is not moving.
    Decision = 8,
    /// A placement action of a pre-game phase (Eldritch).
    Placement = 9,
    /// Hobgoblin link step.
    Link = 10,
    /// Hobgoblin unlink step.
    Unlink = 11,
    /// Declining an optional continuation (Eldritch Lightning Bolt `0000`).
    Pass = 12,
    /// The null move of search (never legal in a game).
    Null = 13,
    /// A chance outcome (G6: Hobgoblin explosions; ext = the exploding sites).
    Chance = 14,
}

impl MoveKind {
    const ALL: [MoveKind; 15] = [
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::Promotion,
        MoveKind::Drop,
        MoveKind::Switch,
        MoveKind::Invoke,
        MoveKind::Decision,
        MoveKind::Placement,
        MoveKind::Link,
        MoveKind::Unlink,
        MoveKind::Pass,
        MoveKind::Null,
        MoveKind::Chance,
    ];
}

const NO_SQUARE: u64 = 127;
const NO_PIECE: u64 = 127;

#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(u64);

impl Move {
    /// The plain coordinate token (`e2e4`, `e7e8q`, `0000` for a null move) on an 8x8 board:
    /// from, to, and the promotion piece's letter from `letters` (`default_promotion` where the
    /// move names none).
    pub fn coordinate_token(self, letters: &[char], default_promotion: u8) -> String {
        let g = crate::square::Geometry::Framed8;
        if self.kind() == MoveKind::Null {
            return "0000".to_string();
        }
        let mut s = String::with_capacity(5);
        g.write_name(self.from(), &mut s);
        g.write_name(self.to(), &mut s);
        if self.kind() == MoveKind::Promotion {
            s.push(letters[self.piece_kind().unwrap_or(default_promotion) as usize]);
        }
        s
    }

    pub const NULL: Move =
        Move(NO_SQUARE | NO_SQUARE << 7 | (MoveKind::Null as u64) << 14 | NO_PIECE << 18);

    /// A move from one square to another with no extra data.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u64 | (to.index() as u64) << 7 | (kind as u64) << 14 | NO_PIECE << 18)
    }

    /// A move that also names a piece kind (promotion result, placed piece).
    #[inline]
    pub const fn with_piece(from: Square, to: Square, kind: MoveKind, piece_kind: u8) -> Move {
        Move(
            from.index() as u64
                | (to.index() as u64) << 7
                | (kind as u64) << 14
                | (piece_kind as u64) << 18,
        )
    }

    /// A drop of `piece_kind` from the hand onto `to`.
    #[inline]
    pub const fn drop(piece_kind: u8, to: Square) -> Move {
        Move(
            NO_SQUARE
                | (to.index() as u64) << 7
                | (MoveKind::Drop as u64) << 14
                | (piece_kind as u64) << 18,
        )
    }

    /// The general constructor: any field may be absent.
    pub const fn build(
        from: Option<Square>,
        to: Option<Square>,
        kind: MoveKind,
        piece_kind: Option<u8>,
        param: u8,
        ext: u32,
    ) -> Move {
        let f = match from {
            Some(s) => s.index() as u64,
            None => NO_SQUARE,
        };
        let t = match to {
            Some(s) => s.index() as u64,
            None => NO_SQUARE,
        };
        let p = match piece_kind {
            Some(k) => k as u64 & 127,
            None => NO_PIECE,
        };
        Move(
            f | t << 7
                | (kind as u64) << 14
                | p << 18
                | ((param & 127) as u64) << 25
                | (ext as u64) << 32,
        )
    }

    #[inline]
    pub const fn raw(self) -> u64 {
        self.0
    }

    /// Rebuilds a move from [`Move::raw`]; `None` if the bits are not a valid move.
    pub fn from_raw(raw: u64) -> Option<Move> {
        let m = Move(raw);
        let sq_ok = |v: u64| v < 100 || v == NO_SQUARE;
        let kind = ((raw >> 14) & 15) as usize;
        if sq_ok(raw & 127) && sq_ok((raw >> 7) & 127) && kind < MoveKind::ALL.len() {
            Some(m)
        } else {
            None
        }
    }

    /// The from-square; panics on moves that have none (drops, decisions): use [`Move::from_opt`].
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 127) as u8)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index(((self.0 >> 7) & 127) as u8)
    }

    pub const fn from_opt(self) -> Option<Square> {
        let v = self.0 & 127;
        if v == NO_SQUARE {
            None
        } else {
            Some(Square::from_index(v as u8))
        }
    }

    pub const fn to_opt(self) -> Option<Square> {
        let v = (self.0 >> 7) & 127;
        if v == NO_SQUARE {
            None
        } else {
            Some(Square::from_index(v as u8))
        }
    }

    #[inline]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[((self.0 >> 14) & 15) as usize]
    }

    /// The piece kind carried by the move (promotion, drop, placement), if any.
    #[inline]
    pub const fn piece_kind(self) -> Option<u8> {
        let p = (self.0 >> 18) & 127;
        if p == NO_PIECE {
            None
        } else {
            Some(p as u8)
        }
    }

    #[inline]
    pub const fn param(self) -> u8 {
        ((self.0 >> 25) & 127) as u8
    }

    #[inline]
    pub const fn ext(self) -> u32 {
        (self.0 >> 32) as u32
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({:?} {:?}->{:?} piece={:?} param={} ext={})",
            self.kind(),
            self.from_opt(),
            self.to_opt(),
            self.piece_kind(),
            self.param(),
            self.ext()
        )
    }
}

/// Moves a list holds on the stack: every position of the chess-like variants fits (ArchMage
/// with switches and drops stays below it).
pub const MAX_MOVES: usize = 256;

/// A move list that lives on the stack and moves to the heap only when a position has more
/// than [`MAX_MOVES`] actions: a Hobgoblin crowd's moving sets, modes and mutation choices
/// have no useful bound (HOB-40, HOB-51), and a dropped action would be a wrong perft.
pub type MoveList = smallvec::SmallVec<[Move; MAX_MOVES]>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let a = Square::new(3, 4);
        let b = Square::new(9, 9);
        for kind in MoveKind::ALL {
            let m = Move::build(Some(a), Some(b), kind, Some(42), 99, 0xDEAD_BEEF);
            assert_eq!(m.from(), a);
            assert_eq!(m.to(), b);
            assert_eq!(m.kind(), kind);
            assert_eq!(m.piece_kind(), Some(42));
            assert_eq!(m.param(), 99);
            assert_eq!(m.ext(), 0xDEAD_BEEF);
            assert_eq!(Move::from_raw(m.raw()), Some(m));
        }
        let d = Move::drop(7, b);
        assert_eq!(d.from_opt(), None);
        assert_eq!(d.to(), b);
        assert_eq!(d.kind(), MoveKind::Drop);
        assert_eq!(Move::NULL.kind(), MoveKind::Null);
        assert_eq!(Move::new(a, b, MoveKind::Normal).piece_kind(), None);
        assert_eq!(Move::from_raw(u64::MAX), None);
    }
}
