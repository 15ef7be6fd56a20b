//! SVG pictures of positions, drawn from a variant-independent [`BoardView`].
//!
//! The picture shows exactly the squares the view lists (so an 8x8 board, a 10x10 board, or an
//! 8x8 board with frame squares around it), file and rank labels named by the view's geometry,
//! the pieces (drawn glyphs, see [`crate::glyphs`]), stacks and notes, both hands, a key of the
//! types shown, the side to move, highlighted squares and a caption.
//!
//! Every element a test may count carries a class: each drawn square is a
//! `<rect class="square light|dark|edge">`, each occupied square's units a `<g class="piece">`
//! (holding one `<g class="unit">` per unit, top first, each with a `<g class="glyph">`), each
//! piece in hand a `<g class="hand-piece">`, each key entry a `<g class="key-item">`,
//! highlights are `<rect class="highlight">`. Squares, pieces and highlights also carry
//! `data-square` with the square's name. A type with no glyph of its own is drawn as its code
//! in a `<circle class="disc">` (the glyph tests make that a failure for every real variant).

use crate::glyphs;
use grimoire_engine::piece::Color;
use grimoire_engine::square::{Geometry, Square};
use grimoire_engine::view::{BoardView, PieceView, SquareView, Zone};
use std::fmt::Write;

/// Side of one square, in SVG user units.
const SQ: i32 = 56;
/// Outer padding.
const PAD: i32 = 12;
/// Width of the rank-label column and height of the file-label row.
const LABEL: i32 = 22;
/// Height of the side-to-move line above the board.
const HEADER: i32 = 32;
/// Height of a hand's label line.
const HAND_LABEL: i32 = 22;
/// Height of one row of pieces in hand.
const HAND_ROW: i32 = 44;
/// Width of one piece-in-hand item (glyph plus count).
const HAND_ITEM: i32 = 78;
/// Height of one caption line.
const CAPTION_LINE: i32 = 22;
/// Height of the key's title line and of one row of key entries.
const KEY_TITLE: i32 = 22;
const KEY_ROW: i32 = 40;
/// Side of a glyph in the key.
const KEY_GLYPH: i32 = 34;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const EDGE_LIGHT: &str = "#c9d6e3";
const EDGE_DARK: &str = "#a7b9cc";
const FONT: &str = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Arial Unicode MS, sans-serif";

/// How a picture is laid out beyond what it shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Black at the bottom (files and ranks run the other way).
    pub flipped: bool,
    /// The "White to move" line above the board.
    pub header: bool,
    /// The key of the types shown, under the board.
    pub key: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            flipped: false,
            header: true,
            key: true,
        }
    }
}

/// Draws `view` as a standalone SVG document. `highlight` squares (e.g. the last move's from and
/// to) get a translucent overlay when they are drawn; `caption` (e.g. a game's result) is written
/// under the board.
pub fn render_svg(view: &BoardView, highlight: &[Square], caption: Option<&str>) -> String {
    render_svg_with(view, highlight, caption, SvgOptions::default())
}

