//! Duggan's rule options (G7), as data.

use super::{DugganOptions, ThreatStep};
use crate::options::OptionDecl;

/// `MercenaryThreatStep`, `CorneredAssassin` and `CowardlyAssassin`.
pub fn option_decls() -> Vec<OptionDecl<DugganOptions>> {
    const STEPS: &[(&str, ThreatStep)] = &[
        ("move-or-capture", ThreatStep::MoveOrCapture),
        ("capture-only", ThreatStep::CaptureOnly),
    ];
    vec![
        OptionDecl::combo_field("MercenaryThreatStep", STEPS, |o| &mut o.threat_step),
        OptionDecl::check_field("CorneredAssassin", false, |o| &mut o.cornered_assassin),
        OptionDecl::check_field("CowardlyAssassin", false, |o| &mut o.cowardly_assassin),
    ]
}
