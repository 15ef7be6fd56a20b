//! Hobgoblin's readable notation (`docs/notation.md` §6.6): the token with the moving piece's
//! letter, `-` or `x` between the nodes, promotions as `=Q`, castling as `O-O`, and dice
//! outcomes in words (`e4 explodes`, `all survive`). A crowd can have hundreds of thousands
//! of legal turns, so the text is made from the token alone and read back the same way: it
//! names its departure node, so it never needs a disambiguation, and it maps to one token.

use super::position::{Hobgoblin, KIND_LETTERS, PAWN};
use crate::moves::{Move, MoveKind};
use crate::rules::{Notation, Position};
use crate::san::promotion_tail;

impl Hobgoblin {
    /// The readable text of a legal action.
    pub(super) fn san_text(&self, mv: Move) -> String {
        let token = self.format_move(mv);
        match mv.kind() {
            MoveKind::Chance => outcome_words(&token),
            MoveKind::Castle => {
                if mv.to().col() > mv.from().col() {
                    "O-O".to_string()
                } else {
                    "O-O-O".to_string()
                }
            }
            MoveKind::Decision => promotions(&token),
            MoveKind::Link | MoveKind::Unlink | MoveKind::Null => token,
            _ => self.unit_move_text(mv, &token),
        }
    }

    /// `Ng1-f3`, `e4xd5=n`, `d4-d7(Q^,2P)`, `d7-d8(2P)=QN`, `c6-c7/b8=Q`.
    fn unit_move_text(&self, mv: Move, token: &str) -> String {
        let g = Self::GEOMETRY;
        let Some((_, a)) = g.parse_prefix(token) else {
            return token.to_string();
        };
        let Some((_, b)) = g.parse_prefix(&token[a..]) else {
            return token.to_string();
        };
        let (from, to, rest) = (&token[..a], &token[a..a + b], &token[a + b..]);
        let movers = self.members(self.node(mv.from()));
        let mut out = String::with_capacity(token.len() + 2);
        // A lone unit is named by its letter (none for a pawn); a group names the units.
        if let [(_, kind, 1, _)] = movers.as_slice() {
            if *kind != PAWN && !rest.starts_with('(') {
                out.push(KIND_LETTERS[*kind as usize]);
            }
        }
        out.push_str(from);
        let side = self.side_to_move();
        let capture = self
            .members(self.node(mv.to()))
            .iter()
            .any(|&(c, ..)| c != side);
        out.push(if capture { 'x' } else { '-' });
        out.push_str(to);
        out.push_str(&promotions(rest));
        out
    }

    /// The token a readable text (or a token) names, if it is one of this notation's forms.
    pub(super) fn san_to_token(&self, text: &str) -> Option<String> {
        let text = text.split(':').next().unwrap_or(text).trim();
        if text == "all survive" {
            return Some("!-".to_string());
        }
        if let Some(sites) = text
            .strip_suffix(" explodes")
            .or_else(|| text.strip_suffix(" explode"))
        {
            let sites: Vec<&str> = sites
                .split([',', ' '])
                .filter(|s| !s.is_empty() && *s != "and")
                .collect();
            return Some(format!("!{}", sites.join(",")));
        }
        let text = crate::san::forgiven(text);
        let (home, rank) = if self.side_to_move() == crate::Color::White {
            ('1', '1')
        } else {
            ('8', '8')
        };
        match text.as_str() {
            "O-O" => return Some(format!("e{home}g{rank}")),
            "O-O-O" => return Some(format!("e{home}c{rank}")),
            _ => {}
        }
        let g = Self::GEOMETRY;
        let mut rest = text.as_str();
        if rest.starts_with(|c: char| c.is_ascii_uppercase())
            && g.parse_prefix(&rest[1..]).is_some()
        {
            rest = &rest[1..];
        }
        let mut token = String::with_capacity(rest.len());
        if let Some((_, a)) = g.parse_prefix(rest) {
            let after = &rest[a..];
            if let Some(sep) = after.strip_prefix(['-', 'x']) {
                if g.parse_prefix(sep).is_some() {
                    token.push_str(&rest[..a]);
                    rest = sep;
                }
            }
        }
        // `=QN` back to `qn`; a mutation (`=n`, lower case) stays.
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '=' && chars.peek().is_some_and(|n| n.is_ascii_uppercase()) {
                while let Some(&n) = chars.peek() {
                    if !n.is_ascii_uppercase() {
                        break;
                    }
                    token.push(n.to_ascii_lowercase());
                    chars.next();
                }
            } else {
                token.push(c);
            }
        }
        Some(token)
    }
}

/// Promotion letters as `=Q`: after a group or a mutation, and per `/node` part.
fn promotions(rest: &str) -> String {
    rest.split('/')
        .map(|part| {
            // The letters after the squares, the group or the mutation are the promotions.
            let cut = part
                .rfind(|c: char| !matches!(c, 'q' | 'r' | 'b' | 'n'))
                .map_or(0, |i| i + 1);
            // `=n` is a mutation, not a promotion: its letter follows `=` directly.
            let cut = if cut > 0 && part.as_bytes()[cut - 1] == b'=' && cut < part.len() {
                cut + 1
            } else {
                cut
            };
            let (head, letters) = part.split_at(cut.min(part.len()));
            format!("{head}{}", promotion_tail(letters))
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// `!e4` as `e4 explodes`, `!e4,c6` as `e4, c6 explode`, `!-` as `all survive`.
pub fn outcome_words(token: &str) -> String {
    let sites: Vec<&str> = token
        .trim_start_matches('!')
        .split(',')
        .filter(|s| !s.is_empty() && *s != "-")
        .collect();
    match sites.as_slice() {
        [] => "all survive".to_string(),
        [one] => format!("{one} explodes"),
        many => format!("{} explode", many.join(", ")),
    }
}
