//! The placement phase (ELD-050..055) as a sequence of placement actions, and the default
//! placement (ELD-060).

use super::army::Declaration;
use super::catalogue::*;
use super::geometry::sq;
use super::state::{piece, Eldritch, EldritchOptions};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveKind, MoveList};
use crate::overflow::Overflow;
use crate::piece::Color;
use crate::square::Square;

/// Unplaced pieces of one kind from one bundle kind (`replaced` all zero for standard pieces).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unplaced {
    pub kind: u8,
    pub replaced: [u8; 6],
    pub count: u8,
}

/// The unplaced pieces of both sides: standard entries first in `KQRBNP` order, then eldritch
/// entries in declaration order (ELD-042, ELD-060).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Placing {
    pub sides: [Vec<Unplaced>; 2],
}

/// 0-based home files of a standard kind (ELD-050); pawns use rank 2 instead of rank 1.
fn home_files(kind: u8) -> &'static [u8] {
    match kind {
        KING => &[4],
        QUEEN => &[3],
        ROOK => &[0, 7],
        KNIGHT => &[1, 6],
        BISHOP => &[2, 5],
        _ => &[0, 1, 2, 3, 4, 5, 6, 7],
    }
}

/// The side's 0-based rank for its `n`th rank (n = 1, 2, 3).
fn side_rank(c: Color, n: u8) -> u8 {
    match c {
        Color::White => n - 1,
        Color::Black => 8 - n,
    }
}

/// Home squares of a standard kind, in the preference order of ELD-060.
pub fn home_squares(kind: u8, c: Color) -> Vec<Square> {
    let rank = if kind == PAWN { 2 } else { 1 };
    home_files(kind)
        .iter()
        .map(|&f| sq(f, side_rank(c, rank)))
        .collect()
}

/// The home set of a bundle (ELD-050): the home squares of every replaced standard type.
pub fn home_set(replaced: &[u8; 6], c: Color) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for k in 0..6u8 {
        if replaced[k as usize] > 0 {
            for s in home_squares(k, c) {
                b.set(s);
            }
        }
    }
    b
}

/// Ranks 1-2 in scan order a1..h1, a2..h2 (ELD-060).
fn back_ranks(c: Color) -> Vec<Square> {
    (1..=2)
        .flat_map(|n| (0..8).map(move |f| sq(f, side_rank(c, n))))
        .collect()
}

/// The 3rd rank by edge distance: a3, h3, b3, g3, c3, f3, d3, e3 (ELD-060).
fn third_rank(c: Color) -> Vec<Square> {
    [0, 7, 1, 6, 2, 5, 3, 4]
        .iter()
        .map(|&f| sq(f, side_rank(c, 3)))
        .collect()
}

/// ELD-053: the squares an eldritch piece of bundle `replaced` may be placed on, in scan order.
pub fn eldritch_squares(board_occ: Bitboard, replaced: &[u8; 6], c: Color) -> Vec<Square> {
    let home = home_set(replaced, c);
    let scan = back_ranks(c);
    let free_home: Vec<Square> = scan
        .iter()
        .copied()
        .filter(|s| home.contains(*s) && !board_occ.contains(*s))
        .collect();
    if !free_home.is_empty() {
        return free_home;
    }
    let free_back: Vec<Square> = scan
        .into_iter()
        .filter(|s| !board_occ.contains(*s))
        .collect();
    if !free_back.is_empty() {
        return free_back;
    }
    let third: Vec<Square> = third_rank(c)
        .into_iter()
        .filter(|s| !board_occ.contains(*s))
        .collect();
    // Only the squares at the smallest edge distance qualify; the player picks among them.
    let dist = |s: &Square| (s.col() - 1).min(8 - s.col());
    let best = third.iter().map(dist).min();
    third
        .into_iter()
        .filter(|s| Some(dist(s)) == best)
        .collect()
}

impl Placing {
    pub fn from_declarations(decls: &[Declaration; 2]) -> Placing {
        let mut p = Placing::default();
        for c in Color::BOTH {
            let d = &decls[c.index()];
            let left = d.standard_left().unwrap_or([0; 6]);
            let list = &mut p.sides[c.index()];
            for (k, &n) in left.iter().enumerate() {
                if n > 0 {
                    list.push(Unplaced {
                        kind: k as u8,
                        replaced: [0; 6],
                        count: n,
                    });
                }
            }
            for b in &d.bundles {
                match list
                    .iter_mut()
                    .find(|u| u.kind == b.kind && u.replaced == b.replaced)
                {
                    Some(u) => u.count += b.count,
                    None => list.push(Unplaced {
                        kind: b.kind,
                        replaced: b.replaced,
                        count: b.count,
                    }),
                }
            }
        }
        p
    }

    pub fn side(&self, c: Color) -> &[Unplaced] {
        &self.sides[c.index()]
    }

