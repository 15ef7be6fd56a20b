//! The 8x8 board as text and as a picture, shared by the variants whose pieces are one letter
//! each (chess, Duggan): the FEN board field, the `d` grid and the [`BoardView`].

use crate::board::Board;
use crate::piece::{Color, Piece};
use crate::square::{Geometry, Square};
use crate::view::{BoardView, PieceView, SquareView, Zone};

#[inline]
fn sq(file: u8, rank: u8) -> Square {
    Geometry::Framed8.board_square(file, rank)
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
/// only the given letters.
pub fn parse_board<const K: usize>(field: &str, letters: &[char]) -> Result<Board<K>, String> {
    let mut board = Board::<K>::new();
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("FEN board needs 8 ranks, got {}", ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        let mut last_was_run = false;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(format!("bad empty-square count '{c}' in rank {}", rank + 1));
                }
                if last_was_run {
                    return Err(format!(
                        "two adjacent empty-square counts in rank {}",
                        rank + 1
                    ));
                }
                last_was_run = true;
                file += d as u8;
            } else {
                last_was_run = false;
                let kind = letters
                    .iter()
                    .position(|&l| l == c.to_ascii_lowercase())
                    .ok_or_else(|| format!("unknown piece letter '{c}'"))?;
                if file >= 8 {
                    return Err(format!("rank {} has more than 8 squares", rank + 1));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board.put(sq(file, rank), Piece::new(color, kind as u8));
                file += 1;
            }
            if file > 8 {
                return Err(format!("rank {} has more than 8 squares", rank + 1));
            }
        }
        if file != 8 {
            return Err(format!("rank {} has {} squares, not 8", rank + 1, file));
        }
    }
    Ok(board)
}

/// Appends the canonical FEN board field.
pub fn write_board<const K: usize>(board: &Board<K>, letters: &[char], out: &mut String) {
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let p = board.piece_at(sq(file, rank));
            if p.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
                empty = 0;
            }
            out.push(piece_letter(letters, p));
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
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
            let p = board.piece_at(sq(file, rank));
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

/// The picture of an 8x8 position with no frame squares and no hands.
pub fn view_board<const K: usize>(board: &Board<K>, letters: &[char], side: Color) -> BoardView {
    let squares = (0..8)
        .flat_map(|rank| (0..8).map(move |file| sq(file, rank)))
        .map(|square| {
            let p = board.piece_at(square);
            SquareView {
                square,
                zone: Zone::Board,
                piece: p.is_some().then(|| PieceView {
                    code: letters[p.kind() as usize].to_ascii_uppercase().to_string(),
                    color: p.color(),
                    count: 1,
                    note: None,
                }),
            }
        })
        .collect();
    BoardView {
        geometry: Geometry::Framed8,
        squares,
        hands: [Vec::new(), Vec::new()],
        side_to_move: side,
    }
}
