//! Duggan's rule options (G7), as data.

use super::{DugganOptions, ThreatStep};
use crate::options::{as_bool, as_text, OptionDecl};

/// `MercenaryThreatStep`, `CorneredAssassin` and `CowardlyAssassin`.
pub fn option_decls() -> Vec<OptionDecl<DugganOptions>> {
    vec![
        OptionDecl::combo(
            "MercenaryThreatStep",
            "move-or-capture",
            &["move-or-capture", "capture-only"],
            |o, v| {
                o.threat_step = match as_text(v) {
                    "capture-only" => ThreatStep::CaptureOnly,
                    _ => ThreatStep::MoveOrCapture,
                };
                Ok(())
            },
        ),
        OptionDecl::check("CorneredAssassin", false, |o, v| {
            o.cornered_assassin = as_bool(v);
            Ok(())
        }),
        OptionDecl::check("CowardlyAssassin", false, |o, v| {
            o.cowardly_assassin = as_bool(v);
            Ok(())
        }),
    ]
}
