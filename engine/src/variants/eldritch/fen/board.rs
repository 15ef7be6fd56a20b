//! The board field of an EFEN (notation §2.6): eight ranks, or the whole frame once a
//! Geomancer strip exists; piece tokens, Familiar and Ghost stacks, `x` for a square that does
//! not exist.

use super::super::catalogue::*;
use super::super::geometry::{board_mask, frame_mask, is_strip_union};
use super::super::state::Eldritch;
use crate::bitboard::Bitboard;
use crate::errors::FenError;
use crate::square::Square;

use super::piece_token::{parse_piece, put_parsed};

/// Places the board field `field` on the empty position `pos` and sets its frame.
pub(super) fn read(field: &str, pos: &mut Eldritch) -> Result<(), FenError> {
    let rows: Vec<&str> = field.split('/').collect();
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
                    put_parsed(pos, s, top, 0, Vec::new());
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
                    put_parsed(pos, s, host, tag, trophies);
                    pos.extra.push_stacked(s, top);
                }
                file += 1;
                rest = &rest[3 + n1 + n2..];
            } else {
                last_run = false;
                let (p, tag, trophies, used) = parse_piece(rest, label)?;
                put_parsed(pos, cell(file)?, p, tag, trophies);
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
    Ok(())
}
