//! Move generation driven by the catalogue's atoms (ELD-008, Part B), attacks (ELD-612) and
//! legality (ELD-613). Promotion choices, Dragon targets and Vampire directions are part of the
//! action (ELD-601), so each is a distinct move.

use super::catalogue::*;
use super::geometry::*;
use super::state::{BlockAdjacency, Eldritch, ShadowmancerMode, TAG_DIRECTIONS, TAG_TURNED};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::rules::{fide_terminal, MoveGen, Outcome, SearchHooks};
use crate::square::Square;

/// Param of a Berserker one-shot move (ELD-231): the mover is removed afterwards.
pub const PARAM_ONE_SHOT: u8 = 1;

/// Param of a Promotion that is also an en-passant capture: the Pontiff's Bishop option on a
/// 7th-rank en-passant arrival (ELD-502 b, ELD-152).
pub const PARAM_EN_PASSANT: u8 = 2;

/// The Pontiff's Bishop option taken by an en-passant capture onto the 7th rank (ELD-502 b).
pub fn en_passant_bishop(from: Square, to: Square) -> Move {
    Move::build(
        Some(from),
        Some(to),
        MoveKind::Promotion,
        Some(BISHOP),
        PARAM_EN_PASSANT,
        0,
    )
}

/// Declining the Lightning Bolt's continuation (ELD-606): `0000`.
pub fn pass() -> Move {
    Move::build(None, None, MoveKind::Pass, None, 0, 0)
}

/// Whether `mv` captures en passant (plainly or with the Pontiff's Bishop option).
pub fn is_en_passant(mv: Move) -> bool {
    mv.kind() == MoveKind::EnPassant
        || (mv.kind() == MoveKind::Promotion && mv.param() == PARAM_EN_PASSANT)
}

/// A Dragon move landing on `to` that also captures on `target` (ELD-291).
pub fn dragon_move(from: Square, to: Square, target: Square) -> Move {
    Move::build(
        Some(from),
        Some(to),
        MoveKind::Normal,
        None,
        target.index() as u8,
        0,
    )
}

/// A Vampire capture that gains direction `dir` (index into [`DIRECTIONS`], ELD-571).
pub fn vampire_move(from: Square, to: Square, dir: usize) -> Move {
    Move::build(
        Some(from),
        Some(to),
        MoveKind::Normal,
        None,
        dir as u8 + 1,
        0,
    )
}

impl Eldritch {
    /// The forward rank step of the piece on `s` (a turned Gremlin's is reversed, ELD-401).
    #[inline]
    pub fn forward_of(&self, s: Square) -> i8 {
        let p = self.piece_at(s);
        let f = forward(p.color());
        if piece_type(p.kind()).has(F_TURNS) && self.tag(s) & TAG_TURNED != 0 {
            -f
        } else {
            f
        }
    }

    /// The en-passant victim's square for a passed square (the double-stepper of the side not
    /// to move stands just past it).
    #[inline]
    pub fn ep_victim(&self, passed: Square) -> Option<Square> {
        passed.offset(0, forward(!self.side))
    }

    /// The promotion set P(S) of ELD-080 for a promoter of `kind`, as kinds.
    pub fn promotion_set(&self, c: Color, kind: u8) -> Vec<u8> {
        let pontiff = self.board.pieces(c, PONTIFF).any();
        let mut out = Vec::with_capacity(8);
        for k in [QUEEN, ROOK, BISHOP, KNIGHT] {
            if k == QUEEN && pontiff {
                continue;
            }
            out.push(k);
        }
        let types = self.army[c.index()];
        for k in 6..KINDS as u8 {
            if types & (1u64 << k) == 0 || k == kind {
                continue;
            }
            let t = piece_type(k);
            if t.is(LIEGE) || t.has(F_TOKEN) {
                continue;
            }
            if t.limit > 0 && self.count_on_board(c, k) >= t.limit as u32 {
                continue;
            }
            out.push(k);
        }
        out
    }

