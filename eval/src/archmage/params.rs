//! The built-in ArchMage parameters: the manifest's defaults and the tuner's starting point.

use crate::params::EvalParams;

eval_terms! {
    /// The ArchMage terms that are one number each (phase, material and piece-square tables
    /// are read beside them).
    pub struct ArchMageTerms;
    hand => "Dragons in hand (ARC-60..62): value per Dragon while the side has a summoner, and\nthe percentage of it without one (scalar)." => {
        hand_dragon_king: tapered(650, 700),
        hand_dragon_horse: tapered(560, 600),
        hand_idle_percent: scalar(40),
    }
    summoner_safety => "Summoner safety: a summoner attacked by an enemy piece; a summoner within\ndistance 3 of its own King (its switches and drops defend it)." => {
        summoner_attacked: tapered(-40, -30),
        summoner_near_king: tapered(12, 0),
    }
    king_safety => "King safety: per attacked square of the enemy King's zone, scaled by attackers." => {
        king_attack: tapered(8, 3),
    }
    side_to_move => "Side to move." => {
        tempo: tapered(12, 6),
    }
}

/// Names of the piece kinds of ArchMage as they appear in parameter names (index = kind).
pub const ARCHMAGE_KIND_NAMES: [&str; 20] = [
    "pawn",
    "king",
    "queen",
    "rook",
    "bishop",
    "archmage",
    "mage",
    "sorceress",
    "lion",
    "phoenix",
    "prince",
    "amazon",
    "archbishop",
    "chancellor",
    "centaur",
    "buffalo",
    "dragon_king",
    "dragon_horse",
    "manticore",
    "griffon",
];

/// ArchMage material by kind (centipawns, Pawn = 100): the piece-value method's figures
/// (`crate::archmage::derived_piece_values`; a test checks them). The King has none.
pub const ARCHMAGE_MATERIAL: [i32; 20] = [
    100, 0, 1090, 590, 409, 2009, 1123, 1129, 1123, 308, 339, 1576, 816, 1019, 683, 1210, 755, 582,
    831, 971,
];

impl EvalParams {
    /// The shipped ArchMage parameters: the starting set ([`EvalParams::archmage`]) tuned by
    /// `grimoire-tune` on self-play positions labelled by their own searches
    /// (`eval/params/archmage.txt`; docs/tuning.md, variant tuning).
    pub fn archmage_tuned() -> EvalParams {
        Self::shipped(
            include_str!("../../params/archmage.txt"),
            "archmage",
            EvalParams::archmage,
        )
    }

    /// The built-in ArchMage parameters (`docs/eval.md`, ArchMage section). Material comes from
    /// the piece-value method; the other terms are starting values for the tuner.
    pub fn archmage() -> EvalParams {
        let mut p = EvalParams::new("archmage");
        p.section("Game phase: weight of each piece other than Pawns and the King (scalar); the\nstart position is the middlegame end.");
        for (k, kind) in ARCHMAGE_KIND_NAMES.iter().enumerate() {
            if k > 1 {
                let w = (ARCHMAGE_MATERIAL[k] + 250) / 500;
                p.push_scalar(&format!("phase_{kind}"), w.max(1));
            }
        }
        p.section("Material (derived by the piece-value method of docs/eval.md; Pawn = 100).");
        for (k, kind) in ARCHMAGE_KIND_NAMES.iter().enumerate() {
            if k != 1 {
                let cp = ARCHMAGE_MATERIAL[k];
                p.push_tapered(&format!("material_{kind}"), cp, cp);
            }
        }
        p.section(
            "Piece-square features: centipawns per unit of centralisation and of advancement.",
        );
        p.push_piece_square_features(&ARCHMAGE_KIND_NAMES, |k| match k {
            0 => ((4, 0), (2, 8)),
            1 => ((-10, 12), (-12, 2)),
            2..=4 => ((1, 3), (0, 0)),
            _ => ((4, 3), (1, 0)),
        });
        ArchMageTerms::hand(&mut p);
        ArchMageTerms::summoner_safety(&mut p);
        ArchMageTerms::king_safety(&mut p);
        ArchMageTerms::side_to_move(&mut p);
        // The search setting ArchMage's own match chose (docs/search.md, SPRT log row 33).
        p.search_mut().keep_history = 1;
        p
    }
}
