//! The UCI loop. Commands are handled strictly in order on the input thread; long work (perft,
//! search) runs on one worker thread, so `isready`, `stop` and `ponderhit` are answered at once.
//! Any other command first settles the running job, so no command races it: a search is
//! stopped (a `position` during a search must never let the old search play on), while a perft
//! is waited for, as in engines whose perft runs on the input thread, so scripted
//! `go perft` / `quit` sequences print their counts. `stop` interrupts either.

pub mod engine_options;

use crate::errors::CommandError;
use crate::output::Output;
use grimoire_engine::options::{self as opts, OptionError};
use grimoire_engine::perft::PerftMode;
use grimoire_engine::rules::Outcome;
use grimoire_engine::search::skill::{self, Skill};
use grimoire_engine::search::{
    ChanceSearch, Limits, SearchMemory, SearchOptions, Shared, TranspositionTable, THREAD_STACK,
};
use grimoire_engine::Move;
use grimoire_eval::EvalParams;
use grimoire_registry::SetupAction;
use grimoire_registry::{AnyGame, AnySetup, Registry};
use std::io::BufRead;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

pub const ENGINE_NAME: &str = concat!("Grimoire ", env!("CARGO_PKG_VERSION"));
pub const DEFAULT_VARIANT: &str = "chess";
const MAX_PERFT_DEPTH: u32 = 64;

/// What the worker thread is doing, which decides how a later command settles it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Job {
    Perft,
    Search,
}

struct Worker {
    job: Job,
    /// A search that only `stop` surely ends (`go infinite`, `go ponder`, `go mate` alone).
    unbounded: bool,
    shared: Arc<Shared>,
    handle: JoinHandle<()>,
}

pub struct Engine {
    /// The variants this engine plays.
    pub(crate) registry: Arc<Registry>,
    pub(crate) game: Box<dyn AnyGame>,
    pub(crate) out: Output,
    worker: Option<Worker>,
    pub(crate) tt: Arc<TranspositionTable>,
    /// The search threads' move histories, kept between the searches of one game.
    pub(crate) memory: Arc<SearchMemory>,
    pub(crate) hash_mb: usize,
    pub(crate) threads: usize,
    pub(crate) multipv: usize,
    pub(crate) move_overhead_ms: u64,
    pub(crate) ponder: bool,
    /// `UCI_LimitStrength` and `UCI_Elo`: whether the strength is limited, and to what.
    pub(crate) limit_strength: bool,
    pub(crate) elo: i64,
    /// `Skill Level` (0 to 20, 20 full strength): the level itself, where no Elo is asked.
    pub(crate) skill: i64,
    /// How `go perft` treats chance steps (option `PerftMode`, G6).
    pub(crate) perft_mode: PerftMode,
    /// How the search treats chance steps (option `ChanceSearch`).
    pub(crate) chance_search: ChanceSearch,
    /// Variant rule options set so far (G7), checked against their declarations: a game of a
    /// variant that has them gets them, whenever it becomes the current one.
    pub(crate) variant_options: Vec<(String, String)>,
    /// Evaluation parameters loaded by `EvalFile`: used by games of their variant.
    pub(crate) eval_params: Option<EvalParams>,
    /// The variants' setup commands with what they have been told so far (Eldritch armies).
    setups: Vec<Box<dyn AnySetup>>,
}

/// What the loop should do after a command.
#[derive(PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Quit,
}

/// A parsed `go`: its limits, the root moves it names (`searchmoves`), and what in it was
/// not understood. A `go` always searches: errors are reported and the rest is used.
#[derive(Debug, Default)]
pub struct GoRequest {
    pub limits: Limits,
    pub searchmoves: Vec<String>,
    pub errors: Vec<CommandError>,
}

/// The words that start a `go` parameter (they end a `searchmoves` list).
const GO_WORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
];

