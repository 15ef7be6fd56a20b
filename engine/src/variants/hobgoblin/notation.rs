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
use crate::rules::{Chance, MoveGen, Notation, Position};
use crate::square::Square;
use crate::view::{BoardView, PieceView, SquareView, Zone};
use std::rc::Rc;

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
    pub(super) fn unit_total(&self, node: Square, color: Color) -> u32 {
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

    /// A unit move's token without the promotion letters (those need the move played).
    fn format_unit_body(&self, mv: Move) -> String {
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
        token
    }

    fn format_unit_move(&self, mv: Move) -> String {
        let mut token = self.format_unit_body(mv);
        token.push_str(&self.promotion_suffix(mv, self.node(mv.to())));
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

impl Hobgoblin {
    /// The legal actions, remembered for the last position asked on this thread: a GUI or a
    /// check parses many tokens of one position.
    /// The legal list of this position if it is the one remembered. `remember` marks this
    /// position as asked once: asked a second time, its whole list is generated and kept.
    fn cached_legal_moves(&self, remember: bool) -> Option<Rc<LegalIndex>> {
        type Slot = Option<(Hobgoblin, Option<Rc<LegalIndex>>)>;
        thread_local! {
            static LAST: std::cell::RefCell<Slot> = const { std::cell::RefCell::new(None) };
        }
        let known = LAST.with(|l| {
            l.borrow()
                .as_ref()
                .filter(|(p, _)| p == self)
                .map(|(_, list)| list.clone())
        });
        match known {
            Some(Some(list)) => Some(list),
            Some(None) if !remember => {
                let mut list = MoveList::new();
                self.generate_legal(&mut list);
                let list = Rc::new(LegalIndex::new(&list));
                LAST.with(|l| *l.borrow_mut() = Some((self.clone(), Some(list.clone()))));
                Some(list)
            }
            Some(None) => None,
            None => {
                if remember {
                    LAST.with(|l| *l.borrow_mut() = Some((self.clone(), None)));
                }
                None
            }
        }
    }

    /// The start every token of `mv` begins with (a cheap filter before formatting).
    fn token_head(&self, mv: Move) -> String {
        match mv.kind() {
            MoveKind::Decision | MoveKind::Null => String::new(),
            MoveKind::Link | MoveKind::Unlink => name(mv.from()),
            _ => format!("{}{}", name(self.node(mv.from())), name(self.node(mv.to()))),
        }
    }

    /// The HOB-150 identity of a unit move (state after magnetism, record, roll sites, declared
    /// promotions); `None` if the plan cannot be played.
    pub fn turn_key(&self, mv: Move) -> Option<u64> {
        let mut child = self.clone();
        let fx = child.move_stage(mv);
        if fx.overflow {
            return None;
        }
        Some(super::movegen::turn_identity(&child, &fx, promo_code(mv)))
    }

    /// Builds the unit move a (possibly non-canonical) token specifies: `S T [group | =t]
    /// [promotions]` (notation §3.7). The move is tried on a copy only when `legal` holds a
    /// move between the same squares (other squares may not even be on the board); an
    /// equivalent spelling of a plan is allowed, and identity is the caller's.
    fn parse_unit_spec(&self, token: &str, legal: &LegalIndex) -> Option<Move> {
        let me = self.side();
        let g = Self::GEOMETRY;
        let (s, n1) = g.parse_prefix(token)?;
        let (t, n2) = g.parse_prefix(&token[n1..])?;
        let (s, t) = (self.node(s), self.node(t));
        let mut rest = &token[n1 + n2..];
        let classes = plans::classes(self, s, me, true);
        let types = self.mutation_types(t);
        let mut plan = plans::Plan {
            counts: classes.iter().map(|_| (0u8, 0u8)).collect(),
            mutations: Default::default(),
        };
        let mut mutations = vec![[0u8; KINDS]; classes.len() * 2];
        let kind_of = |c: char| {
            KIND_LETTERS
                .iter()
                .position(|&l| l == c.to_ascii_uppercase())
        };
        let type_of = |c: char| {
            KIND_LETTERS
                .iter()
                .position(|&l| l.to_ascii_lowercase() == c)
                .filter(|&k| k >= 1)
        };
        if let Some(body) = rest.strip_prefix('(') {
            let close = body.find(')')?;
            for member in body[..close].split(',') {
                let (count, unit) = crate::fen_fields::count_prefix(member)?;
                let count = count.unwrap_or(1);
                let mut chars = unit.chars();
                let letter = chars.next()?;
                if (letter.is_ascii_uppercase()) != (me == Color::White) {
                    return None;
                }
                let kind = kind_of(letter)? as u8;
                let mut tail: &str = chars.as_str();
                let carrier = tail.starts_with('\'');
                if carrier {
                    tail = &tail[1..];
                }
                let mut extending = false;
                let mut partner = None;
                if let Some(t2) = tail.strip_prefix('^') {
                    extending = true;
                    tail = t2;
                } else if let Some(t2) = tail.strip_prefix('~') {
                    let (p, n) = g.parse_prefix(t2)?;
                    partner = Some(self.node(p));
                    tail = &t2[n..];
                }
                let mutation = match tail.strip_prefix('=') {
                    Some(m) if m.len() == 1 => Some(type_of(m.chars().next()?)?),
                    Some(_) => return None,
                    None if tail.is_empty() => None,
                    None => return None,
                };
                let has_plain = classes
                    .iter()
                    .any(|c| c.kind == kind && c.state == State::Whole);
                let index = classes.iter().position(|c| {
                    c.kind == kind
                        && match (c.state, partner) {
                            (State::Half(u), Some(p)) => u == p,
                            (State::Pawn, None) => kind as usize == PAWN as usize,
                            (State::Carrier, None) => carrier || !has_plain,
                            (State::Whole, None) => !carrier,
                            _ => false,
                        }
                })?;
                let entry = &mut plan.counts[index];
                if extending {
                    entry.1 = entry.1.checked_add(count)?;
                } else {
                    entry.0 = entry.0.checked_add(count)?;
                }
                if let Some(m) = mutation {
                    let slot = &mut mutations[index * 2 + extending as usize][m];
                    *slot = slot.checked_add(count)?;
                }
            }
            rest = &body[close + 1..];
        } else {
            // A lone unit: a pawn moves, a piece extends, a half consolidates (HOB-43).
            if classes.len() != 1 || classes[0].count != 1 {
                return None;
            }
            let ext = classes[0].is_whole();
            plan.counts[0] = if ext { (0, 1) } else { (1, 0) };
            if let Some(m) = rest.strip_prefix('=') {
                let k = type_of(m.chars().next()?)?;
                mutations[ext as usize][k] = 1;
                rest = &m[1..];
            }
        }
        for (i, class) in classes.iter().enumerate() {
            let (a, b) = plan.counts[i];
            if a.checked_add(b)? > class.count || (!class.is_whole() && b > 0) {
                return None;
            }
        }
        if types.len() >= 2 {
            for (i, class) in classes.iter().enumerate() {
                for ext in [false, true] {
                    let size = plans::group_size(class, plan.counts[i], ext);
                    let m = mutations[i * 2 + ext as usize];
                    if m.iter().map(|&x| x as u32).sum::<u32>() != size as u32 {
                        return None;
                    }
                    plan.mutations.push(m);
                }
            }
        }
        let code = plans::encode(&classes, &plan, &types)?;
        let pawn_moves = classes
            .iter()
            .zip(&plan.counts)
            .any(|(c, &(a, _))| c.state == State::Pawn && a > 0);
        let kind = if pawn_moves && self.is_en_passant_target(s, t) {
            MoveKind::EnPassant
        } else {
            MoveKind::Normal
        };
        let base = Move::build(Some(s), Some(t), kind, None, 0, code);
        if legal.between(Some(s), Some(t)).is_empty() {
            return None;
        }
        // Promotions: letters for T, then `/node letters`.
        let mut child = self.clone();
        let _ = child.move_stage(base);
        let nodes = if child.result().is_some() {
            Default::default()
        } else {
            child.promotion_nodes(me)
        };
        let mut declared: Vec<(Square, [u8; KINDS])> = Vec::new();
        let mut parts = rest.split('/');
        let first = parts.next().unwrap_or("");
        let letters = |text: &str| -> Option<[u8; KINDS]> {
            let mut counts = [0u8; KINDS];
            for c in text.chars() {
                let k = type_of(c).filter(|&k| k != PAWN as usize)?;
                counts[k] += 1;
            }
            Some(counts)
        };
        if !first.is_empty() {
            declared.push((t, letters(first)?));
        }
        for part in parts {
            let (sq, n) = g.parse_prefix(part)?;
            declared.push((self.node(sq), letters(&part[n..])?));
        }
        let mut w = plans::CodeWriter::new();
        for &node in &nodes {
            let pawns = child.count(node, me, PAWN);
            let (_, counts) = declared.iter().find(|(n, _)| *n == node)?;
            if counts.iter().map(|&c| c as u32).sum::<u32>() != pawns as u32 {
                return None;
            }
            plans::put_multiset(&mut w, counts, &PROMOTION_KINDS, pawns);
        }
        if declared.len() != nodes.len() {
            return None;
        }
        let promo = w.finish()?;
        if nodes.is_empty() {
            return Some(base);
        }
        Some(Move::build(
            Some(s),
            Some(t),
            kind,
            Some((promo & 127) as u8),
            ((promo >> 7) & 127) as u8,
            code,
        ))
    }
}

impl Hobgoblin {
    /// An outcome token (notation §3.7): `!` and the exploding sites in index order, or `!-`
    /// when every roll survived.
    fn format_outcome(&self, mask: u32) -> String {
        let Some(chance) = self.chance() else {
            return "!-".to_string();
        };
        let sites: Vec<String> = chance
            .sites
            .into_iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, node)| name(node))
            .collect();
        if sites.is_empty() {
            "!-".to_string()
        } else {
            format!("!{}", sites.join(","))
        }
    }

    /// The outcome a set of exploding sites gives (`-` for none): the generated outcome with
    /// the same result, since sets that destroy the same units are one outcome (HOB-104).
    fn parse_outcome(&self, sites: &str) -> Option<Move> {
        let chance = self.chance()?;
        let mut mask = 0u32;
        if sites != "-" {
            for site in sites.split(',') {
                let node = self.node(Self::GEOMETRY.parse(site)?);
                let i = chance.sites.into_iter().position(|s| s == node)?;
                mask |= 1 << i;
            }
        }
        let mut child = self.clone();
        child.apply_outcome(mask);
        let key = child.hash();
        self.weighted_outcomes()
            .into_iter()
            .map(|(m, _)| m)
            .find(|&m| {
                let mut other = self.clone();
                other.apply_outcome(m.ext());
                other.hash() == key
            })
    }
}

