//! The Ghost Chess manifest: everything the engine needs to play it, registered by one line in
//! `crate::variant::visit_variants`.

use super::GhostEval;
use crate::variant::NoSetup;
use crate::EvalParams;
use grimoire_engine::variants::ghost::Ghost;

manifest! {
    /// Ghost Chess: its rules, evaluator, setup, bench positions, options and parameters.
    GhostVariant {
        rules: Ghost,
        eval: GhostEval,
        setup: NoSetup,
        bench: grimoire_engine::variants::ghost::BENCH,
        options: Vec::new(),
        params: EvalParams::ghost_tuned(),
    }
}
