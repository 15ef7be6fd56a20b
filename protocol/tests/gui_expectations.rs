//! What GUIs expect of a UCI engine (issue 16, points 1-4, 6 and 7), on the real binary.

mod common;

use common::{run_script, Session, BIN};
use std::process::Command;

/// The moves of the `bestmove` lines of an output.
fn bestmoves(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|rest| rest.split_whitespace().next().unwrap_or(""))
        .collect()
}

/// The game state that `d` reports must contain `expected`.
fn assert_state(s: &mut Session, expected: &str) {
    s.send("d");
    let state = s.read_until("State:");
    assert!(state.last().unwrap().contains(expected), "{state:?}");
}

/// Point 1: `go ... searchmoves` searches only the moves named, and every `go` ends in exactly
/// one `bestmove`, even one with a parameter the engine does not know.
#[test]
fn every_go_ends_in_one_bestmove_and_searchmoves_limits_the_root() {
    let out = run_script("position startpos\ngo depth 4 searchmoves a2a3\nisready\nquit\n");
    assert_eq!(bestmoves(&out), ["a2a3"], "{out}");
    let out = run_script("position startpos\ngo searchmoves h2h3 b1a3 depth 3\nisready\nquit\n");
    let best = bestmoves(&out);
    assert!(best == ["h2h3"] || best == ["b1a3"], "{out}");
    // An illegal searchmove is reported and left out; an unknown word is reported; both still
    // search and answer once.
    let out = run_script("position startpos\ngo depth 3 searchmoves e2e5 g1f3\nisready\nquit\n");
    assert!(out.contains("info string error: go searchmoves"), "{out}");
    assert_eq!(bestmoves(&out), ["g1f3"], "{out}");
    let out = run_script("position startpos\ngo depth 2 frobnicate\nisready\nquit\n");
    assert!(out.contains("unknown go parameter 'frobnicate'"), "{out}");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
}

/// Point 2: threefold repetition and the 100-ply rule are claims in chess (G3): moves past them
/// are accepted and `go` plays on. The variants accept moves past their automatic draws too.
#[test]
fn moves_past_draws_by_rule_are_accepted_and_go_plays_on() {
    let mut s = Session::start();
    s.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4");
    assert_eq!(
        s.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5"
    );
    s.read_until("State:");
    s.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_state(&mut s, "a draw by threefold repetition may be claimed");
    s.send("go depth 3");
    let (best, _) = s.bestmove();
    assert_ne!(best, "(none)");
    s.send("position fen 8/8/8/4k3/8/8/3QK3/8 w - - 100 80");
    let legal = s.legal_moves();
    assert!(!legal.is_empty());
    s.send("go depth 3");
    let (best, _) = s.bestmove();
    assert!(legal.contains(&best), "{best} not among {legal:?}");
    assert_state(&mut s, "a draw by fifty-move rule may be claimed");
    // A dead position is no claim: it ends the game (FIDE 5.2.2), though moves are accepted.
    s.send("position fen 8/8/8/4k3/8/8/4K3/8 w - - 0 1");
    assert_state(&mut s, "drawn at the referee");
    // Ghost Chess's threefold repetition is automatic at the referee (G3), but a GUI's moves
    // past it are still played.
    s.send("setoption name UCI_Variant value ghost");
    s.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_state(&mut s, "drawn at the referee");
    s.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4");
    assert!(s
        .fen()
        .starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5"));
    s.quit();
}

/// Point 3: a `position` with a move that is not legal plays the moves before it, reports the
/// bad one, and `go` answers for the side to move in the position reached.
#[test]
fn a_rejected_move_list_is_played_up_to_the_bad_move() {
    let mut s = Session::start();
    s.send("position startpos moves e2e4 e7e5 e7e5 g1f3");
    let error = s.read_until("info string error:");
    assert!(
        error.last().unwrap().contains("move 3 'e7e5'"),
        "the error names the move: {error:?}"
    );
    assert!(
        s.fen()
            .starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq"),
        "the two good moves stand"
    );
    let legal = s.legal_moves();
    s.send("go depth 2");
    let (best, _) = s.bestmove();
    assert!(
        legal.contains(&best),
        "a move for White: {best} not among {legal:?}"
    );
    s.quit();
}

/// Point 4: every option `uci` lists is accepted at any time, and applies whenever its variant
/// is (or becomes) the current one.
#[test]
fn variant_options_are_accepted_in_any_order() {
    // Two Mages and a Sorceress: with SameTypeSwitch (ARC-E2) the Mages may switch too.
    const SWITCHES: &str = "9k/10/10/10/10/5M4/3M6/4S5/10/K9[] w - - 0 1";
    let default = run_script(&format!(
        "setoption name UCI_Variant value archmage\nposition fen {SWITCHES}\ngo perft 1\nquit\n"
    ));
    let set_first = run_script(&format!(
        "setoption name SameTypeSwitch value false\nsetoption name UCI_Variant value archmage\n\
         position fen {SWITCHES}\ngo perft 1\nquit\n"
    ));
    assert!(!set_first.contains("info string error"), "{set_first}");
    let count = |out: &str| {
        out.lines()
            .find_map(|l| l.strip_prefix("Nodes searched: "))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("no count: {out}"))
    };
    let set_after = run_script(&format!(
        "setoption name UCI_Variant value archmage\nsetoption name SameTypeSwitch value false\n\
         position fen {SWITCHES}\ngo perft 1\nquit\n"
    ));
    assert_eq!(
        count(&set_first),
        count(&set_after),
        "order does not matter"
    );
    assert_ne!(
        count(&set_first),
        count(&default),
        "the option changes the rules: {set_first}"
    );
    let bad = run_script("setoption name SameTypeSwitch value maybe\nquit\n");
    assert!(
        bad.contains("info string error: option SameTypeSwitch expects true or false"),
        "{bad}"
    );
}

