//! The Eldritch mobility count from tables built once from the catalogue: per kind and square,
//! the targets of its plain leaps as two bitboards, its lame leaps with the squares they pass,
//! and its slides as rays of squares in order. Walking a piece's atoms offset by offset (what
//! [`count_by_atoms`] does, the reference the tests compare against) cost Eldritch 16% of its
//! nodes a second; the tables leave only the occupancy tests.

use super::atom_targets;
use grimoire_engine::square::{FRAME, SQUARE_COUNT};
use grimoire_engine::variants::eldritch::catalogue::*;
use grimoire_engine::variants::eldritch::geometry::{board_mask, passed_squares};
use grimoire_engine::variants::eldritch::Eldritch;
use grimoire_engine::{Bitboard, Color, Square};
use std::ops::Range;
use std::sync::OnceLock;

/// The atoms of a kind that mobility counts: its moves other than pawn-type and one-shot
/// ones, for kinds that are neither lieges nor pawn-type pieces.
fn mobility_atoms(kind: u8) -> Vec<MovePattern> {
    let t = piece_type(kind);
    let pawnish = t
        .atoms
        .iter()
        .any(|a| matches!(a, MovePattern::Pawn { .. }));
    if t.is(LIEGE) || pawnish {
        return Vec::new();
    }
    t.atoms
        .iter()
        .filter(|a| !matches!(a, MovePattern::OneShot(_)))
        .copied()
        .collect()
}

/// Squares side `c`'s pieces can move to (empty) or capture on (an enemy piece), summed over
/// its pieces, walking each counted atom (White's orientation: the atoms counted are symmetric
/// but for a few forward-only leaps). The slow reference of [`MobilityTable::count`].
pub fn count_by_atoms(pos: &Eldritch, c: Color) -> i32 {
    let board = pos.board();
    let occ = board.occupied();
    let enemy = board.color(!c);
    let mut n = 0;
    for s in board.color(c) {
        let mut reach = Bitboard::EMPTY;
        for atom in &mobility_atoms(board.piece_at(s).kind()) {
            let (cap, quiet) = atom_targets(atom, s, occ);
            reach = reach | (cap & enemy) | (quiet & !occ);
        }
        n += reach.count() as i32;
    }
    n
}

/// A leap whose passed squares must be empty (the Gargoyle's).
struct LameLeap {
    to: Square,
    passed: Bitboard,
    mode: Mode,
}

/// A slide in one direction. Along a direction the frame index changes by a fixed step, so the
/// nearest blocker is the lowest (`ascending`) or highest set bit of `squares & occupied`.
struct Ray {
    squares: u128,
    /// The squares nearer than the slide's minimum: they block but are not targets.
    short: u128,
    ascending: bool,
    mode: Mode,
}

impl Ray {
    /// The ray's squares up to and including its nearest occupied square.
    #[inline]
    fn reach(&self, occ: u128) -> u128 {
        let blockers = self.squares & occ;
        if blockers == 0 {
            self.squares
        } else if self.ascending {
            self.squares & (u128::MAX >> (127 - blockers.trailing_zeros()))
        } else {
            self.squares & (u128::MAX << (127 - blockers.leading_zeros()))
        }
    }
}

/// What one kind reaches from one square.
#[derive(Default)]
struct Cell {
    /// Targets of plain leaps: they need no occupancy test beyond the target's own.
    leap_captures: Bitboard,
    leap_quiets: Bitboard,
    /// The Dragon's landing squares (ELD-290): each can be taken, and an empty one can be
    /// moved to and lets the Dragon take beside it.
    dragon_landings: Bitboard,
    lame: Range<usize>,
    rays: Range<usize>,
}

/// The tables of every kind on every frame square.
pub struct MobilityTable {
    cells: Vec<Cell>,
    lame: Vec<LameLeap>,
    rays: Vec<Ray>,
    /// Per square, the squares a king step away on the board.
    neighbours: [Bitboard; SQUARE_COUNT],
    /// Per kind, whether it has atoms that count (lieges and pawn-type pieces do not).
    counted: [bool; KINDS],
}

