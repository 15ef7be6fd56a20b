//! Texel tuning of evaluation parameters from positions labelled with game results
//! (`docs/tuning.md`).
//!
//! - [`data`]: reading `<FEN> | <result>` lines;
//! - [`quiet`]: the quiescence search that resolves a position to a quiet leaf;
//! - [`prepare`]: filtering, resolving and merging positions, the validation split;
//! - [`linear`]: the evaluation linearized in the parameters (finite differences);
//! - [`optimize`]: the sigmoid model, its MSE, the fit of `K`, Adam;
//! - [`tune`]: the pipeline, generic over the variant and its evaluator;
//! - [`synthetic`]: random-game positions labelled by a known evaluator (tests, trials);
//! - [`nnue`]: training the chess network (`grimoire-nnue`).
//!
//! Everything is generic over `R: Rules, E: TunableEval<R>`; [`tune_variant`] finds a variant's
//! types in the one list of variants (`grimoire_registry::visit_variants`).

pub mod data;
pub mod linear;
pub mod nnue;
pub mod optimize;
pub mod prepare;
pub mod quiet;
pub mod synthetic;
pub mod tune;

pub use tune::{Config, Report};

use grimoire_engine::prelude::*;
use grimoire_eval::EvalParams;
use grimoire_registry::{variant_names, visit_variants, Variant, VariantVisitor};
use std::path::Path;

/// The variants the tuner knows: every listed variant.
pub fn variants() -> Vec<&'static str> {
    variant_names()
}

/// A tuning entry point for one variant's position and evaluator types.
type TuneFn = fn(&Path, EvalParams, &Config, &mut dyn FnMut(&str)) -> Result<Report, String>;

/// Tunes `start` on the positions in `data`, read as positions of `variant`.
pub fn tune_variant(
    variant: &str,
    data: &Path,
    start: EvalParams,
    cfg: &Config,
    log: &mut dyn FnMut(&str),
) -> Result<Report, String> {
    struct Find<'a>(&'a str, Option<TuneFn>);
    impl VariantVisitor for Find<'_> {
        fn visit<V: Variant>(&mut self) {
            if V::Rules::NAME == self.0 {
                self.1 = Some(tune::tune_file::<V::Rules, V::Eval>);
            }
        }
    }
    let mut find = Find(variant, None);
    visit_variants(&mut find);
    let Some(run) = find.1 else {
        return Err(format!(
            "no tuner for variant {variant:?} (known: {})",
            variants().join(", ")
        ));
    };
    if start.variant() != variant {
        return Err(format!(
            "the starting parameters are for {:?}, not {variant:?}",
            start.variant()
        ));
    }
    run(data, start, cfg, log)
}
