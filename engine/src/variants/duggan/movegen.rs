//! Fast legal move generation for Duggan.
//!
//! Moves are generated per piece from the tables; legality (DUG-50) is decided without making
//! the move. A move can expose the own Adept only by emptying a square of a line that ends on
//! it (a Bishop diagonal, an Archer path, a Golem vector, or removing a Golem that blocked a
//! Golem vector) or by filling the empty destination of an enemy Golem vector that has the
//! Adept on its path. Those squares are collected once per position ([`Guard`]); a move that
//! touches none of them, made while not in check and not by the Adept, is legal at once. Every
//! other move is tested on the bitboards of the position after it ([`Bits`]).
//!
//! `TACTICAL = true` generates only the moves with a
//! [`SearchHooks::tactical_order`](crate::rules::SearchHooks::tactical_order) key: captures
//! (Golem crushes that remove at least one enemy piece), and promotions.

use super::attacks::{merc_threatened, nonmerc_capture, royal_attacked, Bits};
use super::tables::{path_blockers, tables, NO_SQUARE};
use super::*;
use crate::rules::MoveGen;

/// What a move may not disturb without a full legality test.
struct Guard {
    us: Color,
    adept: Square,
    in_check: bool,
    /// Squares whose emptying (or losing a Golem) can open a line onto the Adept.
    vacate: Bitboard,
    /// Empty destinations of enemy Golem vectors that hold the Adept on their path.
    fill: Bitboard,
}

impl Guard {
    fn new(bits: &Bits, us: Color, in_check: bool) -> Guard {
        let t = tables();
        let them = !us;
        let adept = bits.pieces(us, ADEPT).lsb();
        let i = adept.index();
        let occ = bits.occ();
        let mut vacate = Bitboard::EMPTY;
        let mut fill = Bitboard::EMPTY;
        if !in_check {
            for b in t.base.bishop_empty(adept) & bits.pieces(them, BISHOP) {
                vacate |= t.base.between(adept, b);
            }
            for a in t.archer_targets[i] & bits.pieces(them, ARCHER) {
                let [p, q] = t.archer_paths(adept, a);
                vacate |= p | q;
            }
            for g in t.golem_sources[i] & bits.pieces(them, GOLEM) {
                let v = t.golem_vector(g, adept) as usize;
                vacate |= t.golem_full[g.index()][v];
                let dest = Square::from_index(t.golem_dest[g.index()][v]);
                if dest != adept && !occ.contains(dest) {
                    fill.set(dest);
                }
            }
        }
        Guard {
            us,
            adept,
            in_check,
            vacate,
            fill,
        }
    }

    /// Whether the move `from -> to` by a piece of kind `kind`, removing the pieces on
    /// `removed` and leaving a piece of kind `new_kind` on `to`, keeps the Adept safe.
    #[inline]
    fn legal(
        &self,
        bits: &Bits,
        from: Square,
        to: Square,
        removed: Bitboard,
        kind: u8,
        new_kind: u8,
    ) -> bool {
        let changed = removed | Bitboard::from_square(from);
        if !self.in_check
            && kind != ADEPT
            && (changed & self.vacate).is_empty()
            && !self.fill.contains(to)
        {
            return true;
        }
        let mut after = *bits;
        after.clear(changed);
        after.put(to, self.us, new_kind);
        let adept = if kind == ADEPT { to } else { self.adept };
        !royal_attacked(&after, adept, !self.us)
    }
}

impl MoveGen for Duggan {
    fn generate_legal(&self, moves: &mut MoveList) {
        generate::<false>(self, moves);
    }

    fn generate_tactical(&self, moves: &mut MoveList) {
        generate::<true>(self, moves);
    }
}