impl MobilityTable {
    /// The table of the catalogue, built on first use.
    pub fn get() -> &'static MobilityTable {
        static TABLE: OnceLock<MobilityTable> = OnceLock::new();
        TABLE.get_or_init(MobilityTable::build)
    }

    fn build() -> MobilityTable {
        let board = board_mask();
        let on_board =
            |s: Square, (dx, dy): (i8, i8)| s.offset(dx, dy).filter(|t| board.contains(*t));
        let mut table = MobilityTable {
            cells: Vec::with_capacity(KINDS * SQUARE_COUNT),
            lame: Vec::new(),
            rays: Vec::new(),
            neighbours: [Bitboard::EMPTY; SQUARE_COUNT],
            counted: [false; KINDS],
        };
        for s in Square::all() {
            for off in KING_STEPS {
                if let Some(n) = on_board(s, off) {
                    table.neighbours[s.index()].set(n);
                }
            }
        }
        for kind in 0..KINDS as u8 {
            let atoms = mobility_atoms(kind);
            table.counted[kind as usize] = !atoms.is_empty();
            for index in 0..SQUARE_COUNT as u8 {
                let s = Square::from_index(index);
                let mut cell = Cell::default();
                let (lame_start, ray_start) = (table.lame.len(), table.rays.len());
                for atom in &atoms {
                    match *atom {
                        MovePattern::Leap(leap) => {
                            for &off in leap.offsets {
                                let Some(to) = on_board(s, off) else { continue };
                                if !leap.lame {
                                    if leap.mode.captures() {
                                        cell.leap_captures.set(to);
                                    }
                                    if leap.mode.moves() {
                                        cell.leap_quiets.set(to);
                                    }
                                    continue;
                                }
                                let mut passed = Bitboard::EMPTY;
                                let mut exists = true;
                                for p in passed_squares(s, off) {
                                    match p.filter(|p| board.contains(*p)) {
                                        Some(p) => passed.set(p),
                                        None => exists = false,
                                    }
                                }
                                if exists {
                                    table.lame.push(LameLeap {
                                        to,
                                        passed,
                                        mode: leap.mode,
                                    });
                                }
                            }
                        }
                        MovePattern::Slide(slide) => {
                            for &(dx, dy) in slide.dirs {
                                let squares: Vec<Square> = (1..=slide.max as i8)
                                    .map_while(|k| on_board(s, (dx * k, dy * k)))
                                    .collect();
                                if squares.len() >= slide.min as usize {
                                    let mask = |set: &[Square]| {
                                        set.iter().fold(0u128, |m, t| m | 1u128 << t.index())
                                    };
                                    table.rays.push(Ray {
                                        squares: mask(&squares),
                                        short: mask(
                                            &squares[..(slide.min as usize).saturating_sub(1)],
                                        ),
                                        ascending: dy * FRAME as i8 + dx > 0,
                                        mode: slide.mode,
                                    });
                                }
                            }
                        }
                        // No occupancy decides a Fiend's targets in the count.
                        MovePattern::Fiend => {
                            let (captures, quiets) = atom_targets(atom, s, Bitboard::EMPTY);
                            cell.leap_captures |= captures;
                            cell.leap_quiets |= quiets;
                        }
                        MovePattern::Dragon => {
                            for off in TWO_STEPS {
                                if let Some(l) = on_board(s, off) {
                                    cell.dragon_landings.set(l);
                                }
                            }
                        }
                        // A fresh Vampire's steps add nothing (its knight atom counts).
                        MovePattern::VampireSteps => {}
                        MovePattern::Pawn { .. } | MovePattern::OneShot(_) => {
                            unreachable!("mobility_atoms leaves out pawn-type and one-shot moves")
                        }
                    }
                }
                cell.lame = lame_start..table.lame.len();
                cell.rays = ray_start..table.rays.len();
                table.cells.push(cell);
            }
        }
        table
    }

    /// The same count as [`count_by_atoms`].
    pub fn count(&self, pos: &Eldritch, c: Color) -> i32 {
        let board = pos.board();
        let occ = board.occupied();
        let enemy = board.color(!c);
        let mut n = 0;
        for s in board.color(c) {
            let kind = board.piece_at(s).kind() as usize;
            if !self.counted[kind] {
                continue;
            }
            let cell = &self.cells[kind * SQUARE_COUNT + s.index()];
            let mut reach = (cell.leap_captures & enemy) | (cell.leap_quiets & !occ);
            // What a set of targets adds: enemies where the mode captures, empty squares where
            // it moves.
            let by_mode = |targets: Bitboard, mode: Mode| {
                let takes = if mode.captures() {
                    enemy
                } else {
                    Bitboard::EMPTY
                };
                let moves = if mode.moves() { !occ } else { Bitboard::EMPTY };
                targets & (takes | moves)
            };
            for leap in &self.lame[cell.lame.clone()] {
                if (leap.passed & occ).is_empty() {
                    reach |= by_mode(Bitboard::from_square(leap.to), leap.mode);
                }
            }
            for ray in &self.rays[cell.rays.clone()] {
                reach |= by_mode(Bitboard(ray.reach(occ.0) & !ray.short), ray.mode);
            }
            if cell.dragon_landings.any() {
                reach |= cell.dragon_landings & enemy;
                for l in cell.dragon_landings & !occ {
                    reach.set(l);
                    let mut beside = self.neighbours[l.index()];
                    beside.clear(s);
                    reach |= beside & enemy;
                }
            }
            n += reach.count() as i32;
        }
        n
    }
}
