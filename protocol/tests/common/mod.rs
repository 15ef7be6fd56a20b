//! The real `grimoire` binary as a child process, for the protocol tests.
#![allow(dead_code)] // each test file uses its own subset

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

pub const BIN: &str = env!("CARGO_BIN_EXE_grimoire");
/// Generous bound so a hung engine fails the test instead of hanging CI (not a timing assert).
pub const PATIENCE: Duration = Duration::from_secs(120);

/// Runs a whole script through the engine (stdin closed at the end) and returns its output.
pub fn run_script(script: &str) -> String {
    let (status, out) = feed(Command::new(BIN), script);
    assert!(status.success(), "engine exited with {status}");
    out
}

/// Asserts that `out` holds every one of `texts`, naming the one it lacks.
pub fn assert_contains_all(out: &str, texts: &[&str]) {
    for text in texts {
        assert!(out.contains(text), "no {text:?} in: {out}");
    }
}

/// Runs `command` with `script` on its standard input (closed at the end): its exit status and
/// standard output.
pub fn feed(mut command: Command, script: &str) -> (std::process::ExitStatus, String) {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status,
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// An engine process driven line by line.
pub struct Session {
    pub child: Child,
    pub stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    pub fn start() -> Session {
        let mut child = Command::new(BIN)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            lines: rx,
        }
    }

    pub fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn read_until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no '{prefix}' line; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// The FEN the engine holds now (from `d`).
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.read_until("Fen:");
        lines
            .last()
            .unwrap()
            .trim_start_matches("Fen: ")
            .to_string()
    }

    /// The bestmove token and every line before it.
    pub fn bestmove(&mut self) -> (String, Vec<String>) {
        let lines = self.read_until("bestmove");
        let best = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        (best, lines)
    }

    /// The legal moves of the current position (from `go perft 1`). Lines name whole turns, so
    /// a Ghost capture that opens a spawn decision appears once per option (`e4d5 z5`).
    /// The whole turns of `go perft 1`, one per line (`i2=a2 a2a4`, `e4d5 z5`).
    pub fn perft_turns(&mut self) -> Vec<String> {
        self.send("go perft 1");
        let lines = self.read_until("Nodes searched");
        lines
            .iter()
            .filter_map(|l| l.split_once(": ").map(|(m, _)| m.to_string()))
            .filter(|m| !m.starts_with("Nodes"))
            .collect()
    }

    /// The actions the engine could play now: the first token of each `go perft 1` line (a
    /// line names a whole turn, `i2=a2 a2a4`, whose first action is what `bestmove` gives).
    pub fn legal_moves(&mut self) -> Vec<String> {
        self.send("go perft 1");
        let lines = self.read_until("Nodes searched");
        let mut moves: Vec<String> = Vec::new();
        for line in &lines {
            let Some((turn, _)) = line.split_once(": ") else {
                continue;
            };
            let first = turn.split_whitespace().next().unwrap_or("").to_string();
            if !first.starts_with("Nodes") && !moves.contains(&first) {
                moves.push(first);
            }
        }
        moves
    }

    pub fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().unwrap().success());
    }
}

/// Runs a program to completion: whether it succeeded, and its standard output then error.
pub fn run_program(program: &str, args: &[&str]) -> (bool, String) {
    let (code, text) = run_status(program, args);
    (code == Some(0), text)
}

/// Runs a program to completion: its exit code, and its standard output then error.
pub fn run_status(program: &str, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(program).args(args).output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

/// A proptest configuration of `default` cases, or `PROPTEST_CASES` where it is set.
pub fn proptest_cases(default: u32) -> proptest::test_runner::Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(default);
    proptest::test_runner::Config {
        cases,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}
