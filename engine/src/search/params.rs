//! The search's margins and constants as data: one [`SearchParams`] per evaluator (so per
//! variant), read by the search instead of literals. Every field also has a stable string name
//! (`search.<field>`), so a parameter file (`EvalFile`, `docs/eval.md`) can override it; the
//! name table is generated from the one field list below, so a field is written once.
//!
//! [`SearchParams::DEFAULT`] holds the values the search was written with; they are the same
//! for every variant until a variant's parameter set says otherwise (`docs/search.md`).

/// One value type of a field: how it converts to and from the `f64` of the name table.
trait FieldValue: Copy {
    /// Whether only whole numbers are accepted.
    const INTEGER: bool;
    fn to_f64(self) -> f64;
    fn from_f64(v: f64) -> Self;
}

impl FieldValue for i32 {
    const INTEGER: bool = true;
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn from_f64(v: f64) -> Self {
        v as i32
    }
}

impl FieldValue for f32 {
    const INTEGER: bool = false;
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn from_f64(v: f64) -> Self {
        v as f32
    }
}

/// A row of the name table: a field's name, its accessors and the values it accepts.
struct Field {
    name: &'static str,
    integer: bool,
    min: f64,
    max: f64,
    get: fn(&SearchParams) -> f64,
    set: fn(&mut SearchParams, f64),
}

/// Declares the struct, its defaults and its name table from one list:
/// `doc; name: type = default, [min, max];`.
macro_rules! search_params {
    ($( $(#[doc = $doc:literal])* $field:ident : $ty:ident = $default:expr, [$min:expr, $max:expr]; )*) => {
        /// The search's tuning margins and constants (`docs/search.md`). An evaluator carries
        /// one ([`crate::search::evaluator::Evaluator::search_params`]), so each variant can have its own.
        /// Depths and plies are in plies; margins in centipawns of the variant's evaluation.
        #[derive(Copy, Clone, Debug)]
        pub struct SearchParams {
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        impl SearchParams {
            /// The values the search was written with (the same for every variant).
            pub const DEFAULT: SearchParams = SearchParams { $( $field: $default, )* };

            const NAMES: &'static [&'static str] = &[$( concat!("search.", stringify!($field)), )*];

            const FIELDS: &'static [Field] = &[$(
                Field {
                    name: concat!("search.", stringify!($field)),
                    integer: <$ty as FieldValue>::INTEGER,
                    min: $min as f64,
                    max: $max as f64,
                    get: |p| FieldValue::to_f64(p.$field),
                    set: |p, v| p.$field = <$ty as FieldValue>::from_f64(v),
                },
            )*];
        }
    };
}

