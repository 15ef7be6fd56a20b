//! What the search asks of Hobgoblin: captures ordered by the captured crowd's size, link
//! steps that open a line to the enemy king as tactical, no SEE, and null moves only at the
//! start of a quiet turn.

use super::position::HobResult;
use super::position::{Hobgoblin, KINDS};
use crate::moves::{Move, MoveKind};
use crate::piece::Color;
use crate::rules::{Outcome, Position, Reason, SearchHooks};

/// Rough unit values for ordering (K Q R B N P): taking a king ends the game (HOB-140).
const ORDER_VALUE: [i32; KINDS] = [20_000, 900, 500, 330, 320, 100];

impl SearchHooks for Hobgoblin {
    const DANGER_BEYOND_CHECK: bool = true;
    /// A node generates up to thousands of turns: look at the clock every few nodes.
    const SEARCH_CHECK_INTERVAL: u64 = 4;
    /// A castling in progress is as urgent as a check: one attacked danger node or one
    /// magnetised locked half loses at once (HOB-65).
    fn in_danger(&self) -> bool {
        self.in_check()
            || (!self.pending_decision()
                && self.chance().is_none()
                && self.in_progress(self.side()).is_some())
    }

    /// A stored result: a king taken (HOB-140..142) or a draw by the variant's own rule.
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

    fn tactical_order(&self, mv: Move) -> Option<i32> {
        match mv.kind() {
            MoveKind::Normal | MoveKind::EnPassant => {
                let t = self.node(mv.to());
                let victim = !self.side();
                if mv.kind() == MoveKind::EnPassant {
                    return Some(ORDER_VALUE[5]);
                }
                if self.color_on(t) != Some(victim) {
                    return None;
                }
                let mut value: i32 = (0..KINDS as u8)
                    .map(|k| self.count(t, victim, k) as i32 * ORDER_VALUE[k as usize])
                    .sum();
                value += self
                    .halves_on(t)
                    .map(|p| p.count as i32 * ORDER_VALUE[p.kind as usize])
                    .sum::<i32>();
                Some(value.max(1) * 16)
            }
            // A link step after which a royal node of the opponent is attacked: the move that
            // follows takes the king (HOB-140) or wins at the first verdict (HOB-141), so it
            // is searched like a capture.
            MoveKind::Link | MoveKind::Unlink => {
                let mut child = self.clone();
                child.apply_link_step(mv);
                child
                    .royal_attacked(!self.side(), false)
                    .then_some(ORDER_VALUE[0] * 16)
            }
            _ => None,
        }
    }

    /// A pass at the start of a turn with no castling in progress (a castling side must
    /// answer threats, HOB-65).
    fn make_null(&self) -> Option<Self> {
        if self.result().is_some()
            || self.after_link()
            || self.pending_decision()
            || self.in_progress(self.side()).is_some()
        {
            return None;
        }
        let mut child = self.clone();
        child.set_ep(None);
        child.set_side(!self.side());
        Some(child)
    }
}