fn generate<const TACTICAL: bool>(pos: &Duggan, moves: &mut MoveList) {
    let t = tables();
    let bits = Bits::from_board(&pos.board);
    let us = pos.side;
    let them = !us;
    let own = bits.color[us.index()];
    let opp = bits.color[them.index()];
    let occ = own | opp;
    let empty = t.board & !occ;
    let golems = bits.kind[GOLEM as usize];
    let enemy_adept = bits.pieces(them, ADEPT);
    // Ordinary prey: an enemy piece that is not a Golem (DUG-7). Adepts are never captured
    // (DUG-51); in a legal position no move could, so excluding them only guards the board.
    let prey = opp & !golems & !enemy_adept;
    // Mercenaries, Commanders and Adepts may take Golems too.
    let any_prey = opp & !enemy_adept;
    let guard = Guard::new(&bits, us, pos.in_check);
    let first_rank = t.rank[if us == Color::White { 0 } else { 7 }];
    let last_rank = t.rank[if us == Color::White { 7 } else { 0 }];
    let second_rank = t.rank[if us == Color::White { 1 } else { 6 }];
    let up: i32 = if us == Color::White { 10 } else { -10 };

    macro_rules! push {
        ($from:expr, $to:expr, $removed:expr, $kind:expr, $mv:expr) => {{
            let mv = $mv;
            let new_kind = mv.piece_kind().unwrap_or($kind);
            if guard.legal(&bits, $from, $to, $removed, $kind, new_kind) {
                moves.push(mv);
            }
        }};
    }
    let removed_at = |to: Square| {
        if occ.contains(to) {
            Bitboard::from_square(to)
        } else {
            Bitboard::EMPTY
        }
    };

    // Golems (DUG-10..13).
    let forbidden = golems | bits.pieces(us, ADEPT);
    for g in bits.pieces(us, GOLEM) {
        let gi = g.index();
        for v in 0..8 {
            let d = t.golem_dest[gi][v];
            if d == NO_SQUARE {
                continue;
            }
            let full = t.golem_full[gi][v];
            if (full & forbidden).any() {
                continue;
            }
            let dest = Square::from_index(d);
            let mv = Move::new(g, dest, MoveKind::Normal);
            if occ.contains(dest) {
                let crushed = full & occ;
                if (crushed & enemy_adept).any() || (TACTICAL && (crushed & opp).is_empty()) {
                    continue;
                }
                push!(g, dest, crushed, GOLEM, mv);
            } else if !TACTICAL && (t.golem_path[gi][v] & occ).is_empty() {
                push!(g, dest, Bitboard::EMPTY, GOLEM, mv);
            }
        }
    }

    // Mercenaries (DUG-20..23).
    let sideways_quiet = pos.options.threat_step == ThreatStep::MoveOrCapture && !TACTICAL;
    for m in bits.pieces(us, MERCENARY) {
        let one = Square::from_index((m.index() as i32 + up) as u8);
        let promote = last_rank.contains(one);
        if empty.contains(one) {
            if promote {
                for k in [ARCHER, BISHOP, COMMANDER] {
                    push!(
                        m,
                        one,
                        Bitboard::EMPTY,
                        MERCENARY,
                        Move::with_piece(m, one, MoveKind::Promotion, k)
                    );
                }
            } else if !TACTICAL {
                push!(
                    m,
                    one,
                    Bitboard::EMPTY,
                    MERCENARY,
                    Move::new(m, one, MoveKind::Normal)
                );
                if second_rank.contains(m) {
                    let two = Square::from_index((one.index() as i32 + up) as u8);
                    if empty.contains(two) {
                        push!(
                            m,
                            two,
                            Bitboard::EMPTY,
                            MERCENARY,
                            Move::new(m, two, MoveKind::DoublePush)
                        );
                    }
                }
            }
        }
        // Threat steps (DUG-21/22): left, right, forward, while threatened (DUG-41).
        let reach = t.merc_reach[us.index()][m.index()];
        let captures = reach & any_prey;
        let quiet = if sideways_quiet {
            reach & empty & !Bitboard::from_square(one)
        } else {
            Bitboard::EMPTY
        };
        if (captures | quiet).is_empty() || !merc_threatened(&bits, m, us) {
            continue;
        }
        for to in captures {
            let removed = Bitboard::from_square(to);
            if last_rank.contains(to) {
                for k in [ARCHER, BISHOP, COMMANDER] {
                    push!(
                        m,
                        to,
                        removed,
                        MERCENARY,
                        Move::with_piece(m, to, MoveKind::Promotion, k)
                    );
                }
            } else {
                push!(
                    m,
                    to,
                    removed,
                    MERCENARY,
                    Move::new(m, to, MoveKind::Normal)
                );
            }
        }
        for to in quiet {
            push!(
                m,
                to,
                Bitboard::EMPTY,
                MERCENARY,
                Move::new(m, to, MoveKind::Normal)
            );
        }
    }

    // Archers (DUG-25..27): any usable path suffices; never onto a friendly piece or a Golem.
    let targets = if TACTICAL { prey } else { prey | empty };
    let archers = bits.pieces(us, ARCHER);
    if archers.any() {
        let blockers = path_blockers(occ);
        for a in archers {
            for to in t.archer_targets[a.index()] & targets {
                if t.archer_clear(a, to, blockers) {
                    push!(
                        a,
                        to,
                        removed_at(to),
                        ARCHER,
                        Move::new(a, to, MoveKind::Normal)
                    );
                }
            }
        }
    }

    // Bishops (DUG-29).
    for b in bits.pieces(us, BISHOP) {
        for to in t.base.bishop(b, occ) & targets {
            push!(
                b,
                to,
                removed_at(to),
                BISHOP,
                Move::new(b, to, MoveKind::Normal)
            );
        }
    }

    // Commanders (DUG-30/31): five versions of a move ending on the own first rank.
    let commander_targets = if TACTICAL {
        any_prey | (empty & first_rank)
    } else {
        any_prey | empty
    };
    for c in bits.pieces(us, COMMANDER) {
        for to in t.wazir[c.index()] & commander_targets {
            let removed = removed_at(to);
            if !TACTICAL || removed.any() {
                push!(
                    c,
                    to,
                    removed,
                    COMMANDER,
                    Move::new(c, to, MoveKind::Normal)
                );
            }
            if first_rank.contains(to) {
                for k in [ARCHER, ASSASSIN, GOLEM, BISHOP] {
                    push!(
                        c,
                        to,
                        removed,
                        COMMANDER,
                        Move::with_piece(c, to, MoveKind::Promotion, k)
                    );
                }
            }
        }
    }

    // Assassins (DUG-35..38): king-step captures, teleports to every empty square.
    for s in bits.pieces(us, ASSASSIN) {
        for to in t.base.king[s.index()] & prey {
            push!(
                s,
                to,
                Bitboard::from_square(to),
                ASSASSIN,
                Move::new(s, to, MoveKind::Normal)
            );
        }
        if TACTICAL {
            continue;
        }
        // Cornered (DUG-37): no teleport while an enemy piece threatens her.
        if pos.options.cornered_assassin && royal_attacked(&bits, s, them) {
            continue;
        }
        for to in empty {
            if pos.options.cowardly_assassin && !defended_after_teleport(&bits, us, s, to) {
                continue;
            }
            push!(
                s,
                to,
                Bitboard::EMPTY,
                ASSASSIN,
                Move::new(s, to, MoveKind::Normal)
            );
        }
    }

    // The Adept (DUG-39).
    let adept = guard.adept;
    let adept_targets = if TACTICAL { any_prey } else { any_prey | empty };
    for to in t.base.king[adept.index()] & adept_targets {
        push!(
            adept,
            to,
            removed_at(to),
            ADEPT,
            Move::new(adept, to, MoveKind::Normal)
        );
    }
}

/// The Cowardly test (DUG-38, DUG-42): after the Assassin of colour `us` teleports from `from`
/// to `to`, some other piece of her side reaches `to` (a Mercenary only while threatened).
pub(super) fn defended_after_teleport(bits: &Bits, us: Color, from: Square, to: Square) -> bool {
    let t = tables();
    let mut after = *bits;
    after.clear(Bitboard::from_square(from));
    after.put(to, us, ASSASSIN);
    if nonmerc_capture(&after, to, us, after.pieces(us, GOLEM)) {
        return true;
    }
    (t.merc_sources[us.index()][to.index()] & after.pieces(us, MERCENARY))
        .into_iter()
        .any(|m| merc_threatened(&after, m, us))
}
