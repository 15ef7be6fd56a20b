//! Armies: the bundle table (ELD-041) as data, declarations, their validation (ELD-042),
//! Matched Sides (ELD-044) and a simple army proposal for the engine.
//!
//! A bundle is written `CODE:LETTERS`: the eldritch piece's code and the standard pieces it
//! replaces in `KQRBNP` order, e.g. `*C:Q`, `*C:BB`, `^V:KQB`, `^R:N` (three Gremlins),
//! `^I:NPPP` (three Initiates, ELD-433).

use super::catalogue::{kind_of_code, piece_type, F_TOKEN, KINDS};

/// Standard piece letters in count order.
pub const STD_LETTERS: [char; 6] = ['K', 'Q', 'R', 'B', 'N', 'P'];
/// The FIDE army (ELD-040): K, Q, 2R, 2B, 2N, 8P.
pub const BASE_ARMY: [u8; 6] = [1, 1, 2, 2, 2, 8];
/// ELD-042 (4).
pub const MAX_ARMY: usize = 24;

/// How often a bundle line may be used (ELD-041).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Uses {
    Once,
    Twice,
    /// "each" / "repeatable": limited only by the pieces available.
    Each,
}

/// One line of the bundle table: replaced pattern (`X` = one of B, R, N; `XY` = any two of them;
/// `N+P` = a knight plus k >= 3 pawns giving k pieces) and the number of pieces gained.
struct Line {
    code: &'static str,
    pattern: &'static str,
    gained: u8,
    uses: Uses,
}

const fn line(code: &'static str, pattern: &'static str, gained: u8, uses: Uses) -> Line {
    Line {
        code,
        pattern,
        gained,
        uses,
    }
}

use Uses::{Each, Once, Twice};

/// ELD-041, line by line.
static LINES: &[Line] = &[
    line("*A", "R", 1, Each),
    line("^A", "K", 1, Once),
    line("*B", "R", 1, Each),
    line("^B", "R", 1, Each),
    line("^B", "N", 1, Each),
    line("*C", "Q", 1, Once),
    line("*C", "BB", 1, Once),
    line("^C", "Q", 1, Once),
    line("^C", "RR", 1, Once),
    line("*K", "R", 1, Each),
    line("*K", "NN", 1, Once),
    line("*K", "Q", 1, Once),
    line("*D", "Q", 1, Once),
    line("*D", "BB", 1, Once),
    line("^D", "Q", 1, Once),
    line("^D", "NN", 1, Once),
    line("*W", "NN", 2, Once),
    line("*U", "Q", 1, Once),
    line("*U", "BB", 1, Once),
    line("*U", "BPPPP", 1, Once),
    line("*E", "Q", 1, Once),
    line("*E", "PX", 1, Once),
    line("^E", "R", 1, Each),
    line("^E", "Q", 1, Once),
    line("^E", "N", 1, Each),
    line("*F", "B", 1, Each),
    line("^F", "N", 1, Each),
    line("*X", "R", 1, Each),
    line("*G", "N", 1, Each),
    line("*G", "R", 1, Once),
    line("*G", "B", 1, Once),
    line("^G", "N", 1, Each),
    line("^H", "Q", 1, Once),
    line("^H", "BB", 1, Once),
    line("*T", "R", 1, Each),
    line("^R", "N", 3, Each),
    line("^R", "B", 3, Each),
    line("^R", "R", 5, Each),
    line("^R", "Q", 9, Once),
    line("*H", "QNP", 1, Once),
    line("*I", "Q", 1, Once),
    line("*I", "R", 1, Once),
    line("^I", "P", 1, Twice),
    line("^I", "N+P", 0, Once),
    line("*L", "Q", 1, Once),
    line("*L", "R", 1, Once),
    line("^M", "N", 1, Each),
    line("*M", "N", 1, Each),
    line("*M", "R", 1, Each),
    line("*N", "RB", 1, Once),
    line("*N", "RN", 1, Once),
    line("*N", "Q", 1, Once),
    line("*O", "RR", 2, Once),
    line("*O", "NN", 2, Once),
    line("*O", "PPPP", 2, Once),
    line("*P", "PP", 3, Each),
    line("^P", "K", 1, Once),
    line("^O", "N", 1, Each),
    line("*S", "QX", 1, Once),
    line("^S", "Q", 1, Once),
    line("^S", "XY", 1, Once),
    line("^W", "QR", 1, Once),
    line("^W", "RBNP", 1, Once),
    line("^X", "BN", 1, Once),
    line("^X", "NNBBPP", 2, Once),
    line("*V", "Q", 1, Once),
    line("*V", "BNN", 1, Once),
    line("^V", "KQX", 1, Once),
];

