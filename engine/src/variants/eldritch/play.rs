//! Applying an action and its automatic effects (ELD-605 a) and ending the turn (ELD-607).

use super::catalogue::*;
use super::geometry::*;
use super::movegen::{is_en_passant, PARAM_ONE_SHOT};
use super::state::{
    piece, token_of, Eldritch, TAG_KNIGHT, TAG_LINK, TAG_LINK_SHIFT, TAG_MOVED, TAG_ROYAL,
    TAG_TURNED,
};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::square::Square;

impl Eldritch {
    /// Removes the piece on `s` with its state (capture, destruction or removal); a Pawn or an
    /// Initiate goes to its side's graveyard (ELD-562).
    pub(super) fn take_off(&mut self, s: Square) {
        let p = self.piece_at(s);
        self.bury(p);
        // A creator leaving the board leaves its token unlinked (ELD-303, ELD-552).
        if let Some(token) = self.linked_token(s) {
            let tag = self.tag(token) & !TAG_LINK;
            self.extra.set_tag(token, Some(tag).filter(|&t| t != 0));
        }
        // ELD-332: a rider leaves with its host (captured with a captured host, removed with a
        // removed one; by no piece either way).
        self.extra.take_stack(s);
        self.board.remove(s);
        self.virgin.clear(s);
        self.blocks.clear(s); // ELD-223: a Block ends when its Barricade leaves
        self.sub_tags.retain(|(t, _)| *t != s);
        self.trophies.retain(|(t, _)| *t != s); // ELD-471: lost with the Necromancer
        self.extra.set_tag(s, None);
    }

    /// A piece leaving the game: a Pawn or an Initiate goes to its side's graveyard (ELD-562).
    pub(super) fn bury(&mut self, p: crate::piece::Piece) {
        let slot = match p.kind() {
            PAWN => Some(0),
            INITIATE => Some(1),
            _ => None,
        };
        if let Some(i) = slot.filter(|_| self.keeps_graveyard(p.color())) {
            let g = &mut self.grave[p.color().index()][i];
            *g = g.saturating_add(1);
        }
    }

    /// Destroys what a blast or Miasma destroys on `s` (ELD-332, ELD-385: each piece judged):
    /// a rider always, the host unless `host_spared`; a suborned piece that survives
    /// (`sub_spared`) is released in place with no step.
    pub(super) fn destroy(&mut self, s: Square, host_spared: bool, sub_spared: bool) {
        let suborned = self.take_suborned(s);
        if host_spared {
            self.extra.take_stack(s);
        } else {
            self.take_off(s);
        }
        if let Some(unit) = suborned {
            if sub_spared && self.piece_at(s).is_none() {
                self.place_released(s, unit);
            } else {
                self.bury(unit.0);
            }
        }
    }

    /// Whether the piece suborned on `s`, if any, survives a blast (`blast`) or a Miasma.
    pub(super) fn suborned_spared(&self, s: Square, blast: bool) -> bool {
        self.suborned(s).is_some_and(|p| {
            let t = piece_type(p.kind());
            t.has(F_SPELL_IMMUNE)
                || (!blast
                    && (self.royal_kind(p.kind())
                        || self.suborned_tag(s) & super::state::TAG_ROYAL != 0))
        })
    }

    /// Captures the piece on `s` (ELD-007): a captured Beast takes its linked Druid with it,
    /// captured by no piece (ELD-303). Destruction and removal are [`Eldritch::take_off`].
    pub(super) fn capture(&mut self, s: Square) {
        self.queue_reaction(s); // ELD-605 c: a captured Celestial or Mystic reacts
                                // ELD-384, ELD-385: capturing a Ghost stack captures the Ghost; its piece awaits
                                // release.
        let p = self.piece_at(s);
        let released = if p.kind() == GHOST {
            self.take_suborned(s)
        } else {
            None
        };
        if p.kind() == HIGHLANDER {
            self.queue_return(s); // ELD-411
        }
        let druid = (p.kind() == BEAST).then(|| self.link_of(s)).flatten();
        self.take_off(s);
        if let Some(d) = druid {
            if self.piece_at(d) == piece(p.color(), DRUID) {
                self.take_off(d);
            }
        }
        if let Some((piece, tag, trophies)) = released {
            if self.react.is_empty() {
                self.turn = self.side;
            }
            self.react.push(super::state::Reaction::Release {
                at: s,
                piece,
                tag,
                trophies,
            });
        }
    }

