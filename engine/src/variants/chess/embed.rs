//! Hooks for variants that keep their living pieces in an embedded chess position (Ghost Chess,
//! GHO-10): a turn made by a piece outside the chess board, and a position whose king was taken.

use super::*;

impl Chess {
    /// A turn made outside the chess pieces (a ghost's move, GHO-30): removes the living piece on
    /// `captured`, if any (castling rights go with a rook taken at home, GHO-11), clears en
    /// passant, advances the clocks (`irreversible` resets the 100-ply clock) and passes the
    /// turn. Returns the removed piece ([`Piece::NONE`] if none).
    pub(crate) fn play_outside(&mut self, captured: Option<Square>, irreversible: bool) -> Piece {
        let us = self.side;
        if let Some(ep) = self.ep.take() {
            self.state_hash ^= KEYS.en_passant[ep.index()];
        }
        let mut removed = Piece::NONE;
        if let Some(s) = captured {
            removed = self.board.remove(s);
            let keep = KEEP_MASK[s.index()];
            if self.castling & keep != self.castling {
                self.set_castling(self.castling & keep);
            }
        }
        self.halfmove = if irreversible || removed.is_some() {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        self.side = !us;
        self.state_hash ^= KEYS.side;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.checkers = if self.has_king(self.side) {
            self.compute_checkers()
        } else {
            Bitboard::EMPTY
        };
        removed
    }

    /// Whether `c` still has its king (a Ghost Chess king can be captured, GHO-52).
    #[inline]
    pub(crate) fn has_king(&self, c: Color) -> bool {
        self.board.pieces(c, KING).any()
    }

    /// Parses a chess FEN in which the side to move may have lost its king (GHO-52: the position
    /// right after a ghost took it). Everything else is validated as
    /// [`Fen::from_fen`](crate::rules::Fen::from_fen) does.
    pub(crate) fn from_fen_king_may_be_taken(fen: &str) -> Result<Chess, crate::errors::FenError> {
        fen::parse_with(fen, true)
    }
}

impl Chess {
    /// Whether `c`'s king is attacked by the enemy's pieces, found by the slow reference walk
    /// (for a second, independent legality test of moves made outside the chess pieces).
    pub(crate) fn king_attacked_reference(&self, c: Color) -> bool {
        self.has_king(c) && reference::attacked(&self.board, self.king_square(c), !c)
    }
}
