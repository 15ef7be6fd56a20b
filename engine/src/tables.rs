//! Precomputed leaper and slider tables over the frame, restricted to a board mask.
//!
//! Every variant builds one [`AttackTables`] for the squares its pieces may use (FIDE: the 8x8;
//! ArchMage: the whole 10x10; Ghost ghosts: the frame without corners), so moves never leave the
//! variant's board and no per-move bounds checks are needed.

use crate::bitboard::Bitboard;
use crate::square::{Square, SQUARE_COUNT};

/// The 8 directions as (dcol, drow): N, NE, E, SE, S, SW, W, NW.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// The orthogonal directions (rook, wazir).
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The diagonal directions (bishop, ferz).
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
pub const KNIGHT_OFFSETS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The four lines through a square, for sliders.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Line {
    File = 0,
    Rank = 1,
    Diagonal = 2,
    AntiDiagonal = 3,
}

/// Masks of one line through one square, split at the square (obstruction-difference slider
/// attacks: branch-free and independent of board width).
#[derive(Copy, Clone, Default)]
struct LineMasks {
    lower: u128,
    upper: u128,
}

pub struct AttackTables {
    pub mask: Bitboard,
    pub knight: [Bitboard; SQUARE_COUNT],
    pub king: [Bitboard; SQUARE_COUNT],
    /// Pawn capture targets, indexed by colour (0 = White, moving north).
    pub pawn: [[Bitboard; SQUARE_COUNT]; 2],
    /// Rays to the mask's edge, excluding the origin, per direction of [`DIRECTIONS`].
    pub rays: [[Bitboard; SQUARE_COUNT]; 8],
    lines: [[LineMasks; 4]; SQUARE_COUNT],
    /// Squares strictly between two squares on a common line, else empty.
    between: Vec<Bitboard>,
    /// The whole line (inside the mask) through two squares on a common line, else empty.
    line_through: Vec<Bitboard>,
}

impl AttackTables {
    pub fn new(mask: Bitboard) -> AttackTables {
        let leap = |sq: Square, offsets: &[(i8, i8)]| {
            let mut b = Bitboard::EMPTY;
            for &(dc, dr) in offsets {
                if let Some(t) = sq.offset(dc, dr) {
                    if mask.contains(t) {
                        b.set(t);
                    }
                }
            }
            b
        };
        let mut t = AttackTables {
            mask,
            knight: [Bitboard::EMPTY; SQUARE_COUNT],
            king: [Bitboard::EMPTY; SQUARE_COUNT],
            pawn: [[Bitboard::EMPTY; SQUARE_COUNT]; 2],
            rays: [[Bitboard::EMPTY; SQUARE_COUNT]; 8],
            lines: [[LineMasks::default(); 4]; SQUARE_COUNT],
            between: vec![Bitboard::EMPTY; SQUARE_COUNT * SQUARE_COUNT],
            line_through: vec![Bitboard::EMPTY; SQUARE_COUNT * SQUARE_COUNT],
        };
        for sq in Square::all() {
            if !mask.contains(sq) {
                continue;
            }
            let i = sq.index();
            t.knight[i] = leap(sq, &KNIGHT_OFFSETS);
            t.king[i] = leap(sq, &DIRECTIONS);
            t.pawn[0][i] = leap(sq, &[(-1, 1), (1, 1)]);
            t.pawn[1][i] = leap(sq, &[(-1, -1), (1, -1)]);
            for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
                let mut cur = sq;
                while let Some(next) = cur.offset(dc, dr) {
                    if !mask.contains(next) {
                        break;
                    }
                    t.rays[d][i].set(next);
                    cur = next;
                }
            }
        }
        // Lines: positive half is N, NE, E, NW (indices increase); negative half the opposite.
        const LINE_DIRS: [(usize, usize); 4] = [(0, 4), (2, 6), (1, 5), (7, 3)];
        for sq in Square::all() {
            let i = sq.index();
            for (l, &(up, down)) in LINE_DIRS.iter().enumerate() {
                t.lines[i][l] = LineMasks {
                    lower: t.rays[down][i].0,
                    upper: t.rays[up][i].0,
                };
            }
        }
        for a in Square::all() {
            for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
                let opposite = (d + 4) % 8;
                let mut between = Bitboard::EMPTY;
                let mut cur = a;
                while let Some(next) = cur.offset(dc, dr) {
                    if !mask.contains(next) || !mask.contains(a) {
                        break;
                    }
                    let k = a.index() * SQUARE_COUNT + next.index();
                    t.between[k] = between;
                    t.line_through[k] = t.rays[d][a.index()]
                        | t.rays[opposite][a.index()]
                        | Bitboard::from_square(a);
                    between.set(next);
                    cur = next;
                }
            }
        }
        t
    }

    #[inline]
    fn line_attacks(&self, sq: Square, line: Line, occ: Bitboard) -> Bitboard {
        let m = self.lines[sq.index()][line as usize];
        let lower = occ.0 & m.lower;
        let upper = occ.0 & m.upper;
        // Highest blocker below (or bit 0), lowest blocker above: the difference spans the attack.
        let ms1b = 1u128 << (127 - (lower | 1).leading_zeros());
        let odiff = upper ^ upper.wrapping_sub(ms1b);
        Bitboard(odiff & (m.lower | m.upper))
    }

    /// Rook attacks from `sq` given occupancy `occ` (first blocker included).
    #[inline]
    pub fn rook(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.line_attacks(sq, Line::File, occ) | self.line_attacks(sq, Line::Rank, occ)
    }

    /// Bishop attacks from `sq` given occupancy `occ` (first blocker included).
    #[inline]
    pub fn bishop(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.line_attacks(sq, Line::Diagonal, occ) | self.line_attacks(sq, Line::AntiDiagonal, occ)
    }

    #[inline]
    pub fn queen(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }

    /// Rook moves on an empty board.
    #[inline]
    pub fn rook_empty(&self, sq: Square) -> Bitboard {
        let i = sq.index();
        self.rays[0][i] | self.rays[2][i] | self.rays[4][i] | self.rays[6][i]
    }

    /// Bishop moves on an empty board.
    #[inline]
    pub fn bishop_empty(&self, sq: Square) -> Bitboard {
        let i = sq.index();
        self.rays[1][i] | self.rays[3][i] | self.rays[5][i] | self.rays[7][i]
    }

    /// Squares strictly between `a` and `b` if they share a line, else empty.
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        self.between[a.index() * SQUARE_COUNT + b.index()]
    }

    /// The full line through `a` and `b` if they share one, else empty.
    #[inline]
    pub fn line_through(&self, a: Square, b: Square) -> Bitboard {
        self.line_through[a.index() * SQUARE_COUNT + b.index()]
    }
}

