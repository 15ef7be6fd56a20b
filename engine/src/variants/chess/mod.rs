//! Standard chess (FIDE): the baseline for correctness and speed.

mod embed;
mod fen;
mod movegen;
mod notation;
mod reference;
mod see;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Piece};
use crate::rules::Position;
use crate::square::{Geometry, Square};
use crate::tables::{masks, AttackTables};
use crate::zobrist::KEYS;
use std::sync::LazyLock;

use crate::catalogue::{self, PieceType};

pub const PAWN: u8 = 0;
pub const KNIGHT: u8 = 1;
pub const BISHOP: u8 = 2;
pub const ROOK: u8 = 3;
pub const QUEEN: u8 = 4;
pub const KING: u8 = 5;
/// The piece catalogue, by kind (FIDE Laws, Article 3).
pub const PIECES: [PieceType; 6] = [
    PieceType::plain("Pawn", "P", "fmWfcF", 100).with_special(
        "Two squares forward from its first square, en passant, promotion on the last rank.",
    ),
    PieceType::plain("Knight", "N", "N", 300),
    PieceType::plain("Bishop", "B", "B", 300),
    PieceType::plain("Rook", "R", "R", 500),
    PieceType::plain("Queen", "Q", "Q", 900),
    PieceType::plain("King", "K", "K", 0)
        .with_special("Castles with a rook; may not move into check.")
        .royal(),
];
/// FEN letters by kind.
pub const LETTERS: [char; 6] = catalogue::letters(&PIECES);
/// Piece names by kind.
pub const NAMES: [&str; 6] = catalogue::names(&PIECES);

pub const WHITE_KINGSIDE: u8 = 1;
pub const WHITE_QUEENSIDE: u8 = 2;
pub const BLACK_KINGSIDE: u8 = 4;
pub const BLACK_QUEENSIDE: u8 = 8;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static TABLES: LazyLock<AttackTables> = LazyLock::new(|| AttackTables::new(masks::board8()));
static BOARD: LazyLock<Bitboard> = LazyLock::new(masks::board8);

/// The attack tables of the 8x8 board (also used by evaluation for mobility and king safety).
#[inline]
pub fn tables() -> &'static AttackTables {
    &TABLES
}

/// Board square by 0-based file and rank.
#[inline]
pub const fn sq(file: u8, rank: u8) -> Square {
    Geometry::Framed8.board_square(file, rank)
}

/// Squares of one board rank (0-based).
fn rank_mask(rank: u8) -> Bitboard {
    (0..8).fold(Bitboard::EMPTY, |b, f| {
        b | Bitboard::from_square(sq(f, rank))
    })
}

/// Rights kept when a move touches a square (king and rook home squares clear rights).
fn castling_keep_mask(s: Square) -> u8 {
    match (s.col(), s.row()) {
        (1, 1) => !WHITE_QUEENSIDE,
        (5, 1) => !(WHITE_KINGSIDE | WHITE_QUEENSIDE),
        (8, 1) => !WHITE_KINGSIDE,
        (1, 8) => !BLACK_QUEENSIDE,
        (5, 8) => !(BLACK_KINGSIDE | BLACK_QUEENSIDE),
        (8, 8) => !BLACK_KINGSIDE,
        _ => 0xFF,
    }
}

static KEEP_MASK: LazyLock<[u8; 100]> = LazyLock::new(|| {
    let mut m = [0xFF; 100];
    for s in Square::all() {
        m[s.index()] = castling_keep_mask(s);
    }
    m
});

/// A chess position. Copy-make: about 260 bytes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chess {
    board: Board<6>,
    side: Color,
    castling: u8,
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
    /// Enemy pieces giving check to the side to move.
    checkers: Bitboard,
    /// Key of side, castling and en passant; the full key adds the board's key.
    state_hash: u64,
}

impl Chess {
    pub fn board(&self) -> &Board<6> {
        &self.board
    }

    #[inline]
    fn king_square(&self, c: Color) -> Square {
        self.board.pieces(c, KING).lsb()
    }

    /// Pieces of `by` that attack `s`, given occupancy `occ`.
    #[inline]
    pub(crate) fn attackers_to(&self, s: Square, occ: Bitboard, by: Color) -> Bitboard {
        let t = tables();
        let b = &self.board;
        let i = s.index();
        let queens = b.kind(QUEEN);
        ((t.pawn[(!by).index()][i] & b.kind(PAWN))
            | (t.knight[i] & b.kind(KNIGHT))
            | (t.king[i] & b.kind(KING))
            | (t.bishop(s, occ) & (b.kind(BISHOP) | queens))
            | (t.rook(s, occ) & (b.kind(ROOK) | queens)))
            & b.color(by)
    }

