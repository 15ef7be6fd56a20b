//! Playing Hobgoblin actions (HOB-120): the link step, the move with captures, partner removal
//! and mutation, magnetism, the verdicts, the mover's promotions and the opponent's decision.
//!
//! A move is played in two stages so the generator can test legality (HOB-133) on the position
//! after magnetism before it branches over the mover's declared promotions (HOB-111):
//! [`Hobgoblin::move_stage`] (HOB-120 steps 2–4) and [`Hobgoblin::end_stage`] (steps 5–8).

use super::plans::{self, carries_right, holds_locked, Class, Plan, State};
use super::position::{
    is_hallway, last_rank, rank_squares, Chance, EpRecord, HobResult, Hobgoblin, Phase, Wing,
    HALLWAY_SQUARES, KINDS, KING, MAX_SITES, PAWN, ROOK,
};
use super::rides::{
    farthest_on_ray, forward, nearest_on_ray, step, MAGNET_BOARD_RAYS, MAGNET_HALL_RAYS,
};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::Color;
use crate::square::Square;
use crate::variants::chess::tables;
use arrayvec::ArrayVec;

/// Promotion types in token order `q r b n` (HOB-110).
pub const PROMOTION_KINDS: [u8; 4] = [1, 2, 3, 4];

/// What a move did, for legality, verdicts, the clock and the roll sites.
#[derive(Clone, Debug, Default)]
pub struct Effects {
    /// The enemy king (a consolidated king or a half) was captured (HOB-140).
    pub king_captured: bool,
    /// Per colour: a locked castling half was moved or removed other than by the completion
    /// (HOB-65a).
    pub locked_disturbed: [bool; 2],
    /// Roll sites (HOB-100, HOB-102): (node, rolls), one entry per roll event.
    pub rolls: ArrayVec<(Square, u8), 32>,
    /// A capture, a pawn movement, a mutation (HOB-146).
    pub reset_clock: bool,
    /// The record this move creates (HOB-70).
    pub new_ep: Option<EpRecord>,
    /// A count or pair table limit was passed: the plan is refused (an engine limit).
    pub overflow: bool,
}

impl Effects {
    /// The roll sites as sorted (node, count) with equal nodes merged.
    pub fn roll_sites(&self) -> ArrayVec<(Square, u8), 32> {
        let mut out: ArrayVec<(Square, u8), 32> = ArrayVec::new();
        for &(n, c) in &self.rolls {
            if let Some(e) = out.iter_mut().find(|e| e.0 == n) {
                e.1 = e.1.saturating_add(c);
            } else {
                out.push((n, c));
            }
        }
        out.sort_by_key(|e| e.0);
        out
    }
}

/// The home rank of `color`'s castling (HOB-61).
pub const fn home_rank(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 8,
    }
}

impl Hobgoblin {
    // ---------------------------------------------------------------- unit bookkeeping

    /// Adds `n` consolidated units (or pawns) of `kind` to `node`.
    fn add_units(&mut self, node: Square, color: Color, kind: u8, n: u8, fx: &mut Effects) {
        if n == 0 {
            return;
        }
        let cur = self.count(node, color, kind);
        let Some(total) = cur.checked_add(n) else {
            fx.overflow = true;
            return;
        };
        self.set_count(node, color, kind, total);
    }

    /// Adds `n` extended pieces between `x` and `y`; halves that meet consolidate (HOB-6).
    fn add_pair(&mut self, color: Color, kind: u8, x: Square, y: Square, n: u8, fx: &mut Effects) {
        if n == 0 {
            return;
        }
        if x == y {
            self.add_units(x, color, kind, n, fx);
            return;
        }
        let cur = self.pair_count(color, kind, x, y);
        match cur.checked_add(n) {
            Some(total) if self.set_pair(color, kind, x, y, total) => {}
            _ => fx.overflow = true,
        }
    }

    /// Clears the castling rights whose carrier stands on `node` (HOB-60): the carrier moved,
    /// was captured or was placed in the hallway.
    pub(super) fn drop_rights_on(&mut self, node: Square, color: Color) {
        if node.row() != home_rank(color) {
            return;
        }
        let mask = match node.col() {
            5 => Wing::King.right(color) | Wing::Queen.right(color),
            8 => Wing::King.right(color),
            1 => Wing::Queen.right(color),
            _ => 0,
        };
        if self.rights() & mask != 0 {
            self.set_rights(self.rights() & !mask);
        }
    }

