//! Hobgoblin tokens (notation §3.7): unit moves with groups, mutation and promotion letters,
//! castling, link steps and the opponent's decision; the `d` board and the picture.

use super::fen::{letter, name};
use super::movegen::promo_code;
use super::plans::{self, CodeReader, State};
use super::play::PROMOTION_KINDS;
use super::position::{is_hallway, Hobgoblin, KINDS, KIND_LETTERS, PAWN};
use crate::errors::MoveError;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::Color;
use crate::rules::{MoveGen, Notation, Position};
use crate::square::Square;
use crate::view::{BoardView, PieceView, SquareView, Zone};

/// The full names of the kinds, for pictures.
pub const KIND_NAMES: [&str; KINDS] = ["King", "Queen", "Rook", "Bishop", "Knight", "Pawn"];

fn lower(kind: u8) -> char {
    letter(Color::Black, kind)
}

/// `[count]` then the descriptor.
fn member(out: &mut Vec<String>, n: u8, body: String) {
    if n == 0 {
        return;
    }
    if n > 1 {
        out.push(format!("{n}{body}"));
    } else {
        out.push(body);
    }
}

/// Per node, the letters of a promotion multiset (`qqn`).
fn promo_letters(counts: &[u8; KINDS]) -> String {
    let mut s = String::new();
    for k in PROMOTION_KINDS {
        for _ in 0..counts[k as usize] {
            s.push(lower(k));
        }
    }
    s
}

impl Hobgoblin {
    /// Units of `color` on `node` (consolidated, pawns and halves).
    fn unit_total(&self, node: Square, color: Color) -> u32 {
        let whole: u32 = (0..KINDS as u8)
            .map(|k| self.count(node, color, k) as u32)
            .sum();
        let halves: u32 = self
            .halves_on(node)
            .filter(|p| p.color == color)
            .map(|p| p.count as u32)
            .sum();
        whole + halves
    }

    fn format_unit_move(&self, mv: Move) -> String {
        let me = self.side();
        let (s, t) = (self.node(mv.from()), self.node(mv.to()));
        let mut token = format!("{}{}", name(s), name(t));
        let classes = plans::classes(self, s, me, true);
        let types = self.mutation_types(t);
        let plan = plans::decode(&classes, mv.ext(), &types);
        let mutation = |i: usize, ext: bool, n: u8, body: &str, out: &mut Vec<String>| {
            if types.len() >= 2 && plans::group_size(&classes[i], plan.counts[i], ext) > 0 {
                let m = plan.mutations[i * 2 + ext as usize];
                for &k in &types {
                    member(out, m[k as usize], format!("{body}={}", lower(k)));
                }
            } else {
                member(out, n, body.to_string());
            }
        };
        if self.unit_total(s, me) == 1 {
            if types.len() >= 2 {
                let i = plan
                    .counts
                    .iter()
                    .position(|&(a, b)| a + b > 0)
                    .unwrap_or(0);
                let ext = plan.counts[i].1 > 0;
                let m = plan.mutations[i * 2 + ext as usize];
                if let Some(&k) = types.iter().find(|&&k| m[k as usize] > 0) {
                    token.push('=');
                    token.push(lower(k));
                }
            }
        } else {
            let mut members = Vec::new();
            for (i, class) in classes.iter().enumerate() {
                let (a, b) = plan.counts[i];
                let l = letter(me, class.kind);
                match class.state {
                    State::Pawn => mutation(i, false, a, &l.to_string(), &mut members),
                    State::Whole | State::Carrier => {
                        let mark = if class.state == State::Carrier
                            && classes
                                .iter()
                                .any(|c| c.kind == class.kind && c.state == State::Whole)
                        {
                            "'"
                        } else {
                            ""
                        };
                        mutation(i, false, a, &format!("{l}{mark}"), &mut members);
                        mutation(i, true, b, &format!("{l}{mark}^"), &mut members);
                    }
                    State::Half(u) => {
                        mutation(i, false, a, &format!("{l}~{}", name(u)), &mut members)
                    }
                }
            }
            token.push('(');
            token.push_str(&members.join(","));
            token.push(')');
        }
        token.push_str(&self.promotion_suffix(mv, t));
        token
    }

    /// The mover's declared promotions (HOB-111): letters for the pawns on `t` first, then
    /// `/node letters` for the other nodes in index order.
    fn promotion_suffix(&self, mv: Move, t: Square) -> String {
        let me = self.side();
        let mut child = self.clone();
        let _ = child.move_stage(mv);
        if child.result().is_some() {
            return String::new();
        }
        let nodes = child.promotion_nodes(me);
        let mut r = CodeReader(promo_code(mv) as u64);
        let mut at_t = String::new();
        let mut others = String::new();
        for node in nodes {
            let n = child.count(node, me, PAWN);
            let counts = plans::take_multiset(&mut r, &PROMOTION_KINDS, n);
            let letters = promo_letters(&counts);
            if node == t {
                at_t = letters;
            } else {
                others.push('/');
                others.push_str(&name(node));
                others.push_str(&letters);
            }
        }
        at_t + &others
    }

