//! Hobgoblin Chess rules, one test per ruling group of `shared/rules/hobgoblin.md` (IDs in the
//! names), written from the rules text, `docs/rules/hobgoblin.md` and notation §2.7/§2.8/§3.7
//! before the move generator existed: every expected FEN and token below was computed by hand.
//!
//! Reminders used in every expectation: magnetism follows EVERY move (extensions, consolidations,
//! pawn steps, captures, both castling stages) from the destination node (castling: the rook's
//! destination), rays N, NE, E, SE, S, SW, W, NW, then hallway up, down; the first unit on a ray
//! is pulled next to the magnet (mover's colour) or pushed away to the last empty square (the
//! other colour), on a snapshot taken after captures and mutation (HOB-90..94). A lone half
//! attacks nothing (HOB-A31). Field 5 counts turns without a capture, pawn movement, mutation or
//! promotion (HOB-146).
//!
//! Assumed where the texts are silent: the side field of a `result=` FEN is not compared; a
//! castling whose locked halves were removed is printed as no longer in progress (a `K*` whose
//! halves do not stand as HOB-61 leaves them is an invalid FEN); the draws by rule (HOB-146,
//! HOB-147) are reported by `terminal()` as in the other variants (G3, G8: no `result=`, and
//! move generation goes on).

use grimoire_engine::prelude::*;
use grimoire_engine::variants::hobgoblin::{HobOptions, Hobgoblin, UnlinkEnemy};

mod common;
use common::{drawn, has, sorted, tokens, won};

// ---- Helpers ------------------------------------------------------------------------------

fn pos_with(fen: &str, opts: &HobOptions) -> Hobgoblin {
    <Hobgoblin as Fen>::from_fen(fen, opts).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn pos(fen: &str) -> Hobgoblin {
    pos_with(fen, &HobOptions::default())
}

/// Plays `list` (each must be a legal action, written canonically) from `p`. A move whose
/// pawns rolled is followed by its implicit outcome, every roll surviving (HOB-151), unless
/// the list names an outcome (`!sites`, part 2).
fn play_all(mut p: Hobgoblin, list: &[&str]) -> Hobgoblin {
    for t in list {
        if p.is_chance_node() && !t.starts_with('!') {
            let survive = p
                .implicit_outcome()
                .expect("a chance node has an implicit outcome");
            p.play(survive);
        }
        let mv = p
            .parse_move(t)
            .unwrap_or_else(|e| panic!("{t} at {}: {e}; legal: {:?}", p.to_fen(), tokens(&p)));
        assert_eq!(
            p.format_move(mv),
            *t,
            "{t} is not canonical at {}",
            p.to_fen()
        );
        p.play(mv);
    }
    if let Some(survive) = p.implicit_outcome() {
        p.play(survive);
    }
    p
}

/// The position after playing `list` from `fen`.
fn play(fen: &str, list: &[&str]) -> Hobgoblin {
    play_all(pos(fen), list)
}

/// The FEN after playing `list` from `fen`.
fn after(fen: &str, list: &[&str]) -> String {
    play(fen, list).to_fen()
}

/// The unit moves and castling moves from node `from` (link steps, which also start with a
/// hallway square, are left out: their third character is `=` or `|`).
fn moves_from(p: &Hobgoblin, from: &str) -> Vec<String> {
    tokens(p)
        .into_iter()
        .filter(|t| {
            t.starts_with(from) && t[from.len()..].starts_with(|c: char| c.is_ascii_lowercase())
        })
        .collect()
}

fn winner(p: &Hobgoblin) -> Option<Color> {
    match p.terminal() {
        Some(Outcome::Win { winner, .. }) => Some(winner),
        _ => None,
    }
}

/// A finished game (`result=`): every field but the side to move, which notation §2.7/§2.8 do
/// not fix for a position where nobody decides any more.
fn assert_result_fen(p: &Hobgoblin, expected: &str) {
    let fen = p.to_fen();
    let got: Vec<&str> = fen.split_whitespace().collect();
    let want: Vec<&str> = expected.split_whitespace().collect();
    assert_eq!(got.len(), want.len(), "{fen} vs {expected}");
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        if i != 1 {
            assert_eq!(g, w, "field {} of {fen} (expected {expected})", i + 1);
        }
    }
    assert!(p.legal_moves().is_empty(), "{fen} has legal actions");
}

// ---- Extension, consolidation, lone halves (HOB-40..47, HOB-94, HOB-A11, HOB-A31) --------

