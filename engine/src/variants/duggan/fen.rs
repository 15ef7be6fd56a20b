//! FEN for Duggan (`docs/notation.md` §2.4): strict parsing with clear errors, canonical
//! output, the `d` board with a legend, and the variant-independent view.

use super::attacks::{royal_attacked, Bits};
use super::*;
use crate::errors::{FenError, Illegality};
use crate::rules::{Fen, Notation};
use crate::{board8, fen_fields};

impl Fen for Duggan {
    fn start_position(options: &DugganOptions) -> Self {
        Self::from_fen(START_FEN, options).expect("start FEN is valid")
    }

    fn from_fen(fen: &str, options: &DugganOptions) -> Result<Self, FenError> {
        let fields = fen_fields::split(fen, 4, 6)?;
        // Syntax: every field read into its value.
        let board = board8::parse_board::<KINDS>(fields[0], &LETTERS)?;
        let side = fen_fields::side(fields[1])?;
        if fields[2] != "-" {
            return Err(FenError::Castling(format!(
                "Duggan has no castling (DUG-75): the castling field must be '-', got '{}'",
                fields[2]
            )));
        }
        if fields[3] != "-" {
            return Err(FenError::EnPassant(format!(
                "Duggan has no en passant (DUG-75): the en-passant field must be '-', got '{}'",
                fields[3]
            )));
        }
        let (halfmove, fullmove) = fen_fields::counters(&fields, 4)?;
        // Legality of what was read.
        for c in Color::BOTH {
            let adepts = board.pieces(c, ADEPT).count();
            if adepts != 1 {
                return Err(Illegality::royal_count(c, "Adept", adepts).into());
            }
        }
        let t = tables();
        if (board.pieces(Color::White, MERCENARY) & t.rank[7]).any()
            || (board.pieces(Color::Black, MERCENARY) & t.rank[0]).any()
        {
            return Err(Illegality::on_forbidden_rank(
                "a Mercenary",
                "its last rank",
                Some("DUG-23"),
            )
            .into());
        }
        let bits = Bits::from_board(&board);
        if royal_attacked(&bits, bits.pieces(!side, ADEPT).lsb(), side) {
            return Err(Illegality::OpponentInCheck { ruling: None }.into());
        }
        let in_check = royal_attacked(&bits, bits.pieces(side, ADEPT).lsb(), !side);
        Ok(Duggan {
            board,
            side,
            halfmove,
            fullmove,
            in_check,
            options: *options,
        })
    }

    fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        board8::write_board(&self.board, &LETTERS, &mut out);
        let side = fen_fields::side_letter(self.side);
        out.push_str(&format!(" {side} - - {} {}", self.halfmove, self.fullmove));
        out
    }
}

impl Notation for Duggan {
    fn piece_types() -> &'static [crate::catalogue::PieceType] {
        &super::PIECES
    }

    fn format_move(&self, mv: Move) -> String {
        mv.coordinate_token(&LETTERS, ARCHER)
    }

    /// SAN with Duggan's letters; the Mercenary is the pawn (`docs/notation.md` §6.3).
    fn format_san(&self, mv: Move) -> String {
        crate::san::san_of(self, mv, true, san_parts)
    }

    fn format_san_all(&self) -> Vec<(Move, String)> {
        crate::san::san_all(self, true, san_parts)
    }

    fn render(&self) -> String {
        // The key of the types on the board follows in `d`, from the catalogue.
        board8::render_board(&self.board, &LETTERS)
    }

    fn view(&self) -> BoardView {
        board8::view_board(&self.board, &LETTERS, &NAMES, self.side)
    }
}

/// Duggan's SAN parts: chess's, with the Mercenary (`M`) as the pawn (DUG-23 promotions `=A`,
/// DUG-31 Commander promotions `=S`).
fn san_parts(units: &crate::san::Units, mv: Move, token: &str) -> crate::san::SanParts {
    crate::san::common_parts(units, mv, token, &["M"])
}
