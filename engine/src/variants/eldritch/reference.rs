//! An independent, slow generator written from the spec alone: a mailbox walk per piece type
//! (a `match`, not the catalogue's atoms), its own capturability (ELD-611) and placement rules
//! (ELD-052/053), and legality by playing the action and generating every enemy capture
//! (ELD-612, ELD-613). Perft through it cross-checks the fast generator.

use super::catalogue::*;
use super::movegen::{dragon_move, en_passant_bishop, vampire_move, PARAM_ONE_SHOT};
use super::state::{
    BlockAdjacency, Eldritch, Reaction, ShadowmancerMode, TAG_DIRECTIONS, TAG_FORM_SHIFT,
    TAG_ROYAL, TAG_TURNED,
};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Piece};
use crate::rules::{Fen, Notation, Position, Reference};
use crate::square::Square;
use crate::tables;

type Raw = (Square, Square, bool, u8); // from, to, pawn-type move, param

thread_local! {
    /// The squares that exist in the position being generated: the board and its strips
    /// (ELD-371). Set by `generate` for the duration of each call.
    static EXISTS: std::cell::Cell<crate::bitboard::Bitboard> =
        const { std::cell::Cell::new(crate::bitboard::Bitboard::EMPTY) };
}

fn on_board(s: Square) -> bool {
    let board = (1..=8).contains(&s.col()) && (1..=8).contains(&s.row());
    board || EXISTS.with(|e| e.get()).contains(s)
}

fn at(s: Square, dx: i8, dy: i8) -> Option<Square> {
    s.offset(dx, dy).filter(|t| on_board(*t))
}

fn fwd(c: Color) -> i8 {
    if c == Color::White {
        1
    } else {
        -1
    }
}

struct Ref<'a> {
    pos: &'a Eldritch,
}

