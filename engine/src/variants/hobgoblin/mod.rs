//! Hobgoblin Chess: crowds, halves, magnetism, mutation, the lunar hallway, promotion and the
//! explosion dice (`docs/rules/hobgoblin.md`; design `docs/hobgoblin-design.md`).
//!
//! - `position`: the state (nodes, crowds as counts, partner pairs, links, castling, record,
//!   phase, result, bitboards, hash);
//! - `fen`: notation §2.7 and the `d` board;
//! - `rides`: reach with links, attack and royal nodes (HOB-12..17, HOB-130..132);
//! - `plans`: moving sets as counts and their codes (HOB-8, HOB-40);
//! - `play`: the turn in HOB-120's order;
//! - `movegen`: every turn once (HOB-150);
//! - `notation`: tokens (§3.7), picture;
//! - `movegen` also holds the `Reference` role (its generator has a legality switch);
//! - `chance`: the explosion outcomes and their weights (HOB-100..104, G6);
//! - `search_hooks`, `options` (`HobUnlinkEnemy`);
//! - `model`, `cross_check`: the independent reference model and its comparison with the
//!   generator (test support).
//!
//! Perft follows HOB-151's line (every roll survives); the search weighs every outcome.

pub mod chance;
mod counting;
#[cfg(feature = "cross-check")]
pub mod cross_check;
pub mod fen;
#[cfg(feature = "cross-check")]
pub mod model;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod plans;
pub mod play;
pub mod position;
pub mod rides;
mod san;
pub mod search_hooks;
mod seen;

pub use fen::{render, START_FEN};
pub use options::{option_decls, HobOptions, UnlinkEnemy};
pub use position::{
    EpRecord, HobResult, Hobgoblin, Pair, Phase, Wing, BISHOP, KIND_LETTERS, KING, KNIGHT, PAWN,
    QUEEN, ROOK,
};

use crate::moves::{Move, MoveKind};
use crate::piece::Color;
use crate::rules::{Chance as _, Position};
use crate::square::Geometry;

impl Position for Hobgoblin {
    const NAME: &'static str = "hobgoblin";
    const GEOMETRY: Geometry = Geometry::Framed8;
    /// Link steps and the opponent's decision cost no depth (HOB-151).
    const BULK_LEAF_COUNT: bool = false;
    type Options = HobOptions;

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    fn hash(&self) -> u64 {
        Hobgoblin::hash(self)
    }

    fn play(&mut self, mv: Move) {
        match mv.kind() {
            MoveKind::Link | MoveKind::Unlink => self.apply_link_step(mv),
            MoveKind::Decision => self.apply_decision(mv.ext()),
            MoveKind::Chance => self.apply_outcome(mv.ext()),
            _ => {
                let fx = self.move_stage(mv);
                self.end_stage(movegen::promo_code(mv), &fx);
            }
        }
    }

    /// HOB-132: a royal node of the side to move is attacked (at the start of its turn or
    /// after its link step).
    fn in_check(&self) -> bool {
        self.result().is_none()
            && self.chance().is_none()
            && !self.pending_decision()
            && self.royal_attacked(self.side(), false)
    }

    /// HOB-151: the move after a link step, the chance step and the opponent's decision are
    /// free.
    fn consumes_depth(&self) -> bool {
        !(self.after_link() || self.pending_decision() || self.is_chance_node())
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove() as u32
    }

    /// HOB-147: each side has only its king, consolidated or extended.
    fn insufficient_material(&self) -> bool {
        let b = self.bits();
        (0..2).all(|c| {
            let mut others = b.pawns[c];
            for k in 1..5 {
                others |= b.whole[c][k] | b.halves[c][k];
            }
            others.is_empty()
        })
    }
}

/// Bench positions: the start, crowds, halves and links (design §6).
pub const BENCH: &[&str] = &[
    START_FEN,
    "r1b1kb1r1/ppp2ppp1/2n6/4(n,p)4/3(Q,N,2P)5/9/PPP2PPP1/R1B1KB1R1 w KQkq - 0 8 L",
    "r1bqkb1r1/pppp1ppp1/2n2n2=h/4p4/4P3=a/2(N,P)5=c/PP1P1PPPR/R1BQKBN2 w Qkq - 2 7 L",
];
