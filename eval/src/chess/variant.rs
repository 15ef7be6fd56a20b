//! The chess manifest: everything the engine needs to play chess, registered by one line in
//! `crate::variant::visit_variants`.

use super::ChessEval;
use crate::variant::{NoSetup, Variant};
use crate::EvalParams;
use grimoire_engine::variants::chess::Chess;
use grimoire_engine::Rules;

/// Chess: its rules, evaluator, setup, options and bench positions.
pub struct ChessVariant;

impl Variant for ChessVariant {
    type Rules = Chess;
    type Eval = ChessEval;
    type Setup = NoSetup;

    const BENCH: &'static [&'static str] = <Chess as Rules>::BENCH;

    fn default_params() -> EvalParams {
        EvalParams::chess_tuned()
    }
}

evaluator_impls!(ChessEval, Chess, ChessVariant);