impl Ref<'_> {
    fn p(&self, s: Square) -> Piece {
        self.pos.piece_at(s)
    }

    /// ELD-381: pieces of `c` of `kind` suborned in enemy Ghost stacks; they count as `c`'s
    /// pieces on the board (ELD-251, ELD-473, the board limits).
    fn suborned(&self, c: Color, kind: u8) -> usize {
        Square::all()
            .filter(|&s| self.p(s).is_some() && self.p(s).color() != c)
            .map(|s| {
                self.pos
                    .extra
                    .stacked_on(s)
                    .filter(|&u| u == Piece::new(c, kind))
                    .count()
            })
            .sum()
    }

    fn kind(&self, s: Square) -> u8 {
        self.p(s).kind()
    }

    fn royal(&self, s: Square) -> bool {
        let k = self.kind(s);
        matches!(
            k,
            KING | QUEEN | COURT_MAGICIAN | SPHINX | VALKYRIE | VAMPIRE
        ) || (k == PONTIFF && self.pos.options().noble_is_royal)
            || self.pos.tag(s) & TAG_ROYAL != 0
    }

    fn is_liege(k: u8) -> bool {
        matches!(k, KING | ARCHMAGE | PONTIFF | VAMPIRE)
    }

    /// ELD-008: passable for side `c`.
    fn passable(&self, s: Square, c: Color) -> bool {
        let q = self.p(s);
        // ELD-332: a stack never is, whatever its host.
        let single = self.pos.extra.stacked_on(s).next().is_none();
        q.is_none()
            || single && (q.color() == c && q.kind() == OOZE)
            || single && (q.color() != c && q.kind() == NECROMANCER)
    }

    /// A jump by the side generating may pass over `s`: no Abjurer (ELD-202), no Barricade
    /// blocking against it (ELD-222 c; the reference always generates for `pos.side`, whom the
    /// FEN's Blocks restrict).
    fn no_abjurer(&self, s: Square) -> bool {
        let q = self.p(s);
        q.is_none() || (q.kind() != ABJURER && !self.pos.blocking().contains(s))
    }

    /// ELD-611 for the piece on `from` capturing on `t`.
    fn capturable(&self, from: Square, t: Square, friendly_exception: bool) -> bool {
        let a = self.p(from);
        let v = self.p(t);
        if v.is_none() {
            return false;
        }
        let ak = a.kind();
        let vk = v.kind();
        // ELD-552: the owner's priests may take the owner's Riddle by their normal captures.
        let priest = matches!(
            ak,
            BISHOP | CELESTIAL | DRUID | VALKYRIE | INITIATE | PONTIFF | SPHINX
        );
        let own_ok = friendly_exception || (vk == RIDDLE && priest);
        let own_stack = self.pos.extra.stacked_on(t).next().is_some();
        if v.color() == a.color()
            && (!own_ok || Self::is_liege(vk) || vk == DOPPELGANGER || own_stack)
        {
            return false;
        }
        if vk == OOZE {
            return false;
        }
        // ELD-222 a: a blocking Barricade is not captured by the side it restricts.
        if self.pos.blocking().contains(t) && a.color() == self.pos.side {
            return false;
        }
        if vk == ABJURER && !self.royal(from) {
            return false;
        }
        let spell = matches!(ak, BARRICADE | FIREBALL | LIGHTNING_BOLT | MIASMA | RIDDLE);
        if vk == GARGOYLE && spell {
            return false;
        }
        if Self::is_liege(vk) {
            if ak == BERSERKER {
                return false;
            }
            let shadow = self.pos.options().shadowmancer == ShadowmancerMode::Immune
                && self.pos.board().pieces(v.color(), SHADOWMANCER).any();
            if v.color() != a.color() && shadow {
                return false;
            }
        }
        true
    }

    fn frozen(&self, s: Square) -> bool {
        let c = self.p(s).color();
        (-1..=1).any(|dx| {
            (-1..=1).any(|dy| {
                at(s, dx, dy).is_some_and(|t| {
                    t != s
                        && self.p(t).is_some()
                        && self.p(t).kind() == ENCHANTER
                        && self.p(t).color() != c
                })
            })
        })
    }

    /// Leaps with their passed squares checked (ELD-008).
    fn leap(
        &self,
        from: Square,
        (dx, dy): (i8, i8),
        lame: bool,
        quiet: bool,
        capture: bool,
        out: &mut Vec<Raw>,
    ) {
        let c = self.p(from).color();
        let Some(to) = at(from, dx, dy) else { return };
        let passed: Vec<Option<Square>> = if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
            let n = dx.abs().max(dy.abs());
            (1..n)
                .map(|k| at(from, dx.signum() * k, dy.signum() * k))
                .collect()
        } else if dx.abs() > dy.abs() {
            vec![from.offset(dx.signum(), 0)]
        } else {
            vec![from.offset(0, dy.signum())]
        };
        for s in passed {
            match s.filter(|s| on_board(*s)) {
                Some(s) if lame && !self.passable(s, c) => return,
                Some(s) if !lame && !self.no_abjurer(s) => return,
                None if lame => return,
                _ => {}
            }
        }
        self.land(from, to, quiet, capture, false, out);
    }

    fn land(
        &self,
        from: Square,
        to: Square,
        quiet: bool,
        capture: bool,
        own: bool,
        out: &mut Vec<Raw>,
    ) {
        if self.p(to).is_none() {
            if quiet {
                out.push((from, to, false, 0));
            }
        } else if capture && self.capturable(from, to, own) {
            out.push((from, to, false, 0));
        }
    }

    fn slide(
        &self,
        from: Square,
        dirs: &[(i8, i8)],
        (min, max): (i8, i8),
        quiet: bool,
        capture: bool,
        out: &mut Vec<Raw>,
    ) {
        let c = self.p(from).color();
        for &(dx, dy) in dirs {
            for k in 1..=max {
                let Some(to) = at(from, dx * k, dy * k) else {
                    break;
                };
                if k >= min {
                    self.land(from, to, quiet, capture, false, out);
                }
                if !self.passable(to, c) {
                    break;
                }
            }
        }
    }

    fn pawn(&self, from: Square, double: bool, out: &mut Vec<Raw>) {
        let c = self.p(from).color();
        let mut f = fwd(c);
        if self.kind(from) == GREMLIN && self.pos.tag(from) & TAG_TURNED != 0 {
            f = -f;
        }
        if let Some(one) = at(from, 0, f) {
            if self.p(one).is_none() {
                out.push((from, one, true, 0));
            }
            if double && self.pos.is_virgin(from) && self.passable(one, c) {
                if let Some(two) = at(from, 0, 2 * f) {
                    if self.p(two).is_none() {
                        out.push((from, two, true, 2));
                    }
                }
            }
        }
        for dx in [-1, 1] {
            let Some(to) = at(from, dx, f) else { continue };
            if self.p(to).is_some() {
                if self.capturable(from, to, self.kind(from) == EVOKER) {
                    out.push((from, to, true, 0));
                }
            } else if Some(to) == self.pos.ep {
                let victim = to.offset(0, fwd(!self.pos.side));
                if let Some(v) = victim {
                    if self.capturable(from, v, false) {
                        out.push((from, to, true, 3));
                    }
                }
            }
        }
    }

    const KING: [(i8, i8); 8] = tables::DIRECTIONS;
    const KNIGHT: [(i8, i8); 8] = tables::KNIGHT_OFFSETS;
    const ORTH: [(i8, i8); 4] = tables::ORTHOGONAL;
    const DIAG: [(i8, i8); 4] = tables::DIAGONAL;

    fn steps(
        &self,
        from: Square,
        dirs: &[(i8, i8)],
        quiet: bool,
        capture: bool,
        out: &mut Vec<Raw>,
    ) {
        for &(dx, dy) in dirs {
            if let Some(to) = at(from, dx, dy) {
                self.land(from, to, quiet, capture, false, out);
            }
        }
    }

    fn knight(&self, from: Square, quiet: bool, capture: bool, lame: bool, out: &mut Vec<Raw>) {
        for (dx, dy) in Self::KNIGHT {
            self.leap(from, (dx, dy), lame, quiet, capture, out);
        }
    }

    /// Raw moves of the piece on `from` (param: 0 plain, 1 one-shot, 2 double, 3 e.p., or a
    /// Dragon target / Vampire direction via the finished Move).
    /// ELD-380..383 from scratch: two-square slides to empty squares; a single Ghost also
    /// suborns; a Ghost stack also moves as its suborned piece would, to empty squares, its
    /// paths judged for the controller (the probe swaps the colours of every Ooze and
    /// Necromancer, the only pieces whose passability depends on the side).
    fn ghost(&self, from: Square, c: Color, out: &mut Vec<Raw>) {
        self.slide(from, &Self::KING, (2, 2), true, false, out);
        let unit = self.pos.extra.stacked_on(from).next();
        if unit.is_none() {
            for (dx, dy) in Self::KING {
                let (Some(mid), Some(to)) = (at(from, dx, dy), at(from, 2 * dx, 2 * dy)) else {
                    continue;
                };
                let v = self.p(to);
                let single = self.pos.extra.stacked_on(to).next().is_none();
                let allowed = !matches!(
                    v.kind(),
                    BISHOP
                        | CELESTIAL
                        | DRUID
                        | VALKYRIE
                        | INITIATE
                        | PONTIFF
                        | SPHINX
                        | KING
                        | ARCHMAGE
                        | VAMPIRE
                        | DOPPELGANGER
                        | BEAST
                        | RIDDLE
                );
                if self.passable(mid, c) && v.is_some() && v.color() != c && single && allowed {
                    out.push((from, to, false, 0));
                }
            }
        }
        let Some(u) = unit.filter(|u| u.color() != c) else {
            return;
        };
        let mut probe = self.pos.clone();
        probe.ep = None;
        probe.board.remove(from);
        probe.extra.take_stack(from);
        probe.board.put(from, u);
        probe
            .extra
            .set_tag(from, Some(self.pos.suborned_tag(from)).filter(|&t| t != 0));
        for s in Square::all().filter(|&s| on_board(s) && s != from) {
            let q = probe.piece_at(s);
            if q.is_some() && matches!(q.kind(), OOZE | NECROMANCER) {
                probe.board.remove(s);
                probe.board.put(s, Piece::new(!q.color(), q.kind()));
            }
        }
        let r = Ref { pos: &probe };
        let mut raw = Vec::new();
        let mut done = Vec::new();
        r.piece(from, &mut raw, &mut done);
        let plain = done
            .iter()
            .filter(|m| m.kind() == MoveKind::Normal && m.param() == 0)
            .map(|m| (from, m.to(), false, 0));
        for (_, to, _, param) in raw.into_iter().chain(plain) {
            if param == 0 && self.p(to).is_none() {
                out.push((from, to, false, 0));
            }
        }
    }

    fn piece(&self, from: Square, out: &mut Vec<Raw>, done: &mut Vec<Move>) {
        let k = self.kind(from);
        let c = self.p(from).color();
        match k {
            KING | ABJURER | SHADOWMANCER | DOPPELGANGER | DIVINER | FAMILIAR | GEOMANCER => {
                self.steps(from, &Self::KING, true, true, out)
            }
            // ELD-410: a Highlander moves as its stage (tag bits 29..31: q b r n p).
            HIGHLANDER if self.pos.tag(from) >> 29 != 0 => match self.pos.tag(from) >> 29 {
                1 => self.slide(from, &Self::DIAG, (1, 9), true, true, out),
                2 => self.slide(from, &Self::ORTH, (1, 9), true, true, out),
                3 => self.knight(from, true, true, false, out),
                _ => self.pawn(from, true, out),
            },
            QUEEN | SHIELDMAIDEN | HIGHLANDER => {
                self.slide(from, &Self::KING, (1, 9), true, true, out)
            }
            ROOK => self.slide(from, &Self::ORTH, (1, 9), true, true, out),
            BISHOP | NECROMANCER => self.slide(from, &Self::DIAG, (1, 9), true, true, out),
            KNIGHT | VALKYRIE | BEAST => self.knight(from, true, true, false, out),
            // ELD-441: a Bolt promoted to Knight moves as one (tag bit 18).
            LIGHTNING_BOLT if self.pos.tag(from) & (1 << 18) != 0 => {
                self.knight(from, true, true, false, out)
            }
            PAWN | LIGHTNING_BOLT | MYSTIC | CONJURER | EVOKER | DRUID => {
                self.pawn(from, true, out)
            }
            SPHINX => {
                self.pawn(from, true, out);
                self.knight(from, true, true, false, out);
            }
            GREMLIN => self.pawn(from, false, out),
            BARRICADE => self.slide(from, &Self::ORTH, (1, 3), true, true, out),
            GIANT => self.slide(from, &Self::ORTH, (1, 2), true, true, out),
            FIREBALL => self.slide(from, &Self::DIAG, (1, 3), true, true, out),
            PONTIFF => self.slide(from, &Self::DIAG, (2, 2), true, true, out),
            GHOST => self.ghost(from, c, out),
            ENCHANTER => {
                self.slide(from, &Self::KING, (2, 2), true, false, out);
                self.steps(from, &Self::KING, false, true, out);
            }
            ARCHMAGE => {
                self.steps(from, &Self::KING, true, false, out);
                for (dx, dy) in Self::KING {
                    self.leap(from, (2 * dx, 2 * dy), false, true, false, out);
                }
            }
            MIASMA => self.steps(from, &Self::ORTH, true, false, out),
            // ELD-530..532: base (nothing), pawn, rook, bishop or knight form.
            SHAPESHIFTER => match (self.pos.tag(from) >> TAG_FORM_SHIFT) & 7 {
                1 => self.pawn(from, true, out),
                2 => self.slide(from, &Self::ORTH, (1, 9), true, true, out),
                3 => self.slide(from, &Self::DIAG, (1, 9), true, true, out),
                4 => self.knight(from, true, true, false, out),
                _ => {}
            },
            OOZE => self.steps(from, &Self::KING, true, false, out),
            PENDULUM => self.steps(from, &[(0, 1), (0, -1)], true, true, out),
            INITIATE => {
                self.steps(from, &[(0, fwd(c))], true, true, out);
                self.steps(from, &[(1, 0), (-1, 0)], true, false, out);
            }
            GARGOYLE => self.knight(from, true, true, true, out),
            CELESTIAL => {
                for (dx, dy) in Self::DIAG {
                    for n in 1..=4 {
                        self.leap(from, (dx * n, dy * n), false, true, true, out);
                    }
                }
            }
            COURT_MAGICIAN => {
                self.steps(from, &Self::KING, true, true, out);
                self.knight(from, true, true, false, out);
            }
            ILLUSIONIST => {
                let mut pawn = Vec::new();
                self.pawn(from, true, &mut pawn);
                let mut other = Vec::new();
                self.slide(from, &Self::ORTH, (1, 9), true, false, &mut other);
                self.slide(from, &Self::DIAG, (1, 9), true, false, &mut other);
                self.knight(from, true, false, false, &mut other);
                out.extend(pawn);
                out.extend(other);
            }
            BERSERKER => {
                let mut pawn = Vec::new();
                self.pawn(from, true, &mut pawn);
                let mut other = Vec::new();
                self.knight(from, true, true, false, &mut other);
                self.slide(from, &Self::KING, (1, 9), true, true, &mut other);
                out.extend(pawn);
                out.extend(
                    other
                        .into_iter()
                        .map(|(f, t, _, _)| (f, t, false, PARAM_ONE_SHOT)),
                );
            }
            DRAGON => {
                for (dx, dy) in Self::KING {
                    let Some(to) = at(from, 2 * dx, 2 * dy) else {
                        continue;
                    };
                    let mid = at(from, dx, dy).expect("middle of an on-board 2-step");
                    if !self.no_abjurer(mid) {
                        continue;
                    }
                    if self.p(to).is_some() {
                        if self.capturable(from, to, false) {
                            done.push(Move::new(from, to, MoveKind::Normal));
                        }
                        continue;
                    }
                    done.push(Move::new(from, to, MoveKind::Normal));
                    for (ax, ay) in Self::KING {
                        if let Some(t) = at(to, ax, ay) {
                            if self.p(t).is_some()
                                && self.p(t).color() != c
                                && self.capturable(from, t, false)
                            {
                                done.push(dragon_move(from, to, t));
                            }
                        }
                    }
                }
            }
            FIEND => {
                // Every path of 1..3 king steps with at most one turn and no reversal.
                let mut targets: Vec<Square> = Vec::new();
                for d1 in Self::KING {
                    for d2 in Self::KING {
                        if d2 == (-d1.0, -d1.1) {
                            continue;
                        }
                        for k in 1..=3i8 {
                            for m in 0..=(3 - k) {
                                if d2 == d1 && m > 0 {
                                    continue;
                                }
                                let mut path = Vec::new();
                                let mut cur = from;
                                let mut ok = true;
                                for i in 0..(k + m) {
                                    let d = if i < k { d1 } else { d2 };
                                    match at(cur, d.0, d.1) {
                                        Some(n) => {
                                            cur = n;
                                            path.push(n);
                                        }
                                        None => {
                                            ok = false;
                                            break;
                                        }
                                    }
                                }
                                if !ok {
                                    continue;
                                }
                                let to = *path.last().expect("nonempty");
                                if path[..path.len() - 1].iter().all(|s| self.no_abjurer(*s))
                                    && !targets.contains(&to)
                                {
                                    targets.push(to);
                                }
                            }
                        }
                    }
                }
                for to in targets {
                    if self.p(to).is_none() {
                        let near_priest = Self::KING.iter().any(|&(dx, dy)| {
                            at(to, dx, dy).is_some_and(|s| {
                                self.p(s).is_some()
                                    && matches!(
                                        self.kind(s),
                                        BISHOP
                                            | CELESTIAL
                                            | DRUID
                                            | INITIATE
                                            | PONTIFF
                                            | SPHINX
                                            | VALKYRIE
                                    )
                            })
                        });
                        if !near_priest {
                            out.push((from, to, false, 0));
                        }
                    } else if self.capturable(from, to, true) {
                        out.push((from, to, false, 0));
                    }
                }
            }
            VAMPIRE => {
                let dirs = self.pos.tag(from) & TAG_DIRECTIONS;
                let mut raw = Vec::new();
                self.knight(from, true, true, false, &mut raw);
                if dirs == 0xFF {
                    self.slide(from, &Self::KING, (1, 9), true, true, &mut raw);
                } else {
                    for (i, (_, off)) in DIRECTIONS.iter().enumerate() {
                        if dirs & (1 << i) != 0 {
                            self.steps(from, &[*off], true, true, &mut raw);
                        }
                    }
                }
                for (f, t, _, _) in raw {
                    if self.p(t).is_some() && dirs != 0xFF {
                        for d in 0..8 {
                            if dirs & (1 << d) == 0 {
                                done.push(vampire_move(f, t, d));
                            }
                        }
                    } else {
                        done.push(Move::new(f, t, MoveKind::Normal));
                    }
                }
            }
            _ => {}
        }
    }

    /// The invokes of the piece on `from`, frozen or not, written from ELD-251, ELD-321,
    /// ELD-391, ELD-451, ELD-511 and ELD-541 and the freeze list of ELD-311. `full`: every
    /// invoke; otherwise (an attack probe, ELD-612) only the Evoker's capture.
    fn invokes(&self, from: Square, full: bool, out: &mut Vec<Move>) {
        let c = self.p(from).color();
        let mine = |s: Square| self.p(s).is_some() && self.p(s).color() == c;
        let inv = |to: Square, piece: Option<u8>, param: u8| {
            Move::build(Some(from), Some(to), MoveKind::Invoke, piece, param, 0)
        };
        let around = |s: Square| -> Vec<Square> {
            Self::KING
                .iter()
                .filter_map(|&(dx, dy)| at(s, dx, dy))
                .collect()
        };
        // ELD-333: a rider on this square leaves for an empty neighbour, stack not frozen. A
        // Ghost stack's unit is the enemy's suborned piece, no rider.
        let rider = self
            .pos
            .extra
            .stacked_on(from)
            .next()
            .filter(|u| u.color() == c);
        if full && rider.is_some() && !self.frozen(from) {
            for t in around(from) {
                if self.p(t).is_none() {
                    out.push(Move::build(
                        Some(from),
                        Some(t),
                        MoveKind::Invoke,
                        None,
                        0,
                        1,
                    ));
                }
            }
        }
        match self.kind(from) {
            // ELD-331: hop onto an own single neighbour, not a Familiar or Riddle; neither frozen.
            FAMILIAR if full && !self.frozen(from) => {
                for t in around(from) {
                    let single = self.pos.extra.stacked_on(t).next().is_none();
                    if mine(t)
                        && single
                        && !matches!(self.kind(t), FAMILIAR | RIDDLE)
                        && !self.frozen(t)
                    {
                        out.push(inv(t, None, 0));
                    }
                }
            }
            EVOKER => {
                for (dx, dy) in Self::KNIGHT {
                    if let Some(t) = at(from, dx, dy) {
                        if self.capturable(from, t, true) {
                            out.push(inv(t, None, 0));
                        }
                    }
                }
            }
            _ if !full => {}
            CONJURER => {
                let pawns = Square::all()
                    .filter(|&s| mine(s) && self.kind(s) == PAWN)
                    .count()
                    + self.suborned(c, PAWN);
                let far = if c == Color::White { 8 } else { 1 };
                if pawns < 8 {
                    for t in around(from) {
                        if self.p(t).is_none() && t.row() != far {
                            out.push(inv(t, Some(PAWN), 0));
                        }
                    }
                }
            }
            MIASMA => {
                let destroys = around(from).into_iter().any(|t| {
                    self.p(t).is_some()
                        && (self.pos.extra.stacked_on(t).next().is_some()
                            || self.kind(t) != GARGOYLE && !self.royal(t))
                });
                if destroys {
                    out.push(inv(from, None, 0));
                }
            }
            GIANT => {
                for s in around(from) {
                    let ghost_stack = self.pos.extra.stacked_on(s).any(|u| u.color() != c);
                    if !mine(s)
                        || self.royal(s)
                        || self.kind(s) == RIDDLE
                        || self.frozen(s)
                        || ghost_stack
                    {
                        continue;
                    }
                    for (dx, dy) in Self::KING {
                        for n in [2, 3] {
                            let Some(land) = at(s, dx * n, dy * n) else {
                                continue;
                            };
                            let over_ok = (1..n)
                                .all(|k| at(s, dx * k, dy * k).is_some_and(|q| self.no_abjurer(q)));
                            if over_ok && self.p(land).is_none() {
                                out.push(inv(land, None, s.index() as u8));
                            }
                        }
                    }
                }
            }
            BARRICADE => out.push(inv(from, None, 0)),
            NECROMANCER => {
                // ELD-473 from the recorded trophies and start squares.
                let start = self.pos.start_squares(c);
                let mut done: Vec<u8> = Vec::new();
                for &t in self.pos.trophies_at(from) {
                    if done.contains(&t)
                        || matches!(t, KING | ARCHMAGE | PONTIFF | VAMPIRE | DOPPELGANGER)
                    {
                        continue;
                    }
                    done.push(t);
                    let wanted = start.iter().filter(|(k, _)| *k == t).count();
                    // Pending Highlanders count as present (ELD-473).
                    let pending: usize = if t == HIGHLANDER {
                        self.pos
                            .pending_returns(c)
                            .map(|(_, _, n)| n as usize)
                            .sum()
                    } else {
                        0
                    };
                    let have = Square::all()
                        .filter(|&s| mine(s) && self.kind(s) == t)
                        .count()
                        + self.suborned(c, t)
                        + pending;
                    if have < wanted {
                        for &(k, s) in start {
                            if k == t && self.p(s).is_none() {
                                out.push(inv(s, Some(t), 0));
                            }
                        }
                    }
                }
            }
            DRUID | SPHINX => {
                // ELD-301, ELD-551: no token linked to this creator may be on the board.
                let token = if self.kind(from) == DRUID {
                    BEAST
                } else {
                    RIDDLE
                };
                let linked = Square::all().any(|s| {
                    mine(s)
                        && self.kind(s) == token
                        && (self.pos.tag(s) >> 10) & 0x7F == from.index() as u32 + 1
                });
                if !linked {
                    for t in around(from) {
                        if self.p(t).is_none() {
                            out.push(inv(t, Some(token), 0));
                        }
                    }
                }
            }
            VALKYRIE => {
                let far = if c == Color::White { 8 } else { 1 };
                let (pawns, initiates) = self.pos.graveyard(c);
                for (count, kind) in [(pawns, PAWN), (initiates, INITIATE)] {
                    for t in around(from) {
                        if count > 0 && self.p(t).is_none() && t.row() != far {
                            out.push(inv(t, Some(kind), 0));
                        }
                    }
                }
            }
            SHAPESHIFTER => {
                let now = (self.pos.tag(from) >> TAG_FORM_SHIFT) & 7;
                for (form, kind) in [(1, PAWN), (2, ROOK), (3, BISHOP), (4, KNIGHT)] {
                    if form != now {
                        out.push(inv(from, Some(kind), 0));
                    }
                }
            }
            // ELD-371: any of the twenty strips none of whose squares exists, frozen or not.
            GEOMANCER if full => {
                let mut strips: Vec<Vec<Square>> = Vec::new();
                for k in 1..=5u8 {
                    strips.push((k..k + 4).map(|r| Square::new(0, r)).collect());
                    strips.push((k..k + 4).map(|r| Square::new(9, r)).collect());
                    strips.push((k..k + 4).map(|f| Square::new(f, 0)).collect());
                    strips.push((k..k + 4).map(|f| Square::new(f, 9)).collect());
                }
                for strip in strips {
                    if strip.iter().all(|&q| !on_board(q)) {
                        let first = *strip.iter().min_by_key(|q| q.index()).expect("4 squares");
                        out.push(Move::build(
                            Some(from),
                            Some(first),
                            MoveKind::Invoke,
                            None,
                            0,
                            0,
                        ));
                    }
                }
            }
            PORTALKEEPER | SHIELDMAIDEN if !self.frozen(from) => {
                let liege = Square::all().find(|&s| mine(s) && Self::is_liege(self.kind(s)));
                let checked = liege.is_some_and(|l| attacked_ref(self.pos, l, !c));
                for s in Square::all().filter(|&s| on_board(s) && s != from && mine(s)) {
                    // ELD-511: never a Ghost stack (its unit is an enemy piece).
                    if self.frozen(s) || self.pos.extra.stacked_on(s).any(|u| u.color() != c) {
                        continue;
                    }
                    let ok = if self.kind(from) == PORTALKEEPER {
                        self.kind(s) != RIDDLE && !(checked && Some(s) == liege)
                    } else {
                        checked && Some(s) == liege
                    };
                    if ok {
                        out.push(inv(s, None, 0));
                    }
                }
            }
            _ => {}
        }
    }

    /// P(S) of ELD-080, written out again.
    fn promotions(&self, c: Color, promoter: u8) -> Vec<u8> {
        let pontiff = self.pos.board().pieces(c, PONTIFF).any();
        let mut v: Vec<u8> = [QUEEN, ROOK, BISHOP, KNIGHT]
            .into_iter()
            .filter(|&k| !(k == QUEEN && pontiff))
            .collect();
        for k in 6..KINDS as u8 {
            if self.pos.army_types(c) & (1u64 << k) == 0 || k == promoter {
                continue;
            }
            if matches!(k, ARCHMAGE | PONTIFF | VAMPIRE | BEAST | RIDDLE) {
                continue;
            }
            let cap = match k {
                CONJURER | DOPPELGANGER | ILLUSIONIST => 1,
                EVOKER => 3,
                OOZE => 6,
                _ => 99,
            };
            if (self.pos.board().pieces(c, k).count() as usize) + self.suborned(c, k) < cap {
                v.push(k);
            }
        }
        v
    }

    fn finish(&self, raw: Raw, out: &mut Vec<Move>) {
        let (from, to, pawn_move, param) = raw;
        let c = self.p(from).color();
        let k = self.kind(from);
        let kind = match param {
            2 => MoveKind::DoublePush,
            3 => MoveKind::EnPassant,
            _ => MoveKind::Normal,
        };
        if param == PARAM_ONE_SHOT {
            out.push(Move::build(
                Some(from),
                Some(to),
                MoveKind::Normal,
                None,
                PARAM_ONE_SHOT,
                0,
            ));
            return;
        }
        // ELD-374, ELD-802: promotion squares and the Pontiff's rank are on files a..h only.
        let board_file = (1..=8).contains(&to.col());
        let far = if !board_file {
            99
        } else if c == Color::White {
            8
        } else {
            1
        };
        let seventh = if !board_file {
            99
        } else if c == Color::White {
            7
        } else {
            2
        };
        let promoter = match k {
            PAWN | BERSERKER | LIGHTNING_BOLT => pawn_move,
            COURT_MAGICIAN => true,
            _ => false,
        };
        if k == INITIATE && to.row() == far {
            out.push(Move::new(from, to, kind));
            for p in [BISHOP, CELESTIAL, DRUID, SPHINX, VALKYRIE] {
                out.push(Move::with_piece(from, to, MoveKind::Promotion, p));
            }
        } else if promoter && to.row() == far {
            let ridden = self.pos.extra.stacked_on(from).next().is_some();
            for p in self
                .promotions(c, k)
                .into_iter()
                .filter(|&p| !(ridden && p == FAMILIAR))
            {
                out.push(Move::with_piece(from, to, MoveKind::Promotion, p));
            }
        } else {
            out.push(Move::new(from, to, kind));
            if promoter && to.row() == seventh && self.pos.board().pieces(c, PONTIFF).any() {
                // ELD-502 b after any pawn-type arrival, an en-passant capture included.
                out.push(if kind == MoveKind::EnPassant {
                    en_passant_bishop(from, to)
                } else {
                    Move::with_piece(from, to, MoveKind::Promotion, BISHOP)
                });
            }
        }
    }

    fn castles(&self, out: &mut Vec<Move>) {
        let c = self.pos.side;
        let row = if c == Color::White { 1 } else { 8 };
        for cf in 1..=8u8 {
            let cs = Square::new(cf, row);
            let q = self.p(cs);
            if q.is_none() || q.color() != c || !self.pos.is_virgin(cs) || self.frozen(cs) {
                continue;
            }
            if !matches!(q.kind(), KING | PONTIFF | VAMPIRE | DOPPELGANGER) {
                continue;
            }
            for rf in 1..=8u8 {
                let rs = Square::new(rf, row);
                let r = self.p(rs);
                if r.is_none()
                    || r.color() != c
                    || r.kind() != ROOK
                    || !self.pos.is_virgin(rs)
                    || self.frozen(rs)
                {
                    continue;
                }
                let (cd, rd) = if rf > cf { (7, 6) } else { (3, 4) };
                let lo = cf.min(rf);
                let hi = cf.max(rf);
                let clear = (1..=8u8).all(|f| {
                    let s = Square::new(f, row);
                    let needed = (f > lo && f < hi) || f == cd || f == rd;
                    !needed || self.p(s).is_none() || s == cs || s == rs
                });
                if !clear {
                    continue;
                }
                let liege = q.kind() != DOPPELGANGER;
                let immune = liege
                    && self.pos.options().shadowmancer == ShadowmancerMode::Immune
                    && self.pos.board().pieces(c, SHADOWMANCER).any();
                let safe = immune
                    || (cf.min(cd)..=cf.max(cd)).all(|f| {
                        let mut probe = self.pos.clone();
                        let moved = probe.board.remove(cs);
                        let s = Square::new(f, row);
                        if probe.piece_at(s).is_some() {
                            probe.board.remove(s);
                        }
                        probe.board.put(s, moved);
                        !attacked_ref(&probe, s, !c)
                    });
                if safe {
                    out.push(Move::new(cs, rs, MoveKind::Castle));
                }
            }
        }
    }
}

