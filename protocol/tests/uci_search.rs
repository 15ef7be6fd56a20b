//! Search through the real binary: `go` with each limit, `stop`, `ponderhit`, `position` and
//! `setoption` during a search, MultiPV, bestmove legality, and a deterministic `bench`.

mod common;

use common::{Session, BIN};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

const MIDDLEGAME: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

#[test]
fn go_depth_reports_info_and_a_legal_bestmove() {
    let mut s = Session::start();
    s.send(&format!("position fen {MIDDLEGAME}"));
    let legal = s.legal_moves();
    s.send("go depth 5");
    let (best, lines) = s.bestmove();
    assert!(legal.contains(&best), "{best} not legal");
    let info: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(info.len() >= 5);
    for field in [
        " seldepth ",
        " multipv 1 ",
        " score cp ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(info.last().unwrap().contains(field), "missing {field}");
    }
    s.quit();
}

#[test]
fn go_with_clock_nodes_movetime_and_mate_limits() {
    let mut s = Session::start();
    for go in [
        "go wtime 2000 btime 2000 winc 10 binc 10",
        "go movetime 100",
        "go nodes 5000",
        "go wtime 100 btime 100 movestogo 1",
        "go btime 1 wtime 1",
    ] {
        s.send("position startpos moves e2e4");
        let legal = s.legal_moves();
        s.send(go);
        let (best, _) = s.bestmove();
        assert!(legal.contains(&best), "{go}: {best}");
    }
    s.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    s.send("go mate 1");
    let (best, lines) = s.bestmove();
    assert_eq!(best, "a1a8");
    assert!(lines.iter().any(|l| l.contains("score mate 1")));
    s.quit();
}

#[test]
fn go_infinite_waits_for_stop_and_stop_storms_are_safe() {
    let mut s = Session::start();
    s.send(&format!("position fen {MIDDLEGAME}"));
    let legal = s.legal_moves();
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    s.send("isready");
    let lines = s.read_until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "infinite search answered before stop"
    );
    for _ in 0..20 {
        s.send("stop");
    }
    let (best, _) = s.bestmove();
    assert!(legal.contains(&best));
    s.send("isready");
    s.read_until("readyok");
    s.quit();
}

#[test]
fn position_and_variant_change_during_search_stop_it_first() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    s.send("position startpos moves e2e4");
    // The old search is stopped and answers with a move of the old position.
    let (best, _) = s.bestmove();
    assert!([
        "e2e4", "d2d4", "g1f3", "c2c4", "b1c3", "e2e3", "d2d3", "g2g3", "b2b3", "c2c3", "a2a3",
        "h2h3", "f2f4", "g1h3", "b1a3", "a2a4", "b2b4", "f2f3", "g2g4", "h2h4"
    ]
    .contains(&best.as_str()));
    let legal = s.legal_moves();
    s.send("go depth 3");
    let (best, _) = s.bestmove();
    assert!(legal.contains(&best), "searched the new position: {best}");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    s.send("setoption name UCI_Variant value chess");
    s.read_until("bestmove");
    s.send("isready");
    s.read_until("readyok");
    s.quit();
}

#[test]
fn ponder_then_ponderhit_plays_on_the_clock() {
    let mut s = Session::start();
    s.send("setoption name Ponder value true");
    s.send("position startpos moves e2e4 e7e5");
    s.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(200));
    s.send("isready");
    let lines = s.read_until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "pondering must not answer before ponderhit"
    );
    s.send("ponderhit");
    let (best, _) = s.bestmove();
    assert!(!best.is_empty());
    s.quit();
}

#[test]
fn multipv_prints_several_lines_and_go_rejects_junk() {
    let mut s = Session::start();
    s.send("setoption name MultiPV value 3");
    s.send(&format!("position fen {MIDDLEGAME}"));
    s.send("go depth 4");
    let (_, lines) = s.bestmove();
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info depth 4 ") && l.contains(" multipv 3 ")));
    // Each bad command is answered with an error (read_until waits for it).
    for junk in [
        "go depth banana",
        "go sideways 3",
        "setoption name MultiPV value 0",
        "setoption name Move Overhead value -5",
    ] {
        s.send(junk);
        s.read_until("info string error:");
    }
    s.send("setoption name Clear Hash");
    s.send("setoption name Hash value 32");
    s.send("isready");
    s.read_until("readyok");
    s.quit();
}

#[test]
fn threads_two_searches_and_answers_legally() {
    let mut s = Session::start();
    s.send("setoption name Threads value 2");
    s.send(&format!("position fen {MIDDLEGAME}"));
    let legal = s.legal_moves();
    s.send("go depth 7");
    let (best, _) = s.bestmove();
    assert!(legal.contains(&best));
    s.quit();
}

/// Issue 21: distant checks by Dragons on both sides, each extended a ply, kept check chains at
/// full depth and the tree exploded (2 M nodes by depth 7 in this bench position). Eldritch
/// extends only checks that leave at most three replies, and depth 8 stays small (243 k nodes).
#[test]
fn eldritch_dragon_checks_do_not_explode_the_tree() {
    let mut s = Session::start();
    s.send("setoption name UCI_Variant value eldritch");
    s.send("position fen 2kr3r/ppp2ppp/2n1*w3/4p3/4P3/2^D2N2/PPP2PPP/2KR3R w - - 4 14");
    let legal = s.legal_moves();
    s.send("go depth 8");
    let (best, lines) = s.bestmove();
    assert!(legal.contains(&best), "{best} not legal");
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 8 "))
        .expect("depth 8 reached");
    let nodes: u64 = last
        .split_whitespace()
        .skip_while(|w| *w != "nodes")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("nodes field");
    assert!(nodes < 300_000, "{nodes} nodes to depth 8: {last}");
    s.quit();
}

#[test]
fn bench_node_count_is_deterministic() {
    let run = || {
        let out = Command::new(BIN)
            .args(["bench", "--depth", "5"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines()
            .find(|l| l.starts_with("Nodes searched"))
            .unwrap()
            .to_string()
    };
    let a = run();
    assert_eq!(a, run(), "bench signature changes between runs");
    let uci = Command::new(BIN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin.take().unwrap().write_all(b"bench 5\nquit\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(
        String::from_utf8_lossy(&uci.stdout).contains(&a),
        "UCI bench and CLI bench agree"
    );
}
