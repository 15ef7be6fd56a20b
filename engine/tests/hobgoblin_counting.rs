//! Perft's last turn counted with the link-step memo (`counting.rs`, issue 48): after a link
//! step most moves keep the outcome they had before it, so the counter replays only those the
//! link may change. The memo's count must equal the count that plays every move after every
//! link step, at every position of seeded random games (links, crowds, halves, the hallway,
//! castling in progress, en-passant records) and after every turn from some of them.

use grimoire_engine::prelude::*;
use grimoire_engine::variants::hobgoblin::cross_check::{compare_turns, cross_check_starts};
use grimoire_engine::variants::hobgoblin::Hobgoblin;
use rand::prelude::*;

fn pos(fen: &str) -> Hobgoblin {
    <Hobgoblin as Fen>::from_fen(fen, &Default::default()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The position after each whole turn of `p`, every roll surviving (HOB-151).
fn after_each_turn(p: &Hobgoblin) -> Vec<Hobgoblin> {
    let mut afters = Vec::new();
    p.visit_whole_turns(|_, q, mv| {
        let mut after = q.clone();
        after.play(mv);
        if let Some(survive) = after.implicit_outcome() {
            after.play(survive);
        }
        afters.push(after);
    });
    afters
}

fn assert_memo_counts_right(p: &Hobgoblin) -> u64 {
    let fast = p.count_turns();
    let plain = p.count_turns_playing_all();
    assert_eq!(fast, plain, "{}", p.to_fen());
    fast.unwrap_or(0)
}

/// A link onto an occupied board square (e7 = i7) puts the e7 pawn on the hallway too: a move
/// whose destination is a hallway square (the a7 pawn riding a6 = i6 to i5) sends magnetism up
/// the hallway, which now meets the e7 pawn at i7. The memo first took `a7i5` as it was.
#[test]
fn a_hallway_magnet_after_a_link_onto_an_occupied_square_is_played_again() {
    let p = pos("rnbqkbnr1/pppppppp1/8=a/9/9/9/PPPP(Q~d1,P)PPP1/RNB(Q~e2)KBNR1 b KQkq - 1 1 L");
    assert_eq!(assert_memo_counts_right(&p), 1579);
    compare_turns(&p, false).unwrap_or_else(|e| panic!("{e}"));
}

/// The start position's turns and every position one turn later (perft 2's leaves).
#[test]
fn the_memo_counts_every_leaf_of_perft_2_from_the_start() {
    let start = Hobgoblin::start();
    let mut leaves = 0;
    let mut total = 0;
    for after in after_each_turn(&start) {
        if after.consumes_depth() {
            total += assert_memo_counts_right(&after);
            leaves += 1;
        }
    }
    assert!(leaves > 1900, "{leaves}");
    assert_eq!(total, 3_670_890);
}

/// Seeded random games: every position, and every position one turn after every eighth one.
#[test]
fn random_games_count_the_same_with_and_without_the_memo() {
    let mut rng = StdRng::seed_from_u64(4803);
    let mut positions = 0;
    for (g, start) in cross_check_starts().iter().cycle().take(22).enumerate() {
        let mut p = start.clone();
        for ply in 0..40 {
            if p.result().is_some() {
                break;
            }
            if p.consumes_depth() {
                assert_memo_counts_right(&p);
                positions += 1;
                if (g + ply) % 8 == 0 {
                    for after in after_each_turn(&p) {
                        if after.consumes_depth() {
                            assert_memo_counts_right(&after);
                            positions += 1;
                        }
                    }
                }
            }
            let actions: Vec<Move> = p.legal_moves().into_iter().collect();
            let Some(&mv) = actions.choose(&mut rng) else {
                break;
            };
            p.play(mv);
        }
    }
    assert!(positions > 2000, "{positions}");
}

/// One whole turn of `p` at random (the opponent's decision after it too), every roll
/// surviving; `None` when there is none.
fn random_turn(p: &Hobgoblin, rng: &mut StdRng) -> Option<Hobgoblin> {
    let mut after = after_each_turn(p).choose(rng)?.clone();
    while after.pending_decision() {
        let options: Vec<Move> = after.legal_moves().into_iter().collect();
        after.play(*options.choose(rng)?);
    }
    Some(after)
}

/// Perft 3 from the start counts its last turn at positions two turns in (as a rule with two
/// links, where fewer moves keep their outcome): a seeded sample of them.
#[test]
fn sampled_leaves_of_perft_3_from_the_start_count_the_same() {
    let mut rng = StdRng::seed_from_u64(4804);
    let start = Hobgoblin::start();
    for _ in 0..1500 {
        let one = random_turn(&start, &mut rng).expect("the start has turns");
        let Some(two) = random_turn(&one, &mut rng) else {
            continue;
        };
        if two.consumes_depth() {
            assert_memo_counts_right(&two);
        }
    }
}