/// Board masks of the variant geometries.
pub mod masks {
    use crate::bitboard::Bitboard;
    use crate::square::Square;

    /// The 8x8 board inside the frame (cols 1..=8, rows 1..=8).
    pub fn board8() -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for r in 1..=8 {
            for c in 1..=8 {
                b.set(Square::new(c, r));
            }
        }
        b
    }

    /// The whole 10x10 frame (ArchMage's board).
    pub fn board10() -> Bitboard {
        Bitboard::FULL
    }

    /// The 32 frame squares around the 8x8 board (Ghost edge ring, Eldritch strips, hallway file i).
    pub fn ring8() -> Bitboard {
        let corners = [(0, 0), (9, 0), (0, 9), (9, 9)];
        let mut b = !board8();
        for (c, r) in corners {
            b.clear(Square::new(c, r));
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_slider(t: &AttackTables, sq: Square, occ: Bitboard, dirs: &[usize]) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for &d in dirs {
            let (dc, dr) = DIRECTIONS[d];
            let mut cur = sq;
            while let Some(n) = cur.offset(dc, dr) {
                if !t.mask.contains(n) {
                    break;
                }
                out.set(n);
                if occ.contains(n) {
                    break;
                }
                cur = n;
            }
        }
        out
    }

    #[test]
    fn slider_attacks_match_ray_walk_on_random_occupancies() {
        for mask in [
            masks::board8(),
            masks::board10(),
            masks::ring8() | masks::board8(),
        ] {
            let t = AttackTables::new(mask);
            let mut seed = 0x1234_5678_9abc_def0u64;
            for _ in 0..2000 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let occ = Bitboard(((seed as u128) << 64 | seed.rotate_left(23) as u128) & mask.0);
                for sq in mask {
                    assert_eq!(t.rook(sq, occ), slow_slider(&t, sq, occ, &[0, 2, 4, 6]));
                    assert_eq!(t.bishop(sq, occ), slow_slider(&t, sq, occ, &[1, 3, 5, 7]));
                }
            }
        }
    }

    #[test]
    fn leapers_respect_the_mask() {
        let t = AttackTables::new(masks::board8());
        let a1 = Square::new(1, 1);
        assert_eq!(t.knight[a1.index()].count(), 2);
        assert_eq!(t.king[a1.index()].count(), 3);
        let t10 = AttackTables::new(masks::board10());
        assert_eq!(t10.knight[Square::new(0, 0).index()].count(), 2);
        assert_eq!(t10.knight[Square::new(5, 5).index()].count(), 8);
        assert_eq!(masks::ring8().count(), 32);
    }

    #[test]
    fn between_and_line() {
        let t = AttackTables::new(masks::board8());
        let a1 = Square::new(1, 1);
        let h8 = Square::new(8, 8);
        assert_eq!(t.between(a1, h8).count(), 6);
        assert_eq!(t.line_through(a1, h8).count(), 8);
        assert!(t.between(a1, Square::new(2, 3)).is_empty());
        assert!(t.line_through(a1, Square::new(2, 3)).is_empty());
    }
}
