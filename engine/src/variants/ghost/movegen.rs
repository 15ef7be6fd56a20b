//! Fast legal generation of ghost moves (GHO-30..43) and the legality test of GHO-50 without
//! making the move: a quiet or edge move leaves the living pieces as they are, so it is legal
//! exactly when the mover is not in check; a capture on the board removes one enemy piece, so
//! it is legal when no enemy living piece attacks the mover's king once that piece is gone. A
//! capture of the enemy king is always legal.

use super::tables::tables;
use super::{decision, spawn, Ghost, PROMOTIONS};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::rules::{fide_terminal, MoveGen, Outcome, Position, SearchHooks};
use crate::square::Square;
use crate::variants::chess::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

/// Every square a ghost of `kind` and `color` on `from` reaches by its pattern, whatever
/// stands there (GHO-31 phasing, GHO-32 edge moves, GHO-41 steps, GHO-42 board captures).
pub fn ghost_pattern(kind: u8, color: Color, from: Square) -> Bitboard {
    let t = tables();
    let i = from.index();
    match kind {
        PAWN => t.pawn_steps[color.index()][i] | t.pawn_captures[color.index()][i],
        KNIGHT => t.frame.knight[i] | t.edge_line3[i],
        BISHOP => t.frame.bishop_empty(from) | t.edge_line3[i],
        ROOK => t.frame.rook_empty(from),
        QUEEN => t.frame.rook_empty(from) | t.frame.bishop_empty(from),
        _ => Bitboard::EMPTY,
    }
}

/// The squares the ghost on `from` may go to, ignoring check: its pattern filtered to the stops
/// GHO-30 allows (an empty edge square or an enemy ghost on the edge, an enemy living piece on
/// the board).
pub(super) fn ghost_targets(pos: &Ghost, from: Square) -> Bitboard {
    let t = tables();
    let ghost = pos.ghosts.piece_at(from);
    if ghost.is_none() {
        return Bitboard::EMPTY;
    }
    let us = ghost.color();
    let edge_ok = t.ring & !pos.ghosts.color(us);
    let board_ok = pos.living.board().color(!us);
    ghost_pattern(ghost.kind(), us, from) & (edge_ok | board_ok)
}

/// The ghosts of `by` that reach a square of `targets` on the board.
pub(super) fn ghosts_attacking(pos: &Ghost, by: Color, targets: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for s in pos.ghosts.color(by) {
        if (ghost_targets(pos, s) & targets).any() {
            out.set(s);
        }
    }
    out
}

impl MoveGen for Ghost {
    fn generate_legal(&self, moves: &mut MoveList) {
        if self.winner.is_some() {
            return;
        }
        if let Some(p) = self.pending {
            for (to, kind) in spawn::options(&self.ghosts, p.piece, p.capture_square) {
                moves.push(decision(to, p.piece.kind(), kind));
            }
            return;
        }
        self.living.generate_legal(moves);
        generate_ghost_moves(self, moves);
    }

    fn terminal(&self) -> Option<Outcome> {
        self.ended_by_rule().or_else(|| fide_terminal(self))
    }
}

pub(super) fn generate_ghost_moves(pos: &Ghost, moves: &mut MoveList) {
    let t = tables();
    let living = &pos.living;
    let us = living.side_to_move();
    let them = !us;
    let b = living.board();
    let ksq = b.pieces(us, KING).lsb();
    let enemy_king = b.pieces(them, KING);
    let in_check = living.in_check();
    let occ = b.occupied();
    // A capture on `s` is legal if no enemy living piece attacks the king once `s` is empty.
    let capture_is_safe = |s: Square| {
        let without = Bitboard::from_square(s);
        (living.attackers_to(ksq, occ ^ without, them) & !without).is_empty()
    };
    let last = t.last[us.index()];
    for from in pos.ghosts.color(us) {
        let kind = pos.ghosts.piece_at(from).kind();
        let targets = ghost_targets(pos, from);
        if !in_check {
            for to in targets & t.ring {
                if kind == PAWN && last.contains(to) {
                    for k in PROMOTIONS {
                        moves.push(Move::with_piece(from, to, MoveKind::Promotion, k));
                    }
                } else {
                    moves.push(Move::new(from, to, MoveKind::Normal));
                }
            }
        }
        for to in targets & t.board {
            if enemy_king.contains(to) || capture_is_safe(to) {
                moves.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }
}
