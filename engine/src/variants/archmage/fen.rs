//! FEN for ArchMage (`docs/notation.md` §2.3): ten ranks of ten, the hand in brackets right
//! after the board, strict parsing with clear errors, canonical output; the `d` board with both
//! hands, and the view.

use super::*;
use crate::view::{PieceView, SquareView, Zone};

fn piece_letter(p: Piece) -> char {
    let l = LETTERS[p.kind() as usize];
    if p.color() == Color::White {
        l.to_ascii_uppercase()
    } else {
        l
    }
}

fn parse_board(field: &str) -> Result<Board<KINDS>, String> {
    let mut board = Board::<KINDS>::new();
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 10 {
        return Err(format!("FEN board needs 10 ranks, got {}", ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file = 0u8;
        let mut chars = text.chars().peekable();
        let mut last_was_run = false;
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut run = d;
                if d == 1 && chars.peek() == Some(&'0') {
                    chars.next();
                    run = 10;
                }
                if run == 0 {
                    return Err(format!("bad empty-square count in rank {}", rank + 1));
                }
                if last_was_run {
                    return Err(format!(
                        "two adjacent empty-square counts in rank {}",
                        rank + 1
                    ));
                }
                last_was_run = true;
                file += run as u8;
            } else {
                last_was_run = false;
                let kind = LETTERS
                    .iter()
                    .position(|&l| l == c.to_ascii_lowercase())
                    .filter(|_| c.is_ascii_alphabetic())
                    .ok_or_else(|| format!("unknown piece letter '{c}'"))?;
                if file >= 10 {
                    return Err(format!("rank {} has more than 10 squares", rank + 1));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board.put(sq(file, rank), Piece::new(color, kind as u8));
                file += 1;
            }
            if file > 10 {
                return Err(format!("rank {} has more than 10 squares", rank + 1));
            }
        }
        if file != 10 {
            return Err(format!("rank {} has {} squares, not 10", rank + 1, file));
        }
    }
    Ok(board)
}

fn parse_hand(text: &str) -> Result<[[u8; 2]; 2], String> {
    let mut hands = [[0u8; 2]; 2];
    for c in text.chars() {
        let (color, slot) = match c {
            'D' => (0, 0),
            'H' => (0, 1),
            'd' => (1, 0),
            'h' => (1, 1),
            _ => return Err(format!("a hand holds only Dragons (D, H, d, h), got '{c}'")),
        };
        hands[color][slot] += 1;
        if hands[color][slot] > 2 {
            return Err("a hand holds at most two Dragons of a type (ARC-60)".to_string());
        }
    }
    Ok(hands)
}

pub(super) fn parse(fen: &str, options: &ArchMageOptions) -> Result<ArchMage, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(format!("FEN needs 4 to 6 fields, got {}", fields.len()));
    }
    let (board_text, hand_text) =
        match fields[0].find('[') {
            Some(i) if fields[0].ends_with(']') => {
                (&fields[0][..i], &fields[0][i + 1..fields[0].len() - 1])
            }
            _ => return Err(
                "the board must be followed by the hand in brackets, e.g. [DHdh] or [] (ARC-60)"
                    .to_string(),
            ),
        };
    let board = parse_board(board_text)?;
    let hands = parse_hand(hand_text)?;
    let t = tables();
    for c in Color::BOTH {
        let kings = board.pieces(c, KING).count();
        if kings != 1 {
            return Err(format!(
                "{} must have exactly one King, has {kings}",
                c.name()
            ));
        }
        for kind in 0..KINDS as u8 {
            if !PROMOTES_TO[kind as usize].is_empty()
                && (board.pieces(c, kind) & t.last_rank(c)).any()
            {
                return Err(format!(
                    "a {} {} cannot stand on its last rank (ARC-49)",
                    c.name(),
                    NAMES[kind as usize]
                ));
            }
        }
    }
    for (slot, &kind) in DRAGONS.iter().enumerate() {
        let total = board.kind(kind).count() + (hands[0][slot] + hands[1][slot]) as u32;
        if total > 2 {
            return Err(format!(
                "only two {}s exist (ARC-63), found {total}",
                NAMES[kind as usize]
            ));
        }
    }
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("side to move must be 'w' or 'b', got '{other}'")),
    };
    let mut castling = 0u8;
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let (bit, rank, rook_file) = match c {
                'K' => (WHITE_ISIDE, 0, 8),
                'Q' => (WHITE_BSIDE, 0, 1),
                'k' => (BLACK_ISIDE, 9, 8),
                'q' => (BLACK_BSIDE, 9, 1),
                _ => return Err(format!("bad castling field '{}'", fields[2])),
            };
            if castling & bit != 0 {
                return Err(format!("castling right '{c}' given twice"));
            }
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if board.piece_at(sq(KING_FILE, rank)) != Piece::new(color, KING)
                || board.piece_at(sq(rook_file, rank)) != Piece::new(color, ROOK)
            {
                return Err(format!(
                    "castling right '{c}' needs the King and Rook on their home squares (ARC-71)"
                ));
            }
            castling |= bit;
        }
    }
    let ep_field = fields[3];
    let mut ep = None;
    if ep_field != "-" {
        let s = Geometry::Board10
            .parse(ep_field)
            .ok_or_else(|| format!("bad en-passant square '{ep_field}'"))?;
        let rows = if side == Color::White { 6..=8 } else { 1..=3 };
        if !rows.contains(&s.row()) {
            return Err(format!(
                "en-passant square '{ep_field}' is on the wrong rank (ARC-27)"
            ));
        }
        ep = Some(s);
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
    let mut pos = ArchMage {
        board,
        side,
        castling,
        ep: None,
        hands,
        halfmove: halfmove as u16,
        fullmove: fullmove as u16,
        checkers: Bitboard::EMPTY,
        state_hash: 0,
        options: *options,
    };
    if pos.attacked(pos.king_square(!side), side) {
        return Err("the side not to move is in check".to_string());
    }
    pos.checkers = pos.compute_checkers();
    // Keep the en-passant square only if it is real: a Pawn that just double-stepped past it
    // (origin and target empty) and a legal capture onto it (ARC-92).
    if let Some(s) = ep {
        let dir: i8 = if side == Color::White { -1 } else { 1 };
        let pushed = s.offset(0, dir).expect("inside the board");
        let origin = s.offset(0, -dir).expect("inside the board");
        let real = pos.board.piece_at(pushed) == Piece::new(!side, PAWN)
            && pos.board.piece_at(s).is_none()
            && pos.board.piece_at(origin).is_none();
        if real && pos.en_passant_capture_is_legal(s) {
            pos.ep = Some(s);
        }
    }
    pos.state_hash = pos.recompute_hash() ^ pos.board.hash();
    Ok(pos)
}

