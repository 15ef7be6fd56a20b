//! A deliberately simple second move generator for ArchMage, written from the rules text alone
//! (`shared/rules/archmage.md`) on a plain 10x10 mailbox with (file, rank) coordinates. It
//! shares no movement data (beyond the eight compass directions of `crate::tables`) or attack
//! code with the fast generator: every piece's moves are
//! walked square by square as the rulings describe them, check is "some enemy capture reaches
//! the King" (ARC-80), and legality is play-and-look (ARC-81). Perft through it cross-checks
//! the fast generator.

use super::*;
use crate::rules::Reference;

use crate::mailbox::Coord;

type Mailbox = crate::mailbox::Mailbox<10>;

use crate::tables::{DIAGONAL, DIRECTIONS as LINES, ORTHOGONAL};

fn inside(c: Coord) -> bool {
    (0..10).contains(&c.0) && (0..10).contains(&c.1)
}

fn add(a: Coord, b: Coord) -> Coord {
    (a.0 + b.0, a.1 + b.1)
}

fn square_of(c: Coord) -> Square {
    sq(c.0 as u8, c.1 as u8)
}

fn coord_of(s: Square) -> Coord {
    (s.col() as i8, s.row() as i8)
}

fn forward(color: Color) -> i8 {
    if color == Color::White {
        1
    } else {
        -1
    }
}

/// ARC-2: relative rank 1..=10.
fn relative_rank(color: Color, c: Coord) -> i8 {
    if color == Color::White {
        c.1 + 1
    } else {
        10 - c.1
    }
}

/// All offsets (a, b), (b, a) with every sign.
fn symmetric(a: i8, b: i8) -> Vec<Coord> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                if !v.contains(&(x * sx, y * sy)) {
                    v.push((x * sx, y * sy));
                }
            }
        }
    }
    v
}

impl Mailbox {
    /// Leaps to the given offsets, whatever stands between (ARC-11).
    fn leaps(&self, from: Coord, offsets: &[Coord], out: &mut Vec<Coord>) {
        for &o in offsets {
            let to = add(from, o);
            if inside(to) {
                out.push(to);
            }
        }
    }

    /// Slides along `dirs`, up to and including the first occupied square (ARC-11).
    fn slides(&self, from: Coord, dirs: &[Coord], out: &mut Vec<Coord>) {
        for &d in dirs {
            let mut c = add(from, d);
            while inside(c) {
                out.push(c);
                if self.get(c).is_some() {
                    break;
                }
                c = add(c, d);
            }
        }
    }

    /// The bent rider's squares (ARC-44..46): a first step along each of `first`, attacked
    /// whatever stands there; from an empty first square, slides along the two directions
    /// that have the first step as a component.
    fn bent(&self, from: Coord, first: &[Coord], out: &mut Vec<Coord>) {
        for &o in first {
            let s1 = add(from, o);
            if !inside(s1) {
                continue;
            }
            out.push(s1);
            if self.get(s1).is_some() {
                continue;
            }
            let continuations: Vec<Coord> = if o.0 == 0 || o.1 == 0 {
                // Manticore: the two diagonals containing the orthogonal step.
                if o.0 == 0 {
                    vec![(1, o.1), (-1, o.1)]
                } else {
                    vec![(o.0, 1), (o.0, -1)]
                }
            } else {
                // Griffon: the two orthogonal parts of the diagonal step.
                vec![(o.0, 0), (0, o.1)]
            };
            self.slides(s1, &continuations, out);
        }
    }

