//! The Hobgoblin manifest: everything the engine needs to play it, registered by one line in
//! `super::visit_variants`.

use crate::manifest::NoSetup;
use grimoire_engine::variants::hobgoblin::{option_decls, Hobgoblin};
use grimoire_eval::HobgoblinEval;

manifest! {
    /// Hobgoblin Chess: its rules, evaluator, bench positions and `HobUnlinkEnemy`.
    HobgoblinVariant {
        rules: Hobgoblin,
        eval: HobgoblinEval,
        setup: NoSetup,
        bench: grimoire_engine::variants::hobgoblin::BENCH,
        // About 2,000 turns at the start and tens of thousands in a crowded middle game.
        bench_depth: 3,
        rules_doc: include_str!("../../../docs/rules/hobgoblin.md"),
        options: option_decls(),
    }
}