    /// Pushes a move of the piece on `from` to `to`, expanded into its promotion choices
    /// (ELD-080, ELD-262, ELD-432, ELD-502). `pawn_move`: made under ELD-151.
    pub(super) fn push_arrival(
        &self,
        from: Square,
        to: Square,
        kind: MoveKind,
        pawn_move: bool,
        list: &mut MoveList,
    ) {
        let p = self.piece_at(from);
        let c = p.color();
        let t = piece_type(p.kind());
        let promotes_here = match t.promotion {
            Promotion::Never => false,
            Promotion::PawnMoves => pawn_move,
            Promotion::AnyMove | Promotion::Priests => true,
        };
        if promotes_here && is_promotion_square(to, c) {
            if t.promotion == Promotion::Priests {
                list.push(Move::new(from, to, kind));
                for k in INITIATE_PROMOTIONS {
                    list.push(Move::with_piece(from, to, MoveKind::Promotion, k));
                }
            } else {
                // ELD-332: a ridden piece never promotes to a Familiar.
                let ridden = self.is_stack(from);
                for k in self
                    .promotion_set(c, p.kind())
                    .into_iter()
                    .filter(|&k| !(ridden && k == FAMILIAR))
                {
                    list.push(Move::with_piece(from, to, MoveKind::Promotion, k));
                }
            }
            return;
        }
        list.push(Move::new(from, to, kind));
        let pontiff_option = promotes_here
            && t.promotion != Promotion::Priests
            && to.row() == seventh_row(c)
            && (1..=8).contains(&to.col())
            && self.board.pieces(c, PONTIFF).any();
        if pontiff_option {
            list.push(if kind == MoveKind::EnPassant {
                en_passant_bishop(from, to)
            } else {
                Move::with_piece(from, to, MoveKind::Promotion, BISHOP)
            });
        }
    }

    /// Pseudo-legal actions of the side to move in play (ELD-604), before the legality filter.
    pub fn generate_pseudo(&self, list: &mut MoveList) {
        if !self.react.is_empty() {
            self.reaction_options(list);
            return;
        }
        if self.returns_pending(self.side) && self.bolt.is_none() {
            self.return_options(list); // ELD-603: returns come before the action
            self.divine_moves(list);
            return;
        }
        if let Some(b) = self.bolt {
            // ELD-606: the same Bolt's second action, never en passant or a double step
            // (ELD-444), or a pass.
            if !self.frozen(self.side).contains(b) {
                let start = list.len();
                self.piece_moves(b, list);
                let mut i = start;
                while i < list.len() {
                    let m = list[i];
                    if m.kind() == MoveKind::DoublePush || is_en_passant(m) {
                        list.remove(i);
                    } else {
                        i += 1;
                    }
                }
            }
            list.push(pass());
            return;
        }
        let us = self.side;
        let movable = self.board.color(us) & !self.frozen(us);
        for from in movable {
            self.piece_moves(from, list);
        }
        self.castling_moves(list);
        self.invoke_moves(list);
        self.divine_moves(list);
    }

    /// The moves of the piece on `from` (not frozen).
    pub(super) fn piece_moves(&self, from: Square, list: &mut MoveList) {
        let p = self.piece_at(from);
        if p.kind() == GHOST {
            self.ghost_moves(from, list); // ELD-380..383
            return;
        }
        let t = piece_type(p.kind());
        let atoms = self.atoms_at(from);
        let start = list.len();
        // Pawn-type moves first. Another move to a square they reach is kept here and dropped
        // after the legality test only if the pawn-type move there is legal (ELD-231, and our
        // ruling for the Illusionist, docs/rules/eldritch.md): see `drop_shadowed`.
        for atom in atoms {
            if let MovePattern::Pawn {
                double,
                push,
                captures,
            } = *atom
            {
                self.pawn_moves(from, double, push, captures, list);
            }
        }
        let mut scratch = MoveList::new();
        for atom in atoms {
            match *atom {
                MovePattern::Pawn { .. } => {}
                MovePattern::OneShot(inner) => {
                    for a in inner {
                        self.atom_moves(from, a, &mut scratch);
                    }
                    for m in scratch.drain(..) {
                        list.push(Move::build(
                            Some(m.from()),
                            Some(m.to()),
                            MoveKind::Normal,
                            None,
                            PARAM_ONE_SHOT,
                            0,
                        ));
                    }
                }
                _ => self.atom_moves(from, atom, &mut scratch),
            }
        }
        // One non-pawn atom never yields an action twice: skip the quadratic look.
        let single = atoms.len() == 1 && list.len() == start;
        // By reference: moving a list copies its whole inline buffer.
        for &m in &scratch {
            // The same action twice (an Illusionist's rook step that is its pawn push).
            let dup = !single && list[start..].contains(&m);
            if !dup {
                if m.kind() == MoveKind::Normal && m.param() == 0 && t.promotion != Promotion::Never
                {
                    self.push_arrival(m.from(), m.to(), MoveKind::Normal, false, list);
                } else {
                    list.push(m);
                }
            }
        }
    }

