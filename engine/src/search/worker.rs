//! One search thread: principal variation search with a transposition table, quiescence,
//! check extension, null-move pruning, reverse futility pruning, late move reductions and
//! killer/history ordering. Generic over the rules and the evaluator.
//!
//! Nodes where the same side acts again (a multi-action turn) or where the other side decides
//! (a G5 decision step) are handled by comparing the side to move of parent and child: the score
//! is negated only when the deciding player changes.

use super::eval_cache::EvalCache;
use super::tt::{Bound, TranspositionTable};
use super::{ChanceSearch, SearchParams, Shared, MATE, MATE_BOUND, MAX_PLY};
use crate::moves::{Move, MoveList};
use crate::rules::{Outcome, Progress, Rules};
use crate::search::evaluator::{Evaluator, Score};
use std::sync::atomic::Ordering;

const INFINITY: Score = 32_500;

pub(super) struct Worker<'a, R: Rules, E: Evaluator<R>> {
    eval: &'a E,
    /// The evaluator's search margins, copied once per search.
    pub(super) params: SearchParams,
    tt: &'a TranspositionTable,
    shared: &'a Shared,
    pub(super) is_main: bool,
    pub(super) nodes: u64,
    unreported_nodes: u64,
    pub(super) seldepth: usize,
    pub(super) aborted: bool,
    killers: Vec<[Option<Move>; 2]>,
    /// History, capture history, counter moves and correction history.
    tables: Tables,
    /// The static score at each ply of the current path and the side it was taken for
    /// (`None` in check or danger, or at a node that had none), for `improving`.
    static_evals: Vec<Option<(crate::Color, Score)>>,
    /// Per-ply buffers of move-ordering scores, reused so that nodes allocate nothing.
    score_bufs: Vec<Vec<i32>>,
    /// Per-ply buffers of the quiet moves tried at a node (for the history malus).
    quiet_bufs: Vec<Vec<Move>>,
    tactical_bufs: Vec<Vec<Move>>,
    /// The move made at each ply of the current path (`None` for a null move).
    path: Vec<Option<Move>>,
    /// The moving piece's code (`SearchHooks::moved_piece`) of each move of `path`, kept
    /// only where the continuation history is on.
    path_pieces: Vec<u8>,
    /// The table move left out at each ply while a singular search asks whether any other
    /// move comes close to it (`None` outside such a search).
    singular_exclude: Vec<Option<Move>>,
    /// Keys of the game before the root and of the current search path, for repetition.
    keys: Vec<u64>,
    /// The key and check status of the child about to be searched, where the parent asked
    /// (`gives_check`), so that the child does not ask again.
    known_check: Option<(u64, bool)>,
    pv: Vec<Vec<Move>>,
    /// Root moves a MultiPV line already chose (skipped at the root).
    pub(super) excluded: Vec<Move>,
    /// The only root moves to search (`go searchmoves`); empty for all.
    pub(super) root_filter: Vec<Move>,
    /// Depth of the current iteration, set at the root: check extensions stop at twice it,
    /// so variants where checks are frequent on both sides (Eldritch Dragons) cannot extend
    /// a line to the maximum ply.
    root_depth: i32,
    /// How chance nodes are searched.
    pub(super) chance: ChanceSearch,
    /// Counters of the chance nodes, added to `shared.chance` with the nodes.
    chance_stats: LocalChanceStats,
    /// Static evaluations of positions this thread has seen.
    eval_cache: EvalCache,
    _rules: std::marker::PhantomData<R>,
}

/// What a search thread learns about moves and static scores that can outlive one search:
/// kept between the searches of a game where `search.keep_history` is on
/// ([`super::SearchMemory`]).
#[derive(Clone)]
pub(super) struct Tables {
    /// Quiet-move history per side to move, indexed by [`history_index`].
    history: Vec<i32>,
    /// How captures and other tactical moves fared, by side and from–to (ordering only).
    capture_history: Vec<i32>,
    /// The quiet move that last refuted each move (indexed by [`from_to`]).
    counter_moves: Vec<Option<Move>>,
    /// Correction history: per side and pawn structure (`SearchHooks::pawn_key`), a running
    /// mean of how far searches found the static score off, in 1/`CORRECTION_GRAIN` cp.
    correction: Vec<i32>,
    /// Continuation history (empty where it is off): how a quiet move fared after a given
    /// piece-to one and two plies before, indexed by [`Worker::continuation_bases`] plus
    /// [`piece_to`].
    continuation: Vec<i32>,
}

impl Tables {
    fn new(params: &SearchParams) -> Self {
        let continuation_size = if params.continuation_history != 0 {
            CONTINUATION_SIZE
        } else {
            0
        };
        Tables {
            history: vec![0; 2 * FROM_TO],
            capture_history: vec![0; 2 * FROM_TO],
            counter_moves: vec![None; FROM_TO],
            correction: vec![0; 2 * CORRECTION_SIZE],
            continuation: vec![0; continuation_size],
        }
    }
}

#[derive(Default)]
struct LocalChanceStats {
    probes: u64,
    probe_cuts: u64,
    outcomes_searched: u64,
    outcomes_cut: u64,
}

/// Entries of one side's from-to table (100 squares and "none", squared).
const FROM_TO: usize = 101 * 101;

/// From-to index of a move (the counter-move table).
fn from_to(mv: Move) -> usize {
    let f = mv.from_opt().map_or(100, |s| s.index());
    let t = mv.to_opt().map_or(100, |s| s.index());
    f * 101 + t
}

/// Piece codes the continuation history tells apart.
const CONTINUATION_PIECES: usize = 1 << crate::rules::CONTINUATION_PIECE_BITS;
/// Piece-to pairs: a piece code and a destination (100 squares and "none").
const PIECE_TO: usize = CONTINUATION_PIECES * 101;
/// Continuation entries: side to move, one or two plies back, the piece-to there, and the
/// piece-to of the move being judged.
const CONTINUATION_SIZE: usize = 2 * 2 * PIECE_TO * PIECE_TO;

