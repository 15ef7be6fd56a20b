//! The UCI loop. Commands are handled strictly in order on the input thread; long work (perft,
//! later search) runs on one worker thread, so `isready` and `stop` are answered at once.
//! Any other command first settles the running job, so no command races it: a search is
//! stopped (a `position` during a search must never let the old search play on), while a perft
//! is waited for, as in engines whose perft runs on the input thread, so scripted
//! `go perft` / `quit` sequences print their counts. `stop` interrupts either.

use crate::output::Output;
use grimoire_engine::registry::{self, AnyGame};
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

pub const ENGINE_NAME: &str = concat!("Grimoire ", env!("CARGO_PKG_VERSION"));
pub const DEFAULT_VARIANT: &str = "chess";
const MAX_HASH_MB: usize = 65_536;
const MAX_THREADS: usize = 1024;
const MAX_PERFT_DEPTH: u32 = 64;

/// What the worker thread is doing, which decides how a later command settles it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Job {
    Perft,
}

struct Worker {
    job: Job,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

pub struct Engine {
    game: Box<dyn AnyGame>,
    out: Output,
    worker: Option<Worker>,
    hash_mb: usize,
    threads: usize,
}

/// What the loop should do after a command.
#[derive(PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Quit,
}

impl Engine {
    pub fn new(out: Output) -> Self {
        Engine {
            game: registry::create(DEFAULT_VARIANT).expect("default variant is registered"),
            out,
            worker: None,
            hash_mb: 16,
            threads: 1,
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
        self.settle_worker();
    }

    fn error(&self, what: &str) {
        self.out.line(&format!("info string error: {what}"));
    }

    /// Handles one command line.
    pub fn handle(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let (cmd, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        match cmd {
            "" => {}
            "uci" => self.cmd_uci(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.settle_worker();
                self.new_game(self.game.variant());
            }
            "setoption" => self.cmd_setoption(rest),
            "position" => self.cmd_position(rest),
            "go" => self.cmd_go(rest),
            "stop" => self.stop_worker(),
            "ponderhit" => {}
            "d" => {
                self.settle_worker();
                self.out.line(&self.game.display());
            }
            "quit" => {
                self.settle_worker();
                return Flow::Quit;
            }
            _ => {
                let shown: String = cmd.chars().take(40).collect();
                self.error(&format!("unknown command '{shown}'"));
            }
        }
        Flow::Continue
    }

    fn cmd_uci(&self) {
        let names = registry::variant_names();
        let mut lines = vec![
            format!("id name {ENGINE_NAME}"),
            "id author the Grimoire developers".to_string(),
            format!(
                "option name UCI_Variant type combo default {DEFAULT_VARIANT}{}",
                names
                    .iter()
                    .map(|n| format!(" var {n}"))
                    .collect::<String>()
            ),
            format!("option name Hash type spin default 16 min 1 max {MAX_HASH_MB}"),
            format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        ];
        // Variant options (G7): every registered variant's, each listed once.
        let mut seen = Vec::new();
        for v in registry::variants() {
            for o in (v.create)().option_specs() {
                if seen.contains(&o.name) {
                    continue;
                }
                seen.push(o.name);
                let choices: String = o.choices.iter().map(|c| format!(" var {c}")).collect();
                lines.push(format!(
                    "option name {} type {} default {}{choices}",
                    o.name, o.kind, o.default
                ));
            }
        }
        lines.push("uciok".to_string());
        self.out.lines(lines);
    }

    fn new_game(&mut self, variant: &str) {
        if let Some(g) = registry::create(variant) {
            self.game = g;
        }
    }

    fn cmd_setoption(&mut self, rest: &str) {
        self.settle_worker();
        let Some(after_name) = rest.strip_prefix("name") else {
            return self.error("setoption needs 'name <option> [value <value>]'");
        };
        let (name, value) = match after_name.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (after_name.trim().trim_end_matches(" value").trim(), ""),
        };
        if name.is_empty() {
            return self.error("setoption needs an option name");
        }
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match registry::create(value) {
                Some(g) => self.game = g,
                None => self.error(&format!(
                    "unknown variant '{value}' (known: {})",
                    registry::variant_names().join(", ")
                )),
            },
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => self.hash_mb = mb,
                _ => self.error(&format!(
                    "Hash must be a whole number of MB from 1 to {MAX_HASH_MB}, got '{value}'"
                )),
            },
            "threads" => match value.parse::<usize>() {
                Ok(t) if (1..=MAX_THREADS).contains(&t) => self.threads = t,
                _ => self.error(&format!(
                    "Threads must be a whole number from 1 to {MAX_THREADS}, got '{value}'"
                )),
            },
            _ => {
                let known = registry::variants().iter().any(|v| {
                    (v.create)()
                        .option_specs()
                        .iter()
                        .any(|o| o.name.eq_ignore_ascii_case(name))
                });
                if !known {
                    return self.error(&format!("unknown option '{name}'"));
                }
                if let Err(e) = self.game.set_option(name, value) {
                    self.error(&e);
                }
            }
        }
    }

    fn cmd_position(&mut self, rest: &str) {
        self.settle_worker();
        let (spec, moves) = match rest.split_once(" moves") {
            Some((s, m)) => (s.trim(), m.split_whitespace().collect::<Vec<_>>()),
            None if rest.ends_with("moves") => (rest.trim_end_matches("moves").trim(), Vec::new()),
            None => (rest, Vec::new()),
        };
        let fen = if spec == "startpos" {
            None
        } else if let Some(f) = spec.strip_prefix("fen") {
            let f = f.trim();
            if f.is_empty() {
                return self.error("position fen needs a FEN");
            }
            Some(f)
        } else {
            return self
                .error("position needs 'startpos' or 'fen <fen>', then optional 'moves ...'");
        };
        if let Err(e) = self.game.set_position(fen, &moves) {
            self.error(&format!("{e}; position unchanged"));
        }
    }

    fn cmd_go(&mut self, rest: &str) {
        self.settle_worker();
        let mut words = rest.split_whitespace();
        if words.next() == Some("perft") {
            let depth = words.next().and_then(|d| d.parse::<u32>().ok());
            match depth {
                Some(d) if d <= MAX_PERFT_DEPTH => self.start_perft(d),
                _ => self.error(&format!(
                    "go perft needs a depth from 0 to {MAX_PERFT_DEPTH}"
                )),
            }
            return;
        }
        // The search arrives with the search issue; until then answer at once with a legal move
        // so that a GUI is never left waiting, and say what happened.
        let moves = self.game.legal_move_tokens();
        match (self.game.outcome(), moves.first()) {
            (Some(o), _) => {
                self.out.line(&format!("info string game is over: {o}"));
                self.out.line("bestmove (none)");
            }
            (None, Some(m)) => {
                self.error("search is not implemented yet; playing the first legal move");
                self.out.line(&format!("bestmove {m}"));
            }
            (None, None) => self.out.line("bestmove (none)"),
        }
    }

    fn start_perft(&mut self, depth: u32) {
        let stop = Arc::new(AtomicBool::new(false));
        let game = self.game.clone_box();
        let out = self.out.clone();
        let threads = self.threads;
        let flag = stop.clone();
        let handle = std::thread::Builder::new()
            .name("perft".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let started = Instant::now();
                match game.perft_divide(depth, threads, &flag) {
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
                    stop,
                    handle,
                })
            }
            Err(e) => self.error(&format!("could not start perft thread: {e}")),
        }
    }

    /// Interrupts the running job, if any, and waits for its last output.
    fn stop_worker(&mut self) {
        if let Some(w) = &self.worker {
            w.stop.store(true, Ordering::Relaxed);
        }
        self.join_worker();
    }

    /// Lets the running job end as a new command requires: a perft runs to its end.
    fn settle_worker(&mut self) {
        match self.worker.as_ref().map(|w| w.job) {
            Some(Job::Perft) => self.join_worker(),
            None => {}
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
