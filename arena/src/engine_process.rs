//! An engine in a child process, spoken to over UCI: start-up handshake, options, new games,
//! one `go` at a time with a deadline, and a clean shutdown. Lines are read on a thread of their
//! own so that a silent or hung engine never blocks the referee.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How to start one engine and how to configure it.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The name in results and PGN files.
    pub label: String,
    /// Program and arguments.
    pub command: Vec<String>,
    /// `setoption` pairs sent after the handshake.
    pub options: Vec<(String, String)>,
}

/// What the engine answered to `go`.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineReply {
    /// The `bestmove` token (`(none)` and `0000` included as sent).
    pub token: String,
    /// The last reported score, in centipawns from the mover's point of view (mates as ±100000
    /// less the distance).
    pub score: Option<i32>,
    pub depth: Option<u32>,
    pub elapsed: Duration,
}

/// Why no move came back.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineFailure {
    /// Still thinking at the deadline.
    Timeout(Duration),
    /// The process exited, closed its output or could not be written to.
    Crashed(String),
}

/// The variants an engine says it plays, from its `uci` output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantSupport {
    /// No `UCI_Variant` option: a standard chess engine, which plays `chess` only.
    ChessOnly,
    /// `option name UCI_Variant type combo ... var X var Y`: the choices.
    Choices(Vec<String>),
    /// A `UCI_Variant` option that is not a combo (a free string): it names no choices, so
    /// every variant is taken on trust.
    Unlisted,
}

impl VariantSupport {
    pub fn supports(&self, variant: &str) -> bool {
        match self {
            VariantSupport::ChessOnly => variant.eq_ignore_ascii_case("chess"),
            VariantSupport::Choices(list) => list.iter().any(|v| v.eq_ignore_ascii_case(variant)),
            VariantSupport::Unlisted => true,
        }
    }

    /// In words, for an error: `chess only (no UCI_Variant option)`, `chess, crazyhouse`.
    pub fn describe(&self) -> String {
        match self {
            VariantSupport::ChessOnly => "chess only (it has no UCI_Variant option)".to_string(),
            VariantSupport::Choices(list) if list.is_empty() => {
                "none (its UCI_Variant option lists no choices)".to_string()
            }
            VariantSupport::Choices(list) => list.join(", "),
            VariantSupport::Unlisted => "any (its UCI_Variant option is not a list)".to_string(),
        }
    }

    /// Reads one `option` line; `None` unless it declares `UCI_Variant`.
    pub fn from_option_line(line: &str) -> Option<VariantSupport> {
        let rest = line.trim().strip_prefix("option")?.trim_start();
        let rest = rest.strip_prefix("name")?.trim_start();
        let (name, rest) = rest.split_once(" type ")?;
        if !name.trim().eq_ignore_ascii_case("UCI_Variant") {
            return None;
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        if words
            .first()
            .is_some_and(|t| !t.eq_ignore_ascii_case("combo"))
        {
            return Some(VariantSupport::Unlisted);
        }
        let choices = words
            .windows(2)
            .filter(|w| w[0] == "var")
            .map(|w| w[1].to_string())
            .collect();
        Some(VariantSupport::Choices(choices))
    }
}

const HANDSHAKE_PATIENCE: Duration = Duration::from_secs(20);
const READY_PATIENCE: Duration = Duration::from_secs(60);
/// Score given to a mate report, so adjudication treats mates as decisive.
pub const MATE_SCORE: i32 = 100_000;

pub struct EngineProcess {
    spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's own `id name`.
    id_name: Option<String>,
    /// The variants its `UCI_Variant` option lists.
    variants: VariantSupport,
}

impl EngineProcess {
    /// Starts the engine, completes the UCI handshake, checks that its `UCI_Variant` option
    /// lists `variant` (an engine without the option plays `chess` only), selects the variant
    /// (unless it is standard chess, which every UCI engine plays without being told) and sets
    /// the options. An unlisted variant, or any `info string error` the engine prints while
    /// configuring, fails the start.
    pub fn start(spec: &EngineSpec, variant: &str) -> Result<EngineProcess, String> {
        let (program, args) = spec
            .command
            .split_first()
            .ok_or_else(|| format!("engine '{}' has an empty command", spec.label))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start engine '{}' ({program}): {e}", spec.label))?;
        let stdin = child.stdin.take().ok_or("engine stdin unavailable")?;
        let stdout = child.stdout.take().ok_or("engine stdout unavailable")?;
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name(format!("engine-reader-{}", spec.label))
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        let mut engine = EngineProcess {
            spec: spec.clone(),
            child,
            stdin,
            lines: rx,
            id_name: None,
            variants: VariantSupport::ChessOnly,
        };
        let failed = |e: String| format!("engine '{}' failed to start: {e}", spec.label);
        engine.handshake().map_err(failed)?;
        if !engine.variants.supports(variant) {
            return Err(format!(
                "engine '{}' ({program}) does not play the variant '{variant}'; its variants: {}",
                spec.label,
                engine.variants.describe()
            ));
        }
        engine.configure(variant).map_err(failed)?;
        Ok(engine)
    }

