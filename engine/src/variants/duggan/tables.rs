//! Duggan's piece geometry as data, expanded once into per-square tables: the leaper and rider
//! atoms come from [`AttackTables`] (king, bishop rays, between), the two pieces standard
//! tables cannot express get their own:
//!
//! - the Golem's 8 vectors (DUG-10) with their path squares, the vector of a Golem that holds a
//!   given square, and the squares from which a Golem could reach a square (its *sources*);
//! - the Archer's equal-leg bent paths (DUG-25/26): for every origin and destination, the two
//!   paths as square sets. The relation is symmetric (the path from `t` back to `s` visits the
//!   same squares), so the same table answers "which Archers reach this square".
//!
//! A path that leaves the board is stored as [`OFF_BOARD_PATH`], a set holding the frame corner
//! z0, which the blocker set of every test includes.

use crate::bitboard::Bitboard;
use crate::piece::Color;
use crate::square::{Square, SQUARE_COUNT};
use crate::tables::{masks, AttackTables, DIRECTIONS};
use std::sync::LazyLock;

/// The Golem's vectors (DUG-10): alfil `(±2,±2)` and threeleaper `(±3,0)`, `(0,±3)`.
pub const GOLEM_VECTORS: [(i8, i8); 8] = [
    (2, 2),
    (2, -2),
    (-2, -2),
    (-2, 2),
    (3, 0),
    (-3, 0),
    (0, 3),
    (0, -3),
];

/// No vector (table filler).
pub const NO_VECTOR: u8 = u8::MAX;
/// No square (table filler).
pub const NO_SQUARE: u8 = u8::MAX;

/// The path set of a path that leaves the board: the frame corner z0, never a board square.
pub const OFF_BOARD_PATH: Bitboard = Bitboard(1);

/// Occupancy plus the off-board marker: a path is usable iff it does not meet this set.
#[inline]
pub fn path_blockers(occ: Bitboard) -> Bitboard {
    Bitboard(occ.0 | OFF_BOARD_PATH.0)
}

/// Index 0..64 of a board square (a1 = 0, h8 = 63).
#[inline]
pub fn index64(sq: Square) -> usize {
    (sq.row() as usize - 1) * 8 + sq.col() as usize - 1
}

pub struct DugganTables {
    /// King, bishop, rays and between tables of the 8x8 board.
    pub base: AttackTables,
    /// The 64 board squares.
    pub board: Bitboard,
    /// The four orthogonal neighbours (Commander, DUG-30).
    pub wazir: [Bitboard; SQUARE_COUNT],
    /// Destination square index of each Golem vector, or [`NO_SQUARE`] if it leaves the board.
    pub golem_dest: [[u8; 8]; SQUARE_COUNT],
    /// Path squares of each Golem vector (strictly between origin and destination).
    pub golem_path: [[Bitboard; 8]; SQUARE_COUNT],
    /// Path plus destination of each Golem vector.
    pub golem_full: [[Bitboard; 8]; SQUARE_COUNT],
    /// Squares from which a Golem has the square on one of its vectors (path or destination).
    pub golem_sources: [Bitboard; SQUARE_COUNT],
    /// `golem_vector[g * 100 + x]`: the vector of a Golem on `g` whose path or destination is
    /// `x` (at most one), or [`NO_VECTOR`].
    golem_vector: Vec<u8>,
    /// Every Archer destination of a square on the empty board.
    pub archer_targets: [Bitboard; SQUARE_COUNT],
    /// `archer_paths[index64(s) * 64 + index64(t)]`: the two paths from `s` to `t`.
    archer_paths: Vec<[Bitboard; 2]>,
    /// Squares a Mercenary of a colour reaches with threat steps: left, right, forward.
    pub merc_reach: [[Bitboard; SQUARE_COUNT]; 2],
    /// Squares from which a Mercenary of a colour reaches the square (inverse of `merc_reach`).
    pub merc_sources: [[Bitboard; SQUARE_COUNT]; 2],
    /// Rank masks by 0-based rank.
    pub rank: [Bitboard; 8],
}

