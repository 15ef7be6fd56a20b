//! Hobgoblin FEN (notation §2.7): parsing with every validity rule, canonical printing, and
//! the text board of the `d` command. The rules that need attacks use `rides.rs`: at the start
//! of a turn (no `+`, no pending decision, no `result=`) a royal node of the side not to move
//! that is attacked (HOB-130, HOB-142) and an attacked danger node of the side to move's
//! castling in progress (HOB-64, HOB-141) are refused.

use super::options::HobOptions;
use super::plans::{self, CodeWriter};
use super::play::PROMOTION_KINDS;
use super::position::{
    exists, is_hallway, Chance, EpRecord, HobResult, Hobgoblin, Phase, Wing, KINDS, KIND_LETTERS,
    MAX_PAIRS, MAX_SITES, PAWN, ROOK,
};
use crate::bitboard::Bitboard;
use crate::board8;
use crate::errors::{FenError, Illegality};
use crate::fen_fields;
use crate::piece::Color;
use crate::square::Square;
use std::collections::BTreeMap;

/// The start position (HOB-11).
pub const START_FEN: &str = "rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w KQkq - 0 1 L";

/// The largest count of equal units on one node (design §1).
const MAX_COUNT: u32 = 255;
/// FEN limits ([`Hobgoblin::within_fen_limits`]): units on one node. A queen, rook, bishop,
/// knight and eight pawns on one node already have 3.9 million whole turns (perft 1: 42 s,
/// 310 MB).
pub const MAX_CROWD: u32 = 12;
/// FEN limits: units of one side, twice an army.
pub const MAX_SIDE_UNITS: u32 = 32;
/// Where the FEN limits are stated, named by the refusals.
const FEN_LIMITS: &str = "docs/notation.md, FEN limits";

/// One member of a group as written: `[count]letter[~sq]`.
struct RawUnit {
    color: Color,
    kind: u8,
    count: u32,
    partner: Option<Square>,
}

/// One parsed row: cells at frame columns 1..=9, and the link file of `=f`.
struct RawRow {
    cells: Vec<(u8, Vec<RawUnit>)>,
    link: Option<u8>,
}

fn kind_of(letter: char) -> Option<(Color, u8)> {
    let kind = KIND_LETTERS
        .iter()
        .position(|&l| l == letter.to_ascii_uppercase())? as u8;
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some((color, kind))
}

