//! The engine's own UCI options as data: one declaration each (name, type, default, bounds and
//! the setter). `uci` lists them and `setoption` applies them through the same table.

use super::{Engine, DEFAULT_VARIANT};
use grimoire_engine::options::{
    as_bool, as_int, as_text, OptionDecl, OptionError, OptionKind, OptionValue,
};
use grimoire_engine::perft::PerftMode;
use grimoire_engine::search::{skill, ChanceSearch, TranspositionTable};
use grimoire_registry::Registry;
use std::sync::Arc;

pub const MAX_HASH_MB: i64 = 65_536;
/// `Hash` until a GUI sets it, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;
pub const MAX_THREADS: i64 = 1024;
pub const MAX_MULTIPV: i64 = 256;
pub const MAX_OVERHEAD_MS: i64 = 5_000;

/// Every engine option, `UCI_Variant` first (its choices are the registry's variants).
pub fn declarations(registry: &Registry) -> Vec<OptionDecl<Engine>> {
    let names = registry.names();
    let default_variant = if names.contains(&DEFAULT_VARIANT) {
        DEFAULT_VARIANT
    } else {
        names.first().copied().unwrap_or(DEFAULT_VARIANT)
    };
    vec![
        OptionDecl::new(
            "UCI_Variant",
            OptionKind::Combo(names),
            default_variant.to_string(),
            |e, v| e.set_variant(as_text(v)),
        ),
        OptionDecl::spin("Hash", DEFAULT_HASH_MB as i64, 1, MAX_HASH_MB, set_hash),
        OptionDecl::button("Clear Hash", |e, _| {
            e.tt.clear();
            e.memory.clear();
            Ok(())
        }),
        OptionDecl::spin("Threads", 1, 1, MAX_THREADS, |e, v| {
            e.threads = as_int(v) as usize;
            Ok(())
        }),
        OptionDecl::spin("MultiPV", 1, 1, MAX_MULTIPV, |e, v| {
            e.multipv = as_int(v) as usize;
            Ok(())
        }),
        OptionDecl::spin("Move Overhead", 30, 0, MAX_OVERHEAD_MS, |e, v| {
            e.move_overhead_ms = as_int(v) as u64;
            Ok(())
        }),
        OptionDecl::check("Ponder", false, |e, v| {
            e.ponder = as_bool(v);
            Ok(())
        }),
        // A weaker player for people (docs/strength.md): the same means in every variant.
        OptionDecl::check("UCI_LimitStrength", false, |e, v| {
            e.limit_strength = as_bool(v);
            Ok(())
        }),
        OptionDecl::spin(
            "UCI_Elo",
            skill::MAX_ELO,
            skill::MIN_ELO,
            skill::MAX_ELO,
            |e, v| {
                e.elo = as_int(v);
                Ok(())
            },
        ),
        OptionDecl::spin(
            "Skill Level",
            skill::MAX_LEVEL as i64,
            0,
            skill::MAX_LEVEL as i64,
            |e, v| {
                e.skill = as_int(v);
                Ok(())
            },
        ),
        OptionDecl::text("EvalFile", "<default>", |e, v| e.set_eval_file(as_text(v))),
        OptionDecl::new(
            "ChanceSearch",
            OptionKind::Combo(ChanceSearch::NAMES.to_vec()),
            "star2".to_string(),
            |e, v| {
                e.chance_search = ChanceSearch::from_name(as_text(v)).unwrap_or_default();
                Ok(())
            },
        ),
        OptionDecl::new(
            "PerftMode",
            OptionKind::Combo(vec!["convention", "chance"]),
            "convention".to_string(),
            |e, v| {
                e.perft_mode = match as_text(v) {
                    "chance" => PerftMode::Chance,
                    _ => PerftMode::Convention,
                };
                Ok(())
            },
        ),
    ]
}

/// `Hash`: a new table of the size asked for; if it cannot be allocated, the old table stays
/// in use, entries and all.
fn set_hash(engine: &mut Engine, value: &OptionValue) -> Result<(), OptionError> {
    let mb = as_int(value) as usize;
    let tt = TranspositionTable::try_new(mb).map_err(|reason| OptionError::NotApplied {
        name: "Hash",
        reason: format!(
            "not changed: {reason}; keeping the {} MB table",
            engine.hash_mb
        ),
    })?;
    engine.tt = Arc::new(tt);
    engine.hash_mb = mb;
    Ok(())
}
