//! Eldritch Chess: one test per ruling group, citing the ELD rulings. Positions are
//! written in EFEN (`docs/notation.md` §2.6); moves in the tokens of §3.6.

use grimoire_engine::moves::MoveKind;
use grimoire_engine::variants::eldritch::army::{matched_sides, Bundle, Declaration};
use grimoire_engine::variants::eldritch::{Eldritch, EldritchOptions, ShadowmancerMode};
use grimoire_engine::{prelude::*, Color, FenError, Illegality, Reason};

mod common;
use common::{drawn, won};

fn opts() -> EldritchOptions {
    EldritchOptions::default()
}

fn pos(fen: &str) -> Eldritch {
    Eldritch::from_fen(fen, &opts()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn tokens(p: &Eldritch) -> Vec<String> {
    p.legal_moves().iter().map(|&m| p.format_move(m)).collect()
}

fn has(p: &Eldritch, token: &str) -> bool {
    tokens(p).iter().any(|t| t == token)
}

fn play(p: &Eldritch, token: &str) -> Eldritch {
    let mv = p
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token} at {}: {e} (legal: {:?})", p.to_fen(), tokens(p)));
    let mut c = p.clone();
    c.play(mv);
    c
}

fn decl(text: &str) -> Declaration {
    Declaration::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn from(p: &Eldritch, sq: &str) -> Vec<String> {
    tokens(p)
        .into_iter()
        .filter(|t| t.starts_with(sq))
        .collect()
}

// ---------------------------------------------------------------- armies (ELD-040..044)

#[test]
fn eld_041_042_every_illegal_army_is_rejected_with_its_reason() {
    let cases: &[(&str, &str)] = &[
        ("*W:NN ^F:N", "replace 3 N but the army has only 2"),
        ("^A:K ^P:K", "replace 2 K but the army has only 1"),
        ("*G:R *G:R", "may be used once"),
        ("*G:B *G:B", "may be used once"),
        ("*L:R *L:R", "may be used once"),
        ("^I:P ^I:P ^I:P", "at most twice"),
        ("^I:P ^I:NPPP", "cannot be combined"),
        ("*I:R *I:Q", "at most 1 Illusionist"),
        ("^D:Q ^D:NN", "at most 1 Doppelganger"),
        ("^C:Q ^C:RR", "at most 1 Conjurer"),
        ("^E:R ^E:R ^E:N ^E:N", "at most 3 Evoker"),
        ("^R:Q ^R:R", "28 pieces, more than 24"),
        ("^R:Q *P:PP", "25 pieces, more than 24"),
        ("*P:PP *P:PP *P:PP *P:PP *P:PP", "replace 10 P"),
    ];
    for (army, reason) in cases {
        let d = decl(army);
        let err = d.validate().expect_err(army);
        assert!(err.contains(reason), "{army}: '{err}' lacks '{reason}'");
    }
    // Bundles that do not exist in the table (ELD-041): the Dragon never from one knight, etc.
    let bad: &[(&str, &str)] = &[
        ("*W:N", "no Dragon bundle replaces N"),
        ("*C:QQ", "no Celestial bundle"),
        ("^I:NPP", "no Initiate bundle"),
        ("^V:KQ", "no Vampire bundle"),
        ("*S:QP", "no Shadowmancer bundle"),
        ("^U:N", "never declared"),
        ("*R:N", "never declared"),
        ("N:R", "standard piece"),
        ("*Z:R", "unknown piece code"),
        ("*A", "must be CODE:PIECES"),
        ("*A:RX", "must list standard pieces"),
    ];
    for (text, reason) in bad {
        let err = Bundle::parse(text).expect_err(text);
        assert!(err.contains(reason), "{text}: '{err}' lacks '{reason}'");
    }
}

/// ELD-041, ELD-700..702: every bundle line without "each" may be used once. These are all the
/// once-only lines whose pieces the base army holds twice over, so only the use limit can
/// reject them (the others fail ELD-042.1 first).
#[test]
fn eld_041_702_every_once_only_bundle_used_twice_is_rejected() {
    for army in [
        "*E:PR *E:PN",       // P+X, whatever X is (ELD-702)
        "^S:BR ^S:NN",       // XY, any two of B, R, N (ELD-702)
        "*N:RB *N:RB",       // B+R
        "*N:RN *N:RN",       // N+R
        "*O:PPPP *O:PPPP",   // PPPP -> 2
        "*U:BPPPP *U:BPPPP", // B+PPPP
        "^X:BN ^X:BN",       // N+B
        "^W:RBNP ^W:RBNP",   // R+N+B+P
        "*G:R *G:R",         // one rook only
        "*G:B *G:B",         // one bishop only
        "*L:R *L:R",         // one rook only
    ] {
        let err = decl(army).validate().expect_err(army);
        assert!(err.contains("may be used once"), "{army}: '{err}'");
    }
    // The same kinds through different lines are separate bundles (ELD-700).
    for army in ["*N:RB *N:RN", "*O:RR *O:NN *O:PPPP", "*G:N *G:N *G:R *G:B"] {
        decl(army)
            .validate()
            .unwrap_or_else(|e| panic!("{army}: {e}"));
    }
}

#[test]
fn eld_041_042_valid_armies_and_limits() {
    for army in [
        "-",
        "*O:RR *O:NN *O:PPPP",    // six Oozes (ELD-483)
        "^E:R ^E:R ^E:N",         // three Evokers
        "^V:KQB",                 // K+Q+X
        "^V:KQN *K:R",            // the rooks are still there
        "^R:R *P:PP *P:PP *P:PP", // 23 pieces
        "^I:NPPPPPPPP",           // N + 8 P -> 8 Initiates
        "^S:BR",                  // any two of B, R, N
        "*E:PN ^W:QR",
    ] {
        decl(army)
            .validate()
            .unwrap_or_else(|e| panic!("{army}: {e}"));
    }
    assert_eq!(
        decl("^I:NPPPPPPPP").counts()[36],
        8,
        "k Initiates for N + k P (ELD-433)"
    );
    assert_eq!(
        decl("^R:R").counts()[40],
        5,
        "a rook gives 5 Gremlins (ELD-402)"
    );
}

#[test]
fn eld_044_matched_sides() {
    let b = |t: &str| Bundle::parse(t).unwrap();
    let d = matched_sides(&[b("*W:NN"), b("^R:B")]).unwrap();
    assert_eq!(d.text(), "*W:NN ^R:B");
    assert!(matched_sides(&[b("*W:NN")])
        .unwrap_err()
        .contains("2, 4, 6 or 8"));
    let err = matched_sides(&[b("*W:NN"), b("^F:N")]).unwrap_err();
    assert!(
        err.contains("selection 2") && err.contains("white"),
        "{err}"
    );
}

#[test]
fn eld_040_every_bundle_of_the_catalogue_can_be_declared() {
    // Issue 19: every type plays, so every bundle of the table is a valid declaration.
    let all = grimoire_engine::variants::eldritch::army::playable_bundles();
    assert!(all.len() > 60, "{}", all.len());
    for b in all {
        let text = b.text();
        assert!(Declaration::parse(&text).is_ok(), "{text}");
    }
}

// ---------------------------------------------------------------- placement (ELD-050..060)

#[test]
fn eld_052_fide_placement_has_sixteen_first_options_and_alternates() {
    let decls = [Declaration::default(), Declaration::default()];
    let p = Eldritch::placement_start(&decls, &opts());
    assert_eq!(p.legal_moves().len(), 16);
    let p = play(&p, "R@a1");
    assert_eq!(p.side_to_move(), Color::Black);
    assert!(has(&p, "R@a8") && has(&p, "P@h7"));
    let p = play(&p, "R@h8");
    // White's other rook may only go to h1 now.
    assert!(has(&p, "R@h1") && !has(&p, "R@a1"));
}

#[test]
fn eld_051_side_with_more_pieces_finishes_alone_and_phase_two_starts_with_white() {
    // White: one standard piece (K) left; Black: the King and a Dragon pair from its knights.
    // White: the King and one Court Magician; Black: the King and two Dragons. Black to place.
    let p = pos("8/8/8/8/8/8/8/8 b - - 0 1 unplaced=K,*K:R,k,2*w:NN");
    let p = play(&p, "K@e8");
    assert_eq!(
        p.side_to_move(),
        Color::White,
        "White still has phase-1 pieces"
    );
    let p = play(&p, "K@e1");
    // Phase 2 begins with White.
    assert_eq!(p.side_to_move(), Color::White);
    let p = play(&p, "*K@a1");
    assert_eq!(p.side_to_move(), Color::Black);
    let p = play(&p, "*W@b8");
    // White has nothing left: Black finishes alone, then play starts with White.
    assert_eq!(p.side_to_move(), Color::Black);
    let p = play(&p, "*W@g8");
    assert!(!p.is_placing());
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!(p.to_fen(), "1*w2k1*w1/8/8/8/8/8/8/*K3K3 w * - 0 1");
}

#[test]
fn eld_053_placement_fallbacks() {
    // Home set {b1, g1} full, h2 free: fallback to the empty squares of ranks 1-2.
    let p = pos("4k3/8/8/8/8/8/PPPPPPP1/RNBQKB^RR w * - 0 1 unplaced=^R:N");
    assert_eq!(tokens(&p), vec!["^R@h2"]);
    // Ranks 1-2 full: the 3rd-rank squares nearest an edge, a3 and h3; then h3 alone.
    let p = pos("4k3/8/8/8/8/8/PPPPPPPP/RNBQKB^RR w * - 0 1 unplaced=2^R:N");
    let mut t = tokens(&p);
    t.sort();
    assert_eq!(t, vec!["^R@a3", "^R@h3"]);
    let p = play(&p, "^R@a3");
    assert_eq!(tokens(&p), vec!["^R@h3"]);
    // Free home squares come first, even with free squares elsewhere on ranks 1-2.
    let p = pos("4k3/8/8/8/8/8/1PPPPPPP/R1BQKBNR w * - 0 1 unplaced=^F:N");
    assert_eq!(tokens(&p), vec!["^F@b1"]);
}

#[test]
fn eld_053_token_names_the_bundle_only_when_two_kinds_are_unplaced() {
    let p = pos("8/8/8/8/8/8/PPPPPPPP/1NBQKBN1 w * - 0 1 unplaced=*K:R,*K:NN");
    let t = tokens(&p);
    assert!(
        t.contains(&"*K:R@a1".to_string()) && t.contains(&"*K:NN@a1".to_string()),
        "{t:?}"
    );
    let p = pos("8/8/8/8/8/8/PPPPPPPP/1NBQKBN1 w * - 0 1 unplaced=*K:R");
    assert!(has(&p, "*K@a1") && has(&p, "*K@h1"));
}

#[test]
fn eld_055_illusionist_group() {
    let decls = [decl("*I:R"), Declaration::default()];
    let mut p = Eldritch::placement_start(&decls, &opts());
    // Phase 1: White never places its queen or rook.
    while !tokens(&p).iter().any(|t| t.starts_with("*I")) {
        if p.side_to_move() == Color::White {
            assert!(tokens(&p)
                .iter()
                .all(|t| !t.starts_with("Q@") && !t.starts_with("R@")));
        }
        let t = tokens(&p)[0].clone();
        p = play(&p, &t);
    }
    let mut t = tokens(&p);
    t.sort();
    assert_eq!(t, vec!["*I@a1,Q@d1,R@h1", "*I@h1,R@a1,Q@d1"]);
    let q = Eldritch::placement_start(&[decl("*I:Q"), Declaration::default()], &opts());
    let mut q = q;
    while !tokens(&q).iter().any(|t| t.starts_with("*I")) {
        let t = tokens(&q)[0].clone();
        q = play(&q, &t);
    }
    assert_eq!(tokens(&q), vec!["*I@d1,R@a1,R@h1"]);
}

/// ELD-055: "Options are the distinct arrangements". An Illusionist for the queen with one rook
/// left (the other traded) may put that rook on a1 or h1, as a lone rook may in phase 1
/// (ELD-052); both arrangements are options and each places the rook where its token says.
#[test]
fn eld_055_illusionist_group_offers_every_arrangement_of_a_lone_rook() {
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NB1KBN1 w * - 0 1 unplaced=*I:Q,R,*A:R");
    let mut t = tokens(&p);
    t.sort();
    assert_eq!(t, vec!["*I@d1,R@a1", "*I@d1,R@h1"]);
    // White's first rank (the last rank field of the FEN) after the placement.
    let first_rank = |token: &str| {
        let fen = play(&p, token).to_fen();
        let board = fen.split(' ').next().unwrap();
        board.rsplit('/').next().unwrap().to_string()
    };
    assert_eq!(first_rank("*I@d1,R@h1"), "1NB*IKBNR");
    assert_eq!(first_rank("*I@d1,R@a1"), "RNB*IKBN1");
    // The reference generator agrees on the count (perft cross-check).
    assert_eq!(grimoire_engine::perft::perft_reference(&p, 1), 2);
}

#[test]
fn eld_060_default_placement() {
    let none = Declaration::default();
    let p = Eldritch::default_placement(&[none.clone(), none.clone()], &opts());
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w * - 0 1"
    );
    // The notation example: White Q -> Celestial, Black NN -> two Dragons.
    let p = Eldritch::default_placement(&[decl("*C:Q"), decl("*W:NN")], &opts());
    assert_eq!(
        p.to_fen(),
        "r*wbqkb*wr/pppppppp/8/8/8/8/PPPPPPPP/RNB*CKBNR w * - 0 1"
    );
    // Vampire (K+Q+B): the standard bishop takes c1, the Vampire the first free home square, d1.
    let p = Eldritch::default_placement(&[decl("^V:KQB"), none.clone()], &opts());
    assert!(p.to_fen().ends_with("RNB^V2NR w * - 0 1"), "{}", p.to_fen());
    // An Illusionist replacing a rook: the standard rook takes its first home square, a8, and
    // the Illusionist the first free square of its home set, h8 (ELD-060 step 1 then pass 1;
    // ELD-055's waiting rooks belong to the played placement phase only).
    let p = Eldritch::default_placement(&[none.clone(), decl("*I:R")], &opts());
    assert!(
        p.to_fen().starts_with("rnbqkbn*i/pppppppp/"),
        "{}",
        p.to_fen()
    );
    let p = Eldritch::default_placement(&[decl("*I:R"), none.clone()], &opts());
    assert!(p.to_fen().contains("/RNBQKBN*I w"), "{}", p.to_fen());
    // Three Gremlins from one knight: b1 holds the knight, then g1, a3 and h3.
    let p = Eldritch::default_placement(&[decl("^R:N"), none], &opts());
    assert!(
        p.to_fen().contains("/^R6^R/PPPPPPPP/RNBQKB^RR w"),
        "{}",
        p.to_fen()
    );
}

// ---------------------------------------------------------------- promotion (ELD-080)

#[test]
fn eld_080_promotion_only_to_standard_pieces_and_own_army_types() {
    let p = pos("7k/4P3/8/8/8/8/8/*W3K3 w - - 0 1 army=*W/^R");
    let mut promos: Vec<String> = from(&p, "e7e8");
    promos.sort();
    assert_eq!(
        promos,
        vec!["e7e8=*W", "e7e8=B", "e7e8=N", "e7e8=Q", "e7e8=R"]
    );
    // A liege type and a type at its board limit are excluded; the Doppelganger is 1.
    let p = pos("7k/4P3/8/8/8/8/8/^D3K3 w - - 0 1 army=^D^V/-");
    assert_eq!(from(&p, "e7e8").len(), 4);
}

#[test]
fn eld_502_pontiff_removes_the_queen_and_adds_the_seventh_rank_bishop() {
    let p = pos("7k/4P3/1P6/8/8/8/8/4^P3 w - - 0 1");
    let mut promos = from(&p, "e7e8");
    promos.sort();
    assert_eq!(promos, vec!["e7e8=B", "e7e8=N", "e7e8=R"]);
    let mut seventh = from(&p, "b6b7");
    seventh.sort();
    assert_eq!(seventh, vec!["b6b7", "b6b7=B"]);
}

#[test]
fn eld_432_initiate_promotes_optionally_to_priests() {
    let p = pos("7k/3^I4/8/8/8/8/8/4K3 w - - 0 1");
    let mut t = from(&p, "d7d8");
    t.sort();
    assert_eq!(
        t,
        vec!["d7d8", "d7d8=*C", "d7d8=*U", "d7d8=*V", "d7d8=B", "d7d8=^X"]
    );
    // ELD-430: sideways moves never capture; forward captures.
    let p = pos("7k/8/8/3n4/2p^Ip3/8/8/4K3 w - - 0 1");
    let mut t = from(&p, "d4");
    t.sort();
    assert_eq!(t, vec!["d4d5"]);
}

#[test]
fn eld_262_court_magician_promotes_royal_and_takes_abjurers() {
    let p = pos("7k/8/2*K5/8/8/8/8/4K3 w - - 0 1");
    assert!(from(&p, "c6").iter().any(|t| t == "c6b8=R"));
    assert!(
        !from(&p, "c6").iter().any(|t| t == "c6b8"),
        "promotion is mandatory"
    );
    let p = play(&p, "c6b8=R");
    assert!(p.to_fen().starts_with("1R!5k/"), "{}", p.to_fen());
    // The royal flag lets the rook capture an Abjurer (ELD-201).
    let p = pos("1R!2*a2k/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(has(&p, "b8e8"));
    let p = pos("1R3*a1k/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!has(&p, "b8f8"));
}

#[test]
fn eld_230_233_berserker() {
    // Pawn moves including the double step; one-shot queen and knight moves remove it.
    let p = pos("4k3/8/8/8/8/8/3^B4/4K3 w * - 0 1");
    assert!(has(&p, "d2d3") && has(&p, "d2d4") && has(&p, "d2h6") && has(&p, "d2c4"));
    let after = play(&p, "d2h6");
    assert!(after.board().occupied().count() == 2, "{}", after.to_fen());
    // A one-shot move onto the promotion square just removes it; a pawn move promotes.
    let p = pos("4k3/1^B6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(has(&p, "b7b8=Q") && !has(&p, "b7b8=^B"));
    let p = pos("k7/8/8/8/1^B6/8/8/4K3 w - - 0 1");
    assert!(has(&p, "b4b8"));
    assert_eq!(play(&p, "b4b8").board().occupied().count(), 2);
    // ELD-233: it never captures or attacks a liege.
    let p = pos("8/8/8/8/3k4/2^B5/8/4K3 b - - 0 1");
    assert!(!p.in_check());
    assert!(has(&p, "d4c3"), "the King may even capture it");
}

// ---------------------------------------------------------------- lieges, check, Doppelganger

#[test]
fn eld_070_613_liege_check_and_checkmate() {
    // Archmage liege: its W, F, D and A squares covered by three rooks (it never captures).
    let p = pos("^a7/8/8/8/8/8/7R/1RR1K3 w - - 0 1");
    let p = play(&p, "h2a2");
    assert!(p.in_check());
    assert_eq!(p.terminal(), won(Color::White, Reason::Checkmate));
    // The Archmage gives no check (ELD-212): the White King next to it is not in check (the
    // FEN would be rejected otherwise), while the Archmage is.
    let p = pos("8/8/8/3^a4/4K3/8/8/8 b - - 0 1");
    assert!(p.in_check());
    assert!(
        !tokens(&p).iter().any(|t| t == "d5e4"),
        "the Archmage never captures"
    );
    // Vampire liege in check from a queen.
    let p = pos("4^v3/8/8/8/8/8/8/4Q1K1 b - - 0 1");
    assert!(p.in_check());
}

#[test]
fn eld_281_613_620_doppelganger_is_a_second_check_bearer() {
    // King b1 and Doppelganger f1 forked by the knight on d2; no move saves both, so the legal
    // moves are those that leave one of them out of check (ELD-613 fallback).
    let p = pos("4k3/8/8/8/8/8/3n4/1K3^D2 w - - 0 1");
    assert!(p.in_check());
    let t = tokens(&p);
    assert!(
        t.contains(&"b1a1".to_string()) && t.contains(&"f1g2".to_string()),
        "{t:?}"
    );
    assert!(t.iter().all(|m| m.starts_with("b1") || m.starts_with("f1")));
    // Then Black captures the Doppelganger and the game goes on with the King (ELD-620 b).
    let p = play(&p, "b1a1");
    let p = play(&p, "d2f1");
    assert_eq!(p.terminal(), None);
    assert_eq!(p.board().occupied().count(), 3);
    // A Doppelganger that is its side's only check-bearer: destroyed, the side loses (620 a).
    let p = pos("4k3/8/8/8/8/*x7/1P6/2^D5 b - - 0 1");
    let p = play(&p, "a3b2");
    assert_eq!(p.terminal(), won(Color::Black, Reason::RoyalCaptured));
}

#[test]
fn eld_283_own_side_never_captures_its_doppelganger() {
    // A Fiend may capture own pieces (ELD-341) but not its own check-bearer.
    let p = pos("4k3/8/8/8/8/8/3^D4/3^F1K2 w - - 0 1");
    assert!(!has(&p, "d1d2"));
    let p = pos("4k3/8/8/8/8/8/3N4/3^F1K2 w - - 0 1");
    assert!(has(&p, "d1d2"));
}

#[test]
fn eld_071_castling_chess960_geometry_for_lieges_and_doppelganger() {
    let p = pos("4k3/8/8/8/8/8/8/R2^V3R w a1,d1,h1 - 0 1");
    assert!(has(&p, "d1a1") && has(&p, "d1h1"));
    let q = play(&p, "d1a1");
    assert!(
        q.to_fen().starts_with("4k3/8/8/8/8/8/8/2^VR3R b"),
        "{}",
        q.to_fen()
    );
    let k = play(&p, "d1h1");
    assert!(
        k.to_fen().starts_with("4k3/8/8/8/8/8/8/R4R^V1 b"),
        "{}",
        k.to_fen()
    );
    // The Archmage never castles; the Doppelganger does.
    let p = pos("4k3/8/8/8/8/8/8/R3^A2R w * - 0 1");
    assert!(!has(&p, "e1h1"));
    let p = pos("4k3/8/8/8/8/8/8/R^D2K2R w * - 0 1");
    assert!(has(&p, "b1a1") && has(&p, "e1h1"));
    // No castling through an attacked square.
    let p = pos("4k3/8/8/8/8/8/5r2/R3K2R w * - 0 1");
    assert!(!has(&p, "e1h1") && has(&p, "e1a1"));
}

#[test]
fn eld_521_shadowmancer_immunity() {
    // The protected King stands next to an enemy queen: not in check, and not capturable.
    let p = pos("4k3/8/8/8/8/8/4q3/4K1*S1 w - - 0 1");
    assert!(!p.in_check());
    let q = pos("4k3/8/8/8/8/8/4q3/4K1*S1 b - - 0 1");
    assert!(!has(&q, "e2e1"));
    // Castling ignores attacks on the protected liege (d1 is attacked by the rook on d7).
    let p = pos("4k3/3r4/8/8/8/8/8/R3K1*S1 w a1,e1 - 0 1");
    assert!(has(&p, "e1a1"));
    let p = pos("4k3/3r4/8/8/8/8/8/R3K3 w a1,e1 - 0 1");
    assert!(!has(&p, "e1a1"));
    // The Doppelganger is not protected (ELD-521).
    let p = pos("4k3/8/8/8/8/8/4q3/4^D1*SK w - - 0 1");
    assert!(p.in_check());
    // With the option `forbid`, check exists but the opponent may not give it.
    let forbid = EldritchOptions {
        shadowmancer: ShadowmancerMode::Forbid,
        ..opts()
    };
    let p = Eldritch::from_fen("3qk3/8/8/8/8/8/8/4K1*S1 b - - 0 1", &forbid).unwrap();
    let t: Vec<String> = p.legal_moves().iter().map(|&m| p.format_move(m)).collect();
    assert!(
        !t.contains(&"d8d1".to_string()) && !t.contains(&"d8h4".to_string()),
        "forbid: no check"
    );
    assert!(t.contains(&"d8c8".to_string()));
    let immune = pos("3qk3/8/8/8/8/8/8/4K1*S1 b - - 0 1");
    assert!(
        has(&immune, "d8d1"),
        "immune: the move is fine, it gives no check"
    );
}

// ---------------------------------------------------------------- capture limits

#[test]
fn eld_201_202_abjurer_capture_and_jump_limits() {
    // Only royal pieces capture it: the queen may, the rook may not.
    let p = pos("4k3/8/8/3*a4/8/8/3R4/Q3K3 w - - 0 1");
    assert!(!has(&p, "d2d5"));
    let p = pos("4k3/8/8/3*a4/8/8/8/3QK3 w - - 0 1");
    assert!(has(&p, "d1d5"));
    // No jump over it: a knight whose leg is the Abjurer's square is blocked.
    let p = pos("4k3/8/8/8/8/8/3*A4/3NK3 w - - 0 1");
    assert!(
        !has(&p, "d1c3") && !has(&p, "d1e3"),
        "leg d2 holds an Abjurer (ELD-202)"
    );
    assert!(
        has(&p, "d1b2") && has(&p, "d1f2"),
        "other legs are fine, even over the King"
    );
}

#[test]
fn eld_360_361_gargoyle_lame_and_spell_immune() {
    // The Fireball cannot capture a Gargoyle; the Fireball's blast spares it.
    let p = pos("4k3/8/8/8/2*g5/8/*X7/4K3 w - - 0 1");
    assert!(!has(&p, "a2c4"));
    let p = pos("4k3/8/8/8/2*gp4/8/1*X6/4K3 w - - 0 1");
    let after = play(&p, "b2d4");
    assert_eq!(
        after.to_fen(),
        "4k3/8/8/8/2*g5/8/8/4K3 b - - 0 1 army=*X/*G"
    );
    // Lame knight: the leg square must be empty.
    let p = pos("4k3/8/8/8/8/8/4P3/4*GK2 w - - 0 1");
    assert!(!has(&p, "e1d3") && !has(&p, "e1f3") && has(&p, "e1c2"));
}

#[test]
fn eld_351_352_fireball_blasts() {
    // Capturing d5 destroys every piece next to d5, both colours, the Fireball too.
    let p = pos("4k3/8/2nrb3/3p4/4N3/1*X6/8/4K3 w - - 0 1");
    let after = play(&p, "b3d5");
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1 army=*X/-");
    // Gargoyles survive the blast.
    let p = pos("4k3/8/2*g5/3p4/8/1*X6/8/4K3 w - - 0 1");
    let after = play(&p, "b3d5");
    assert!(
        after.to_fen().starts_with("4k3/8/2*g5/8/8/8/8/4K3"),
        "{}",
        after.to_fen()
    );
    // A blast that would destroy the mover's own King is illegal (ELD-352).
    let p = pos("8/8/8/8/2k5/3p4/2*XK4/8 w - - 0 1");
    assert!(!has(&p, "c2d3"));
    // A blast that destroys the enemy's last check-bearer ends the game (ELD-620 a).
    let p = pos("8/8/8/3k4/2p5/1*X6/8/4K3 w - - 0 1");
    let after = play(&p, "b3c4");
    assert_eq!(after.terminal(), won(Color::White, Reason::RoyalCaptured));
    assert!(
        after.legal_moves().is_empty(),
        "no children after an elimination (G8)"
    );
}

#[test]
fn eld_481_482_ooze_is_uncapturable_and_passable_for_its_side() {
    let p = pos("3rk3/8/8/8/3*O4/8/8/4K3 b - - 0 1");
    assert!(!has(&p, "d8d4") && has(&p, "d8d5") && !has(&p, "d8d3"));
    // A White rook slides through its own Ooze but cannot land on it.
    let p = pos("4k3/8/8/8/8/8/8/R*O4K1 w - - 0 1");
    assert!(has(&p, "a1c1") && !has(&p, "a1b1"));
    // The Ooze itself never captures.
    let p = pos("4k3/8/8/8/8/2p5/3*O4/4K3 w - - 0 1");
    assert!(!has(&p, "d2c3"));
}

// ---------------------------------------------------------------- movement per piece

#[test]
fn eld_290_292_dragon_moves_captures_and_checks() {
    // Pawn on e5: captured from the empty landing squares d5 and f5, never by landing on it.
    let p = pos("4k3/8/8/4p3/8/3*W4/8/4K3 w - - 0 1");
    let mut t = from(&p, "d3");
    t.sort();
    assert_eq!(
        t,
        vec!["d3b1", "d3b3", "d3b5", "d3d1", "d3d5", "d3d5xe5", "d3f1", "d3f3", "d3f5", "d3f5xe5"]
    );
    let after = play(&p, "d3f5xe5");
    assert_eq!(after.to_fen(), "4k3/8/8/5*W2/8/8/8/4K3 b - - 0 1");
    // Landing captures: a piece on a landing square.
    let p = pos("4k3/8/8/3p4/8/3*W4/8/4K3 w - - 0 1");
    assert!(has(&p, "d3d5"));
    // ELD-292: a King next to an empty landing square the Dragon reaches is in check.
    assert!(pos("8/8/8/4k3/8/8/3*W4/4K3 b - - 0 1").in_check());
    assert!(!pos("8/8/4k3/8/8/8/3*W4/4K3 b - - 0 1").in_check());
}

#[test]
fn eld_310_312_enchanter_freezes_adjacent_enemies() {
    // The Black rook next to the White Enchanter cannot move, and gives no check.
    let p = pos("4k3/8/8/8/8/3*Er3/8/4K3 b - - 0 1");
    assert!(from(&p, "e3").is_empty());
    let p = pos("4k3/8/8/8/8/3*E4/4r3/4K3 w - - 0 1");
    assert!(!p.in_check());
    // Enchanter movement: quiet exactly 2 (sliding), captures adjacent only.
    let p = pos("4k3/8/8/8/8/3*Ep3/8/4K3 w - - 0 1");
    let mut t = from(&p, "d3");
    t.sort();
    assert!(
        t.contains(&"d3e3".to_string())
            && t.contains(&"d3d5".to_string())
            && !t.contains(&"d3d4".to_string())
    );
}

#[test]
fn eld_340_343_fiend_paths_priests_and_pawns() {
    // The 7x7 box less its own King on e1.
    let p = pos("4k3/8/8/8/3^F4/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "d4").len(), 47);
    // Priest rule: no quiet move next to a priest of either colour; captures allowed.
    let p = pos("4k3/8/8/8/3^F4/8/8/b3K3 w - - 0 1");
    assert!(!has(&p, "d4b2") && has(&p, "d4a1"));
    // Own adjacent pawns are captured after the move.
    let p = pos("4k3/8/8/8/3^F4/8/1PP5/4K3 w - - 0 1");
    let after = play(&p, "d4b3");
    assert!(
        after.to_fen().starts_with("4k3/8/8/8/8/1^F6/8/4K3"),
        "{}",
        after.to_fen()
    );
    // Abjurers block every path through them (and cannot be captured by it).
    let p = pos("4k3/8/8/8/8/8/*A*A6/^F*A2K3 w - - 0 1");
    assert!(from(&p, "a1").is_empty());
}

#[test]
fn eld_400_401_gremlin_turns_and_never_double_steps() {
    let p = pos("4k3/8/8/8/8/8/3^R4/4K3 w * - 0 1");
    assert_eq!(from(&p, "d2"), vec!["d2d3"]);
    let p = pos("7k/3^R4/8/8/8/8/8/4K3 w - - 0 1");
    let after = play(&p, "d7d8");
    assert!(
        after.to_fen().starts_with("3^R{t}3k/"),
        "{}",
        after.to_fen()
    );
    let p = pos("3^R{t}3k/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "d8"), vec!["d8d7"]);
    assert!(matches!(
        Eldritch::from_fen("3^R3k/8/8/8/8/8/8/4K3 w - - 0 1", &opts()),
        Err(FenError::Illegal(_))
    ));
}

#[test]
fn eld_420_421_illusionist_captures_only_as_a_pawn() {
    let p = pos("4k3/8/8/8/2p1p3/3*I4/8/1n2K3 w * - 0 1");
    let t = from(&p, "d3");
    assert!(t.contains(&"d3c4".to_string()) && t.contains(&"d3e4".to_string()));
    assert!(!t.contains(&"d3b1".to_string()), "no bishop capture");
    assert!(
        t.contains(&"d3d5".to_string()),
        "double step from its virgin square"
    );
    assert!(t.contains(&"d3h3".to_string()) && t.contains(&"d3f2".to_string()));
    // Its double step can be taken en passant.
    let p = pos("4k3/8/8/8/4p3/8/3*I4/4K3 w * - 0 1");
    let after = play(&p, "d2d4");
    assert!(has(&after, "e4d3"));
}

#[test]
fn eld_490_500_pendulum_and_pontiff() {
    let p = pos("4k3/8/8/3p4/3*P4/3P4/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "d4"), vec!["d4d5"]);
    let p = pos("4k3/8/8/8/3^P4/8/1p6/8 w - - 0 1");
    let mut t = from(&p, "d4");
    t.sort();
    assert_eq!(t, vec!["d4b2", "d4b6", "d4f2", "d4f6"]);
    // Exactly two, sliding: a piece on c3 blocks b2.
    let p = pos("4k3/8/8/8/3^P4/2N5/1p6/8 w - - 0 1");
    assert!(!has(&p, "d4b2"));
}

#[test]
fn eld_570_571_vampire_gains_directions() {
    let p = pos("4k3/8/2p5/8/3^V4/8/8/8 w - - 0 1");
    let t = from(&p, "d4");
    assert_eq!(t.iter().filter(|x| x.starts_with("d4c6@")).count(), 8);
    let after = play(&p, "d4c6@se");
    assert!(after.to_fen().contains("^V{se}"), "{}", after.to_fen());
    let p = pos("4k3/8/8/8/3^V{se}4/8/8/8 w - - 0 1");
    assert!(has(&p, "d4e3") && !has(&p, "d4e5"));
    let p = pos("4k3/8/8/8/3^V{n,ne,e,se,s,sw,w,nw}4/8/8/8 w - - 0 1");
    assert!(
        has(&p, "d4d6") && has(&p, "d4a7") && !has(&p, "d4d7"),
        "all eight: queen moves"
    );
}

#[test]
fn eld_210_archmage_and_court_magician_moves() {
    let p = pos("4k3/8/8/8/3^A4/8/8/8 w - - 0 1");
    assert_eq!(from(&p, "d4").len(), 16);
    let p = pos("4k3/8/8/8/3*K4/8/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "d4").len(), 16);
}

// ---------------------------------------------------------------- game end (ELD-620..624)

#[test]
fn eld_624_no_mating_force() {
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").terminal(),
        drawn(Reason::InsufficientMaterial)
    );
    assert_eq!(
        pos("4^a3/8/8/8/8/8/*O*O6/4^A3 w - - 0 1").terminal(),
        drawn(Reason::InsufficientMaterial),
        "archmage and some oozes"
    );
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/3^DK3 w - - 0 1").terminal(),
        None,
        "the Doppelganger mates"
    );
    assert_eq!(pos("4k3/8/8/8/8/8/8/3PK3 w - - 0 1").terminal(), None);
}

#[test]
fn eld_152_en_passant_square_only_when_a_capture_is_legal() {
    let p = pos("4k3/8/8/8/4p3/8/3P4/4K3 w * - 0 1");
    let after = play(&p, "d2d4");
    assert!(after.to_fen().contains(" d3 "), "{}", after.to_fen());
    let p = pos("4k3/8/8/8/8/8/3P4/4K3 w * - 0 1");
    let after = play(&p, "d2d4");
    assert!(after.to_fen().contains(" - "), "{}", after.to_fen());
    assert!(after
        .legal_moves()
        .iter()
        .all(|m| m.kind() != MoveKind::EnPassant));
}

/// ELD-151 (b), ELD-152, ELD-714: every virgin pawn-type piece double-steps from wherever it
/// stands, so a Berserker placed on b1 passes b2 and a pawn-type piece on the 3rd rank passes
/// the 4th. The en-passant square is then off the FIDE ranks; the FEN must still carry it and
/// read it back (notation §2.6 field 4).
#[test]
fn eld_152_en_passant_after_a_double_step_from_any_rank_round_trips() {
    // White Berserker b1 -> b3 over b2; the Black pawn on c3 takes en passant on b2.
    let p = pos("4k3/8/8/8/8/2p5/8/1^B2K3 w b1 - 0 1");
    let after = play(&p, "b1b3");
    let fen = after.to_fen();
    assert!(fen.contains(" b2 "), "{fen}");
    let back = pos(&fen);
    assert_eq!(back.to_fen(), fen);
    assert_eq!(back.hash(), after.hash());
    let taken = play(&back, "c3b2");
    assert_eq!(
        taken.to_fen(),
        "4k3/8/8/8/8/8/1p6/4K3 w - - 0 2 army=^B/-",
        "the Berserker was taken en passant"
    );
    // Black Illusionist h8 -> h6 over h7 (a pawn double step, ELD-420), taken by g6xh7.
    let p = pos("4k2*i/8/6P1/8/8/8/8/4K3 b h8 - 0 1");
    let fen = play(&p, "h8h6").to_fen();
    assert!(fen.contains(" h7 "), "{fen}");
    assert!(has(&pos(&fen), "g6h7"));
    // On input a square that no piece could use is ineffective (notation §2.6 field 4).
    assert!(pos("4k3/8/8/8/8/8/8/4K3 w - e4 0 1")
        .to_fen()
        .contains(" - 0 1"));
}

#[test]
fn bad_fens_are_errors_not_panics() {
    type Check = fn(&FenError) -> bool;
    let board: Check = |e| matches!(e, FenError::Board(_));
    let illegal: Check = |e| matches!(e, FenError::Illegal(_));
    let en_passant: Check = |e| matches!(e, FenError::EnPassant(_));
    let keys: Check = |e| matches!(e, FenError::Field { field: "keys", .. });
    let bad: [(&str, Check); 20] = [
        ("", |e| {
            *e == FenError::FieldCount {
                min: 6,
                max: None,
                found: 0,
            }
        }),
        ("8/8/8/8/8/8/8 w - - 0 1", board),
        ("9/8/8/8/8/8/8/8 w - - 0 1", board),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", |e| {
            matches!(e, FenError::Side(_))
        }),
        ("4k3/8/8/8/8/8/8/4K2*Z w - - 0 1", |e| {
            *e == FenError::UnknownPiece("*Z".to_string())
        }),
        ("4k3/8/8/8/8/8/8/4K2* w - - 0 1", board),
        ("4k3/8/8/8/8/8/8/4KK2 w - - 0 1", illegal),
        ("4k3/8/8/8/8/8/8/4K1(*F,R) w - - 0 1", board),
        // A type this build does not play yet (the Ghost suborns: part 2, stage 3).
        ("4k3/8/8/8/8/8/8/4K1^V{q}1 w - - 0 1", board),
        ("4k3/8/8/8/8/8/8/4K1Q!1 w - - 0 1", board),
        // The virgin squares stand in the castling field.
        ("4k3/8/8/8/8/8/8/4K3 w e4 - 0 1", |e| {
            matches!(e, FenError::Castling(_))
        }),
        ("4k3/8/8/8/8/8/8/4K3 w - e8 0 1", en_passant),
        ("4k3/8/8/8/8/8/8/4K3 w - e1 0 1", en_passant),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 foo=1", keys),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ban=", |e| {
            matches!(e, FenError::Field { field: "ban", .. })
        }),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 hl=*H{q}", |e| {
            matches!(e, FenError::Field { field: "hl", .. })
        }),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 unplaced=*A", |e| {
            matches!(
                e,
                FenError::Field {
                    field: "unplaced",
                    ..
                }
            )
        }),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 army=*Z/-", |e| {
            matches!(e, FenError::Field { field: "army", .. })
        }),
        ("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", illegal),
        // Found by the property tests: a non-ASCII letter where a piece code starts.
        ("4k3/8/8/8/8/8/8/éP3K3 w - - 0 1", |e| {
            *e == FenError::NotAscii
        }),
    ];
    for (fen, expected) in bad {
        let e = Eldritch::from_fen(fen, &opts()).expect_err(fen);
        assert!(expected(&e), "{fen}: {e:?}");
    }
    let e = Eldritch::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 x", &opts()).unwrap_err();
    assert_eq!(e, FenError::Counters("bad fullmove number 'x'".to_string()));
}

