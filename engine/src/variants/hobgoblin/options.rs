//! Hobgoblin's rule option (G7), as data: `HobUnlinkEnemy` (HOB-82, HOB-A19).

use crate::options::OptionDecl;

/// Whether the unlinking player may unlink a pair holding the opponent's units (HOB-A19).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum UnlinkEnemy {
    /// The unlinking player chooses where every unit goes, the opponent's too (the spec).
    #[default]
    Choose,
    /// A pair holding opponent units cannot be unlinked.
    Forbid,
}

/// The variant's options, fixed for a game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct HobOptions {
    pub unlink_enemy: UnlinkEnemy,
}

/// `HobUnlinkEnemy` = `choose` (default) | `forbid`.
pub fn option_decls() -> Vec<OptionDecl<HobOptions>> {
    const CHOICES: &[(&str, UnlinkEnemy)] = &[
        ("choose", UnlinkEnemy::Choose),
        ("forbid", UnlinkEnemy::Forbid),
    ];
    vec![OptionDecl::combo_field("HobUnlinkEnemy", CHOICES, |o| {
        &mut o.unlink_enemy
    })]
}
