//! Evaluation parameters as data: a flat list of named integers that the tuner reads and
//! rewrites, with a plain text format (`name mg eg` per line, `#` comments).
//!
//! Every term of an evaluator is one named parameter. A *tapered* parameter has two values, the
//! middlegame (`mg`) and the endgame (`eg`) value, blended by game phase; a *scalar* parameter has
//! one value (phase weights). All values live in one `Vec<i32>` in declaration order, so the tuner
//! can treat a parameter set as a vector ([`EvalParams::as_slice`], [`EvalParams::as_mut_slice`])
//! and name each slot ([`EvalParams::slot_name`]).
//!
//! A set also carries the search's margins for its variant ([`SearchParams`], `search.<field>`
//! lines in the text form, `docs/search.md`). They are not evaluation terms: they are not slots,
//! so the tuner's vector view leaves them out and a tuned set carries them through unchanged.
//!
//! The format is described in `docs/eval.md`.

use crate::nnue::{Network, SharedNetwork};
use grimoire_engine::search::SearchParams;
use std::fmt::Write;

/// One parameter of a set: its name, whether it is tapered, and where its values start.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    name: String,
    tapered: bool,
    offset: usize,
    /// Comment lines written before this entry by [`EvalParams::to_text`] (a section header).
    header: Option<String>,
}

/// A view of one parameter: its name and its one (scalar) or two (`[mg, eg]`) values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Param<'a> {
    pub name: &'a str,
    pub values: &'a [i32],
}

impl Param<'_> {
    pub fn is_tapered(&self) -> bool {
        self.values.len() == 2
    }
}

/// A named parameter set of one variant's evaluator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    variant: String,
    entries: Vec<Entry>,
    values: Vec<i32>,
    /// The search's margins for this variant (`search.*` lines; defaults where not given).
    search: SearchParams,
    /// Header for the next pushed entry (only while building).
    pending_header: Option<String>,
    /// A chess evaluation network that replaces or corrects the terms' evaluation
    /// (`docs/eval.md`, Network); the set's `search.*` entries still give the search its margins.
    network: Option<SharedNetwork>,
}

fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && name != "variant"
}

impl EvalParams {
    /// An empty set for `variant`; fill it with [`EvalParams::push_tapered`] and
    /// [`EvalParams::push_scalar`].
    pub fn new(variant: &str) -> EvalParams {
        EvalParams {
            variant: variant.to_string(),
            entries: Vec::new(),
            values: Vec::new(),
            search: SearchParams::DEFAULT,
            pending_header: None,
            network: None,
        }
    }

    /// The chess set `self` with a network from a network file's bytes
    /// (`nnue::Network::from_bytes`); an error for another variant's set or a bad file.
    pub fn with_network_bytes(mut self, bytes: &[u8]) -> Result<EvalParams, String> {
        if self.variant != "chess" {
            return Err(format!(
                "networks evaluate chess only, not {}",
                self.variant
            ));
        }
        let net = Network::from_bytes(bytes)?;
        self.network = Some(SharedNetwork(std::sync::Arc::new(net)));
        Ok(self)
    }

    /// The set with the shipped chess network (`chess::nnue::builtin`).
    pub fn with_builtin_network(mut self) -> EvalParams {
        self.network = Some(crate::nnue::builtin());
        self
    }

    /// The set's network, if it has one.
    pub fn network(&self) -> Option<&SharedNetwork> {
        self.network.as_ref()
    }

    /// The variant this set belongs to.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// Starts a section: the next pushed parameter is preceded by `# title` in the text form.
    pub fn section(&mut self, title: &str) -> &mut Self {
        self.pending_header = Some(title.to_string());
        self
    }

    fn push(&mut self, name: &str, tapered: bool, values: &[i32]) {
        assert!(valid_name(name), "bad parameter name {name:?}");
        assert!(
            self.index(name).is_none(),
            "duplicate parameter name {name:?}"
        );
        self.entries.push(Entry {
            name: name.to_string(),
            tapered,
            offset: self.values.len(),
            header: self.pending_header.take(),
        });
        self.values.extend_from_slice(values);
    }