/// Parses the arguments of `go` (everything but `perft`).
pub fn parse_go(args: &str) -> GoRequest {
    let mut go = GoRequest::default();
    let mut words = args.split_whitespace().peekable();
    while let Some(w) = words.next() {
        let mut number = |name: &str| -> Result<u64, CommandError> {
            let v = words
                .next()
                .ok_or_else(|| CommandError::Go(format!("go {name} needs a value")))?;
            // Clocks may go negative in some GUIs after a flag: read them as zero.
            match v.parse::<i64>() {
                Ok(n) => Ok(n.max(0) as u64),
                Err(_) => Err(CommandError::Go(format!(
                    "go {name} needs a whole number, got '{v}'"
                ))),
            }
        };
        let limits = &mut go.limits;
        let result = match w {
            "wtime" => number(w).map(|n| limits.wtime = Some(n)),
            "btime" => number(w).map(|n| limits.btime = Some(n)),
            "winc" => number(w).map(|n| limits.winc = Some(n)),
            "binc" => number(w).map(|n| limits.binc = Some(n)),
            "movestogo" => number(w).map(|n| limits.movestogo = Some(n.min(1000) as u32)),
            "movetime" => number(w).map(|n| limits.movetime = Some(n)),
            "depth" => number(w).map(|n| limits.depth = Some(n.min(1000) as u32)),
            "nodes" => number(w).map(|n| limits.nodes = Some(n)),
            "mate" => number(w).map(|n| limits.mate = Some(n.min(1000) as u32)),
            "infinite" => {
                limits.infinite = true;
                Ok(())
            }
            "ponder" => {
                limits.ponder = true;
                Ok(())
            }
            "searchmoves" => {
                while let Some(m) = words.next_if(|m| !GO_WORDS.contains(m)) {
                    go.searchmoves.push(m.to_string());
                }
                Ok(())
            }
            other => Err(CommandError::Go(format!(
                "unknown go parameter '{}'",
                other.chars().take(30).collect::<String>()
            ))),
        };
        if let Err(e) = result {
            go.errors.push(e);
        }
    }
    go
}

impl Engine {
    pub fn new(out: Output) -> Self {
        Self::with_registry(out, Arc::new(Registry::standard()))
    }

    /// An engine that plays the variants of `registry`; the first one is the default unless
    /// the registry holds [`DEFAULT_VARIANT`].
    pub fn with_registry(out: Output, registry: Arc<Registry>) -> Self {
        Self::with_hash(out, registry, engine_options::DEFAULT_HASH_MB)
    }

    /// [`Engine::with_registry`] with a hash table of `hash_mb` megabytes, as if `Hash` had
    /// been set: the in-process harnesses start thousands of engines a second with small ones.
    pub fn with_hash(out: Output, registry: Arc<Registry>, hash_mb: usize) -> Self {
        let first = registry
            .get(DEFAULT_VARIANT)
            .or(registry.entries().first())
            .expect("the registry holds a variant");
        let setups = registry
            .entries()
            .iter()
            .filter_map(|e| e.setup.map(|make| make()))
            .collect();
        Engine {
            game: (first.create)(),
            registry,
            setups,
            out,
            worker: None,
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            memory: Arc::new(SearchMemory::default()),
            hash_mb,
            threads: 1,
            multipv: 1,
            limit_strength: false,
            elo: grimoire_engine::search::skill::MAX_ELO,
            skill: grimoire_engine::search::skill::MAX_LEVEL as i64,
            move_overhead_ms: 30,
            ponder: false,
            perft_mode: PerftMode::Convention,
            chance_search: ChanceSearch::default(),
            variant_options: Vec::new(),
            eval_params: None,
        }
    }

