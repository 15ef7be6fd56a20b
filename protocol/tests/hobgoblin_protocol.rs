//! Hobgoblin's dice through the real binary (issue 18, notation §3.7): an outcome token in
//! `position ... moves` tells the engine what exploded, a move list that names none means
//! every roll survived, `go` never answers with an outcome (and refuses a position whose dice
//! are pending), `d` shows the pending dice, `go perft` counts by the convention or, with
//! `PerftMode chance`, every outcome.

mod common;

use common::Session;

fn hobgoblin() -> Session {
    let mut s = Session::start();
    s.send("setoption name UCI_Variant value hobgoblin");
    s
}

#[test]
fn outcomes_travel_through_position_and_never_come_back_from_go() {
    let mut s = hobgoblin();
    // e2e4 rolls at d3, f3 and e4: magnetism pulls the pawns c2 and g2 and the king (through
    // the emptied e2) next to e4 (HOB-93, HOB-100). Every roll survived:
    s.send("position startpos moves e2e4");
    assert_eq!(
        s.fen(),
        "rnbqkbnr1/pppppppp1/9/9/4P4/3PKP3/PP1P1P1P1/RNBQ1BNR1 b kq e3:e4:1 0 1 L"
    );
    s.send("position startpos moves e2e4 !- g8f6");
    let after = s.fen();
    s.send("position startpos moves e2e4 g8f6");
    assert_eq!(s.fen(), after, "!- and no outcome token are the same game");
    // The engine moves; its answer is never an outcome.
    s.send("go nodes 3000");
    let (best, _) = s.bestmove();
    assert!(!best.starts_with('!'), "bestmove {best}");
    // The pawn on e4 explodes: its blast takes the king on e3 (HOB-102, HOB-140).
    s.send("position startpos moves e2e4 !e4");
    assert_eq!(
        s.fen(),
        "rnbqkbnr1/pppppppp1/9/9/9/9/PP1P1P1P1/RNBQ1BNR1 b kq - 0 1 L result=0-1"
    );
    s.send("go depth 2");
    assert_eq!(s.bestmove().0, "(none)");
    // A set of sites that did not roll is an error; the moves before it stand.
    s.send("position startpos moves e2e4 !h8");
    let err = s.read_until("info string error");
    assert!(err.last().unwrap().contains("!h8"), "{err:?}");
}

#[test]
fn a_position_with_pending_dice_is_shown_and_not_searched() {
    let mut s = hobgoblin();
    let fen =
        "rnbqkbnr1/pppppppp1/9/9/4P4/3PKP3/PP1P1P1P1/RNBQ1BNR1 w kq e3:e4:1 0 1 L rolls=d3,f3,e4";
    s.send(&format!("position fen {fen}"));
    assert_eq!(s.fen(), fen);
    s.send("d");
    let board = s.read_until("Fen:").join("\n");
    assert!(board.contains("pending: the dice"), "{board}");
    s.send("go depth 3");
    let lines = s.read_until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("dice of the last move are pending")),
        "{lines:?}"
    );
    // Perft by the convention follows every roll surviving (HOB-151)...
    s.send("go perft 1");
    let lines = s.read_until("Nodes searched");
    assert!(lines.iter().any(|l| l.starts_with("!-: ")), "{lines:?}");
    // ...and in the chance mode the distinct outcomes are the actions there (HOB-104:
    // {d3, f3} and {d3, f3, e4} destroy the same units, so they are one).
    s.send("setoption name PerftMode value chance");
    let mut legal = s.legal_moves();
    legal.sort();
    assert_eq!(
        legal,
        ["!-", "!d3", "!d3,e4", "!d3,f3", "!e4", "!f3", "!f3,e4"]
            .map(String::from)
            .to_vec()
    );
}

#[test]
fn perft_counts_by_the_convention_or_every_outcome() {
    let mut s = hobgoblin();
    s.send("position startpos");
    s.send("go perft 1");
    let lines = s.read_until("Nodes searched");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 2022");
    assert!(lines.iter().any(|l| l == "e2e4: 1"), "{lines:?}");
    s.send("setoption name PerftMode value chance");
    s.send("go perft 1");
    let lines = s.read_until("Nodes searched");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 4006");
    assert!(lines.iter().any(|l| l == "e2e4 !e4: 1"), "{lines:?}");
}

/// Expectimax (HOB-104, G6): e6e7 blows up the black king on e8 with 1/12 (the blast of e7
/// reaches e8, which magnetism cannot push off the edge, HOB-93, HOB-102). The search values
/// that chance at a twelfth of a won game (`search.chance_win`, 1500 cp), or of a mate score
/// where values are averaged as they are (`chance_win` 0); searching as if every pawn
/// survives, it sees nothing.
#[test]
fn the_search_values_a_chance_to_blow_up_the_king() {
    let mut s = hobgoblin();
    let score = |s: &mut Session, mode: &str| {
        s.send(&format!("setoption name ChanceSearch value {mode}"));
        s.send("position fen 4k4/9/4P4/9/9/9/9/K8 w - - 0 1 L");
        s.send("go depth 3 searchmoves e6e7");
        let (_, lines) = s.bestmove();
        let info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth"))
            .unwrap()
            .clone();
        let cp: i32 = info
            .split_whitespace()
            .skip_while(|w| *w != "cp")
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        cp
    };
    let expected = score(&mut s, "star2");
    assert_eq!(score(&mut s, "star1"), expected);
    let survive = score(&mut s, "survive");
    assert!(survive.abs() < 300, "{survive}");
    // 1500/12 for the blast, the rest as if it survived: about 125 cp above.
    assert!(
        (95..=155).contains(&(expected - survive)),
        "{expected} {survive}"
    );
    let exact = std::env::temp_dir().join(format!("hob-exact-{}.txt", std::process::id()));
    std::fs::write(&exact, "variant hobgoblin\nsearch.chance_win 0\n").unwrap();
    s.send(&format!(
        "setoption name EvalFile value {}",
        exact.display()
    ));
    let averaged = score(&mut s, "star2");
    assert!((2500..2800).contains(&averaged), "{averaged}");
    let _ = std::fs::remove_file(&exact);
}
