//! Fast legal move generation for chess: check evasion masks, pins and a direct en-passant test,
//! so no move is made to find out whether it is legal.

use super::*;
use crate::pawn_shift::{origin, push_pawn_shift, shift};
use crate::rules::MoveGen;

#[inline]
fn push_promotions(moves: &mut MoveList, from: Square, to: Square) {
    for kind in [QUEEN, ROOK, BISHOP, KNIGHT] {
        moves.push(Move::with_piece(from, to, MoveKind::Promotion, kind));
    }
}

/// Plain moves from `from` to each square of `targets`.
#[inline]
fn push_moves(moves: &mut MoveList, from: Square, targets: Bitboard) {
    for to in targets {
        moves.push(Move::new(from, to, MoveKind::Normal));
    }
}

impl MoveGen for Chess {
    fn generate_legal(&self, moves: &mut MoveList) {
        generate::<false>(self, moves);
    }

    /// Captures, en passant and promotions only (for quiescence, when not in check).
    fn generate_tactical(&self, moves: &mut MoveList) {
        generate::<true>(self, moves);
    }
}

fn generate<const TACTICAL: bool>(pos: &Chess, moves: &mut MoveList) {
    let t = tables();
    let b = &pos.board;
    let us = pos.side;
    let them = !us;
    let own = b.color(us);
    let opp = b.color(them);
    let occ = own | opp;
    let ksq = pos.king_square(us);

    // King steps: test each target with the king removed, so it cannot hide behind itself.
    let occ_without_king = occ ^ Bitboard::from_square(ksq);
    let king_targets = if TACTICAL { opp } else { !own };
    for to in t.king[ksq.index()] & king_targets {
        if pos.attackers_to(to, occ_without_king, them).is_empty() {
            moves.push(Move::new(ksq, to, MoveKind::Normal));
        }
    }
    let checkers = pos.checkers;
    if checkers.more_than_one() {
        return;
    }
    let mut target = if checkers.any() {
        let checker = checkers.lsb();
        t.between(ksq, checker) | checkers
    } else {
        !own & *BOARD
    };
    // Pawn pushes to the last rank are tactical too; they keep the full target.
    let pawn_target = target;
    if TACTICAL {
        target &= opp;
    }

    // Pinned pieces: own pieces alone between the king and an enemy slider.
    let queens = b.pieces(them, QUEEN);
    let snipers = (t.rook_empty(ksq) & (b.pieces(them, ROOK) | queens))
        | (t.bishop_empty(ksq) & (b.pieces(them, BISHOP) | queens));
    let mut pinned = Bitboard::EMPTY;
    for s in snipers {
        let blockers = t.between(ksq, s) & occ;
        if !blockers.more_than_one() && (blockers & own).any() {
            pinned |= blockers;
        }
    }

    for from in b.pieces(us, KNIGHT) & !pinned {
        push_moves(moves, from, t.knight[from.index()] & target);
    }
    // A pinned slider keeps to its pin line.
    let pin_kept = |from: Square, att: Bitboard| {
        if pinned.contains(from) {
            att & t.line_through(ksq, from)
        } else {
            att
        }
    };
    let our_queens = b.pieces(us, QUEEN);
    for from in b.pieces(us, BISHOP) | our_queens {
        push_moves(moves, from, pin_kept(from, t.bishop(from, occ) & target));
    }
    for from in b.pieces(us, ROOK) | our_queens {
        push_moves(moves, from, pin_kept(from, t.rook(from, occ) & target));
    }

    generate_pawn_moves::<TACTICAL>(pos, moves, pinned, pawn_target, ksq);

    if !TACTICAL && checkers.is_empty() && pos.castling != 0 {
        generate_castling(pos, moves, occ);
    }
}

fn generate_pawn_moves<const TACTICAL: bool>(
    pos: &Chess,
    moves: &mut MoveList,
    pinned: Bitboard,
    target: Bitboard,
    ksq: Square,
) {
    let t = tables();
    let b = &pos.board;
    let us = pos.side;
    let them = !us;
    let occ = b.occupied();
    let empty = !occ & *BOARD;
    let opp = b.color(them);
    let (up, third, last) = if us == Color::White {
        (10, rank_mask(2), rank_mask(7))
    } else {
        (-10, rank_mask(5), rank_mask(0))
    };
    let pawns = b.pieces(us, PAWN);

    // Unpinned pawns set-wise; the frame columns beside the board absorb the wrap-around of
    // diagonal shifts, so no file masks are needed.
    let free = pawns & !pinned;
    let single = shift(free, up) & empty;
    let double = shift(single & third, up) & empty & target;
    let single = single & target;
    push_pawn_shift(moves, single, up, last, !TACTICAL, push_promotions);
    for to in double.into_iter().filter(|_| !TACTICAL) {
        moves.push(Move::new(origin(to, 2 * up), to, MoveKind::DoublePush));
    }
    for delta in [up - 1, up + 1] {
        push_pawn_shift(
            moves,
            shift(free, delta) & opp & target,
            delta,
            last,
            true,
            push_promotions,
        );
    }

    // Pinned pawns one by one, restricted to the pin line.
    for from in pawns & pinned {
        let line = t.line_through(ksq, from);
        let one = shift(Bitboard::from_square(from), up) & empty;
        let mut quiet = one & target & line;
        let two = shift(one & third, up) & empty & target & line;
        let caps = t.pawn[us.index()][from.index()] & opp & target & line;
        for to in (quiet | caps) & last {
            push_promotions(moves, from, to);
        }
        if TACTICAL {
            quiet = Bitboard::EMPTY;
        }
        quiet |= caps;
        for to in quiet & !last {
            moves.push(Move::new(from, to, MoveKind::Normal));
        }
        for to in two.into_iter().filter(|_| !TACTICAL) {
            moves.push(Move::new(from, to, MoveKind::DoublePush));
        }
    }

    // En passant: the ep square is set only when some capture is legal, but each capturer is
    // still tested (a second capturer may be pinned, or the capture may not answer a check).
    if let Some(ep) = pos.ep {
        let victim = Square::new(ep.col(), (ep.index() as i32 - up) as u8 / 10);
        for from in t.pawn[them.index()][ep.index()] & pawns {
            let after = (occ ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim))
                | Bitboard::from_square(ep);
            if (pos.attackers_to(ksq, after, them) & !Bitboard::from_square(victim)).is_empty() {
                moves.push(Move::new(from, ep, MoveKind::EnPassant));
            }
        }
    }
}

fn generate_castling(pos: &Chess, moves: &mut MoveList, occ: Bitboard) {
    let us = pos.side;
    let (rank, kingside, queenside) = match us {
        Color::White => (0, WHITE_KINGSIDE, WHITE_QUEENSIDE),
        Color::Black => (7, BLACK_KINGSIDE, BLACK_QUEENSIDE),
    };
    let king = sq(4, rank);
    let safe = |s: Square| pos.attackers_to(s, occ, !us).is_empty();
    let empty = |files: &[u8]| files.iter().all(|&f| !occ.contains(sq(f, rank)));
    if pos.castling & kingside != 0 && empty(&[5, 6]) && safe(sq(5, rank)) && safe(sq(6, rank)) {
        moves.push(Move::new(king, sq(6, rank), MoveKind::Castle));
    }
    if pos.castling & queenside != 0 && empty(&[1, 2, 3]) && safe(sq(3, rank)) && safe(sq(2, rank))
    {
        moves.push(Move::new(king, sq(2, rank), MoveKind::Castle));
    }
}
