//! A lock-free transposition table shared by all search threads. Each entry is two atomics:
//! `key ^ data` and `data`. A torn write (two threads writing one entry at once) fails the key
//! check on probe and reads as a miss, so no lock is needed.

use crate::moves::Move;
use crate::search::evaluator::Score;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

/// What a probe returns. `mv` holds the low 32 bits of the stored move (every field but the
/// extension payload); callers match it against generated moves.
#[derive(Copy, Clone, Debug)]
pub struct TtEntry {
    pub move_bits: u32,
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(bytemuck::Zeroable)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

pub struct TranspositionTable {
    slots: Box<[Slot]>,
    generation: AtomicU8,
}

const SLOT_BYTES: usize = 16;

/// data layout: move 32 bits | score 16 | depth 7 | bound 2 | generation 7.
fn pack(move_bits: u32, score: Score, depth: i32, bound: Bound, generation: u8) -> u64 {
    (move_bits as u64)
        | ((score as i16 as u16 as u64) << 32)
        | (((depth.clamp(0, 127)) as u64) << 48)
        | ((bound as u64) << 55)
        | (((generation & 0x7F) as u64) << 57)
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one slot).
    pub fn new(mb: usize) -> Self {
        Self::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of `mb` megabytes, or why it cannot be allocated (the caller keeps its old one).
    pub fn try_new(mb: usize) -> Result<Self, String> {
        let count = (mb.max(1) << 20) / SLOT_BYTES;
        // A zeroed allocation: the kernel hands out zeroed pages as they are first touched,
        // so a large table costs nothing until used (a 16 MB memset was most of `Engine::new`).
        let slots = bytemuck::allocation::try_zeroed_slice_box::<Slot>(count)
            .map_err(|_| format!("cannot allocate a {mb} MB hash table"))?;
        Ok(TranspositionTable {
            slots,
            generation: AtomicU8::new(0),
        })
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        // Multiply-shift maps the key onto any table length without a power-of-two size.
        let i = ((key as u128 * self.slots.len() as u128) >> 64) as usize;
        &self.slots[i]
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Called once per search so that old entries are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn generation(&self) -> u8 {
        self.generation.load(Ordering::Relaxed) & 0x7F
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        if data == 0 || slot.check.load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        let bound = match (data >> 55) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(TtEntry {
            move_bits: data as u32,
            score: (data >> 32) as u16 as i16 as Score,
            depth: ((data >> 48) & 127) as i32,
            bound,
        })
    }

    #[inline]
    pub fn store(&self, key: u64, mv: Option<Move>, score: Score, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let old = slot.data.load(Ordering::Relaxed);
        let same_key = slot.check.load(Ordering::Relaxed) ^ old == key;
        let old_depth = ((old >> 48) & 127) as i32;
        let old_generation = ((old >> 57) & 0x7F) as u8;
        let generation = self.generation();
        // Replace unless the slot holds a deeper result of this search for another position.
        if !same_key
            && old != 0
            && old_generation == generation
            && old_depth > depth + 2
            && bound != Bound::Exact
        {
            return;
        }
        // Keep the old best move when a new result of the same position has none.
        let move_bits = match (mv, same_key) {
            (Some(m), _) => m.raw() as u32,
            (None, true) => old as u32,
            (None, false) => 0,
        };
        let data = pack(move_bits, score, depth, bound, generation);
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// Per mille of a sample of slots used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation();
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && ((d >> 57) & 0x7F) as u8 == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveKind;
    use crate::square::Square;

    #[test]
    fn store_and_probe_round_trip_and_misses_on_other_keys() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::new(5, 2), Square::new(5, 4), MoveKind::DoublePush);
        tt.store(0xDEAD_BEEF_1234_5678, Some(mv), -31_000, 12, Bound::Lower);
        let e = tt.probe(0xDEAD_BEEF_1234_5678).expect("hit");
        assert_eq!(e.move_bits, mv.raw() as u32);
        assert_eq!(e.score, -31_000);
        assert_eq!(e.depth, 12);
        assert_eq!(e.bound, Bound::Lower);
        assert!(tt.probe(0x1111_2222_3333_4444).is_none());
        assert!(tt.hashfull() <= 1000);
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF_1234_5678).is_none());
    }
}
