//! Reliability harnesses (`docs/reliability.md`): the soak runner behind `grimoire soak`, and
//! the fuzz entry points shared by the libFuzzer targets (`fuzz/`) and the property tests
//! (`protocol/tests/fuzz_properties.rs`). Every harness works through the registry, so each
//! registered variant is covered without code of its own.
//!
//! A fuzz entry point takes arbitrary bytes and panics when the engine misbehaves: a panic
//! inside the parsers, an accepted input that does not round-trip or fails the consistency
//! check, a command that leaves the engine unable to answer `isready` or to play a legal move,
//! or a worker thread that died.

use crate::output::Output;
use crate::uci::{Engine, Flow};
use grimoire_engine::errors::PositionError;
use grimoire_engine::soak::{SoakConfig, SoakStats};
use grimoire_registry::{self as registry, AnyGame, Registry};
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};

/// Soaks one variant from its start position, turning a panic into an error.
pub fn soak_variant(name: &str, config: &SoakConfig) -> Result<SoakStats, String> {
    let game = registry::create(name).ok_or_else(|| format!("unknown variant '{name}'"))?;
    match catch_unwind(AssertUnwindSafe(|| game.soak(config))) {
        Ok(r) => r,
        Err(p) => Err(format!("{name}: panic during the soak: {}", panic_text(&p))),
    }
}

fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into())
}

/// The variant a fuzz input's first byte selects (every registered variant is reachable).
/// Each variant's start is made once a thread and cloned, so a fuzz run spends its time in
/// the parsers rather than in building registries and games.
fn pick_variant(byte: u8) -> Box<dyn AnyGame> {
    thread_local! {
        static STARTS: Vec<Box<dyn AnyGame>> =
            registry::variants().iter().map(|v| (v.create)()).collect();
    }
    STARTS.with(|all| all[byte as usize % all.len()].clone_box())
}

/// Splits fuzz input into a selector byte and text (invalid UTF-8 replaced, as the engine's
/// input loop does).
fn split(data: &[u8]) -> (u8, String) {
    match data.split_first() {
        Some((&b, rest)) => (b, String::from_utf8_lossy(rest).into_owned()),
        None => (0, String::new()),
    }
}

/// FEN parser: any text. An accepted FEN must pass the full consistency check (hash, FEN
/// round trip, legal moves, tokens) and print a FEN that reads back to itself.
pub fn fuzz_fen(data: &[u8]) {
    let (sel, text) = split(data);
    let mut game = pick_variant(sel);
    check_fen(game.as_mut(), &text);
}

/// [`fuzz_fen`] for a chosen variant (property tests pick it themselves).
pub fn check_fen(game: &mut dyn AnyGame, text: &str) {
    let before = game.fen();
    match game.set_position(Some(text), &[]) {
        Err(e) => {
            assert_eq!(game.fen(), before, "a rejected FEN changed the game");
            assert!(
                matches!(e, PositionError::Fen(_)),
                "a FEN without moves failed as {e:?}"
            );
        }
        Ok(()) => {
            let fen = game.fen();
            if let Err(e) = game.check_consistency() {
                panic!("{}: FEN {text:?} accepted as {fen}: {e}", game.variant());
            }
            let mut again = game.clone_box();
            again
                .set_position(Some(&fen), &[])
                .unwrap_or_else(|e| panic!("{}: printed FEN {fen} rejected: {e}", game.variant()));
            assert_eq!(
                again.fen(),
                fen,
                "{}: FEN does not read back",
                game.variant()
            );
            assert_eq!(again.hash(), game.hash(), "{}: key differs", game.variant());
            // A few plies on from it, every action checked (hash, copy-make, result).
            let config = SoakConfig {
                games: 2,
                max_plies: 4,
                engine_every: 0,
                ..SoakConfig::default()
            };
            if let Err(e) = game.soak(&config) {
                panic!("{}: after FEN {fen}: {e}", game.variant());
            }
        }
    }
}

/// Move-token parser: whitespace-separated tokens played from the start position or from a
/// position a few plies in. A list with a bad token is played up to it; an accepted one plays
/// exactly those tokens.
pub fn fuzz_moves(data: &[u8]) {
    let (sel, text) = split(data);
    let mut game = after_prefix(sel);
    check_moves_here(game.as_mut(), &text);
}

