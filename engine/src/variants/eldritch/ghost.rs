//! The Ghost (ELD-380..386, ELD-793..799): its moves, subornation, the stack it makes with the
//! suborned piece and that stack's moves, and the release when the Ghost leaves.

use super::catalogue::*;
use super::geometry::*;
use super::state::{atoms_for, Eldritch, TAG_DIRECTIONS, TAG_TURNED};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Piece};
use crate::square::Square;

/// A suborned piece taken out of its stack: the piece, its tag and a Necromancer's trophies.
pub(super) type Unstacked = (Piece, u32, Vec<u8>);

impl Eldritch {
    /// Whether a Ghost of `us` may suborn the piece on `to` (ELD-381): a single enemy piece
    /// that is not a priest, a liege, a Doppelganger, a Beast or a Riddle.
    fn suborns(&self, to: Square, us: Color) -> bool {
        let p = self.piece_at(to);
        let t = piece_type(p.kind());
        p.is_some()
            && p.color() != us
            && !self.is_stack(to)
            && !(t.is(PRIEST) || t.is(LIEGE) || t.has(F_DOPPELGANGER))
            && !matches!(p.kind(), BEAST | RIDDLE)
    }

    /// The Ghost's actions from `from` (ELD-380..383): its two-square slides to empty squares;
    /// subornations while it is a single piece; a stack's moves by the suborned piece's
    /// geometry too, one option per destination (ELD-793).
    pub(super) fn ghost_moves(&self, from: Square, list: &mut MoveList) {
        let us = self.piece_at(from).color();
        let exists = self.exists();
        let single = !self.is_stack(from); // ELD-382: neither suborning nor ridden
        let mut dests = Bitboard::EMPTY;
        for (mid, to) in KING_STEPS
            .into_iter()
            .filter_map(|d| two_steps(from, d, exists))
        {
            if !self.passable(mid, us) {
                continue;
            }
            if self.piece_at(to).is_none() {
                dests.set(to);
            } else if single && self.suborns(to, us) {
                list.push(Move::new(from, to, MoveKind::Normal));
            }
        }
        if let Some(p) = self.suborned(from) {
            dests |= self.suborned_reach(from, p, self.suborned_tag(from), us);
        }
        for to in dests {
            list.push(Move::new(from, to, MoveKind::Normal));
        }
    }