    /// Reads commands until `quit` or end of input. Invalid UTF-8 is replaced, not fatal.
    pub fn run<R: BufRead>(&mut self, mut input: R) {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let line = String::from_utf8_lossy(&buf);
            if self.handle(&line) == Flow::Quit {
                return;
            }
        }
        // End of input: a perft or a bounded search finishes; an infinite or pondering search
        // is stopped, since nobody is left to send `stop`.
        if let Some(w) = self.worker.as_ref().filter(|w| w.unbounded) {
            w.shared.stop.store(true, Ordering::Relaxed);
        }
        self.join_worker();
    }

    /// One `info string error:` line, cut to a readable length: a message may quote input,
    /// and input lines can be megabytes long.
    fn report(&self, error: &CommandError) {
        self.error(&error.to_string());
    }

    fn error(&self, what: &str) {
        const MAX_CHARS: usize = 300;
        let what = match what.char_indices().nth(MAX_CHARS) {
            Some((cut, _)) => format!("{}...", &what[..cut]),
            None => what.to_string(),
        };
        self.out.line(&format!("info string error: {what}"));
    }

    /// Handles one command line.
    pub fn handle(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        let result = match cmd {
            "" => Ok(()),
            "uci" => {
                self.cmd_uci();
                Ok(())
            }
            "isready" => {
                self.out.line("readyok");
                Ok(())
            }
            "ucinewgame" => {
                self.settle_worker();
                self.tt.clear();
                self.memory.clear();
                self.new_game(self.game.variant());
                Ok(())
            }
            "setoption" => self.cmd_setoption(rest),
            "position" => self.cmd_position(rest),
            "go" => self.cmd_go(rest),
            "stop" => {
                self.stop_worker();
                Ok(())
            }
            "ponderhit" => {
                if let Some(w) = &self.worker {
                    w.shared.ponderhit();
                }
                Ok(())
            }
            "bench" => self.cmd_bench(rest),
            "d" => {
                self.settle_perft();
                self.out.line(&self.game.display());
                Ok(())
            }
            "quit" => {
                self.stop_search();
                self.settle_worker();
                return Flow::Quit;
            }
            _ if self.setups.iter().any(|s| s.command() == cmd) => self.cmd_setup(cmd, rest),
            _ => Err(CommandError::Unknown {
                command: cmd.to_string(),
            }),
        };
        if let Err(e) = result {
            self.report(&e);
        }
        Flow::Continue
    }

    fn cmd_uci(&self) {
        let mut lines = vec![
            format!("id name {ENGINE_NAME}"),
            "id author the Grimoire developers".to_string(),
        ];
        lines.extend(
            engine_options::declarations(&self.registry)
                .iter()
                .map(|d| d.spec.uci_line()),
        );
        // Variant options (G7): every registered variant's, each listed once.
        let mut seen = Vec::new();
        for entry in self.registry.entries() {
            for spec in (entry.options)() {
                if !seen.contains(&spec.name) {
                    seen.push(spec.name);
                    lines.push(spec.uci_line());
                }
            }
        }
        lines.push("uciok".to_string());
        self.out.lines(lines);
    }

    fn new_game(&mut self, variant: &str) {
        if let Some(g) = self.fresh_game(variant) {
            self.game = g;
        }
    }

    /// A game of `variant` at its start position, with the rule options and evaluation
    /// parameters set so far that apply to it.
    fn fresh_game(&self, variant: &str) -> Option<Box<dyn AnyGame>> {
        let mut game = self.registry.create(variant)?;
        let specs = (game.entry().options)();
        for (name, value) in &self.variant_options {
            if specs.iter().any(|o| o.is_named(name)) {
                // Values were checked when they were set.
                let _ = game.set_option(name, value);
            }
        }
        if let Some(p) = &self.eval_params {
            if p.variant() == game.variant() {
                let _ = game.set_eval_params(Some(p.clone()));
            }
        }
        Some(game)
    }

    fn cmd_setoption(&mut self, rest: &str) -> Result<(), CommandError> {
        self.settle_worker();
        let Some(after_name) = rest.strip_prefix("name") else {
            return Err(CommandError::Usage(
                "setoption needs 'name <option> [value <value>]'".to_string(),
            ));
        };
        let (name, value) = match after_name.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (after_name.trim().trim_end_matches(" value").trim(), ""),
        };
        if name.is_empty() {
            return Err(CommandError::Usage(
                "setoption needs an option name".to_string(),
            ));
        }
        Ok(
            match opts::find(&engine_options::declarations(&self.registry), name) {
                Some(decl) => decl.clone().apply(self, value),
                None => self.set_variant_option(name, value),
            }?,
        )
    }

    /// A variant's rule option: checked against the declaring variants, remembered, and applied
    /// now if the current variant has it (later games of a variant that has it get it too).
    fn set_variant_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let declared: Vec<_> = self
            .registry
            .entries()
            .iter()
            .flat_map(|e| (e.options)())
            .filter(|spec| spec.is_named(name))
            .collect();
        if declared.is_empty() {
            return Err(OptionError::Unknown {
                name: name.to_string(),
            });
        }
        for spec in &declared {
            spec.parse(value)?;
        }
        if (self.game.entry().options)()
            .iter()
            .any(|o| o.is_named(name))
        {
            self.game.set_option(name, value)?;
        }
        self.variant_options
            .retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        self.variant_options
            .push((declared[0].name.to_string(), value.to_string()));
        Ok(())
    }

    /// `EvalFile`: a parameter file (`docs/eval.md`) for its variant's evaluator, or
    /// `<default>` (or an empty value) for the built-in parameters.
    pub(crate) fn set_eval_file(&mut self, value: &str) -> Result<(), OptionError> {
        let fail = |reason: String| OptionError::NotApplied {
            name: "EvalFile",
            reason,
        };
        if value.is_empty() || value == "<default>" {
            self.eval_params = None;
            return self.game.set_eval_params(None).map_err(fail);
        }
        let params = match read_small_file(value) {
            Ok(bytes) if bytes.starts_with(NETWORK_MAGIC) => {
                grimoire_registry::default_params("chess")
                    .expect("chess has parameters")
                    .with_network_bytes(&bytes)
                    .map_err(|e| fail(format!("'{value}': {e}")))?
            }
            Ok(bytes) => {
                let text = String::from_utf8(bytes)
                    .map_err(|_| fail(format!("'{value}' is neither text nor a network")))?;
                grimoire_registry::params_from_text(&text)
                    .map_err(|e| fail(format!("'{value}': {e}")))?
            }
            Err(e) => return Err(fail(format!("'{value}' cannot be read: {e}"))),
        };
        if params.variant() == self.game.variant() {
            self.game
                .set_eval_params(Some(params.clone()))
                .map_err(|e| fail(format!("'{value}': {e}")))?;
        } else {
            // Kept for when its variant is chosen (GUIs send options in any order).
            self.out.line(&format!(
                "info string EvalFile '{value}' holds {} parameters; they apply once UCI_Variant is {}",
                params.variant(),
                params.variant()
            ));
        }
        self.eval_params = Some(params);
        Ok(())
    }

    /// `UCI_Variant`: a new game of the variant, with the options set so far.
    pub(crate) fn set_variant(&mut self, name: &str) -> Result<(), OptionError> {
        let game = self
            .fresh_game(name)
            .ok_or_else(|| OptionError::NotApplied {
                name: "UCI_Variant",
                reason: format!("not changed: unknown variant '{name}'"),
            })?;
        self.game = game;
        self.tt.clear();
        self.memory.clear();
        let announcement = self.game.board_announcement();
        self.out.line(&format!("info string {announcement}"));
        Ok(())
    }

    /// A variant's setup command (`eldritch ...`): declarations, and the start of its game.
    fn cmd_setup(&mut self, command: &str, rest: &str) -> Result<(), CommandError> {
        self.settle_worker();
        let Some(setup) = self.setups.iter_mut().find(|s| s.command() == command) else {
            return Ok(());
        };
        let variant = setup.variant();
        match setup.handle(rest, &self.variant_options) {
            Ok(SetupAction::Say(lines)) => {
                for l in lines {
                    self.out.line(&format!("info string {l}"));
                }
                Ok(())
            }
            Ok(SetupAction::Start(fen)) => {
                if self.game.variant() != variant {
                    return Err(CommandError::Setup(format!(
                        "{command} start needs setoption name UCI_Variant value {variant}"
                    )));
                }
                self.game
                    .set_position(Some(&fen), &[])
                    .map_err(|e| CommandError::Setup(e.to_string()))?;
                self.out.line(&format!("info string {command} start {fen}"));
                Ok(())
            }
            Err(e) => Err(CommandError::Setup(e)),
        }
    }

    fn cmd_position(&mut self, rest: &str) -> Result<(), CommandError> {
        self.settle_worker();
        let (spec, moves) = match rest.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None => (rest, Vec::new()),
        };
        let fen = if spec == "startpos" {
            None
        } else if let Some(f) = spec.strip_prefix("fen") {
            let f = f.trim();
            if f.is_empty() {
                return Err(CommandError::Usage("position fen needs a FEN".to_string()));
            }
            Some(f)
        } else {
            return Err(CommandError::Usage(
                "position needs 'startpos' or 'fen <fen>', then optional 'moves ...'".to_string(),
            ));
        };
        self.game
            .set_position(fen, &moves)
            .map_err(CommandError::Position)
    }

    fn cmd_go(&mut self, rest: &str) -> Result<(), CommandError> {
        self.settle_worker();
        // `perft` as a whole word: `go perft22` is a typo, not a depth-22 count.
        let mut words = rest.split_whitespace();
        if words.next() == Some("perft") {
            let depth = match (words.next(), words.next()) {
                (Some(d), None) => d.parse::<u32>().ok(),
                _ => None,
            };
            return match depth {
                Some(d) if d <= MAX_PERFT_DEPTH => self.start_perft(d),
                _ => Err(CommandError::Usage(format!(
                    "go perft needs a depth from 0 to {MAX_PERFT_DEPTH}"
                ))),
            };
        }
        let go = parse_go(rest);
        for e in &go.errors {
            self.report(e);
        }
        if self.game.is_chance_node() {
            // A player never names dice (notation §3.7): the referee sends the outcome.
            self.out.line("info string error: the dice of the last move are pending; the referee sends the outcome in position ... moves (!sites, or !- when every roll survived)");
            self.out.line("bestmove (none)");
            return Ok(());
        }
        if !self.game.has_legal_action() {
            // Mated, stalemated, or ended by the variant's own rule: a score, then no move.
            let score = match self.game.outcome() {
                Some(Outcome::Win { winner, .. }) if winner != self.game.side_to_move() => "mate 0",
                _ => "cp 0",
            };
            if let Some(o) = self.game.outcome() {
                self.out.line(&format!("info string game is over: {o}"));
            }
            self.out.line(&format!("info depth 0 score {score}"));
            self.out.line("bestmove (none)");
            return Ok(());
        }
        let (root_moves, refused) = self.game.parse_moves(&go.searchmoves);
        for e in refused {
            self.report(&CommandError::Go(format!("go searchmoves: {e}")));
        }
        self.start_search(go.limits, root_moves)
    }

    /// The skill level the search plays at: `UCI_Elo`'s with `UCI_LimitStrength`, else
    /// `Skill Level` below 20; `None` at full strength.
    fn skill_level(&self) -> Option<f64> {
        if self.limit_strength {
            Some(Skill::level_for_elo(self.elo))
        } else {
            let level = self.skill as f64;
            (level < skill::MAX_LEVEL).then_some(level)
        }
    }

    fn start_search(&mut self, limits: Limits, root_moves: Vec<Move>) -> Result<(), CommandError> {
        let plan = limits.plan(self.game.side_to_move(), self.move_overhead_ms);
        let shared = Arc::new(Shared::new(&limits, plan));
        let game = self.game.clone_box();
        let out = self.out.clone();
        let tt = self.tt.clone();
        let options = SearchOptions {
            threads: self.threads,
            multipv: self.multipv,
            report: true,
            root_moves,
            chance: self.chance_search,
            memory: Some(self.memory.clone()),
            skill_level: self.skill_level(),
            skill_seed: None,
        };
        let flag = shared.clone();
        // Only `stop` surely ends these: `infinite`, `ponder`, and a `mate` search with no
        // depth, node or time limit (it runs until it finds the mate, perhaps never).
        let only_mate = limits.mate.is_some()
            && limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.wtime.is_none()
            && limits.btime.is_none();
        let unbounded = limits.infinite || limits.ponder || only_mate;
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let (_, best, ponder) = game.search(&limits, &options, &tt, &flag, &mut |r| {
                    out.line(&r.to_uci())
                });
                out.line(&match (best, ponder) {
                    (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
                    (Some(b), None) => format!("bestmove {b}"),
                    (None, _) => "bestmove (none)".to_string(),
                });
            });
        match handle {
            Ok(handle) => {
                self.worker = Some(Worker {
                    job: Job::Search,
                    unbounded,
                    shared,
                    handle,
                });
                Ok(())
            }
            Err(e) => Err(CommandError::Engine(format!(
                "could not start search thread: {e}"
            ))),
        }
    }

    fn start_perft(&mut self, depth: u32) -> Result<(), CommandError> {
        if let Some(why) = self.game.beyond_fen_limits() {
            return Err(CommandError::Usage(format!(
                "go perft refuses a position past the FEN limits: {why}"
            )));
        }
        let shared = Arc::new(Shared::new(
            &Limits::default(),
            Limits::default().plan(self.game.side_to_move(), 0),
        ));
        let game = self.game.clone_box();
        let out = self.out.clone();
        let threads = self.threads;
        let mode = self.perft_mode;
        let flag = shared.clone();
        let handle = std::thread::Builder::new()
            .name("perft".into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let started = Instant::now();
                match game.perft_divide(depth, threads, mode, &flag.stop) {
                    Some(counts) => {
                        let total: u64 = if depth == 0 {
                            1
                        } else {
                            counts.iter().map(|(_, n)| n).sum()
                        };
                        let ms = started.elapsed().as_millis();
                        let mut lines: Vec<String> =
                            counts.iter().map(|(m, n)| format!("{m}: {n}")).collect();
                        lines.push(String::new());
                        lines.push(format!("Nodes searched: {total}"));
                        lines.push(format!(
                            "info string perft depth {depth} time {ms} ms nps {}",
                            total as u128 * 1000 / ms.max(1)
                        ));
                        out.lines(lines);
                    }
                    None => out.line("info string perft stopped before it finished"),
                }
            });
        match handle {
            Ok(handle) => {
                self.worker = Some(Worker {
                    job: Job::Perft,
                    unbounded: false,
                    shared,
                    handle,
                });
                Ok(())
            }
            Err(e) => Err(CommandError::Engine(format!(
                "could not start perft thread: {e}"
            ))),
        }
    }

    /// `bench [depth]`: the variant's fixed positions, one thread, a fresh 16 MB table each.
    fn cmd_bench(&mut self, rest: &str) -> Result<(), CommandError> {
        self.settle_worker();
        let depth = match rest.split_whitespace().next() {
            None => self.game.entry().bench_depth,
            Some(d) => match d.parse::<u32>() {
                Ok(d) if (1..=64).contains(&d) => d,
                _ => {
                    return Err(CommandError::Usage(
                        "bench takes a depth from 1 to 64".to_string(),
                    ))
                }
            },
        };
        let lines = run_bench(self.game.as_ref(), depth).map_err(CommandError::Engine)?;
        self.out.lines(lines);
        Ok(())
    }

    /// Interrupts the running job, if any, and waits for its last output.
    fn stop_worker(&mut self) {
        if let Some(w) = &self.worker {
            w.shared.stop.store(true, Ordering::Relaxed);
        }
        self.join_worker();
    }

    fn stop_search(&mut self) {
        if let Some(w) = &self.worker {
            if w.job == Job::Search {
                w.shared.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Lets the running job end as a new command requires: a search stops, a perft finishes.
    fn settle_worker(&mut self) {
        self.stop_search();
        self.join_worker();
    }

    /// `d` shows the position a finished perft left behind, but never cuts a search short.
    fn settle_perft(&mut self) {
        if self.worker.as_ref().is_some_and(|w| w.job == Job::Perft) {
            self.join_worker();
        }
    }

    fn join_worker(&mut self) {
        if let Some(w) = self.worker.take() {
            if w.handle.join().is_err() {
                self.error("worker thread failed");
            }
        }
    }
}

/// Largest `EvalFile` read (parameter files are a few KB): a device such as `/dev/zero` or a
/// huge file is an error instead of exhausting memory.
const MAX_EVAL_FILE_BYTES: u64 = 16 << 20;

/// A chess network file (`grimoire_eval::chess::nnue`) rather than a parameter text.
const NETWORK_MAGIC: &[u8] = grimoire_eval::chess::nnue::MAGIC;

fn read_small_file(path: &str) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut text = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_EVAL_FILE_BYTES + 1)
        .read_to_end(&mut text)?;
    if text.len() as u64 > MAX_EVAL_FILE_BYTES {
        return Err(std::io::Error::other(format!(
            "larger than {} MB",
            MAX_EVAL_FILE_BYTES >> 20
        )));
    }
    Ok(text)
}