    /// `uci` until `uciok`, reading the engine's name and its variants.
    fn handshake(&mut self) -> Result<(), String> {
        self.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_PATIENCE;
        loop {
            let line = self.next_line(deadline)?;
            if let Some(name) = line.strip_prefix("id name ") {
                self.id_name = Some(name.trim().to_string());
            }
            if let Some(support) = VariantSupport::from_option_line(&line) {
                self.variants = support;
            }
            if line.trim() == "uciok" {
                return Ok(());
            }
        }
    }

    /// Selects the variant, sets the options and waits for `readyok`.
    fn configure(&mut self, variant: &str) -> Result<(), String> {
        if !variant.eq_ignore_ascii_case("chess") {
            self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        for (name, value) in self.spec.options.clone() {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.sync()
    }

    /// `isready` until `readyok`; an error line printed meanwhile is returned as the error.
    pub fn sync(&mut self) -> Result<(), String> {
        self.send("isready")?;
        let deadline = Instant::now() + READY_PATIENCE;
        let mut error = None;
        loop {
            let line = self.next_line(deadline)?;
            if let Some(e) = line.strip_prefix("info string error") {
                error.get_or_insert_with(|| e.trim_start_matches(':').trim().to_string());
            }
            if line.trim() == "readyok" {
                return match error {
                    Some(e) => Err(e),
                    None => Ok(()),
                };
            }
        }
    }

    pub fn label(&self) -> &str {
        &self.spec.label
    }

    pub fn id_name(&self) -> Option<&str> {
        self.id_name.as_deref()
    }

    /// The variants the engine listed in its `uci` output.
    pub fn variants(&self) -> &VariantSupport {
        &self.variants
    }

    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.sync()
    }

    /// Sends the position and the `go` command and waits for `bestmove` until `allowance`
    /// (forever with `None`, up to a long patience). On a timeout the engine is told to stop
    /// and its late answer is drained, so it can play on in the next game.
    pub fn go(
        &mut self,
        position: &str,
        go: &str,
        allowance: Option<Duration>,
    ) -> Result<EngineReply, EngineFailure> {
        self.send(position).map_err(EngineFailure::Crashed)?;
        let started = Instant::now();
        self.send(go).map_err(EngineFailure::Crashed)?;
        let patience = allowance.unwrap_or(super::limits::UNTIMED_PATIENCE);
        let deadline = started + patience;
        let mut score = None;
        let mut depth = None;
        loop {
            match self.next_line_raw(deadline) {
                Ok(line) => {
                    if let Some(rest) = line.strip_prefix("bestmove") {
                        let elapsed = started.elapsed();
                        let token = rest.split_whitespace().next().unwrap_or("").to_string();
                        return Ok(EngineReply {
                            token,
                            score,
                            depth,
                            elapsed,
                        });
                    }
                    if line.starts_with("info") {
                        parse_info(&line, &mut score, &mut depth);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let elapsed = started.elapsed();
                    // Let it answer late so the pipe is clean for the next game.
                    let _ = self.send("stop");
                    let grace = Instant::now() + Duration::from_secs(5);
                    while let Ok(line) = self.next_line_raw(grace) {
                        if line.starts_with("bestmove") {
                            break;
                        }
                    }
                    return Err(EngineFailure::Timeout(elapsed));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineFailure::Crashed(format!(
                        "engine '{}' closed its output",
                        self.spec.label
                    )))
                }
            }
        }
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("cannot write to engine '{}': {e}", self.spec.label))
    }

