//! Evaluation: parameter sets kept as data ([`EvalParams`], the tuner's view), variant-independent
//! features (piece-square tables from square features, the piece-value method) and the
//! evaluators ([`ChessEval`]). See `docs/eval.md`.

pub mod archmage;
pub mod chess;
pub mod duggan;
pub mod eldritch;
pub mod features;
pub mod ghost;
pub mod params;
pub mod reader;

pub use archmage::ArchMageEval;
pub use chess::ChessEval;
pub use duggan::DugganEval;
pub use eldritch::EldritchEval;
pub use features::{piece_value, PieceValue, SquareWeights};
pub use ghost::GhostEval;
pub use params::EvalParams;

use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::Rules;

/// An evaluator built from a parameter set: what the tuner rewrites and what the engine's
/// `EvalFile` option loads. Every variant's evaluator implements it.
pub trait TunableEval<R: Rules>: Evaluator<R> + Sized + Clone {
    /// The evaluator for `params`, or why the set does not fit it (wrong variant, missing or
    /// unknown names).
    fn from_params(params: EvalParams) -> Result<Self, String>;
    /// The parameters it was built from.
    fn params(&self) -> &EvalParams;
}

impl TunableEval<grimoire_engine::variants::chess::Chess> for ChessEval {
    fn from_params(params: EvalParams) -> Result<Self, String> {
        ChessEval::try_from_params(params)
    }

    fn params(&self) -> &EvalParams {
        ChessEval::params(self)
    }
}

impl TunableEval<grimoire_engine::variants::duggan::Duggan> for DugganEval {
    fn from_params(params: EvalParams) -> Result<Self, String> {
        DugganEval::try_from_params(params)
    }

    fn params(&self) -> &EvalParams {
        DugganEval::params(self)
    }
}

impl TunableEval<grimoire_engine::variants::archmage::ArchMage> for ArchMageEval {
    fn from_params(params: EvalParams) -> Result<Self, String> {
        ArchMageEval::try_from_params(params)
    }

    fn params(&self) -> &EvalParams {
        ArchMageEval::params(self)
    }
}

impl TunableEval<grimoire_engine::variants::ghost::Ghost> for GhostEval {
    fn from_params(params: EvalParams) -> Result<Self, String> {
        GhostEval::try_from_params(params)
    }

    fn params(&self) -> &EvalParams {
        GhostEval::params(self)
    }
}

impl TunableEval<grimoire_engine::variants::eldritch::Eldritch> for EldritchEval {
    fn from_params(params: EvalParams) -> Result<Self, String> {
        EldritchEval::try_from_params(params)
    }

    fn params(&self) -> &EvalParams {
        EldritchEval::params(self)
    }
}
