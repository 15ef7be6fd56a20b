//! Hobgoblin's turn generator (`docs/hobgoblin-design.md` §4): link steps, unit moves over
//! every moving set as counts, castling, promotion declarations and the opponent's decision,
//! each turn generated once (HOB-150).

use super::counting::{Memo, Opening, Remembered};
use super::options::UnlinkEnemy;
use super::plans::{self, Class, Classes, CodeWriter, Plan, State};
use super::play::{Effects, PROMOTION_KINDS};
use super::position::{Hobgoblin, Phase, Wing, KINDS, KING, PAWN, ROOK};
use super::seen::SeenSet;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::rules::{Interrupt, MoveGen, Notation, Position as _, Progress};
use crate::square::Square;
use std::collections::HashMap;

/// The promotion code of a move (HOB-111), kept in the piece and parameter fields (14 bits).
pub fn promo_code(mv: Move) -> u32 {
    let raw = mv.raw();
    (((raw >> 18) & 127) | (((raw >> 25) & 127) << 7)) as u32
}

fn with_promo(base: Move, code: u32) -> Move {
    Move::build(
        base.from_opt(),
        base.to_opt(),
        base.kind(),
        Some((code & 127) as u8),
        ((code >> 7) & 127) as u8,
        base.ext(),
    )
}

/// What the generator collects, with the HOB-150 identities seen so far.
pub(super) struct Collector<'a> {
    list: &'a mut MoveList,
    pub(super) seen: SeenSet,
    legal_only: bool,
    first_only: bool,
    found: bool,
    /// Whether identities are compared (HOB-150): for every unit move, since two plans give
    /// one turn not only on a crowded origin but also from two origins, when magnetism
    /// leaves the same state (a lone pawn on h7 and one on a7 riding the hallway to h5 each
    /// pull the other to h6; issue 48). Castling stages differ from every unit move.
    pub(super) dedup: bool,
    /// Counting whole turns instead of listing actions (perft's last turn, HOB-151): a legal
    /// move counts once per promotion declaration and per option of the opponent's decision.
    counting: bool,
    pub(super) count: u64,
    /// The mover's safety before its move, for the legality shortcut (set by `generate_moves`).
    pub(super) safety: Option<Safety>,
    /// While counting a position's own moves: each unit move's outcome, for the link steps
    /// after it to reuse (`counting.rs`).
    pub(super) memo: Option<Memo>,
    /// After a link step, while generating an origin's moves again: the origin's remembered
    /// moves, each taken as it was where the link step left its outcome alone.
    pub(super) reuse: Option<(&'a [Remembered], &'a Opening<'a>)>,
    /// Search's tactical actions only ([`Hobgoblin::generate_tactical_turns`]).
    tactical_only: bool,
    /// The search's clock and `stop`, asked every [`INTERRUPT_EVERY`] candidates
    /// ([`crate::rules::MoveGen::generate_legal_until`]).
    interrupt: Option<Interrupt<'a>>,
    candidates: u32,
    interrupted: bool,
}

/// Candidates between two questions to the interrupt: a few hundred candidates are about a
/// millisecond of a big crowd's generation, and asking costs a clock read.
const INTERRUPT_EVERY: u32 = 128;

/// What the mover's royal nodes look like before the move (HOB-133b): if none was attacked,
/// a move that leaves the royal nodes where they are and changes nothing their attacks could
/// come from or pass over ([`Hobgoblin::attack_reach`]) leaves none attacked, so the full test
/// can be skipped. Bitboards decide attacks
/// (HOB-131), so the changed squares are where the bitboards differ. Not used while the
/// opponent castles (its locked halves attack by count, not by bit).
pub(super) struct Safety {
    royal: Bitboard,
    zone: Bitboard,
}

impl<'a> Collector<'a> {
    fn new(list: &'a mut MoveList, legal_only: bool, first_only: bool) -> Self {
        Collector {
            list,
            seen: SeenSet::new(),
            legal_only,
            first_only,
            found: false,
            dedup: false,
            counting: false,
            count: 0,
            safety: None,
            memo: None,
            reuse: None,
            tactical_only: false,
            interrupt: None,
            candidates: 0,
            interrupted: false,
        }
    }

