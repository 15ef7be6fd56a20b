//! The Ghost Chess evaluator (`GhostEval`): ghost material derived by the piece-value method,
//! the living pieces scored exactly as chess, colour symmetry with the ring mirrored, a king in
//! danger from a ghost, a pending spawn counted for its owner, bounds over random games, the
//! parameter text round trip, and refusal of another variant's parameters.

mod common;

use common::{
    assert_mirrors_score_alike, assert_scores_above, assert_tuned_over_start, mirror_castling,
    mirror_fen_fields, mirror_unless_empty, parse, swap_case,
};
use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::prelude::*;
use grimoire_engine::variants::chess::Chess;
use grimoire_engine::variants::ghost::Ghost;
use grimoire_eval::ghost::{derived_ghost_values, GHOST_VALUE_DIVISOR};
use grimoire_eval::{ChessEval, EvalParams, GhostEval, TunableEval};

fn pos(fen: &str) -> Ghost {
    parse(fen, &())
}

/// The colour-mirrored FEN: ranks reversed (the ring too: rank r becomes 9 - r), colours and the
/// side to move swapped, castling rights swapped.
fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let ghosts = mirror_unless_empty(f[6], |list| {
        list.split(',')
            .map(|g| {
                let mut ch = g.chars();
                let code = swap_case(ch.next().unwrap());
                let file = ch.next().unwrap();
                let rank = ch.next().unwrap().to_digit(10).unwrap();
                format!("{code}{file}{}", 9 - rank)
            })
            .collect::<Vec<_>>()
            .join(",")
    });
    let head = mirror_fen_fields(&f, &mirror_castling(f[2]), "-");
    format!("{head} {ghosts}")
}

const VARIED: [&str; 6] = [
    "r3k2r/pp1q1ppp/2n1bn2/3p4/3P4/2NB1N2/PP3PPP/R2Q1RK1 w kq - 0 12 Pd0,Bz3,pi5,bi6",
    "r4rk1/pp3ppp/2n5/3q4/8/5N2/PP3PPP/R2Q1RK1 b - - 0 18 bz2,Qz6,ni3,Ri7,pa9",
    "6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 40 pz2,pi3,Pi6,Pz7",
    "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 50 Qa0,Rz4,bi2,ri6,Nh9,qd9",
    "4k3/pppr1ppp/8/8/8/8/PPP2PPP/3RK3 b - - 0 25 rz1,Re9",
    "8/5k2/8/2K5/8/8/8/8 w - - 0 60 Ba0,Nz5,ri8",
];

/// `ghost_material_*` of the defaults is the method's figure for the ghost's pattern on the
/// frame divided by `GHOST_VALUE_DIVISOR` (docs/eval.md), not hand-picked.
#[test]
fn ghost_material_is_the_derived_value() {
    let p = EvalParams::ghost();
    for (kind, v) in derived_ghost_values() {
        let cp = (v.pawns * 100.0 / GHOST_VALUE_DIVISOR as f64).round() as i32;
        assert_eq!(
            p.get(&format!("ghost_material_{kind}")),
            Some((cp, cp)),
            "{kind}"
        );
    }
}

/// The divisor itself is derived, not picked: a ghost that takes a living piece of its own kind
/// is spent and the victim returns as an enemy ghost of that kind (GHO-33, GHO-20), so the
/// exchange is even when a ghost is worth half the living piece. One divisor for the five
/// kinds, fitted to that condition by least squares on relative error (the fitting rule of the
/// method's own calibration, `docs/eval.md`), rounds to `GHOST_VALUE_DIVISOR`.
#[test]
fn ghost_value_divisor_is_fitted_to_the_even_like_for_like_exchange() {
    let chess = EvalParams::chess();
    // r = method value / (living value / 2); the fit of 1/k minimises the sum of (r/k - 1)^2.
    let ratios: Vec<f64> = derived_ghost_values()
        .iter()
        .map(|(kind, v)| {
            let (living, _) = chess
                .get(&format!("material_{kind}"))
                .expect("chess material");
            v.pawns * 100.0 / (living as f64 / 2.0)
        })
        .collect();
    let sum: f64 = ratios.iter().sum();
    let sum_sq: f64 = ratios.iter().map(|r| r * r).sum();
    let fitted = sum_sq / sum;
    assert_eq!(
        fitted.round() as i32,
        GHOST_VALUE_DIVISOR,
        "fitted {fitted}"
    );
}

