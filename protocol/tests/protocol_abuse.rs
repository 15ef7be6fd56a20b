//! Protocol abuse against the real binary, in every registered variant (reliability issue):
//! unknown commands, malformed `position` and `setoption`, illegal moves, 100 KB lines, empty
//! lines, `go` without `position`, `stop` storms, `position` and `setoption UCI_Variant` during
//! a search, `quit` during a search. After each, the engine still answers `isready` and plays a
//! legal move, and errors come as `info string error: ...` lines. (`uci_protocol.rs` has the
//! chess-only basics; these add every variant and the abuse during searches.)

mod common;

use common::Session;
use grimoire_registry::variant_names;
use std::io::Write;
use std::time::{Duration, Instant};

fn start(variant: &str) -> Session {
    let mut s = Session::start();
    s.send(&format!("setoption name UCI_Variant value {variant}"));
    s
}

/// The lines the engine prints up to `readyok` (exclusive): what the commands sent since the
/// last call produced, as every command before `isready` has been handled in order.
fn sync(s: &mut Session) -> Vec<String> {
    s.send("isready");
    let mut lines = s.read_until("readyok");
    lines.pop();
    lines
}

/// The engine answers `isready` and plays a legal move of the position it holds (or says the
/// game is over); returns the move.
fn plays_legal_move(s: &mut Session, what: &str) -> String {
    sync(s);
    let legal = s.legal_moves();
    s.send("go nodes 3000");
    let (best, lines) = s.bestmove();
    if best == "(none)" {
        assert!(
            legal.is_empty() || lines.iter().any(|l| l.contains("game is over")),
            "bestmove (none) with legal moves {legal:?} after {what}"
        );
    } else {
        assert!(
            legal.contains(&best),
            "bestmove {best} not among {legal:?} after {what}"
        );
    }
    best
}

/// The FEN the engine holds (from `d`, read to its last line).
fn fen(s: &mut Session) -> String {
    s.send("d");
    let lines = s.read_until("State:");
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .unwrap()
        .to_string()
}

/// One command that must be answered by an error line and leave the engine at `kept`.
fn rejected(s: &mut Session, cmd: &str, kept: &str, variant: &str) {
    s.send(cmd);
    let lines = sync(s);
    let shown: String = cmd.chars().take(60).collect();
    assert!(
        lines.iter().any(|l| l.starts_with("info string error: ")),
        "{variant}: no error line for {shown:?}: {lines:?}"
    );
    assert!(
        lines.iter().all(|l| l.len() < 400),
        "{variant}: an over-long answer to {shown:?}"
    );
    assert_eq!(fen(s), kept, "{variant}: {shown:?} changed the position");
}