#[test]
fn hob_94_a11_rook_extension_pulls_its_own_half() {
    // Ra1 extends to a5 over empty squares; the S ray from a5 meets the rook's own half on a1
    // first and pulls it to a4 (HOB-94, HOB-A11). The E ray pushes the black king, with no
    // square behind h5, so it stays (HOB-93). No pawn, no capture: the clock goes 0 -> 1.
    let start = "9/9/9/7k1/9/9/9/R6K1 w - - 0 1 L";
    let p = play(start, &["a1a5"]);
    assert_eq!(p.to_fen(), "9/9/9/(R~a4)6k1/(R~a5)8/9/9/7K1 b - - 1 1 L");
    // Two lone halves attack nothing (HOB-44, HOB-131, HOB-A31): h5 is not in check.
    assert!(!p.in_check());
    // The black king extends h5->h6 (its own h5 half is already next to h6: it stays).
    let p = play_all(p, &["h5h6"]);
    assert_eq!(
        p.to_fen(),
        "9/9/7(k~h5)1/(R~a4)6(k~h6)1/(R~a5)8/9/9/7K1 w - - 2 2 L"
    );
    // A lone half can only consolidate onto its partner's node (HOB-43, HOB-A1, HOB-A2).
    assert_eq!(moves_from(&p, "a4"), sorted(&["a4a5"]));
    assert_eq!(moves_from(&p, "a5"), sorted(&["a5a4"]));
    // Consolidating on a5 (magnetism from a5 pushes the h5 half east: no room, it stays).
    // The consolidated rook now attacks h5, a royal half-node (HOB-130, HOB-132).
    let q = play_all(p.clone(), &["a4a5"]);
    assert_eq!(q.to_fen(), "9/9/7(k~h5)1/R6(k~h6)1/9/9/9/7K1 b - - 3 2 L");
    assert!(q.in_check());
    // Consolidating back onto a4 instead: rank 4 is empty, no check.
    let q = play_all(p, &["a5a4"]);
    assert_eq!(q.to_fen(), "9/9/7(k~h5)1/7(k~h6)1/R8/9/9/7K1 b - - 3 2 L");
    assert!(!q.in_check());
}

#[test]
fn hob_40_43_crowd_move_with_mixed_members_and_inchworm() {
    // d2 holds a queen, a bishop and the d2 half of a knight extended from b1 (N b1~d2).
    const START: &str = "9/7k1/9/9/9/7K1/3(Q,B,N~b1)5/1(N~d2)7 w - - 0 1 L";
    let p = pos(START);
    // The queen extends to d5 (^), the bishop is carried, the knight half shifts (~b1):
    // valid because one piece extends (HOB-42, HOB-43). Magnetism from d5: the S ray meets the
    // queen's own half on d2 and pulls it to d4; b1 lies on no ray of d5 (HOB-94).
    assert_eq!(
        after(START, &["d2d5(Q^,B,N~b1)"]),
        "9/7k1/9/3(Q~d4,B,N~b1)5/3(Q~d5)5/7K1/9/1(N~d5)7 b - - 1 1 L"
    );
    for valid in [
        "d2d5(Q^)",
        "d2d5(Q^,B)",
        "d2f4(B^)",
        "d2f4(Q^,B)",
        // A consolidation qualifies, and T = the partner node needs no path (HOB-41b).
        "d2b1(N~b1)",
        "d2b1(Q,B,N~b1)",
    ] {
        assert!(
            has(&p, valid),
            "{valid} missing: {:?}",
            moves_from(&p, "d2")
        );
    }
    // Inchworm (HOB-43, HOB-A3): only carried pieces and a shift is no move.
    for invalid in [
        "d2d5(Q)",
        "d2d5(Q,B)",
        "d2d5(Q,N~b1)",
        "d2d5(Q,B,N~b1)",
        "d2f4(B)",
        "d2f4(Q,B)",
    ] {
        assert!(!has(&p, invalid), "{invalid} offered");
        assert!(p.parse_move(invalid).is_err(), "{invalid} parsed");
    }
}

#[test]
fn hob_41_43_70_crowd_with_a_pawn_carries_the_rest() {
    // b2 holds a rook and a pawn: a moving set holding a pawn needs nobody to extend
    // (HOB-43), and any member's pattern takes the whole set (HOB-41).
    const START: &str = "9/7k1/9/9/9/9/1(R,P)7/7K1 w - - 0 1 L";
    let p = pos(START);
    for valid in [
        "b2b3(R,P)",
        "b2b4(R,P)",
        "b2b5(R,P)",
        "b2e2(R,P)",
        "b2b5(R^,P)",
    ] {
        assert!(
            has(&p, valid),
            "{valid} missing: {:?}",
            moves_from(&p, "b2")
        );
    }
    for invalid in ["b2b3(R)", "b2b5(R)"] {
        assert!(!has(&p, invalid), "{invalid} offered");
    }
    // The rook's ride carries the pawn 3 squares from its second rank: no record, since that
    // pawn's own forward moves are 1 or 2 squares (HOB-26, HOB-70). No unit on any ray of b5.
    assert_eq!(
        after(START, &["b2b5(R,P)"]),
        "9/7k1/9/1(R,P)7/9/9/9/7K1 b - - 0 1 L"
    );
    // Two squares: the pawn's own 2-square move reaches b4, so a record b3:b4:1 (HOB-70).
    assert_eq!(
        after(START, &["b2b4(R,P)"]),
        "9/7k1/9/9/1(R,P)7/9/9/7K1 b - b3:b4:1 0 1 L"
    );
}

// ---- Mutation (HOB-50..55, HOB-150) -------------------------------------------------------

