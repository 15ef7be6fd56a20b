//! The piece placement shared by every variant: bitboards per colour and per kind, a mailbox, and
//! the incrementally updated Zobrist key of the placement.

use crate::bitboard::Bitboard;
use crate::piece::{Color, Piece};
use crate::square::{Square, SQUARE_COUNT};
use crate::zobrist;

/// `K` is the number of piece kinds of the variant (chess: 6, ArchMage: 20).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board<const K: usize> {
    colors: [Bitboard; 2],
    kinds: [Bitboard; K],
    squares: [Piece; SQUARE_COUNT],
    hash: u64,
}

impl<const K: usize> Default for Board<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const K: usize> Board<K> {
    pub fn new() -> Self {
        Board {
            colors: [Bitboard::EMPTY; 2],
            kinds: [Bitboard::EMPTY; K],
            squares: [Piece::NONE; SQUARE_COUNT],
            hash: 0,
        }
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.squares[sq.index()]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    #[inline]
    pub fn color(&self, c: Color) -> Bitboard {
        self.colors[c.index()]
    }

    #[inline]
    pub fn kind(&self, kind: u8) -> Bitboard {
        self.kinds[kind as usize]
    }

    #[inline]
    pub fn pieces(&self, c: Color, kind: u8) -> Bitboard {
        self.colors[c.index()] & self.kinds[kind as usize]
    }

    /// Zobrist key of the placement alone.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq.index()].is_none() && piece.is_some());
        self.squares[sq.index()] = piece;
        self.colors[piece.color().index()].set(sq);
        self.kinds[piece.kind() as usize].set(sq);
        self.hash ^= zobrist::piece_square(piece, sq);
    }

    /// Removes and returns the piece on the occupied square `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Piece {
        let piece = self.squares[sq.index()];
        debug_assert!(piece.is_some());
        self.squares[sq.index()] = Piece::NONE;
        self.colors[piece.color().index()].clear(sq);
        self.kinds[piece.kind() as usize].clear(sq);
        self.hash ^= zobrist::piece_square(piece, sq);
        piece
    }

    /// Moves the piece on `from` to the empty square `to`.
    #[inline]
    pub fn relocate(&mut self, from: Square, to: Square) {
        let piece = self.squares[from.index()];
        debug_assert!(piece.is_some() && self.squares[to.index()].is_none());
        let both = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.squares[from.index()] = Piece::NONE;
        self.squares[to.index()] = piece;
        self.colors[piece.color().index()] ^= both;
        self.kinds[piece.kind() as usize] ^= both;
        self.hash ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, to);
    }

    /// The placement key computed from scratch.
    pub fn recompute_hash(&self) -> u64 {
        Square::all()
            .filter(|&sq| self.squares[sq.index()].is_some())
            .fold(0, |h, sq| {
                h ^ zobrist::piece_square(self.squares[sq.index()], sq)
            })
    }

    /// Checks that bitboards and mailbox agree (used by consistency tests).
    pub fn is_consistent(&self) -> bool {
        let mut colors = [Bitboard::EMPTY; 2];
        let mut kinds = [Bitboard::EMPTY; K];
        for sq in Square::all() {
            let p = self.squares[sq.index()];
            if p.is_some() {
                if p.kind() as usize >= K {
                    return false;
                }
                colors[p.color().index()].set(sq);
                kinds[p.kind() as usize].set(sq);
            }
        }
        colors == self.colors && kinds == self.kinds && self.hash == self.recompute_hash()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_remove_relocate_keep_hash_and_bitboards_consistent() {
        let mut b: Board<6> = Board::new();
        let wq = Piece::new(Color::White, 4);
        let bn = Piece::new(Color::Black, 1);
        b.put(Square::new(1, 1), wq);
        b.put(Square::new(5, 5), bn);
        assert!(b.is_consistent());
        b.relocate(Square::new(1, 1), Square::new(9, 9));
        assert!(b.is_consistent());
        assert_eq!(b.piece_at(Square::new(9, 9)), wq);
        assert_eq!(b.remove(Square::new(5, 5)), bn);
        assert!(b.is_consistent());
        assert_eq!(b.occupied().count(), 1);
        assert_eq!(b.pieces(Color::White, 4).lsb(), Square::new(9, 9));
    }
}