/// [`render_svg`] with layout options: flipped (Black at the bottom, as a board GUI shows it to
/// the player of Black), without the side-to-move line or without the key.
pub fn render_svg_with(
    view: &BoardView,
    highlight: &[Square],
    caption: Option<&str>,
    options: SvgOptions,
) -> String {
    let geometry = view.geometry;
    let (min_col, max_col, min_row, max_row) = bounds(view);
    let cols = i32::from(max_col - min_col) + 1;
    let rows = i32::from(max_row - min_row) + 1;
    let board_w = cols * SQ;
    let board_h = rows * SQ;
    let board_x = PAD + LABEL;
    let board_y = PAD + if options.header { HEADER } else { 0 };
    // Content spans the rank labels, the board and a matching margin on the right.
    let content_w = LABEL + board_w + LABEL;
    let per_row = ((content_w - 8) / HAND_ITEM).max(1) as usize;

    let hand_heights: Vec<i32> = Color::BOTH
        .iter()
        .map(|c| {
            let hand = &view.hands[c.index()];
            if hand.is_empty() {
                0
            } else {
                HAND_LABEL + hand.len().div_ceil(per_row) as i32 * HAND_ROW
            }
        })
        .collect();
    let key = if options.key {
        key_entries(view)
    } else {
        Vec::new()
    };
    let key_item_w = key
        .iter()
        .map(|e| key_label(e).chars().count() as i32 * 8 + KEY_GLYPH + 18)
        .max()
        .unwrap_or(0)
        .max(120);
    let key_per_row = ((content_w - 8) / key_item_w).max(1) as usize;
    let key_height = if key.is_empty() {
        0
    } else {
        KEY_TITLE + key.len().div_ceil(key_per_row) as i32 * KEY_ROW
    };
    let caption_lines: Vec<&str> = caption
        .map(|c| c.lines().filter(|l| !l.trim().is_empty()).collect())
        .unwrap_or_default();
    let caption_chars = caption_lines
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0) as i32;
    // Rough width of the caption at 14px so a long result line is not cut off.
    let width = (PAD * 2 + content_w)
        .max(PAD * 2 + caption_chars * 8)
        .max(PAD * 2 + key_item_w + 8);
    let mut height = board_y + board_h + LABEL;
    for h in &hand_heights {
        if *h > 0 {
            height += 6 + h;
        }
    }
    if key_height > 0 {
        height += 6 + key_height;
    }
    if !caption_lines.is_empty() {
        height += 6 + caption_lines.len() as i32 * CAPTION_LINE;
    }
    height += PAD;

    let mut out = String::with_capacity(16 * 1024);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}">"#
    );
    let _ = writeln!(
        out,
        "<title>{}</title>",
        escape(&format!(
            "Position, {} to move",
            color_title(view.side_to_move)
        ))
    );
    let _ = writeln!(
        out,
        r##"<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>"##
    );

    if options.header {
        side_to_move(&mut out, view.side_to_move);
    }

    // Pixel position of a frame square's top-left corner (White at the bottom, or Black when
    // flipped).
    let flipped = options.flipped;
    let origin = |sq: Square| -> (i32, i32) {
        let (col, row) = if flipped {
            (max_col - sq.col(), sq.row() - min_row)
        } else {
            (sq.col() - min_col, max_row - sq.row())
        };
        (board_x + i32::from(col) * SQ, board_y + i32::from(row) * SQ)
    };

    out.push_str("<g class=\"squares\">\n");
    for s in &view.squares {
        let (x, y) = origin(s.square);
        let dark = (s.square.col() + s.square.row()) % 2 == 0;
        let (class, fill, stroke) = match (s.zone, dark) {
            (Zone::Board, true) => ("square dark", DARK, ""),
            (Zone::Board, false) => ("square light", LIGHT, ""),
            (Zone::Edge, true) => (
                "square edge",
                EDGE_DARK,
                r##" stroke="#6f859b" stroke-width="1""##,
            ),
            (Zone::Edge, false) => (
                "square edge",
                EDGE_LIGHT,
                r##" stroke="#6f859b" stroke-width="1""##,
            ),
        };
        let _ = writeln!(
            out,
            r#"<rect class="{class}" data-square="{}" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"{stroke}/>"#,
            geometry.name(s.square)
        );
    }
    out.push_str("</g>\n");

    labels(
        &mut out,
        geometry,
        (min_col, max_col, min_row, max_row),
        &origin,
    );

    let mut drawn_highlights: Vec<Square> = Vec::new();
    for &sq in highlight {
        if drawn_highlights.contains(&sq) || !view.squares.iter().any(|s| s.square == sq) {
            continue;
        }
        drawn_highlights.push(sq);
        let (x, y) = origin(sq);
        let _ = writeln!(
            out,
            r##"<rect class="highlight" data-square="{}" x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="#f7e11b" fill-opacity="0.45"/>"##,
            geometry.name(sq)
        );
    }

    out.push_str("<g class=\"pieces\">\n");
    for s in &view.squares {
        if !s.units.is_empty() {
            let (x, y) = origin(s.square);
            board_units(&mut out, geometry, s, x, y);
        }
    }
    out.push_str("</g>\n");

    let mut y = board_y + board_h + LABEL;
    for (c, h) in Color::BOTH.iter().zip(&hand_heights) {
        if *h == 0 {
            continue;
        }
        y += 6;
        hand(&mut out, *c, &view.hands[c.index()], PAD, y, per_row);
        y += h;
    }

    if key_height > 0 {
        y += 6;
        key_block(&mut out, &key, PAD, y, key_item_w, key_per_row);
        y += key_height;
    }

    if !caption_lines.is_empty() {
        y += 6;
        for (i, line) in caption_lines.iter().enumerate() {
            let _ = writeln!(
                out,
                r##"<text class="caption" x="{}" y="{}" font-size="14" text-anchor="middle" fill="#222222">{}</text>"##,
                width / 2,
                y + i as i32 * CAPTION_LINE + 16,
                escape(line)
            );
        }
    }

    out.push_str("</svg>\n");
    out
}

