//! EFEN (`docs/notation.md` §2.6), move tokens (§3.6), the `d` board with its legend, and the
//! view.

use super::army::{replaced_letters, Bundle};
use super::catalogue::*;
use super::geometry::{board_mask, frame_mask, is_strip_union};
use super::highlander::{PendingStage, PARAM_ROYAL};
use super::placement::{group_rook, home_squares, Placing, Unplaced};
use super::state::{
    piece, token_of, Eldritch, EldritchOptions, Reaction, StartSquares, TAG_DIRECTIONS, TAG_FORM,
    TAG_FORM_SHIFT, TAG_KNIGHT, TAG_LINK, TAG_LINK_SHIFT, TAG_MOVED, TAG_ROYAL, TAG_STAGE,
    TAG_STAGE_SHIFT, TAG_START, TAG_START_SHIFT, TAG_TURNED,
};
use super::START_FEN;
use crate::bitboard::Bitboard;
use crate::errors::FenError;
use crate::fen_fields::count_prefix;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece};
use crate::rules::{Fen, Notation};
use crate::square::{Geometry, Square};
use crate::view::{BoardView, PieceView, SquareView, Zone};

const G: Geometry = Geometry::Framed8;

/// The brace state of the piece on `s` (without braces), empty for the default.
fn state_text(pos: &Eldritch, s: Square) -> String {
    state_text_of(pos, s, pos.piece_at(s), pos.tag(s))
}

/// The brace state of piece `p` with tag `tag` standing (or suborned) on `s`.
fn state_text_of(pos: &Eldritch, s: Square, p: Piece, tag: u32) -> String {
    match p.kind() {
        VAMPIRE => DIRECTIONS
            .iter()
            .enumerate()
            .filter(|(i, _)| tag & (1 << i) != 0)
            .map(|(_, (name, _))| *name)
            .collect::<Vec<_>>()
            .join(","),
        GREMLIN if tag & TAG_TURNED != 0 => "t".to_string(),
        LIGHTNING_BOLT if tag & TAG_KNIGHT != 0 => "n".to_string(),
        BEAST if tag & (TAG_LINK | TAG_MOVED) != 0 => format!(
            "{},{}",
            pos.link_of(s).map_or("-".to_string(), |d| G.name(d)),
            (tag & TAG_MOVED != 0) as u8
        ),
        RIDDLE => pos.link_of(s).map_or(String::new(), |x| G.name(x)),
        MYSTIC if tag & TAG_START != 0 => G.name(Square::from_index(
            ((tag & TAG_START) >> TAG_START_SHIFT) as u8 - 1,
        )),
        HIGHLANDER if tag & TAG_STAGE != 0 => {
            ["b", "r", "n", "p"][((tag & TAG_STAGE) >> TAG_STAGE_SHIFT) as usize - 1].to_string()
        }
        NECROMANCER => pos
            .trophies_at(s)
            .iter()
            .map(|&k| piece_type(k).code)
            .collect::<Vec<_>>()
            .join(","),
        SHAPESHIFTER => match (tag & TAG_FORM) >> TAG_FORM_SHIFT {
            0 => String::new(),
            f => piece_type(SHAPESHIFTER_FORMS[f as usize - 1])
                .code
                .to_ascii_lowercase(),
        },
        _ => String::new(),
    }
}