    /// Forgets a castling in progress whose locked halves no longer stand as HOB-61 left them
    /// (the game is then decided, HOB-141, or the turn is illegal, HOB-133): the state keeps
    /// only castlings that can still complete, as the FEN requires (notation §2.7).
    fn drop_broken_castling(&mut self) {
        for color in Color::BOTH {
            let Some(wing) = self.in_progress(color) else {
                continue;
            };
            let rank = home_rank(color);
            let [kf, kt, rf, rt] = wing.files();
            let sq = |f| Square::new(f, rank);
            let intact = self.pair_count(color, KING, sq(kf), sq(kt)) > 0
                && self.pair_count(color, ROOK, sq(rf), sq(rt)) > 0;
            if !intact {
                self.set_in_progress(color, None);
            }
        }
    }

    /// Whether `node` holds a locked half of `color` (HOB-62).
    fn holds_locked_half(&self, node: Square, color: Color) -> bool {
        let Some(wing) = self.in_progress(color) else {
            return false;
        };
        let rank = home_rank(color);
        wing.files().iter().any(|&f| Square::new(f, rank) == node)
    }

    /// Removes every unit of `color` on `node`, with the partners of its halves (HOB-50).
    fn remove_crowd(&mut self, node: Square, color: Color, fx: &mut Effects) {
        if self.holds_locked_half(node, color) {
            fx.locked_disturbed[color.index()] = true;
        }
        self.drop_rights_on(node, color);
        for kind in 0..KINDS as u8 {
            if self.count(node, color, kind) > 0 {
                if kind == KING {
                    fx.king_captured = true;
                }
                self.set_count(node, color, kind, 0);
            }
        }
        if !self.has_halves(node, color) {
            return;
        }
        let halves: ArrayVec<(u8, Square), 64> = self
            .halves_on(node)
            .filter(|p| p.color == color)
            .map(|p| (p.kind, p.partner(node)))
            .collect();
        for (kind, partner) in halves {
            if kind == KING {
                fx.king_captured = true;
            }
            // Only the locked pair itself counts: another half whose partner shares a
            // locked half's node takes nothing locked with it (HOB-65a; issue 48).
            if holds_locked(self, color, kind, node, partner) {
                fx.locked_disturbed[color.index()] = true;
            }
            self.set_pair(color, kind, node, partner, 0);
        }
    }

    /// Moves the whole crowd on `from` to `to` (magnetism, HOB-93/94).
    fn move_crowd(&mut self, from: Square, to: Square, fx: &mut Effects) {
        let Some(color) = self.color_on(from) else {
            return;
        };
        if self.holds_locked_half(from, color) {
            fx.locked_disturbed[color.index()] = true;
        }
        self.drop_rights_on(from, color);
        let counts = self.crowd(from).counts;
        if self.move_units_to_empty(from, to, color) {
            let pawns = counts[PAWN as usize];
            if pawns > 0 {
                fx.rolls.push((to, pawns));
                fx.reset_clock = true;
            }
        } else {
            for kind in 0..KINDS as u8 {
                let n = counts[kind as usize];
                if n > 0 {
                    self.set_count(from, color, kind, 0);
                    self.add_units(to, color, kind, n, fx);
                    if kind == PAWN {
                        fx.rolls.push((to, n));
                        fx.reset_clock = true;
                    }
                }
            }
        }
        if !self.has_halves(from, color) {
            return;
        }
        let halves: ArrayVec<(u8, Square, u8), 64> = self
            .halves_on(from)
            .filter(|p| p.color == color)
            .map(|p| (p.kind, p.partner(from), p.count))
            .collect();
        for (kind, partner, n) in halves {
            self.set_pair(color, kind, from, partner, 0);
            self.add_pair(color, kind, to, partner, n, fx);
        }
    }

    // ---------------------------------------------------------------- the move (step 2)

    /// The kinds a capture on `node` offers (HOB-51): the types of `victim`'s units there other
    /// than the king, in kind order.
    pub fn capture_types(&self, node: Square, victim: Color) -> ArrayVec<u8, 5> {
        let mut present = [false; KINDS];
        for (kind, p) in present.iter_mut().enumerate() {
            *p = self.count(node, victim, kind as u8) > 0;
        }
        for p in self.halves_on(node).filter(|p| p.color == victim) {
            present[p.kind as usize] = true;
        }
        (1..KINDS as u8).filter(|&k| present[k as usize]).collect()
    }

