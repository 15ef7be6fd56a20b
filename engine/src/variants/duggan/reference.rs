//! A deliberately simple second move generator for Duggan, written from the rules text alone
//! (`shared/rules/duggan.md`) on a plain 8x8 mailbox with (file, rank) coordinates. It shares no
//! attack code with the fast generator: "can capture" (DUG-40), the threatened fixed point
//! (DUG-41, computed literally by repeated marking), defence (DUG-42) and check (DUG-43) are
//! all walked square by square. Legality is play-and-look. Perft through it cross-checks the
//! fast generator.

use super::*;
use crate::rules::Reference;

use crate::mailbox::Coord;

/// The placement as an 8x8 array.
type Mailbox = crate::mailbox::Mailbox<8>;

use super::tables::GOLEM_VECTORS as GOLEM_LEAPS;
use crate::tables::{DIAGONAL, DIRECTIONS as KING_STEPS, ORTHOGONAL};

fn inside(c: Coord) -> bool {
    (0..8).contains(&c.0) && (0..8).contains(&c.1)
}

fn square_of(c: Coord) -> Square {
    sq(c.0 as u8, c.1 as u8)
}

fn forward(color: Color) -> i8 {
    if color == Color::White {
        1
    } else {
        -1
    }
}

impl Mailbox {
    /// The Golem's path for a vector: every square strictly between origin and destination.
    fn golem_path(from: Coord, v: Coord) -> impl Iterator<Item = Coord> {
        let steps = v.0.abs().max(v.1.abs());
        (1..steps).map(move |k| (from.0 + v.0.signum() * k, from.1 + v.1.signum() * k))
    }

    /// DUG-13: the vector is usable: destination on the board, and no Golem of either side and
    /// not the Golem's own Adept on its path or destination.
    fn golem_vector_usable(&self, from: Coord, v: Coord, color: Color) -> bool {
        let dest = (from.0 + v.0, from.1 + v.1);
        if !inside(dest) {
            return false;
        }
        Self::golem_path(from, v)
            .chain(std::iter::once(dest))
            .all(|s| match self.get(s) {
                Some((_, GOLEM)) => false,
                Some((c, ADEPT)) if c == color => false,
                _ => true,
            })
    }

    /// The Archer's two-leg routes (DUG-25): first leg `n` squares along `d1`, second leg `n`
    /// squares along a direction `d2` perpendicular to it: `(d1, d2, n)` for every choice.
    fn archer_routes() -> impl Iterator<Item = (Coord, Coord, i8)> {
        KING_STEPS.into_iter().flat_map(|d1| {
            [(-d1.1, d1.0), (d1.1, -d1.0)]
                .into_iter()
                .flat_map(move |d2| (1..=7).map(move |n| (d1, d2, n)))
        })
    }

    /// The destination of an Archer route from `from`.
    fn archer_dest(from: Coord, (d1, d2, n): (Coord, Coord, i8)) -> Coord {
        (from.0 + n * (d1.0 + d2.0), from.1 + n * (d1.1 + d2.1))
    }

    /// DUG-26: the route's path (all n squares of the first leg, turning square included, and
    /// the first n-1 squares of the second leg) is on the board and empty.
    fn archer_route_clear(&self, from: Coord, (d1, d2, n): (Coord, Coord, i8)) -> bool {
        let turn = (from.0 + n * d1.0, from.1 + n * d1.1);
        let first = (1..=n).map(|k| (from.0 + k * d1.0, from.1 + k * d1.1));
        let second = (1..n).map(|k| (turn.0 + k * d2.0, turn.1 + k * d2.1));
        first
            .chain(second)
            .all(|s| inside(s) && self.get(s).is_none())
    }

    /// DUG-40 (e): piece P on `p` reaches `x`. `threatened` marks Mercenaries known threatened.
    fn reaches(&self, p: Coord, x: Coord, threatened: &[[bool; 8]; 8]) -> bool {
        let Some((color, kind)) = self.get(p) else {
            return false;
        };
        let d = (x.0 - p.0, x.1 - p.1);
        let adjacent = d != (0, 0) && d.0.abs() <= 1 && d.1.abs() <= 1;
        match kind {
            GOLEM => GOLEM_LEAPS.iter().any(|&v| {
                if !self.golem_vector_usable(p, v, color) {
                    return false;
                }
                let dest = (p.0 + v.0, p.1 + v.1);
                dest == x || (self.get(dest).is_some() && Self::golem_path(p, v).any(|s| s == x))
            }),
            MERCENARY => {
                threatened[p.0 as usize][p.1 as usize]
                    && (d == (-1, 0) || d == (1, 0) || d == (0, forward(color)))
            }
            COMMANDER => adjacent && (d.0 == 0 || d.1 == 0),
            ASSASSIN | ADEPT => adjacent,
            ARCHER => Self::archer_routes()
                .any(|r| Self::archer_dest(p, r) == x && self.archer_route_clear(p, r)),
            BISHOP => DIAGONAL.iter().any(|&dir| {
                let mut cur = (p.0 + dir.0, p.1 + dir.1);
                while inside(cur) {
                    if cur == x {
                        return true;
                    }
                    if self.get(cur).is_some() {
                        return false;
                    }
                    cur = (cur.0 + dir.0, cur.1 + dir.1);
                }
                false
            }),
            _ => false,
        }
    }