    /// ELD-383 (b): the empty squares the suborned piece `p` (state `tag`) reaches from `from`
    /// with its own geometry, forward and form, paths judged for the controller `us`: no
    /// captures, double steps, one-shot moves or promotions; the Fiend keeps its priest rule.
    fn suborned_reach(&self, from: Square, p: Piece, tag: u32, us: Color) -> Bitboard {
        let owner = p.color();
        let exists = self.exists();
        let empty = exists & !self.board.occupied();
        let mut out = Bitboard::EMPTY;
        let slide = |dirs: &[Offset], min: u8, max: u8, out: &mut Bitboard| {
            for &d in dirs {
                for (k, cur) in ray(from, d, max, exists) {
                    if k >= min && empty.contains(cur) {
                        out.set(cur);
                    }
                    if !self.passable(cur, us) {
                        break;
                    }
                }
            }
        };
        for atom in atoms_for(p.kind(), tag) {
            match *atom {
                MovePattern::Leap(leap) if leap.mode.moves() => {
                    for &off in leap.offsets {
                        let off = orient(off, owner);
                        if let Some(to) = step(from, off, exists) {
                            if empty.contains(to) && self.leap_path_ok(from, off, leap.lame, us) {
                                out.set(to);
                            }
                        }
                    }
                }
                MovePattern::Slide(ride) if ride.mode.moves() => {
                    slide(ride.dirs, ride.min, ride.max, &mut out)
                }
                MovePattern::Pawn { push: true, .. } => {
                    let mut f = forward(owner);
                    if p.kind() == GREMLIN && tag & TAG_TURNED != 0 {
                        f = -f;
                    }
                    if let Some(one) = from.offset(0, f).filter(|s| empty.contains(*s)) {
                        out.set(one);
                    }
                }
                MovePattern::Fiend => {
                    let priests = self.priest_zone();
                    for target in fiend_targets(from) {
                        let ok = empty.contains(target.to)
                            && !priests.contains(target.to)
                            && target.paths.iter().any(|&passed| {
                                (passed & !exists).is_empty() && self.jump_path_clear(passed, us)
                            });
                        if ok {
                            out.set(target.to);
                        }
                    }
                }
                MovePattern::Dragon => {
                    for off in TWO_STEPS {
                        if let Some(to) = step(from, off, exists) {
                            if empty.contains(to) && self.leap_path_ok(from, off, false, us) {
                                out.set(to);
                            }
                        }
                    }
                }
                MovePattern::VampireSteps => {
                    let dirs = tag & TAG_DIRECTIONS;
                    if dirs == TAG_DIRECTIONS {
                        slide(&KING_STEPS, 1, 9, &mut out);
                    } else {
                        for (i, (_, off)) in DIRECTIONS.iter().enumerate() {
                            if dirs & (1 << i) != 0 {
                                if let Some(to) = step(from, *off, exists) {
                                    if empty.contains(to) {
                                        out.set(to);
                                    }
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// Whether a Ghost stack's move is made with the suborned piece's pawn-type geometry
    /// (ELD-795: a pawn move for the clock).
    pub(super) fn is_suborned_pawn_step(&self, mv: Move) -> bool {
        let Some(p) = self.suborned(mv.from()) else {
            return false;
        };
        let tag = self.suborned_tag(mv.from());
        let push = atoms_for(p.kind(), tag)
            .iter()
            .any(|a| matches!(a, MovePattern::Pawn { push: true, .. }));
        let mut f = forward(p.color());
        if p.kind() == GREMLIN && tag & TAG_TURNED != 0 {
            f = -f;
        }
        push && mv.from().offset(0, f) == Some(mv.to())
    }

    /// ELD-381: the Ghost on `from` suborns the piece on `to`: the piece keeps its colour and
    /// state under the Ghost; neither is virgin (ELD-796); a blocking Barricade's Block ends.
    pub(super) fn suborn(&mut self, from: Square, to: Square) {
        let victim = self.board.remove(to);
        let tag = self.extra.tag(to).unwrap_or(0);
        self.extra.set_tag(to, None);
        self.virgin.clear(to);
        self.blocks.clear(to);
        self.relocate(from, to);
        self.extra.push_stacked(to, victim);
        self.set_suborned_tag(to, tag);
    }

    fn set_suborned_tag(&mut self, s: Square, tag: u32) {
        self.sub_tags.retain(|(t, _)| *t != s);
        if tag != 0 {
            let at = self
                .sub_tags
                .partition_point(|(t, _)| t.index() < s.index());
            self.sub_tags.insert(at, (s, tag));
        }
    }

    /// Takes the suborned piece out of the stack on `s` with its state, if there is one.
    pub(super) fn take_suborned(&mut self, s: Square) -> Option<Unstacked> {
        self.suborned(s)?;
        let piece = self.extra.take_stack(s).into_iter().next()?;
        let tag = self.suborned_tag(s);
        self.sub_tags.retain(|(t, _)| *t != s);
        let trophies = match self.trophies.iter().position(|(t, _)| *t == s) {
            Some(i) => self.trophies.remove(i).1,
            None => Vec::new(),
        };
        Some((piece, tag, trophies))
    }

    /// Puts a released piece on `s` (ELD-385): under its owner's control again, not virgin,
    /// with its state; a Gremlin turns if it must (ELD-798).
    pub(super) fn place_released(&mut self, s: Square, (piece, tag, trophies): Unstacked) {
        self.board.put(s, piece);
        self.virgin.clear(s);
        self.extra.set_tag(s, Some(tag).filter(|&t| t != 0));
        for k in trophies {
            self.add_trophy(s, k);
        }
        self.turn_gremlins();
    }

    /// The release options of a pending release around `at` (ELD-385): each empty square next
    /// to it.
    pub(super) fn release_squares(&self, at: Square) -> Bitboard {
        neighbours(at, self.exists()) & !self.board.occupied()
    }

    /// ELD-385 with no empty square next to `at`: the piece stays if `at` is empty, else it
    /// leaves the game (removal).
    pub(super) fn release_by_default(&mut self, at: Square, unit: Unstacked) {
        if self.piece_at(at).is_none() {
            self.place_released(at, unit);
        } else {
            self.bury(unit.0);
        }
        self.halfmove = 0;
    }

    /// ELD-798: suborned Gremlins on or beyond their far rank turn too.
    pub(super) fn turn_suborned_gremlins(&mut self) {
        let mut turned = Vec::new();
        for c in Color::BOTH {
            for (s, p) in self.suborned_of(c) {
                let beyond = match c {
                    Color::White => s.row() >= 8,
                    Color::Black => s.row() <= 1,
                };
                let tag = self.suborned_tag(s);
                if p.kind() == GREMLIN && beyond && tag & TAG_TURNED == 0 {
                    turned.push((s, tag | TAG_TURNED));
                }
            }
        }
        for (s, tag) in turned {
            self.set_suborned_tag(s, tag);
        }
    }
}
