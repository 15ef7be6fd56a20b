//! What chess and ArchMage do alike with the turn state they share: the side to move, the
//! en-passant square, the counters, the checkers and the key of those, kept under the same
//! field names and hashed with the same keys (`zobrist::KEYS`). The code is written once here
//! and expanded into both position types (`fide_turn_methods!()` in their `impl` blocks), so
//! the hot paths stay monomorphized and field accesses direct.

/// Expands into an `impl` block of a type with the fields `board`, `side`, `ep`, `halfmove`,
/// `fullmove`, `checkers` and `state_hash`, and the methods `compute_checkers`,
/// `en_passant_capture_is_legal` and `in_check`:
/// - the accessors `castling()`, `en_passant()`, `checkers()` and `fullmove()`;
/// - `pass_turn(mv, us)`: the end of a move after the board is updated: the other side to
///   move, the counters, the checkers, and the en-passant square after a double step, kept
///   only when the capture onto it is legal (FIDE 9.2, ARC-92);
/// - `settle_read_state(ep)`: the end of reading a FEN: the en-passant square `ep` as written
///   kept only if it is real (a pawn just double-stepped past it and a capture onto it is
///   legal, FIDE 9.2, ARC-92), then the key of the whole state;
/// - `clear_en_passant()`: the start of a move, the last move's en-passant square lapsed;
/// - `capture_en_passant(from, to)`: the board part of an en-passant capture;
/// - `null_position()`: the position after a null move, `None` in check and when the mover
///   has only its king and pawns (where a pass would be unsound in zugzwang).
macro_rules! fide_turn_methods {
    () => {
        /// Castling rights: the bits `WHITE_KINGSIDE` .. `BLACK_QUEENSIDE`.
        pub fn castling(&self) -> u8 {
            self.castling
        }

        /// The square a pawn may take en passant on, when that capture is legal.
        pub fn en_passant(&self) -> Option<$crate::square::Square> {
            self.ep
        }

        /// Enemy pieces giving check to the side to move.
        pub fn checkers(&self) -> $crate::bitboard::Bitboard {
            self.checkers
        }

        pub fn fullmove(&self) -> u32 {
            self.fullmove as u32
        }

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

        /// The start of a move: the en-passant square of the last one lapses.
        #[inline(always)]
        fn clear_en_passant(&mut self) {
            if let Some(ep) = self.ep.take() {
                self.state_hash ^= $crate::zobrist::KEYS.en_passant[ep.index()];
            }
        }

        /// The board part of an en-passant capture: the pawn that double-stepped past `to`
        /// leaves, the capturer goes from `from` to `to`, the halfmove counter restarts.
        fn capture_en_passant(&mut self, from: $crate::square::Square, to: $crate::square::Square) {
            self.board
                .remove($crate::square::Square::new(to.col(), from.row()));
            self.board.relocate(from, to);
            self.halfmove = 0;
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

/// Expands into the `Position` impl of the same types: the queries that read that shared
/// state alike (the side to move, the key of board and state, `in_check` from the checkers,
/// `halfmove_clock` from the counter).
macro_rules! fide_position_queries {
    () => {
        #[inline]
        fn side_to_move(&self) -> $crate::piece::Color {
            self.side
        }

        #[inline]
        fn hash(&self) -> u64 {
            self.board.hash() ^ self.state_hash
        }

        #[inline]
        fn in_check(&self) -> bool {
            self.checkers.any()
        }

        fn halfmove_clock(&self) -> u32 {
            self.halfmove as u32
        }
    };
}
