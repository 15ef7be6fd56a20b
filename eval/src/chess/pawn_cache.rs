//! A per-thread cache of the chess terms that depend only on the pawns and the kings.
//!
//! Pawn structure changes on few moves and kings move seldom, so most evaluations meet a
//! pawn-and-king configuration they have met before. An entry is matched on the exact pawn
//! sets and king squares (no hash collisions) and on the evaluator that filled it, so a hit
//! returns exactly what the evaluator would compute.

use super::S;
use grimoire_engine::Bitboard;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

/// Entries per thread (a power of two; about 96 bytes each).
const ENTRIES: usize = 1 << 13;

/// What the pawns and kings give each side: its score and its passed pawns (whose free-stop
/// bonus depends on the other pieces, so it is added outside the cache).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct PawnKingTerms {
    pub score: [S; 2],
    pub passed: [Bitboard; 2],
}

#[derive(Copy, Clone)]
struct Entry {
    pawns: [u128; 2],
    kings: [u8; 2],
    owner: u64,
    terms: PawnKingTerms,
}

thread_local! {
    static CACHE: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// A fresh identity for each evaluator built, so that two parameter sets never share entries.
pub(super) fn new_owner() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

fn slot(pawns: [u128; 2], kings: [u8; 2]) -> usize {
    let fold = |x: u128| (x as u64) ^ ((x >> 64) as u64);
    let h = fold(pawns[0]).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ fold(pawns[1]).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ (u64::from(kings[0]) << 8 | u64::from(kings[1])).wrapping_mul(0x1656_67B1_9E37_79F9);
    (h >> 40) as usize & (ENTRIES - 1)
}

/// The terms of this pawn-and-king configuration for evaluator `owner`, from the cache or
/// computed by `compute` (and stored).
pub(super) fn lookup(
    owner: u64,
    pawns: [u128; 2],
    kings: [u8; 2],
    compute: impl FnOnce() -> PawnKingTerms,
) -> PawnKingTerms {
    CACHE.with(|cell| {
        let mut cache = cell.borrow_mut();
        if cache.is_empty() {
            cache.resize(
                ENTRIES,
                Entry {
                    pawns: [0; 2],
                    kings: [0; 2],
                    owner: 0,
                    terms: PawnKingTerms {
                        score: [S::ZERO; 2],
                        passed: [Bitboard::EMPTY; 2],
                    },
                },
            );
        }
        let e = &mut cache[slot(pawns, kings)];
        if e.owner == owner && e.pawns == pawns && e.kings == kings {
            return e.terms;
        }
        let terms = compute();
        *e = Entry {
            pawns,
            kings,
            owner,
            terms,
        };
        terms
    })
}

/// Empties this thread's cache (tests compare warm and cold evaluations).
#[cfg(test)]
fn clear() {
    CACHE.with(|cell| cell.borrow_mut().clear());
}

#[cfg(test)]
mod tests {
    use super::super::ChessEval;
    use crate::EvalParams;
    use grimoire_engine::eval_api::Evaluator;
    use grimoire_engine::prelude::*;
    use grimoire_engine::variants::chess::Chess;

    fn pos(fen: &str) -> Chess {
        Chess::from_fen(fen, &()).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    #[test]
    fn the_passers_free_stop_is_counted_outside_the_cache() {
        // Same pawns and kings; the knight blocks the e-pawn's stop square in the second.
        let eval = ChessEval::default();
        super::clear();
        let free = eval.evaluate(&pos("4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 1"));
        let blocked = eval.evaluate(&pos("4k3/8/4n3/4P3/8/8/8/4K3 w - - 0 1"));
        super::clear();
        let blocked_cold = eval.evaluate(&pos("4k3/8/4n3/4P3/8/8/8/4K3 w - - 0 1"));
        assert_eq!(blocked, blocked_cold);
        assert_ne!(free, blocked);
    }

    #[test]
    fn two_parameter_sets_never_share_entries() {
        let fen = "4k3/pp6/8/8/8/8/P1P5/4K3 w - - 0 1";
        let a = ChessEval::from_params(EvalParams::chess());
        let mut other = EvalParams::chess();
        other.set("pawn_isolated", -200, -200).unwrap();
        let b = ChessEval::from_params(other);
        super::clear();
        let first = a.evaluate(&pos(fen));
        let with_b = b.evaluate(&pos(fen));
        assert_ne!(first, with_b);
        assert_eq!(a.evaluate(&pos(fen)), first);
    }
}