pub(super) fn letter(color: Color, kind: u8) -> char {
    let l = KIND_LETTERS[kind as usize];
    if color == Color::White {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

pub(super) fn name(sq: Square) -> String {
    Hobgoblin::GEOMETRY.name(sq)
}

fn parse_square(text: &str) -> Option<Square> {
    Hobgoblin::GEOMETRY.parse(text).filter(|&sq| exists(sq))
}

fn parse_member(text: &str, rank: u8) -> Result<RawUnit, FenError> {
    let bad = || FenError::Board(format!("bad group member '{text}' on rank {rank}"));
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let count = if digits == 0 {
        1
    } else {
        if text.starts_with('0') {
            return Err(bad());
        }
        text[..digits].parse::<u32>().unwrap_or(u32::MAX)
    };
    let rest = &text[digits..];
    let mut chars = rest.chars();
    let l = chars.next().ok_or_else(bad)?;
    let (color, kind) = kind_of(l).ok_or_else(|| FenError::UnknownPiece(l.to_string()))?;
    let tail = chars.as_str();
    let partner =
        if tail.is_empty() {
            None
        } else {
            let sq = tail.strip_prefix('~').ok_or_else(bad)?;
            Some(parse_square(sq).ok_or_else(|| {
                FenError::Board(format!("bad partner square '{sq}' on rank {rank}"))
            })?)
        };
    if partner.is_some() && kind == PAWN {
        return Err(FenError::Board(format!(
            "a pawn never extends (HOB-28): '{text}' on rank {rank}"
        )));
    }
    Ok(RawUnit {
        color,
        kind,
        count,
        partner,
    })
}

fn parse_row(text: &str, rank: u8) -> Result<RawRow, FenError> {
    let (body, link) = match text.split_once('=') {
        None => (text, None),
        Some((body, f)) => match f.as_bytes() {
            [c @ b'a'..=b'h'] => (body, Some(c - b'a' + 1)),
            _ => {
                return Err(FenError::Board(format!(
                    "bad link '={f}' on rank {rank}: a board file a..h"
                )))
            }
        },
    };
    let mut cells = Vec::new();
    let mut col: u32 = 1;
    let mut after_run = false;
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let run = &body[start..i];
            if run.starts_with('0') || after_run {
                return Err(FenError::Board(format!(
                    "bad empty-square run '{run}' on rank {rank}"
                )));
            }
            col += run.parse::<u32>().unwrap_or(100);
            after_run = true;
            continue;
        }
        after_run = false;
        let units = if c == b'(' {
            let close = body[i..]
                .find(')')
                .ok_or_else(|| FenError::Board(format!("unclosed group on rank {rank}")))?
                + i;
            let inner = &body[i + 1..close];
            i = close + 1;
            if inner.is_empty() {
                return Err(FenError::Board(format!("empty group on rank {rank}")));
            }
            inner
                .split(',')
                .map(|m| parse_member(m, rank))
                .collect::<Result<Vec<_>, _>>()?
        } else {
            let ch = body[i..].chars().next().unwrap_or('?');
            i += ch.len_utf8();
            let (color, kind) = kind_of(ch).ok_or_else(|| {
                if ch.is_alphabetic() {
                    FenError::UnknownPiece(ch.to_string())
                } else {
                    FenError::Board(format!("unexpected '{ch}' on rank {rank}"))
                }
            })?;
            vec![RawUnit {
                color,
                kind,
                count: 1,
                partner: None,
            }]
        };
        if col <= 9 {
            cells.push((col as u8, units));
        }
        col += 1;
    }
    let width = col - 1;
    if link.is_some() {
        if width == 9 && cells.last().is_some_and(|(c, _)| *c == 9) {
            return Err(FenError::Board(format!(
                "rank {rank}: hallway square i{rank} is linked ('=') and also given units"
            )));
        }
        if width != 8 {
            return Err(FenError::Board(format!(
                "rank {rank} is {} columns wide, expected 9 (a..h and the link)",
                width + 1
            )));
        }
    } else if width != 9 {
        return Err(FenError::Board(format!(
            "rank {rank} is {width} columns wide, expected 9 (a..h and i)"
        )));
    }
    Ok(RawRow { cells, link })
}

fn parse_board(field: &str, pos: &mut Hobgoblin) -> Result<(), FenError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != 8 {
        return Err(FenError::Board(format!(
            "the board needs 8 ranks, got {}",
            rows.len()
        )));
    }
    let parsed = rows
        .iter()
        .enumerate()
        .map(|(i, r)| parse_row(r, 8 - i as u8))
        .collect::<Result<Vec<_>, _>>()?;
    for (i, row) in parsed.iter().enumerate() {
        if row.link.is_some() {
            pos.set_link(8 - i as u8, row.link);
        }
    }
    // (node, partner, colour, kind) -> count, for the pairing check.
    let mut halves: BTreeMap<(Square, Square, Color, u8), u32> = BTreeMap::new();
    for (i, row) in parsed.into_iter().enumerate() {
        let rank = 8 - i as u8;
        for (col, units) in row.cells {
            let node = Square::new(col, rank);
            let color = units[0].color;
            if units.iter().any(|u| u.color != color) {
                return Err(FenError::Board(format!(
                    "units of both colours on {}",
                    name(node)
                )));
            }
            let mut whole = [0u32; KINDS];
            for u in units {
                match u.partner {
                    None => whole[u.kind as usize] = whole[u.kind as usize].saturating_add(u.count),
                    Some(p) => {
                        let partner = pos.node(p);
                        if partner == node {
                            return Err(FenError::Board(format!(
                                "a half on {} has its partner on its own node",
                                name(node)
                            )));
                        }
                        let e = halves.entry((node, partner, color, u.kind)).or_insert(0);
                        *e = e.saturating_add(u.count);
                    }
                }
            }
            for (kind, &n) in whole.iter().enumerate() {
                if n > MAX_COUNT {
                    return Err(FenError::Board(format!(
                        "more than {MAX_COUNT} equal units on {}",
                        name(node)
                    )));
                }
                if n > 0 {
                    pos.set_count(node, color, kind as u8, n as u8);
                }
            }
        }
    }
    for (&(x, y, color, kind), &n) in &halves {
        let back = halves.get(&(y, x, color, kind)).copied().unwrap_or(0);
        if back != n {
            return Err(FenError::Board(format!(
                "{n} half/halves {}~{} on {} but {back} matching on {}",
                letter(color, kind),
                name(y),
                name(x),
                name(y)
            )));
        }
        if n > MAX_COUNT {
            return Err(FenError::Board(format!(
                "more than {MAX_COUNT} equal halves on {}",
                name(x)
            )));
        }
        if x < y && !pos.set_pair(color, kind, x, y, n as u8) {
            return Err(FenError::Board(format!(
                "more than {MAX_PAIRS} distinct extended pieces"
            )));
        }
    }
    Ok(())
}