    /// The squares the piece on `from` could capture on (ARC-80), each listed at least once.
    fn capture_squares(&self, from: Coord) -> Vec<Coord> {
        let (color, kind) = self.get(from).expect("a piece");
        let mut out = Vec::new();
        let king = LINES;
        let knight = symmetric(2, 1);
        match kind {
            PAWN => self.leaps(from, &[(-1, forward(color)), (1, forward(color))], &mut out),
            KING | PRINCE => self.leaps(from, &king, &mut out),
            QUEEN => self.slides(from, &LINES, &mut out),
            ROOK => self.slides(from, &ORTHOGONAL, &mut out),
            BISHOP => self.slides(from, &DIAGONAL, &mut out),
            ARCHMAGE => {
                // ARC-29: distance 1..3 on each line always; further only over empty squares.
                for d in LINES {
                    for k in 1..10i8 {
                        let c = (from.0 + k * d.0, from.1 + k * d.1);
                        if !inside(c) {
                            break;
                        }
                        let clear = (1..k)
                            .all(|j| self.get((from.0 + j * d.0, from.1 + j * d.1)).is_none());
                        if k <= 3 || clear {
                            out.push(c);
                        }
                    }
                }
                self.leaps(from, &knight, &mut out);
            }
            MAGE | LION => {
                for dx in -2..=2i8 {
                    for dy in -2..=2i8 {
                        if (dx, dy) != (0, 0) {
                            self.leaps(from, &[(dx, dy)], &mut out);
                        }
                    }
                }
            }
            SORCERESS => {
                for d in LINES {
                    for k in 1..=3 {
                        self.leaps(from, &[(k * d.0, k * d.1)], &mut out);
                    }
                }
            }
            PHOENIX => {
                self.leaps(from, &ORTHOGONAL, &mut out);
                self.leaps(from, &symmetric(2, 2), &mut out);
            }
            AMAZON => {
                self.slides(from, &LINES, &mut out);
                self.leaps(from, &knight, &mut out);
            }
            ARCHBISHOP => {
                self.slides(from, &DIAGONAL, &mut out);
                self.leaps(from, &knight, &mut out);
            }
            CHANCELLOR => {
                self.slides(from, &ORTHOGONAL, &mut out);
                self.leaps(from, &knight, &mut out);
            }
            CENTAUR => {
                self.leaps(from, &king, &mut out);
                self.leaps(from, &knight, &mut out);
            }
            BUFFALO => {
                for (a, b) in [(2, 1), (3, 1), (3, 2)] {
                    self.leaps(from, &symmetric(a, b), &mut out);
                }
            }
            DRAGON_KING => {
                self.slides(from, &ORTHOGONAL, &mut out);
                self.leaps(from, &DIAGONAL, &mut out);
            }
            DRAGON_HORSE => {
                self.slides(from, &DIAGONAL, &mut out);
                self.leaps(from, &ORTHOGONAL, &mut out);
            }
            MANTICORE => self.bent(from, &ORTHOGONAL, &mut out),
            GRIFFON => self.bent(from, &DIAGONAL, &mut out),
            _ => unreachable!("kind {kind}"),
        }
        out
    }

    /// ARC-80: some piece of `by` could capture on `target`.
    fn attacked(&self, target: Coord, by: Color) -> bool {
        Self::coords().any(|c| {
            matches!(self.get(c), Some((col, _)) if col == by)
                && self.capture_squares(c).contains(&target)
        })
    }

    fn king_of(&self, color: Color) -> Coord {
        Self::coords()
            .find(|&c| self.get(c) == Some((color, KING)))
            .expect("each side has a King")
    }
}

fn is_promoting(kind: u8) -> bool {
    matches!(
        kind,
        PAWN | MAGE | SORCERESS | PHOENIX | CENTAUR | BISHOP | ROOK | PRINCE
    )
}

/// ARC-47: the promotion choices of a kind.
fn promotion_choices(kind: u8) -> Vec<u8> {
    match kind {
        PAWN | MAGE | SORCERESS => vec![ARCHMAGE],
        PHOENIX | CENTAUR => vec![LION],
        BISHOP => vec![ARCHBISHOP],
        ROOK => vec![CHANCELLOR],
        PRINCE => vec![AMAZON, LION, MANTICORE, GRIFFON],
        _ => vec![],
    }
}

fn summoner(kind: u8) -> bool {
    matches!(kind, ARCHMAGE | MAGE | SORCERESS)
}

/// An ordinary move to `to`, promoting where ARC-47 says so.
fn push_move(out: &mut MoveList, color: Color, kind: u8, from: Coord, to: Coord, mk: MoveKind) {
    let (f, t) = (square_of(from), square_of(to));
    if relative_rank(color, to) == 10 && is_promoting(kind) {
        for k in promotion_choices(kind) {
            out.push(Move::with_piece(f, t, MoveKind::Promotion, k));
        }
    } else {
        out.push(Move::new(f, t, mk));
    }
}