#[test]
fn eld_009_622_virgin_flags_and_position_identity() {
    // A knight that leaves and returns: the same position for repetition (FIDE identity).
    let start = Eldritch::start_position(&opts());
    let mut p = start.clone();
    for t in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        p = play(&p, t);
    }
    assert_eq!(p.hash(), start.hash());
    assert_ne!(
        p.to_fen(),
        start.to_fen(),
        "the FEN still records the knights' virgin flags"
    );
    // A rook that leaves and returns loses its castling: a different position.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w * - 0 1");
    let mut q = p.clone();
    for t in ["a1a2", "a8a7", "a2a1", "a7a8"] {
        q = play(&q, t);
    }
    assert_ne!(q.hash(), p.hash());
    assert!(!has(&q, "e1a1") && has(&q, "e1h1"));
}

#[test]
fn eld_623_halfmove_clock_resets() {
    // Illusionist's forward step is a pawn-type move (our ruling): resets the clock.
    let p = pos("4k3/8/8/8/8/3*I4/8/4K3 w - - 7 20");
    assert_eq!(play(&p, "d3d4").halfmove_clock(), 0);
    assert_eq!(play(&p, "d3h3").halfmove_clock(), 8, "a rook move is not");
    // The Fiend's own-pawn captures and the Berserker's removal reset it.
    let p = pos("4k3/8/8/8/3^F4/8/1P6/4K3 w - - 7 20");
    assert_eq!(play(&p, "d4c3").halfmove_clock(), 0);
    assert_eq!(play(&p, "d4d7").halfmove_clock(), 8);
    let p = pos("4k3/8/8/8/8/8/3^B4/4K3 w - - 7 20");
    assert_eq!(play(&p, "d2h6").halfmove_clock(), 0);
}

