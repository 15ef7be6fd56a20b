//! The ArchMage evaluator: material from the piece-value method, symmetry, hands and summoner
//! terms, and parameter handling.

use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::variants::archmage::{ArchMage, ArchMageOptions, START_FEN};
use grimoire_engine::Rules;
use grimoire_eval::archmage::derived_piece_values;
use grimoire_eval::params::{ARCHMAGE_KIND_NAMES, ARCHMAGE_MATERIAL};
use grimoire_eval::{ArchMageEval, EvalParams, TunableEval};

fn pos(fen: &str) -> ArchMage {
    ArchMage::from_fen(fen, &ArchMageOptions::default()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn default_material_is_the_derived_value() {
    let mut table = String::new();
    for d in derived_piece_values() {
        table.push_str(&format!(
            "{:14} M {:6.2} value {:5}\n",
            d.name,
            d.value.mobility,
            d.value.centipawns()
        ));
    }
    println!("{table}");
    for d in derived_piece_values() {
        assert_eq!(
            ARCHMAGE_MATERIAL[d.kind as usize],
            d.value.centipawns(),
            "material_{}",
            ARCHMAGE_KIND_NAMES[d.kind as usize]
        );
    }
    assert_eq!(ARCHMAGE_MATERIAL[0], 100, "the Pawn is the unit");
}
