//! The ArchMage Chess manifest: everything the engine needs to play it, registered by one line in
//! `crate::variant::visit_variants`.

use super::ArchMageEval;
use crate::variant::NoSetup;
use crate::EvalParams;
use grimoire_engine::variants::archmage::ArchMage;

manifest! {
    /// ArchMage Chess: its rules, evaluator, setup, bench positions, options and parameters.
    ArchMageVariant {
        rules: ArchMage,
        eval: ArchMageEval,
        setup: NoSetup,
        bench: grimoire_engine::variants::archmage::BENCH,
        // Depth 9 took a minute (issue 21): the branching is wider than chess's.
        bench_depth: 7,
        options: grimoire_engine::variants::archmage::options::option_decls(),
        params: EvalParams::archmage_tuned(),
    }
}