#[test]
fn hob_51_52_150_mutation_of_a_crowd_into_pawns() {
    // c3 holds R and B; e5 holds one black pawn, so V = {P} and no choice is written (HOB-51).
    const START: &str = "9/7k1/9/4p4/9/2(R,B)6/9/K8 w - - 0 1 L";
    let p = pos(START);
    // R carried (two pawns on e5) + B extending (a pawn on c3 and one on e5) equals R extending
    // + B carried: one turn (HOB-52, HOB-150), spelled by the ASCII-smaller token (§3.7).
    // Magnetism from e5: the SW ray pulls the c3 pawn to d4. Capture: clock 0.
    let e5 = |t: &String| t.starts_with("c3e5");
    let to_e5: Vec<String> = moves_from(&p, "c3").into_iter().filter(e5).collect();
    assert_eq!(
        to_e5,
        sorted(&["c3e5(B^)", "c3e5(R,B^)", "c3e5(R^,B^)"]),
        "R alone cannot reach e5; (R^,B) is the same turn as (R,B^)"
    );
    assert_eq!(
        after(START, &["c3e5(R,B^)"]),
        "9/7k1/9/4(3P)4/3P5/9/9/K8 b - - 0 1 L"
    );
    // The other spelling is accepted and names the same turn (§3.7 "equivalent
    // specifications").
    let mv = p.parse_move("c3e5(R^,B)").expect("equivalent spelling");
    assert_eq!(p.format_move(mv), "c3e5(R,B^)");
    // Both extend: two pawns stay on c3 (pulled to d4), two on e5.
    assert_eq!(
        after(START, &["c3e5(R^,B^)"]),
        "9/7k1/9/4(2P)4/3(2P)5/9/9/K8 b - - 0 1 L"
    );
    // The bishop alone extends: a pawn on c3 beside the rook, a pawn on e5; the c3 crowd
    // (R, P) is pulled to d4 as a whole.
    assert_eq!(
        after(START, &["c3e5(B^)"]),
        "9/7k1/9/4P4/3(R,P)5/9/9/K8 b - - 0 1 L"
    );
}

#[test]
fn hob_51_52_mutation_choice_and_pawn_capture() {
    // A lone bishop takes the crowd (n, p): V = {N, P}, so the type is written (HOB-51).
    const START: &str = "9/7k1/9/4(n,p)4/9/2B6/9/K8 w - - 0 1 L";
    let p = pos(START);
    let to_e5: Vec<String> = moves_from(&p, "c3")
        .into_iter()
        .filter(|t| t.starts_with("c3e5"))
        .collect();
    assert_eq!(to_e5, sorted(&["c3e5=n", "c3e5=p"]));
    assert!(p.parse_move("c3e5").is_err(), "the type must be declared");
    // =n: an extended knight c3~e5 (HOB-52); magnetism pulls the c3 half to d4.
    assert_eq!(
        after(START, &["c3e5=n"]),
        "9/7k1/9/4(N~d4)4/3(N~e5)5/9/9/K8 b - - 0 1 L"
    );
    // =p: a pawn on S and one on T; the c3 pawn is pulled to d4.
    assert_eq!(
        after(START, &["c3e5=p"]),
        "9/7k1/9/4P4/3P5/9/9/K8 b - - 0 1 L"
    );
    // A pawn taking a knight becomes a knight (HOB-52). Magnetism from e5: the SW ray passes
    // the vacated d4 and pulls the white king from a1 to d4; the black king on h8 (NE ray)
    // has no square behind it and stays.
    assert_eq!(
        after("7k1/9/9/4n4/3P5/9/9/K8 w - - 0 1 L", &["d4e5"]),
        "7k1/9/9/4N4/3K5/9/9/9 b - - 0 1 L"
    );
}

// ---- Castling (HOB-60..67, HOB-141) -------------------------------------------------------

const CASTLE_START: &str = "4k4/9/9/9/9/9/9/4K2R1 w K - 0 1 L";
const CASTLING: &str = "4k4/9/9/9/9/9/9/4(K~g1)(R~h1)(K~e1)(R~f1)1 b K* - 1 1 L";

#[test]
fn hob_61_63_66_castling_initiation_and_completion() {
    // Initiation: king e1~g1 and rook h1~f1 in one move, field K* (HOB-61, HOB-62). The magnet
    // is f1 (HOB-66): its E and W rays find the king halves already next to f1; nothing else.
    assert!(has(&pos(CASTLE_START), "e1g1"));
    assert_eq!(after(CASTLE_START, &["e1g1"]), CASTLING);
    // Black extends its king e8->d8 (nothing on its rays); White completes with the same token
    // (HOB-63): K g1 and R f1 consolidated, no right left.
    assert_eq!(
        after(CASTLE_START, &["e1g1", "e8d8", "e1g1"]),
        "3(k~e8)(k~d8)4/9/9/9/9/9/9/5RK2 b - - 3 2 L"
    );
}

#[test]
fn hob_67_133_castling_with_an_attacked_danger_node_is_illegal() {
    // After initiation e1, f1, g1 are royal (HOB-64): castling out of (Re8), through (Rf8;
    // the f1 magnet pushes it north, where it cannot move) or into (Rg8) an attack is illegal.
    for fen in [
        "k3r4/9/9/9/9/9/9/4K2R1 w K - 0 1 L",
        "4kr3/9/9/9/9/9/9/4K2R1 w K - 0 1 L",
        "4k1r2/9/9/9/9/9/9/4K2R1 w K - 0 1 L",
    ] {
        let p = pos(fen);
        assert!(!has(&p, "e1g1"), "{fen}: {:?}", moves_from(&p, "e1"));
    }
}

