//! The FEN fields every variant shares after its board: field splitting, the side to move and
//! the two move counters, parsed strictly with errors that name the field.

use crate::board::Board;
use crate::errors::FenError;
use crate::piece::{Color, Piece};
use crate::square::{Geometry, Square};

/// The whitespace-separated fields, checked to number between `min` and `max`.
pub fn split(fen: &str, min: usize, max: usize) -> Result<Vec<&str>, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(min..=max).contains(&fields.len()) {
        return Err(FenError::FieldCount {
            min,
            max: Some(max),
            found: fields.len(),
        });
    }
    Ok(fields)
}

/// A list item's leading count (`2P`, `3^I:NPPP`, `2c6`): the count as written (`None` when
/// the item has no digits, meaning one) and the rest; `None` when the digits are no `u8`.
/// Each caller checks the range its field allows.
pub fn count_prefix(item: &str) -> Option<(Option<u8>, &str)> {
    let digits = item.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Some((None, item));
    }
    let n = item[..digits].parse().ok()?;
    Some((Some(n), &item[digits..]))
}

/// `w` or `b`.
pub fn side(field: &str) -> Result<Color, FenError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(FenError::Side(format!(
            "side to move must be 'w' or 'b', got '{other}'"
        ))),
    }
}

/// The halfmove clock at `fields[index]` and the fullmove number after it, each optional
/// (defaults 0 and 1; a fullmove number of 0 reads as 1).
pub fn counters(fields: &[&str], index: usize) -> Result<(u16, u16), FenError> {
    let number = |i: usize, default: u32, name: &str| -> Result<u32, FenError> {
        match fields.get(i) {
            None => Ok(default),
            Some(f) => f
                .parse::<u32>()
                .map_err(|_| FenError::Counters(format!("bad {name} '{f}'"))),
        }
    };
    let halfmove = number(index, 0, "halfmove clock")?;
    let fullmove = number(index + 1, 1, "fullmove number")?.max(1);
    if halfmove > 10_000 || fullmove > 60_000 {
        return Err(FenError::Counters("move counters out of range".to_string()));
    }
    Ok((halfmove as u16, fullmove as u16))
}

/// The letter of the side to move.
pub fn side_letter(side: Color) -> &'static str {
    if side == Color::White {
        "w"
    } else {
        "b"
    }
}

/// The castling field: `-`, or letters of `rights` (letter, bit), each at most once. `home`
/// checks the right of a letter against the board (its King and Rook at home) and names the
/// fault. Every error is [`FenError::Castling`].
pub fn castling(
    field: &str,
    rights: &[(char, u8)],
    mut home: impl FnMut(char, Color) -> Result<(), String>,
) -> Result<u8, FenError> {
    let mut castling = 0u8;
    if field == "-" {
        return Ok(castling);
    }
    for c in field.chars() {
        let bit = rights
            .iter()
            .find(|&&(letter, _)| letter == c)
            .map(|&(_, bit)| bit)
            .ok_or_else(|| FenError::Castling(format!("bad castling field '{field}'")))?;
        if castling & bit != 0 {
            return Err(FenError::Castling(format!(
                "castling right '{c}' given twice"
            )));
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        home(c, color).map_err(FenError::Castling)?;
        castling |= bit;
    }
    Ok(castling)
}

/// Appends the castling field of `castling`: the letters of its `rights` in their order, or `-`.
pub fn write_castling(castling: u8, rights: &[(char, u8)], out: &mut String) {
    let start = out.len();
    for &(letter, bit) in rights {
        if castling & bit != 0 {
            out.push(letter);
        }
    }
    if out.len() == start {
        out.push('-');
    }
}

/// The FIDE-shaped state the fields after the board write: side to move, castling rights (with
/// the variant's letters), en-passant square and the two counters.
pub struct FideTail<'a> {
    pub side: Color,
    pub castling: u8,
    pub rights: &'a [(char, u8)],
    pub ep: Option<Square>,
    pub geometry: Geometry,
    pub halfmove: u16,
    pub fullmove: u16,
}

/// Appends ` <side> <castling> <ep> <halfmove> <fullmove>` after a board field.
pub fn write_fide_tail(tail: &FideTail, out: &mut String) {
    out.push(' ');
    out.push_str(side_letter(tail.side));
    out.push(' ');
    write_castling(tail.castling, tail.rights, out);
    out.push(' ');
    match tail.ep {
        Some(s) => tail.geometry.write_name(s, out),
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", tail.halfmove, tail.fullmove));
}

/// Whether a `pawn` of the side not to move has just double-stepped past `ep`: it stands on the
/// square beyond `ep`, and `ep` and the square before it are empty. A read en-passant square
/// is kept only then (and if a legal capture onto it exists).
pub fn double_stepped_past<const K: usize>(
    board: &Board<K>,
    ep: Square,
    side: Color,
    pawn: u8,
) -> bool {
    let dir: i8 = if side == Color::White { -1 } else { 1 };
    let pushed = ep.offset(0, dir).expect("inside the frame");
    let origin = ep.offset(0, -dir).expect("inside the frame");
    board.piece_at(pushed) == Piece::new(!side, pawn)
        && board.piece_at(ep).is_none()
        && board.piece_at(origin).is_none()
}