/// ELD-231: "a displacement that is a *legal* pawn-type move is always treated as that
/// pawn-type move". When the en-passant capture onto a square is illegal for this piece (here
/// it would open the 5th rank to the rook on a5) while another piece's en-passant capture keeps
/// the square alive, the displacement is no legal pawn-type move, so the Berserker's one-shot
/// queen move and (our ruling, docs/rules/eldritch.md) the Illusionist's quiet bishop move onto
/// that square stay available; with the pawn d5 still on the board they are legal.
#[test]
fn eld_231_420_a_non_pawn_move_stays_when_the_pawn_type_move_there_is_illegal() {
    for code in ["^B", "*I"] {
        // A turned White Gremlin on c7 may take en passant on d6 too (ELD-400, ELD-401).
        let fen = format!("k7/2^R{{t}}p4/8/r3{code}2K/8/8/8/8 b d7 - 0 1");
        let p = play(&pos(&fen), "d7d5");
        assert!(p.to_fen().contains(" d6 "), "{}", p.to_fen());
        assert!(has(&p, "c7d6"), "the Gremlin's en-passant capture is legal");
        let after = play(&p, "e5d6");
        assert!(
            after.to_fen().contains("r2p3K"),
            "{code}: the pawn on d5 stays, the rank stays closed: {}",
            after.to_fen()
        );
        // With no pin on the 5th rank the same displacement is the en-passant capture.
        let free = format!("k7/2^R{{t}}p4/8/4{code}2K/8/8/8/8 b d7 - 0 1");
        let p = play(&pos(&free), "d7d5");
        let after = play(&p, "e5d6");
        assert!(
            !after.to_fen().contains('p'),
            "{code}: en passant took the pawn: {}",
            after.to_fen()
        );
        // Cross-check with the reference generator.
        assert_eq!(
            grimoire_engine::perft::perft_reference(&p, 1),
            grimoire_engine::perft::perft(&p, 1)
        );
    }
}