fn write_board(board: &Board<KINDS>, out: &mut String) {
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..10 {
            let p = board.piece_at(sq(file, rank));
            if p.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(piece_letter(p));
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
}

fn hand_text(pos: &ArchMage) -> String {
    let mut s = String::new();
    for (c, letters) in [(0, ['D', 'H']), (1, ['d', 'h'])] {
        for (slot, &letter) in letters.iter().enumerate() {
            for _ in 0..pos.hands[c][slot] {
                s.push(letter);
            }
        }
    }
    s
}

pub(super) fn format(pos: &ArchMage) -> String {
    let mut out = String::with_capacity(120);
    write_board(&pos.board, &mut out);
    out.push('[');
    out.push_str(&hand_text(pos));
    out.push(']');
    out.push_str(if pos.side == Color::White {
        " w "
    } else {
        " b "
    });
    let rights: String = [
        (WHITE_ISIDE, 'K'),
        (WHITE_BSIDE, 'Q'),
        (BLACK_ISIDE, 'k'),
        (BLACK_BSIDE, 'q'),
    ]
    .iter()
    .filter(|(bit, _)| pos.castling & bit != 0)
    .map(|&(_, c)| c)
    .collect();
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    match pos.ep {
        Some(s) => Geometry::Board10.write_name(s, &mut out),
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    out
}

/// The board as a 10x10 grid with labels, then both hands and the piece legend.
pub(super) fn render(pos: &ArchMage) -> String {
    let mut out = String::new();
    let line = format!("  +{}\n", "---+".repeat(10));
    out.push_str(&line);
    for rank in (0..10).rev() {
        out.push_str("  ");
        for file in 0..10 {
            let p = pos.board.piece_at(sq(file, rank));
            out.push_str("| ");
            out.push(if p.is_some() { piece_letter(p) } else { ' ' });
            out.push(' ');
        }
        out.push_str(&format!("| {}\n{line}", rank + 1));
    }
    out.push_str("    a   b   c   d   e   f   g   h   i   j\n");
    for c in Color::BOTH {
        let items: Vec<String> = (0..2)
            .map(|slot| {
                format!(
                    "{} {}",
                    NAMES[DRAGONS[slot] as usize],
                    pos.hands[c.index()][slot]
                )
            })
            .collect();
        out.push_str(&format!("\nHand {}: {}", c.name(), items.join(", ")));
    }
    let legend: Vec<String> = LETTERS
        .iter()
        .zip(NAMES)
        .map(|(l, n)| format!("{} {n}", l.to_ascii_uppercase()))
        .collect();
    out.push_str(&format!(
        "\nPieces: {} (upper case White, lower case Black)",
        legend.join(", ")
    ));
    out
}

pub(super) fn view(pos: &ArchMage) -> BoardView {
    let squares = (0..10)
        .flat_map(|rank| (0..10).map(move |file| sq(file, rank)))
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
    let hand = |c: usize| -> Vec<(String, u32)> {
        (0..2)
            .filter(|&slot| pos.hands[c][slot] > 0)
            .map(|slot| {
                (
                    LETTERS[DRAGONS[slot] as usize]
                        .to_ascii_uppercase()
                        .to_string(),
                    pos.hands[c][slot] as u32,
                )
            })
            .collect()
    };
    BoardView {
        geometry: Geometry::Board10,
        squares,
        hands: [hand(0), hand(1)],
        side_to_move: pos.side,
    }
}
