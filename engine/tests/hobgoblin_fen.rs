//! Hobgoblin position and FEN (issue 17 part 1, first step): notation §2.7, rulings HOB-1..11,
//! HOB-60..62, HOB-70, HOB-80, HOB-160.

use grimoire_engine::errors::{FenError, Illegality};
use grimoire_engine::piece::Color;
use grimoire_engine::square::Square;
use grimoire_engine::variants::hobgoblin::cross_check::CROSS_CHECK_STARTS;
use grimoire_engine::variants::hobgoblin::position::{exists, last_rank, MAX_PAIRS};
use grimoire_engine::variants::hobgoblin::{
    render, EpRecord, HobResult, Hobgoblin, Phase, Wing, KING, KNIGHT, PAWN, ROOK, START_FEN,
};

fn sq(name: &str) -> Square {
    Hobgoblin::GEOMETRY.parse(name).unwrap()
}

/// The grammar's reader: the FEN limits (issue 49) have a test of their own below.
fn parse(fen: &str) -> Hobgoblin {
    Hobgoblin::parse_fen_unbounded(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn check_consistent(p: &Hobgoblin) {
    assert_eq!(p.hash(), p.recompute_hash(), "{}", p.to_fen());
    assert_eq!(*p.bits(), p.recompute_bits(), "{}", p.to_fen());
}

fn round_trip(fen: &str) -> Hobgoblin {
    let p = parse(fen);
    assert_eq!(p.to_fen(), fen);
    check_consistent(&p);
    let q = parse(&p.to_fen());
    assert_eq!(p, q);
    p
}

/// HOB-11: the start position.
#[test]
fn start_position() {
    let p = round_trip(START_FEN);
    assert_eq!(p, Hobgoblin::start());
    assert_eq!(p.side(), Color::White);
    assert_eq!(p.rights(), 15);
    assert_eq!(p.phase(), Phase::Linking);
    assert_eq!(p.link_count(), 0);
    assert_eq!(p.count(sq("e1"), Color::White, KING), 1);
    assert_eq!(p.count(sq("a7"), Color::Black, PAWN), 1);
    assert!(p.ep().is_none() && p.result().is_none() && !p.after_link());
    assert_eq!(p.bits().occ[0].count(), 16);
    assert_eq!(p.bits().occ[1].count(), 16);
}

/// §2.7 examples: after g1f3 the knight is extended (HOB-4), and a linked pawn (HOB-3, HOB-81).
#[test]
fn notation_examples() {
    let p =
        round_trip("rnbqkbnr1/pppppppp1/9/9/9/5(N~g1)3/PPPPPPPP1/RNBQKB(N~f3)R1 b KQkq - 1 1 L");
    assert_eq!(p.pair_count(Color::White, KNIGHT, sq("g1"), sq("f3")), 1);
    assert!(p.bits().halves[0][KNIGHT as usize].contains(sq("f3")));
    let p = round_trip("rnbqkbnr1/pppppppp1/9/9/4P3=e/9/PPPP1PPP1/RNBQKBNR1 b KQkq - 0 1 L");
    assert_eq!(p.link(4), Some(5));
    assert_eq!(p.node(sq("i4")), sq("e4"));
    // A linked node's bits stand on both squares (design §1).
    assert!(p.bits().pawns[0].contains(sq("i4")));
    assert!(p.linked().contains(sq("e4")) && p.linked().contains(sq("i4")));
}

/// The perft positions of the design (§6): groups with counts (HOB-8), halves (HOB-4), links,
/// UNLINKING (HOB-80), castling in progress (HOB-62), en-passant records (HOB-70), a pending
/// decision (HOB-112).
#[test]
fn design_positions_round_trip() {
    // The cross-check's list: the start, then these (§2.7 orders a group by type first:
    // `(B~b2,P)`, not `(P,B~b2)`), then the issue-48 position.
    for &fen in &CROSS_CHECK_STARTS[1..10] {
        round_trip(fen);
    }
}

/// HOB-62: castling in progress; HOB-112: the pending decision is derived.
#[test]
fn castling_in_progress_and_decision() {
    let p = parse(
        "r1bqkb1r1/pppp1ppp1/2n2n3/4p4/2B1P4/5N3/PPPP1PPP1/RNBQ(K~g1)(R~h1)(K~e1)(R~f1)1 b K*kq - 1 5 L",
    );
    assert_eq!(p.in_progress(Color::White), Some(Wing::King));
    assert_eq!(p.in_progress(Color::Black), None);
    assert_eq!(p.rights(), 4 | 8);
    assert_eq!(p.pair_count(Color::White, ROOK, sq("h1"), sq("f1")), 1);
    let d = parse("rnbqkbnr1/pp1ppppp1/9/9/9/2(N~b1)6/PP1PPPPP1/R(N~c3)pQKBNR1 b KQkq - 0 10 L");
    assert!(d.pending_decision());
    assert!(!p.pending_decision());
    // Queenside, Black.
    round_trip("(r~d8)1(k~e8)(r~a8)(k~c8)b1r1/8p/9/9/9/9/9/4K4 w q* - 0 30 L");
}

/// HOB-70: the record, its 3-square ride from the first rank and a ride through a linked node.
#[test]
fn en_passant_records() {
    let p = round_trip(
        "r1bqkbnr1/1p1ppppp1/2n6/9/1Pp6/p8/2PPPPPP1/R1BQKBNR1 b KQkq b1,b2,b3:b4:1 0 9 L",
    );
    let ep = p.ep().unwrap();
    assert_eq!(ep.victim, sq("b4"));
    assert_eq!(ep.k, 1);
    assert_eq!(ep.targets.count(), 3);
    let p = round_trip(
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L",
    );
    assert_eq!(p.ep().unwrap().k, 2);
    assert!(p.ep().unwrap().targets.contains(sq("i3")));
    // Black victims: targets on ranks 6..8.
    round_trip("rnbqkbnr1/ppp1pppp1/9/3p5/9/9/PPPPPPPP1/RNBQKBNR1 w KQkq d6,d7:d5:1 0 2 L");
}

/// HOB-160 item 7: a stored result; such a position is exempt from the king and last-rank
/// checks.
#[test]
fn result_key() {
    let p = round_trip("rnbq1bnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 b KQ - 0 5 L result=1-0");
    assert_eq!(p.result(), Some(HobResult::WhiteWins));
    round_trip("k8/9/9/9/9/9/9/4K4 w - - 0 40 L result=1/2-1/2");
    round_trip(
        "k8/9/9/9/9/9/9/4K4 w - - 0 40 U+"
            .replace(" U+", " L+")
            .as_str(),
    );
    round_trip("k8/9/9/9/9/9/9/3K4p w - - 0 40 L result=0-1");
}

/// §2.7 / §4: non-canonical input prints canonically (merging, order, aliases).
#[test]
fn canonical_reordering() {
    let cases = [
        (
            "rnbqkbnr1/pppppppp1/9/9/9/5(P,N~g1,P)3/PPPPPPPP1/RNBQKB(1N~f3)R1 b qkQK - 1 1 L",
            "rnbqkbnr1/pppppppp1/9/9/9/5(N~g1,2P)3/PPPPPPPP1/RNBQKB(N~f3)R1 b KQkq - 1 1 L",
        ),
        (
            "k8/9/9/4(P)4/9/9/9/4(K)4 w - - 0 1 L",
            "k8/9/9/4P4/9/9/9/4K4 w - - 0 1 L",
        ),
        (
            "7k1/9/9/(P,B~h4,R,B~c4,Q,B)8/2(B~a5)4(B~a5)1/9/9/4K4 w - - 0 1 L",
            "7k1/9/9/(Q,R,B,B~c4,B~h4,P)8/2(B~a5)4(B~a5)1/9/9/4K4 w - - 0 1 L",
        ),
        (
            "rnb(q~d5)kbnr1/ppp2ppp1/9/3(q~d8)(P,B~b2)4/(R~a1)8/5(N~g1)3/P(P,B~e5)PP1PPP1/(R~a4)3K1(N~f3)R1 w Kkq - 4 6 L",
            "rnb(q~d5)kbnr1/ppp2ppp1/9/3(q~d8)(B~b2,P)4/(R~a1)8/5(N~g1)3/P(B~e5,P)PP1PPP1/(R~a4)3K1(N~f3)R1 w Kkq - 4 6 L",
        ),
        (
            "rnbqkbnr1/ppp2ppp1/9/9/2(P,P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq i3,c3:c4:2 0 6 L",
            "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L",
        ),
        // A partner named by the hallway square of its linked node.
        (
            "k8/9/9/9/9/2(N,N~f1)5=c/9/4K(N~i3)3 w - - 0 1 L",
            "k8/9/9/9/9/2(N,N~f1)5=c/9/4K(N~c3)3 w - - 0 1 L",
        ),
        ("k8/9/9/9/9/9/9/4K4  w  -  -  0  0  L", "k8/9/9/9/9/9/9/4K4 w - - 0 1 L"),
    ];
    for (input, canonical) in cases {
        let p = parse(input);
        assert_eq!(p.to_fen(), canonical, "{input}");
        assert_eq!(p, parse(canonical));
        assert_eq!(p.hash(), parse(canonical).hash());
        check_consistent(&p);
    }
}

fn refused(fen: &str) -> FenError {
    match Hobgoblin::parse_fen(fen) {
        Ok(p) => panic!("accepted {fen} as {}", p.to_fen()),
        Err(e) => e,
    }
}

fn assert_board(fen: &str) {
    assert!(matches!(refused(fen), FenError::Board(_)), "{fen}");
}

fn assert_field(fen: &str, name: &str) {
    match refused(fen) {
        FenError::Field { field, .. } => assert_eq!(field, name, "{fen}"),
        e => panic!("{fen}: {e:?}"),
    }
}

/// §2.7 "Validity", one refusal per rule.
#[test]
fn validity_refusals() {
    // Field count.
    assert!(matches!(
        refused("rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w KQkq - 0 1"),
        FenError::FieldCount { .. }
    ));
    // Board: width, ranks, hallway units on a linked rank, colours, halves, counts (HOB-1,
    // HOB-3, HOB-4, HOB-5, HOB-8).
    assert_board("rnbqkbnr/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w KQkq - 0 1 L");
    assert_board("rnbqkbnr11/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w KQkq - 0 1 L");
    assert_board("pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w KQkq - 0 1 L");
    assert_board("k8/9/9/9/9/9/9/4K0004 w - - 0 1 L");
    assert_board("k8/9/9/9/9/9/9/4K22 w - - 0 1 L");
    assert_board("k8/9/9/4P3P=e/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/9=e/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4P3=j/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(P,p)4/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(N~e4)4/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(N~i4)3=e/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(N~g4)4/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(N~g4)1(B~e4)2/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(N~g4)1(n~e4)2/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(2N~g4)1(N~e4)2/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(P~g4)1(P~e4)2/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(N~z4)4/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(256P)4/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(200P,56P)4/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4()4/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(P4/9/9/9/4K4 w - - 0 1 L");
    assert_board("k8/9/9/4(0P)4/9/9/9/4K4 w - - 0 1 L");
    parse("k8/9/9/4(255P)4/9/9/9/4K4 w - - 0 1 L");
    assert!(matches!(
        refused("k8/9/9/4X4/9/9/9/4K4 w - - 0 1 L"),
        FenError::UnknownPiece(_)
    ));
    assert!(matches!(
        refused("k8/9/9/4(2X)4/9/9/9/4K4 w - - 0 1 L"),
        FenError::UnknownPiece(_)
    ));
    // Side.
    assert!(matches!(
        refused("k8/9/9/9/9/9/9/4K4 x - - 0 1 L"),
        FenError::Side(_)
    ));
    // Castling (HOB-60..62).
    let castling = |fen: &str| assert!(matches!(refused(fen), FenError::Castling(_)), "{fen}");
    castling("rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBN2 w KQkq - 0 1 L");
    castling("rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQ1BNRK w KQkq - 0 1 L");
    castling("rnbqkbnr1/pppppppp1/9/9/9/9/PPPP(K~e1,P)PPP1/RNBQ(K~e2)BNR1 w KQkq - 0 1 L");
    castling("rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w KQkqX - 0 1 L");
    castling("rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w KKkq - 0 1 L");
    castling("r1bqkb1r1/pppp1ppp1/2n2n3/4p4/2B1P4/5N3/PPPP1PPP1/RNBQ(K~g1)(R~h1)(K~e1)(R~f1)1 b K*Qkq - 1 5 L");
    castling("r1bqkb1r1/pppp1ppp1/2n2n3/4p4/2B1P4/5N3/PPPP1PPP1/RNBQ(K~g1)(R~h1)(K~e1)(R~f1)1 b K*Q*kq - 1 5 L");
    castling("rnbqkbnr1/pppppppp1/9/9/9/9/PPPPPPPP1/RNBQKBNR1 w K*kq - 0 1 L");
    castling("r1bqkb1r1/pppp1ppp1/2n2n3/4p4/2B1P4/5N3/PPPP1PPP1/RNBQ(K~g1)(R~h1)(K~e1)(R~f1)=f b K*kq - 1 5 L");
    castling("r1bqkb1r1/pppp1ppp1/2n2n3/4p4/2B1P4/5N3/PPPP1PPP1/RNBQ(K~g1)(R~h1)(K~e1)(R~f1)1 b Q*kq - 1 5 L");
    // The en-passant record (HOB-70, HOB-71).
    let ep = |fen: &str| assert!(matches!(refused(fen), FenError::EnPassant(_)), "{fen}");
    ep("rnbqkbnr1/pppppppp1/9/9/4P4/9/PPPP1PPP1/RNBQKBNR1 b KQkq e3:e4:2 0 1 L");
    ep("rnbqkbnr1/pppppppp1/9/9/4P4/9/PPPP1PPP1/RNBQKBNR1 b KQkq e3:d4:1 0 1 L");
    ep("rnbqkbnr1/pppppppp1/9/9/4P4/9/PPPP1PPP1/RNBQKBNR1 b KQkq e5:e4:1 0 1 L");
    ep("rnbqkbnr1/pppppppp1/9/9/4P4/9/PPPP1PPP1/RNBQKBNR1 w KQkq e3:e4:1 0 1 L");
    ep("rnbqkbnr1/pppppppp1/9/9/4P4/9/PPPP1PPP1/RNBQKBNR1 b KQkq e3:e4:0 0 1 L");
    ep("rnbqkbnr1/pppppppp1/9/9/4P4/9/PPPP1PPP1/RNBQKBNR1 b KQkq e3,e3:e4:1 0 1 L");
    ep("rnbqkbnr1/pppppppp1/9/9/4P4/9/PPPP1PPP1/RNBQKBNR1 b KQkq e3 0 1 L");
    ep("rnbqkbnr1/pppppppp1/9/9/4P4/9/PPPP1PPP1/RNBQKBNR1 b KQkq z3:e4:1 0 1 L");
    // Counters.
    assert!(matches!(
        refused("k8/9/9/9/9/9/9/4K4 w - - x 1 L"),
        FenError::Counters(_)
    ));
    // Phase (HOB-80, HOB-83).
    assert_field("k8/9/9/9/9/9/9/4K4 w - - 0 1 X", "phase");
    assert_field("k8/9/9/9/9/9/9/4K4 w - - 0 1 U", "phase");
    assert_field("k7=a/8=a/8=a/8=a/8=a/8=a/8=a/4K3=a w - - 0 1 L", "phase");
    round_trip("k7=a/8=a/8=a/8=a/8=a/8=a/8=a/4K3=a w - - 0 1 U");
    assert_field("k8/9/9/9/9/9/9/3K3p1 b - - 0 1 L+", "phase");
    // Keys.
    assert_field("k8/9/9/9/9/9/9/4K4 w - - 0 1 L+ result=1-0", "result");
    assert_field("k8/9/9/9/9/9/9/4K4 w - - 0 1 L result=2-0", "result");
    assert_field(
        "k8/9/9/9/9/9/9/4K4 w - - 0 1 L result=1-0 result=1-0",
        "key",
    );
    assert_field("k8/9/9/9/9/9/9/4K4 w - - 0 1 L foo=1", "key");
    assert_field("k8/9/9/9/9/9/9/4K4 w - - 0 1 L foo", "key");
    assert_field("k8/9/9/9/9/9/9/4K4 w - - 0 1 L promo=d8q", "promo");
    // The chance step (HOB-100..104, notation §2.7).
    assert_field("k8/9/9/9/9/9/9/4K4 w - - 0 1 L rolls=e4", "rolls");
    assert_field("k8/9/9/9/9/9/9/4K4 w - - 0 1 L rolls=e4 promo=d8q", "rolls");
    assert_field("k8/9/9/9/4P4/9/9/4K4 w - - 0 1 L+ rolls=e4", "rolls");
    assert_field("k8/9/9/9/4P4/9/9/4K4 w - - 0 1 L rolls=e4,e4", "rolls");
    assert_field("k8/9/9/9/4P4/9/9/4K4 w - - 0 1 L rolls=1e4", "rolls");
    assert_field(
        "k8/9/9/9/4P4/9/9/4K4 w - - 0 1 L rolls=e4 result=1-0",
        "rolls",
    );
    assert_field(
        "k8/9/9/9/4P4/9/9/4K4 w - - 0 1 L rolls=e4 promo=d8q",
        "promo",
    );
    assert_field("k2P5/9/9/9/9/9/9/4K4 w - - 0 1 L rolls=d8", "promo");
    assert_field(
        "k2P5/9/9/9/9/9/9/4K4 w - - 0 1 L rolls=d8 promo=d8qq",
        "promo",
    );
    assert_field(
        "k2P5/9/9/9/9/9/9/4K4 w - - 0 1 L rolls=d8 promo=d8x",
        "promo",
    );
    // States no turn can leave (HOB-110, HOB-140).
    let illegal = |fen: &str| assert!(matches!(refused(fen), FenError::Illegal(_)), "{fen}");
    illegal("9/9/9/9/9/9/9/4K4 w - - 0 1 L");
    illegal("k8/9/9/9/9/9/9/9 b - - 0 1 L");
    illegal("k8/9/9/9/9/9/9/3K3p1 w - - 0 1 L");
    illegal("k7P/9/9/9/9/9/9/4K4 b - - 0 1 L");
    // The same with a stored result is accepted.
    parse("k8/9/9/9/9/9/9/3K3p1 w - - 0 1 L result=0-1");
    // An extended king is a king unit.
    parse("(k~b8)(k~a8)7/9/9/9/9/9/9/4K4 w - - 0 1 L");
}

/// The hash (design §1): equal for equal positions, different when one field differs. The
/// clocks are not part of it (the repetition identity, HOB-145), like every variant's.
#[test]
fn hash_fields() {
    let base = "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L";
    let h = parse(base).hash();
    assert_eq!(h, parse(base).hash());
    let variants = [
        // side
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 w KQkq - 0 6 L",
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq - 0 6 L",
        // castling
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQk c3,i3:c4:2 0 6 L",
        // record: targets, victim count
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3:c4:2 0 6 L",
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:1 0 6 L",
        // phase, +, result
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 U",
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L+",
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L result=1-0",
        // a link
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNBQKBNR=h b KQkq c3,i3:c4:2 0 6 L",
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=b/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L",
        // a count, a unit
        "rnbqkbnr1/ppp2ppp1/9/9/2(3P)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L",
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P,N)p4p/8=c/PP1PPPP2/RNBQKBNR1 b KQkq c3,i3:c4:2 0 6 L",
        // a half instead of the consolidated piece
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPP(N~g1,P)2/RNBQKB(N~g2)R1 b KQkq c3,i3:c4:2 0 6 L",
    ];
    let mut seen = std::collections::HashSet::new();
    seen.insert(h);
    for fen in variants {
        let p = parse(fen);
        check_consistent(&p);
        assert!(seen.insert(p.hash()), "hash collision: {fen}");
    }
    // Halves with different partners.
    let a = parse("k8/9/9/9/9/5(N~g1)3/9/4K1(N~f3)2 w - - 0 1 L").hash();
    let b = parse("k8/9/9/9/9/5(N~h1)3/9/4K2(N~f3)1 w - - 0 1 L").hash();
    assert_ne!(a, b);
    // Clocks are not hashed.
    assert_eq!(
        parse("k8/9/9/9/9/9/9/4K4 w - - 0 1 L").hash(),
        parse("k8/9/9/9/9/9/9/4K4 w - - 7 30 L").hash()
    );
}

/// The incremental setters: changing a field and changing it back restores the hash, and the
/// hash always equals the recomputed one.
#[test]
fn incremental_setters() {
    let mut p = Hobgoblin::start();
    let h = p.hash();
    p.set_count(sq("e4"), Color::White, PAWN, 3);
    p.set_pair(Color::Black, KNIGHT, sq("b8"), sq("c6"), 1);
    p.set_link(4, Some(5));
    p.set_link(4, Some(2));
    p.set_ep(Some(EpRecord {
        targets: grimoire_engine::bitboard::Bitboard::from_square(sq("e3")),
        victim: sq("e4"),
        k: 1,
    }));
    p.set_in_progress(Color::White, Some(Wing::Queen));
    p.set_phase(Phase::Unlinking);
    p.set_after_link(true);
    p.set_result(Some(HobResult::Draw));
    p.set_side(Color::Black);
    p.set_rights(3);
    check_consistent(&p);
    assert_ne!(p.hash(), h);
    p.set_rights(15);
    p.set_side(Color::White);
    p.set_result(None);
    p.set_after_link(false);
    p.set_phase(Phase::Linking);
    p.set_in_progress(Color::White, None);
    p.set_ep(None);
    p.set_link(4, None);
    p.set_pair(Color::Black, KNIGHT, sq("c6"), sq("b8"), 0);
    p.set_count(sq("e4"), Color::White, PAWN, 0);
    check_consistent(&p);
    assert_eq!(p.hash(), h);
    assert_eq!(p, Hobgoblin::start());
}

/// The `d` board shows crowds, halves with their partner and links.
#[test]
fn render_board() {
    let p = parse(
        "rnbqkbnr1/ppp2ppp1/9/9/2(2P)p4p/8=c/PP1PPPP2/RNB(Q~f3)KBNR1 b KQkq c3,i3:c4:2 0 6 L"
            .replace("(Q~f3)", "Q")
            .as_str(),
    );
    let text = render(&p);
    assert!(text.contains("2P"), "{text}");
    assert!(text.contains("=c"), "{text}");
    assert!(text.contains("c3,i3:c4:2"), "{text}");
    let p = parse("rnbqkbnr1/pppppppp1/9/9/9/5(N~g1)3/PPPPPPPP1/RNBQKB(N~f3)R1 b KQkq - 1 1 L");
    let text = render(&p);
    assert!(text.contains("N~g1") && text.contains("N~f3"), "{text}");
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn free_for(p: &Hobgoblin, node: Square, color: Color) -> bool {
    p.color_on(node).is_none_or(|c| c == color)
}

/// A random valid position: links, kings, castling set-ups, crowds, halves, a record, phase,
/// `+`, result.
fn random_position(rng: &mut Rng) -> Hobgoblin {
    let mut p = Hobgoblin::empty();
    // Castling plans per colour: 0 none, 1 rights, 2 in progress.
    let plans = [rng.below(3), rng.below(3)];
    let mut links = 0;
    for rank in 1..=8u8 {
        if rng.below(3) == 0 {
            let mut file = 1 + rng.below(8) as u8;
            let home = [(1u8, 0usize), (8, 1)]
                .iter()
                .find(|h| h.0 == rank)
                .map(|h| h.1);
            if home.is_some_and(|c| plans[c] == 2) {
                file = 2; // b-file: never a square of a castling in progress
            }
            p.set_link(rank, Some(file));
            links += 1;
        }
    }
    let nodes: Vec<Square> = p.nodes().collect();
    let mut rights = 0u8;
    for color in Color::BOTH {
        let rank = if color == Color::White { 1 } else { 8 };
        let at = |f: u8| Square::new(f, rank);
        match plans[color.index()] {
            1 => {
                p.set_count(at(5), color, KING, 1);
                for wing in [Wing::King, Wing::Queen] {
                    if rng.below(2) == 0 {
                        p.set_count(at(wing.files()[2]), color, ROOK, 1 + rng.below(2) as u8);
                        rights |= wing.right(color);
                    }
                }
            }
            2 => {
                let wing = if rng.below(2) == 0 {
                    Wing::King
                } else {
                    Wing::Queen
                };
                let [kf, kt, rf, rt] = wing.files();
                p.set_pair(color, KING, at(kf), at(kt), 1);
                p.set_pair(color, ROOK, at(rf), at(rt), 1);
                p.set_in_progress(color, Some(wing));
            }
            _ => {}
        }
    }
    for color in Color::BOTH {
        if plans[color.index()] == 0 {
            loop {
                let n = nodes[rng.below(nodes.len() as u64) as usize];
                if free_for(&p, n, color) {
                    p.set_count(n, color, KING, 1);
                    break;
                }
            }
        }
    }
    p.set_rights(rights);
    let units = rng.below(20);
    for _ in 0..units {
        let color = Color::BOTH[rng.below(2) as usize];
        let n = nodes[rng.below(nodes.len() as u64) as usize];
        if !free_for(&p, n, color) {
            continue;
        }
        let kind = rng.below(6) as u8;
        if kind == PAWN
            && (n.row() == last_rank(Color::White) || n.row() == last_rank(Color::Black))
        {
            continue;
        }
        let count = match rng.below(10) {
            0 => 255,
            1..=3 => 2 + rng.below(3) as u8,
            _ => 1,
        };
        p.set_count(n, color, kind, count);
    }
    let halves = rng.below(8);
    for _ in 0..halves {
        let color = Color::BOTH[rng.below(2) as usize];
        let a = nodes[rng.below(nodes.len() as u64) as usize];
        let b = nodes[rng.below(nodes.len() as u64) as usize];
        if a == b || !free_for(&p, a, color) || !free_for(&p, b, color) {
            continue;
        }
        let kind = rng.below(5) as u8;
        let count = p.pair_count(color, kind, a, b) + 1 + rng.below(2) as u8;
        assert!(p.pairs().len() < MAX_PAIRS);
        p.set_pair(color, kind, a, b, count);
    }
    p.set_side(Color::BOTH[rng.below(2) as usize]);
    if rng.below(2) == 0 {
        let victims = !p.side();
        let with_pawns: Vec<Square> = nodes
            .iter()
            .copied()
            .filter(|&n| p.count(n, victims, PAWN) > 0)
            .collect();
        if !with_pawns.is_empty() {
            let victim = with_pawns[rng.below(with_pawns.len() as u64) as usize];
            let k = 1 + rng.below(p.count(victim, victims, PAWN) as u64) as u8;
            let first = if victims == Color::White { 1 } else { 6 };
            let mut targets = grimoire_engine::bitboard::Bitboard::EMPTY;
            for _ in 0..1 + rng.below(4) {
                let t = Square::new(1 + rng.below(9) as u8, first + rng.below(3) as u8);
                assert!(exists(t));
                targets.set(t);
            }
            p.set_ep(Some(EpRecord { targets, victim, k }));
        }
    }
    p.set_clocks(rng.below(120) as u16, 1 + rng.below(200) as u16);
    let phase = match links {
        0 => Phase::Linking,
        8 => Phase::Unlinking,
        _ if rng.below(2) == 0 => Phase::Linking,
        _ => Phase::Unlinking,
    };
    p.set_phase(phase);
    match rng.below(6) {
        0 => p.set_result(Some(
            [HobResult::WhiteWins, HobResult::BlackWins, HobResult::Draw][rng.below(3) as usize],
        )),
        1 => p.set_after_link(true),
        _ => {}
    }
    p
}

/// Random positions print, parse back to the same position, and print the same (notation §4).
#[test]
fn random_round_trips() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut attacked = 0;
    for _ in 0..3000 {
        let p = random_position(&mut rng);
        check_consistent(&p);
        let fen = p.to_fen();
        let q = match Hobgoblin::parse_fen_unbounded(&fen) {
            Ok(q) => q,
            // A random placement may leave a king en prise at the start of a turn, which no
            // turn can leave (notation §2.7): such a FEN is refused for that reason only.
            Err(FenError::Illegal(why)) if attacked_at_the_start(&why) => {
                attacked += 1;
                continue;
            }
            Err(e) => panic!("{fen}: {e}"),
        };
        assert_eq!(q, p, "{fen}");
        assert_eq!(q.to_fen(), fen);
        check_consistent(&q);
        let _ = render(&q);
    }
    assert!(attacked < 1500, "{attacked} of 3000 refused as attacked");
}

/// A refusal for a royal node of the side not to move attacked at the start of a turn
/// (HOB-142), a danger node of the mover's castling (HOB-141), or the mover's royal node
/// after its move while dice are pending (HOB-133).
fn attacked_at_the_start(why: &Illegality) -> bool {
    matches!(why, Illegality::OpponentInCheck { .. })
        || why
            .ruling()
            .is_some_and(|r| r.starts_with("HOB-141") || r.starts_with("HOB-133"))
}

/// §2.7 validity needing attacks (HOB-141, HOB-142): at the start of a turn the side not to move
/// is never attacked on a royal node, and the side to move's castling never has an attacked
/// danger node; with `result=` or inside a turn they are allowed.
#[test]
fn attacked_royal_and_danger_nodes_are_refused_at_the_start_of_a_turn() {
    for bad in [
        "4k4/9/9/9/9/9/9/K3R4 w - - 0 1 L",
        "4k4/9/9/9/9/9/(R~e1)8/K3(R~a2,P)4 w - - 0 1 L",
        "4k4/9/9/9/9/9/9/1r2(K~g1)(R~h1)(K~e1)(R~f1)1 w K* - 0 1 L",
    ] {
        match Hobgoblin::parse_fen(bad) {
            Err(FenError::Illegal(why)) => assert!(attacked_at_the_start(&why), "{bad}: {why}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
    for good in [
        "4k4/9/9/9/9/9/9/K3R4 w - - 0 1 L result=1-0",
        "4k4/9/9/9/9/9/9/K3R4 b - - 0 1 L",
        "4k4/9/9/9/9/9/4R4/K8 w - - 0 1 L+",
    ] {
        assert!(Hobgoblin::parse_fen(good).is_ok(), "{good}");
    }
}

/// The FEN limits (docs/notation.md, issue 49): at most 12 units on one node and 32 per side,
/// halves counting on their nodes; the grammar's own cap (255 equal units) stays for the
/// unbounded reader that tests use.
#[test]
fn fen_limits_refuse_crowds_past_an_army() {
    let crowd = |n: u32| {
        format!("r1b1kb1r1/ppp2ppp1/2n6/4(n,p)4/3(Q,N,{n}P)5/9/PPP2PPP1/R1B1KB1R1 w KQkq - 0 8 L")
    };
    // Q, N and 10 pawns: 12 units, the most one node may hold.
    assert!(Hobgoblin::parse_fen(&crowd(10)).is_ok());
    for n in [11, 29] {
        match Hobgoblin::parse_fen(&crowd(n)) {
            Err(FenError::Illegal(Illegality::TooMany {
                what, found, most, ..
            })) => assert!(
                what == "units on d4" && found == n as usize + 2 && most == 12,
                "{what} {found} {most}"
            ),
            other => panic!("{n} pawns: {other:?}"),
        }
        assert!(Hobgoblin::parse_fen_unbounded(&crowd(n)).is_ok());
    }
    // Halves count on their nodes: 12 pawns and a half of a knight extended to e5.
    assert!(Hobgoblin::parse_fen("k8/9/9/4(N~d4)4/3(12P,N~e5)5/9/9/4K4 w - - 0 1 L").is_err());
    assert!(Hobgoblin::parse_fen("k8/9/9/4(N~d4)4/3(11P,N~e5)5/9/9/4K4 w - - 0 1 L").is_ok());
    // 33 units of one side on four nodes (the king's among them).
    let side = "k8/9/9/(12P)8/(12P)8/(8P)8/9/4K4 w - - 0 1 L";
    match Hobgoblin::parse_fen(side) {
        Err(FenError::Illegal(Illegality::TooMany {
            what, found, most, ..
        })) => assert!(
            what == "units of white" && found == 33 && most == 32,
            "{what} {found} {most}"
        ),
        other => panic!("{other:?}"),
    }
    assert!(Hobgoblin::parse_fen("k8/9/9/(12P)8/(12P)8/(7P)8/9/4K4 w - - 0 1 L").is_ok());
}
