//! Perft: counts legal action sequences (G8), generic over the rules.

use crate::moves::{Move, MoveList};
use crate::perft_table::LeafTable;
use crate::rules::Rules;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Nodes below this depth do not look at the stop flag (the check costs more than it saves).
const STOP_CHECK_DEPTH: u32 = 4;

/// How perft treats chance steps (G6).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum PerftMode {
    /// The variant's counting convention: a chance step follows its implicit outcome when the
    /// variant has one (HOB-151: every roll survives), else every outcome.
    #[default]
    Convention,
    /// Every distinct outcome of a chance step is a child of its own (G6's second mode).
    Chance,
}

/// Number of leaf nodes `depth` actions below `pos`. Decision nodes that consume no depth are
/// expanded in place (G5 conventions of the variant), chance steps by the convention.
pub fn perft<R: Rules>(pos: &R, depth: u32) -> u64 {
    static NEVER: AtomicBool = AtomicBool::new(false);
    perft_stoppable(pos, depth, PerftMode::Convention, &NEVER)
}

/// Like [`perft`] in `mode`, but returns early (with a partial count) once `stop` is set.
pub fn perft_stoppable<R: Rules>(pos: &R, depth: u32, mode: PerftMode, stop: &AtomicBool) -> u64 {
    let leaves = leaf_table(depth);
    count_below(pos, depth, mode, stop, leaves.as_ref())
}

/// A table for the last turn's counts where transpositions can occur: two turns or more
/// above the last.
fn leaf_table(depth: u32) -> Option<LeafTable> {
    (depth >= 3).then(LeafTable::default)
}

