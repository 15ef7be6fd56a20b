//! The interface between search and evaluation: the [`Evaluator`] a search is generic over
//! (so each pair of variant and evaluator is monomorphized) and its [`Score`]. Evaluators live
//! in the `grimoire-eval` crate and reach this through `crate::eval_api`.

use super::SearchParams;
use crate::rules::Rules;

/// Scores are centipawns from the point of view of the player to decide.
pub type Score = i32;

/// A static evaluation for variant `R`.
pub trait Evaluator<R: Rules>: Send + Sync + 'static {
    /// The static score of a position that is not over, from the point of view of
    /// `pos.side_to_move()`. Must stay well inside ±10000 (mate scores live above that), and
    /// must depend on nothing but what `pos.hash()` covers: each search thread caches it by
    /// that hash (`search/eval_cache.rs`).
    fn evaluate(&self, pos: &R) -> Score;

    /// The search's margins for this evaluator (`docs/search.md`): each variant's evaluator can
    /// carry its own set, scaled to its material. The default is [`SearchParams::DEFAULT`].
    fn search_params(&self) -> &SearchParams {
        &DEFAULT_SEARCH_PARAMS
    }
}

static DEFAULT_SEARCH_PARAMS: SearchParams = SearchParams::DEFAULT;
