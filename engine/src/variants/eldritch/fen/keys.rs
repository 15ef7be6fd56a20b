//! The key=value fields after the six of an EFEN (notation §2.6), both ways: each key's
//! syntax read into [`Keys`] (the first stage), and each written back.

use super::super::army::{replaced_letters, Bundle};
use super::super::catalogue::*;
use super::super::geometry::board_mask;
use super::super::highlander::PendingStage;
use super::super::placement::{Placing, Unplaced};
use super::super::state::{Eldritch, Reaction, StartSquares, TAG_ROYAL};
use super::piece_token::{parse_piece, state_text_of};
use crate::bitboard::Bitboard;
use crate::errors::FenError;
use crate::fen_fields::count_prefix;
use crate::piece::Color;
use crate::square::{Geometry, Square};

const G: Geometry = Geometry::Framed8;

/// The `hl=` value (notation §2.6): one entry per pending Highlander, White first, stages in
/// the order `{br}`, `{n}`, `{p}`, `!` after a royal one's braces.
pub(super) fn returns_text(pos: &Eldritch) -> String {
    let mut items = Vec::new();
    for c in Color::BOTH {
        for (stage, royal, n) in pos.pending_returns(c) {
            let state = ["", "br", "n", "p"][stage];
            let code = colored_code(HIGHLANDER, c == Color::White);
            for _ in 0..n {
                items.push(format!("{code}{{{state}}}{}", if royal { "!" } else { "" }));
            }
        }
    }
    items.join(",")
}

pub(super) fn parse_returns(value: &str) -> Result<[[u8; 8]; 2], FenError> {
    let mut hl = [[0u8; 8]; 2];
    for item in value.split(',') {
        let bad = || {
            FenError::field(
                "hl",
                format!("'{item}' is not a pending Highlander (*H{{br}}, *h{{n}}, *H{{p}}!)"),
            )
        };
        let (body, royal) = match item.strip_suffix('!') {
            Some(b) => (b, PendingStage::ROYAL),
            None => (item, 0),
        };
        let c = match body.get(..2) {
            Some("*H") => Color::White,
            Some("*h") => Color::Black,
            _ => return Err(bad()),
        };
        let stage = match &body[2..] {
            "{br}" => PendingStage::BR,
            "{n}" => PendingStage::N,
            "{p}" => PendingStage::P,
            _ => return Err(bad()),
        };
        let n = &mut hl[c.index()][stage + royal];
        *n = n.saturating_add(1);
    }
    Ok(hl)
}

/// A key's comma-separated list of existing squares (`block=`, `mret=`, `bolt=`).
pub(super) fn parse_squares(
    field: &'static str,
    value: &str,
    exists: Bitboard,
) -> Result<Bitboard, FenError> {
    let mut out = Bitboard::EMPTY;
    for name in value.split(',') {
        let s = G
            .parse(name)
            .filter(|s| exists.contains(*s))
            .ok_or_else(|| FenError::field(field, format!("bad square '{name}'")))?;
        out.set(s);
    }
    Ok(out)
}

/// A `react=` entry (notation §2.6): `*C`, `*M{c7}` (`!` after a royal Mystic's braces), in
/// the owner's case.
pub(super) fn reaction_text(pos: &Eldritch, r: &Reaction) -> String {
    let white = r.owner() == Color::White;
    match r {
        Reaction::Celestial { .. } => colored_code(CELESTIAL, white),
        Reaction::Mystic { start, royal, .. } => format!(
            "{}{{{}}}{}",
            colored_code(MYSTIC, white),
            G.name(*start),
            if *royal { "!" } else { "" }
        ),
        // `>d4:<ptok>`: the piece to release around d4, in its own colour's case.
        Reaction::Release {
            at,
            piece,
            tag,
            trophies,
        } => {
            let mut t = colored_code(piece.kind(), piece.color() == Color::White);
            let state = if piece.kind() == NECROMANCER {
                trophies
                    .iter()
                    .map(|&k| piece_type(k).code)
                    .collect::<Vec<_>>()
                    .join(",")
            } else {
                state_text_of(pos, *at, *piece, *tag)
            };
            if !state.is_empty() {
                t.push_str(&format!("{{{state}}}"));
            }
            if tag & TAG_ROYAL != 0 {
                t.push('!');
            }
            format!(">{}:{t}", G.name(*at))
        }
    }
}

