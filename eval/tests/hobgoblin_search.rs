//! The Hobgoblin search treats both colours alike. Black won 54–59% of every Hobgoblin match
//! (docs/tuning.md, Hobgoblin colour balance); these tests rule out the search as the cause: with
//! every pruning whose result depends on the move order switched off and exact expectimax at the
//! chance nodes (G6), a position and its colour mirror (ranks reversed, colours swapped, the
//! other side to move) get the same score, through explosions, links, halves and en passant.

use grimoire_engine::variants::hobgoblin::Hobgoblin;
use grimoire_engine::Game;
use grimoire_eval::{EvalParams, HobgoblinEval};

mod common;

/// Positions of self-play games (`grimoire selfplay --variant hobgoblin --nodes 1000
/// --second-nodes 800 --openings random:2 --seed 19001`), each with its mirror.
const MIRRORED: &[(&str, &str)] = &[
    (
        "rpbqk(r~h1)nr1/p3pp1p1/pn5P1/9/8=d/6P2/PPPP(N,P)Pp1=g/RNBQKB1(r,r~f8)1 w Qkq - 0 4 L",
        "rnbqkb1(R,R~f1)1/pppp(n,p)pP1=g/6p2/8=d/9/PN5p1/P3PP1P1/RPBQK(R~h8)NR1 b KQq - 0 4 L",
    ),
    (
        "r(n~d7)bqkbnr=c/ppp(n~b8,p)pppp1/9/8=h/8P/(N~g1)7=a/PPPP1PPP=e/RNBQKB(N~a3)R1 b KQkq a3,i3:i4:1 0 2 L+",
        "rnbqkb(n~a6)r1/pppp1ppp=e/(n~g8)7=a/8p/8=h/9/PPP(N~b1,P)PPPP1/R(N~d2)BQKBNR=c w KQkq a6,i6:i5:1 0 2 L+",
    ),
    (
        "rn1qkb(n~e7)r1/1ppp(n~g8,p)1pp=a/4(b~f1)3=a/8=c/7p=h/6pP1/PPP(K~e1)3PP/R2N(K~d2,Q)(b~e6)NR=c b kq - 0 6 U",
        "r2n(k~d7,q)(B~e3)nr=c/ppp(k~e8)3pp/6Pp1/7P=h/8=c/4(B~f8)3=a/1PPP(N~g1,P)1PP=a/RN1QKB(N~e2)R1 w KQ - 0 6 U",
    ),
    (
        "rn2kbnr=c/pp1p1ppp=c/P4pp1P/8=e/8=f/8=a/P3PPP1=a/1N(R~d1)(R~c1)KBNR1 w Kkq - 0 6 U",
        "1n(r~d8)(r~c8)kbnr1/p3ppp1=a/8=a/8=f/8=e/p4PP1p/PP1P1PPP=c/RN2KBNR=c b KQk - 0 6 U",
    ),
];

/// The shipped evaluation with a search whose score does not depend on the move order.
fn order_free_eval() -> HobgoblinEval {
    let mut params = EvalParams::hobgoblin_tuned();
    let s = params.search_mut();
    s.rfp_max_depth = 0;
    s.nmp_min_depth = 1001;
    s.prune_max_depth = 0;
    s.lmr_min_depth = 1001;
    s.iir_min_depth = 1001;
    s.asp_min_depth = 1000;
    s.chance_reduction = 0;
    s.keep_history = 0;
    HobgoblinEval::try_from_params(params).unwrap()
}

fn score(eval: &HobgoblinEval, fen: &str, depth: u32) -> i32 {
    let game = Game::new(Hobgoblin::parse_fen(fen).unwrap());
    common::search_to_depth(&game, eval, depth).score
}

#[test]
fn a_position_and_its_colour_mirror_get_the_same_score() {
    let eval = order_free_eval();
    let mut scores = Vec::new();
    for (fen, mirror) in MIRRORED {
        for depth in 1..=2 {
            let a = score(&eval, fen, depth);
            let b = score(&eval, mirror, depth);
            assert_eq!(a, b, "depth {depth}: {fen} against {mirror}");
            scores.push(a);
        }
    }
    scores.sort();
    scores.dedup();
    assert!(
        scores.len() > 4,
        "the scores should differ between positions: {scores:?}"
    );
}