    /// A collector that counts legal whole turns.
    pub(super) fn counter(list: &'a mut MoveList) -> Self {
        Collector {
            counting: true,
            ..Collector::new(list, true, false)
        }
    }

    fn done(&self) -> bool {
        (self.first_only && self.found) || self.interrupted
    }

    /// Counts one candidate and, every [`INTERRUPT_EVERY`], asks the interrupt whether to give
    /// up; true once it has said so.
    fn interrupt_due(&mut self) -> bool {
        if self.interrupted {
            return true;
        }
        self.candidates += 1;
        if self.candidates.is_multiple_of(INTERRUPT_EVERY) {
            if let Some(ask) = self.interrupt.as_mut() {
                self.interrupted = ask(Progress {
                    listed: self.list.len(),
                    tried: INTERRUPT_EVERY,
                });
            }
        }
        self.interrupted
    }
}

/// The HOB-150 identity of a move after its move stage (`child`): the state after magnetism,
/// the record the move makes, the roll sites and the declared promotions (`promo`, a code over
/// the promotion nodes of that state). A turn that ended the game at step 2 or 4 is its state
/// alone.
pub(super) fn turn_identity(child: &Hobgoblin, fx: &Effects, promo: u32) -> u64 {
    if child.result().is_some() {
        return child.hash();
    }
    let ep = fx.new_ep.map_or(0, |e| {
        let mut k = (e.victim.index() as u64) << 8 | e.k as u64;
        for t in e.targets {
            k = k.rotate_left(7) ^ t.index() as u64;
        }
        (k ^ 0xA5A5_5A5A_0F0F_F0F0).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    });
    let promo = (promo as u64 + 1)
        .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        .rotate_left(29);
    child.hash() ^ rolls_key(fx) ^ ep ^ promo
}

/// A key for the roll sites of a turn (HOB-150: turns with other roll sites differ).
fn rolls_key(fx: &Effects) -> u64 {
    let mut k = 0u64;
    for (node, n) in fx.roll_sites() {
        // Mixed per site, so that sets of sites cannot cancel out under the XOR.
        let x = (node.index() as u64) << 8 | n as u64;
        k ^= super::position::mix(x.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD6E8_FEB8_6659_FD93);
    }
    k
}

impl Hobgoblin {
    /// Every whole turn of the position (HOB-83, HOB-151): each legal action, and a link step
    /// followed by each move after it. `visit(link step, position the move starts from, move)`.
    pub fn visit_whole_turns(&self, mut visit: impl FnMut(Option<Move>, &Hobgoblin, Move)) {
        for mv in self.legal_moves() {
            match mv.kind() {
                MoveKind::Link | MoveKind::Unlink => {
                    let mut after = self.clone();
                    after.play(mv);
                    for m in after.legal_moves() {
                        visit(Some(mv), &after, m);
                    }
                }
                _ => visit(None, self, mv),
            }
        }
    }

    /// Generates the actions of the player to decide into `list`. `legal_only` keeps the legal
    /// ones (HOB-133); otherwise every candidate (the reference check's superset). With
    /// `first_only` it stops at the first one and returns whether there was one.
    pub(super) fn generate(&self, list: &mut MoveList, legal_only: bool, first_only: bool) -> bool {
        self.generate_some(list, legal_only, first_only, true, true, None)
    }

    /// [`Hobgoblin::generate`] restricted to link steps (`links`) and/or moves and decisions
    /// (`moves`), with unit moves only from node `origin` when given: a token names one
    /// part and one origin, so parsing needs only those.
    pub(super) fn generate_some(
        &self,
        list: &mut MoveList,
        legal_only: bool,
        first_only: bool,
        links: bool,
        moves: bool,
        origin: Option<Square>,
    ) -> bool {
        let mut out = Collector::new(list, legal_only, first_only);
        self.generate_into(&mut out, links, moves, origin)
    }

