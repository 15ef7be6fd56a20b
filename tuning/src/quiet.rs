//! Resolving a position to a quiet one: a small quiescence search (stand pat, the tactical moves
//! of [`Rules::generate_tactical`] that do not lose material by SEE, alpha-beta, a depth cap)
//! that returns the leaf of its principal variation. The tuner fits the static evaluation of that
//! leaf, where no capture is pending, instead of a position in the middle of an exchange.

use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::{MoveList, Outcome, Rules};

/// Bound of scores; mates sit just inside it.
const INFINITY: i32 = 32_000;
const MATE: i32 = 30_000;

/// The end of a quiescence principal variation.
#[derive(Clone, Debug)]
pub struct Leaf<R> {
    /// The position whose static evaluation is the search's score.
    pub pos: R,
    /// The search's score, from the root side to move's point of view.
    pub score: i32,
    /// Plies from the root to the leaf.
    pub depth: u32,
    /// The leaf was cut by the depth cap (its captures were not searched).
    pub capped: bool,
}

/// Searches `root` (not in check, not a chance node) with captures only, at most `max_depth`
/// plies deep, and returns the leaf of the principal variation.
pub fn quiet_leaf<R: Rules, E: Evaluator<R>>(root: &R, eval: &E, max_depth: u32) -> Leaf<R> {
    let mut q = Quiescence { eval, max_depth };
    q.search(root, -INFINITY, INFINITY, 0)
}

struct Quiescence<'a, E> {
    eval: &'a E,
    max_depth: u32,
}

fn outcome_score<R: Rules>(pos: &R, outcome: Outcome, ply: u32) -> i32 {
    match outcome {
        Outcome::Draw { .. } => 0,
        Outcome::Win { winner, .. } if winner == pos.side_to_move() => MATE - ply as i32,
        Outcome::Win { .. } => -MATE + ply as i32,
    }
}

impl<E> Quiescence<'_, E> {
    /// Fail-soft negamax: returns the leaf whose value is the node's score, with `score` from
    /// the point of view of the side to move at `pos`.
    fn search<R: Rules>(&mut self, pos: &R, mut alpha: i32, beta: i32, ply: u32) -> Leaf<R>
    where
        E: Evaluator<R>,
    {
        let stop = |score: i32, capped: bool| Leaf {
            pos: pos.clone(),
            score,
            depth: ply,
            capped,
        };
        if let Some(outcome) = pos.ended_by_rule() {
            return stop(outcome_score(pos, outcome, ply), false);
        }
        if pos.insufficient_material() {
            return stop(0, false);
        }
        let in_check = pos.in_check();
        let mut moves = MoveList::new();
        if in_check {
            // Every evasion is searched; none at all is mate.
            pos.generate_legal(&mut moves);
            if moves.is_empty() {
                return stop(-MATE + ply as i32, false);
            }
        }
        let mut best = if in_check {
            -INFINITY
        } else {
            self.eval.evaluate(pos)
        };
        if ply >= self.max_depth {
            // In check at the cap the static score stands in; such a leaf is not quiet and
            // the caller drops it.
            let score = if in_check {
                self.eval.evaluate(pos)
            } else {
                best
            };
            let mut tactical = MoveList::new();
            if !in_check {
                pos.generate_tactical(&mut tactical);
            }
            return stop(score, in_check || !tactical.is_empty());
        }
        let mut best_leaf = None;
        if !in_check {
            if best >= beta {
                return stop(best, false);
            }
            alpha = alpha.max(best);
            pos.generate_tactical(&mut moves);
        }
        // Most valuable victim first.
        let mut ordered: Vec<_> = moves
            .iter()
            .map(|&m| (pos.tactical_order(m).unwrap_or(i32::MIN), m))
            .collect();
        ordered.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        for (_, mv) in ordered {
            // Captures that lose material cannot raise a stand-pat score.
            if !in_check && !pos.see_ge(mv, 0) {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            if child.is_chance_node() {
                continue;
            }
            // Negate only where the deciding player changes (a G5 decision step by the player
            // who moves next anyway, or a second action of the same side, keeps the sign).
            let leaf = if child.side_to_move() != pos.side_to_move() {
                let mut leaf = self.search(&child, -beta, -alpha, ply + 1);
                leaf.score = -leaf.score;
                leaf
            } else {
                self.search(&child, alpha, beta, ply + 1)
            };
            if leaf.score > best {
                best = leaf.score;
                let cut = leaf.score >= beta;
                alpha = alpha.max(leaf.score);
                best_leaf = Some(leaf);
                if cut {
                    break;
                }
            }
        }
        match best_leaf {
            Some(leaf) => leaf,
            // Stand pat held (or, in check, every evasion was a chance node: keep the position).
            None => stop(best.max(-INFINITY + 1), false),
        }
    }
}
