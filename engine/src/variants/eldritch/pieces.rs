//! The catalogue as people meet it (`crate::catalogue`): each row of [`CATALOGUE`] with its
//! movement atoms written in Betza and its other rules in one sentence, both derived from the
//! row itself, so the table stays the one place that lists Eldritch's types.

use super::catalogue::*;
use crate::catalogue::PieceType as Listed;
use std::sync::OnceLock;

/// Every Eldritch type, in kind order (built once, from [`CATALOGUE`]).
pub fn piece_types() -> &'static [Listed] {
    static LIST: OnceLock<Vec<Listed>> = OnceLock::new();
    LIST.get_or_init(|| {
        CATALOGUE
            .iter()
            .enumerate()
            .map(|(kind, t)| Listed {
                name: t.name,
                code: t.code,
                betza: leak(betza(t.atoms)),
                special: leak(special(t)),
                value: if t.is(LIEGE) { 0 } else { ORDER_VALUES[kind] },
                royal: t.is(LIEGE),
                off_board: false,
            })
            .collect()
    })
}

/// The derived texts live as long as the process (built once, 92 short strings).
fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Betza for a row's atoms; the patterns Betza cannot write are left to [`special`].
pub fn betza(atoms: &[MovePattern]) -> String {
    let mut parts: Vec<String> = Vec::new();
    for atom in atoms {
        let mut out = String::new();
        match *atom {
            MovePattern::Leap(leap) => parts.extend(leaps(leap.offsets, leap.mode, leap.lame)),
            MovePattern::Slide(Slide {
                dirs, max, mode, ..
            }) => {
                out += mode_prefix(mode);
                let orth: Vec<Offset> = dirs
                    .iter()
                    .copied()
                    .filter(|d| d.0 == 0 || d.1 == 0)
                    .collect();
                let diag: Vec<Offset> = dirs
                    .iter()
                    .copied()
                    .filter(|d| d.0 != 0 && d.1 != 0)
                    .collect();
                let range = if max < 9 {
                    max.to_string()
                } else {
                    String::new()
                };
                if orth.len() == 4 && diag.len() == 4 {
                    out += &format!("Q{range}");
                } else {
                    if !orth.is_empty() {
                        out += &format!("{}R{range}", directions((1, 0), &orth));
                    }
                    if !diag.is_empty() {
                        out += &format!("{}B{range}", directions((1, 1), &diag));
                    }
                }
            }
            MovePattern::Pawn {
                double,
                push,
                captures,
            } => {
                if push {
                    out += "fmW";
                }
                if double {
                    out += "ifmnD";
                }
                if captures {
                    out += "fcF";
                }
            }
            MovePattern::OneShot(inner) => out += &betza(inner),
            MovePattern::Fiend | MovePattern::Dragon | MovePattern::VampireSteps => {}
        }
        parts.push(out);
    }
    // A wazir and a ferz of the same mode are a king.
    for mode in ["", "m", "c"] {
        let (w, f) = (format!("{mode}W"), format!("{mode}F"));
        if let (Some(i), Some(j)) = (
            parts.iter().position(|p| *p == w),
            parts.iter().position(|p| *p == f),
        ) {
            parts[i.min(j)] = format!("{mode}K");
            parts.remove(i.max(j));
        }
    }
    parts.concat()
}

/// One Betza atom per leap among `offsets` (`nD`: a lame leap, blocked on the way).
fn leaps(offsets: &[Offset], mode: Mode, lame: bool) -> Vec<String> {
    leap_groups(offsets)
        .into_iter()
        .map(|(letter, group)| {
            let lame = if lame && letter_len(letter) > 1 {
                "n"
            } else {
                ""
            };
            let dirs = directions(letter, &group);
            format!("{}{lame}{dirs}{}", mode_prefix(mode), letter_name(letter))
        })
        .collect()
}

fn mode_prefix(mode: Mode) -> &'static str {
    match mode {
        Mode::Both => "",
        Mode::Move => "m",
        Mode::Capture => "c",
    }
}

/// Offsets grouped by their leap (the larger and smaller coordinate), in first-seen order.
fn leap_groups(offsets: &[Offset]) -> Vec<(Offset, Vec<Offset>)> {
    let mut groups: Vec<(Offset, Vec<Offset>)> = Vec::new();
    for &(x, y) in offsets {
        let (a, b) = (x.abs().max(y.abs()), x.abs().min(y.abs()));
        match groups.iter_mut().find(|g| g.0 == (a, b)) {
            Some(g) => g.1.push((x, y)),
            None => groups.push(((a, b), vec![(x, y)])),
        }
    }
    groups
}

fn letter_len((a, _): Offset) -> i8 {
    a
}

/// Betza's letter of a leap, or `(a,b)` for leaps without one.
fn letter_name(leap: Offset) -> String {
    match leap {
        (1, 0) => "W".into(),
        (1, 1) => "F".into(),
        (2, 0) => "D".into(),
        (2, 1) => "N".into(),
        (2, 2) => "A".into(),
        (3, 0) => "H".into(),
        (3, 1) => "C".into(),
        (3, 2) => "Z".into(),
        (3, 3) => "G".into(),
        (a, b) => format!("({a},{b})"),
    }
}

