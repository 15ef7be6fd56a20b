//! The chess network (`grimoire_eval::chess::nnue`, `docs/eval.md`, Network) as the chess
//! evaluator uses it: a plain network replaces the terms, a residual one is added to them, both
//! score a position and its colour mirror alike, and only chess sets take one.

mod common;

use common::{for_random_game_positions, mirror_board_field, other_side};
use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::prelude::*;
use grimoire_engine::variants::chess::Chess;
use grimoire_eval::chess::nnue::{Network, HIDDEN, INPUTS};
use grimoire_eval::{ChessEval, EvalParams};

/// A deterministic network with weights large enough that every term matters.
fn test_network(residual: bool) -> Network {
    let mut x = 12_345u32;
    let mut next = move |scale: f32| {
        x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        ((x >> 8) as f32 / (1 << 24) as f32 - 0.5) * scale
    };
    let w1: Vec<f32> = (0..INPUTS * HIDDEN).map(|_| next(0.3)).collect();
    let b1: Vec<f32> = (0..HIDDEN).map(|_| 0.3 + next(0.2)).collect();
    let w2: Vec<f32> = (0..2 * HIDDEN).map(|_| next(1.0)).collect();
    Network::quantise(&w1, &b1, &w2, &[0.02], residual)
}

fn evaluator(net: &Network) -> ChessEval {
    let params = grimoire_registry::default_params("chess")
        .unwrap()
        .with_network_bytes(&net.to_bytes())
        .unwrap();
    ChessEval::from_params(params)
}

/// Ranks reversed, colours swapped, the other side to move (castling and en passant dropped:
/// the network does not see them).
fn mirror(p: &Chess) -> Chess {
    let fen = p.to_fen();
    let f: Vec<&str> = fen.split_whitespace().collect();
    let text = format!(
        "{} {} - - {} {}",
        mirror_board_field(f[0]),
        other_side(f[1]),
        f[4],
        f[5]
    );
    Chess::from_fen(&text, &()).unwrap()
}

#[test]
fn a_plain_network_replaces_the_terms_and_a_residual_one_adds_to_them() {
    let (plain, residual) = (test_network(false), test_network(true));
    let (with_plain, with_residual) = (evaluator(&plain), evaluator(&residual));
    let terms = ChessEval::from_params(EvalParams::chess_tuned());
    let mut checked = 0;
    let mut differs = 0;
    for_random_game_positions::<Chess>(&(), (20, 80), |p| {
        let net = plain.evaluate(p.board(), p.side_to_move());
        assert_eq!(with_plain.evaluate(p), net, "{}", p.to_fen());
        let sum = terms.evaluate(p) + residual.evaluate(p.board(), p.side_to_move());
        assert_eq!(with_residual.evaluate(p), sum, "{}", p.to_fen());
        differs += (net != 0) as usize;
        checked += 1;
    });
    assert!(
        checked > 500 && differs > checked / 2,
        "{differs} of {checked}"
    );
}

#[test]
fn a_network_scores_a_position_and_its_colour_mirror_alike() {
    let net = test_network(false);
    let mut checked = 0;
    for_random_game_positions::<Chess>(&(), (20, 80), |p| {
        let m = mirror(p);
        assert_eq!(
            net.evaluate(p.board(), p.side_to_move()),
            net.evaluate(m.board(), m.side_to_move()),
            "{}",
            p.to_fen()
        );
        checked += 1;
    });
    assert!(checked > 500, "{checked}");
}

#[test]
fn only_chess_sets_take_a_network_and_bad_files_are_refused() {
    let bytes = test_network(true).to_bytes();
    let ghost = grimoire_registry::default_params("ghost").unwrap();
    assert!(ghost.with_network_bytes(&bytes).is_err());
    let chess = grimoire_registry::default_params("chess").unwrap();
    assert!(chess.clone().with_network_bytes(&bytes[..100]).is_err());
    let mut flags = bytes.clone();
    flags[12] = 7;
    assert!(chess.clone().with_network_bytes(&flags).is_err());
    assert!(chess
        .with_network_bytes(&bytes)
        .unwrap()
        .network()
        .is_some());
}

/// The thread's kept accumulators, moved from one placement to the next by the pieces that
/// differ, give exactly what adding up afresh does: along random games, and when two networks
/// take turns in one thread.
#[test]
fn kept_accumulators_give_what_adding_up_afresh_does() {
    let (a, b) = (test_network(false), test_network(true));
    let check = |net: &Network, p: &Chess| {
        let side = p.side_to_move();
        let kept = net.evaluate(p.board(), side);
        assert_eq!(kept, net.evaluate_afresh(p.board(), side), "{}", p.to_fen());
    };
    // One network along each game: each placement is reached from the previous one.
    let mut checked = 0;
    for_random_game_positions::<Chess>(&(), (20, 80), |p| {
        check(&a, p);
        checked += 1;
    });
    assert!(checked > 500, "{checked}");
    // Two networks taking turns: neither may use the other's accumulators.
    let mut turn = 0;
    for_random_game_positions::<Chess>(&(), (20, 80), |p| {
        turn += 1;
        check(if turn % 3 == 0 { &b } else { &a }, p);
    });
}