    /// Moves of one non-pawn atom, as plain moves (promotions are expanded by the caller).
    fn atom_moves(&self, from: Square, atom: &MovePattern, list: &mut MoveList) {
        let p = self.piece_at(from);
        let us = p.color();
        let exists = self.exists();
        let own_ok = piece_type(p.kind()).has(F_CAPTURES_OWN);
        match *atom {
            MovePattern::Leap(leap) => {
                for &off in leap.offsets {
                    let off = orient(off, us);
                    let Some(to) = step(from, off, exists) else {
                        continue;
                    };
                    if !self.leap_path_ok(from, off, leap.lame, us) {
                        continue;
                    }
                    self.push_landing(from, to, leap.mode, own_ok, list);
                }
            }
            MovePattern::Slide(slide) => {
                for &d in slide.dirs {
                    for (k, cur) in ray(from, d, slide.max, exists) {
                        if k >= slide.min {
                            self.push_landing(from, cur, slide.mode, own_ok, list);
                        }
                        if !self.passable(cur, us) {
                            break;
                        }
                    }
                }
            }
            MovePattern::Fiend => {
                let priests = self.priest_zone();
                for target in fiend_targets(from) {
                    let to = target.to;
                    if !exists.contains(to)
                        || !target.paths.iter().any(|&passed| {
                            (passed & !exists).is_empty() && self.jump_path_clear(passed, us)
                        })
                    {
                        continue;
                    }
                    if self.piece_at(to).is_none() {
                        if !priests.contains(to) {
                            list.push(Move::new(from, to, MoveKind::Normal));
                        }
                    } else if self.can_capture(from, us, to, true) {
                        list.push(Move::new(from, to, MoveKind::Normal));
                    }
                }
            }
            MovePattern::Dragon => {
                for off in TWO_STEPS {
                    let Some(to) = step(from, off, exists) else {
                        continue;
                    };
                    if !self.leap_path_ok(from, off, false, us) {
                        continue;
                    }
                    if self.piece_at(to).is_some() {
                        if self.can_capture(from, us, to, false) {
                            list.push(Move::new(from, to, MoveKind::Normal));
                        }
                        continue;
                    }
                    list.push(Move::new(from, to, MoveKind::Normal));
                    for adj in neighbours(to, exists) {
                        if adj != from && self.can_capture(from, us, adj, false) {
                            list.push(dragon_move(from, to, adj));
                        }
                    }
                }
            }
            MovePattern::VampireSteps => {
                let dirs = self.tag(from) & TAG_DIRECTIONS;
                if dirs == TAG_DIRECTIONS {
                    self.atom_moves(
                        from,
                        &MovePattern::slide(&KING_STEPS, 1, 9, Mode::Both),
                        list,
                    );
                } else {
                    for (i, (_, off)) in DIRECTIONS.iter().enumerate() {
                        if dirs & (1 << i) != 0 {
                            if let Some(to) = step(from, *off, exists) {
                                self.push_landing(from, to, Mode::Both, false, list);
                            }
                        }
                    }
                }
            }
            MovePattern::Pawn { .. } | MovePattern::OneShot(_) => {}
        }
        if p.kind() == VAMPIRE {
            expand_vampire_captures(self, from, list);
        }
    }

    /// A landing on `to`: a quiet move if empty, a capture if capturable.
    #[inline]
    fn push_landing(
        &self,
        from: Square,
        to: Square,
        mode: Mode,
        own_ok: bool,
        list: &mut MoveList,
    ) {
        if self.piece_at(to).is_none() {
            if mode.moves() {
                list.push(Move::new(from, to, MoveKind::Normal));
            }
        } else if mode.captures() && self.can_capture(from, self.piece_at(from).color(), to, own_ok)
        {
            list.push(Move::new(from, to, MoveKind::Normal));
        }
    }

    /// ELD-008 for a leap by `off` from `from`.
    pub(super) fn leap_path_ok(&self, from: Square, off: Offset, lame: bool, us: Color) -> bool {
        if off.0.abs() <= 1 && off.1.abs() <= 1 {
            return true; // a single step passes over nothing
        }
        let exists = self.exists();
        let (passed, outside) = leap_passage(from, off);
        if lame {
            // Every passed square must exist and be passable (an empty one is).
            !outside
                && (passed & !exists).is_empty()
                && (passed & self.board.occupied())
                    .into_iter()
                    .all(|s| self.passable(s, us))
        } else {
            // Squares that do not exist are passed over; an existing one must be jumpable.
            self.jump_path_clear(passed & exists, us)
        }
    }

    /// A jump by `side` may pass over the squares `passed`: no Abjurer among them, and no
    /// Barricade blocking against `side` (ELD-008, ELD-222 c).
    #[inline]
    pub(super) fn jump_path_clear(&self, passed: Bitboard, side: Color) -> bool {
        (passed & (self.board.kind(ABJURER) | self.blocks_against(side))).is_empty()
    }

