//! Search: iterative deepening with aspiration windows over the PVS worker, MultiPV, and Lazy
//! SMP (helper threads search the same root and share only the transposition table; the main
//! thread reports and decides).

mod eval_cache;
pub mod evaluator;
mod limits;
mod params;
pub mod skill;
mod tt;
mod worker;

pub use limits::{Limits, TimePlan};
pub use params::SearchParams;
pub use tt::{Bound, TranspositionTable, TtEntry};

use crate::game::Game;
use crate::moves::Move;
use crate::rules::{Progress, Rules};
use crate::search::evaluator::{Evaluator, Score};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use worker::Worker;

pub const MATE: Score = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: Score = MATE - 1_000;
pub const MAX_PLY: usize = 120;
const MAX_DEPTH: u32 = 100;
/// Stack for search threads: deep recursion with move lists on the stack.
pub const THREAD_STACK: usize = 64 << 20;

/// How the search treats chance steps (G6, `docs/search.md`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ChanceSearch {
    /// Expectimax with Star1 windows and Star2 probes: the default, it beat Star1 at equal
    /// time in Hobgoblin (`docs/search.md`), though it often needs more nodes for a depth.
    #[default]
    Star2,
    /// Expectimax with Star1 windows only.
    Star1,
    /// As if the variant's implicit outcome always happened (Hobgoblin: every pawn survives);
    /// Star1 where a variant has none.
    Implicit,
}

impl ChanceSearch {
    /// The `ChanceSearch` option's values, in this order.
    pub const NAMES: [&'static str; 3] = ["star2", "star1", "survive"];

    pub fn from_name(name: &str) -> Option<ChanceSearch> {
        match name {
            "star2" => Some(ChanceSearch::Star2),
            "star1" => Some(ChanceSearch::Star1),
            "survive" => Some(ChanceSearch::Implicit),
            _ => None,
        }
    }
}

/// Counters of the chance nodes of a search, summed over its threads.
#[derive(Debug, Default)]
pub struct ChanceStats {
    /// Star2 probes made.
    pub probes: AtomicU64,
    /// Chance nodes a Star2 probe decided (fail low) without the likeliest outcome's search.
    pub probe_cuts: AtomicU64,
    /// Outcomes searched in full.
    pub outcomes_searched: AtomicU64,
    /// Outcomes never searched because a Star1/Star2 bound decided their node.
    pub outcomes_cut: AtomicU64,
}

/// State shared by the threads of one search and the thread that started it.
pub struct Shared {
    pub stop: AtomicBool,
    /// While set, the search ignores the clock (`go ponder` until `ponderhit`).
    pub pondering: AtomicBool,
    pub nodes: AtomicU64,
    /// What the chance nodes of the search did.
    pub chance: ChanceStats,
    started: Mutex<Instant>,
    plan: Mutex<TimePlan>,
    node_limit: Option<u64>,
    /// Candidates that interrupted move generations tried (each played and tested, about a
    /// node's work): they count against the node limit, so `go nodes` holds even where one
    /// position's list takes seconds (issue 49).
    generation_work: AtomicU64,
    /// The deepest iteration any thread has completed: (depth, score, principal variation).
    completed: Mutex<Option<(u32, Score, Vec<Move>)>>,
}

impl Shared {
    pub fn new(limits: &Limits, plan: TimePlan) -> Self {
        Shared {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(limits.ponder),
            nodes: AtomicU64::new(0),
            chance: ChanceStats::default(),
            started: Mutex::new(Instant::now()),
            plan: Mutex::new(plan),
            node_limit: limits.nodes,
            generation_work: AtomicU64::new(0),
            completed: Mutex::new(None),
        }
    }

    /// Records a finished iteration if it is deeper than any before.
    fn publish(&self, depth: u32, score: Score, pv: &[Move]) {
        if pv.is_empty() {
            return;
        }
        if let Ok(mut c) = self.completed.lock() {
            if c.as_ref().is_none_or(|(d, _, _)| depth > *d) {
                *c = Some((depth, score, pv.to_vec()));
            }
        }
    }