#[test]
fn malformed_commands_are_errors_and_change_nothing_in_every_variant() {
    for variant in variant_names() {
        let mut s = start(variant);
        s.send("position startpos");
        let legal = s.legal_moves();
        let first = legal[0].clone();
        let start_fen = fen(&mut s);
        s.send(&format!("position startpos moves {first}"));
        let kept = fen(&mut s);
        let reply = s.legal_moves();
        let truncated: String = start_fen.chars().take(start_fen.len() / 2).collect();
        let hundred_kb_moves =
            format!("position startpos moves {first} {}", "a1a2 ".repeat(20_000));
        let hundred_kb_fen = format!("position fen {}", "8/".repeat(34_000));
        let hundred_kb_word = format!("{} x", "q".repeat(100_000));
        let hundred_kb_option = format!("setoption name Hash value {}", "9".repeat(100_000));
        let hundred_kb_go = format!("go {}", "depth 3 ".repeat(13_000) + "nonsense");
        let cases: Vec<String> = vec![
            "frobnicate".into(),
            "GO".into(),
            "Position startpos".into(),
            "\u{1}\u{2}\u{7f}".into(),
            "position".into(),
            "position fen".into(),
            "position fen moves".into(),
            "position startpos garbage".into(),
            "position startposmoves".into(),
            format!("position fen {truncated}"),
            format!("position fen {start_fen} garbage {first}"),
            "setoption".into(),
            "setoption name".into(),
            "setoption value 3".into(),
            "setoption name Hash value".into(),
            "setoption name Hash value -5".into(),
            "setoption name Hash value 1.5".into(),
            "setoption name MultiPV value 99999999999999999999999".into(),
            "setoption name Threads value 0".into(),
            "setoption name Move Overhead value lots".into(),
            "setoption name Ponder value maybe".into(),
            "setoption name UCI_Variant value".into(),
            "setoption name UCI_Variant value chess960".into(),
            "setoption name EvalFile value /no/such/file".into(),
            // Once read until memory ran out.
            "setoption name EvalFile value /dev/zero".into(),
            "setoption name EvalFile value /".into(),
            "go depth".into(),
            "go wtime soon".into(),
            "go searchmoves e2e4".into(),
            "go perft".into(),
            "go perft 65".into(),
            // Found by the `uci` fuzz target: once read as `go perft 22`, a count without end.
            "go perft22".into(),
            "go perft 2 3".into(),
            "bench 0".into(),
            hundred_kb_fen,
            hundred_kb_word,
            hundred_kb_option,
            hundred_kb_go,
        ];
        for cmd in &cases {
            rejected(&mut s, cmd, &kept, variant);
        }
        // A move list with a bad move is played up to it (what GUIs expect of Stockfish): the
        // error names the move, and the position is the one before it.
        s.send(&format!("position startpos moves {first} {}", reply[0]));
        let after_reply = fen(&mut s);
        let partial: Vec<(String, &str)> = vec![
            ("position startpos moves zzzz".into(), &start_fen),
            (format!("position startpos moves {first} {first}"), &kept),
            (hundred_kb_moves, &kept),
            (
                format!("position startpos moves {first} {} a0a0", reply[0]),
                &after_reply,
            ),
            (format!("position fen {start_fen} moves i9i9"), &start_fen),
        ];
        for (cmd, expected) in &partial {
            rejected(&mut s, cmd, expected, variant);
        }
        s.send(&format!("position startpos moves {first}"));
        // The engine still plays, from the position it kept.
        let best = plays_legal_move(&mut s, "malformed commands");
        assert!(reply.contains(&best), "{variant}: {best} not a reply");
        s.quit();
    }
}

#[test]
fn empty_lines_whitespace_and_invalid_utf8_are_harmless() {
    for variant in variant_names() {
        let mut s = start(variant);
        sync(&mut s);
        for blank in ["", " ", "\t", "   \t  ", "\r"] {
            s.send(blank);
        }
        assert!(sync(&mut s).is_empty(), "{variant}: blank lines answered");
        s.stdin.write_all(b"\xc3\x28 \xff\n\xf0\x90\n").unwrap();
        let lines = sync(&mut s);
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.starts_with("info string error:"))
                .count(),
            2,
            "{variant}: {lines:?}"
        );
        // Commands wrapped in extra whitespace still work.
        s.send("   position   startpos   ");
        plays_legal_move(&mut s, "blank lines");
        s.quit();
    }
}

#[test]
fn go_without_position_plays_from_the_start_position() {
    for variant in variant_names() {
        let mut s = start(variant);
        s.send("go nodes 2000");
        let (best, _) = s.bestmove();
        s.send("position startpos");
        assert!(
            s.legal_moves().contains(&best),
            "{variant}: {best} is not a move of the start position"
        );
        // Degenerate limits still give a legal move.
        for go in [
            "go depth 0",
            "go nodes 0",
            "go nodes 1",
            "go movetime 0",
            "go movetime 1",
            "go wtime 0 btime 0",
            "go wtime -500 btime -500 winc 0 binc 0",
            "go wtime 1 btime 1 movestogo 0",
            "go mate 0",
            "go mate 1",
            "go depth 99999999999",
        ] {
            let legal = s.legal_moves();
            s.send(go);
            if go.contains("99999") || go.contains("mate") {
                std::thread::sleep(Duration::from_millis(100));
                s.send("stop");
            }
            let (best, _) = s.bestmove();
            assert!(legal.contains(&best), "{variant}: '{go}' gave {best}");
        }
        s.quit();
    }
}

#[test]
fn stop_storms_give_exactly_one_bestmove_per_search() {
    for variant in variant_names() {
        let mut s = start(variant);
        s.send("position startpos");
        let legal = s.legal_moves();
        let mut searches = 0;
        for round in 0..10 {
            s.send(if round % 2 == 0 {
                "go infinite"
            } else {
                "go wtime 100000 btime 100000"
            });
            searches += 1;
            if round % 3 == 0 {
                std::thread::sleep(Duration::from_millis(20));
            }
            for _ in 0..50 {
                s.send("stop");
            }
            s.send("ponderhit");
        }
        // Stops with nothing running are harmless too.
        for _ in 0..200 {
            s.send("stop");
        }
        let lines = sync(&mut s);
        let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(best.len(), searches, "{variant}: {best:?}");
        for b in best {
            let mv = b.split_whitespace().nth(1).unwrap();
            assert!(legal.iter().any(|m| m == mv), "{variant}: {b}");
        }
        assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
        plays_legal_move(&mut s, "a stop storm");
        s.quit();
    }
}