fn parse_castling(field: &str, pos: &mut Hobgoblin) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let mut rights = 0u8;
    let mut progress: [Option<Wing>; 2] = [None; 2];
    let mut seen = 0u8;
    let mut chars = field.chars().peekable();
    while let Some(c) = chars.next() {
        let (color, wing) = match c {
            'K' => (Color::White, Wing::King),
            'Q' => (Color::White, Wing::Queen),
            'k' => (Color::Black, Wing::King),
            'q' => (Color::Black, Wing::Queen),
            _ => return Err(FenError::Castling(format!("bad castling field '{field}'"))),
        };
        let bit = wing.right(color);
        if seen & bit != 0 {
            return Err(FenError::Castling(format!(
                "castling field '{field}' names '{c}' twice"
            )));
        }
        seen |= bit;
        if chars.peek() == Some(&'*') {
            chars.next();
            if progress[color.index()].is_some() {
                return Err(FenError::Castling(format!(
                    "castling field '{field}': one castling in progress per side at most (HOB-62)"
                )));
            }
            progress[color.index()] = Some(wing);
        } else {
            rights |= bit;
        }
    }
    for color in Color::BOTH {
        let rank = if color == Color::White { 1 } else { 8 };
        if let Some(wing) = progress[color.index()] {
            if Wing::BOTH.iter().any(|w| rights & w.right(color) != 0) {
                return Err(FenError::Castling(format!(
                    "castling field '{field}': a castling in progress excludes that side's rights (HOB-61)"
                )));
            }
            let [kf, kt, rf, rt] = wing.files();
            let sq = |f| Square::new(f, rank);
            if pos.pair_count(color, 0, sq(kf), sq(kt)) == 0
                || pos.pair_count(color, ROOK, sq(rf), sq(rt)) == 0
            {
                return Err(FenError::Castling(format!(
                    "castling field '{field}': the locked halves of the castling in progress do not stand as HOB-61 leaves them"
                )));
            }
            if [kf, kt, rf, rt]
                .iter()
                .any(|&f| pos.linked().contains(sq(f)))
            {
                return Err(FenError::Castling(format!(
                    "castling field '{field}': a square of the castling in progress is linked (HOB-62)"
                )));
            }
        }
        for wing in Wing::BOTH {
            if rights & wing.right(color) == 0 {
                continue;
            }
            let rook_file = wing.files()[2];
            if pos.count(Square::new(5, rank), color, 0) == 0
                || pos.count(Square::new(rook_file, rank), color, ROOK) == 0
            {
                return Err(FenError::Castling(format!(
                    "castling field '{field}': a right without its consolidated king and rook (HOB-60)"
                )));
            }
        }
    }
    pos.set_rights(rights);
    for color in Color::BOTH {
        pos.set_in_progress(color, progress[color.index()]);
    }
    Ok(())
}

/// Field 4. The victims are the side not to move, or at a chance step (`dice`, notation §2.7)
/// the mover's own pawns.
fn parse_ep(field: &str, pos: &mut Hobgoblin, dice: bool) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let bad = || FenError::EnPassant(format!("bad en-passant record '{field}'"));
    let parts: Vec<&str> = field.split(':').collect();
    let [targets, victim, k] = parts[..] else {
        return Err(bad());
    };
    let mut set = Bitboard::EMPTY;
    for t in targets.split(',') {
        let sq = parse_square(t).ok_or_else(bad)?;
        if set.contains(sq) {
            return Err(FenError::EnPassant(format!(
                "en-passant record '{field}' names {t} twice"
            )));
        }
        set.set(sq);
    }
    let victim = pos.node(parse_square(victim).ok_or_else(bad)?);
    if k.starts_with('0') {
        return Err(bad());
    }
    let k: u8 = k.parse().map_err(|_| bad())?;
    let victims = if dice { pos.side() } else { !pos.side() };
    let first = if victims == Color::White { 1 } else { 6 };
    if set.iter().any(|sq| !(first..first + 3).contains(&sq.row())) {
        return Err(FenError::EnPassant(format!(
            "en-passant record '{field}': targets outside the victims' first three ranks (HOB-70)"
        )));
    }
    if pos.count(victim, victims, PAWN) < k {
        return Err(FenError::EnPassant(format!(
            "en-passant record '{field}': the victim node holds fewer than {k} victim pawns (HOB-71)"
        )));
    }
    pos.set_ep(Some(EpRecord {
        targets: set,
        victim,
        k,
    }));
    Ok(())
}

