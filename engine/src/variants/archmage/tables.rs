//! ArchMage's piece geometry expanded once into per-square tables on the 10x10 board: the
//! shared slider tables, one leap table per kind, leap *groups* (atoms that the same kinds use,
//! merged, for fast attack tests), the two bent riders, and the masks the rules need.

use super::pieces::*;
use crate::atoms::{BentRider, BentTables, LeapAtom};
use crate::bitboard::Bitboard;
use crate::piece::Color;
use crate::square::{Square, SQUARE_COUNT};
use crate::tables::{masks, AttackTables};
use std::sync::LazyLock;

/// `kind_groups` bit of an orthogonal slider.
pub const ORTHOGONAL_BIT: u16 = 1 << 14;
/// `kind_groups` bit of a diagonal slider.
pub const DIAGONAL_BIT: u16 = 1 << 15;

/// A set of kinds as bits (`1 << kind`).
pub type KindSet = u32;

/// One leap group: the squares reached by the union of some atoms, and the kinds that have
/// exactly those atoms among theirs.
pub struct LeapGroup {
    pub kinds: KindSet,
    pub table: [Bitboard; SQUARE_COUNT],
}

pub struct ArchTables {
    pub base: AttackTables,
    /// All leap targets of each kind (its atoms together).
    pub leaps: [[Bitboard; SQUARE_COUNT]; KINDS],
    pub groups: Vec<LeapGroup>,
    pub manticore: BentTables,
    pub griffon: BentTables,
    /// Per kind, the leap groups it belongs to as bits (bit g = `groups[g]`), plus
    /// [`ORTHOGONAL_BIT`] and [`DIAGONAL_BIT`] for its slides.
    pub kind_groups: [u16; KINDS],
    /// Every square any leap of any kind reaches (candidates for a reverse attack test).
    pub any_leap: [Bitboard; SQUARE_COUNT],
    /// Kinds with orthogonal / diagonal slides.
    pub orthogonal_sliders: KindSet,
    pub diagonal_sliders: KindSet,
    /// Squares at Chebyshev distance 1..=3 (the switch radius, ARC-53).
    pub box3: [Bitboard; SQUARE_COUNT],
    /// The 4 orthogonal neighbours.
    pub wazir: [Bitboard; SQUARE_COUNT],
    /// The Prince's two-step destinations (ARC-35 b): two squares straight, 4 directions.
    pub prince_two: [Bitboard; SQUARE_COUNT],
    /// Rank masks by 0-based rank.
    pub rank: [Bitboard; 10],
    /// File masks by 0-based file.
    pub file: [Bitboard; 10],
}