    fn completed_depth(&self) -> u32 {
        self.completed
            .lock()
            .ok()
            .and_then(|c| c.as_ref().map(|(d, _, _)| *d))
            .unwrap_or(0)
    }

    fn deepest(&self) -> Option<(u32, Score, Vec<Move>)> {
        self.completed.lock().ok().and_then(|c| c.clone())
    }

    pub fn elapsed(&self) -> Duration {
        self.started.lock().map(|s| s.elapsed()).unwrap_or_default()
    }

    /// `ponderhit`: the pondered move was played; the clock starts now.
    pub fn ponderhit(&self) {
        if let Ok(mut s) = self.started.lock() {
            *s = Instant::now();
        }
        self.pondering.store(false, Ordering::Relaxed);
    }

    fn plan(&self) -> TimePlan {
        self.plan.lock().map(|p| *p).unwrap_or(TimePlan {
            soft: None,
            hard: None,
            adjustable: false,
        })
    }

    /// The answer to a long move generation's question ([`crate::rules::Interrupt`]): counts
    /// its work, looks at the limits, and says whether the search is stopping.
    pub(crate) fn interrupts_generation(&self, progress: Progress) -> bool {
        self.generation_work
            .fetch_add(progress.tried as u64, Ordering::Relaxed);
        self.check_limits();
        self.stop.load(Ordering::Relaxed)
    }

    /// Sets `stop` when the hard time limit or the node limit is reached.
    fn check_limits(&self) {
        if let Some(n) = self.node_limit {
            let work = self.generation_work.load(Ordering::Relaxed);
            if self.nodes.load(Ordering::Relaxed) + work >= n {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        if self.pondering.load(Ordering::Relaxed) {
            return;
        }
        if let Some(hard) = self.plan().hard {
            if self.elapsed() >= hard {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Whether no new iteration should start: the soft limit, times `scale` where the plan
    /// lets the search adjust it, has passed.
    fn past_soft_limit(&self, scale: f64) -> bool {
        let plan = self.plan();
        let scale = if plan.adjustable { scale } else { 1.0 };
        !self.pondering.load(Ordering::Relaxed)
            && plan
                .soft
                .is_some_and(|s| self.elapsed() >= s.mul_f64(scale))
    }
}

/// A score as UCI prints it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UciScore {
    Cp(Score),
    /// Moves (not plies) to mate; negative when being mated.
    Mate(i32),
}

impl UciScore {
    pub fn from_score(s: Score) -> UciScore {
        if s > MATE_BOUND {
            UciScore::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            UciScore::Mate(-(MATE + s + 1) / 2)
        } else {
            UciScore::Cp(s)
        }
    }
}

/// One `info` report of a finished iteration.
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: UciScore,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<String>,
}

impl Report {
    pub fn to_uci(&self) -> String {
        let score = match self.score {
            UciScore::Cp(cp) => format!("cp {cp}"),
            UciScore::Mate(m) => format!("mate {m}"),
        };
        format!(
            "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} hashfull {} time {} pv {}",
            self.depth,
            self.seldepth,
            self.multipv,
            self.nodes,
            self.nps,
            self.hashfull,
            self.time_ms,
            self.pv.join(" ")
        )
    }
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// Search settings that are not part of `go`.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    pub threads: usize,
    pub multipv: usize,
    /// Print `info` lines (off for `bench` and tests).
    pub report: bool,
    /// Search only these root moves (`go searchmoves`); empty means every legal move.
    pub root_moves: Vec<Move>,
    /// How chance steps are searched (option `ChanceSearch`).
    pub chance: ChanceSearch,
    /// Where the search threads keep their move histories between the searches of one game
    /// (used where the variant's `search.keep_history` is on; `None`: each search starts cold).
    pub memory: Option<Arc<SearchMemory>>,
    /// A playing strength below full (`UCI_LimitStrength`): the skill level, 0 to 20.
    pub skill_level: Option<f64>,
    /// The seed of a limited strength's choices, mixed with the position's key (`None`: drawn
    /// afresh each search).
    pub skill_seed: Option<u64>,
}

/// The kept tables one search uses: `options.memory` where the variant keeps its histories.
struct Kept<'m>(Option<&'m SearchMemory>);

impl Kept<'_> {
    fn take(&self, thread: usize) -> Option<worker::Tables> {
        self.0.and_then(|m| m.take(thread))
    }

    fn keep(&self, thread: usize, tables: worker::Tables) {
        if let Some(m) = self.0 {
            m.keep(thread, tables);
        }
    }
}

/// The move histories, counter moves and correction history of each search thread, kept from
/// one search to the next of the same game. Its owner clears it for a new game (`ucinewgame`).
#[derive(Default)]
pub struct SearchMemory {
    threads: Mutex<Vec<Option<worker::Tables>>>,
}

impl SearchMemory {
    /// Forgets everything learned (a new game).
    pub fn clear(&self) {
        self.lock().clear();
    }

