//! ArchMage Chess rule tests, one group per ruling (IDs in the test names), on small set-up
//! positions whose expected actions are worked out by hand from `shared/rules/archmage.md`.

use grimoire_engine::options::set_by_name;
use grimoire_engine::rules::Reason;
use grimoire_engine::variants::archmage::*;
use grimoire_engine::{prelude::*, Color, Game, Geometry, MoveKind};

mod common;
use common::{assert_bad_value, assert_unknown_option, drawn, has, sorted, tokens, won};

/// A FEN from a piece list such as `"Kf1 ke10 Ra1"` (upper case White), a hand and the
/// remaining fields.
fn setup(pieces: &str, hand: &str, rest: &str) -> String {
    let mut board = [[None::<char>; 10]; 10];
    for tok in pieces.split_whitespace() {
        let mut chars = tok.chars();
        let letter = chars.next().unwrap();
        let sq = Geometry::Board10
            .parse(chars.as_str())
            .unwrap_or_else(|| panic!("bad square in {tok}"));
        let cell = &mut board[sq.row() as usize][sq.col() as usize];
        assert!(cell.is_none(), "{tok} placed twice");
        *cell = Some(letter);
    }
    let rows: Vec<String> = (0..10)
        .rev()
        .map(|r| {
            let mut s = String::new();
            let mut empty = 0;
            for cell in &board[r] {
                match *cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(c);
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    format!("{}[{hand}] {rest}", rows.join("/"))
}

fn pos_with(fen: &str, options: ArchMageOptions) -> ArchMage {
    ArchMage::from_fen(fen, &options).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn pos(fen: &str) -> ArchMage {
    pos_with(fen, ArchMageOptions::default())
}

/// Tokens of the actions from one square (ordinary moves, castling, switches listed there).
fn from(p: &ArchMage, square: &str) -> Vec<String> {
    let mut v: Vec<String> = tokens(p)
        .into_iter()
        .filter(|t| {
            t.starts_with(square) && !t[square.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    v.sort();
    v
}

fn play(p: &ArchMage, token: &str) -> ArchMage {
    let mv = p
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token} at {}: {e}", p.to_fen()));
    let mut next = p.clone();
    next.play(mv);
    assert_eq!(next.hash(), next.recompute_hash());
    next
}

fn piece_at(p: &ArchMage, square: &str) -> Option<(Color, u8)> {
    let sq = Geometry::Board10.parse(square).unwrap();
    let pc = p.board().piece_at(sq);
    pc.is_some().then(|| (pc.color(), pc.kind()))
}

// ---------------------------------------------------------------- ARC-1..6: board and start

#[test]
fn arc_1_to_6_start_position_hands_and_letters() {
    let p = ArchMage::start_position(&ArchMageOptions::default());
    assert_eq!(p.to_fen(), START_FEN);
    let expected: [(u8, u32); 14] = [
        (PAWN, 10),
        (MANTICORE, 2),
        (BISHOP, 2),
        (CENTAUR, 2),
        (PHOENIX, 2),
        (AMAZON, 1),
        (PRINCE, 1),
        (GRIFFON, 2),
        (ROOK, 2),
        (BUFFALO, 2),
        (SORCERESS, 1),
        (QUEEN, 1),
        (KING, 1),
        (MAGE, 1),
    ];
    for c in Color::BOTH {
        assert_eq!(p.board().color(c).count(), 30);
        for (kind, n) in expected {
            assert_eq!(
                p.board().pieces(c, kind).count(),
                n,
                "{c:?} {}",
                NAMES[kind as usize]
            );
        }
        assert_eq!(p.hand_count(c, DRAGON_KING), 1, "ARC-4");
        assert_eq!(p.hand_count(c, DRAGON_HORSE), 1, "ARC-4");
    }
    // ARC-3: Black mirrors White on the same files.
    assert_eq!(piece_at(&p, "f10"), Some((Color::Black, KING)));
    assert_eq!(piece_at(&p, "e10"), Some((Color::Black, QUEEN)));
    assert_eq!(piece_at(&p, "a9"), Some((Color::Black, MANTICORE)));
    // ARC-6: twenty different letters.
    let mut letters = LETTERS.to_vec();
    letters.sort();
    letters.dedup();
    assert_eq!(letters.len(), 20);
    assert_eq!(p.side_to_move(), Color::White, "ARC-5");
}

// ------------------------------------------------------- ARC-10/11: leaps versus slides

#[test]
fn arc_11_32_sorceress_leaps_over_blockers_queen_does_not() {
    // Start position: the Sorceress on d1 leaps to distance 3 over the Pawns; the Queen on
    // e1 and the Rooks are walled in (ARC-11, ARC-32).
    let p = ArchMage::start_position(&ArchMageOptions::default());
    let moves: Vec<String> = from(&p, "d1")
        .into_iter()
        .filter(|t| p.parse_move(t).unwrap().kind() == MoveKind::Normal)
        .collect();
    assert_eq!(moves, sorted(&["d1a4", "d1d4", "d1g4"]));
    assert!(from(&p, "e1")
        .iter()
        .all(|t| p.parse_move(t).unwrap().kind() == MoveKind::Switch));
    assert!(from(&p, "b1").is_empty());
}

#[test]
fn arc_29_archmage_leaps_at_2_and_3_then_slides_from_4() {
    // ArchMage on a1, own Pawns on a2 and b2 block its first squares north and north-east.
    let p = pos(&setup("Aa1 Pa2 Pb2 Kj1 kj10", "", "w - - 0 1"));
    let north: Vec<String> = from(&p, "a1")
        .into_iter()
        .filter(|t| &t[2..3] == "a" && p.parse_move(t).unwrap().kind() == MoveKind::Normal)
        .collect();
    // a3, a4 by leap; a5 and beyond need a2..a4 empty, and a2 is not.
    assert_eq!(north, sorted(&["a1a3", "a1a4"]));
    assert!(has(&p, "a1c3") && has(&p, "a1d4"), "diagonal leaps over b2");
    assert!(!has(&p, "a1e5"), "no slide past the blocker at b2");
    assert!(has(&p, "a1b3") && has(&p, "a1c2"), "Knight leaps");
    // With nothing in the way the slide continues to the edge.
    let open = pos(&setup("Aa1 Kj2 kh10", "", "w - - 0 1"));
    assert!(has(&open, "a1a10") && has(&open, "a1i9"));
}

#[test]
fn arc_31_33_34_41_leaper_patterns() {
    // Mage/Lion: 24 squares of the 5x5 box; Phoenix: W and A only; Buffalo: N, C, Z.
    let p = pos(&setup("Me5 Le6 Fd7 Ug4 Ka1 kj10", "", "w - - 0 1"));
    // The Mage's box holds the own Lion (e6), Phoenix (d7) and Buffalo (g4): 21 moves.
    let mage_moves = from(&p, "e5")
        .into_iter()
        .filter(|t| p.parse_move(t).unwrap().kind() == MoveKind::Normal)
        .count();
    assert_eq!(mage_moves, 24 - 3);
    assert_eq!(
        from(&p, "d7"),
        sorted(&["d7d8", "d7c7", "d7e7", "d7d6", "d7b9", "d7f9", "d7b5", "d7f5"])
    );
    assert!(
        !has(&p, "d7e8") && !has(&p, "d7d9"),
        "no F step, no D leap for the Phoenix"
    );
    let buffalo = from(&p, "g4");
    assert_eq!(buffalo.len(), 24 - 1, "Mage on e5 is a (2,1) target");
    assert!(
        !has(&p, "g4g5") && !has(&p, "g4h5"),
        "no adjacent move (ARC-41)"
    );
}

// --------------------------------------------------------------------- ARC-24..27: Pawns

#[test]
fn arc_25_double_step_from_relative_ranks_1_to_3_only() {
    // Pawns on a1 (first rank, after a switch), b2, c3, d4; Black Pawn h10.
    let p = pos(&setup("Pa1 Pb2 Pc3 Pd4 Kj1 kf10 ph10", "", "w - - 0 1"));
    for t in ["a1a3", "b2b4", "c3c5"] {
        let mv = p.parse_move(t).unwrap();
        assert_eq!(mv.kind(), MoveKind::DoublePush, "{t}");
    }
    assert!(!has(&p, "d4d6"), "relative rank 4 has no double step");
    // A slide: the square passed over must be empty.
    let blocked = pos(&setup("Pc3 Uc4 Kj1 kf10", "", "w - - 0 1"));
    assert!(!has(&blocked, "c3c5"));
    // Black's relative ranks: h10 is Black's first rank; it double-steps to h8.
    let b = pos(&setup("Kj1 kf10 ph10 pg7", "", "b - - 0 1"));
    assert!(has(&b, "h10h8"));
    assert!(!has(&b, "g7g5"), "rank 7 is Black's relative rank 4");
    // A Pawn on relative rank 1 may double-step to 3 and again later (ARC-25).
    let p2 = play(&play(&p, "a1a3"), "f10g10");
    assert!(has(&p2, "a3a5"));
}

#[test]
fn arc_26_27_en_passant_after_any_double_step_and_its_expiry() {
    // White Pawn f3 double-steps to f5 next to the Black Pawn e5.
    let p = pos(&setup("Pf3 Kj1 Ma1 kj10 pe5 mh10 ui9", "", "w - - 0 1"));
    let after = play(&p, "f3f5");
    assert_eq!(after.en_passant(), Geometry::Board10.parse("f4"));
    assert!(has(&after, "e5f4"));
    let taken = play(&after, "e5f4");
    assert_eq!(
        piece_at(&taken, "f5"),
        None,
        "the double-stepped Pawn is removed"
    );
    assert_eq!(piece_at(&taken, "f4"), Some((Color::Black, PAWN)));
    assert_eq!(taken.halfmove_clock(), 0, "ARC-93");
    // Any other action ends the right: here a switch by the Black Mage (ARC-27, ARC-58 c).
    let switched = play(&after, "h10i9");
    let back = play(&switched, "a1a3");
    assert!(!has(&back, "e5f4"));
    // A Pawn on relative rank 1 double-steps to 3: en passant still works (ARC-27).
    let low = pos(&setup("Pc1 Kj1 kj10 pd3", "", "w - - 0 1"));
    let low = play(&low, "c1c3");
    assert!(has(&low, "d3c2"));
}

#[test]
fn arc_27_58_a_switch_that_moves_a_pawn_two_squares_creates_no_en_passant() {
    // The Mage on f5 switches with the Pawn on f3: the Pawn moves two squares forward, next
    // to the Black Pawn on e5.
    let p = pos(&setup("Pf3 Mf5 Kj1 kj10 pe5", "", "w - - 0 1"));
    let after = play(&p, "f5f3");
    assert_eq!(piece_at(&after, "f5"), Some((Color::White, PAWN)));
    assert_eq!(after.en_passant(), None);
    assert!(!has(&after, "e5f4"));
    assert_eq!(
        after.halfmove_clock(),
        1,
        "a switch does not reset the clock (ARC-58 d)"
    );
}

// --------------------------------------------------------------- ARC-28, ARC-47..50: promotion

#[test]
fn arc_28_47_48_promotion_by_move_every_choice_set() {
    let p = pos(&setup(
        "Pa9 Ib9 Rc9 Bd9 Me9 Sf9 Fg9 Th9 Ka1 kj6",
        "",
        "w - - 0 1",
    ));
    let promos = |sq: &str| -> Vec<String> {
        from(&p, sq)
            .into_iter()
            .filter(|t| t.contains("10"))
            .collect()
    };
    assert_eq!(promos("a9"), sorted(&["a9a10a"]));
    assert_eq!(
        promos("b9"),
        sorted(&[
            "b9b10z", "b9b10l", "b9b10x", "b9b10g", "b9a10z", "b9a10l", "b9a10x", "b9a10g",
            "b9c10z", "b9c10l", "b9c10x", "b9c10g"
        ])
    );
    assert!(
        promos("c9").iter().all(|t| t.ends_with('c')),
        "Rook -> Chancellor"
    );
    assert!(
        promos("d9").iter().all(|t| t.ends_with('j')),
        "Bishop -> Archbishop"
    );
    assert!(
        promos("e9").iter().all(|t| t.ends_with('a')),
        "Mage -> ArchMage"
    );
    assert!(
        promos("f9").iter().all(|t| t.ends_with('a')),
        "Sorceress -> ArchMage"
    );
    assert!(
        promos("g9").iter().all(|t| t.ends_with('l')),
        "Phoenix -> Lion"
    );
    assert!(
        promos("h9").iter().all(|t| t.ends_with('l')),
        "Centaur -> Lion"
    );
    let q = play(&p, "b9b10g");
    assert_eq!(piece_at(&q, "b10"), Some((Color::White, GRIFFON)));
    // ARC-49: a promoting type on its last rank is an invalid set-up.
    assert!(matches!(
        ArchMage::from_fen(
            &setup("Pa10 Ka1 kj6", "", "w - - 0 1"),
            &ArchMageOptions::default()
        ),
        Err(FenError::Illegal(_))
    ));
    assert!(matches!(
        ArchMage::from_fen(
            &setup("Ka1 kj6 mc1", "", "w - - 0 1"),
            &ArchMageOptions::default()
        ),
        Err(FenError::Illegal(_))
    ));
}

#[test]
fn arc_56_promotion_by_switch_both_pieces_checked() {
    // The ArchMage on d10 switches with the Pawn on e9: the Pawn lands on d10, its last
    // rank, and becomes an ArchMage.
    let p = pos(&setup("Ad10 Pe9 Ic8 Mb9 Ka1 kj6", "", "w - - 0 1"));
    assert!(has(&p, "d10e9a"), "Pawn switched onto its last rank");
    assert!(!has(&p, "d10e9"), "promotion is mandatory");
    let q = play(&p, "d10e9a");
    assert_eq!(piece_at(&q, "d10"), Some((Color::White, ARCHMAGE)));
    assert_eq!(piece_at(&q, "e9"), Some((Color::White, ARCHMAGE)));
    // A Prince switched onto the last rank gives four choices.
    for k in ["z", "l", "x", "g"] {
        assert!(has(&p, &format!("d10c8{k}")), "{k}");
    }
    // A Mage switching onto its last rank becomes an ArchMage: Mage b9 with ArchMage d10,
    // written from the smaller square (ARC-55).
    assert!(has(&p, "b9d10a") && !has(&p, "d10b9a"));
    let r = play(&p, "b9d10a");
    assert_eq!(piece_at(&r, "d10"), Some((Color::White, ARCHMAGE)));
    assert_eq!(piece_at(&r, "b9"), Some((Color::White, ARCHMAGE)));
}

// --------------------------------------------------------------- ARC-35/36, ARC-E1: Prince

#[test]
fn arc_35_36_e1_prince_two_step_slide_leap_option_no_capture_no_check() {
    let fen = setup("Ie5 Pe6 Ka1 kj10 ue3", "", "w - - 0 1");
    let p = pos(&fen);
    let two: Vec<String> = from(&p, "e5")
        .into_iter()
        .filter(|t| ["e5c5", "e5g5", "e5e7", "e5e3"].contains(&t.as_str()))
        .collect();
    // e7: middle e6 is occupied (slide); e3: occupied by an enemy (never captures).
    assert_eq!(two, sorted(&["e5c5", "e5g5"]));
    let leap = pos_with(
        &fen,
        ArchMageOptions {
            prince_double_step_leap: true,
            ..ArchMageOptions::default()
        },
    );
    assert!(
        has(&leap, "e5e7"),
        "ARC-E1 on: the middle square is ignored"
    );
    assert!(!has(&leap, "e5e3"), "still never captures");
    // ARC-36: the two-step attacks nothing: a King two squares away may stay.
    let q = pos(&setup("Ie5 Ka1 ke7", "", "b - - 0 1"));
    assert!(!q.in_check());
    assert!(has(&q, "e7e8"));
    assert!(!has(&q, "e7e6"), "e6 is next to the Prince");
}

// ------------------------------------------------------- ARC-44..46: bent riders

#[test]
fn arc_44_manticore_first_step_capture_ends_and_slides_go_outward_only() {
    // Manticore e5; enemy Pawn on e6 (first step north), own Pawn on f5 (first step east).
    let p = pos(&setup("Xe5 Pf5 Ka1 kj10 pe6", "", "w - - 0 1"));
    // North: capture on e6 and stop. East: own Pawn, nothing. South: e4, then the two
    // outward diagonals; west: d5, then the two outward diagonals. Never diagonally adjacent.
    assert_eq!(
        from(&p, "e5"),
        sorted(&[
            "e5e6", "e5e4", "e5f3", "e5g2", "e5h1", "e5d3", "e5c2", "e5b1", "e5d5", "e5c6", "e5b7",
            "e5a8", "e5c4", "e5b3", "e5a2"
        ])
    );
}

#[test]
fn arc_45_46_griffon_paths_check_and_blocking() {
    // Griffon a1 checks the King on b5 via b2 -> b5 (first step diagonal, then north).
    let p = pos(&setup("Ga1 Ka10 kb5", "", "b - - 0 1"));
    assert!(p.in_check());
    // Black has a summoner? No: the King must step out of the line (b4, b6 stay attacked? b6
    // is on the same north line further out, ARC-81).
    assert!(!has(&p, "b5b6") && !has(&p, "b5b4"));
    assert!(has(&p, "b5a5") || has(&p, "b5c5") || has(&p, "b5a6"));
    // A piece on the first-step square b2 blocks both continuations (ARC-46).
    let q = pos(&setup("Ga1 Ka10 kb5 pb2", "", "b - - 0 1"));
    assert!(!q.in_check());
    // A drop may interpose on the path (ARC-64): Black Mage c4 next to b3/b4.
    let r = pos(&setup("Ga1 Ka10 kb5 mc3", "d", "b - - 0 1"));
    assert!(r.in_check());
    assert!(has(&r, "D@b3") && has(&r, "D@b4") && has(&r, "D@b2"));
    assert!(
        !has(&r, "D@d4"),
        "a drop that does not block is illegal in check"
    );
    assert!(
        !tokens(&r).iter().any(|t| p_is_switch(&r, t)),
        "no switch in check (ARC-57)"
    );
}

fn p_is_switch(p: &ArchMage, t: &str) -> bool {
    p.parse_move(t)
        .map(|m| m.kind() == MoveKind::Switch)
        .unwrap_or(false)
}

// ------------------------------------------------------- ARC-51..58: the Positional Switch

#[test]
fn arc_51_53_switch_radius_partners_and_no_path() {
    // Mage d4, own pieces at distance 1..4; the King and enemy pieces are never partners.
    let p = pos(&setup("Md4 Pd5 Bg7 Rh8 Kc3 Ua1 kj10 pe4", "", "w - - 0 1"));
    let switches: Vec<String> = tokens(&p)
        .into_iter()
        .filter(|t| p_is_switch(&p, t))
        .collect();
    assert_eq!(switches, sorted(&["d4d5", "d4g7", "d4a1"]));
    let q = play(&p, "d4g7");
    assert_eq!(piece_at(&q, "g7"), Some((Color::White, MAGE)));
    assert_eq!(piece_at(&q, "d4"), Some((Color::White, BISHOP)));
}

#[test]
fn arc_54_55_e2_same_type_switch_and_unordered_pairs() {
    let fen = setup("Md4 Mf5 Se3 Ka1 kj10", "", "w - - 0 1");
    let p = pos(&fen);
    let switches: Vec<String> = tokens(&p)
        .into_iter()
        .filter(|t| p_is_switch(&p, t))
        .collect();
    // Three summoners, three unordered pairs (ARC-55), the Mage pair included (ARC-54).
    assert_eq!(switches, sorted(&["d4f5", "e3d4", "e3f5"]));
    // Both orders parse to the same action; canonical output puts the smaller index first.
    assert_eq!(p.parse_move("f5d4").unwrap(), p.parse_move("d4f5").unwrap());
    assert_eq!(p.parse_move("e3d4").unwrap(), p.parse_move("d4e3").unwrap());
    // A same-type switch acts as a pass: the board is unchanged, the turn passes.
    let pass = play(&p, "d4f5");
    assert_eq!(pass.board(), p.board());
    assert_eq!(pass.side_to_move(), Color::Black);
    let off = pos_with(
        &fen,
        ArchMageOptions {
            same_type_switch: false,
            ..ArchMageOptions::default()
        },
    );
    let switches: Vec<String> = tokens(&off)
        .into_iter()
        .filter(|t| p_is_switch(&off, t))
        .collect();
    assert_eq!(switches, sorted(&["e3d4", "e3f5"]), "ARC-E2 off");
}

#[test]
fn arc_57_switch_legal_iff_not_in_check_pinned_pieces_may_switch() {
    // The Bishop e2 is pinned by the Rook e9 against the King e1; it may still switch.
    let p = pos(&setup("Ke1 Be2 Mf3 re9 kj10", "", "w - - 0 1"));
    assert!(has(&p, "f3e2"));
    // In check, no switch at all, even one that would block nothing anyway.
    let q = pos(&setup("Ke1 Mf3 Bb7 re9 kj10", "", "w - - 0 1"));
    assert!(q.in_check());
    assert!(!tokens(&q).iter().any(|t| p_is_switch(&q, t)));
}

// ------------------------------------------------------- ARC-60..65: Dragon summoning

#[test]
fn arc_61_drops_next_to_summoners_only_once_per_square() {
    // Two summoners share neighbours; each (type, square) pair is one action.
    let p = pos(&setup("Md4 Se4 Pd5 Kj1 kj10", "DH", "w - - 0 1"));
    let drops: Vec<String> = tokens(&p).into_iter().filter(|t| t.contains('@')).collect();
    // Squares adjacent to d4 or e4 (c3..f5 box minus d4, e4), less d5 (occupied): 10 - 1.
    assert_eq!(drops.len(), 2 * 9);
    assert!(drops.contains(&"D@f5".to_string()) && !drops.contains(&"D@d5".to_string()));
    let q = play(&p, "D@f5");
    assert_eq!(q.hand_count(Color::White, DRAGON_KING), 0);
    assert_eq!(piece_at(&q, "f5"), Some((Color::White, DRAGON_KING)));
    assert_eq!(
        q.halfmove_clock(),
        1,
        "ARC-65: a drop does not reset the clock"
    );
    // No summoner, no drop (ARC-61).
    let r = pos(&setup("Kj1 kj10 Pa3", "DH", "w - - 0 1"));
    assert!(!tokens(&r).iter().any(|t| t.contains('@')));
}

#[test]
fn arc_62_captured_dragons_enter_the_capturers_hand() {
    // The White King takes a Black Dragon Horse; a Black Pawn takes a White Dragon King with
    // a promotion.
    let p = pos(&setup("Ke1 Dc9 kj10 he2", "", "w - - 0 1"));
    let p = play(&p, "e1e2");
    assert_eq!(p.hand_count(Color::White, DRAGON_HORSE), 1);
    assert_eq!(p.halfmove_clock(), 0);
    let q = pos(&setup("Ka1 Dc1 kj10 pd2", "", "b - - 0 1"));
    let q = play(&q, "d2c1a");
    assert_eq!(q.hand_count(Color::Black, DRAGON_KING), 1);
    assert_eq!(piece_at(&q, "c1"), Some((Color::Black, ARCHMAGE)));
    // ARC-63: more than two of a Dragon type is invalid.
    assert!(matches!(
        ArchMage::from_fen(
            &setup("Ka1 Dc1 Dd1 kj10", "d", "w - - 0 1"),
            &ArchMageOptions::default()
        ),
        Err(FenError::Illegal(_))
    ));
}

// ---------------------------------------------------------------- ARC-70..72: castling

const CASTLE_BASE: &str = "Rb1 Kf1 Ri1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2 kf10";

#[test]
fn arc_70_71_castling_geometry_and_conditions() {
    let p = pos(&setup(CASTLE_BASE, "", "w KQ - 0 1"));
    assert!(has(&p, "f1h1") && has(&p, "f1d1"));
    let i = play(&p, "f1h1");
    assert_eq!(piece_at(&i, "h1"), Some((Color::White, KING)));
    assert_eq!(piece_at(&i, "g1"), Some((Color::White, ROOK)));
    let b = play(&p, "f1d1");
    assert_eq!(piece_at(&b, "d1"), Some((Color::White, KING)));
    assert_eq!(piece_at(&b, "e1"), Some((Color::White, ROOK)));
    assert_eq!(b.castling() & (WHITE_ISIDE | WHITE_BSIDE), 0);
    // Condition 3: c1 occupied stops the b-side.
    let c = pos(&setup(&format!("{CASTLE_BASE} Uc1"), "", "w KQ - 0 1"));
    assert!(!has(&c, "f1d1") && has(&c, "f1h1"));
    // Condition 5: the crossed square e1 attacked (Black Rook on e9 over an open e-file).
    let open_e = CASTLE_BASE.replace("Pe2 ", "");
    let e = pos(&setup(&format!("{open_e} re9"), "", "w KQ - 0 1"));
    assert!(!has(&e, "f1d1") && has(&e, "f1h1"));
    // c1 and the Rook's square may be attacked (Black Bishop on the c1-h6 diagonal? use a
    // Black Rook on the open c-file).
    let open_c = CASTLE_BASE.replace("Pc2 ", "");
    let cc = pos(&setup(&format!("{open_c} rc9"), "", "w KQ - 0 1"));
    assert!(has(&cc, "f1d1"));
}

#[test]
fn arc_71_condition_6_the_king_not_attacked_after_castling() {
    // An enemy Queen on a1 is blocked by the castling Rook on b1; after castling the Rook
    // stands on e1, beyond d1, so the Queen hits the King on d1 through b1 and c1.
    let p = pos(&setup(&format!("{CASTLE_BASE} qa1"), "", "w KQ - 0 1"));
    assert!(!p.in_check());
    assert!(
        !has(&p, "f1d1"),
        "ARC-71.6: the King would stand in the a1 Rook's line"
    );
    // An enemy Griffon on j2 whose path runs through i1 towards h1 (first step i1, then west).
    let base = CASTLE_BASE.replace("Pj2 ", "");
    let q = pos(&setup(&format!("{base} gj2"), "", "w KQ - 0 1"));
    assert!(!q.in_check());
    assert!(!has(&q, "f1h1"), "ARC-71.6 with the Griffon");
    assert!(has(&q, "f1d1"));
    // Condition 4: not in check.
    let in_check = pos(&setup(
        &format!(
            "{} rf9",
            CASTLE_BASE.replace("Pf2 ", "").replace("kf10", "kj10")
        ),
        "",
        "w KQ - 0 1",
    ));
    assert!(in_check.in_check());
    assert!(!has(&in_check, "f1h1") && !has(&in_check, "f1d1"));
}

#[test]
fn arc_72_rights_lost_by_king_rook_switch_and_capture() {
    let p = pos(&setup(&format!("{CASTLE_BASE} Mc1"), "", "w KQ - 0 1"));
    // A switch with the Rook on b1 loses the b-side right (ARC-58 a).
    let s = play(&p, "c1b1");
    assert_eq!(s.castling() & WHITE_BSIDE, 0);
    assert_ne!(s.castling() & WHITE_ISIDE, 0);
    // The Rook moving loses it; the King moving loses both.
    let k = play(&p, "f1g1");
    assert_eq!(k.castling() & (WHITE_ISIDE | WHITE_BSIDE), 0);
    // A capture on i10 loses Black's i-side right.
    let black = pos(&setup("Ka1 rb10 kf10 ri10 Ri5", "", "w kq - 0 1"));
    let taken = play(&black, "i5i10c");
    assert_eq!(
        taken.castling(),
        BLACK_BSIDE,
        "a capture on i10 loses Black's i-side right"
    );
}

// ------------------------------------------------------- ARC-80..82: attack and legality

#[test]
fn arc_81_king_cannot_step_along_the_checking_line() {
    let p = pos(&setup("Ke1 qa1 kj10", "", "w - - 0 1"));
    assert!(p.in_check());
    assert!(
        !has(&p, "e1f1"),
        "f1 is attacked through e1's former square"
    );
    assert!(has(&p, "e1e2"));
}

#[test]
fn arc_81_a_double_check_can_be_blocked_where_two_lines_share_squares() {
    // The Manticore e7 checks h3 along e6-f5-g4 (first step south, then south-east), and the
    // Bishop a10 along the same diagonal: one Rook move to f5 blocks both.
    let p = pos(&setup("Kh3 Rf1 xe7 ba10 kj10", "", "w - - 0 1"));
    assert_eq!(p.checkers().count(), 2);
    let others: Vec<String> = tokens(&p)
        .into_iter()
        .filter(|t| !t.starts_with("h3"))
        .collect();
    assert_eq!(others, sorted(&["f1f5"]));
}

// ------------------------------------------------------------------ ARC-90..95: game end

#[test]
fn arc_90_91_checkmate_and_stalemate_with_dragons_in_hand() {
    // Back-rank mate: King h1 boxed by its Pawns, Black Rook on a1.
    let mate = pos(&setup("Kh1 Pg2 Ph2 Pi2 qa1 kj10", "DH", "w - - 0 1"));
    assert_eq!(mate.terminal(), won(Color::Black, Reason::Checkmate));
    // Stalemate: Dragons in hand do not prevent it without a summoner (ARC-91).
    let stale = pos(&setup("Ka1 qc2 kj10", "DH", "w - - 0 1"));
    assert_eq!(stale.terminal(), drawn(Reason::Stalemate));
}

#[test]
fn arc_93_94_clock_and_bare_kings() {
    let p = pos(&setup("Ka1 Mc3 kj10", "D", "w - - 99 80"));
    assert_eq!(
        play(&p, "D@c4").terminal().map(|o| o.reason()),
        Some(Reason::FiftyMoveRule)
    );
    let bare = pos(&setup("Ka1 kj10", "DHdh", "w - - 0 1"));
    assert_eq!(
        bare.terminal().map(|o| o.reason()),
        Some(Reason::InsufficientMaterial)
    );
}

#[test]
fn arc_92_repetition_compares_hands_over_the_whole_game() {
    // The Kings shuffle; the start position occurs a third time after eight plies.
    let start = pos(&setup("Ka1 Mc3 kj10 mh8", "D", "w - - 0 1"));
    let mut g = Game::new(start.clone());
    for t in [
        "a1a2", "j10j9", "a2a1", "j9j10", "a1a2", "j10j9", "a2a1", "j9j10",
    ] {
        g.play_token(t).unwrap();
    }
    assert_eq!(g.outcome().map(|o| o.reason()), Some(Reason::Repetition));
    // The same placement with a different hand is a different position.
    let other = pos(&setup("Ka1 Mc3 kj10 mh8", "", "w - - 0 1"));
    assert_ne!(other.hash(), start.hash());
    // Whole-game history (ARC-92): a Pawn steps forward, is switched back behind the Mage
    // and steps again, the Mage leaps home; Pawn moves reset the clock, yet the start
    // position recurs and the third occurrence draws.
    let start = pos(&setup("Ka1 Mc2 Pc3 kj10", "", "w - - 0 1"));
    let mut g = Game::new(start);
    let cycle = [
        "c3c4", "j10j9", "c2c4", "j9j10", "c2c3", "j10j9", "c4c2", "j9j10",
    ];
    for t in cycle {
        g.play_token(t).unwrap();
    }
    assert_eq!(g.outcome(), None, "second occurrence");
    for t in cycle {
        g.play_token(t).unwrap();
    }
    assert_eq!(g.outcome().map(|o| o.reason()), Some(Reason::Repetition));
}

// ---------------------------------------------------------------- notation and bad input

#[test]
fn notation_round_trips_and_bad_input_is_an_error() {
    let o = ArchMageOptions::default();
    type Check = fn(&FenError) -> bool;
    let hand: Check = |e| matches!(e, FenError::Field { field: "hand", .. });
    let board: Check = |e| matches!(e, FenError::Board(_));
    let bad: [(&str, Check); 9] = [
        ("", |e| matches!(e, FenError::FieldCount { found: 0, .. })),
        ("grusqkmurg/xbtfziftbx/pppppppppp/10/10/10/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMURG w KQkq - 0 1", hand),
        ("grusqkmurg/xbtfziftbx/pppppppppp/10/10/10/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMURG[DHdhX] w KQkq - 0 1", hand),
        ("grusqkmurg/xbtfziftbx/pppppppppp/10/10/10/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMURG[DHdh] x KQkq - 0 1", |e| matches!(e, FenError::Side(_))),
        ("grusqkmurg/xbtfziftbx/pppppppppp/10/10/10/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMUR[DHdh] w KQkq - 0 1", board),
        ("grusqkmurg/xbtfziftbx/pppppppppp/55/10/10/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMURG[DHdh] w KQkq - 0 1", board),
        ("grusqkmurg/xbtfziftbx/pppppppppp/10/10/10/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMURG[DHdh] w KQkq e5 0 1", |e| matches!(e, FenError::EnPassant(_))),
        ("grusqkmurg/xbtfziftbx/pppppppppp/10/10/10/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMURG[DHdh] w KQkqK - 0 1", |e| matches!(e, FenError::Castling(_))),
        ("grusqkmurg/xbtfziftbx/pppppppppp/10/10/10/10/PPPPPPPPPP/XBTFZIFTBX/GRUSQKMURG[DDDHdh] w KQkq - 0 1", hand),
    ];
    for (fen, expected) in bad {
        let e = ArchMage::from_fen(fen, &o).expect_err(fen);
        assert!(expected(&e), "{fen}: {e:?}");
    }
    let p = ArchMage::start_position(&o);
    for bad in ["", "e3", "e3e5x", "D@e5", "K@e5", "z1z2", "e3e6", "0000"] {
        assert_eq!(
            p.parse_move(bad),
            Err(MoveError::Illegal {
                token: bad.to_string()
            }),
            "{bad}"
        );
    }
    let mut opts = o;
    let decls = grimoire_engine::variants::archmage::options::option_decls();
    let set = |o: &mut _, name, value| set_by_name(&decls, o, name, value);
    assert_bad_value(set(&mut opts, "SameTypeSwitch", "maybe"), "SameTypeSwitch");
    assert_unknown_option(set(&mut opts, "NoSuchOption", "true"));
    assert!(set(&mut opts, "PrinceDoubleStepLeap", "true").is_ok());
    assert!(opts.prince_double_step_leap);
    // The FEN's leniency: the clocks may be left off.
    assert_eq!(
        ArchMage::from_fen(START_FEN.trim_end_matches(" 0 1"), &o)
            .unwrap()
            .to_fen(),
        START_FEN
    );
}

#[test]
fn render_shows_the_ten_by_ten_board_and_both_hands() {
    let p = pos(&setup("Ka1 Mc3 kj10", "DHh", "w - - 0 1"));
    let text = p.render();
    assert!(text.contains("a   b   c   d   e   f   g   h   i   j"));
    assert!(text.contains("| 10"));
    assert!(text.contains("Hand white: Dragon King 1, Dragon Horse 1"));
    assert!(text.contains("Hand black: Dragon King 0, Dragon Horse 1"));
    let view = p.view();
    assert_eq!(view.squares.len(), 100);
    let black_hand: Vec<(&str, &str, u32)> = view.hands[1]
        .iter()
        .map(|u| (u.code.as_str(), u.name.as_str(), u.count))
        .collect();
    assert_eq!(black_hand, [("H", "Dragon Horse", 1)]);
}

// ------------------------------------------- review: every piece type, counted by hand

/// The legal ordinary moves of the piece on `square` (switches and drops left out).
fn moves_from(p: &ArchMage, square: &str) -> Vec<String> {
    from(p, square)
        .into_iter()
        .filter(|t| p.parse_move(t).unwrap().kind() != MoveKind::Switch)
        .collect()
}

/// One White piece of each type on e5 of an otherwise empty board (Kings on j3 and b10, which
/// no piece on e5 reaches), and its move count worked out from the catalogue: e5 has 4 files
/// to the west, 5 to the east, 4 ranks below and 5 above.
const OPEN_BOARD_COUNTS: [(char, usize); 19] = [
    ('Q', 35), // ARC-21: 18 orthogonal + 17 diagonal
    ('R', 18), // ARC-22: 4 + 5 + 4 + 5
    ('B', 17), // ARC-23: 5 NE + 4 NW + 4 SE + 4 SW
    ('P', 1),  // ARC-24: e6 only (relative rank 5, no double step)
    ('A', 43), // ARC-29: the Queen's 35 (distance 2..3 leaps land on them too) + 8 Knight
    ('M', 24), // ARC-31: the 5x5 box
    ('S', 24), // ARC-32: distance 1..3 on 8 lines
    ('L', 24), // ARC-33
    ('F', 8),  // ARC-34: 4 W + 4 A
    ('I', 12), // ARC-35: 8 steps + 4 two-steps
    ('Z', 43), // ARC-37: 35 + 8
    ('J', 25), // ARC-38: 17 + 8
    ('C', 26), // ARC-39: 18 + 8
    ('T', 16), // ARC-40: 8 + 8
    ('U', 24), // ARC-41: 8 N + 8 C + 8 Z
    ('D', 22), // ARC-42: 18 + 4 F
    ('H', 21), // ARC-43: 17 + 4 W
    ('X', 32), // ARC-44: north 1+4+4, south 1+3+3, east 1+4+4, west 1+3+3
    ('G', 32), // ARC-45: NE 1+4+4, NW 1+4+3, SE 1+3+4, SW 1+3+3
];

#[test]
fn arc_20_to_46_every_piece_type_on_an_open_board() {
    for (letter, expected) in OPEN_BOARD_COUNTS {
        let p = pos(&setup(&format!("{letter}e5 Kj3 kb10"), "", "w - - 0 1"));
        assert_eq!(moves_from(&p, "e5").len(), expected, "{letter} on e5");
    }
    // ARC-20: the King (the only White King here).
    let k = pos(&setup("Ke5 kb10", "", "w - - 0 1"));
    assert_eq!(moves_from(&k, "e5").len(), 8);
}

/// The same pieces with a Black Pawn on each of the 8 neighbours of e5: slides and bent
/// riders capture there and stop, leaps go on over them (ARC-11, ARC-29..46).
const SURROUNDED_COUNTS: [(char, usize); 19] = [
    ('Q', 8),  // 8 captures
    ('R', 4),  // 4 captures
    ('B', 4),  // 4 captures
    ('P', 2),  // e6 blocked; captures on d6 and f6 (ARC-26)
    ('A', 32), // 8 captures + 16 leaps at distance 2..3 + 8 Knight; nothing from distance 4
    ('M', 24), // all leaps
    ('S', 24), // all leaps
    ('L', 24),
    ('F', 8),  // 4 W captures + 4 A leaps
    ('I', 8),  // 8 captures; the two-step is a slide, its middle square is taken
    ('Z', 16), // 8 + 8 Knight
    ('J', 12), // 4 + 8
    ('C', 12), // 4 + 8
    ('T', 16), // 8 + 8
    ('U', 24), // no adjacent move at all
    ('D', 8),  // 4 + 4 F captures
    ('H', 8),  // 4 + 4 W captures
    ('X', 4),  // the first step captures and ends the move (ARC-44)
    ('G', 4),  // likewise (ARC-45)
];

const RING: &str = "pd4 pe4 pf4 pd5 pf5 pd6 pe6 pf6";

#[test]
fn arc_11_leaps_pass_blockers_slides_and_bent_riders_stop_at_them() {
    for (letter, expected) in SURROUNDED_COUNTS {
        let p = pos(&setup(
            &format!("{letter}e5 Kj3 kb10 {RING}"),
            "",
            "w - - 0 1",
        ));
        assert_eq!(moves_from(&p, "e5").len(), expected, "{letter} on e5");
    }
    // ARC-E1 on: the Prince's two-step leaps the ring, but still lands on empty squares only.
    let leap = pos_with(
        &setup(&format!("Ie5 Kj3 kb10 {RING}"), "", "w - - 0 1"),
        ArchMageOptions {
            prince_double_step_leap: true,
            ..ArchMageOptions::default()
        },
    );
    let moves = moves_from(&leap, "e5");
    assert_eq!(moves.len(), 12);
    assert!(["e5c5", "e5g5", "e5e3", "e5e7"]
        .iter()
        .all(|t| moves.contains(&t.to_string())));
}

#[test]
fn arc_45_griffon_first_diagonal_step_captures_and_ends_slides_go_outward() {
    // Griffon e5: enemy Pawn on f6 (first step NE), own Pawn on d6 (first step NW).
    let p = pos(&setup("Ge5 Pd6 Kj10 ka10 pf6", "", "w - - 0 1"));
    assert_eq!(
        moves_from(&p, "e5"),
        sorted(&[
            "e5f6", "e5f4", "e5f3", "e5f2", "e5f1", "e5g4", "e5h4", "e5i4", "e5j4", "e5d4", "e5d3",
            "e5d2", "e5d1", "e5c4", "e5b4", "e5a4"
        ])
    );
}

#[test]
fn arc_36_prince_promotes_by_its_two_step_with_four_choices() {
    let p = pos(&setup("Ie8 Ka1 kj1", "", "w - - 0 1"));
    for k in ["z", "l", "x", "g"] {
        assert!(has(&p, &format!("e8e10{k}")), "{k}");
    }
    assert!(!has(&p, "e8e10"), "ARC-48: promotion is mandatory");
    let q = play(&p, "e8e10x");
    assert_eq!(piece_at(&q, "e10"), Some((Color::White, MANTICORE)));
    // The middle square taken: no two-step (a slide), unless ARC-E1 makes it a leap.
    let fen = setup("Ie8 Pe9 Ka1 kj1", "", "w - - 0 1");
    assert!(!tokens(&pos(&fen)).iter().any(|t| t.starts_with("e8e10")));
    let leap = pos_with(
        &fen,
        ArchMageOptions {
            prince_double_step_leap: true,
            ..ArchMageOptions::default()
        },
    );
    assert!(has(&leap, "e8e10l"));
}

#[test]
fn arc_80_a_pawns_forward_squares_are_not_attacked() {
    // ARC-26, ARC-80: the Black King may stand right in front of the White Pawn on e5, not on
    // its diagonally forward squares.
    let p = pos(&setup("Pe5 Ka1 ke7", "", "b - - 0 1"));
    assert!(has(&p, "e7e6"));
    assert!(!has(&p, "e7d6") && !has(&p, "e7f6"));
}

// ------------------------------------------------- review: promotion by switch, every type

#[test]
fn arc_56_every_promoting_partner_of_a_summoner_on_the_last_rank() {
    // The ArchMage on e10 (it never promotes) switches with each partner within distance 3;
    // the partner lands on e10, White's last rank, and promotes (ARC-47, ARC-56).
    let p = pos(&setup(
        "Ae10 Pd9 Rf9 Bc8 Fg8 Th7 Mb7 Sd7 Ie7 Qf7 Ka1 kj4",
        "",
        "w - - 0 1",
    ));
    let switches: Vec<String> = tokens(&p)
        .into_iter()
        .filter(|t| t.contains("e10") && p_is_switch(&p, t))
        .collect();
    assert_eq!(
        switches,
        sorted(&[
            "e10d9a", "e10f9c", "e10c8j", "e10g8l", "e10h7l", "b7e10a", "d7e10a", "e10e7z",
            "e10e7l", "e10e7x", "e10e7g", "e10f7"
        ])
    );
    let q = play(&p, "e10c8j");
    assert_eq!(piece_at(&q, "e10"), Some((Color::White, ARCHBISHOP)));
    assert_eq!(piece_at(&q, "c8"), Some((Color::White, ARCHMAGE)));
    // A Black Sorceress switching onto rank 1 (Black's last rank) becomes an ArchMage.
    let b = pos(&setup("Ka10 kj10 sc3 qd1", "", "b - - 0 1"));
    assert!(!has(&b, "c3d1"), "ARC-48: mandatory");
    let b = play(&b, "c3d1a");
    assert_eq!(piece_at(&b, "d1"), Some((Color::Black, ARCHMAGE)));
    assert_eq!(piece_at(&b, "c3"), Some((Color::Black, QUEEN)));
}

#[test]
fn arc_58_b_a_pawn_switched_to_its_first_rank_double_steps_from_there() {
    let p = pos(&setup("Md1 Pc3 Kj1 kj10", "", "w - - 0 1"));
    let q = play(&play(&p, "d1c3"), "j10j9");
    assert_eq!(piece_at(&q, "d1"), Some((Color::White, PAWN)));
    assert_eq!(q.parse_move("d1d3").unwrap().kind(), MoveKind::DoublePush);
}

// ------------------------------------------------ review: Dragons, drops, hands

#[test]
fn arc_62_a_captured_dragon_is_dropped_back_in_the_capturers_colour() {
    let p = pos(&setup("Ka1 Mc3 kj10 hd4", "", "w - - 0 1"));
    let q = play(&play(&p, "c3d4"), "j10j9");
    assert_eq!(q.hand_count(Color::White, DRAGON_HORSE), 1);
    assert_eq!(q.hand_count(Color::Black, DRAGON_HORSE), 0);
    let r = play(&q, "H@e5");
    assert_eq!(piece_at(&r, "e5"), Some((Color::White, DRAGON_HORSE)));
    assert_eq!(r.hand_count(Color::White, DRAGON_HORSE), 0);
    // With no summoner left the hand persists (ARC-62) but cannot be used (ARC-61).
    let s = pos(&setup("Ka1 kj10 hb2", "", "w - - 0 1"));
    let s = play(&play(&s, "a1b2"), "j10j9");
    assert_eq!(s.hand_count(Color::White, DRAGON_HORSE), 1);
    assert!(!tokens(&s).iter().any(|t| t.contains('@')));
}

#[test]
fn arc_61_65_drops_on_the_last_rank_and_ending_en_passant() {
    // ARC-61: any rank, the last included; a dropped Dragon never promotes (ARC-65).
    let p = pos(&setup("Me9 Ka1 kj1", "D", "w - - 0 1"));
    let q = play(&p, "D@e10");
    assert_eq!(piece_at(&q, "e10"), Some((Color::White, DRAGON_KING)));
    // ARC-65: a drop ends a pending en-passant right.
    let e = pos(&setup("Pf3 Kj1 Ma1 kj10 pe5 mh9", "d", "w - - 0 1"));
    let e = play(&e, "f3f5");
    assert!(has(&e, "e5f4"));
    let dropped = play(&play(&e, "D@h8"), "a1a3");
    assert!(!has(&dropped, "e5f4"));
}

#[test]
fn arc_54_a_same_type_switch_is_an_action_that_ends_en_passant_and_counts() {
    let p = pos(&setup("Pf3 Kj1 Ma1 kj10 pe5 mh9 mh10", "", "w - - 3 1"));
    let after = play(&p, "f3f5");
    let pass = play(&after, "h9h10");
    assert_eq!(pass.board(), after.board(), "the board is unchanged");
    assert_eq!(pass.side_to_move(), Color::White);
    assert_eq!(pass.halfmove_clock(), 1, "counted (ARC-93)");
    assert!(!has(&play(&pass, "a1a3"), "e5f4"), "the right expired");
}

#[test]
fn arc_64_90_a_drop_may_mate_and_only_a_drop_may_save() {
    // ARC-64, ARC-93: a drop mates on the 100th ply; the mate stands.
    let p = pos(&setup("Sh9 Ka1 kj10 pi9 pj9", "D", "w - - 99 80"));
    let mated = play(&p, "D@i10");
    assert_eq!(mated.halfmove_clock(), 100);
    assert_eq!(mated.terminal(), won(Color::White, Reason::Checkmate));
    // ARC-90: the Rook checks along the a-file; the Sorceress is pinned on the diagonal and
    // cannot block, so only a drop next to her saves Black.
    let fen = |hand: &str| setup("Ra1 Be6 Kj1 ka10 pb10 sb9", hand, "b - - 0 1");
    let saved = pos(&fen("d"));
    assert_eq!(tokens(&saved), sorted(&["D@a8", "D@a9"]));
    assert_eq!(saved.terminal(), None);
    assert_eq!(
        pos(&fen("")).terminal(),
        won(Color::White, Reason::Checkmate)
    );
}

// --------------------------------------------------------------- review: castling

#[test]
fn arc_70_black_castles_both_ways() {
    let p = pos(&setup(
        "rb10 kf10 ri10 pa9 pb9 pc9 pd9 pe9 pf9 pg9 ph9 pi9 pj9 Kf1",
        "",
        "b kq - 0 1",
    ));
    let i = play(&p, "f10h10");
    assert_eq!(piece_at(&i, "h10"), Some((Color::Black, KING)));
    assert_eq!(piece_at(&i, "g10"), Some((Color::Black, ROOK)));
    assert_eq!(i.castling(), 0);
    let b = play(&p, "f10d10");
    assert_eq!(piece_at(&b, "d10"), Some((Color::Black, KING)));
    assert_eq!(piece_at(&b, "e10"), Some((Color::Black, ROOK)));
    assert_eq!(piece_at(&b, "b10"), None);
}

#[test]
fn arc_71_72_rook_square_may_be_attacked_and_lost_rights_never_return() {
    // The b1 Rook attacked down the open b-file: castling is still legal (ARC-71).
    let open_b = CASTLE_BASE.replace("Pb2 ", "");
    let p = pos(&setup(&format!("{open_b} rb9"), "", "w KQ - 0 1"));
    assert!(has(&p, "f1d1"));
    // The Rook leaves b1 and comes back: the b-side right stays lost (ARC-72).
    let p = pos(&setup(CASTLE_BASE, "", "w KQ - 0 1"));
    let back = ["b1c1", "f10f9", "c1b1", "f9f10"]
        .iter()
        .fold(p, |q, t| play(&q, t));
    assert_eq!(back.castling() & WHITE_BSIDE, 0);
    assert!(!has(&back, "f1d1") && has(&back, "f1h1"));
    // A Chancellor on b1 cannot castle: a right for it is an invalid set-up.
    assert!(matches!(
        ArchMage::from_fen(
            &setup(&CASTLE_BASE.replace("Rb1", "Cb1"), "", "w Q - 0 1"),
            &ArchMageOptions::default()
        ),
        Err(FenError::Castling(_))
    ));
}

// --------------------------------------------------------- review: game end and order

#[test]
fn arc_95_order_stalemate_and_bare_kings_before_the_100_ply_rule() {
    let stale = pos(&setup("Ka1 qc2 kj10", "", "w - - 100 90"));
    assert_eq!(
        stale.terminal().map(|o| o.reason()),
        Some(Reason::Stalemate)
    );
    let bare = pos(&setup("Ka1 kj10", "", "w - - 100 90"));
    assert_eq!(
        bare.terminal().map(|o| o.reason()),
        Some(Reason::InsufficientMaterial)
    );
    // ARC-94: only bare Kings; a lone Bishop can still promote and mate.
    assert_eq!(
        pos(&setup("Ka1 Bc2 kj10", "", "w - - 0 1")).terminal(),
        None
    );
}

#[test]
fn arc_95_repetition_before_the_100_ply_rule() {
    // The third occurrence arrives on the action that brings the clock to 100: ARC-95 puts
    // threefold repetition first.
    let start = pos(&setup("Ka1 Mc3 kj10 mh8", "", "w - - 92 80"));
    let mut g = Game::new(start);
    for t in [
        "a1a2", "j10j9", "a2a1", "j9j10", "a1a2", "j10j9", "a2a1", "j9j10",
    ] {
        g.play_token(t).unwrap();
    }
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(g.outcome().map(|o| o.reason()), Some(Reason::Repetition));
}

#[test]
fn arc_92_en_passant_counts_only_when_a_capture_is_legal() {
    // The Black Pawn e5 is pinned on the e-file: after f3f5 its capture onto f4 would expose
    // the King, so the position is the same as without an en-passant square.
    let pinned = pos(&setup("Pf3 Re1 Kj1 ke8 pe5", "", "w - - 0 1"));
    let after = play(&pinned, "f3f5");
    assert_eq!(after.en_passant(), None);
    let same = pos(&setup("Pf5 Re1 Kj1 ke8 pe5", "", "b - - 0 1"));
    assert_eq!(after.hash(), same.hash());
    // Unpinned (the Rook on d1), the capture is legal and the square is part of the position.
    let free = play(&pos(&setup("Pf3 Rd1 Kj1 ke8 pe5", "", "w - - 0 1")), "f3f5");
    assert!(has(&free, "e5f4"));
    let no_ep = pos(&setup("Pf5 Rd1 Kj1 ke8 pe5", "", "b - - 0 1"));
    assert_ne!(free.hash(), no_ep.hash());
}

#[test]
fn arc_93_what_resets_the_clock_and_what_counts() {
    let clock_after = |fen: &str, token: &str| play(&pos(fen), token).halfmove_clock();
    // Castling and a Rook's non-capturing promotion add 1.
    assert_eq!(
        clock_after(&setup(CASTLE_BASE, "", "w KQ - 7 9"), "f1h1"),
        8
    );
    assert_eq!(
        clock_after(&setup("Rc9 Ka1 kj1", "", "w - - 7 9"), "c9c10c"),
        8
    );
    // The Prince's two-step adds 1.
    assert_eq!(
        clock_after(&setup("Ie5 Ka1 kj1", "", "w - - 7 9"), "e5e7"),
        8
    );
    // A Pawn's promotion and the capture of a Dragon reset it.
    assert_eq!(
        clock_after(&setup("Pc9 Ka1 kj1", "", "w - - 7 9"), "c9c10a"),
        0
    );
    assert_eq!(
        clock_after(&setup("Rc2 Ka1 kj1 dc7", "", "w - - 7 9"), "c2c7"),
        0
    );
}

#[test]
fn arc_55_a_promoting_summoner_switch_parses_in_either_order() {
    let p = pos(&setup("Ae10 Mb7 Ka1 kj4", "", "w - - 0 1"));
    assert_eq!(
        p.parse_move("e10b7a").unwrap(),
        p.parse_move("b7e10a").unwrap()
    );
    assert!(
        matches!(p.parse_move("e10b7"), Err(MoveError::Illegal { .. })),
        "the promotion letter is required"
    );
}
