//! The ArchMage evaluator: material from the piece-value method, symmetry, hands and summoner
//! terms, and parameter handling.

mod common;

use common::{
    assert_mirrors_score_alike, assert_scores_above, assert_tuned_over_start, mirror_board_field,
    other_side, parse, swap_case,
};
use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::variants::archmage::{ArchMage, ArchMageOptions, START_FEN};
use grimoire_eval::archmage::derived_piece_values;
use grimoire_eval::archmage::EVAL_LIMIT;
use grimoire_eval::archmage::{ARCHMAGE_KIND_NAMES, ARCHMAGE_MATERIAL};
use grimoire_eval::{ArchMageEval, EvalParams, TunableEval};

fn pos(fen: &str) -> ArchMage {
    parse(fen, &ArchMageOptions::default())
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

/// The colour-mirrored FEN: ranks reversed, colours, hands and the side to move swapped
/// (castling and en passant dropped).
fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let (board, hand) = f[0].split_at(f[0].find('[').unwrap());
    let mut hand: Vec<char> = hand
        .trim_matches(|c| c == '[' || c == ']')
        .chars()
        .map(swap_case)
        .collect();
    hand.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
    let hand: String = hand.into_iter().collect();
    format!(
        "{}[{hand}] {} - - {} {}",
        mirror_board_field(board),
        other_side(f[1]),
        f[4],
        f[5]
    )
}

const VARIED: [&str; 6] = [
    START_FEN,
    "g2sqk3g/x1tfzif1bx/pp1p1pp1pp/2pbr1tm2/4P1M3/4UPD3/P2P1B1HP1/1PT3PP1P/X2FZI2TX/GR1SQK1U1G[Dh] w - - 2 14",
    "5kr3/1PI6R/10/3a6/10/K9/5m4/6A3/2s1i2p2/10[DHdh] w - - 0 40",
    "5k4/10/3g3h2/10/4X5/10/2Z3a3/10/3D6/5K4[Hd] w - - 4 60",
    "g4k3g/1x6x1/3u2u3/10/10/10/10/3U2U3/1X6X1/G4K3G[Dd] w - - 0 30",
    "4k5/2m2m1P1M/1S1sa5/5a4/10/10/10/3SAM1m2/4p1M3/4K5[DHdh] b - - 0 25",
];

#[test]
fn colour_mirror_gives_the_same_score() {
    let e = ArchMageEval::default();
    assert_mirrors_score_alike(&e, &ArchMageOptions::default(), &VARIED, mirror_fen);
    for fen in VARIED {
        assert!(e.evaluate(&pos(fen)).abs() < EVAL_LIMIT);
    }
    // The start position is balanced up to the tempo bonus.
    let start = pos(START_FEN);
    assert!(e.evaluate(&start).abs() <= 20, "{}", e.evaluate(&start));
}

#[test]
fn hands_and_summoners_reach_the_score() {
    let e = ArchMageEval::default();
    let options = ArchMageOptions::default();
    // A Dragon in hand is worth more with a summoner to drop it (ARC-61) than without.
    let (with_summoner, no_hand) = assert_scores_above(
        &e,
        &options,
        (
            "4k5/10/10/10/10/10/10/10/3M6/4K5[D] w - - 0 1",
            "4k5/10/10/10/10/10/10/10/3M6/4K5[] w - - 0 1",
        ),
        300,
    );
    let idle = e.evaluate(&pos("4k5/10/10/10/10/10/10/10/3L6/4K5[D] w - - 0 1"))
        - e.evaluate(&pos("4k5/10/10/10/10/10/10/10/3L6/4K5[] w - - 0 1"));
    assert!(
        idle > 0 && idle < with_summoner - no_hand,
        "idle hand {idle}"
    );
    // An attacked summoner costs (Black Rook on d9 attacks the Mage on d2).
    let safe = "4k5/r9/10/10/10/10/10/10/3M6/4K5[] w - - 0 1";
    let hit = "4k5/3r6/10/10/10/10/10/10/3M6/4K5[] w - - 0 1";
    assert_scores_above(&e, &options, (safe, hit), 0);
}

#[test]
fn parameters_round_trip_and_other_variants_are_refused() {
    let p = EvalParams::archmage();
    let back = grimoire_registry::params_from_text(&p.to_text()).unwrap();
    assert_eq!(back, p);
    assert!(ArchMageEval::from_params(p.clone()).params() == &p);
    assert!(<ArchMageEval as TunableEval<ArchMage>>::from_params(EvalParams::chess()).is_err());
    let mut q = p.clone();
    q.set("material_mage", 2000, 2000).unwrap();
    let fen = "4k5/10/10/10/10/10/10/10/3M6/4K5[] w - - 0 1";
    assert!(
        ArchMageEval::from_params(q).evaluate(&pos(fen))
            > ArchMageEval::from_params(p).evaluate(&pos(fen))
    );
}

#[test]
fn the_engine_plays_the_tuned_file_read_over_the_starting_set() {
    let shipped = EvalParams::archmage_tuned();
    assert_tuned_over_start(
        "archmage",
        shipped.clone(),
        &shipped,
        &EvalParams::archmage(),
    );
    let fen = VARIED[1];
    assert_eq!(
        ArchMageEval::default().evaluate(&pos(fen)),
        ArchMageEval::from_params(shipped).evaluate(&pos(fen))
    );
}