/// ARC-71 conditions 1..3 (4..6 are checked by [`is_legal`]).
fn castling_candidates(pos: &ArchMage, mb: &Mailbox, king: Coord, out: &mut MoveList) {
    let us = pos.side;
    let rank = if us == Color::White { 0 } else { 9 };
    if king != (5, rank) {
        return;
    }
    let sides = if us == Color::White {
        [(WHITE_ISIDE, 8i8, 7i8), (WHITE_BSIDE, 1, 3)]
    } else {
        [(BLACK_ISIDE, 8, 7), (BLACK_BSIDE, 1, 3)]
    };
    for (right, rook_file, king_to_file) in sides {
        if pos.castling & right == 0 || mb.get((rook_file, rank)) != Some((us, ROOK)) {
            continue;
        }
        let (lo, hi) = (rook_file.min(5) + 1, rook_file.max(5));
        if (lo..hi).all(|f| mb.get((f, rank)).is_none()) {
            out.push(Move::new(
                square_of(king),
                square_of((king_to_file, rank)),
                MoveKind::Castle,
            ));
        }
    }
}

/// ARC-51..56: every friendly non-King partner within distance 3; an unordered pair, so a
/// summoner–summoner switch is listed once, from the square with the smaller index.
fn switches(pos: &ArchMage, mb: &Mailbox, s: Coord, kind: u8, out: &mut MoveList) {
    let us = pos.side;
    for dx in -3..=3i8 {
        for dy in -3..=3i8 {
            let p = (s.0 + dx, s.1 + dy);
            if (dx, dy) == (0, 0) || !inside(p) {
                continue;
            }
            let Some((c, pk)) = mb.get(p) else {
                continue;
            };
            if c != us || pk == KING {
                continue;
            }
            if !pos.options.same_type_switch && pk == kind {
                continue;
            }
            if summoner(pk) && square_of(p).index() < square_of(s).index() {
                continue;
            }
            // After the exchange: the summoner on p, the partner on s (ARC-56).
            let mut choices = Vec::new();
            if relative_rank(us, p) == 10 && is_promoting(kind) {
                choices = promotion_choices(kind);
            }
            if relative_rank(us, s) == 10 && is_promoting(pk) {
                choices = promotion_choices(pk);
            }
            if choices.is_empty() {
                out.push(Move::new(square_of(s), square_of(p), MoveKind::Switch));
            }
            for k in choices {
                out.push(Move::with_piece(
                    square_of(s),
                    square_of(p),
                    MoveKind::Switch,
                    k,
                ));
            }
        }
    }
}

/// ARC-61: each Dragon type in hand onto each empty square next to an own summoner.
fn drops(pos: &ArchMage, mb: &Mailbox, out: &mut MoveList) {
    let us = pos.side;
    for kind in [DRAGON_KING, DRAGON_HORSE] {
        if pos.hand_count(us, kind) == 0 {
            continue;
        }
        for c in Mailbox::coords() {
            if mb.get(c).is_some() {
                continue;
            }
            let next_to_summoner = LINES.iter().any(|&d| {
                let n = add(c, d);
                inside(n) && matches!(mb.get(n), Some((col, k)) if col == us && summoner(k))
            });
            if next_to_summoner {
                out.push(Move::drop(kind, square_of(c)));
            }
        }
    }
}