/// One declared substitution: `count` pieces of `kind` for the `replaced` standard pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bundle {
    pub kind: u8,
    /// Counts of K, Q, R, B, N, P replaced.
    pub replaced: [u8; 6],
    pub count: u8,
    /// The table line it was read from.
    line: u8,
}

/// Counts `letters` (KQRBNP) into a multiset; `None` on another character.
fn multiset(letters: &str) -> Option<[u8; 6]> {
    let mut m = [0u8; 6];
    for c in letters.chars() {
        let i = STD_LETTERS.iter().position(|&l| l == c)?;
        m[i] += 1;
    }
    Some(m)
}

/// The replaced letters in `KQRBNP` order (`BPPPP`, `KQB`).
pub fn replaced_letters(replaced: &[u8; 6]) -> String {
    let mut s = String::new();
    for (i, &n) in replaced.iter().enumerate() {
        for _ in 0..n {
            s.push(STD_LETTERS[i]);
        }
    }
    s
}

/// Whether `pattern` (with X / XY wildcards) describes exactly the multiset `m`; for `N+P`, the
/// number of pieces gained.
fn matches(pattern: &str, m: &[u8; 6]) -> Option<u8> {
    if pattern == "N+P" {
        return (m[..5] == [0, 0, 0, 0, 1] && m[5] >= 3).then_some(m[5]);
    }
    let fixed: String = pattern.chars().filter(|c| *c != 'X' && *c != 'Y').collect();
    let wild = pattern.len() - fixed.len();
    let base = multiset(&fixed)?;
    let mut rest = [0u8; 6];
    for i in 0..6 {
        rest[i] = m[i].checked_sub(base[i])?;
    }
    // The wildcards take exactly `wild` pieces from B, R, N.
    let wild_ok = rest[0] == 0
        && rest[1] == 0
        && rest[5] == 0
        && (rest[2] + rest[3] + rest[4]) as usize == wild;
    wild_ok.then_some(0)
}

impl Bundle {
    /// Parses `CODE:LETTERS` (ELD-041). The error says why no bundle matches.
    pub fn parse(text: &str) -> Result<Bundle, String> {
        let (code, letters) = text
            .split_once(':')
            .ok_or_else(|| format!("bundle '{text}' must be CODE:PIECES, e.g. *C:Q"))?;
        let kind =
            kind_of_code(code).ok_or_else(|| format!("unknown piece code '{code}' in '{text}'"))?;
        if kind < 6 {
            return Err(format!("'{code}' is a standard piece, not an eldritch one"));
        }
        if piece_type(kind).has(F_TOKEN) {
            return Err(format!(
                "the {} is created during play and is never declared (ELD-042)",
                piece_type(kind).name
            ));
        }
        let m = multiset(letters).ok_or_else(|| {
            format!("'{letters}' in '{text}' must list standard pieces (K Q R B N P)")
        })?;
        for (i, l) in LINES.iter().enumerate() {
            if l.code != code {
                continue;
            }
            if let Some(k) = matches(l.pattern, &m) {
                let count = if l.pattern == "N+P" { k } else { l.gained };
                return Ok(Bundle {
                    kind,
                    replaced: m,
                    count,
                    line: i as u8,
                });
            }
        }
        let options: Vec<&str> = LINES
            .iter()
            .filter(|l| l.code == code)
            .map(|l| l.pattern)
            .collect();
        Err(format!(
            "no {} bundle replaces {letters} (ELD-041 allows {})",
            piece_type(kind).name,
            options.join(", ")
        ))
    }