    /// Whether no thread has kept anything yet.
    pub fn is_empty(&self) -> bool {
        self.lock().iter().all(Option::is_none)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Option<worker::Tables>>> {
        // A search thread that panicked leaves nothing half-written: the tables are moved
        // in and out whole, so a poisoned lock still holds consistent data.
        self.threads.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn take(&self, thread: usize) -> Option<worker::Tables> {
        self.lock().get_mut(thread).and_then(Option::take)
    }

    fn keep(&self, thread: usize, tables: worker::Tables) {
        let mut threads = self.lock();
        if threads.len() <= thread {
            threads.resize(thread + 1, None);
        }
        threads[thread] = Some(tables);
    }
}

impl std::fmt::Debug for SearchMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SearchMemory({} threads)", self.lock().len())
    }
}

impl SearchOptions {
    /// One thread, one line, no `info` reports, every root move: `bench`, soak games, tests.
    pub fn quiet() -> Self {
        SearchOptions {
            report: false,
            ..Self::default()
        }
    }
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            multipv: 1,
            report: true,
            root_moves: Vec::new(),
            chance: ChanceSearch::default(),
            memory: None,
            skill_level: None,
            skill_seed: None,
        }
    }
}

fn pv_tokens<R: Rules>(root: &R, pv: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        if !pos.legal_moves().contains(&m) {
            break;
        }
        out.push(pos.format_move(m));
        pos.play(m);
    }
    out
}

