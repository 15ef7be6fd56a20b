//! Evaluation: parameter sets kept as data ([`EvalParams`], the tuner's view), variant-independent
//! features (piece-square tables from square features, the piece-value method) and the
//! evaluators ([`ChessEval`]). See `docs/eval.md`.

#[macro_use]
mod terms;

/// What every evaluator has alike: `Default` from its built-in set `$params` (built once a
/// process and cloned), a `Debug` that shows only the parameters, and [`TunableEval`] through
/// its `try_from_params` and `params`. With `, from_params` also an inherent `from_params` that
/// panics where `try_from_params` refuses (not for the evaluators whose callers reach
/// `TunableEval::from_params` by that name).
macro_rules! evaluator_impls {
    ($eval:ident, $rules:ty, $params:expr, from_params) => {
        evaluator_impls!($eval, $rules, $params);

        impl $eval {
            /// Builds the evaluator; panics if `params` does not fit (see `try_from_params`).
            pub fn from_params(params: $crate::EvalParams) -> $eval {
                $eval::try_from_params(params).unwrap_or_else(|e| panic!("{e}"))
            }
        }
    };
    ($eval:ident, $rules:ty, $params:expr) => {
        impl Default for $eval {
            /// Built once a process and cloned: reading the shipped text and building the
            /// tables is most of what creating a game costs (`ucinewgame`, a variant switch).
            fn default() -> Self {
                static BUILT: std::sync::OnceLock<$eval> = std::sync::OnceLock::new();
                BUILT
                    .get_or_init(|| {
                        $eval::try_from_params($params).unwrap_or_else(|e| panic!("{e}"))
                    })
                    .clone()
            }
        }

        impl std::fmt::Debug for $eval {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($eval))
                    .field("params", $eval::params(self))
                    .finish_non_exhaustive()
            }
        }

        impl $crate::TunableEval<$rules> for $eval {
            fn from_params(params: $crate::EvalParams) -> Result<Self, String> {
                $eval::try_from_params(params)
            }

            fn params(&self) -> &$crate::EvalParams {
                $eval::params(self)
            }
        }
    };
}

pub mod archmage;
pub mod chess;
pub mod duggan;
pub mod eldritch;
pub mod features;
pub mod ghost;
pub mod hobgoblin;
/// Chess's network (`chess::nnue` too): a part of a parameter set beside its terms and margins.
pub mod nnue;
pub mod params;
pub mod reader;
pub mod score;

pub use archmage::ArchMageEval;
pub use chess::ChessEval;
pub use duggan::DugganEval;
pub use eldritch::EldritchEval;
pub use features::{piece_value, PieceValue, SquareWeights};
pub use ghost::GhostEval;
pub use hobgoblin::HobgoblinEval;
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