    /// Squares adjacent to any priest of either colour (the Fiend's priest rule, ELD-342).
    pub fn priest_zone(&self) -> Bitboard {
        let mut zone = Bitboard::EMPTY;
        for s in self.board.occupied() {
            if piece_type(self.piece_at(s).kind()).is(PRIEST) {
                zone |= neighbours(s, self.exists());
            }
        }
        zone
    }

    /// ELD-151/152 moves of the piece on `from`.
    pub(super) fn pawn_moves(
        &self,
        from: Square,
        double: bool,
        push: bool,
        captures: bool,
        list: &mut MoveList,
    ) {
        let us = self.piece_at(from).color();
        let exists = self.exists();
        let f = self.forward_of(from);
        if push {
            if let Some(one) = step(from, (0, f), exists) {
                if self.piece_at(one).is_none() {
                    self.push_arrival(from, one, MoveKind::Normal, true, list);
                }
                if double && self.virgin.contains(from) && self.passable(one, us) {
                    if let Some(two) = step(one, (0, f), exists) {
                        if self.piece_at(two).is_none() {
                            self.push_arrival(from, two, MoveKind::DoublePush, true, list);
                        }
                    }
                }
            }
        }
        if captures {
            for dx in [-1, 1] {
                let Some(to) = step(from, (dx, f), exists) else {
                    continue;
                };
                if self.piece_at(to).is_some() {
                    // ELD-320: the Evoker's pawn-type captures may take its own pieces.
                    let own_ok = self.piece_at(from).kind() == EVOKER;
                    if self.can_capture(from, us, to, own_ok) {
                        self.push_arrival(from, to, MoveKind::Normal, true, list);
                    }
                } else if Some(to) == self.ep {
                    if let Some(victim) = self.ep_victim(to) {
                        if self.can_capture(from, us, victim, false) {
                            self.push_arrival(from, to, MoveKind::EnPassant, true, list);
                        }
                    }
                }
            }
        }
    }

    /// ELD-071 castling moves of the side to move: castler square to rook square.
    pub(super) fn castling_moves(&self, list: &mut MoveList) {
        let us = self.side;
        let row = first_row(us);
        let frozen = self.frozen(us);
        for c in self.board.color(us) & self.virgin & !frozen {
            if c.row() != row || !piece_type(self.piece_at(c).kind()).has(F_CASTLER) {
                continue;
            }
            for r in self.board.pieces(us, ROOK) & self.virgin & !frozen {
                if r.row() != row || !(1..=8).contains(&c.col()) || !(1..=8).contains(&r.col()) {
                    continue;
                }
                if self.castle_ok(c, r) {
                    list.push(Move::new(c, r, MoveKind::Castle));
                }
            }
        }
    }

    /// Castling destinations (castler, rook) for a castler on `c` and rook on `r`.
    pub fn castle_destinations(c: Square, r: Square) -> (Square, Square) {
        let row = c.row();
        if r.col() > c.col() {
            (Square::new(7, row), Square::new(6, row))
        } else {
            (Square::new(3, row), Square::new(4, row))
        }
    }

    pub(super) fn castle_ok(&self, c: Square, r: Square) -> bool {
        let (cd, rd) = Self::castle_destinations(c, r);
        let lo = c.col().min(r.col()).min(cd.col()).min(rd.col());
        let hi = c.col().max(r.col()).max(cd.col()).max(rd.col());
        for col in lo..=hi {
            let s = Square::new(col, c.row());
            let between =
                (col > c.col().min(r.col()) && col < c.col().max(r.col())) || s == cd || s == rd;
            if between && self.piece_at(s).is_some() && s != c && s != r {
                return false;
            }
        }
        let us = self.side;
        let is_liege = piece_type(self.piece_at(c).kind()).is(LIEGE);
        if is_liege && self.shadow_immune(us) {
            return true;
        }
        if self.square_attacked(c, !us, is_liege) {
            return false;
        }
        // Every square from origin to destination, with the castler standing there.
        let (a, b) = (c.col().min(cd.col()), c.col().max(cd.col()));
        for col in a..=b {
            let s = Square::new(col, c.row());
            if s == c {
                continue;
            }
            let mut probe = self.clone();
            let castler = probe.board.remove(c);
            if probe.piece_at(s).is_some() {
                probe.board.remove(s);
            }
            probe.board.put(s, castler);
            if probe.square_attacked(s, !us, is_liege) {
                return false;
            }
        }
        true
    }