/// Searches the current position of `game`. `report` receives each finished iteration. The
/// caller owns `shared` (to stop it or send `ponderhit`) and the table (kept between searches).
pub fn search<R: Rules, E: Evaluator<R>>(
    game: &Game<R>,
    eval: &E,
    tt: &TranspositionTable,
    shared: &Shared,
    limits: &Limits,
    options: &SearchOptions,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    let root = game.position();
    let mut history: Vec<u64> = game.history().to_vec();
    history.push(root.hash());
    tt.new_search();
    // The root list may take longer than the clock (a Hobgoblin crowd): once it holds a move,
    // the limits may cut it short, and the first move found is the answer.
    let mut all = crate::moves::MoveList::new();
    let complete = root.generate_legal_until(&mut all, &mut |p: Progress| {
        p.listed > 0 && shared.interrupts_generation(p)
    });
    let mut legal = all.clone();
    if !options.root_moves.is_empty() {
        legal.retain(|m| options.root_moves.contains(m));
    }
    let root_filter: &[Move] = if legal.is_empty() {
        &[]
    } else {
        &options.root_moves
    };
    let legal = if legal.is_empty() { all } else { legal };
    if !complete {
        return SearchResult {
            best: legal.first().copied(),
            ponder: None,
            score: 0,
            depth: 0,
            nodes: shared.nodes.load(Ordering::Relaxed),
        };
    }
    let mut skill = options.skill_level.map(|level| {
        let seed = options.skill_seed.unwrap_or_else(rand::random);
        skill::Skill::new(level, Some(seed ^ root.hash()))
    });
    let max_depth = limits
        .depth
        .unwrap_or(MAX_DEPTH)
        .min(skill.as_ref().map_or(MAX_DEPTH, skill::Skill::max_depth))
        .clamp(1, MAX_DEPTH);
    let lines_wanted = if skill.is_some() {
        options.multipv.max(skill::SKILL_LINES)
    } else {
        options.multipv
    };
    let multipv = lines_wanted.clamp(1, legal.len().max(1));
    // The lines of the last complete iteration, for a limited strength's choice among them.
    let mut last_lines: Vec<(Score, Vec<Move>)> = Vec::new();
    let mut result = SearchResult {
        best: legal.first().copied(),
        ponder: None,
        score: 0,
        depth: 0,
        nodes: 0,
    };
    if legal.is_empty() {
        return SearchResult {
            best: None,
            ..result
        };
    }

    let memory = Kept(
        options
            .memory
            .as_deref()
            .filter(|_| eval.search_params().keep_history != 0),
    );
    let memory = &memory;
    std::thread::scope(|scope| {
        for id in 1..options.threads.max(1) {
            let history = &history;
            let spawned = std::thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, move || {
                    let mut w = Worker::new(eval, tt, shared, history, false, memory.take(id));
                    w.root_filter = root_filter.to_vec();
                    w.chance = options.chance;
                    // Helpers run ahead of the deepest finished iteration, odd ones one ply further,
                    // so they fill the table where the main thread is going instead of repeating it.
                    let skew = (id % 2) as u32;
                    let mut depth = 1 + skew;
                    while depth <= max_depth && !shared.stop.load(Ordering::Relaxed) {
                        let score = w.search(root, depth as i32, -MATE, MATE, 0);
                        if w.aborted {
                            break;
                        }
                        shared.publish(depth, score, w.root_pv());
                        if depth == max_depth && multipv == 1 {
                            shared.stop.store(true, Ordering::Relaxed);
                        }
                        depth = (depth + 1).max(shared.completed_depth() + 1 + skew);
                    }
                    w.flush_nodes();
                    memory.keep(id, w.into_tables());
                });
            if spawned.is_err() {
                break; // fewer helpers than asked; the search itself is unaffected
            }
        }

        let mut main = Worker::new(eval, tt, shared, &history, true, memory.take(0));
        main.root_filter = root_filter.to_vec();
        main.chance = options.chance;
        let mut previous: Score = 0;
        let mut settled = Settledness::default();
        let mut depth = 0;
        while depth < max_depth {
            // Skip iterations a helper has already finished (one line only: MultiPV needs every
            // line at every depth).
            depth += 1;
            if multipv == 1 {
                depth = depth.max(shared.completed_depth()).min(max_depth);
            }
            let mut lines: Vec<(Score, Vec<Move>)> = Vec::new();
            main.excluded.clear();
            for _ in 0..multipv {
                let guess = if lines.is_empty() {
                    previous
                } else {
                    lines[0].0
                };
                let score = aspiration(&mut main, root, depth as i32, guess);
                if main.aborted {
                    break;
                }
                let pv = main.root_pv().to_vec();
                let Some(&first) = pv.first() else { break };
                main.excluded.push(first);
                lines.push((score, pv));
            }
            if main.aborted && lines.is_empty() {
                break;
            }
            main.flush_nodes();
            lines.sort_by_key(|l| -l.0);
            if skill.is_some() && !main.aborted {
                last_lines.clone_from(&lines);
            }
            if multipv == 1 {
                shared.publish(depth, lines[0].0, &lines[0].1);
                // A helper may have finished a deeper iteration meanwhile: use the deepest.
                if let Some((d, s, pv)) = shared.deepest().filter(|(d, _, _)| *d > depth) {
                    depth = d;
                    lines[0] = (s, pv);
                }
            }
            let (score, pv) = lines[0].clone();
            settled.record(depth, pv.first().copied(), previous, score);
            previous = score;
            result = SearchResult {
                best: pv.first().copied(),
                ponder: pv.get(1).copied(),
                score,
                depth,
                nodes: shared.nodes.load(Ordering::Relaxed),
            };
            if options.report {
                let ms = shared.elapsed().as_millis() as u64;
                let nodes = shared.nodes.load(Ordering::Relaxed);
                for (i, (s, line)) in lines.iter().enumerate() {
                    report(&Report {
                        depth,
                        seldepth: main.seldepth as u32,
                        multipv: i + 1,
                        score: UciScore::from_score(*s),
                        nodes,
                        nps: nodes * 1000 / ms.max(1),
                        hashfull: tt.hashfull(),
                        time_ms: ms,
                        pv: pv_tokens(root, line),
                    });
                }
            }
            if main.aborted {
                break;
            }
            let mate_found = matches!((limits.mate, UciScore::from_score(score)), (Some(n), UciScore::Mate(m)) if m > 0 && m as u32 <= n);
            if mate_found
                || shared.past_soft_limit(settled.time_scale())
                || shared.stop.load(Ordering::Relaxed)
            {
                break;
            }
        }
        // `go infinite` and pondering must not answer before `stop` / `ponderhit`.
        while (limits.infinite || shared.pondering.load(Ordering::Relaxed))
            && !shared.stop.load(Ordering::Relaxed)
        {
            std::thread::sleep(Duration::from_millis(1));
        }
        shared.stop.store(true, Ordering::Relaxed);
        memory.keep(0, main.into_tables());
    });
    // A helper that finished a deeper iteration after the main thread's last one decides.
    if let Some((d, score, pv)) = shared
        .deepest()
        .filter(|(d, _, _)| *d > result.depth && multipv == 1)
    {
        result = SearchResult {
            best: pv.first().copied(),
            ponder: pv.get(1).copied(),
            score,
            depth: d,
            nodes: 0,
        };
    }
    if let Some(skill) = skill.as_mut().filter(|_| !last_lines.is_empty()) {
        let candidates: Vec<(Score, Move)> = last_lines.iter().map(|(s, pv)| (*s, pv[0])).collect();
        let (score, pv) = &last_lines[skill.pick(&candidates)];
        result.best = pv.first().copied();
        result.ponder = pv.get(1).copied();
        result.score = *score;
    }
    result.nodes = shared.nodes.load(Ordering::Relaxed);
    result
}

