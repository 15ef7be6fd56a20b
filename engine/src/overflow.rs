//! What one bit per square cannot hold: pieces in hand, stacked pieces (Eldritch riders and
//! suborned pieces), and per-piece state (virgin flags, Highlander stages, Vampire
//! directions...). Hobgoblin does not use it: its crowds are counts with partner pairs, kept in
//! its own position type (`variants/hobgoblin/position.rs`). Every change updates a Zobrist key so the whole state stays hashed.
//!
//! Variants that need none of this (chess, Duggan) simply do not carry an `Overflow`, so their
//! copy-make stays small.

use crate::piece::Piece;
use crate::square::Square;
use crate::zobrist::{KEYS, MAX_HAND_COUNT};
use arrayvec::ArrayVec;

/// Capacity of the stack and tag lists (no variant comes near it: Eldritch allows at most 16
/// stacks).
pub const OVERFLOW_CAPACITY: usize = 64;

/// One extra unit standing on `square` below the piece the mailbox shows.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct StackedUnit {
    pub square: Square,
    pub piece: Piece,
}

/// A piece's variant state, packed by the variant into 32 bits, attached to its square.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Tag {
    pub square: Square,
    pub value: u32,
}

#[derive(PartialEq, Eq, Debug)]
pub struct Overflow {
    hands: [[u8; 64]; 2],
    stacked: ArrayVec<StackedUnit, OVERFLOW_CAPACITY>,
    tags: ArrayVec<Tag, OVERFLOW_CAPACITY>,
    hash: u64,
}

/// Copy-make clones a position for every move tried: the units and tags in use are copied in
/// one block each (a derived clone copies them one by one).
impl Clone for Overflow {
    fn clone(&self) -> Self {
        let mut stacked = ArrayVec::new();
        let mut tags = ArrayVec::new();
        // Same capacities: these cannot fail.
        let _ = stacked.try_extend_from_slice(&self.stacked);
        let _ = tags.try_extend_from_slice(&self.tags);
        Overflow {
            hands: self.hands,
            stacked,
            tags,
            hash: self.hash,
        }
    }
}

fn hand_key(piece: Piece, count: u8) -> u64 {
    KEYS.hand[piece.index()][(count as usize).min(MAX_HAND_COUNT - 1)]
}

