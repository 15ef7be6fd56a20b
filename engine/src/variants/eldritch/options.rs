//! Eldritch's rule options (G7), as data.

use super::state::{EldritchOptions, ShadowmancerMode};
use crate::options::OptionDecl;

/// `ShadowmancerMode` (ELD-OPT-1) and `NobleIsRoyal` (ELD-OPT-3).
pub fn option_decls() -> Vec<OptionDecl<EldritchOptions>> {
    const MODES: &[(&str, ShadowmancerMode)] = &[
        ("immune", ShadowmancerMode::Immune),
        ("forbid", ShadowmancerMode::Forbid),
    ];
    vec![
        OptionDecl::combo_field("ShadowmancerMode", MODES, |o| &mut o.shadowmancer),
        OptionDecl::check_field("NobleIsRoyal", false, |o| &mut o.noble_is_royal),
    ]
}
