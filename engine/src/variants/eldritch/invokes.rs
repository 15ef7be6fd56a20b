//! Invokes of stage 2 that need no state beyond part 1's but a tag (ELD-604): the Evoker's
//! ranged capture, the Conjurer's Pawn, the Miasma's destruction, the Giant's throw, the
//! Portalkeeper's portal, the Shieldmaiden's swap, the Shapeshifter's shift and the
//! Valkyrie's return from the graveyard (ELD-562, `Eldritch::grave`). Each is one `Invoke` action from the
//! invoker's square (notation §3.6):
//!
//! | invoke | token | `to` | other fields |
//! |---|---|---|---|
//! | Evoker (ELD-321) | `d4!xf5` | the captured piece | — |
//! | Conjurer (ELD-251) | `e3!f3` | the new Pawn | piece = Pawn |
//! | Miasma (ELD-451) | `d4!` | the Miasma itself | — |
//! | Giant (ELD-391) | `d4!d5d8` | the landing square | param = the thrown piece's square |
//! | Portalkeeper (ELD-511), Shieldmaiden (ELD-541) | `d8!c6`, `a4!e1` | the partner | — |
//! | Shapeshifter (ELD-531) | `d1!=R` | the Shapeshifter itself | piece = the new form's kind |
//! | Valkyrie (ELD-561) | `d4!P@d3`, `d4!^I@d3` | the returned piece | piece = Pawn or Initiate |
//! | Druid (ELD-301), Sphinx (ELD-551) | `c3!d4`, `d4!e5` | the new token | piece = Beast, Riddle |
//! | Barricade Block (ELD-221) | `d4!` | the Barricade itself | — |
//! | Necromancer (ELD-473) | `c4!N@b1` | the start square | piece = the revived type |
//!
//! Invokes that do not relocate their invoker are allowed while it is frozen (ELD-311).

use super::catalogue::*;
use super::geometry::*;
use super::state::{piece, token_of, Eldritch, TAG_FORM, TAG_FORM_SHIFT, TAG_LINK_SHIFT};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::square::{Geometry, Square};
use crate::tables::KNIGHT_OFFSETS;

/// The kinds whose invokes this module plays.
pub const INVOKERS: [u8; 14] = [
    EVOKER,
    CONJURER,
    MIASMA,
    GIANT,
    PORTALKEEPER,
    SHIELDMAIDEN,
    SHAPESHIFTER,
    VALKYRIE,
    DRUID,
    SPHINX,
    BARRICADE,
    NECROMANCER,
    FAMILIAR,
    GEOMANCER,
];

/// An invoke of the piece on `from` (see the module table for `to` and `param`).
pub fn invoke(from: Square, to: Square, piece_kind: Option<u8>, param: u8) -> Move {
    Move::build(Some(from), Some(to), MoveKind::Invoke, piece_kind, param, 0)
}

/// `ext` of a Familiar's leave (ELD-333): its `from` is the stack's square, whose mailbox piece
/// is the host, so the flag tells it from the host's own invokes.
pub const EXT_LEAVE: u32 = 1;

/// A Familiar leaving the stack on `stack` for `to` (ELD-333).
pub fn leave(stack: Square, to: Square) -> Move {
    Move::build(Some(stack), Some(to), MoveKind::Invoke, None, 0, EXT_LEAVE)
}

/// The Giant's throw of the piece on `thrown` to `landing` (ELD-391).
pub fn throw(giant: Square, thrown: Square, landing: Square) -> Move {
    invoke(giant, landing, None, thrown.index() as u8)
}