/// How settled the answer of the iterations so far is, to share out a clock's time: a best
/// move that keeps changing, or a score that falls, earns more of the planned time, and one
/// that has stood for several iterations less.
#[derive(Default)]
struct Settledness {
    best: Option<Move>,
    /// Iterations in a row that kept the best move.
    stable: u32,
    /// How far the last iteration's score fell below the one before, in centipawns.
    drop: Score,
    /// Whether an iteration deep enough to judge by has been recorded.
    judged: bool,
}

impl Settledness {
    /// Iterations this shallow are too quick and too noisy to judge by.
    const MIN_DEPTH: u32 = 5;

    fn record(&mut self, depth: u32, best: Option<Move>, previous: Score, score: Score) {
        self.stable = if best == self.best {
            self.stable + 1
        } else {
            0
        };
        self.best = best;
        let decided = previous.abs() > MATE_BOUND || score.abs() > MATE_BOUND;
        self.drop = if depth < Self::MIN_DEPTH || decided {
            0
        } else {
            (previous - score).max(0)
        };
        if depth < Self::MIN_DEPTH {
            self.stable = 0;
        }
        self.judged = depth >= Self::MIN_DEPTH;
    }

    /// The factor on the soft limit: from 0.8 (a best move kept four times, a steady score)
    /// to 1.35 × 1.5 (a new best move and a score that fell by half a pawn or more); 1 until
    /// an iteration is deep enough to judge by (variants whose iterations are slow keep the
    /// plan as it is).
    fn time_scale(&self) -> f64 {
        if !self.judged {
            return 1.0;
        }
        let stability = match self.stable {
            0 => 1.35,
            1 => 1.15,
            2 => 1.0,
            3 => 0.9,
            _ => 0.8,
        };
        stability * (1.0 + self.drop.min(50) as f64 / 100.0)
    }
}