/// Piece-to index of a move made by the piece with code `piece`.
fn piece_to(piece: u8, mv: Move) -> usize {
    (piece as usize & (CONTINUATION_PIECES - 1)) * 101 + mv.to_opt().map_or(100, |s| s.index())
}

/// Entries of one side's correction history (a power of two: the pawn key is masked).
const CORRECTION_SIZE: usize = 16_384;
/// Correction entries are kept in 1/256 centipawn, so small updates accumulate.
const CORRECTION_GRAIN: i32 = 256;
/// No structure corrects the static score by more than this many centipawns.
const CORRECTION_MAX_CP: i32 = 128;

fn correction_index<R: Rules>(pos: &R) -> usize {
    (pos.side_to_move() == crate::Color::Black) as usize * CORRECTION_SIZE
        + (pos.pawn_key() as usize & (CORRECTION_SIZE - 1))
}

/// Index of a move in the history table: the side that makes it, its from and to squares.
fn history_index(side: crate::Color, mv: Move) -> usize {
    (side == crate::Color::Black) as usize * FROM_TO + from_to(mv)
}

/// A history update at a cutoff: the cutoff move (if any) earns `min(depth², bonus_max)` and
/// each move tried before it loses as much, both with gravity towards `history_limit`.
/// `best` and `tried` are the moves' indices in `table`.
fn reward_and_blame(
    table: &mut [i32],
    p: &SearchParams,
    best: Option<usize>,
    tried: impl IntoIterator<Item = usize>,
    depth: i32,
) {
    let (bonus, limit) = ((depth * depth).min(p.history_bonus_max), p.history_limit);
    if let Some(i) = best {
        let h = &mut table[i];
        *h += bonus - *h * bonus / limit;
    }
    for i in tried {
        let h = &mut table[i];
        *h -= bonus + *h * bonus / limit;
    }
}

/// [`reward_and_blame`] in a table indexed by [`history_index`] (history, capture history).
fn reward_and_blame_by_move(
    table: &mut [i32],
    p: &SearchParams,
    side: crate::Color,
    best: Option<Move>,
    tried: &[Move],
    depth: i32,
) {
    let index = |m: Move| history_index(side, m);
    reward_and_blame(
        table,
        p,
        best.map(index),
        tried.iter().map(|&m| index(m)),
        depth,
    );
}

/// Score of a finished game for the player to decide at `ply`.
fn outcome_score(outcome: Outcome, to_move: crate::Color, ply: usize) -> Score {
    match outcome {
        Outcome::Win { winner, .. } if winner == to_move => MATE - ply as Score,
        Outcome::Win { .. } => -MATE + ply as Score,
        Outcome::Draw { .. } => 0,
    }
}

