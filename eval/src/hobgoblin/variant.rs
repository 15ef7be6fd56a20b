//! The Hobgoblin manifest: everything the engine needs to play it, registered by one line in
//! `crate::variant::visit_variants`.

use super::HobgoblinEval;
use crate::variant::NoSetup;
use crate::EvalParams;
use grimoire_engine::variants::hobgoblin::{option_decls, Hobgoblin};

manifest! {
    /// Hobgoblin Chess: its rules, evaluator, bench positions, `HobUnlinkEnemy` and parameters.
    HobgoblinVariant {
        rules: Hobgoblin,
        eval: HobgoblinEval,
        setup: NoSetup,
        bench: grimoire_engine::variants::hobgoblin::BENCH,
        // About 2,000 turns at the start and tens of thousands in a crowded middle game.
        bench_depth: 3,
        options: option_decls(),
        params: EvalParams::hobgoblin_tuned(),
    }
}
