//! The built-in chess parameters: the manifest's defaults and the tuner's starting point.

use crate::params::EvalParams;

eval_terms! {
    /// The chess terms that are one number each (the tables are read beside them, in
    /// `ChessEval::try_from_params`).
    pub struct ChessTerms;
    /// Continues the king-safety section after the king-attack weights.
    king_shield => "" => {
        king_shield_near: tapered(12, 0),
        king_shield_far: tapered(6, 0),
        king_open_file: tapered(-15, 0),
    }
    king_danger => "King danger: times the square of the attack on the enemy king (the scaled\nking-attack and safe-check middlegame sum, at least 0, at most 1500) over 65536.\nZero in the starting set (see the threats)." => {
        king_danger_quadratic: tapered(0, 0),
    }
    pawn_structure => "Pawn structure (per pawn)." => {
        pawn_doubled: tapered(-10, -20),
        pawn_isolated: tapered(-10, -12),
        pawn_supported: tapered(6, 4),
    }
    more_pawn_structure => "More pawn structure, zero in the starting set (see the threats): a backward pawn\n(no own pawn beside or behind it on the neighbouring files, its stop square attacked\nby an enemy pawn), a pawn with an own pawn beside it on the same rank." => {
        pawn_backward: tapered(0, 0),
        pawn_phalanx: tapered(0, 0),
    }
    /// Continues the passed-pawn section after the bonus by rank.
    passed_free => "" => {
        passed_free: tapered(5, 10),
    }
    passer_and_kings => "Passer and kings: per passer from rank 5 on, times its advance beyond rank 4 (1 to\n3) and a king's distance to its stop square (at most 5): the enemy king's, the own\nking's. Zero in the starting set (see the threats)." => {
        /// Per passer, times the enemy king's distance to its stop square and the passer's
        /// advance beyond the fourth rank.
        passed_enemy_king_distance: tapered(0, 0),
        /// The same with the own king's distance.
        passed_own_king_distance: tapered(0, 0),
    }
    pieces => "Pieces." => {
        bishop_pair: tapered(30, 50),
        rook_open_file: tapered(25, 10),
        rook_semi_open_file: tapered(12, 6),
    }
    threats => "Threats (per enemy piece attacked): by a pawn, a rook or queen by a knight or\nbishop, a queen by a rook, and any piece no enemy pawn defends. Zero in the starting set,\nwhich Ghost Chess scores its living pieces with; the shipped set (eval/params/chess.txt)\ngives the values that won their match (docs/eval.md)." => {
        /// Per enemy knight, bishop, rook or queen that an own pawn attacks.
        threat_by_pawn: tapered(0, 0),
        /// Per enemy rook or queen that an own knight or bishop attacks.
        threat_by_minor: tapered(0, 0),
        /// Per enemy queen that an own rook attacks.
        threat_by_rook: tapered(0, 0),
        /// Per enemy knight, bishop, rook or queen that an own piece or pawn attacks and no
        /// enemy pawn defends.
        threat_hanging: tapered(0, 0),
    }
    more_threats => "More threats, zero in the starting set: per enemy pawn or piece the own king\nattacks that no enemy pawn defends; and space, per square on files c to f and relative\nranks 2 to 4 that no enemy pawn attacks, with an own pawn on it or ahead of it." => {
        threat_by_king: tapered(0, 0),
        space: tapered(0, 0),
    }
    more_pieces => "More piece terms, zero in the starting set (see the threats): a knight or bishop\nwith a pawn right in front of it; per bishop, each own pawn on its square colour; the\nown king's distance to its nearest own pawn (at most 5, none: 0)." => {
        minor_behind_pawn: tapered(0, 0),
        bishop_pawns_same_colour: tapered(0, 0),
        king_pawn_distance: tapered(0, 0),
    }
    pieces_and_pawns => "Pieces and pawns: per knight and per rook, times the own pawns less five (knights\ngain with pawns on the board, rooks with open lines). Zero in the starting set." => {
        knight_pawn_count: tapered(0, 0),
        rook_pawn_count: tapered(0, 0),
    }
    endgame_scale => "Endgame scale, out of 64 (scalar): the endgame part of the score is multiplied by\nit with opposite-coloured bishops and no other pieces, and when the side ahead has no\npawns and at most a minor piece's worth (knight, bishop 3, rook 5, queen 9) more\npieces. 64 in the starting set: no scaling." => {
        scale_opposite_bishops: scalar(64),
        scale_pawnless: scalar(64),
    }
    side_to_move => "Side to move." => {
        tempo: tapered(12, 6),
    }
}

