//! A plain array board for the reference generators: `cells[file][rank]`, both 0-based, read
//! by signed (file, rank) coordinates. No bitboards and no tables, so a second move generator
//! written on it shares nothing with the fast one but the position it reads.

use crate::board::Board;
use crate::piece::Color;
use crate::square::Geometry;

/// One square's content: colour and kind.
pub(crate) type Cell = Option<(Color, u8)>;
/// A (file, rank) coordinate, 0-based; may point off the board while walking.
pub(crate) type Coord = (i8, i8);

/// The placement of an N x N board.
#[derive(Clone)]
pub(crate) struct Mailbox<const N: usize> {
    cells: [[Cell; N]; N],
}

impl<const N: usize> Mailbox<N> {
    /// The pieces of `board`, whose board proper is the N x N board of `g`.
    pub(crate) fn of<const K: usize>(board: &Board<K>, g: Geometry) -> Self {
        let mut cells = [[None; N]; N];
        for (f, file) in cells.iter_mut().enumerate() {
            for (r, cell) in file.iter_mut().enumerate() {
                let p = board.piece_at(g.board_square(f as u8, r as u8));
                if p.is_some() {
                    *cell = Some((p.color(), p.kind()));
                }
            }
        }
        Mailbox { cells }
    }

    pub(crate) fn get(&self, c: Coord) -> Cell {
        self.cells[c.0 as usize][c.1 as usize]
    }

    pub(crate) fn set(&mut self, c: Coord, v: Cell) {
        self.cells[c.0 as usize][c.1 as usize] = v;
    }

    /// Every coordinate of the board, file by file.
    pub(crate) fn coords() -> impl Iterator<Item = Coord> {
        let n = N as i8;
        (0..n).flat_map(move |f| (0..n).map(move |r| (f, r)))
    }
}
