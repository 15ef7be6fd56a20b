//! SVG pictures of positions, drawn from a variant-independent [`BoardView`].
//!
//! The picture shows exactly the squares the view lists (so an 8x8 board, a 10x10 board, or an
//! 8x8 board with frame squares around it), file and rank labels named by the view's geometry,
//! the pieces, stacks and notes, both hands, the side to move, highlighted squares and a caption.
//!
//! Every element a test may count carries a class: each drawn square is a
//! `<rect class="square light|dark|edge">`, each piece on the board a `<g class="piece">`, each
//! piece in hand a `<g class="hand-piece">`, highlights are `<rect class="highlight">`. Squares,
//! pieces and highlights also carry `data-square` with the square's name.

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

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const EDGE_LIGHT: &str = "#c9d6e3";
const EDGE_DARK: &str = "#a7b9cc";
const FONT: &str = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Arial Unicode MS, sans-serif";

/// Draws `view` as a standalone SVG document. `highlight` squares (e.g. the last move's from and
/// to) get a translucent overlay when they are drawn; `caption` (e.g. a game's result) is written
/// under the board.
pub fn render_svg(view: &BoardView, highlight: &[Square], caption: Option<&str>) -> String {
    let geometry = view.geometry;
    let (min_col, max_col, min_row, max_row) = bounds(view);
    let cols = i32::from(max_col - min_col) + 1;
    let rows = i32::from(max_row - min_row) + 1;
    let board_w = cols * SQ;
    let board_h = rows * SQ;
    let board_x = PAD + LABEL;
    let board_y = PAD + HEADER;
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
    let caption_lines: Vec<&str> = caption
        .map(|c| c.lines().filter(|l| !l.trim().is_empty()).collect())
        .unwrap_or_default();
    let caption_chars = caption_lines
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0) as i32;
    // Rough width of the caption at 14px so a long result line is not cut off.
    let width = (PAD * 2 + content_w).max(PAD * 2 + caption_chars * 8);
    let mut height = board_y + board_h + LABEL;
    for h in &hand_heights {
        if *h > 0 {
            height += 6 + h;
        }
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

    side_to_move(&mut out, view.side_to_move);

    // Pixel position of a frame square's top-left corner (White at the bottom).
    let origin = |sq: Square| -> (i32, i32) {
        (
            board_x + i32::from(sq.col() - min_col) * SQ,
            board_y + i32::from(max_row - sq.row()) * SQ,
        )
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
        board_x,
        board_y,
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
        if let Some(p) = &s.piece {
            let (x, y) = origin(s.square);
            board_piece(&mut out, geometry, s, p, x, y);
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

/// File letters under the board and rank numbers left of it, as the geometry names them.
fn labels(
    out: &mut String,
    geometry: Geometry,
    (min_col, max_col, min_row, max_row): (u8, u8, u8, u8),
    board_x: i32,
    board_y: i32,
) {
    let board_h = (i32::from(max_row - min_row) + 1) * SQ;
    out.push_str("<g class=\"labels\" font-size=\"13\" fill=\"#555555\">\n");
    for col in min_col..=max_col {
        let name = geometry.name(Square::new(col, min_row));
        let file: String = name
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        let _ = writeln!(
            out,
            r#"<text class="file-label" x="{}" y="{}" text-anchor="middle">{}</text>"#,
            board_x + i32::from(col - min_col) * SQ + SQ / 2,
            board_y + board_h + 16,
            escape(&file)
        );
    }
    for row in min_row..=max_row {
        let name = geometry.name(Square::new(min_col, row));
        let rank: String = name
            .chars()
            .skip_while(|c| c.is_ascii_alphabetic())
            .collect();
        let _ = writeln!(
            out,
            r#"<text class="rank-label" x="{}" y="{}" text-anchor="middle">{}</text>"#,
            board_x - LABEL / 2,
            board_y + i32::from(max_row - row) * SQ + SQ / 2 + 5,
            escape(&rank)
        );
    }
    out.push_str("</g>\n");
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

/// One piece (or stack) on the board, with its count badge and note.
fn board_piece(
    out: &mut String,
    geometry: Geometry,
    s: &SquareView,
    p: &PieceView,
    x: i32,
    y: i32,
) {
    let _ = write!(
        out,
        r#"<g class="piece" data-square="{}" data-code="{}" data-color="{}">"#,
        geometry.name(s.square),
        escape(&p.code),
        p.color.name()
    );
    // Lift the piece a little when a note sits under it.
    let cy = y + SQ / 2 - if p.note.is_some() { 5 } else { 0 };
    let size = if p.note.is_some() { SQ - 10 } else { SQ };
    piece_figure(out, &p.code, p.color, x + SQ / 2, cy, size);
    if p.count > 1 {
        let text = format!("×{}", p.count);
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
    if let Some(note) = &p.note {
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

/// The figure of a piece centred on (`cx`, `cy`) in a box of side `size`: a Unicode chess glyph
/// for the standard codes, otherwise the code in a filled disc.
fn piece_figure(out: &mut String, code: &str, color: Color, cx: i32, cy: i32, size: i32) {
    if let Some((white, black)) = glyphs(code) {
        let fs = size * 4 / 5;
        let baseline = cy + fs * 7 / 20;
        match color {
            Color::White => {
                // The solid glyph in white under the outline glyph: a white piece that stays
                // white on dark squares.
                let _ = write!(
                    out,
                    r##"<text class="glyph-fill" x="{cx}" y="{baseline}" font-size="{fs}" text-anchor="middle" fill="#ffffff">{black}&#xFE0E;</text><text class="glyph" x="{cx}" y="{baseline}" font-size="{fs}" text-anchor="middle" fill="#000000">{white}&#xFE0E;</text>"##
                );
            }
            Color::Black => {
                let _ = write!(
                    out,
                    r##"<text class="glyph" x="{cx}" y="{baseline}" font-size="{fs}" text-anchor="middle" fill="#000000">{black}&#xFE0E;</text>"##
                );
            }
        }
        return;
    }
    let (fill, stroke, ink) = match color {
        Color::White => ("#f7f3e8", "#222222", "#1b1b1b"),
        Color::Black => ("#262626", "#000000", "#f7f3e8"),
    };
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

/// White and black Unicode glyphs of the standard piece codes.
fn glyphs(code: &str) -> Option<(char, char)> {
    Some(match code {
        "K" => ('\u{2654}', '\u{265A}'),
        "Q" => ('\u{2655}', '\u{265B}'),
        "R" => ('\u{2656}', '\u{265C}'),
        "B" => ('\u{2657}', '\u{265D}'),
        "N" => ('\u{2658}', '\u{265E}'),
        "P" => ('\u{2659}', '\u{265F}'),
        _ => return None,
    })
}

/// One colour's pieces in hand: a label line, then the pieces with their counts, wrapped.
fn hand(out: &mut String, color: Color, pieces: &[(String, u32)], x: i32, y: i32, per_row: usize) {
    let title = color_title(color);
    let _ = writeln!(
        out,
        r##"<g class="hand" data-color="{}"><text class="hand-label" x="{}" y="{}" font-size="13" fill="#333333">{title} in hand</text>"##,
        color.name(),
        x + 4,
        y + 15
    );
    for (i, (code, count)) in pieces.iter().enumerate() {
        let ix = x + 4 + (i % per_row) as i32 * HAND_ITEM;
        let iy = y + HAND_LABEL + (i / per_row) as i32 * HAND_ROW;
        let _ = write!(
            out,
            r#"<g class="hand-piece" data-code="{}" data-color="{}" data-count="{count}">"#,
            escape(code),
            color.name()
        );
        piece_figure(out, code, color, ix + 20, iy + HAND_ROW / 2, 40);
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
