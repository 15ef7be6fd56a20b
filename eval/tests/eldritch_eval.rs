//! The Eldritch evaluator: built-in material equals the piece-value method on each type's
//! catalogue atoms (docs/eval.md), the FIDE-army start is balanced, and material counts.

mod common;

use common::assert_tuned_over_start;
use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::prelude::*;
use grimoire_engine::variants::eldritch::catalogue::{piece_type, KINDS};
use grimoire_engine::variants::eldritch::{Eldritch, EldritchOptions};
use grimoire_eval::eldritch::{derived_piece_values, kind_name, MATERIAL};
use grimoire_eval::{EldritchEval, EvalParams};

#[test]
fn built_in_material_is_the_derived_value() {
    let mut report = String::new();
    let mut mismatches = Vec::new();
    for d in derived_piece_values() {
        let cp = (d.value.pawns * 100.0).round() as i32;
        report.push_str(&format!(
            "{} {} {:.2} {:.2} {}\n",
            piece_type(d.kind).code,
            kind_name(d.kind),
            d.value.empty_mobility,
            d.value.mobility,
            cp
        ));
        if MATERIAL[d.kind as usize] != cp {
            mismatches.push(format!("{} {}", piece_type(d.kind).name, cp));
        }
    }
    println!("{report}");
    assert!(
        mismatches.is_empty(),
        "material differs from the method: {mismatches:?}"
    );
    assert_eq!(MATERIAL.len(), KINDS);
}

#[test]
fn the_fide_army_start_scores_only_the_tempo_and_params_round_trip() {
    let eval = EldritchEval::default();
    let pos = Eldritch::start_position(&EldritchOptions::default());
    let score = eval.evaluate(&pos);
    assert!((0..=12).contains(&score), "start score {score}");
    let text = EvalParams::eldritch().to_text();
    let back = grimoire_registry::params_from_text(&text).expect("parameter text parses back");
    assert_eq!(back, EvalParams::eldritch());
    // A side a Dragon up is better.
    let up = Eldritch::from_fen(
        "4k3/8/8/8/8/8/8/*W3K3 w - - 0 1",
        &EldritchOptions::default(),
    )
    .unwrap();
    assert!(eval.evaluate(&up) > 150);
}

/// The engine plays the shipped set (try G, docs/tuning.md): the tuned file read over the
/// starting set, every slot present, material and squares changed, the pawn, the costly terms
/// (mobility, liege safety, frozen pieces) and the search settings as the starting set has them.
#[test]
fn the_shipped_set_is_the_tuned_file_read_over_the_starting_set() {
    let shipped = EvalParams::eldritch_tuned();
    let start = EvalParams::eldritch();
    assert_tuned_over_start("eldritch", shipped.clone(), &shipped, &start);
    assert_ne!(shipped.get("material_bishop"), start.get("material_bishop"));
    assert_ne!(
        shipped.get("pst_advance_beast"),
        start.get("pst_advance_beast")
    );
    for frozen in [
        "material_pawn",
        "material_king",
        "tempo",
        "mobility",
        "liege_attackers",
        "liege_defenders",
        "frozen_piece",
    ] {
        assert_eq!(shipped.get(frozen), start.get(frozen), "{frozen}");
    }
    assert_eq!(shipped.search(), start.search());
}

