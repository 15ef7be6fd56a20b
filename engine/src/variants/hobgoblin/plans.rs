//! Moving sets as counts (HOB-8, HOB-40): the classes of interchangeable units on a node, a
//! plan (how many of each class move, in which mode, mutating into what) and its code in a
//! move's 32-bit extension (`docs/hobgoblin-design.md` §3).
//!
//! Codes are mixed-radix numbers whose radices follow from the digits before them (a count
//! bounds the choices after it), so decoding needs only the position and the two nodes.

use super::position::{Hobgoblin, Wing, KINDS, KING, PAWN, ROOK};
use crate::piece::Color;
use crate::square::Square;
use arrayvec::ArrayVec;

/// Most classes one node can hold in a plan (kinds × carrier/plain + halves by partner).
pub const MAX_CLASSES: usize = 40;

/// The state of a class of interchangeable units (HOB-8).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum State {
    Pawn,
    /// Consolidated pieces without a castling right.
    Whole,
    /// The consolidated king or rook that carries a castling right (HOB-60), always one unit.
    Carrier,
    /// Halves whose partners stand on the given node.
    Half(Square),
}

/// A class of interchangeable units on one node: `count` units of `kind` in `state`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Class {
    pub kind: u8,
    pub state: State,
    pub count: u8,
}

impl Class {
    pub fn is_whole(&self) -> bool {
        matches!(self.state, State::Whole | State::Carrier)
    }
}

pub type Classes = ArrayVec<Class, MAX_CLASSES>;

/// Per class: (units moved carried or plain, units extending). Pawns and halves use only the
/// first.
pub type Counts = ArrayVec<(u8, u8), MAX_CLASSES>;

/// A mutation choice (HOB-51): per (class, mode) group, how many units take each kind
/// (index QUEEN..=PAWN; KING unused).
pub type Mutations = ArrayVec<[u8; KINDS], { MAX_CLASSES * 2 }>;

/// One unit move's choices.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Plan {
    pub counts: Counts,
    /// Empty when the move captures nothing or offers one type; else one entry per group in
    /// order (class 0 plain, class 0 extending, class 1 plain, ...), zero-size groups included.
    pub mutations: Mutations,
}

/// The castling-right carriers of `color`'s consolidated king or rook on `node` (HOB-60).
pub fn carries_right(pos: &Hobgoblin, node: Square, color: Color, kind: u8) -> bool {
    let rank = match color {
        Color::White => 1,
        Color::Black => 8,
    };
    if node.row() != rank {
        return false;
    }
    let rights = pos.rights();
    let k = rights & Wing::King.right(color) != 0;
    let q = rights & Wing::Queen.right(color) != 0;
    match (kind, node.col()) {
        (KING, 5) => k || q,
        (ROOK, 8) => k,
        (ROOK, 1) => q,
        _ => false,
    }
}

/// Whether the pair (kind, color) between `x` and `y` holds a locked castling piece (HOB-62).
pub fn holds_locked(pos: &Hobgoblin, color: Color, kind: u8, x: Square, y: Square) -> bool {
    let Some(wing) = pos.in_progress(color) else {
        return false;
    };
    let rank = match color {
        Color::White => 1,
        Color::Black => 8,
    };
    let [kf, kt, rf, rt] = wing.files();
    let (a, b) = match kind {
        KING => (Square::new(kf, rank), Square::new(kt, rank)),
        ROOK => (Square::new(rf, rank), Square::new(rt, rank)),
        _ => return false,
    };
    (x == a && y == b) || (x == b && y == a)
}

/// The classes of `color`'s units on `node` in canonical order (notation §3.7: kind K Q R B N
/// P; carrier, plain, halves by partner index). `movable_only` leaves out locked halves (for
/// moves); unlinks and captures see every unit.
pub fn classes(pos: &Hobgoblin, node: Square, color: Color, movable_only: bool) -> Classes {
    let mut out = Classes::new();
    let halves = &pos.bits().halves[color.index()];
    for kind in 0..KINDS as u8 {
        if kind == PAWN {
            let n = pos.count(node, color, PAWN);
            if n > 0 {
                out.push(Class {
                    kind,
                    state: State::Pawn,
                    count: n,
                });
            }
            continue;
        }
        let mut n = pos.count(node, color, kind);
        if n > 0 && carries_right(pos, node, color, kind) {
            out.push(Class {
                kind,
                state: State::Carrier,
                count: 1,
            });
            n -= 1;
        }
        if n > 0 {
            out.push(Class {
                kind,
                state: State::Whole,
                count: n,
            });
        }
        if !halves[kind as usize].contains(node) {
            continue;
        }
        // Halves by partner node, in index order.
        let first = out.len();
        for p in pos.pairs() {
            if p.color != color || p.kind != kind || (p.a != node && p.b != node) {
                continue;
            }
            let partner = p.partner(node);
            let locked = movable_only && holds_locked(pos, color, kind, node, partner);
            let count = p.count - locked as u8;
            if count > 0 && !out.is_full() {
                out.push(Class {
                    kind,
                    state: State::Half(partner),
                    count,
                });
            }
        }
        out[first..].sort_by_key(|c| match c.state {
            State::Half(u) => u,
            _ => node,
        });
    }
    out
}