    /// Adds a trophy of `kind` to the Necromancer on `s` (ELD-471).
    pub(super) fn add_trophy(&mut self, s: Square, kind: u8) {
        match self.trophies.iter_mut().find(|(t, _)| *t == s) {
            Some((_, list)) => {
                let at = list.partition_point(|&k| k <= kind);
                list.insert(at, kind);
            }
            None => {
                let at = self
                    .trophies
                    .partition_point(|(t, _)| t.index() < s.index());
                self.trophies.insert(at, (s, vec![kind]));
            }
        }
    }

    /// Re-points the tokens linked to creators that moved (`(from, to)` pairs, all made).
    pub(super) fn repoint_links(&mut self, moved: &[(Square, Square)]) {
        let mut updates = Vec::new();
        for c in Color::BOTH {
            for token in self.board.pieces(c, BEAST) | self.board.pieces(c, RIDDLE) {
                if let Some(&(_, to)) = moved
                    .iter()
                    .find(|(from, _)| Some(*from) == self.link_of(token))
                {
                    updates.push((token, to));
                }
            }
        }
        for (token, to) in updates {
            let tag = (self.tag(token) & !TAG_LINK) | (to.index() as u32 + 1) << TAG_LINK_SHIFT;
            self.extra.set_tag(token, Some(tag));
        }
    }

    /// Relocates a piece with its state; it is no longer virgin (ELD-009).
    pub(super) fn relocate(&mut self, from: Square, to: Square) {
        if from == to {
            self.virgin.clear(from);
            return;
        }
        self.board.relocate(from, to);
        self.virgin.clear(from);
        self.virgin.clear(to);
        self.extra.move_tag(from, to);
        self.keep_mystic_start(from, to);
        if !self.sub_tags.is_empty() {
            for entry in self.sub_tags.iter_mut().filter(|(t, _)| *t == from) {
                entry.0 = to; // a suborned piece's state travels with its stack
            }
            self.sub_tags.sort_by_key(|(t, _)| t.index());
        }
        if self.is_stack(from) {
            self.extra.move_stack(from, to); // ELD-332: the rider goes with its host
        }
        if token_of(self.piece_at(to).kind()).is_some() {
            self.repoint_links(&[(from, to)]);
        }
        self.move_trophies(&[(from, to)]);
    }

    /// ELD-461: a Mystic that moved from `from` to `to` (its tag already moved) keeps its
    /// start square.
    pub(super) fn keep_mystic_start(&mut self, from: Square, to: Square) {
        if self.piece_at(to).kind() == MYSTIC {
            let tag = super::reactions::mystic_start_tag(self.tag(to), from, to);
            self.extra.set_tag(to, Some(tag).filter(|&t| t != 0));
        }
    }

    /// Carries the trophies of Necromancers that moved (`(from, to)` pairs, all made).
    pub(super) fn move_trophies(&mut self, moved: &[(Square, Square)]) {
        if self.trophies.is_empty() {
            return;
        }
        for entry in self.trophies.iter_mut() {
            if let Some(&(_, to)) = moved.iter().find(|(from, _)| *from == entry.0) {
                entry.0 = to;
            }
        }
        self.trophies.sort_by_key(|(s, _)| s.index());
    }