/// ELD-233: the Berserker never attacks a liege but does attack the Doppelganger, a
/// check-bearer that is not a liege; ELD-500/071: the Pontiff castles; ELD-OPT-3 `NobleIsRoyal`
/// makes the Pontiff royal, so it may capture an Abjurer (ELD-201), which by default it may not.
#[test]
fn eld_233_500_opt_3_berserker_checks_doppelganger_pontiff_castles_noble_is_royal() {
    let p = pos("4k3/8/8/8/8/8/4^b3/3^D3K w - - 0 1");
    assert!(
        p.in_check(),
        "the Doppelganger on d1 is attacked by the Berserker"
    );
    let p = pos("4k3/8/8/8/8/8/8/R3^P2R w a1,e1,h1 - 0 1");
    assert!(has(&p, "e1a1") && has(&p, "e1h1"));
    let fen = "4k3/8/8/8/8/4*a3/8/2^P5 w - - 0 1";
    assert!(!has(&pos(fen), "c1e3"), "not royal by default (ELD-711)");
    let royal = EldritchOptions {
        noble_is_royal: true,
        ..opts()
    };
    let p = Eldritch::from_fen(fen, &royal).unwrap();
    assert!(p.legal_moves().iter().any(|&m| p.format_move(m) == "c1e3"));
}

/// ELD-502 (b): the Pontiff's Bishop option follows any pawn-type arrival on the 7th rank, an
/// en-passant capture included (ELD-151 d). A Black Berserker placed on b8 double-steps over b7
/// (ELD-151 b); the White pawn on c6 takes it en passant on b7, as a pawn or as a Bishop, and
/// either way the Berserker on b6 is captured.
#[test]
fn eld_502_152_bishop_option_on_an_en_passant_capture_captures_too() {
    let p = play(&pos("1^b5k/8/2P5/8/8/8/8/4^P3 b b8 - 0 1"), "b8b6");
    assert!(p.to_fen().contains(" b7 "), "{}", p.to_fen());
    let mut t = from(&p, "c6b7");
    t.sort();
    assert_eq!(t, vec!["c6b7", "c6b7=B"]);
    for token in ["c6b7", "c6b7=B"] {
        let after = play(&p, token);
        assert!(
            after.to_fen().starts_with("7k/1"),
            "{token}: {}",
            after.to_fen()
        );
        assert!(
            !after.to_fen().contains("^b"),
            "{token}: the Berserker is taken: {}",
            after.to_fen()
        );
        assert_eq!(after.halfmove_clock(), 0);
    }
    assert!(play(&p, "c6b7=B").to_fen().starts_with("7k/1B6/8/"));
}

// ---------------------------------------------------------------- stage-2 invokes (part 2)

#[test]
fn eld_320_321_evoker_ranged_and_own_captures() {
    // d4 Evoker; knight offsets hold an own Knight (b5), a Black rook (f5) and the own King
    // (e2); a Bishop of its own stands diagonally forward (c5).
    let p = pos("7k/8/8/1NB2r2/3^E4/8/4K3/8 w - - 0 1");
    let mut invokes = from(&p, "d4!");
    invokes.sort();
    // ELD-321 enemy or own; ELD-611 a: never an own check-bearer (e2).
    assert_eq!(invokes, ["d4!xb5", "d4!xf5"]);
    // ELD-320: its pawn-type capture may take its own Bishop.
    assert!(has(&p, "d4c5"), "{:?}", from(&p, "d4"));
    // Without moving (ELD-321); a capture resets the clock (ELD-623).
    let q = play(&p, "d4!xf5");
    assert_eq!(q.to_fen(), "7k/8/8/1NB5/3^E4/8/4K3/8 b - - 0 1");
    let own = play(&p, "d4!xb5");
    assert_eq!(own.to_fen(), "7k/8/8/2B2r2/3^E4/8/4K3/8 b - - 0 1");
}

