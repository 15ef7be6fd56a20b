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
    let positions = compare_in_random_games(4803, 22, 40, 8);
    assert!(positions > 2000, "{positions}");
}

/// The same at volume (`--ignored`): five times the games, half as long again.
#[test]
#[ignore]
fn many_random_games_count_the_same_with_and_without_the_memo() {
    let positions = compare_in_random_games(4813, 110, 60, 8);
    assert!(positions > 10_000, "{positions}");
}

/// Compares the memo's count with the plain one at every position of `games` seeded random
/// games of up to `plies` actions from the cross-check starts, and at every position one turn
/// after every `every`-th one; returns how many positions it compared.
fn compare_in_random_games(seed: u64, games: usize, plies: usize, every: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = 0;
    for (g, start) in cross_check_starts().iter().cycle().take(games).enumerate() {
        let mut p = start.clone();
        for ply in 0..plies {
            if p.result().is_some() {
                break;
            }
            if p.consumes_depth() {
                assert_memo_counts_right(&p);
                positions += 1;
                if (g + ply) % every == 0 {
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
    positions
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
    compare_after_random_turns(4804, 1500, 2);
}

/// The same at volume (`--ignored`): perft 3's and perft 5's leaves (two and four turns in).
#[test]
#[ignore]
fn many_sampled_deeper_leaves_count_the_same() {
    compare_after_random_turns(4814, 20_000, 2);
    compare_after_random_turns(4815, 5_000, 4);
}

/// Compares the counts at `samples` positions `turns` random whole turns from the start.
fn compare_after_random_turns(seed: u64, samples: usize, turns: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let start = Hobgoblin::start();
    'sample: for _ in 0..samples {
        let mut p = start.clone();
        for _ in 0..turns {
            match random_turn(&p, &mut rng) {
                Some(next) => p = next,
                None => continue 'sample,
            }
        }
        if p.consumes_depth() {
            assert_memo_counts_right(&p);
        }
    }
}

/// A listing keeps a few legal moves as witnesses (`counting.rs`, `witness_proves`): a link
/// step after which one of them keeps its outcome is legal without looking for a move after
/// it (HOB-83). Along seeded random games, the link steps listed must be exactly the
/// candidates after which a move is legal; positions in check, where link steps that leave
/// no legal move gather, are compared after each of their turns too.
#[test]
fn listed_link_steps_are_those_with_a_legal_move_after_them() {
    let (positions, illegal) = compare_link_steps_in_random_games(4806, 60);
    assert!(positions > 1000, "{positions}");
    assert!(illegal > 100, "{illegal} illegal link steps");
}

/// The same at volume (`--ignored`).
#[test]
#[ignore]
fn many_listed_link_steps_are_those_with_a_legal_move_after_them() {
    let (positions, illegal) = compare_link_steps_in_random_games(4816, 600);
    assert!(positions > 10_000, "{positions}");
    assert!(illegal > 1000, "{illegal} illegal link steps");
}

/// [`assert_link_steps_listed_right`] along `games` seeded random games of up to 40 actions;
/// returns the positions compared and the illegal link steps met.
fn compare_link_steps_in_random_games(seed: u64, games: usize) -> (usize, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut positions, mut illegal) = (0, 0);
    for start in cross_check_starts().iter().cycle().take(games) {
        let mut p = start.clone();
        for _ in 0..40 {
            if p.result().is_some() {
                break;
            }
            illegal += assert_link_steps_listed_right(&p);
            positions += 1;
            if p.in_check() {
                for after in after_each_turn(&p) {
                    illegal += assert_link_steps_listed_right(&after);
                    positions += 1;
                }
            }
            let actions: Vec<Move> = p.legal_moves().into_iter().collect();
            let Some(&mv) = actions.choose(&mut rng) else {
                break;
            };
            p.play(mv);
        }
    }
    println!("{positions} positions, {illegal} illegal link steps");
    (positions, illegal)
}

/// Compares the listed link steps of `p` with the candidates that leave a legal move; returns
/// how many candidates leave none.
fn assert_link_steps_listed_right(p: &Hobgoblin) -> usize {
    let is_link = |m: &Move| matches!(m.kind(), MoveKind::Link | MoveKind::Unlink);
    let mut listed: Vec<u64> = p
        .legal_moves()
        .iter()
        .filter(|m| is_link(m))
        .map(|m| m.raw())
        .collect();
    let mut candidates = MoveList::new();
    p.generate_pseudo_legal(&mut candidates);
    let mut legal = Vec::new();
    let mut illegal = 0;
    for &mv in candidates.iter().filter(|m| is_link(m)) {
        let mut after = p.clone();
        after.play(mv);
        if after.legal_moves().is_empty() {
            illegal += 1;
        } else {
            legal.push(mv.raw());
        }
    }
    listed.sort_unstable();
    legal.sort_unstable();
    assert_eq!(listed, legal, "{}", p.to_fen());
    illegal
}