    /// Pieces of both colours that attack `s`, given occupancy `occ` (one pass of the slider
    /// look-ups, where two calls of `attackers_to` would make two).
    #[inline]
    pub(crate) fn all_attackers_to(&self, s: Square, occ: Bitboard) -> Bitboard {
        let t = tables();
        let b = &self.board;
        let i = s.index();
        let queens = b.kind(QUEEN);
        let pawns = b.kind(PAWN);
        (t.pawn[Color::Black.index()][i] & pawns & b.color(Color::White))
            | (t.pawn[Color::White.index()][i] & pawns & b.color(Color::Black))
            | (t.knight[i] & b.kind(KNIGHT))
            | (t.king[i] & b.kind(KING))
            | (t.bishop(s, occ) & (b.kind(BISHOP) | queens))
            | (t.rook(s, occ) & (b.kind(ROOK) | queens))
    }

    fide_turn_methods!();

    fn compute_checkers(&self) -> Bitboard {
        self.attackers_to(
            self.king_square(self.side),
            self.board.occupied(),
            !self.side,
        )
    }

    /// Whether the side to move could capture en passant on `ep` legally right now.
    fn en_passant_capture_is_legal(&self, ep: Square) -> bool {
        let t = tables();
        let us = self.side;
        let them = !us;
        let victim = if us == Color::White {
            Square::from_index(ep.index() as u8 - 10)
        } else {
            Square::from_index(ep.index() as u8 + 10)
        };
        let ksq = self.king_square(us);
        let capturers = t.pawn[them.index()][ep.index()] & self.board.pieces(us, PAWN);
        capturers.into_iter().any(|from| {
            let occ = (self.board.occupied()
                ^ Bitboard::from_square(from)
                ^ Bitboard::from_square(victim))
                | Bitboard::from_square(ep);
            (self.attackers_to(ksq, occ, them) & !Bitboard::from_square(victim)).is_empty()
        })
    }

    fn set_castling(&mut self, rights: u8) {
        self.state_hash ^= KEYS.castling[self.castling as usize] ^ KEYS.castling[rights as usize];
        self.castling = rights;
    }

    fn castle_rook_squares(king_to: Square) -> (Square, Square) {
        let rank = king_to.row() - 1;
        if king_to.col() == 7 {
            (sq(7, rank), sq(5, rank))
        } else {
            (sq(0, rank), sq(3, rank))
        }
    }
}

/// No dice in Chess: no position is a chance step.
impl crate::rules::Chance for Chess {}

impl Position for Chess {
    const NAME: &'static str = "chess";
    const GEOMETRY: Geometry = Geometry::Framed8;
    /// FIDE 9.2, 9.3: threefold repetition and the 50-move rule are claimed, not automatic.
    const DRAWS_ARE_CLAIMS: bool = true;
    type Options = ();

    fide_position_queries!();

    fn play(&mut self, mv: Move) {
        let us = self.side;
        self.clear_en_passant();
        let from = mv.from();
        let to = mv.to();
        self.halfmove += 1;
        match mv.kind() {
            MoveKind::Castle => {
                let (rook_from, rook_to) = Self::castle_rook_squares(to);
                self.board.relocate(from, to);
                self.board.relocate(rook_from, rook_to);
            }
            MoveKind::EnPassant => self.capture_en_passant(from, to),
            kind => {
                if self.board.piece_at(to).is_some() {
                    self.board.remove(to);
                    self.halfmove = 0;
                }
                let moving = self.board.piece_at(from);
                self.board.relocate(from, to);
                if moving.kind() == PAWN {
                    self.halfmove = 0;
                    if kind == MoveKind::Promotion {
                        self.board.remove(to);
                        self.board
                            .put(to, Piece::new(us, mv.piece_kind().unwrap_or(QUEEN)));
                    }
                }
            }
        }
        let keep = KEEP_MASK[from.index()] & KEEP_MASK[to.index()];
        if self.castling & keep != self.castling {
            self.set_castling(self.castling & keep);
        }
        self.pass_turn(mv, us);
    }

    /// No sequence of legal moves can mate (FIDE 5.2.2 for the material cases that are always
    /// dead: bare kings, a single minor piece, and bishops all on one square colour).
    fn insufficient_material(&self) -> bool {
        let b = &self.board;
        if (b.kind(PAWN) | b.kind(ROOK) | b.kind(QUEEN)).any() {
            return false;
        }
        let minors = b.kind(KNIGHT) | b.kind(BISHOP);
        if minors.count() <= 1 {
            return true;
        }
        if b.kind(KNIGHT).any() {
            return false;
        }
        let dark = b
            .kind(BISHOP)
            .into_iter()
            .filter(|s| (s.col() + s.row()) % 2 == 0)
            .count();
        dark == 0 || dark == b.kind(BISHOP).count() as usize
    }
}

/// Fixed positions (FENs) searched by `bench`: varied openings, middle games and endings.
pub const BENCH: &[&str] = &[
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "2r2rk1/pp3ppp/2n1p3/3pP3/3P4/P1q2N2/5PPP/R2Q1RK1 w - - 0 17",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5pp1/7p/3Q4/8/6P1/5PKP/3q4 b - - 3 40",
    "8/8/4k3/3p4/3K4/4P3/8/8 w - - 0 1",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 2 10",
];
