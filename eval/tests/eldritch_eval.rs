//! The Eldritch evaluator: built-in material equals the piece-value method on each type's
//! catalogue atoms (docs/eval.md), the FIDE-army start is balanced, and material counts.

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
    let back = EvalParams::from_text(&text).expect("parameter text parses back");
    assert_eq!(back, EvalParams::eldritch());
    // A side a Dragon up is better.
    let up = Eldritch::from_fen(
        "4k3/8/8/8/8/8/8/*W3K3 w - - 0 1",
        &EldritchOptions::default(),
    )
    .unwrap();
    assert!(eval.evaluate(&up) > 150);
}
