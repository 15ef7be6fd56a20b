//! ArchMage Chess (`archmage`), as specified by `shared/rules/archmage.md` (rulings ARC-1
//! onwards) and described as implemented in `docs/rules/archmage.md`.
//!
//! - `pieces`: the twenty piece types as data (atoms, slides, bent riders, promotions).
//! - `tables`: that data expanded into per-square tables of the 10x10 board.
//! - `attacks`: attack tests (ARC-80) for check, king steps, castling and en passant.
//! - `movegen`: fast legal generation with check and pin masks (no move is made to test it).
//! - `reference`: an independent slow mailbox generator, written from the rules text, with
//!   play-and-look legality; perft through it cross-checks the fast generator.
//! - `see`: static exchange evaluation for the search.
//! - `fen`: FEN with hands, the `d` board and the view.

mod attacks;
mod fen;
mod movegen;
pub mod options;
pub mod pieces;
mod reference;
mod see;
pub mod tables;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Piece};
use crate::rules::Position;
use crate::square::{Geometry, Square};
use crate::view::BoardView;
use crate::zobrist::KEYS;
use attacks::Attackers;
pub use pieces::*;
use tables::{sq, tables};

pub const WHITE_ISIDE: u8 = 1;
pub const WHITE_BSIDE: u8 = 2;
pub const BLACK_ISIDE: u8 = 4;
pub const BLACK_BSIDE: u8 = 8;

/// ARC-3, ARC-4.
pub const START_FEN: &str =
    "grusqkmurg/xbtfziftbx/pppppppppp/10/10/10/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMURG[DHdh] w KQkq - 0 1";

/// The engine options of ARC-E1 and ARC-E2, fixed for a game (G7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArchMageOptions {
    /// `PrinceDoubleStepLeap` (ARC-E1, default off): the Prince's two-step ignores the middle
    /// square.
    pub prince_double_step_leap: bool,
    /// `SameTypeSwitch` (ARC-E2, default on): a summoner may switch with a piece of its type.
    pub same_type_switch: bool,
}

impl Default for ArchMageOptions {
    fn default() -> Self {
        ArchMageOptions {
            prince_double_step_leap: false,
            same_type_switch: true,
        }
    }
}

impl ArchMageOptions {
    /// All four combinations, defaults first (tests).
    pub fn all() -> Vec<ArchMageOptions> {
        let mut v = Vec::new();
        for same_type_switch in [true, false] {
            for prince_double_step_leap in [false, true] {
                v.push(ArchMageOptions {
                    prince_double_step_leap,
                    same_type_switch,
                });
            }
        }
        v
    }
}

/// Ordering values of the kinds (centipawns, the evaluation's material) for captures and
/// promotions.
pub const ORDER_VALUE: [i32; KINDS] = crate::catalogue::values(&pieces::PIECES);

/// Castling: (right, King destination file, Rook origin file, Rook destination file).
const CASTLES: [(u8, u8, u8); 2] = [(7, 8, 6), (3, 1, 4)];
const KING_FILE: u8 = 5;

/// An ArchMage position. Copy-make: placement, side, castling flags, en passant, hands and
/// clocks (ARC §12); the options ride along so that generation knows them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArchMage {
    board: Board<KINDS>,
    side: Color,
    castling: u8,
    /// The en-passant target, kept only when a capture onto it is legal (ARC-92).
    ep: Option<Square>,
    /// Dragons in hand: `hands[colour][slot]`, slot 0 Dragon King, 1 Dragon Horse (ARC-60).
    hands: [[u8; 2]; 2],
    halfmove: u16,
    fullmove: u16,
    /// Enemy pieces giving check to the side to move.
    checkers: Bitboard,
    /// Key of side, castling, en passant and hands; the full key adds the board's key.
    state_hash: u64,
    options: ArchMageOptions,
}

/// Rights kept when an action touches a square (ARC-72).
fn castling_keep_mask(s: Square) -> u8 {
    match (s.col(), s.row()) {
        (1, 0) => !WHITE_BSIDE,
        (5, 0) => !(WHITE_ISIDE | WHITE_BSIDE),
        (8, 0) => !WHITE_ISIDE,
        (1, 9) => !BLACK_BSIDE,
        (5, 9) => !(BLACK_ISIDE | BLACK_BSIDE),
        (8, 9) => !BLACK_ISIDE,
        _ => 0xFF,
    }
}

#[inline]
fn hand_key(c: Color, slot: usize, count: u8) -> u64 {
    KEYS.hand[Piece::new(c, DRAGONS[slot]).index()][count as usize]
}

impl ArchMage {
    pub fn board(&self) -> &Board<KINDS> {
        &self.board
    }

    pub fn options(&self) -> &ArchMageOptions {
        &self.options
    }

    /// Dragons of `kind` (Dragon King or Dragon Horse) in the hand of `c`.
    pub fn hand_count(&self, c: Color, kind: u8) -> u8 {
        dragon_slot(kind).map_or(0, |s| self.hands[c.index()][s])
    }

