//! The one list of variants: each variant's manifest (its file or folder here) and the line of
//! [`visit_variants`] that registers it. Everything that needs every variant goes through that
//! list: the [`crate::Registry`], the tuner, the evaluation parameters by name, the command line.

mod archmage;
mod chess;
mod duggan;
pub mod eldritch;
mod ghost;
mod hobgoblin;

pub use archmage::ArchMageVariant;
pub use chess::ChessVariant;
pub use duggan::DugganVariant;
pub use eldritch::EldritchVariant;
pub use ghost::GhostVariant;
pub use hobgoblin::HobgoblinVariant;

use crate::manifest::{Variant, VariantVisitor};
use grimoire_engine::prelude::*;
use grimoire_eval::EvalParams;

/// Every variant the engine plays, in `UCI_Variant` order: the one list. A new variant adds its
/// manifest here, one line.
pub fn visit_variants(visitor: &mut impl VariantVisitor) {
    visitor.visit::<ChessVariant>();
    visitor.visit::<DugganVariant>();
    visitor.visit::<ArchMageVariant>();
    visitor.visit::<GhostVariant>();
    visitor.visit::<EldritchVariant>();
    visitor.visit::<HobgoblinVariant>();
}

/// The built-in evaluation parameters of the listed variant `name`.
pub fn default_params(name: &str) -> Option<EvalParams> {
    struct Find<'a>(&'a str, Option<EvalParams>);
    impl VariantVisitor for Find<'_> {
        fn visit<V: Variant>(&mut self) {
            if self.1.is_none() && V::Rules::NAME == self.0 {
                self.1 = Some(V::default_params());
            }
        }
    }
    let mut find = Find(name, None);
    visit_variants(&mut find);
    find.1
}

/// A parameter file's text read over the built-in set of the variant it names
/// ([`EvalParams::from_text_over`]; `docs/eval.md`).
pub fn params_from_text(text: &str) -> Result<EvalParams, String> {
    EvalParams::from_text_over(text, default_params)
}