impl DugganTables {
    fn new() -> DugganTables {
        let board = masks::board8();
        let on = |s: Option<Square>| s.filter(|s| board.contains(*s));
        let mut t = DugganTables {
            base: AttackTables::new(board),
            board,
            wazir: [Bitboard::EMPTY; SQUARE_COUNT],
            golem_dest: [[NO_SQUARE; 8]; SQUARE_COUNT],
            golem_path: [[Bitboard::EMPTY; 8]; SQUARE_COUNT],
            golem_full: [[Bitboard::EMPTY; 8]; SQUARE_COUNT],
            golem_sources: [Bitboard::EMPTY; SQUARE_COUNT],
            golem_vector: vec![NO_VECTOR; SQUARE_COUNT * SQUARE_COUNT],
            archer_targets: [Bitboard::EMPTY; SQUARE_COUNT],
            archer_paths: vec![[OFF_BOARD_PATH; 2]; 64 * 64],
            merc_reach: [[Bitboard::EMPTY; SQUARE_COUNT]; 2],
            merc_sources: [[Bitboard::EMPTY; SQUARE_COUNT]; 2],
            rank: [Bitboard::EMPTY; 8],
        };
        for s in board {
            t.rank[s.row() as usize - 1].set(s);
        }
        let mut archer_count = vec![0u8; 64 * 64];
        for s in board {
            let i = s.index();
            for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                if let Some(n) = on(s.offset(dc, dr)) {
                    t.wazir[i].set(n);
                }
            }
            for (v, &(dc, dr)) in GOLEM_VECTORS.iter().enumerate() {
                let Some(dest) = on(s.offset(dc, dr)) else {
                    continue;
                };
                let steps = dc.abs().max(dr.abs());
                let mut path = Bitboard::EMPTY;
                for k in 1..steps {
                    path.set(
                        s.offset(dc.signum() * k, dr.signum() * k)
                            .expect("on board"),
                    );
                }
                t.golem_dest[i][v] = dest.index() as u8;
                t.golem_path[i][v] = path;
                t.golem_full[i][v] = path | Bitboard::from_square(dest);
                for x in t.golem_full[i][v] {
                    t.golem_vector[i * SQUARE_COUNT + x.index()] = v as u8;
                    t.golem_sources[x.index()].set(s);
                }
            }
            // Archer (DUG-25/26): first leg n squares along d1, second leg n squares along a
            // perpendicular d2. The path is the first leg (turning square included) and the
            // first n-1 squares of the second leg.
            for &(c1, r1) in DIRECTIONS.iter() {
                for (c2, r2) in [(-r1, c1), (r1, -c1)] {
                    for n in 1..=7i8 {
                        let Some(dest) = on(s.offset(n * (c1 + c2), n * (r1 + r2))) else {
                            continue;
                        };
                        let mut path = Bitboard::EMPTY;
                        let mut off_board = false;
                        let squares = (1..=n)
                            .map(|k| s.offset(k * c1, k * r1))
                            .chain((1..n).map(|k| s.offset(n * c1 + k * c2, n * r1 + k * r2)));
                        for sq in squares {
                            match on(sq) {
                                Some(sq) => path.set(sq),
                                None => off_board = true,
                            }
                        }
                        let k = index64(s) * 64 + index64(dest);
                        let slot = archer_count[k] as usize;
                        assert!(slot < 2, "an Archer destination has exactly two paths");
                        t.archer_paths[k][slot] = if off_board { OFF_BOARD_PATH } else { path };
                        archer_count[k] += 1;
                        t.archer_targets[i].set(dest);
                    }
                }
            }
            for color in Color::BOTH {
                let dr = if color == Color::White { 1 } else { -1 };
                for (dc, dr) in [(-1, 0), (1, 0), (0, dr)] {
                    if let Some(n) = on(s.offset(dc, dr)) {
                        t.merc_reach[color.index()][i].set(n);
                        t.merc_sources[color.index()][n.index()].set(s);
                    }
                }
            }
        }
        debug_assert!(archer_count.iter().all(|&c| c == 0 || c == 2));
        t
    }

    /// The vector of a Golem on `g` that contains `x`, or [`NO_VECTOR`].
    #[inline]
    pub fn golem_vector(&self, g: Square, x: Square) -> u8 {
        self.golem_vector[g.index() * SQUARE_COUNT + x.index()]
    }

    /// The two paths between `s` and an Archer destination `t` (either direction).
    #[inline]
    pub fn archer_paths(&self, s: Square, t: Square) -> [Bitboard; 2] {
        self.archer_paths[index64(s) * 64 + index64(t)]
    }

    /// Whether an Archer on `s` reaches `t` (an entry of `archer_targets[s]`) given the path
    /// blockers ([`path_blockers`] of the occupancy).
    #[inline]
    pub fn archer_clear(&self, s: Square, t: Square, blockers: Bitboard) -> bool {
        let [a, b] = self.archer_paths(s, t);
        (a & blockers).is_empty() || (b & blockers).is_empty()
    }

    /// Every square a Golem on `s` reaches (DUG-40 e): the destination of each vector whose path
    /// and destination hold nothing in `forbidden` (the Golems and the mover's own Adept,
    /// DUG-13), plus the path squares of those whose destination is occupied.
    #[inline]
    pub fn golem_reach(&self, s: Square, occ: Bitboard, forbidden: Bitboard) -> Bitboard {
        let i = s.index();
        let mut out = Bitboard::EMPTY;
        for v in 0..8 {
            let d = self.golem_dest[i][v];
            if d == NO_SQUARE || (self.golem_full[i][v] & forbidden).any() {
                continue;
            }
            let dest = Square::from_index(d);
            out.set(dest);
            if occ.contains(dest) {
                out |= self.golem_path[i][v];
            }
        }
        out
    }

    /// Every square an Archer on `s` reaches given the path blockers.
    #[inline]
    pub fn archer_reach(&self, s: Square, blockers: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for t in self.archer_targets[s.index()] {
            if self.archer_clear(s, t, blockers) {
                out.set(t);
            }
        }
        out
    }
}

