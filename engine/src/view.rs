//! A variant-independent picture of a position: which squares exist and what stands on them.
//! Renderers (the SVG writer, GUIs, other front ends through [`BoardView::to_json`]) draw from
//! this without knowing any variant's rules.

use crate::piece::Color;
use crate::square::{Geometry, Square};
use std::fmt::Write;

/// The role a square plays, so a picture can shade it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Zone {
    /// An ordinary board square.
    Board,
    /// A frame square outside the 8x8 board that the variant uses: Ghost Chess's edge ring,
    /// Eldritch's Geomancer strips, Hobgoblin's hallway.
    Edge,
}

impl Zone {
    /// `board` or `edge`.
    pub const fn name(self) -> &'static str {
        match self {
            Zone::Board => "board",
            Zone::Edge => "edge",
        }
    }
}

/// One unit on a square or in hand (or several identical units counted together).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// The piece's FEN code in upper case (`N`, `GO`, `*A`, ...): the colour is separate.
    pub code: String,
    /// The type's full name as the variant's legend gives it (`Knight`, `Court Magician`,
    /// `Ghost Rook`): pictures look the type's glyph up by it. Empty when the variant has none.
    pub name: String,
    pub color: Color,
    /// How many identical units this entry stands for (1 on the board unless a crowd; the count
    /// of a piece in hand).
    pub count: u32,
    /// A short state note shown beside the piece (a ghost, a Highlander stage, ...), if any.
    pub note: Option<String>,
}

impl PieceView {
    /// One unit with no note.
    pub fn new(code: impl Into<String>, name: impl Into<String>, color: Color) -> PieceView {
        PieceView {
            code: code.into(),
            name: name.into(),
            color,
            count: 1,
            note: None,
        }
    }
}

/// One square the variant plays on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareView {
    pub square: Square,
    pub zone: Zone,
    /// What stands on the square, top unit first (an Eldritch stack's rider over its carrier, a
    /// Hobgoblin crowd); empty for an empty square.
    pub units: Vec<PieceView>,
}

impl SquareView {
    /// The top unit, if the square is occupied.
    pub fn top(&self) -> Option<&PieceView> {
        self.units.first()
    }
}

/// Everything a picture of one position shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub geometry: Geometry,
    /// Every square in play, in any order; frame squares not listed are not drawn.
    pub squares: Vec<SquareView>,
    /// Pieces in hand per colour (index `Color::index()`), each with its count.
    pub hands: [Vec<PieceView>; 2],
    pub side_to_move: Color,
}

impl BoardView {
    /// The view as a JSON document for other front ends (one line, keys in a fixed order):
    ///
    /// ```json
    /// {"geometry":{"name":"framed8","board_size":8},
    ///  "squares":[{"name":"e1","col":5,"row":1,"zone":"board",
    ///              "units":[{"code":"K","name":"King","color":"white","count":1,"note":null}]}],
    ///  "hands":{"white":[],"black":[]},"side_to_move":"white"}
    /// ```
    ///
    /// `col` and `row` are the square's place in the 10x10 frame (row 0 at White's side);
    /// `name` is what the geometry calls it. Squares come in the view's order.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(4096 + 96 * self.squares.len());
        let geometry = match self.geometry {
            Geometry::Framed8 => "framed8",
            Geometry::Board10 => "board10",
        };
        let _ = write!(
            out,
            r#"{{"geometry":{{"name":"{geometry}","board_size":{}}},"squares":["#,
            self.geometry.board_size()
        );
        for (i, s) in self.squares.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(r#"{"name":"#);
            json_string(&mut out, &self.geometry.name(s.square));
            let _ = write!(
                out,
                r#","col":{},"row":{},"zone":"{}","units":"#,
                s.square.col(),
                s.square.row(),
                s.zone.name()
            );
            json_units(&mut out, &s.units);
            out.push('}');
        }
        out.push_str(r#"],"hands":{"white":"#);
        json_units(&mut out, &self.hands[Color::White.index()]);
        out.push_str(r#","black":"#);
        json_units(&mut out, &self.hands[Color::Black.index()]);
        let _ = write!(out, r#"}},"side_to_move":"{}"}}"#, self.side_to_move.name());
        out
    }
}

fn json_units(out: &mut String, units: &[PieceView]) {
    out.push('[');
    for (i, u) in units.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(r#"{"code":"#);
        json_string(out, &u.code);
        out.push_str(r#","name":"#);
        json_string(out, &u.name);
        let _ = write!(
            out,
            r#","color":"{}","count":{},"note":"#,
            u.color.name(),
            u.count
        );
        match &u.note {
            Some(n) => json_string(out, n),
            None => out.push_str("null"),
        }
        out.push('}');
    }
    out.push(']');
}

/// Appends `s` as a JSON string literal.
fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
