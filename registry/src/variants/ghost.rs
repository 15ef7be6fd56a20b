//! The Ghost Chess manifest: everything the engine needs to play it, registered by one line in
//! `super::visit_variants`.

use crate::manifest::NoSetup;
use grimoire_engine::variants::ghost::Ghost;
use grimoire_eval::GhostEval;

manifest! {
    /// Ghost Chess: its rules, evaluator, setup, bench positions and options.
    GhostVariant {
        rules: Ghost,
        eval: GhostEval,
        setup: NoSetup,
        bench: grimoire_engine::variants::ghost::BENCH,
        rules_doc: include_str!("../../../docs/rules/ghost.md"),
        options: Vec::new(),
    }
}
