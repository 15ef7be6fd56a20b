//! Ghost Chess (`ghost`), as specified by `shared/rules/ghost.md` (rulings GHO-1 onwards) and
//! described as implemented in `docs/rules/ghost.md`.
//!
//! The living pieces are an embedded [`Chess`] position (GHO-10: they follow FIDE exactly and
//! never see a ghost). The ghosts stand on the 32 edge squares of the frame in a second board.
//!
//! - `tables`: the ring, phasing rays, edge moves, ghost pawn steps and spawn distances.
//! - `spawn`: where a captured piece may spawn (GHO-20..26) and the decision options.
//! - `movegen`: fast legal generation of ghost moves (legality without making the move).
//! - `reference`: an independent slow generator from the spec with play-and-look legality.
//! - `fen`: FEN with the ghost field and `spawn=`, the `d` board with its ring, the view.
//! - `search_hooks`: move ordering, exchange evaluation and null moves for the search.

mod fen;
pub mod movegen;
mod reference;
mod search_hooks;
pub mod spawn;
pub mod tables;

use crate::board::Board;
use crate::catalogue::PieceType;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece};
use crate::rules::Position;
use crate::square::{Geometry, Square};
use crate::variants::chess::PIECES as CHESS_PIECES;
use crate::variants::chess::{Chess, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::zobrist::KEYS;
use tables::tables;

/// The piece catalogue: the FIDE pieces living on the board (GHO-10, GHO-11), then their
/// ghosts on the edge ring (GHO-30..45), which a capture leaves behind (never a King).
pub const PIECES: [PieceType; 11] = [
    PieceType::plain("Pawn", "P", "fmWfcF", 100)
        .with_special("FIDE's pawn; captured, it returns as a ghost on the nearest edge square (GHO-20)."),
    // The living pieces are chess's, with what ghosts add to the pawn and the king.
    CHESS_PIECES[1],
    CHESS_PIECES[2],
    CHESS_PIECES[3],
    CHESS_PIECES[4],
    PieceType::plain("King", "K", "K", 0)
        .with_special("Check comes from living pieces only, but a ghost that reaches the king takes it and wins (GHO-12, GHO-52).")
        .royal(),
    PieceType::plain("Ghost Pawn", "P", "", 25)
        .with_special("Moves from the edge through everything; it may stop only on an edge square or to capture, and vanishes when it takes a living piece (GHO-30..45).")
        .off_board(),
    PieceType::plain("Ghost Knight", "N", "N", 100)
        .with_special("Phases through everything; also 1 to 3 squares along its edge line; stops only on the edge or to capture, then vanishes (GHO-30..33).")
        .off_board(),
    PieceType::plain("Ghost Bishop", "B", "B", 200)
        .with_special("Slides through everything; also 1 to 3 squares along its edge line; stops only on the edge or to capture, then vanishes (GHO-30..33).")
        .off_board(),
    PieceType::plain("Ghost Rook", "R", "R", 300)
        .with_special("Slides through everything; stops only on the edge or to capture, then vanishes (GHO-30..33).")
        .off_board(),
    PieceType::plain("Ghost Queen", "Q", "Q", 500)
        .with_special("Slides through everything; stops only on the edge or to capture, then vanishes (GHO-30..33).")
        .off_board(),
];

/// GHO-2 (the 7th field `-`: no ghosts).
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

/// A spawn waiting for its owner's decision (GHO-26): the captured piece (its colour is the
/// owner, who decides) and the square it was captured on.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct PendingSpawn {
    pub piece: Piece,
    pub capture_square: Square,
}

/// A Ghost Chess position. The side to move of the embedded chess position is the player who
/// acts next: the mover, or at a decision step the owner of the captured piece, who moves next
/// anyway (GHO-26), so the decision never changes the side to move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ghost {
    living: Chess,
    /// Ghosts by edge square (kinds as in chess: P N B R Q).
    ghosts: Board<6>,
    pending: Option<PendingSpawn>,
    /// Set when a ghost took this side's opponent's king (GHO-52).
    winner: Option<Color>,
    /// An enemy ghost could take the king of the side to move (derived; for the search).
    danger: bool,
}

impl Ghost {
    /// The living pieces as a chess position.
    pub fn living(&self) -> &Chess {
        &self.living
    }