pub(super) fn parse_reaction(text: &str) -> Result<Reaction, FenError> {
    let bad = |m: String| FenError::field("react", m);
    let owner = |code: &str| match code.chars().nth(1) {
        Some(c) if c.is_ascii_uppercase() => Color::White,
        _ => Color::Black,
    };
    match text.get(..2) {
        Some("*C" | "*c") if text.len() == 2 => Ok(Reaction::Celestial { owner: owner(text) }),
        Some(code @ ("*M" | "*m")) => {
            let rest = &text[2..];
            let (inner, royal) = match rest.strip_suffix('!') {
                Some(r) => (r, true),
                None => (rest, false),
            };
            let start = inner
                .strip_prefix('{')
                .and_then(|r| r.strip_suffix('}'))
                .and_then(|name| G.parse(name))
                .filter(|s| board_mask().contains(*s))
                .ok_or_else(|| bad(format!("'{text}': a Mystic entry is *M{{start square}}")))?;
            Ok(Reaction::Mystic {
                owner: owner(code),
                start,
                royal,
            })
        }
        _ if text.starts_with('>') => {
            let (sq, unit) = text[1..]
                .split_once(':')
                .ok_or_else(|| bad(format!("'{text}': a release is >d4:<piece>")))?;
            let at = G
                .parse(sq)
                .ok_or_else(|| bad(format!("'{text}': bad square '{sq}'")))?;
            let (piece, tag, trophies, used) = parse_piece(unit, 0)?;
            if used != unit.len() {
                return Err(bad(format!("'{text}': one piece after ':'")));
            }
            Ok(Reaction::Release {
                at,
                piece,
                tag,
                trophies,
            })
        }
        _ => Err(bad(format!(
            "'{text}' is not a pending reaction (*C, *M{{c7}}, >d4:n)"
        ))),
    }
}

/// The `grave=` value (notation §2.6): `[count]code` from `P ^I p ^i`, empty when all are 0.
pub(super) fn graveyards_text(grave: &[[u8; 2]; 2]) -> String {
    let mut items = Vec::new();
    for (c, codes) in [["P", "^I"], ["p", "^i"]].iter().enumerate() {
        for (i, code) in codes.iter().enumerate() {
            match grave[c][i] {
                0 => {}
                1 => items.push(code.to_string()),
                n => items.push(format!("{n}{code}")),
            }
        }
    }
    items.join(",")
}

/// Reads `grave=` (ELD-562); every error is a [`FenError::Field`] of `grave`.
pub(super) fn parse_graveyards(value: &str) -> Result<[[u8; 2]; 2], FenError> {
    let field = |m: String| FenError::field("grave", m);
    let mut grave = [[0u8; 2]; 2];
    for item in value.split(',') {
        let (count, code) = count_prefix(item)
            .map(|(n, code)| (n.unwrap_or(1), code))
            // A Conjurer's created Pawns die too, so a count can pass 16; the engine keeps
            // up to 255 (a saturating u8).
            .filter(|&(n, _)| (1..=255).contains(&n))
            .ok_or_else(|| field(format!("bad count in '{item}' (1..255)")))?;
        let (c, i) = match code {
            "P" => (0, 0),
            "^I" => (0, 1),
            "p" => (1, 0),
            "^i" => (1, 1),
            other => return Err(field(format!("'{other}' is not P, ^I, p or ^i"))),
        };
        if grave[c][i] != 0 {
            return Err(field(format!("'{code}' given twice")));
        }
        grave[c][i] = count;
    }
    Ok(grave)
}

pub(in crate::variants::eldritch) fn unplaced_text(u: &Unplaced, c: Color) -> String {
    let mut s = String::new();
    if u.count > 1 {
        s.push_str(&u.count.to_string());
    }
    s.push_str(&colored_code(u.kind, c == Color::White));
    if u.kind >= 6 {
        s.push(':');
        s.push_str(&replaced_letters(&u.replaced));
    }
    s
}

pub(super) fn types_text(types: u64) -> String {
    let codes: Vec<&str> = (6..KINDS as u8)
        .filter(|k| types & (1u64 << k) != 0)
        .map(|k| piece_type(k).code)
        .collect();
    if codes.is_empty() {
        "-".to_string()
    } else {
        codes.concat()
    }
}