    /// ELD-612: does side `by` attack square `s` with respect to a check-bearer of the other
    /// side standing there (`liege`: a liege, else a Doppelganger)? The square must hold that
    /// check-bearer (or a probe of it).
    pub fn square_attacked(&self, s: Square, by: Color, liege: bool) -> bool {
        if liege && self.shadow_immune(!by) {
            return false;
        }
        let frozen = self.frozen(by);
        let mut movable = self.board.color(by) & !frozen;
        // FIDE pieces capture as in chess, so bitboards answer for them where no Block
        // changes captures (ELD-222) and, for Knights, no Abjurer may stop a leap (ELD-008).
        if self.blocks.is_empty() {
            let b = &self.board;
            let mut fide = b.kind(KING) | b.kind(QUEEN) | b.kind(ROOK) | b.kind(BISHOP);
            fide |= b.kind(PAWN);
            if b.kind(ABJURER).is_empty() {
                fide |= b.kind(KNIGHT);
            }
            let fide = fide & movable;
            if fide.any() {
                // Sliders stop at what they may not pass (ELD-008) and where no square exists.
                let stops = (b.occupied() & !self.passable_pieces(by)) | !self.exists();
                if self.fide_attacks(s, by, fide, stops)
                    && self.can_capture(fide.lsb(), by, s, false)
                {
                    return true;
                }
                movable &= !fide;
            }
        }
        // ELD-322: the Evoker's ranged capture attacks even while it is frozen.
        movable.into_iter().any(|from| self.attacks_from(from, s))
            || (self.board.pieces(by, EVOKER) & frozen)
                .into_iter()
                .any(|from| self.evokes(from, s))
    }

    /// Whether the piece on `from` has a capture that takes the piece on `target`.
    pub fn attacks_from(&self, from: Square, target: Square) -> bool {
        let p = self.piece_at(from);
        let us = p.color();
        let dx = target.col() as i8 - from.col() as i8;
        let dy = target.row() as i8 - from.row() as i8;
        if p.kind() == EVOKER && self.evokes(from, target) {
            return true;
        }
        if !may_reach(p.kind(), us, (dx, dy)) {
            return false;
        }
        // ELD-612 counts Blocks: a capture that relocates next to a blocking Barricade (or, with
        // `from`, away from one) is no capture (a Dragon may still land elsewhere).
        let zone = self.block_zone(us);
        if zone.any() {
            match self.options.block_adjacency {
                BlockAdjacency::From if zone.contains(from) => return false,
                BlockAdjacency::Onto if zone.contains(target) && p.kind() != DRAGON => {
                    return false
                }
                _ => {}
            }
        }
        let t = piece_type(p.kind());
        let exists = self.exists();
        let own_ok = t.has(F_CAPTURES_OWN);
        if !self.can_capture(from, us, target, own_ok) {
            return false;
        }
        self.atoms_at(from)
            .iter()
            .any(|atom| self.atom_reaches(from, atom, (dx, dy), target, exists))
    }

    /// Whether `atom` of the piece on `from` captures on `target` = `from` + `delta`.
    fn atom_reaches(
        &self,
        from: Square,
        atom: &MovePattern,
        delta: Offset,
        target: Square,
        exists: Bitboard,
    ) -> bool {
        let us = self.piece_at(from).color();
        match *atom {
            MovePattern::Leap(leap) => {
                leap.mode.captures()
                    && leap.offsets.iter().any(|&o| {
                        let o = orient(o, us);
                        o == delta && self.leap_path_ok(from, o, leap.lame, us)
                    })
            }
            MovePattern::Slide(slide) => {
                slide.mode.captures()
                    && slide
                        .dirs
                        .iter()
                        .any(|&d| self.slide_reaches(from, d, slide.min, slide.max, delta))
            }
            MovePattern::Pawn { captures, .. } => {
                captures && delta.1 == self.forward_of(from) && delta.0.abs() == 1
            }
            MovePattern::OneShot(inner) => inner
                .iter()
                .any(|a| self.atom_reaches(from, a, delta, target, exists)),
            MovePattern::Fiend => fiend_targets(from).iter().any(|t| {
                t.to == target
                    && t.paths
                        .iter()
                        .any(|&p| (p & !exists).is_empty() && self.jump_path_clear(p, us))
            }),
            MovePattern::Dragon => TWO_STEPS.iter().any(|&off| {
                let Some(land) = step(from, off, exists) else {
                    return false;
                };
                if !self.leap_path_ok(from, off, false, us) {
                    return false;
                }
                if self.options.block_adjacency == BlockAdjacency::Onto
                    && self.block_zone(us).contains(land)
                {
                    return false; // the Dragon's landing would break a Block (ELD-222 b)
                }
                land == target
                    || (self.piece_at(land).is_none()
                        && (land.col() as i8 - target.col() as i8).abs() <= 1
                        && (land.row() as i8 - target.row() as i8).abs() <= 1)
            }),
            MovePattern::VampireSteps => {
                let dirs = self.tag(from) & TAG_DIRECTIONS;
                if dirs == TAG_DIRECTIONS {
                    KING_STEPS
                        .iter()
                        .any(|&d| self.slide_reaches(from, d, 1, 9, delta))
                } else {
                    DIRECTIONS
                        .iter()
                        .enumerate()
                        .any(|(i, (_, off))| dirs & (1 << i) != 0 && *off == delta)
                }
            }
        }
    }

