//! The ghost manifest: everything the engine needs to play ghost, registered by one line in
//! `crate::variant::visit_variants`.

use super::GhostEval;
use crate::variant::{NoSetup, Variant};
use crate::EvalParams;
use grimoire_engine::variants::ghost::Ghost;
use grimoire_engine::Rules;

/// Ghost: its rules, evaluator, setup, options and bench positions.
pub struct GhostVariant;

impl Variant for GhostVariant {
    type Rules = Ghost;
    type Eval = GhostEval;
    type Setup = NoSetup;

    const BENCH: &'static [&'static str] = <Ghost as Rules>::BENCH;

    fn default_params() -> EvalParams {
        EvalParams::ghost()
    }
}

evaluator_impls!(GhostEval, Ghost, GhostVariant);
