//! What the search asks of Eldritch Chess beyond the rules: the ordering of tactical actions
//! and null moves.

use super::catalogue::*;
use super::movegen;
use super::state::Eldritch;
use crate::moves::{Move, MoveKind};
use crate::rules::{Outcome, Position, Reason, SearchHooks};

impl SearchHooks for Eldritch {
    /// ELD-620 (a): a side whose last royal piece is gone has lost.
    fn ended_by_rule(&self) -> Option<Outcome> {
        self.eliminated().map(|loser| Outcome::Win {
            winner: !loser,
            reason: Reason::RoyalCaptured,
        })
    }

    fn tactical_order(&self, mv: Move) -> Option<i32> {
        if matches!(
            mv.kind(),
            MoveKind::Placement | MoveKind::Castle | MoveKind::Pass
        ) {
            return None;
        }
        if mv.kind() == MoveKind::Decision {
            // A reaction (ELD-605 c): a Mystic's return may capture; a Celestial's knight is a
            // gain of its own.
            let victim = self.piece_at(mv.to());
            return Some(match victim.is_some() && mv.piece_kind() == Some(MYSTIC) {
                true => 8 * ORDER_VALUES[victim.kind() as usize].max(100),
                false => ORDER_VALUES[KNIGHT as usize] - ORDER_VALUES[PAWN as usize],
            });
        }
        let attacker = self.piece_at(mv.from()).kind();
        if mv.kind() == MoveKind::Invoke && attacker != EVOKER {
            return None; // only the Evoker's invoke captures (ELD-321)
        }
        let victim = match mv.kind() {
            _ if movegen::is_en_passant(mv) => Some(PAWN),
            _ if attacker == DRAGON && mv.param() != 0 => Some(
                self.piece_at(crate::square::Square::from_index(mv.param()))
                    .kind(),
            ),
            _ => {
                let p = self.piece_at(mv.to());
                p.is_some().then(|| p.kind())
            }
        };
        let promotion = mv.kind() == MoveKind::Promotion;
        if victim.is_none() && !promotion {
            return None;
        }
        let mut key = victim.map_or(0, |v| 8 * ORDER_VALUES[v as usize].max(100));
        if promotion {
            key += ORDER_VALUES[mv.piece_kind().unwrap_or(QUEEN) as usize];
        }
        Some(key - ORDER_VALUES[attacker as usize] / 10)
    }

    fn make_null(&self) -> Option<Self> {
        if self.placing.is_some()
            || self.bolt.is_some()
            || !self.react.is_empty()
            || self.returns_pending(self.side)
            || self.returned
            || self.in_check()
        {
            return None;
        }
        let mut next = self.clone();
        next.forget_history(); // a pass is no turn with an action (ELD-271 a)
        next.ban.clear();
        next.side = !self.side;
        next.ep = None;
        next.blocks = crate::bitboard::Bitboard::EMPTY; // the passed turn ends its Blocks
        next.halfmove = next.halfmove.saturating_add(1);
        Some(next)
    }
}
