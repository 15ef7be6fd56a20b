//! The grammar-aware UCI session fuzzer (`docs/reliability.md`, issue 49): fuzz bytes steer a
//! session of well-formed commands the way a GUI sends them (variant, positions reached by
//! legal moves and dice, FENs, searches of every limit, options, `d`, junk now and then), and
//! every answer is checked against a mirror game kept beside the engine:
//! - each `bestmove` is one of the actions `go perft 1` lists for the same position (and the
//!   mirror plays it), or `(none)` exactly when the game is over or dice pend;
//! - each `d` prints the mirror's FEN, and that FEN sent back with `position fen` prints the
//!   same FEN and key again;
//! - a refused command leaves the engine on its last good position.

use crate::reliability::Harness;
use grimoire_registry::{self as registry, AnyGame};
use std::time::{Duration, Instant};

/// What one or many sessions sent and checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SessionStats {
    pub sessions: u64,
    pub commands: u64,
    pub bestmoves: u64,
    pub round_trips: u64,
}

impl SessionStats {
    pub fn add(&mut self, other: SessionStats) {
        self.sessions += other.sessions;
        self.commands += other.commands;
        self.bestmoves += other.bestmoves;
        self.round_trips += other.round_trips;
    }
}

/// The most commands one session sends (each input byte steers at most one choice).
const MAX_COMMANDS: usize = 24;
/// A search of the session's limits ends well within this; longer is a hang.
const ANSWER_DEADLINE: Duration = Duration::from_secs(30);

/// The fuzz bytes, read one choice at a time; an exhausted input ends the session.
struct Steer<'a> {
    data: &'a [u8],
    at: usize,
}

impl Steer<'_> {
    fn next(&mut self) -> Option<u8> {
        let b = self.data.get(self.at).copied();
        self.at += 1;
        b
    }

    /// A choice below `n` (0 once the input is used up, so a session always completes).
    fn pick(&mut self, n: usize) -> usize {
        self.next().map_or(0, |b| b as usize % n.max(1))
    }

    fn exhausted(&self) -> bool {
        self.at >= self.data.len()
    }
}

/// The engine under test and the mirror that knows what it should hold.
struct Session {
    h: Harness,
    mirror: Box<dyn AnyGame>,
    /// The mirror's position as the engine was told it: a FEN (or the start) and moves.
    base_fen: Option<String>,
    moves: Vec<String>,
    stats: SessionStats,
}

/// Runs one session steered by `data`; panics on any wrong answer.
pub fn fuzz_session(data: &[u8]) -> SessionStats {
    let mut steer = Steer { data, at: 0 };
    let names = registry::variant_names();
    let variant = names[steer.pick(names.len())];
    let mut s = Session {
        h: Harness::new(),
        mirror: registry::create(variant).expect("a registered variant"),
        base_fen: None,
        moves: Vec::new(),
        stats: SessionStats {
            sessions: 1,
            ..SessionStats::default()
        },
    };
    s.send(&format!("setoption name UCI_Variant value {variant}"));
    s.send("position startpos");
    for _ in 0..MAX_COMMANDS {
        if steer.exhausted() {
            break;
        }
        match steer.pick(10) {
            0..=2 => s.play_on(&mut steer),
            3 => s.fen_of_walk(&mut steer),
            4..=6 => s.search(&mut steer),
            7 => s.display_round_trip(),
            8 => s.option(&mut steer),
            _ => s.refused(&mut steer),
        }
    }
    s.search(&mut Steer { data: &[], at: 0 });
    s.display_round_trip();
    s.send("quit");
    s.stats
}

impl Session {
    fn send(&mut self, line: &str) {
        self.stats.commands += 1;
        self.h.send(line);
    }

    fn position_command(&self) -> String {
        let base = match &self.base_fen {
            Some(f) => format!("position fen {f}"),
            None => "position startpos".to_string(),
        };
        if self.moves.is_empty() {
            base
        } else {
            format!("{base} moves {}", self.moves.join(" "))
        }
    }