/// Placement options written from ELD-052/053/055 directly.
fn placement_options(pos: &Eldritch, out: &mut Vec<Move>) {
    let Some(p) = pos.placing() else { return };
    let c = pos.side;
    let first = if c == Color::White { 0 } else { 7 };
    let second = if c == Color::White { 1 } else { 6 };
    let third = if c == Color::White { 2 } else { 5 };
    let home = |k: u8| -> Vec<Square> {
        let files: &[u8] = match k {
            KING => &[4],
            QUEEN => &[3],
            ROOK => &[0, 7],
            KNIGHT => &[1, 6],
            BISHOP => &[2, 5],
            _ => &[0, 1, 2, 3, 4, 5, 6, 7],
        };
        let r = if k == PAWN { second } else { first };
        files.iter().map(|&f| Square::new(f + 1, r + 1)).collect()
    };
    let empty = |s: &Square| pos.piece_at(*s).is_none();
    let list = p.side(c);
    let withheld = |side: Color| p.side(side).iter().any(|u| u.kind == ILLUSIONIST);
    let std_pending = |side: Color| {
        p.side(side)
            .iter()
            .any(|u| u.kind < 6 && !(withheld(side) && (u.kind == QUEEN || u.kind == ROOK)))
    };
    let push = |out: &mut Vec<Move>, i: usize, k: u8, s: Square| {
        out.push(Move::build(
            None,
            Some(s),
            MoveKind::Placement,
            Some(k),
            i as u8,
            0,
        ))
    };
    if std_pending(Color::White) || std_pending(Color::Black) {
        for (i, u) in list.iter().enumerate() {
            if u.kind < 6 && !(withheld(c) && (u.kind == QUEEN || u.kind == ROOK)) {
                for s in home(u.kind).into_iter().filter(empty) {
                    push(out, i, u.kind, s);
                }
            }
        }
        return;
    }
    for (i, u) in list.iter().enumerate() {
        if u.kind < 6 || (withheld(c) && u.kind != ILLUSIONIST) {
            continue;
        }
        let mut homes: Vec<Square> = Vec::new();
        for k in 0..6u8 {
            if u.replaced[k as usize] > 0 {
                homes.extend(home(k));
            }
        }
        let mut squares: Vec<Square> = homes.into_iter().filter(empty).collect();
        if squares.is_empty() && u.kind != ILLUSIONIST {
            squares = (1..=8u8)
                .flat_map(|f| [Square::new(f, first + 1), Square::new(f, second + 1)])
                .filter(empty)
                .collect();
        }
        if squares.is_empty() && u.kind != ILLUSIONIST {
            let row: Vec<Square> = (1..=8u8)
                .map(|f| Square::new(f, third + 1))
                .filter(empty)
                .collect();
            let d = |s: &Square| (s.col() - 1).min(8 - s.col());
            let best = row.iter().map(d).min();
            squares = row.into_iter().filter(|s| Some(d(s)) == best).collect();
        }
        squares.sort();
        squares.dedup();
        for s in squares {
            if u.kind != ILLUSIONIST {
                push(out, i, u.kind, s);
                continue;
            }
            // ELD-055: one option per distinct arrangement of the group's rooks on a1/h1.
            let rooks: u8 = list
                .iter()
                .filter(|x| x.kind == ROOK)
                .map(|x| x.count)
                .sum();
            let rook_squares: Vec<Square> = home(ROOK)
                .into_iter()
                .filter(|r| *r != s && empty(r))
                .collect();
            let ext = |r: Square| r.index() as u32 + 1;
            let arrangements: Vec<u32> = if rooks == 1 && rook_squares.len() == 2 {
                rook_squares.into_iter().map(ext).collect()
            } else {
                vec![0]
            };
            for e in arrangements {
                out.push(Move::build(
                    None,
                    Some(s),
                    MoveKind::Placement,
                    Some(ILLUSIONIST),
                    i as u8,
                    e,
                ));
            }
        }
    }
}

