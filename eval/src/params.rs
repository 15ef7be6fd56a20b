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

use grimoire_engine::search::SearchParams;
use std::fmt::Write;

/// Names of the piece kinds of chess as they appear in parameter names (index = kind).
pub const CHESS_KIND_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// Names of the piece kinds of Duggan as they appear in parameter names (index = kind).
pub const DUGGAN_KIND_NAMES: [&str; 7] = [
    "golem",
    "mercenary",
    "archer",
    "bishop",
    "commander",
    "assassin",
    "adept",
];

/// Names of the piece kinds of ArchMage as they appear in parameter names (index = kind).
pub const ARCHMAGE_KIND_NAMES: [&str; 20] = [
    "pawn",
    "king",
    "queen",
    "rook",
    "bishop",
    "archmage",
    "mage",
    "sorceress",
    "lion",
    "phoenix",
    "prince",
    "amazon",
    "archbishop",
    "chancellor",
    "centaur",
    "buffalo",
    "dragon_king",
    "dragon_horse",
    "manticore",
    "griffon",
];

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
        }
    }

    /// The built-in default set of a listed variant (`crate::variant::visit_variants`).
    pub fn defaults(variant: &str) -> Option<EvalParams> {
        crate::variant::default_params(variant)
    }

    /// The listed variants, each of which has a built-in default set.
    pub fn variants() -> Vec<&'static str> {
        crate::variant::variant_names()
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

    /// Parses the text form. The `variant <name>` line (optional, default `chess`) must come
    /// before any parameter and selects the built-in set the file is read over: parameters the
    /// file does not list keep their default values. Unknown names, duplicates, a wrong number
    /// of values and anything that is not an integer are errors naming the line. `search.<field>`
    /// lines set the search's margins ([`SearchParams`], one number each; a fraction only where
    /// the field takes one); an unknown `search.*` name is an error too.
    pub fn from_text(text: &str) -> Result<EvalParams, String> {
        Self::from_text_over(text, EvalParams::defaults)
    }

    /// [`EvalParams::from_text`] with the sets a file is read over given by `base_for`
    /// (the shipped sets are read over the starting sets, not over themselves).
    fn from_text_over(
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

    /// The shipped chess parameters: the starting set ([`EvalParams::chess`]) tuned by
    /// `grimoire-tune` on positions labelled by Stockfish (`eval/params/chess.txt`;
    /// docs/tuning.md, run D1: +61 Elo against the starting set).
    pub fn chess_tuned() -> EvalParams {
        const SHIPPED: &str = include_str!("../params/chess.txt");
        Self::from_text_over(SHIPPED, |v| (v == "chess").then(EvalParams::chess))
            .expect("the shipped chess parameters parse")
    }

    /// The starting chess parameters, before tuning. Material comes from the piece-value method of
    /// [`crate::features`] (a test checks that these numbers are what it gives); the other terms
    /// are starting values for the tuner.
    pub fn chess() -> EvalParams {
        let mut p = EvalParams::new("chess");
        p.section("Game phase: weight of each non-pawn piece (scalar); the start position is the\nmiddlegame end, no non-pawn pieces the endgame end.");
        p.push_scalar("phase_knight", 1)
            .push_scalar("phase_bishop", 1)
            .push_scalar("phase_rook", 2)
            .push_scalar("phase_queen", 4);
        p.section("Material (derived by the piece-value method of docs/eval.md; pawn = 100).");
        for (kind, cp) in [
            ("pawn", 100),
            ("knight", 317),
            ("bishop", 330),
            ("rook", 500),
            ("queen", 894),
        ] {
            p.push_tapered(&format!("material_{kind}"), cp, cp);
        }
        p.section("Piece-square features: centipawns per unit of centralisation (board-centre\ndistance below average) and of advancement (relative rank above average).");
        let centre = [(5, 0), (8, 6), (4, 3), (0, 0), (1, 4), (-10, 12)];
        let advance = [(2, 6), (3, 0), (1, 0), (2, 1), (0, 0), (-12, 2)];
        for (k, kind) in CHESS_KIND_NAMES.iter().enumerate() {
            p.push_tapered(&format!("pst_centre_{kind}"), centre[k].0, centre[k].1);
            p.push_tapered(&format!("pst_advance_{kind}"), advance[k].0, advance[k].1);
        }
        p.section("Mobility: per safe square attacked (not own piece, not attacked by an enemy\npawn), counted from a fixed centre per kind (docs/eval.md).");
        for (kind, mg, eg) in [
            ("knight", 4, 4),
            ("bishop", 5, 5),
            ("rook", 2, 4),
            ("queen", 1, 2),
        ] {
            p.push_tapered(&format!("mobility_{kind}"), mg, eg);
        }
        p.section("King safety: bonus per square of the enemy king zone a piece attacks (scaled by\nthe number of attackers), pawn shield, open files beside the own king.");
        for (kind, mg, eg) in [
            ("knight", 8, 0),
            ("bishop", 6, 0),
            ("rook", 8, 0),
            ("queen", 12, 0),
        ] {
            p.push_tapered(&format!("king_attack_{kind}"), mg, eg);
        }
        p.push_tapered("king_shield_near", 12, 0)
            .push_tapered("king_shield_far", 6, 0)
            .push_tapered("king_open_file", -15, 0);
        p.section("Pawn structure (per pawn).");
        p.push_tapered("pawn_doubled", -10, -20)
            .push_tapered("pawn_isolated", -10, -12)
            .push_tapered("pawn_supported", 6, 4);
        p.section("Passed pawns: bonus by relative rank, and for a free stop square.");
        let passed = [(0, 10), (5, 15), (10, 25), (20, 45), (35, 70), (60, 110)];
        for (r, (mg, eg)) in passed.iter().enumerate() {
            p.push_tapered(&format!("passed_rank_{}", r + 2), *mg, *eg);
        }
        p.push_tapered("passed_free", 5, 10);
        p.section("Pieces.");
        p.push_tapered("bishop_pair", 30, 50)
            .push_tapered("rook_open_file", 25, 10)
            .push_tapered("rook_semi_open_file", 12, 6);
        p.section("Side to move.");
        p.push_tapered("tempo", 12, 6);
        p
    }
}