/// Tag keys mix the square key of a reserved piece slot with the value bits.
fn tag_key(tag: Tag) -> u64 {
    let base = KEYS.stacked[127][tag.square.index()];
    base.rotate_left(tag.value % 64) ^ (tag.value as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Default for Overflow {
    fn default() -> Self {
        Overflow {
            hands: [[0; 64]; 2],
            stacked: ArrayVec::new(),
            tags: ArrayVec::new(),
            hash: 0,
        }
    }
}

impl Overflow {
    pub fn new() -> Self {
        Self::default()
    }

    /// Key of everything in the overflow.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn hand_count(&self, piece: Piece) -> u8 {
        self.hands[piece.color().index()][piece.kind() as usize]
    }

    pub fn add_to_hand(&mut self, piece: Piece) {
        let c = &mut self.hands[piece.color().index()][piece.kind() as usize];
        self.hash ^= hand_key(piece, *c);
        *c += 1;
        self.hash ^= hand_key(piece, *c);
    }

    /// Takes one `piece` from the hand; false if there is none.
    pub fn take_from_hand(&mut self, piece: Piece) -> bool {
        let c = &mut self.hands[piece.color().index()][piece.kind() as usize];
        if *c == 0 {
            return false;
        }
        self.hash ^= hand_key(piece, *c);
        *c -= 1;
        self.hash ^= hand_key(piece, *c);
        true
    }

    /// The units stacked under the top piece of `sq`, bottom first.
    pub fn stacked_on(&self, sq: Square) -> impl Iterator<Item = Piece> + '_ {
        self.stacked
            .iter()
            .filter(move |u| u.square == sq)
            .map(|u| u.piece)
    }

    /// Whether no unit is stacked and no piece has a tag anywhere (hands aside).
    #[inline]
    pub fn no_stacks_or_tags(&self) -> bool {
        self.stacked.is_empty() && self.tags.is_empty()
    }

    /// Whether any unit is stacked on `sq`.
    #[inline]
    pub fn has_stack(&self, sq: Square) -> bool {
        !self.stacked.is_empty() && self.stacked.iter().any(|u| u.square == sq)
    }

    /// Removes every unit stacked on `sq`, returning them bottom first.
    pub fn take_stack(&mut self, sq: Square) -> Vec<Piece> {
        let units: Vec<Piece> = self.stacked_on(sq).collect();
        for &p in &units {
            self.remove_stacked(sq, p);
        }
        units
    }

    /// Puts `piece` on top of the units stacked on `sq`. The list stays ordered by square (and
    /// bottom first within one), so equal positions have equal lists.
    pub fn push_stacked(&mut self, sq: Square, piece: Piece) {
        let at = self
            .stacked
            .partition_point(|u| u.square.index() <= sq.index());
        self.stacked.insert(at, StackedUnit { square: sq, piece });
        self.hash ^= KEYS.stacked[piece.index()][sq.index()];
    }

    /// Removes one stacked `piece` from `sq`; false if none was there.
    pub fn remove_stacked(&mut self, sq: Square, piece: Piece) -> bool {
        match self
            .stacked
            .iter()
            .position(|u| u.square == sq && u.piece == piece)
        {
            Some(i) => {
                self.stacked.remove(i);
                self.hash ^= KEYS.stacked[piece.index()][sq.index()];
                true
            }
            None => false,
        }
    }

    /// Moves every stacked unit of `from` to `to` (a stack moving as one).
    pub fn move_stack(&mut self, from: Square, to: Square) {
        for u in self.stacked.iter_mut().filter(|u| u.square == from) {
            self.hash ^= KEYS.stacked[u.piece.index()][from.index()]
                ^ KEYS.stacked[u.piece.index()][to.index()];
            u.square = to;
        }
        self.stacked.sort_by_key(|u| u.square.index()); // stable: bottom first stays
    }

    pub fn tag(&self, sq: Square) -> Option<u32> {
        self.tags.iter().find(|t| t.square == sq).map(|t| t.value)
    }

    /// Sets (or with `None` clears) the state of the piece on `sq`. Tags stay ordered by
    /// square, so equal positions have equal lists whatever order their pieces moved in.
    pub fn set_tag(&mut self, sq: Square, value: Option<u32>) {
        let at = self.tags.partition_point(|t| t.square.index() < sq.index());
        let present = self.tags.get(at).is_some_and(|t| t.square == sq);
        if present {
            self.hash ^= tag_key(self.tags[at]);
        }
        match (present, value) {
            (true, Some(value)) => self.tags[at].value = value,
            (true, None) => {
                self.tags.remove(at);
            }
            (false, Some(value)) => self.tags.insert(at, Tag { square: sq, value }),
            (false, None) => {}
        }
        if let Some(value) = value {
            self.hash ^= tag_key(Tag { square: sq, value });
        }
    }

    /// Carries the state of a piece moving from `from` to `to`.
    pub fn move_tag(&mut self, from: Square, to: Square) {
        let value = self.tag(from);
        self.set_tag(from, None);
        self.set_tag(to, value);
    }

    /// The key computed from scratch.
    pub fn recompute_hash(&self) -> u64 {
        let mut h = 0;
        for (c, hand) in self.hands.iter().enumerate() {
            for (kind, &count) in hand.iter().enumerate() {
                if count > 0 {
                    let color = if c == 0 {
                        crate::Color::White
                    } else {
                        crate::Color::Black
                    };
                    h ^= hand_key(Piece::new(color, kind as u8), count);
                }
            }
        }
        for u in &self.stacked {
            h ^= KEYS.stacked[u.piece.index()][u.square.index()];
        }
        for &t in &self.tags {
            h ^= tag_key(t);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;

    #[test]
    fn incremental_key_equals_recomputed_key_and_order_does_not_matter() {
        let mut a = Overflow::new();
        let dragon = Piece::new(Color::White, 17);
        let rider = Piece::new(Color::Black, 30);
        let e4 = Square::new(5, 4);
        let e5 = Square::new(5, 5);
        a.add_to_hand(dragon);
        a.add_to_hand(dragon);
        assert!(a.take_from_hand(dragon));
        assert_eq!(a.hand_count(dragon), 1);
        a.push_stacked(e4, rider);
        a.set_tag(e4, Some(3));
        a.move_stack(e4, e5);
        a.move_tag(e4, e5);
        assert_eq!(a.hash(), a.recompute_hash());
        assert_eq!(a.stacked_on(e5).collect::<Vec<_>>(), vec![rider]);
        assert_eq!(a.tag(e5), Some(3));

        let mut b = Overflow::new();
        b.set_tag(e5, Some(3));
        b.push_stacked(e5, rider);
        b.add_to_hand(dragon);
        assert_eq!(a.hash(), b.hash(), "same contents give the same key");
        b.set_tag(e5, Some(4));
        assert_ne!(a.hash(), b.hash(), "state values are hashed");
        assert!(b.remove_stacked(e5, rider));
        assert!(!b.remove_stacked(e5, rider));
        assert!(!Overflow::new().take_from_hand(dragon));
        assert_eq!(b.hash(), b.recompute_hash());
    }
}