/// The key a last-turn count is kept under: the position's hash and its halfmove clock (a
/// count may depend on the clock where a rule ends the game by it).
fn leaf_key<R: Rules>(pos: &R) -> u64 {
    pos.hash() ^ (pos.halfmove_clock() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// [`perft_stoppable`] with the table of last-turn counts.
fn count_below<R: Rules>(
    pos: &R,
    depth: u32,
    mode: PerftMode,
    stop: &AtomicBool,
    leaves: Option<&LeafTable>,
) -> u64 {
    let free = !pos.consumes_depth();
    if depth == 0 && !free {
        return 1;
    }
    if depth == 1 && !free && !R::BULK_LEAF_COUNT && mode == PerftMode::Convention {
        // Only a variant that counts its last turn ever fills the table: the others never
        // hash here.
        if let Some(n) = leaves
            .filter(|t| t.in_use())
            .and_then(|t| t.get(leaf_key(pos)))
        {
            return n;
        }
        if let Some(n) = pos.count_last_turns() {
            if let Some(table) = leaves {
                table.insert(leaf_key(pos), n);
            }
            return n;
        }
    }
    let list = children(pos, mode);
    if depth == 1 && !free && R::BULK_LEAF_COUNT {
        return list.len() as u64;
    }
    if depth >= STOP_CHECK_DEPTH && stop.load(Ordering::Relaxed) {
        return 0;
    }
    let child_depth = if free { depth } else { depth - 1 };
    let mut nodes = 0;
    for &mv in &list {
        let mut child = pos.clone();
        child.play(mv);
        nodes += count_below(&child, child_depth, mode, stop, leaves);
    }
    nodes
}

/// The actions perft follows from `pos`: the legal ones, or at a chance step in the
/// convention mode only its implicit outcome where the variant has one.
fn children<R: Rules>(pos: &R, mode: PerftMode) -> MoveList {
    let mut list = MoveList::new();
    if mode == PerftMode::Convention && pos.is_chance_node() {
        if let Some(mv) = pos.implicit_outcome() {
            list.push(mv);
            return list;
        }
    }
    pos.generate_legal(&mut list);
    list
}

/// Per-root-move counts, split over `threads` worker threads (1 = this thread only).
/// Returns `None` if `stop` was set before every root move finished.
pub fn divide<R: Rules>(
    pos: &R,
    depth: u32,
    threads: usize,
    mode: PerftMode,
    stop: &AtomicBool,
) -> Option<Vec<(Move, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let child_depth = if pos.consumes_depth() {
        depth - 1
    } else {
        depth
    };
    let leaves = leaf_table(depth);
    each_root(pos, mode, threads, stop, |mv| {
        let mut child = pos.clone();
        child.play(mv);
        vec![(
            mv,
            count_below(&child, child_depth, mode, stop, leaves.as_ref()),
        )]
    })
}

/// Per-turn counts: like [`divide`], but where a root action leads to a decision that costs no
/// depth (GHO-27 A, HOB-151), each option of that decision gets its own line, so a line names a
/// whole turn by its actions (`docs/notation.md` §4). Same stop rule as [`divide`].
pub fn divide_turns<R: Rules>(
    pos: &R,
    depth: u32,
    threads: usize,
    mode: PerftMode,
    stop: &AtomicBool,
) -> Option<Vec<(Vec<Move>, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    let root_turn = pos.consumes_depth();
    let child_depth = if root_turn { depth - 1 } else { depth };
    let leaves = leaf_table(depth);
    each_root(pos, mode, threads, stop, |mv| {
        let mut child = pos.clone();
        child.play(mv);
        let mut lines = Vec::new();
        let mut count = |chain: Vec<Move>, end: &R| {
            let n = count_below(end, child_depth, mode, stop, leaves.as_ref());
            lines.push((chain, n));
        };
        if root_turn {
            complete_turn(vec![mv], &child, mode, &mut count);
        } else {
            count(vec![mv], &child);
        }
        lines
    })
}

/// Follows the free steps after a root action (a Hobgoblin link step's move, a decision) to
/// the end of the turn, handing `found` each chain of actions and the position it ends in.
fn complete_turn<R: Rules>(
    actions: Vec<Move>,
    pos: &R,
    mode: PerftMode,
    found: &mut impl FnMut(Vec<Move>, &R),
) {
    if pos.consumes_depth() {
        found(actions, pos);
        return;
    }
    for option in children(pos, mode) {
        let mut next = pos.clone();
        next.play(option);
        let mut chain = actions.clone();
        chain.push(option);
        complete_turn(chain, &next, mode, found);
    }
}

/// The lines `count` gives for each root action, in the root actions' order, on `threads`
/// worker threads. Each root action's positions are made and dropped inside `count`: a
/// Hobgoblin crowd can have millions of turns, too many to hold at once.
fn each_root<T: Send, R: Rules>(
    pos: &R,
    mode: PerftMode,
    threads: usize,
    stop: &AtomicBool,
    count: impl Fn(Move) -> Vec<T> + Sync,
) -> Option<Vec<T>> {
    let roots = children(pos, mode);
    let result: Vec<T> = if threads <= 1 {
        let mut out = Vec::with_capacity(roots.len());
        for &mv in &roots {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            out.extend(count(mv));
        }
        out
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(16 << 20)
            .build()
            .ok()?;
        let per_root: Vec<Vec<T>> =
            pool.install(|| roots.par_iter().map(|&mv| count(mv)).collect());
        per_root.into_iter().flatten().collect()
    };
    if stop.load(Ordering::Relaxed) {
        None
    } else {
        Some(result)
    }
}

/// Perft by a second, independent route: pseudo-legal generation filtered by the variant's
/// slow legality test, with no bulk counting. Used to cross-check the fast generator.
pub fn perft_reference<R: Rules>(pos: &R, depth: u32) -> u64 {
    let free = !pos.consumes_depth();
    if depth == 0 && !free {
        return 1;
    }
    let mut list = MoveList::new();
    pos.generate_pseudo_legal(&mut list);
    let child_depth = if free { depth } else { depth - 1 };
    let mut nodes = 0;
    for &mv in &list {
        if pos.is_legal_pseudo(mv) {
            let mut child = pos.clone();
            child.play(mv);
            nodes += perft_reference(&child, child_depth);
        }
    }
    nodes
}

/// A perft regression case for tests: a position and its counts by depth from 1.
#[derive(Copy, Clone, Debug)]
pub struct PerftCase<'a> {
    pub name: &'a str,
    pub fen: &'a str,
    pub counts: &'a [u64],
}

impl<'a> PerftCase<'a> {
    /// A case in one line (for suites written as arrays).
    pub const fn new(name: &'a str, fen: &'a str, counts: &'a [u64]) -> Self {
        PerftCase { name, fen, counts }
    }

    fn position<R: Rules>(&self, options: &R::Options) -> Result<R, String> {
        R::from_fen(self.fen, options).map_err(|e| format!("{}: bad FEN: {e}", self.name))
    }

    /// An error naming the case, the depth and both counts, unless they agree.
    fn compare(&self, depth: u32, what: &str, got: u64, expected: u64) -> Result<(), String> {
        if got == expected {
            return Ok(());
        }
        Err(format!(
            "{} depth {depth}: {what} {got}, expected {expected}",
            self.name
        ))
    }

    /// Checks [`perft`] against every count of at most `max_nodes` nodes.
    pub fn check_fast<R: Rules>(&self, options: &R::Options, max_nodes: u64) -> Result<(), String> {
        let pos = self.position::<R>(options)?;
        for (i, &expected) in self.counts.iter().enumerate() {
            if expected > max_nodes {
                break;
            }
            let depth = i as u32 + 1;
            self.compare(depth, "perft", perft(&pos, depth), expected)?;
        }
        Ok(())
    }

    /// Checks [`perft_reference`] against the count at `depth`: the independent cross-check.
    pub fn check_reference<R: Rules>(
        &self,
        options: &R::Options,
        depth: u32,
    ) -> Result<(), String> {
        let expected = *self
            .counts
            .get(depth as usize - 1)
            .ok_or_else(|| format!("{}: no count at depth {depth}", self.name))?;
        self.check_reference_against::<R>(options, depth, Some(expected))
    }

    /// Checks that [`perft_reference`] and [`perft`] agree at `depth` under `options` (for
    /// options whose counts the case does not list).
    pub fn check_agreement<R: Rules>(
        &self,
        options: &R::Options,
        depth: u32,
    ) -> Result<(), String> {
        self.check_reference_against::<R>(options, depth, None)
    }

    /// [`perft_reference`] at `depth` against `expected`, or against [`perft`] without one.
    fn check_reference_against<R: Rules>(
        &self,
        options: &R::Options,
        depth: u32,
        expected: Option<u64>,
    ) -> Result<(), String> {
        let pos = self.position::<R>(options)?;
        let expected = expected.unwrap_or_else(|| perft(&pos, depth));
        self.compare(
            depth,
            "reference perft",
            perft_reference(&pos, depth),
            expected,
        )
    }

    /// The deepest depth whose count is below `max_nodes` (at least 1).
    pub fn depth_below(&self, max_nodes: u64) -> u32 {
        (self.counts.iter().take_while(|&&n| n < max_nodes).count() as u32).max(1)
    }
}
