//! The built-in Hobgoblin parameters: the manifest's defaults and the tuner's starting point.

use crate::params::EvalParams;

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
        p.section("An extended piece is worth this percentage of its consolidated value (scalar):\nits halves only capture or attack beside an armed unit (HOB-131), and a capture of\neither half takes both (HOB-50).");
        p.push_scalar("extended_percent", 85);
        p.section("Crowds: per unit beyond the first on a node (mobility shared by a crowd), and a\npenalty per unit beyond the first on a node an enemy unit attacks (one capture takes\nthem all, HOB-50).");
        p.push_tapered("crowd_unit", 4, 2)
            .push_tapered("crowd_attacked_unit", -30, -30);
        p.section("King: an extended king (two royal nodes, HOB-130), a castling in progress\n(three danger nodes, HOB-64), and per attacked node next to a king node.");
        p.push_tapered("king_extended", -40, -10)
            .push_tapered("castling_in_progress", -20, 0)
            .push_tapered("king_zone_attacked", -12, -6);
        p.section("Hallway use: per unit on a hallway square or a linked node.");
        p.push_tapered("hallway_unit", 6, 4);
        p.section("Pawn advance: per rank beyond the second, per pawn.");
        p.push_tapered("pawn_advance", 4, 10);
        p.section("Explosion risk (HOB-100..102: every pawn movement explodes with 1/12 and destroys\nits node and the nodes one king step around): per pawn of either side one step from a\nking node; per unit beyond the first of a crowd one step from a pawn; and the share in\nper mille (scalar) of the material of one's pieces one step from one's own pawns, which\nthose pawns' next moves put at risk.");
        // A third of the first guesses (-30/-20, -12, 30 per mille), which lost games against
        // an engine blind to the dice (docs/search.md, "Chance nodes").
        p.push_tapered("king_beside_pawn", -10, -7)
            .push_tapered("crowd_beside_pawn_unit", -4, -4);
        p.push_scalar("own_blast_permille", 10);
        // Hobgoblin has no exchange evaluation, so quiescence searched every capture of its
        // crowds, chance nodes included: 387 k nodes at depth 2 in a bench position against
        // 8.8 k at depth 1. Bounded two plies beyond the iteration (`docs/search.md`).
        p.search_mut().qs_max_plies = 2;
        // Chance outcomes are held to +-chance_win. At 800 (less than a queen up) a won
        // position's pawn moves all scored the cap, every window above it sent the chance
        // nodes to the all-mate search, and the bench took 4.2 M nodes at depth 6 against
        // 1.1 M at depth 5; at 1500, 2.1 M (`docs/search.md`, branching factor).
        p.search_mut().chance_win = 1500;
        p
    }
}
