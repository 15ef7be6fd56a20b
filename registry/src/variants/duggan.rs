//! The Duggan's Fantasy Chess manifest: everything the engine needs to play it, registered by one line in
//! `super::visit_variants`.

use crate::manifest::NoSetup;
use grimoire_engine::variants::duggan::Duggan;
use grimoire_eval::DugganEval;

manifest! {
    /// Duggan's Fantasy Chess: its rules, evaluator, setup, bench positions and options.
    DugganVariant {
        rules: Duggan,
        eval: DugganEval,
        setup: NoSetup,
        bench: grimoire_engine::variants::duggan::BENCH,
        rules_doc: include_str!("../../../docs/rules/duggan.md"),
        options: grimoire_engine::variants::duggan::options::option_decls(),
    }
}