/// Root search in a window around the last score, widened on failure.
fn aspiration<R: Rules, E: Evaluator<R>>(
    w: &mut Worker<R, E>,
    root: &R,
    depth: i32,
    guess: Score,
) -> Score {
    let p = w.params;
    if depth < p.asp_min_depth || guess.abs() > MATE_BOUND {
        return w.search(root, depth, -MATE, MATE, 0);
    }
    let mut delta = p.asp_delta;
    let (mut alpha, mut beta) = (guess - delta, guess + delta);
    loop {
        let score = w.search(root, depth, alpha, beta, 0);
        if w.aborted || (score <= alpha && alpha <= -MATE) || (score >= beta && beta >= MATE) {
            return score;
        }
        if score <= alpha {
            alpha = (score - delta).max(-MATE);
        } else if score >= beta {
            beta = (score + delta).min(MATE);
        } else {
            return score;
        }
        delta = delta.saturating_mul(p.asp_growth);
        if delta > p.asp_full_window {
            alpha = -MATE;
            beta = MATE;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A distinct move per small number (its from-square).
    fn mv(from: u32) -> Option<Move> {
        Move::from_raw(from as u64)
    }

    /// A best move that stands for iteration after iteration shrinks the share of the clock,
    /// one that changes or a falling score stretches it, and shallow iterations count for
    /// nothing.
    #[test]
    fn a_settled_answer_spends_less_time_than_an_unsettled_one() {
        let mut steady = Settledness::default();
        for depth in 1..=10 {
            steady.record(depth, mv(7), 20, 20);
        }
        assert!(steady.time_scale() < 1.0, "{}", steady.time_scale());

        let mut changing = Settledness::default();
        for depth in 1..=10 {
            changing.record(depth, mv(depth), 20, 20);
        }
        assert!(changing.time_scale() > 1.0, "{}", changing.time_scale());

        let mut falling = Settledness::default();
        for depth in 1..=9 {
            falling.record(depth, mv(7), 20, 20);
        }
        let before = falling.time_scale();
        falling.record(10, mv(7), 20, -40);
        assert!(
            falling.time_scale() > before * 1.4,
            "{}",
            falling.time_scale()
        );

        let mut shallow = Settledness::default();
        for depth in 1..=4 {
            shallow.record(depth, mv(7), 300, -300);
        }
        assert_eq!(shallow.time_scale(), 1.0);
    }

    /// `movetime` is spent in full: its plan ignores the scale; a clock's plan follows it.
    #[test]
    fn only_a_clock_plan_is_scaled() {
        let fixed = Limits {
            movetime: Some(60_000),
            ..Limits::default()
        };
        let shared = Shared::new(&fixed, fixed.plan(crate::Color::White, 0));
        assert!(!shared.past_soft_limit(0.0));
        let clock = Limits {
            wtime: Some(60_000),
            ..Limits::default()
        };
        let shared = Shared::new(&clock, clock.plan(crate::Color::White, 0));
        assert!(shared.past_soft_limit(0.0));
        assert!(!shared.past_soft_limit(1.0));
    }
}
