//! The search on Ghost Chess with its evaluator: it takes the enemy king with a ghost when it can
//! (GHO-52), answers a spawn decision at the root with the decision (G5), and keeps its king away
//! from a ghost that could take it (a threat that is not a check, GHO-12).

use grimoire_engine::search::MATE_BOUND;
use grimoire_engine::variants::ghost::Ghost;
use grimoire_engine::{prelude::*, Game};
use grimoire_eval::GhostEval;

mod common;

fn best(fen: &str, depth: u32) -> (String, i32) {
    let game = Game::new(Ghost::from_fen(fen, &()).unwrap());
    let r = common::search_to_depth(&game, &GhostEval::default(), depth);
    (
        game.position().format_move(r.best.expect("a move")),
        r.score,
    )
}

#[test]
fn a_ghost_takes_the_king_even_from_check() {
    let (mv, score) = best("4k3/8/8/8/8/8/8/r3K3 w - - 0 1 Re9", 3);
    assert_eq!(mv, "e9e8");
    assert!(score > MATE_BOUND, "{score}");
}

#[test]
fn a_spawn_decision_takes_the_ghost_that_threatens_the_king() {
    // The White ghost rook on z8 could take the king on h8 along rank 8, and the king cannot
    // leave the rank: Black's rook, taken on a8, must spawn on z8 and take that ghost (GHO-23).
    let (mv, _) = best("B6k/6pp/8/8/8/8/8/4K3 b - - 0 1 Rz8 spawn=r@a8", 3);
    assert_eq!(mv, "z8");
}

#[test]
fn a_king_in_danger_steps_off_the_ghosts_line() {
    // Not a check, but the ghost rook on e0 takes the king next move unless it leaves the e-file
    // (the rook's move would not help: nothing blocks a phasing ray).
    let (mv, score) = best("r3k3/8/8/8/8/8/8/3K4 b - - 0 1 Re0", 4);
    assert!(
        ["e8d8", "e8f8", "e8d7", "e8f7"].contains(&mv.as_str()),
        "{mv}"
    );
    assert!(score > -MATE_BOUND, "{score}");
}

#[test]
fn a_decision_inside_the_tree_is_the_owners_choice() {
    // Rxd5 would win the knight, but the knight spawns by Black's choice (G5, GHO-26): z5/d9
    // tie, and on z5 it takes White's ghost queen (GHO-23). Were the decision White's node, the
    // capture would look like a clean win of a knight.
    let fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1 Qz5";
    let (mv, _) = best(fen, 3);
    assert_ne!(mv, "d1d5");
    let (decision, _) = best("4k3/8/8/3R4/8/8/8/4K3 b - - 0 1 Qz5 spawn=n@d5", 2);
    assert_eq!(decision, "z5");
}
