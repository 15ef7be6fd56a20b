//! The archmage manifest: everything the engine needs to play archmage, registered by one line in
//! `crate::variant::visit_variants`.

use super::ArchMageEval;
use crate::variant::{NoSetup, Variant};
use crate::EvalParams;
use grimoire_engine::options::OptionDecl;
use grimoire_engine::rules::OptionsOf;
use grimoire_engine::variants::archmage::ArchMage;
use grimoire_engine::Rules;

/// ArchMage: its rules, evaluator, setup, options and bench positions.
pub struct ArchMageVariant;

impl Variant for ArchMageVariant {
    type Rules = ArchMage;
    type Eval = ArchMageEval;
    type Setup = NoSetup;

    const BENCH: &'static [&'static str] = <ArchMage as Rules>::BENCH;

    fn options() -> Vec<OptionDecl<OptionsOf<ArchMage>>> {
        grimoire_engine::variants::archmage::options::option_decls()
    }

    fn default_params() -> EvalParams {
        EvalParams::archmage()
    }
}

evaluator_impls!(ArchMageEval, ArchMage, ArchMageVariant);
