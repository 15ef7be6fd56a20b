//! Colours and pieces. Piece *kinds* are small indices local to each variant.

use std::ops::Not;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A coloured piece: `kind << 1 | colour`, or [`Piece::NONE`]. Kinds are variant-local indices
/// below 64 (Eldritch needs about 46), so the value indexes Zobrist tables directly.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece(u8);

impl Piece {
    pub const NONE: Piece = Piece(0xFF);
    /// Upper bound of [`Piece::index`] for real pieces.
    pub const INDEX_LIMIT: usize = 128;

    #[inline]
    pub const fn new(color: Color, kind: u8) -> Piece {
        debug_assert!(kind < 64);
        Piece(kind << 1 | color as u8)
    }

    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0xFF
    }

    #[inline]
    pub const fn is_some(self) -> bool {
        self.0 != 0xFF
    }

    #[inline]
    pub const fn kind(self) -> u8 {
        self.0 >> 1
    }

    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
