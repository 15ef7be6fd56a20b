//! A deliberately simple second move generator for chess, written from the rules alone on the
//! mailbox (square offsets, no bitboard tables): pseudo-legal moves plus a play-and-look legality
//! test. Perft through it cross-checks the fast generator.

use super::*;
use crate::rules::Reference;

use crate::tables::{
    DIAGONAL as BISHOP_DIRS, KNIGHT_OFFSETS as KNIGHT_JUMPS, ORTHOGONAL as ROOK_DIRS,
};

/// The square `(dc, dr)` away if it is on the 8x8 board.
fn step(s: Square, dc: i8, dr: i8) -> Option<Square> {
    s.offset(dc, dr)
        .filter(|t| (1..=8).contains(&t.col()) && (1..=8).contains(&t.row()))
}

/// Whether `by` attacks `target`, found by walking outwards from the target.
pub(super) fn attacked(board: &Board<6>, target: Square, by: Color) -> bool {
    let holds = |s: Option<Square>, kinds: &[u8]| {
        s.map(|s| board.piece_at(s))
            .is_some_and(|p| p.is_some() && p.color() == by && kinds.contains(&p.kind()))
    };
    let pawn_dr = if by == Color::White { -1 } else { 1 };
    if holds(step(target, -1, pawn_dr), &[PAWN]) || holds(step(target, 1, pawn_dr), &[PAWN]) {
        return true;
    }
    if KNIGHT_JUMPS
        .iter()
        .any(|&(dc, dr)| holds(step(target, dc, dr), &[KNIGHT]))
    {
        return true;
    }
    if ROOK_DIRS
        .iter()
        .chain(&BISHOP_DIRS)
        .any(|&(dc, dr)| holds(step(target, dc, dr), &[KING]))
    {
        return true;
    }
    for (dirs, kinds) in [(&ROOK_DIRS, [ROOK, QUEEN]), (&BISHOP_DIRS, [BISHOP, QUEEN])] {
        for &(dc, dr) in dirs {
            let mut cur = target;
            while let Some(next) = step(cur, dc, dr) {
                let p = board.piece_at(next);
                if p.is_some() {
                    if p.color() == by && kinds.contains(&p.kind()) {
                        return true;
                    }
                    break;
                }
                cur = next;
            }
        }
    }
    false
}

fn king_of(board: &Board<6>, c: Color) -> Square {
    Square::all()
        .find(|&s| board.piece_at(s) == Piece::new(c, KING))
        .expect("one king per side")
}

impl Reference for Chess {
    fn recompute_hash(&self) -> u64 {
        self.board.recompute_hash() ^ KEYS.fide_state(self.side, self.castling, self.ep)
    }

    fn generate_pseudo_legal(&self, moves: &mut MoveList) {
        let b = &self.board;
        let us = self.side;
        let free_or_enemy = |s: Square| {
            let p = b.piece_at(s);
            p.is_none() || p.color() != us
        };
        for from in Square::all() {
            let p = b.piece_at(from);
            if p.is_none() || p.color() != us {
                continue;
            }
            let mut add_steps = |offsets: &[(i8, i8)], slide: bool| {
                for &(dc, dr) in offsets {
                    let mut cur = from;
                    while let Some(to) = step(cur, dc, dr) {
                        if free_or_enemy(to) {
                            moves.push(Move::new(from, to, MoveKind::Normal));
                        }
                        if !slide || b.piece_at(to).is_some() {
                            break;
                        }
                        cur = to;
                    }
                }
            };
            match p.kind() {
                KNIGHT => add_steps(&KNIGHT_JUMPS, false),
                BISHOP => add_steps(&BISHOP_DIRS, true),
                ROOK => add_steps(&ROOK_DIRS, true),
                QUEEN => {
                    add_steps(&ROOK_DIRS, true);
                    add_steps(&BISHOP_DIRS, true);
                }
                KING => {
                    add_steps(&ROOK_DIRS, false);
                    add_steps(&BISHOP_DIRS, false);
                }
                _ => pawn_moves(self, from, moves),
            }
        }
        castling_moves(self, moves);
    }

    /// Play the move on a copy and look whether the mover's king is attacked.
    fn is_legal_pseudo(&self, mv: Move) -> bool {
        let mut after = self.clone();
        after.play(mv);
        let us = self.side;
        !attacked(&after.board, king_of(&after.board, us), !us)
    }
}

fn pawn_moves(pos: &Chess, from: Square, moves: &mut MoveList) {
    let b = &pos.board;
    let us = pos.side;
    let (dr, start_row, last_row) = if us == Color::White {
        (1, 2, 8)
    } else {
        (-1, 7, 1)
    };
    let mut add = |to: Square, kind: MoveKind| {
        if to.row() == last_row {
            for k in [QUEEN, ROOK, BISHOP, KNIGHT] {
                moves.push(Move::with_piece(from, to, MoveKind::Promotion, k));
            }
        } else {
            moves.push(Move::new(from, to, kind));
        }
    };
    if let Some(one) = step(from, 0, dr).filter(|&s| b.piece_at(s).is_none()) {
        add(one, MoveKind::Normal);
        if from.row() == start_row {
            if let Some(two) = step(one, 0, dr).filter(|&s| b.piece_at(s).is_none()) {
                add(two, MoveKind::DoublePush);
            }
        }
    }
    for dc in [-1, 1] {
        if let Some(to) = step(from, dc, dr) {
            let p = b.piece_at(to);
            if p.is_some() && p.color() != us {
                add(to, MoveKind::Normal);
            } else if pos.ep == Some(to) {
                add(to, MoveKind::EnPassant);
            }
        }
    }
}

fn castling_moves(pos: &Chess, moves: &mut MoveList) {
    let b = &pos.board;
    let us = pos.side;
    let rank = if us == Color::White { 0 } else { 7 };
    let rights = if us == Color::White {
        [WHITE_KINGSIDE, WHITE_QUEENSIDE]
    } else {
        [BLACK_KINGSIDE, BLACK_QUEENSIDE]
    };
    let king = sq(4, rank);
    // (right, squares that must be empty, squares the king passes that must not be attacked, destination)
    let sides = [
        (rights[0], &[5u8, 6][..], [4u8, 5], 6u8),
        (rights[1], &[1u8, 2, 3][..], [4u8, 3], 2u8),
    ];
    for (right, empty, safe, dest) in sides {
        if pos.castling & right == 0 {
            continue;
        }
        if empty.iter().any(|&f| b.piece_at(sq(f, rank)).is_some()) {
            continue;
        }
        if safe.iter().any(|&f| attacked(b, sq(f, rank), !us)) {
            continue;
        }
        moves.push(Move::new(king, sq(dest, rank), MoveKind::Castle));
    }
}
