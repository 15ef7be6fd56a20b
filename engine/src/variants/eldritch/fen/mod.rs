//! EFEN (`docs/notation.md` §2.6), read in two stages as shakmaty reads a chess FEN: first
//! the syntax of each field into a record (the board field in [`board`], the six fields'
//! others here, the key=value fields in [`keys`]), then the legality of the whole
//! ([`legality`], with typed reasons). Piece tokens, both ways, are [`piece_token`]; move
//! tokens and the `d` board are `super::notation`.

mod board;
pub(super) mod keys;
mod legality;
pub(super) mod piece_token;

use super::catalogue::*;
use super::state::{Eldritch, EldritchOptions};
use super::START_FEN;
use crate::bitboard::Bitboard;
use crate::errors::FenError;
use crate::piece::Color;
use crate::rules::Fen;
use crate::square::{Geometry, Square};
use keys::{default_army, graveyards_text, reaction_text, returns_text, types_text, unplaced_text};
use piece_token::{piece_token, unit_token};

const G: Geometry = Geometry::Framed8;

/// The first stage: the syntax of every field, on the empty position of `options`. The
/// record is the position with its board, side, virgin squares and counters, the en-passant
/// square as written, and the key fields as read.
fn read(
    fen: &str,
    options: &EldritchOptions,
) -> Result<(Eldritch, Option<Square>, keys::Keys), FenError> {
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
    board::read(fields[0], &mut pos)?;
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
                .ok_or_else(|| FenError::EnPassant(format!("bad en-passant square '{name}'")))?;
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
    let keys = keys::read(&fields[6..], pos.exists())?;
    Ok((pos, ep, keys))
}

impl Fen for Eldritch {
    fn start_position(options: &EldritchOptions) -> Self {
        Self::from_fen(START_FEN, options).expect("start FEN is valid")
    }

    fn from_fen(fen: &str, options: &EldritchOptions) -> Result<Self, FenError> {
        let (pos, ep, keys) = read(fen, options)?;
        legality::settle(pos, ep, keys)
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
