//! FEN for chess: strict parsing with clear errors, and canonical output.

use super::*;
use crate::errors::{FenError, Illegality};
use crate::rules::Fen;
use crate::{board8, fen_fields};

/// The castling rights by FEN letter, in the field's order.
const RIGHTS: [(char, u8); 4] = [
    ('K', WHITE_KINGSIDE),
    ('Q', WHITE_QUEENSIDE),
    ('k', BLACK_KINGSIDE),
    ('q', BLACK_QUEENSIDE),
];

impl Fen for Chess {
    fn start_position(_: &()) -> Self {
        Self::from_fen(START_FEN, &()).expect("start FEN is valid")
    }

    fn from_fen(fen: &str, _: &()) -> Result<Self, FenError> {
        parse_with(fen, false)
    }

    fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        board8::write_board(&self.board, &LETTERS, &mut out);
        let tail = fen_fields::FideTail {
            side: self.side,
            castling: self.castling,
            rights: &RIGHTS,
            ep: self.ep,
            geometry: Geometry::Framed8,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        };
        fen_fields::write_fide_tail(&tail, &mut out);
        out
    }
}

/// `king_may_be_taken`: the side to move may have no king (Ghost Chess, GHO-52).
pub(super) fn parse_with(fen: &str, king_may_be_taken: bool) -> Result<Chess, FenError> {
    let fields = fen_fields::split(fen, 4, 6)?;
    let board = board8::parse_board::<6>(fields[0], &LETTERS)?;
    for c in Color::BOTH {
        let kings = board.pieces(c, KING).count();
        let taken =
            king_may_be_taken && kings == 0 && fields.get(1) == Some(&fen_fields::side_letter(c));
        if kings != 1 && !taken {
            return Err(Illegality::royal_count(c, "king", kings).into());
        }
    }
    if (board.kind(PAWN) & (rank_mask(0) | rank_mask(7))).any() {
        return Err(Illegality::on_forbidden_rank("a pawn", "the first or last rank", None).into());
    }
    let side = fen_fields::side(fields[1])?;
    let castling = fen_fields::castling(fields[2], &RIGHTS, |c, color| {
        let rank = if color == Color::White { 0 } else { 7 };
        let rook_file = if c.eq_ignore_ascii_case(&'k') { 7 } else { 0 };
        if board.piece_at(sq(4, rank)) != Piece::new(color, KING)
            || board.piece_at(sq(rook_file, rank)) != Piece::new(color, ROOK)
        {
            return Err(format!(
                "castling right '{c}' needs the king and rook on their home squares"
            ));
        }
        Ok(())
    })?;
    let ep_field = fields[3];
    let mut ep = None;
    if ep_field != "-" {
        let s = Geometry::Framed8
            .parse(ep_field)
            .filter(|s| (1..=8).contains(&s.col()) && (1..=8).contains(&s.row()))
            .ok_or_else(|| FenError::EnPassant(format!("bad en-passant square '{ep_field}'")))?;
        let expected_row = if side == Color::White { 6 } else { 3 };
        if s.row() != expected_row {
            return Err(FenError::EnPassant(format!(
                "en-passant square '{ep_field}' is on the wrong rank"
            )));
        }
        ep = Some(s);
    }
    let (halfmove, fullmove) = fen_fields::counters(&fields, 4)?;
    let mut pos = Chess {
        board,
        side,
        castling,
        ep: None,
        halfmove,
        fullmove,
        checkers: Bitboard::EMPTY,
        state_hash: 0,
    };
    let opponent_king = pos.king_square(!side);
    // After a king capture the capturer may have been in check (GHO-50's exception).
    if pos.has_king(side)
        && pos
            .attackers_to(opponent_king, pos.board.occupied(), side)
            .any()
    {
        return Err(Illegality::OpponentInCheck { ruling: None }.into());
    }
    if !pos.has_king(side) {
        // The game is over (GHO-52): nothing else to derive.
        ep = None;
    } else {
        pos.checkers = pos.compute_checkers();
    }
    pos.settle_read_state(ep);
    Ok(pos)
}
