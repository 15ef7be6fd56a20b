//! Fast legal generation for ArchMage: check evasion masks and pin masks, so no move is made to
//! find out whether it is legal.
//!
//! A move other than a King step, castling or en passant can expose its own King only by
//! emptying its from-square, and only if that square is the single piece on the blockable part
//! of an enemy attack on the King: a slide (never a leap, so an ArchMage within distance 3
//! pins nothing, ARC-29) or a bent rider's path (ARC-46). Such a piece may move only within
//! that attack's squares or onto the attacker. A switch and a drop empty no square (ARC-57,
//! ARC-64). King steps, castling and en passant are tested on the occupancy after them.

use super::attacks::{attacks_of, block_squares, Attackers};
use super::*;
use crate::pawn_shift::{origin, push_pawn_shift};
use crate::rules::{MoveGen, Outcome, Reason};
use arrayvec::ArrayVec;

/// Pinned pieces and the squares each may move to.
struct Pins {
    pinned: Bitboard,
    allowed: ArrayVec<(Square, Bitboard), 32>,
}

impl Pins {
    fn new(pos: &ArchMage, enemies: &Attackers, ksq: Square, own: Bitboard, occ: Bitboard) -> Pins {
        let t = tables();
        let mut pins = Pins {
            pinned: Bitboard::EMPTY,
            allowed: ArrayVec::new(),
        };
        let snipers = (t.base.rook_empty(ksq) & enemies.orthogonal)
            | (t.base.bishop_empty(ksq) & enemies.diagonal)
            | (t.manticore.reach[ksq.index()] & enemies.manticores)
            | (t.griffon.reach[ksq.index()] & enemies.griffons);
        for s in snipers {
            let kind = pos.board.piece_at(s).kind();
            let line = block_squares(kind, s, ksq);
            let blockers = line & occ;
            if blockers.count() == 1 && (blockers & own).any() {
                let p = blockers.lsb();
                let allowed = line | Bitboard::from_square(s);
                if pins.pinned.contains(p) {
                    if let Some(e) = pins.allowed.iter_mut().find(|e| e.0 == p) {
                        e.1 &= allowed;
                    }
                } else {
                    pins.pinned.set(p);
                    pins.allowed.push((p, allowed));
                }
            }
        }
        pins
    }

    #[inline]
    fn restrict(&self, from: Square, targets: Bitboard) -> Bitboard {
        if !self.pinned.contains(from) {
            return targets;
        }
        let allowed = self
            .allowed
            .iter()
            .find(|e| e.0 == from)
            .map_or(Bitboard::EMPTY, |e| e.1);
        targets & allowed
    }
}

/// Shifts a set by `delta` squares (positive: towards higher indices), dropping what leaves
/// the 10x10 board's 100 bits.
#[inline]
fn shift(b: Bitboard, delta: i32) -> Bitboard {
    crate::pawn_shift::shift(b, delta) & Bitboard::FULL
}

#[inline]
fn push_targets(moves: &mut MoveList, from: Square, kind: u8, targets: Bitboard, last: Bitboard) {
    let promotions = PROMOTES_TO[kind as usize];
    if promotions.is_empty() {
        for to in targets {
            moves.push(Move::new(from, to, MoveKind::Normal));
        }
        return;
    }
    for to in targets & !last {
        moves.push(Move::new(from, to, MoveKind::Normal));
    }
    for to in targets & last {
        for &k in promotions {
            moves.push(Move::with_piece(from, to, MoveKind::Promotion, k));
        }
    }
}

impl MoveGen for ArchMage {
    fn generate_legal(&self, moves: &mut MoveList) {
        generate::<false>(self, moves);
    }

    /// Captures (en passant included) and promotions (by move or by switch) only: the actions
    /// with a [`SearchHooks::tactical_order`](crate::rules::SearchHooks::tactical_order) key, for
    /// quiescence search.
    fn generate_tactical(&self, moves: &mut MoveList) {
        generate::<true>(self, moves);
    }

    /// ARC-95 order: checkmate, stalemate, bare Kings, (repetition, judged by the game, which
    /// puts it before this clock draw: `REPETITION_BEFORE_CLOCK_RULE`), then the 100-ply rule.
    fn terminal(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            return Some(if self.in_check() {
                Outcome::Win {
                    winner: !self.side,
                    reason: Reason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: Reason::Stalemate,
                }
            });
        }
        if self.insufficient_material() {
            return Some(Outcome::Draw {
                reason: Reason::InsufficientMaterial,
            });
        }
        if self.halfmove >= 100 {
            return Some(Outcome::Draw {
                reason: Reason::FiftyMoveRule,
            });
        }
        None
    }
}

