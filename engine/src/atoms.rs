//! Movement atoms as data, for any variant: leaper atoms (Betza `W F N A D C Z H G`), single
//! ray attacks, and the two bent riders of ArchMage (Manticore: one orthogonal step, then a
//! diagonal slide outward; Griffon: one diagonal step, then an orthogonal slide outward).
//!
//! Tables are built for a board mask, like [`AttackTables`], so nothing leaves the board.

use crate::bitboard::Bitboard;
use crate::square::{Square, SQUARE_COUNT};
use crate::tables::{AttackTables, DIRECTIONS};

/// A leaper atom: one (dcol, drow) offset and all its reflections and rotations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LeapAtom {
    /// (1,0) wazir.
    W,
    /// (1,1) ferz.
    F,
    /// (1,2) knight.
    N,
    /// (2,2) alfil.
    A,
    /// (2,0) dabbaba.
    D,
    /// (1,3) camel.
    C,
    /// (2,3) zebra.
    Z,
    /// (3,0) threeleaper.
    H,
    /// (3,3) tripper.
    G,
}

impl LeapAtom {
    pub const ALL: [LeapAtom; 9] = [
        LeapAtom::W,
        LeapAtom::F,
        LeapAtom::N,
        LeapAtom::A,
        LeapAtom::D,
        LeapAtom::C,
        LeapAtom::Z,
        LeapAtom::H,
        LeapAtom::G,
    ];

    /// The base offset (a, b) with a >= b >= 0.
    pub const fn base(self) -> (i8, i8) {
        match self {
            LeapAtom::W => (1, 0),
            LeapAtom::F => (1, 1),
            LeapAtom::N => (2, 1),
            LeapAtom::A => (2, 2),
            LeapAtom::D => (2, 0),
            LeapAtom::C => (3, 1),
            LeapAtom::Z => (3, 2),
            LeapAtom::H => (3, 0),
            LeapAtom::G => (3, 3),
        }
    }

    /// Every distinct offset of the atom (4 or 8).
    pub fn offsets(self) -> Vec<(i8, i8)> {
        let (a, b) = self.base();
        let mut out = Vec::with_capacity(8);
        for (x, y) in [(a, b), (b, a)] {
            for sx in [1, -1] {
                for sy in [1, -1] {
                    let o = (x * sx, y * sy);
                    if !out.contains(&o) {
                        out.push(o);
                    }
                }
            }
        }
        out
    }

    /// The squares the atom reaches from every square of `mask`, inside `mask`.
    pub fn table(self, mask: Bitboard) -> [Bitboard; SQUARE_COUNT] {
        let offsets = self.offsets();
        let mut t = [Bitboard::EMPTY; SQUARE_COUNT];
        for sq in mask {
            for &(dc, dr) in &offsets {
                if let Some(to) = sq.offset(dc, dr).filter(|s| mask.contains(*s)) {
                    t[sq.index()].set(to);
                }
            }
        }
        t
    }
}

/// Directions of [`DIRECTIONS`] in which square indices increase (N, NE, E, NW).
#[inline]
pub const fn direction_increases(d: usize) -> bool {
    matches!(d, 0 | 1 | 2 | 7)
}

/// The squares along direction `d` from `sq` up to and including the first occupied one.
#[inline]
pub fn ray_attack(t: &AttackTables, d: usize, sq: Square, occ: Bitboard) -> Bitboard {
    let ray = t.rays[d][sq.index()];
    let blockers = ray & occ;
    if blockers.is_empty() {
        return ray;
    }
    let first = if direction_increases(d) {
        blockers.lsb()
    } else {
        blockers.msb()
    };
    ray ^ t.rays[d][first.index()]
}

/// The two bent riders.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BentRider {
    /// First step orthogonal, then a diagonal slide outward (XBetza `WyafsW`).
    Manticore,
    /// First step diagonal, then an orthogonal slide outward (XBetza `FyafsF`).
    Griffon,
}

/// Direction indices into [`DIRECTIONS`].
const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];
const DIAGONAL: [usize; 4] = [1, 3, 5, 7];

/// The directions that have `d` as a component (orthogonal `d`: the two diagonals beside it;
/// diagonal `d`: its two orthogonal parts).
const fn outward(d: usize) -> [usize; 2] {
    [(d + 1) % 8, (d + 7) % 8]
}

/// Per-square tables of a bent rider on a board mask.
pub struct BentTables {
    pub rider: BentRider,
    /// The first-step square in each of the 4 first-step directions, if on the board.
    first: [[Option<Square>; 4]; SQUARE_COUNT],
    /// The 4 first-step direction indices.
    first_dirs: [usize; 4],
    /// Every square the rider reaches from a square on an empty board.
    pub reach: [Bitboard; SQUARE_COUNT],
    /// `path[from * 100 + to]`: the squares strictly between `from` and a reachable `to` on the
    /// rider's unique path (empty for the single first step).
    path: Vec<Bitboard>,
}

