//! Consistency checks that every variant must pass, over positions reached by seeded random
//! games: incremental hash equals recomputed hash (for every child too), FEN round-trips, legal
//! moves are exactly the pseudo-legal moves that pass the slow legality test, and every legal
//! move prints to a token that parses back to the same move.

use crate::moves::{Move, MoveList};
use crate::rules::{Outcome, Reason, Rules};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    pub games: usize,
    pub plies: usize,
    pub positions_checked: usize,
    pub moves_checked: usize,
    pub finished_games: usize,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.games += other.games;
        self.plies += other.plies;
        self.positions_checked += other.positions_checked;
        self.moves_checked += other.moves_checked;
        self.finished_games += other.finished_games;
    }
}

/// Checks one position; the error names the position and what disagreed.
pub fn check_position<R: Rules>(pos: &R, options: &R::Options) -> Result<usize, String> {
    let fen = pos.to_fen();
    let fail = |what: String| Err(format!("{what} at {fen}"));
    if pos.hash() != pos.recompute_hash() {
        return fail("incremental hash differs from recomputed hash".into());
    }
    match R::from_fen(&fen, options) {
        // Past the FEN limits (a position only the test-only reader makes), there is no
        // FEN to read back: the reader refuses it by design (docs/notation.md).
        Err(_) if pos.within_fen_limits().is_err() => {}
        // A game won by taking the last royal piece ends on a board no game may start from
        // (Eldritch ELD-620 a refuses a side without a check-bearer): nothing to read back.
        Err(_)
            if matches!(
                pos.ended_by_rule(),
                Some(Outcome::Win {
                    reason: Reason::RoyalCaptured,
                    ..
                })
            ) => {}
        Ok(back) if back == *pos => {}
        Ok(back) => {
            return fail(format!(
                "FEN round trip changed the position (reads back as {})",
                back.to_fen()
            ))
        }
        Err(e) => return fail(format!("printed FEN does not parse back: {e}")),
    }
    let mut legal = MoveList::new();
    pos.generate_legal(&mut legal);
    let mut pseudo = MoveList::new();
    pos.generate_pseudo_legal(&mut pseudo);
    let mut filtered: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|&m| pos.is_legal_pseudo(m))
        .collect();
    // Sorted, so that the subset test stays n log n on lists of hundreds of thousands.
    let mut fast: Vec<Move> = legal.to_vec();
    let mut pseudo_sorted: Vec<u64> = pseudo.iter().map(|m| m.raw()).collect();
    pseudo_sorted.sort_unstable();
    if fast
        .iter()
        .any(|m| pseudo_sorted.binary_search(&m.raw()).is_err())
    {
        return fail("a legal move is not pseudo-legal".into());
    }
    fast.sort_by_key(|m| m.raw());
    filtered.sort_by_key(|m| m.raw());
    if fast != filtered {
        let tokens = |v: &[Move]| {
            v.iter()
                .map(|&m| pos.format_move(m))
                .collect::<Vec<_>>()
                .join(" ")
        };
        return fail(format!(
            "legal moves [{}] differ from filtered pseudo-legal moves [{}]",
            tokens(&fast),
            tokens(&filtered)
        ));
    }
    if !pos.in_check() {
        let mut tactical = MoveList::new();
        pos.generate_tactical(&mut tactical);
        let mut tactical: Vec<Move> = tactical.to_vec();
        let mut expected: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| pos.tactical_order(m).is_some())
            .collect();
        tactical.sort_by_key(|m| m.raw());
        expected.sort_by_key(|m| m.raw());
        if tactical != expected {
            return fail(
                "tactical generation differs from the legal moves with a tactical key".into(),
            );
        }
    }
    for &mv in &legal {
        let token = pos.format_move(mv);
        match pos.parse_move(&token) {
            Ok(back) if back == mv => {}
            Ok(back) => return fail(format!("token {token} parses to another move {back:?}")),
            Err(e) => return fail(format!("token {token} does not parse back: {e}")),
        }
        let mut child = pos.clone();
        child.play(mv);
        if child.hash() != child.recompute_hash() {
            return fail(format!("hash after {token} differs from recomputed hash"));
        }
    }
    Ok(legal.len())
}

/// Plays `games` random games of at most `max_plies` from `start`, checking every position.
pub fn random_games<R: Rules>(
    start: &R,
    options: &R::Options,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> Result<Stats, String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut stats = Stats::default();
    for _ in 0..games {
        let mut pos = start.clone();
        stats.games += 1;
        for _ in 0..max_plies {
            stats.moves_checked += check_position(&pos, options)?;
            stats.positions_checked += 1;
            let moves = pos.legal_moves();
            if pos.terminal().is_some() {
                stats.finished_games += 1;
                break;
            }
            let snapshot = (pos.to_fen(), pos.hash());
            let &mv = moves
                .choose(&mut rng)
                .expect("a position that is not terminal has moves");
            // Copy-make: the parent must be untouched by playing on the copy.
            let mut child = pos.clone();
            child.play(mv);
            if (pos.to_fen(), pos.hash()) != snapshot {
                return Err(format!(
                    "playing on a copy changed the original at {}",
                    snapshot.0
                ));
            }
            pos = child;
            stats.plies += 1;
        }
    }
    Ok(stats)
}

/// [`random_games`] from each FEN of `starts` in turn (the i-th with seed `seed + i`), the
/// stats added up; the error names the start position.
pub fn random_games_from_fens<R: Rules>(
    starts: &[&str],
    options: &R::Options,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> Result<Stats, String> {
    let mut total = Stats::default();
    for (i, fen) in starts.iter().enumerate() {
        let start = R::from_fen(fen, options).map_err(|e| format!("{fen}: {e}"))?;
        total += random_games(&start, options, games, max_plies, seed + i as u64)
            .map_err(|e| format!("from {fen}: {e}"))?;
    }
    Ok(total)
}