    /// DUG-40: piece P on `p` can capture the piece Q on `q`.
    fn can_capture(&self, p: Coord, q: Coord, threatened: &[[bool; 8]; 8]) -> bool {
        let (Some((pc, pk)), Some((qc, qk))) = (self.get(p), self.get(q)) else {
            return false;
        };
        p != q
            && (qc != pc || pk == GOLEM)
            && (qk != GOLEM || matches!(pk, MERCENARY | COMMANDER | ADEPT))
            && !(pk == GOLEM && qc == pc && qk == ADEPT)
            && self.reaches(p, q, threatened)
    }

    /// DUG-41: the threatened Mercenaries, by the least fixed point: start with none, mark
    /// every Mercenary some piece can capture, repeat until nothing changes.
    fn threatened(&self) -> [[bool; 8]; 8] {
        let mut marked = [[false; 8]; 8];
        loop {
            let mut changed = false;
            for q in Mailbox::coords() {
                if marked[q.0 as usize][q.1 as usize]
                    || !matches!(self.get(q), Some((_, MERCENARY)))
                {
                    continue;
                }
                if Mailbox::coords().any(|p| self.can_capture(p, q, &marked)) {
                    marked[q.0 as usize][q.1 as usize] = true;
                    changed = true;
                }
            }
            if !changed {
                return marked;
            }
        }
    }

    /// Whether some piece of colour `by` can capture the piece on `q`.
    fn captured_by(&self, q: Coord, by: Color, threatened: &[[bool; 8]; 8]) -> bool {
        Mailbox::coords().any(|p| {
            matches!(self.get(p), Some((c, _)) if c == by) && self.can_capture(p, q, threatened)
        })
    }

    /// DUG-43: the Adept of `color` is in check.
    fn in_check(&self, color: Color) -> bool {
        let adept = Mailbox::coords()
            .find(|&c| self.get(c) == Some((color, ADEPT)))
            .expect("one Adept per side");
        self.captured_by(adept, !color, &self.threatened())
    }

    /// DUG-42: after the teleport the board holds the Assassin on `x`; some other piece of
    /// her side reaches `x` as if an enemy non-Golem piece stood there.
    fn defended(&self, x: Coord, color: Color) -> bool {
        let threatened = self.threatened();
        Mailbox::coords().any(|f| {
            f != x
                && matches!(self.get(f), Some((c, _)) if c == color)
                && self.reaches(f, x, &threatened)
        })
    }
}

/// The reference answer to "is the piece on `s` threatened" (DUG-41), for tests.
pub(super) fn threatened(pos: &Duggan, s: Square) -> bool {
    let mb = Mailbox::of(&pos.board, Geometry::Framed8);
    let c = ((s.col() - 1) as i8, (s.row() - 1) as i8);
    let marks = mb.threatened();
    Mailbox::coords().any(|p| mb.can_capture(p, c, &marks))
}

impl Reference for Duggan {
    fn recompute_hash(&self) -> u64 {
        self.board.recompute_hash() ^ KEYS.side_to_move(self.side)
    }