    fn format_unlink(&self, mv: Move) -> String {
        let board = mv.to();
        let mut token = format!("{}|{}", name(mv.from()), name(board));
        let Some(color) = self.color_on(board) else {
            return token;
        };
        let classes = plans::classes(self, board, color, false);
        let mut r = CodeReader(mv.ext() as u64);
        let mut members = Vec::new();
        for class in &classes {
            let n = (r.take(class.count as u64 + 1) as u8).min(class.count);
            let l = letter(color, class.kind);
            let body = match class.state {
                State::Half(u) => format!("{l}~{}", name(u)),
                State::Carrier
                    if classes
                        .iter()
                        .any(|c| c.kind == class.kind && c.state == State::Whole) =>
                {
                    format!("{l}'")
                }
                _ => l.to_string(),
            };
            member(&mut members, n, body);
        }
        if !members.is_empty() {
            token.push('(');
            token.push_str(&members.join(","));
            token.push(')');
        }
        token
    }

    fn format_decision(&self, mv: Move) -> String {
        let color = self.side();
        let mut r = CodeReader(mv.ext() as u64);
        let parts: Vec<String> = self
            .promotion_nodes(color)
            .into_iter()
            .map(|node| {
                let n = self.count(node, color, PAWN);
                let counts = plans::take_multiset(&mut r, &PROMOTION_KINDS, n);
                format!("{}{}", name(node), promo_letters(&counts))
            })
            .collect();
        parts.join("/")
    }

    /// Rewrites the hallway name of a linked node into its board name (notation §3.7 alias).
    fn board_names(&self, token: &str) -> String {
        let mut out = String::with_capacity(token.len());
        let bytes: Vec<char> = token.chars().collect();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == 'i' && i + 1 < bytes.len() && bytes[i + 1].is_ascii_digit() {
                let rank = bytes[i + 1] as u8 - b'0';
                let sq = Square::new(9, rank);
                // Link steps name the hallway square itself; keep it there.
                let link_step = i == 0 && bytes.get(2).is_some_and(|&c| c == '=' || c == '|');
                if (1..=8).contains(&rank) && !link_step && is_hallway(sq) && self.node(sq) != sq {
                    out.push_str(&name(self.node(sq)));
                    i += 2;
                    continue;
                }
            }
            out.push(bytes[i]);
            i += 1;
        }
        out
    }
}

impl Notation for Hobgoblin {
    fn format_move(&self, mv: Move) -> String {
        match mv.kind() {
            MoveKind::Link => format!("{}={}", name(mv.from()), name(mv.to())),
            MoveKind::Unlink => self.format_unlink(mv),
            MoveKind::Decision => self.format_decision(mv),
            MoveKind::Castle => format!("{}{}", name(mv.from()), name(mv.to())),
            MoveKind::Null => "0000".to_string(),
            _ => self.format_unit_move(mv),
        }
    }

    fn parse_move(&self, token: &str) -> Result<Move, MoveError>
    where
        Self: MoveGen,
    {
        if let Some(rest) = token.strip_prefix('!') {
            let _ = rest;
            return Err(MoveError::Illegal {
                token: format!("{token} (explosions are part 2: every roll survives)"),
            });
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        let wanted = self.board_names(token);
        list.iter()
            .copied()
            .find(|&m| {
                let printed = self.format_move(m);
                printed == token || printed == wanted
            })
            .ok_or_else(|| MoveError::Illegal {
                token: token.to_string(),
            })
    }

    fn render(&self) -> String {
        super::fen::render(self)
    }

    fn view(&self) -> BoardView {
        let mut squares = Vec::new();
        for rank in 1..=8u8 {
            for col in 1..=9u8 {
                let sq = Square::new(col, rank);
                let node = self.node(sq);
                let linked = node != sq || self.linked().contains(sq);
                let units = self
                    .members(node)
                    .into_iter()
                    .map(|(color, kind, n, partner)| {
                        let mut note = partner.map(|p| format!("half ~{}", name(p)));
                        if linked {
                            let other = if sq == node {
                                Square::new(9, rank)
                            } else {
                                node
                            };
                            let link = format!("linked {}", name(other));
                            note = Some(match note {
                                Some(n) => format!("{n}, {link}"),
                                None => link,
                            });
                        }
                        PieceView {
                            code: KIND_LETTERS[kind as usize].to_string(),
                            name: KIND_NAMES[kind as usize].to_string(),
                            color,
                            count: n as u32,
                            note,
                        }
                    })
                    .collect();
                squares.push(SquareView {
                    square: sq,
                    zone: if col == 9 { Zone::Edge } else { Zone::Board },
                    units,
                });
            }
        }
        BoardView {
            geometry: Self::GEOMETRY,
            squares,
            hands: [Vec::new(), Vec::new()],
            side_to_move: self.side_to_move(),
        }
    }
}
