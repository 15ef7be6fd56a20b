//! The Eldritch Chess manifest: everything the engine needs to play it, registered by one line in
//! `crate::variant::visit_variants`.

use super::setup::EldritchSetup;
use super::EldritchEval;
use crate::EvalParams;
use grimoire_engine::variants::eldritch::Eldritch;

manifest! {
    /// Eldritch Chess: its rules, evaluator, setup, bench positions, options and parameters.
    EldritchVariant {
        rules: Eldritch,
        eval: EldritchEval,
        setup: EldritchSetup,
        bench: grimoire_engine::variants::eldritch::BENCH,
        // 180,580 nodes with the shipped set, about a second; depth 7 blew up before issue 21.
        bench_depth: 6,
        options: grimoire_engine::variants::eldritch::options::option_decls(),
        params: EvalParams::eldritch_tuned(),
    }
}
