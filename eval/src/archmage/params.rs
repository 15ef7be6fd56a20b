//! The built-in ArchMage parameters: the manifest's defaults and the tuner's starting point.

use crate::params::EvalParams;

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
        for (k, kind) in ARCHMAGE_KIND_NAMES.iter().enumerate() {
            let (centre, advance) = match k {
                0 => ((4, 0), (2, 8)),
                1 => ((-10, 12), (-12, 2)),
                2..=4 => ((1, 3), (0, 0)),
                _ => ((4, 3), (1, 0)),
            };
            p.push_tapered(&format!("pst_centre_{kind}"), centre.0, centre.1);
            p.push_tapered(&format!("pst_advance_{kind}"), advance.0, advance.1);
        }
        p.section("Dragons in hand (ARC-60..62): value per Dragon while the side has a summoner, and\nthe percentage of it without one (scalar).");
        p.push_tapered("hand_dragon_king", 650, 700)
            .push_tapered("hand_dragon_horse", 560, 600)
            .push_scalar("hand_idle_percent", 40);
        p.section("Summoner safety: a summoner attacked by an enemy piece; a summoner within\ndistance 3 of its own King (its switches and drops defend it).");
        p.push_tapered("summoner_attacked", -40, -30)
            .push_tapered("summoner_near_king", 12, 0);
        p.section(
            "King safety: per attacked square of the enemy King's zone, scaled by attackers.",
        );
        p.push_tapered("king_attack", 8, 3);
        p.section("Side to move.");
        p.push_tapered("tempo", 12, 6);
        // The search setting ArchMage's own match chose (docs/search.md, SPRT log row 33).
        p.search_mut().keep_history = 1;
        p
    }
}
