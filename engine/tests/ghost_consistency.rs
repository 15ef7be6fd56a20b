//! Seeded random games in Ghost Chess: incremental hash equals recomputed hash, copy-make leaves
//! the parent untouched, FEN and token round trips (decision steps and finished games
//! included), and legal moves equal the reference generator's pseudo-legal moves filtered by
//! its play-and-look legality test. Every spawn also compares the fast spawn walk with the
//! reference definition of GHO-22 (a debug assertion in `play`, on in test builds).

use grimoire_engine::consistency::random_games_from_fens;
use grimoire_engine::variants::ghost::{Ghost, START_FEN};

/// Start positions: the opening, middle games with ghosts on every side of the ring, a
/// pending spawn, ghost pawns near their last squares, and a sparse ending full of ghosts.
const STARTS: [&str; 6] = [
    START_FEN,
    "r3k2r/pp1q1ppp/2n1bn2/3p4/3P4/2NB1N2/PP3PPP/R2Q1RK1 w kq - 0 12 Bz3,Pd0,bi6,pi5",
    "r4rk1/pp3ppp/2n5/3q4/8/5N2/PP3PPP/R2Q1RK1 b - - 0 18 Qz6,Ri7,bz2,ni3,pa9",
    "r1bqkb1r/pppp1ppp/5n2/3Pp3/8/8/PPP2PPP/RNBQKBNR b KQkq - 0 4 - spawn=n@d5",
    "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 40 Pz7,Pi6,pz2,pi3",
    "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 50 Qa0,Rz4,Nh9,bi2,ri6,qd9",
];

#[test]
fn random_games_stay_consistent() {
    let stats = random_games_from_fens::<Ghost>(&STARTS, &(), 20, 200, 0x0060_5700)
        .unwrap_or_else(|e| panic!("{e}"));
    let (plies, finished) = (stats.plies, stats.finished_games);
    println!("{plies} plies, {finished} games ended by rule");
    assert!(plies > 5_000, "only {plies} plies checked");
    assert!(finished > 0, "no random game reached an end by rule");
}