    #[inline]
    pub fn king_square(&self, c: Color) -> Square {
        self.board.pieces(c, KING).lsb()
    }

    /// Whether `by` attacks `s` in the current position (ARC-80).
    pub fn attacked(&self, s: Square, by: Color) -> bool {
        attacks::attackers_to(&self.board, s, by, self.board.occupied()).any()
    }

    /// The squares of `targets` that `by` attacks in the current position (ARC-80).
    pub fn attacked_among(&self, targets: Bitboard, by: Color) -> Bitboard {
        if targets.is_empty() {
            return targets;
        }
        let occ = self.board.occupied();
        targets
            .into_iter()
            .filter(|&s| attacks::attackers_to(&self.board, s, by, occ).any())
            .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(s))
    }

    /// The squares the piece on `s` attacks (ARC-80); empty for an empty square.
    pub fn attacks_from(&self, s: Square) -> Bitboard {
        let p = self.board.piece_at(s);
        if p.is_none() {
            return Bitboard::EMPTY;
        }
        attacks::attacks_of(p.kind(), p.color(), s, self.board.occupied())
    }

    fide_turn_methods!();

    fn compute_checkers(&self) -> Bitboard {
        attacks::attackers_to(
            &self.board,
            self.king_square(self.side),
            !self.side,
            self.board.occupied(),
        )
    }

    /// The square of the Pawn that double-stepped over `ep` (the side not to move owns it).
    #[inline]
    fn ep_victim(&self, ep: Square) -> Square {
        if self.side == Color::White {
            Square::from_index(ep.index() as u8 - 10)
        } else {
            Square::from_index(ep.index() as u8 + 10)
        }
    }

    /// Whether the side to move has a legal en-passant capture onto `ep` (ARC-27, ARC-81).
    fn en_passant_capture_is_legal(&self, ep: Square) -> bool {
        let t = tables();
        let us = self.side;
        let victim = self.ep_victim(ep);
        let capturers = t.base.pawn[(!us).index()][ep.index()] & self.board.pieces(us, PAWN);
        if capturers.is_empty() {
            return false;
        }
        let ksq = self.king_square(us);
        let enemies = Attackers::new(&self.board, !us).without(Bitboard::from_square(victim));
        capturers.into_iter().any(|from| {
            let occ = (self.board.occupied()
                ^ Bitboard::from_square(from)
                ^ Bitboard::from_square(victim))
                | Bitboard::from_square(ep);
            !enemies.attack(ksq, occ)
        })
    }

    fn set_castling(&mut self, rights: u8) {
        self.state_hash ^= KEYS.castling[self.castling as usize] ^ KEYS.castling[rights as usize];
        self.castling = rights;
    }

    fn change_hand(&mut self, c: Color, slot: usize, delta: i8) {
        let n = &mut self.hands[c.index()][slot];
        self.state_hash ^= hand_key(c, slot, *n);
        *n = (*n as i8 + delta) as u8;
        self.state_hash ^= hand_key(c, slot, *n);
    }

    /// The Rook's squares of a castling whose King lands on `king_to` (ARC-70).
    fn castle_rook_squares(king_to: Square) -> (Square, Square) {
        let rank = king_to.row();
        let (_, rook_from, rook_to) = CASTLES
            .into_iter()
            .find(|c| c.0 == king_to.col())
            .expect("a castling destination");
        (sq(rook_from, rank), sq(rook_to, rank))
    }

    /// The squares a switch of `a` and `b` promotes on, with the promoting piece's kind: the
    /// one piece of a promoting type that lands on its side's last rank (ARC-56).
    fn switch_promotion(&self, a: Square, b: Square) -> Option<(Square, u8)> {
        let t = tables();
        let last = t.last_rank(self.side);
        // After the exchange the piece from `a` stands on `b` and vice versa.
        for (from, to) in [(a, b), (b, a)] {
            let kind = self.board.piece_at(from).kind();
            if last.contains(to) && !PROMOTES_TO[kind as usize].is_empty() {
                return Some((to, kind));
            }
        }
        None
    }
}

/// The squares a piece of `kind` and `color` on `from` attacks given `occ` (ARC-80): the
/// capture targets by the catalogue's data (the evaluation values pieces from it).
pub fn piece_attacks(kind: u8, color: Color, from: Square, occ: Bitboard) -> Bitboard {
    attacks::attacks_of(kind, color, from, occ)
}

/// No dice in ArchMage Chess: no position is a chance step.
impl crate::rules::Chance for ArchMage {}

impl Position for ArchMage {
    const NAME: &'static str = "archmage";
    const GEOMETRY: Geometry = Geometry::Board10;
    /// ARC-92: positions repeat over the whole game (switches move Pawns back, Dragons return).
    const REPETITION_SINCE_RESET: bool = false;
    /// Captured Dragons, in two kinds (ARC-60).
    const POCKET_KINDS: u32 = 2;
    /// ARC-95: threefold repetition is judged before the 100-ply rule.
    const REPETITION_BEFORE_CLOCK_RULE: bool = true;
    type Options = ArchMageOptions;

    fide_position_queries!();