impl EvalParams {
    /// The built-in Duggan parameters (`docs/eval.md`, Duggan section). Material comes from the
    /// piece-value method (`crate::duggan::derived_piece_values`; a test checks the numbers);
    /// the Mercenary is the unit, 100 by definition, as the pawn is in chess. The other terms
    /// are starting values for the tuner.
    pub fn duggan() -> EvalParams {
        let mut p = EvalParams::new("duggan");
        p.section("Game phase: weight of each piece other than Mercenaries and the Adept (scalar);\nthe start position is the middlegame end.");
        p.push_scalar("phase_golem", 2)
            .push_scalar("phase_archer", 1)
            .push_scalar("phase_bishop", 1)
            .push_scalar("phase_commander", 1)
            .push_scalar("phase_assassin", 4);
        p.section("Material (derived by the piece-value method of docs/eval.md; Mercenary = 100).");
        for (kind, cp) in [
            ("golem", 296),
            ("mercenary", 100),
            ("archer", 523),
            ("bishop", 330),
            ("commander", 145),
            ("assassin", 1659),
        ] {
            p.push_tapered(&format!("material_{kind}"), cp, cp);
        }
        p.section(
            "Piece-square features: centipawns per unit of centralisation and of advancement.",
        );
        let centre = [(2, 2), (3, 2), (6, 5), (4, 3), (4, 4), (0, 2), (-8, 10)];
        let advance = [(0, 0), (3, 8), (1, 0), (1, 0), (-2, -2), (0, 0), (-10, 2)];
        for (k, kind) in DUGGAN_KIND_NAMES.iter().enumerate() {
            p.push_tapered(&format!("pst_centre_{kind}"), centre[k].0, centre[k].1);
            p.push_tapered(&format!("pst_advance_{kind}"), advance[k].0, advance[k].1);
        }
        p.section("Mobility: per reached square not holding an own piece, counted from a fixed\ncentre per kind (docs/eval.md).");
        for (kind, mg, eg) in [
            ("golem", 4, 4),
            ("archer", 4, 5),
            ("bishop", 5, 5),
            ("commander", 3, 3),
        ] {
            p.push_tapered(&format!("mobility_{kind}"), mg, eg);
        }
        p.section("Adept safety: bonus per square of the enemy Adept's zone a piece reaches (scaled\nby the number of attackers).");
        for (kind, mg, eg) in [
            ("golem", 10, 2),
            ("archer", 7, 2),
            ("bishop", 6, 2),
            ("commander", 8, 4),
        ] {
            p.push_tapered(&format!("adept_attack_{kind}"), mg, eg);
        }
        p.section("Mercenary passers (no enemy Mercenary ahead on its or a neighbouring file): by\nrelative rank, and for an empty square ahead.");
        let passed = [(0, 8), (4, 12), (8, 20), (16, 36), (28, 60), (50, 95)];
        for (r, (mg, eg)) in passed.iter().enumerate() {
            p.push_tapered(&format!("mercenary_passed_rank_{}", r + 2), *mg, *eg);
        }
        p.push_tapered("mercenary_passed_free", 4, 10);
        p.section("Golem and Assassin specifics: enemy pieces a Golem reaches, a Golem beside an\nenemy piece that can take it, loose enemy pieces while the side has an Assassin.");
        p.push_tapered("golem_crush_target", 8, 6)
            .push_tapered("golem_hunted", -30, -20)
            .push_tapered("assassin_loose_target", 12, 16);
        p.section("Side to move.");
        p.push_tapered("tempo", 12, 6);
        p
    }
}

