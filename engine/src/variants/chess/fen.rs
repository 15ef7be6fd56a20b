//! FEN for chess: strict parsing with clear errors, canonical output, and the `d` board.

use super::*;

fn kind_of_letter(c: char) -> Option<u8> {
    LETTERS
        .iter()
        .position(|&l| l == c.to_ascii_lowercase())
        .map(|k| k as u8)
}

fn piece_letter(p: Piece) -> char {
    let l = LETTERS[p.kind() as usize];
    if p.color() == Color::White {
        l.to_ascii_uppercase()
    } else {
        l
    }
}

pub(super) fn parse(fen: &str) -> Result<Chess, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(format!("FEN needs 4 to 6 fields, got {}", fields.len()));
    }
    let mut board = Board::<6>::new();
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("FEN board needs 8 ranks, got {}", ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(format!("bad empty-square count '{c}' in rank {}", rank + 1));
                }
                file += d as u8;
            } else {
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
        let kings = board.pieces(c, KING).count();
        if kings != 1 {
            return Err(format!(
                "{} must have exactly one king, has {kings}",
                c.name()
            ));
        }
    }
    if (board.kind(PAWN) & (rank_mask(0) | rank_mask(7))).any() {
        return Err("pawns cannot stand on the first or last rank".to_string());
    }
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(format!("side to move must be 'w' or 'b', got '{other}'")),
    };
    let mut castling = 0u8;
    if fields[2] != "-" {
        for c in fields[2].chars() {
            let (bit, king, rook) = match c {
                'K' => (WHITE_KINGSIDE, sq(4, 0), sq(7, 0)),
                'Q' => (WHITE_QUEENSIDE, sq(4, 0), sq(0, 0)),
                'k' => (BLACK_KINGSIDE, sq(4, 7), sq(7, 7)),
                'q' => (BLACK_QUEENSIDE, sq(4, 7), sq(0, 7)),
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
            if board.piece_at(king) != Piece::new(color, KING)
                || board.piece_at(rook) != Piece::new(color, ROOK)
            {
                return Err(format!(
                    "castling right '{c}' needs the king and rook on their home squares"
                ));
            }
            castling |= bit;
        }
    }
    let ep_field = fields[3];
    let mut ep = None;
    if ep_field != "-" {
        let s = Geometry::Framed8
            .parse(ep_field)
            .filter(|s| (1..=8).contains(&s.col()) && (1..=8).contains(&s.row()))
            .ok_or_else(|| format!("bad en-passant square '{ep_field}'"))?;
        let expected_row = if side == Color::White { 6 } else { 3 };
        if s.row() != expected_row {
            return Err(format!(
                "en-passant square '{ep_field}' is on the wrong rank"
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
    let mut pos = Chess {
        board,
        side,
        castling,
        ep: None,
        halfmove: halfmove as u16,
        fullmove: fullmove as u16,
        checkers: Bitboard::EMPTY,
        state_hash: 0,
    };
    let opponent_king = pos.king_square(!side);
    if pos
        .attackers_to(opponent_king, pos.board.occupied(), side)
        .any()
    {
        return Err("the side not to move is in check".to_string());
    }
    pos.checkers = pos.compute_checkers();
    // Keep the en-passant square only if it is real: a pawn that just double-stepped past it,
    // and a legal capture onto it (FIDE 9.2).
    if let Some(s) = ep {
        let dir: i8 = if side == Color::White { -1 } else { 1 };
        let pushed = s.offset(0, dir).expect("inside frame");
        let origin = s.offset(0, -dir).expect("inside frame");
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

pub(super) fn format(pos: &Chess) -> String {
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
        " w "
    } else {
        " b "
    });
    let rights: String = [
        (WHITE_KINGSIDE, 'K'),
        (WHITE_QUEENSIDE, 'Q'),
        (BLACK_KINGSIDE, 'k'),
        (BLACK_QUEENSIDE, 'q'),
    ]
    .iter()
    .filter(|(bit, _)| pos.castling & bit != 0)
    .map(|&(_, c)| c)
    .collect();
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    match pos.ep {
        Some(s) => Geometry::Framed8.write_name(s, &mut out),
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    out
}

pub(super) fn render(pos: &Chess) -> String {
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
    out.push_str("   a   b   c   d   e   f   g   h");
    out
}

pub(super) fn view(pos: &Chess) -> BoardView {
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
        geometry: Chess::GEOMETRY,
        squares,
        hands: [Vec::new(), Vec::new()],
        side_to_move: pos.side,
    }
}