/// `rolls=` (notation §2.7): `[count]node` items, e.g. `e4,2c6`.
fn parse_rolls(value: &str, pos: &Hobgoblin) -> Result<Chance, FenError> {
    let bad = |why: String| FenError::field("rolls", why);
    let mut items: Vec<(Square, u8)> = Vec::new();
    for item in value.split(',') {
        let (written, site) = crate::fen_fields::count_prefix(item)
            .ok_or_else(|| bad(format!("bad roll count in '{item}'")))?;
        let count = written.unwrap_or(1);
        let node = parse_square(site).ok_or_else(|| bad(format!("bad roll site '{item}'")))?;
        if written.is_some_and(|n| n < 2) {
            return Err(bad(format!(
                "bad roll count in '{item}' (2 or more, or none for 1)"
            )));
        }
        if pos.node(node) != node {
            return Err(bad(format!(
                "roll site '{item}': a linked node is named by its board square"
            )));
        }
        if pos.color_on(node).is_none() {
            return Err(bad(format!(
                "roll site '{item}' is empty (a rolling unit stands on its site, HOB-102)"
            )));
        }
        if items.iter().any(|&(n, _)| n == node) {
            return Err(bad(format!("roll site '{item}' given twice")));
        }
        items.push((node, count));
    }
    if items.len() > MAX_SITES {
        return Err(bad(format!("more than {MAX_SITES} roll sites")));
    }
    items.sort();
    let mut chance = Chance {
        sites: Bitboard::EMPTY,
        rolls: [0; MAX_SITES],
        promo: 0,
    };
    for (i, (node, n)) in items.into_iter().enumerate() {
        chance.sites.set(node);
        chance.rolls[i] = n;
    }
    Ok(chance)
}

/// `promo=` (notation §2.7): the mover's declarations per last-rank node, `d8qn,i8r`; every
/// node where the mover (field 2) has pawns on its last rank, one letter per pawn.
fn parse_promo(value: Option<&str>, pos: &Hobgoblin) -> Result<u32, FenError> {
    let bad = |why: String| FenError::field("promo", why);
    let me = pos.side();
    let mut given: Vec<(Square, [u8; KINDS])> = Vec::new();
    for item in value.into_iter().flat_map(|v| v.split(',')) {
        let split = item
            .char_indices()
            .skip(1)
            .find(|&(_, c)| c.is_ascii_alphabetic())
            .map_or(item.len(), |(i, _)| i);
        let node = parse_square(&item[..split])
            .map(|sq| pos.node(sq))
            .ok_or_else(|| bad(format!("bad node in '{item}'")))?;
        let mut counts = [0u8; KINDS];
        for l in item[split..].chars() {
            let k = PROMOTION_KINDS
                .into_iter()
                .find(|&k| KIND_LETTERS[k as usize].to_ascii_lowercase() == l)
                .ok_or_else(|| bad(format!("bad promotion letter '{l}' in '{item}'")))?;
            counts[k as usize] += 1;
        }
        given.push((node, counts));
    }
    let nodes = pos.promotion_nodes(me);
    let mut w = CodeWriter::new();
    for &node in &nodes {
        let pawns = pos.count(node, me, PAWN);
        let Some(&(_, counts)) = given.iter().find(|g| g.0 == node) else {
            return Err(bad(format!(
                "the pawns on {} need a declared promotion (HOB-111)",
                name(node)
            )));
        };
        if counts.iter().sum::<u8>() != pawns {
            return Err(bad(format!(
                "{} holds {pawns} promoting pawns: one letter each",
                name(node)
            )));
        }
        plans::put_multiset(&mut w, &counts, &PROMOTION_KINDS, pawns);
    }
    if let Some((node, _)) = given.iter().find(|g| !nodes.contains(&g.0)) {
        return Err(bad(format!(
            "no pawn of the mover on its last rank at {}",
            name(*node)
        )));
    }
    w.finish()
        .filter(|&c| c < 1 << 14)
        .ok_or_else(|| bad("too many promoting pawns to declare".to_string()))
}