/// The mailbox after a pseudo-legal action (ARC-81: fully carried out).
fn after(pos: &ArchMage, mb: &Mailbox, mv: Move) -> Mailbox {
    let mut next = mb.clone();
    let us = pos.side;
    let to = coord_of(mv.to());
    match mv.kind() {
        MoveKind::Drop => next.set(to, Some((us, mv.piece_kind().expect("dragon")))),
        MoveKind::Switch => {
            let from = coord_of(mv.from());
            let (a, b) = (mb.get(from), mb.get(to));
            next.set(from, b);
            next.set(to, a);
            if let Some(k) = mv.piece_kind() {
                for c in [from, to] {
                    if let Some((col, kind)) = next.get(c) {
                        if relative_rank(col, c) == 10 && is_promoting(kind) {
                            next.set(c, Some((col, k)));
                        }
                    }
                }
            }
        }
        MoveKind::Castle => {
            let from = coord_of(mv.from());
            let (rook_from, rook_to) = if to.0 == 7 { (8, 6) } else { (1, 4) };
            next.set(from, None);
            next.set(to, Some((us, KING)));
            next.set((rook_from, to.1), None);
            next.set((rook_to, to.1), Some((us, ROOK)));
        }
        MoveKind::EnPassant => {
            let from = coord_of(mv.from());
            next.set((to.0, from.1), None);
            next.set(from, None);
            next.set(to, Some((us, PAWN)));
        }
        _ => {
            let from = coord_of(mv.from());
            let piece = mb.get(from).expect("a mover");
            let kind = mv.piece_kind().unwrap_or(piece.1);
            next.set(from, None);
            next.set(to, Some((us, kind)));
        }
    }
    next
}

impl Reference for ArchMage {
    fn recompute_hash(&self) -> u64 {
        let mut h =
            self.board.recompute_hash() ^ KEYS.fide_state(self.side, self.castling, self.ep);
        for c in Color::BOTH {
            for slot in 0..2 {
                h ^= hand_key(c, slot, self.hands[c.index()][slot]);
            }
        }
        h
    }

    fn generate_pseudo_legal(&self, out: &mut MoveList) {
        let mb = Mailbox::of(&self.board, Geometry::Board10);
        let us = self.side;
        for from in Mailbox::coords() {
            let Some((color, kind)) = mb.get(from) else {
                continue;
            };
            if color != us {
                continue;
            }
            if kind == PAWN {
                let fw = forward(us);
                let one = (from.0, from.1 + fw);
                if inside(one) && mb.get(one).is_none() {
                    push_move(out, us, kind, from, one, MoveKind::Normal);
                    let two = (from.0, from.1 + 2 * fw);
                    if relative_rank(us, from) <= 3 && inside(two) && mb.get(two).is_none() {
                        push_move(out, us, kind, from, two, MoveKind::DoublePush);
                    }
                }
                for dx in [-1, 1] {
                    let to = (from.0 + dx, from.1 + fw);
                    if !inside(to) {
                        continue;
                    }
                    match mb.get(to) {
                        Some((c, _)) if c != us => {
                            push_move(out, us, kind, from, to, MoveKind::Normal)
                        }
                        None if self.ep == Some(square_of(to)) => out.push(Move::new(
                            square_of(from),
                            square_of(to),
                            MoveKind::EnPassant,
                        )),
                        _ => {}
                    }
                }
                continue;
            }
            let mut targets = mb.capture_squares(from);
            targets.sort();
            targets.dedup();
            for to in targets {
                if !matches!(mb.get(to), Some((c, _)) if c == us) {
                    push_move(out, us, kind, from, to, MoveKind::Normal);
                }
            }
            if kind == PRINCE {
                // ARC-35 (b), ARC-E1: two squares straight, never capturing.
                for d in ORTHOGONAL {
                    let mid = add(from, d);
                    let to = add(mid, d);
                    if inside(to)
                        && mb.get(to).is_none()
                        && (self.options.prince_double_step_leap || mb.get(mid).is_none())
                    {
                        push_move(out, us, kind, from, to, MoveKind::Normal);
                    }
                }
            }
            if kind == KING {
                castling_candidates(self, &mb, from, out);
            }
            if summoner(kind) {
                switches(self, &mb, from, kind, out);
            }
        }
        drops(self, &mb, out);
    }

    /// Play and look (ARC-81); castling also needs ARC-71 conditions 4 and 5 before it.
    fn is_legal_pseudo(&self, mv: Move) -> bool {
        let mb = Mailbox::of(&self.board, Geometry::Board10);
        let us = self.side;
        if mv.kind() == MoveKind::Castle {
            let king = coord_of(mv.from());
            let to = coord_of(mv.to());
            let crossed = ((king.0 + to.0) / 2, king.1);
            if mb.attacked(king, !us) || mb.attacked(crossed, !us) {
                return false;
            }
        }
        let next = after(self, &mb, mv);
        !next.attacked(next.king_of(us), !us)
    }
}
