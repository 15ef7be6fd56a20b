//! Duggan's Fantasy Chess rules, one test per ruling or ruling group of
//! `shared/rules/duggan.md` (the ruling IDs are in the test names): the Golem's vectors, quiet
//! moves, crushes, forbidden vectors and immunity; Mercenary steps, threat steps and the
//! threatened fixed point, with the `MercenaryThreatStep` option; Archer paths; Bishop;
//! Commander promotion choices; the Assassin with both Assassin options; the Adept; check,
//! checkmate, stalemate and the draw rules; FEN validation and notation round trips.

use grimoire_engine::consistency::check_position;
use grimoire_engine::options::{set_by_name, OptionError};
use grimoire_engine::variants::duggan::{Duggan, DugganOptions, ThreatStep, START_FEN};
use grimoire_engine::{prelude::*, Color, Game, Geometry, Reason, Square};

mod common;
use common::{
    assert_bad_value, assert_drawn_for_insufficient_material, assert_two_cycles_draw_by_repetition,
    assert_unknown_option, drawn, has, sorted, tokens, won,
};

/// Parses a test position and cross-checks it: the fast legal moves must equal the reference
/// generator's (and hash, FEN and token round trips must hold), so every position of these
/// tests is judged by both generators.
fn pos_with(fen: &str, options: DugganOptions) -> Duggan {
    let p = Duggan::from_fen(fen, &options).unwrap_or_else(|e| panic!("{fen}: {e}"));
    check_position(&p, &options).unwrap_or_else(|e| panic!("{e}"));
    p
}

fn pos(fen: &str) -> Duggan {
    pos_with(fen, DugganOptions::default())
}

/// The legal tokens of the piece on `from`.
fn moves_from(p: &Duggan, from: &str) -> Vec<String> {
    tokens(p)
        .into_iter()
        .filter(|t| t.starts_with(from))
        .collect()
}

fn square(name: &str) -> Square {
    Geometry::Framed8.parse(name).unwrap()
}

