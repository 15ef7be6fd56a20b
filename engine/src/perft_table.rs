//! Perft's table of last-turn counts: where a variant counts the last turn in bulk
//! ([`crate::rules::MoveGen::count_last_turns`]) that count is the costly part of perft, and the
//! same position is reached by several move orders (Hobgoblin's perft 3 from the start counts
//! 3.67 M positions one turn from the end, 3.0 M of them distinct). The table keeps each count
//! by the position's key, so a transposition is counted once.
//!
//! Lock-free, shared by perft's worker threads: a slot holds `key ^ data` and `data`, written
//! by two stores; a torn slot fails the check on reading (Hyatt's lockless hashing), so a
//! read gives the count stored for that key or nothing. Replacement is always.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Slots of the table: 64 MiB, enough for perft 3 from Hobgoblin's start without thrashing.
const SLOTS: usize = 1 << 22;

struct Slot {
    check: AtomicU64,
    /// The count plus one (0 marks an empty slot).
    data: AtomicU64,
}

/// Last-turn counts by position key, allocated on first store.
#[derive(Default)]
pub struct LeafTable {
    slots: OnceLock<Box<[Slot]>>,
}

impl LeafTable {
    fn index(key: u64) -> usize {
        (key as usize) & (SLOTS - 1)
    }

    /// Whether any count was stored (the table is allocated).
    pub fn in_use(&self) -> bool {
        self.slots.get().is_some()
    }

    /// The count stored for `key`.
    pub fn get(&self, key: u64) -> Option<u64> {
        let slot = &self.slots.get()?[Self::index(key)];
        let data = slot.data.load(Ordering::Relaxed);
        (data != 0 && slot.check.load(Ordering::Relaxed) ^ data == key).then(|| data - 1)
    }

    /// Stores `count` for `key`, in place of whatever the slot held.
    pub fn insert(&self, key: u64, count: u64) {
        let slots = self.slots.get_or_init(|| {
            (0..SLOTS)
                .map(|_| Slot {
                    check: AtomicU64::new(0),
                    data: AtomicU64::new(0),
                })
                .collect()
        });
        let slot = &slots[Self::index(key)];
        let data = count.saturating_add(1);
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::LeafTable;

    #[test]
    fn a_count_is_found_by_its_key_and_replaced_by_a_colliding_one() {
        let table = LeafTable::default();
        assert_eq!(table.get(42), None);
        assert!(!table.in_use());
        table.insert(42, 0);
        assert!(table.in_use());
        assert_eq!(table.get(42), Some(0));
        table.insert(7, 1234);
        assert_eq!(table.get(7), Some(1234));
        // Same slot, other key: the old count is gone and the new key does not read it.
        let other = 42 + (1u64 << 40);
        table.insert(other, 99);
        assert_eq!(table.get(42), None);
        assert_eq!(table.get(other), Some(99));
    }
}