fn parse_keys(fields: &[&str], pos: &mut Hobgoblin) -> Result<(), FenError> {
    let mut seen: Vec<&str> = Vec::new();
    let has_rolls = fields.iter().any(|f| f.starts_with("rolls="));
    let mut rolls: Option<&str> = None;
    let mut promo: Option<&str> = None;
    let mut lost: Option<&str> = None;
    for f in fields {
        let (key, value) = f
            .split_once('=')
            .ok_or_else(|| FenError::field("key", format!("expected key=value, got '{f}'")))?;
        if seen.contains(&key) {
            return Err(FenError::field("key", format!("key '{key}' given twice")));
        }
        seen.push(key);
        match key {
            "result" => {
                let r = match value {
                    "1-0" => HobResult::WhiteWins,
                    "0-1" => HobResult::BlackWins,
                    "1/2-1/2" => HobResult::Draw,
                    _ => {
                        return Err(FenError::field(
                            "result",
                            format!("bad result '{value}': 1-0, 0-1 or 1/2-1/2"),
                        ))
                    }
                };
                pos.set_result(Some(r));
            }
            "rolls" => rolls = Some(value),
            "promo" if !has_rolls => {
                return Err(FenError::field("promo", "promo= needs rolls="));
            }
            "promo" => promo = Some(value),
            "lost" => lost = Some(value),
            _ => {
                return Err(FenError::field(
                    "key",
                    format!("unknown key '{key}' (result=, rolls=, promo=, lost=)"),
                ))
            }
        }
    }
    if let Some(rolls) = rolls {
        let mut chance = parse_rolls(rolls, pos)?;
        chance.promo = parse_promo(promo, pos)?;
        pos.set_chance(Some(chance));
    }
    if let Some(lost) = lost {
        let colours = match lost {
            "w" => [true, false],
            "b" => [false, true],
            "wb" => [true, true],
            _ => {
                return Err(FenError::field(
                    "lost",
                    format!("bad lost= value '{lost}': w, b or wb"),
                ))
            }
        };
        pos.set_locked_lost(colours);
    }
    Ok(())
}