/// The frame columns and rows the drawing covers: the bounding box of the listed squares (the
/// geometry's board when the view lists none).
fn bounds(view: &BoardView) -> (u8, u8, u8, u8) {
    let mut squares = view.squares.iter().map(|s| s.square).peekable();
    if squares.peek().is_none() {
        let n = view.geometry.board_size() - 1;
        let lo = view.geometry.board_square(0, 0);
        let hi = view.geometry.board_square(n, n);
        return (lo.col(), hi.col(), lo.row(), hi.row());
    }
    squares.fold((u8::MAX, 0, u8::MAX, 0), |(c0, c1, r0, r1), sq| {
        (
            c0.min(sq.col()),
            c1.max(sq.col()),
            r0.min(sq.row()),
            r1.max(sq.row()),
        )
    })
}

/// File letters under the board and rank numbers left of it, as the geometry names them;
/// `origin` places a square's top-left corner.
fn labels(
    out: &mut String,
    geometry: Geometry,
    (min_col, max_col, min_row, max_row): (u8, u8, u8, u8),
    origin: &dyn Fn(Square) -> (i32, i32),
) {
    // The bottom row and the left column of the drawing, whichever way up it is.
    let lowest = (min_row..=max_row)
        .map(|row| origin(Square::new(min_col, row)).1)
        .max()
        .unwrap_or(0);
    let leftmost = (min_col..=max_col)
        .map(|col| origin(Square::new(col, min_row)).0)
        .min()
        .unwrap_or(0);
    out.push_str("<g class=\"labels\" font-size=\"13\" fill=\"#555555\">\n");
    for col in min_col..=max_col {
        let square = Square::new(col, min_row);
        let (file, _) = file_and_rank(geometry.name(square));
        let x = origin(square).0 + SQ / 2;
        label(out, "file-label", x, lowest + SQ + 16, &file);
    }
    for row in min_row..=max_row {
        let square = Square::new(min_col, row);
        let (_, rank) = file_and_rank(geometry.name(square));
        let y = origin(square).1 + SQ / 2 + 5;
        label(out, "rank-label", leftmost - LABEL / 2, y, &rank);
    }
    out.push_str("</g>\n");
}

/// A square's name split into its file letters and the rest, its rank (`b10`: `b`, `10`).
fn file_and_rank(mut name: String) -> (String, String) {
    let letters = name
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(name.len());
    let rank = name.split_off(letters);
    (name, rank)
}

/// One label of `class`, centred on `x`, its baseline at `y`.
fn label(out: &mut String, class: &str, x: i32, y: i32, text: &str) {
    let _ = writeln!(
        out,
        r#"<text class="{class}" x="{x}" y="{y}" text-anchor="middle">{}</text>"#,
        escape(text)
    );
}

/// A marker and "White to move" / "Black to move" above the board.
fn side_to_move(out: &mut String, side: Color) {
    let (fill, name) = match side {
        Color::White => ("#ffffff", "White"),
        Color::Black => ("#222222", "Black"),
    };
    let cy = PAD + HEADER / 2 - 2;
    let _ = writeln!(
        out,
        r##"<g class="side-to-move" data-color="{}"><circle cx="{}" cy="{cy}" r="8" fill="{fill}" stroke="#222222" stroke-width="1.5"/><text x="{}" y="{}" font-size="15" fill="#222222">{name} to move</text></g>"##,
        side.name(),
        PAD + LABEL + 8,
        PAD + LABEL + 22,
        cy + 5
    );
}

