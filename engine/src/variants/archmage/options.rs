//! ArchMage's rule options (G7), as data.

use super::ArchMageOptions;
use crate::options::{as_bool, OptionDecl};

/// `PrinceDoubleStepLeap` (ARC-E1) and `SameTypeSwitch` (ARC-E2).
pub fn option_decls() -> Vec<OptionDecl<ArchMageOptions>> {
    vec![
        OptionDecl::check("PrinceDoubleStepLeap", false, |o, v| {
            o.prince_double_step_leap = as_bool(v);
            Ok(())
        }),
        OptionDecl::check("SameTypeSwitch", true, |o, v| {
            o.same_type_switch = as_bool(v);
            Ok(())
        }),
    ]
}