fn generate(pos: &Eldritch, with_castles: bool) -> Vec<Move> {
    let outer = EXISTS.with(|e| e.replace(pos.frame()));
    let out = generate_here(pos, with_castles);
    EXISTS.with(|e| e.set(outer));
    out
}

fn generate_here(pos: &Eldritch, with_castles: bool) -> Vec<Move> {
    let mut out = Vec::new();
    if pos.is_placing() {
        placement_options(pos, &mut out);
        return out;
    }
    if let Some(head) = pos.reactions().first() {
        return reaction_options_ref(pos, head.clone());
    }
    if pos.bolt().is_none() && pos.returns_pending(pos.side) {
        let mut out = returns_ref(pos);
        out.extend(divines_ref(pos));
        return out;
    }
    let r = Ref { pos };
    let c = pos.side;
    if let Some(b) = pos.bolt() {
        // ELD-606, ELD-444: the Bolt's second action (no double step, no en passant) or pass.
        let mut raw = Vec::new();
        let mut done = Vec::new();
        if !r.frozen(b) {
            r.piece(b, &mut raw, &mut done);
        }
        for m in raw.into_iter().filter(|m| m.3 != 2 && m.3 != 3) {
            r.finish(m, &mut out);
        }
        out.push(Move::build(None, None, MoveKind::Pass, None, 0, 0));
        return out;
    }
    for s in Square::all() {
        if !on_board(s) || r.p(s).is_none() || r.p(s).color() != c {
            continue;
        }
        r.invokes(s, with_castles, &mut out);
        if r.frozen(s) {
            continue;
        }
        let mut raw = Vec::new();
        let mut done = Vec::new();
        r.piece(s, &mut raw, &mut done);
        for m in raw {
            r.finish(m, &mut out);
        }
        out.extend(done);
    }
    if with_castles {
        r.castles(&mut out);
        out.extend(divines_ref(pos));
    }
    let mut seen = std::collections::HashSet::new();
    out.retain(|m| seen.insert(m.raw()));
    out
}

