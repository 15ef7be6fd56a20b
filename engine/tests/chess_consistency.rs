//! Seeded random games in chess: hash, copy-make, FEN and token round trips, and legal moves
//! equal to the reference generator's pseudo-legal moves filtered by its legality test.

use grimoire_engine::consistency::random_games_from_fens;
use grimoire_engine::variants::chess::{Chess, START_FEN};

const STARTS: [&str; 6] = [
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/1P6/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1",
];

#[test]
fn random_games_stay_consistent() {
    let stats = random_games_from_fens::<Chess>(&STARTS, &(), 12, 300, 0xC0FFEE)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(stats.plies > 5_000, "only {} plies checked", stats.plies);
    assert!(
        stats.finished_games > 0,
        "no random game reached an end by rule"
    );
}
