//! Texel tuning of evaluation parameters from positions labelled with game results
//! (`docs/tuning.md`).
//!
//! - [`data`]: reading `<FEN> | <result>` lines;
//! - [`quiet`]: the quiescence search that resolves a position to a quiet leaf;
//! - [`prepare`]: filtering, resolving and merging positions, the validation split;
//! - [`linear`]: the evaluation linearized in the parameters (finite differences);
//! - [`optimize`]: the sigmoid model, its MSE, the fit of `K`, Adam;
//! - [`tune`]: the pipeline, generic over the variant and its evaluator;
//! - [`synthetic`]: random-game positions labelled by a known evaluator (tests, trials).
//!
//! Everything is generic over `R: Rules, E: TunableEval<R>`; [`tune_variant`] is the one place
//! that maps a variant name to its types.

pub mod data;
pub mod linear;
pub mod optimize;
pub mod prepare;
pub mod quiet;
pub mod synthetic;
pub mod tune;

pub use tune::{Config, Report};

use grimoire_engine::variants::archmage::ArchMage;
use grimoire_engine::variants::chess::Chess;
use grimoire_engine::variants::duggan::Duggan;
use grimoire_engine::variants::eldritch::Eldritch;
use grimoire_engine::variants::ghost::Ghost;
use grimoire_eval::{ArchMageEval, ChessEval, DugganEval, EldritchEval, EvalParams, GhostEval};
use std::path::Path;

/// The variants the tuner knows.
pub const VARIANTS: &[&str] = &["chess", "duggan", "archmage", "ghost", "eldritch"];

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
    // A new variant adds its arm here and its name to VARIANTS.
    let run: TuneFn = match variant {
        "chess" => tune::tune_file::<Chess, ChessEval>,
        "duggan" => tune::tune_file::<Duggan, DugganEval>,
        "archmage" => tune::tune_file::<ArchMage, ArchMageEval>,
        "ghost" => tune::tune_file::<Ghost, GhostEval>,
        "eldritch" => tune::tune_file::<Eldritch, EldritchEval>,
        other => {
            return Err(format!(
                "no tuner for variant {other:?} (known: {})",
                VARIANTS.join(", ")
            ))
        }
    };
    if start.variant() != variant {
        return Err(format!(
            "the starting parameters are for {:?}, not {variant:?}",
            start.variant()
        ));
    }
    run(data, start, cfg, log)
}