    /// A few more plies on the mirror (moves or dice chosen by the input), sent as a GUI
    /// does: the whole list again.
    fn play_on(&mut self, steer: &mut Steer) {
        for _ in 0..=steer.pick(6) {
            let mut options: Vec<String> = self
                .mirror
                .chance_outcomes()
                .into_iter()
                .map(|(t, _)| t)
                .collect();
            if options.is_empty() {
                options = self.mirror.legal_move_tokens();
            }
            if options.is_empty() {
                break;
            }
            let token = options[steer.pick(options.len())].clone();
            self.mirror
                .play_token(&token)
                .unwrap_or_else(|e| panic!("the mirror refused its own {token}: {e}"));
            self.moves.push(token);
        }
        // The mirror reads the list as the engine does (a list that ends where dice would
        // roll implies their outcome, notation §3.7).
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).collect();
        self.mirror
            .set_position(self.base_fen.as_deref(), &moves)
            .unwrap_or_else(|e| panic!("the mirror refused its own moves {moves:?}: {e}"));
        let line = self.position_command();
        self.h.out.clear();
        self.send(&line);
        self.expect_no_error(&line);
    }

    /// The mirror's current position as a FEN of its own, so the history starts again.
    fn fen_of_walk(&mut self, steer: &mut Steer) {
        self.play_on(steer);
        let fen = self.mirror.fen();
        self.restart_from(fen);
    }

    fn restart_from(&mut self, fen: String) {
        self.mirror
            .set_position(Some(&fen), &[])
            .unwrap_or_else(|e| panic!("the mirror refused its own FEN {fen}: {e}"));
        self.base_fen = Some(fen);
        self.moves.clear();
        let line = self.position_command();
        self.h.out.clear();
        self.send(&line);
        self.expect_no_error(&line);
    }

    fn expect_no_error(&self, line: &str) {
        let text = self.h.out.text();
        assert!(
            !text.contains("info string error"),
            "{}: {line:?} was refused: {text}",
            self.mirror.variant()
        );
    }

    /// One search with a limit the input picks; its `bestmove` is checked against perft.
    fn search(&mut self, steer: &mut Steer) {
        let go = match steer.pick(7) {
            0 => format!("go depth {}", 1 + steer.pick(3)),
            1 => format!("go nodes {}", 1 + steer.pick(256) * 8),
            2 => format!("go movetime {}", 1 + steer.pick(20)),
            3 => {
                let ms = 10 + steer.pick(200);
                format!("go wtime {ms} btime {ms} winc 0 binc 0")
            }
            4 => "go infinite".to_string(),
            5 => {
                let legal = self.mirror.legal_move_tokens();
                match legal.get(steer.pick(legal.len().max(1))) {
                    Some(m) => format!("go depth 2 searchmoves {m}"),
                    None => "go depth 1".to_string(),
                }
            }
            _ => "go depth 1".to_string(),
        };
        self.h.out.clear();
        self.send(&go);
        if go.contains("infinite") {
            self.send("stop");
        }
        let best = self.wait_for_bestmove(&go);
        self.stats.bestmoves += 1;
        self.check_bestmove(&go, &best);
    }

    fn wait_for_bestmove(&mut self, go: &str) -> String {
        let started = Instant::now();
        loop {
            let text = self.h.out.text();
            // A whole line only: the worker writes its text and the newline apart.
            if let Some((_, after)) = text.split_once("bestmove ") {
                if let Some((line, _)) = after.split_once('\n') {
                    return line.split_whitespace().next().unwrap_or("").to_string();
                }
            }
            if started.elapsed() > ANSWER_DEADLINE {
                self.send("stop");
                panic!(
                    "{}: no bestmove {ANSWER_DEADLINE:?} after {go} in {}",
                    self.mirror.variant(),
                    self.position_command()
                );
            }
            std::thread::sleep(Duration::from_micros(100));
        }
    }

    /// `bestmove` against the engine's `go perft 1` of the same position and the mirror.
    fn check_bestmove(&mut self, go: &str, best: &str) {
        let perft = self.perft_list();
        let position = self.position_command();
        let v = self.mirror.variant();
        if best == "(none)" {
            assert!(
                self.mirror.is_chance_node() || !self.mirror.has_legal_action(),
                "{v}: {go} answered (none) with actions to play in {position}"
            );
            return;
        }
        assert!(
            perft
                .iter()
                .any(|t| t.split_whitespace().next() == Some(best)),
            "{v}: {go} answered {best}, not in go perft 1 {perft:?} of {position}"
        );
        assert!(
            self.mirror.clone_box().play_token(best).is_ok(),
            "{v}: {go} answered {best}, which the mirror refuses in {position}"
        );
    }

    /// The turns `go perft 1` lists (its `turn: count` lines up to the blank one).
    fn perft_list(&mut self) -> Vec<String> {
        self.h.out.clear();
        self.send("go perft 1");
        self.send("d"); // waits for the perft, so its lines come first
        self.h
            .out
            .text()
            .lines()
            .skip_while(|l| l.is_empty())
            .take_while(|l| !l.is_empty())
            .filter_map(|l| l.split_once(": ").map(|(m, _)| m.to_string()))
            .collect()
    }

    /// `d` shows the mirror's FEN; sent back as `position fen`, the same FEN and key return.
    fn display_round_trip(&mut self) {
        let (fen, key) = self.shown();
        let v = self.mirror.variant();
        assert_eq!(
            fen,
            self.mirror.fen(),
            "{v}: d after {} shows another position",
            self.position_command()
        );
        self.restart_from(fen.clone());
        let (again, again_key) = self.shown();
        assert_eq!(again, fen, "{v}: position fen {fen} shows another FEN");
        assert_eq!(again_key, key, "{v}: position fen {fen} shows another key");
        self.stats.round_trips += 1;
    }

    fn shown(&mut self) -> (String, String) {
        self.h.out.clear();
        self.send("d");
        let text = self.h.out.text();
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .unwrap_or_else(|| panic!("d shows no {name:?}: {text}"))
                .trim()
                .to_string()
        };
        (field("Fen:"), field("Key:"))
    }

    /// An option a GUI sets between games or moves; the position stays.
    fn option(&mut self, steer: &mut Steer) {
        let line = match steer.pick(6) {
            0 => format!("setoption name MultiPV value {}", 1 + steer.pick(3)),
            1 => format!("setoption name Threads value {}", 1 + steer.pick(2)),
            2 => format!("setoption name Hash value {}", 1 + steer.pick(8)),
            3 => "setoption name Clear Hash".to_string(),
            4 => "isready".to_string(),
            _ => "ucinewgame".to_string(),
        };
        self.send(&line);
        if line == "ucinewgame" {
            // A new game: the GUI sends its position again before the next search.
            let again = self.position_command();
            self.send(&again);
        }
    }

    /// A command the engine must refuse, after which it still holds the last good position.
    fn refused(&mut self, steer: &mut Steer) {
        let before = self.position_command();
        let line = match steer.pick(4) {
            0 => format!(
                "{before} {}",
                if self.moves.is_empty() {
                    "moves zz9"
                } else {
                    "zz9"
                }
            ),
            1 => "position fen 9/9/9 w - - 0 1".to_string(),
            2 => "go perft -3".to_string(),
            _ => "frobnicate the board".to_string(),
        };
        self.h.out.clear();
        self.send(&line);
        let text = self.h.out.text();
        assert!(
            text.contains("info string error"),
            "{}: {line:?} was not refused: {text}",
            self.mirror.variant()
        );
        if line.starts_with("position") {
            // A refused position leaves the last good one; the GUI sends that one again.
            let (fen, _) = self.shown();
            assert_eq!(
                fen,
                self.mirror.fen(),
                "{}: the refused {line:?} changed the position",
                self.mirror.variant()
            );
        }
    }
}