/// The mobility term counts, per side, the empty squares its pieces (not lieges, not pawn-type
/// pieces) reach and the enemy pieces they can take, and scores them at `mobility` a square.
#[test]
fn mobility_counts_reachable_squares_and_enemy_pieces() {
    let options = EldritchOptions::default();
    let pos = |fen: &str| Eldritch::from_fen(fen, &options).unwrap();
    let eval = EldritchEval::try_from_params(EvalParams::eldritch()).unwrap();
    let white = grimoire_engine::Color::White;
    let black = grimoire_engine::Color::Black;
    // The FIDE army start: only the knights move, two squares each.
    let start = Eldritch::start_position(&options);
    assert_eq!(eval.mobility_count(&start, white), 4);
    assert_eq!(eval.mobility_count(&start, black), 4);
    // A rook on a1 beside its king: a2..a8 and b1..d1 (the king is neither counted nor
    // crossed).
    let rook = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(eval.mobility_count(&rook, white), 10);
    assert_eq!(eval.mobility_count(&rook, black), 0);
    // A black knight on a5 stops the rook there (a capture counts) and reaches four squares.
    let knight = pos("4k3/8/8/n7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(eval.mobility_count(&knight, white), 7);
    assert_eq!(eval.mobility_count(&knight, black), 4);
    // At 10 a square (both halves), the rook's ten squares are worth 100 more than with the
    // starting set's 0.
    let mut params = EvalParams::eldritch();
    params.set("mobility", 10, 10).unwrap();
    let mobile = EldritchEval::try_from_params(params).unwrap();
    assert_eq!(mobile.evaluate(&rook) - eval.evaluate(&rook), 100);
}

/// The table-driven mobility count equals the atom-by-atom walk it replaced, on positions from
/// seeded random games between random legal armies (every kind of piece in play over the run).
#[test]
fn mobility_tables_count_what_walking_the_atoms_counts() {
    use grimoire_engine::variants::eldritch::army::random_declaration;
    use grimoire_eval::eldritch::count_by_atoms;
    let options = EldritchOptions::default();
    let eval = EldritchEval::try_from_params(EvalParams::eldritch()).unwrap();
    let mut checked = 0;
    let mut nonzero = 0;
    for seed in 0..40u64 {
        let decls = [
            random_declaration(seed * 2 + 11, 4),
            random_declaration(seed * 2 + 12, 4),
        ];
        let mut pos = Eldritch::default_placement(&decls, &options);
        // A small linear congruential walk picks the moves: no dependency, the same every run.
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        for _ in 0..80 {
            for c in grimoire_engine::Color::BOTH {
                let fast = eval.mobility_count(&pos, c);
                assert_eq!(fast, count_by_atoms(&pos, c), "{} {c:?}", pos.to_fen());
                nonzero += (fast > 0) as usize;
                checked += 1;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.terminal().is_some() {
                break;
            }
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.play(moves[(state >> 33) as usize % moves.len()]);
        }
    }
    assert!(checked > 3_000, "only {checked} counts compared");
    assert!(
        nonzero * 2 > checked,
        "mostly empty counts: {nonzero} of {checked}"
    );
}

/// Liege safety counts enemy pieces within two king steps of the liege and own pieces next to
/// it; an enemy Enchanter freezes the pieces next to it (ELD-311). Each term is 0 in the
/// starting set and moves the score by its weight once set.
#[test]
fn liege_safety_and_frozen_pieces_are_counted() {
    use grimoire_eval::eldritch::{frozen_count, liege_safety, LiegeSafety};
    let options = EldritchOptions::default();
    let pos = |fen: &str| Eldritch::from_fen(fen, &options).unwrap();
    let white = grimoire_engine::Color::White;
    let black = grimoire_engine::Color::Black;
    // White king e1 with a rook on d1 and a pawn on f2 beside it; a black knight on e3 (two
    // steps) and a black rook on e4 (three steps, not counted).
    let p = pos("4k3/8/8/8/4r3/4n3/5P2/3RK3 w - - 0 1");
    assert_eq!(
        liege_safety(&p, white),
        LiegeSafety {
            attackers: 1,
            defenders: 2
        }
    );
    assert_eq!(
        liege_safety(&p, black),
        LiegeSafety {
            attackers: 0,
            defenders: 0
        }
    );
    // A white Enchanter on d3 freezes the black rook on e4 and pawn on c2, not the knight on
    // a1 that stands further away.
    let f = pos("4k3/8/8/8/4r3/3*E4/2p5/n3K3 w - - 0 1");
    assert_eq!(frozen_count(&f, black), 2);
    assert_eq!(frozen_count(&f, white), 0);
    let base = EldritchEval::try_from_params(EvalParams::eldritch()).unwrap();
    let mut params = EvalParams::eldritch();
    params.set("liege_attackers", -30, -30).unwrap();
    params.set("liege_defenders", 10, 10).unwrap();
    params.set("frozen_piece", -40, -40).unwrap();
    let weighed = EldritchEval::try_from_params(params).unwrap();
    // White to move: White's 1 attacker and 2 defenders, Black's none.
    assert_eq!(weighed.evaluate(&p) - base.evaluate(&p), -30 + 20);
    // Black's two frozen pieces count for White; of the black pieces only the pawn on c2 stands
    // within two steps of the white king, and nothing stands near the black one.
    assert_eq!(weighed.evaluate(&f) - base.evaluate(&f), 80 - 30);
}