search_params! {
    // Iterative deepening (`search::aspiration`).
    /// Iterations from this depth on start with an aspiration window; shallower ones use the
    /// full window.
    asp_min_depth: i32 = 5, [1, 1000];
    /// Half-width of the first aspiration window around the last score.
    asp_delta: i32 = 20, [1, 100_000];
    /// Factor by which the window's failing side widens after each failure.
    asp_growth: i32 = 2, [2, 100];
    /// Once the widening step exceeds this, the window becomes the full window.
    asp_full_window: i32 = 1000, [1, 100_000];

    // Reverse futility pruning.
    /// Reverse futility applies at depths up to this (0: never).
    rfp_max_depth: i32 = 6, [0, 1000];
    /// Reverse futility: a non-PV node whose `static - rfp_margin * depth >= beta` returns its
    /// static score.
    rfp_margin: i32 = 90, [0, 100_000];

    // Null-move pruning.
    /// Null-move pruning applies from this depth on (where the variant allows a pass).
    nmp_min_depth: i32 = 3, [1, 1001];
    /// Null-move reduction: `nmp_base_reduction + depth / nmp_depth_divisor` plies (besides the
    /// ply of the pass itself).
    nmp_base_reduction: i32 = 2, [0, 1000];
    /// Divisor of the depth in the null-move reduction.
    nmp_depth_divisor: i32 = 4, [1, 1000];
    /// The null move is reduced one ply more per this many centipawns the static score is
    /// above beta, at most `nmp_eval_max` plies more (0: the margin does not matter).
    nmp_eval_divisor: i32 = 0, [0, 100_000];
    /// The most plies the margin above beta adds to the null-move reduction.
    nmp_eval_max: i32 = 3, [0, 100];

    // Shallow move pruning (late moves, futility, SEE).
    /// Late-move, futility and SEE pruning of moves apply at depths up to this (0: never).
    prune_max_depth: i32 = 8, [0, 1000];
    /// Late-move pruning: a quiet move is skipped once `lmp_base + lmp_depth_factor * depth²`
    /// moves have been searched.
    lmp_base: i32 = 3, [0, 100_000];
    /// Factor of `depth²` in the late-move count.
    lmp_depth_factor: i32 = 1, [0, 100_000];
    /// Futility pruning: a quiet move is skipped when
    /// `static + futility_base + futility_margin * depth <= alpha`.
    futility_base: i32 = 100, [0, 100_000];
    /// Per-depth part of the futility margin.
    futility_margin: i32 = 120, [0, 100_000];
    /// A quiet move is skipped when SEE says it loses more than `see_quiet_margin * depth`.
    see_quiet_margin: i32 = 60, [0, 100_000];
    /// A capture or other tactical move is skipped when SEE says it loses more than
    /// `see_tactical_margin * depth`.
    see_tactical_margin: i32 = 100, [0, 100_000];

    // Extensions.
    /// Moves that give check are extended one ply while the ply is below
    /// `check_ext_depth_factor` times the iteration's depth (0: no check extension).
    check_ext_depth_factor: i32 = 2, [0, 100];
    /// 1: only checks that SEE says keep the checking piece are extended; 0: every check.
    check_ext_see: i32 = 0, [0, 1];
    /// A check is extended only when the checked side has at most this many legal replies
    /// (0: any number; the checked node extends itself then). Checks that leave few answers
    /// narrow the tree; distant checks with many evasions (Eldritch Dragons) do not, and
    /// extending them exploded it.
    check_ext_max_replies: i32 = 0, [0, 1000];

    /// Singular extension: from this depth on (1001: off), a table move whose entry is at
    /// least `depth - se_tt_depth_margin` deep and a lower bound is extended one ply when
    /// every other move fails low against `table score - se_margin * depth` in a search of
    /// half the depth; when that search fails high beyond beta too, the node returns its
    /// bound (multi-cut: more than one move refutes the line).
    se_min_depth: i32 = 1001, [1, 1001];
    /// How much shallower than the node the table entry may be for a singular search.
    se_tt_depth_margin: i32 = 3, [0, 100];
    /// Per-depth margin below the table score that the other moves must stay under.
    se_margin: i32 = 2, [0, 1000];

    // Static score.
    /// 1: where the table's bound says the true score lies beyond the static score, the
    /// pruning decisions use the table's score instead; 0: always the static score.
    tt_eval_refine: i32 = 0, [0, 1];

    /// 1: the static score is corrected by what searches of positions with the same pawn
    /// structure found it off by (a correction history); 0: the evaluation as it is.
    correction_history: i32 = 0, [0, 1];

    // Late move reductions.
    /// Late move reductions apply from this depth on.
    lmr_min_depth: i32 = 3, [1, 1001];
    /// Quiet moves are reduced once this many moves have been searched at a non-PV node...
    lmr_min_moves: i32 = 2, [1, 1000];
    /// ...and this many more at a PV node.
    lmr_pv_extra_moves: i32 = 2, [0, 1000];
    /// Reduction `lmr_base + ln(depth) * ln(moves searched) / lmr_divisor`, truncated.
    lmr_base: f32 = 0.75, [-100, 100];
    /// Divisor of the logarithmic term of the reduction.
    lmr_divisor: f32 = 2.25, [0.01, 1000];
    /// Plies less reduction at PV nodes.
    lmr_pv_reduction: i32 = 1, [0, 100];
    /// A quiet move's history score reduces it this much less per unit (`history / divisor`
    /// plies less; a bad history, more); 0: history does not change reductions.
    lmr_history_divisor: i32 = 0, [0, 1_000_000];

    // Improving (the mover's static score above its score two plies before).
    /// 1: reverse futility prunes with one ply less margin when the mover's static score
    /// improved; 0: improving does not matter to it.
    rfp_improving: i32 = 0, [0, 1];
    /// Late-move pruning's count is divided by this when the mover is not improving (1: no
    /// change).
    lmp_not_improving_divisor: i32 = 1, [1, 100];
    /// Plies more reduction for late quiet moves when the mover is not improving.
    lmr_not_improving: i32 = 0, [0, 100];
    /// 1: captures and other tactical moves that lose material by SEE are reduced like late
    /// quiet moves (0: only quiet moves are reduced).
    lmr_bad_tactical: i32 = 0, [0, 1];

    // Internal iterative reduction.
    /// A node without a table move is searched one ply shallower from this depth on (its move
    /// ordering is poor, and the table will hold a move at the next visit).
    iir_min_depth: i32 = 4, [1, 1001];

    // History.
    /// The history bonus of a cutoff move (and malus of the quiet moves tried before it) is
    /// `min(depth², history_bonus_max)`.
    history_bonus_max: i32 = 400, [0, 16_384];
    /// History scores saturate towards this bound (the gravity divisor).
    history_limit: i32 = 16_384, [1, 1_000_000];
    /// 1: each search thread keeps its history, capture history, counter moves and correction
    /// history from one search to the next of a game (`SearchOptions::memory`); 0: every
    /// search starts them cold.
    keep_history: i32 = 0, [0, 1];
    /// Capture history (0: off): tactical moves are ordered by their exchange order plus
    /// their capture history divided by this.
    capture_history_divisor: i32 = 0, [0, 1_000_000];
    /// 1: quiet moves are also ordered by continuation histories, keyed by the piece and
    /// destination of the move one and two plies before (`SearchHooks::moved_piece`); 0: off.
    continuation_history: i32 = 0, [0, 1];

    // Quiescence.
    /// Plies beyond the iteration's depth within which quiescence searches every evasion of a
    /// check (and every answer to a king in danger); beyond them a side in check stands pat.
    qs_check_plies: i32 = 2, [0, 1000];
    /// Quiescence skips (outside check or danger) captures for which SEE does not reach this
    /// many centipawns.
    qs_see_threshold: i32 = 0, [-100_000, 100_000];
    /// Quiescence stands pat once this many plies lie beyond the iteration's depth (1000: no
    /// bound). For variants without exchange evaluation, where every capture would be
    /// searched (Hobgoblin's crowds).
    qs_max_plies: i32 = 1000, [0, 1000];
    /// Quiescence futility (0: off): a capture must win, by SEE, at least what the stand-pat
    /// score lacks of alpha less this margin, or it is skipped.
    qs_futility_margin: i32 = 0, [0, 100_000];

    // ProbCut.
    /// ProbCut from this depth on, where `probcut_margin` is on.
    probcut_min_depth: i32 = 5, [1, 1001];
    /// ProbCut's margin over beta (0: off): a capture whose search four plies shallower beats
    /// beta by this much ends the node.
    probcut_margin: i32 = 0, [0, 100_000];

    // Chance nodes (G6).
    /// The outcomes of a chance node other than its likeliest are searched this many plies
    /// shallower, and valued statically under a null window or with no depth left; 0 searches
    /// every outcome in full: exact expectimax (`docs/search.md`).
    chance_reduction: i32 = 2, [0, 1000];
    /// What a decided game is worth at a chance node, in centipawns: outcome values are held
    /// to ±this before they are averaged, so a 1-in-12 chance of a blown-up king counts as a
    /// twelfth of a won position, not a twelfth of a mate score. 0 averages the values as they
    /// are (mate scores included): exact expectimax.
    chance_win: i32 = 800, [0, 30_000];
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams::DEFAULT
    }
}

