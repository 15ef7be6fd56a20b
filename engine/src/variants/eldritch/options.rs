//! Eldritch's rule options (G7), as data.

use super::state::{EldritchOptions, ShadowmancerMode};
use crate::options::{as_bool, as_text, OptionDecl};

/// `ShadowmancerMode` (ELD-OPT-1) and `NobleIsRoyal` (ELD-OPT-3).
pub fn option_decls() -> Vec<OptionDecl<EldritchOptions>> {
    vec![
        OptionDecl::combo(
            "ShadowmancerMode",
            "immune",
            &["immune", "forbid"],
            |o, v| {
                o.shadowmancer = match as_text(v) {
                    "forbid" => ShadowmancerMode::Forbid,
                    _ => ShadowmancerMode::Immune,
                };
                Ok(())
            },
        ),
        OptionDecl::check("NobleIsRoyal", false, |o, v| {
            o.noble_is_royal = as_bool(v);
            Ok(())
        }),
    ]
}
