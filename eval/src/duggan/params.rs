//! The built-in Duggan parameters: the manifest's defaults and the tuner's starting point.

use crate::params::EvalParams;

eval_terms! {
    /// The Duggan terms that are one number each (the tables are read beside them).
    pub struct DugganTerms;
    /// Continues the Mercenary passer section after the bonus by rank.
    passed_free => "" => {
        mercenary_passed_free: tapered(4, 10),
    }
    golem_and_assassin => "Golem and Assassin specifics: enemy pieces a Golem reaches, a Golem beside an\nenemy piece that can take it, loose enemy pieces while the side has an Assassin." => {
        golem_crush_target: tapered(8, 6),
        golem_hunted: tapered(-30, -20),
        assassin_loose_target: tapered(12, 16),
    }
    side_to_move => "Side to move." => {
        tempo: tapered(12, 6),
    }
}

/// Names of the piece kinds of Duggan as they appear in parameter names (index = kind).
pub const DUGGAN_KIND_NAMES: [&str; 7] = [
    "golem",
    "mercenary",
    "archer",
    "bishop",
    "commander",
    "assassin",
    "adept",
];

/// The kinds with mobility and Adept-attack terms.
const REACHING: [&str; 4] = ["golem", "archer", "bishop", "commander"];

impl EvalParams {
    /// The shipped Duggan parameters: the starting set ([`EvalParams::duggan`]) tuned by
    /// `grimoire-tune` on self-play positions labelled by their own searches
    /// (`eval/params/duggan.txt`; docs/tuning.md, variant tuning).
    pub fn duggan_tuned() -> EvalParams {
        Self::shipped(
            include_str!("../../params/duggan.txt"),
            "duggan",
            EvalParams::duggan,
        )
    }

    /// The built-in Duggan parameters (`docs/eval.md`, Duggan section). Material comes from the
    /// piece-value method (`crate::duggan::derived_piece_values`; a test checks the numbers);
    /// the Mercenary is the unit, 100 by definition, as the pawn is in chess. The other terms
    /// are starting values for the tuner.
    pub fn duggan() -> EvalParams {
        let mut p = EvalParams::new("duggan");
        p.section("Game phase: weight of each piece other than Mercenaries and the Adept (scalar);\nthe start position is the middlegame end.");
        let phased = ["golem", "archer", "bishop", "commander", "assassin"];
        p.push_scalar_per_kind("phase", &phased, &[2, 1, 1, 1, 4]);
        p.section("Material (derived by the piece-value method of docs/eval.md; Mercenary = 100).");
        // Every kind but the Adept, in kind order.
        p.push_material(&DUGGAN_KIND_NAMES[..6], &[296, 100, 523, 330, 145, 1659]);
        p.section(
            "Piece-square features: centipawns per unit of centralisation and of advancement.",
        );
        let centre = [(2, 2), (3, 2), (6, 5), (4, 3), (4, 4), (0, 2), (-8, 10)];
        let advance = [(0, 0), (3, 8), (1, 0), (1, 0), (-2, -2), (0, 0), (-10, 2)];
        p.push_piece_square_features(&DUGGAN_KIND_NAMES, |k| (centre[k], advance[k]));
        p.section("Mobility: per reached square not holding an own piece, counted from a fixed\ncentre per kind (docs/eval.md).");
        p.push_tapered_per_kind("mobility", &REACHING, &[(4, 4), (4, 5), (5, 5), (3, 3)]);
        p.section("Adept safety: bonus per square of the enemy Adept's zone a piece reaches (scaled\nby the number of attackers).");
        p.push_tapered_per_kind(
            "adept_attack",
            &REACHING,
            &[(10, 2), (7, 2), (6, 2), (8, 4)],
        );
        p.section("Mercenary passers (no enemy Mercenary ahead on its or a neighbouring file): by\nrelative rank, and for an empty square ahead.");
        let passed = [(0, 8), (4, 12), (8, 20), (16, 36), (28, 60), (50, 95)];
        p.push_per_rank_from_2("mercenary_passed_rank", &passed);
        DugganTerms::passed_free(&mut p);
        DugganTerms::golem_and_assassin(&mut p);
        DugganTerms::side_to_move(&mut p);
        // The search setting Duggan's own match chose (docs/search.md, SPRT log row 32).
        p.search_mut().keep_history = 1;
        p
    }
}
