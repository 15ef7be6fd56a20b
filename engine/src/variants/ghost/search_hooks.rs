//! What the search asks of Ghost Chess beyond the rules: the ordering of tactical actions,
//! exchange evaluation with ghosts, and null moves.

use super::tables::tables;
use super::Ghost;
use crate::moves::{Move, MoveKind};
use crate::rules::{Outcome, Position, Reason, SearchHooks};
use crate::variants::chess::{KING, QUEEN};

/// Exchange values (P N B R Q) of living pieces and of ghosts, as the evaluation's material.
const SEE_LIVING: [i32; 5] = [100, 317, 330, 500, 894];
const SEE_GHOST: [i32; 5] = [23, 107, 208, 315, 501];

/// Ordering values of the piece kinds (P N B R Q K) for captures and promotions.
const ORDER_VALUE: [i32; 6] = [100, 300, 310, 500, 900, 20_000];

impl SearchHooks for Ghost {
    const DANGER_BEYOND_CHECK: bool = true;

    /// In check, or an enemy ghost could take the king (GHO-52): the search must answer it.
    /// At a decision step the decider moves next anyway, so a ghost threat is answered then.
    fn in_danger(&self) -> bool {
        (self.danger && self.pending.is_none()) || self.in_check()
    }

    fn ended_by_rule(&self) -> Option<Outcome> {
        self.winner.map(|winner| Outcome::Win {
            winner,
            reason: Reason::RoyalCaptured,
        })
    }

    /// Captures of every kind (living, ghost on living, ghost on ghost, the enemy king),
    /// promotions and spawn decisions (so quiescence resolves a pending spawn).
    fn tactical_order(&self, mv: Move) -> Option<i32> {
        match mv.kind() {
            MoveKind::Decision => {
                // Only a spawn that takes an enemy ghost is tactical: quiescence otherwise
                // stands pat on the evaluation, which counts the pending ghost already.
                let taken = self.ghosts.piece_at(mv.to());
                return taken
                    .is_some()
                    .then(|| 8 * ORDER_VALUE[taken.kind() as usize]);
            }
            MoveKind::Null => return None,
            _ => {}
        }
        // A king in danger from a ghost can only be saved by its own move or a capture
        // (phasing rays cannot be blocked), so king moves are tactical then (`in_danger`).
        let king_escape = self.danger
            && self.pending.is_none()
            && !self.is_ghost_move(mv)
            && self.living.board().piece_at(mv.from()).kind() == KING;
        if mv.kind() == MoveKind::Castle {
            return king_escape.then_some(0);
        }
        let ghost = self.is_ghost_move(mv);
        let attacker = if ghost {
            self.ghosts.piece_at(mv.from()).kind()
        } else {
            self.living.board().piece_at(mv.from()).kind()
        };
        let victim = if ghost && tables().ring.contains(mv.to()) {
            Some(self.ghosts.piece_at(mv.to()))
                .filter(|p| p.is_some())
                .map(|p| p.kind())
        } else {
            self.captured_by(mv).map(|(p, _)| p.kind())
        };
        let promotion = match mv.kind() {
            MoveKind::Promotion => {
                ORDER_VALUE[mv.piece_kind().unwrap_or(QUEEN) as usize] - ORDER_VALUE[0]
            }
            _ => 0,
        };
        if victim.is_none() && promotion == 0 {
            return king_escape.then_some(0);
        }
        Some(
            victim.map_or(0, |v| ORDER_VALUE[v as usize].min(10_000) * 8) + promotion
                - attacker as i32,
        )
    }

    /// Exchanges among living pieces follow chess. A ghost taking a living piece is exact: the
    /// ghost is spent, the victim comes back as an enemy ghost, and the emptied square allows no
    /// recapture. A ghost taking a ghost and a decision count as even.
    fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        if self.pending.is_some() || mv.kind() == MoveKind::Decision {
            return threshold <= 0;
        }
        if !self.is_ghost_move(mv) {
            return self.living.see_ge(mv, threshold);
        }
        let victim = self.living.board().piece_at(mv.to());
        if victim.is_none() {
            return threshold <= 0;
        }
        if victim.kind() == KING {
            return true;
        }
        let attacker = self.ghosts.piece_at(mv.from()).kind() as usize;
        let v = victim.kind() as usize;
        SEE_LIVING[v] - SEE_GHOST[attacker] - SEE_GHOST[v] >= threshold
    }

    fn make_null(&self) -> Option<Self> {
        if self.pending.is_some() || self.winner.is_some() || self.danger {
            return None;
        }
        let living = self.living.make_null()?;
        let mut next = Ghost {
            living,
            ghosts: self.ghosts.clone(),
            pending: None,
            winner: None,
            danger: false,
        };
        next.danger = next.compute_danger();
        Some(next)
    }
}