#[test]
fn position_and_variant_changes_during_a_search_stop_it_first() {
    let names = variant_names();
    for (i, variant) in names.iter().enumerate() {
        let other = names[(i + 1) % names.len()];
        let mut s = start(variant);
        s.send("position startpos");
        let legal = s.legal_moves();
        let first = legal[0].clone();
        // `position` during a search: the old search answers for the old position.
        s.send("go infinite");
        std::thread::sleep(Duration::from_millis(50));
        s.send(&format!("position startpos moves {first}"));
        let (best, _) = s.bestmove();
        assert!(legal.contains(&best), "{variant}: {best}");
        s.send("position startpos");
        let start_fen = fen(&mut s);
        s.send(&format!("position startpos moves {first}"));
        let after = fen(&mut s);
        assert_ne!(after, start_fen);
        plays_legal_move(&mut s, "position during a search");
        // A malformed `position` during a search: stopped, error, position kept.
        s.send("go infinite");
        s.send("position fen nonsense");
        s.bestmove();
        assert!(sync(&mut s)
            .iter()
            .any(|l| l.starts_with("info string error:")));
        assert_eq!(fen(&mut s), after, "{variant}");
        // `setoption name UCI_Variant` during a search: stopped, then the other variant.
        s.send("go infinite");
        std::thread::sleep(Duration::from_millis(30));
        s.send(&format!("setoption name UCI_Variant value {other}"));
        let (best, _) = s.bestmove();
        assert!(
            s.legal_moves().is_empty() || best != "(none)",
            "{variant}: {best}"
        );
        s.send("d");
        let shown = s.read_until("Variant:");
        assert!(
            shown.last().unwrap().ends_with(other),
            "{variant} -> {other}: {shown:?}"
        );
        plays_legal_move(&mut s, "UCI_Variant during a search");
        // Other options during a search, then `ucinewgame`.
        s.send("go infinite");
        s.send("setoption name Hash value 2");
        s.bestmove();
        s.send("go infinite");
        s.send("setoption name Threads value 2");
        s.bestmove();
        s.send("go infinite");
        s.send("ucinewgame");
        s.bestmove();
        plays_legal_move(&mut s, "options during a search");
        s.quit();
    }
}

/// Waits for the process to exit, at most `limit`.
fn exits_within(s: &mut Session, limit: Duration) -> bool {
    let until = Instant::now() + limit;
    while Instant::now() < until {
        if let Ok(Some(status)) = s.child.try_wait() {
            assert!(status.success(), "exit status {status}");
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

#[test]
fn quit_during_a_search_exits_at_once() {
    for variant in variant_names() {
        for go in [
            "go infinite",
            "go ponder wtime 100000 btime 100000",
            "go wtime 600000 btime 600000",
            "go depth 200",
        ] {
            let mut s = start(variant);
            s.send("setoption name Threads value 2");
            s.send("position startpos");
            s.send(go);
            std::thread::sleep(Duration::from_millis(50));
            let sent = Instant::now();
            s.send("quit");
            assert!(
                exits_within(&mut s, Duration::from_secs(10)),
                "{variant}: '{go}' then quit did not exit"
            );
            println!(
                "{variant}: '{go}' + quit exited in {} ms",
                sent.elapsed().as_millis()
            );
        }
        // End of input during an infinite search ends the process too, and during a mate
        // search that may never find its mate (it once ran on forever as an orphan).
        for go in ["go infinite", "go mate 3", "go mate 0"] {
            let mut s = start(variant);
            s.send(go);
            std::thread::sleep(Duration::from_millis(50));
            let Session {
                mut child, stdin, ..
            } = s;
            drop(stdin);
            let until = Instant::now() + Duration::from_secs(10);
            loop {
                if let Some(status) = child.try_wait().unwrap() {
                    assert!(status.success());
                    break;
                }
                assert!(Instant::now() < until, "{variant}: EOF did not end '{go}'");
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}