    fn generate_pseudo_legal(&self, moves: &mut MoveList) {
        let mb = Mailbox::of(&self.board, Geometry::Framed8);
        let us = self.side;
        let threatened = mb.threatened();
        let enemy = |c: Coord| matches!(mb.get(c), Some((col, _)) if col != us);
        let enemy_non_golem =
            |c: Coord| matches!(mb.get(c), Some((col, k)) if col != us && k != GOLEM);
        let is_adept = |c: Coord| matches!(mb.get(c), Some((_, ADEPT)));
        let own_first = if us == Color::White { 0 } else { 7 };
        let last = if us == Color::White { 7 } else { 0 };
        let second = if us == Color::White { 1 } else { 6 };
        let mut add = |from: Coord, to: Coord, kind: MoveKind, piece: Option<u8>| {
            let (f, t) = (square_of(from), square_of(to));
            moves.push(match piece {
                Some(k) => Move::with_piece(f, t, kind, k),
                None => Move::new(f, t, kind),
            });
        };
        for from in Mailbox::coords() {
            let Some((color, kind)) = mb.get(from) else {
                continue;
            };
            if color != us {
                continue;
            }
            match kind {
                GOLEM => {
                    for v in GOLEM_LEAPS {
                        if !mb.golem_vector_usable(from, v, us) {
                            continue;
                        }
                        let dest = (from.0 + v.0, from.1 + v.1);
                        let mut path = Mailbox::golem_path(from, v);
                        if mb.get(dest).is_none() {
                            // DUG-11: a quiet move needs an empty path.
                            if path.all(|s| mb.get(s).is_none()) {
                                add(from, dest, MoveKind::Normal, None);
                            }
                        } else if !is_adept(dest) && !path.any(is_adept) {
                            // DUG-12: a crush; an Adept is never removed (DUG-51).
                            add(from, dest, MoveKind::Normal, None);
                        }
                    }
                }
                MERCENARY => {
                    let dr = forward(us);
                    let one = (from.0, from.1 + dr);
                    let mut steps: Vec<(Coord, MoveKind)> = Vec::new();
                    if inside(one) && mb.get(one).is_none() {
                        steps.push((one, MoveKind::Normal));
                        let two = (from.0, from.1 + 2 * dr);
                        if from.1 == second && mb.get(two).is_none() {
                            steps.push((two, MoveKind::DoublePush));
                        }
                    }
                    if threatened[from.0 as usize][from.1 as usize] {
                        for to in [(from.0 - 1, from.1), (from.0 + 1, from.1), one] {
                            if !inside(to) || is_adept(to) {
                                continue;
                            }
                            let capture = enemy(to);
                            let sideways_quiet = mb.get(to).is_none()
                                && to != one
                                && self.options.threat_step == ThreatStep::MoveOrCapture;
                            if capture || sideways_quiet {
                                steps.push((to, MoveKind::Normal));
                            }
                        }
                    }
                    for (to, kind) in steps {
                        if to.1 == last {
                            for k in [ARCHER, BISHOP, COMMANDER] {
                                add(from, to, MoveKind::Promotion, Some(k));
                            }
                        } else {
                            add(from, to, kind, None);
                        }
                    }
                }
                ARCHER => {
                    let mut seen: Vec<Coord> = Vec::new();
                    for route in Mailbox::archer_routes() {
                        let dest = Mailbox::archer_dest(from, route);
                        if !inside(dest)
                            || seen.contains(&dest)
                            || !mb.archer_route_clear(from, route)
                        {
                            continue;
                        }
                        if mb.get(dest).is_none() || (enemy_non_golem(dest) && !is_adept(dest)) {
                            seen.push(dest);
                            add(from, dest, MoveKind::Normal, None);
                        }
                    }
                }
                BISHOP => {
                    for dir in DIAGONAL {
                        let mut cur = (from.0 + dir.0, from.1 + dir.1);
                        while inside(cur) {
                            if mb.get(cur).is_none() {
                                add(from, cur, MoveKind::Normal, None);
                            } else {
                                if enemy_non_golem(cur) && !is_adept(cur) {
                                    add(from, cur, MoveKind::Normal, None);
                                }
                                break;
                            }
                            cur = (cur.0 + dir.0, cur.1 + dir.1);
                        }
                    }
                }
                COMMANDER => {
                    for dir in ORTHOGONAL {
                        let to = (from.0 + dir.0, from.1 + dir.1);
                        if !inside(to) || is_adept(to) || !(mb.get(to).is_none() || enemy(to)) {
                            continue;
                        }
                        add(from, to, MoveKind::Normal, None);
                        if to.1 == own_first {
                            for k in [ARCHER, ASSASSIN, GOLEM, BISHOP] {
                                add(from, to, MoveKind::Promotion, Some(k));
                            }
                        }
                    }
                }
                ASSASSIN => {
                    for dir in KING_STEPS {
                        let to = (from.0 + dir.0, from.1 + dir.1);
                        if inside(to) && enemy_non_golem(to) && !is_adept(to) {
                            add(from, to, MoveKind::Normal, None);
                        }
                    }
                    let cornered =
                        self.options.cornered_assassin && mb.captured_by(from, !us, &threatened);
                    if cornered {
                        continue;
                    }
                    for to in Mailbox::coords() {
                        if mb.get(to).is_some() {
                            continue;
                        }
                        if self.options.cowardly_assassin {
                            let mut after = mb.clone();
                            after.set(from, None);
                            after.set(to, Some((us, ASSASSIN)));
                            if !after.defended(to, us) {
                                continue;
                            }
                        }
                        add(from, to, MoveKind::Normal, None);
                    }
                }
                ADEPT => {
                    for dir in KING_STEPS {
                        let to = (from.0 + dir.0, from.1 + dir.1);
                        if inside(to) && !is_adept(to) && (mb.get(to).is_none() || enemy(to)) {
                            add(from, to, MoveKind::Normal, None);
                        }
                    }
                }
                _ => unreachable!("unknown Duggan piece kind {kind}"),
            }
        }
    }

    /// DUG-50: play the move on a copy and look whether the mover's Adept is in check.
    fn is_legal_pseudo(&self, mv: Move) -> bool {
        let mut after = self.clone();
        after.play(mv);
        !Mailbox::of(&after.board, Geometry::Framed8).in_check(self.side)
    }
}
