//! The built-in Hobgoblin parameters: the manifest's defaults and the tuner's starting point.

use crate::params::EvalParams;

eval_terms! {
    /// The Hobgoblin terms that are one number each (material is read beside them).
    pub struct HobgoblinTerms;
    extended => "An extended piece is worth this percentage of its consolidated value (scalar):\nits halves only capture or attack beside an armed unit (HOB-131), and a capture of\neither half takes both (HOB-50)." => {
        extended_percent: scalar(85),
    }
    crowds => "Crowds: per unit beyond the first on a node (mobility shared by a crowd), and a\npenalty per unit beyond the first on a node an enemy unit attacks (one capture takes\nthem all, HOB-50)." => {
        crowd_unit: tapered(4, 2),
        crowd_attacked_unit: tapered(-30, -30),
    }
    king => "King: an extended king (two royal nodes, HOB-130), a castling in progress\n(three danger nodes, HOB-64), and per attacked node next to a king node." => {
        king_extended: tapered(-40, -10),
        castling_in_progress: tapered(-20, 0),
        king_zone_attacked: tapered(-12, -6),
    }
    hallway => "Hallway use: per unit on a hallway square or a linked node." => {
        hallway_unit: tapered(6, 4),
    }
    pawn_advance => "Pawn advance: per rank beyond the second, per pawn." => {
        pawn_advance: tapered(4, 10),
    }
    explosion_risk => "Explosion risk (HOB-100..102: every pawn movement explodes with 1/12 and destroys\nits node and the nodes one king step around): per pawn of either side one step from a\nking node; per unit beyond the first of a crowd one step from a pawn; and the share in\nper mille (scalar) of the material of one's pieces one step from one's own pawns, which\nthose pawns' next moves put at risk." => {
        king_beside_pawn: tapered(-10, -7),
        crowd_beside_pawn_unit: tapered(-4, -4),
        own_blast_permille: scalar(10),
    }
}

/// Hobgoblin kinds as they appear in parameter names (K Q R B N P).
pub const HOBGOBLIN_KIND_NAMES: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];

/// Default material of a consolidated piece or pawn, centipawns (mg, eg), by kind Q R B N P:
/// the pieces by the piece-value method on Hobgoblin's 72 squares (`crate::hobgoblin::
/// derived_values`; a test recomputes them), the pawn the method's unit.
pub const HOBGOBLIN_MATERIAL: [(&str, i32, i32); 5] = [
    ("queen", 818, 818),
    ("rook", 471, 471),
    ("bishop", 322, 322),
    ("knight", 289, 289),
    ("pawn", 100, 100),
];

impl EvalParams {
    /// The shipped Hobgoblin parameters: the starting set ([`EvalParams::hobgoblin`]) tuned by
    /// `grimoire-tune` on self-play positions labelled by their own searches
    /// (`eval/params/hobgoblin.txt`; docs/tuning.md, variant tuning).
    pub fn hobgoblin_tuned() -> EvalParams {
        Self::shipped(
            include_str!("../../params/hobgoblin.txt"),
            "hobgoblin",
            EvalParams::hobgoblin,
        )
    }

    /// The built-in Hobgoblin parameters (`docs/eval.md`, Hobgoblin section).
    pub fn hobgoblin() -> EvalParams {
        let mut p = EvalParams::new("hobgoblin");
        p.section("Material of a consolidated piece or a pawn (the piece-value method of docs/eval.md on\nthe board and the hallway; pawn = 100).");
        for (kind, mg, eg) in HOBGOBLIN_MATERIAL {
            p.push_tapered(&format!("material_{kind}"), mg, eg);
        }
        HobgoblinTerms::push_all(&mut p);
        p.search_mut().qs_max_plies = 2;
        // Chance outcomes are held to +-chance_win. At 800 (less than a queen up) a won
        // position's pawn moves all scored the cap, every window above it sent the chance
        // nodes to the all-mate search, and the bench took 4.2 M nodes at depth 6 against
        // 1.1 M at depth 5; at 1500, 2.1 M (`docs/search.md`, branching factor).
        p.search_mut().chance_win = 1500;
        p
    }
}