    /// The ghosts on the edge squares.
    pub fn ghosts(&self) -> &Board<6> {
        &self.ghosts
    }

    /// The spawn decision waiting for the side to move, if any.
    pub fn pending(&self) -> Option<PendingSpawn> {
        self.pending
    }

    /// The side whose ghost took the enemy king (GHO-52), if that happened.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    pub fn fullmove(&self) -> u32 {
        self.living.fullmove()
    }

    #[inline]
    fn pending_key(&self) -> u64 {
        match self.pending {
            Some(p) => KEYS.state[p.piece.kind() as usize * 100 + p.capture_square.index()],
            None => 0,
        }
    }

    /// Whether `mv` is made by a ghost (its from-square is on the edge, GHO-4).
    #[inline]
    pub fn is_ghost_move(&self, mv: Move) -> bool {
        mv.from_opt().is_some_and(|f| tables().ring.contains(f))
    }

    /// The living piece `mv` captures and the square it stood on (GHO-20), if any.
    pub fn captured_by(&self, mv: Move) -> Option<(Piece, Square)> {
        match mv.kind() {
            MoveKind::Decision | MoveKind::Null | MoveKind::Castle => None,
            MoveKind::EnPassant => {
                let q = Square::new(mv.to().col(), mv.from().row());
                Some((self.living.board().piece_at(q), q))
            }
            _ => {
                let p = self.living.board().piece_at(mv.to());
                p.is_some().then_some((p, mv.to()))
            }
        }
    }

    /// Places a spawning ghost on `to`, taking an enemy ghost there for good (GHO-23).
    fn place_ghost(&mut self, to: Square, piece: Piece) {
        if self.ghosts.piece_at(to).is_some() {
            self.ghosts.remove(to);
        }
        self.ghosts.put(to, piece);
    }

    /// The captured `piece` spawns from `q` (GHO-22..26): at once when it has one option,
    /// otherwise its owner's decision is left pending.
    fn spawn(&mut self, piece: Piece, q: Square) {
        let options = spawn::options(&self.ghosts, piece, q);
        if cfg!(debug_assertions) {
            let mut fast: Vec<_> = options.iter().copied().collect();
            let mut slow = reference::spawn_options(&self.ghosts, piece, q);
            fast.sort_by_key(|&(s, k)| (s.index(), k));
            slow.sort_by_key(|&(s, k)| (s.index(), k));
            debug_assert_eq!(fast, slow, "spawn options of {piece:?} from {q:?}");
        }
        if options.len() == 1 {
            let (to, kind) = options[0];
            self.place_ghost(to, Piece::new(piece.color(), kind));
        } else {
            self.pending = Some(PendingSpawn {
                piece,
                capture_square: q,
            });
        }
    }

    /// Carries out one action (a living move, a ghost move or a decision) and its spawn.
    fn play_action(&mut self, mv: Move) {
        let us = self.side_to_move();
        if mv.kind() == MoveKind::Decision {
            let p = self
                .pending
                .take()
                .expect("a decision answers a pending spawn");
            let kind = mv.piece_kind().unwrap_or(p.piece.kind());
            self.place_ghost(mv.to(), Piece::new(us, kind));
            return;
        }
        let from = mv.from();
        let to = mv.to();
        if !self.is_ghost_move(mv) {
            let captured = self.captured_by(mv);
            self.living.play(mv);
            if let Some((piece, q)) = captured {
                self.spawn(piece, q);
            }
            return;
        }
        let ghost = self.ghosts.piece_at(from);
        if tables().board.contains(to) {
            // GHO-33: the ghost vanishes, the living piece is taken and spawns (GHO-24).
            self.ghosts.remove(from);
            let victim = self.living.play_outside(Some(to), true);
            if victim.kind() == KING {
                self.winner = Some(us);
            } else {
                self.spawn(victim, to);
            }
            return;
        }
        let mut irreversible = ghost.kind() == PAWN;
        if self.ghosts.piece_at(to).is_some() {
            // GHO-30 (b): a ghost taken by a ghost is gone for good.
            self.ghosts.remove(to);
            irreversible = true;
        }
        self.ghosts.relocate(from, to);
        if mv.kind() == MoveKind::Promotion {
            self.ghosts.remove(to);
            let kind = mv.piece_kind().expect("a promotion names its piece");
            self.ghosts.put(to, Piece::new(us, kind));
        }
        self.living.play_outside(None, irreversible);
    }

    /// Whether an enemy ghost could take the king of the side to move.
    fn compute_danger(&self) -> bool {
        let us = self.side_to_move();
        self.winner.is_none()
            && movegen::ghosts_attacking(self, !us, self.living.board().pieces(us, KING)).any()
    }
}

