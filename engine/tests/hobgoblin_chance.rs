//! Hobgoblin's chance step in the engine (issue 18): pawn explosions (HOB-100..105), the king
//! check, promotions and verdicts after them (HOB-120 steps 5–8, HOB-110..112, HOB-140..142),
//! outcome tokens (notation §3.7), the `rolls=`/`promo=`/`lost=` FEN keys (§2.7) and the G6
//! chance perft. Every turn's outcomes, with their exact weights over 12^k, are compared with
//! the independent model (`model.rs`, written from the rules text alone, whose own tests check
//! these positions against values worked out by hand in `hobgoblin_model_chance.rs`).

use grimoire_engine::perft::{perft_stoppable, PerftMode};
use grimoire_engine::prelude::*;
use grimoire_engine::variants::hobgoblin::cross_check::compare_chance_turns;
use grimoire_engine::variants::hobgoblin::model::model_chance_perft;
use grimoire_engine::variants::hobgoblin::{Hobgoblin, START_FEN};
use std::sync::atomic::AtomicBool;

mod common;

/// The design positions (`docs/hobgoblin-design.md` §6) with their chance perft(1), from the
/// model (the convention's perft(1) is in `hobgoblin_perft.rs`).
const DESIGN: &[(&str, &str, u64)] = &[
    ("start", START_FEN, 4006),
    (
        "crowds",
        "r1b1kb1r1/ppp2ppp1/2n6/4(n,p)4/3(Q,N,2P)5/9/PPP2PPP1/R1B1KB1R1 w KQkq - 0 8 L",
        207_643,
    ),
    (
        "halves",
        "rnb(q~d5)kbnr1/ppp2ppp1/9/3(q~d8)(B~b2,P)4/(R~a1)8/5(N~g1)3/P(B~e5,P)PP1PPP1/(R~a4)3K1(N~f3)R1 w Kkq - 4 6 L",
        7042,
    ),
    (
        "links",
        "r1bqkb1r1/pppp1ppp1/2n2n2=h/4p4/4P3=a/2(N,P)5=c/PP1P1PPPR/R1BQKBN2 w Qkq - 2 7 L",
        12_249,
    ),
    (
        "unlinking",
        "r1bqk(b~c5)nr=g/ppp(2p)pppp=d/2n5=h/2(b~f8)5=c/3(Q,P)4=d/2N2N2=f/PPP2PPP=e/R1B1KB1R=b w KQkq - 0 12 U",
        6166,
    ),
    (
        "castling",
        "r1bqkb1r1/pppp1ppp1/2n2n3/4p4/2B1P4/5N3/PPPP1PPP1/RNBQ(K~g1)(R~h1)(K~e1)(R~f1)1 b K*kq - 1 5 L",
        5259,
    ),
    (
        "ep-first-rank",
        "r1bqkbnr1/1p1ppppp1/2n6/9/1Pp6/p8/2PPPPPP1/R1BQKBNR1 b KQkq b1,b2,b3:b4:1 0 9 L",
        6990,
    ),
    (
        "ep-linked",
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L",
        6594,
    ),
    (
        "decision",
        "rnbqkbnr1/pp1ppppp1/9/9/9/2(N~b1)6/PP1PPPPP1/R(N~c3)pQKBNR1 b KQkq - 0 10 L",
        19_640,
    ),
    (
        "promotions",
        "k8/4(2P)4/9/9/9/9/9/4K4 w - - 0 40 L",
        2205,
    ),
];

