//! Issue 49: every position a FEN may hold answers on a GUI's clock. `go wtime 50 btime 50`
//! within 50 ms and `go movetime 100` within 110 ms, from the command to `bestmove`, for real
//! and mutated FENs of every variant and for Hobgoblin crowds up to the FEN limits
//! (`docs/notation.md`); the crowd past them that once took 372 ms is refused. Its own test
//! binary, so no other test shares the cores while it is timed. `PROPTEST_CASES=<n>` runs
//! more cases.

use grimoire_protocol::reliability::{clock_answers, Harness};
use grimoire_registry as registry;
use proptest::prelude::*;
mod common;

use common::proptest_cases as cases;
use std::time::Duration;

const SHORT_CLOCK: Duration = Duration::from_millis(50);
const MOVETIME: Duration = Duration::from_millis(110);

/// One timed position at a time: the tests of this binary run in parallel otherwise.
static TIMING: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn assert_in_time(variant: &str, fen: &str) -> bool {
    let _alone = TIMING.lock().unwrap_or_else(|e| e.into_inner());
    let Some(t) = clock_answers(variant, fen) else {
        return false;
    };
    assert!(
        t.short_clock <= SHORT_CLOCK,
        "{variant} {fen}: go wtime 50 btime 50 took {:?}",
        t.short_clock
    );
    assert!(
        t.movetime <= MOVETIME,
        "{variant} {fen}: go movetime 100 took {:?}",
        t.movetime
    );
    true
}

/// A Hobgoblin position with a crowd of White's on `node` and the rest of the armies around.
fn crowd_fen(members: &str, node: usize) -> String {
    // Ranks 5 to 3 hold the crowd, at file a..h of one of them.
    let (rank, file) = (node / 8, node % 8);
    let mut rows: Vec<String> = vec![
        "r1b1kb1r1".into(),
        "ppp2ppp1".into(),
        "2n6".into(),
        "9".into(),
        "9".into(),
        "9".into(),
        "PPP2PPP1".into(),
        "R1B1KB1R1".into(),
    ];
    let before = if file > 0 {
        file.to_string()
    } else {
        String::new()
    };
    rows[3 + rank] = format!("{before}({members}){}", 8 - file);
    format!("{} w KQkq - 0 8 L", rows.join("/"))
}

#[test]
fn the_crowd_that_broke_the_clock_is_refused_clearly() {
    let mut h = Harness::new();
    h.send("setoption name UCI_Variant value hobgoblin");
    h.out.clear();
    h.send("position fen r1b1kb1r1/ppp2ppp1/2n6/4(n,p)4/3(Q,N,29P)5/9/PPP2PPP1/R1B1KB1R1 w KQkq - 0 8 L");
    let text = h.out.text();
    assert!(
        text.contains("info string error")
            && text.contains("31 units on d4")
            && text.contains("at most 12"),
        "{text}"
    );
    // The biggest crowd the limits allow answers in time.
    assert!(assert_in_time(
        "hobgoblin",
        "r1b1kb1r1/ppp2ppp1/2n6/4(n,p)4/3(Q,N,10P)5/9/PPP2PPP1/R1B1KB1R1 w KQkq - 0 8 L"
    ));
    assert!(assert_in_time(
        "hobgoblin",
        "r1b1kb1r1/ppp2ppp1/2n6/4(n,p)4/3(Q,R,B,N,8P)5/9/9/4K4 w kq - 0 8 L"
    ));
}

proptest! {
    #![proptest_config(cases(12))]

    /// Crowds of every size the limits allow, of pieces and pawns, anywhere on ranks 3 to 5.
    #[test]
    fn hobgoblin_crowds_answer_on_the_clock(
        pieces in proptest::sample::select(vec![("Q,N", 2), ("Q,R,B,N", 4), ("Q,2R,2B,2N", 7), ("R,N", 2), ("2B", 2)]),
        pawns in 0u32..=10,
        node in 0usize..24,
    ) {
        let (pieces, units) = pieces;
        let pawns = pawns.min(12 - units);
        let members = if pawns == 0 { pieces.to_string() } else { format!("{pieces},{pawns}P") };
        let fen = crowd_fen(&members, node);
        assert_in_time("hobgoblin", &fen);
    }

    /// Real FENs of every variant (start, bench positions) answer on the clock.
    #[test]
    fn every_variants_positions_answer_on_the_clock(v in 0..registry::variant_names().len(), pick in any::<usize>()) {
        let name = registry::variant_names()[v];
        let game = registry::create(name).unwrap();
        let mut fens = vec![game.fen()];
        fens.extend(game.entry().bench.iter().map(|f| f.to_string()));
        let fen = &fens[pick % fens.len()];
        prop_assert!(assert_in_time(name, fen), "{name} {fen}: refused or over");
    }
}