/// Point 6: a mated or stalemated position under `go` gets a score before `bestmove (none)`.
#[test]
fn mate_and_stalemate_get_a_score_before_bestmove_none() {
    let mated =
        run_script("position startpos moves f2f3 e7e5 g2g4 d8h4\ngo depth 3\nisready\nquit\n");
    let lines: Vec<&str> = mated.lines().collect();
    let at = lines.iter().position(|l| *l == "bestmove (none)").unwrap();
    assert_eq!(lines[at - 1], "info depth 0 score mate 0", "{mated}");
    let stalemate = run_script("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\nquit\n");
    let lines: Vec<&str> = stalemate.lines().collect();
    let at = lines.iter().position(|l| *l == "bestmove (none)").unwrap();
    assert_eq!(lines[at - 1], "info depth 0 score cp 0", "{stalemate}");
}

/// Point 6: a `Hash` that cannot be allocated is an error line; the old table stays and the
/// engine keeps working (seen aborting with exit 134 under a memory limit before).
#[test]
fn a_hash_that_cannot_be_allocated_is_an_error_not_an_abort() {
    let mut limited = Command::new("sh");
    limited.args(["-c", &format!("ulimit -v 2000000 && exec {BIN}")]);
    let script = "setoption name Hash value 8192\nisready\nposition startpos\ngo depth 3\nquit\n";
    let (status, text) = common::feed(limited, script);
    let expected = "info string error: Hash not changed: cannot allocate a 8192 MB hash table";
    let kept_working = text.contains("readyok") && text.contains("bestmove ");
    assert!(
        status.success() && text.contains(expected) && kept_working,
        "{status}: {text}"
    );
}

/// Point 7: choosing a variant announces its board as Fairy-Stockfish-based GUIs read it.
#[test]
fn choosing_a_variant_announces_its_board() {
    let out = run_script(
        "setoption name UCI_Variant value archmage\nsetoption name UCI_Variant value chess\nquit\n",
    );
    let archmage = out
        .lines()
        .find(|l| l.starts_with("info string variant archmage "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        archmage.starts_with(
            "info string variant archmage files 10 ranks 10 pocket 2 template fairy startpos "
        ),
        "{archmage}"
    );
    assert!(out.contains(
        "info string variant chess files 8 ranks 8 pocket 0 template fairy startpos \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    ));
}