static TABLES: LazyLock<DugganTables> = LazyLock::new(DugganTables::new);

/// The Duggan tables (also used by the evaluation).
#[inline]
pub fn tables() -> &'static DugganTables {
    &TABLES
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        crate::square::Geometry::Framed8.parse(name).unwrap()
    }

    #[test]
    fn golem_vectors_paths_and_sources() {
        let t = tables();
        let a1 = sq("a1");
        let dests: Vec<Square> = (0..8)
            .filter(|&v| t.golem_dest[a1.index()][v] != NO_SQUARE)
            .map(|v| Square::from_index(t.golem_dest[a1.index()][v]))
            .collect();
        assert_eq!(dests, vec![sq("c3"), sq("d1"), sq("a4")]);
        let v = t.golem_vector(a1, sq("c1")) as usize;
        assert_eq!(t.golem_dest[a1.index()][v], sq("d1").index() as u8);
        assert_eq!(t.golem_path[a1.index()][v].count(), 2);
        assert_eq!(t.golem_vector(a1, sq("b3")), NO_VECTOR);
        // e4 lies on 20 Golem vectors: 8 as destination, 4 diagonal and 8 orthogonal paths.
        assert_eq!(t.golem_sources[sq("e4").index()].count(), 20);
    }

    #[test]
    fn archer_paths_are_symmetric_and_colour_bound() {
        let t = tables();
        for s in t.board {
            for d in t.archer_targets[s.index()] {
                assert_eq!((s.col() + s.row()) % 2, (d.col() + d.row()) % 2);
                let mut a = t.archer_paths(s, d);
                let mut b = t.archer_paths(d, s);
                a.sort_by_key(|p| p.0);
                b.sort_by_key(|p| p.0);
                assert_eq!(a, b, "{s:?} {d:?}");
                assert!(t.archer_targets[d.index()].contains(s));
            }
        }
        // From d4: (n,n) for n up to 4 in the long directions, and (±2n,0)/(0,±2n).
        let d4 = sq("d4");
        let p = t.archer_paths(d4, sq("f6"));
        assert!(p.iter().all(|p| p.count() == 3));
        assert!(t.archer_targets[d4.index()].contains(sq("d8")));
        assert!(t.archer_targets[d4.index()].contains(sq("h4")));
        assert!(t.archer_targets[d4.index()].contains(sq("d6")));
        // a1 to a3 turns at b2 only (the z-file path is off the board).
        let p = t.archer_paths(sq("a1"), sq("a3"));
        assert!(p.contains(&OFF_BOARD_PATH));
        assert!(p.contains(&Bitboard::from_square(sq("b2"))));
    }
}