fn generate<const TACTICAL: bool>(pos: &ArchMage, moves: &mut MoveList) {
    let t = tables();
    let b = &pos.board;
    let us = pos.side;
    let them = !us;
    let own = b.color(us);
    let opp = b.color(them);
    let occ = own | opp;
    let empty = !occ;
    let ksq = pos.king_square(us);
    let enemies = Attackers::new(b, them);
    let last = t.last_rank(us);

    // King steps: tested with the King removed, so it cannot hide behind itself (ARC-81).
    let without_king = occ ^ Bitboard::from_square(ksq);
    let king_targets = if TACTICAL { opp } else { !own };
    for to in t.leaps[KING as usize][ksq.index()] & king_targets {
        if !enemies.attack(to, without_king) {
            moves.push(Move::new(ksq, to, MoveKind::Normal));
        }
    }
    let checkers = pos.checkers;
    // In check, a move must capture or block every checker. Unlike chess, a double check can
    // be blocked: a bent rider's path may run along a slider's line (a Manticore's diagonal
    // continuation and a Bishop behind it), so the evasion squares are intersected.
    let mut target = !own;
    if checkers.any() {
        generate_en_passant(pos, moves, &enemies, ksq, occ);
        for c in checkers {
            target &= block_squares(b.piece_at(c).kind(), c, ksq) | Bitboard::from_square(c);
        }
        if target.is_empty() {
            return;
        }
    }
    let pins = Pins::new(pos, &enemies, ksq, own, occ);

    // Pieces moving by the catalogue's data (ARC-20..46), the Prince's King step included.
    // Tactical: captures, and quiet moves only where they promote.
    for kind in 0..KINDS as u8 {
        if kind == PAWN || kind == KING {
            continue;
        }
        let kind_target = if !TACTICAL {
            target
        } else if PROMOTES_TO[kind as usize].is_empty() {
            target & opp
        } else {
            target & (opp | last)
        };
        for from in b.pieces(us, kind) {
            let targets = pins.restrict(from, attacks_of(kind, us, from, occ) & kind_target);
            push_targets(moves, from, kind, targets, last);
        }
    }

    // The Prince's non-capturing two-step (ARC-35 b, ARC-E1).
    let two_step_target = if TACTICAL { target & last } else { target };
    for from in b.pieces(us, PRINCE) {
        let mut dests = t.prince_two[from.index()] & empty & two_step_target;
        if !pos.options.prince_double_step_leap {
            for to in dests {
                if (occ & t.base.between(from, to)).any() {
                    dests.clear(to);
                }
            }
        }
        let dests = pins.restrict(from, dests);
        push_targets(moves, from, PRINCE, dests, last);
    }

    generate_pawn_moves::<TACTICAL>(pos, moves, &pins, target, last);
    if checkers.is_empty() {
        generate_en_passant(pos, moves, &enemies, ksq, occ);
        generate_switches::<TACTICAL>(pos, moves, last);
        if !TACTICAL && pos.castling != 0 {
            generate_castling(pos, moves, &enemies, occ);
        }
    }
    if !TACTICAL {
        generate_drops(pos, moves, target & empty);
    }
}

/// A Pawn's promotion: always to an ArchMage (ARC-28).
fn promote_to_archmage(moves: &mut MoveList, from: Square, to: Square) {
    moves.push(Move::with_piece(from, to, MoveKind::Promotion, ARCHMAGE));
}

fn generate_pawn_moves<const TACTICAL: bool>(
    pos: &ArchMage,
    moves: &mut MoveList,
    pins: &Pins,
    target: Bitboard,
    last: Bitboard,
) {
    let t = tables();
    let b = &pos.board;
    let us = pos.side;
    let occ = b.occupied();
    let empty = !occ;
    let opp = b.color(!us);
    let up: i32 = if us == Color::White { 10 } else { -10 };
    let pawns = b.pieces(us, PAWN);
    let free = pawns & !pins.pinned;

    // ARC-24: one step; ARC-25: two steps from relative ranks 1..3, both squares empty.
    let single = shift(free, up) & empty;
    let double = shift(shift(free & t.double_step_ranks(us), up) & empty, up) & empty & target;
    let single = single & target;
    push_pawn_shift(moves, single, up, last, !TACTICAL, promote_to_archmage);
    for to in double.into_iter().filter(|_| !TACTICAL) {
        moves.push(Move::new(origin(to, 2 * up), to, MoveKind::DoublePush));
    }
    // ARC-26: diagonal captures; the file masks stop the shift wrapping around the board.
    for (delta, from_mask) in [(up - 1, !t.file[0]), (up + 1, !t.file[9])] {
        let caps = shift(free & from_mask, delta) & opp & target;
        push_pawn_shift(moves, caps, delta, last, true, promote_to_archmage);
    }
    // Pinned Pawns one by one.
    for from in pawns & pins.pinned {
        let one = shift(Bitboard::from_square(from), up) & empty;
        let two = if t.double_step_ranks(us).contains(from) {
            shift(one, up) & empty
        } else {
            Bitboard::EMPTY
        };
        let caps = t.base.pawn[us.index()][from.index()] & opp;
        let steps = pins.restrict(from, (one | caps) & target);
        let plain = if TACTICAL { caps } else { steps };
        for to in plain & steps & !last {
            moves.push(Move::new(from, to, MoveKind::Normal));
        }
        for to in steps & last {
            moves.push(Move::with_piece(from, to, MoveKind::Promotion, ARCHMAGE));
        }
        if TACTICAL {
            continue;
        }
        for to in pins.restrict(from, two & target) {
            moves.push(Move::new(from, to, MoveKind::DoublePush));
        }
    }
}

