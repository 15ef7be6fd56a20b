//! The built-in Ghost Chess parameters: the manifest's defaults and the tuner's starting point.

use crate::params::EvalParams;

eval_terms! {
    /// The ghost terms that are one number each (the living pieces' are chess's, ghost
    /// material is read beside them).
    pub struct GhostTerms;
    ghost_threats => "Ghost threats: a ghost that could take the enemy king (a king in danger), per\nsquare of the enemy king's neighbourhood a ghost reaches, per enemy living piece\nit reaches (at most 3 per ghost); a pending spawn counts this percentage of its\nghost's material for its owner (scalar)." => {
        /// A ghost that could take the enemy king.
        ghost_king_danger: tapered(60, 40),
        /// Per square of the enemy king's neighbourhood a ghost reaches.
        ghost_king_zone: tapered(6, 3),
        /// Per enemy living piece a ghost reaches (at most 3 per ghost).
        ghost_target: tapered(6, 4),
        /// The percentage of its ghost's material a pending spawn counts for its owner.
        ghost_pending_spawn_percent: scalar(100),
    }
}

impl EvalParams {
    /// The shipped Ghost Chess parameters: the starting set ([`EvalParams::ghost`]) tuned by
    /// `grimoire-tune` on self-play positions labelled by their own searches
    /// (`eval/params/ghost.txt`; docs/tuning.md, variant tuning).
    pub fn ghost_tuned() -> EvalParams {
        Self::shipped(
            include_str!("../../params/ghost.txt"),
            "ghost",
            EvalParams::ghost,
        )
    }

    /// The built-in Ghost Chess parameters (`docs/eval.md`, Ghost section): the chess terms of
    /// the living pieces under their chess names, then the ghost terms. Ghost material is a
    /// quarter of the piece-value method's figure for the ghost's pattern on the frame
    /// (`crate::ghost::derived_ghost_values`; a test checks the numbers): phasing makes the
    /// method's figure large, but a ghost captures on the board once and is gone, and the piece
    /// it takes comes back as a ghost; the divisor 4 is fitted so that a ghost taking a living
    /// piece of its own kind is about even (`docs/eval.md`). The other ghost terms are starting
    /// values for the tuner.
    pub fn ghost() -> EvalParams {
        let mut p = EvalParams::new("ghost");
        p.section("Living pieces: the chess terms, same names and meaning (docs/eval.md).");
        for param in EvalParams::chess().iter() {
            if param.is_tapered() {
                p.push_tapered(param.name, param.values[0], param.values[1]);
            } else {
                p.push_scalar(param.name, param.values[0]);
            }
        }
        p.section("Ghost material (a quarter of the piece-value method's figure on the frame; pawn = 100).");
        for (kind, cp) in GHOST_MATERIAL {
            p.push_tapered(&format!("ghost_material_{kind}"), cp, cp);
        }
        GhostTerms::ghost_threats(&mut p);
        // The search setting Ghost Chess's own match chose (docs/search.md, SPRT log row 34).
        p.search_mut().keep_history = 1;
        p
    }
}

/// Default ghost material by kind (pawn..queen), centipawns.
pub const GHOST_MATERIAL: [(&str, i32); 5] = [
    ("pawn", 23),
    ("knight", 107),
    ("bishop", 208),
    ("rook", 315),
    ("queen", 501),
];
