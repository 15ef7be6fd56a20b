//! A deliberately simple second generator for Ghost Chess, written from the rules alone: the
//! living pieces through the chess reference generator (GHO-10), the ghosts by walking square
//! offsets on the frame (no tables), legality by playing the move and looking (GHO-50), and the
//! spawn options straight from the definition of GHO-22 (no walk). Perft through it
//! cross-checks the fast generator.

use super::{decision, Ghost, PROMOTIONS};
use crate::board::Board;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Piece};
use crate::rules::{Position, Reference};
use crate::square::Square;
use crate::variants::chess::{BISHOP, KNIGHT, PAWN, QUEEN, ROOK};

use crate::tables::{DIAGONAL, KNIGHT_OFFSETS as KNIGHT_JUMPS, ORTHOGONAL};

fn on_board(s: Square) -> bool {
    (1..=8).contains(&s.col()) && (1..=8).contains(&s.row())
}

/// GHO-1: the frame squares outside the board, corners excluded.
fn on_edge(s: Square) -> bool {
    let corner = (s.col() == 0 || s.col() == 9) && (s.row() == 0 || s.row() == 9);
    !on_board(s) && !corner
}

fn exists(s: Square) -> bool {
    on_board(s) || on_edge(s)
}

fn step(s: Square, dc: i8, dr: i8) -> Option<Square> {
    s.offset(dc, dr).filter(|&t| exists(t))
}

/// GHO-43: z8 and i8 for White, z1 and i1 for Black.
fn is_last_square(s: Square, c: Color) -> bool {
    let row = if c == Color::White { 8 } else { 1 };
    on_edge(s) && s.row() == row
}

/// The spawn options by the definition of GHO-22 (and GHO-45): s is allowed when it holds no
/// ghost of the owner and every edge square strictly closer to q holds a ghost.
pub(super) fn spawn_options(ghosts: &Board<6>, piece: Piece, q: Square) -> Vec<(Square, u8)> {
    let dist = |s: Square| {
        let dc = s.col() as i32 - q.col() as i32;
        let dr = s.row() as i32 - q.row() as i32;
        dc * dc + dr * dr
    };
    let edge: Vec<Square> = Square::all().filter(|&s| on_edge(s)).collect();
    let mut out = Vec::new();
    for &s in &edge {
        let g = ghosts.piece_at(s);
        if g.is_some() && g.color() == piece.color() {
            continue;
        }
        let closer_all_taken = edge
            .iter()
            .filter(|&&e| dist(e) < dist(s))
            .all(|&e| ghosts.piece_at(e).is_some());
        if !closer_all_taken {
            continue;
        }
        if piece.kind() == PAWN && is_last_square(s, piece.color()) {
            out.extend(PROMOTIONS.iter().map(|&k| (s, k)));
        } else {
            out.push((s, piece.kind()));
        }
    }
    out
}

/// Where a ghost of `us` may stop (GHO-30): an empty edge square, an enemy ghost, or an enemy
/// living piece on the board.
fn may_stop(pos: &Ghost, to: Square, us: Color) -> bool {
    if on_edge(to) {
        let g = pos.ghosts.piece_at(to);
        g.is_none() || g.color() != us
    } else {
        let p = pos.living.board().piece_at(to);
        p.is_some() && p.color() != us
    }
}

fn ghost_moves(pos: &Ghost, from: Square, ghost: Piece, moves: &mut MoveList) {
    let us = ghost.color();
    let mut add = |to: Square| {
        if may_stop(pos, to, us) {
            moves.push(Move::new(from, to, MoveKind::Normal));
        }
    };
    // GHO-31: rays pass through everything until a corner or the frame's end.
    let slide = |dirs: &[(i8, i8)], add: &mut dyn FnMut(Square)| {
        for &(dc, dr) in dirs {
            let mut cur = from;
            while let Some(next) = step(cur, dc, dr) {
                add(next);
                cur = next;
            }
        }
    };
    // GHO-32: 1..3 squares along the ghost's own edge line, never round a corner.
    let edge_line = |add: &mut dyn FnMut(Square)| {
        let dirs: [(i8, i8); 2] = if from.row() == 0 || from.row() == 9 {
            [(1, 0), (-1, 0)]
        } else {
            [(0, 1), (0, -1)]
        };
        for (dc, dr) in dirs {
            for k in 1..=3 {
                match step(from, dc * k, dr * k) {
                    Some(t) if on_edge(t) => add(t),
                    _ => break,
                }
            }
        }
    };
    match ghost.kind() {
        KNIGHT => {
            for (dc, dr) in KNIGHT_JUMPS {
                if let Some(t) = step(from, dc, dr) {
                    add(t);
                }
            }
            edge_line(&mut add);
        }
        BISHOP => {
            slide(&DIAGONAL, &mut add);
            edge_line(&mut add);
        }
        ROOK => slide(&ORTHOGONAL, &mut add),
        QUEEN => {
            slide(&ORTHOGONAL, &mut add);
            slide(&DIAGONAL, &mut add);
        }
        _ => pawn_moves(pos, from, us, moves),
    }
}

/// GHO-40..43: edge steps forward or sideways, diagonal-forward captures onto the board.
fn pawn_moves(pos: &Ghost, from: Square, us: Color, moves: &mut MoveList) {
    let up = if us == Color::White { 1 } else { -1 };
    for (dc, dr) in [(0, up), (-1, 0), (1, 0)] {
        let Some(to) = step(from, dc, dr).filter(|&t| on_edge(t)) else {
            continue;
        };
        if !may_stop(pos, to, us) {
            continue;
        }
        if is_last_square(to, us) {
            for k in PROMOTIONS {
                moves.push(Move::with_piece(from, to, MoveKind::Promotion, k));
            }
        } else {
            moves.push(Move::new(from, to, MoveKind::Normal));
        }
    }
    for dc in [-1, 1] {
        if let Some(to) = step(from, dc, up).filter(|&t| on_board(t)) {
            if may_stop(pos, to, us) {
                moves.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }
}

impl Reference for Ghost {
    fn recompute_hash(&self) -> u64 {
        self.living.recompute_hash() ^ self.ghosts.recompute_hash() ^ self.pending_key()
    }

    fn generate_pseudo_legal(&self, moves: &mut MoveList) {
        if self.winner.is_some() {
            return;
        }
        if let Some(p) = self.pending {
            for (to, kind) in spawn_options(&self.ghosts, p.piece, p.capture_square) {
                moves.push(decision(to, p.piece.kind(), kind));
            }
            return;
        }
        self.living.generate_pseudo_legal(moves);
        let us = self.side_to_move();
        for from in Square::all().filter(|&s| on_edge(s)) {
            let g = self.ghosts.piece_at(from);
            if g.is_some() && g.color() == us {
                ghost_moves(self, from, g, moves);
            }
        }
    }

    /// GHO-50: play the move and look: legal if it took the enemy king, or the mover's king is not
    /// attacked by an enemy living piece afterwards (spawns never matter: ghosts give no check).
    fn is_legal_pseudo(&self, mv: Move) -> bool {
        if mv.kind() == MoveKind::Decision {
            return true;
        }
        if !self.is_ghost_move(mv) {
            return self.living.is_legal_pseudo(mv);
        }
        let us = self.side_to_move();
        let mut after = self.clone();
        after.play(mv);
        after.winner == Some(us) || !after.living.king_attacked_reference(us)
    }
}