/// ArchMage material by kind (centipawns, Pawn = 100): the piece-value method's figures
/// (`crate::archmage::derived_piece_values`; a test checks them). The King has none.
pub const ARCHMAGE_MATERIAL: [i32; 20] = [
    100, 0, 1090, 590, 409, 2009, 1123, 1129, 1123, 308, 339, 1576, 816, 1019, 683, 1210, 755, 582,
    831, 971,
];

impl EvalParams {
    /// The built-in ArchMage parameters (`docs/eval.md`, ArchMage section). Material comes from
    /// the piece-value method; the other terms are starting values for the tuner.
    pub fn archmage() -> EvalParams {
        let mut p = EvalParams::new("archmage");
        p.section("Game phase: weight of each piece other than Pawns and the King (scalar); the\nstart position is the middlegame end.");
        for (k, kind) in ARCHMAGE_KIND_NAMES.iter().enumerate() {
            if k > 1 {
                let w = (ARCHMAGE_MATERIAL[k] + 250) / 500;
                p.push_scalar(&format!("phase_{kind}"), w.max(1));
            }
        }
        p.section("Material (derived by the piece-value method of docs/eval.md; Pawn = 100).");
        for (k, kind) in ARCHMAGE_KIND_NAMES.iter().enumerate() {
            if k != 1 {
                let cp = ARCHMAGE_MATERIAL[k];
                p.push_tapered(&format!("material_{kind}"), cp, cp);
            }
        }
        p.section(
            "Piece-square features: centipawns per unit of centralisation and of advancement.",
        );
        for (k, kind) in ARCHMAGE_KIND_NAMES.iter().enumerate() {
            let (centre, advance) = match k {
                0 => ((4, 0), (2, 8)),
                1 => ((-10, 12), (-12, 2)),
                2..=4 => ((1, 3), (0, 0)),
                _ => ((4, 3), (1, 0)),
            };
            p.push_tapered(&format!("pst_centre_{kind}"), centre.0, centre.1);
            p.push_tapered(&format!("pst_advance_{kind}"), advance.0, advance.1);
        }
        p.section("Dragons in hand (ARC-60..62): value per Dragon while the side has a summoner, and\nthe percentage of it without one (scalar).");
        p.push_tapered("hand_dragon_king", 650, 700)
            .push_tapered("hand_dragon_horse", 560, 600)
            .push_scalar("hand_idle_percent", 40);
        p.section("Summoner safety: a summoner attacked by an enemy piece; a summoner within\ndistance 3 of its own King (its switches and drops defend it).");
        p.push_tapered("summoner_attacked", -40, -30)
            .push_tapered("summoner_near_king", 12, 0);
        p.section(
            "King safety: per attacked square of the enemy King's zone, scaled by attackers.",
        );
        p.push_tapered("king_attack", 8, 3);
        p.section("Side to move.");
        p.push_tapered("tempo", 12, 6);
        p
    }
}
impl EvalParams {
    /// The built-in Ghost Chess parameters (`docs/eval.md`, Ghost section): the chess terms of
    /// the living pieces under their chess names, then the ghost terms. Ghost material is a
    /// quarter of the piece-value method's figure for the ghost's pattern on the frame
    /// (`crate::ghost::derived_ghost_values`; a test checks the numbers): phasing makes the
    /// method's figure large, but a ghost captures on the board once and is gone, and the piece
    /// it takes comes back as a ghost; the divisor 4 is fitted so that a ghost taking a living
    /// piece of its own kind is about even (`docs/eval.md`). The other ghost terms are starting
    /// values for the tuner.
    pub fn ghost() -> EvalParams {
        let mut p = EvalParams::new("ghost");
        p.section("Living pieces: the chess terms, same names and meaning (docs/eval.md).");
        for param in EvalParams::chess().iter() {
            if param.is_tapered() {
                p.push_tapered(param.name, param.values[0], param.values[1]);
            } else {
                p.push_scalar(param.name, param.values[0]);
            }
        }
        p.section("Ghost material (a quarter of the piece-value method's figure on the frame; pawn = 100).");
        for (kind, cp) in GHOST_MATERIAL {
            p.push_tapered(&format!("ghost_material_{kind}"), cp, cp);
        }
        p.section("Ghost threats: a ghost that could take the enemy king (a king in danger), per\nsquare of the enemy king's neighbourhood a ghost reaches, per enemy living piece\nit reaches (at most 3 per ghost); a pending spawn counts this percentage of its\nghost's material for its owner (scalar).");
        p.push_tapered("ghost_king_danger", 60, 40)
            .push_tapered("ghost_king_zone", 6, 3)
            .push_tapered("ghost_target", 6, 4)
            .push_scalar("ghost_pending_spawn_percent", 100);
        p
    }
}

/// Default ghost material by kind (pawn..queen), centipawns.
pub const GHOST_MATERIAL: [(&str, i32); 5] = [
    ("pawn", 23),
    ("knight", 107),
    ("bishop", 208),
    ("rook", 315),
    ("queen", 501),
];