#[test]
fn hob_62_133a_castling_side_must_keep_its_locked_halves_in_place() {
    // White's castling is in progress; its own knight's magnetism must not pull a locked half
    // (HOB-133a). Nf4: h3/h5 (S ray pulls h1), g6 (pulls g1), e6 (pulls e1), d5 and d3 (SE ray
    // pulls h1 / f1) are illegal; e2 and g2 only meet halves already adjacent, which stay.
    const START: &str = "4k4/9/9/9/5N3/9/9/4(K~g1)(R~h1)(K~e1)(R~f1)1 w K* - 0 1 L";
    let p = pos(START);
    assert_eq!(moves_from(&p, "f4"), sorted(&["f4e2", "f4g2"]));
    // Locked halves belong to no moving set and cannot go back (HOB-62).
    for locked in ["g1e1", "h1f1", "f1h1", "e1f1"] {
        assert!(!has(&p, locked), "{locked} offered");
    }
    // No link touches a locked half (HOB-81); other rank-1 squares may be linked.
    for link in ["i1=e1", "i1=f1", "i1=g1", "i1=h1"] {
        assert!(!has(&p, link), "{link} offered");
    }
    assert!(has(&p, "i1=d1") && has(&p, "i1=a1"));
    // Completion: the f1 magnet's N ray pulls the knight from f4 to f2 (HOB-66).
    assert_eq!(
        after(START, &["e1g1"]),
        "4k4/9/9/9/9/9/5N3/5RK2 b - - 1 1 L"
    );
}

#[test]
fn hob_65_141_castling_lost_when_a_locked_half_is_removed() {
    // Rh8 extends to h1 and takes the locked rook half there; its partner on f1 goes too
    // (HOB-50). Magnetism from h1: the N ray pulls the black h8 half to h2; the W ray pushes the
    // white king half g1 west over the emptied f1 to f1 (e1 is occupied). A locked half was
    // removed, and Black's magnetism moved another (g1): Black wins at the first verdict
    // (HOB-65a, HOB-141), the turn stops there. (With all four halves in place on e1..h1 no
    // opponent magnetism can move one: each has no empty square behind it on any ray.)
    let p = play(
        "4k2r1/9/9/9/9/9/9/4(K~g1)(R~h1)(K~e1)(R~f1)1 b K* - 1 1 L",
        &["h8h1"],
    );
    // The castling no longer stands as HOB-61 leaves it, so nothing is in progress any more.
    assert_result_fen(
        &p,
        "4k4/9/9/9/9/9/7(r~h1)1/4(K~f1)(K~e1)1(r~h2)1 w - - 0 2 L result=0-1",
    );
    assert_eq!(winner(&p), Some(Color::Black));
}

#[test]
fn hob_65_141_castling_lost_when_a_danger_node_is_attacked() {
    // The black rook half f8 consolidates onto f5 (HOB-43): the consolidated rook attacks f1, a
    // danger node (HOB-64). Magnetism from f5 pushes the f1 crowd south: no room, it stays.
    // First verdict: Black wins; the castling state is printed as it stands (HOB-141).
    let p = play(
        "4k(r~f5)3/9/9/5(r~f8)3/9/9/9/4(K~g1)(R~h1)(K~e1)(R~f1)1 b K* - 1 1 L",
        &["f8f5"],
    );
    assert_result_fen(
        &p,
        "4k4/9/9/5r3/9/9/9/4(K~g1)(R~h1)(K~e1)(R~f1)1 w K* - 2 2 L result=0-1",
    );
    assert_eq!(winner(&p), Some(Color::Black));
}

// ---- En passant (HOB-70..74) --------------------------------------------------------------

#[test]
fn hob_70_first_rank_pawn_records_vacated_and_passed_squares() {
    // A pawn on its first rank moves 1, 2 or 3 squares (HOB-26); the record holds the squares
    // passed over plus the vacated a1 (HOB-70, notation §2.7).
    const START: &str = "9/7k1/9/9/9/5K3/9/P8 w - - 0 1 L";
    let p = pos(START);
    assert_eq!(moves_from(&p, "a1"), sorted(&["a1a2", "a1a3", "a1a4"]));
    assert_eq!(
        after(START, &["a1a4"]),
        "9/7k1/9/9/P8/5K3/9/9 b - a1,a2,a3:a4:1 0 1 L"
    );
    assert_eq!(
        after(START, &["a1a2"]),
        "9/7k1/9/9/9/5K3/P8/9 b - a1:a2:1 0 1 L"
    );
    // a1a3: the E ray from a3 pulls the white king from f3 to b3 (magnetism after a pawn
    // move, HOB-90).
    assert_eq!(
        after(START, &["a1a3"]),
        "9/7k1/9/9/9/PK7/9/9 b - a1,a2:a3:1 0 1 L"
    );
}

#[test]
fn hob_72_en_passant_on_a_passed_or_vacated_square() {
    // Passed square a2: bxa2 removes the k = 1 pawn from a4; V = {P}, the pawn stays a pawn.
    // Nothing lies on a ray of a2.
    const PASSED: &str = "9/7k1/9/9/P8/1p3K3/9/9 b - a1,a2,a3:a4:1 0 1 L";
    let p = pos(PASSED);
    assert_eq!(moves_from(&p, "b3"), sorted(&["b3a2", "b3b2"]));
    assert_eq!(after(PASSED, &["b3a2"]), "9/7k1/9/9/9/5K3/p8/9 w - - 0 2 L");
    // Vacated square a1, which is Black's last rank: the mover declares the promotion
    // (HOB-72, HOB-111). b2b1 is an ordinary step to the last rank.
    const VACATED: &str = "9/7k1/9/9/P8/5K3/1p7/9 b - a1,a2,a3:a4:1 0 1 L";
    let p = pos(VACATED);
    assert_eq!(
        moves_from(&p, "b2"),
        sorted(&["b2a1b", "b2a1n", "b2a1q", "b2a1r", "b2b1b", "b2b1n", "b2b1q", "b2b1r"])
    );
    assert!(p.parse_move("b2a1").is_err(), "promotion must be declared");
    assert_eq!(
        after(VACATED, &["b2a1q"]),
        "9/7k1/9/9/9/5K3/9/q8 w - - 0 2 L"
    );
}