/// Names of the piece kinds of chess as they appear in parameter names (index = kind).
pub const CHESS_KIND_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// The kinds with phase weights and mobility, king-attack and safe-check terms.
const PIECES: [&str; 4] = ["knight", "bishop", "rook", "queen"];

/// The kinds with a mobility table and their most safe squares (`mobility_<kind>_<n>`, n from 0).
pub const MOBILITY_COUNTS: [(&str, usize); 4] =
    [("knight", 8), ("bishop", 13), ("rook", 14), ("queen", 27)];

/// The rank names of the shelter and storm tables, by the pawn's 0-based relative rank (index 0:
/// no pawn).
pub const SHELTER_RANKS: [&str; 7] = ["none", "2", "3", "4", "5", "6", "7"];

/// The name of `kind`'s piece-square offset on a square seen from its owner's side: `file` 1
/// to 8 (e to h read as d to a), `rank` 1 to 8; `None` where the kind has no entry (pawns on
/// ranks 1 and 8).
pub fn square_offset_name(kind: &str, file: usize, rank: usize) -> Option<String> {
    if kind == "pawn" && !(2..=7).contains(&rank) {
        return None;
    }
    let file = b"abcddcba"[file.checked_sub(1)?.min(7)] as char;
    Some(format!("psq_{kind}_{file}{rank}"))
}

/// The names of one kind's piece-square offsets, rank by rank over files a to d.
pub fn square_offset_names(kind: &str) -> Vec<String> {
    (1..=8)
        .flat_map(|rank| (1..=4).filter_map(move |file| square_offset_name(kind, file, rank)))
        .collect()
}

/// Pushes a section of tapered terms that start at zero: terms added after the hand-set start,
/// which the starting set (and Ghost Chess, which scores its living pieces with it) leaves out.
fn push_zero_section(p: &mut EvalParams, title: &str, names: &[&str]) {
    p.section(title);
    for name in names {
        p.push_tapered(name, 0, 0);
    }
}

impl EvalParams {
    /// The shipped chess parameters: the starting set ([`EvalParams::chess`]) tuned by
    /// `grimoire-tune` on positions labelled by Stockfish (`eval/params/chess.txt`;
    /// docs/tuning.md, run D1, then run P1 with the per-square offsets: +114.7 Elo over D1,
    /// then runs P2 and P4 with the session-14 terms: +18.8 and +28.0 more).
    pub fn chess_tuned() -> EvalParams {
        Self::shipped(
            include_str!("../../params/chess.txt"),
            "chess",
            EvalParams::chess,
        )
    }

    /// The shipped chess set: the tuned terms ([`EvalParams::chess_tuned`]) with the shipped
    /// residual network (`eval/nets/chess.nnue`, trained over those terms; docs/tuning.md,
    /// Network). The engine's default chess evaluation.
    pub fn chess_shipped() -> EvalParams {
        EvalParams::chess_tuned().with_builtin_network()
    }

