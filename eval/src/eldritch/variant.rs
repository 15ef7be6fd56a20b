//! The eldritch manifest: everything the engine needs to play eldritch, registered by one line in
//! `crate::variant::visit_variants`.

use super::setup::EldritchSetup;
use super::EldritchEval;
use crate::variant::Variant;
use crate::EvalParams;
use grimoire_engine::options::OptionDecl;
use grimoire_engine::rules::OptionsOf;
use grimoire_engine::variants::eldritch::Eldritch;
use grimoire_engine::Rules;

/// Eldritch: its rules, evaluator, setup, options and bench positions.
pub struct EldritchVariant;

impl Variant for EldritchVariant {
    type Rules = Eldritch;
    type Eval = EldritchEval;
    type Setup = EldritchSetup;

    const BENCH: &'static [&'static str] = <Eldritch as Rules>::BENCH;

    fn options() -> Vec<OptionDecl<OptionsOf<Eldritch>>> {
        grimoire_engine::variants::eldritch::options::option_decls()
    }

    fn default_params() -> EvalParams {
        EvalParams::eldritch()
    }
}

evaluator_impls!(EldritchEval, Eldritch, EldritchVariant);