#[test]
fn hob_71_record_lapses_after_one_turn_or_on_a_link_step() {
    const START: &str = "9/7k1/9/9/P8/1p3K3/9/9 b - a1,a2,a3:a4:1 0 1 L";
    // Black plays something else (the king extends h7->h8): the record is replaced by none.
    let p = play(START, &["h7h8"]);
    assert_eq!(p.to_fen(), "7(k~h7)1/7(k~h8)1/9/9/P8/1p3K3/9/9 w - - 1 2 L");
    let p = play_all(p, &["a4a5"]);
    assert_eq!(p.to_fen(), "7(k~h7)1/7(k~h8)1/9/P8/9/1p3K3/9/9 b - - 0 2 L");
    assert_eq!(moves_from(&p, "b3"), sorted(&["b3b2"]));
    // A link step touching a named square voids the record at once (HOB-71, §2.7).
    let p = play(START, &["i2=a2"]);
    assert_eq!(p.to_fen(), "9/7k1/9/9/P8/1p3K3/8=a/9 b - - 0 1 L+");
    assert_eq!(moves_from(&p, "b3"), sorted(&["b3b2"]));
    // A link step elsewhere keeps it.
    let p = play(START, &["i5=a5"]);
    assert_eq!(
        p.to_fen(),
        "9/7k1/9/8=a/P8/1p3K3/9/9 b - a1,a2,a3:a4:1 0 1 L+"
    );
    assert!(has(&p, "b3a2"));
}

// ---- Geometry: rides with transfers, hallway steps (HOB-13..17, HOB-85) --------------------

#[test]
fn hob_16_rides_transfer_into_and_out_of_the_hallway() {
    // Into: Rc1 rides c2, c3 (linked to i3, empty) and transfers to i3, then up or down the
    // hallway (HOB-16). The linked node is named c3, never i3 (§3.7).
    const INTO: &str = "K8/9/6k2/9/9/8=c/9/2R6 w - - 0 1 L";
    let p = pos(INTO);
    let m = moves_from(&p, "c1");
    for t in [
        "c1c3", "c1c8", "c1i1", "c1i2", "c1i4", "c1i5", "c1i6", "c1i7", "c1i8",
    ] {
        assert!(m.iter().any(|x| x == t), "{t} missing: {m:?}");
    }
    assert!(!m.iter().any(|x| x == "c1i3"), "i3 is node c3");
    // The magnet i6 is hallway-only: the board half on c1 is out of its reach (HOB-94).
    assert_eq!(
        after(INTO, &["c1i6"]),
        "K8/9/6k1(R~c1)/9/9/8=c/9/2(R~i6)6 b - - 1 1 L"
    );
    // Out: Ri6 rides down to i3, transfers to c3 and rides along rank 3 or the c-file.
    const OUT: &str = "K8/9/6k1R/9/9/8=c/9/9 w - - 0 1 L";
    let p = pos(OUT);
    let m = moves_from(&p, "i6");
    for t in ["i6c3", "i6a3", "i6h3", "i6c8", "i6c1", "i6i1", "i6i8"] {
        assert!(m.iter().any(|x| x == t), "{t} missing: {m:?}");
    }
    assert!(!m.iter().any(|x| x == "i6d4" || x == "i6i3"), "{m:?}");
    // The board magnet h3 does not touch the hallway half on i6.
    assert_eq!(
        after(OUT, &["i6h3"]),
        "K8/9/6k1(R~h3)/9/9/7(R~i6)=c/9/9 b - - 1 1 L"
    );
}

#[test]
fn hob_13_a16_knight_and_king_hallway_steps() {
    // In the hallway a knight and a king step to iN±1 only; a board knight never reaches the
    // hallway (HOB-13, HOB-A16).
    let p = pos("k8/9/9/9/8N/7N1/9/4K4 w - - 0 1 L");
    assert_eq!(moves_from(&p, "i4"), sorted(&["i4i3", "i4i5"]));
    assert_eq!(
        moves_from(&p, "h3"),
        sorted(&["h3f2", "h3f4", "h3g1", "h3g5"])
    );
    // On a linked node it departs from either square (HOB-14): board leaps from c4, hallway
    // steps from i4.
    let p = pos("k8/9/9/9/2N5=c/9/9/7K1 w - - 0 1 L");
    assert_eq!(
        moves_from(&p, "c4"),
        sorted(&["c4a3", "c4a5", "c4b2", "c4b6", "c4d2", "c4d6", "c4e3", "c4e5", "c4i3", "c4i5"])
    );
    // A king on i1 has one step.
    const KING: &str = "k8/9/9/9/9/9/9/8K w - - 0 1 L";
    assert_eq!(moves_from(&pos(KING), "i1"), sorted(&["i1i2"]));
    assert_eq!(
        after(KING, &["i1i2"]),
        "k8/9/9/9/9/9/8(K~i1)/8(K~i2) b - - 1 1 L"
    );
}