#[test]
fn living_pieces_are_scored_as_in_chess() {
    // Without ghosts, Ghost Chess scores its living pieces with the chess evaluator built from
    // its own chess-named terms: the starting sets agree with chess's starting set, and the
    // shipped (tuned) Ghost set with a chess set carrying its values.
    let shipped = EvalParams::ghost_tuned();
    assert_tuned_over_start("ghost", shipped.clone(), &shipped, &EvalParams::ghost());
    let mut living = EvalParams::chess();
    let names: Vec<String> = living.iter().map(|p| p.name.to_string()).collect();
    for name in names {
        let (mg, eg) = shipped.get(&name).unwrap();
        living.set(&name, mg, eg).unwrap();
    }
    for (chess, ghost) in [
        (
            ChessEval::from_params(EvalParams::chess()),
            GhostEval::from_params(EvalParams::ghost()).unwrap(),
        ),
        (ChessEval::from_params(living), GhostEval::default()),
    ] {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "6k1/5pp1/7p/3Q4/8/6P1/5PKP/3q4 b - - 3 40",
        ] {
            let c = Chess::from_fen(fen, &()).unwrap();
            assert_eq!(ghost.evaluate(&pos(fen)), chess.evaluate(&c), "{fen}");
        }
    }
}

#[test]
fn mirrored_positions_score_the_same_for_the_side_to_move() {
    assert_mirrors_score_alike(&GhostEval::default(), &(), &VARIED, mirror_fen);
}

#[test]
fn a_king_a_ghost_can_take_is_in_danger() {
    // The White ghost rook on e0 could take the black king through the e-file; on a0 it could
    // not. Black to move in both: the calm position scores above the one in danger.
    let danger = "4k3/8/8/8/8/8/8/3K4 b - - 0 1 Re0";
    let calm = "4k3/8/8/8/8/8/8/3K4 b - - 0 1 Ra0";
    assert_scores_above(&GhostEval::default(), &(), (calm, danger), 0);
}

#[test]
fn a_pending_spawn_counts_for_its_owner() {
    let e = GhostEval::default();
    // Black decides where the knight taken on d5 goes; its value is already counted for Black.
    let pending = e.evaluate(&pos(
        "r1bqkb1r/pppp1ppp/5n2/3Pp3/8/8/PPP2PPP/RNBQKBNR b KQkq - 0 4 - spawn=n@d5",
    ));
    let none = e.evaluate(&pos(
        "r1bqkb1r/pppp1ppp/5n2/3Pp3/8/8/PPP2PPP/RNBQKBNR b KQkq - 0 4 -",
    ));
    let placed = e.evaluate(&pos(
        "r1bqkb1r/pppp1ppp/5n2/3Pp3/8/8/PPP2PPP/RNBQKBNR b KQkq - 0 4 nz5",
    ));
    assert!(pending > none);
    assert!(
        (pending - placed).abs() < 60,
        "pending {pending}, placed {placed}"
    );
}

#[test]
fn scores_stay_in_bounds_over_random_games() {
    let e = GhostEval::default();
    let mut seed = 7u64;
    let mut n = 0;
    for _ in 0..20 {
        let mut p = Ghost::start_position(&());
        for _ in 0..200 {
            if p.terminal().is_some() {
                break;
            }
            let s = e.evaluate(&p);
            assert!(s.abs() < 9001, "{s} at {}", p.to_fen());
            n += 1;
            let moves = p.legal_moves();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            p.play(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    assert!(n > 1000);
}

#[test]
fn parameters_round_trip_and_other_variants_are_refused() {
    let p = EvalParams::ghost();
    let back = grimoire_registry::params_from_text(&p.to_text()).unwrap();
    assert_eq!(back, p);
    assert!(GhostEval::from_params(EvalParams::chess()).is_err());
    let mut changed = p.clone();
    changed.set("ghost_material_queen", 900, 900).unwrap();
    let e = GhostEval::from_params(changed).unwrap();
    let d = GhostEval::from_params(p).unwrap();
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Qa0";
    assert!(e.evaluate(&pos(fen)) > d.evaluate(&pos(fen)));
}