    /// `CODE:LETTERS`.
    pub fn text(&self) -> String {
        format!(
            "{}:{}",
            piece_type(self.kind).code,
            replaced_letters(&self.replaced)
        )
    }
}

/// One side's declaration: bundles in declaration order (ELD-042 keeps the order for ELD-060).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Declaration {
    pub bundles: Vec<Bundle>,
}

impl Declaration {
    /// Parses space- or comma-separated bundles; `-` or nothing is the FIDE army.
    pub fn parse(text: &str) -> Result<Declaration, String> {
        let bundles = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty() && *t != "-")
            .map(Bundle::parse)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Declaration { bundles })
    }

    pub fn text(&self) -> String {
        if self.bundles.is_empty() {
            return "-".to_string();
        }
        self.bundles
            .iter()
            .map(Bundle::text)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The standard pieces left (K Q R B N P counts); `None` if the bundles need more.
    pub fn standard_left(&self) -> Option<[u8; 6]> {
        let mut left = BASE_ARMY;
        for b in &self.bundles {
            for (l, r) in left.iter_mut().zip(b.replaced) {
                *l = l.checked_sub(r)?;
            }
        }
        Some(left)
    }

    /// Pieces of each kind in the army (standard ones left plus eldritch ones gained).
    pub fn counts(&self) -> [u8; KINDS] {
        let mut c = [0u8; KINDS];
        if let Some(left) = self.standard_left() {
            c[..6].copy_from_slice(&left);
        }
        for b in &self.bundles {
            c[b.kind as usize] += b.count;
        }
        c
    }

    /// ELD-042: validity against the bundle table. The error names the first rule broken.
    pub fn validate(&self) -> Result<(), String> {
        let Some(_) = self.standard_left() else {
            let mut need = [0u8; 6];
            for b in &self.bundles {
                for (n, r) in need.iter_mut().zip(b.replaced) {
                    *n += r;
                }
            }
            let i = (0..6).find(|&i| need[i] > BASE_ARMY[i]).unwrap_or(0);
            return Err(format!(
                "the bundles replace {} {} but the army has only {} (ELD-042.1)",
                need[i], STD_LETTERS[i], BASE_ARMY[i]
            ));
        };
        let mut uses = vec![0u8; LINES.len()];
        for b in &self.bundles {
            uses[b.line as usize] += 1;
        }
        for (i, l) in LINES.iter().enumerate() {
            let max = match l.uses {
                Uses::Once => 1,
                Uses::Twice => 2,
                Uses::Each => u8::MAX,
            };
            if uses[i] > max {
                return Err(format!(
                    "the {} bundle {}:{} may be used {} (ELD-041)",
                    piece_type(kind_of_code(l.code).unwrap_or(0)).name,
                    l.code,
                    l.pattern,
                    if max == 1 { "once" } else { "at most twice" }
                ));
            }
        }
        let initiate_single = self
            .bundles
            .iter()
            .any(|b| LINES[b.line as usize].code == "^I" && LINES[b.line as usize].pattern == "P");
        let initiate_knight = self
            .bundles
            .iter()
            .any(|b| LINES[b.line as usize].pattern == "N+P");
        if initiate_single && initiate_knight {
            return Err(
                "the two Initiate bundle forms (P and N+k P) cannot be combined (ELD-433)".into(),
            );
        }
        let counts = self.counts();
        for (kind, &n) in counts.iter().enumerate().skip(6) {
            let limit = piece_type(kind as u8).limit;
            if limit > 0 && n > limit {
                return Err(format!(
                    "at most {limit} {} allowed, the army has {n} (ELD-041)",
                    piece_type(kind as u8).name
                ));
            }
        }
        let size: usize = counts.iter().map(|&n| n as usize).sum();
        if size > MAX_ARMY {
            return Err(format!(
                "the army has {size} pieces, more than {MAX_ARMY} (ELD-042.4)"
            ));
        }
        Ok(())
    }

    /// The eldritch types of the army as a bit set by kind (ELD-043 army types).
    pub fn types(&self) -> u64 {
        self.bundles.iter().fold(0, |m, b| m | 1u64 << b.kind)
    }
}