    fn next_line_raw(&self, deadline: Instant) -> Result<String, RecvTimeoutError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(wait)
    }

    fn next_line(&self, deadline: Instant) -> Result<String, String> {
        self.next_line_raw(deadline).map_err(|e| match e {
            RecvTimeoutError::Timeout => "no answer in time".to_string(),
            RecvTimeoutError::Disconnected => "the engine exited".to_string(),
        })
    }
}

/// Reads `score cp|mate` and `depth` from an `info` line (the first MultiPV line only).
fn parse_info(line: &str, score: &mut Option<i32>, depth: &mut Option<u32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    if let Some(i) = words.iter().position(|&w| w == "multipv") {
        if words.get(i + 1) != Some(&"1") {
            return;
        }
    }
    if words.contains(&"lowerbound") || words.contains(&"upperbound") {
        return;
    }
    for (i, w) in words.iter().enumerate() {
        match *w {
            "depth" => {
                if let Some(d) = words.get(i + 1).and_then(|v| v.parse().ok()) {
                    *depth = Some(d);
                }
            }
            "score" => match (words.get(i + 1), words.get(i + 2)) {
                (Some(&"cp"), Some(v)) => {
                    if let Ok(cp) = v.parse::<i32>() {
                        *score = Some(cp);
                    }
                }
                (Some(&"mate"), Some(v)) => {
                    if let Ok(n) = v.parse::<i32>() {
                        *score = Some(if n > 0 {
                            MATE_SCORE - n
                        } else {
                            -MATE_SCORE - n
                        });
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_variant_option_lines_give_the_choices() {
        let line = "option name UCI_Variant type combo default chess var chess var crazyhouse";
        let support = VariantSupport::from_option_line(line).unwrap();
        assert_eq!(
            support,
            VariantSupport::Choices(vec!["chess".into(), "crazyhouse".into()])
        );
        assert!(support.supports("chess") && support.supports("Crazyhouse"));
        assert!(!support.supports("archmage"));
        assert_eq!(support.describe(), "chess, crazyhouse");
        // Other options are not about variants; no option means chess only.
        assert_eq!(
            VariantSupport::from_option_line(
                "option name Hash type spin default 16 min 1 max 33554432"
            ),
            None
        );
        assert_eq!(
            VariantSupport::from_option_line("id name Stockfish 16"),
            None
        );
        assert!(VariantSupport::ChessOnly.supports("chess"));
        assert!(!VariantSupport::ChessOnly.supports("archmage"));
        // A free-text UCI_Variant names no choices: taken on trust.
        let free =
            VariantSupport::from_option_line("option name UCI_Variant type string default chess");
        assert_eq!(free, Some(VariantSupport::Unlisted));
        assert!(free.unwrap().supports("archmage"));
    }

    #[test]
    fn info_lines_give_score_and_depth() {
        let (mut s, mut d) = (None, None);
        parse_info(
            "info depth 7 seldepth 9 multipv 1 score cp -35 nodes 100 pv e2e4",
            &mut s,
            &mut d,
        );
        assert_eq!((s, d), (Some(-35), Some(7)));
        parse_info("info depth 9 score mate 3 pv e2e4", &mut s, &mut d);
        assert_eq!((s, d), (Some(MATE_SCORE - 3), Some(9)));
        parse_info("info depth 9 score mate -2", &mut s, &mut d);
        assert_eq!(s, Some(-MATE_SCORE + 2));
        // A second MultiPV line and a bound do not replace the main score.
        parse_info("info depth 10 multipv 2 score cp 500", &mut s, &mut d);
        parse_info("info depth 10 score cp 900 lowerbound", &mut s, &mut d);
        assert_eq!(s, Some(-MATE_SCORE + 2));
    }
}