/// The units on one square: the top unit's glyph, the units under it as small glyphs along the
/// bottom edge, a count badge when more than one unit stands there, and the top unit's note.
fn board_units(out: &mut String, geometry: Geometry, s: &SquareView, x: i32, y: i32) {
    let top = &s.units[0];
    let total: u32 = s.units.iter().map(|u| u.count).sum();
    let _ = write!(
        out,
        r#"<g class="piece" data-square="{}" data-code="{}" data-color="{}" data-name="{}" data-units="{total}">"#,
        geometry.name(s.square),
        escape(&top.code),
        top.color.name(),
        escape(&top.name),
    );
    let stacked = s.units.len() > 1;
    // Make room for a note under the piece, or for the stacked units along the bottom.
    let (cx, cy, size) = if stacked {
        (x + SQ / 2 - 6, y + SQ / 2 - 7, SQ - 16)
    } else if top.note.is_some() {
        (x + SQ / 2, y + SQ / 2 - 5, SQ - 10)
    } else {
        (x + SQ / 2, y + SQ / 2, SQ - 4)
    };
    unit(out, top, cx, cy, size);
    // Units under the top, right to left along the bottom edge (at most three drawn).
    let small = SQ * 3 / 8;
    for (i, u) in s.units.iter().skip(1).take(3).enumerate() {
        let ux = x + SQ - small / 2 - 1 - i as i32 * (small - 3);
        unit(out, u, ux, y + SQ - small / 2 - 1, small);
    }
    if total > 1 {
        let text = format!("×{total}");
        let w = 8 + 7 * text.chars().count() as i32;
        let bx = x + SQ - w - 1;
        let by = y + 1;
        let _ = write!(
            out,
            r##"<g class="badge"><rect x="{bx}" y="{by}" width="{w}" height="15" rx="7" fill="#c62828" stroke="#ffffff" stroke-width="1"/><text x="{}" y="{}" font-size="11" font-weight="bold" text-anchor="middle" fill="#ffffff">{}</text></g>"##,
            bx + w / 2,
            by + 11,
            escape(&text)
        );
    }
    if let Some(note) = &top.note {
        let _ = write!(
            out,
            r##"<text class="note" x="{}" y="{}" font-size="10" text-anchor="middle" fill="#1a237e" stroke="#ffffff" stroke-width="2.5" paint-order="stroke">{}</text>"##,
            x + SQ / 2,
            y + SQ - 3,
            escape(note)
        );
    }
    out.push_str("</g>\n");
}

/// One unit as `<g class="unit">` holding its figure.
fn unit(out: &mut String, p: &PieceView, cx: i32, cy: i32, size: i32) {
    let _ = write!(
        out,
        r#"<g class="unit" data-code="{}" data-color="{}">"#,
        escape(&p.code),
        p.color.name()
    );
    piece_figure(out, p, cx, cy, size);
    out.push_str("</g>");
}

/// The figure of a piece centred on (`cx`, `cy`) in a box of side `size`: its type's drawn
/// glyph, or (a type with no glyph) its code in a disc.
pub fn piece_figure(out: &mut String, p: &PieceView, cx: i32, cy: i32, size: i32) {
    if let Some(g) = glyphs::glyph(&p.name) {
        glyphs::draw(out, g, p.color, cx as f32, cy as f32, size as f32);
        return;
    }
    let (fill, stroke, ink) = match p.color {
        Color::White => ("#f7f3e8", "#222222", "#1b1b1b"),
        Color::Black => ("#262626", "#000000", "#f7f3e8"),
    };
    let code = &p.code;
    let r = size * 19 / 50;
    let len = code.chars().count().max(1) as i32;
    let fs = match len {
        1 => size * 2 / 5,
        2 => size * 17 / 50,
        3 => size * 13 / 50,
        _ => (size * 2 / 3 / len).max(7),
    };
    let _ = write!(
        out,
        r#"<circle class="disc" cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/><text class="code" x="{cx}" y="{}" font-size="{fs}" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
        cy + fs * 7 / 20,
        escape(code)
    );
}

/// One type in the key: the unit that shows it (White's when both colours are present).
pub struct KeyEntry {
    pub code: String,
    pub name: String,
    pub color: Color,
}

