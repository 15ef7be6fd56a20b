//! Eldritch's rule options (G7), as data.

use super::state::{BlockAdjacency, EldritchOptions, ShadowmancerMode};
use crate::options::OptionDecl;

/// `BlockAdjacency` (ELD-OPT-1), `ShadowmancerMode` (ELD-OPT-2) and `NobleIsRoyal` (ELD-OPT-3).
pub fn option_decls() -> Vec<OptionDecl<EldritchOptions>> {
    const MODES: &[(&str, ShadowmancerMode)] = &[
        ("immune", ShadowmancerMode::Immune),
        ("forbid", ShadowmancerMode::Forbid),
    ];
    const ADJACENCY: &[(&str, BlockAdjacency)] = &[
        ("onto", BlockAdjacency::Onto),
        ("from", BlockAdjacency::From),
    ];
    vec![
        OptionDecl::combo_field("BlockAdjacency", ADJACENCY, |o| &mut o.block_adjacency),
        OptionDecl::combo_field("ShadowmancerMode", MODES, |o| &mut o.shadowmancer),
        OptionDecl::check_field("NobleIsRoyal", false, |o| &mut o.noble_is_royal),
    ]
}
