//! Chess notation: the move token, standard algebraic notation (SAN) for PGN files, so that other
//! chess tools (python-chess, GUIs, databases) read the games Grimoire writes, and the `d` board.

use super::*;
use crate::board8;
use crate::rules::{MoveGen, Notation};
use crate::view::BoardView;

impl Notation for Chess {
    fn piece_types() -> &'static [crate::catalogue::PieceType] {
        &super::PIECES
    }

    fn format_move(&self, mv: Move) -> String {
        mv.coordinate_token(&LETTERS, QUEEN)
    }

    /// SAN of a legal move: piece letter, the shortest disambiguation, `x` for captures,
    /// `=Q` for promotions, `O-O`/`O-O-O`, and `+`/`#` when it checks or mates.
    fn format_san(&self, mv: Move) -> String {
        let g = Geometry::Framed8;
        let mut san = String::with_capacity(8);
        if mv.kind() == MoveKind::Null {
            return "--".to_string();
        }
        if mv.kind() == MoveKind::Castle {
            san.push_str(if mv.to().col() > mv.from().col() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let moving = self.board.piece_at(mv.from());
            let capture =
                mv.kind() == MoveKind::EnPassant || self.board.piece_at(mv.to()).is_some();
            if moving.kind() == PAWN {
                if capture {
                    san.push(g.name(mv.from()).chars().next().unwrap_or('?'));
                }
            } else {
                san.push(LETTERS[moving.kind() as usize].to_ascii_uppercase());
                san.push_str(&disambiguation(self, mv, moving));
            }
            if capture {
                san.push('x');
            }
            g.write_name(mv.to(), &mut san);
            if mv.kind() == MoveKind::Promotion {
                san.push('=');
                san.push(LETTERS[mv.piece_kind().unwrap_or(QUEEN) as usize].to_ascii_uppercase());
            }
        }
        let mut after = self.clone();
        after.play(mv);
        if after.in_check() {
            san.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        san
    }

    fn render(&self) -> String {
        board8::render_board(&self.board, &LETTERS)
    }

    fn view(&self) -> BoardView {
        board8::view_board(&self.board, &LETTERS, &NAMES, self.side)
    }
}

/// The file, rank or square that tells `mv` apart from other legal moves of the same piece kind
/// to the same square (empty when none does).
fn disambiguation(pos: &Chess, mv: Move, moving: Piece) -> String {
    let g = Geometry::Framed8;
    let rivals: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|m| {
            m.to() == mv.to()
                && m.from() != mv.from()
                && m.kind() != MoveKind::Castle
                && pos.board.piece_at(m.from()) == moving
        })
        .map(|m| m.from())
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let name = g.name(mv.from());
    let (file, rank) = name.split_at(1);
    if rivals.iter().all(|s| s.col() != mv.from().col()) {
        file.to_string()
    } else if rivals.iter().all(|s| s.row() != mv.from().row()) {
        rank.to_string()
    } else {
        name
    }
}