/// The position the selector byte `sel` names for [`fuzz_moves`]: its variant after
/// `sel / 8` plies of [`play_prefix`], made once a thread per byte and cloned (listing every
/// Hobgoblin turn to take the first was an eighth of a run's time).
fn after_prefix(sel: u8) -> Box<dyn AnyGame> {
    thread_local! {
        static MADE: std::cell::RefCell<Vec<Option<Box<dyn AnyGame>>>> =
            std::cell::RefCell::new((0..256).map(|_| None).collect());
    }
    MADE.with(|made| {
        made.borrow_mut()[sel as usize]
            .get_or_insert_with(|| {
                let mut game = pick_variant(sel);
                play_prefix(game.as_mut(), sel as usize / 8);
                game
            })
            .clone_box()
    })
}

/// [`fuzz_moves`] for a chosen variant, after `prefix` plies of the first legal actions.
pub fn check_moves(game: &mut dyn AnyGame, prefix: usize, text: &str) {
    play_prefix(game, prefix);
    check_moves_here(game, text);
}

/// [`check_moves`] from where `game` stands.
fn check_moves_here(game: &mut dyn AnyGame, text: &str) {
    let before = (game.fen(), game.move_tokens().to_vec());
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let start: Vec<String> = before.1.clone();
    let mut all: Vec<&str> = start.iter().map(String::as_str).collect();
    all.extend(&tokens);
    match game.set_position(None, &all) {
        // A bad move ends the list there: the moves before it are played, no more.
        Err(PositionError::Move { index, .. }) => {
            assert_eq!(
                game.move_tokens(),
                &all[..index],
                "the moves before a bad one stand"
            );
            if let Err(e) = game.check_consistency() {
                panic!("{}: after moves {:?}: {e}", game.variant(), &all[..index]);
            }
        }
        Err(e) => panic!("{}: the start position refused: {e}", game.variant()),
        Ok(()) => {
            assert_eq!(game.move_tokens().len(), all.len());
            if let Err(e) = game.check_consistency() {
                panic!("{}: after moves {all:?}: {e}", game.variant());
            }
        }
    }
    // Single tokens through `play_token` too.
    for t in tokens.iter().take(4) {
        let fen = game.fen();
        if game.play_token(t).is_err() {
            assert_eq!(game.fen(), fen, "a rejected token changed the game");
        }
    }
}

/// Plays `prefix % 8` plies of first legal actions; at a dice roll (Hobgoblin) it picks an
/// outcome by `prefix`, so explosions are fuzzed too.
pub fn play_prefix(game: &mut dyn AnyGame, prefix: usize) {
    for ply in 0..prefix % 8 {
        let outcomes = game.chance_outcomes();
        let pick = if outcomes.is_empty() {
            game.legal_move_tokens().into_iter().next()
        } else {
            Some(outcomes[(prefix + ply) % outcomes.len()].0.clone())
        };
        let Some(first) = pick else {
            break;
        };
        game.play_token(&first).unwrap();
    }
}

/// A `Write` into shared memory, so a harness can read what the engine printed.
#[derive(Clone, Default)]
pub struct Captured(Arc<Mutex<Vec<u8>>>);

impl Captured {
    pub fn text(&self) -> String {
        let buf = self.0.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&buf).into_owned()
    }

    pub fn clear(&self) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