/// ELD-271, ELD-274 from scratch: at the first decision of a turn that follows an opponent's
/// turn with an action, each Diviner of the side to move whose removal from that turn's start
/// leaves none of its check-bearers attacked.
fn divines_ref(pos: &Eldritch) -> Vec<Move> {
    let Some((start, _)) = pos.undo_record() else {
        return Vec::new();
    };
    if pos.returned || !pos.reactions().is_empty() || pos.bolt().is_some() {
        return Vec::new();
    }
    let us = pos.side;
    let mut out = Vec::new();
    for d in Square::all().filter(|&s| on_board(s)) {
        if pos.piece_at(d) != Piece::new(us, DIVINER) {
            continue;
        }
        let mut restored = start.clone();
        restored.board.remove(d);
        restored.extra.take_stack(d);
        let safe = bearers(&restored, us)
            .into_iter()
            .all(|b| !attacked_ref(&restored, b, !us));
        if safe {
            out.push(Move::build(Some(d), Some(d), MoveKind::Invoke, None, 0, 0));
        }
    }
    out
}

/// ELD-412 from scratch: every pending Highlander on each empty square of the nearest rank
/// (from the owner's first) that has one, in both forms at b/r.
fn returns_ref(pos: &Eldritch) -> Vec<Move> {
    let c = pos.side;
    // ELD-801: the first rank with its frame squares, then onwards, rank 9 (0) last.
    let rows: Vec<u8> = if c == Color::White {
        (1..=9).collect()
    } else {
        (0..=8).rev().collect()
    };
    let Some(squares) = rows
        .into_iter()
        .map(|row| {
            (0..=9)
                .map(|col| Square::new(col, row))
                .filter(|&s| on_board(s) && pos.piece_at(s).is_none())
                .collect::<Vec<_>>()
        })
        .find(|v| !v.is_empty())
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (stage, royal, _) in pos.pending_returns(c) {
        let forms: &[u8] = match stage {
            1 => &[1, 2],
            2 => &[3],
            _ => &[4],
        };
        for &to in &squares {
            for &f in forms {
                out.push(Move::build(
                    None,
                    Some(to),
                    MoveKind::Placement,
                    Some(HIGHLANDER),
                    f | if royal { 8 } else { 0 },
                    0,
                ));
            }
        }
    }
    out
}

