//! Hobgoblin Chess (issue 17, part 1): crowds, halves, magnetism, mutation, the lunar hallway
//! and promotion (`docs/rules/hobgoblin.md`; design `docs/hobgoblin-design.md`).
//!
//! - `position`: the state (nodes, crowds as counts, partner pairs, links, castling, record,
//!   phase, result, bitboards, hash);
//! - `fen`: notation §2.7 and the `d` board;
//! - `rides`: reach with links, attack and royal nodes (HOB-12..17, HOB-130..132);
//! - `plans`: moving sets as counts and their codes (HOB-8, HOB-40);
//! - `play`: the turn in HOB-120's order;
//! - `movegen`: every turn once (HOB-150);
//! - `notation`: tokens (§3.7), picture;
//! - `reference`, `search_hooks`, `options` (`HobUnlinkEnemy`);
//! - `model`: the independent reference model used to cross-check perft.
//!
//! Part 1: every explosion roll survives (HOB-151's line); the roll sites are computed.

mod counting;
pub mod cross_check;
pub mod fen;
pub mod model;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod plans;
pub mod play;
pub mod position;
pub mod reference;
pub mod rides;
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
use crate::rules::{Outcome, Position, Reason};
use crate::square::Geometry;

impl Position for Hobgoblin {
    const DANGER_BEYOND_CHECK: bool = true;
    const NAME: &'static str = "hobgoblin";
    const GEOMETRY: Geometry = Geometry::Framed8;
    /// Link steps and the opponent's decision cost no depth (HOB-151).
    const BULK_LEAF_COUNT: bool = false;
    /// A node generates up to thousands of turns: look at the clock every few nodes.
    const SEARCH_CHECK_INTERVAL: u64 = 4;
    type Options = HobOptions;

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side()
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

    /// A castling in progress is as urgent as a check: one attacked danger node or one
    /// magnetised locked half loses at once (HOB-65).
    fn in_danger(&self) -> bool {
        self.in_check()
            || (!self.pending_decision()
                && self.chance().is_none()
                && self.in_progress(self.side()).is_some())
    }

    /// HOB-151: the move after a link step, the chance step and the opponent's decision are
    /// free.
    fn consumes_depth(&self) -> bool {
        !(self.after_link() || self.pending_decision() || self.is_chance_node())
    }

    /// G6: the dice of a turn's roll sites are pending (HOB-100..104).
    fn is_chance_node(&self) -> bool {
        self.chance().is_some() && self.result().is_none()
    }

    /// No blast of any roll site reaches a piece or a king of either side (HOB-102): at worst
    /// pawns go.
    fn quiet_chance(&self) -> bool {
        let Some(chance) = self.chance() else {
            return true;
        };
        let blast = self.blast_nodes(&chance, u32::MAX);
        let b = self.bits();
        let pieces = (0..2).fold(crate::bitboard::Bitboard::EMPTY, |acc, c| {
            (0..5).fold(acc, |acc, k| acc | b.whole[c][k] | b.halves[c][k])
        });
        (blast & pieces).is_empty()
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

    fn ended_by_rule(&self) -> Option<Outcome> {
        self.result().map(|r| match r {
            HobResult::WhiteWins => Outcome::Win {
                winner: Color::White,
                reason: Reason::VariantRule,
            },
            HobResult::BlackWins => Outcome::Win {
                winner: Color::Black,
                reason: Reason::VariantRule,
            },
            HobResult::Draw => Outcome::Draw {
                reason: Reason::VariantRule,
            },
        })
    }
}

/// Bench positions: the start, crowds, halves and links (design §6).
pub const BENCH: &[&str] = &[
    START_FEN,
    "r1b1kb1r1/ppp2ppp1/2n6/4(n,p)4/3(Q,N,2P)5/9/PPP2PPP1/R1B1KB1R1 w KQkq - 0 8 L",
    "r1bqkb1r1/pppp1ppp1/2n2n2=h/4p4/4P3=a/2(N,P)5=c/PP1P1PPPR/R1BQKBN2 w Qkq - 2 7 L",
];