fn play(fen: &str, moves: &[&str]) -> Game<Duggan> {
    let mut g = Game::new(pos(fen));
    for m in moves {
        g.play_token(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn capture_only() -> DugganOptions {
    DugganOptions {
        threat_step: ThreatStep::CaptureOnly,
        ..DugganOptions::default()
    }
}

// ---------------------------------------------------------------------------------------------
// §1 Board and start position
// ---------------------------------------------------------------------------------------------

#[test]
fn dug_2_start_position_and_its_moves() {
    let p = Duggan::start_position(&DugganOptions::default());
    assert_eq!(p.to_fen(), START_FEN);
    assert_eq!(p.side_to_move(), Color::White);
    // 8 single and 8 double Mercenary steps, 32 Assassin teleports, and Ga1xd1 (DUG-61);
    // Archers, Bishops and the Adept are boxed in, Gh1 is stopped by its own Adept on e1.
    let t = tokens(&p);
    assert_eq!(t.len(), 49);
    assert_eq!(moves_from(&p, "a1"), ["a1d1"]);
    assert!(moves_from(&p, "h1").is_empty());
    assert_eq!(moves_from(&p, "d1").len(), 32);
    assert!(moves_from(&p, "b1").is_empty() && moves_from(&p, "c1").is_empty());
}

// ---------------------------------------------------------------------------------------------
// Golem (DUG-10..14, DUG-60..64)
// ---------------------------------------------------------------------------------------------

#[test]
fn dug_10_dug_60_golem_has_exactly_eight_vectors() {
    let p = pos("7d/8/8/8/3G4/8/8/7D w - - 0 1");
    assert_eq!(
        moves_from(&p, "d4"),
        sorted(&["d4b2", "d4f2", "d4b6", "d4f6", "d4a4", "d4g4", "d4d7", "d4d1"])
    );
    // Near the edge only the vectors that stay on the board exist.
    let q = pos("7d/8/8/8/8/8/8/G6D w - - 0 1");
    assert_eq!(moves_from(&q, "a1"), sorted(&["a1c3", "a1d1", "a1a4"]));
}

#[test]
fn dug_11_golem_quiet_move_needs_an_empty_path() {
    // An own Mercenary on d5 blocks the quiet move to the empty d7.
    let p = pos("7d/8/8/3M4/3G4/8/8/7D w - - 0 1");
    assert!(!has(&p, "d4d7"));
    assert!(has(&p, "d4g4"));
}

#[test]
fn dug_12_dug_61_golem_crush_removes_path_and_destination_of_both_sides() {
    // Path d5 (own Mercenary) and d6 (enemy Bishop), destination d7 (enemy Archer).
    let g = play("7d/3a4/3b4/3M4/3G4/8/8/7D w - - 5 20", &["d4d7"]);
    assert_eq!(g.position().to_fen(), "7d/3G4/8/8/8/8/8/7D b - - 0 20");
    // An ordinary piece on the path does not block when the destination is occupied.
    assert!(has(&pos("7d/3b4/8/3M4/3G4/8/8/7D w - - 0 1"), "d4d7"));
    // Crushing only own pieces is legal and counts as a capture (DUG-54): Ga1xd1 from the start.
    let g = play(START_FEN, &["a1d1"]);
    assert_eq!(
        g.position().to_fen(),
        "gabsdbag/mmmmmmmm/8/8/8/8/MMMMMMMM/3GDBAG b - - 0 1"
    );
    let g = play("7d/8/8/8/M7/8/8/G6D w - - 7 9", &["a1a4"]);
    assert_eq!(g.position().to_fen(), "7d/8/8/8/G7/8/8/7D b - - 0 9");
}

#[test]
fn dug_13_dug_62_dug_63_forbidden_vectors() {
    // A Golem of either side on the path: no move, no crush.
    assert!(!has(&pos("7d/3b4/8/3g4/3G4/8/8/7D w - - 0 1"), "d4d7"));
    assert!(!has(&pos("7d/3b4/8/3G4/3G4/8/8/7D w - - 0 1"), "d4d7"));
    // A Golem on the destination cannot be crushed.
    assert!(!has(&pos("7d/3g4/8/8/3G4/8/8/7D w - - 0 1"), "d4d7"));
    // The moving Golem's own Adept on the path or on the destination.
    assert!(!has(&pos("7d/3b4/8/3D4/3G4/8/8/8 w - - 0 1"), "d4d7"));
    let p = pos("7d/8/8/8/3G4/8/8/3D4 w - - 0 1");
    assert!(!has(&p, "d4d1"));
    assert_eq!(moves_from(&p, "d4").len(), 7);
}

#[test]
fn dug_13_dug_43_golem_check_along_a_path_stops_only_for_a_golem_or_an_empty_destination() {
    // Black's Adept stands on the path d4-d7 of the white Golem; d7 is occupied, so it is in
    // check, and the Bishop on the path does not block.
    let p = pos("8/3a4/3b4/3d4/3G4/8/8/7D b - - 0 1");
    assert!(p.in_check());
    // Moving the Bishop away leaves d7 occupied: still check, so no Bishop move is legal.
    assert!(moves_from(&p, "d6").is_empty());
    // Emptying the destination ends the check; so does taking the Golem with the Adept.
    assert!(has(&p, "d7c8"));
    assert!(has(&p, "d5d4"));
    // A Golem on the path forbids the vector: no check.
    assert!(!pos("8/3a4/3g4/3d4/3G4/8/8/7D b - - 0 1").in_check());
    // With the destination empty the path is not attacked.
    assert!(!pos("8/8/3b4/3d4/3G4/8/8/7D b - - 0 1").in_check());
}

#[test]
fn dug_7_dug_64_golem_immunity() {
    // Black Golem e5. The Assassin f6 (adjacent), the Bishop b2 (open diagonal), the Archer e3
    // (clear path d4) and the Golem e2 may not take it; the Commander e6 and the threatened
    // Mercenary d5 (the Bishop a8 reaches it) may.
    let p = pos("b6d/8/4CS2/3Mg3/8/4A3/1B2G3/D7 w - - 0 1");
    for t in ["f6e5", "b2e5", "e3e5", "e2e5"] {
        assert!(!has(&p, t), "{t}");
    }
    assert!(has(&p, "e6e5"));
    assert!(has(&p, "d5e5"));
    // The Golem blocks the Bishop like any piece.
    assert!(!has(&p, "b2f6") && has(&p, "b2d4"));
    // The Adept may take a Golem (DUG-39).
    assert!(has(&pos("7d/8/8/8/8/3g4/3D4/8 w - - 0 1"), "d2d3"));
}

#[test]
fn dug_14_a_golem_never_promotes_but_a_commander_can_become_one() {
    // A Golem on the last rank is simply a Golem; its tokens never carry a letter.
    let p = pos("G6d/8/8/8/8/8/8/7D w - - 0 1");
    assert!(tokens(&p).iter().all(|t| t.len() == 4));
    let g = play("7d/8/8/8/8/8/2C5/7D w - - 3 10", &["c2c1g"]);
    assert_eq!(g.position().to_fen(), "7d/8/8/8/8/8/8/2G4D b - - 4 10");
}

// ---------------------------------------------------------------------------------------------
// Mercenary (DUG-20..23, DUG-41, DUG-65..68)
// ---------------------------------------------------------------------------------------------

#[test]
fn dug_20_dug_68_mercenary_quiet_steps_and_double_step_by_square() {
    let p = pos("7d/8/8/8/8/8/2M5/7D w - - 0 1");
    assert_eq!(moves_from(&p, "c2"), sorted(&["c2c3", "c2c4"]));
    let p = pos("7d/8/8/8/8/2M5/8/7D w - - 0 1");
    assert_eq!(moves_from(&p, "c3"), ["c3c4"]);
    // Blocked on c3: nothing; blocked on c4: one step only. Quiet steps never capture.
    assert!(moves_from(&pos("7d/8/8/8/8/2b5/2M5/7D w - - 0 1"), "c2").is_empty());
    assert_eq!(
        moves_from(&pos("7d/8/8/8/2b5/8/2M5/7D w - - 0 1"), "c2"),
        ["c2c3"]
    );
    // Black moves down the board.
    assert_eq!(
        moves_from(&pos("7d/2m5/8/8/8/8/8/7D b - - 0 1"), "c7"),
        sorted(&["c7c6", "c7c5"])
    );
    // No has-moved flag: a Mercenary that arrives on its second rank may double-step.
    let g = play("7d/8/8/8/8/8/8/1M5D w - - 0 1", &["b1b2", "h8g8"]);
    assert!(has(g.position(), "b2b4"));
    assert!(!has(&pos("7d/8/8/8/8/8/8/1M5D w - - 0 1"), "b1b3"));
}

#[test]
fn dug_21_threat_steps_exist_only_while_threatened() {
    // Not threatened: forward only.
    assert_eq!(
        moves_from(&pos("7d/8/8/8/4M3/8/8/7D w - - 0 1"), "e4"),
        ["e4e5"]
    );
    // The Bishop h7 threatens it: left and right too; the forward step is listed once.
    let p = pos("7d/7b/8/8/4M3/8/8/7D w - - 0 1");
    assert!(p.mercenary_threatened(square("e4")));
    assert_eq!(moves_from(&p, "e4"), sorted(&["e4d4", "e4e5", "e4f4"]));
    // Threat steps capture enemy pieces left, right and forward, a Golem included.
    let p = pos("7d/7b/8/4m3/3aMg2/8/8/7D w - - 0 1");
    assert_eq!(moves_from(&p, "e4"), sorted(&["e4d4", "e4e5", "e4f4"]));
    let g = play("7d/7b/8/4m3/3aMg2/8/8/7D w - - 0 1", &["e4f4"]);
    assert_eq!(g.position().to_fen(), "7d/7b/8/4m3/3a1M2/8/8/7D b - - 0 1");
    // Never onto an own piece.
    let p = pos("6d1/7b/8/4B3/3AM3/8/8/7D w - - 0 1");
    assert_eq!(moves_from(&p, "e4"), ["e4f4"]);
}

#[test]
fn dug_21_dug_65_a_threat_from_its_own_golem_counts() {
    // The Golem e1 reaches e4 (its destination, occupied): the Mercenary is threatened.
    let p = pos("7d/8/8/8/4M3/8/8/4G2D w - - 0 1");
    assert!(p.mercenary_threatened(square("e4")));
    assert!(p.threatened_reference(square("e4")));
    assert_eq!(moves_from(&p, "e4"), sorted(&["e4d4", "e4e5", "e4f4"]));
    // The Golem may crush its own Mercenary.
    assert!(has(&p, "e1e4"));
    // DUG-67: a Mercenary never captures its own Golem.
    let q = pos("7d/8/8/8/4MG2/8/8/4G2D w - - 0 1");
    assert!(!has(&q, "e4f4") && has(&q, "e4d4"));
}

#[test]
fn dug_22_dug_66_capture_only_option_drops_the_quiet_threat_steps() {
    let p = pos_with("7d/7b/8/8/4M3/8/8/7D w - - 0 1", capture_only());
    assert_eq!(moves_from(&p, "e4"), ["e4e5"]);
    let p = pos_with("7d/7b/8/4m3/3aMg2/8/8/7D w - - 0 1", capture_only());
    assert_eq!(moves_from(&p, "e4"), sorted(&["e4d4", "e4e5", "e4f4"]));
    let p = pos_with("7d/8/8/8/4M3/8/8/4G2D w - - 0 1", capture_only());
    assert_eq!(moves_from(&p, "e4"), ["e4e5"]);
}

#[test]
fn dug_41_dug_65_threatened_is_the_least_fixed_point() {
    // Two Mercenaries that could only take each other are both unthreatened: no moves.
    let p = pos("7d/8/8/4m3/4M3/8/8/7D w - - 0 1");
    assert!(moves_from(&p, "e4").is_empty());
    assert!(!p.mercenary_threatened(square("e4")) && !p.mercenary_threatened(square("e5")));
    assert!(!p.threatened_reference(square("e4")));
    let b = pos("7d/8/8/4m3/4M3/8/8/7D b - - 0 1");
    assert!(moves_from(&b, "e5").is_empty());
    // Black's own Golem e8 threatens e5; e5 then threatens e4, which may take it.
    let p = pos("4g2d/8/8/4m3/4M3/8/8/7D w - - 0 1");
    assert!(p.mercenary_threatened(square("e5")) && p.mercenary_threatened(square("e4")));
    assert!(p.threatened_reference(square("e4")));
    assert_eq!(moves_from(&p, "e4"), sorted(&["e4d4", "e4e5", "e4f4"]));
    // A chain: the white Mercenary d6 is threatened only through the black Mercenary c6, which
    // the white Bishop h1 threatens along the long diagonal.
    let p = pos("7d/8/2mM4/8/8/8/8/1D5B w - - 0 1");
    assert!(p.mercenary_threatened(square("c6")));
    assert!(p.mercenary_threatened(square("d6")));
    assert!(p.threatened_reference(square("d6")));
    assert!(has(&p, "d6c6"));
}

#[test]
fn dug_41_an_adept_beside_an_enemy_mercenary_is_in_check() {
    // Black Mercenary e4 reaches d4, f4 and e3 (its forward is down the board).
    let p = pos("7d/8/8/8/4m3/3D4/8/8 w - - 0 1");
    assert_eq!(
        moves_from(&p, "d3"),
        sorted(&["d3c2", "d3c3", "d3c4", "d3d2", "d3e2", "d3e4"])
    );
    assert!(pos("7d/8/8/8/3Dm3/8/8/8 w - - 0 1").in_check());
    assert!(pos("7d/8/8/8/4m3/4D3/8/8 w - - 0 1").in_check());
    // Diagonally beside it is no check.
    assert!(!pos("7d/8/8/8/4m3/5D2/8/8 w - - 0 1").in_check());
}

#[test]
fn dug_23_dug_76_promotion_is_mandatory_with_three_choices() {
    let p = pos("3d4/1M6/8/8/8/8/8/7D w - - 0 1");
    assert_eq!(moves_from(&p, "b7"), sorted(&["b7b8a", "b7b8b", "b7b8c"]));
    let g = play("3d4/1M6/8/8/8/8/8/7D w - - 9 1", &["b7b8c"]);
    assert_eq!(g.position().to_fen(), "1C1d4/8/8/8/8/8/8/7D b - - 0 1");
    // A forward threat capture promotes too; sideways steps never reach the last rank.
    let p = pos("ba1d4/1M6/8/8/8/8/8/D7 w - - 0 1");
    assert_eq!(
        moves_from(&p, "b7"),
        sorted(&["b7a7", "b7b8a", "b7b8b", "b7b8c", "b7c7"])
    );
    // Black promotes on rank 1.
    let p = pos("7d/8/8/8/8/8/6m1/D7 b - - 0 1");
    assert_eq!(moves_from(&p, "g2"), sorted(&["g2g1a", "g2g1b", "g2g1c"]));
}

// ---------------------------------------------------------------------------------------------
// Archer (DUG-25..28, DUG-69), Bishop (DUG-29)
// ---------------------------------------------------------------------------------------------

#[test]
fn dug_25_archer_destinations_are_equal_leg_bent_paths() {
    let p = pos("6d1/8/8/8/3A4/8/8/7D w - - 0 1");
    let got = moves_from(&p, "d4");
    // (±n,±n) for n = 1..: the diagonals; (±2n,0), (0,±2n): d6 d8 d2 b4 f4 h4.
    for t in [
        "d4e5", "d4h8", "d4a7", "d4a1", "d4g1", "d4d6", "d4d8", "d4d2", "d4b4", "d4f4", "d4h4",
    ] {
        assert!(got.contains(&t.to_string()), "{t}");
    }
    // Never a knight-like (n, n+1), never a single orthogonal step; colour-bound.
    for t in ["d4e6", "d4f5", "d4d5", "d4e4", "d4d3"] {
        assert!(!got.contains(&t.to_string()), "{t}");
    }
    assert_eq!(got.len(), 13 + 6);
}

#[test]
fn dug_26_dug_69_archer_needs_one_clear_path() {
    // e5 from d4: via d5 or via e4.
    assert!(has(&pos("6d1/8/8/3M4/3A4/8/8/7D w - - 0 1"), "d4e5"));
    assert!(!has(&pos("6d1/8/8/3M4/3AM3/8/8/7D w - - 0 1"), "d4e5"));
    // d6 from d4: diagonal first leg, turning at c5 or e5.
    assert!(has(&pos("6d1/8/8/2M5/3A4/8/8/7D w - - 0 1"), "d4d6"));
    assert!(!has(&pos("6d1/8/8/2M1M3/3A4/8/8/7D w - - 0 1"), "d4d6"));
    // g7 from d4: d5 d6 d7 e7 f7, or e4 f4 g4 g5 g6. The turning square is part of the path.
    assert!(has(&pos("6d1/8/3M4/8/3A4/8/8/7D w - - 0 1"), "d4g7"));
    assert!(!has(&pos("6d1/8/3M4/6M1/3A4/8/8/7D w - - 0 1"), "d4g7"));
    assert!(!has(&pos("6d1/3M4/8/8/3A2M1/8/8/7D w - - 0 1"), "d4g7"));
    // A path off the board is unusable: a1 to a3 only via b2.
    assert!(!has(&pos("6d1/8/8/8/8/8/1M6/A6D w - - 0 1"), "a1a3"));
    assert!(has(&pos("6d1/8/8/8/8/8/8/A6D w - - 0 1"), "a1a3"));
}

#[test]
fn dug_27_archer_destination_rules() {
    assert!(!has(&pos("6d1/8/8/4g3/3A4/8/8/7D w - - 0 1"), "d4e5"));
    assert!(!has(&pos("6d1/8/8/4G3/3A4/8/8/7D w - - 0 1"), "d4e5"));
    assert!(!has(&pos("6d1/8/8/4B3/3A4/8/8/7D w - - 0 1"), "d4e5"));
    assert!(has(&pos("6d1/8/8/4b3/3A4/8/8/7D w - - 0 1"), "d4e5"));
}

#[test]
fn dug_29_bishop_moves_as_fide_but_cannot_take_a_golem() {
    let p = pos("7d/8/8/4g3/8/2B5/8/7D w - - 0 1");
    assert!(has(&p, "c3d4") && !has(&p, "c3e5") && !has(&p, "c3f6"));
    assert!(has(&pos("7d/8/8/4b3/8/2B5/8/7D w - - 0 1"), "c3e5"));
}

// ---------------------------------------------------------------------------------------------
// Commander (DUG-30..32, DUG-70)
// ---------------------------------------------------------------------------------------------

#[test]
fn dug_30_commander_steps_orthogonally_and_takes_golems() {
    let p = pos("7d/8/8/8/8/2g5/2C5/7D w - - 0 1");
    assert!(has(&p, "c2c3") && has(&p, "c2b2") && has(&p, "c2d2"));
    assert!(!has(&p, "c2b3") && !has(&p, "c2d3"));
}

#[test]
fn dug_31_dug_70_commander_promotion_choices_including_none() {
    let p = pos("7d/8/8/8/8/8/2C5/7D w - - 0 1");
    assert_eq!(
        moves_from(&p, "c2"),
        sorted(&["c2b2", "c2c1", "c2c1a", "c2c1b", "c2c1g", "c2c1s", "c2c3", "c2d2"])
    );
    // Staying a Commander (no letter) and each promotion.
    for (token, fen) in [
        ("c2c1", "7d/8/8/8/8/8/8/2C4D b - - 1 1"),
        ("c2c1a", "7d/8/8/8/8/8/8/2A4D b - - 1 1"),
        ("c2c1s", "7d/8/8/8/8/8/8/2S4D b - - 1 1"),
        ("c2c1b", "7d/8/8/8/8/8/8/2B4D b - - 1 1"),
        ("c2c1g", "7d/8/8/8/8/8/8/2G4D b - - 1 1"),
    ] {
        assert_eq!(
            play("7d/8/8/8/8/8/2C5/7D w - - 0 1", &[token])
                .position()
                .to_fen(),
            fen,
            "{token}"
        );
    }
    // Along the first rank: five versions of each move; a capture there too.
    let p = pos("7d/8/8/8/8/8/8/1bC4D w - - 0 1");
    let got = moves_from(&p, "c1");
    assert_eq!(got.len(), 11);
    for t in ["c1b1", "c1b1g", "c1d1", "c1d1s", "c1c2"] {
        assert!(got.contains(&t.to_string()), "{t}");
    }
    // On its last rank (where it was created) there is no option; no Commander-to-Commander.
    let p = pos("7d/2C5/8/8/8/8/8/7D w - - 0 1");
    assert_eq!(
        moves_from(&p, "c7"),
        sorted(&["c7b7", "c7c6", "c7c8", "c7d7"])
    );
    // Black's first rank is rank 8.
    let p = pos("7d/2c5/8/8/8/8/8/7D b - - 0 1");
    assert_eq!(moves_from(&p, "c7").len(), 3 + 5);
    assert!(has(&p, "c7c8g") && !has(&p, "c7c6a"));
}

// ---------------------------------------------------------------------------------------------
// Assassin (DUG-35..38, DUG-71..73)
// ---------------------------------------------------------------------------------------------

#[test]
fn dug_35_dug_36_dug_71_assassin_teleports_anywhere_and_captures_like_a_king() {
    // 61 empty squares: 61 teleports, adjacent ones included.
    let p = pos("7d/8/8/8/3S4/8/8/7D w - - 0 1");
    assert_eq!(moves_from(&p, "d4").len(), 61);
    assert!(has(&p, "d4d5") && has(&p, "d4a8"));
    // She captures an adjacent enemy, but never a Golem and never at a distance.
    let p = pos("1b5d/8/8/4b3/3S4/8/8/7D w - - 0 1");
    let got = moves_from(&p, "d4");
    assert_eq!(got.len(), 59 + 1);
    assert!(got.contains(&"d4e5".to_string()) && !got.contains(&"d4b8".to_string()));
    let p = pos("7d/8/8/4g3/3S4/8/8/7D w - - 0 1");
    assert_eq!(moves_from(&p, "d4").len(), 60);
    assert!(!has(&p, "d4e5"));
}

#[test]
fn dug_37_dug_72_cornered_assassin_option() {
    let cornered = DugganOptions {
        cornered_assassin: true,
        ..DugganOptions::default()
    };
    // Threatened by the Bishop e5: only her capture is left.
    let fen = "7d/8/8/4b3/3S4/8/8/7D w - - 0 1";
    assert_eq!(moves_from(&pos_with(fen, cornered), "d4"), ["d4e5"]);
    assert_eq!(moves_from(&pos(fen), "d4").len(), 61);
    // An enemy Mercenary beside her threatens her too.
    let fen = "7d/8/8/8/3Sm3/8/8/7D w - - 0 1";
    assert_eq!(moves_from(&pos_with(fen, cornered), "d4"), ["d4e4"]);
    // Her own Golem's threat does not count.
    let fen = "7d/8/8/8/3S4/8/8/3G3D w - - 0 1";
    assert_eq!(moves_from(&pos_with(fen, cornered), "d4").len(), 60);
    // Not threatened: teleports as usual.
    let fen = "7d/8/8/8/3S4/8/8/7D w - - 0 1";
    assert_eq!(moves_from(&pos_with(fen, cornered), "d4").len(), 61);
}

#[test]
fn dug_38_dug_42_dug_73_cowardly_assassin_option() {
    let cowardly = DugganOptions {
        cowardly_assassin: true,
        ..DugganOptions::default()
    };
    // Tested after the teleport: the Bishop c1 sees through her old square d2 to e3..h6.
    let fen = "7d/8/8/8/8/8/3S4/2B4D w - - 0 1";
    assert_eq!(
        moves_from(&pos_with(fen, cowardly), "d2"),
        sorted(&["d2a3", "d2b2", "d2e3", "d2f4", "d2g5", "d2h6", "d2g1", "d2g2", "d2h2"])
    );
    assert_eq!(moves_from(&pos(fen), "d2").len(), 60);
    // A Mercenary defends only while threatened: the Bishop h7 threatens e4, which then
    // defends d4 and e5.
    let fen = "7d/7b/8/8/4M3/8/3S4/2B4D w - - 0 1";
    let got = moves_from(&pos_with(fen, cowardly), "d2");
    assert!(got.contains(&"d2d4".to_string()) && got.contains(&"d2e5".to_string()));
    assert_eq!(got.len(), 11);
    let fen = "7d/8/8/8/4M3/8/3S4/2B4D w - - 0 1";
    assert!(!has(&pos_with(fen, cowardly), "d2d4"));
    // Own Golems count, through their crush paths too: a1 reaches c3 and, with a4 occupied,
    // a2 and a3; a4 itself is threatened by that Golem, so it defends a5 and b4.
    let fen = "7d/8/8/8/M7/8/8/G2S3D w - - 0 1";
    assert_eq!(
        moves_from(&pos_with(fen, cowardly), "d1"),
        sorted(&["d1a2", "d1a3", "d1a5", "d1b4", "d1c3", "d1g1", "d1g2", "d1h2"])
    );
    // Enemy Golems never count; her captures are unaffected.
    let fen = "7d/8/8/4b3/3S4/8/8/g6D w - - 0 1";
    let got = moves_from(&pos_with(fen, cowardly), "d4");
    assert!(got.contains(&"d4e5".to_string()) && !got.contains(&"d4c3".to_string()));
    // Both options: threatened, so no teleport at all.
    let both = DugganOptions {
        cornered_assassin: true,
        cowardly_assassin: true,
        ..DugganOptions::default()
    };
    assert_eq!(
        moves_from(&pos_with("7d/8/8/4b3/3S4/8/8/3B3D w - - 0 1", both), "d4"),
        ["d4e5"]
    );
}

// ---------------------------------------------------------------------------------------------
// Adept, check, legality, end of the game (DUG-39, DUG-43, DUG-50..55, DUG-74, DUG-75)
// ---------------------------------------------------------------------------------------------

#[test]
fn dug_39_adept_steps_and_cannot_approach_the_enemy_adept() {
    let p = pos("8/8/8/3d4/8/3D4/8/8 w - - 0 1");
    assert_eq!(
        moves_from(&p, "d3"),
        sorted(&["d3c2", "d3c3", "d3d2", "d3e2", "d3e3"])
    );
}

#[test]
fn dug_43_dug_63_own_golem_never_checks_its_own_adept() {
    let p = pos("7d/8/8/8/3D4/8/8/3G4 w - - 0 1");
    assert!(!p.in_check());
    assert!(!has(&p, "d1d4"));
    // The own Adept on the path forbids the crush too.
    assert!(!has(&pos("7d/8/8/8/3b4/8/3D4/3G4 w - - 0 1"), "d1d4"));
}

#[test]
fn dug_50_moves_that_leave_the_adept_in_check_are_illegal() {
    // Filling the empty destination e2 of the black Golem's vector e5-e2, with the white Adept
    // on its path e3, would give check: the Bishop may not go there, nor the Adept to e2.
    let p = pos("7d/8/8/4g3/8/4D3/8/3B4 w - - 0 1");
    assert!(!has(&p, "d1e2") && has(&p, "d1c2"));
    assert!(!has(&p, "e3e2") && has(&p, "e3e4"));
    // A self-crush that empties the Archer b2 from the Bishop h8's diagonal to the Adept a1 is
    // illegal (the Golem lands on b1, off the diagonal); the Archer may move only along it.
    let p = pos("4d2b/8/8/8/1G6/8/1A6/DM6 w - - 0 1");
    assert!(!has(&p, "b4b1"));
    assert!(!has(&p, "b2a3") && has(&p, "b2c3"));
    // Taking the Golem that blocks another Golem's vector opens a check: the white Adept c1 is
    // the destination of the black Golem c4's vector, forbidden while the Golem c3 stands on
    // its path; Cb3xc3 would put an ordinary piece there instead.
    let p = pos("7d/8/8/8/2g5/1Cg5/8/2D5 w - - 0 1");
    assert!(!p.in_check());
    assert!(!has(&p, "b3c3"));
    assert!(has(&p, "b3b4"));
}

#[test]
fn dug_51_dug_74_checkmate_wins() {
    let mate = pos("d7/8/1D6/G3B3/8/8/8/8 b - - 0 1");
    assert!(mate.in_check());
    assert_eq!(mate.terminal(), won(Color::White, Reason::Checkmate));
    let g = play("d7/8/1D6/3GB3/8/8/8/8 w - - 0 1", &["d5a5"]);
    assert_eq!(g.outcome(), won(Color::White, Reason::Checkmate));
}

#[test]
fn dug_52_stalemate_draws() {
    let p = pos("d7/8/1D6/4B3/8/8/8/8 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(p.terminal(), drawn(Reason::Stalemate));
}

#[test]
fn dug_53_threefold_repetition() {
    assert_two_cycles_draw_by_repetition(pos(START_FEN), &["d1d4", "d8d5", "d4d1", "d5d8"]);
}

#[test]
fn dug_54_dug_77_fifty_move_rule() {
    // A Commander move (a promotion included) does not reset the clock.
    let g = play("7d/8/8/8/8/8/2C5/7D w - - 99 80", &["c2c3"]);
    assert_eq!(g.outcome(), drawn(Reason::FiftyMoveRule));
    let g = play("7d/8/8/8/8/8/2C5/7D w - - 98 80", &["c2c1g"]);
    assert_eq!(g.position().halfmove_clock(), 99);
    // A Mercenary move and any removal reset it, a Golem crushing only its own pieces too.
    assert_eq!(
        play("7d/8/8/8/8/8/2M5/7D w - - 99 80", &["c2c3"])
            .position()
            .halfmove_clock(),
        0
    );
    assert_eq!(
        play("7d/8/8/8/M7/8/8/G6D w - - 99 80", &["a1a4"])
            .position()
            .halfmove_clock(),
        0
    );
    // A checkmate on the 100th ply stands.
    let g = play("d7/8/1D6/3GB3/8/8/8/8 w - - 99 80", &["d5a5"]);
    assert_eq!(g.outcome().map(|o| o.reason()), Some(Reason::Checkmate));
}

#[test]
fn dug_55_insufficient_material() {
    let insufficient = [
        "7d/8/8/8/8/8/8/7D w - - 0 1",
        "7d/8/8/8/8/8/8/5B1D w - - 0 1",
        "7d/8/8/8/8/8/8/5A1D b - - 0 1",
        "1a5d/8/8/8/8/8/8/7D w - - 0 1",
    ];
    assert_drawn_for_insufficient_material(pos, &insufficient);
    for fen in insufficient {
        assert!(pos(fen).insufficient_material(), "{fen}");
    }
    for fen in [
        "7d/8/8/8/8/8/2C5/7D w - - 0 1",
        "7d/8/8/8/8/8/8/4BB1D w - - 0 1",
        "7d/8/8/8/8/8/8/4AB1D w - - 0 1",
        "1b5d/8/8/8/8/8/8/5B1D w - - 0 1",
        "7d/8/8/8/8/8/2M5/7D w - - 0 1",
        "7d/8/8/8/8/8/8/G6D w - - 0 1",
        "7d/8/8/8/8/8/8/S6D w - - 0 1",
    ] {
        assert!(!pos(fen).insufficient_material(), "{fen}");
    }
}

#[test]
fn dug_75_no_castling_and_no_en_passant() {
    assert!(matches!(
        Duggan::from_fen(
            "gabsdbag/mmmmmmmm/8/8/8/8/MMMMMMMM/GABSDBAG w KQkq - 0 1",
            &DugganOptions::default()
        ),
        Err(FenError::Castling(_))
    ));
    assert!(matches!(
        Duggan::from_fen(
            "gabsdbag/mmmmmmmm/8/8/4M3/8/MMMM1MMM/GABSDBAG b - e3 0 1",
            &DugganOptions::default()
        ),
        Err(FenError::EnPassant(_))
    ));
    // After a double step beside a black Mercenary nothing can take on the passed square.
    let g = play("7d/8/8/8/3m4/8/4M3/7D w - - 0 1", &["e2e4"]);
    assert!(tokens(g.position()).iter().all(|t| !t.ends_with("e3")));
    assert!(g.position().to_fen().contains(" b - - "));
    // The Adept has no two-square move.
    assert!(moves_from(&pos("7d/8/8/8/8/8/8/4D3 w - - 0 1"), "e1")
        .iter()
        .all(|t| !t.ends_with("g1") && !t.ends_with("c1")));
}

// ---------------------------------------------------------------------------------------------
// FEN and tokens (docs/notation.md §2.4, §3.4), options
// ---------------------------------------------------------------------------------------------

#[test]
fn fen_round_trips_and_optional_counters_default() {
    for fen in [
        START_FEN,
        "g2sdb1g/1mm2mm1/m1a1m2m/3mM3/2M2A2/M4M2/1MC2BMM/G2SD2G b - - 0 12",
        "4d3/1M3M2/8/3a4/5s2/8/2c3m1/3SD3 w - - 0 40",
        "3d4/8/2M5/8/8/1C6/2c5/4D3 w - - 17 50",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    assert_eq!(
        pos("7d/8/8/8/8/8/8/7D w - -").to_fen(),
        "7d/8/8/8/8/8/8/7D w - - 0 1"
    );
    assert_eq!(
        pos("7d/8/8/8/8/8/8/7D b - - 3").to_fen(),
        "7d/8/8/8/8/8/8/7D b - - 3 1"
    );
}

#[test]
fn malformed_fens_are_rejected_with_a_reason() {
    type Check = fn(&FenError) -> bool;
    let field_count: Check = |e| matches!(e, FenError::FieldCount { .. });
    let board: Check = |e| matches!(e, FenError::Board(_));
    let illegal: Check = |e| matches!(e, FenError::Illegal(_));
    let bad: [(&str, Check); 16] = [
        ("", field_count),
        ("gabsdbag/mmmmmmmm/8/8/8/8/MMMMMMMM w - - 0 1", board),
        (
            "gabsdbag/mmmmmmmm/9/8/8/8/MMMMMMMM/GABSDBAG w - - 0 1",
            board,
        ),
        (
            "gabsdbag/mmmmmmmm/44/8/8/8/MMMMMMMM/GABSDBAG w - - 0 1",
            board,
        ),
        (
            "gabsdbag/mmmmmmmm/8/8/8/8/MMMMMMMM/GABSDBAK w - - 0 1",
            |e| *e == FenError::UnknownPiece("K".to_string()),
        ),
        (
            "gabsdbag/mmmmmmmm/8/8/8/8/MMMMMMMM/GABSDBAG x - - 0 1",
            |e| matches!(e, FenError::Side(_)),
        ),
        (
            "gabsdbag/mmmmmmmm/8/8/8/8/MMMMMMMM/GABSDBAG w - - x 1",
            |e| matches!(e, FenError::Counters(_)),
        ),
        (
            "gabsdbag/mmmmmmmm/8/8/8/8/MMMMMMMM/GABSDBAG w - - 0 1 extra",
            field_count,
        ),
        // Not exactly one Adept per side.
        (
            "gabs1bag/mmmmmmmm/8/8/8/8/MMMMMMMM/GABSDBAG w - - 0 1",
            illegal,
        ),
        (
            "gabsdbag/mmmmmmmm/8/8/8/8/MMMMMMMM/GABDDBAG w - - 0 1",
            illegal,
        ),
        // A Mercenary on its last rank (DUG-23).
        ("M6d/8/8/8/8/8/8/7D w - - 0 1", illegal),
        ("7d/8/8/8/8/8/8/m6D w - - 0 1", illegal),
        // Castling or en passant (DUG-75).
        ("7d/8/8/8/8/8/8/7D w K - 0 1", |e| {
            matches!(e, FenError::Castling(_))
        }),
        ("7d/8/8/8/8/8/8/7D w - e3 0 1", |e| {
            matches!(e, FenError::EnPassant(_))
        }),
        // The side not to move in check.
        ("7d/8/8/8/8/8/8/6dD w - - 0 1", illegal),
        ("8/3a4/3b4/3d4/3G4/8/8/7D w - - 0 1", illegal),
    ];
    for (fen, expected) in bad {
        let e = Duggan::from_fen(fen, &DugganOptions::default()).expect_err(fen);
        assert!(expected(&e), "{fen}: {e:?}");
    }
}

#[test]
fn move_tokens_parse_back_and_junk_is_rejected() {
    for fen in [
        START_FEN,
        "4d3/1M3M2/8/3a4/5s2/8/2c3m1/3SD3 w - - 0 40",
        "ba1d4/1M6/8/8/8/8/8/D7 w - - 0 1",
        "7d/8/8/8/8/8/8/1bC4D w - - 0 1",
    ] {
        let p = pos(fen);
        let list = p.legal_moves();
        for &m in &list {
            assert_eq!(p.parse_move(&p.format_move(m)), Ok(m), "{fen}");
        }
        let mut t = tokens(&p);
        let n = t.len();
        t.dedup();
        assert_eq!(t.len(), n, "two moves print the same token in {fen}");
    }
    let p = pos("ba1d4/1M6/8/8/8/8/8/D7 w - - 0 1");
    for junk in [
        "", "b7", "b7b8", "b7b8q", "b7b8s", "b7b8g", "B7B8A", "0000", "h1h3", "b7b9a",
    ] {
        assert_eq!(
            p.parse_move(junk),
            Err(MoveError::Illegal {
                token: junk.to_string()
            }),
            "{junk}"
        );
    }
    let c = pos("7d/8/8/8/8/8/2C5/7D w - - 0 1");
    for junk in ["c2c1c", "c2c1m", "c2c1d", "c2c3a"] {
        assert_eq!(
            c.parse_move(junk),
            Err(MoveError::Illegal {
                token: junk.to_string()
            }),
            "{junk}"
        );
    }
}

#[test]
fn dug_22_dug_37_dug_38_engine_options() {
    let decls = grimoire_engine::variants::duggan::options::option_decls();
    let specs: Vec<_> = decls.iter().map(|d| d.spec.clone()).collect();
    let names: Vec<&str> = specs.iter().map(|o| o.name).collect();
    assert_eq!(
        names,
        [
            "MercenaryThreatStep",
            "CorneredAssassin",
            "CowardlyAssassin"
        ]
    );
    assert_eq!(specs[0].default, "move-or-capture");
    assert_eq!(specs[1].default, "false");
    assert_eq!(specs[2].default, "false");
    let mut o = DugganOptions::default();
    let set = |o: &mut _, name, value| set_by_name(&decls, o, name, value);
    set(&mut o, "MercenaryThreatStep", "capture-only").unwrap();
    set(&mut o, "corneredassassin", "true").unwrap();
    set(&mut o, "CowardlyAssassin", "true").unwrap();
    assert_eq!(
        o,
        DugganOptions {
            threat_step: ThreatStep::CaptureOnly,
            cornered_assassin: true,
            cowardly_assassin: true
        }
    );
    assert_bad_value(
        set(&mut o, "MercenaryThreatStep", "sometimes"),
        "MercenaryThreatStep",
    );
    assert!(matches!(
        set(&mut o, "CowardlyAssassin", "maybe"),
        Err(OptionError::BadValue { .. })
    ));
    assert_unknown_option(set(&mut o, "Ponder", "true"));
}

#[test]
fn render_shows_the_board_and_the_catalogue_names_the_types() {
    let r = pos(START_FEN).render();
    assert!(r.contains("| G | A | B | S | D | B | A | G | 1"));
    let names: Vec<(&str, &str)> = Duggan::piece_types()
        .iter()
        .map(|t| (t.code, t.name))
        .collect();
    for t in [("G", "Golem"), ("C", "Commander"), ("D", "Adept")] {
        assert!(names.contains(&t), "{t:?}");
    }
}
