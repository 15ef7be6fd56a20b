//! The independent reference model of Hobgoblin turns (`variants::hobgoblin::model`), checked
//! by hand against the rules (shared/rules/hobgoblin.md, rulings cited per test).

use grimoire_engine::perft::perft;
use grimoire_engine::prelude::Fen;
use grimoire_engine::variants::hobgoblin::cross_check::CROSS_CHECK_STARTS;
use grimoire_engine::variants::hobgoblin::model::{model_perft, model_turns, ModelTurn};
use grimoire_engine::variants::hobgoblin::options::{HobOptions, UnlinkEnemy};
use grimoire_engine::variants::hobgoblin::Hobgoblin;

const START: &str = "rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w KQkq - 0 1 L";

fn parse(fen: &str) -> Hobgoblin {
    Hobgoblin::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The engine's position under the given HobUnlinkEnemy setting.
fn engine_pos(fen: &str, unlink_enemy: UnlinkEnemy) -> Hobgoblin {
    <Hobgoblin as Fen>::from_fen(fen, &HobOptions { unlink_enemy })
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn turns(fen: &str, forbid: bool) -> Vec<ModelTurn> {
    model_turns(&parse(fen), forbid)
}

fn plain(ts: &[ModelTurn]) -> Vec<&ModelTurn> {
    ts.iter().filter(|t| t.link.is_none()).collect()
}

fn has(ts: &[ModelTurn], link: Option<&str>, fen: &str, rolls: &[&str]) -> bool {
    ts.iter().any(|t| {
        t.link.as_deref() == link
            && t.fen == fen
            && t.rolls.iter().map(String::as_str).eq(rolls.iter().copied())
    })
}

fn links(ts: &[ModelTurn]) -> std::collections::BTreeSet<String> {
    ts.iter().filter_map(|t| t.link.clone()).collect()
}

/// Every FEN the model prints parses and prints back unchanged.
fn round_trips(ts: &[ModelTurn]) {
    for t in ts {
        assert_eq!(parse(&t.fen).to_fen(), t.fen);
    }
}

/// HOB-11, HOB-43 (a lone piece only extends, onto empty or friendly nodes), HOB-26,
/// HOB-90..94, notation §2.7 (`g1f3`). By hand: 8 pawns x 2 moves, knights 3 + 3 (one onto a
/// friendly pawn), rooks 2 + 2, bishops 2 + 2, queen 5, king 5: 40 turns without a link step.
/// HOB-81: links only on ranks 1..6 (every square of ranks 7, 8 holds a black unit): 48.
#[test]
fn start_position_hob_11_43_81() {
    let ts = turns(START, false);
    assert_eq!(plain(&ts).len(), 40);
    assert_eq!(links(&ts).len(), 48);
    assert!(links(&ts).contains("i3=c3"));
    assert!(!links(&ts)
        .iter()
        .any(|l| l.starts_with("i7") || l.starts_with("i8")));
    // notation §2.7: g1f3 leaves (N~g1) on f3 and magnetism moves nothing.
    assert!(has(
        &ts,
        None,
        "rnbqkbnr1/pppppppp1/9/9/9/5(N~g1)3/PPPPPPPP1/RNBQKB(N~f3)R1 b KQkq - 1 1 L",
        &[]
    ));
    // e2e4 (HOB-91..93): e7, h7, b7 cannot be pushed; g2 -> f3, e1 -> e3, c2 -> d3 are
    // attracted; the king moved (HOB-60: both white rights go); the pawns moved by magnetism
    // roll too (HOB-100).
    assert!(has(
        &ts,
        None,
        "rnbqkbnr1/pppppppp1/9/9/4P4/3PKP3/PP1P1P1P1/RNBQ1BNR1 b kq e3:e4:1 0 1 L",
        &["d3", "f3", "e4"]
    ));
    round_trips(&ts);
    assert_eq!(model_perft(&parse(START), 1, false), ts.len() as u64);
}

/// HOB-A11, HOB-94: a rook extending a1 -> a5 over empty squares attracts its own a1 half.
#[test]
fn rook_extension_attracts_own_half_hob_a11() {
    let ts = turns("4k4/9/9/9/9/9/9/R6K1 w - - 0 1 L", false);
    assert!(has(
        &ts,
        None,
        "4k4/9/9/(R~a4)8/(R~a5)8/9/9/7K1 b - - 1 1 L",
        &[]
    ));
    assert!(!ts.iter().any(|t| t.fen.contains("(R~a5)8/9/9/9/(R~a1)")));
}

/// HOB-43, HOB-51/52, HOB-150: {R, B} on d4 takes a pawn on d5 (V = {P}). R carried + B
/// extending and R extending + B carried both leave 3 pawns on d5 and 1 on d4: one turn.
/// Both carried is no move (HOB-43); both extending leaves 2 + 2; R alone leaves (B,P) + P.
#[test]
fn crowd_capture_modes_one_turn_hob_150() {
    let ts = turns("k8/9/9/3p5/3(R,B)5/9/9/K8 w - - 0 1 L", false);
    let onto_d5: Vec<&ModelTurn> = plain(&ts)
        .into_iter()
        .filter(|t| t.fen.starts_with("k8/9/9/3(") || t.fen.starts_with("k8/9/9/3P5"))
        .collect();
    let fens: Vec<&str> = onto_d5.iter().map(|t| t.fen.as_str()).collect();
    assert_eq!(onto_d5.len(), 3, "{fens:#?}");
    assert!(has(&ts, None, "k8/9/9/3(3P)5/3P5/9/9/K8 b - - 0 1 L", &[]));
    assert!(has(
        &ts,
        None,
        "k8/9/9/3(2P)5/3(2P)5/9/9/K8 b - - 0 1 L",
        &[]
    ));
    assert!(has(&ts, None, "k8/9/9/3P5/3(B,P)5/9/9/K8 b - - 0 1 L", &[]));
    assert!(!ts.iter().any(|t| t.fen.contains("(4P)")));
}

/// HOB-26, HOB-70, HOB-72, HOB-A8: a first-rank pawn rides 3 squares (targets b1 vacated, b2
/// and b3 passed); Black takes en passant on b2 and magnetism pulls its king to c3.
#[test]
fn en_passant_after_three_square_ride_hob_70_72() {
    let ts = turns("7k1/9/9/9/9/p8/9/1P5K1 w - - 0 1 L", false);
    let after = "7k1/9/9/9/1P7/p8/9/7K1 b - b1,b2,b3:b4:1 0 1 L";
    assert!(has(&ts, None, after, &["b4"]));
    let ts = turns(after, false);
    assert!(has(&ts, None, "9/9/9/9/9/2k6/1p7/7K1 w - - 0 2 L", &["b2"]));
    // The plain step a3a2 still exists (no capture possible there).
    assert!(ts
        .iter()
        .any(|t| t.link.is_none() && t.fen.starts_with("7k1/9/9/9/1P7/9/p8/7K1 w")));
}

/// HOB-83, HOB-133, HOB-135 and our decision: a link step is offered only when a legal move
/// follows. Linking i1=a1 puts the lone king on the black rook's hallway line; a consolidated
/// king cannot escape by extending.
#[test]
fn link_step_only_with_a_legal_move_hob_83() {
    let fen = "7kr/9/9/9/9/9/9/K8 w - - 0 1 L";
    let ts = turns(fen, false);
    assert_eq!(plain(&ts).len(), 3);
    let l = links(&ts);
    assert!(!l.contains("i1=a1"));
    assert!(l.contains("i5=h5"));
    assert!(turns("7kr/9/9/9/9/9/9/K7=a w - - 0 1 L+", false).is_empty());
    // After a link step (L+), only moves, with no link token.
    let after = turns("7kr/9/9/9/8=h/9/9/K8 w - - 0 1 L+", false);
    assert_eq!(after.len(), 3);
    assert!(after.iter().all(|t| t.link.is_none()));
}

/// HOB-82, HOB-A19: the unlinking player splits every unit, the opponent's included (option
/// `HobUnlinkEnemy` = choose); with forbid a pair holding opponent units cannot be unlinked.
#[test]
fn unlink_splits_under_both_options_hob_82() {
    let fen = "7k1/9/9/9/3(n,2p)4=d/2(N,P)5=c/9/K8 w - - 0 1 U";
    let want_own = ["i3|c3", "i3|c3(N)", "i3|c3(N,P)", "i3|c3(P)"];
    let want_enemy = [
        "i4|d4",
        "i4|d4(2p)",
        "i4|d4(n)",
        "i4|d4(n,2p)",
        "i4|d4(n,p)",
        "i4|d4(p)",
    ];
    let choose = turns(fen, false);
    let mut all: Vec<&str> = want_own.iter().chain(&want_enemy).copied().collect();
    all.sort();
    assert_eq!(
        links(&choose)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        all
    );
    let forbid = turns(fen, true);
    assert_eq!(
        links(&forbid)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        want_own.to_vec()
    );
    // One link is left: the phase stays U (HOB-82).
    assert!(choose.iter().all(|t| t.fen.ends_with(" U")));
    round_trips(&choose);
}

/// HOB-112, HOB-151, G5: the opponent's promotion decision. At the root of the design's
/// decision position Black chooses for c1; the FEN after it is the start of Black's turn.
#[test]
fn opponent_decision_hob_112() {
    let fen = "rnbqkbnr1/pp1ppppp1/9/9/9/2(N~b1)6/PP1PPPPP1/R(N~c3)pQKBNR1 b KQkq - 0 10 L";
    let ts = turns(fen, false);
    let fens: Vec<&str> = ts.iter().map(|t| t.fen.as_str()).collect();
    let opt = |l: char| {
        format!("rnbqkbnr1/pp1ppppp1/9/9/9/2(N~b1)6/PP1PPPPP1/R(N~c3){l}QKBNR1 b KQkq - 0 10 L")
    };
    let mut want: Vec<String> = ['b', 'n', 'q', 'r'].iter().map(|&l| opt(l)).collect();
    want.sort();
    assert_eq!(fens, want);
    assert!(ts.iter().all(|t| t.link.is_none() && t.rolls.is_empty()));
    assert_eq!(model_perft(&parse(fen), 0, false), 4);
    // A turn that pushes a black pawn onto rank 1 (SE ray of b4) ends at the decision step;
    // the repelled pawn rolls too (HOB-100).
    let ts = turns("7k1/9/9/9/9/2p4K1/9/1P7 w - - 0 1 L", false);
    let pending = "7k1/9/9/9/1P7/7K1/9/4p4 b - b1,b2,b3:b4:1 0 1 L";
    assert!(has(&ts, None, pending, &["e1", "b4"]));
    let ts = turns(pending, false);
    assert_eq!(ts.len(), 4);
    assert!(has(
        &ts,
        None,
        "7k1/9/9/9/1P7/7K1/9/4q4 b - b1,b2,b3:b4:1 0 1 L",
        &[]
    ));
}

/// HOB-133b, HOB-A24: a black pawn pushed onto rank 1 counts as a queen and a knight on e1.
/// With the white king on h1 (queen line f1, g1) or g2 (knight leap) b1b4 is illegal; on h3
/// (previous test) it is legal.
#[test]
fn last_rank_pawn_counts_as_queen_and_knight_hob_133b() {
    for (fen, illegal) in [
        (
            "7k1/9/9/9/9/2p6/9/1P5K1 w - - 0 1 L",
            "7k1/9/9/9/1P7/9/9/4p2K1 b - b1,b2,b3:b4:1 0 1 L",
        ),
        (
            "7k1/9/9/9/9/2p6/6K2/1P7 w - - 0 1 L",
            "7k1/9/9/9/1P7/9/6K2/4p4 b - b1,b2,b3:b4:1 0 1 L",
        ),
    ] {
        let ts = turns(fen, false);
        assert!(!ts.is_empty());
        assert!(!ts.iter().any(|t| t.fen == illegal), "{illegal}");
    }
}

/// HOB-110, HOB-111, HOB-150: declared promotions are multisets per node. Two pawns on e7:
/// one moves (4 declarations), both move (10 multisets), the king extends 5 ways: 19 turns
/// without a link step. Each moved pawn rolls on e8; when both leave e7 the S ray of e8 pulls
/// the king e1 -> e7.
#[test]
fn promotion_multisets_hob_111() {
    let ts = turns("k8/4(2P)4/9/9/9/9/9/4K4 w - - 0 40 L", false);
    assert_eq!(plain(&ts).len(), 19);
    assert!(has(
        &ts,
        None,
        "k3(Q,N)4/4K4/9/9/9/9/9/9 b - - 0 40 L",
        &["e8", "e8"]
    ));
    assert!(has(
        &ts,
        None,
        "k3R4/4P4/9/9/9/9/9/4K4 b - - 0 40 L",
        &["e8"]
    ));
}

/// HOB-61..66: initiation on both wings (magnetism from the rook's destination leaves the
/// locked halves beside it), completion (the a1 rook is attracted to e1), and the first
/// verdict (HOB-141) when Black takes a locked rook half.
#[test]
fn castling_hob_61_63_141() {
    let ts = turns("r3k2r1/9/9/9/9/9/9/R3K2R1 w KQkq - 0 1 L", false);
    assert!(has(
        &ts,
        None,
        "r3k2r1/9/9/9/9/9/9/R3(K~g1)(R~h1)(K~e1)(R~f1)1 b K*kq - 1 1 L",
        &[]
    ));
    assert!(has(
        &ts,
        None,
        "r3k2r1/9/9/9/9/9/9/(R~d1)1(K~e1)(R~a1)(K~c1)2R1 b Q*kq - 1 1 L",
        &[]
    ));
    let ts = turns(
        "r3k2r1/9/9/9/9/9/9/R3(K~g1)(R~h1)(K~e1)(R~f1)1 w K*kq - 1 1 L",
        false,
    );
    assert!(has(&ts, None, "r3k2r1/9/9/9/9/9/9/4RRK2 b kq - 2 1 L", &[]));
    let ts = turns(
        "r3k2r1/9/9/9/9/9/9/R3(K~g1)(R~h1)(K~e1)(R~f1)1 b K*kq - 1 1 L",
        false,
    );
    assert!(ts
        .iter()
        .any(|t| t.link.is_none() && t.fen.ends_with("result=0-1")));
    round_trips(&ts);
}

/// HOB-60, HOB-8, notation §3.7 `'`: with two rooks on h1, which one the crowd carries away is
/// a real choice: carrying the right's rook loses K, carrying the other keeps it. (The pawns on
/// f2, g2, h2 stand next to the magnet g3, so magnetism moves nothing.)
#[test]
fn castling_right_carrier_is_a_choice_hob_60() {
    let ts = turns("4k4/9/9/9/9/9/5PPP1/4K2(N,2R)1 w K - 0 1 L", false);
    let base = "4k4/9/9/9/9/6(R,N~h1)2/5PPP1/4K2(R,N~g3)1 b";
    assert!(has(&ts, None, &format!("{base} K - 1 1 L"), &[]));
    assert!(has(&ts, None, &format!("{base} - - 1 1 L"), &[]));
}

/// HOB-27, HOB-72, HOB-A8, HOB-16: the record `c3,i3:c4:2` (a ride through the linked c3);
/// Black's hallway pawn steps i4 -> i3, which is its capture step onto an empty target node,
/// so it is always en passant: both white pawns on c4 go, and magnetism from c3 pulls c7 to
/// c4 (the capturer and the pulled pawn roll).
#[test]
fn hallway_step_is_forced_en_passant_hob_72() {
    let ts = turns(
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L",
        false,
    );
    assert!(has(
        &ts,
        None,
        "rnbqkbnr1/pp3ppp1/9/9/2pp5/2p5=c/PP1PPPP2/RNBQKBNR1 w KQkq - 0 7 L",
        &["c3", "c4"]
    ));
    // Without a link step that voids the record, no black pawn ever enters c3 beside the two
    // white pawns on c4 (ranks 4 and 3 of the board field).
    assert!(!ts.iter().any(|t| {
        let rows: Vec<&str> = t.fen.split(['/', ' ']).collect();
        rows[5].starts_with("2p") && rows[4].contains("(2P)")
    }));
}

/// The positions of docs/hobgoblin-design.md §6 and the cross-check's other starts: every
/// turn's FEN parses and prints back unchanged (so the model only leaves states the FEN accepts), under both option values.
#[test]
fn design_positions_round_trip() {
    for &fen in CROSS_CHECK_STARTS {
        for forbid in [false, true] {
            let ts = turns(fen, forbid);
            assert!(!ts.is_empty(), "{fen}");
            round_trips(&ts);
        }
    }
}

/// The model (an independent generator) and the engine's generator count the same turns at
/// depth 1 from each constructed position, under both HobUnlinkEnemy settings (HOB-A19).
#[test]
#[ignore = "slow in debug builds: cargo test --release -p grimoire-engine --test hobgoblin_model -- --ignored"]
fn perft_list() {
    // The cross-check's starts: the start and the constructed positions, less the issue-48
    // position at its end.
    for &fen in &CROSS_CHECK_STARTS[..10] {
        for (forbid, unlink_enemy) in [(false, UnlinkEnemy::Choose), (true, UnlinkEnemy::Forbid)] {
            let p = engine_pos(fen, unlink_enemy);
            let model = model_perft(&p, 1, forbid);
            assert!(model > 0, "{fen}: no turns");
            assert_eq!(perft(&p, 1), model, "{fen} (forbid {forbid})");
        }
    }
}

/// Depth 2 from the start: the model's count equals the engine's (HOB-151 counting).
#[test]
#[ignore = "slow: cargo test --release -p grimoire-engine --test hobgoblin_model -- --ignored"]
fn perft_start_depth2() {
    let p = parse(START);
    let model = model_perft(&p, 2, false);
    assert!(model > perft(&p, 1));
    assert_eq!(perft(&p, 2), model);
}

/// HOB-140, HOB-120 step 2, HOB-150: the link step i4=a4 opens the a-file for the hallway
/// rook, which extends onto the black king: White wins at once, no magnetism, no rolls.
#[test]
fn king_capture_after_link_step_hob_140() {
    let ts = turns("9/9/k8/9/8R/9/9/4K4 w - - 0 1 L", false);
    assert!(has(
        &ts,
        Some("i4=a4"),
        "9/9/(R~a4)8/9/(R~a6)7=a/9/9/4K4 b - - 0 1 L result=1-0",
        &[]
    ));
}

/// HOB-52: a shifting half that captures and takes type P becomes one pawn on T and one on its
/// partner's node (d1, no roll: it did not move); the capturing pawn stays a pawn and rolls.
/// Magnetism from e5 pulls the king e1 -> e4.
#[test]
fn shifting_half_mutates_into_two_pawns_hob_52() {
    let ts = turns("4k4/9/9/4p4/3(R~d1,P)5/9/9/3(R~d4)K4 w - - 0 1 L", false);
    assert!(has(
        &ts,
        None,
        "4k4/9/9/4(2P)4/4K4/9/9/3P5 b - - 0 1 L",
        &["e5"]
    ));
}

/// HOB-142, HOB-111: the mover's promotion on a8 to a queen or rook attacks the danger node e8
/// of Black's castling in progress: Black loses at the final verdict; bishop and knight do not.
#[test]
fn promotion_attacks_danger_node_final_verdict_hob_142() {
    let ts = turns(
        "4(k~g8)(r~h8)(k~e8)(r~f8)1/P8/9/9/9/9/9/6K2 w k* - 0 1 L",
        false,
    );
    let rest = "3(k~g8)(r~h8)(k~e8)(r~f8)1/9/9/9/9/9/9/6K2 b k* - 0 1 L";
    for (l, result) in [
        ('Q', " result=1-0"),
        ('R', " result=1-0"),
        ('B', ""),
        ('N', ""),
    ] {
        assert!(
            has(&ts, None, &format!("{l}{rest}{result}"), &["a8"]),
            "{l}"
        );
    }
}

/// HOB-82, notation §3.7: unlink groups name halves by their partner node (`R~c6`).
#[test]
fn unlink_group_names_halves_by_partner() {
    let ts = turns("4k4/9/2(R~c3)6/9/9/2(R~c6,P)5=c/9/4K4 w - - 0 1 U", false);
    assert_eq!(
        links(&ts).into_iter().collect::<Vec<_>>(),
        ["i3|c3", "i3|c3(P)", "i3|c3(R~c6)", "i3|c3(R~c6,P)"]
    );
    // The last link goes: the phase is L again.
    assert!(ts
        .iter()
        .filter(|t| t.link.is_some())
        .all(|t| t.fen.ends_with(" L")));
    round_trips(&ts);
}

/// HOB-81, HOB-A18: no link joining the two halves of one piece.
#[test]
fn no_link_between_partner_halves_hob_81() {
    let ts = turns("4k4/9/9/9/9/5(N~i3)2(N~f3)/9/4K4 w - - 0 1 L", false);
    let l = links(&ts);
    assert!(!l.contains("i3=f3"));
    assert!(l.contains("i3=g3"));
}

/// Depth 2 after promotions (HOB-111 multisets): the model's count equals the engine's.
#[test]
#[ignore = "slow: cargo test --release -p grimoire-engine --test hobgoblin_model -- --ignored"]
fn perft_promotions_depth2() {
    let p = parse("k8/4(2P)4/9/9/9/9/9/4K4 w - - 0 40 L");
    let model = model_perft(&p, 2, false);
    assert!(model > perft(&p, 1));
    assert_eq!(perft(&p, 2), model);
}
