//! A variant-independent picture of a position: which squares exist and what stands on them.
//! Renderers (the SVG writer, GUIs) draw from this without knowing any variant's rules.

use crate::piece::Color;
use crate::square::{Geometry, Square};

/// The role a square plays, so a picture can shade it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Zone {
    /// An ordinary board square.
    Board,
    /// A frame square outside the 8x8 board that the variant uses: Ghost Chess's edge ring,
    /// Eldritch's Geomancer strips, Hobgoblin's hallway.
    Edge,
}

/// One piece (or stack of identical units) on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// The piece's FEN code in upper case (`N`, `GO`, ...): the colour is separate.
    pub code: String,
    pub color: Color,
    /// Units on the square (1 unless stacked).
    pub count: u32,
    /// A short state note shown beside the piece (a ghost, a Highlander stage, ...), if any.
    pub note: Option<String>,
}

/// One square the variant plays on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareView {
    pub square: Square,
    pub zone: Zone,
    pub piece: Option<PieceView>,
}

/// Everything a picture of one position shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub geometry: Geometry,
    /// Every square in play, in any order; frame squares not listed are not drawn.
    pub squares: Vec<SquareView>,
    /// Pieces in hand per colour (index `Color::index()`): code and count.
    pub hands: [Vec<(String, u32)>; 2],
    pub side_to_move: Color,
}