    /// Whether moving a set with a pawn from `s` to the empty node `t` is an en-passant capture
    /// (HOB-72): `t` holds a target square of the record and the pawn's capture step reaches it.
    pub fn is_en_passant_target(&self, s: Square, t: Square) -> bool {
        let Some(ep) = self.ep() else { return false };
        self.color_on(t).is_none()
            && (ep.targets & self.node_squares(t)).any()
            && self.pawn_capture_reach(s, self.side()).contains(t)
    }

    /// The record a move of pawns from `s` to `t` creates (HOB-70), judged before the move.
    fn record_for(&self, s: Square, t: Square, k: u8) -> Option<EpRecord> {
        let color = self.side();
        let max = Self::pawn_max_ride(color, s.row());
        let first = max == 3;
        let min_len = if first { 1 } else { 2 };
        let mut reached = false;
        let mut targets = Bitboard::EMPTY;
        for from in self.node_squares(s) {
            for len in min_len..=max {
                self.pawn_ride(
                    from,
                    color,
                    len,
                    Bitboard::from_square(s),
                    &mut |dest, passed| {
                        if dest == t {
                            reached = true;
                            targets |= passed;
                        }
                    },
                );
            }
        }
        if !reached {
            return None;
        }
        if first {
            targets |= self.node_squares(s);
        }
        Some(EpRecord {
            targets,
            victim: t,
            k,
        })
    }

    /// Plays a unit move's step 2 from `s` to `t` with `plan` over `classes` (HOB-40..55, HOB-72).
    pub(super) fn apply_unit_move(
        &mut self,
        s: Square,
        t: Square,
        classes: &[Class],
        plan: &Plan,
        fx: &mut Effects,
    ) {
        let c = self.side();
        let o = !c;
        let pawns_moved: u8 = classes
            .iter()
            .zip(&plan.counts)
            .filter(|(cl, _)| cl.state == State::Pawn)
            .map(|(_, &(a, _))| a)
            .sum();
        let enemy = self.color_on(t) == Some(o);
        let en_passant = !enemy && pawns_moved > 0 && self.is_en_passant_target(s, t);
        if pawns_moved > 0 && !enemy {
            fx.new_ep = self.record_for(s, t, pawns_moved);
        }
        let types: ArrayVec<u8, 5> = if enemy {
            self.capture_types(t, o)
        } else if en_passant {
            [PAWN].into_iter().collect()
        } else {
            ArrayVec::new()
        };
        let captures = enemy || en_passant;
        if pawns_moved > 0 {
            fx.rolls.push((t, pawns_moved));
            fx.reset_clock = true;
        }
        if captures {
            fx.reset_clock = true;
        }

        // Take the moving units off S.
        for (class, &(a, b)) in classes.iter().zip(&plan.counts) {
            if a + b == 0 {
                continue;
            }
            match class.state {
                State::Pawn | State::Whole | State::Carrier => {
                    let cur = self.count(s, c, class.kind);
                    self.set_count(s, c, class.kind, cur - a - b);
                    if class.state == State::Carrier {
                        self.drop_rights_on(s, c);
                    }
                }
                State::Half(u) => {
                    let cur = self.pair_count(c, class.kind, s, u);
                    self.set_pair(c, class.kind, s, u, cur - a);
                }
            }
        }

        // Captures (HOB-50, HOB-72).
        if enemy {
            self.remove_crowd(t, o, fx);
        } else if en_passant {
            if let Some(ep) = self.ep() {
                let cur = self.count(ep.victim, o, PAWN);
                self.set_count(ep.victim, o, PAWN, cur.saturating_sub(ep.k));
            }
        }

        // Place them, mutated (HOB-51..53).
        for (i, (class, &(a, b))) in classes.iter().zip(&plan.counts).enumerate() {
            for extending in [false, true] {
                let n = if extending { b } else { a };
                if n == 0 {
                    continue;
                }
                let mut takes = [0u8; KINDS];
                if !captures || types.is_empty() || class.kind == KING {
                    takes[class.kind as usize] = n;
                    self.place(s, t, class, extending, &takes, false, fx);
                } else {
                    if types.len() == 1 {
                        takes[types[0] as usize] = n;
                    } else {
                        takes = plan.mutations[i * 2 + extending as usize];
                    }
                    self.place(s, t, class, extending, &takes, true, fx);
                }
            }
        }
    }