/// The default army types (notation §2.6): eldritch types on the board, unplaced or pending a
/// Mystic's return.
pub(super) fn default_army(pos: &Eldritch, c: Color) -> u64 {
    let mut t = 0u64;
    for s in pos.board.color(c) {
        t |= 1u64 << pos.piece_at(s).kind();
    }
    // Stacked units count (notation §2.6: riders, suborned pieces).
    for s in pos.board.occupied() {
        for u in pos.extra.stacked_on(s).filter(|u| u.color() == c) {
            t |= 1u64 << u.kind();
        }
    }
    if let Some(p) = pos.placing() {
        for u in p.side(c) {
            t |= 1u64 << u.kind;
        }
    }
    if pos.returns_pending(c) {
        t |= 1u64 << HIGHLANDER;
    }
    // A Mystic whose return is pending is still in play (ELD-462).
    for r in pos.reactions() {
        if matches!(r, Reaction::Mystic { owner, .. } if *owner == c) {
            t |= 1u64 << MYSTIC;
        }
    }
    t & !0x3F & !(1u64 << BEAST) & !(1u64 << RIDDLE)
}

/// `start=` (ELD-043): `code square` items, the code's case giving the side.
pub(super) fn parse_start(value: &str) -> Result<StartSquares, FenError> {
    let field = |m: String| FenError::field("start", m);
    let mut out: StartSquares = Default::default();
    for item in value.split(',') {
        let split = item.len().saturating_sub(2);
        let (code, square) = (&item[..split], &item[split..]);
        let kind = kind_of_code(&code.to_ascii_uppercase())
            .ok_or_else(|| field(format!("'{item}' does not start with a piece code")))?;
        let s = G
            .parse(square)
            .filter(|s| board_mask().contains(*s))
            .ok_or_else(|| field(format!("'{item}' does not end with a square")))?;
        let white = code.chars().last().is_some_and(|c| c.is_ascii_uppercase());
        if out.iter().flatten().any(|&(_, t)| t == s) {
            return Err(field(format!("{square} is given twice")));
        }
        out[(!white) as usize].push((kind, s));
    }
    for list in out.iter_mut() {
        list.sort_by_key(|&(_, s)| s.index());
    }
    Ok(out)
}

/// One item of the `unplaced=` list. An unknown code is [`FenError::UnknownPiece`]; the rest is
/// a [`FenError::Field`] of `unplaced`.
pub(super) fn parse_unplaced(text: &str) -> Result<(Color, Unplaced), FenError> {
    let field = |m: String| FenError::field("unplaced", m);
    let (count, rest) =
        count_prefix(text).ok_or_else(|| field(format!("bad count in '{text}'")))?;
    let count = count.unwrap_or(1);
    if count == 0 {
        return Err(field(format!("zero count in '{text}'")));
    }
    let (code, bundle) = match rest.split_once(':') {
        Some((c, b)) => (c, Some(b)),
        None => (rest, None),
    };
    let white = code.chars().last().is_some_and(|c| c.is_ascii_uppercase());
    let upper = code.to_ascii_uppercase();
    let kind = kind_of_code(&upper).ok_or_else(|| FenError::UnknownPiece(code.to_string()))?;
    let color = if white { Color::White } else { Color::Black };
    let replaced = match (kind < 6, bundle) {
        (true, None) => [0; 6],
        (true, Some(_)) => return Err(field(format!("standard piece '{code}' takes no bundle"))),
        (false, None) => {
            return Err(field(format!(
                "eldritch piece '{code}' needs its bundle, e.g. {upper}:Q"
            )))
        }
        (false, Some(b)) => {
            Bundle::parse(&format!("{upper}:{b}"))
                .map_err(field)?
                .replaced
        }
    };
    Ok((
        color,
        Unplaced {
            kind,
            replaced,
            count,
        },
    ))
}

/// One side's list of the `army=` key; every error is a [`FenError::Field`] of `army`.
pub(super) fn parse_types(text: &str) -> Result<u64, FenError> {
    let field = |m: String| FenError::field("army", m);
    if text == "-" {
        return Ok(0);
    }
    let mut t = 0u64;
    let mut rest = text;
    while !rest.is_empty() {
        let n = if rest.starts_with(['*', '^']) { 2 } else { 1 };
        let code = rest
            .get(..n)
            .ok_or_else(|| field("truncated army code".to_string()))?;
        let kind =
            kind_of_code(code).ok_or_else(|| field(format!("unknown army code '{code}'")))?;
        if kind < 6 || piece_type(kind).has(F_TOKEN) {
            return Err(field(format!("'{code}' cannot be an army type")));
        }
        t |= 1u64 << kind;
        rest = &rest[n..];
    }
    Ok(t)
}

