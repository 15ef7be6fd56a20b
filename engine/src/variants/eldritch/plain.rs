//! The fast path of plain positions: FIDE pieces only (one King a side) and none of the rarer
//! state (placement, reactions, a Bolt's continuation, Blocks, strips, Highlander returns,
//! bans, tags, stacks). There the rules are chess's (ELD-613 with one check-bearer is "the King
//! is not attacked"), so the pseudo-legal moves are tested on bitboards instead of being played.
//! The list keeps the general generator's order: the search, and so `bench`, depends on it.

use super::catalogue::*;
use super::geometry::{board_mask, far_row, first_row, forward, orient};
use super::movegen::is_en_passant;
use super::state::Eldritch;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::square::Square;
use crate::tables::AttackTables;

/// Leaper and slider tables over the whole frame; callers mask what does not exist.
pub(super) fn tables() -> &'static AttackTables {
    static TABLES: std::sync::OnceLock<AttackTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| AttackTables::new(Bitboard::FULL))
}

/// A leaper's (origin, target) pairs from one square on the board, in the atom's order.
type Leaps = arrayvec::ArrayVec<(Square, Square), 8>;

/// The Knight's and King's targets by colour and square, in `atom_moves`' order: the atom's
/// offsets, oriented for the colour (ELD-008), that stay on the board.
struct LeapTables {
    knight: [Vec<Leaps>; 2],
    king: [Vec<Leaps>; 2],
}

fn leaps() -> &'static LeapTables {
    static LEAPS: std::sync::OnceLock<LeapTables> = std::sync::OnceLock::new();
    LEAPS.get_or_init(|| {
        let table = |offsets: &[(i8, i8)], c: Color| -> Vec<Leaps> {
            Square::all()
                .map(|from| {
                    offsets
                        .iter()
                        .filter_map(|&off| {
                            let (dx, dy) = orient(off, c);
                            from.offset(dx, dy)
                                .filter(|t| board_mask().contains(*t))
                                .map(|to| (from, to))
                        })
                        .collect()
                })
                .collect()
        };
        LeapTables {
            knight: Color::BOTH.map(|c| table(&KNIGHT_LEAPS, c)),
            king: Color::BOTH.map(|c| table(&KING_STEPS, c)),
        }
    })
}

/// The kinds passable for their own side and for the enemy (ELD-008), as bit sets.
fn passable_kinds() -> [u64; 2] {
    static KINDS_SETS: std::sync::OnceLock<[u64; 2]> = std::sync::OnceLock::new();
    *KINDS_SETS.get_or_init(|| {
        let mut sets = [0u64; 2];
        for k in 0..KINDS as u8 {
            let t = piece_type(k);
            sets[0] |= (t.has(F_PASSABLE_OWN) as u64) << k;
            sets[1] |= (t.has(F_PASSABLE_ENEMY) as u64) << k;
        }
        sets
    })
}

impl Eldritch {
    /// The pieces a slide of `side` passes over (`passable`, ELD-008): never a stack.
    pub(super) fn passable_pieces(&self, side: Color) -> Bitboard {
        let [own, enemy] = passable_kinds();
        let mut out = Bitboard::EMPTY;
        for (set, c) in [(own, side), (enemy, !side)] {
            let mut kinds = set;
            while kinds != 0 {
                let k = kinds.trailing_zeros() as u8;
                kinds &= kinds - 1;
                out |= self.board.pieces(c, k);
            }
        }
        if out.any() && !self.extra.no_stacks_or_tags() {
            for s in out {
                if self.is_stack(s) {
                    out.clear(s);
                }
            }
        }
        out
    }

    /// Whether the plain fast path applies (see the module comment).
    pub(super) fn is_plain(&self) -> bool {
        let b = &self.board;
        let fide = b.kind(KING)
            | b.kind(QUEEN)
            | b.kind(ROOK)
            | b.kind(BISHOP)
            | b.kind(KNIGHT)
            | b.kind(PAWN);
        fide == b.occupied()
            && b.pieces(Color::White, KING).count() == 1
            && b.pieces(Color::Black, KING).count() == 1
            && self.extra.no_stacks_or_tags()
            && self.placing.is_none()
            && self.react.is_empty()
            && self.bolt.is_none()
            && self.blocks.is_empty()
            && self.frame.is_empty()
            && self.ban.is_empty()
            && !self.returned
            && self.hl == [[0; 8]; 2]
    }