/// ARC-27: each capturer is tested on the occupancy after the capture (the victim leaves a
/// square no pin mask describes).
fn generate_en_passant(
    pos: &ArchMage,
    moves: &mut MoveList,
    enemies: &Attackers,
    ksq: Square,
    occ: Bitboard,
) {
    let Some(ep) = pos.ep else {
        return;
    };
    let t = tables();
    let us = pos.side;
    let victim = pos.ep_victim(ep);
    let enemies = enemies.without(Bitboard::from_square(victim));
    for from in t.base.pawn[(!us).index()][ep.index()] & pos.board.pieces(us, PAWN) {
        let after = (occ ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim))
            | Bitboard::from_square(ep);
        if !enemies.attack(ksq, after) {
            moves.push(Move::new(from, ep, MoveKind::EnPassant));
        }
    }
}

/// ARC-51..58: legal exactly when not in check (the caller's test). A summoner–summoner pair
/// is generated once, from the smaller square (ARC-55).
fn generate_switches<const TACTICAL: bool>(pos: &ArchMage, moves: &mut MoveList, last: Bitboard) {
    let t = tables();
    let b = &pos.board;
    let us = pos.side;
    let own = b.color(us);
    let summoners = (b.kind(ARCHMAGE) | b.kind(MAGE) | b.kind(SORCERESS)) & own;
    let kings = b.kind(KING);
    for s in summoners {
        let ks = b.piece_at(s).kind();
        let mut partners = t.box3[s.index()] & own & !kings;
        // Summoner partners below `s` were paired when their own turn came.
        partners &= !(summoners & Bitboard((1u128 << s.index()) - 1));
        if !pos.options.same_type_switch {
            partners &= !b.kind(ks);
        }
        let summoner_promotes = !PROMOTES_TO[ks as usize].is_empty();
        let s_on_last = last.contains(s);
        for p in partners {
            if summoner_promotes && last.contains(p) {
                moves.push(Move::with_piece(s, p, MoveKind::Switch, ARCHMAGE));
                continue;
            }
            if s_on_last {
                let promotions = PROMOTES_TO[b.piece_at(p).kind() as usize];
                if !promotions.is_empty() {
                    for &k in promotions {
                        moves.push(Move::with_piece(s, p, MoveKind::Switch, k));
                    }
                    continue;
                }
            }
            if !TACTICAL {
                moves.push(Move::new(s, p, MoveKind::Switch));
            }
        }
    }
}

/// ARC-70/71: conditions 1..6; the caller checked that the King is not in check.
fn generate_castling(pos: &ArchMage, moves: &mut MoveList, enemies: &Attackers, occ: Bitboard) {
    let us = pos.side;
    let (rank, rights) = match us {
        Color::White => (0, [WHITE_ISIDE, WHITE_BSIDE]),
        Color::Black => (9, [BLACK_ISIDE, BLACK_BSIDE]),
    };
    let t = tables();
    let king = sq(KING_FILE, rank);
    for (i, &(king_to_file, rook_file, rook_to_file)) in CASTLES.iter().enumerate() {
        if pos.castling & rights[i] == 0 {
            continue;
        }
        let rook = sq(rook_file, rank);
        let king_to = sq(king_to_file, rank);
        let rook_to = sq(rook_to_file, rank);
        if (occ & t.base.between(king, rook)).any() || enemies.attack(rook_to, occ) {
            continue;
        }
        let after = occ
            ^ Bitboard::from_square(king)
            ^ Bitboard::from_square(rook)
            ^ Bitboard::from_square(king_to)
            ^ Bitboard::from_square(rook_to);
        if !enemies.attack(king_to, after) {
            moves.push(Move::new(king, king_to, MoveKind::Castle));
        }
    }
}

/// ARC-61/64: Dragons from the hand onto empty squares next to an own summoner; in check only
/// onto squares that block it (`squares` is already the empty part of the evasion target).
fn generate_drops(pos: &ArchMage, moves: &mut MoveList, squares: Bitboard) {
    let us = pos.side;
    let hand = pos.hands[us.index()];
    if hand == [0, 0] {
        return;
    }
    let t = tables();
    let b = &pos.board;
    let mut zone = Bitboard::EMPTY;
    for s in (b.kind(ARCHMAGE) | b.kind(MAGE) | b.kind(SORCERESS)) & b.color(us) {
        zone |= t.leaps[KING as usize][s.index()];
    }
    zone &= squares;
    for (slot, &n) in hand.iter().enumerate() {
        if n > 0 {
            for to in zone {
                moves.push(Move::drop(DRAGONS[slot], to));
            }
        }
    }
}