    /// Whether a move of the piece on `from` is a pawn-type move (ELD-151, ELD-153).
    pub(super) fn is_pawn_move(&self, mv: Move) -> bool {
        if self.piece_at(mv.from()).kind() == GHOST {
            return self.is_suborned_pawn_step(mv); // ELD-795: only a stack's pawn step
        }
        let pawnish = self
            .atoms_at(mv.from())
            .iter()
            .any(|a| matches!(a, MovePattern::Pawn { push: true, .. }));
        if !pawnish || mv.param() == PARAM_ONE_SHOT {
            return false;
        }
        if is_en_passant(mv) {
            return true;
        }
        match mv.kind() {
            MoveKind::DoublePush => true,
            // A virgin double step onto the promotion rank is a promotion, not a DoublePush.
            MoveKind::Promotion
                if mv.to().col() == mv.from().col()
                    && mv.to().row() as i8 - mv.from().row() as i8
                        == 2 * self.forward_of(mv.from()) =>
            {
                true
            }
            MoveKind::Normal | MoveKind::Promotion => {
                let f = self.forward_of(mv.from());
                let dx = mv.to().col() as i8 - mv.from().col() as i8;
                let dy = mv.to().row() as i8 - mv.from().row() as i8;
                let occupied = self.piece_at(mv.to()).is_some();
                dy == f && ((dx == 0 && !occupied) || (dx.abs() == 1 && occupied))
            }
            _ => false,
        }
    }

