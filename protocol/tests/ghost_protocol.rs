//! Ghost Chess through the real binary: decision tokens in `position ... moves` (G5, GHO-26),
//! `go` answering a pending spawn decision with the decision as `bestmove`, `d` showing the
//! ring, perft divide at a decision node, and bad decision tokens rejected.

mod common;

use common::Session;

#[test]
fn decisions_travel_through_position_go_and_d() {
    let mut s = Session::start();
    s.send("setoption name UCI_Variant value ghost");
    // e4xd5: Black decides where the pawn spawns (z5 or d9).
    s.send("position startpos moves e2e4 d7d5 e4d5");
    let mut legal = s.legal_moves();
    legal.sort();
    assert_eq!(legal, ["d9", "z5"]);
    assert!(s.fen().ends_with(" b KQkq - 0 2 - spawn=p@d5"));
    s.send("go depth 4");
    let (best, _) = s.bestmove();
    assert!(best == "z5" || best == "d9", "bestmove {best}");
    // The decision token is part of the game's moves, then Black moves.
    s.send("position startpos moves e2e4 d7d5 e4d5 z5 g8f6");
    assert_eq!(
        s.fen(),
        "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3 pz5"
    );
    s.send("d");
    let board = s.read_until("Fen:").join("\n");
    assert!(
        board.contains(" 5 p |"),
        "the ghost on z5 is drawn on the ring:\n{board}"
    );
    // A move where a decision is due, and a decision where none is due, are errors; the moves
    // before the bad one are played (as GUIs expect of Stockfish).
    s.send("position startpos moves e2e4 d7d5 e4d5 d8d5");
    let err = s.read_until("info string error");
    assert!(err.last().unwrap().contains("d8d5"), "{err:?}");
    assert!(
        s.fen()
            .starts_with("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR"),
        "{}",
        s.fen()
    );
    s.send("position startpos moves e2e4 z5");
    s.read_until("info string error");
    assert!(
        s.fen().contains("/4P3/8/PPPP1PPP/RNBQKBNR b KQkq "),
        "{}",
        s.fen()
    );
    s.quit();
}

/// `go perft` counts whole turns (GHO-27 A): a capture that opens a spawn decision is one line
/// per option, named by the turn's tokens joined by a space (`docs/notation.md` §4).
#[test]
fn perft_divide_names_whole_turns_with_their_decision() {
    let mut s = Session::start();
    s.send("setoption name UCI_Variant value ghost");
    s.send("position startpos moves e2e4 d7d5 e4d5 z5");
    let black_replies = s.perft_turns().len() as u64;
    s.send("position startpos moves e2e4 d7d5");
    let mut turns = s.perft_turns();
    s.send("go perft 2");
    let out = s.read_until("Nodes searched");
    let lines: Vec<(String, u64)> = out
        .iter()
        .filter_map(|l| l.split_once(": "))
        .filter(|(t, _)| !t.starts_with("Nodes") && !t.starts_with("info"))
        .map(|(t, n)| (t.to_string(), n.trim().parse().expect("a count")))
        .collect();
    let count = |turn: &str| lines.iter().find(|(t, _)| t == turn).map(|&(_, n)| n);
    // e4xd5 opens the z5/d9 tie (GHO-21): two lines, the capture alone is no line.
    assert_eq!(count("e4d5 z5"), Some(black_replies), "{out:?}");
    assert!(count("e4d5 d9").is_some(), "{out:?}");
    assert_eq!(count("e4d5"), None, "{out:?}");
    // Depth 1 names the same turns; the total is the sum of the lines.
    let mut names: Vec<String> = lines.iter().map(|(t, _)| t.clone()).collect();
    names.sort();
    turns.sort();
    assert_eq!(names, turns);
    let total: u64 = lines.iter().map(|&(_, n)| n).sum();
    assert_eq!(
        out.last().unwrap(),
        &format!("Nodes searched: {total}"),
        "{out:?}"
    );
    s.quit();
}

#[test]
fn the_picture_draws_the_ring_and_marks_ghosts() {
    let dir = std::env::temp_dir().join(format!("grimoire-ghost-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("ghost.svg");
    let (ok, out) = common::run_program(
        common::BIN,
        &[
            "show",
            "--variant",
            "ghost",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Bz3,qe9",
            "--svg",
            svg.to_str().unwrap(),
        ],
    );
    assert!(ok, "{out}");
    let text = std::fs::read_to_string(&svg).unwrap();
    // All 32 edge squares are drawn as edge squares, the corners are not drawn.
    assert_eq!(text.matches("class=\"square edge\"").count(), 32);
    assert!(!text.contains("data-square=\"z0\""));
    assert!(text.contains("data-square=\"z3\" data-code=\"B\" data-color=\"white\""));
    assert!(text.contains("data-square=\"e9\" data-code=\"Q\" data-color=\"black\""));
    assert_eq!(text.matches(">ghost<").count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