#[test]
fn eld_311_322_a_frozen_evoker_still_invokes_and_gives_check() {
    // The Black Enchanter on c3 freezes the Evoker: no pawn-type move, but the invoke stays.
    let p = pos("7k/8/8/5r2/3^E4/2*e5/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "d4"), ["d4!xf5"]);
    // ELD-322: its ranged capture attacks while frozen, so the Black King on f5 is in check.
    let checked = pos("8/8/8/5k2/3^E4/2*e5/8/4K3 b - - 0 1");
    assert!(checked.in_check());
    // e6 is at a knight offset from d4, f4 is not.
    assert!(!has(&checked, "f5e6") && has(&checked, "f5f4"));
}

#[test]
fn eld_251_790_conjurer_creates_virgin_pawns() {
    // Eight empty squares around e3, no Pawns yet: eight creations.
    let p = pos("4k3/8/8/8/8/4^C3/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "e3!").len(), 8, "{:?}", from(&p, "e3!"));
    // The new Pawn is virgin and double-steps; creation resets the clock (ELD-623).
    let q = play(&p, "e3!d2");
    assert_eq!(q.to_fen(), "4k3/8/8/8/8/4^C3/3P4/4K3 b d2 - 0 1");
    let q = play(&play(&q, "e8d8"), "d2d4");
    assert!(
        q.to_fen().starts_with("3k4/8/8/8/3P4/4^C3/8/4K3 b"),
        "{}",
        q.to_fen()
    );
    // ELD-790: on the own first rank too, and a double step from there.
    let first = play(&pos("4k3/8/8/8/8/8/4^C3/6K1 w - - 0 1"), "e2!d1");
    assert!(has(&play(&first, "e8d8"), "d1d3"));
    // ELD-251: never on an own promotion square (a8, b8, c8 here).
    let high = pos("4k3/1^C6/8/8/8/8/8/4K3 w - - 0 1");
    let mut made = from(&high, "b7!");
    made.sort();
    assert_eq!(made, ["b7!a6", "b7!a7", "b7!b6", "b7!c6", "b7!c7"]);
    // Fewer than 8 Pawns: with 8 none, with 7 the free squares.
    let eight = pos("4k3/8/8/8/8/4^C3/PPPPPPPP/4K3 w - - 0 1");
    assert!(from(&eight, "e3!").is_empty());
    let seven = pos("4k3/8/8/8/8/4^C3/1PPPPPPP/4K3 w - - 0 1");
    assert_eq!(from(&seven, "e3!").len(), 5);
}

#[test]
fn eld_521_a_promotion_into_a_shadowmancer_answers_a_check() {
    // FIDE pieces only, White in check from b2, with the Shadowmancer in its army's types: the
    // promotions into it shield the King (ELD-521 immune mode, ELD-080). The plain fast path once
    // judged them by the King's square alone (found by the cross-check).
    let p = pos("1nkq1b2/2P1p1pr/3p1p2/7b/8/6n1/1r1K4/8 w e7,g7,d8,f8 - 0 30 army=*D*L*S^E/-");
    let mut moves = tokens(&p);
    moves.sort();
    assert!(moves.contains(&"c7b8=*S".to_string()), "{moves:?}");
    assert!(moves.contains(&"c7d8=*S".to_string()), "{moves:?}");
    assert!(!moves.contains(&"c7d8=Q".to_string()), "{moves:?}");
    assert_eq!(
        grimoire_engine::perft::perft_reference(&p, 2),
        grimoire_engine::perft::perft(&p, 2)
    );
}

#[test]
fn eld_473_381_suborned_pawns_count_against_a_revival() {
    // ELD-473 with ELD-381: Black's seven Pawns and the one White's Ghost suborns on f5 make
    // its start count of eight, so the a2 Necromancer's Pawn trophy revives nothing. The
    // reference generator once counted only the mailbox (found by the cross-check).
    let fen = |f5: &str| {
        format!(
            "1nb^rk^r1*i/1pp1p1pp/1p5^r/5{f5}2/3p4/4P3/*n{{P}}2P1KPP/*O5^S{{n}}*O b g1,h1,d2,g2,h2,h6,b7,c7,e7,g7,h7,b8,c8,d8,e8,f8,h8 - 0 13 army=*D*O^H^S/*I*N^B^R start=*na6,^rh6,pa7,pb7,pc7,pd7,pe7,pf7,pg7,ph7,^ba8,nb8,bc8,^rd8,ke8,^rf8,ng8,*ih8"
        )
    };
    let eight = pos(&fen("(^H,p)"));
    assert!(from(&eight, "a2!").is_empty(), "{:?}", tokens(&eight));
    assert_eq!(
        grimoire_engine::perft::perft_reference(&eight, 1),
        eight.legal_moves().len() as u64
    );
    // A Ghost without its Pawn: seven, so the empty start squares a7, d7 and f7 are offered.
    let seven = pos(&fen("^H"));
    let mut revived = from(&seven, "a2!");
    revived.sort();
    assert_eq!(revived, ["a2!P@a7", "a2!P@d7", "a2!P@f7"]);
}

#[test]
fn eld_251_pawns_suborned_by_the_enemy_count_for_the_conjurer() {
    // ELD-251: seven own Pawns and one in a Black Ghost stack (d4) make eight: no Pawn may be
    // made. The reference generator once counted only the mailbox (found by the cross-check).
    let eight = pos("4k3/8/8/8/3(^h,P)4/4^C3/1PPPPPPP/4K3 w - - 0 1");
    assert!(from(&eight, "e3!").is_empty(), "{:?}", tokens(&eight));
    assert_eq!(
        grimoire_engine::perft::perft_reference(&eight, 1),
        eight.legal_moves().len() as u64
    );
    // Without the stack, seven: the Conjurer may make one.
    let seven = pos("4k3/8/8/8/8/4^C3/1PPPPPPP/4K3 w - - 0 1");
    assert!(!from(&seven, "e3!").is_empty());
}

#[test]
fn eld_450_451_620_miasma_destroys_and_can_destroy_a_liege() {
    // Around the d4 Miasma: an own Rook (c4), Black's Archmage liege (d5), a Black Knight (c3),
    // a Black Gargoyle (e5, spared) and the own Queen (e3, royal, spared).
    let p = pos("8/8/8/3^a*g3/2R^M4/2n1Q3/8/4K3 w - - 0 1");
    assert!(has(&p, "d4!"));
    let q = play(&p, "d4!");
    // The army key keeps the types Black declared (ELD-043), the Archmage now gone.
    assert_eq!(
        q.to_fen(),
        "8/8/8/4*g3/3^M4/4Q3/8/4K3 b - - 0 1 army=^M/*G^A"
    );
    // ELD-620 a: destroying the enemy liege wins.
    assert_eq!(q.terminal(), won(Color::White, Reason::RoyalCaptured));
    // Nothing to destroy (a Gargoyle and a royal piece only): no invoke.
    assert!(!has(&pos("4k3/8/8/3*g4/3^M4/2Q5/8/4K3 w - - 0 1"), "d4!"));
    // ELD-451: illegal when it would destroy an own check-bearer (the Doppelganger on d3).
    assert!(!has(&pos("4k3/8/8/3n4/3^M4/3^D4/8/4K3 w - - 0 1"), "d4!"));
    // ELD-452: it never attacks: the Black King beside it is not in check.
    assert!(!pos("8/8/8/3k4/3^M4/8/8/4K3 b - - 0 1").in_check());
}

#[test]
fn eld_311_391_392_giant_throws() {
    // d4 Giant; an own Knight on d3, the own (royal) Queen on c4, a Black Abjurer on e4.
    let p = pos("4k3/8/8/8/2Q*T*a3/3N4/8/4K3 w - - 0 1");
    let knight: Vec<String> = from(&p, "d4!d3");
    for t in [
        "d4!d3d5", "d4!d3d6", "d4!d3b1", "d4!d3f1", "d4!d3b3", "d4!d3a3", "d4!d3f3",
    ] {
        assert!(
            knight.contains(&t.to_string()),
            "{t} missing from {knight:?}"
        );
    }
    // No jump over the Abjurer (ELD-008): nothing lands on f5 or g6.
    assert!(!knight
        .iter()
        .any(|t| t.ends_with("f5") || t.ends_with("g6")));
    // Royal pieces are never thrown.
    assert!(from(&p, "d4!c4").is_empty());
    let q = play(&p, "d4!d3d6");
    assert_eq!(q.to_fen(), "4k3/8/3N4/8/2Q*T*a3/8/8/4K3 b - - 1 1");
    // ELD-392: no promotion on a throw; the Pawn stands on e8 as a Pawn.
    let high = play(&pos("k7/8/2P*T4/8/8/8/8/4K3 w - - 0 1"), "d6!c6e8");
    assert!(
        high.to_fen().starts_with("k3P3/8/3*T4/"),
        "{}",
        high.to_fen()
    );
    // ELD-311: a frozen Giant still throws; a frozen piece is not thrown.
    let frozen_giant = pos("4k3/8/8/4*e3/3*T4/3N4/8/4K3 w - - 0 1");
    assert!(!from(&frozen_giant, "d4!d3").is_empty());
    assert!(
        from(&frozen_giant, "d4d").is_empty(),
        "a frozen Giant does not move"
    );
    let frozen_knight = pos("4k3/8/8/8/3*T4/3N4/2*e5/4K3 w - - 0 1");
    assert!(from(&frozen_knight, "d4!d3").is_empty());
}

#[test]
fn eld_511_512_601_portalkeeper_swaps() {
    let p = pos("4k3/8/8/8/8/8/8/^O3K2N w - - 0 1");
    let mut portals = from(&p, "a1!");
    portals.sort();
    assert_eq!(portals, ["a1!e1", "a1!h1"]);
    let q = play(&p, "a1!h1");
    assert_eq!(q.to_fen(), "4k3/8/8/8/8/8/8/N3K2^O b - - 1 1");
    // While the liege is in check, never with the liege.
    let check = pos("4r2k/8/8/8/8/8/8/^O3K2N w - - 0 1");
    assert!(!has(&check, "a1!e1"));
    // Frozen: no portal.
    assert!(from(&pos("4k3/8/8/8/8/8/1*e6/^O3K2N w - - 0 1"), "a1!").is_empty());
    // ELD-601: two Portalkeepers swapping are two options.
    let two = pos("4k3/8/8/8/8/8/8/^O^O2K3 w - - 0 1");
    assert!(has(&two, "a1!b1") && has(&two, "b1!a1"));
}

#[test]
fn eld_541_shieldmaiden_swaps_out_of_check() {
    // The King on e1 is checked by the e8 rook; the a4 Shieldmaiden swaps with it.
    let p = pos("4r2k/8/8/8/^W7/8/8/4K3 w - - 0 1");
    assert!(p.in_check());
    let q = play(&p, "a4!e1");
    assert_eq!(q.to_fen(), "4r2k/8/8/8/K7/8/8/4^W3 b - - 1 1");
    assert!(!q.in_check());
    // Not out of check afterwards (a Black bishop sees a4): no swap.
    assert!(!has(&pos("4r2k/8/2b5/8/^W7/8/8/4K3 w - - 0 1"), "a4!e1"));
    // Only while the liege is in check.
    assert!(from(&pos("7k/8/8/8/^W7/8/8/4K3 w - - 0 1"), "a4!").is_empty());
}

#[test]
fn eld_530_531_532_622_shapeshifter_forms() {
    // Base form: no moves; the four shifts, in place.
    let p = pos("4k3/8/8/8/8/8/8/3^SK3 w d1 - 0 1");
    let mut own = from(&p, "d1");
    own.sort();
    assert_eq!(own, ["d1!=B", "d1!=N", "d1!=P", "d1!=R"]);
    // ELD-531: it keeps its virgin status; a shift is no pawn move (the clock runs).
    let q = play(&p, "d1!=P");
    assert_eq!(q.to_fen(), "4k3/8/8/8/8/8/8/3^S{p}K3 b d1 - 1 1");
    // ELD-532: in pawn form, pawn-type moves with the virgin double step; no shift to the form
    // it has.
    let q = play(&q, "e8d8");
    assert!(has(&q, "d1d3") && has(&q, "d1d2") && !has(&q, "d1!=P"));
    // Never promotes in pawn form.
    let high = pos("4k3/1^S{p}6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&high, "b7b8"), ["b7b8"]);
    // En passant in pawn form, as the capturer.
    let ep = play(&pos("4k3/3p4/8/4^S{p}3/8/8/8/4K3 b d7 - 0 1"), "d7d5");
    assert!(has(&ep, "e5d6"));
    // Rook form never castles; it moves as a rook.
    let rook = pos("4k3/8/8/8/8/8/8/4K2^S{r} w e1,h1 - 0 1");
    assert!(!has(&rook, "e1h1") && has(&rook, "h1h8"));
    // Knight and bishop forms.
    assert!(has(&pos("4k3/8/8/8/8/8/8/1^S{n}2K3 w - - 0 1"), "b1c3"));
    assert!(has(&pos("4k3/8/8/8/8/8/8/2^S{b}1K3 w - - 0 1"), "c1h6"));
    // ELD-622: a virgin Shapeshifter's flag is identity in every form (it may still shift to
    // pawn form and double-step); a virgin Knight's is not.
    let virgin = pos("4k3/8/8/8/8/8/8/3^S{r}K3 w d1 - 0 1");
    let moved = pos("4k3/8/8/8/8/8/8/3^S{r}K3 w - - 0 1");
    assert_ne!(virgin.hash(), moved.hash());
    let knight = pos("4k3/8/8/8/8/8/8/3NK3 w d1 - 0 1");
    assert_eq!(knight.hash(), pos("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").hash());
}

#[test]
fn eld_561_562_790_valkyrie_returns_from_the_graveyard() {
    // Two Pawns and an Initiate in White's graveyard; eight empty squares around d4.
    let p = pos("4k3/8/8/8/3*V4/8/8/4K3 w - - 0 1 grave=2P,^I");
    assert_eq!(p.to_fen(), "4k3/8/8/8/3*V4/8/8/4K3 w - - 0 1 grave=2P,^I");
    let returns = from(&p, "d4!");
    assert_eq!(returns.len(), 16, "{returns:?}");
    assert!(has(&p, "d4!P@d3") && has(&p, "d4!^I@e5"));
    // The returned piece is virgin; the count goes down; a return resets the clock (ELD-623).
    let q = play(&p, "d4!P@c3");
    assert_eq!(q.to_fen(), "4k3/8/8/8/3*V4/2P5/8/4K3 b c3 - 0 1 grave=P,^I");
    assert!(has(&play(&q, "e8d8"), "c3c5"));
    // ELD-562: a Pawn lost by capture enters the graveyard of a side with a Valkyrie; one lost
    // by promotion does not. Black (no Valkyrie, no Initiate) keeps none.
    let c = play(&pos("4k3/8/8/8/3*V4/4p3/3P4/4K3 b - - 0 1"), "e3d2");
    assert!(c.to_fen().ends_with(" grave=P"), "{}", c.to_fen());
    let black_loss = play(&pos("4k3/8/8/8/3*V4/4p3/3P4/4K3 w - - 0 1"), "d2e3");
    assert!(
        !black_loss.to_fen().contains("grave="),
        "{}",
        black_loss.to_fen()
    );
    let promoted = play(&pos("4k3/1P6/8/8/3*V4/8/8/4K3 w - - 0 1"), "b7b8=Q");
    assert!(
        !promoted.to_fen().contains("grave="),
        "{}",
        promoted.to_fen()
    );
    // ELD-561: never onto an own promotion square; ELD-790: the own first rank is allowed.
    let high = pos("7k/3*V4/8/8/8/8/8/4K3 w - - 0 1 grave=P");
    assert!(from(&high, "d7!").iter().all(|t| !t.ends_with('8')));
    assert_eq!(from(&high, "d7!").len(), 5);
    let low = pos("7k/8/8/8/8/8/3*V4/4K3 w - - 0 1 grave=P");
    assert!(has(&low, "d2!P@d1"));
    // Nothing to return: no invoke.
    assert!(from(&pos("4k3/8/8/8/3*V4/8/8/4K3 w - - 0 1"), "d4!").is_empty());
}

#[test]
fn eld_300_303_a_druid_and_its_beast_from_creation_to_loss() {
    let p = pos("r3k3/8/8/8/8/2*U5/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "c3!").len(), 8);
    // ELD-301: a linked Beast, virgin, on an empty adjacent square; creation resets the clock.
    let q = play(&p, "c3!d4");
    assert_eq!(q.to_fen(), "r3k3/8/8/8/3^U{c3,0}4/2*U5/8/4K3 b d4 - 0 1");
    // One linked Beast at a time.
    let q = play(&q, "a8a7");
    assert!(from(&q, "c3!").is_empty());
    // ELD-302: knight moves; the second own move removes it, and the Druid may create again.
    let q = play(&q, "d4e6");
    assert!(q.to_fen().contains("^U{c3,1}"), "{}", q.to_fen());
    let q = play(&play(&q, "a7a8"), "e6g7");
    assert!(!q.to_fen().contains("^U"), "{}", q.to_fen());
    assert_eq!(from(&play(&q, "a8a7"), "c3!").len(), 8);
    // ELD-303: capturing the Beast captures its Druid.
    let p = pos("3rk3/8/8/8/8/2*U5/8/4K3 w - - 0 1");
    let lost = play(&play(&p, "c3!d4"), "d8d4");
    assert!(
        lost.to_fen().starts_with("4k3/8/8/8/3r4/8/8/4K3 w"),
        "{}",
        lost.to_fen()
    );
    // The Druid leaving first leaves the Beast unlinked.
    let p = pos("4k3/8/8/8/8/2*U5/8/b3K3 w - - 0 1");
    let orphan = play(&play(&p, "c3!d4"), "a1c3");
    assert!(orphan.to_fen().contains("/3^U4/"), "{}", orphan.to_fen()); // state `-,0`: default
                                                                        // Relocating the Druid (a portal) keeps the link (ELD-302: not a move of the Beast).
    let p = pos("4k3/8/8/8/8/2*U5/8/^O3K3 w - - 0 1");
    let moved = play(&play(&play(&p, "c3!d4"), "e8d8"), "a1!c3");
    assert!(moved.to_fen().contains("^U{a1,0}"), "{}", moved.to_fen());
    // A link to a square without a Druid of the Beast's side is refused.
    assert!(Eldritch::from_fen("4k3/8/8/8/3^U{c3,0}4/8/8/4K3 w - - 0 1", &opts()).is_err());
}

#[test]
fn eld_550_552_sphinx_and_its_riddle() {
    let p = pos("4k3/8/8/8/3^X2N1/6B1/8/4K3 w - - 0 1");
    assert_eq!(from(&p, "d4!").len(), 8, "{:?}", from(&p, "d4!"));
    let q = play(&p, "d4!e5");
    assert_eq!(q.to_fen(), "4k3/8/8/4*R{d4}3/3^X2N1/6B1/8/4K3 b e5 - 0 1");
    let q = play(&q, "e8d8");
    // One linked Riddle at a time; the Riddle never moves.
    assert!(from(&q, "d4!").is_empty());
    assert!(from(&q, "e5").is_empty());
    // ELD-552: an own priest (the Bishop) may capture it; an own Knight may not.
    assert!(has(&q, "g3e5"));
    assert!(!has(&q, "g4e5"));
    // Never relocated: no portal with it.
    let portal = pos("4k3/8/8/4*R{d4}3/3^X4/8/8/^O3K3 w - - 0 1");
    assert!(!has(&portal, "a1!e5"));
}

#[test]
fn eld_221_224_615_opt_1_barricade_block() {
    // ELD-221: the Block is always on offer, frozen or not (the Black Enchanter on c5 freezes
    // the Barricade on d4).
    let p = pos("3rk3/8/8/r1*e5/3*B4/8/8/4K3 w - - 0 1");
    assert!(has(&p, "d4!") && !has(&p, "d4d3"));
    let q = play(&p, "d4!");
    assert_eq!(q.to_fen(), "3rk3/8/8/r1*e5/3*B4/8/8/4K3 b - - 1 1 block=d4");
    // (a) no capture of it; (b) no relocation onto a square next to it.
    assert!(!has(&q, "d8d4") && !has(&q, "d8d5") && has(&q, "d8d6"));
    assert!(has(&q, "a5b5"));
    assert!(!has(&q, "c5c3") && !has(&q, "c5e5") && has(&q, "c5c7") && has(&q, "c5a3"));
    // ELD-223: it ends with Black's turn.
    let r = play(&q, "d8d6");
    assert!(!r.to_fen().contains("block="), "{}", r.to_fen());
    assert!(has(&play(&r, "e1e2"), "d6d4"));
    // (c) no jump over it: a Giant's throw over d4 to d2 (not next to it) is refused.
    let throw = "4k3/8/4*t3/3n4/3*B4/8/8/4K3 b - - 0 1";
    assert!(has(&pos(throw), "e6!d5d2"));
    assert!(!has(&pos(&format!("{throw} block=d4")), "e6!d5d2"));
    // ELD-224: a Block shields the King from a knight whose leg it occupies; without it the
    // side not to move would be in check.
    assert!(!pos("4k3/8/8/8/8/3n4/3*B4/4K3 b - - 0 1 block=d2").in_check());
    assert!(Eldritch::from_fen("4k3/8/8/8/8/3n4/3*B4/4K3 b - - 0 1", &opts()).is_err());
    // ELD-OPT-1 `from`: pieces next to it may not be relocated at all; `onto` lets them go.
    let from_opts = EldritchOptions {
        block_adjacency: grimoire_engine::variants::eldritch::BlockAdjacency::From,
        ..opts()
    };
    let near = "4k3/8/8/8/2r*B4/8/8/4K3 b - - 0 1 block=d4";
    let onto = pos(near);
    assert!(has(&onto, "c4a4"));
    let from = Eldritch::from_fen(near, &from_opts).unwrap();
    assert!(!from
        .legal_moves()
        .iter()
        .any(|m| from.format_move(*m).starts_with("c4")));
    // A Block names a Barricade of the side not to move.
    assert!(Eldritch::from_fen("4k3/8/8/8/3*B4/8/8/4K3 w - - 0 1 block=d4", &opts()).is_err());
}

#[test]
fn eld_043_471_473_necromancer_trophies_and_revival() {
    // ELD-471: a capture by its own move adds the captured piece's type; the start squares
    // (ELD-043, the placement when the FEN was read) are printed once they differ.
    let p = pos("4k3/8/8/8/8/8/1n6/2*N1K3 w - - 0 1");
    let q = play(&p, "c1b2");
    assert_eq!(
        q.to_fen(),
        "4k3/8/8/8/8/8/1*N{N}6/4K3 b - - 0 1 start=*Nc1,Ke1"
    );
    // ELD-473: a Knight on its start square b1, from the trophy; the trophy is used up.
    let p = pos("4k3/8/8/8/8/8/8/2*N{N,P}1K3 w - - 0 1 start=Nb1,*Nc1,Ke1,Pa2");
    let mut revivals = from(&p, "c1!");
    revivals.sort();
    assert_eq!(revivals, ["c1!N@b1", "c1!P@a2"]);
    let q = play(&p, "c1!N@b1");
    assert_eq!(
        q.to_fen(),
        "4k3/8/8/8/8/8/8/1N*N{P}1K3 b b1 - 0 1 start=Nb1,*Nc1,Ke1,Pa2"
    );
    // Not while the side still has its start count of the type, nor without an empty start
    // square, nor a Doppelganger.
    let full = pos("4k3/8/8/8/8/8/8/1N*N{N}1K3 w - - 0 1 start=Nb1,*Nc1,Ke1");
    assert!(from(&full, "c1!").is_empty());
    let taken = pos("4k3/8/8/8/8/8/8/1B*N{N}1K3 w - - 0 1 start=Nb1,*Nc1,Ke1");
    assert!(from(&taken, "c1!").is_empty());
    let doppel = pos("4k3/8/8/8/8/8/8/2*N{^D}1K3 w - - 0 1 start=^Db1,*Nc1,Ke1");
    assert!(from(&doppel, "c1!").is_empty());
    // Trophies are lost with the Necromancer; start= only for a side with one.
    assert!(Eldritch::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 start=Ke1", &opts()).is_err());
}

#[test]
fn eld_330_334_a_familiar_hops_rides_and_leaves() {
    // ELD-330: king steps while single; ELD-331: hop onto an adjacent own single piece.
    let p = pos("4k3/8/8/8/3*F4/R2*O4/8/4K3 w - - 0 1");
    assert!(has(&p, "d4!d3") && has(&p, "d4d5"));
    // ELD-008, ELD-482: the own Ooze is passable for the rook; ELD-332: a stack never is.
    assert!(has(&p, "a3e3"));
    let q = play(&p, "d4!d3");
    assert_eq!(q.to_fen(), "4k3/8/8/8/8/R2(*F,*O)4/8/4K3 b - - 1 1");
    let q = play(&q, "e8d8");
    assert!(!has(&q, "a3e3"));
    // Riding: no moves of its own; it goes with the host's moves.
    let q = play(&play(&q, "d3d4"), "d8e8");
    assert!(q.to_fen().contains("(*F,*O)"), "{}", q.to_fen());
    // ELD-333: it leaves for an empty adjacent square.
    let left = play(&q, "d4!e5");
    assert!(
        left.to_fen().starts_with("4k3/8/8/4*F3/3*O4/"),
        "{}",
        left.to_fen()
    );
    // ELD-332: a captured host takes its rider with it.
    let taken = play(&pos("3rk3/8/8/8/8/3(*F,N)4/8/4K3 b - - 0 1"), "d8d3");
    assert!(
        taken.to_fen().starts_with("4k3/8/8/8/8/3r4/8/4K3 w"),
        "{}",
        taken.to_fen()
    );
    // Destruction judges each piece: a Miasma destroys the rider of a royal Queen, not her.
    let blast = play(&pos("4k3/8/8/3^m4/3(*F,Q)4/8/8/4K3 b - - 0 1"), "d5!");
    assert!(
        blast.to_fen().starts_with("4k3/8/8/3^m4/3Q4/"),
        "{}",
        blast.to_fen()
    );
    // A ridden Pawn keeps its rider when it promotes, never into a Familiar.
    let high = pos("4k3/1(*F,P)6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(has(&high, "b7b8=Q") && !has(&high, "b7b8=*F"));
    assert!(play(&high, "b7b8=Q").to_fen().starts_with("1(*F,Q)2k3/"));
    // ELD-334, ELD-311: no hop or leave while frozen (the Black Enchanter on c5).
    assert!(from(&pos("4k3/8/2*e5/3*F4/3N4/8/8/4K3 w - - 0 1"), "d5!").is_empty());
    assert!(from(&pos("4k3/8/8/2*e5/3(*F,N)4/8/8/4K3 w - - 0 1"), "d4!").is_empty());
    // Only a Familiar of the host's side rides here; a Familiar never hosts.
    assert!(Eldritch::from_fen("4k3/8/8/8/3(*f,N)4/8/8/4K3 w - - 0 1", &opts()).is_err());
    assert!(Eldritch::from_fen("4k3/8/8/8/3(*F,*F)4/8/8/4K3 w - - 0 1", &opts()).is_err());
}

#[test]
fn eld_440_444_606_lightning_bolt_double_move() {
    // ELD-606: after the Bolt's first action its owner decides again: a second action of the
    // same Bolt, or a pass.
    let p = pos("7k/8/8/8/3*L4/8/8/K7 w - - 3 1");
    let q = play(&p, "d4d5");
    assert_eq!(q.to_fen(), "7k/8/8/3*L4/8/8/8/K7 w - - 0 1 bolt=d5");
    assert_eq!(q.side_to_move(), Color::White);
    let mut options = tokens(&q);
    options.sort();
    assert_eq!(options, ["0000", "d5d6"]);
    assert_eq!(play(&q, "d5d6").to_fen(), "7k/8/3*L4/8/8/8/8/K7 b - - 0 1");
    assert_eq!(play(&q, "0000").to_fen(), "7k/8/8/3*L4/8/8/8/K7 b - - 0 1");
    // A first action that gives check ends the turn at once.
    let check = play(&pos("8/4k3/8/3*L4/8/8/8/K7 w - - 0 1"), "d5d6");
    assert_eq!(check.to_fen(), "8/4k3/3*L4/8/8/8/8/K7 b - - 0 1");
    assert!(check.in_check());
    // ELD-441: promoting to Knight makes a Bolt in knight form, which may move again as one.
    let high = pos("7k/3*L4/8/8/8/8/8/K7 w - - 0 1");
    assert!(has(&high, "d7d8=N") && !has(&high, "d7d8=*L"));
    let knight = play(&high, "d7d8=N");
    assert_eq!(knight.to_fen(), "3*L{n}3k/8/8/8/8/8/8/K7 w - - 0 1 bolt=d8");
    assert!(has(&knight, "d8c6") && has(&knight, "0000"));
    // In knight form it attacks as a knight: g8 is covered.
    assert!(!has(&pos("7k/4*L{n}3/8/8/8/8/8/K7 b - - 0 1"), "h8g8"));
    // ELD-623 counts turns: two knight-form moves add one to the clock.
    let p = pos("7k/8/8/8/8/8/8/K*L{n}6 w - - 5 9");
    let q = play(&play(&p, "b1c3"), "c3d5");
    assert!(q.to_fen().ends_with(" b - - 6 9"), "{}", q.to_fen());
    // A continuation names a Bolt of the side to move.
    assert!(Eldritch::from_fen("7k/8/8/3*L4/8/8/8/K7 b - - 0 1 bolt=d5", &opts()).is_err());
}

#[test]
fn eld_241_242_605_celestial_reaction() {
    // ELD-241: a captured Celestial gives its owner a reaction: each qualifying FIDE Pawn (a
    // Knight there would have no capture) or decline. c2 would check the King (a capture of the
    // liege), f4 would take the Rook on d5: neither qualifies.
    let p = pos("4k3/p7/8/3*c4/4pp2/8/2pR4/4K3 w a7 - 3 1");
    let q = play(&p, "d2d5");
    assert_eq!(
        q.side_to_move(),
        Color::Black,
        "the owner decides (ELD-602)"
    );
    assert_eq!(
        q.to_fen(),
        "4k3/p7/8/3R4/4pp2/8/2p5/4K3 b a7 - 0 1 army=-/*C turn=w react=*c"
    );
    let mut options = tokens(&q);
    options.sort();
    assert_eq!(options, ["0000", "a7=N", "e4=N"]);
    // The Pawn becomes a Knight and keeps its virgin flag; then White's turn is over.
    let knight = play(&q, "a7=N");
    assert_eq!(
        knight.to_fen(),
        "4k3/n7/8/3R4/4pp2/8/2p5/4K3 b a7 - 0 1 army=-/*C"
    );
    assert_eq!(
        play(&q, "0000").to_fen(),
        "4k3/p7/8/3R4/4pp2/8/2p5/4K3 b a7 - 0 1 army=-/*C"
    );
    // No qualifying Pawn: no step at all (ELD-241), Black simply moves.
    let none = play(&pos("4k3/8/8/3*c4/8/8/2pR4/4K3 w - - 0 1"), "d2d5");
    assert_eq!(none.to_fen(), "4k3/8/8/3R4/8/8/2p5/4K3 b - - 0 1 army=-/*C");
    // ELD-242: a Celestial destroyed by a blast gives no reaction.
    let blast = play(&pos("4k3/p7/2*c5/3p4/8/1*X6/8/4K3 w - - 0 1"), "b3d5");
    assert!(blast.reactions().is_empty());
    assert_eq!(blast.side_to_move(), Color::Black);
    // The FEN of a pending reaction reads back to the same position.
    assert_eq!(pos(&q.to_fen()), q);
}

#[test]
fn eld_460_464_mystic_returns() {
    // ELD-461: the start square is where the Mystic entered the board; it is kept as it moves.
    let p = pos("4k3/2*m5/8/8/8/8/8/4K3 b - - 0 1");
    let moved = play(&play(&p, "c7c6"), "e1d1");
    assert_eq!(moved.to_fen(), "4k3/8/2*m{c7}5/8/8/8/8/3K4 b - - 1 2");
    // ELD-462: captured, it returns to its start square (capturing what stands there, of
    // either colour) or declines.
    let p = pos("7k/2N5/8/3*m{c7}4/8/8/3R4/4K3 w - - 0 1");
    let q = play(&p, "d2d5");
    let mut options = tokens(&q);
    options.sort();
    assert_eq!(options, ["*M@c7", "0000"]);
    // ELD-464: back on c7, virgin, having captured the Knight.
    let back = play(&q, "*M@c7");
    assert_eq!(back.to_fen(), "7k/2*m5/8/3R4/8/8/8/4K3 b c7 - 0 1");
    // Impossible onto a liege: no step at all (ELD-462 amended).
    let p = pos("4k3/8/8/3*m{e1}4/8/8/3R4/4K3 w - - 0 1");
    assert!(play(&p, "d2d5").reactions().is_empty());
    // ELD-463: not allowed if a check-bearer of the mover is newly in check: from c7 the
    // Mystic would attack the King on b6.
    let p = pos("4k3/8/1K6/3*m{c7}4/8/8/3R4/8 w - - 0 1");
    assert!(play(&p, "d2d5").reactions().is_empty());
    let p = pos("4k3/8/K7/3*m{c7}4/8/8/3R4/8 w - - 0 1");
    assert_eq!(play(&p, "d2d5").reactions().len(), 1);
    // ELD-463, ELD-605 c: a return that captures a Mystic gives its owner a reaction; each
    // Mystic returns at most once per action, so the chain ends.
    let p = pos("4k3/2*M5/8/3*m{c7}4/8/8/3R4/4K3 w c7 - 0 1");
    let first = play(&play(&p, "d2d5"), "*M@c7");
    assert_eq!(
        first.to_fen(),
        "4k3/2*m5/8/3R4/8/8/8/4K3 w c7 - 0 1 turn=w react=*M{c7} mret=c7"
    );
    assert_eq!(
        first.side_to_move(),
        Color::White,
        "the mover owns this one"
    );
    assert_eq!(pos(&first.to_fen()), first);
    let second = play(&first, "*M@c7");
    assert!(second.reactions().is_empty(), "{}", second.to_fen());
    assert_eq!(
        second.to_fen(),
        "4k3/2*M5/8/3R4/8/8/8/4K3 b c7 - 0 1 army=*M/*M"
    );
}

#[test]
fn eld_410_413_highlander_stages_and_returns() {
    // ELD-410: a Highlander moves as its stage: q, then b or r, n, p.
    let rook = pos("4k3/8/8/8/3*H{r}4/8/8/4K3 w - - 0 1");
    assert!(has(&rook, "d4d8") && !has(&rook, "d4e5"));
    let knight = pos("4k3/8/8/8/3*H{n}4/8/8/4K3 w - - 0 1");
    assert!(has(&knight, "d4e6") && !has(&knight, "d4d5"));
    // ELD-411: captured at q, it is pending with the next stage, b or r.
    let p = pos("4k3/8/8/3*h4/8/8/3R4/4K3 w - - 7 1");
    let q = play(&p, "d2d5");
    assert_eq!(q.to_fen(), "4k3/8/8/3R4/8/8/8/4K3 b - - 0 1 hl=*h{br}");
    // ELD-412: at the start of its owner's turn it must be placed on an empty square of the
    // first rank, in either form at b/r, virgin; the action follows.
    let mut options = tokens(&q);
    options.sort();
    assert_eq!(options.len(), 14, "{options:?}");
    assert!(has(&q, "*H=B@c8") && has(&q, "*H=R@h8") && !has(&q, "e8d8"));
    let back = play(&q, "*H=R@a8");
    assert_eq!(
        back.to_fen(),
        "*h{r}3k3/8/8/3R4/8/8/8/4K3 b a8 - 0 1 phase=action"
    );
    assert!(has(&back, "a8a1") && has(&back, "e8f8"));
    // The return resets the clock for the whole turn (ELD-623).
    assert_eq!(
        play(&back, "e8f8").to_fen(),
        "*h{r}4k2/8/8/3R4/8/8/8/4K3 w a8 - 0 2"
    );
    // Captured at n it returns as a pawn-type piece; at p it is gone.
    let p = pos("4k3/8/8/3*h{n}4/8/8/3R4/4K3 w - - 0 1");
    assert_eq!(
        play(&p, "d2d5").to_fen(),
        "4k3/8/8/3R4/8/8/8/4K3 b - - 0 1 hl=*h{p}"
    );
    let p = pos("4k3/8/8/3*h{p}4/8/8/3R4/4K3 w - - 0 1");
    assert_eq!(
        play(&p, "d2d5").to_fen(),
        "4k3/8/8/3R4/8/8/8/4K3 b - - 0 1 army=-/*H"
    );
    // A full first rank sends it to the nearest rank beyond.
    let full = pos("rnbqkbnr/8/8/8/8/8/8/4K3 b - - 0 1 hl=*h{n}");
    let mut squares: Vec<String> = tokens(&full);
    squares.sort();
    assert_eq!(squares.first().map(String::as_str), Some("*H@a7"));
    assert_eq!(squares.len(), 8);
    // Two pending returns are placed one decision each, any order; n and p returns name
    // their stage when both are pending (our completion C1 of notation §3.6).
    let two = pos("4k3/8/8/8/8/8/8/4K3 b - - 3 1 hl=*h{n},*h{p}");
    assert!(has(&two, "*H=N@a8") && has(&two, "*H=P@a8"));
    let one = play(&two, "*H=P@a8");
    assert_eq!(
        one.to_fen(),
        "*h{p}3k3/8/8/8/8/8/8/4K3 b a8 - 0 1 hl=*h{n} phase=return"
    );
    assert!(has(&one, "*H@b8"));
    assert_eq!(pos(&one.to_fen()), one);
    // ELD-413: a friendly capture (an Evoker's) returns at the owner's next turn.
    let p = pos("4k3/8/8/2*H5/8/3^E4/8/4K3 w - - 0 1");
    let after = play(&p, "d3!xc5");
    assert_eq!(after.side_to_move(), Color::Black);
    assert!(after.to_fen().contains("hl=*H{br}"), "{}", after.to_fen());
    assert!(!has(&after, "*H=B@a1"), "Black moves first");
}

#[test]
fn eld_270_276_diviner_undo_and_banned_repeat() {
    // ELD-271 a: a FEN has no past, so nothing can be divined at once.
    assert!(!has(&pos("4k3/8/8/8/8/4*D3/8/R3K3 w - - 0 1"), "e3!U"));
    // Black moves; White's first decision offers the Divine (e3!U).
    let p = pos("4k3/8/8/8/8/4*D3/8/R3K3 b - - 5 1");
    let q = play(&p, "e8d8");
    assert!(has(&q, "e3!U"), "{:?}", tokens(&q));
    // ELD-272: the Diviner leaves the game, Black's turn is undone, the clock is 0, and the
    // undone first action is banned for the re-taken turn (ELD-273).
    let undone = play(&q, "e3!U");
    assert_eq!(
        undone.to_fen(),
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1 army=*D/- ban=e8d8"
    );
    assert!(!has(&undone, "e8d8") && has(&undone, "e8f8"));
    assert_eq!(pos(&undone.to_fen()), undone);
    // The ban lasts only for that first action.
    let later = play(&play(&play(&undone, "e8f8"), "a1a2"), "f8e8");
    assert!(has(&play(&later, "a2a1"), "e8d8"));
    // Bans accumulate when a second Diviner undoes the re-taken turn.
    let p = pos("4k3/8/8/8/8/2*D1*D3/8/R3K3 b - - 0 1");
    let twice = play(&play(&play(&play(&p, "e8d8"), "e3!U"), "e8f8"), "c3!U");
    assert_eq!(
        twice.to_fen(),
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1 army=*D/- ban=e8d8,e8f8"
    );
    assert!(!has(&twice, "e8d8") && !has(&twice, "e8f8") && has(&twice, "e8e7"));
    // ELD-274: illegal when, in the restored position without the Diviner, the owner is in
    // check: the Diviner on e2 shields the King from the Rook on e8.
    let p = pos("4r2k/8/8/8/8/8/4*D3/4K3 b - - 0 1");
    let q = play(&p, "h8g8");
    assert!(!has(&q, "e2!U"), "{:?}", tokens(&q));
    // ELD-271 a: a Divine is not a turn with an action, so it cannot be divined back.
    let p = pos("4k3/8/8/8/8/4*D3/8/*d3K3 b - - 0 1");
    let undone = play(&play(&p, "e8d8"), "e3!U");
    assert!(has(&undone, "e8e7") && !has(&undone, "a1!U"));
    // After the re-taken turn, Black's Diviner may undo White's next turn as usual.
    let next = play(&play(&undone, "e8e7"), "e1e2");
    assert!(has(&next, "a1!U"));
}

#[test]
fn eld_370_374_800_802_geomancer_strips() {
    // ELD-371: the Geomancer invokes one of the twenty strips, none of whose squares exists.
    let p = pos("8/8/8/8/7k/8/8/R^G2K3 w - - 0 1");
    let strips: Vec<String> = from(&p, "b1!");
    assert_eq!(strips.len(), 20, "{strips:?}");
    assert!(has(&p, "b1!z1-z4") && has(&p, "b1!e9-h9") && has(&p, "b1!a0-d0"));
    let q = play(&p, "b1!z1-z4");
    // The FEN shows the whole frame once a strip exists; `x` marks squares that do not.
    assert_eq!(
        q.to_fen(),
        "xxxxxxxxxx/x8x/x8x/x8x/x8x/8kx/9x/9x/1R^G2K3x/xxxxxxxxxx b - - 0 1"
    );
    assert_eq!(pos(&q.to_fen()), q);
    // ELD-372: strips never overlap: z2-z5 is gone, z5-z8 is not.
    let r = play(&q, "h4h5");
    assert!(!has(&r, "b1!z2-z5") && has(&r, "b1!z5-z8"));
    // The strip's squares are ordinary: the Rook steps onto z1, then slides along the strip
    // and gives check along the fourth rank (ELD-800: check on the grown board).
    let s = play(&play(&r, "a1z1"), "h5h4");
    assert!(has(&s, "z1z4"));
    let check = play(&s, "z1z4");
    assert!(check.in_check(), "{}", check.to_fen());
    // ELD-374, ELD-802: no promotion on a frame square (strip z5-z8).
    let pawn = pos("xxxxxxxxxx/7k1x/P8x/9x/9x/x8x/x8x/x8x/x4K3x/xxxxxxxxxx w - - 0 1");
    assert!(has(&pawn, "z7z8") && !has(&pawn, "z7z8=Q"));
    // A frame that is not whole strips is refused.
    assert!(Eldritch::from_fen(
        "xxxxxxxxxx/7k1x/P8x/9x/x8x/x8x/x8x/x8x/x4K3x/xxxxxxxxxx w - - 0 1",
        &opts()
    )
    .is_err());
}

#[test]
fn eld_380_386_793_799_ghost_suborns_moves_the_stack_and_is_released() {
    // ELD-380, ELD-381: two squares sliding; ending on a suitable single enemy piece suborns it.
    let p = pos("4k3/8/r2n4/8/3^H4/8/8/4K3 w - - 0 1");
    assert!(has(&p, "d4d6") && has(&p, "d4b6") && !has(&p, "d4d5"));
    let q = play(&p, "d4d6");
    assert_eq!(q.to_fen(), "4k3/8/r2(^H,n)4/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(pos(&q.to_fen()), q);
    // ELD-383: the stack moves as the Ghost (d6d8) or as the suborned Knight (d6b5), to empty
    // squares only, one option per square; the Knight's owner cannot move it.
    let r = play(&q, "e8f8");
    assert!(has(&r, "d6d8") && has(&r, "d6b5") && has(&r, "d6e4"));
    assert!(!has(&r, "d6f8") && from(&play(&p, "d4d6"), "d6").is_empty());
    let moved = play(&r, "d6b5");
    assert_eq!(moved.to_fen(), "5k2/8/r7/1(^H,n)6/8/8/8/4K3 b - - 2 2");
    // ELD-384, ELD-385: capturing the stack captures the Ghost; its owner places the Knight
    // next to the square (`>c7`), not virgin; no decline.
    let captured = play(&q, "a6d6");
    assert_eq!(captured.side_to_move(), Color::White);
    assert_eq!(
        captured.to_fen(),
        "4k3/8/3r4/8/8/8/8/4K3 w - - 0 1 army=^H/- turn=b react=>d6:n"
    );
    let mut options = tokens(&captured);
    options.sort();
    assert_eq!(options.len(), 8, "{options:?}");
    assert!(!options.contains(&"0000".to_string()));
    assert_eq!(pos(&captured.to_fen()), captured);
    let released = play(&captured, ">c7");
    assert_eq!(
        released.to_fen(),
        "4k3/2n5/3r4/8/8/8/8/4K3 w - - 0 2 army=^H/-"
    );
    // ELD-381: never a priest, liege, Doppelganger, Beast, Riddle or stack.
    let p = pos("4k3/8/3b4/8/3^H4/8/8/4K3 w - - 0 1");
    assert!(!has(&p, "d4d6"));
    // ELD-385: a destroyed Ghost releases the surviving piece in place: a Fireball's blast
    // next to the stack destroys the Ghost and spares a suborned Gargoyle.
    let p = pos("4k3/8/2(^H,*g)5/3p4/8/1*X6/8/4K3 w - - 0 1");
    let after = play(&p, "b3d5");
    assert!(
        after.to_fen().starts_with("4k3/8/2*g5/8/"),
        "{}",
        after.to_fen()
    );
    // A Fireball whose target holds the stack destroys both pieces.
    let p = pos("4k3/8/8/3(^h,N)4/8/1*X6/8/4K3 w - - 0 1");
    let after = play(&p, "b3d5");
    assert!(
        after.to_fen().starts_with("4k3/8/8/8/8/8/8/4K3"),
        "{}",
        after.to_fen()
    );
    // ELD-386 / ELD-611 a: the controller never captures its own stack; the Giant never
    // throws it (ELD-391).
    let p = pos("4k3/8/8/3(^H,n)4/3*T4/8/8/4K3 w - - 0 1");
    assert!(!tokens(&p).iter().any(|t| t.starts_with("d4!d5")));
}

#[test]
fn eld_432_initiate_promotes_to_each_part_two_type_which_then_acts() {
    // ELD-432: an Initiate promotes to a Celestial, Druid, Sphinx or Valkyrie, and each then
    // has its part-2 ability (ELD-241, ELD-301, ELD-551, ELD-561).
    let p = pos("6rk/3^I4/8/8/8/8/P7/4K3 w - - 0 1 grave=P");
    let after = |promotion: &str| play(&play(&p, promotion), "h8h7");
    assert!(
        has(&after("d7d8=*U"), "d8!c7"),
        "the Druid creates its Beast"
    );
    assert!(
        has(&after("d7d8=^X"), "d8!c7"),
        "the Sphinx creates its Riddle"
    );
    assert!(
        has(&after("d7d8=*V"), "d8!P@c7"),
        "the Valkyrie returns a Pawn"
    );
    // The Celestial, captured, gives its owner the reaction.
    let taken = play(&play(&p, "d7d8=*C"), "g8d8");
    let mut options = tokens(&taken);
    options.sort();
    assert_eq!(options, ["0000", "a2=N"]);
}

/// Two states that self-play games reached and that the reader once refused: more than 16
/// Pawns in a graveyard (a Conjurer's created Pawns die too; ELD-562 sets no bound), and a
/// Highlander returned in rook form that checks the opponent before its owner's action
/// (ELD-412, `phase=action`).
#[test]
fn eld_412_562_states_reached_in_play_are_read_back() {
    for fen in [
        "8/8/1r5p/5K2/k7/r7/8/n7 w - - 0 79 army=*F^C^I/*P grave=17P,3^I",
        "k7/8/8/3*H{n}4/3K4/1*H{n}6/8/*H{r}7 w a1 - 0 86 army=*H^S/*T^W phase=action",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    // Outside a return the side not to move still may not be in check.
    let err = Eldritch::from_fen(
        "k7/8/8/8/3K4/8/8/R7 w - - 0 86",
        &EldritchOptions::default(),
    );
    let err = err.map(|_| ()).expect_err("refused");
    assert!(err.to_string().contains("not to move"), "{err}");
}

/// ELD-610, ELD-620 a (issue 49): a side without a check-bearer has lost, so a board without
/// one is refused as chess refuses a board without a king; a Doppelganger alone is a
/// check-bearer.
#[test]
fn eld_620_a_board_without_a_check_bearer_is_refused() {
    for fen in [
        "8/8/8/8/8/8/8/8 b - - 0 1",
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        let err = Eldritch::from_fen(fen, &opts()).expect_err(fen);
        assert!(
            matches!(
                err,
                FenError::Illegal(Illegality::NoRoyal {
                    what: "check-bearer (a liege or Doppelganger)",
                    ..
                })
            ),
            "{fen}: {err:?}"
        );
        assert!(err.to_string().contains("no check-bearer"), "{fen}: {err}");
    }
    assert!(Eldritch::from_fen("4k3/8/8/8/8/8/8/4^D3 w - - 0 1", &opts()).is_ok());
}