/// Mixed-radix writer: each digit with its own radix.
#[derive(Default)]
pub struct CodeWriter {
    value: u128,
    scale: u128,
}

impl CodeWriter {
    pub fn new() -> Self {
        CodeWriter { value: 0, scale: 1 }
    }

    pub fn put(&mut self, digit: u64, radix: u64) {
        debug_assert!(digit < radix);
        self.value = self
            .value
            .saturating_add((digit as u128).saturating_mul(self.scale));
        self.scale = self.scale.saturating_mul(radix as u128);
    }

    /// The code, or `None` when it does not fit 32 bits.
    pub fn finish(self) -> Option<u32> {
        (self.value <= u32::MAX as u128).then_some(self.value as u32)
    }
}

/// Mixed-radix reader, the inverse of [`CodeWriter`].
pub struct CodeReader(pub u64);

impl CodeReader {
    pub fn take(&mut self, radix: u64) -> u64 {
        let d = self.0 % radix;
        self.0 /= radix;
        d
    }
}

/// Writes a multiset of `size` items over `types` (kind counts) as sequential counts.
pub fn put_multiset(w: &mut CodeWriter, counts: &[u8; KINDS], types: &[u8], size: u8) {
    let mut left = size;
    for &t in types.iter().take(types.len().saturating_sub(1)) {
        let c = counts[t as usize];
        w.put(c as u64, left as u64 + 1);
        left -= c;
    }
}

/// Reads what [`put_multiset`] wrote.
pub fn take_multiset(r: &mut CodeReader, types: &[u8], size: u8) -> [u8; KINDS] {
    let mut counts = [0u8; KINDS];
    let mut left = size;
    for (i, &t) in types.iter().enumerate() {
        if i + 1 == types.len() {
            counts[t as usize] = left;
        } else {
            let c = (r.take(left as u64 + 1) as u8).min(left);
            counts[t as usize] = c;
            left -= c;
        }
    }
    counts
}

/// Every multiset of `size` items over `types`, as kind counts.
pub fn multisets(types: &[u8], size: u8, out: &mut Vec<[u8; KINDS]>) {
    fn rec(types: &[u8], left: u8, cur: &mut [u8; KINDS], out: &mut Vec<[u8; KINDS]>) {
        match types {
            [] => {}
            [last] => {
                cur[*last as usize] = left;
                out.push(*cur);
                cur[*last as usize] = 0;
            }
            [first, rest @ ..] => {
                for c in 0..=left {
                    cur[*first as usize] = c;
                    rec(rest, left - c, cur, out);
                }
                cur[*first as usize] = 0;
            }
        }
    }
    let mut cur = [0u8; KINDS];
    rec(types, size, &mut cur, out);
}

/// The size of a group: units of class `i` in mode `extending` that take part in a mutation
/// (kings never mutate, HOB-53).
pub fn group_size(class: &Class, counts: (u8, u8), extending: bool) -> u8 {
    if class.kind == KING {
        return 0;
    }
    if extending {
        counts.1
    } else {
        counts.0
    }
}

/// Encodes a plan for `classes` (mutation types `types`, empty when there is no choice).
pub fn encode(classes: &Classes, plan: &Plan, types: &[u8]) -> Option<u32> {
    let mut w = CodeWriter::new();
    for (class, &(a, b)) in classes.iter().zip(&plan.counts) {
        w.put(a as u64, class.count as u64 + 1);
        if class.is_whole() {
            w.put(b as u64, (class.count - a) as u64 + 1);
        }
    }
    if types.len() >= 2 {
        for (g, m) in plan.mutations.iter().enumerate() {
            let class = &classes[g / 2];
            let size = group_size(class, plan.counts[g / 2], g % 2 == 1);
            put_multiset(&mut w, m, types, size);
        }
    }
    w.finish()
}

/// Decodes a plan code for `classes`.
pub fn decode(classes: &Classes, code: u32, types: &[u8]) -> Plan {
    let mut r = CodeReader(code as u64);
    let mut plan = Plan::default();
    for class in classes {
        let a = (r.take(class.count as u64 + 1) as u8).min(class.count);
        let b = if class.is_whole() {
            (r.take((class.count - a) as u64 + 1) as u8).min(class.count - a)
        } else {
            0
        };
        plan.counts.push((a, b));
    }
    if types.len() >= 2 {
        for (i, class) in classes.iter().enumerate() {
            for ext in [false, true] {
                let size = group_size(class, plan.counts[i], ext);
                plan.mutations.push(take_multiset(&mut r, types, size));
            }
        }
    }
    plan
}