impl Eldritch {
    /// The invokes of the side to move, frozen invokers included where the invoke does not
    /// relocate them (ELD-311). Legality (ELD-613) is the caller's filter.
    pub(super) fn invoke_moves(&self, list: &mut MoveList) {
        let us = self.side;
        let frozen = self.frozen(us);
        self.leave_moves(list);
        for kind in INVOKERS {
            for from in self.board.pieces(us, kind) {
                match kind {
                    EVOKER => self.evoke_moves(from, list),
                    CONJURER => self.conjure_moves(from, list),
                    MIASMA if self.miasma_victims(from).any() => {
                        list.push(invoke(from, from, None, 0))
                    }
                    GIANT => self.throw_moves(from, frozen, list),
                    PORTALKEEPER if !frozen.contains(from) => self.portal_moves(from, frozen, list),
                    SHIELDMAIDEN if !frozen.contains(from) => self.swap_moves(from, frozen, list),
                    VALKYRIE => self.return_moves(from, list),
                    // ELD-221: always, even frozen; it lasts the opponent's next turn.
                    BARRICADE => list.push(invoke(from, from, None, 0)),
                    NECROMANCER => self.revival_moves(from, list),
                    // ELD-371: any strip none of whose squares exists yet, frozen or not.
                    GEOMANCER => {
                        for strip in strips() {
                            if (*strip & self.exists()).is_empty() {
                                list.push(invoke(from, strip.lsb(), None, 0));
                            }
                        }
                    }
                    // ELD-331, ELD-334: a single, unfrozen Familiar hops onto an adjacent own
                    // single piece that is not a Familiar or a Riddle and is not frozen.
                    FAMILIAR if !frozen.contains(from) => {
                        let hosts =
                            neighbours(from, self.exists()) & self.board.color(us) & !frozen;
                        for h in hosts {
                            let k = self.piece_at(h).kind();
                            if k != FAMILIAR && k != RIDDLE && !self.is_stack(h) {
                                list.push(invoke(from, h, None, 0));
                            }
                        }
                    }
                    DRUID | SPHINX if self.linked_token(from).is_none() => {
                        // ELD-301, ELD-551: one linked token at a time.
                        let token = token_of(kind);
                        for to in neighbours(from, self.exists()) & !self.board.occupied() {
                            list.push(invoke(from, to, token, 0));
                        }
                    }
                    SHAPESHIFTER => {
                        // ELD-531: any non-base form but the current one, in place.
                        let form = (self.tag(from) & TAG_FORM) >> TAG_FORM_SHIFT;
                        for (i, &k) in SHAPESHIFTER_FORMS.iter().enumerate() {
                            if form != i as u32 + 1 {
                                list.push(invoke(from, from, Some(k), 0));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// ELD-321: a capture at a knight offset, enemy or own, with no path or leg.
    fn evoke_moves(&self, from: Square, list: &mut MoveList) {
        let us = self.side;
        for off in KNIGHT_OFFSETS {
            if let Some(t) = step(from, off, self.exists()) {
                if self.can_capture(from, us, t, true) {
                    list.push(invoke(from, t, None, 0));
                }
            }
        }
    }

    /// Whether the Evoker on `from` has the ranged capture of the piece on `target` (ELD-321,
    /// for attacks: ELD-322 counts it even while the Evoker is frozen).
    pub(super) fn evokes(&self, from: Square, target: Square) -> bool {
        let dx = target.col() as i8 - from.col() as i8;
        let dy = target.row() as i8 - from.row() as i8;
        KNIGHT_OFFSETS.contains(&(dx, dy))
            && self.can_capture(from, self.piece_at(from).color(), target, true)
    }

    /// ELD-251: a Pawn on an empty adjacent square that is not an own promotion square, while
    /// the side has fewer than 8 Pawns.
    fn conjure_moves(&self, from: Square, list: &mut MoveList) {
        let us = self.side;
        if self.count_on_board(us, PAWN) >= 8 {
            return;
        }
        let empty = neighbours(from, self.exists()) & !self.board.occupied();
        for to in empty {
            if !is_promotion_square(to, us) {
                list.push(invoke(from, to, Some(PAWN), 0));
            }
        }
    }

    /// ELD-333, ELD-334: each own rider leaves its (unfrozen) stack for an empty adjacent square.
    pub(super) fn leave_moves(&self, list: &mut MoveList) {
        let us = self.side;
        let frozen = self.frozen(us);
        for s in self.board.color(us) & !frozen {
            if self.rider(s).is_some() {
                for to in neighbours(s, self.exists()) & !self.board.occupied() {
                    list.push(leave(s, to));
                }
            }
        }
    }

    /// ELD-561: a Pawn or an Initiate from the graveyard onto an empty adjacent square that is
    /// not an own promotion square.
    fn return_moves(&self, from: Square, list: &mut MoveList) {
        let us = self.side;
        let empty = neighbours(from, self.exists()) & !self.board.occupied();
        for (i, kind) in [PAWN, INITIATE].into_iter().enumerate() {
            if self.grave[us.index()][i] == 0 {
                continue;
            }
            for to in empty {
                if !is_promotion_square(to, us) {
                    list.push(invoke(from, to, Some(kind), 0));
                }
            }
        }
    }

    /// ELD-473: a trophy type `T` of this Necromancer that its side has fewer of on the board
    /// than at the start, never a liege type or the Doppelganger, put on an empty start square
    /// of `T`. Allowed while frozen (ELD-311).
    fn revival_moves(&self, from: Square, list: &mut MoveList) {
        let us = self.side;
        let start = self.start_squares(us);
        let mut last = None;
        for &t in self.trophies_at(from) {
            if last == Some(t) || matches!(t, KING | ARCHMAGE | PONTIFF | VAMPIRE | DOPPELGANGER) {
                continue;
            }
            last = Some(t);
            let at_start = start.iter().filter(|(k, _)| *k == t).count() as u32;
            // Pending Highlanders count as present (ELD-473).
            let pending: u32 = if t == HIGHLANDER {
                self.pending_returns(us).map(|(_, _, n)| n as u32).sum()
            } else {
                0
            };
            if self.count_on_board(us, t) + pending >= at_start {
                continue;
            }
            for &(_, s) in start.iter().filter(|(k, _)| *k == t) {
                if self.piece_at(s).is_none() {
                    list.push(invoke(from, s, Some(t), 0));
                }
            }
        }
    }

    /// ELD-451: the pieces a Miasma on `from` destroys: every non-royal piece adjacent to it,
    /// of either colour, except Gargoyles.
    pub(super) fn miasma_victims(&self, from: Square) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for s in neighbours(from, self.exists()) & self.board.occupied() {
            // Each piece of a stack is judged: a rider is never royal nor a Gargoyle.
            if self.is_stack(s) || (self.piece_at(s).kind() != GARGOYLE && !self.is_royal_at(s)) {
                out.set(s);
            }
        }
        out
    }

    /// ELD-391: an adjacent own piece that is non-royal, not a Riddle and not frozen (the
    /// Giant may be), thrown 2 or 3 squares in a straight line over jumpable squares onto an
    /// empty one.
    fn throw_moves(&self, giant: Square, frozen: Bitboard, list: &mut MoveList) {
        let us = self.side;
        let exists = self.exists();
        let throwable = neighbours(giant, exists) & self.board.color(us) & !frozen;
        for thrown in throwable {
            // ELD-391: never a royal piece, a Riddle or a Ghost stack.
            let kind = self.piece_at(thrown).kind();
            if self.is_royal_at(thrown) || kind == RIDDLE || self.suborned(thrown).is_some() {
                continue;
            }
            for d in KING_STEPS {
                for (k, to) in ray(thrown, d, 3, exists) {
                    if k >= 2 && self.piece_at(to).is_none() {
                        list.push(throw(giant, thrown, to));
                    }
                    if !self.jumpable(to, us) {
                        break;
                    }
                }
            }
        }
    }

    /// ELD-511: a swap with any other own piece that is not frozen and not a Riddle; while the
    /// liege is in check, not with the liege.
    fn portal_moves(&self, from: Square, frozen: Bitboard, list: &mut MoveList) {
        let us = self.side;
        let liege_in_check = self
            .liege(us)
            .filter(|&l| self.square_attacked(l, !us, true));
        for partner in self.board.color(us) & !frozen {
            let kind = self.piece_at(partner).kind();
            // ELD-511: a single piece or a Familiar stack, never a Ghost stack.
            let ghost_stack = self.suborned(partner).is_some();
            if partner == from || kind == RIDDLE || ghost_stack || Some(partner) == liege_in_check {
                continue;
            }
            list.push(invoke(from, partner, None, 0));
        }
    }

    /// ELD-541: while the own liege is in check, the Shieldmaiden and the liege (neither
    /// frozen) exchange squares. That the liege is out of check afterwards is the legality
    /// filter's test ([`Eldritch::swap_leaves_liege_in_check`]).
    fn swap_moves(&self, from: Square, frozen: Bitboard, list: &mut MoveList) {
        let us = self.side;
        if let Some(l) = self.liege(us) {
            if !frozen.contains(l) && self.square_attacked(l, !us, true) {
                list.push(invoke(from, l, None, 0));
            }
        }
    }

    /// ELD-541 "legal only if, afterwards, the liege is not in check": `child` is the position
    /// after `mv`, played by `us`.
    pub(super) fn swap_leaves_liege_in_check(&self, mv: Move, child: &Eldritch) -> bool {
        let us = self.side;
        mv.kind() == MoveKind::Invoke
            && self.piece_at(mv.from()).kind() == SHIELDMAIDEN
            && child
                .liege(us)
                .is_some_and(|l| child.square_attacked(l, !us, true))
    }

    /// Plays an invoke (its automatic effects follow in the caller). Returns whether it resets
    /// the halfmove clock (ELD-623: a capture, destruction or creation).
    pub(super) fn apply_invoke(&mut self, mv: Move) -> bool {
        let us = self.side;
        let from = mv.from();
        let to = mv.to();
        if mv.ext() == EXT_LEAVE {
            // The rider steps off; it is not virgin (ELD-009), the host keeps its status.
            for u in self.extra.take_stack(from) {
                self.board.put(to, u);
            }
            return false;
        }
        match self.piece_at(from).kind() {
            GEOMANCER => {
                // ELD-371: the strip named by its first square exists for the rest of the game;
                // ELD-623: it resets the clock.
                if let Some(strip) = strips().iter().find(|s| s.lsb() == to) {
                    self.frame |= *strip;
                }
                true
            }
            FAMILIAR => {
                // The hop: the Familiar rides the host (ELD-331).
                let familiar = self.board.remove(from);
                self.virgin.clear(from);
                self.extra.set_tag(from, None);
                self.extra.push_stacked(to, familiar);
                false
            }
            EVOKER => {
                self.capture(to);
                true
            }
            CONJURER => {
                self.board.put(to, piece(us, PAWN));
                self.virgin.set(to);
                true
            }
            MIASMA => {
                for s in self.miasma_victims(from) {
                    let spared = self.piece_at(s).kind() == GARGOYLE || self.is_royal_at(s);
                    let sub_spared = self.suborned_spared(s, false);
                    self.destroy(s, spared, sub_spared);
                }
                true
            }
            GIANT => {
                self.relocate(Square::from_index(mv.param()), to);
                false
            }
            PORTALKEEPER | SHIELDMAIDEN => {
                self.exchange(from, to);
                false
            }
            BARRICADE => {
                self.blocks.set(from);
                false
            }
            DRUID | SPHINX => {
                let token = mv.piece_kind().unwrap_or(BEAST);
                self.board.put(to, piece(us, token));
                self.virgin.set(to);
                let link = (from.index() as u32 + 1) << TAG_LINK_SHIFT;
                self.extra.set_tag(to, Some(link));
                true
            }
            NECROMANCER => {
                let kind = mv.piece_kind().unwrap_or(PAWN);
                self.board.put(to, piece(us, kind));
                self.virgin.set(to);
                if let Some((_, list)) = self.trophies.iter_mut().find(|(t, _)| *t == from) {
                    if let Some(i) = list.iter().position(|&k| k == kind) {
                        list.remove(i);
                    }
                }
                self.trophies.retain(|(_, list)| !list.is_empty());
                // ELD-562: a revived Pawn or Initiate leaves the graveyard, never below 0.
                if let Some(i) = [PAWN, INITIATE].iter().position(|&k| k == kind) {
                    let g = &mut self.grave[us.index()][i];
                    *g = g.saturating_sub(1);
                }
                true
            }
            VALKYRIE => {
                let kind = mv.piece_kind().unwrap_or(PAWN);
                self.board.put(to, piece(us, kind));
                self.virgin.set(to);
                let g = &mut self.grave[us.index()][(kind == INITIATE) as usize];
                *g = g.saturating_sub(1);
                true
            }
            SHAPESHIFTER => {
                // In place: the virgin flag stays (ELD-531).
                let k = mv.piece_kind().unwrap_or(PAWN);
                let form = SHAPESHIFTER_FORMS.iter().position(|&f| f == k).unwrap_or(0) as u32 + 1;
                let tag = (self.tag(from) & !TAG_FORM) | form << TAG_FORM_SHIFT;
                self.extra.set_tag(from, Some(tag));
                false
            }
            _ => unreachable!("not an invoke of this build: {mv:?}"),
        }
    }

    /// Two pieces exchange squares with their state; neither is virgin afterwards (ELD-009).
    fn exchange(&mut self, a: Square, b: Square) {
        let (pa, pb) = (self.board.remove(a), self.board.remove(b));
        let (ta, tb) = (self.extra.tag(a), self.extra.tag(b));
        self.board.put(a, pb);
        self.board.put(b, pa);
        self.extra.set_tag(a, tb);
        self.extra.set_tag(b, ta);
        let (ra, rb) = (self.extra.take_stack(a), self.extra.take_stack(b));
        for u in ra {
            self.extra.push_stacked(b, u);
        }
        for u in rb {
            self.extra.push_stacked(a, u);
        }
        self.virgin.clear(a);
        self.virgin.clear(b);
        self.keep_mystic_start(a, b);
        self.keep_mystic_start(b, a);
        self.repoint_links(&[(a, b), (b, a)]);
        self.move_trophies(&[(a, b), (b, a)]);
    }

    /// The token of an invoke (notation §3.6), after the invoker's square.
    pub(super) fn write_invoke(&self, mv: Move, s: &mut String) {
        const G: Geometry = Geometry::Framed8;
        s.push('!');
        if mv.ext() == EXT_LEAVE {
            G.write_name(mv.to(), s);
            return;
        }
        match self.piece_at(mv.from()).kind() {
            EVOKER => {
                s.push('x');
                G.write_name(mv.to(), s);
            }
            MIASMA | BARRICADE => {}
            DIVINER => s.push('U'), // ELD-271: `e6!U`
            GEOMANCER => {
                // ELD-371: `b1!z1-z4`, the strip's first and last squares.
                if let Some(strip) = strips().iter().find(|x| x.lsb() == mv.to()) {
                    G.write_name(strip.lsb(), s);
                    s.push('-');
                    G.write_name(strip.msb(), s);
                }
            }
            VALKYRIE | NECROMANCER => {
                s.push_str(piece_type(mv.piece_kind().unwrap_or(PAWN)).code);
                s.push('@');
                G.write_name(mv.to(), s);
            }
            SHAPESHIFTER => {
                s.push('=');
                s.push_str(piece_type(mv.piece_kind().unwrap_or(PAWN)).code);
            }
            GIANT => {
                G.write_name(Square::from_index(mv.param()), s);
                G.write_name(mv.to(), s);
            }
            // A ridden creator names what it creates, so its token is not its rider's leave
            // (notation §3.6, our completion).
            CONJURER | DRUID | SPHINX if self.is_stack(mv.from()) => {
                s.push_str(piece_type(mv.piece_kind().unwrap_or(PAWN)).code);
                s.push('@');
                G.write_name(mv.to(), s);
            }
            _ => G.write_name(mv.to(), s),
        }
    }
}