    /// Places moved units of `class` on `t` (HOB-42, HOB-52): `takes[kind]` units become `kind`
    /// (their own kind when `mutated` is false).
    #[allow(clippy::too_many_arguments)]
    fn place(
        &mut self,
        s: Square,
        t: Square,
        class: &Class,
        extending: bool,
        takes: &[u8; KINDS],
        mutated: bool,
        fx: &mut Effects,
    ) {
        let c = self.side();
        for (kind, &n) in takes.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let kind = kind as u8;
            let to_pawns = mutated && kind == PAWN && class.kind != PAWN;
            match class.state {
                State::Pawn => self.add_units(t, c, kind, n, fx),
                State::Whole | State::Carrier if !extending => {
                    if to_pawns {
                        self.add_units(t, c, PAWN, n.saturating_mul(2), fx);
                    } else {
                        self.add_units(t, c, kind, n, fx);
                    }
                }
                State::Whole | State::Carrier => {
                    if to_pawns {
                        self.add_units(s, c, PAWN, n, fx);
                        self.add_units(t, c, PAWN, n, fx);
                    } else {
                        self.add_pair(c, kind, s, t, n, fx);
                    }
                }
                State::Half(u) => {
                    if to_pawns {
                        self.add_units(t, c, PAWN, n, fx);
                        self.add_units(u, c, PAWN, n, fx);
                    } else {
                        self.add_pair(c, kind, t, u, n, fx);
                    }
                }
            }
        }
    }

    /// Castling initiation or completion (HOB-61, HOB-63) for the side to move.
    pub(super) fn apply_castle(&mut self, wing: Wing, fx: &mut Effects) -> Square {
        let c = self.side();
        let rank = home_rank(c);
        let [kf, kt, rf, rt] = wing.files();
        let (ke, kd) = (Square::new(kf, rank), Square::new(kt, rank));
        let (re, rd) = (Square::new(rf, rank), Square::new(rt, rank));
        if self.in_progress(c) == Some(wing) {
            let n = self.pair_count(c, KING, ke, kd);
            self.set_pair(c, KING, ke, kd, n - 1);
            self.add_units(kd, c, KING, 1, fx);
            let n = self.pair_count(c, ROOK, re, rd);
            self.set_pair(c, ROOK, re, rd, n - 1);
            self.add_units(rd, c, ROOK, 1, fx);
            self.set_in_progress(c, None);
        } else {
            self.set_count(ke, c, KING, 0);
            self.add_pair(c, KING, ke, kd, 1, fx);
            let n = self.count(re, c, ROOK);
            self.set_count(re, c, ROOK, n - 1);
            self.add_pair(c, ROOK, re, rd, 1, fx);
            self.set_rights(self.rights() & !(Wing::King.right(c) | Wing::Queen.right(c)));
            self.set_in_progress(c, Some(wing));
        }
        rd
    }

    // ---------------------------------------------------------------- magnetism (step 3)

    /// Magnetism from `magnet` for the mover (HOB-90..94).
    pub(super) fn magnetize(&mut self, magnet: Square, fx: &mut Effects) {
        let squares = self.node_squares(magnet);
        let occ = self.occupied();
        // (target node, target square, ray direction index, square next to the magnet)
        let mut targets: ArrayVec<(Square, Square, usize, Square), 10> = ArrayVec::new();
        let mut seen = Bitboard::from_square(magnet);
        let t = tables();
        for origin in squares {
            if origin.col() == 9 {
                for i in 0..MAGNET_HALL_RAYS.len() {
                    let beyond = hall_beyond(origin, i);
                    let blockers = beyond & occ;
                    if blockers.is_empty() {
                        continue;
                    }
                    let cur = hall_nearest(blockers, i);
                    let node = self.node(cur);
                    if !seen.contains(node) {
                        seen.set(node);
                        targets.push((node, cur, HALL_RAY_BASE + i, hall_nearest(beyond, i)));
                    }
                }
                continue;
            }
            for i in 0..MAGNET_BOARD_RAYS.len() {
                let ray = t.rays[i][origin.index()];
                let blockers = ray & occ;
                if blockers.is_empty() {
                    continue;
                }
                // A board square is its own node's representative square.
                let cur = nearest_on_ray(blockers, i);
                let node = cur;
                if !seen.contains(node) {
                    seen.set(node);
                    targets.push((node, cur, i, nearest_on_ray(ray, i)));
                }
            }
        }
        let mover = self.side();
        for (node, sq, ray, adjacent) in targets {
            let Some(color) = self.color_on(node) else {
                continue;
            };
            if color == mover {
                let dest = self.node(adjacent);
                if dest != node {
                    self.move_crowd(node, dest, fx);
                }
            } else if let Some(last) = self.repel_stop(sq, ray) {
                let dest = self.node(last);
                self.move_crowd(node, dest, fx);
            }
        }
    }

    /// Where a repelled crowd on `sq` stops sliding along ray `ray` (HOB-93): the last square
    /// before the first occupied node or the edge; `None` when it cannot move.
    fn repel_stop(&self, sq: Square, ray: usize) -> Option<Square> {
        let occ = self.occupied();
        if ray >= HALL_RAY_BASE {
            let i = ray - HALL_RAY_BASE;
            let beyond = hall_beyond(sq, i);
            let blockers = beyond & occ;
            let free = if blockers.is_empty() {
                beyond
            } else {
                beyond & !hall_beyond(hall_nearest(blockers, i), i) & !blockers
            };
            return free.any().then(|| hall_nearest(free, 1 - i));
        }
        let t = tables();
        let beyond = t.rays[ray][sq.index()];
        let blockers = beyond & occ;
        let free = if blockers.is_empty() {
            beyond
        } else {
            t.between(sq, nearest_on_ray(blockers, ray))
        };
        free.any().then(|| farthest_on_ray(free, ray))
    }

    // ---------------------------------------------------------------- whole actions

    /// HOB-120 steps 2–4 of a move (castling or unit move): the move, magnetism, the first
    /// verdict. Returns the effects; a decided game has its result set.
    pub(super) fn move_stage(&mut self, mv: Move) -> Effects {
        if mv.kind() == MoveKind::Castle {
            let wing = if mv.to().col() > mv.from().col() {
                Wing::King
            } else {
                Wing::Queen
            };
            let mut fx = Effects::default();
            let magnet = self.apply_castle(wing, &mut fx);
            return self.after_move(magnet, fx);
        }
        let (s, t) = (self.node(mv.from()), self.node(mv.to()));
        let classes = plans::classes(self, s, self.side(), true);
        let types = self.mutation_types(t);
        let plan = plans::decode(&classes, mv.ext(), &types);
        self.unit_move_stage(s, t, &classes, &plan)
    }

    /// [`Hobgoblin::move_stage`] of a unit move whose plan is already decoded (the generator
    /// has it at hand).
    pub(super) fn unit_move_stage(
        &mut self,
        s: Square,
        t: Square,
        classes: &[Class],
        plan: &Plan,
    ) -> Effects {
        let mut fx = Effects::default();
        self.apply_unit_move(s, t, classes, plan, &mut fx);
        self.after_move(t, fx)
    }

    /// HOB-120 steps 3–4 after the move: the king-capture end, magnetism from `magnet`, the
    /// first verdict.
    fn after_move(&mut self, magnet: Square, mut fx: Effects) -> Effects {
        let c = self.side();
        let o = !c;
        if fx.king_captured {
            self.set_result(Some(win(c)));
            self.drop_broken_castling();
            return fx;
        }
        self.magnetize(magnet, &mut fx);
        let o_castling = self.in_progress(o).is_some();
        if o_castling && (fx.locked_disturbed[o.index()] || self.danger_attacked(o)) {
            self.set_result(Some(win(c)));
        }
        self.drop_broken_castling();
        fx
    }

    /// The mutation types offered by a move from `s` to `t` before it is made: the captured
    /// types, or the pawn for a possible en passant (the plan decides whether a pawn moves).
    pub(super) fn mutation_types(&self, t: Square) -> ArrayVec<u8, 5> {
        let o = !self.side();
        if self.color_on(t) == Some(o) {
            self.capture_types(t, o)
        } else {
            ArrayVec::new()
        }
    }

    /// HOB-120 steps 5–8 after [`Hobgoblin::move_stage`]: the mover's declared promotions
    /// (`promo` code over its last-rank pawn nodes), the opponent's decision or the final
    /// verdict, and the turn's bookkeeping.
    pub(super) fn end_stage(&mut self, promo: u32, fx: &Effects) {
        let c = self.side();
        let o = !c;
        let mut reset = fx.reset_clock;
        let fullmove = self.fullmove() + (c == Color::Black) as u16;
        if self.result().is_none() {
            let sites = fx.roll_sites();
            if !sites.is_empty() {
                // Step 5: the rolls wait for the dice (G6). The state keeps the sites and the
                // mover's declarations; the record and the clocks are what the turn leaves
                // (notation §2.8; a roll means a pawn moved, so the clock is 0).
                // A move without declarations carries no code (its promotion field is empty).
                let promo = if self.promotion_nodes(c).is_empty() {
                    0
                } else {
                    promo
                };
                let mut chance = Chance {
                    sites: Bitboard::EMPTY,
                    rolls: [0; MAX_SITES],
                    promo,
                };
                for (i, &(node, n)) in sites.iter().take(MAX_SITES).enumerate() {
                    chance.sites.set(node);
                    chance.rolls[i] = n;
                }
                self.set_ep(fx.new_ep);
                self.set_after_link(false);
                self.set_clocks(0, fullmove);
                self.set_chance(Some(chance));
                return;
            }
            // No rolls (HOB-104: deterministic). Step 7: the mover's promotions.
            if self.apply_promotions(c, promo) {
                reset = true;
            }
        }
        let halfmove = if reset { 0 } else { self.halfmove() + 1 };
        self.set_ep(fx.new_ep);
        self.set_after_link(false);
        self.set_side(o);
        if self.result().is_none() {
            if self.pawns_on_last_rank(o) {
                // The opponent's decision step comes next (HOB-112); the clock resets with it.
                self.set_clocks(0, fullmove);
                return;
            }
            self.final_verdict(c, [false; 2]);
        }
        self.set_clocks(halfmove, fullmove);
    }

    /// The nodes destroyed when the roll sites of `mask` (bit i: the i-th site of `chance` in
    /// index order) explode (HOB-102, HOB-103): each site's node and every node holding a
    /// square one king step from one of its squares (board steps, hallway iN±1); a linked node
    /// is hit whole.
    pub fn blast_nodes(&self, chance: &Chance, mask: u32) -> Bitboard {
        let t = tables();
        let mut squares = Bitboard::EMPTY;
        for (i, site) in chance.sites.into_iter().enumerate() {
            if mask & (1 << i) == 0 {
                continue;
            }
            for sq in self.node_squares(site) {
                squares.set(sq);
                if is_hallway(sq) {
                    squares |= hallway_neighbours(sq);
                } else {
                    squares |= t.king[sq.index()];
                }
            }
        }
        let mut nodes = Bitboard::EMPTY;
        for sq in squares {
            nodes.set(self.node(sq));
        }
        nodes
    }

    /// The chance step's outcome (HOB-120 steps 5–8): the sites of `mask` explode (bit i: the
    /// i-th roll site in index order), then the king check (HOB-140), the mover's declared
    /// promotions of its surviving pawns (HOB-111), and the opponent's decision (HOB-112) or
    /// the final verdict (HOB-142).
    pub(super) fn apply_outcome(&mut self, mask: u32) {
        let Some(chance) = self.chance() else {
            return;
        };
        self.set_chance(None);
        let c = self.side();
        let o = !c;
        // The declarations are per node of the position before the blasts (HOB-111).
        let mut r = plans::CodeReader(chance.promo as u64);
        let declared: ArrayVec<(Square, [u8; KINDS]), 16> = self
            .promotion_nodes(c)
            .into_iter()
            .map(|n| {
                let pawns = self.count(n, c, PAWN);
                (n, plans::take_multiset(&mut r, &PROMOTION_KINDS, pawns))
            })
            .collect();
        let mut fx = Effects::default();
        for node in self.blast_nodes(&chance, mask) {
            if let Some(color) = self.color_on(node) {
                self.remove_crowd(node, color, &mut fx);
            }
        }
        if let Some(ep) = self.ep() {
            // HOB-71: a record whose victims were blown up is void.
            if self.count(ep.victim, c, PAWN) < ep.k {
                self.set_ep(None);
            }
        }
        self.set_side(o);
        // Step 6: a destroyed king loses; both, a draw (HOB-140).
        let lost = [!self.has_king(Color::White), !self.has_king(Color::Black)];
        if lost[0] || lost[1] {
            self.set_result(Some(match lost {
                [true, true] => HobResult::Draw,
                [true, false] => win(Color::Black),
                _ => win(Color::White),
            }));
            self.drop_broken_castling();
            return;
        }
        // Step 7: the mover's surviving pawns promote as declared.
        let mut none = Effects::default();
        for (node, counts) in declared {
            if self.count(node, c, PAWN) == 0 {
                continue;
            }
            self.set_count(node, c, PAWN, 0);
            for k in PROMOTION_KINDS {
                self.add_units(node, c, k, counts[k as usize], &mut none);
            }
        }
        let locked_lost = fx.locked_disturbed;
        self.drop_broken_castling();
        if self.pawns_on_last_rank(o) {
            // The opponent's decision step comes next (HOB-112); the verdict after it still
            // counts a destroyed locked half, which the state keeps until then (`lost=`).
            self.set_locked_lost(locked_lost);
            return;
        }
        self.final_verdict(c, locked_lost);
    }

    /// Promotes `color`'s pawns on its last rank per `code` (per node in index order, a
    /// multiset over `q r b n`). Returns whether anything promoted.
    fn apply_promotions(&mut self, color: Color, code: u32) -> bool {
        let nodes = self.promotion_nodes(color);
        if nodes.is_empty() {
            return false;
        }
        let mut r = plans::CodeReader(code as u64);
        let mut fx = Effects::default();
        for node in nodes {
            let n = self.count(node, color, PAWN);
            let counts = plans::take_multiset(&mut r, &PROMOTION_KINDS, n);
            self.set_count(node, color, PAWN, 0);
            for k in PROMOTION_KINDS {
                self.add_units(node, color, k, counts[k as usize], &mut fx);
            }
        }
        true
    }

    /// The nodes where `color` has pawns on its last rank, in index order.
    pub fn promotion_nodes(&self, color: Color) -> ArrayVec<Square, 16> {
        let mut out: ArrayVec<Square, 16> = ArrayVec::new();
        for sq in self.bits().pawns[color.index()] & rank_squares(last_rank(color)) {
            let node = self.node(sq);
            if !out.contains(&node) {
                out.push(node);
            }
        }
        out.sort();
        out
    }

    /// The final verdict of `mover`'s turn (HOB-142; part 1 has no destroyed halves).
    /// The final verdict of `mover`'s turn (HOB-142): `locked_lost` says per colour whether an
    /// explosion destroyed one of its locked castling halves this turn.
    fn final_verdict(&mut self, mover: Color, locked_lost: [bool; 2]) {
        let o = !mover;
        let mover_loses = locked_lost[mover.index()] || self.royal_attacked(mover, false);
        let o_loses = locked_lost[o.index()] || self.danger_attacked(o);
        let result = match (mover_loses, o_loses) {
            (true, true) => Some(HobResult::Draw),
            (true, false) => Some(win(o)),
            (false, true) => Some(win(mover)),
            (false, false) => None,
        };
        if result.is_some() {
            self.set_result(result);
        }
    }

    /// The opponent's promotion decision (HOB-112): `code` over its last-rank pawn nodes; then
    /// the final verdict of the turn that caused it.
    pub(super) fn apply_decision(&mut self, code: u32) {
        let decider = self.side();
        self.apply_promotions(decider, code);
        let lost = self.locked_lost();
        self.set_locked_lost([false; 2]);
        self.final_verdict(!decider, lost);
    }

    /// The link step (HOB-81/82), then the `+` of field 7. Voids a record it touches (HOB-71).
    pub(super) fn apply_link_step(&mut self, mv: Move) {
        let hall = mv.from();
        let board = mv.to();
        let rank = hall.row();
        let mut fx = Effects::default();
        if mv.kind() == MoveKind::Link {
            // Merge the hallway square's crowd into the board square's node.
            if let Some(color) = self.color_on(hall) {
                for kind in 0..KINDS as u8 {
                    let n = self.count(hall, color, kind);
                    if n > 0 {
                        self.set_count(hall, color, kind, 0);
                        self.add_units(board, color, kind, n, &mut fx);
                    }
                }
                let halves: ArrayVec<(u8, Square, u8), 64> = self
                    .halves_on(hall)
                    .map(|p| (p.kind, p.partner(hall), p.count))
                    .collect();
                for (kind, partner, n) in halves {
                    self.set_pair(color, kind, hall, partner, 0);
                    self.add_pair(color, kind, board, partner, n, &mut fx);
                }
            }
            self.set_link(rank, Some(board.col()));
            if self.link_count() == 8 {
                self.set_phase(Phase::Unlinking);
            }
        } else {
            let color = self.color_on(board);
            let classes = match color {
                Some(col) => plans::classes(self, board, col, false),
                None => plans::Classes::new(),
            };
            let mut r = plans::CodeReader(mv.ext() as u64);
            let sent: ArrayVec<u8, { plans::MAX_CLASSES }> = classes
                .iter()
                .map(|cl| (r.take(cl.count as u64 + 1) as u8).min(cl.count))
                .collect();
            self.set_link(rank, None);
            if let Some(col) = color {
                for (cl, &n) in classes.iter().zip(&sent) {
                    if n == 0 {
                        continue;
                    }
                    match cl.state {
                        State::Half(u) => {
                            let cur = self.pair_count(col, cl.kind, board, u);
                            self.set_pair(col, cl.kind, board, u, cur - n);
                            self.add_pair(col, cl.kind, hall, u, n, &mut fx);
                        }
                        _ => {
                            let cur = self.count(board, col, cl.kind);
                            self.set_count(board, col, cl.kind, cur - n);
                            self.add_units(hall, col, cl.kind, n, &mut fx);
                            if cl.state == State::Carrier {
                                self.drop_rights_on(board, col);
                            }
                        }
                    }
                }
            }
            if self.link_count() == 0 {
                self.set_phase(Phase::Linking);
            }
        }
        if let Some(ep) = self.ep() {
            let touched = Bitboard::from_square(hall) | Bitboard::from_square(board);
            if (ep.targets & touched).any() || touched.contains(ep.victim) {
                self.set_ep(None);
            }
        }
        self.set_after_link(true);
    }

    /// Whether a castling right's carrier class exists on `node` (for tokens).
    pub fn has_carrier(&self, node: Square, color: Color, kind: u8) -> bool {
        self.count(node, color, kind) > 0 && carries_right(self, node, color, kind)
    }
}