/// Searches the variant's bench positions to `depth` with one thread and a fresh table each,
/// returning per-position lines and the totals. The node total is a deterministic signature.
pub fn run_bench(game: &dyn AnyGame, depth: u32) -> Result<Vec<String>, String> {
    let positions = game.entry().bench;
    if positions.is_empty() {
        return Err(format!("variant {} has no bench positions", game.variant()));
    }
    let mut lines = Vec::new();
    let mut total_nodes = 0u64;
    let (mut outcomes_searched, mut outcomes_cut, mut probes) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    for (i, fen) in positions.iter().enumerate() {
        let mut g = game.clone_box();
        g.set_position(Some(fen), &[])
            .map_err(|e| format!("bench position {}: {e}", i + 1))?;
        let tt = TranspositionTable::new(16);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let shared = Shared::new(&limits, limits.plan(g.side_to_move(), 0));
        let options = SearchOptions::quiet();
        let (result, best, _) = g.search(&limits, &options, &tt, &shared, &mut |_| {});
        total_nodes += result.nodes;
        outcomes_searched += shared.chance.outcomes_searched.load(Ordering::Relaxed);
        outcomes_cut += shared.chance.outcomes_cut.load(Ordering::Relaxed);
        probes += shared.chance.probes.load(Ordering::Relaxed);
        lines.push(format!(
            "Position {}/{}: {} nodes, best {}",
            i + 1,
            positions.len(),
            result.nodes,
            best.unwrap_or_else(|| "(none)".into())
        ));
    }
    let ms = started.elapsed().as_millis().max(1);
    lines.push(String::new());
    lines.push(format!("Total time (ms) : {ms}"));
    lines.push(format!("Nodes searched  : {total_nodes}"));
    lines.push(format!(
        "Nodes/second    : {}",
        total_nodes as u128 * 1000 / ms
    ));
    if outcomes_searched + outcomes_cut > 0 {
        // Chance nodes (G6): how many outcomes the Star1/Star2 bounds spared.
        lines.push(format!(
            "Chance outcomes : {outcomes_searched} searched, {outcomes_cut} cut ({:.1}%), {probes} Star2 probes",
            outcomes_cut as f64 * 100.0 / (outcomes_searched + outcomes_cut) as f64
        ));
    }
    Ok(lines)
}