    /// Plays a move of the play phase. `settle_ep`: keep the en-passant square only if a
    /// capture onto it is legal (skipped inside the legality test, where it cannot matter).
    pub(super) fn play_action(&mut self, mv: Move, settle_ep: bool) {
        if !self.react.is_empty() {
            self.play_reaction(mv, settle_ep);
            return;
        }
        if mv.kind() == MoveKind::Invoke
            && mv.ext() != super::invokes::EXT_LEAVE
            && self.piece_at(mv.from()).kind() == DIVINER
        {
            self.divine(mv.from()); // ELD-272: the whole state goes back
            return;
        }
        let us = self.side;
        self.mret = crate::bitboard::Bitboard::EMPTY; // ELD-463 counts per action
                                                      // Some: this is the Lightning Bolt's continuation decision (ELD-606).
        let continuing = self.bolt.take();
        if continuing.is_none() && mv.kind() != MoveKind::Pass {
            self.record_first_action(mv);
        }
        if mv.kind() == MoveKind::Pass {
            // The turn ends as the first action left it: clock and en passant are its own.
            self.end_turn(us, settle_ep);
            return;
        }
        let from = mv.from();
        let to = mv.to();
        let mover = self.piece_at(from);
        let kind = mover.kind();
        let mut reset = self.is_pawn_move(mv);
        self.ep = None;
        match mv.kind() {
            MoveKind::Castle => {
                let (cd, rd) = Self::castle_destinations(from, to);
                let riders = [self.extra.take_stack(from), self.extra.take_stack(to)];
                let castler = self.board.remove(from);
                let rook = self.board.remove(to);
                let (ct, rt) = (self.extra.tag(from), self.extra.tag(to));
                self.extra.set_tag(from, None);
                self.extra.set_tag(to, None);
                self.virgin.clear(from);
                self.virgin.clear(to);
                self.board.put(cd, castler);
                self.board.put(rd, rook);
                self.extra.set_tag(cd, ct);
                self.extra.set_tag(rd, rt);
                for (dest, units) in [cd, rd].into_iter().zip(riders) {
                    for u in units {
                        self.extra.push_stacked(dest, u); // ELD-332: riders castle too
                    }
                }
            }
            MoveKind::Invoke => reset = self.apply_invoke(mv),
            _ if kind == GHOST && self.piece_at(to).is_some() => {
                self.suborn(from, to); // ELD-381; it resets the clock (ELD-384)
                reset = true;
            }
            _ => {
                let target = match mv.kind() {
                    _ if is_en_passant(mv) => self.ep_victim(to),
                    _ if kind == DRAGON && mv.param() != 0 => Some(Square::from_index(mv.param())),
                    _ => Some(to).filter(|&t| self.piece_at(t).is_some()),
                };
                let victim = target.map(|t| self.piece_at(t).kind());
                if let Some(t) = target {
                    if kind == FIREBALL {
                        // ELD-385: a Fireball whose target holds a Ghost stack destroys both.
                        if let Some(unit) = self.take_suborned(t) {
                            self.bury(unit.0);
                        }
                    }
                    self.capture(t);
                    reset = true;
                }
                self.relocate(from, to);
                if kind == FIREBALL && target.is_some() {
                    // ELD-351: the Fireball and everything on or next to the target square is
                    // destroyed, Gargoyles excepted.
                    let zone =
                        neighbours(to, self.exists()) | crate::bitboard::Bitboard::from_square(to);
                    for s in zone & self.board.occupied() {
                        let spared = piece_type(self.piece_at(s).kind()).has(F_SPELL_IMMUNE);
                        if !spared || self.is_stack(s) {
                            let sub_spared = self.suborned_spared(s, true);
                            self.destroy(s, spared, sub_spared);
                        }
                    }
                }
                if kind == FIEND {
                    // ELD-343: own FIDE pawns next to the landing square are captured.
                    for s in neighbours(to, self.exists()) & self.board.pieces(us, PAWN) {
                        self.capture(s);
                        reset = true;
                    }
                }
                if let (NECROMANCER, Some(v)) = (kind, victim) {
                    // ELD-471: the captured piece's current type, by its own move.
                    self.add_trophy(to, v);
                }
                if kind == BEAST {
                    // ELD-302: removed when its second own move (a capture too) is complete.
                    let tag = self.tag(to);
                    if tag & TAG_MOVED != 0 {
                        self.take_off(to);
                        reset = true;
                    } else {
                        self.extra.set_tag(to, Some(tag | TAG_MOVED));
                    }
                }
                if kind == BERSERKER && mv.param() == PARAM_ONE_SHOT {
                    self.take_off(to); // ELD-231: removed, not captured
                    reset = true;
                }
                if kind == VAMPIRE && target.is_some() && mv.param() != 0 {
                    let tag = self.tag(to) | 1 << (mv.param() - 1);
                    self.extra.set_tag(to, Some(tag));
                }
                if mv.kind() == MoveKind::Promotion {
                    let new = mv.piece_kind().unwrap_or(QUEEN);
                    let royal = (kind == COURT_MAGICIAN || self.tag(to) & TAG_ROYAL != 0)
                        && !piece_type(new).is(ROYAL);
                    self.board.remove(to);
                    if kind == LIGHTNING_BOLT && new == KNIGHT {
                        // ELD-441: a Lightning Bolt in knight form, still a Bolt.
                        self.board.put(to, piece(us, LIGHTNING_BOLT));
                        self.extra.set_tag(to, Some(TAG_KNIGHT));
                    } else {
                        self.board.put(to, piece(us, new));
                        self.extra.set_tag(to, royal.then_some(TAG_ROYAL));
                    }
                    reset = true;
                }
                if mv.kind() == MoveKind::DoublePush {
                    let passed = Square::new(to.col(), (to.row() as i8 - forward(us)) as u8);
                    self.ep = Some(passed);
                }
            }
        }
        self.turn_gremlins();
        // ELD-623 counts turns: the first action sets the turn's value, a second one may only
        // reset it.
        self.halfmove = if reset || self.returned {
            0
        } else if continuing.is_some() {
            self.halfmove
        } else {
            self.halfmove.saturating_add(1)
        };
        // ELD-606: a Lightning Bolt's first action may be followed by a second one, once its
        // reactions are resolved (`advance` checks the conditions).
        if continuing.is_none() && kind == LIGHTNING_BOLT {
            self.bolt = Some(to);
        }
        self.advance(us, settle_ep);
    }