/// The hallway squares one step from hallway square `sq` (HOB-13).
pub(super) fn hallway_neighbours(sq: Square) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for d in [(0, 1), (0, -1)] {
        if let Some(n) = step(sq, d) {
            out.set(n);
        }
    }
    out
}

/// The hallway squares beyond hallway square `sq` along magnetism's hallway ray `ray` (0 up,
/// 1 down, [`MAGNET_HALL_RAYS`]).
fn hall_beyond(sq: Square, ray: usize) -> Bitboard {
    let at = sq.index() as u32;
    let side = if ray == 0 {
        !0u128 << (at + 1)
    } else {
        (1u128 << at) - 1
    };
    HALLWAY_SQUARES & Bitboard(side)
}

/// The square of `set` (hallway squares along hallway ray `ray`) nearest its origin.
fn hall_nearest(set: Bitboard, ray: usize) -> Square {
    if ray == 0 {
        set.lsb()
    } else {
        set.msb()
    }
}

/// Magnetism's hallway rays are numbered after the eight board rays.
const HALL_RAY_BASE: usize = 8;

/// The win of `color` as a stored result.
pub const fn win(color: Color) -> HobResult {
    match color {
        Color::White => HobResult::WhiteWins,
        Color::Black => HobResult::BlackWins,
    }
}

/// Forward of the side, re-exported for the generator.
pub const fn pawn_forward(color: Color) -> i8 {
    forward(color)
}

impl Hobgoblin {
    /// Plays only HOB-120 steps 2–4 of a move (move, magnetism, first verdict), for checks
    /// that look at the state after magnetism (HOB-150).
    pub fn apply_move_stage(&mut self, mv: Move) {
        let _ = self.move_stage(mv);
    }

    /// The roll sites of a move (HOB-100, HOB-102), one entry per roll, in square index order;
    /// none for a turn that ends the game at step 2 or 4 (its rolls never happen, HOB-150).
    pub fn roll_sites_of(&self, mv: Move) -> Vec<Square> {
        if !matches!(
            mv.kind(),
            MoveKind::Normal | MoveKind::EnPassant | MoveKind::Castle
        ) {
            return Vec::new();
        }
        let mut child = self.clone();
        let fx = child.move_stage(mv);
        if child.result().is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (node, n) in fx.roll_sites() {
            out.extend(std::iter::repeat_n(node, n as usize));
        }
        out
    }
}