    /// Appends a tapered parameter (panics on a duplicate or malformed name: a programming error).
    pub fn push_tapered(&mut self, name: &str, mg: i32, eg: i32) -> &mut Self {
        self.push(name, true, &[mg, eg]);
        self
    }

    /// Appends a scalar parameter (panics on a duplicate or malformed name).
    pub fn push_scalar(&mut self, name: &str, value: i32) -> &mut Self {
        self.push(name, false, &[value]);
        self
    }

    /// Appends a tapered `{prefix}_{kind}` for each of `kinds`, with the (mg, eg) pair at the
    /// same index of `values`: a per-kind table such as mobility or king attack.
    pub(crate) fn push_tapered_per_kind(
        &mut self,
        prefix: &str,
        kinds: &[&str],
        values: &[(i32, i32)],
    ) -> &mut Self {
        assert_eq!(kinds.len(), values.len(), "{prefix}: one value per kind");
        for (kind, &(mg, eg)) in kinds.iter().zip(values) {
            self.push_tapered(&format!("{prefix}_{kind}"), mg, eg);
        }
        self
    }

    /// Appends a scalar `{prefix}_{kind}` for each of `kinds`, with the value at the same index
    /// of `values`: a per-kind table such as the phase weights.
    pub(crate) fn push_scalar_per_kind(
        &mut self,
        prefix: &str,
        kinds: &[&str],
        values: &[i32],
    ) -> &mut Self {
        assert_eq!(kinds.len(), values.len(), "{prefix}: one value per kind");
        for (kind, &value) in kinds.iter().zip(values) {
            self.push_scalar(&format!("{prefix}_{kind}"), value);
        }
        self
    }

    /// Appends `material_{kind}` for each of `kinds`, its centipawns `cp` in both halves: the
    /// piece-value method gives one number.
    pub(crate) fn push_material(&mut self, kinds: &[&str], cp: &[i32]) -> &mut Self {
        let values: Vec<(i32, i32)> = cp.iter().map(|&v| (v, v)).collect();
        self.push_tapered_per_kind("material", kinds, &values)
    }

    /// Appends `pst_centre_{kind}` and `pst_advance_{kind}` for each of `kinds`, with the
    /// (mg, eg) pairs `start(index)` gives: the piece-square features every variant has.
    pub(crate) fn push_piece_square_features(
        &mut self,
        kinds: &[&str],
        start: impl Fn(usize) -> ((i32, i32), (i32, i32)),
    ) -> &mut Self {
        for (k, kind) in kinds.iter().enumerate() {
            let (centre, advance) = start(k);
            self.push_tapered(&format!("pst_centre_{kind}"), centre.0, centre.1);
            self.push_tapered(&format!("pst_advance_{kind}"), advance.0, advance.1);
        }
        self
    }

    /// Appends `{prefix}_{rank}` for relative ranks 2 up, one per (mg, eg) pair: a passer bonus
    /// by rank.
    pub(crate) fn push_per_rank_from_2(
        &mut self,
        prefix: &str,
        by_rank: &[(i32, i32)],
    ) -> &mut Self {
        for (r, &(mg, eg)) in by_rank.iter().enumerate() {
            self.push_tapered(&format!("{prefix}_{}", r + 2), mg, eg);
        }
        self
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.entries.iter().position(|e| e.name == name)
    }

    fn entry_values(&self, e: &Entry) -> &[i32] {
        &self.values[e.offset..e.offset + if e.tapered { 2 } else { 1 }]
    }

    /// Number of values (slots): a tapered parameter has two, a scalar one.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// All values in declaration order (`mg` before `eg` for tapered parameters).
    pub fn as_slice(&self) -> &[i32] {
        &self.values
    }

    /// All values, writable (the tuner's view). The layout never changes.
    pub fn as_mut_slice(&mut self) -> &mut [i32] {
        &mut self.values
    }