    /// Whether FIDE pieces of `by` in `attackers` attack `s` over the occupancy `occ`.
    #[inline]
    pub(super) fn fide_attacks(
        &self,
        s: Square,
        by: Color,
        attackers: Bitboard,
        occ: Bitboard,
    ) -> bool {
        let t = tables();
        let b = &self.board;
        let i = s.index();
        // Only sliders on one of `s`'s lines can reach it: the rest need no occupancy lookup.
        let straight = (b.kind(ROOK) | b.kind(QUEEN)) & attackers & t.rook_empty(s);
        let diagonal = (b.kind(BISHOP) | b.kind(QUEEN)) & attackers & t.bishop_empty(s);
        (t.knight[i] & b.kind(KNIGHT) & attackers).any()
            || (t.pawn[(!by).index()][i] & b.kind(PAWN) & attackers).any()
            || (t.king[i] & b.kind(KING) & attackers).any()
            || (straight.any() && (t.rook(s, occ) & straight).any())
            || (diagonal.any() && (t.bishop(s, occ) & diagonal).any())
    }

    /// The legal moves of a plain position, in the general generator's order.
    pub(super) fn plain_legal(&self, list: &mut MoveList) {
        let us = self.side;
        let b = &self.board;
        let t = tables();
        let king = b.pieces(us, KING).lsb();
        let occ = b.occupied();
        let them = b.color(!us);
        let checked = self.fide_attacks(king, !us, them, occ);
        // Out of check, only the King and pinned pieces can expose the King.
        let mut pinned = Bitboard::EMPTY;
        let straight = (b.kind(ROOK) | b.kind(QUEEN)) & them & t.rook_empty(king);
        let diagonal = (b.kind(BISHOP) | b.kind(QUEEN)) & them & t.bishop_empty(king);
        for pinner in straight | diagonal {
            let between = t.between(king, pinner) & occ;
            if between.count() == 1 {
                pinned |= between;
            }
        }
        for from in b.color(us) {
            let start = list.len();
            let kind = self.piece_at(from).kind();
            match kind {
                PAWN => self.plain_pawn_moves(from, us, list),
                KNIGHT => self.plain_leaps(&leaps().knight[us.index()][from.index()], list),
                KING => self.plain_leaps(&leaps().king[us.index()][from.index()], list),
                QUEEN => self.plain_slides(from, &[0, 1, 2, 3, 4, 5, 6, 7], occ, list),
                ROOK => self.plain_slides(from, &[0, 2, 4, 6], occ, list),
                _ => self.plain_slides(from, &[1, 3, 5, 7], occ, list),
            }
            let test = checked || from == king || pinned.contains(from);
            // A Pawn's en-passant captures and promotions are always looked at.
            // (A virgin Pawn two rows short of the far row may promote by its double step.)
            let special =
                kind == PAWN && (self.ep.is_some() || far_row(us).abs_diff(from.row()) <= 2);
            if !(test || special) {
                continue;
            }
            let mut kept = start;
            for i in start..list.len() {
                let m = list[i];
                // A promotion into an eldritch type brings its rules in (a Shadowmancer
                // shields the King, ELD-521; a Doppelganger is a check-bearer): play it.
                let eldritch = m.piece_kind().is_some_and(|k| k > PAWN);
                let ok = if is_en_passant(m) || eldritch {
                    self.legal_by_playing(m)
                } else {
                    !test || {
                        let to = m.to();
                        let target = if from == king { to } else { king };
                        let after =
                            (occ & !Bitboard::from_square(from)) | Bitboard::from_square(to);
                        !self.fide_attacks(target, !us, them & !Bitboard::from_square(to), after)
                    }
                };
                if ok {
                    list[kept] = m;
                    kept += 1;
                }
            }
            list.truncate(kept);
        }
        // ELD-071: only a virgin King on its first row castles.
        if !self.virgin.contains(king) || king.row() != first_row(us) {
            return;
        }
        // `castling_moves` for the one castler: the virgin Rooks on the row, in square order.
        for rook in b.pieces(us, ROOK) & self.virgin {
            if rook.row() == king.row()
                && (1..=8).contains(&king.col())
                && (1..=8).contains(&rook.col())
                && self.castle_ok(king, rook)
            {
                let m = Move::new(king, rook, MoveKind::Castle);
                if self.legal_by_playing(m) {
                    list.push(m);
                }
            }
        }
    }