    /// A slide along `d` for `min..=max` squares ends exactly at `delta` with a passable path.
    fn slide_reaches(&self, from: Square, d: Offset, min: u8, max: u8, delta: Offset) -> bool {
        let k = if d.0 != 0 {
            delta.0 / d.0
        } else {
            delta.1 / d.1
        };
        if k < min as i8 || k > max as i8 || (d.0 * k, d.1 * k) != delta {
            return false;
        }
        let us = self.piece_at(from).color();
        (1..k).all(|i| {
            from.offset(d.0 * i, d.1 * i)
                .is_some_and(|s| self.exists().contains(s) && self.passable(s, us))
        })
    }

    /// The squares a blocking Barricade forbids `side`'s relocations (ELD-222 b, ELD-OPT-1):
    /// the squares next to the Barricades blocking against it (as destinations with `onto`, as
    /// origins with `from`).
    pub fn block_zone(&self, side: Color) -> Bitboard {
        let mut zone = Bitboard::EMPTY;
        for b in self.blocks_against(side) {
            zone |= neighbours(b, self.exists());
        }
        zone
    }

    /// The relocations an action of the side to move makes (origin, destination): a move's
    /// piece (even one that then leaves the board: ELD-222), castling's two pieces, a thrown
    /// piece, a portal's or swap's two pieces.
    pub fn relocations(&self, mv: Move) -> arrayvec::ArrayVec<(Square, Square), 2> {
        let mut out = arrayvec::ArrayVec::new();
        match mv.kind() {
            MoveKind::Placement | MoveKind::Pass | MoveKind::Decision | MoveKind::Null => {}
            MoveKind::Castle => {
                let (cd, rd) = Self::castle_destinations(mv.from(), mv.to());
                out.push((mv.from(), cd));
                out.push((mv.to(), rd));
            }
            MoveKind::Invoke if mv.ext() == super::invokes::EXT_LEAVE => {
                out.push((mv.from(), mv.to()))
            }
            MoveKind::Invoke => match self.piece_at(mv.from()).kind() {
                GIANT => out.push((Square::from_index(mv.param()), mv.to())),
                FAMILIAR => out.push((mv.from(), mv.to())),
                PORTALKEEPER | SHIELDMAIDEN => {
                    out.push((mv.from(), mv.to()));
                    out.push((mv.to(), mv.from()));
                }
                _ => {}
            },
            _ => out.push((mv.from(), mv.to())),
        }
        out
    }

    /// ELD-222 b: whether `mv` relocates a piece onto (or, with `BlockAdjacency=from`, from) a
    /// square next to a Barricade blocking against the side to move.
    pub fn breaks_block(&self, mv: Move) -> bool {
        let zone = self.block_zone(self.side);
        zone.any()
            && self.relocations(mv).iter().any(|&(from, to)| {
                zone.contains(match self.options.block_adjacency {
                    BlockAdjacency::Onto => to,
                    BlockAdjacency::From => from,
                })
            })
    }

    /// Which check-bearers of `c` are in check (ELD-612), as a set of squares.
    pub fn checked_bearers(&self, c: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for s in self.check_bearers(c) {
            let liege = piece_type(self.piece_at(s).kind()).is(LIEGE);
            if self.square_attacked(s, !c, liege) {
                out.set(s);
            }
        }
        out
    }

    /// ELD-613 over a set of pseudo-legal actions of the side to move: admissible ones, then
    /// L1 (no check-bearer in check) or the hybrid fallback.
    pub fn filter_legal(&self, pseudo: &MoveList, legal: &mut MoveList) {
        let mut fallback = MoveList::new();
        self.sort_legal(pseudo, legal, &mut fallback);
        if legal.is_empty() {
            legal.extend(fallback.iter().copied());
        }
        self.drop_shadowed(legal);
    }