    /// ELD-607: the Blocks against the mover expire (a Block it invoked now stays, for the
    /// opponent's turn), the opponent's turn begins, and the en-passant square stays only if a
    /// capture onto it is legal (`settle_ep`; skipped inside the legality test).
    pub(super) fn end_turn(&mut self, us: Color, settle_ep: bool) {
        let against_mover = self.blocks & self.board.color(!us);
        self.blocks &= !against_mover;
        self.end_turn_record();
        self.side = !us;
        self.returned = false;
        self.drop_unplaceable_returns();
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        if settle_ep && self.ep.is_some() && !self.ep_is_legal() {
            self.ep = None;
        }
        if settle_ep {
            self.begin_turn_record(); // ELD-271: this turn may be undone (not needed in tests)
        }
    }

    /// ELD-401: Gremlins on or beyond their far rank turn, once (suborned ones too, ELD-798).
    pub(super) fn turn_gremlins(&mut self) {
        // Every action ends here: most boards have no Gremlin, nor a Ghost that could hold one.
        if (self.board.kind(GREMLIN) | self.board.kind(GHOST)).is_empty() {
            return;
        }
        self.turn_suborned_gremlins();
        for c in Color::BOTH {
            for s in self.board.pieces(c, GREMLIN) {
                let beyond = match c {
                    Color::White => s.row() >= 8,
                    Color::Black => s.row() <= 1,
                };
                let tag = self.tag(s);
                if beyond && tag & TAG_TURNED == 0 {
                    self.extra.set_tag(s, Some(tag | TAG_TURNED));
                }
            }
        }
    }

    /// Whether the side to move has a legal en-passant capture onto the stored square.
    pub(super) fn ep_is_legal(&self) -> bool {
        if self.is_plain() {
            return self.plain_ep_is_legal();
        }
        let legal = self.general_ep_is_legal();
        #[cfg(debug_assertions)]
        assert_eq!(legal, self.ep_is_legal_by_whole_list(), "{self:?}");
        legal
    }

    /// [`Eldritch::ep_is_legal`] of every army: the captures alone where they settle it.
    fn general_ep_is_legal(&self) -> bool {
        // An en-passant capture is a pawn-type capture onto the square (ELD-152), made by a
        // unit of the mover's standing diagonally next to it (a rider or suborned piece on
        // its host's square): without one, no list is needed.
        let ep = self.ep.expect("an en-passant square to judge");
        let next_to = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
            .into_iter()
            .filter_map(|(dx, dy)| ep.offset(dx, dy))
            .any(|s| self.board.color(self.side).contains(s));
        if !next_to {
            return false;
        }
        let mut pseudo = MoveList::new();
        self.generate_pseudo(&mut pseudo);
        let mut captures = MoveList::new();
        for &m in &pseudo {
            if is_en_passant(m) {
                captures.push(m);
            }
        }
        if captures.is_empty() {
            return false;
        }
        // Only the captures are judged: one that is L1-legal is legal whatever the other
        // actions (ELD-613), if it is a pawn-type move (never shadowed, ELD-231). Where that
        // does not settle it (a capture legal only by the fallback, legal where no action is
        // L1-legal; one that may be shadowed), the whole list decides.
        let (mut legal, mut fallback) = (MoveList::new(), MoveList::new());
        self.sort_legal(&captures, &mut legal, &mut fallback);
        if legal.iter().any(|&m| self.is_pawn_move(m)) {
            return true;
        }
        if legal.is_empty() && fallback.is_empty() {
            return false;
        }
        let mut all = MoveList::new();
        self.filter_legal(&pseudo, &mut all);
        all.iter().any(|&m| is_en_passant(m))
    }

    /// [`Eldritch::ep_is_legal`] from the whole legal list, as ELD-152 reads (debug builds
    /// check the shortcuts against it).
    #[cfg(debug_assertions)]
    fn ep_is_legal_by_whole_list(&self) -> bool {
        let mut pseudo = MoveList::new();
        self.generate_pseudo(&mut pseudo);
        let mut legal = MoveList::new();
        self.filter_legal(&pseudo, &mut legal);
        legal.iter().any(|&m| is_en_passant(m))
    }
}
