//! The duggan manifest: everything the engine needs to play duggan, registered by one line in
//! `crate::variant::visit_variants`.

use super::DugganEval;
use crate::variant::{NoSetup, Variant};
use crate::EvalParams;
use grimoire_engine::options::OptionDecl;
use grimoire_engine::rules::OptionsOf;
use grimoire_engine::variants::duggan::Duggan;
use grimoire_engine::Rules;

/// Duggan: its rules, evaluator, setup, options and bench positions.
pub struct DugganVariant;

impl Variant for DugganVariant {
    type Rules = Duggan;
    type Eval = DugganEval;
    type Setup = NoSetup;

    const BENCH: &'static [&'static str] = <Duggan as Rules>::BENCH;

    fn options() -> Vec<OptionDecl<OptionsOf<Duggan>>> {
        grimoire_engine::variants::duggan::options::option_decls()
    }

    fn default_params() -> EvalParams {
        EvalParams::duggan()
    }
}

evaluator_impls!(DugganEval, Duggan, DugganVariant);
