//! Duggan's Fantasy Chess (`duggan`), as specified by `shared/rules/duggan.md` (rulings DUG-1
//! onwards) and described as implemented in `docs/rules/duggan.md`.
//!
//! - `tables`: the piece geometry as data (Golem vectors and paths, Archer bent paths,
//!   Mercenary threat steps) on top of the 8x8 [`AttackTables`].
//! - `attacks`: fast capture tests (DUG-40..43) on bitboards, with the threatened fixed point.
//! - `movegen`: fast legal generation (legality without making the move).
//! - `reference`: an independent slow mailbox generator with play-and-look legality.
//! - `see`: static exchange evaluation with Golem crushes and immunity.
//! - `fen`: FEN, the `d` board and the view.

mod attacks;
mod fen;
mod movegen;
pub mod options;
mod reference;
mod see;
pub mod tables;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::catalogue::{self, PieceType};
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, Piece};
use crate::rules::Position;
use crate::square::{Geometry, Square};
use crate::view::BoardView;
use crate::zobrist::KEYS;
use attacks::Bits;
use tables::tables;

pub const GOLEM: u8 = 0;
pub const MERCENARY: u8 = 1;
pub const ARCHER: u8 = 2;
pub const BISHOP: u8 = 3;
pub const COMMANDER: u8 = 4;
pub const ASSASSIN: u8 = 5;
pub const ADEPT: u8 = 6;
/// Number of piece kinds.
pub const KINDS: usize = 7;
/// The piece catalogue, by kind (DUG-4, DUG-10..39); values as the ordering's.
pub const PIECES: [PieceType; KINDS] = [
    PieceType::plain("Golem", "G", "AH", 296).with_special(
        "Leaps (2,2) or (3,0); onto an occupied square it crushes every piece on its path and \
         destination, friend or foe; no Golem or own Adept may stand there; only Mercenaries, \
         Commanders and Adepts capture it (DUG-10..13, DUG-7).",
    ),
    PieceType::plain("Mercenary", "M", "mfWmfnD", 100).with_special(
        "The two-step only from its second rank; while threatened it may also step or capture \
         left, right or forward (fsW); promotes to Archer, Bishop or Commander on the last rank \
         (DUG-20..23).",
    ),
    PieceType::plain("Archer", "A", "", 523).with_special(
        "A bent rider: n squares in one direction, then n squares at a right angle, blocked only \
         when both paths are; never leaves its colour; cannot capture a Golem (DUG-25..28).",
    ),
    PieceType::plain("Bishop", "B", "B", 330).with_special("Cannot capture a Golem (DUG-29)."),
    PieceType::plain("Commander", "C", "W", 145).with_special(
        "Made by promotion; ending on its own first rank it may become an Archer, Assassin, \
         Golem or Bishop (DUG-30..32).",
    ),
    PieceType::plain("Assassin", "S", "cK", 1659).with_special(
        "Teleports to any empty square; captures only by a king step, never a Golem (DUG-35..38).",
    ),
    PieceType::plain("Adept", "D", "K", 0)
        .with_special("The royal piece: checkmate it to win; no castling (DUG-39).")
        .royal(),
];
/// FEN letters by kind (DUG-4); the same letters name promotion choices in move tokens.
pub const LETTERS: [char; KINDS] = catalogue::letters(&PIECES);
/// Piece names by kind.
pub const NAMES: [&str; KINDS] = catalogue::names(&PIECES);

/// DUG-2.
pub const START_FEN: &str = "gabsdbag/mmmmmmmm/8/8/8/8/MMMMMMMM/GABSDBAG w - - 0 1";

/// Board square by 0-based file and rank.
#[inline]
pub const fn sq(file: u8, rank: u8) -> Square {
    Geometry::Framed8.board_square(file, rank)
}

/// `MercenaryThreatStep` (DUG-22).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ThreatStep {
    /// Threat steps go to an empty square or capture (the default, DUG-21).
    #[default]
    MoveOrCapture,
    /// Threat steps must capture.
    CaptureOnly,
}

/// The engine options of DUG-22, DUG-37 and DUG-38, fixed for a game (G7).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DugganOptions {
    pub threat_step: ThreatStep,
    /// `CorneredAssassin`: no teleport while an enemy piece threatens her.
    pub cornered_assassin: bool,
    /// `CowardlyAssassin`: teleport only to a square her side defends afterwards.
    pub cowardly_assassin: bool,
}

impl DugganOptions {
    /// All eight combinations, defaults first (tests).
    pub fn all() -> Vec<DugganOptions> {
        let mut v = Vec::new();
        for threat_step in [ThreatStep::MoveOrCapture, ThreatStep::CaptureOnly] {
            for cornered_assassin in [false, true] {
                for cowardly_assassin in [false, true] {
                    v.push(DugganOptions {
                        threat_step,
                        cornered_assassin,
                        cowardly_assassin,
                    });
                }
            }
        }
        v
    }
}

/// Ordering values (centipawns, the evaluation's material) of the pieces for captures and
/// promotions; the Adept is never captured.
const ORDER_VALUE: [i32; KINDS] = catalogue::values(&PIECES);

/// A Duggan position. Copy-make: the state is the placement, the side to move and the two
/// counters (DUG §7); the options ride along so that generation knows them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Duggan {
    board: Board<KINDS>,
    side: Color,
    halfmove: u16,
    fullmove: u16,
    /// The side to move is in check (DUG-43).
    in_check: bool,
    options: DugganOptions,
}

impl Duggan {
    pub fn board(&self) -> &Board<KINDS> {
        &self.board
    }