/// ELD-241, ELD-462, ELD-463 from scratch. An impossible reaction has no options at all: the
/// fast generator never stops at one, so a disagreement shows as a count difference.
fn reaction_options_ref(pos: &Eldritch, head: Reaction) -> Vec<Move> {
    let mover = pos.mover();
    // The position as the reacting player's next action would see it: Blocks restrict only
    // the mover (ELD-612, ELD-791).
    let as_next = |who: Color| {
        let mut probe = pos.clone();
        probe.react.clear();
        probe.bolt = None;
        probe.ep = None;
        if who != mover {
            probe.blocks = crate::bitboard::Bitboard::EMPTY;
        }
        probe.side = who;
        probe
    };
    let mut out = Vec::new();
    match head {
        // ELD-385: each empty square next to the stack's square; no decline.
        Reaction::Release { at: sq, .. } => {
            for (dx, dy) in Ref::KING {
                if let Some(t) = at(sq, dx, dy) {
                    if pos.piece_at(t).is_none() {
                        out.push(Move::build(None, Some(t), MoveKind::Decision, None, 3, 0));
                    }
                }
            }
            return out;
        }
        Reaction::Celestial { owner } => {
            for s in Square::all().filter(|&s| on_board(s)) {
                if pos.piece_at(s) != Piece::new(owner, PAWN) {
                    continue;
                }
                let mut probe = as_next(owner);
                probe.board.remove(s);
                probe.board.put(s, Piece::new(owner, KNIGHT));
                let r = Ref { pos: &probe };
                let mut raw = Vec::new();
                let mut done = Vec::new();
                if !r.frozen(s) {
                    r.piece(s, &mut raw, &mut done);
                }
                let captures = raw.iter().any(|m| {
                    let mv = Move::new(m.0, m.1, MoveKind::Normal);
                    probe.piece_at(m.1).is_some() && !breaks_block_ref(&probe, mv)
                });
                if !captures {
                    out.push(Move::build(
                        None,
                        Some(s),
                        MoveKind::Decision,
                        Some(KNIGHT),
                        1,
                        0,
                    ));
                }
            }
        }
        Reaction::Mystic {
            owner,
            start,
            royal,
        } => {
            let v = pos.piece_at(start);
            let stack = pos.extra.stacked_on(start).next().is_some();
            let blocked = owner == mover && pos.blocking().contains(start);
            let takeable = v.is_none()
                || !(stack
                    || blocked
                    || Ref::is_liege(v.kind())
                    || matches!(v.kind(), DOPPELGANGER | OOZE)
                    || (v.kind() == ABJURER && !royal));
            // ELD-463: no check-bearer of the mover newly in check.
            let before = as_next(mover);
            let mut after = as_next(mover);
            if v.is_some() {
                if v.kind() == BEAST {
                    // ELD-303: its linked Druid goes with it.
                    if let Some(d) = pos.link_of(start) {
                        after.board.remove(d);
                    }
                }
                after.board.remove(start);
            }
            after.board.put(start, Piece::new(owner, MYSTIC));
            let newly = bearers(&after, mover)
                .into_iter()
                .any(|b| attacked_ref(&after, b, !mover) && !attacked_ref(&before, b, !mover));
            if takeable && !newly {
                out.push(Move::build(
                    None,
                    Some(start),
                    MoveKind::Decision,
                    Some(MYSTIC),
                    2,
                    0,
                ));
            }
        }
    }
    if !out.is_empty() {
        out.push(Move::build(None, None, MoveKind::Pass, None, 0, 0));
    }
    out
}