    /// The side still has its Illusionist group to place (ELD-055).
    pub fn has_illusionist(&self, c: Color) -> bool {
        self.side(c).iter().any(|u| u.kind == ILLUSIONIST)
    }

    /// Standard pieces placed in phase 1 by the side: all but the withheld queen and rooks.
    fn phase1(&self, c: Color) -> impl Iterator<Item = (usize, &Unplaced)> {
        let withheld = self.has_illusionist(c);
        self.side(c)
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.kind < 6 && !(withheld && (u.kind == QUEEN || u.kind == ROOK)))
    }

    pub fn phase1_active(&self) -> bool {
        Color::BOTH.iter().any(|&c| self.phase1(c).next().is_some())
    }

    fn anything_left(&self, c: Color) -> bool {
        !self.side(c).is_empty()
    }
}

impl Eldritch {
    /// Placement options of the side to place (ELD-052, ELD-053, ELD-055).
    pub(super) fn placement_options(&self, list: &mut MoveList) {
        let Some(placing) = self.placing.as_deref() else {
            return;
        };
        let c = self.side;
        let occ = self.board.occupied();
        let place = |list: &mut MoveList, idx: usize, kind: u8, s: Square| {
            list.push(Move::build(
                None,
                Some(s),
                MoveKind::Placement,
                Some(kind),
                idx as u8,
                0,
            ));
        };
        if placing.phase1_active() {
            for (idx, u) in placing.phase1(c) {
                for s in home_squares(u.kind, c) {
                    if !occ.contains(s) {
                        place(list, idx, u.kind, s);
                    }
                }
            }
            return;
        }
        for (idx, u) in placing.side(c).iter().enumerate() {
            if u.kind < 6 {
                continue;
            }
            if placing.has_illusionist(c) && u.kind != ILLUSIONIST {
                continue; // the group comes first (ELD-055)
            }
            if u.kind == ILLUSIONIST {
                for s in home_set(&u.replaced, c) {
                    if occ.contains(s) {
                        continue;
                    }
                    for rook in self.lone_rook_choices(placing, c, s) {
                        list.push(group_move(idx, s, rook));
                    }
                }
                continue;
            }
            for s in eldritch_squares(occ, &u.replaced, c) {
                place(list, idx, u.kind, s);
            }
        }
    }

    /// ELD-055 "distinct arrangements": with exactly one rook left and both a1 and h1 free
    /// besides the Illusionist's square, the rook may go on either (`Some`); otherwise the
    /// group's rooks have a single arrangement (`None`: the free rook squares in order).
    fn lone_rook_choices(
        &self,
        placing: &Placing,
        c: Color,
        illusionist: Square,
    ) -> Vec<Option<Square>> {
        let rooks: u8 = placing
            .side(c)
            .iter()
            .filter(|u| u.kind == ROOK)
            .map(|u| u.count)
            .sum();
        let free: Vec<Square> = home_squares(ROOK, c)
            .into_iter()
            .filter(|s| *s != illusionist && self.piece_at(*s).is_none())
            .collect();
        if rooks == 1 && free.len() == 2 {
            free.into_iter().map(Some).collect()
        } else {
            vec![None]
        }
    }

    /// Plays a placement action, then passes the decision on (ELD-051).
    pub(super) fn play_placement(&mut self, mv: Move) {
        let c = self.side;
        let Some(mut placing) = self.placing.take() else {
            return;
        };
        let was_phase1 = placing.phase1_active();
        let idx = mv.param() as usize;
        let to = mv.to();
        let entry = placing.sides[c.index()][idx];
        self.put_new(to, c, entry.kind);
        take_one(&mut placing.sides[c.index()], idx);
        if entry.kind == ILLUSIONIST {
            // ELD-055: the withheld rooks and queen go with it, a lone rook where chosen.
            let chosen_rook = group_rook(mv);
            let list = &mut placing.sides[c.index()];
            while let Some(i) = list.iter().position(|u| u.kind == ROOK || u.kind == QUEEN) {
                let kind = list[i].kind;
                let s = chosen_rook.filter(|_| kind == ROOK).or_else(|| {
                    home_squares(kind, c)
                        .into_iter()
                        .find(|s| self.piece_at(*s).is_none())
                });
                if let Some(s) = s {
                    self.put_new(s, c, kind);
                }
                take_one(list, i);
            }
        }
        let next = if placing.phase1_active() {
            if placing.phase1(!c).next().is_some() {
                !c
            } else {
                c
            }
        } else if was_phase1 {
            if placing.anything_left(Color::White) {
                Color::White
            } else {
                Color::Black
            }
        } else if placing.anything_left(!c) {
            !c
        } else {
            c
        };
        if placing.anything_left(Color::White) || placing.anything_left(Color::Black) {
            self.side = next;
            self.placing = Some(placing);
        } else {
            // ELD-051: play begins with White, clocks at 0 and 1.
            self.side = Color::White;
            self.halfmove = 0;
            self.fullmove = 1;
            self.record_start();
            self.begin_turn_record();
        }
    }