impl Hobgoblin {
    /// The start position (HOB-11).
    pub fn start() -> Self {
        Self::parse_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Parses a FEN (notation §2.7), refusing every invalid one with a typed error, and one
    /// beyond the FEN limits ([`Hobgoblin::within_fen_limits`]).
    pub fn parse_fen(fen: &str) -> Result<Self, FenError> {
        let pos = Self::parse_fen_unbounded(fen)?;
        pos.within_fen_limits()?;
        Ok(pos)
    }

    /// The position's crowds fit the FEN limits (notation §2.7, issue 49): at most
    /// [`MAX_CROWD`] units on a node and [`MAX_SIDE_UNITS`] per side, a half counting as a unit
    /// of its node. Beyond them one node's turns grow past millions and one generation
    /// far past the clock; play may still go there (mutation makes pawns), and the
    /// search answers in time anyway, but a FEN, `perft` and `go perft` keep to them.
    pub fn within_fen_limits(&self) -> Result<(), FenError> {
        for color in Color::BOTH {
            let mut side = 0u32;
            for node in self.bits().occ[color.index()] {
                if self.node(node) != node {
                    continue;
                }
                let crowd = self.crowd(node);
                let whole: u32 = if crowd.color == color {
                    crowd.counts.iter().map(|&n| n as u32).sum()
                } else {
                    0
                };
                let halves: u32 = self
                    .halves_on(node)
                    .filter(|p| p.color == color)
                    .map(|p| p.count as u32)
                    .sum();
                let units = whole + halves;
                Illegality::at_most(units, MAX_CROWD, FEN_LIMITS, || {
                    format!("units on {}", name(node))
                })?;
                side += units;
            }
            Illegality::at_most(side, MAX_SIDE_UNITS, FEN_LIMITS, || {
                format!("units of {}", color.name())
            })?;
        }
        Ok(())
    }

    /// [`Hobgoblin::parse_fen`] without the FEN limits: for tests and tools that build
    /// positions past them on purpose (a crowd of 29 pawns, 255 equal units on a node).
    pub fn parse_fen_unbounded(fen: &str) -> Result<Self, FenError> {
        let fields = fen_fields::split(fen, 7, 10)?;
        let mut pos = Hobgoblin::empty();
        parse_board(fields[0], &mut pos)?;
        pos.set_side(fen_fields::side(fields[1])?);
        parse_castling(fields[2], &mut pos)?;
        let dice = fields[7..].iter().any(|f| f.starts_with("rolls="));
        parse_ep(fields[3], &mut pos, dice)?;
        let (half, full) = fen_fields::counters(&fields, 4)?;
        pos.set_clocks(half, full);
        let (phase, plus) = match fields[6] {
            "L" => (Phase::Linking, false),
            "U" => (Phase::Unlinking, false),
            "L+" => (Phase::Linking, true),
            "U+" => (Phase::Unlinking, true),
            other => {
                return Err(FenError::field(
                    "phase",
                    format!("bad phase '{other}': L, U, L+ or U+"),
                ))
            }
        };
        pos.set_phase(phase);
        pos.set_after_link(plus);
        parse_keys(&fields[7..], &mut pos)?;
        pos.validate()?;
        Ok(pos)
    }

    /// The §2.7 rules that look at the whole position.
    fn validate(&self) -> Result<(), FenError> {
        let links = self.link_count();
        if self.phase() == Phase::Linking && links == 8 {
            return Err(FenError::field(
                "phase",
                "phase L with all eight links (HOB-80: the eighth link switches to U)",
            ));
        }
        if self.phase() == Phase::Unlinking && links == 0 {
            return Err(FenError::field(
                "phase",
                "phase U with no link (HOB-80: the last unlink switches to L)",
            ));
        }
        if self.after_link() && self.result().is_some() {
            return Err(FenError::field("result", "'+' together with result="));
        }
        if self.chance().is_some() && self.after_link() {
            return Err(FenError::field("rolls", "'+' together with rolls="));
        }
        if self.chance().is_some() && self.result().is_some() {
            return Err(FenError::field("rolls", "rolls= together with result="));
        }
        if self.locked_lost().contains(&true) && !self.pending_decision() {
            return Err(FenError::field(
                "lost",
                "lost= belongs to a pending promotion decision (HOB-112, HOB-142)",
            ));
        }
        if self.result().is_some() {
            return Ok(());
        }
        if self.after_link() && self.pawns_on_last_rank(self.side()) {
            return Err(FenError::field(
                "phase",
                "'+' while the side to move has pawns on its last rank (a pending promotion decision has no link step, HOB-112)",
            ));
        }
        for color in Color::BOTH {
            if !self.has_king(color) {
                return Err(Illegality::NoRoyal {
                    side: color,
                    what: "king unit",
                    ruling: "HOB-21, HOB-130",
                }
                .into());
            }
        }
        if self.chance().is_some() && self.royal_attacked(self.side(), true) {
            return Err(Illegality::rule(
                "HOB-133",
                format!(
                    "a royal node of {} is attacked after its move",
                    self.side().name()
                ),
            )
            .into());
        }
        let start_of_turn =
            !self.after_link() && !self.pending_decision() && self.chance().is_none();
        if start_of_turn && self.pawns_on_last_rank(!self.side()) {
            return Err(Illegality::on_forbidden_rank(
                format!("a {} pawn", (!self.side()).name()),
                "its last rank at the start of a turn",
                Some("HOB-110"),
            )
            .into());
        }
        if start_of_turn && self.royal_attacked(!self.side(), false) {
            return Err(Illegality::OpponentInCheck {
                ruling: Some("HOB-142 would have ended the game"),
            }
            .into());
        }
        if start_of_turn && self.danger_attacked(self.side()) {
            return Err(Illegality::rule(
                "HOB-141 would have ended the game",
                format!(
                    "a danger node of {}'s castling is attacked at the start of its turn",
                    self.side().name()
                ),
            )
            .into());
        }
        Ok(())
    }

    /// The members of `node`'s cell in canonical order (§2.7): type K Q R B N P, consolidated
    /// before halves, halves by the index of the partner node.
    pub(super) fn members(&self, node: Square) -> Vec<(Color, u8, u8, Option<Square>)> {
        let crowd = self.crowd(node);
        let mut out = Vec::new();
        for kind in 0..KINDS as u8 {
            let n = crowd.counts[kind as usize];
            if n > 0 {
                out.push((crowd.color, kind, n, None));
            }
            let mut halves: Vec<_> = self
                .halves_on(node)
                .filter(|p| p.kind == kind)
                .map(|p| (p.color, kind, p.count, Some(p.partner(node))))
                .collect();
            halves.sort_by_key(|h| h.3);
            out.extend(halves);
        }
        out
    }

    /// The cell text of `node` without parentheses (`""` when empty), and whether it needs
    /// them.
    fn cell(&self, node: Square) -> (String, bool) {
        let members = self.members(node);
        let group = !(members.len() == 1 && members[0].2 == 1 && members[0].3.is_none());
        let mut s = String::new();
        for (i, (color, kind, n, partner)) in members.into_iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            if n > 1 {
                s.push_str(&n.to_string());
            }
            s.push(letter(color, kind));
            if let Some(p) = partner {
                s.push('~');
                s.push_str(&name(p));
            }
        }
        (s, group)
    }