impl BentTables {
    pub fn new(rider: BentRider, t: &AttackTables) -> BentTables {
        let mask = t.mask;
        let first_dirs = match rider {
            BentRider::Manticore => ORTHOGONAL,
            BentRider::Griffon => DIAGONAL,
        };
        let mut bt = BentTables {
            rider,
            first: [[None; 4]; SQUARE_COUNT],
            first_dirs,
            reach: [Bitboard::EMPTY; SQUARE_COUNT],
            path: vec![Bitboard::EMPTY; SQUARE_COUNT * SQUARE_COUNT],
        };
        for sq in mask {
            for (i, &d) in first_dirs.iter().enumerate() {
                let (dc, dr) = DIRECTIONS[d];
                let Some(s1) = sq.offset(dc, dr).filter(|s| mask.contains(*s)) else {
                    continue;
                };
                bt.first[sq.index()][i] = Some(s1);
                bt.reach[sq.index()].set(s1);
                for d2 in outward(d) {
                    let mut between = Bitboard::from_square(s1);
                    for to in t.rays[d2][s1.index()].iter_ordered(d2) {
                        bt.reach[sq.index()].set(to);
                        bt.path[sq.index() * SQUARE_COUNT + to.index()] = between;
                        between.set(to);
                    }
                }
            }
        }
        bt
    }

    /// Squares attacked from `sq` given occupancy `occ` (ARC-46): the first-step squares
    /// whatever stands there, and the outward slides from each empty first-step square.
    #[inline]
    pub fn attacks(&self, t: &AttackTables, sq: Square, occ: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for (i, &d) in self.first_dirs.iter().enumerate() {
            if let Some(s1) = self.first[sq.index()][i] {
                out.set(s1);
                if !occ.contains(s1) {
                    let [a, b] = outward(d);
                    out |= ray_attack(t, a, s1, occ) | ray_attack(t, b, s1, occ);
                }
            }
        }
        out
    }

    /// The squares strictly between `from` and `to` on the rider's path; meaningful only when
    /// `to` is in `reach[from]`.
    #[inline]
    pub fn path(&self, from: Square, to: Square) -> Bitboard {
        self.path[from.index() * SQUARE_COUNT + to.index()]
    }

    /// Whether a rider on `from` attacks `to` given `occ`.
    #[inline]
    pub fn attacks_square(&self, from: Square, to: Square, occ: Bitboard) -> bool {
        self.reach[from.index()].contains(to) && (self.path(from, to) & occ).is_empty()
    }
}

/// Iterating a ray outward from its origin.
trait OrderedIter {
    fn iter_ordered(self, d: usize) -> std::vec::IntoIter<Square>;
}

impl OrderedIter for Bitboard {
    fn iter_ordered(self, d: usize) -> std::vec::IntoIter<Square> {
        let mut v: Vec<Square> = self.iter().collect();
        if !direction_increases(d) {
            v.reverse();
        }
        v.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::masks;

    #[test]
    fn atom_offsets_and_tables() {
        assert_eq!(LeapAtom::W.offsets().len(), 4);
        assert_eq!(LeapAtom::N.offsets().len(), 8);
        assert_eq!(LeapAtom::G.offsets().len(), 4);
        assert_eq!(LeapAtom::Z.offsets().len(), 8);
        let t = LeapAtom::C.table(masks::board10());
        assert_eq!(t[Square::new(0, 0).index()].count(), 2);
        assert_eq!(t[Square::new(5, 5).index()].count(), 8);
    }

    #[test]
    fn bent_paths_are_unique_and_match_the_attack_walk() {
        let t = AttackTables::new(masks::board10());
        for rider in [BentRider::Manticore, BentRider::Griffon] {
            let bt = BentTables::new(rider, &t);
            let e5 = Square::new(4, 4);
            // 4 first steps, and from each two outward slides.
            let empty = bt.attacks(&t, e5, Bitboard::EMPTY);
            assert_eq!(empty, bt.reach[e5.index()]);
            let mut seed = 0x5eedu64;
            for _ in 0..300 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let occ = Bitboard(
                    ((seed as u128) << 64 | seed.rotate_left(29) as u128) & masks::board10().0,
                );
                for from in masks::board10() {
                    let fast = bt.attacks(&t, from, occ);
                    let by_path: Bitboard = bt.reach[from.index()]
                        .into_iter()
                        .filter(|&to| bt.attacks_square(from, to, occ))
                        .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s));
                    assert_eq!(fast, by_path, "{rider:?} from {from:?}");
                }
            }
        }
    }
}