    fn play(&mut self, mv: Move) {
        let us = self.side;
        self.clear_en_passant();
        let to = mv.to();
        self.halfmove = self.halfmove.saturating_add(1);
        let mut keep = castling_keep_mask(to);
        match mv.kind() {
            MoveKind::Drop => {
                let kind = mv.piece_kind().expect("a drop names its Dragon");
                let slot = dragon_slot(kind).expect("only Dragons are dropped");
                self.change_hand(us, slot, -1);
                self.board.put(to, Piece::new(us, kind));
            }
            MoveKind::Switch => {
                let from = mv.from();
                keep &= castling_keep_mask(from);
                let promotion = mv
                    .piece_kind()
                    .and_then(|k| self.switch_promotion(from, to).map(|(s, _)| (s, k)));
                let a = self.board.remove(from);
                let b = self.board.remove(to);
                self.board.put(from, b);
                self.board.put(to, a);
                if let Some((s, kind)) = promotion {
                    self.board.remove(s);
                    self.board.put(s, Piece::new(us, kind));
                }
            }
            MoveKind::Castle => {
                let from = mv.from();
                keep &= castling_keep_mask(from);
                let (rook_from, rook_to) = Self::castle_rook_squares(to);
                self.board.relocate(from, to);
                self.board.relocate(rook_from, rook_to);
            }
            MoveKind::EnPassant => self.capture_en_passant(mv.from(), to),
            kind => {
                let from = mv.from();
                keep &= castling_keep_mask(from);
                let captured = self.board.piece_at(to);
                if captured.is_some() {
                    // ARC-62: a captured Dragon goes to the capturer's hand.
                    if let Some(slot) = dragon_slot(captured.kind()) {
                        self.change_hand(us, slot, 1);
                    }
                    self.board.remove(to);
                    self.halfmove = 0;
                }
                let moving = self.board.piece_at(from);
                if moving.kind() == PAWN {
                    self.halfmove = 0;
                }
                self.board.relocate(from, to);
                if kind == MoveKind::Promotion {
                    self.board.remove(to);
                    let k = mv.piece_kind().expect("a promotion names its piece");
                    self.board.put(to, Piece::new(us, k));
                }
            }
        }
        if self.castling & keep != self.castling {
            self.set_castling(self.castling & keep);
        }
        self.pass_turn(mv, us);
    }

    /// ARC-94: each side has only its King on the board.
    fn insufficient_material(&self) -> bool {
        self.board.occupied().count() == 2
    }
}

/// Fixed positions (FENs) searched by `bench`: varied openings, middle games and endings.
pub const BENCH: &[&str] = &[
    START_FEN,
    // Middle game with hands on both sides, a Dragon on the board, bent riders in play.
    "g2sqk3g/x1tfzif1bx/pp1p1pp1pp/2pbr1tm2/4P1M3/4UPD3/P2P1B1HP1/1PT3PP1P/X2FZI2TX/GR1SQK1U1G[Dh] w Q - 2 14",
    // En passant available, all castling rights, full hands.
    "grusqk1urg/xbtfzimtbx/pppp1ppppp/10/10/4pP4/10/PPPPP1PPPP/XBTFZIFTBX/GRUSQKMURG[DHdh] b KQkq f4 0 6",
    // Promotions pending on both sides, summoners near both Kings.
    "5kr3/1PI6R/10/3a6/10/K9/5m4/6A3/2s1i2p2/10[DHdh] w - - 0 40",
    // Endgame: Manticore, Amazon and Dragon King against Griffon, ArchMage, Dragon Horse.
    "5k4/10/3g3h2/10/4X5/10/2Z3a3/10/3D6/5K4[Hd] w - - 4 60",
    // Bent riders and Buffalos around exposed Kings, Dragons in hand without summoners.
    "g4k3g/1x6x1/3u2u3/10/10/10/10/3U2U3/1X6X1/G4K3G[Dd] w - - 0 30",
    // Summoners crowded together: switches, drops and promotions by switch.
    "4k5/2m2m1P1M/1S1sa5/5a4/10/10/10/3SAM1m2/4p1M3/4K5[DHdh] b - - 0 25",
    // Early opening after a few developing moves and a switch on each side.
    "grumqksurg/xbtfziftbx/pppp1ppppp/4p5/10/10/4P5/PPPP1PPPPP/XBTFZIFTBX/GRUMQKSURG[DHdh] w KQkq - 2 3",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::{perft, perft_reference};
    use crate::rules::{Fen, MoveGen};

    #[test]
    fn start_position_counts_agree_with_the_reference() {
        let pos = ArchMage::start_position(&ArchMageOptions::default());
        assert_eq!(pos.to_fen(), START_FEN);
        for d in 1..=2 {
            assert_eq!(perft(&pos, d), perft_reference(&pos, d), "depth {d}");
        }
    }

    #[test]
    fn bench_positions_are_valid() {
        for fen in BENCH {
            let pos = ArchMage::from_fen(fen, &ArchMageOptions::default())
                .unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(pos.to_fen(), *fen);
            assert!(pos.terminal().is_none(), "{fen}");
        }
    }
}