/// Constructed positions, one per ruling group of the issue (the model's hand-checked cases):
/// one pawn moved (HOB-100..102); two rolls on one site (HOB-104); overlapping blasts
/// (HOB-103); a pawn moved by magnetism (HOB-100); mutation and rolls (HOB-A22); a blast over
/// a linked node and the hallway (HOB-102, HOB-A21); a destroyed half taking its partner
/// (HOB-102); both kings destroyed (HOB-140, HOB-A29); one king destroyed while the other side
/// is in check (HOB-140, HOB-142); a lapsed declaration and the opponent's decision
/// (HOB-111/112); destroyed locked halves of both sides (HOB-65, HOB-142).
const CONSTRUCTED: &[&str] = &[
    "k8/9/9/2p6/3n2N2/9/4PR3/K8 w - - 0 1 L",
    "k8/9/9/9/9/9/4(2P)4/K8 w - - 0 1 L",
    "k8/9/4P4/9/9/9/3NP4/K8 w - - 0 1 L",
    "6rk1/9/9/5p3/9/9/9/K5N2 w - - 0 1 L",
    "7k1/9/9/3p5/9/9/9/1K1R5 w - - 0 1 L",
    "7k1/9/9/3n5/4P4/9/9/1K7 w - - 0 1 L",
    "k8/9/2p5R/3p4B/7p=e/N3P3=a/9/K8 w - - 0 1 L",
    "k8/9/5(R~f2)3/9/9/9/4P(R~f6)3/K8 w - - 0 1 L",
    "9/9/6p2/5k3/9/3KP4/9/9 w - - 0 1 L",
    "9/9/6p2/5k3/1K1B3r1/4P4/9/9 w - - 0 1 L",
    "9/9/6k2/9/1K1B3r1/4P4/9/9 w - - 0 1 L",
    "9/3P5/9/9/9/3p5/7K1/k8 w - - 0 1 L",
    "(r~d8)1(k~e8)(r~a8)(k~c8)4/9/P8/9/9/9/9/7K1 w q* - 0 1 L",
    "7k1/9/9/9/9/1p2N4/2N6/(R~d1)1(K~e1)(R~a1)(K~c1)4 w Q* - 0 1 L",
];

fn parse(fen: &str) -> Hobgoblin {
    Hobgoblin::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every turn's outcomes with their weights equal the model's (`cross_check.rs`).
fn assert_same(p: &Hobgoblin, what: &str) -> usize {
    compare_chance_turns(p, false).unwrap_or_else(|e| panic!("{what} {e}"))
}

/// HOB-104: the outcomes of every turn with rolls have exact weights summing to 12^k, the
/// all-survive outcome weighs 11^k; outcome tokens read back; the chance FEN round-trips.
fn check_probabilities(p: &Hobgoblin) {
    for mv in p.legal_moves() {
        let mut q = p.clone();
        q.play(mv);
        if !q.is_chance_node() {
            continue;
        }
        let fen = q.to_fen();
        assert_eq!(parse(&fen), q, "{fen} reads back");
        let k = q.chance().unwrap().total_rolls();
        let outcomes = q.weighted_outcomes();
        let total: u128 = outcomes.iter().map(|&(_, w)| w).sum();
        assert_eq!(total, 12u128.pow(k), "{fen}");
        assert_eq!(outcomes[0].1, 11u128.pow(k), "{fen}: all survive first");
        for &(o, _) in &outcomes {
            let token = q.format_move(o);
            assert_eq!(q.parse_move(&token), Ok(o), "{fen} {token}");
        }
    }
}

#[test]
fn hob_100_104_outcomes_equal_the_models_in_constructed_positions() {
    for fen in CONSTRUCTED {
        let p = parse(fen);
        assert_same(&p, "constructed");
        check_probabilities(&p);
    }
}

#[test]
fn hob_100_104_outcomes_equal_the_models_in_the_design_positions_and_one_turn_later() {
    let mut turns = 0;
    for &(name, fen, _) in DESIGN {
        let p = parse(fen);
        turns += assert_same(&p, name);
        check_probabilities(&p);
        for (action, q) in common::sample_one_action_later(&p, 3) {
            turns += assert_same(&q, &format!("{name} after {action}"));
        }
    }
    assert!(turns > 50_000, "{turns}");
}

#[test]
fn g6_chance_perft_one_turn_equals_the_models() {
    let never = AtomicBool::new(false);
    for &(name, fen, count) in DESIGN {
        let p = parse(fen);
        assert_eq!(
            perft_stoppable(&p, 1, PerftMode::Chance, &never),
            count,
            "{name}"
        );
        assert_eq!(model_chance_perft(&p, 1, false), count, "{name} (model)");
    }
}

/// G6 chance perft two turns deep from the start; the model agrees (`--ignored`, minutes).
#[test]
fn g6_chance_perft_two_turns_from_the_start() {
    let never = AtomicBool::new(false);
    let start = Hobgoblin::start();
    assert_eq!(
        perft_stoppable(&start, 2, PerftMode::Chance, &never),
        14_747_301
    );
}

#[test]
#[ignore = "minutes: cargo test --release --test hobgoblin_chance -- --ignored"]
fn g6_chance_perft_two_turns_from_the_start_agrees_with_the_model() {
    assert_eq!(
        model_chance_perft(&Hobgoblin::start(), 2, false),
        14_747_301
    );
}