/// The square a move captures on, if any (ignoring the blast, the Fiend's pawns and the
/// Miasma). `generate(_, false)` lists only the Evoker's invoke, a capture on its `to`.
fn captured_square(pos: &Eldritch, m: Move) -> Option<Square> {
    match m.kind() {
        MoveKind::Invoke => Some(m.to()),
        MoveKind::EnPassant => m.to().offset(0, fwd(!pos.side)),
        MoveKind::Promotion if m.param() == 2 => m.to().offset(0, fwd(!pos.side)),
        MoveKind::Castle | MoveKind::Placement => None,
        _ if pos.piece_at(m.from()).kind() == DRAGON && m.param() != 0 => {
            Some(Square::from_index(m.param()))
        }
        _ => Some(m.to()).filter(|t| pos.piece_at(*t).is_some()),
    }
}

/// ELD-612 by brute force: side `by` has a capture (as its next action) of the piece on `s`.
/// The position's Blocks restrict `by` only if `by` is to move.
fn attacked_ref(pos: &Eldritch, s: Square, by: Color) -> bool {
    let mut probe = pos.clone();
    if by != pos.side {
        probe.blocks = crate::bitboard::Bitboard::EMPTY;
    }
    probe.bolt = None; // ELD-612 ignores second Lightning Bolt actions
    probe.react.clear(); // and reactions
    probe.hl = [[0; 8]; 2]; // pending returns are not captures
    probe.returned = false;
    probe.side = by;
    probe.ep = None;
    probe.placing = None;
    generate(&probe, false)
        .into_iter()
        .any(|m| captured_square(&probe, m) == Some(s) && !breaks_block_ref(&probe, m))
}