/// No dice in Ghost: no position is a chance step.
impl crate::rules::Chance for Ghost {}

impl Position for Ghost {
    const NAME: &'static str = "ghost";
    const GEOMETRY: Geometry = Geometry::Framed8;
    const BULK_LEAF_COUNT: bool = false;
    type Options = ();

    #[inline]
    fn side_to_move(&self) -> Color {
        self.living.side_to_move()
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.living.hash() ^ self.ghosts.hash() ^ self.pending_key()
    }

    fn play(&mut self, mv: Move) {
        self.play_action(mv);
        self.danger = self.compute_danger();
    }

    /// Check by living pieces only (GHO-12).
    #[inline]
    fn in_check(&self) -> bool {
        self.winner.is_none() && self.living.in_check()
    }

    /// GHO-27 (A): a spawn decision costs no perft depth.
    #[inline]
    fn consumes_depth(&self) -> bool {
        self.pending.is_none()
    }

    fn halfmove_clock(&self) -> u32 {
        self.living.halfmove_clock()
    }

    /// GHO-56: the board holds only the two kings and no ghost exists (nor is one spawning).
    fn insufficient_material(&self) -> bool {
        self.ghosts.occupied().is_empty()
            && self.pending.is_none()
            && self.living.board().occupied().count() == 2
            && self.winner.is_none()
    }
}

/// A spawn decision: the chosen edge square, and the chosen type when the pawn promotes on
/// spawning (GHO-45).
fn decision(to: Square, captured_kind: u8, kind: u8) -> Move {
    let piece = (kind != captured_kind).then_some(kind);
    Move::build(None, Some(to), MoveKind::Decision, piece, 0, 0)
}

/// Promotion choices of a ghost pawn (GHO-43, GHO-45), in token order.
pub const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// Fixed positions (FENs) searched by `bench`: varied openings, middle games and endings.
pub const BENCH: &[&str] = &[
    START_FEN,
    // Open middle game with ghosts on three sides.
    "r1bqk2r/ppp2ppp/2n2n2/3p4/1b1P4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 7 Pe0,pe9",
    "r3k2r/pp1q1ppp/2n1bn2/3p4/3P4/2NB1N2/PP3PPP/R2Q1RK1 w kq - 0 12 Bz2,Pd0,bi6,pi5",
    // A ghost queen and rook against a castled king.
    "r4rk1/pp3ppp/2n5/3q4/8/5N2/PP3PPP/R2Q1RK1 b - - 0 18 Qz6,Ri7,bz2,ni3,pa9",
    // A spawn decision pending: Black chooses z5 or d9 for the knight taken on d5.
    "r1bqkb1r/pppp1ppp/5n2/3Pp3/8/8/PPP2PPP/RNBQKBNR b KQkq - 0 4 - spawn=n@d5",
    // Ghost pawns near promotion on the files.
    "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 40 Pz7,Pi6,pz2,pi3",
    // Many ghosts, few living pieces.
    "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 50 Qa0,Rz4,Nh9,bi2,ri6,qd9",
    // King in danger from a ghost rook on the e-file edge.
    "4k3/pppr1ppp/8/8/8/8/PPP2PPP/3RK3 b - - 0 25 Re9,rz3",
    "r2qk2r/ppp1bppp/2n1bn2/3pp3/4P3/2NP1N2/PPP1BPPP/R1BQK2R w KQkq - 2 6 -",
    "8/5k2/8/2K5/8/8/8/8 w - - 0 60 Ba0,Nz5,ri8",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::{perft, perft_reference};
    use crate::rules::{Fen, MoveGen};

    #[test]
    fn start_position_counts_agree_with_the_reference() {
        let pos = Ghost::start_position(&());
        assert_eq!(pos.legal_moves().len(), 20);
        for d in 1..=3 {
            assert_eq!(perft(&pos, d), perft_reference(&pos, d), "depth {d}");
        }
    }
}
