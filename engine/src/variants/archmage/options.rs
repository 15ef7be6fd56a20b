//! ArchMage's rule options (G7), as data.

use super::ArchMageOptions;
use crate::options::OptionDecl;

/// `PrinceDoubleStepLeap` (ARC-E1) and `SameTypeSwitch` (ARC-E2).
pub fn option_decls() -> Vec<OptionDecl<ArchMageOptions>> {
    vec![
        OptionDecl::check_field("PrinceDoubleStepLeap", false, |o| {
            &mut o.prince_double_step_leap
        }),
        OptionDecl::check_field("SameTypeSwitch", true, |o| &mut o.same_type_switch),
    ]
}