    pub fn options(&self) -> &DugganOptions {
        &self.options
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove as u32
    }

    /// The squares the piece on `s` reaches (DUG-40 e), counting a Mercenary as unthreatened
    /// (it reaches nothing): the cheap attack map the evaluation uses. Empty for an empty square.
    pub fn reach(&self, s: Square) -> Bitboard {
        let p = self.board.piece_at(s);
        if p.is_none() {
            return Bitboard::EMPTY;
        }
        attacks::reach(&Bits::from_board(&self.board), s, p.color(), p.kind())
    }

    /// Whether the Mercenary on `s` is threatened (DUG-41), by the fast test.
    pub fn mercenary_threatened(&self, s: Square) -> bool {
        let p = self.board.piece_at(s);
        p.is_some()
            && p.kind() == MERCENARY
            && attacks::merc_threatened(&Bits::from_board(&self.board), s, p.color())
    }

    /// Whether the piece on `s` is threatened (DUG-41): some piece of either side can capture
    /// it. Computed by the slow reference code (tests and tools, not search).
    pub fn threatened_reference(&self, s: Square) -> bool {
        reference::threatened(self, s)
    }

    /// The pieces removed by a legal move (a Golem crush removes its whole path, DUG-12).
    pub fn removed_by(&self, mv: Move) -> Bitboard {
        let from = mv.from();
        let to = mv.to();
        let occ = self.board.occupied();
        if self.board.piece_at(from).kind() == GOLEM {
            let t = tables();
            let v = t.golem_vector(from, to) as usize;
            t.golem_full[from.index()][v] & occ
        } else if occ.contains(to) {
            Bitboard::from_square(to)
        } else {
            Bitboard::EMPTY
        }
    }
}

/// No dice in Duggan: no position is a chance step.
impl crate::rules::Chance for Duggan {}

impl Position for Duggan {
    const NAME: &'static str = "duggan";
    const GEOMETRY: Geometry = Geometry::Framed8;
    type Options = DugganOptions;

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.board.hash() ^ KEYS.side_to_move(self.side)
    }

    fn play(&mut self, mv: Move) {
        let us = self.side;
        let from = mv.from();
        let to = mv.to();
        let moving = self.board.piece_at(from);
        self.halfmove = self.halfmove.saturating_add(1);
        let removed = self.removed_by(mv);
        if removed.any() {
            // DUG-54: any removal is a capture, a Golem crushing only its own pieces included.
            for s in removed {
                self.board.remove(s);
            }
            self.halfmove = 0;
        }
        self.board.relocate(from, to);
        if moving.kind() == MERCENARY {
            self.halfmove = 0;
        }
        if mv.kind() == MoveKind::Promotion {
            self.board.remove(to);
            let kind = mv.piece_kind().expect("a promotion names its piece");
            self.board.put(to, Piece::new(us, kind));
        }
        self.side = !us;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let bits = Bits::from_board(&self.board);
        self.in_check = attacks::royal_attacked(&bits, bits.pieces(self.side, ADEPT).lsb(), us);
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.in_check
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    /// DUG-55: bare Adepts, or a lone Adept against Adept plus one Bishop or one Archer.
    fn insufficient_material(&self) -> bool {
        let b = &self.board;
        let others = |c: Color| b.color(c) & !b.kind(ADEPT);
        let (w, k) = (others(Color::White), others(Color::Black));
        let lone_minor =
            |s: Bitboard| s.count() == 1 && (s & (b.kind(BISHOP) | b.kind(ARCHER))).any();
        (w.is_empty() && k.is_empty())
            || (w.is_empty() && lone_minor(k))
            || (k.is_empty() && lone_minor(w))
    }
}

/// Fixed positions (FENs) searched by `bench`: varied openings, middle games and endings.
pub const BENCH: &[&str] = &[
    START_FEN,
    // Opening, both sides developed a little.
    "gabsdbag/1mm1mmmm/m7/3m4/3M4/5A2/MMM1MMMM/G1BSDB1G w - - 0 4",
    // Middle game with Commanders, an open centre and Golems in play.
    "g2sdb1g/1mm2mm1/m1a1m2m/3mM3/2M2A2/M4M2/1MC2BMM/G2SD2G b - - 0 12",
    // Golem crush-heavy: Golems aimed through crowded lines.
    "2bsdb2/gmm2mmg/2a1m1a1/m2mM2m/M2Mm2M/2A3A1/GMM2MMG/2BSDB2 w - - 0 15",
    // Mercenaries under threat from Golems and Bishops, both sides.
    "g3d2g/1m1b1mm1/2m1s3/m1Mm1a1m/M2M1A1M/2S1m3/1MB2MM1/G3D2G w - - 2 18",
    // Promotions pending: Mercenaries on the seventh rank, a Commander near home.
    "4d3/1M3M2/8/3a4/5s2/8/2c3m1/3SD3 w - - 0 40",
    // Assassin endgame.
    "8/3d4/8/2s5/8/5S2/3D4/8 w - - 0 60",
    // Golem and Mercenaries against Archer and Bishop.
    "6d1/5mm1/4a3/8/3b4/2M5/1MG5/3D4 b - - 3 45",
    // Commanders heading home to promote.
    "3d4/8/2M5/8/8/1C6/2c5/4D3 w - - 0 50",
    // Middle game, Black to move, Assassins near the Adepts.
    "g1b1d1ag/mmm2mmm/3m4/4s3/2S5/3M1M2/MMM3MM/G1B1DBAG b - - 1 10",
];