/// The key=value fields as read, before they are checked against each other and the board
/// (`super::legality`). A key not given keeps its default.
#[derive(Default)]
pub(super) struct Keys {
    /// `unplaced=`: the placement phase (ELD-051).
    pub placing: Option<Box<Placing>>,
    /// `army=`: each side's army types, White then Black (default: what stands in play).
    pub army: Option<[u64; 2]>,
    /// `grave=` (ELD-562).
    pub grave: [[u8; 2]; 2],
    /// `block=` (ELD-221).
    pub blocks: Bitboard,
    /// `start=` (ELD-043).
    pub start: Option<StartSquares>,
    /// `bolt=` (ELD-606).
    pub bolt: Option<Square>,
    /// `turn=`: the mover while reactions are pending (ELD-605 c).
    pub turn: Option<Color>,
    /// `react=`: the pending reactions, in order.
    pub react: Vec<Reaction>,
    /// `mret=`: Mystics whose return is pending.
    pub mret: Bitboard,
    /// `hl=`: the pending Highlander returns.
    pub hl: [[u8; 8]; 2],
    /// `phase=`: after a Highlander return, `return` or `action` (ELD-603).
    pub phase: Option<String>,
    /// `ban=`: tokens banned as a re-taken turn's first action (ELD-273).
    pub ban: Vec<String>,
}

/// Reads the key=value fields `fields`; squares must be among `exists` (the board and its
/// strips). Each error names its key (`keys` for the list itself).
pub(super) fn read(fields: &[&str], exists: Bitboard) -> Result<Keys, FenError> {
    let mut keys = Keys::default();
    let mut seen = Vec::new();
    for kv in fields {
        let (key, value) = kv.split_once('=').ok_or_else(|| {
            FenError::field("keys", format!("extra field '{kv}' is not key=value"))
        })?;
        if seen.contains(&key) {
            return Err(FenError::field("keys", format!("key '{key}' given twice")));
        }
        seen.push(key);
        match key {
            "unplaced" => {
                let mut placing = Placing::default();
                for item in value.split(',') {
                    let (c, u) = parse_unplaced(item)?;
                    let list = &mut placing.sides[c.index()];
                    if list
                        .iter()
                        .any(|x| x.kind == u.kind && x.replaced == u.replaced)
                    {
                        return Err(FenError::field(
                            "unplaced",
                            format!("unplaced entry '{item}' repeated"),
                        ));
                    }
                    list.push(u);
                }
                keys.placing = Some(Box::new(placing));
            }
            "army" => {
                let (w, b) = value
                    .split_once('/')
                    .ok_or_else(|| FenError::field("army", "army= needs White/Black type lists"))?;
                keys.army = Some([parse_types(w)?, parse_types(b)?]);
            }
            "grave" => keys.grave = parse_graveyards(value)?,
            "block" => keys.blocks = parse_squares("block", value, exists)?,
            "start" => keys.start = Some(parse_start(value)?),
            "bolt" => {
                let one = parse_squares("bolt", value, exists)?;
                if one.count() != 1 {
                    return Err(FenError::field("bolt", "bolt= names one square"));
                }
                keys.bolt = Some(one.lsb());
            }
            "turn" => {
                keys.turn = Some(match value {
                    "w" => Color::White,
                    "b" => Color::Black,
                    _ => return Err(FenError::field("turn", "turn= is w or b")),
                })
            }
            "react" => {
                for item in value.split(',') {
                    keys.react.push(parse_reaction(item)?);
                }
            }
            "mret" => keys.mret = parse_squares("mret", value, exists)?,
            "hl" => keys.hl = parse_returns(value)?,
            "phase" => keys.phase = Some(value.to_string()),
            "ban" => {
                for token in value.split(',') {
                    if token.is_empty() {
                        return Err(FenError::field("ban", "an empty banned token"));
                    }
                    keys.ban.push(token.to_string());
                }
            }
            _ => return Err(FenError::field("keys", format!("unknown key '{key}'"))),
        }
    }
    Ok(keys)
}