impl ArchTables {
    fn new() -> ArchTables {
        let mask = masks::board10();
        let base = AttackTables::new(mask);
        let atom_tables: Vec<[Bitboard; SQUARE_COUNT]> =
            LeapAtom::ALL.iter().map(|a| a.table(mask)).collect();
        let mut leaps = [[Bitboard::EMPTY; SQUARE_COUNT]; KINDS];
        let mut atom_kinds = [0 as KindSet; 9];
        for (kind, m) in MOVEMENT.iter().enumerate() {
            for &atom in m.leaps {
                let a = LeapAtom::ALL.iter().position(|&x| x == atom).expect("atom");
                atom_kinds[a] |= 1 << kind;
                for (entry, &more) in leaps[kind].iter_mut().zip(atom_tables[a].iter()) {
                    *entry |= more;
                }
            }
        }
        let mut groups: Vec<LeapGroup> = Vec::new();
        for (a, &kinds) in atom_kinds.iter().enumerate() {
            if kinds == 0 {
                continue;
            }
            match groups.iter_mut().find(|g| g.kinds == kinds) {
                Some(g) => {
                    for (entry, &more) in g.table.iter_mut().zip(atom_tables[a].iter()) {
                        *entry |= more;
                    }
                }
                None => groups.push(LeapGroup {
                    kinds,
                    table: atom_tables[a],
                }),
            }
        }
        let set_of = |f: fn(&Movement) -> bool| {
            MOVEMENT
                .iter()
                .enumerate()
                .filter(|(_, m)| f(m))
                .fold(0, |s, (k, _)| s | 1 << k)
        };
        let mut box3 = [Bitboard::EMPTY; SQUARE_COUNT];
        let mut rank = [Bitboard::EMPTY; 10];
        let mut file = [Bitboard::EMPTY; 10];
        for s in mask {
            rank[s.row() as usize].set(s);
            file[s.col() as usize].set(s);
            for t in mask {
                let d = (s.col() as i8 - t.col() as i8)
                    .abs()
                    .max((s.row() as i8 - t.row() as i8).abs());
                if (1..=3).contains(&d) {
                    box3[s.index()].set(t);
                }
            }
        }
        let mut kind_groups = [0u16; KINDS];
        for (k, bits) in kind_groups.iter_mut().enumerate() {
            for (g, group) in groups.iter().enumerate() {
                if group.kinds & (1 << k) != 0 {
                    *bits |= 1 << g;
                }
            }
            if MOVEMENT[k].orthogonal_slide {
                *bits |= ORTHOGONAL_BIT;
            }
            if MOVEMENT[k].diagonal_slide {
                *bits |= DIAGONAL_BIT;
            }
        }
        assert!(groups.len() <= 14, "leap groups fit below the slide bits");
        let mut any_leap = [Bitboard::EMPTY; SQUARE_COUNT];
        for table in &leaps {
            for (entry, &more) in any_leap.iter_mut().zip(table.iter()) {
                *entry |= more;
            }
        }
        ArchTables {
            any_leap,
            kind_groups,
            manticore: BentTables::new(BentRider::Manticore, &base),
            griffon: BentTables::new(BentRider::Griffon, &base),
            wazir: atom_tables[0],
            prince_two: LeapAtom::D.table(mask),
            base,
            leaps,
            groups,
            orthogonal_sliders: set_of(|m| m.orthogonal_slide),
            diagonal_sliders: set_of(|m| m.diagonal_slide),
            box3,
            rank,
            file,
        }
    }

    /// The last rank of `c` (ARC-2).
    #[inline]
    pub fn last_rank(&self, c: Color) -> Bitboard {
        self.rank[if c == Color::White { 9 } else { 0 }]
    }

    /// Relative ranks 1..=3 of `c`: where a Pawn has its double step (ARC-25).
    #[inline]
    pub fn double_step_ranks(&self, c: Color) -> Bitboard {
        if c == Color::White {
            self.rank[0] | self.rank[1] | self.rank[2]
        } else {
            self.rank[7] | self.rank[8] | self.rank[9]
        }
    }
}

static TABLES: LazyLock<ArchTables> = LazyLock::new(ArchTables::new);

/// The ArchMage tables (also used by the evaluation).
#[inline]
pub fn tables() -> &'static ArchTables {
    &TABLES
}

/// Square by 0-based file and rank.
#[inline]
pub const fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leap_counts_match_the_catalogue() {
        let t = tables();
        let e5 = sq(4, 4);
        // ARC-31: every square of the 5x5 box; ARC-32: 24 squares on the 8 lines;
        // ARC-41: 24 squares of N, C and Z.
        assert_eq!(t.leaps[MAGE as usize][e5.index()].count(), 24);
        assert_eq!(t.leaps[SORCERESS as usize][e5.index()].count(), 24);
        assert_eq!(t.leaps[BUFFALO as usize][e5.index()].count(), 24);
        assert_eq!(t.leaps[PHOENIX as usize][e5.index()].count(), 8);
        assert_eq!(t.box3[e5.index()].count(), 48);
        // Leap groups partition each kind's atoms.
        for kind in 0..KINDS {
            let mut union = Bitboard::EMPTY;
            for g in &t.groups {
                if g.kinds & (1 << kind) != 0 {
                    union |= g.table[e5.index()];
                }
            }
            assert_eq!(union, t.leaps[kind][e5.index()], "kind {kind}");
        }
    }
}
