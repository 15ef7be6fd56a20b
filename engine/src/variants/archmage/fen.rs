//! FEN for ArchMage (`docs/notation.md` §2.3): ten ranks of ten, the hand in brackets right
//! after the board, strict parsing with clear errors, canonical output; the `d` board with both
//! hands, and the view.

use super::*;
use crate::errors::{FenError, Illegality, MoveError};
use crate::rules::{Fen, MoveGen, Notation};
use crate::view::PieceView;
use crate::{board8, fen_fields};

/// The castling rights by FEN letter, in the field's order.
const RIGHTS: [(char, u8); 4] = [
    ('K', WHITE_ISIDE),
    ('Q', WHITE_BSIDE),
    ('k', BLACK_ISIDE),
    ('q', BLACK_BSIDE),
];

fn parse_hand(text: &str) -> Result<[[u8; 2]; 2], FenError> {
    let mut hands = [[0u8; 2]; 2];
    for c in text.chars() {
        let (color, slot) = match c {
            'D' => (0, 0),
            'H' => (0, 1),
            'd' => (1, 0),
            'h' => (1, 1),
            _ => {
                return Err(FenError::field(
                    "hand",
                    format!("a hand holds only Dragons (D, H, d, h), got '{c}'"),
                ))
            }
        };
        hands[color][slot] += 1;
        if hands[color][slot] > 2 {
            return Err(FenError::field(
                "hand",
                "a hand holds at most two Dragons of a type (ARC-60)",
            ));
        }
    }
    Ok(hands)
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

impl Fen for ArchMage {
    fn start_position(options: &ArchMageOptions) -> Self {
        Self::from_fen(START_FEN, options).expect("start FEN is valid")
    }

    fn from_fen(fen: &str, options: &ArchMageOptions) -> Result<Self, FenError> {
        let fields = fen_fields::split(fen, 4, 6)?;
        let (board_text, hand_text) = match fields[0].find('[') {
            Some(i) if fields[0].ends_with(']') => {
                (&fields[0][..i], &fields[0][i + 1..fields[0].len() - 1])
            }
            _ => return Err(FenError::field(
                "hand",
                "the board must be followed by the hand in brackets, e.g. [DHdh] or [] (ARC-60)",
            )),
        };
        let board = board8::parse_board_in::<KINDS>(Geometry::Board10, board_text, &LETTERS)?;
        let hands = parse_hand(hand_text)?;
        let side = fen_fields::side(fields[1])?;
        let castling = fen_fields::castling(fields[2], &RIGHTS, |c, color| {
            let rank = if color == Color::White { 0 } else { 9 };
            let rook_file = if c.eq_ignore_ascii_case(&'k') { 8 } else { 1 };
            if board.piece_at(sq(KING_FILE, rank)) != Piece::new(color, KING)
                || board.piece_at(sq(rook_file, rank)) != Piece::new(color, ROOK)
            {
                return Err(format!(
                    "castling right '{c}' needs the King and Rook on their home squares (ARC-71)"
                ));
            }
            Ok(())
        })?;
        let ep_field = fields[3];
        let mut ep = None;
        if ep_field != "-" {
            let s = Geometry::Board10.parse(ep_field).ok_or_else(|| {
                FenError::EnPassant(format!("bad en-passant square '{ep_field}'"))
            })?;
            let rows = if side == Color::White { 6..=8 } else { 1..=3 };
            if !rows.contains(&s.row()) {
                return Err(FenError::EnPassant(format!(
                    "en-passant square '{ep_field}' is on the wrong rank (ARC-27)"
                )));
            }
            ep = Some(s);
        }
        let (halfmove, fullmove) = fen_fields::counters(&fields, 4)?;
        // Legality of what was read.
        let t = tables();
        for c in Color::BOTH {
            let kings = board.pieces(c, KING).count();
            if kings != 1 {
                return Err(Illegality::royal_count(c, "King", kings).into());
            }
            for kind in 0..KINDS as u8 {
                if !PROMOTES_TO[kind as usize].is_empty()
                    && (board.pieces(c, kind) & t.last_rank(c)).any()
                {
                    return Err(Illegality::on_forbidden_rank(
                        format!("a {} {}", c.name(), NAMES[kind as usize]),
                        "its last rank",
                        Some("ARC-49"),
                    )
                    .into());
                }
            }
        }
        for (slot, &kind) in DRAGONS.iter().enumerate() {
            let total = board.kind(kind).count() + (hands[0][slot] + hands[1][slot]) as u32;
            Illegality::at_most(total, 2, "ARC-63", || {
                format!("{}s on the board and in the hands", NAMES[kind as usize])
            })?;
        }
        let mut pos = ArchMage {
            board,
            side,
            castling,
            ep: None,
            hands,
            halfmove,
            fullmove,
            checkers: Bitboard::EMPTY,
            state_hash: 0,
            options: *options,
        };
        if pos.attacked(pos.king_square(!side), side) {
            return Err(Illegality::OpponentInCheck { ruling: None }.into());
        }
        pos.checkers = pos.compute_checkers();
        pos.settle_read_state(ep);
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        let mut out = String::with_capacity(120);
        board8::write_board_in(Geometry::Board10, &self.board, &LETTERS, &mut out);
        out.push('[');
        out.push_str(&hand_text(self));
        out.push(']');
        let tail = fen_fields::FideTail {
            side: self.side,
            castling: self.castling,
            rights: &RIGHTS,
            ep: self.ep,
            geometry: Geometry::Board10,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        };
        fen_fields::write_fide_tail(&tail, &mut out);
        out
    }
}

impl Notation for ArchMage {
    fn piece_types() -> &'static [crate::catalogue::PieceType] {
        &super::pieces::PIECES
    }

    fn format_move(&self, mv: Move) -> String {
        let g = Geometry::Board10;
        let mut s = String::with_capacity(7);
        match mv.kind() {
            MoveKind::Null => return "0000".to_string(),
            MoveKind::Drop => {
                let k = mv.piece_kind().unwrap_or(DRAGON_KING);
                s.push(LETTERS[k as usize].to_ascii_uppercase());
                s.push('@');
                g.write_name(mv.to(), &mut s);
                return s;
            }
            _ => {}
        }
        g.write_name(mv.from(), &mut s);
        g.write_name(mv.to(), &mut s);
        if matches!(mv.kind(), MoveKind::Promotion | MoveKind::Switch) {
            s.extend(mv.piece_kind().map(|k| LETTERS[k as usize]));
        }
        s
    }

    /// SAN with ArchMage's letters, switches `U<>Nf3`, drops `D@e5` (`docs/notation.md` §6.2).
    fn format_san(&self, mv: Move) -> String {
        crate::san::san_of(self, mv, true, san_parts)
    }

    fn format_san_all(&self) -> Vec<(Move, String)> {
        crate::san::san_all(self, true, san_parts)
    }

    /// Canonical tokens, and a summoner–summoner switch in either order (ARC-55).
    fn parse_move(&self, token: &str) -> Result<Move, MoveError> {
        let list = self.legal_moves();
        if let Some(&m) = list.iter().find(|&&m| self.format_move(m) == token) {
            return Ok(m);
        }
        let g = Geometry::Board10;
        if let Some((a, n)) = g.parse_prefix(token) {
            if let Some((b, m)) = g.parse_prefix(&token[n..]) {
                let rest = &token[n + m..];
                let swapped = list.iter().copied().find(|&mv| {
                    mv.kind() == MoveKind::Switch
                        && mv.from() == b
                        && mv.to() == a
                        && is_summoner(self.board.piece_at(a).kind())
                        && self.format_move(mv)[g.name(b).len() + g.name(a).len()..] == *rest
                });
                if let Some(mv) = swapped {
                    return Ok(mv);
                }
            }
        }
        Err(MoveError::Illegal {
            token: token.to_string(),
        })
    }

    /// The board as a 10x10 grid with labels, then both hands and the piece legend.
    fn render(&self) -> String {
        let mut out = String::new();
        let line = format!("  +{}\n", "---+".repeat(10));
        out.push_str(&line);
        for rank in (0..10).rev() {
            out.push_str("  ");
            for file in 0..10 {
                let p = self.board.piece_at(sq(file, rank));
                out.push_str("| ");
                out.push(if p.is_some() {
                    board8::piece_letter(&LETTERS, p)
                } else {
                    ' '
                });
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
                        self.hands[c.index()][slot]
                    )
                })
                .collect();
            out.push_str(&format!("\nHand {}: {}", c.name(), items.join(", ")));
        }
        // The key of the types on the board follows in `d`, from the catalogue.
        out
    }

    fn view(&self) -> BoardView {
        let hand = |c: Color| -> Vec<PieceView> {
            (0..2)
                .filter(|&slot| self.hands[c.index()][slot] > 0)
                .map(|slot| PieceView {
                    count: self.hands[c.index()][slot] as u32,
                    ..board8::piece_view(Piece::new(c, DRAGONS[slot]), &LETTERS, &NAMES)
                })
                .collect()
        };
        let mut view =
            board8::view_board_in(Geometry::Board10, &self.board, &LETTERS, &NAMES, self.side);
        view.hands = [hand(Color::White), hand(Color::Black)];
        view
    }
}

/// ArchMage's SAN parts: chess's, with the Pawn as the pawn; a switch (ARC-51) is the summoner,
/// `<>`, the partner and its square; a drop (ARC-61) is its token.
fn san_parts(units: &crate::san::Units, mv: Move, token: &str) -> crate::san::SanParts {
    crate::san::common_parts(units, mv, token, &["P"])
}
