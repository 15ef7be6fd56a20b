//! One piece token of an EFEN board (notation §2.6), both ways: code, `{state}` braces, `!`
//! for a royal piece; the tag bits and trophies it stands for.

use super::super::catalogue::*;
use super::super::geometry::board_mask;
use super::super::state::{
    piece, Eldritch, TAG_DIRECTIONS, TAG_FORM, TAG_FORM_SHIFT, TAG_KNIGHT, TAG_LINK,
    TAG_LINK_SHIFT, TAG_MOVED, TAG_ROYAL, TAG_STAGE, TAG_STAGE_SHIFT, TAG_START, TAG_START_SHIFT,
    TAG_TURNED,
};
use crate::errors::FenError;
use crate::piece::{Color, Piece};
use crate::square::{Geometry, Square};

const G: Geometry = Geometry::Framed8;

/// The brace state of the piece on `s` (without braces), empty for the default.
pub(in crate::variants::eldritch) fn state_text(pos: &Eldritch, s: Square) -> String {
    state_text_of(pos, s, pos.piece_at(s), pos.tag(s))
}

/// The brace state of piece `p` with tag `tag` standing (or suborned) on `s`.
pub(super) fn state_text_of(pos: &Eldritch, s: Square, p: Piece, tag: u32) -> String {
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

/// The full token of the piece on `s`: code, state, royal flag.
pub(super) fn piece_token(pos: &Eldritch, s: Square) -> String {
    unit_token(pos, s, pos.piece_at(s), pos.tag(s))
}

/// The token of piece `p` with tag `tag` on `s`: code, braces, royal flag.
pub(super) fn unit_token(pos: &Eldritch, s: Square, p: Piece, tag: u32) -> String {
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

/// Reads one piece token at the start of `text` in rank `rank` (counted from 1): piece, tag,
/// bytes used. An unknown code is [`FenError::UnknownPiece`]; the rest is [`FenError::Board`].
pub(super) fn parse_piece(text: &str, rank: u8) -> Result<(Piece, u32, Vec<u8>, usize), FenError> {
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
pub(super) fn put_parsed(pos: &mut Eldritch, s: Square, p: Piece, mut tag: u32, trophies: Vec<u8>) {
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
pub(super) fn parse_trophies(state: &str) -> Result<Vec<u8>, String> {
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

/// A token's link field: a square of the board, or `-` for none.
pub(super) fn link_bits(text: &str) -> Result<u32, String> {
    if text == "-" {
        return Ok(0);
    }
    let s = G
        .parse(text)
        .filter(|s| board_mask().contains(*s))
        .ok_or_else(|| format!("'{text}' is not a square of the board"))?;
    Ok((s.index() as u32 + 1) << TAG_LINK_SHIFT)
}

pub(super) fn parse_state(kind: u8, state: &str) -> Result<u32, String> {
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
