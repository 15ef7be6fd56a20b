//! The geometry of Ghost Chess as data: the edge ring (GHO-1), the ghosts' phasing rays and
//! leaps over the frame without its corners (GHO-31, GHO-34), the extra edge moves of ghost
//! bishops and knights (GHO-32), ghost pawn steps and captures (GHO-40..43), and the edge
//! squares of every board square grouped by spawn distance (GHO-21).

use crate::bitboard::Bitboard;
use crate::piece::Color;
use crate::square::{Square, SQUARE_COUNT};
use crate::tables::{masks, AttackTables};
use std::sync::LazyLock;

/// The squared Euclidean distance between two squares' centres in frame indices (GHO-21).
#[inline]
pub fn distance(a: Square, b: Square) -> u32 {
    let dc = a.col() as i32 - b.col() as i32;
    let dr = a.row() as i32 - b.row() as i32;
    (dc * dc + dr * dr) as u32
}

pub struct GhostTables {
    /// Leaper tables and rays over the 64 board squares plus the 32 edge squares: a ray stops
    /// before a corner or the frame's end and passes through everything (phasing).
    pub frame: AttackTables,
    /// The 32 edge squares.
    pub ring: Bitboard,
    /// The 64 board squares.
    pub board: Bitboard,
    /// Per edge square: the squares 1, 2 or 3 steps along its own edge line (GHO-32).
    pub edge_line3: [Bitboard; SQUARE_COUNT],
    /// Per colour and edge square: a ghost pawn's forward and sideways steps that stay on the
    /// edge (GHO-41).
    pub pawn_steps: [[Bitboard; SQUARE_COUNT]; 2],
    /// Per colour and edge square: the board squares diagonally forward (GHO-42).
    pub pawn_captures: [[Bitboard; SQUARE_COUNT]; 2],
    /// A ghost pawn's last squares per colour: z8, i8 for White, z1, i1 for Black (GHO-43).
    pub last: [Bitboard; 2],
    /// Per board square: the 32 edge squares by increasing distance (ties by index), with the
    /// distance, for the spawn walk (GHO-22).
    pub spawn_order: Vec<[(Square, u32); 32]>,
}

/// The edge line of an edge square as its direction of travel: horizontal on ranks 0 and 9,
/// vertical on files z and i.
fn edge_line_step(s: Square) -> (i8, i8) {
    if s.row() == 0 || s.row() == 9 {
        (1, 0)
    } else {
        (0, 1)
    }
}

fn build() -> GhostTables {
    let ring = masks::ring8();
    let board = masks::board8();
    let frame = AttackTables::new(ring | board);
    let mut edge_line3 = [Bitboard::EMPTY; SQUARE_COUNT];
    let mut pawn_steps = [[Bitboard::EMPTY; SQUARE_COUNT]; 2];
    let mut pawn_captures = [[Bitboard::EMPTY; SQUARE_COUNT]; 2];
    for s in ring {
        let (dc, dr) = edge_line_step(s);
        for sign in [-1i8, 1] {
            for k in 1..=3i8 {
                match s.offset(sign * k * dc, sign * k * dr) {
                    Some(t) if ring.contains(t) => edge_line3[s.index()].set(t),
                    _ => break,
                }
            }
        }
        for color in Color::BOTH {
            let up: i8 = if color == Color::White { 1 } else { -1 };
            for (dc, dr) in [(0, up), (-1, 0), (1, 0)] {
                if let Some(t) = s.offset(dc, dr).filter(|t| ring.contains(*t)) {
                    pawn_steps[color.index()][s.index()].set(t);
                }
            }
            for dc in [-1, 1] {
                if let Some(t) = s.offset(dc, up).filter(|t| board.contains(*t)) {
                    pawn_captures[color.index()][s.index()].set(t);
                }
            }
        }
    }
    let last = [
        Bitboard::from_square(Square::new(0, 8)) | Bitboard::from_square(Square::new(9, 8)),
        Bitboard::from_square(Square::new(0, 1)) | Bitboard::from_square(Square::new(9, 1)),
    ];
    let mut spawn_order = vec![[(Square::default(), 0u32); 32]; SQUARE_COUNT];
    for q in board {
        let mut edge: Vec<(Square, u32)> = ring.into_iter().map(|e| (e, distance(q, e))).collect();
        edge.sort_by_key(|&(e, d)| (d, e.index()));
        spawn_order[q.index()].copy_from_slice(&edge);
    }
    GhostTables {
        frame,
        ring,
        board,
        edge_line3,
        pawn_steps,
        pawn_captures,
        last,
        spawn_order,
    }
}

static TABLES: LazyLock<GhostTables> = LazyLock::new(build);

#[inline]
pub fn tables() -> &'static GhostTables {
    &TABLES
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Geometry;

    fn sq(name: &str) -> Square {
        Geometry::Framed8.parse(name).unwrap()
    }

    fn names(b: Bitboard) -> Vec<String> {
        b.into_iter().map(|s| Geometry::Framed8.name(s)).collect()
    }

    #[test]
    fn edge_lines_never_turn_a_corner_gho_32_gho_34() {
        let t = tables();
        assert_eq!(names(t.edge_line3[sq("a0").index()]), ["b0", "c0", "d0"]);
        assert_eq!(
            names(t.edge_line3[sq("z5").index()]),
            ["z2", "z3", "z4", "z6", "z7", "z8"]
        );
        assert_eq!(names(t.edge_line3[sq("i8").index()]), ["i5", "i6", "i7"]);
    }

    #[test]
    fn nearest_edge_squares_gho_21() {
        let t = tables();
        let first = |q: &str| t.spawn_order[sq(q).index()][..2].to_vec();
        let e4 = first("e4");
        assert_eq!((e4[0].1, e4[1].1), (16, 16));
        assert_eq!(
            (
                Geometry::Framed8.name(e4[0].0),
                Geometry::Framed8.name(e4[1].0)
            ),
            ("e0".to_string(), "i4".to_string())
        );
        let b6 = first("b6");
        assert_eq!(Geometry::Framed8.name(b6[0].0), "z6");
        assert!(b6[1].1 > b6[0].1);
    }
}