    /// The starting chess parameters, before tuning. Material comes from the piece-value method of
    /// [`crate::features`] (a test checks that these numbers are what it gives); the other terms
    /// are starting values for the tuner.
    pub fn chess() -> EvalParams {
        let mut p = EvalParams::new("chess");
        p.section("Game phase: weight of each non-pawn piece (scalar); the start position is the\nmiddlegame end, no non-pawn pieces the endgame end.");
        p.push_scalar_per_kind("phase", &PIECES, &[1, 1, 2, 4]);
        p.section("Material (derived by the piece-value method of docs/eval.md; pawn = 100).");
        p.push_material(
            &["pawn", "knight", "bishop", "rook", "queen"],
            &[100, 317, 330, 500, 894],
        );
        p.section("Piece-square features: centipawns per unit of centralisation (board-centre\ndistance below average) and of advancement (relative rank above average).");
        let centre = [(5, 0), (8, 6), (4, 3), (0, 0), (1, 4), (-10, 12)];
        let advance = [(2, 6), (3, 0), (1, 0), (2, 1), (0, 0), (-12, 2)];
        p.push_piece_square_features(&CHESS_KIND_NAMES, |k| (centre[k], advance[k]));
        p.section("Piece-square offsets: per kind and square, from the owner's side (rank 1 is its\nfirst rank), files e-h mirroring d-a; added to the feature tables above. Zero in the\nstarting set (see the threats).");
        for kind in CHESS_KIND_NAMES {
            for name in square_offset_names(kind) {
                p.push_tapered(&name, 0, 0);
            }
        }
        p.section("Mobility: per safe square attacked (not own piece, not attacked by an enemy\npawn), counted from a fixed centre per kind (docs/eval.md).");
        p.push_tapered_per_kind("mobility", &PIECES, &[(4, 4), (5, 5), (2, 4), (1, 2)]);
        p.section("Mobility by count: an offset per kind and number of safe squares, added to the\nlinear term above. Zero in the starting set (see the threats).");
        for (kind, most) in MOBILITY_COUNTS {
            for n in 0..=most {
                p.push_tapered(&format!("mobility_{kind}_{n}"), 0, 0);
            }
        }
        p.section("King safety: bonus per square of the enemy king zone a piece attacks (scaled by\nthe number of attackers), pawn shield, open files beside the own king.");
        p.push_tapered_per_kind("king_attack", &PIECES, &[(8, 0), (6, 0), (8, 0), (12, 0)]);
        ChessTerms::king_shield(&mut p);
        p.section("King shelter and pawn storm: for each of the three files around the own king (the\nking on a or h counts as on b or g), by the file's distance from the edge (a: the a or h\nfile, up to d) and the relative rank of the own pawn nearest the king's side on it\n(`none`: no own pawn there or behind the king), and the same for the enemy's nearest\npawn on it. Zero in the starting set (see the threats).");
        for table in ["king_shelter", "king_storm"] {
            for file in ["a", "b", "c", "d"] {
                for rank in SHELTER_RANKS {
                    p.push_tapered(&format!("{table}_{file}_{rank}"), 0, 0);
                }
            }
        }
        ChessTerms::king_danger(&mut p);
        ChessTerms::pawn_structure(&mut p);
        ChessTerms::more_pawn_structure(&mut p);
        p.section("Passed pawns: bonus by relative rank, and for a free stop square.");
        let passed = [(0, 10), (5, 15), (10, 25), (20, 45), (35, 70), (60, 110)];
        p.push_per_rank_from_2("passed_rank", &passed);
        ChessTerms::passed_free(&mut p);
        ChessTerms::passer_and_kings(&mut p);
        ChessTerms::pieces(&mut p);
        ChessTerms::threats(&mut p);
        ChessTerms::more_threats(&mut p);
        push_zero_section(
            &mut p,
            "Outposts: per own knight or bishop on relative rank 4 to 6, defended by an own\npawn, that no enemy pawn can chase away. Zero in the starting set (see the threats).",
            &["outpost_knight", "outpost_bishop"],
        );
        p.section("Safe checks: per square from which an own piece of the kind could check the enemy\nking, not own-occupied and not guarded by an enemy pawn or the king. Zero in the\nstarting set (see the threats).");
        p.push_tapered_per_kind("safe_check", &PIECES, &[(0, 0); 4]);
        ChessTerms::more_pieces(&mut p);
        ChessTerms::pieces_and_pawns(&mut p);
        ChessTerms::endgame_scale(&mut p);
        ChessTerms::side_to_move(&mut p);
        // The search settings chess's SPRTs chose (docs/search.md, SPRT log rows 20 and 31).
        // Ghost Chess reads only this set's evaluation terms, not its search settings.
        p.search_mut().tt_eval_refine = 1;
        p.search_mut().keep_history = 1;
        p
    }
}