    /// ELD-613 action by action: the admissible actions that leave no check-bearer in check
    /// (L1) to `legal`, those that leave fewer of them in check than there are to `fallback`
    /// (legal only where no action is L1-legal, [`Eldritch::filter_legal`]).
    pub(super) fn sort_legal(
        &self,
        pseudo: &MoveList,
        legal: &mut MoveList,
        fallback: &mut MoveList,
    ) {
        let us = self.side;
        let bearers = self.check_bearers(us).count();
        let screen = self.screen();
        for &mv in pseudo {
            if mv.kind() == MoveKind::Pass {
                legal.push(mv); // ELD-613: a pass leaves the position as the legal first action did
                continue;
            }
            if self.breaks_block(mv) {
                continue; // ELD-222 b, ELD-615
            }
            if screen.as_ref().is_some_and(|s| self.screened(s, mv)) {
                legal.push(mv); // proven without playing (`screen`)
                continue;
            }
            let mut child = self.clone();
            child.play_action(mv, false);
            if child.check_bearers(us).count() < bearers {
                continue; // (a) an own check-bearer captured, destroyed or removed
            }
            if self.swap_leaves_liege_in_check(mv, &child) {
                continue; // ELD-541
            }
            if self.options.shadowmancer == ShadowmancerMode::Forbid {
                // ELD-OPT-2 forbid: no action may leave the protected enemy liege in check.
                if let Some(l) = child.liege(!us) {
                    if child.board.pieces(!us, SHADOWMANCER).any()
                        && child.square_attacked(l, us, true)
                    {
                        continue;
                    }
                }
            }
            let checked = child.checked_bearers(us);
            if checked.is_empty() {
                legal.push(mv);
            } else if checked.count() < child.check_bearers(us).count() {
                fallback.push(mv);
            }
        }
    }

    /// Whether the piece on `from` has pawn-type moves and other moves (Berserker, Illusionist).
    fn mixes_pawn_moves(&self, from: Square) -> bool {
        let atoms = self.atoms_at(from);
        atoms.len() > 1 && atoms.iter().any(|a| matches!(a, MovePattern::Pawn { .. }))
    }

    /// ELD-231: "a displacement that is a legal pawn-type move is always treated as that
    /// pawn-type move". Drops the other legal moves of a piece to squares where one of its
    /// pawn-type moves is legal; where none is, they stay (an en-passant capture this piece may
    /// not make while another piece may).
    fn drop_shadowed(&self, legal: &mut MoveList) {
        // Only displacements: an invoke to a square is never a pawn-type move's twin.
        let displacement = |m: Move| !matches!(m.kind(), MoveKind::Invoke | MoveKind::Pass);
        let other =
            |m: Move| displacement(m) && self.mixes_pawn_moves(m.from()) && !self.is_pawn_move(m);
        if !legal.iter().any(|&m| other(m)) {
            return;
        }
        let pawn_moves: Vec<(Square, Square)> = legal
            .iter()
            .filter(|&&m| {
                displacement(m) && self.mixes_pawn_moves(m.from()) && self.is_pawn_move(m)
            })
            .map(|m| (m.from(), m.to()))
            .collect();
        legal.retain(|m| !other(*m) || !pawn_moves.contains(&(m.from(), m.to())));
    }
}

impl Eldritch {
    /// The legal actions by the general route (every rule): pseudo-legal actions played and
    /// looked at. The plain fast path must give the same list in the same order.
    pub(super) fn general_legal(&self, moves: &mut MoveList) {
        if self.placing.is_some() {
            self.placement_options(moves);
            return;
        }
        if self.eliminated().is_some() {
            return;
        }
        if !self.react.is_empty() {
            // ELD-613: reactions are restricted only by ELD-463, judged when they arose.
            self.reaction_options(moves);
            return;
        }
        if self.returns_pending(self.side) && self.bolt.is_none() {
            // ELD-613: a return never exposes a check-bearer; a Divine has its own test.
            self.return_options(moves);
            self.divine_moves(moves);
            return;
        }
        let mut pseudo = MoveList::new();
        self.generate_pseudo(&mut pseudo);
        // A Divine has its own legality test (ELD-274), not the action filter.
        let mut divine = MoveList::new();
        pseudo.retain(|m| {
            let d = self.is_divine(*m);
            if d {
                divine.push(*m);
            }
            !d
        });
        self.drop_banned(&mut pseudo); // ELD-613 c
        self.filter_legal(&pseudo, moves);
        moves.extend(divine.iter().copied());
    }
}

impl MoveGen for Eldritch {
    fn generate_legal(&self, moves: &mut MoveList) {
        if self.is_plain() {
            self.plain_legal(moves);
        } else {
            self.general_legal(moves);
        }
    }