/// Every offset of one leap (all eight orientations, fewer where they coincide).
fn orientations((a, b): Offset) -> Vec<Offset> {
    let mut all = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let o = (x * sx, y * sy);
            if !all.contains(&o) {
                all.push(o);
            }
        }
    }
    all
}

/// Which orientations a direction modifier selects.
type OffsetTest = fn(Offset) -> bool;

/// Betza's direction modifiers naming `group` among the orientations of `leap`: none for all
/// of them, else the shortest of `f`, `b`, `s`, `v`, `l`, `r` and their pairs that selects
/// exactly the group; the offsets themselves where none does.
fn directions(leap: Offset, group: &[Offset]) -> String {
    let all = orientations(leap);
    let same = |set: &[Offset]| set.len() == group.len() && set.iter().all(|o| group.contains(o));
    if same(&all) {
        return String::new();
    }
    let tags: [(&str, OffsetTest); 6] = [
        ("f", |o| o.1 > 0),
        ("b", |o| o.1 < 0),
        ("s", |o| o.1 == 0),
        ("v", |o| o.0 == 0),
        ("l", |o| o.0 < 0),
        ("r", |o| o.0 > 0),
    ];
    for (name, pick) in tags {
        let set: Vec<Offset> = all.iter().copied().filter(|&o| pick(o)).collect();
        if same(&set) {
            return name.to_string();
        }
    }
    for (n1, p1) in tags {
        for (n2, p2) in tags {
            let set: Vec<Offset> = all.iter().copied().filter(|&o| p1(o) || p2(o)).collect();
            if same(&set) {
                return format!("{n1}{n2}");
            }
            let both: Vec<Offset> = all.iter().copied().filter(|&o| p1(o) && p2(o)).collect();
            if n1 < n2 && same(&both) {
                return format!("{n1}{n2}");
            }
        }
    }
    group.iter().map(|o| format!("[{},{}]", o.0, o.1)).collect()
}

/// What the atoms' Betza leaves out: the special patterns, invokes and reactions, the flags
/// and the promotion, as one sentence.
pub fn special(t: &PieceType) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for atom in t.atoms {
        match atom {
            MovePattern::Fiend => parts.push("moves along bent king-step paths (ELD-340..343)"),
            MovePattern::Dragon => {
                parts.push("jumps two squares and captures on an adjacent square (ELD-290..292)")
            }
            MovePattern::VampireSteps => parts.push(
                "gains the single steps it captures along, and queen slides once it holds all 8 (ELD-570)",
            ),
            MovePattern::OneShot(_) => {
                parts.push("its moves are one-shot: it is removed after making one (ELD-231)")
            }
            MovePattern::Pawn { double: true, .. } => parts.push("double step only while unmoved"),
            _ => {}
        }
    }
    let flags: [(u32, &str); 13] = [
        (F_UNCAPTURABLE, "never captured"),
        (
            F_ABJURER,
            "captured only by royal pieces, and nothing jumps over it",
        ),
        (F_SPELL_IMMUNE, "immune to spells"),
        (F_PASSABLE_OWN, "its own pieces pass through it"),
        (F_PASSABLE_ENEMY, "enemy pieces pass through it"),
        (F_DOPPELGANGER, "bears check as a liege does"),
        (F_FREEZES, "freezes adjacent enemies"),
        (F_SHADOW, "shields its liege from check and capture"),
        (F_BLAST, "its captures blast the target's neighbours"),
        (F_CAPTURES_OWN, "may capture its own pieces"),
        (F_SPARES_LIEGE, "cannot capture a liege"),
        (F_TURNS, "turns back at its far rank"),
        (F_TOKEN, "created during play, never declared"),
    ];
    parts.extend(flags.iter().filter(|(f, _)| t.has(*f)).map(|(_, s)| *s));
    if t.has(F_CASTLER) {
        parts.push("castles");
    }
    if t.is(LIEGE) {
        parts.push("a liege: losing every liege loses the game");
    }
    match t.stage {
        Stage::Invokes => parts.push("has an invoke, an action in place of a move"),
        Stage::Reactions => parts.push("has a reaction or a turn of several actions"),
        Stage::Frame => parts.push("uses the frame squares beside the board"),
        Stage::One => {}
    }
    match t.promotion {
        Promotion::PawnMoves => parts.push("promotes on the last rank"),
        Promotion::AnyMove => parts.push("promotes on the last rank by any move"),
        Promotion::Priests => parts.push("may promote to a priest"),
        Promotion::Never => {}
    }
    if parts.is_empty() {
        return String::new();
    }
    let mut s = parts.join("; ");
    s[..1].make_ascii_uppercase();
    s + " (docs/rules/eldritch.md)."
}