// ---- The link step (HOB-80..84, HOB-A18, HOB-A19) -----------------------------------------

#[test]
fn hob_80_81_linking_conditions_and_the_eighth_link() {
    // Seven links; linking i8 is the eighth and switches the phase to UNLINKING (HOB-80/81).
    const SEVEN: &str = "4k4/8=a/8=a/8=a/8=a/8=a/8=a/4K3=a w - - 0 1 L";
    let p = pos(SEVEN);
    assert!(has(&p, "i8=a8"));
    assert!(
        !has(&p, "i8=e8"),
        "no link onto an opponent unit (HOB-81, HOB-A18)"
    );
    assert_eq!(
        after(SEVEN, &["i8=a8"]),
        "4k3=a/8=a/8=a/8=a/8=a/8=a/8=a/4K3=a w - - 0 1 U+"
    );
    // No link joining the two halves of one piece (HOB-81).
    let p = pos("4k4/9/9/9/9/2(R~i3)5(R~c3)/9/4K4 w - - 0 1 L");
    assert!(!has(&p, "i3=c3"));
    assert!(has(&p, "i3=d3"));
}

#[test]
fn hob_82_a19_unlink_splits_the_opponents_units_and_forbid() {
    // Two links: c3 (black knight and two pawns) and e5 (white knight). The unlinking player
    // places every unit, the opponent's included (HOB-82, HOB-A19). One link remains: U+.
    const START: &str = "7k1/9/9/4N3=e/9/2(n,2p)5=c/9/7K1 w - - 0 1 U";
    let p = pos(START);
    let unlinks = |p: &Hobgoblin, node: &str| -> Vec<String> {
        tokens(p)
            .into_iter()
            .filter(|t| t.starts_with(node))
            .collect()
    };
    assert_eq!(
        unlinks(&p, "i3|c3"),
        sorted(&[
            "i3|c3",
            "i3|c3(2p)",
            "i3|c3(n)",
            "i3|c3(n,2p)",
            "i3|c3(n,p)",
            "i3|c3(p)"
        ])
    );
    assert_eq!(unlinks(&p, "i5|e5"), sorted(&["i5|e5", "i5|e5(N)"]));
    assert_eq!(
        after(START, &["i3|c3(n,p)"]),
        "7k1/9/9/4N3=e/9/2p5(n,p)/9/7K1 w - - 0 1 U+"
    );
    assert_eq!(
        after(START, &["i5|e5(N)"]),
        "7k1/9/9/8N/9/2(n,2p)5=c/9/7K1 w - - 0 1 U+"
    );
    // HobUnlinkEnemy = forbid: a pair holding an opponent unit cannot be unlinked.
    let forbid = HobOptions {
        unlink_enemy: UnlinkEnemy::Forbid,
    };
    let p = pos_with(START, &forbid);
    assert!(unlinks(&p, "i3|c3").is_empty(), "{:?}", tokens(&p));
    assert_eq!(unlinks(&p, "i5|e5"), sorted(&["i5|e5", "i5|e5(N)"]));
}

#[test]
fn hob_80_84_146_last_unlink_returns_to_linking_and_keeps_the_clock() {
    // The last unlink switches the phase back to LINKING (HOB-80/82); a link step moves
    // nothing and resets no clock (HOB-84, HOB-146); the turn's move then counts one turn.
    const START: &str = "7k1/9/9/9/9/2(n,2p)5=c/9/7K1 w - - 5 9 U";
    let p = play(START, &["i3|c3(n,p)"]);
    assert_eq!(p.to_fen(), "7k1/9/9/9/9/2p5(n,p)/9/7K1 w - - 5 9 L+");
    // After a link step the same side moves; no second link step (HOB-83).
    assert!(tokens(&p)
        .iter()
        .all(|t| !t.contains('=') && !t.contains('|')));
    let p = play_all(p, &["h1g1"]);
    assert_eq!(
        p.to_fen(),
        "7k1/9/9/9/9/2p5(n,p)/9/6(K~h1)(K~g1)1 b - - 6 9 L"
    );
}

// ---- Promotion (HOB-110..112, HOB-133b) ---------------------------------------------------

#[test]
fn hob_112_opponent_chooses_promotions_pushed_by_magnetism() {
    // c3c4: the S ray from c4 passes the vacated c3 and pushes the black pawn c2 to c1,
    // Black's last rank. Black then chooses (G5, HOB-112). The pawn moved: clock 0; the
    // fullmove number stays (White's turn), fields 4-6 as the turn leaves them (§2.7).
    const START: &str = "k8/7K1/9/9/9/2P6/2p6/9 w - - 4 7 L";
    let p = play(START, &["c3c4"]);
    assert_eq!(p.to_fen(), "k8/7K1/9/9/2P6/9/9/2p6 b - - 0 7 L");
    assert_eq!(p.side_to_move(), Color::Black);
    assert!(!p.consumes_depth(), "HOB-151: a G5 step costs no depth");
    assert_eq!(tokens(&p), sorted(&["c1b", "c1n", "c1q", "c1r"]));
    // The decision is not a turn: Black's own turn follows, same numbers.
    let p = play_all(p, &["c1n"]);
    assert_eq!(p.to_fen(), "k8/7K1/9/9/2P6/9/9/2n6 b - - 0 7 L");
    assert!(p.consumes_depth());
}