impl Notation for Hobgoblin {
    fn piece_types() -> &'static [crate::catalogue::PieceType] {
        &super::position::PIECES
    }

    fn format_move(&self, mv: Move) -> String {
        match mv.kind() {
            MoveKind::Link => format!("{}={}", name(mv.from()), name(mv.to())),
            MoveKind::Unlink => self.format_unlink(mv),
            MoveKind::Decision => self.format_decision(mv),
            MoveKind::Castle => format!("{}{}", name(mv.from()), name(mv.to())),
            MoveKind::Chance => self.format_outcome(mv.ext()),
            MoveKind::Null => "0000".to_string(),
            _ => self.format_unit_move(mv),
        }
    }

    /// A dice outcome in words (`a4 explodes`), any other action by `san_text` (§6.6).
    fn format_san(&self, mv: Move) -> String {
        if mv.kind() == MoveKind::Chance {
            return super::san::outcome_words(&self.format_move(mv));
        }
        self.san_text(mv)
    }

    /// The dice outcomes keep their tokens (`!e4`): the words have spaces.
    fn format_pgn(&self, mv: Move) -> String {
        if mv.kind() == MoveKind::Chance {
            self.format_move(mv)
        } else {
            self.san_text(mv)
        }
    }

    /// The readable text read back to its token (`docs/notation.md` §6.6): no list of every
    /// turn's text is made (a crowd has too many).
    fn parse_readable(&self, text: &str) -> Option<Move>
    where
        Self: MoveGen,
    {
        let token = self.san_to_token(text)?;
        self.parse_move(&token).ok()
    }

    /// Matches the canonical token of a legal action (its hallway alias too), or builds the
    /// action a non-canonical specification describes and finds the legal action with the
    /// same HOB-150 identity (notation §3.7, §4).
    fn parse_move(&self, token: &str) -> Result<Move, MoveError>
    where
        Self: MoveGen,
    {
        let illegal = || MoveError::Illegal {
            token: token.to_string(),
        };
        if let Some(sites) = token.strip_prefix('!') {
            return self.parse_outcome(sites).ok_or_else(|| MoveError::Illegal {
                token: if self.chance().is_some() {
                    format!("{token} (not a set of this turn's roll sites)")
                } else {
                    format!("{token} (no dice are pending)")
                },
            });
        }
        if self.chance().is_some() {
            return Err(MoveError::Illegal {
                token: format!("{token} (the dice of the last move are pending: an outcome `!sites` or `!-` comes first)"),
            });
        }
        let bytes = token.as_bytes();
        let link_step = bytes.len() > 2 && bytes[0] == b'i' && matches!(bytes[2], b'=' | b'|');
        let wanted = self.board_names(token);
        // Many tokens of one position (a check, a GUI's list): its whole legal list, kept.
        // One token of each position (replaying a game): only the part the token can name.
        let list = match self.cached_legal_moves(false) {
            Some(list) => list,
            None => {
                let origin = if link_step {
                    if !(b'1'..=b'8').contains(&bytes[1]) {
                        return Err(illegal());
                    }
                    Some(Square::new(9, bytes[1] - b'0'))
                } else if self.pending_decision() {
                    None
                } else {
                    let (sq, _) = Self::GEOMETRY.parse_prefix(&wanted).ok_or_else(illegal)?;
                    Some(self.node(sq))
                };
                let mut part = MoveList::new();
                self.generate_some(&mut part, true, false, link_step, !link_step, origin);
                let _ = self.cached_legal_moves(true);
                Rc::new(LegalIndex::new(&part))
            }
        };
        // A unit move spelled by its plan: the canonical token gives the legal move's exact
        // bits, with no token printed.
        let candidate = if link_step || self.pending_decision() {
            None
        } else {
            self.parse_unit_spec(&wanted, &list)
        };
        if let Some(c) = candidate {
            if list.contains(c) {
                return Ok(c);
            }
        }
        for &m in list.all() {
            if matches!(m.kind(), MoveKind::Normal | MoveKind::EnPassant) && candidate.is_some() {
                continue;
            }
            let head = self.token_head(m);
            if !wanted.starts_with(&head) && !token.starts_with(&head) {
                continue;
            }
            let printed = self.format_move(m);
            if printed == token || printed == wanted {
                return Ok(m);
            }
        }
        // Another specification of a legal turn: match its HOB-150 identity (notation §3.7).
        let candidate = candidate.ok_or_else(illegal)?;
        let key = self.turn_key(candidate).ok_or_else(illegal)?;
        list.between(candidate.from_opt(), candidate.to_opt())
            .iter()
            .copied()
            .find(|&m| self.turn_key(m).as_ref() == Some(&key))
            .ok_or_else(illegal)
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
                        // Short notes: `~a5` a half and its partner, `=i3` the other square
                        // of a linked node.
                        let mut note = partner.map(|p| format!("~{}", name(p)));
                        if linked {
                            let other = if sq == node {
                                Square::new(9, rank)
                            } else {
                                node
                            };
                            let link = format!("={}", name(other));
                            note = Some(match note {
                                Some(n) => format!("{n} {link}"),
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

/// A legal list sorted by its two squares (then by its bits), so that a token finds the moves
/// between the squares it names by binary search: a crowd can have hundreds of thousands of
/// moves, and a check parses every one of their tokens.
struct LegalIndex {
    moves: Vec<Move>,
}

impl LegalIndex {
    /// The low 14 bits of a move are its departure and arrival squares.
    const SQUARES: u64 = (1 << 14) - 1;

    fn new(list: &MoveList) -> Self {
        let mut moves = list.to_vec();
        moves.sort_unstable_by_key(|m| (m.raw() & Self::SQUARES, m.raw()));
        LegalIndex { moves }
    }

    fn all(&self) -> &[Move] {
        &self.moves
    }

    /// The moves from `s` to `t`, sorted by their bits.
    fn between(&self, s: Option<Square>, t: Option<Square>) -> &[Move] {
        let key = Move::build(s, t, MoveKind::Normal, None, 0, 0).raw() & Self::SQUARES;
        let start = self
            .moves
            .partition_point(|m| m.raw() & Self::SQUARES < key);
        let end = start + self.moves[start..].partition_point(|m| m.raw() & Self::SQUARES == key);
        &self.moves[start..end]
    }

    fn contains(&self, mv: Move) -> bool {
        self.between(mv.from_opt(), mv.to_opt())
            .binary_search_by_key(&mv.raw(), |m| m.raw())
            .is_ok()
    }
}
