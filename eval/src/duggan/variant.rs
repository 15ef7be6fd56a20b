//! The Duggan's Fantasy Chess manifest: everything the engine needs to play it, registered by one line in
//! `crate::variant::visit_variants`.

use super::DugganEval;
use crate::variant::NoSetup;
use crate::EvalParams;
use grimoire_engine::variants::duggan::Duggan;

manifest! {
    /// Duggan's Fantasy Chess: its rules, evaluator, setup, bench positions, options and parameters.
    DugganVariant {
        rules: Duggan,
        eval: DugganEval,
        setup: NoSetup,
        bench: grimoire_engine::variants::duggan::BENCH,
        options: grimoire_engine::variants::duggan::options::option_decls(),
        params: EvalParams::duggan_tuned(),
    }
}