#[test]
fn hob_111_134_mover_declares_its_promotions() {
    // The mover declares its own promotions in the move token (HOB-111, §3.7); a token without
    // them is an error.
    const START: &str = "k8/4P4/9/9/9/9/9/7K1 w - - 0 1 L";
    let p = pos(START);
    assert_eq!(
        moves_from(&p, "e7"),
        sorted(&["e7e8b", "e7e8n", "e7e8q", "e7e8r"])
    );
    assert!(p.parse_move("e7e8").is_err());
    // Magnetism from e8 pushes the a8 king west: no room, it stays.
    assert_eq!(after(START, &["e7e8n"]), "k3N4/9/9/9/9/9/9/7K1 b - - 0 1 L");
    // With a queen on e8 the king on a8 is mated: every extension leaves its a8 half on the
    // attacked node (HOB-135), b8 stays attacked after its magnetism pushes the queen to h8,
    // and no link step blocks a line (HOB-134).
    let q = play(START, &["e7e8q"]);
    assert_eq!(q.to_fen(), "k3Q4/9/9/9/9/9/9/7K1 b - - 0 1 L");
    assert!(q.in_check());
    assert!(q.legal_moves().is_empty(), "{:?}", tokens(&q));
    assert_eq!(q.terminal(), won(Color::White, Reason::Checkmate));
}

#[test]
fn hob_133b_a_pawn_on_its_last_rank_counts_as_queen_and_knight() {
    // As in the G5 test, c3c4 pushes the black pawn to c1. With the white king on b3 (a knight
    // step from c1, on no queen line of it) the move is illegal: the pawn on c1 counts as a
    // queen and a knight while Black's choice is open (HOB-133b, HOB-A24).
    let p = pos("k8/9/9/9/9/1KP6/2p6/9 w - - 0 1 L");
    assert!(!has(&p, "c3c4"), "{:?}", moves_from(&p, "c3"));
    assert!(has(&pos("k8/7K1/9/9/9/2P6/2p6/9 w - - 0 1 L"), "c3c4"));
}

// ---- The end of the game (HOB-134..147) ---------------------------------------------------

#[test]
fn hob_140_king_captured_after_a_link_step_opened_the_line() {
    // No line reaches the hallway king until White links i1 to c1 (HOB-140). Then Rc1 departs
    // from i1, rides up and takes the king: the game ends at step 2, with no magnetism.
    const START: &str = "K8/9/8k/9/9/9/9/2R6 w - - 0 1 L";
    let p = play(START, &["i1=c1"]);
    assert_eq!(p.to_fen(), "K8/9/8k/9/9/9/9/2R5=c w - - 0 1 L+");
    let p = play_all(p, &["c1i6"]);
    assert_result_fen(&p, "K8/9/8(R~c1)/9/9/9/9/2(R~i6)5=c b - - 0 1 L result=1-0");
    assert_eq!(winner(&p), Some(Color::White));
}

#[test]
fn hob_135_a_king_in_check_cannot_escape_by_extending() {
    // A lone king on e1 checked along the e-file: every extension keeps its e1 half on the
    // attacked node, and no magnetism of an extension moves the rook off the file (e2 pushes
    // it north: no room). It is checkmate (HOB-134, HOB-135).
    let p = pos("k3r4/9/9/9/9/9/9/4K4 w - - 0 1 L");
    assert!(p.in_check());
    assert!(p.legal_moves().is_empty(), "{:?}", tokens(&p));
    assert_eq!(p.terminal(), won(Color::Black, Reason::Checkmate));
    // With a knight beside it, the king escapes carried by the knight's extension (HOB-46).
    const CROWD: &str = "k3r4/9/9/9/9/9/9/4(K,N)4 w - - 0 1 L";
    let p = pos(CROWD);
    assert!(p.in_check());
    let m = moves_from(&p, "e1");
    assert!(m.iter().any(|t| t == "e1d3(K,N^)"), "{m:?}");
    // The king may provide the pattern while the knight extends (HOB-41, HOB-A4).
    assert!(m.iter().any(|t| t == "e1d2(K,N^)"), "{m:?}");
    assert!(m.iter().all(|t| !t.contains("K^")), "{m:?}");
    assert_eq!(
        after(CROWD, &["e1d3(K,N^)"]),
        "k3r4/9/9/9/9/3(K,N~e1)5/9/4(N~d3)4 b - - 1 1 L"
    );
}

#[test]
fn hob_134_stalemate() {
    // The black king on i8 can only extend to i7, which the knights on i6 attack; its
    // magnetism cannot push them away (i5 is taken), i8 cannot be linked (every rank-8 square
    // holds a white unit), and no other link changes that. Not in check: stalemate, a draw
    // (HOB-134, G3).
    let p = pos("NNNNNNNNk/9/8(2N)/8N/9/9/9/K8 b - - 0 1 L");
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty(), "{:?}", tokens(&p));
    assert_eq!(p.terminal(), drawn(Reason::Stalemate));
}