    /// Captures and promotions, legality-filtered directly when the side has one check-bearer
    /// (its legal moves are then exactly L1 of ELD-613); otherwise from the full legal list
    /// (which is empty once a side is eliminated: the game is over).
    fn generate_tactical(&self, moves: &mut MoveList) {
        if self.is_plain() {
            self.plain_legal(moves);
            moves.retain(|m| self.tactical_order(*m).is_some());
            return;
        }
        let single_bearer = self.check_bearers(self.side).count() == 1;
        // Bans (ELD-273) and the non-action decisions go through the full legal list.
        let simple = single_bearer
            && self.react.is_empty()
            && !self.returns_pending(self.side)
            && self.ban.is_empty();
        if self.placing.is_some() || !simple || self.eliminated().is_some() {
            self.generate_legal(moves);
            moves.retain(|m| self.tactical_order(*m).is_some());
            return;
        }
        let mut pseudo = MoveList::new();
        self.generate_pseudo(&mut pseudo);
        pseudo.retain(|m| self.tactical_order(*m).is_some());
        self.filter_legal(&pseudo, moves);
    }

    fn terminal(&self) -> Option<Outcome> {
        if self.placing.is_some() {
            return None;
        }
        self.ended_by_rule().or_else(|| fide_terminal(self))
    }
}

/// Splits each Vampire capture into one move per direction it may gain (ELD-571).
fn expand_vampire_captures(pos: &Eldritch, from: Square, list: &mut MoveList) {
    let dirs = pos.tag(from) & TAG_DIRECTIONS;
    if dirs == TAG_DIRECTIONS {
        return;
    }
    let mut i = 0;
    while i < list.len() {
        let m = list[i];
        if m.from() == from && m.param() == 0 && pos.piece_at(m.to()).is_some() {
            list.remove(i);
            for d in 0..8 {
                if dirs & (1 << d) == 0 {
                    list.insert(i, vampire_move(from, m.to(), d));
                    i += 1;
                }
            }
        } else {
            i += 1;
        }
    }
}

/// Deltas (dx + 9, dy + 9) that some capture of a kind and colour might cover on an empty board:
/// a cheap filter in front of the exact test in [`Eldritch::attacks_from`].
type ReachTable = Vec<[[[bool; 19]; 19]; 2]>;

fn reach_table() -> &'static ReachTable {
    static TABLE: std::sync::OnceLock<ReachTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![[[[false; 19]; 19]; 2]; KINDS];
        for (kind, entry) in table.iter_mut().enumerate() {
            for c in Color::BOTH {
                let grid = &mut entry[c.index()];
                let mut mark = |(dx, dy): Offset| {
                    if dx.abs() <= 9 && dy.abs() <= 9 {
                        grid[(dx + 9) as usize][(dy + 9) as usize] = true;
                    }
                };
                let mut atoms: Vec<MovePattern> = piece_type(kind as u8).atoms.to_vec();
                if kind as u8 == SHAPESHIFTER {
                    atoms.extend((1..=4).flat_map(shapeshifter_atoms));
                }
                if kind as u8 == LIGHTNING_BOLT {
                    atoms.extend(shapeshifter_atoms(4)); // its knight form (ELD-441)
                }
                if kind as u8 == HIGHLANDER {
                    atoms.extend((1..=4).flat_map(super::highlander::stage_atoms));
                    // ELD-410
                }
                while let Some(atom) = atoms.pop() {
                    match atom {
                        MovePattern::Leap(Leap { offsets, .. }) => {
                            offsets.iter().for_each(|&o| mark(orient(o, c)))
                        }
                        MovePattern::Slide(Slide { dirs, max, .. }) => {
                            for &(x, y) in dirs {
                                for k in 1..=max.min(9) as i8 {
                                    mark((x * k, y * k));
                                }
                            }
                        }
                        // Both directions: a turned Gremlin captures backwards.
                        MovePattern::Pawn { .. } => [(-1, 1), (1, 1), (-1, -1), (1, -1)]
                            .into_iter()
                            .for_each(&mut mark),
                        MovePattern::OneShot(inner) => atoms.extend_from_slice(inner),
                        MovePattern::Fiend => {
                            for x in -3..=3 {
                                for y in -3..=3 {
                                    mark((x, y));
                                }
                            }
                        }
                        MovePattern::Dragon => {
                            for x in -3..=3 {
                                for y in -3..=3 {
                                    mark((x, y));
                                }
                            }
                        }
                        MovePattern::VampireSteps => {
                            for &(x, y) in &KING_STEPS {
                                for k in 1..=9 {
                                    mark((x * k, y * k));
                                }
                            }
                        }
                    }
                }
            }
        }
        table
    })
}

#[inline]
pub(super) fn may_reach(kind: u8, c: Color, (dx, dy): Offset) -> bool {
    reach_table()[kind as usize][c.index()][(dx + 9) as usize][(dy + 9) as usize]
}