    /// Puts a freshly entered, virgin piece.
    fn put_new(&mut self, s: Square, c: Color, kind: u8) {
        self.board.put(s, piece(c, kind));
        self.virgin.set(s);
    }

    /// The placement phase for two declarations (ELD-051), White to place first.
    pub fn placement_start(decls: &[Declaration; 2], options: &EldritchOptions) -> Eldritch {
        let placing = Placing::from_declarations(decls);
        let mut pos = Eldritch::empty(options);
        pos.army = [decls[0].types(), decls[1].types()];
        // The first placer is White unless White has nothing for the current phase.
        let phase1 = placing.phase1_active();
        pos.side = if (phase1 && placing.phase1(Color::White).next().is_some())
            || (!phase1 && placing.anything_left(Color::White))
        {
            Color::White
        } else {
            Color::Black
        };
        let done = !placing.anything_left(Color::White) && !placing.anything_left(Color::Black);
        if !done {
            pos.placing = Some(Box::new(placing));
        } else {
            pos.side = Color::White;
            pos.record_start();
            pos.begin_turn_record();
        }
        pos
    }

    /// The default placement (ELD-060) of two declarations.
    pub fn default_placement(decls: &[Declaration; 2], options: &EldritchOptions) -> Eldritch {
        let mut pos = Eldritch::empty(options);
        pos.army = [decls[0].types(), decls[1].types()];
        for c in Color::BOTH {
            let placing = Placing::from_declarations(decls);
            let list = placing.side(c);
            // 1. Standard pieces on their first home squares: a rook takes a1/a8 before h1/h8
            //    in an Illusionist army too (ELD-060; ELD-055's waiting rooks are the played
            //    phase's rule only).
            for u in list.iter().filter(|u| u.kind < 6) {
                for s in home_squares(u.kind, c).into_iter().take(u.count as usize) {
                    pos.put_new(s, c, u.kind);
                }
            }
            // 2. Eldritch pieces, Illusionist group first, in two passes.
            let mut pending: Vec<Unplaced> = Vec::new();
            let mut order: Vec<&Unplaced> = list.iter().filter(|u| u.kind == ILLUSIONIST).collect();
            order.extend(list.iter().filter(|u| u.kind >= 6 && u.kind != ILLUSIONIST));
            for u in order {
                for _ in 0..u.count {
                    let home = home_set(&u.replaced, c);
                    let free = back_ranks(c)
                        .into_iter()
                        .find(|s| home.contains(*s) && pos.piece_at(*s).is_none());
                    match free {
                        Some(s) => pos.put_new(s, c, u.kind),
                        None => pending.push(Unplaced { count: 1, ..*u }),
                    }
                }
            }
            for u in pending {
                let occ = pos.board.occupied();
                if let Some(&s) = eldritch_squares(occ, &u.replaced, c).first() {
                    pos.put_new(s, c, u.kind);
                }
            }
        }
        pos.record_start();
        pos.begin_turn_record();
        pos
    }

    /// An empty position with no pieces, White to move.
    pub(super) fn empty(options: &EldritchOptions) -> Eldritch {
        Eldritch {
            board: Board::new(),
            extra: Overflow::new(),
            virgin: Bitboard::EMPTY,
            side: Color::White,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            army: [0, 0],
            placing: None,
            grave: [[0; 2]; 2],
            start: None,
            trophies: Vec::new(),
            bolt: None,
            blocks: Bitboard::EMPTY,
            react: Vec::new(),
            turn: Color::White,
            mret: Bitboard::EMPTY,
            hl: [[0; 8]; 2],
            returned: false,
            ban: Vec::new(),
            frame: Bitboard::EMPTY,
            sub_tags: Vec::new(),
            history: Default::default(),
            options: *options,
        }
    }
}

/// The Illusionist group's placement action (ELD-055): the Illusionist on `to`, and, when a
/// lone rook has a choice of squares, that square in the move's extension (index + 1).
pub fn group_move(idx: usize, to: Square, rook: Option<Square>) -> Move {
    Move::build(
        None,
        Some(to),
        MoveKind::Placement,
        Some(ILLUSIONIST),
        idx as u8,
        rook.map_or(0, |r| r.index() as u32 + 1),
    )
}

/// The lone rook's chosen square of an Illusionist group action, if it had a choice.
pub fn group_rook(mv: Move) -> Option<Square> {
    (mv.ext() != 0).then(|| Square::from_index((mv.ext() - 1) as u8))
}

/// Takes one piece from entry `i`, dropping the entry when it is used up.
fn take_one(list: &mut Vec<Unplaced>, i: usize) {
    list[i].count -= 1;
    if list[i].count == 0 {
        list.remove(i);
    }
}