#[test]
fn hob_147_dead_position() {
    // The king takes the last black non-king unit by extending (kings never mutate, HOB-53):
    // only kings remain, consolidated or extended (HOB-147, HOB-A30). Draws by rule are not
    // stored and move generation goes on (G8, §2.7).
    let p = play("k8/9/9/9/9/9/4n4/4K4 w - - 5 30 L", &["e1e2"]);
    assert_eq!(p.to_fen(), "k8/9/9/9/9/9/4(K~e1)4/4(K~e2)4 b - - 0 30 L");
    assert!(p.insufficient_material());
    assert_eq!(p.terminal(), drawn(Reason::InsufficientMaterial));
    assert!(!p.legal_moves().is_empty());
    assert!(pos("k8/9/9/9/9/9/9/7K1 w - - 0 1 L").insufficient_material());
    assert!(!pos("7k1/9/9/9/9/9/P8/7K1 w - - 0 1 L").insufficient_material());
}

#[test]
fn hob_146_turn_clock() {
    const START: &str = "7k1/9/9/9/9/9/P8/7K1 w - - 7 12 L";
    // A pawn move resets the clock (HOB-146); a 2-square move from the second rank makes the
    // FIDE record (HOB-73).
    assert_eq!(after(START, &["a2a3"]), "7k1/9/9/9/9/P8/9/7K1 b - - 0 12 L");
    assert_eq!(
        after(START, &["a2a4"]),
        "7k1/9/9/9/P8/9/9/7K1 b - a3:a4:1 0 12 L"
    );
    // A piece move counts one.
    assert_eq!(
        after(START, &["h1g1"]),
        "7k1/9/9/9/9/9/P8/6(K~h1)(K~g1)1 b - - 8 12 L"
    );
    // A link step changes no clock, mid-turn or after the move (HOB-84, §2.7).
    let p = play(START, &["i5=e5"]);
    assert_eq!(p.to_fen(), "7k1/9/9/8=e/9/9/P8/7K1 w - - 7 12 L+");
    let p = play_all(p, &["h1g1"]);
    assert_eq!(p.to_fen(), "7k1/9/9/8=e/9/9/P8/6(K~h1)(K~g1)1 b - - 8 12 L");
    // Black's king extends to g8: its S ray pushes the g1 half and its SW ray the a2 pawn, but
    // neither has room, so neither moves; an unmoved pawn resets nothing. Black's turn ends
    // the full move.
    let p = play_all(p, &["h8g8"]);
    assert_eq!(
        p.to_fen(),
        "6(k~h8)(k~g8)1/9/9/8=e/9/9/P8/6(K~h1)(K~g1)1 w - - 9 13 L"
    );
    // The hundredth turn without a reset draws (HOB-146); a pawn move at 99 does not.
    const LATE: &str = "7k1/9/9/9/9/9/P8/7K1 w - - 99 80 L";
    assert_eq!(
        play(LATE, &["h1g1"]).terminal(),
        drawn(Reason::FiftyMoveRule)
    );
    assert_eq!(play(LATE, &["a2a3"]).terminal(), None);
}

// ---- Magnetism (HOB-90..94, HOB-A9..A12) --------------------------------------------------

#[test]
fn hob_91_92_a12_snapshot_merges_attracted_crowds_through_links() {
    // Nb2 extends to c4 (linked to i4); c3 is linked to i3. Snapshot after the move: the S ray
    // from c4 passes the empty c3 and finds Rc1; the hallway down ray passes the empty i3 and
    // finds Ni1. Both are pulled next to the magnet: c3 and i3, one node, so they merge
    // (HOB-92, HOB-93). Recomputing targets after the first ray would leave Ni1 in place.
    assert_eq!(
        after("k8/9/9/9/8=c/8=c/1N5K1/2R5N w - - 0 1 L", &["b2c4"]),
        "k8/9/9/9/2(N~b2)5=c/2(R,N)5=c/1(N~c4)5K1/9 b - - 1 1 L"
    );
}

#[test]
fn hob_91_92_a_node_hit_by_two_rays_moves_with_the_first() {
    // Nb2 extends to c4 (linked to i4); the bishop's node e6 is linked to i6. The NE board ray
    // and the hallway up ray both find it; board rays come first, so the bishop is pulled to
    // d5 (board-only), not to i5 (HOB-91, HOB-92, HOB-94). From d5 it checks the a8 king.
    let p = play("k8/9/4B3=e/9/8=c/9/1N5K1/9 w - - 0 1 L", &["b2c4"]);
    assert_eq!(
        p.to_fen(),
        "k8/9/8=e/3B5/2(N~b2)5=c/9/1(N~c4)5K1/9 b - - 1 1 L"
    );
    assert!(p.in_check());
}

#[test]
fn hob_93_repulsion_slides_and_attraction_moves_whole_crowds() {
    // Nb2 extends to c4. N ray: the crowd (R, 2P) on c7 is pulled whole to c5. E ray: the pawn
    // e4 slides over f4, g4 and stops before the knight on h4 (HOB-93, HOB-A10). NW ray: the
    // bishop on a6 has no square behind it and stays. Pawns moved by magnetism reset the
    // clock (HOB-146).
    assert_eq!(
        after("k8/2(R,2P)6/b8/9/4p2n1/9/1N5K1/9 w - - 3 1 L", &["b2c4"]),
        "k8/9/b8/2(R,2P)6/2(N~b2)3pn1/9/1(N~c4)5K1/9 b - - 0 1 L"
    );
}
