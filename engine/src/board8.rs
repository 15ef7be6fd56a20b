//! The 8x8 board as text and as a picture, shared by the variants whose pieces are one letter
//! each (chess, Duggan): the FEN board field, the `d` grid and the [`BoardView`]. The `_in`
//! forms take the geometry, so ArchMage's 10x10 board uses the same codec.

use crate::board::Board;
use crate::errors::FenError;
use crate::piece::{Color, Piece};
use crate::square::{Geometry, Square};
use crate::view::{BoardView, PieceView, SquareView, Zone};

/// The board squares of `g` rank by rank from the first, each rank from the a-file.
fn board_squares(g: Geometry) -> impl Iterator<Item = Square> {
    let n = g.board_size();
    (0..n).flat_map(move |rank| (0..n).map(move |file| g.board_square(file, rank)))
}

/// The letter of `p` from the lower-case `letters` by kind: upper case for White.
pub fn piece_letter(letters: &[char], p: Piece) -> char {
    let l = letters[p.kind() as usize];
    if p.color() == Color::White {
        l.to_ascii_uppercase()
    } else {
        l
    }
}

/// Parses a FEN board field strictly: 8 ranks of 8 squares, counts 1..8 never adjacent, and
/// only the given letters ([`FenError::UnknownPiece`] for another, [`FenError::Board`] for the
/// rest).
pub fn parse_board<const K: usize>(field: &str, letters: &[char]) -> Result<Board<K>, FenError> {
    parse_board_in(Geometry::Framed8, field, letters)
}

/// [`parse_board`] on the board of `g`: as many ranks and squares a rank as the board is wide
/// (a run of 10 empty squares is written `10`).
pub fn parse_board_in<const K: usize>(
    g: Geometry,
    field: &str,
    letters: &[char],
) -> Result<Board<K>, FenError> {
    let n = g.board_size();
    let mut board = Board::<K>::new();
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != n as usize {
        return Err(FenError::Board(format!(
            "FEN board needs {n} ranks, got {}",
            ranks.len()
        )));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = n - 1 - i as u8;
        let mut file = 0u8;
        let mut chars = text.chars().peekable();
        let mut last_was_run = false;
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut run = d;
                if n >= 10 && d == 1 && chars.peek() == Some(&'0') {
                    chars.next();
                    run = 10;
                }
                if run == 0 || run > n as u32 {
                    return Err(FenError::Board(format!(
                        "bad empty-square count '{c}' in rank {}",
                        rank + 1
                    )));
                }
                if last_was_run {
                    return Err(FenError::Board(format!(
                        "two adjacent empty-square counts in rank {}",
                        rank + 1
                    )));
                }
                last_was_run = true;
                file += run as u8;
            } else {
                last_was_run = false;
                let kind = letters
                    .iter()
                    .position(|&l| l == c.to_ascii_lowercase())
                    .filter(|_| c.is_ascii_alphabetic())
                    .ok_or_else(|| FenError::UnknownPiece(c.to_string()))?;
                if file >= n {
                    return Err(FenError::Board(format!(
                        "rank {} has more than {n} squares",
                        rank + 1
                    )));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board.put(g.board_square(file, rank), Piece::new(color, kind as u8));
                file += 1;
            }
            if file > n {
                return Err(FenError::Board(format!(
                    "rank {} has more than {n} squares",
                    rank + 1
                )));
            }
        }
        if file != n {
            return Err(FenError::Board(format!(
                "rank {} has {} squares, not {n}",
                rank + 1,
                file
            )));
        }
    }
    Ok(board)
}

/// Appends the canonical FEN board field.
pub fn write_board<const K: usize>(board: &Board<K>, letters: &[char], out: &mut String) {
    write_board_in(Geometry::Framed8, board, letters, out)
}

/// [`write_board`] of the board of `g`.
pub fn write_board_in<const K: usize>(
    g: Geometry,
    board: &Board<K>,
    letters: &[char],
    out: &mut String,
) {
    let n = g.board_size();
    for rank in (0..n).rev() {
        let mut empty = 0;
        for file in 0..n {
            let p = board.piece_at(g.board_square(file, rank));
            if p.is_none() {
                empty += 1;
                continue;
            }
            flush_empty(out, &mut empty);
            out.push(piece_letter(letters, p));
        }
        flush_empty(out, &mut empty);
        if rank > 0 {
            out.push('/');
        }
    }
}

/// The board as a text grid with rank and file labels (no trailing newline), for `d`.
pub fn render_board<const K: usize>(board: &Board<K>, letters: &[char]) -> String {
    let mut out = String::new();
    let line = " +---+---+---+---+---+---+---+---+\n";
    out.push_str(line);
    for rank in (0..8).rev() {
        for file in 0..8 {
            let p = board.piece_at(Geometry::Framed8.board_square(file, rank));
            out.push_str(" | ");
            out.push(if p.is_some() {
                piece_letter(letters, p)
            } else {
                ' '
            });
        }
        out.push_str(&format!(" | {}\n{line}", rank + 1));
    }
    out.push_str("   a   b   c   d   e   f   g   h");
    out
}

/// The picture of an 8x8 position with no frame squares and no hands; `names` are the types'
/// full names by kind.
pub fn view_board<const K: usize>(
    board: &Board<K>,
    letters: &[char],
    names: &[&str],
    side: Color,
) -> BoardView {
    view_board_in(Geometry::Framed8, board, letters, names, side)
}

/// The view of one `piece` drawn with `letters` and `names` (one unit, no note).
pub fn piece_view(piece: Piece, letters: &[char], names: &[&str]) -> PieceView {
    PieceView::new(
        letters[piece.kind() as usize]
            .to_ascii_uppercase()
            .to_string(),
        names[piece.kind() as usize],
        piece.color(),
    )
}

/// [`view_board`] of the board of `g` (no hands: a variant with hands fills them in).
pub fn view_board_in<const K: usize>(
    g: Geometry,
    board: &Board<K>,
    letters: &[char],
    names: &[&str],
    side: Color,
) -> BoardView {
    let squares = board_squares(g)
        .map(|square| {
            let p = board.piece_at(square);
            SquareView {
                square,
                zone: Zone::Board,
                units: if p.is_some() {
                    vec![piece_view(p, letters, names)]
                } else {
                    Vec::new()
                },
            }
        })
        .collect();
    BoardView {
        geometry: g,
        squares,
        hands: [Vec::new(), Vec::new()],
        side_to_move: side,
    }
}

/// Writes a FEN row's pending run of `empty` squares as its count, and resets it.
pub fn flush_empty(out: &mut String, empty: &mut u32) {
    if *empty > 0 {
        out.push_str(&empty.to_string());
        *empty = 0;
    }
}