/// The types the view shows, each once, in reading order (board from the top rank down and left
/// to right, then White's hand, then Black's). Types are told apart by name (by code when the
/// name is empty).
pub fn key_entries(view: &BoardView) -> Vec<KeyEntry> {
    let mut squares: Vec<&SquareView> = view.squares.iter().collect();
    squares.sort_by_key(|s| (std::cmp::Reverse(s.square.row()), s.square.col()));
    let units = squares
        .iter()
        .flat_map(|s| s.units.iter())
        .chain(view.hands.iter().flatten());
    let mut entries: Vec<KeyEntry> = Vec::new();
    for u in units {
        let same = |e: &KeyEntry| {
            if u.name.is_empty() {
                e.name.is_empty() && e.code == u.code
            } else {
                e.name == u.name
            }
        };
        match entries.iter_mut().find(|e| same(e)) {
            Some(e) => {
                if u.color == Color::White {
                    e.color = Color::White;
                }
            }
            None => entries.push(KeyEntry {
                code: u.code.clone(),
                name: u.name.clone(),
                color: u.color,
            }),
        }
    }
    entries
}

/// The label of a key entry: name and code (`Court Magician *K`), or the code alone.
fn key_label(e: &KeyEntry) -> String {
    if e.name.is_empty() {
        e.code.clone()
    } else {
        format!("{} {}", e.name, e.code)
    }
}

/// The key: a title line, then each type's glyph and label, wrapped.
fn key_block(out: &mut String, key: &[KeyEntry], x: i32, y: i32, item_w: i32, per_row: usize) {
    let _ = writeln!(
        out,
        r##"<g class="key"><text class="key-title" x="{}" y="{}" font-size="13" font-weight="bold" fill="#333333">Key</text>"##,
        x + 4,
        y + 15
    );
    for (i, e) in key.iter().enumerate() {
        let ix = x + 4 + (i % per_row) as i32 * item_w;
        let iy = y + KEY_TITLE + (i / per_row) as i32 * KEY_ROW;
        let _ = write!(
            out,
            r#"<g class="key-item" data-code="{}" data-name="{}">"#,
            escape(&e.code),
            escape(&e.name)
        );
        let p = PieceView::new(e.code.clone(), e.name.clone(), e.color);
        piece_figure(out, &p, ix + KEY_GLYPH / 2, iy + KEY_ROW / 2, KEY_GLYPH);
        let _ = writeln!(
            out,
            r##"<text class="key-name" x="{}" y="{}" font-size="13" fill="#222222">{}</text></g>"##,
            ix + KEY_GLYPH + 6,
            iy + KEY_ROW / 2 + 5,
            escape(&key_label(e))
        );
    }
    out.push_str("</g>\n");
}

/// One colour's pieces in hand: a label line, then the pieces with their counts, wrapped.
fn hand(out: &mut String, color: Color, pieces: &[PieceView], x: i32, y: i32, per_row: usize) {
    let title = color_title(color);
    let _ = writeln!(
        out,
        r##"<g class="hand" data-color="{}"><text class="hand-label" x="{}" y="{}" font-size="13" fill="#333333">{title} in hand</text>"##,
        color.name(),
        x + 4,
        y + 15
    );
    for (i, p) in pieces.iter().enumerate() {
        let count = p.count;
        let ix = x + 4 + (i % per_row) as i32 * HAND_ITEM;
        let iy = y + HAND_LABEL + (i / per_row) as i32 * HAND_ROW;
        let _ = write!(
            out,
            r#"<g class="hand-piece" data-code="{}" data-color="{}" data-count="{count}">"#,
            escape(&p.code),
            color.name()
        );
        piece_figure(out, p, ix + 20, iy + HAND_ROW / 2, 40);
        let _ = writeln!(
            out,
            r##"<text class="hand-count" x="{}" y="{}" font-size="14" fill="#222222">×{count}</text></g>"##,
            ix + 42,
            iy + HAND_ROW / 2 + 5
        );
    }
    out.push_str("</g>\n");
}

fn color_title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Escapes text for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            // Characters XML 1.0 forbids are dropped.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => s.push(c),
        }
    }
    s
}
