//! The Eldritch Chess manifest: everything the engine needs to play it, registered by one line in
//! `super::super::visit_variants`, with its setup commands (`setup`).

pub mod setup;

use grimoire_engine::variants::eldritch::Eldritch;
use grimoire_eval::EldritchEval;
use setup::EldritchSetup;

manifest! {
    /// Eldritch Chess: its rules, evaluator, setup, bench positions and options.
    EldritchVariant {
        rules: Eldritch,
        eval: EldritchEval,
        setup: EldritchSetup,
        bench: grimoire_engine::variants::eldritch::BENCH,
        // 180,580 nodes with the shipped set, about a second; depth 7 blew up before issue 21.
        bench_depth: 6,
        rules_doc: include_str!("../../../../docs/rules/eldritch.md"),
        options: grimoire_engine::variants::eldritch::options::option_decls(),
    }
}