/// Equal when every field is equal bit for bit (so `Eq` holds, `f32` fields included).
impl PartialEq for SearchParams {
    fn eq(&self, other: &Self) -> bool {
        SearchParams::FIELDS
            .iter()
            .all(|f| (f.get)(self).to_bits() == (f.get)(other).to_bits())
    }
}

impl Eq for SearchParams {}

impl SearchParams {
    /// Every field's name (`search.<field>`), in declaration order.
    pub fn names() -> &'static [&'static str] {
        SearchParams::NAMES
    }

    fn field(name: &str) -> Option<&'static Field> {
        SearchParams::FIELDS.iter().find(|f| f.name == name)
    }

    /// The value of the field called `name` (`search.rfp_margin`), or `None` for an unknown name.
    pub fn get(&self, name: &str) -> Option<f64> {
        SearchParams::field(name).map(|f| (f.get)(self))
    }

    /// Whether the field called `name` takes only whole numbers (`None` for an unknown name).
    pub fn is_integer(name: &str) -> Option<bool> {
        SearchParams::field(name).map(|f| f.integer)
    }

    /// Sets the field called `name`, or says why not: an unknown name, a fraction for a whole
    /// number field, a value out of the field's range.
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
        let f = SearchParams::field(name).ok_or_else(|| {
            format!(
                "unknown search parameter {name:?} (known: {})",
                SearchParams::NAMES.join(", ")
            )
        })?;
        if !value.is_finite() || (f.integer && value.fract() != 0.0) {
            return Err(format!(
                "search parameter {name:?} takes {}, not {value}",
                if f.integer {
                    "a whole number"
                } else {
                    "a number"
                }
            ));
        }
        if value < f.min || value > f.max {
            return Err(format!(
                "search parameter {name:?} must lie in {}..={}, not {value}",
                f.min, f.max
            ));
        }
        (f.set)(self, value);
        Ok(())
    }

    /// `(name, value)` of the fields whose value differs from `base`, in declaration order.
    pub fn diff(&self, base: &SearchParams) -> Vec<(&'static str, f64)> {
        SearchParams::FIELDS
            .iter()
            .filter(|f| (f.get)(self).to_bits() != (f.get)(base).to_bits())
            .map(|f| (f.name, (f.get)(self)))
            .collect()
    }

    /// Late-move reduction in plies for (depth, moves searched).
    #[inline]
    pub fn reduction(&self, depth: i32, index: usize) -> i32 {
        let d = (depth.max(1) as f32).ln();
        let n = (index.max(1) as f32).ln();
        (self.lmr_base + d * n / self.lmr_divisor) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defaults are the literals the search was written with, name by name.
    #[test]
    fn defaults_equal_the_old_constants() {
        let old: &[(&str, f64)] = &[
            ("search.asp_min_depth", 5.0),
            ("search.asp_delta", 20.0),
            ("search.asp_growth", 2.0),
            ("search.asp_full_window", 1000.0),
            ("search.rfp_max_depth", 6.0),
            ("search.rfp_margin", 90.0),
            ("search.nmp_min_depth", 3.0),
            ("search.nmp_base_reduction", 2.0),
            ("search.nmp_depth_divisor", 4.0),
            ("search.nmp_eval_divisor", 0.0),
            ("search.nmp_eval_max", 3.0),
            ("search.prune_max_depth", 8.0),
            ("search.lmp_base", 3.0),
            ("search.lmp_depth_factor", 1.0),
            ("search.futility_base", 100.0),
            ("search.futility_margin", 120.0),
            ("search.see_quiet_margin", 60.0),
            ("search.see_tactical_margin", 100.0),
            ("search.check_ext_depth_factor", 2.0),
            ("search.check_ext_see", 0.0),
            ("search.check_ext_max_replies", 0.0),
            ("search.se_min_depth", 1001.0),
            ("search.se_tt_depth_margin", 3.0),
            ("search.se_margin", 2.0),
            ("search.tt_eval_refine", 0.0),
            ("search.correction_history", 0.0),
            ("search.lmr_min_depth", 3.0),
            ("search.lmr_min_moves", 2.0),
            ("search.lmr_pv_extra_moves", 2.0),
            ("search.lmr_base", 0.75),
            ("search.lmr_divisor", 2.25),
            ("search.lmr_pv_reduction", 1.0),
            ("search.lmr_history_divisor", 0.0),
            ("search.rfp_improving", 0.0),
            ("search.lmp_not_improving_divisor", 1.0),
            ("search.lmr_not_improving", 0.0),
            ("search.lmr_bad_tactical", 0.0),
            ("search.iir_min_depth", 4.0),
            ("search.history_bonus_max", 400.0),
            ("search.history_limit", 16_384.0),
            ("search.capture_history_divisor", 0.0),
            ("search.continuation_history", 0.0),
            ("search.keep_history", 0.0),
            ("search.qs_check_plies", 2.0),
            ("search.qs_see_threshold", 0.0),
            ("search.qs_max_plies", 1000.0),
            ("search.qs_futility_margin", 0.0),
            ("search.probcut_min_depth", 5.0),
            ("search.probcut_margin", 0.0),
            ("search.chance_reduction", 2.0),
            ("search.chance_win", 800.0),
        ];
        let p = SearchParams::default();
        assert_eq!(
            old.len(),
            SearchParams::names().len(),
            "a field without a test"
        );
        for &(name, value) in old {
            assert_eq!(p.get(name), Some(value), "{name}");
        }
        assert_eq!(p.lmr_base, 0.75f32);
        assert_eq!(p.lmr_divisor, 2.25f32);
    }

    /// The reduction formula gives what the literal formula gave.
    #[test]
    fn default_reduction_equals_the_old_formula() {
        fn old(depth: i32, index: usize) -> i32 {
            let d = (depth.max(1) as f32).ln();
            let n = (index.max(1) as f32).ln();
            (0.75 + d * n / 2.25) as i32
        }
        let p = SearchParams::default();
        for depth in 0..=100 {
            for index in 0..=300 {
                assert_eq!(
                    p.reduction(depth, index),
                    old(depth, index),
                    "{depth} {index}"
                );
            }
        }
    }

    /// Every name reads and writes its own field and no other.
    #[test]
    fn name_table_round_trips_every_field() {
        let names = SearchParams::names();
        for (i, name) in names.iter().enumerate() {
            assert!(name.starts_with("search."), "{name}");
            assert!(!names[..i].contains(name), "{name} twice");
            let mut p = SearchParams::default();
            let old = p.get(name).unwrap();
            let new = if old + 1.0 <= SearchParams::field(name).unwrap().max {
                old + 1.0
            } else {
                old - 1.0
            };
            p.set(name, new).unwrap();
            assert_eq!(p.get(name), Some(new), "{name}");
            assert_eq!(p.diff(&SearchParams::default()), vec![(*name, new)]);
            assert_ne!(p, SearchParams::default());
            p.set(name, old).unwrap();
            assert_eq!(p, SearchParams::default(), "{name}");
        }
        // The struct's fields, seen through the table.
        let mut p = SearchParams::default();
        p.set("search.rfp_margin", 120.0).unwrap();
        assert_eq!(p.rfp_margin, 120);
        p.set("search.lmr_divisor", 2.5).unwrap();
        assert_eq!(p.lmr_divisor, 2.5);
    }

    #[test]
    fn bad_names_and_values_are_refused() {
        let mut p = SearchParams::default();
        let e = p.set("search.xyz", 1.0).unwrap_err();
        assert!(e.contains("unknown search parameter \"search.xyz\""), "{e}");
        assert!(e.contains("search.rfp_margin"), "{e}");
        assert!(p.set("rfp_margin", 1.0).is_err());
        assert!(p.set("search.rfp_margin", 1.5).is_err());
        assert!(p.set("search.rfp_margin", f64::NAN).is_err());
        assert!(p.set("search.nmp_depth_divisor", 0.0).is_err());
        assert!(p.set("search.lmr_divisor", 0.0).is_err());
        assert_eq!(p, SearchParams::default());
        assert_eq!(SearchParams::is_integer("search.lmr_base"), Some(false));
        assert_eq!(SearchParams::is_integer("search.rfp_margin"), Some(true));
        assert_eq!(SearchParams::is_integer("search.xyz"), None);
    }
}