/// ELD-222 b (and ELD-OPT-1) from scratch: the action relocates a piece of the side to move
/// onto (or from) a square next to a Barricade blocking against it.
fn breaks_block_ref(pos: &Eldritch, m: Move) -> bool {
    let blocks: Vec<Square> = pos.blocking().into_iter().collect();
    if blocks.is_empty() {
        return false;
    }
    let next_to = |s: Square| {
        blocks.iter().any(|b| {
            let (dx, dy) = (s.col() as i8 - b.col() as i8, s.row() as i8 - b.row() as i8);
            dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0)
        })
    };
    let moved: Vec<(Square, Square)> = match m.kind() {
        MoveKind::Placement => vec![],
        MoveKind::Castle => {
            let row = m.from().row();
            let king_side = m.to().col() > m.from().col();
            let (c, r) = if king_side { (7, 6) } else { (3, 4) };
            vec![
                (m.from(), Square::new(c, row)),
                (m.to(), Square::new(r, row)),
            ]
        }
        MoveKind::Invoke => match pos.piece_at(m.from()).kind() {
            GIANT => vec![(Square::from_index(m.param()), m.to())],
            PORTALKEEPER | SHIELDMAIDEN => vec![(m.from(), m.to()), (m.to(), m.from())],
            _ => vec![],
        },
        _ => vec![(m.from(), m.to())],
    };
    let onto = pos.options().block_adjacency == BlockAdjacency::Onto;
    moved
        .iter()
        .any(|&(from, to)| next_to(if onto { to } else { from }))
}

fn bearers(pos: &Eldritch, c: Color) -> Vec<Square> {
    Square::all()
        .filter(|&s| {
            let p = pos.piece_at(s);
            p.is_some()
                && p.color() == c
                && matches!(p.kind(), KING | ARCHMAGE | PONTIFF | VAMPIRE | DOPPELGANGER)
        })
        .collect()
}

/// The legal set by ELD-613, from scratch.
fn legal_set(pos: &Eldritch) -> Vec<Move> {
    let all = generate(pos, true);
    if pos.is_placing() {
        return all;
    }
    if Color::BOTH.iter().any(|&c| bearers(pos, c).is_empty()) {
        return Vec::new();
    }
    if !pos.reactions().is_empty() || (pos.bolt().is_none() && pos.returns_pending(pos.side)) {
        // ELD-613: reactions are limited only by ELD-463, checked above; returns never expose
        // a check-bearer.
        return all;
    }
    let us = pos.side;
    let n = bearers(pos, us).len();
    let mut l1 = Vec::new();
    let mut l2 = Vec::new();
    let divine = |m: &Move| {
        m.kind() == MoveKind::Invoke
            && m.from() == m.to()
            && pos.piece_at(m.from()).kind() == DIVINER
    };
    let divines: Vec<Move> = all.iter().copied().filter(divine).collect();
    for m in all.into_iter().filter(|m| !divine(m)) {
        // ELD-273: a banned first action is not admissible (ELD-613 c).
        if pos.bolt().is_none() && pos.banned().contains(&pos.format_move(m)) {
            continue;
        }
        if m.kind() == MoveKind::Pass {
            l1.push(m); // ELD-613: pass is admissible and changes nothing
            continue;
        }
        if breaks_block_ref(pos, m) {
            continue;
        }
        let mut child = pos.clone();
        child.play(m);
        let mine = bearers(&child, us);
        if mine.len() < n {
            continue;
        }
        let swap = m.kind() == MoveKind::Invoke && pos.piece_at(m.from()).kind() == SHIELDMAIDEN;
        if swap
            && mine
                .iter()
                .any(|&s| Ref::is_liege(child.piece_at(s).kind()) && attacked_ref(&child, s, !us))
        {
            continue; // ELD-541: the liege must be out of check afterwards
        }
        if pos.options().shadowmancer == ShadowmancerMode::Forbid {
            let theirs = bearers(&child, !us);
            let protected = theirs.iter().any(|&s| {
                Ref::is_liege(child.piece_at(s).kind())
                    && child.board().pieces(!us, SHADOWMANCER).any()
                    && attacked_ref(&child, s, us)
            });
            if protected {
                continue;
            }
        }
        let checked = mine
            .iter()
            .filter(|&&s| attacked_ref(&child, s, !us))
            .count();
        if checked == 0 {
            l1.push(m);
        } else if checked < mine.len() {
            l2.push(m);
        }
    }
    let legal = if l1.is_empty() { l2 } else { l1 };
    let mut legal = without_shadowed(pos, legal);
    legal.extend(divines); // ELD-274 is their own test, made when generated
    legal
}

/// ELD-231 (and the Illusionist ruling): a Berserker's or Illusionist's other move to a square
/// where one of its pawn-type moves is legal is that pawn-type move, so it is not an option.
fn without_shadowed(pos: &Eldritch, legal: Vec<Move>) -> Vec<Move> {
    let r = Ref { pos };
    let pawn_moves_of = |from: Square| {
        let mut raw = Vec::new();
        r.pawn(from, true, &mut raw);
        let mut moves = Vec::new();
        for m in raw {
            r.finish(m, &mut moves);
        }
        moves
    };
    let keep = |m: &Move| {
        // An invoke is never a displacement of the piece on its square (a Familiar leaving an
        // Illusionist it rides is the Familiar's action).
        if m.from_opt().is_none()
            || m.kind() == MoveKind::Invoke
            || !matches!(r.kind(m.from()), BERSERKER | ILLUSIONIST)
        {
            return true;
        }
        let pawn = pawn_moves_of(m.from());
        pawn.contains(m)
            || !legal
                .iter()
                .any(|l| l.from() == m.from() && l.to() == m.to() && pawn.contains(l))
    };
    legal.iter().copied().filter(keep).collect()
}

impl Reference for Eldritch {
    fn recompute_hash(&self) -> u64 {
        // The history term is not incremental: it is computed afresh either way.
        self.board.recompute_hash()
            ^ self.extra.recompute_hash()
            ^ self.state_key()
            ^ self.history_key()
    }

    fn generate_pseudo_legal(&self, list: &mut MoveList) {
        list.extend(generate(self, true));
    }

    fn is_legal_pseudo(&self, mv: Move) -> bool {
        // perft asks about every pseudo-legal move of one position in turn: keep its legal set.
        thread_local! {
            static CACHE: std::cell::RefCell<Option<(String, Vec<Move>)>> = const { std::cell::RefCell::new(None) };
        }
        // The hash tells apart positions with one FEN and different pasts (a Divine's record).
        let key = format!("{:?} {} {:x}", self.options(), self.to_fen(), self.hash());
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            if cache.as_ref().map(|(k, _)| k != &key).unwrap_or(true) {
                *cache = Some((key, legal_set(self)));
            }
            cache.as_ref().is_some_and(|(_, set)| set.contains(&mv))
        })
    }
}
