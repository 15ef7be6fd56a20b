//! Squares of the 10x10 frame that holds every variant's board, and their G1 names.

use std::fmt;

/// Number of squares in the frame.
pub const SQUARE_COUNT: usize = 100;
/// Width (and height) of the frame.
pub const FRAME: u8 = 10;

/// One square of the 10x10 frame: `index = col + 10 * row`, both 0..=9.
///
/// The frame is the same for every variant; what a (col, row) pair is *called* depends on the
/// variant's [`Geometry`] (G1).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(u8);

impl Square {
    /// The square at column `col` and row `row` of the frame (both must be below 10).
    #[inline]
    pub const fn new(col: u8, row: u8) -> Square {
        debug_assert!(col < FRAME && row < FRAME);
        Square(row * FRAME + col)
    }

    /// The square with frame index `index` (must be below 100).
    #[inline]
    pub const fn from_index(index: u8) -> Square {
        debug_assert!((index as usize) < SQUARE_COUNT);
        Square(index)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn col(self) -> u8 {
        self.0 % FRAME
    }

    #[inline]
    pub const fn row(self) -> u8 {
        self.0 / FRAME
    }

    /// The square `dc` columns and `dr` rows away, if it lies inside the frame.
    #[inline]
    pub fn offset(self, dc: i8, dr: i8) -> Option<Square> {
        let c = self.col() as i8 + dc;
        let r = self.row() as i8 + dr;
        if (0..FRAME as i8).contains(&c) && (0..FRAME as i8).contains(&r) {
            Some(Square::new(c as u8, r as u8))
        } else {
            None
        }
    }

    /// All 100 frame squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARE_COUNT as u8).map(Square)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({},{})", self.col(), self.row())
    }
}

/// How a variant names the frame's squares (G1).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Geometry {
    /// An 8x8 board inside the frame: col 0 is file `z`, cols 1..=8 are `a..h`, col 9 is `i`;
    /// rows 0..=9 are ranks 0..=9 (the board is ranks 1..8). Corners z0, i0, z9, i9 never exist.
    Framed8,
    /// A 10x10 board filling the frame: cols 0..=9 are files `a..j`, rows 0..=9 are ranks 1..=10.
    Board10,
}

impl Geometry {
    /// The G1 name of `sq`, e.g. `e4`, `z3`, `a0`, `j10`.
    pub fn name(self, sq: Square) -> String {
        let mut s = String::with_capacity(3);
        self.write_name(sq, &mut s);
        s
    }

    /// Appends the G1 name of `sq` to `out` (no allocation in the common case).
    pub fn write_name(self, sq: Square, out: &mut String) {
        match self {
            Geometry::Framed8 => {
                out.push(match sq.col() {
                    0 => 'z',
                    9 => 'i',
                    c => (b'a' + c - 1) as char,
                });
                out.push((b'0' + sq.row()) as char);
            }
            Geometry::Board10 => {
                out.push((b'a' + sq.col()) as char);
                let rank = sq.row() + 1;
                if rank == 10 {
                    out.push_str("10");
                } else {
                    out.push((b'0' + rank) as char);
                }
            }
        }
    }

    /// Parses a square name at the start of `text`; returns the square and the bytes consumed.
    /// Frame corners are rejected; whether the square exists in a given variant is the variant's call.
    pub fn parse_prefix(self, text: &str) -> Option<(Square, usize)> {
        let b = text.as_bytes();
        let file = *b.first()?;
        match self {
            Geometry::Framed8 => {
                let col = match file {
                    b'z' => 0,
                    b'i' => 9,
                    b'a'..=b'h' => file - b'a' + 1,
                    _ => return None,
                };
                let row = b.get(1)?.checked_sub(b'0').filter(|r| *r <= 9)?;
                if (col == 0 || col == 9) && (row == 0 || row == 9) {
                    return None;
                }
                Some((Square::new(col, row), 2))
            }
            Geometry::Board10 => {
                let col = file.checked_sub(b'a').filter(|c| *c < 10)?;
                let d1 = b.get(1)?.checked_sub(b'0').filter(|d| *d <= 9)?;
                if d1 == 1 && b.get(2) == Some(&b'0') {
                    return Some((Square::new(col, 9), 3));
                }
                if d1 == 0 {
                    return None;
                }
                Some((Square::new(col, d1 - 1), 2))
            }
        }
    }

    /// Parses a whole string as one square name.
    pub fn parse(self, text: &str) -> Option<Square> {
        match self.parse_prefix(text) {
            Some((sq, n)) if n == text.len() => Some(sq),
            _ => None,
        }
    }

    /// The frame square of board file `file` (0-based a..) and board rank `rank` (0-based 1..).
    #[inline]
    pub const fn board_square(self, file: u8, rank: u8) -> Square {
        match self {
            Geometry::Framed8 => Square::new(file + 1, rank + 1),
            Geometry::Board10 => Square::new(file, rank),
        }
    }

    /// Width and height of the playing board proper (8 or 10).
    pub const fn board_size(self) -> u8 {
        match self {
            Geometry::Framed8 => 8,
            Geometry::Board10 => 10,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framed8_names_round_trip_and_corners_do_not_exist() {
        let g = Geometry::Framed8;
        assert_eq!(g.name(g.board_square(0, 0)), "a1");
        assert_eq!(g.name(g.board_square(7, 7)), "h8");
        assert_eq!(g.name(Square::new(0, 3)), "z3");
        assert_eq!(g.name(Square::new(9, 8)), "i8");
        assert_eq!(g.name(Square::new(4, 0)), "d0");
        assert_eq!(g.name(Square::new(1, 9)), "a9");
        for sq in Square::all() {
            let corner = (sq.col() == 0 || sq.col() == 9) && (sq.row() == 0 || sq.row() == 9);
            let parsed = g.parse(&g.name(sq));
            if corner {
                assert_eq!(parsed, None, "corner {:?} must not parse", sq);
            } else {
                assert_eq!(parsed, Some(sq));
            }
        }
        for bad in ["", "a", "j1", "a10", "z0", "i9", "e4x", "A1"] {
            assert_eq!(g.parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn board10_names_round_trip() {
        let g = Geometry::Board10;
        assert_eq!(g.name(Square::new(0, 0)), "a1");
        assert_eq!(g.name(Square::new(9, 9)), "j10");
        assert_eq!(g.parse("f10"), Some(Square::new(5, 9)));
        for sq in Square::all() {
            assert_eq!(g.parse(&g.name(sq)), Some(sq));
        }
        for bad in ["a0", "k1", "a11", "a01", "j100"] {
            assert_eq!(g.parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn offsets_stay_inside_the_frame() {
        let sq = Square::new(0, 0);
        assert_eq!(sq.offset(-1, 0), None);
        assert_eq!(sq.offset(9, 9), Some(Square::new(9, 9)));
        assert_eq!(Square::new(9, 5).offset(1, 0), None);
    }
}
