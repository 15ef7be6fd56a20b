//! The ArchMage Chess manifest: everything the engine needs to play it, registered by one line in
//! `super::visit_variants`.

use crate::manifest::NoSetup;
use grimoire_engine::variants::archmage::ArchMage;
use grimoire_eval::ArchMageEval;

manifest! {
    /// ArchMage Chess: its rules, evaluator, setup, bench positions and options.
    ArchMageVariant {
        rules: ArchMage,
        eval: ArchMageEval,
        setup: NoSetup,
        bench: grimoire_engine::variants::archmage::BENCH,
        // Depth 9 took a minute (issue 21): the branching is wider than chess's.
        bench_depth: 7,
        rules_doc: include_str!("../../../docs/rules/archmage.md"),
        options: grimoire_engine::variants::archmage::options::option_decls(),
    }
}