impl Write for Captured {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Whether a fuzzed command line is safe to run in-process without making the harness slow
/// rather than finding bugs: deep perfts and benches run to the end by design, huge `Hash`
/// values allocate what they are asked for, many `Threads` start that many threads, and
/// `EvalFile` reads files. Everything else goes to the engine as it is.
pub fn harmless(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let number_after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    match words.first().copied() {
        Some("go") if words.contains(&"perft") => number_after("perft").is_some_and(|d| d <= 2),
        Some("bench") => false,
        Some("setoption") if lower.contains("evalfile") => false,
        Some("setoption") if lower.contains("hash") && !lower.contains("clear") => {
            // Values the engine rejects are fine; accepted ones must be small.
            number_after("value").is_none_or(|mb| mb <= 32)
        }
        Some("setoption") if lower.contains("threads") => {
            number_after("value").is_none_or(|t| t <= 4)
        }
        _ => true,
    }
}

/// An in-process engine whose output the harness reads.
pub struct Harness {
    pub engine: Engine,
    pub out: Captured,
}

impl Default for Harness {
    fn default() -> Self {
        Self::new()
    }
}

impl Harness {
    /// An engine with a 1 MB table over a registry made once a thread: the fuzz targets start
    /// one an input, and a 16 MB table and a fresh registry were most of what that cost.
    pub fn new() -> Self {
        thread_local! {
            static REGISTRY: Arc<Registry> = Arc::new(Registry::standard());
        }
        let out = Captured::default();
        let registry = REGISTRY.with(Arc::clone);
        Harness {
            engine: Engine::with_hash(Output::new(Box::new(out.clone())), registry, 1),
            out,
        }
    }

    /// Sends one line; panics if the engine quits or a worker died.
    pub fn send(&mut self, line: &str) -> Flow {
        let flow = self.engine.handle(line);
        let text = self.out.text();
        assert!(
            // The engine's own line, not an echo of a fuzzed command that holds the words.
            !text
                .lines()
                .any(|l| l == "info string error: worker thread failed"),
            "a worker thread died after {line:?}"
        );
        flow
    }

