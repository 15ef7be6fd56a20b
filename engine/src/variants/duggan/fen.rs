//! FEN for Duggan (`docs/notation.md` §2.4): strict parsing with clear errors, canonical
//! output, the `d` board with a legend, and the variant-independent view.

use super::attacks::{royal_attacked, Bits};
use super::*;

fn kind_of_letter(c: char) -> Option<u8> {
    LETTERS
        .iter()
        .position(|&l| l == c.to_ascii_lowercase())
        .map(|k| k as u8)
}

pub(super) fn piece_letter(p: Piece) -> char {
    let l = LETTERS[p.kind() as usize];
    if p.color() == Color::White {
        l.to_ascii_uppercase()
    } else {
        l
    }
}

pub(super) fn parse(fen: &str, options: &DugganOptions) -> Result<Duggan, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(format!("FEN needs 4 to 6 fields, got {}", fields.len()));
    }
    let mut board = Board::<KINDS>::new();
    let ranks: Vec<&str> = fields[0].split('/').collect();
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
                let kind =
                    kind_of_letter(c).ok_or_else(|| format!("unknown piece letter '{c}'"))?;
                if file >= 8 {
                    return Err(format!("rank {} has more than 8 squares", rank + 1));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board.put(sq(file, rank), Piece::new(color, kind));
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
    for c in Color::BOTH {
        let adepts = board.pieces(c, ADEPT).count();
        if adepts != 1 {
            return Err(format!(
                "{} must have exactly one Adept, has {adepts}",
                c.name()
            ));
        }
    }
    let t = tables();
    if (board.pieces(Color::White, MERCENARY) & t.rank[7]).any()
        || (board.pieces(Color::Black, MERCENARY) & t.rank[0]).any()
    {
        return Err("a Mercenary cannot stand on its last rank (DUG-23)".to_string());
    }
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("side to move must be 'w' or 'b', got '{other}'")),
    };
    if fields[2] != "-" {
        return Err(format!(
            "Duggan has no castling (DUG-75): the castling field must be '-', got '{}'",
            fields[2]
        ));
    }
    if fields[3] != "-" {
        return Err(format!(
            "Duggan has no en passant (DUG-75): the en-passant field must be '-', got '{}'",
            fields[3]
        ));
    }
    let number = |i: usize, default: u32, name: &str| -> Result<u32, String> {
        match fields.get(i) {
            None => Ok(default),
            Some(f) => f.parse::<u32>().map_err(|_| format!("bad {name} '{f}'")),
        }
    };
    let halfmove = number(4, 0, "halfmove clock")?;
    let fullmove = number(5, 1, "fullmove number")?.max(1);
    if halfmove > 10_000 || fullmove > 60_000 {
        return Err("move counters out of range".to_string());
    }
    let bits = Bits::from_board(&board);
    if royal_attacked(&bits, bits.pieces(!side, ADEPT).lsb(), side) {
        return Err("the side not to move is in check".to_string());
    }
    let in_check = royal_attacked(&bits, bits.pieces(side, ADEPT).lsb(), !side);
    Ok(Duggan {
        board,
        side,
        halfmove: halfmove as u16,
        fullmove: fullmove as u16,
        in_check,
        options: *options,
    })
}

pub(super) fn format(pos: &Duggan) -> String {
    let mut out = String::with_capacity(90);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let p = pos.board.piece_at(sq(file, rank));
            if p.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
                empty = 0;
            }
            out.push(piece_letter(p));
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(if pos.side == Color::White {
        " w - - "
    } else {
        " b - - "
    });
    out.push_str(&format!("{} {}", pos.halfmove, pos.fullmove));
    out
}

pub(super) fn render(pos: &Duggan) -> String {
    let mut out = String::new();
    let line = " +---+---+---+---+---+---+---+---+\n";
    out.push_str(line);
    for rank in (0..8).rev() {
        for file in 0..8 {
            let p = pos.board.piece_at(sq(file, rank));
            out.push_str(" | ");
            out.push(if p.is_some() { piece_letter(p) } else { ' ' });
        }
        out.push_str(&format!(" | {}\n{line}", rank + 1));
    }
    out.push_str("   a   b   c   d   e   f   g   h\n\n");
    let legend: Vec<String> = LETTERS
        .iter()
        .zip(NAMES)
        .map(|(l, n)| format!("{} {n}", l.to_ascii_uppercase()))
        .collect();
    out.push_str(&format!(
        "Pieces: {} (upper case White, lower case Black)",
        legend.join(", ")
    ));
    out
}

pub(super) fn view(pos: &Duggan) -> BoardView {
    let squares = (0..8)
        .flat_map(|rank| (0..8).map(move |file| sq(file, rank)))
        .map(|square| {
            let p = pos.board.piece_at(square);
            SquareView {
                square,
                zone: Zone::Board,
                piece: p.is_some().then(|| PieceView {
                    code: LETTERS[p.kind() as usize].to_ascii_uppercase().to_string(),
                    color: p.color(),
                    count: 1,
                    note: None,
                }),
            }
        })
        .collect();
    BoardView {
        geometry: Duggan::GEOMETRY,
        squares,
        hands: [Vec::new(), Vec::new()],
        side_to_move: pos.side,
    }
}