    /// ELD-613 for one action of a side with one check-bearer: play it and look.
    fn legal_by_playing(&self, mv: Move) -> bool {
        let mut child = self.clone();
        child.play_action(mv, false);
        child.checked_bearers(self.side).is_empty()
    }

    /// ELD-151/152 for a FIDE Pawn, in `pawn_moves`' order: push, double step, captures to the
    /// left and right (promotions expanded by `push_arrival`).
    fn plain_pawn_moves(&self, from: Square, us: Color, list: &mut MoveList) {
        let f = forward(us);
        let far = far_row(us);
        let arrive = |to: Square, kind: MoveKind, list: &mut MoveList| {
            if to.row() == far {
                self.push_arrival(from, to, kind, true, list);
            } else {
                list.push(Move::new(from, to, kind));
            }
        };
        if let Some(one) = from.offset(0, f).filter(|s| board_mask().contains(*s)) {
            if self.piece_at(one).is_none() {
                arrive(one, MoveKind::Normal, list);
                if self.virgin.contains(from) {
                    if let Some(two) = one.offset(0, f).filter(|s| board_mask().contains(*s)) {
                        if self.piece_at(two).is_none() {
                            arrive(two, MoveKind::DoublePush, list);
                        }
                    }
                }
            }
        }
        for dx in [-1, 1] {
            let Some(to) = from.offset(dx, f).filter(|s| board_mask().contains(*s)) else {
                continue;
            };
            let p = self.piece_at(to);
            if p.is_some() {
                if p.color() != us {
                    arrive(to, MoveKind::Normal, list);
                }
            } else if Some(to) == self.ep {
                arrive(to, MoveKind::EnPassant, list);
            }
        }
    }

    /// A FIDE leaper's moves to `targets` (in its atom's oriented order).
    fn plain_leaps(&self, targets: &Leaps, list: &mut MoveList) {
        let own = self.board.color(self.side);
        for &(from, to) in targets {
            if !own.contains(to) {
                list.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }

    /// A FIDE slider's moves along the directions `dirs` (indices into `DIRECTIONS`), each
    /// nearest first, as `atom_moves` walks them.
    fn plain_slides(&self, from: Square, dirs: &[usize], occ: Bitboard, list: &mut MoveList) {
        let t = tables();
        let own = self.board.color(self.side);
        for &d in dirs {
            let ray = t.rays[d][from.index()];
            let blockers = ray & occ;
            // N, NE, E and NW run up the square indices; the others down.
            let upward = matches!(d, 0 | 1 | 2 | 7);
            let reach = if blockers.is_empty() {
                ray
            } else {
                let first = if upward {
                    blockers.lsb()
                } else {
                    blockers.msb()
                };
                ray & !t.rays[d][first.index()]
            };
            let mut targets = reach & board_mask() & !own;
            while targets.any() {
                let to = if upward { targets.lsb() } else { targets.msb() };
                targets.clear(to);
                list.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }

    /// Whether an en-passant capture onto the stored square is legal, in a plain position:
    /// only the Pawns beside the double-stepper can make one.
    pub(super) fn plain_ep_is_legal(&self) -> bool {
        let Some(victim) = self.ep.and_then(|e| self.ep_victim(e)) else {
            return false;
        };
        let us = self.side;
        let mut list = MoveList::new();
        for from in self.board.pieces(us, PAWN) {
            if from.row() == victim.row() && from.col().abs_diff(victim.col()) == 1 {
                self.pawn_moves(from, true, true, true, &mut list);
            }
        }
        list.iter()
            .any(|&m| is_en_passant(m) && self.legal_by_playing(m))
    }
}