/// The `hl=` value (notation §2.6): one entry per pending Highlander, White first, stages in
/// the order `{br}`, `{n}`, `{p}`, `!` after a royal one's braces.
fn returns_text(pos: &Eldritch) -> String {
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

fn parse_returns(value: &str) -> Result<[[u8; 8]; 2], FenError> {
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
fn parse_squares(field: &'static str, value: &str, exists: Bitboard) -> Result<Bitboard, FenError> {
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
fn reaction_text(pos: &Eldritch, r: &Reaction) -> String {
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

fn parse_reaction(text: &str) -> Result<Reaction, FenError> {
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
fn graveyards_text(grave: &[[u8; 2]; 2]) -> String {
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
fn parse_graveyards(value: &str) -> Result<[[u8; 2]; 2], FenError> {
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

/// The full token of the piece on `s`: code, state, royal flag.
fn piece_token(pos: &Eldritch, s: Square) -> String {
    unit_token(pos, s, pos.piece_at(s), pos.tag(s))
}

/// The token of piece `p` with tag `tag` on `s`: code, braces, royal flag.
fn unit_token(pos: &Eldritch, s: Square, p: Piece, tag: u32) -> String {
    let mut t = colored_code(p.kind(), p.color() == Color::White);
    let state = state_text_of(pos, s, p, tag);
    if !state.is_empty() {
        t.push('{');
        t.push_str(&state);
        t.push('}');
    }
    if tag & TAG_ROYAL != 0 {
        t.push('!');
    }
    t
}

fn unplaced_text(u: &Unplaced, c: Color) -> String {
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

fn types_text(types: u64) -> String {
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
fn default_army(pos: &Eldritch, c: Color) -> u64 {
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

/// Reads one piece token at the start of `text` in rank `rank` (counted from 1): piece, tag,
/// bytes used. An unknown code is [`FenError::UnknownPiece`]; the rest is [`FenError::Board`].
fn parse_piece(text: &str, rank: u8) -> Result<(Piece, u32, Vec<u8>, usize), FenError> {
    let board = |m: String| FenError::Board(format!("rank {rank}: {m}"));
    let b = text.as_bytes();
    let Some(&first) = b.first() else {
        return Err(board("a piece is missing".to_string()));
    };
    let (code, mut used) = match first {
        b'*' | b'^' => {
            let l = *b
                .get(1)
                .ok_or_else(|| board("a code prefix needs a letter".to_string()))?;
            if !l.is_ascii_alphabetic() {
                return Err(board(format!(
                    "'{}' must be followed by a letter",
                    b[0] as char
                )));
            }
            (&text[..2], 2)
        }
        _ => (&text[..1], 1),
    };
    let white = code.chars().last().is_some_and(|c| c.is_ascii_uppercase());
    let kind = kind_of_code(&code.to_ascii_uppercase())
        .ok_or_else(|| FenError::UnknownPiece(code.to_string()))?;
    let color = if white { Color::White } else { Color::Black };
    let mut tag = 0u32;
    let mut trophies = Vec::new();
    if b.get(used) == Some(&b'{') {
        let end = text[used..]
            .find('}')
            .ok_or_else(|| board(format!("unclosed '{{' after '{code}'")))?;
        let state = &text[used + 1..used + end];
        if kind == NECROMANCER {
            trophies =
                parse_trophies(state).map_err(|e| board(format!("{code}{{{state}}}: {e}")))?;
        } else {
            tag = parse_state(kind, state).map_err(|e| board(format!("{code}{{{state}}}: {e}")))?;
        }
        used += end + 1;
    }
    if b.get(used) == Some(&b'!') {
        if piece_type(kind).is(ROYAL) {
            return Err(board(format!(
                "'{code}' is royal already; '!' is only for promoted pieces"
            )));
        }
        tag |= TAG_ROYAL;
        used += 1;
    }
    Ok((piece(color, kind), tag, trophies, used))
}

/// Puts a parsed piece with its state: tag and (a Necromancer's) trophies.
fn put_parsed(pos: &mut Eldritch, s: Square, p: Piece, mut tag: u32, trophies: Vec<u8>) {
    pos.board.put(s, p);
    if p.kind() == MYSTIC && (tag & TAG_START) >> TAG_START_SHIFT == s.index() as u32 + 1 {
        tag &= !TAG_START; // standing on its start square is the default
    }
    if tag != 0 {
        pos.extra.set_tag(s, Some(tag));
    }
    for k in trophies {
        pos.add_trophy(s, k);
    }
}

/// A Necromancer's trophies (ELD-471): upper-case codes in code order, e.g. `N,P,P`.
fn parse_trophies(state: &str) -> Result<Vec<u8>, String> {
    let mut out: Vec<u8> = Vec::new();
    for code in state.split(',') {
        let k = kind_of_code(code)
            .filter(|_| code.chars().last().is_some_and(|c| c.is_ascii_uppercase()))
            .ok_or_else(|| format!("'{code}' is not an upper-case piece code"))?;
        if out.last().is_some_and(|&l| l > k) {
            return Err("trophies are listed in code order".into());
        }
        out.push(k);
    }
    Ok(out)
}

/// `start=` (ELD-043): `code square` items, the code's case giving the side.
fn parse_start(value: &str) -> Result<StartSquares, FenError> {
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

/// A token's link field: a square of the board, or `-` for none.
fn link_bits(text: &str) -> Result<u32, String> {
    if text == "-" {
        return Ok(0);
    }
    let s = G
        .parse(text)
        .filter(|s| board_mask().contains(*s))
        .ok_or_else(|| format!("'{text}' is not a square of the board"))?;
    Ok((s.index() as u32 + 1) << TAG_LINK_SHIFT)
}

fn parse_state(kind: u8, state: &str) -> Result<u32, String> {
    match kind {
        VAMPIRE => {
            let mut tag = 0u32;
            let mut last = None;
            for d in state.split(',') {
                let i = DIRECTIONS
                    .iter()
                    .position(|(n, _)| *n == d)
                    .ok_or_else(|| format!("unknown direction '{d}'"))?;
                if last.is_some_and(|l| l >= i) {
                    return Err(
                        "directions must be listed once each in the order n,ne,e,se,s,sw,w,nw"
                            .into(),
                    );
                }
                last = Some(i);
                tag |= 1 << i;
            }
            Ok(tag & TAG_DIRECTIONS)
        }
        GREMLIN if state == "t" => Ok(TAG_TURNED),
        LIGHTNING_BOLT if state == "n" => Ok(TAG_KNIGHT), // ELD-441 knight form
        // ELD-302, ELD-303: `<linked Druid square or ->,<moves made 0/1>`.
        BEAST => {
            let (link, moved) = state
                .split_once(',')
                .ok_or("a Beast's state is <Druid square or ->,<moves made 0 or 1>")?;
            let moved = match moved {
                "0" => 0,
                "1" => TAG_MOVED,
                _ => return Err("a Beast has made 0 or 1 moves".into()),
            };
            Ok(link_bits(link)? | moved)
        }
        // ELD-552: the linked Sphinx's square, or `-`.
        RIDDLE => link_bits(state),
        // ELD-410: the stage; `q` is the default.
        HIGHLANDER => match state {
            "q" => Ok(0),
            "b" | "r" | "n" | "p" => {
                Ok(("brnp".find(state).unwrap_or(0) as u32 + 1) << TAG_STAGE_SHIFT)
            }
            _ => Err("a Highlander's stage is one of q b r n p".into()),
        },
        // ELD-461: the start square, when it is not the current one (checked by the caller).
        MYSTIC => G
            .parse(state)
            .filter(|s| board_mask().contains(*s))
            .map(|s| (s.index() as u32 + 1) << TAG_START_SHIFT)
            .ok_or_else(|| format!("'{state}' is not a start square")),
        // ELD-530; `-` is the default base form, accepted and never printed.
        SHAPESHIFTER => match state {
            "-" => Ok(0),
            "p" | "r" | "b" | "n" => {
                let kind = [PAWN, ROOK, BISHOP, KNIGHT]["prbn".find(state).unwrap_or(0)];
                let form = SHAPESHIFTER_FORMS
                    .iter()
                    .position(|&f| f == kind)
                    .unwrap_or(0);
                Ok((form as u32 + 1) << TAG_FORM_SHIFT)
            }
            _ => Err("a Shapeshifter's form is one of - p r b n".into()),
        },
        _ if piece_type(kind).stage != Stage::One => Err(format!(
            "the {}'s state is part 2 of Eldritch",
            piece_type(kind).name
        )),
        _ => Err("this piece has no such state".into()),
    }
}

/// One item of the `unplaced=` list. An unknown code is [`FenError::UnknownPiece`]; the rest is
/// a [`FenError::Field`] of `unplaced`.
fn parse_unplaced(text: &str) -> Result<(Color, Unplaced), FenError> {
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
fn parse_types(text: &str) -> Result<u64, FenError> {
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

/// Validity beyond syntax (notation §2.6); every error is [`FenError::Illegal`].
fn validate(pos: &Eldritch) -> Result<(), FenError> {
    validity(pos).map_err(FenError::Illegal)
}

fn validity(pos: &Eldritch) -> Result<(), String> {
    for c in Color::BOTH {
        // ELD-620 a: a side without check-bearers has lost; like chess without a king, such a
        // board is no position to play from (placement places them first, ELD-051).
        if pos.placing.is_none() && pos.check_bearers(c).is_empty() {
            return Err(format!(
                "{} has no check-bearer (a liege or Doppelganger, ELD-610, ELD-620)",
                c.name()
            ));
        }
        let lieges = pos.check_bearers(c) & !pos.board.pieces(c, DOPPELGANGER);
        if lieges.count() > 1 {
            return Err(format!("{} has more than one liege (ELD-070)", c.name()));
        }
        if pos.board.pieces(c, DOPPELGANGER).count() > 1 {
            return Err(format!(
                "{} has more than one Doppelganger (ELD-282)",
                c.name()
            ));
        }
        for s in pos.board.pieces(c, GREMLIN) {
            let beyond = if c == Color::White {
                s.row() >= 8
            } else {
                s.row() <= 1
            };
            if beyond && pos.tag(s) & TAG_TURNED == 0 {
                return Err(format!(
                    "the Gremlin on {} must be turned {{t}} (ELD-401)",
                    G.name(s)
                ));
            }
        }
        // ELD-301, ELD-551: a token links to a creator of its side, one token per creator.
        for token in pos.board.pieces(c, BEAST) | pos.board.pieces(c, RIDDLE) {
            let Some(creator) = pos.link_of(token) else {
                continue;
            };
            let kind = pos.piece_at(token).kind();
            if token_of(pos.piece_at(creator).kind()) != Some(kind)
                || pos.piece_at(creator).color() != c
            {
                return Err(format!(
                    "the {} on {} is linked to {}, which holds no {} of its side",
                    piece_type(kind).name,
                    G.name(token),
                    G.name(creator),
                    if kind == BEAST { "Druid" } else { "Sphinx" }
                ));
            }
            if pos.linked_token(creator) != Some(token) {
                return Err(format!("{} has two linked tokens", G.name(creator)));
            }
        }
    }
    if pos.is_placing() {
        let mut options = crate::moves::MoveList::new();
        pos.placement_options(&mut options);
        if options.is_empty() {
            return Err(format!(
                "{} has nothing to place in this phase of the placement (ELD-051)",
                pos.side.name()
            ));
        }
    } else if !pos.returned {
        // After a Highlander return (`phase=`) the returned piece may check the opponent
        // before the mover's action: the position is mid-turn, not one to refuse.
        let them = !pos.side;
        let bearers = pos.check_bearers(them);
        if bearers.any() && pos.checked_bearers(them) == bearers {
            return Err("the side not to move is in check".into());
        }
    }
    Ok(())
}

impl Fen for Eldritch {
    fn start_position(options: &EldritchOptions) -> Self {
        Self::from_fen(START_FEN, options).expect("start FEN is valid")
    }

    fn from_fen(fen: &str, options: &EldritchOptions) -> Result<Self, FenError> {
        // Every field is ASCII; checking once lets the piece reader slice by bytes safely.
        if !fen.is_ascii() {
            return Err(FenError::NotAscii);
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 6 {
            return Err(FenError::FieldCount {
                min: 6,
                max: None,
                found: fields.len(),
            });
        }
        let mut pos = Eldritch::empty(options);
        let rows: Vec<&str> = fields[0].split('/').collect();
        // Eight ranks, or the whole 10x10 frame (ranks 9 to 0, files z to i, `x` for a square
        // that does not exist) once a Geomancer strip exists (notation §2.6, ELD-371).
        let framed = rows.len() == 10;
        if rows.len() != 8 && !framed {
            return Err(FenError::Board(format!(
                "board needs 8 ranks (10 with frame squares), got {}",
                rows.len()
            )));
        }
        let width: u8 = if framed { 10 } else { 8 };
        let first_col: u8 = if framed { 0 } else { 1 };
        let mut missing = Bitboard::EMPTY;
        for (i, row) in rows.iter().enumerate() {
            let row_index = if framed { 9 - i as u8 } else { 8 - i as u8 };
            let label = row_index; // the rank's name: 0..9
            let cell = |file: u8| -> Result<Square, FenError> {
                if file >= width {
                    return Err(FenError::Board(format!(
                        "rank {label} has more than {width} squares"
                    )));
                }
                Ok(Square::new(first_col + file, row_index))
            };
            let mut file = 0u8;
            let mut rest: &str = row;
            let mut last_run = false;
            while !rest.is_empty() {
                let c = rest.as_bytes()[0];
                if c.is_ascii_digit() {
                    let digits = rest.bytes().take_while(|b| b.is_ascii_digit()).count();
                    let n: u8 = rest[..digits].parse().unwrap_or(0);
                    if n == 0 || last_run || (!framed && digits > 1) {
                        return Err(FenError::Board(format!(
                            "bad empty-square count in rank {label}"
                        )));
                    }
                    last_run = true;
                    file = file.saturating_add(n);
                    rest = &rest[digits..];
                } else if c == b'x' && framed {
                    last_run = false;
                    missing.set(cell(file)?);
                    file += 1;
                    rest = &rest[1..];
                } else if c == b'(' {
                    // A stack `(top,bottom)`: a Familiar riding a host of its side (ELD-331);
                    // Ghost stacks come with the rest of part 2.
                    last_run = false;
                    let bad = |m: &str| FenError::Board(format!("rank {label}: {m}"));
                    let (top, top_tag, top_trophies, n1) = parse_piece(&rest[1..], label)?;
                    if rest.as_bytes().get(1 + n1) != Some(&b',') {
                        return Err(bad("a stack is (top,bottom)"));
                    }
                    let (host, tag, trophies, n2) = parse_piece(&rest[2 + n1..], label)?;
                    if rest.as_bytes().get(2 + n1 + n2) != Some(&b')') {
                        return Err(bad("a stack is (top,bottom)"));
                    }
                    let s = cell(file)?;
                    if top.kind() == GHOST && host.color() != top.color() {
                        // A Ghost stack `(^H,n)` (ELD-381): the Ghost in the mailbox, the
                        // suborned piece under it with its state.
                        let bt = piece_type(host.kind());
                        let forbidden = bt.is(PRIEST)
                            || bt.is(LIEGE)
                            || bt.has(F_DOPPELGANGER)
                            || matches!(host.kind(), BEAST | RIDDLE);
                        if forbidden || top_tag != 0 {
                            return Err(bad(
                                "a Ghost suborns an enemy piece that is not a priest, liege, Doppelganger, Beast or Riddle (ELD-381)",
                            ));
                        }
                        put_parsed(&mut pos, s, top, 0, Vec::new());
                        pos.extra.push_stacked(s, host);
                        if tag != 0 {
                            pos.sub_tags.push((s, tag));
                        }
                        for k in trophies {
                            pos.add_trophy(s, k);
                        }
                    } else {
                        if top.kind() != FAMILIAR || top_tag != 0 || !top_trophies.is_empty() {
                            return Err(bad(
                                "a stack is a Familiar on a host of its side or a Ghost on an enemy piece",
                            ));
                        }
                        if host.color() != top.color() || matches!(host.kind(), FAMILIAR | RIDDLE) {
                            return Err(bad(
                                "a Familiar rides a piece of its side that is not a Familiar or a Riddle (ELD-331)",
                            ));
                        }
                        put_parsed(&mut pos, s, host, tag, trophies);
                        pos.extra.push_stacked(s, top);
                    }
                    file += 1;
                    rest = &rest[3 + n1 + n2..];
                } else {
                    last_run = false;
                    let (p, tag, trophies, used) = parse_piece(rest, label)?;
                    put_parsed(&mut pos, cell(file)?, p, tag, trophies);
                    file += 1;
                    rest = &rest[used..];
                }
                if file > width {
                    return Err(FenError::Board(format!(
                        "rank {label} has more than {width} squares"
                    )));
                }
            }
            if file != width {
                return Err(FenError::Board(format!(
                    "rank {label} has {file} squares, not {width}"
                )));
            }
        }
        if framed {
            // ELD-371, ELD-372: the board exists, corners never, the rest is whole strips.
            let present = frame_mask() & !missing;
            let corners = [(0, 0), (9, 0), (0, 9), (9, 9)].map(|(c, r)| Square::new(c, r));
            let corners_given = corners.iter().any(|c| !missing.contains(*c));
            let frame = present & !board_mask();
            if (board_mask() & missing).any() || corners_given || !is_strip_union(frame) {
                return Err(FenError::Board(
                    "frame squares must be whole Geomancer strips (ELD-371, ELD-372); corners and board squares are never x-ed out otherwise".into(),
                ));
            }
            if (pos.board.occupied() & missing).any() {
                return Err(FenError::Board(
                    "a piece on a square that does not exist".into(),
                ));
            }
            pos.frame = frame;
        }
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(FenError::Side(format!(
                    "side to move must be w or b, got '{other}'"
                )))
            }
        };
        let occ = pos.board.occupied();
        pos.virgin = match fields[2] {
            "-" => Bitboard::EMPTY,
            "*" => occ,
            list => {
                let mut v = Bitboard::EMPTY;
                for name in list.split(',') {
                    let s = G
                        .parse(name)
                        .filter(|s| pos.exists().contains(*s))
                        .ok_or_else(|| FenError::Castling(format!("bad virgin square '{name}'")))?;
                    if !occ.contains(s) {
                        return Err(FenError::Castling(format!("virgin square {name} is empty")));
                    }
                    v.set(s);
                }
                v
            }
        };
        let ep = match fields[3] {
            "-" => None,
            name => {
                let s = G
                    .parse(name)
                    .filter(|s| pos.exists().contains(*s))
                    .ok_or_else(|| {
                        FenError::EnPassant(format!("bad en-passant square '{name}'"))
                    })?;
                // Any square a double step can pass: a virgin pawn-type piece double-steps from
                // wherever it stands (ELD-151 b), so only the first and last ranks are impossible.
                // Whether the square is usable (notation §2.6 field 4) is checked below.
                let passable_ranks = if pos.frame.any() { 1..=8 } else { 2..=7 };
                if !passable_ranks.contains(&s.row()) {
                    return Err(FenError::EnPassant(format!(
                        "en-passant square {name} cannot be passed by a double step"
                    )));
                }
                Some(s)
            }
        };
        pos.halfmove = fields[4]
            .parse()
            .map_err(|_| FenError::Counters(format!("bad halfmove clock '{}'", fields[4])))?;
        pos.fullmove = fields[5]
            .parse::<u16>()
            .map_err(|_| FenError::Counters(format!("bad fullmove number '{}'", fields[5])))?
            .max(1);
        let mut army: Option<u64> = None;
        let mut army_black: u64 = 0;
        let mut grave = [[0u8; 2]; 2];
        let mut blocks = Bitboard::EMPTY;
        let mut start: Option<StartSquares> = None;
        let mut bolt: Option<Square> = None;
        let mut turn: Option<Color> = None;
        let mut react: Vec<Reaction> = Vec::new();
        let mut mret = Bitboard::EMPTY;
        let mut returned: Option<&str> = None;
        let mut seen = Vec::new();
        for kv in &fields[6..] {
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
                    pos.placing = Some(Box::new(placing));
                }
                "army" => {
                    let (w, b) = value.split_once('/').ok_or_else(|| {
                        FenError::field("army", "army= needs White/Black type lists")
                    })?;
                    army = Some(parse_types(w)?);
                    army_black = parse_types(b)?;
                }
                "grave" => grave = parse_graveyards(value)?,
                "block" => blocks = parse_squares("block", value, pos.exists())?,
                "start" => start = Some(parse_start(value)?),
                "bolt" => {
                    let one = parse_squares("bolt", value, pos.exists())?;
                    if one.count() != 1 {
                        return Err(FenError::field("bolt", "bolt= names one square"));
                    }
                    bolt = Some(one.lsb());
                }
                "turn" => {
                    turn = Some(match value {
                        "w" => Color::White,
                        "b" => Color::Black,
                        _ => return Err(FenError::field("turn", "turn= is w or b")),
                    })
                }
                "react" => {
                    for item in value.split(',') {
                        react.push(parse_reaction(item)?);
                    }
                }
                "mret" => mret = parse_squares("mret", value, pos.exists())?,
                "hl" => pos.hl = parse_returns(value)?,
                "phase" => returned = Some(value),
                // ELD-273: tokens banned as this re-taken turn's first action.
                "ban" => {
                    for token in value.split(',') {
                        if token.is_empty() {
                            return Err(FenError::field("ban", "an empty banned token"));
                        }
                        pos.ban.push(token.to_string());
                    }
                }
                _ => return Err(FenError::field("keys", format!("unknown key '{key}'"))),
            }
        }
        pos.grave = grave;
        // ELD-605 c: pending reactions; the side to move decides the first, `turn=` (default:
        // the side to move) is the mover.
        if let Some(t) = turn {
            if react.is_empty() {
                return Err(FenError::field("turn", "turn= comes only with react="));
            }
            pos.turn = t;
        } else {
            pos.turn = pos.side;
        }
        if let Some(head) = react.first() {
            if pos.placing.is_some() || head.owner() != pos.side {
                return Err(FenError::field(
                    "react",
                    "the first pending reaction is the side to move's, in play",
                ));
            }
        }
        let mover = pos.turn;
        pos.react = react;
        if pos.react.is_empty() {
            pos.turn = Color::White;
            if mret.any() {
                return Err(FenError::field("mret", "mret= comes only with react="));
            }
        }
        for s in mret {
            if pos.piece_at(s).kind() != MYSTIC || pos.is_stack(s) {
                return Err(FenError::field(
                    "mret",
                    format!("{} holds no Mystic", G.name(s)),
                ));
            }
        }
        pos.mret = mret;
        // ELD-603: `phase=return` (a return made, more pending) or `phase=action` (returns
        // made, the action is next): the clock is the turn's, reset by the return.
        if let Some(phase) = returned {
            let pending = pos.returns_pending(mover);
            match phase {
                "return" if pending => {}
                "action" if !pending => {}
                _ => {
                    return Err(FenError::field(
                        "phase",
                        "phase=return needs pending returns of the mover, phase=action none",
                    ))
                }
            }
            if pos.placing.is_some() || pos.halfmove != 0 {
                return Err(FenError::field(
                    "phase",
                    "after a return the clock is 0 (ELD-623), in play",
                ));
            }
            pos.returned = true;
        }
        if pos.placing.is_some()
            && (pos.returns_pending(Color::White) || pos.returns_pending(Color::Black))
        {
            return Err(FenError::field(
                "hl",
                "no Highlander returns during placement",
            ));
        }
        pos.army = match army {
            Some(w) => [w, army_black],
            None => [
                default_army(&pos, Color::White),
                default_army(&pos, Color::Black),
            ],
        };
        // ELD-221: a Block restricts the mover, so it is a Barricade of the other side.
        for s in blocks {
            if pos.piece_at(s) != piece(!mover, BARRICADE) {
                return Err(FenError::field(
                    "block",
                    format!("{} holds no Barricade of the side not moving", G.name(s)),
                ));
            }
        }
        pos.blocks = blocks;
        // ELD-606: a continuation is pending (after any reactions) for a Bolt of the mover.
        if let Some(b) = bolt {
            if pos.placing.is_some() || pos.piece_at(b) != piece(mover, LIGHTNING_BOLT) {
                return Err(FenError::field(
                    "bolt",
                    format!("{} holds no Lightning Bolt of the mover", G.name(b)),
                ));
            }
            pos.bolt = Some(b);
        }
        // ELD-043: the start squares of a side with a Necromancer, its current placement
        // unless `start=` gives them (never during placement: they are fixed when play begins).
        if pos.placing.is_none() {
            pos.record_start();
        }
        if let Some(given) = start {
            let mut recorded: [Vec<(u8, Square)>; 2] =
                pos.start.as_deref().cloned().unwrap_or_default();
            for c in Color::BOTH {
                if given[c.index()].is_empty() {
                    continue;
                }
                if pos.placing.is_some() || pos.army[c.index()] & (1u64 << NECROMANCER) == 0 {
                    return Err(FenError::field(
                        "start",
                        format!("start= is kept only for a side whose army holds the Necromancer, in play ({})", c.name()),
                    ));
                }
                recorded[c.index()] = given[c.index()].clone();
            }
            pos.start = Some(std::sync::Arc::new(recorded));
        }
        validate(&pos)?;
        if let Some(head) = pos.react.first() {
            if !pos.reaction_possible(head) {
                return Err(FenError::field(
                    "react",
                    "the first pending reaction cannot be taken here (ELD-241, ELD-462, ELD-463)",
                ));
            }
        }
        if pos.placing.is_some() && !pos.ban.is_empty() {
            return Err(FenError::field("ban", "no bans during placement"));
        }
        if let (Some(s), Some(b)) = (ep, pos.bolt) {
            // Inside a Bolt's turn the square is the would-be one of its first action's double
            // step, judged when the turn ends (ELD-607): the square just behind the Bolt.
            let behind = s.offset(0, super::geometry::forward(pos.mover())) == Some(b);
            if behind && pos.piece_at(s).is_none() {
                pos.ep = Some(s);
            }
        } else if let Some(s) = ep {
            pos.ep = Some(s);
            let ok = pos.ep_victim(s).is_some_and(|v| {
                let p = pos.piece_at(v);
                p.is_some() && p.color() != pos.side && pos.double_steps_at(v)
            }) && pos.piece_at(s).is_none();
            if !ok || !pos.ep_is_legal() {
                pos.ep = None;
            }
        }
        // A FEN has no past (notation §2.1): at a turn's first decision its own start is kept,
        // so the turn played from it may be divined; inside a turn nothing is (design C7).
        let first_decision = pos.react.is_empty() && pos.bolt.is_none() && !pos.returned;
        if pos.placing.is_none() && first_decision {
            pos.begin_turn_record();
        }
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        let mut out = String::new();
        // Eight ranks, or the whole frame once a strip exists (`x`: no such square).
        let (rows, cols) = if self.frame.is_empty() {
            (1..=8u8, 1..=8u8)
        } else {
            (0..=9u8, 0..=9u8)
        };
        let exists = self.exists();
        for row in rows.clone().rev() {
            let mut empty = 0;
            for col in cols.clone() {
                let s = Square::new(col, row);
                if !exists.contains(s) {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push('x');
                    continue;
                }
                if self.piece_at(s).is_none() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                match (self.rider(s), self.suborned(s)) {
                    // A Familiar stack (ELD-006): `(top,bottom)`, the rider first.
                    (Some(r), _) => out.push_str(&format!(
                        "({},{})",
                        colored_code(r.kind(), r.color() == Color::White),
                        piece_token(self, s)
                    )),
                    // A Ghost stack: the Ghost on top of the piece it suborns.
                    (None, Some(p)) => out.push_str(&format!(
                        "({},{})",
                        piece_token(self, s),
                        unit_token(self, s, p, self.suborned_tag(s))
                    )),
                    (None, None) => out.push_str(&piece_token(self, s)),
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if row > *rows.start() {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.side == Color::White { 'w' } else { 'b' });
        out.push(' ');
        let occ = self.board.occupied();
        if self.virgin.is_empty() {
            out.push('-');
        } else if self.virgin == occ {
            out.push('*');
        } else {
            let names: Vec<String> = self.virgin.into_iter().map(|s| G.name(s)).collect();
            out.push_str(&names.join(","));
        }
        out.push(' ');
        match self.ep {
            Some(s) => out.push_str(&G.name(s)),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        if let Some(p) = self.placing() {
            let mut items = Vec::new();
            for c in Color::BOTH {
                items.extend(p.side(c).iter().map(|u| unplaced_text(u, c)));
            }
            out.push_str(" unplaced=");
            out.push_str(&items.join(","));
        }
        let defaults = [
            default_army(self, Color::White),
            default_army(self, Color::Black),
        ];
        if self.army != defaults {
            out.push_str(&format!(
                " army={}/{}",
                types_text(self.army[0]),
                types_text(self.army[1])
            ));
        }
        // ELD-043: printed for a side with a Necromancer whose start placement is not its
        // current one.
        let mut starts = Vec::new();
        for c in Color::BOTH {
            let start = self.start_squares(c);
            let now: Vec<(u8, Square)> = self
                .board
                .color(c)
                .into_iter()
                .map(|s| (self.piece_at(s).kind(), s))
                .collect();
            if !start.is_empty() && start != now.as_slice() {
                for &(k, s) in start {
                    starts.push(format!(
                        "{}{}",
                        colored_code(k, c == Color::White),
                        G.name(s)
                    ));
                }
            }
        }
        if !starts.is_empty() {
            out.push_str(" start=");
            out.push_str(&starts.join(","));
        }
        let returns = returns_text(self);
        if !returns.is_empty() {
            out.push_str(" hl=");
            out.push_str(&returns);
        }
        let graves = graveyards_text(&self.grave);
        if !graves.is_empty() {
            out.push_str(" grave=");
            out.push_str(&graves);
        }
        if self.blocks.any() {
            let names: Vec<String> = self.blocks.into_iter().map(|s| G.name(s)).collect();
            out.push_str(" block=");
            out.push_str(&names.join(","));
        }
        if let Some(b) = self.bolt {
            out.push_str(" bolt=");
            out.push_str(&G.name(b));
        }
        if !self.react.is_empty() {
            out.push_str(if self.turn == Color::White {
                " turn=w"
            } else {
                " turn=b"
            });
            let items: Vec<String> = self.react.iter().map(|r| reaction_text(self, r)).collect();
            out.push_str(" react=");
            out.push_str(&items.join(","));
        }
        if self.mret.any() {
            let names: Vec<String> = self.mret.into_iter().map(|s| G.name(s)).collect();
            out.push_str(" mret=");
            out.push_str(&names.join(","));
        }
        if !self.ban.is_empty() {
            out.push_str(" ban=");
            out.push_str(&self.ban.join(","));
        }
        if self.returned {
            out.push_str(if self.returns_pending(self.mover()) {
                " phase=return"
            } else {
                " phase=action"
            });
        }
        out
    }
}

impl Notation for Eldritch {
    fn piece_types() -> &'static [crate::catalogue::PieceType] {
        super::pieces::piece_types()
    }

    /// Token of a legal action (notation §3.6).
    fn format_move(&self, mv: Move) -> String {
        let mut s = String::with_capacity(8);
        match mv.kind() {
            MoveKind::Null | MoveKind::Pass => return "0000".to_string(),
            // Reactions (notation §3.6): the Pawn that becomes a Knight, the Mystic's return.
            MoveKind::Decision if mv.piece_kind() == Some(MYSTIC) => {
                s.push_str(piece_type(MYSTIC).code);
                s.push('@');
                G.write_name(mv.to(), &mut s);
                return s;
            }
            MoveKind::Decision if mv.param() == super::reactions::DEC_RELEASE => {
                s.push('>'); // ELD-385: the square the released piece is placed on
                G.write_name(mv.to(), &mut s);
                return s;
            }
            MoveKind::Decision => {
                G.write_name(mv.to(), &mut s);
                s.push_str("=N");
                return s;
            }
            MoveKind::Placement if self.placing.is_none() => {
                // A Highlander return (notation §3.6 with our completions C1, C3).
                let stage = (mv.param() & 7) as usize;
                let royal = mv.param() & PARAM_ROYAL != 0;
                let pending: Vec<(usize, bool, u8)> = self.pending_returns(self.side).collect();
                let index = [
                    0,
                    PendingStage::BR,
                    PendingStage::BR,
                    PendingStage::N,
                    PendingStage::P,
                ][stage];
                s.push_str(piece_type(HIGHLANDER).code);
                if royal && pending.iter().any(|&(i, r, _)| i == index && !r) {
                    s.push('!');
                }
                let n_and_p = pending.iter().any(|&(i, _, _)| i == PendingStage::N)
                    && pending.iter().any(|&(i, _, _)| i == PendingStage::P);
                if index == PendingStage::BR || n_and_p {
                    s.push('=');
                    s.push(['Q', 'B', 'R', 'N', 'P'][stage]);
                }
                s.push('@');
                G.write_name(mv.to(), &mut s);
                return s;
            }
            MoveKind::Placement => {
                let kind = mv.piece_kind().unwrap_or(PAWN);
                let to = mv.to();
                let c = self.side;
                s.push_str(piece_type(kind).code);
                if let Some(p) = self.placing() {
                    let list = p.side(c);
                    let bundles = list.iter().filter(|u| u.kind == kind).count();
                    if bundles > 1 {
                        if let Some(u) = list.get(mv.param() as usize) {
                            s.push(':');
                            s.push_str(&replaced_letters(&u.replaced));
                        }
                    }
                    s.push('@');
                    G.write_name(to, &mut s);
                    if kind == ILLUSIONIST {
                        let mut others: Vec<(Square, u8)> = Vec::new();
                        for u in list.iter().filter(|u| u.kind == ROOK || u.kind == QUEEN) {
                            if let Some(rook) = group_rook(mv).filter(|_| u.kind == ROOK) {
                                others.push((rook, ROOK));
                                continue;
                            }
                            let free = home_squares(u.kind, c)
                                .into_iter()
                                .filter(|x| *x != to && self.piece_at(*x).is_none());
                            others.extend(free.take(u.count as usize).map(|x| (x, u.kind)));
                        }
                        others.sort();
                        for (x, k) in others {
                            s.push(',');
                            s.push_str(piece_type(k).code);
                            s.push('@');
                            G.write_name(x, &mut s);
                        }
                    }
                }
                return s;
            }
            _ => {}
        }
        G.write_name(mv.from(), &mut s);
        if mv.kind() == MoveKind::Invoke {
            self.write_invoke(mv, &mut s);
            return s;
        }
        G.write_name(mv.to(), &mut s);
        let kind = self.piece_at(mv.from()).kind();
        if mv.kind() == MoveKind::Promotion {
            s.push('=');
            s.push_str(piece_type(mv.piece_kind().unwrap_or(QUEEN)).code);
        } else if mv.param() != 0 {
            match kind {
                DRAGON => {
                    s.push('x');
                    G.write_name(Square::from_index(mv.param()), &mut s);
                }
                VAMPIRE => {
                    s.push('@');
                    s.push_str(DIRECTIONS[(mv.param() - 1) as usize].0);
                }
                _ => {}
            }
        }
        s
    }

    /// The `d` board: two-character cells and a legend of the codes present.
    fn render(&self) -> String {
        let mut out = String::new();
        // The board, with the frame's rows and files once a strip exists (`##`: no square).
        let framed = self.frame.any();
        let (rows, cols) = if framed {
            (0..=9u8, 0..=9u8)
        } else {
            (1..=8u8, 1..=8u8)
        };
        let line = format!("  +{}\n", "----+".repeat(cols.len()));
        out.push_str(&line);
        let mut present: Vec<u8> = Vec::new();
        let exists = self.exists();
        for row in rows.rev() {
            out.push_str(&format!("{row} "));
            for col in cols.clone() {
                let s = Square::new(col, row);
                let p = self.piece_at(s);
                let cell = if !exists.contains(s) {
                    "## ".to_string()
                } else if p.is_some() {
                    if !present.contains(&p.kind()) {
                        present.push(p.kind());
                    }
                    let code = colored_code(p.kind(), p.color() == Color::White);
                    let mark = if self.tag(s) != 0 { "'" } else { " " };
                    format!("{code:>2}{mark}")
                } else {
                    "   ".to_string()
                };
                out.push_str(&format!("| {cell}"));
            }
            out.push_str("|\n");
            out.push_str(&line);
        }
        out.push_str(if framed {
            "     z    a    b    c    d    e    f    g    h    i"
        } else {
            "     a    b    c    d    e    f    g    h"
        });
        if !present.is_empty() {
            // The key of the types on the board follows in `d`, from the catalogue.
            out.push_str(
                "\n\nUpper case White, lower case Black; ' marks a piece with state of its own (braces or ! in the FEN).",
            );
        }
        if let Some(p) = self.placing() {
            out.push_str("\n\nPlacement phase, unplaced:");
            for c in Color::BOTH {
                let items: Vec<String> = p.side(c).iter().map(|u| unplaced_text(u, c)).collect();
                out.push_str(&format!("\n  {}: {}", c.name(), items.join(", ")));
            }
        }
        out
    }

    fn view(&self) -> BoardView {
        let squares = self
            .exists()
            .into_iter()
            .map(|square| {
                let p = self.piece_at(square);
                let unit = |p: Piece| {
                    PieceView::new(
                        piece_type(p.kind()).code,
                        piece_type(p.kind()).name,
                        p.color(),
                    )
                };
                let mut units = Vec::new();
                if p.is_some() {
                    let state = state_text(self, square);
                    units.push(PieceView {
                        note: (!state.is_empty()).then_some(state),
                        ..unit(p)
                    });
                    // Stacked units (part 2: riders, suborned pieces), top first.
                    let mut below: Vec<Piece> = self.extra.stacked_on(square).collect();
                    below.reverse();
                    units.extend(below.into_iter().map(unit));
                }
                SquareView {
                    square,
                    // ELD-371: strips appear at the board's edge.
                    zone: if board_mask().contains(square) {
                        Zone::Board
                    } else {
                        Zone::Edge
                    },
                    units,
                }
            })
            .collect();
        BoardView {
            geometry: G,
            squares,
            hands: [Vec::new(), Vec::new()],
            side_to_move: self.side,
        }
    }
}
