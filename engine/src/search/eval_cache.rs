//! A small per-thread cache of static evaluations, keyed by the position's hash.
//!
//! The search evaluates the same position many times: every re-search (PVS, LMR, aspiration,
//! internal iterative reduction) and every transposition evaluates its node again, and the
//! evaluation is the most expensive part of a node. The evaluation is a function of the
//! position alone, and the hash covers the whole position, so a hit returns exactly what the
//! evaluator would: the search visits the same nodes with or without the cache.

use crate::search::evaluator::Score;

/// Entries in each thread's cache (a power of two; 16 bytes each, 1 MiB in all).
const ENTRIES: usize = 1 << 16;

#[derive(Copy, Clone, bytemuck::Zeroable)]
struct Entry {
    key: u64,
    score: Score,
    filled: bool,
}

pub(super) struct EvalCache {
    entries: Box<[Entry]>,
}

impl EvalCache {
    pub(super) fn new() -> Self {
        // Zeroed pages from the kernel, touched only where used: each search makes a cache,
        // and a 1 MiB fill was a measurable part of a short `go`.
        EvalCache {
            entries: bytemuck::allocation::zeroed_slice_box(ENTRIES),
        }
    }

    #[inline]
    fn slot(key: u64) -> usize {
        // The high bits: the table index uses the low ones' multiply-shift image.
        (key >> 48) as usize & (ENTRIES - 1)
    }

    /// The evaluation of the position with this hash, computed by `evaluate` on a miss.
    #[inline]
    pub(super) fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> Score) -> Score {
        let e = &mut self.entries[Self::slot(key)];
        if e.filled && e.key == key {
            return e.score;
        }
        let score = evaluate();
        *e = Entry {
            key,
            score,
            filled: true,
        };
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_returns_the_stored_score_and_a_different_key_evaluates_again() {
        let mut cache = EvalCache::new();
        let mut calls = 0;
        let mut eval = |v: Score| {
            calls += 1;
            v
        };
        assert_eq!(cache.get_or(42, || eval(7)), 7);
        assert_eq!(cache.get_or(42, || eval(99)), 7);
        // Same slot (same high bits), other key: evaluated and replaces the entry.
        assert_eq!(cache.get_or(42 + 1, || eval(5)), 5);
        assert_eq!(cache.get_or(42, || eval(8)), 8);
        assert_eq!(calls, 3);
    }

    #[test]
    fn key_zero_is_not_a_hit_on_an_empty_cache() {
        let mut cache = EvalCache::new();
        assert_eq!(cache.get_or(0, || -3), -3);
        assert_eq!(cache.get_or(0, || 11), -3);
    }
}