/// ELD-044: Matched Sides. `selections` are the bundles in selection order (Black first); both
/// sides get the same declaration, which must stay valid after every selection.
pub fn matched_sides(selections: &[Bundle]) -> Result<Declaration, String> {
    if ![2, 4, 6, 8].contains(&selections.len()) {
        return Err(format!(
            "Matched Sides needs 2, 4, 6 or 8 selections, got {} (ELD-044)",
            selections.len()
        ));
    }
    let mut d = Declaration::default();
    for (i, b) in selections.iter().enumerate() {
        d.bundles.push(*b);
        d.validate().map_err(|e| {
            format!(
                "selection {} ({}, by {}) is invalid: {e}",
                i + 1,
                b.text(),
                if i % 2 == 0 { "black" } else { "white" }
            )
        })?;
    }
    Ok(d)
}

/// Every bundle of the table (every type plays), with its wildcards resolved (`*E:PB`, `*E:PR`, `*E:PN`, ...) and the Initiate knight form at k = 3.
pub fn playable_bundles() -> Vec<Bundle> {
    let mut out = Vec::new();
    for l in LINES {
        if kind_of_code(l.code).is_none() {
            continue;
        }
        let fixed: String = l
            .pattern
            .chars()
            .filter(|c| c.is_ascii_uppercase() && *c != 'X' && *c != 'Y')
            .collect();
        let variants: Vec<String> = if l.pattern == "N+P" {
            vec!["NPPP".to_string()]
        } else if l.pattern.contains('Y') {
            ["BB", "BR", "BN", "RR", "RN", "NN"]
                .iter()
                .map(|x| format!("{fixed}{x}"))
                .collect()
        } else if l.pattern.contains('X') {
            ["B", "R", "N"]
                .iter()
                .map(|x| format!("{fixed}{x}"))
                .collect()
        } else {
            vec![l.pattern.to_string()]
        };
        for v in variants {
            if let Ok(b) = Bundle::parse(&format!("{}:{v}", l.code)) {
                if !out.contains(&b) {
                    out.push(b);
                }
            }
        }
    }
    out
}

/// A random valid declaration of playable types of up to `max_bundles` bundles, from a seed (tests,
/// self-play). Bundles that would break validity are skipped.
pub fn random_declaration(seed: u64, max_bundles: usize) -> Declaration {
    let all = playable_bundles();
    let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut d = Declaration::default();
    let wanted = (next() % (max_bundles as u64 + 1)) as usize;
    for _ in 0..wanted * 4 {
        if d.bundles.len() >= wanted {
            break;
        }
        let b = all[(next() % all.len() as u64) as usize];
        d.bundles.push(b);
        if d.validate().is_err() {
            d.bundles.pop();
        }
    }
    d
}

/// The engine's army proposal (a simple heuristic, `docs/rules/eldritch.md`): among the playable
/// bundles, take the one whose pieces' value most exceeds the value of what they replace, and
/// repeat while that gain is positive, up to `max_bundles`. `value` gives centipawns by kind.
pub fn propose(max_bundles: usize, value: impl Fn(u8) -> i32) -> Declaration {
    let all = playable_bundles();
    let gain = |b: &Bundle| {
        let replaced: i32 = (0..6).map(|i| b.replaced[i] as i32 * value(i as u8)).sum();
        b.count as i32 * value(b.kind) - replaced
    };
    let mut d = Declaration::default();
    while d.bundles.len() < max_bundles {
        let best = all
            .iter()
            .filter(|b| {
                let mut t = d.clone();
                t.bundles.push(**b);
                t.validate().is_ok()
            })
            .max_by_key(|b| gain(b));
        match best {
            Some(b) if gain(b) > 0 => d.bundles.push(*b),
            _ => break,
        }
    }
    d
}