    /// Search support: the legal captures and the legal link steps after which an enemy
    /// royal node is attacked, the actions [`crate::rules::SearchHooks::tactical_order`]
    /// keys (with others the same turn as one of them may stand for, HOB-150): the rest are
    /// never played, nor their link steps' legality looked for.
    pub(super) fn generate_tactical_turns(&self, list: &mut MoveList) {
        self.generate_interruptible(list, true, None);
    }

    /// The legal actions (or, with `tactical`, search's tactical ones), given up when
    /// `interrupt` says so: returns whether the list is complete.
    pub(super) fn generate_interruptible<'a>(
        &self,
        list: &'a mut MoveList,
        tactical: bool,
        interrupt: Option<Interrupt<'a>>,
    ) -> bool {
        let mut out = Collector::new(list, true, false);
        out.tactical_only = tactical;
        out.interrupt = interrupt;
        self.generate_into(&mut out, true, true, None);
        !out.interrupted
    }

    fn generate_into(
        &self,
        out: &mut Collector,
        links: bool,
        moves: bool,
        origin: Option<Square>,
    ) -> bool {
        let (legal_only, first_only) = (out.legal_only, out.first_only);
        if self.result().is_some() {
            return false;
        }
        if self.chance().is_some() {
            if moves {
                for (mv, _) in crate::rules::Chance::weighted_outcomes(self) {
                    out.found = true;
                    out.list.push(mv);
                }
            }
            return out.found;
        }
        if self.pending_decision() {
            if moves {
                self.generate_decisions(out);
            }
            return out.found;
        }
        let with_links = links && !self.after_link();
        if moves {
            // Listing every turn: a few legal moves kept prove most link steps legal.
            if with_links && legal_only && !first_only && origin.is_none() && self.memo_may_serve()
            {
                out.memo = Some(Memo::witnesses());
            }
            self.generate_moves(out, origin);
        }
        if with_links && !out.done() {
            self.generate_link_steps(out, origin);
        }
        out.found
    }

    /// Whether the side to move has a legal move (not counting link steps), remembered per
    /// position: checks and parsing ask it of the same link steps again and again.
    fn has_legal_move(&self) -> bool {
        thread_local! {
            static KNOWN: std::cell::RefCell<HashMap<u64, bool>> = Default::default();
        }
        let key = self.hash();
        if let Some(known) = KNOWN.with(|k| k.borrow().get(&key).copied()) {
            return known;
        }
        let found = self.probe_legal_move();
        KNOWN.with(|k| {
            let mut k = k.borrow_mut();
            if k.len() >= 1 << 16 {
                k.clear();
            }
            k.insert(key, found);
        });
        found
    }

    fn probe_legal_move(&self) -> bool {
        let mut list = MoveList::new();
        let mut out = Collector::new(&mut list, true, true);
        self.generate_moves(&mut out, None);
        out.found
    }

    /// The number of whole legal turns from a position at the start of a turn (HOB-151),
    /// the opponent's promotion decision after each counted: perft's last turn without
    /// playing each one. `None` where the position is not at a turn's start.
    pub fn count_turns(&self) -> Option<u64> {
        self.count_turns_with(true)
    }

    /// [`Hobgoblin::count_turns`] playing every move after every link step (no memo): the
    /// plain count that the memo's shortcut is checked against.
    pub fn count_turns_playing_all(&self) -> Option<u64> {
        self.count_turns_with(false)
    }

    // ---------------------------------------------------------------- the opponent's decision

    fn generate_decisions(&self, out: &mut Collector) {
        let color = self.side();
        for code in self.promotion_codes(color) {
            out.found = true;
            out.list
                .push(Move::build(None, None, MoveKind::Decision, None, 0, code));
            if out.done() {
                return;
            }
        }
    }

    // ---------------------------------------------------------------- link steps

    pub(super) fn generate_link_steps(&self, out: &mut Collector, origin: Option<Square>) {
        let me = self.side();
        let o = !me;
        for rank in 1..=8u8 {
            if origin.is_some_and(|h| h.row() != rank) {
                continue;
            }
            let hall = Square::new(9, rank);
            match (self.phase(), self.link(rank)) {
                (Phase::Linking, None) => {
                    for file in 1..=8u8 {
                        let board = Square::new(file, rank);
                        let blocked = self.color_on(board) == Some(o)
                            || self.color_on(hall) == Some(o)
                            || self.pairs().iter().any(|p| {
                                (p.a == board && p.b == hall) || (p.a == hall && p.b == board)
                            })
                            || self.holds_any_locked(board)
                            || self.holds_any_locked(hall);
                        if !blocked {
                            self.try_link_step(Move::new(hall, board, MoveKind::Link), out);
                            if out.done() {
                                return;
                            }
                        }
                    }
                }
                (Phase::Unlinking, Some(file)) => {
                    let board = Square::new(file, rank);
                    let color = self.color_on(board);
                    if color == Some(o) && self.options.unlink_enemy == UnlinkEnemy::Forbid {
                        continue;
                    }
                    if self.holds_any_locked(board) {
                        continue;
                    }
                    let classes = match color {
                        Some(c) => plans::classes(self, board, c, false),
                        None => Classes::new(),
                    };
                    let radices: Vec<Vec<u8>> =
                        classes.iter().map(|c| (0..=c.count).collect()).collect();
                    let mut candidates = Vec::new();
                    for_each_product(&radices, &mut |pick| {
                        let mut w = CodeWriter::new();
                        for (cl, &n) in classes.iter().zip(pick) {
                            w.put(n as u64, cl.count as u64 + 1);
                        }
                        if let Some(code) = w.finish() {
                            candidates.push(Move::build(
                                Some(hall),
                                Some(board),
                                MoveKind::Unlink,
                                None,
                                0,
                                code,
                            ));
                        }
                        true
                    });
                    for mv in candidates {
                        self.try_link_step(mv, out);
                        if out.done() {
                            return;
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn holds_any_locked(&self, sq: Square) -> bool {
        Color::BOTH.into_iter().any(|c| {
            self.in_progress(c).is_some_and(|w| {
                let rank = super::play::home_rank(c);
                w.files().iter().any(|&f| Square::new(f, rank) == sq)
            })
        })
    }

    fn try_link_step(&self, mv: Move, out: &mut Collector) {
        if out.counting {
            out.count += self.count_after_link_step(mv, out.memo.as_mut());
            return;
        }
        if out.interrupt_due() {
            return;
        }
        if out.legal_only {
            let mut child = self.clone();
            child.apply_link_step(mv);
            if out.tactical_only && !child.royal_attacked(!self.side(), false) {
                return;
            }
            let proven = out
                .memo
                .as_ref()
                .is_some_and(|memo| self.witness_proves(&child, mv, memo));
            if !proven && !child.has_legal_move() {
                return;
            }
        }
        out.found = true;
        out.list.push(mv);
    }

    // ---------------------------------------------------------------- moves

    pub(super) fn generate_moves(&self, out: &mut Collector, origin: Option<Square>) {
        let me = self.side();
        out.safety = self.safety(me);
        // Castling is never tactical.
        if !out.tactical_only
            && origin.is_none_or(|o| o.row() == super::play::home_rank(me) && o.col() == 5)
        {
            self.generate_castling(out);
        }
        let own: Vec<Square> = self.bits().occ[me.index()]
            .into_iter()
            .filter(|&sq| self.node(sq) == sq && origin.is_none_or(|o| o == sq))
            .collect();
        for s in own {
            if out.done() {
                return;
            }
            self.generate_from(s, out);
        }
    }

    /// The mover's [`Safety`], when the shortcut applies: no royal node attacked now (with the
    /// opponent's promoting pawns) and no opponent castling in progress.
    pub(super) fn safety(&self, me: Color) -> Option<Safety> {
        if self.in_progress(!me).is_some() || self.royal_attacked(me, true) {
            return None;
        }
        let royal = self.royal_nodes(me);
        let mut zone = Bitboard::EMPTY;
        for x in royal {
            zone |= self.attack_reach(x);
        }
        Some(Safety { royal, zone })
    }

    /// HOB-133: the move (already played on `child`) leaves no royal node of `me` attacked.
    fn leaves_royal_safe(&self, child: &Hobgoblin, me: Color, out: &Collector) -> bool {
        if let Some(safety) = &out.safety {
            if child.royal_nodes(me) == safety.royal
                && (child.bits().changed(self.bits()) & safety.zone).is_empty()
            {
                return true;
            }
        }
        !child.royal_attacked(me, true)
    }

    pub(super) fn generate_castling(&self, out: &mut Collector) {
        out.dedup = false;
        let me = self.side();
        let rank = super::play::home_rank(me);
        let sq = |f: u8| Square::new(f, rank);
        if let Some(wing) = self.in_progress(me) {
            let [kf, kt, _, _] = wing.files();
            self.push_turn(Move::new(sq(kf), sq(kt), MoveKind::Castle), None, out);
            return;
        }
        for wing in Wing::BOTH {
            if self.rights() & wing.right(me) == 0 {
                continue;
            }
            let [kf, kt, rf, _] = wing.files();
            let alone = |s: Square, kind: u8| {
                self.count(s, me, kind) == 1
                    && (0..KINDS as u8).all(|k| k == kind || self.count(s, me, k) == 0)
                    && self.halves_on(s).next().is_none()
            };
            let (lo, hi) = if rf < kf { (rf, kf) } else { (kf, rf) };
            let linked = (lo..=hi).any(|f| self.linked().contains(sq(f)));
            let between_empty = (lo + 1..hi).all(|f| self.color_on(sq(f)).is_none());
            if alone(sq(kf), KING) && alone(sq(rf), ROOK) && !linked && between_empty {
                self.push_turn(Move::new(sq(kf), sq(kt), MoveKind::Castle), None, out);
            }
        }
    }

    /// Every unit move from node `s` (HOB-40..47).
    pub(super) fn generate_from(&self, s: Square, out: &mut Collector) {
        let me = self.side();
        let classes = plans::classes(self, s, me, true);
        if classes.is_empty() {
            return;
        }
        out.dedup = true;
        let enemy = self.bits().occ[(!me).index()];
        let mut reach = [Bitboard::EMPTY; KINDS];
        let mut provides: Vec<Bitboard> = Vec::with_capacity(classes.len());
        for class in &classes {
            let k = class.kind as usize;
            if reach[k].is_empty() {
                reach[k] = if class.kind == PAWN {
                    self.pawn_reach(s)
                } else {
                    self.piece_reach(s, class.kind)
                };
            }
            let mut p = reach[k];
            if let State::Half(u) = class.state {
                p.set(u);
            }
            provides.push(p);
        }
        let mut targets = Bitboard::EMPTY;
        for p in &provides {
            targets |= *p;
        }
        if let Some(memo) = out.memo.as_mut() {
            memo.begin_origin(s, targets);
        }
        // The memo has the origin's whole reach (above): a witness from an origin whose
        // rides a link opens is no witness, captures or not.
        if out.tactical_only {
            // Captures: enemy nodes and en-passant targets (empty, so never the same turn as
            // a capture's).
            let mut captures = enemy;
            if self.ep().is_some() {
                for t in targets & !self.occupied() {
                    if self.is_en_passant_target(s, t) {
                        captures.set(t);
                    }
                }
            }
            targets &= captures;
        }
        for t in targets {
            if out.done() {
                return;
            }
            let providers: u64 = provides
                .iter()
                .enumerate()
                .filter(|(_, p)| p.contains(t))
                .fold(0, |m, (i, _)| m | 1 << i);
            let types = if enemy.contains(t) {
                self.capture_types(t, !me)
            } else {
                Default::default()
            };
            self.generate_plans(s, t, &classes, providers, &types, out);
        }
    }

    /// The nodes a pawn pattern on `s` gives (HOB-26, HOB-27, HOB-72): forward moves onto
    /// empty or friendly nodes, capture steps onto enemy nodes, and en-passant targets.
    fn pawn_reach(&self, s: Square) -> Bitboard {
        let me = self.side();
        let enemy = self.bits().occ[(!me).index()];
        let mut out = self.pawn_push_reach(s, me) & !enemy;
        let capture = self.pawn_capture_reach(s, me);
        out |= capture & enemy;
        if self.ep().is_some() {
            for t in capture & !self.occupied() {
                if self.is_en_passant_target(s, t) {
                    out.set(t);
                }
            }
        }
        out
    }

    /// Every plan from `s` to `t`: count vectors with a provider, passing the inchworm test
    /// (HOB-43), and every mutation choice (HOB-51).
    fn generate_plans(
        &self,
        s: Square,
        t: Square,
        classes: &Classes,
        providers: u64,
        types: &[u8],
        out: &mut Collector,
    ) {
        let n = classes.len();
        // The plan is the odometer's state: one plan, changed in place, no copy per move.
        let mut plan = Plan {
            counts: classes.iter().map(|_| (0u8, 0u8)).collect(),
            mutations: Default::default(),
        };
        // Odometer over every (carried, extending) choice per class.
        loop {
            // advance
            let counts = &mut plan.counts;
            let mut i = 0;
            loop {
                if i == n {
                    return;
                }
                let class = &classes[i];
                let (a, b) = counts[i];
                if class.is_whole() {
                    if a + b < class.count {
                        counts[i] = (a, b + 1);
                        break;
                    } else if a < class.count {
                        counts[i] = (a + 1, 0);
                        break;
                    }
                } else if a < class.count {
                    counts[i] = (a + 1, 0);
                    break;
                }
                counts[i] = (0, 0);
                i += 1;
            }
            if !plan_is_valid(classes, &plan.counts, providers, t) {
                continue;
            }
            self.push_plan(s, t, classes, &mut plan, types, out);
            if out.done() {
                return;
            }
        }
    }

    fn push_plan(
        &self,
        s: Square,
        t: Square,
        classes: &Classes,
        plan: &mut Plan,
        types: &[u8],
        out: &mut Collector,
    ) {
        let counts = &plan.counts;
        let pawn_moves = classes
            .iter()
            .zip(counts)
            .any(|(c, &(a, _))| c.state == State::Pawn && a > 0);
        let kind = if pawn_moves && self.is_en_passant_target(s, t) {
            MoveKind::EnPassant
        } else {
            MoveKind::Normal
        };
        plan.mutations.clear();
        if types.len() < 2 {
            if let Some(code) = plans::encode(classes, plan, types) {
                let mv = Move::build(Some(s), Some(t), kind, None, 0, code);
                self.push_turn(mv, Some((classes, plan)), out);
            }
            return;
        }
        // Every multiset per (class, mode) group.
        let mut groups: Vec<Vec<[u8; KINDS]>> = Vec::new();
        for (i, class) in classes.iter().enumerate() {
            for ext in [false, true] {
                let size = plans::group_size(class, counts[i], ext);
                let mut sets = Vec::new();
                if size == 0 {
                    sets.push([0u8; KINDS]);
                } else {
                    plans::multisets(types, size, &mut sets);
                }
                groups.push(sets);
            }
        }
        for_each_product(&groups, &mut |pick| {
            plan.mutations = pick.iter().copied().collect();
            if let Some(code) = plans::encode(classes, plan, types) {
                let mv = Move::build(Some(s), Some(t), kind, None, 0, code);
                self.push_turn(mv, Some((classes, plan)), out);
            }
            !out.done()
        });
        plan.mutations.clear();
    }

    /// Plays a move candidate on a copy, tests it (HOB-133) and adds one action per promotion
    /// declaration (HOB-111), each identity once (HOB-150). A unit move comes with its classes
    /// and plan, so the copy need not decode them again.
    pub(super) fn push_turn(&self, mv: Move, plan: Option<(&Classes, &Plan)>, out: &mut Collector) {
        if out.take_remembered(mv) || out.interrupt_due() {
            return;
        }
        let me = self.side();
        let mut child = self.clone();
        let fx = match plan {
            Some((classes, plan)) => child.unit_move_stage(mv.from(), mv.to(), classes, plan),
            None => child.move_stage(mv),
        };
        if fx.overflow {
            if plan.is_some() {
                if let Some(memo) = out.memo.as_mut() {
                    memo.note_refused(mv);
                }
            }
            return;
        }
        if out.legal_only
            && !fx.king_captured
            && (fx.locked_disturbed[me.index()] || !self.leaves_royal_safe(&child, me, out))
        {
            if plan.is_some() {
                if let Some(memo) = out.memo.as_mut() {
                    memo.note(self, &child, mv, &fx, None);
                }
            }
            return;
        }
        let ended = child.result().is_some();
        let nodes = if ended {
            Default::default()
        } else {
            child.promotion_nodes(me)
        };
        out.found = true;
        if out.counting {
            let turns = if ended {
                1
            } else {
                let declarations = if nodes.is_empty() {
                    1
                } else {
                    child.promotion_codes(me).len() as u64
                };
                let decisions = if child.pawns_on_last_rank(!me) {
                    child.promotion_codes(!me).len() as u64
                } else {
                    1
                };
                declarations * decisions
            };
            let identity = turn_identity(&child, &fx, 0);
            if plan.is_some() {
                if let Some(memo) = out.memo.as_mut() {
                    memo.note(self, &child, mv, &fx, Some((identity, turns)));
                }
            }
            if !out.dedup || out.seen.insert(identity, 0) {
                out.count += turns;
            }
            return;
        }
        if plan.is_some() {
            if let Some(memo) = out.memo.as_mut() {
                memo.note(self, &child, mv, &fx, Some((0, 1)));
            }
        }
        if nodes.is_empty() {
            if out.dedup {
                self.collect(mv, turn_identity(&child, &fx, 0), out);
            } else {
                out.list.push(mv);
            }
            return;
        }
        for code in child.promotion_codes(me) {
            let mv = with_promo(mv, code);
            if out.dedup {
                self.collect(mv, turn_identity(&child, &fx, code), out);
            } else {
                out.list.push(mv);
            }
            if out.done() {
                return;
            }
        }
    }

    /// Every promotion code of `color`'s pawns on its last rank (HOB-111, HOB-112): per node in
    /// index order a multiset over `q r b n`, one type per pawn. The codes fit the 14 bits a
    /// move keeps for them.
    fn promotion_codes(&self, color: Color) -> Vec<u32> {
        let nodes = self.promotion_nodes(color);
        let sizes: Vec<u8> = nodes.iter().map(|&n| self.count(n, color, PAWN)).collect();
        let choices: Vec<Vec<[u8; KINDS]>> = sizes
            .iter()
            .map(|&n| {
                let mut sets = Vec::new();
                plans::multisets(&PROMOTION_KINDS, n, &mut sets);
                sets
            })
            .collect();
        let mut codes = Vec::new();
        for_each_product(&choices, &mut |pick| {
            let mut w = CodeWriter::new();
            for (set, &n) in pick.iter().zip(&sizes) {
                plans::put_multiset(&mut w, set, &PROMOTION_KINDS, n);
            }
            if let Some(code) = w.finish().filter(|&c| c < 1 << 14) {
                codes.push(code);
            }
            true
        });
        codes
    }

    fn collect(&self, mv: Move, key: u64, out: &mut Collector) {
        out.found = true;
        match out.seen.get(key) {
            Some(i) => {
                let i = i as usize;
                // The same turn again (HOB-150): keep the smaller token (notation §3.7).
                let old = out.list[i];
                if self.format_move(mv) < self.format_move(old) {
                    out.list[i] = mv;
                }
            }
            None => {
                out.list.push(mv);
                out.seen.insert(key, (out.list.len() - 1) as u32);
            }
        }
    }
}

/// HOB-40..43: a non-empty moving set with a member that reaches `t` (or whose partner is
/// there), that holds a pawn, an extending piece or a consolidating half.
fn plan_is_valid(classes: &[Class], counts: &[(u8, u8)], providers: u64, t: Square) -> bool {
    let mut provided = false;
    let mut inchworm = false;
    for (i, (class, &(a, b))) in classes.iter().zip(counts).enumerate() {
        if a + b == 0 {
            continue;
        }
        if providers & (1 << i) != 0 {
            provided = true;
        }
        match class.state {
            State::Pawn => inchworm = true,
            State::Half(u) if u == t => inchworm = true,
            State::Whole | State::Carrier if b > 0 => inchworm = true,
            _ => {}
        }
    }
    provided && inchworm
}

/// Calls `f` with every pick of one item per list (stops when `f` returns false).
fn for_each_product<T: Copy>(lists: &[Vec<T>], f: &mut dyn FnMut(&[T]) -> bool) {
    if lists.iter().any(|l| l.is_empty()) {
        return;
    }
    let mut idx = vec![0usize; lists.len()];
    let mut pick: Vec<T> = lists.iter().map(|l| l[0]).collect();
    loop {
        if !f(&pick) {
            return;
        }
        let mut i = 0;
        loop {
            if i == lists.len() {
                return;
            }
            idx[i] += 1;
            if idx[i] < lists[i].len() {
                pick[i] = lists[i][idx[i]];
                break;
            }
            idx[i] = 0;
            pick[i] = lists[i][0];
            i += 1;
        }
    }
}

impl crate::rules::MoveGen for Hobgoblin {
    fn generate_legal(&self, moves: &mut MoveList) {
        self.generate(moves, true, false);
    }

    fn generate_legal_until(&self, moves: &mut MoveList, interrupt: Interrupt<'_>) -> bool {
        self.generate_interruptible(moves, false, Some(interrupt))
    }

    fn generate_tactical_until(&self, moves: &mut MoveList, interrupt: Interrupt<'_>) -> bool
    where
        Self: crate::rules::SearchHooks,
    {
        use crate::rules::SearchHooks;
        if self.pending_decision() {
            return true;
        }
        let complete = self.generate_interruptible(moves, true, Some(interrupt));
        moves.retain(|m| self.tactical_order(*m).is_some());
        complete
    }

    fn has_legal_action(&self) -> bool {
        self.generate(&mut MoveList::new(), true, true)
    }

    fn count_last_turns(&self) -> Option<u64> {
        self.count_turns()
    }

    /// Captures, and link steps that open a line to the enemy king; decisions are never
    /// tactical.
    fn generate_tactical(&self, moves: &mut MoveList)
    where
        Self: crate::rules::SearchHooks,
    {
        use crate::rules::SearchHooks;
        if self.pending_decision() {
            return;
        }
        self.generate_tactical_turns(moves);
        moves.retain(|m| self.tactical_order(*m).is_some());
    }

    /// A stored result (HOB-140..142), then FIDE's order (G3): no legal turn, the 100-turn
    /// rule (HOB-146), bare kings (HOB-147).
    fn terminal(&self) -> Option<crate::rules::Outcome> {
        use crate::rules::SearchHooks;
        self.ended_by_rule()
            .or_else(|| crate::rules::fide_terminal(self))
    }
}

/// The reference role beside the generator it shares: the hash from scratch, every candidate
/// turn without the legality filter, and legality by playing and looking (HOB-133). The
/// independent model that cross-checks perft from the rules text alone is `model.rs`.
impl crate::rules::Reference for Hobgoblin {
    fn recompute_hash(&self) -> u64 {
        Hobgoblin::recompute_hash(self)
    }

    fn generate_pseudo_legal(&self, moves: &mut MoveList) {
        self.generate(moves, false, false);
    }

    fn is_legal_pseudo(&self, mv: Move) -> bool {
        let me = self.side();
        let mut child = self.clone();
        match mv.kind() {
            MoveKind::Decision | MoveKind::Chance => true,
            MoveKind::Link | MoveKind::Unlink => {
                child.apply_link_step(mv);
                let mut list = MoveList::new();
                child.generate(&mut list, true, true)
            }
            _ => {
                let fx = child.move_stage(mv);
                fx.king_captured
                    || (!fx.locked_disturbed[me.index()] && !child.royal_attacked(me, true))
            }
        }
    }
}
