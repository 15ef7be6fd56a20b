//! What chess and ArchMage do alike with the turn state they share: the side to move, the
//! en-passant square, the counters, the checkers and the key of those, kept under the same
//! field names and hashed with the same keys (`zobrist::KEYS`). The code is written once here
//! and expanded into both position types (`fide_turn_methods!()` in their `impl` blocks), so
//! the hot paths stay monomorphized and field accesses direct.

/// Expands into an `impl` block of a type with the fields `board`, `side`, `ep`, `halfmove`,
/// `fullmove`, `checkers` and `state_hash`, and the methods `compute_checkers`,
/// `en_passant_capture_is_legal` and `in_check`:
/// - `pass_turn(mv, us)`: the end of a move after the board is updated: the other side to
///   move, the counters, the checkers, and the en-passant square after a double step, kept
///   only when the capture onto it is legal (FIDE 9.2, ARC-92);
/// - `settle_read_state(ep)`: the end of reading a FEN: the en-passant square `ep` as written
///   kept only if it is real (a pawn just double-stepped past it and a capture onto it is
///   legal, FIDE 9.2, ARC-92), then the key of the whole state;
/// - `null_position()`: the position after a null move, `None` in check and when the mover
///   has only its king and pawns (where a pass would be unsound in zugzwang).
macro_rules! fide_turn_methods {
    () => {
        // Always inlined: it ends `play`, the perft and search hot path (measured: chess
        // perft 6% slower as a call).
        #[inline(always)]
        fn pass_turn(&mut self, mv: $crate::moves::Move, us: $crate::piece::Color) {
            self.side = !us;
            self.state_hash ^= $crate::zobrist::KEYS.side;
            if us == $crate::piece::Color::Black {
                self.fullmove = self.fullmove.saturating_add(1);
            }
            self.checkers = self.compute_checkers();
            if mv.kind() == $crate::moves::MoveKind::DoublePush {
                // Only a double step has a from square here: drops have none.
                let (from, to) = (mv.from(), mv.to());
                let ep = $crate::square::Square::new(from.col(), (from.row() + to.row()) / 2);
                if self.en_passant_capture_is_legal(ep) {
                    self.ep = Some(ep);
                    self.state_hash ^= $crate::zobrist::KEYS.en_passant[ep.index()];
                }
            }
        }

        fn settle_read_state(&mut self, ep: Option<$crate::square::Square>) {
            if let Some(s) = ep {
                if $crate::fen_fields::double_stepped_past(&self.board, s, self.side, PAWN)
                    && self.en_passant_capture_is_legal(s)
                {
                    self.ep = Some(s);
                }
            }
            self.state_hash = $crate::rules::Reference::recompute_hash(self) ^ self.board.hash();
        }

        fn null_position(&self) -> Option<Self> {
            let us = self.board.color(self.side);
            if self.in_check() || (us & !(self.board.kind(PAWN) | self.board.kind(KING))).is_empty()
            {
                return None;
            }
            let mut next = self.clone();
            if let Some(ep) = next.ep.take() {
                next.state_hash ^= $crate::zobrist::KEYS.en_passant[ep.index()];
            }
            next.side = !self.side;
            next.state_hash ^= $crate::zobrist::KEYS.side;
            next.halfmove = next.halfmove.saturating_add(1);
            next.checkers = $crate::bitboard::Bitboard::EMPTY;
            Some(next)
        }
    };
}