/// Mate scores are stored relative to the node, so they stay right when found at another ply.
fn to_tt(score: Score, ply: usize) -> Score {
    if score > MATE_BOUND {
        score + ply as Score
    } else if score < -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// What a node's result says about its true score, for the table.
fn bound_of(best: Score, original_alpha: Score, alpha: Score, beta: Score) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if alpha > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The table's score if its bound settles the window (`None` if it does not).
fn tt_cutoff(e: &super::tt::TtEntry, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
    let score = from_tt(e.score, ply);
    let settles = match e.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    settles.then_some(score)
}

fn from_tt(score: Score, ply: usize) -> Score {
    if score > MATE_BOUND {
        score - ply as Score
    } else if score < -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

impl<'a, R: Rules, E: Evaluator<R>> Worker<'a, R, E> {
    pub(super) fn new(
        eval: &'a E,
        tt: &'a TranspositionTable,
        shared: &'a Shared,
        history: &[u64],
        is_main: bool,
        tables: Option<Tables>,
    ) -> Self {
        let params = *eval.search_params();
        // Kept tables from a search with other settings lack the continuation history.
        let tables = tables
            .filter(|t| {
                (t.continuation.len() == CONTINUATION_SIZE) == (params.continuation_history != 0)
            })
            .unwrap_or_else(|| Tables::new(&params));
        Worker {
            eval,
            params,
            tt,
            shared,
            is_main,
            nodes: 0,
            unreported_nodes: 0,
            seldepth: 0,
            aborted: false,
            killers: vec![[None; 2]; MAX_PLY + 1],
            tables,
            static_evals: vec![None; MAX_PLY + 2],
            score_bufs: vec![Vec::new(); MAX_PLY + 2],
            quiet_bufs: vec![Vec::new(); MAX_PLY + 2],
            tactical_bufs: vec![Vec::new(); MAX_PLY + 2],
            path: vec![None; MAX_PLY + 2],
            path_pieces: vec![0; MAX_PLY + 2],
            singular_exclude: vec![None; MAX_PLY + 2],
            keys: history.to_vec(),
            known_check: None,
            pv: vec![Vec::new(); MAX_PLY + 1],
            excluded: Vec::new(),
            root_filter: Vec::new(),
            root_depth: 0,
            chance: ChanceSearch::default(),
            chance_stats: LocalChanceStats::default(),
            eval_cache: EvalCache::new(),
            _rules: std::marker::PhantomData,
        }
    }

    /// The learned tables, to keep for the next search.
    pub(super) fn into_tables(self) -> Tables {
        self.tables
    }

    pub(super) fn root_pv(&self) -> &[Move] {
        &self.pv[0]
    }

    /// Counts a node and, every few thousand, publishes the count and looks at the limits.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unreported_nodes += 1;
        if self.unreported_nodes >= R::SEARCH_CHECK_INTERVAL {
            self.shared
                .nodes
                .fetch_add(self.unreported_nodes, Ordering::Relaxed);
            self.unreported_nodes = 0;
            if self.is_main {
                self.shared.check_limits();
            }
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
    }

    /// The legal (or, with `tactical`, the tactical) actions of `pos` into `moves`, false when
    /// the search stopped while they were generated (one big Hobgoblin crowd can take longer
    /// than the clock): the node is then abandoned like any aborted one.
    fn generate_or_stop(&mut self, pos: &R, moves: &mut MoveList, tactical: bool) -> bool {
        let shared = self.shared;
        let interrupt = &mut |p: Progress| shared.interrupts_generation(p);
        let complete = if tactical {
            pos.generate_tactical_until(moves, interrupt)
        } else {
            pos.generate_legal_until(moves, interrupt)
        };
        if !complete {
            self.aborted = true;
        }
        complete
    }

    pub(super) fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unreported_nodes, Ordering::Relaxed);
        self.unreported_nodes = 0;
        let s = std::mem::take(&mut self.chance_stats);
        let c = &self.shared.chance;
        c.probes.fetch_add(s.probes, Ordering::Relaxed);
        c.probe_cuts.fetch_add(s.probe_cuts, Ordering::Relaxed);
        c.outcomes_searched
            .fetch_add(s.outcomes_searched, Ordering::Relaxed);
        c.outcomes_cut.fetch_add(s.outcomes_cut, Ordering::Relaxed);
    }

    fn is_repetition_or_rule_draw(&self, pos: &R, key: u64) -> bool {
        let clock = pos.halfmove_clock() as usize;
        if pos.insufficient_material() {
            return true;
        }
        if clock >= 100 {
            // A mate given on the 100th ply stands (the rules' order of game ends): only then
            // is the rare full move generation worth it.
            return !(pos.in_check() && pos.legal_moves().is_empty());
        }
        // The last `clock + 1` keys are the positions since the reset, the one right after
        // the capture or pawn move included.
        let window = if R::REPETITION_SINCE_RESET {
            (clock + 1).min(self.keys.len())
        } else {
            self.keys.len()
        };
        self.keys[self.keys.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .any(|&k| k == key)
    }

    /// The hash of `pos`, the node being searched: the last of the path's keys, which the
    /// parent pushed before searching it (the root's is the history's last). Hashing once per
    /// node matters where a variant's hash walks its rare state (Eldritch).
    #[inline]
    fn node_key(&self, pos: &R) -> u64 {
        match self.keys.last() {
            Some(&key) => {
                debug_assert_eq!(key, pos.hash(), "the path's last key is the node's");
                key
            }
            None => pos.hash(),
        }
    }

    /// Whether `pos` (hash `key`) is in danger ([`SearchHooks::in_danger`]): the parent's answer
    /// where it asked for this position's check and danger is check alone, else asked now.
    fn danger_of(&mut self, pos: &R, key: u64) -> bool {
        match self.known_check.take() {
            Some((known, checked)) if known == key && !R::DANGER_BEYOND_CHECK => {
                debug_assert_eq!(checked, pos.in_danger(), "the parent's check answer");
                checked
            }
            _ => pos.in_danger(),
        }
    }

    /// The score of `child` from the parent's point of view (negated when the deciding player
    /// changes).
    #[inline]
    fn child_score(
        &mut self,
        parent: &R,
        child: &R,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        if child.side_to_move() != parent.side_to_move() {
            -self.search(child, depth, -beta, -alpha, ply + 1)
        } else {
            self.search(child, depth, alpha, beta, ply + 1)
        }
    }

    #[inline]
    fn child_qscore(
        &mut self,
        parent: &R,
        child: &R,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        if child.side_to_move() != parent.side_to_move() {
            -self.qsearch(child, -beta, -alpha, ply + 1)
        } else {
            self.qsearch(child, alpha, beta, ply + 1)
        }
    }

    fn order_moves(
        &self,
        pos: &R,
        moves: &MoveList,
        tt_move: Option<u32>,
        ply: usize,
        scores: &mut Vec<i32>,
    ) {
        scores.clear();
        let killers = self.killers[ply];
        let counter = ply
            .checked_sub(1)
            .and_then(|p| self.path[p])
            .and_then(|prev| self.tables.counter_moves[from_to(prev)]);
        let side = pos.side_to_move();
        let capture_divisor = self.params.capture_history_divisor;
        let continuation = self.continuation_bases(side, ply);
        for &mv in moves {
            let s = if tt_move == Some(mv.raw() as u32) {
                1 << 30
            } else if let Some(mut t) = pos.tactical_order(mv) {
                if capture_divisor > 0 {
                    t += self.tables.capture_history[history_index(side, mv)] / capture_divisor;
                }
                // Captures that lose material by exchange go after the quiet moves.
                if pos.see_ge(mv, 0) {
                    (1 << 24) + t
                } else {
                    -(1 << 24) + t
                }
            } else if killers[0] == Some(mv) {
                (1 << 22) + 1
            } else if killers[1] == Some(mv) {
                1 << 22
            } else if counter == Some(mv) {
                1 << 21
            } else {
                self.tables.history[history_index(side, mv)]
                    + self.continuation_score(pos, &continuation, mv)
            };
            scores.push(s);
        }
    }

    /// Swaps the best remaining move to position `i` (selection sort, lazily).
    #[inline]
    fn pick(moves: &mut MoveList, scores: &mut [i32], i: usize) {
        let mut best = i;
        for j in i + 1..moves.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
    }

    pub(super) fn search(
        &mut self,
        pos: &R,
        mut depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
    ) -> Score {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if ply == 0 {
            self.root_depth = depth;
        }
        let key = self.node_key(pos);
        if ply > 0 {
            if let Some(outcome) = pos.ended_by_rule() {
                return outcome_score(outcome, pos.side_to_move(), ply);
            }
            if self.is_repetition_or_rule_draw(pos, key) {
                return 0;
            }
            alpha = alpha.max(-MATE + ply as Score);
            beta = beta.min(MATE - ply as Score - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if pos.is_chance_node() {
            return self.chance_node(pos, depth, alpha, beta, ply);
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.count_node();
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        self.seldepth = self.seldepth.max(ply);
        // A singular search (below) re-searches this node without its table move: the table
        // entry is the full node's, so it neither cuts nor is overwritten here.
        let singular_exclude = self.singular_exclude[ply];
        let entry = self.tt.probe(key);
        let tt_move = entry.map(|e| e.move_bits).filter(|&b| b != 0);
        if let Some(e) =
            entry.filter(|e| !pv_node && ply > 0 && e.depth >= depth && singular_exclude.is_none())
        {
            if let Some(score) = tt_cutoff(&e, ply, alpha, beta) {
                return score;
            }
        }
        // A king in danger (Ghost Chess: a ghost can take it) is searched like a king in check.
        let in_check = self.danger_of(pos, key);
        let static_eval = if in_check {
            -INFINITY
        } else {
            self.corrected_eval(pos, key)
        };
        let side = pos.side_to_move();
        self.static_evals[ply] = (!in_check).then_some((side, static_eval));
        // Improving: the mover's static score rose since its last decision two plies up
        // (only where that node was the same player's and had a static score).
        let improving = !in_check
            && ply >= 2
            && matches!(self.static_evals[ply - 2], Some((s, e)) if s == side && static_eval > e);
        // The score the prunings compare: the static score, or the table's score where its
        // bound says the true score lies beyond the static one (a deeper search knows more).
        let pruning_eval = match entry {
            Some(e) if self.params.tt_eval_refine != 0 && !in_check => {
                let tt_score = from_tt(e.score, ply);
                let beyond = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => tt_score > static_eval,
                    Bound::Upper => tt_score < static_eval,
                };
                if beyond && tt_score.abs() < MATE_BOUND {
                    tt_score
                } else {
                    static_eval
                }
            }
            _ => static_eval,
        };
        // Internal iterative reduction: without a table move the ordering is poor; search
        // shallower now, and the table will hold a move for the next visit.
        if tt_move.is_none() && depth >= self.params.iir_min_depth {
            depth -= 1;
        }

        if !pv_node && !in_check && ply > 0 && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta at low depth, a quiet move will not fall below it.
            let p = &self.params;
            if depth <= p.rfp_max_depth
                && pruning_eval
                    - p.rfp_margin * (depth - (improving && p.rfp_improving != 0) as i32)
                    >= beta
            {
                return pruning_eval;
            }
            // Null move: if passing still fails high, a real move will too (not in zugzwang).
            if depth >= p.nmp_min_depth && pruning_eval >= beta && singular_exclude.is_none() {
                if let Some(child) = pos.make_null() {
                    let margin = if p.nmp_eval_divisor > 0 {
                        ((pruning_eval - beta) / p.nmp_eval_divisor).min(p.nmp_eval_max)
                    } else {
                        0
                    };
                    let r = p.nmp_base_reduction + depth / p.nmp_depth_divisor + margin;
                    self.keys.push(child.hash());
                    self.enter(pos, ply, None);
                    let score = self.child_score(pos, &child, depth - 1 - r, beta - 1, beta, ply);
                    self.keys.pop();
                    if self.aborted {
                        return 0;
                    }
                    if score >= beta {
                        return if score > MATE_BOUND { beta } else { score };
                    }
                }
            }
            if let Some(score) = self.probcut(pos, entry, depth, beta, static_eval, ply) {
                return score;
            }
        }

        let mut moves = MoveList::new();
        if !self.generate_or_stop(pos, &mut moves, false) {
            return 0;
        }
        if moves.is_empty() {
            return if pos.in_check() {
                -MATE + ply as Score
            } else {
                0
            };
        }
        // A check that leaves at most `check_ext_max_replies` replies is extended here, where
        // the replies are known: counting them in the parent cost a second move generation
        // per check, a third of Eldritch's speed where Dragons check often. The table keeps
        // the depth asked for: its probe, above, comes before the extension, and an entry
        // stored at the extended depth would answer the next, deeper request.
        let reply_limit = self.params.check_ext_max_replies;
        let extended = reply_limit > 0
            && ply > 0
            && moves.len() <= reply_limit as usize
            && (ply as i32) <= self.params.check_ext_depth_factor * self.root_depth
            && pos.in_check();
        depth += extended as i32;
        let mut scores = std::mem::take(&mut self.score_bufs[ply]);
        self.order_moves(pos, &moves, tt_move, ply, &mut scores);
        // Not improving, fewer late quiet moves are worth a look.
        let late_count = {
            let p = &self.params;
            let full = (p.lmp_base + p.lmp_depth_factor * depth * depth) as usize;
            if improving {
                full
            } else {
                full / p.lmp_not_improving_divisor as usize
            }
        };

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried = std::mem::take(&mut self.quiet_bufs[ply]);
        quiets_tried.clear();
        let mut tacticals_tried = std::mem::take(&mut self.tactical_bufs[ply]);
        tacticals_tried.clear();
        let mut searched = 0usize;
        for i in 0..moves.len() {
            Self::pick(&mut moves, &mut scores, i);
            let mv = moves[i];
            if ply == 0
                && (self.excluded.contains(&mv)
                    || !(self.root_filter.is_empty() || self.root_filter.contains(&mv)))
            {
                continue;
            }
            if singular_exclude == Some(mv) {
                continue;
            }
            // Singular extension: is the table move the only good one here? Ask a search of
            // half the depth whether any other move reaches a little below its score.
            let mut singular = false;
            if let Some(e) = entry.filter(|e| {
                ply > 0
                    && depth >= self.params.se_min_depth
                    && singular_exclude.is_none()
                    && tt_move == Some(mv.raw() as u32)
                    && e.bound != Bound::Upper
                    && e.depth >= depth - self.params.se_tt_depth_margin
                    && (ply as i32) < self.params.check_ext_depth_factor.max(1) * self.root_depth
            }) {
                let tt_score = from_tt(e.score, ply);
                if tt_score.abs() < MATE_BOUND {
                    let singular_beta = tt_score - self.params.se_margin * depth;
                    self.singular_exclude[ply] = Some(mv);
                    let score =
                        self.search(pos, (depth - 1) / 2, singular_beta - 1, singular_beta, ply);
                    self.singular_exclude[ply] = None;
                    // The line that search found is not this node's.
                    self.pv[ply].clear();
                    if self.aborted {
                        return 0;
                    }
                    if score < singular_beta {
                        singular = true;
                    } else if singular_beta >= beta {
                        // Multi-cut: another move also beats beta; the node fails high.
                        return singular_beta;
                    }
                }
            }
            let mut child = pos.clone();
            child.play(mv);
            // A move whose dice can blow up more than pawns (a Hobgoblin pawn push beside
            // pieces, HOB-100..102) is not quiet: it is neither pruned nor reduced as one.
            let harmless_dice = !child.is_chance_node() || child.quiet_chance();
            let tactical = pos.tactical_order(mv).is_some();
            let quiet = harmless_dice && !tactical;
            let child_checked = child.in_check();
            let gives_check = child_checked && child.side_to_move() != pos.side_to_move();
            // Shallow pruning of moves that are very unlikely to matter, once a move has been
            // searched and no mate is being defended against.
            if !pv_node
                && !in_check
                && !gives_check
                && searched > 0
                && best_score > -MATE_BOUND
                && depth <= self.params.prune_max_depth
            {
                let p = &self.params;
                if quiet {
                    let late = searched >= late_count;
                    let futile =
                        pruning_eval + p.futility_base + p.futility_margin * depth <= alpha;
                    if late || futile || !pos.see_ge(mv, -p.see_quiet_margin * depth) {
                        quiets_tried.push(mv);
                        continue;
                    }
                } else if !pos.see_ge(mv, -p.see_tactical_margin * depth) {
                    continue;
                }
            }
            let child_key = child.hash();
            self.keys.push(child_key);
            self.known_check = Some((child_key, child_checked));
            self.enter(pos, ply, Some(mv));
            // With `check_ext_see`, only checks that SEE says keep the checking piece are
            // extended. With `check_ext_max_replies` (Eldritch), the checked node extends
            // itself once it knows its replies (above).
            let extend = gives_check
                && self.params.check_ext_max_replies == 0
                && (ply as i32) < self.params.check_ext_depth_factor * self.root_depth
                && (self.params.check_ext_see == 0 || pos.see_ge(mv, 0));
            let new_depth = depth - 1 + (extend || singular) as i32;

            let mut score;
            if searched == 0 {
                score = self.child_score(pos, &child, new_depth, alpha, beta, ply);
            } else {
                // Late quiet moves are searched shallower first; a surprise is searched again.
                // Root moves are never reduced: a reduced root move that fails low is never
                // looked at again, which hid short mates (tests/search.rs).
                let p = &self.params;
                let mut r = 0;
                // A tactical move that loses material by SEE is no likelier to matter than a
                // late quiet one.
                let reducible =
                    quiet || (p.lmr_bad_tactical != 0 && harmless_dice && !pos.see_ge(mv, 0));
                if ply > 0
                    && depth >= p.lmr_min_depth
                    && reducible
                    && !in_check
                    && !gives_check
                    && searched
                        >= (p.lmr_min_moves + p.lmr_pv_extra_moves * pv_node as i32) as usize
                {
                    r = p.reduction(depth, searched) - p.lmr_pv_reduction * pv_node as i32;
                    if !improving {
                        r += p.lmr_not_improving;
                    }
                    if p.lmr_history_divisor > 0 {
                        r -= self.tables.history[history_index(side, mv)] / p.lmr_history_divisor;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                score = self.child_score(pos, &child, new_depth - r, alpha, alpha + 1, ply);
                if score > alpha && r > 0 {
                    score = self.child_score(pos, &child, new_depth, alpha, alpha + 1, ply);
                }
                if score > alpha && score < beta {
                    score = self.child_score(pos, &child, new_depth, alpha, beta, ply);
                }
            }
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            searched += 1;
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(pos, mv, &quiets_tried, depth, ply);
                        }
                        self.reward_tactical(side, tactical.then_some(mv), &tacticals_tried, depth);
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(mv);
            } else if tactical {
                tacticals_tried.push(mv);
            }
        }
        self.score_bufs[ply] = scores;
        self.quiet_bufs[ply] = quiets_tried;
        self.tactical_bufs[ply] = tacticals_tried;
        if searched == 0 {
            // Every root move is excluded by MultiPV: nothing to report.
            return -INFINITY;
        }
        let bound = bound_of(best_score, original_alpha, alpha, beta);
        // Teach the correction history what this search found the static score off by, where
        // the result bounds it on the right side and a quiet answer (or none) decided it.
        if self.params.correction_history != 0
            && !in_check
            && singular_exclude.is_none()
            && best_score.abs() < MATE_BOUND
            && best_move.is_none_or(|m| pos.tactical_order(m).is_none())
            && !(bound == Bound::Lower && best_score <= static_eval)
            && !(bound == Bound::Upper && best_score >= static_eval)
        {
            self.learn_correction(pos, depth, best_score - static_eval);
        }
        let whole_node = if ply == 0 {
            self.excluded.is_empty() && self.root_filter.is_empty()
        } else {
            singular_exclude.is_none()
        };
        if whole_node {
            let stored_depth = depth - extended as i32;
            self.tt
                .store(key, best_move, to_tt(best_score, ply), stored_depth, bound);
        }
        best_score
    }

    /// The evaluator's score of `pos`, from the cache where this thread has seen it.
    #[inline]
    fn evaluate(&mut self, pos: &R) -> Score {
        self.evaluate_keyed(pos, pos.hash())
    }

    /// [`Worker::evaluate`] of `pos` whose hash is `key`.
    #[inline]
    fn evaluate_keyed(&mut self, pos: &R, key: u64) -> Score {
        let eval = self.eval;
        self.eval_cache.get_or(key, || eval.evaluate(pos))
    }

    /// The evaluation of `pos` (hash `key`), corrected by the correction history where that
    /// is on.
    fn corrected_eval(&mut self, pos: &R, key: u64) -> Score {
        let raw = self.evaluate_keyed(pos, key);
        if self.params.correction_history == 0 {
            return raw;
        }
        raw + self.tables.correction[correction_index(pos)] / CORRECTION_GRAIN
    }

    /// Moves the structure's correction towards `error`, the more the deeper the search.
    fn learn_correction(&mut self, pos: &R, depth: i32, error: Score) {
        let weight = (depth + 1).min(16);
        let limit = CORRECTION_MAX_CP * CORRECTION_GRAIN;
        let target = (error * CORRECTION_GRAIN).clamp(-limit, limit);
        let e = &mut self.tables.correction[correction_index(pos)];
        *e = ((*e * (256 - weight) + target * weight) / 256).clamp(-limit, limit);
    }

    fn reward_quiet(&mut self, pos: &R, mv: Move, tried: &[Move], depth: i32, ply: usize) {
        let side = pos.side_to_move();
        if let Some(prev) = ply.checked_sub(1).and_then(|p| self.path[p]) {
            self.tables.counter_moves[from_to(prev)] = Some(mv);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let p = &self.params;
        reward_and_blame_by_move(&mut self.tables.history, p, side, Some(mv), tried, depth);
        for base in self.continuation_bases(side, ply).into_iter().flatten() {
            let index = |m: Move| base + piece_to(pos.moved_piece(m), m);
            let tried_indices = tried.iter().map(|&m| index(m));
            let table = &mut self.tables.continuation;
            reward_and_blame(table, p, Some(index(mv)), tried_indices, depth);
        }
    }

    /// Records the move made at `ply` (`None`: a null move) for the next plies' counter move
    /// and continuation history.
    #[inline]
    fn enter(&mut self, pos: &R, ply: usize, mv: Option<Move>) {
        self.path[ply] = mv;
        if self.params.continuation_history != 0 {
            self.path_pieces[ply] = mv.map_or(0, |m| pos.moved_piece(m));
        }
    }

    /// Where the continuation entries of the moves at `ply` start, for the moves one and two
    /// plies before (`None` where there is none, or the history is off).
    fn continuation_bases(&self, side: crate::Color, ply: usize) -> [Option<usize>; 2] {
        let mut bases = [None; 2];
        if self.params.continuation_history == 0 {
            return bases;
        }
        for (back, base) in bases.iter_mut().enumerate() {
            let Some(at) = ply.checked_sub(back + 1) else {
                break;
            };
            if let Some(prev) = self.path[at] {
                let key = (side == crate::Color::Black) as usize * 2 + back;
                let prev_index = piece_to(self.path_pieces[at], prev);
                *base = Some((key * PIECE_TO + prev_index) * PIECE_TO);
            }
        }
        bases
    }

    /// A quiet move's continuation-history score (0 where the history is off).
    #[inline]
    fn continuation_score(&self, pos: &R, bases: &[Option<usize>; 2], mv: Move) -> i32 {
        if bases[0].is_none() && bases[1].is_none() {
            return 0;
        }
        let own = piece_to(pos.moved_piece(mv), mv);
        bases
            .iter()
            .flatten()
            .map(|&base| self.tables.continuation[base + own])
            .sum()
    }

    /// ProbCut (where `probcut_margin` is on): a capture that wins enough by SEE, and whose
    /// reduced search still beats beta by the margin, makes the full search fail high too.
    fn probcut(
        &mut self,
        pos: &R,
        entry: Option<super::tt::TtEntry>,
        depth: i32,
        beta: Score,
        static_eval: Score,
        ply: usize,
    ) -> Option<Score> {
        let margin = self.params.probcut_margin;
        if margin == 0
            || depth < self.params.probcut_min_depth
            || self.singular_exclude[ply].is_some()
        {
            return None;
        }
        let probe_beta = beta + margin;
        if probe_beta.abs() >= MATE_BOUND {
            return None;
        }
        // The table already says a search this deep stays below the probe's bound.
        if entry.is_some_and(|e| {
            e.depth >= depth - 3 && e.bound != Bound::Lower && from_tt(e.score, ply) < probe_beta
        }) {
            return None;
        }
        let mut moves = MoveList::new();
        if !self.generate_or_stop(pos, &mut moves, true) {
            return None;
        }
        let tt_move = entry.map(|e| e.move_bits).filter(|&b| b != 0);
        let mut scores = std::mem::take(&mut self.score_bufs[ply]);
        self.order_moves(pos, &moves, tt_move, ply, &mut scores);
        let mut found = None;
        for i in 0..moves.len() {
            Self::pick(&mut moves, &mut scores, i);
            let mv = moves[i];
            if !pos.see_ge(mv, probe_beta - static_eval) {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            if child.is_chance_node() {
                continue;
            }
            self.keys.push(child.hash());
            self.enter(pos, ply, Some(mv));
            let mut score = self.child_qscore(pos, &child, probe_beta - 1, probe_beta, ply);
            if score >= probe_beta {
                score = self.child_score(pos, &child, depth - 4, probe_beta - 1, probe_beta, ply);
            }
            self.keys.pop();
            if self.aborted {
                break;
            }
            if score >= probe_beta {
                self.tt.store(
                    pos.hash(),
                    Some(mv),
                    to_tt(score, ply),
                    depth - 3,
                    Bound::Lower,
                );
                found = Some(score);
                break;
            }
        }
        self.score_bufs[ply] = scores;
        found
    }

    /// Capture history (where `capture_history_divisor` is on): a cutoff rewards the tactical
    /// move that made it, if it was one, and blames the tactical moves searched before it.
    fn reward_tactical(
        &mut self,
        side: crate::Color,
        best: Option<Move>,
        tried: &[Move],
        depth: i32,
    ) {
        if self.params.capture_history_divisor != 0 {
            let p = &self.params;
            let table = &mut self.tables.capture_history;
            reward_and_blame_by_move(table, p, side, best, tried, depth);
        }
    }

    /// A chance node (G6): the probability-weighted mean of its outcomes, consuming no depth
    /// (`docs/search.md`, "Chance nodes"). The unlikely outcomes come first, searched
    /// `chance_reduction` plies shallower (valued statically under a null window or at no depth
    /// left), then the likeliest at full depth; `chance_reduction` 0 is exact expectimax. Star1: before each
    /// outcome, the window it must reach follows from what the outcomes so far contributed and
    /// the score bounds of the rest; an outcome outside it decides the node's bound at once, and
    /// the likeliest, searched last, gets an exact window. Star2 first probes the likeliest
    /// outcome by its player's first move only: that can prove the node fails low without the
    /// full search.
    fn chance_node(&mut self, pos: &R, depth: i32, alpha: Score, beta: Score, ply: usize) -> Score {
        self.static_evals[ply.min(MAX_PLY)] = None;
        self.count_node();
        if self.aborted || ply >= MAX_PLY {
            return 0;
        }
        if self.chance == ChanceSearch::Implicit {
            if let Some(mv) = pos.implicit_outcome() {
                let mut child = pos.clone();
                child.play(mv);
                self.keys.push(child.hash());
                let score = self.child_score(pos, &child, depth, alpha, beta, ply);
                self.keys.pop();
                return score;
            }
        }
        let (outcomes, weights) = search_weights(pos.weighted_outcomes());
        let total: i64 = weights.iter().sum();
        if total <= 0 {
            return self.evaluate(pos);
        }
        // The likeliest outcome last.
        let likeliest = (0..weights.len()).max_by_key(|&i| weights[i]).unwrap_or(0);
        let mut order: Vec<usize> = (0..weights.len()).filter(|&i| i != likeliest).collect();
        order.push(likeliest);
        // A null window asks only whether the node reaches beta: the unlikely outcomes count
        // by their static value, the likeliest by one null-window search.
        let null_window = beta - alpha == 1;
        let (alpha, beta) = (alpha as i64, beta as i64);
        // Outcome values are held to ±`chance_win` (a decided game's worth here), or to the
        // mate bounds for exact expectimax. Every value then lies in [lo, hi] (Star1's bounds).
        let cap = self.params.chance_win as i64;
        let (lo, hi) = if cap > 0 {
            (-cap, cap)
        } else {
            (-(MATE as i64), MATE as i64)
        };
        if alpha >= hi || beta <= lo {
            // Only a node whose every outcome is a mate lies outside [lo, hi].
            let (alpha, beta) = (alpha as Score, beta as Score);
            return self.all_mate_chance(pos, &outcomes, &order, depth, alpha, beta, ply);
        }
        // Where every outcome is a mate for the same side, the node is that mate (the slowest).
        let mut mates: Option<Score> = None;
        let mut all_mate = cap > 0;
        let mut sum = 0i64; // sum of weight * score over the outcomes searched
        let mut rest: i64 = total; // weight not yet searched
        for (k, &i) in order.iter().enumerate() {
            let w = weights[i];
            if w == 0 {
                continue;
            }
            rest -= w;
            // The node fails low if this outcome scores at most `a`, high if at least `b`.
            let a = (alpha * total - sum - hi * rest).div_euclid(w);
            let b = -((-(beta * total - sum - lo * rest)).div_euclid(w));
            let mut child = pos.clone();
            child.play(outcomes[i]);
            self.keys.push(child.hash());
            let last = k + 1 == order.len();
            // The likeliest outcome with a null window decides the node at b - 1.
            let (child_alpha, child_beta) = if last && null_window {
                ((b - 1).clamp(lo, hi - 1), b.clamp(lo + 1, hi))
            } else {
                let ca = a.max(lo);
                (ca, b.min(hi).max(ca + 1))
            };
            if last
                && self.chance == ChanceSearch::Star2
                && depth > 1
                && child_alpha > lo
                && self.probe_fails_low(pos, &child, depth, child_alpha as Score, ply)
            {
                self.keys.pop();
                self.chance_stats.probe_cuts += 1;
                return alpha as Score;
            }
            let reduced = if last {
                depth
            } else {
                depth - self.params.chance_reduction
            };
            let approximate = self.params.chance_reduction > 0;
            let score = if !last && approximate && (null_window || reduced <= 0) {
                self.static_score(pos, &child, ply) as i64
            } else {
                let d = reduced.max(0);
                self.child_score(
                    pos,
                    &child,
                    d,
                    child_alpha as Score,
                    child_beta as Score,
                    ply,
                ) as i64
            };
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            if all_mate {
                let raw = score as Score;
                let same_side = mates.is_none_or(|m| (m > 0) == (raw > 0));
                if raw.abs() > MATE_BOUND && same_side {
                    mates =
                        Some(mates.map_or(raw, |m| if raw > 0 { m.min(raw) } else { m.max(raw) }));
                } else {
                    all_mate = false;
                }
            }
            let score = score.clamp(lo, hi);
            self.chance_stats.outcomes_searched += 1;
            let unsearched = (order.len() - k - 1) as u64;
            if score >= b {
                self.chance_stats.outcomes_cut += unsearched;
                return beta as Score;
            }
            if score <= a {
                self.chance_stats.outcomes_cut += unsearched;
                return alpha as Score;
            }
            sum += w * score;
        }
        match mates {
            Some(mate) if all_mate => mate,
            _ => (sum.div_euclid(total)) as Score,
        }
    }

    /// A chance node searched with a window outside the capped values [-chance_win, chance_win]
    /// (its player has a better line already, or is already lost elsewhere). Above the cap the
    /// node is worth more than `alpha` only if every outcome is a mate for its player, and then
    /// it is the slowest of them; below it, worth less than `beta` only if every outcome mates
    /// its player, and then it is the slowest of those. So each outcome is searched in full
    /// with the node's window, likeliest first, and the first that settles it ends the search
    /// (a fail-hard bound, like the rest of the chance node).
    #[allow(clippy::too_many_arguments)]
    fn all_mate_chance(
        &mut self,
        pos: &R,
        outcomes: &[Move],
        order: &[usize],
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Score {
        let winning = alpha > 0;
        let mut value = if winning { beta } else { alpha };
        for &i in order.iter().rev() {
            let mut child = pos.clone();
            child.play(outcomes[i]);
            self.keys.push(child.hash());
            let score = self.child_score(pos, &child, depth, alpha, beta, ply);
            self.keys.pop();
            if self.aborted {
                return 0;
            }
            // A value that is not a mate counts as the cap, which is outside the window.
            let mate = score.abs() > MATE_BOUND;
            if winning {
                if score <= alpha || !mate {
                    return alpha;
                }
                value = value.min(score);
            } else {
                if score >= beta || !mate {
                    return beta;
                }
                value = value.max(score);
            }
        }
        value
    }

    /// The static value of `child` from the side of `parent`'s player: its end if the game
    /// ended, else its evaluation. (An evaluation, not a node: it is not counted.)
    fn static_score(&mut self, parent: &R, child: &R, ply: usize) -> Score {
        let own = match child.ended_by_rule() {
            Some(outcome) => outcome_score(outcome, child.side_to_move(), ply + 1),
            None => self.evaluate(child),
        };
        if child.side_to_move() != parent.side_to_move() {
            -own
        } else {
            own
        }
    }

    /// Star2's probe of the outcome `child` of the chance node `pos`: its player's first move
    /// (the table's, else the best-ordered one) searched with a null window. That move's
    /// value bounds the outcome's worth to its player from below, so where the player
    /// changes, its worth to the chance node's player from above: returns whether the probe
    /// proves that worth at most `t`.
    fn probe_fails_low(&mut self, pos: &R, child: &R, depth: i32, t: Score, ply: usize) -> bool {
        if child.side_to_move() == pos.side_to_move()
            || child.is_chance_node()
            || child.ended_by_rule().is_some()
            || ply + 2 >= MAX_PLY
        {
            return false;
        }
        let mut moves = MoveList::new();
        if !self.generate_or_stop(child, &mut moves, false) || moves.is_empty() {
            return false;
        }
        let tt_move = self
            .tt
            .probe(child.hash())
            .map(|e| e.move_bits)
            .filter(|&b| b != 0);
        let mut scores = Vec::with_capacity(moves.len());
        self.order_moves(child, &moves, tt_move, ply + 1, &mut scores);
        Self::pick(&mut moves, &mut scores, 0);
        let mut grandchild = child.clone();
        grandchild.play(moves[0]);
        self.chance_stats.probes += 1;
        self.keys.push(grandchild.hash());
        // In the child's player's terms: does its first move reach -t?
        let v = self.child_score(child, &grandchild, depth - 1, -t - 1, -t, ply + 1);
        self.keys.pop();
        !self.aborted && v >= -t
    }

    fn qsearch(&mut self, pos: &R, mut alpha: Score, beta: Score, ply: usize) -> Score {
        if pos.is_chance_node() {
            return self.chance_node(pos, 0, alpha, beta, ply);
        }
        self.count_node();
        if self.aborted {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(outcome) = pos.ended_by_rule() {
            return outcome_score(outcome, pos.side_to_move(), ply);
        }
        if pos.insufficient_material() {
            return 0;
        }
        // Quiescence pushes no keys (repetitions are not looked for there).
        let key = pos.hash();
        let entry = self.tt.probe(key);
        if let Some(score) = entry.and_then(|e| tt_cutoff(&e, ply, alpha, beta)) {
            return score;
        }
        let tt_move = entry.map(|e| e.move_bits).filter(|&b| b != 0);
        // Evasions are searched in full only within a ply budget: where quiet checking evasions
        // are common on both sides (Eldritch Dragons), check chains would otherwise run to the
        // maximum ply. Beyond it a side in check stands pat like any other.
        let within_budget = (ply as i32) < self.root_depth + self.params.qs_check_plies;
        // A king in danger without check (Ghost Chess) must be answered, within the same
        // budget: no stand pat, and the tactical actions then include every answer
        // (`Rules::in_danger`). A check is a danger, so the check test (a second attack test
        // where the two are one) is only needed in danger.
        let in_danger = within_budget && self.danger_of(pos, key);
        let in_check = in_danger && pos.in_check();
        let mut best = -INFINITY;
        if !in_danger {
            let stand = self.corrected_eval(pos, key);
            let too_deep = (ply as i32) >= self.root_depth + self.params.qs_max_plies;
            if stand >= beta || ply >= MAX_PLY || too_deep {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves = MoveList::new();
        if in_check {
            // Every evasion is searched; none at all is mate.
            if !self.generate_or_stop(pos, &mut moves, false) {
                return 0;
            }
            if moves.is_empty() {
                return -MATE + ply as Score;
            }
        } else {
            if !self.generate_or_stop(pos, &mut moves, true) {
                return 0;
            }
            if in_danger && moves.is_empty() {
                // No answer to the threat: the king is lost next move, unless nothing is legal.
                return if !pos.has_legal_action() {
                    0
                } else {
                    -MATE + ply as Score + 2
                };
            }
        }
        if ply >= MAX_PLY {
            return best.max(0);
        }
        let mut scores = std::mem::take(&mut self.score_bufs[ply.min(MAX_PLY)]);
        self.order_moves(pos, &moves, tt_move, ply.min(MAX_PLY), &mut scores);
        let original_alpha = alpha;
        let mut best_move = None;
        for i in 0..moves.len() {
            Self::pick(&mut moves, &mut scores, i);
            // Captures that lose material cannot raise a stand-pat score, nor can one that
            // wins less than the stand-pat score lacks of alpha, less a margin (futility).
            if !in_danger {
                let margin = self.params.qs_futility_margin;
                let futile = if margin > 0 { alpha - best - margin } else { 0 };
                if !pos.see_ge(moves[i], self.params.qs_see_threshold.max(futile)) {
                    continue;
                }
            }
            let mut child = pos.clone();
            child.play(moves[i]);
            let score = self.child_qscore(pos, &child, alpha, beta, ply);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(moves[i]);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.score_bufs[ply.min(MAX_PLY)] = scores;
        let bound = bound_of(best, original_alpha, alpha, beta);
        self.tt.store(key, best_move, to_tt(best, ply), 0, bound);
        best
    }
}

/// Exact outcome weights (up to 2^128) scaled for the search's integer arithmetic: about 2^40
/// in total, every possible outcome at least 1, so `weight * score` sums fit an `i64`.
fn search_weights(outcomes: Vec<(Move, u128)>) -> (Vec<Move>, Vec<i64>) {
    const SCALE: u128 = 1 << 40;
    let total: u128 = outcomes.iter().map(|&(_, w)| w).sum();
    outcomes
        .into_iter()
        .map(|(m, w)| {
            let scaled = if total <= SCALE {
                w
            } else {
                (w / (total / SCALE + 1)).max(u128::from(w > 0))
            };
            (m, scaled as i64)
        })
        .unzip()
}
