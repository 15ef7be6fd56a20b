//! The Highlander (ELD-410..413, ELD-801): its stages, the pending return a capture leaves, and
//! the return decisions at the start of its owner's next turn.

use super::catalogue::*;
use super::geometry::first_row;
use super::state::{piece, Eldritch, TAG_ROYAL, TAG_STAGE, TAG_STAGE_SHIFT};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::square::Square;

/// The stage a pending Highlander returns at (index into `Eldritch::hl`; +4 when royal).
pub struct PendingStage;

impl PendingStage {
    /// Bishop or rook, the owner's choice (after a capture at q).
    pub const BR: usize = 1;
    /// Knight (after a capture at b or r).
    pub const N: usize = 2;
    /// Pawn-type (after a capture at n).
    pub const P: usize = 3;
    /// Added for a royal Highlander (a Court Magician's promotion, ELD-262).
    pub const ROYAL: usize = 4;
}

/// The standard piece each stage moves as (ELD-410), by stage value; a pending b/r return is
/// valued as its bishop form.
pub const STAGE_KINDS: [u8; 5] = [QUEEN, BISHOP, ROOK, KNIGHT, PAWN];

/// The stage a pending return places, by pending index (b/r as b).
pub const PENDING_KINDS: [u8; 4] = [QUEEN, BISHOP, KNIGHT, PAWN];

/// Tag stage values (ELD-410).
pub const STAGE_Q: u32 = 0;
pub const STAGE_B: u32 = 1;
pub const STAGE_R: u32 = 2;
pub const STAGE_N: u32 = 3;
pub const STAGE_P: u32 = 4;

/// The movement of a Highlander at `stage` (1..=4; 0 is its catalogue queen row).
pub fn stage_atoms(stage: u32) -> &'static [MovePattern] {
    // The Shapeshifter's forms are the same movements: 1 pawn, 2 rook, 3 bishop, 4 knight.
    match stage {
        STAGE_B => shapeshifter_atoms(3),
        STAGE_R => shapeshifter_atoms(2),
        STAGE_N => shapeshifter_atoms(4),
        STAGE_P => shapeshifter_atoms(1),
        _ => piece_type(HIGHLANDER).atoms,
    }
}

/// `param` of a return: the stage placed (b 1, r 2, n 3, p 4), +8 for a royal one.
pub const PARAM_ROYAL: u8 = 8;

impl Eldritch {
    /// ELD-411: a Highlander captured at q, b/r or n leaves a pending return with its next
    /// stage; at p it is gone.
    pub(super) fn queue_return(&mut self, s: Square) {
        let p = self.piece_at(s);
        let tag = self.tag(s);
        let next = match (tag & TAG_STAGE) >> TAG_STAGE_SHIFT {
            STAGE_Q => PendingStage::BR,
            STAGE_B | STAGE_R => PendingStage::N,
            STAGE_N => PendingStage::P,
            _ => return,
        };
        let royal = if tag & TAG_ROYAL != 0 {
            PendingStage::ROYAL
        } else {
            0
        };
        let n = &mut self.hl[p.color().index()][next + royal];
        *n = n.saturating_add(1);
    }

    /// The stage of the Highlander on `s` (ELD-410): 0 q, 1 b, 2 r, 3 n, 4 p.
    pub fn highlander_stage(&self, s: Square) -> u32 {
        (self.tag(s) & TAG_STAGE) >> TAG_STAGE_SHIFT
    }

    /// Whether `c` has Highlander returns pending (FEN `hl=`).
    pub fn returns_pending(&self, c: Color) -> bool {
        self.hl[c.index()].iter().any(|&n| n > 0)
    }

    /// Pending returns of `c` as `(stage index, royal, count)`.
    pub fn pending_returns(&self, c: Color) -> impl Iterator<Item = (usize, bool, u8)> + '_ {
        self.hl[c.index()]
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(i, &n)| (i & 3, i & PendingStage::ROYAL != 0, n))
    }

    /// ELD-412, ELD-801: the empty squares of `c`'s first rank, else of the nearest rank beyond
    /// that has one; empty when the board is full.
    pub fn return_squares(&self, c: Color) -> Bitboard {
        let empty = self.exists() & !self.board.occupied();
        let first = first_row(c) as i8;
        let step = if c == Color::White { 1 } else { -1 };
        for k in 0..10 {
            let row = first + step * k;
            if !(0..=9).contains(&row) {
                break;
            }
            let mut rank = Bitboard::EMPTY;
            for s in empty {
                if s.row() == row as u8 {
                    rank.set(s);
                }
            }
            if rank.any() {
                return rank;
            }
        }
        Bitboard::EMPTY
    }

    /// The return options of the side to move (ELD-412): for each pending stage, each square
    /// of the return rank, both forms at b/r. Offered for every pending Highlander at once (the
    /// spec's "in any order").
    pub(super) fn return_options(&self, list: &mut MoveList) {
        let c = self.side;
        let squares = self.return_squares(c);
        let pending: Vec<(usize, bool, u8)> = self.pending_returns(c).collect();
        for (stage, royal, _) in pending {
            let royal_bit = if royal { PARAM_ROYAL } else { 0 };
            let stages: &[u32] = match stage {
                PendingStage::BR => &[STAGE_B, STAGE_R],
                PendingStage::N => &[STAGE_N],
                _ => &[STAGE_P],
            };
            for to in squares {
                for &st in stages {
                    list.push(Move::build(
                        None,
                        Some(to),
                        MoveKind::Placement,
                        Some(HIGHLANDER),
                        st as u8 | royal_bit,
                        0,
                    ));
                }
            }
        }
    }

    /// Places a returning Highlander (ELD-412): virgin, at the chosen stage; resets the clock
    /// (ELD-623). Returns with no square left are lost.
    pub(super) fn play_return(&mut self, mv: Move) {
        let c = self.side;
        let stage = (mv.param() & 7) as u32;
        let royal = mv.param() & PARAM_ROYAL != 0;
        let index = match stage {
            STAGE_B | STAGE_R => PendingStage::BR,
            STAGE_N => PendingStage::N,
            _ => PendingStage::P,
        } + if royal { PendingStage::ROYAL } else { 0 };
        let n = &mut self.hl[c.index()][index];
        *n = n.saturating_sub(1);
        let to = mv.to();
        self.board.put(to, piece(c, HIGHLANDER));
        self.virgin.set(to);
        let tag = stage << TAG_STAGE_SHIFT | if royal { TAG_ROYAL } else { 0 };
        self.extra.set_tag(to, Some(tag).filter(|&t| t != 0));
        self.halfmove = 0;
        self.returned = true;
        self.drop_unplaceable_returns();
    }

    /// ELD-412: with no empty square at all, pending returns of the side to move are lost.
    pub(super) fn drop_unplaceable_returns(&mut self) {
        let c = self.side;
        if self.returns_pending(c) && self.return_squares(c).is_empty() {
            self.hl[c.index()] = [0; 8];
        }
    }
}