    /// The engine still answers `isready` and, unless the game is over or dice pend, plays a
    /// legal move: its `bestmove` is played on a copy of the engine's position (the engine's
    /// own `go perft 1` list was the check before, but listing every Hobgoblin turn cost
    /// more than the rest of an input; the session fuzzer still checks against it).
    pub fn assert_alive(&mut self, after: &str) {
        self.send("stop");
        self.out.clear();
        self.send("isready");
        assert!(
            self.out.text().contains("readyok"),
            "no readyok after {after:?}"
        );
        self.out.clear();
        self.send("go depth 1");
        self.send("stop");
        let text = self.out.text();
        let best = text
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap_or_else(|| panic!("no bestmove after {after:?}: {text}"));
        let best = best.split_whitespace().next().unwrap_or("");
        let mut game = self.engine.game.clone_box();
        if best == "(none)" {
            assert!(
                text.contains("game is over") || game.is_chance_node() || !game.has_legal_action(),
                "bestmove (none) with a legal action in {} after {after:?}",
                game.fen()
            );
        } else {
            let fen = game.fen();
            if let Err(e) = game.play_token(best) {
                panic!("bestmove {best} is not legal in {fen} after {after:?}: {e}");
            }
        }
        self.out.clear();
    }
}

/// The times a position's clock test took ([`clock_answers`]).
#[derive(Copy, Clone, Debug)]
pub struct ClockAnswers {
    /// `go wtime 50 btime 50`, from the command to its `bestmove`.
    pub short_clock: std::time::Duration,
    /// `go movetime 100`.
    pub movetime: std::time::Duration,
}

/// Issue 49's clock test of one position, through an in-process engine as a GUI drives it:
/// `position fen` (with `UCI_Variant` set), then `go wtime 50 btime 50` and `go movetime 100`,
/// each timed from the command to its `bestmove` line, which must name a legal action.
/// `None` where the FEN is refused, or where no move is due (the game is over, or dice pend).
pub fn clock_answers(variant: &str, fen: &str) -> Option<ClockAnswers> {
    let mut probe = registry::create(variant)?;
    if probe.set_position(Some(fen), &[]).is_err()
        || probe.is_chance_node()
        || !probe.has_legal_action()
    {
        return None;
    }
    let mut h = Harness::new();
    h.send(&format!("setoption name UCI_Variant value {variant}"));
    h.send(&format!("position fen {fen}"));
    let mut timed = |go: &str| {
        h.send("isready");
        h.out.clear();
        let started = std::time::Instant::now();
        h.send(go);
        let best = loop {
            let text = h.out.text();
            if let Some(line) = text.lines().find(|l| l.starts_with("bestmove ")) {
                break line.to_string();
            }
            assert!(
                started.elapsed() < std::time::Duration::from_secs(30),
                "{variant} {fen}: no bestmove after {go} in 30 s"
            );
            std::thread::sleep(std::time::Duration::from_micros(200));
        };
        let took = started.elapsed();
        let token = best.split_whitespace().nth(1).unwrap_or("");
        let mut after = probe.clone_box();
        assert!(
            after.play_token(token).is_ok(),
            "{variant} {fen}: {go} answered {best}, not a legal action"
        );
        took
    };
    let short_clock = timed("go wtime 50 btime 50");
    let movetime = timed("go movetime 100");
    Some(ClockAnswers {
        short_clock,
        movetime,
    })
}

/// UCI command lines: each input line goes to an in-process engine (lines that would only be
/// slow are skipped, see [`harmless`]); afterwards the engine must still answer and play.
pub fn fuzz_uci(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut h = Harness::new();
    for line in text.split('\n').take(64) {
        if !harmless(line) {
            continue;
        }
        if h.send(line) == Flow::Quit {
            return;
        }
    }
    h.assert_alive("the fuzzed script");
    h.send("quit");
}

/// The option names a fuzzer picks from: the engine's own and every variant's.
pub fn option_names() -> Vec<String> {
    let mut names: Vec<String> = [
        "UCI_Variant",
        "Hash",
        "Clear Hash",
        "Threads",
        "MultiPV",
        "Move Overhead",
        "Ponder",
        "UCI_LimitStrength",
        "UCI_Elo",
        "Skill Level",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for v in registry::variants() {
        for o in (v.options)() {
            if !names.iter().any(|n| n == o.name) {
                names.push(o.name.to_string());
            }
        }
    }
    names
}

/// `setoption` values: the first byte picks the variant, the second the option, the rest is
/// the value. The engine must keep answering and playing whatever the value.
pub fn fuzz_setoption(data: &[u8]) {
    let (sel, rest) = split(data);
    let (opt, value) = split(rest.as_bytes());
    let variants = registry::variant_names();
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(option_names);
    let variant = variants[sel as usize % variants.len()];
    let name = &names[opt as usize % names.len()];
    let value: String = value.chars().filter(|&c| c != '\n' && c != '\r').collect();
    let line = format!("setoption name {name} value {value}");
    let mut h = Harness::new();
    h.send(&format!("setoption name UCI_Variant value {variant}"));
    h.send("position startpos");
    if harmless(&line) {
        h.send(&line);
    }
    h.assert_alive(&line);
    h.send("quit");
}

/// `grimoire soak`: soaks each named variant (`all`: every registered one) for `seconds`
/// each, printing one line of figures per variant. Returns whether every variant passed.
pub fn run_soak(variant: &str, seconds: f64, config: &SoakConfig) -> bool {
    let names: Vec<&str> = if variant == "all" {
        registry::variant_names()
    } else {
        vec![variant]
    };
    let mut ok = true;
    let mut total = SoakStats::default();
    for name in names {
        let started = std::time::Instant::now();
        let config = SoakConfig {
            deadline: Some(started + std::time::Duration::from_secs_f64(seconds.max(0.0))),
            ..config.clone()
        };
        match soak_variant(name, &config) {
            Ok(stats) => {
                println!(
                    "{}",
                    describe(name, &stats, started.elapsed().as_secs_f64())
                );
                total.add(&stats);
            }
            Err(e) => {
                println!("{name}: FAILED: {e}");
                ok = false;
            }
        }
    }
    println!(
        "total: {} games, {} plies, {} positions fully checked, {} actions checked",
        total.games, total.plies, total.positions_fully_checked, total.moves_checked
    );
    ok
}

/// One line of soak figures.
pub fn describe(name: &str, s: &SoakStats, secs: f64) -> String {
    let endings: Vec<String> = s.endings.iter().map(|(r, c)| format!("{r} {c}")).collect();
    format!(
        "{name}: {} games ({} by the engine), {} plies, {} positions fully checked, \
         {} actions checked, {} finished by rule [{}], {secs:.1} s",
        s.games,
        s.engine_games,
        s.plies,
        s.positions_fully_checked,
        s.moves_checked,
        s.finished_games,
        endings.join(", ")
    )
}