    /// The name of value slot `slot`: `name.mg`, `name.eg`, or `name` for a scalar.
    pub fn slot_name(&self, slot: usize) -> Option<String> {
        let e = self
            .entries
            .iter()
            .rev()
            .find(|e| e.offset <= slot && slot < self.values.len())?;
        Some(if !e.tapered {
            e.name.clone()
        } else if slot == e.offset {
            format!("{}.mg", e.name)
        } else {
            format!("{}.eg", e.name)
        })
    }

    /// The slot index of the first value of parameter `name`.
    pub fn slot_of(&self, name: &str) -> Option<usize> {
        self.index(name).map(|i| self.entries[i].offset)
    }

    /// The parameters in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = Param<'_>> {
        self.entries.iter().map(|e| Param {
            name: &e.name,
            values: self.entry_values(e),
        })
    }

    /// `(mg, eg)` of a parameter; a scalar gives its value twice.
    pub fn get(&self, name: &str) -> Option<(i32, i32)> {
        let e = &self.entries[self.index(name)?];
        let v = self.entry_values(e);
        Some((v[0], *v.last().unwrap()))
    }

    /// The value of a scalar parameter (or the `mg` value of a tapered one).
    pub fn scalar(&self, name: &str) -> Option<i32> {
        self.get(name).map(|(mg, _)| mg)
    }

    /// Sets a tapered parameter's two values, or a scalar parameter's value (then `mg` must equal
    /// `eg`).
    pub fn set(&mut self, name: &str, mg: i32, eg: i32) -> Result<(), String> {
        let i = self
            .index(name)
            .ok_or_else(|| format!("unknown parameter {name:?}"))?;
        let e = &self.entries[i];
        if e.tapered {
            self.values[e.offset] = mg;
            self.values[e.offset + 1] = eg;
        } else if mg == eg {
            self.values[e.offset] = mg;
        } else {
            return Err(format!("parameter {name:?} is scalar: one value, not two"));
        }
        Ok(())
    }

    /// The search's margins this set carries (`search.*`; [`SearchParams::DEFAULT`] unless set).
    pub fn search(&self) -> &SearchParams {
        &self.search
    }

    /// The search's margins, writable.
    pub fn search_mut(&mut self) -> &mut SearchParams {
        &mut self.search
    }

    /// The text form: a header comment, `variant <name>`, then one `name mg eg` (or `name value`)
    /// line per parameter, grouped under `#` section comments.
    pub fn to_text(&self) -> String {
        let width = self.entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
        let mut out = String::new();
        out.push_str("# Grimoire evaluation parameters: `name mg eg` (tapered) or `name value`.\n");
        out.push_str("# Centipawns unless a section says otherwise. See docs/eval.md.\n");
        let _ = writeln!(out, "variant {}", self.variant);
        for e in &self.entries {
            if let Some(h) = &e.header {
                out.push('\n');
                for line in h.lines() {
                    let _ = writeln!(out, "# {line}");
                }
            }
            let _ = write!(out, "{:<width$}", e.name);
            for v in self.entry_values(e) {
                let _ = write!(out, " {v:>5}");
            }
            out.push('\n');
        }
        // A chess file without this line is read with the shipped network.
        match &self.network {
            None if self.variant == "chess" => out.push_str("\nnetwork none\n"),
            Some(n) if *n != crate::nnue::builtin() => {
                out.push_str("\n# network: not the built-in one; a parameter file cannot hold it\n")
            }
            _ => {}
        }
        // Only the search margins that differ from the defaults: a set without any keeps the
        // form it always had.
        let search = self.search.diff(&SearchParams::DEFAULT);
        if !search.is_empty() {
            out.push_str("\n# Search margins (docs/search.md); the others keep their defaults.\n");
            for (name, value) in search {
                if SearchParams::is_integer(name) == Some(false) {
                    // The shortest form that reads back as the same `f32`.
                    let _ = writeln!(out, "{name:<width$} {:>5}", value as f32);
                } else {
                    let _ = writeln!(out, "{name:<width$} {value:>5}");
                }
            }
        }
        out
    }

    /// A shipped set: `text`, a tuned parameter file of `variant`, read over that variant's
    /// starting set `start` (parameters the file does not list keep their starting values).
    /// Panics if the file does not parse: shipped files are checked by tests.
    pub(crate) fn shipped(text: &str, variant: &str, start: fn() -> EvalParams) -> EvalParams {
        Self::from_text_over(text, |v| (v == variant).then(start))
            .unwrap_or_else(|e| panic!("the shipped {variant} parameters do not parse: {e}"))
    }

    /// Parses the text form. The `variant <name>` line (optional, default `chess`) must come
    /// before any parameter and selects the set the file is read over, `base_for(name)` (the
    /// registry's built-in sets, `grimoire_registry::params_from_text`; the shipped sets are
    /// read over the starting sets): parameters the file does not list keep their base values.
    /// Unknown names, duplicates, a wrong number of values and anything that is not an integer
    /// are errors naming the line. `search.<field>` lines set the search's margins
    /// ([`SearchParams`], one number each; a fraction only where the field takes one); an
    /// unknown `search.*` name is an error too.
    pub fn from_text_over(
        text: &str,
        base_for: impl Fn(&str) -> Option<EvalParams>,
    ) -> Result<EvalParams, String> {
        let mut base: Option<EvalParams> = None;
        let mut seen = Vec::new();
        let mut seen_search: Vec<&str> = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line_no = n + 1;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            let name = words.next().unwrap();
            let rest: Vec<&str> = words.collect();
            if name == "variant" {
                if base.is_some() {
                    return Err(format!(
                        "line {line_no}: `variant` must come once, before any parameter"
                    ));
                }
                let [v] = rest[..] else {
                    return Err(format!("line {line_no}: expected `variant <name>`"));
                };
                base = Some(base_for(v).ok_or_else(|| {
                    format!("line {line_no}: no evaluation parameters for variant {v:?}")
                })?);
                continue;
            }
            let params = match &mut base {
                Some(params) => params,
                None => base.insert(base_for("chess").expect("chess has parameters")),
            };
            if name == "network" {
                if params.variant != "chess" {
                    return Err(format!("line {line_no}: only chess sets take a network"));
                }
                match rest[..] {
                    ["none"] => params.network = None,
                    ["builtin"] => params.network = Some(crate::nnue::builtin()),
                    _ => {
                        return Err(format!(
                            "line {line_no}: expected `network none` or `network builtin`"
                        ))
                    }
                }
                continue;
            }
            if name.starts_with("search.") {
                if seen_search.contains(&name) {
                    return Err(format!("line {line_no}: parameter {name:?} given twice"));
                }
                let [word] = rest[..] else {
                    return Err(format!(
                        "line {line_no}: search parameter {name:?} takes one value, found {}",
                        rest.len()
                    ));
                };
                let v: f64 = word.parse().map_err(|_| {
                    format!("line {line_no}: value {word:?} of {name:?} is not a number")
                })?;
                params
                    .search
                    .set(name, v)
                    .map_err(|e| format!("line {line_no}: {e}"))?;
                seen_search.push(name);
                continue;
            }
            let i = params.index(name).ok_or_else(|| {
                format!(
                    "line {line_no}: unknown parameter {name:?} for variant {}",
                    params.variant
                )
            })?;
            if seen.contains(&i) {
                return Err(format!("line {line_no}: parameter {name:?} given twice"));
            }
            seen.push(i);
            let e = &params.entries[i];
            let want = if e.tapered { 2 } else { 1 };
            if rest.len() != want {
                return Err(format!(
                    "line {line_no}: parameter {name:?} takes {} ({}), found {} value(s)",
                    want,
                    if e.tapered { "mg eg" } else { "one value" },
                    rest.len()
                ));
            }
            for (k, word) in rest.iter().enumerate() {
                let v: i32 = word.parse().map_err(|_| {
                    format!("line {line_no}: value {word:?} of {name:?} is not an integer")
                })?;
                let off = e.offset + k;
                params.values[off] = v;
            }
        }
        Ok(match base {
            Some(params) => params,
            None => base_for("chess").expect("chess has parameters"),
        })
    }
}
