//! A set of frame squares as one `u128` (bits 0..100).

use crate::square::{Square, SQUARE_COUNT};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Bit `i` is square index `i`. Bits 100..128 are always zero.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

/// All 100 frame squares.
pub const ALL_SQUARES: u128 = (1u128 << SQUARE_COUNT) - 1;

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(ALL_SQUARES);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        (self.0 >> sq.index()) & 1 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square set.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Lowest square; the set must not be empty.
    #[inline]
    pub const fn lsb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index(self.0.trailing_zeros() as u8)
    }

    /// Highest square; the set must not be empty.
    #[inline]
    pub const fn msb(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::from_index(127 - self.0.leading_zeros() as u8)
    }

    #[inline]
    pub fn set(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    #[inline]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    /// Shift towards higher rows (north) by `rows`.
    #[inline]
    pub const fn north(self, rows: u32) -> Bitboard {
        Bitboard((self.0 << (10 * rows)) & ALL_SQUARES)
    }

    /// Shift towards lower rows (south) by `rows`.
    #[inline]
    pub const fn south(self, rows: u32) -> Bitboard {
        Bitboard(self.0 >> (10 * rows))
    }

    pub fn iter(self) -> BitIter {
        BitIter(self.0)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitIter;
    fn into_iter(self) -> BitIter {
        BitIter(self.0)
    }
}

/// Iterates the squares of a set from lowest to highest.
pub struct BitIter(u128);

impl Iterator for BitIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitIter {}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the 100 frame squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_SQUARES)
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Bitboard(")?;
        for row in (0..10).rev() {
            for col in 0..10 {
                let on = self.contains(Square::new(col, row));
                write!(f, "{}", if on { 'x' } else { '.' })?;
            }
            writeln!(f)?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_ops_and_iteration() {
        let mut b = Bitboard::EMPTY;
        b.set(Square::new(3, 4));
        b.set(Square::new(9, 9));
        b.set(Square::new(0, 0));
        assert_eq!(b.count(), 3);
        assert_eq!(b.lsb(), Square::new(0, 0));
        assert_eq!(b.msb(), Square::new(9, 9));
        let v: Vec<_> = b.iter().collect();
        assert_eq!(
            v,
            vec![Square::new(0, 0), Square::new(3, 4), Square::new(9, 9)]
        );
        assert!(b.more_than_one());
        b.clear(Square::new(0, 0));
        assert!(!b.contains(Square::new(0, 0)));
        assert_eq!((!Bitboard::EMPTY).count(), 100);
        assert_eq!(
            Bitboard::from_square(Square::new(9, 9)).north(1),
            Bitboard::EMPTY
        );
        assert_eq!(
            Bitboard::from_square(Square::new(2, 2)).south(2),
            Bitboard::from_square(Square::new(2, 0))
        );
    }
}