    /// The castling field: rights and in-progress markers, White before Black, kingside
    /// before queenside (§2.7).
    fn castling_field(&self) -> String {
        let mut s = String::new();
        for color in Color::BOTH {
            for wing in Wing::BOTH {
                let l = match wing {
                    Wing::King => 'K',
                    Wing::Queen => 'Q',
                };
                let l = if color == Color::White {
                    l
                } else {
                    l.to_ascii_lowercase()
                };
                if self.in_progress(color) == Some(wing) {
                    s.push(l);
                    s.push('*');
                } else if self.rights() & wing.right(color) != 0 {
                    s.push(l);
                }
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    fn ep_field(&self) -> String {
        match self.ep() {
            None => "-".to_string(),
            Some(ep) => {
                let targets: Vec<String> = ep.targets.iter().map(name).collect();
                format!("{}:{}:{}", targets.join(","), name(ep.victim), ep.k)
            }
        }
    }

    fn phase_field(&self) -> &'static str {
        match (self.phase(), self.after_link()) {
            (Phase::Linking, false) => "L",
            (Phase::Unlinking, false) => "U",
            (Phase::Linking, true) => "L+",
            (Phase::Unlinking, true) => "U+",
        }
    }

    /// The canonical FEN (notation §2.7, §4).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(96);
        for rank in (1..=8u8).rev() {
            let mut empty = 0;
            for col in 1..=9u8 {
                if col == 9 {
                    if let Some(f) = self.link(rank) {
                        board8::flush_empty(&mut s, &mut empty);
                        s.push('=');
                        s.push((b'a' + f - 1) as char);
                        break;
                    }
                }
                let (text, group) = self.cell(Square::new(col, rank));
                if text.is_empty() {
                    empty += 1;
                    continue;
                }
                board8::flush_empty(&mut s, &mut empty);
                if group {
                    s.push('(');
                    s.push_str(&text);
                    s.push(')');
                } else {
                    s.push_str(&text);
                }
            }
            board8::flush_empty(&mut s, &mut empty);
            if rank > 1 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push_str(fen_fields::side_letter(self.side()));
        s.push(' ');
        s.push_str(&self.castling_field());
        s.push(' ');
        s.push_str(&self.ep_field());
        s.push_str(&format!(" {} {} ", self.halfmove(), self.fullmove()));
        s.push_str(self.phase_field());
        if let Some(r) = self.result() {
            s.push_str(" result=");
            s.push_str(r.token());
        }
        if let Some(chance) = self.chance() {
            s.push_str(" rolls=");
            let items: Vec<String> = chance
                .sites()
                .map(|(node, n)| match n {
                    1 => name(node),
                    _ => format!("{n}{}", name(node)),
                })
                .collect();
            s.push_str(&items.join(","));
            let declared = self.declared_promotions(&chance);
            if !declared.is_empty() {
                s.push_str(" promo=");
                s.push_str(&declared.join(","));
            }
        }
        match self.locked_lost() {
            [true, false] => s.push_str(" lost=w"),
            [false, true] => s.push_str(" lost=b"),
            [true, true] => s.push_str(" lost=wb"),
            _ => {}
        }
        s
    }

    /// The mover's declarations of a chance step as `node letters` items (notation §2.7).
    pub fn declared_promotions(&self, chance: &Chance) -> Vec<String> {
        let me = self.side();
        let mut r = plans::CodeReader(chance.promo as u64);
        self.promotion_nodes(me)
            .into_iter()
            .map(|node| {
                let pawns = self.count(node, me, PAWN);
                let counts = plans::take_multiset(&mut r, &PROMOTION_KINDS, pawns);
                let mut item = name(node);
                for k in PROMOTION_KINDS {
                    for _ in 0..counts[k as usize] {
                        item.push(KIND_LETTERS[k as usize].to_ascii_lowercase());
                    }
                }
                item
            })
            .collect()
    }
}

/// The text board of the `d` command: ranks 8..1, files a..h and the hallway column i, each
/// cell its units (`.` empty; crowds as counts, halves as `letter~partner`), a linked hallway
/// square as `=f`; then the state beside the board.
pub fn render(pos: &Hobgoblin) -> String {
    let mut grid: Vec<Vec<String>> = Vec::new();
    for rank in (1..=8u8).rev() {
        let mut row = Vec::new();
        for col in 1..=9u8 {
            let sq = Square::new(col, rank);
            if is_hallway(sq) {
                if let Some(f) = pos.link(rank) {
                    row.push(format!("={}", (b'a' + f - 1) as char));
                    continue;
                }
            }
            let (text, _) = pos.cell(sq);
            row.push(if text.is_empty() {
                ".".to_string()
            } else {
                text
            });
        }
        grid.push(row);
    }
    let widths: Vec<usize> = (0..9)
        .map(|c| grid.iter().map(|r| r[c].len()).max().unwrap_or(1))
        .collect();
    let mut out = String::new();
    let header: Vec<String> = "abcdefghi"
        .chars()
        .enumerate()
        .map(|(c, f)| format!("{f:<w$}", w = widths[c]))
        .collect();
    out.push_str(&format!("    {}\n", header.join(" ").trim_end()));
    for (i, row) in grid.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, t)| format!("{t:<w$}", w = widths[c]))
            .collect();
        let board = cells[..8].join(" ");
        out.push_str(&format!(
            " {}  {} | {}\n",
            8 - i,
            board,
            cells[8].trim_end()
        ));
    }
    out.push_str(&format!("side to move: {}\n", pos.side().name()));
    out.push_str(&format!("castling: {}\n", pos.castling_field()));
    out.push_str(&format!("en passant: {}\n", pos.ep_field()));
    out.push_str(&format!(
        "clocks: {} {}\nphase: {}\n",
        pos.halfmove(),
        pos.fullmove(),
        pos.phase_field()
    ));
    if let Some(r) = pos.result() {
        out.push_str(&format!("result: {}\n", r.token()));
    } else if pos.pending_decision() {
        out.push_str("pending: the promotion decision (HOB-112)\n");
    } else if pos.after_link() {
        out.push_str("pending: the move after the link step (HOB-83)\n");
    } else if let Some(chance) = pos.chance() {
        let rolls: Vec<String> = chance
            .sites()
            .map(|(node, n)| format!("{} x{n}", name(node)))
            .collect();
        out.push_str(&format!(
            "pending: the dice (HOB-100..104), rolls at {}; total {} roll(s), each explodes with 1/12\n",
            rolls.join(", "),
            chance.total_rolls()
        ));
    }
    out.push_str(&format!(
        "fen: {}\nkey: {:016x}\n",
        pos.to_fen(),
        pos.hash()
    ));
    out
}

impl crate::rules::Fen for Hobgoblin {
    fn start_position(options: &HobOptions) -> Self {
        let mut pos = Self::start();
        pos.options = *options;
        pos
    }

    fn within_fen_limits(&self) -> Result<(), FenError> {
        Hobgoblin::within_fen_limits(self)
    }

    fn from_fen(fen: &str, options: &HobOptions) -> Result<Self, FenError> {
        let mut pos = Self::parse_fen(fen)?;
        pos.options = *options;
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        Hobgoblin::to_fen(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trip() {
        let p = Hobgoblin::start();
        assert_eq!(p.to_fen(), START_FEN);
        assert_eq!(p.hash(), p.recompute_hash());
        assert_eq!(*p.bits(), p.recompute_bits());
    }
}
