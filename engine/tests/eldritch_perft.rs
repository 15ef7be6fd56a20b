//! Eldritch perft regression numbers (ELD-601: every decision is a ply; G8), from starting
//! armies covering every stage-1 piece (default placement, ELD-060), through the placement
//! phase (ELD-051), and from middle-game positions. Every number is also counted by the
//! independent reference generator (`perft_reference`: its own mailbox generator and
//! play-and-look legality written from the spec), and the test asserts both agree.

use grimoire_engine::perft::{perft, perft_reference};
use grimoire_engine::prelude::*;
use grimoire_engine::variants::eldritch::{Declaration, Eldritch, EldritchOptions};

fn decl(text: &str) -> Declaration {
    let d = Declaration::parse(text).unwrap();
    d.validate().unwrap();
    d
}

fn armies(white: &str, black: &str) -> Eldritch {
    Eldritch::default_placement(&[decl(white), decl(black)], &EldritchOptions::default())
}

/// Checks perft 1..=expected.len() and the reference count for the first `reference` depths.
fn check(pos: &Eldritch, expected: &[u64], reference: usize) {
    let counts: Vec<u64> = (1..=expected.len() as u32).map(|d| perft(pos, d)).collect();
    assert_eq!(counts, expected, "perft of {}", pos.to_fen());
    for d in 1..=reference as u32 {
        assert_eq!(
            perft_reference(pos, d),
            expected[d as usize - 1],
            "reference perft {d} of {}",
            pos.to_fen()
        );
    }
}

/// (White army, Black army, perft 1..3). Together the armies use every stage-1 eldritch type:
/// *A ^A ^B *K ^D *W *E ^F *X *G ^R *I ^I *O *P ^P *S ^V, and the part-2 invokers played so
/// far: ^E ^C *T ^M ^O ^W ^S *V *U ^X *B *N *F *L *C *M *H *D ^G ^H: all 38 (and the tokens ^U *R).
const ARMIES: &[(&str, &str, [u64; 3])] = &[
    ("-", "-", [20, 400, 8902]),
    ("*W:NN *A:R", "^V:KQB *K:R", [20, 453, 10_172]),
    ("^F:N *X:R", "^P:K ^I:P ^I:P", [36, 648, 27_786]),
    ("*E:Q *G:N", "^A:K *O:RR", [18, 414, 8_259]),
    ("^D:Q ^B:R", "*S:QB *P:PP", [21, 378, 8_765]),
    ("*I:R ^R:N", "*G:B ^B:N", [16, 320, 6_472]),
    ("^I:NPPP *K:R", "*E:PR ^F:N", [17, 595, 12_437]),
    ("*O:PPPP *X:R ^D:NN", "*I:Q ^R:B", [28, 500, 15_893]),
    (
        "^V:KQN *P:PP *P:PP",
        "^F:N ^F:N *A:R *A:R",
        [16, 800, 13_009],
    ),
    // Part 2, the invokers without new state (ELD-251, ELD-321, ELD-391, ELD-451, ELD-511,
    // ELD-541).
    ("^E:R ^C:Q", "*T:R ^M:N", [22, 678, 15_481]),
    ("^O:N ^W:QR", "^E:N ^E:N *T:R", [32, 1_084, 35_476]),
    ("*T:R *T:R ^M:N", "^C:RR ^O:N", [43, 1_368, 56_037]),
    // Shapeshifters (ELD-530..532): shifts, then the forms' moves.
    ("^S:Q *T:R", "^S:RN ^E:R", [36, 860, 30_076]),
    // Valkyries (ELD-560..562): their returns once a Pawn or Initiate is lost.
    ("*V:Q ^E:R", "*V:NNB ^I:P", [24, 504, 12_581]),
    // Druids and Sphinxes (ELD-300..303, ELD-550..552): Beasts and Riddles created and linked.
    ("*U:Q ^X:NB", "^X:NNBBPP *U:Q", [22, 569, 13_669]),
    // Barricades (ELD-220..224): a Block on offer every turn for each.
    ("*B:R *T:R", "*B:R ^F:N", [33, 1_217, 39_430]),
    // Necromancers (ELD-470..473): trophies from their captures, revivals on start squares.
    ("*N:Q *B:R", "*N:BR ^E:N", [21, 441, 10_145]),
    // Familiars (ELD-330..334): hops, then stacks thrown, portaled and destroyed.
    ("*F:B *F:B ^O:N", "*F:B *T:R ^M:N", [43, 1_544, 65_337]),
    // Lightning Bolts (ELD-440..444, ELD-606): a continuation decision after each Bolt move.
    ("*L:Q *L:R", "*L:R ^E:N", [20, 420, 9_011]),
    // Celestials and Mystics (ELD-240..242, ELD-460..464): reactions after their captures.
    ("*C:Q *M:N", "*M:R *C:BB", [23, 527, 12_910]),
    // Highlanders (ELD-410..413): stages and returns.
    ("*H:QNP *C:BB", "*H:QNP *M:R", [31, 539, 16_823]),
    // Diviners (ELD-270..276): a Divine at every first decision after a turn with an action.
    ("*D:BB *M:N", "*D:Q ^E:R", [19, 437, 9_302]),
    // Geomancers (ELD-370..374): twenty strips to make, then moves onto them.
    ("^G:N *H:QNP", "^G:N *D:BB", [41, 1_634, 65_754]),
    // Ghosts (ELD-380..385): subornations, stack moves and releases.
    ("^H:Q *M:N", "^H:BB *O:RR", [18, 378, 7_520]),
];

#[test]
fn starting_armies_agree_with_the_reference() {
    for (w, b, expected) in ARMIES {
        let pos = armies(w, b);
        check(&pos, expected, 2);
    }
}

#[test]
fn fide_army_equals_fide_perft() {
    check(&armies("-", "-"), &[20, 400, 8902, 197_281], 3);
}

#[test]
fn placement_phase_counts() {
    let opts = EldritchOptions::default();
    // FIDE armies: 16 first options, then 16 for Black, 15 for White...
    let p = Eldritch::placement_start(&[decl("-"), decl("-")], &opts);
    check(&p, &[16, 256, 3840], 3);
    // An Illusionist group and eldritch fallbacks at the end of placement.
    let p = Eldritch::from_fen(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NB1KB2 w * - 0 1 unplaced=*I:R,R,Q,3^R:N",
        &opts,
    )
    .unwrap();
    check(&p, &[2, 2, 4, 4, 64], 5);
    // ELD-055: an Illusionist for the queen with a lone rook: two arrangements (a1 or h1), then
    // the Abjurer takes the other rook square, then White's 20 first moves and the Illusionist's
    // knight moves to c3 and e3 (ELD-420) in each.
    let p = Eldritch::from_fen(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NB1KBN1 w * - 0 1 unplaced=*I:Q,R,*A:R",
        &opts,
    )
    .unwrap();
    check(&p, &[2, 2, 44], 3);
}

/// Middle-game and ending positions (the `bench` FENs after the start).
const MIDGAMES: &[(&str, [u64; 3])] = &[
    ("r*w2^vb*wr/pppppppp/8/8/8/8/PPPPPPPP/R^FB*KKB^FR w * - 0 1", [54, 1_208, 75_072]),
    (
        "^r^r^r1^p2r/^i^i^i^i^ipp*x/8/3p4/4P3/2N2*G2/PPPP1PPP/R1B*EKB1R w a1,e1,h1,a2,b2,c2,d2,f2,g2,h2 - 0 6",
        [29, 428, 12_753],
    ),
    ("r1b1k2r/pp1n1ppp/2p1p3/3p*a3/3P^B3/2N1*S3/PPP2*OPP/R3KB1R b - - 3 11", [24, 1_042, 25_159]),
    ("2kr3r/ppp2ppp/2n1*w3/4p3/4P3/2^D2N2/PPP2PPP/2KR3R w - - 4 14", [31, 949, 14_021]),
    ("r3k2r/ppp2ppp/2n5/3^f4/4*I3/5N2/PPP2PPP/R3K2R w a1,e1,h1,a8,e8,h8 - 2 12", [43, 2_958, 92_817]),
    ("8/5p2/8/3^v{n,e,sw}4/8/1*K6/5PPP/6K1 w - - 0 40", [19, 169, 2_719]),
    ("4k3/2*p*p4/8/8/8/8/3^R^R3/4K3 w - - 0 45", [5, 40, 256]),
    ("4^a3/8/8/8/2*X5/5*G2/8/4K3 w - - 0 50", [22, 173, 3_442]),
    ("8/1P6/8/8/8/8/6k1/4^P3 w - - 0 55", [4, 28, 196]),
    // Part 2 invokes in play: a Conjurer, Evokers, a Giant, a Portalkeeper and a Shieldmaiden
    // in a middle game; a Miasma among pawns; a swap or a portal out of check.
    (
        "r1b1k2r/pp^e2ppp/2n1*t3/3p4/3P4/2N^C1N2/PP^O2PPP/R1B1K^W1R w a1,e1,h1,a8,e8,h8 - 0 10",
        [47, 2_051, 94_174],
    ),
    ("4k3/3^m4/2pPp3/8/8/2^E1^E3/8/4K3 w - - 0 30", [7, 63, 573]),
    ("4r1k1/8/8/8/^W7/8/3^O4/4K3 w - - 0 40", [6, 83, 1_848]),
    // Shapeshifters in base, bishop and knight forms, two of them virgin.
    (
        "4k3/pp3ppp/8/3^s{n}4/4P3/2^S{b}5/PP3PPP/3^S^SK2 w d1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7 - 0 20",
        [32, 779, 23_790],
    ),
    // Valkyries with graveyards on both sides (ELD-561, ELD-562).
    (
        "r3k3/pp1*v1ppp/8/8/8/8/PP1*V1PPP/R3K3 w a1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 15 grave=2P,p",
        [30, 899, 26_190],
    ),
    // An Initiate promoting (ELD-432) to a Valkyrie, which returns a Pawn on the next turn, or
    // to a Druid or a Sphinx, which creates its token.
    ("4k3/2^I5/8/8/8/8/4p3/4K3 w - - 0 1 grave=P", [11, 58, 657]),
    // A Beast with one move left, a linked Riddle, and a Sphinx with its Riddle out.
    (
        "r3k3/pp3ppp/2*u1^u{c6,1}3/4*R{d4}3/3^X4/8/PP3PPP/R3K3 w a1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 15",
        [28, 710, 19_362],
    ),
    // A Knight takes a linked Beast, and its Druid goes with it (ELD-303).
    ("4k3/2*u5/3^u{c7,0}4/8/4N3/8/8/4K3 w - - 0 1", [13, 149, 1_824]),
    // A Black Block on d5 restricting White's first turn (ELD-222).
    (BLOCKED, [24, 909, 25_580]),
    // A Necromancer with trophies N, P, P and the FIDE start squares: Knights and Pawns revive.
    (
        "r3k3/pp3ppp/2n5/3p4/8/2*N{N,P,P}5/PP3PPP/R3K3 w a1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 15 start=Ra1,Nb1,Bc1,*Nd1,Ke1,Bf1,Ng1,Rh1,Pa2,Pb2,Pc2,Pd2,Pe2,Pf2,Pg2,Ph2",
        [30, 768, 23_090],
    ),
    // Familiar stacks on a Bishop, a Pawn and a Black Knight, beside a Giant, a Portalkeeper
    // and a Miasma.
    (
        "r3k3/pp1(*f,n)1ppp/8/3^m4/2(*F,B)5/4*T3/PP1(*F,P)1PPP/R3K2^O w a1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 15",
        [66, 2_280, 147_749],
    ),
    // A ridden Pawn promotes with its rider, never into a Familiar (ELD-332).
    ("4k3/1(*F,P)6/8/8/8/8/8/4K3 w - - 0 1", [17, 75, 1_298]),
    // Bolts in both forms with their second actions and passes; a Bolt promoting to a knight
    // form that moves again; a virgin Bolt's double step (ELD-441, ELD-444, ELD-606).
    (
        "r3k3/pp1*l2pp/8/2*L{n}2p2/3*L4/8/PP3PPP/R3K3 w a1,e1,a2,b2,f2,g2,h2,a7,b7,g7,h7,a8,e8 - 0 20",
        [27, 374, 9_149],
    ),
    ("7k/2*L5/8/8/8/8/8/K7 w - - 0 1", [7, 21, 216]),
    ("4k3/3p4/8/8/8/8/4*L3/4K3 w e2,d7 - 0 1", [6, 28, 204]),
    // Celestials and Mystics in contact: reactions of either side, returns that capture
    // (ELD-241, ELD-462..464, ELD-605 c).
    (
        "r3k1n1/pp1*m1ppp/2*c2*m2/3P4/2P1p3/2*M2N2/PP*C2PPP/R3K3 w a1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8,g8 - 0 14",
        [33, 785, 24_605],
    ),
    // A pending Celestial reaction, and a Mystic's return pending after another return
    // (`turn=`, `react=`, `mret=`).
    ("4k3/p7/8/3R4/4pp2/8/2p5/4K3 b a7 - 0 1 army=-/*C turn=w react=*c", [3, 44, 668]),
    ("4k3/2*m5/8/3R4/8/8/8/4K3 w c7 - 0 1 turn=w react=*M{c7} mret=c7", [2, 8, 153]),
    // A Bolt whose capture of a Mystic lets the Mystic return before the continuation.
    (
        "r3k3/1p*m3p1/p1*c5/3N*M3/1*L6/8/PP3P2/R3K3 w a1,e1,a2,b2,f2,b7,g7,a8,e8 - 0 20",
        [22, 409, 8_816],
    ),
    // Highlanders at every stage in contact (ELD-410, ELD-411), pending returns of both sides
    // with a crowded first rank (ELD-412), and a second return pending (`phase=return`).
    (
        "r3k3/pp3ppp/2*h{n}5/3*H{b}4/2*h3*H{r}1/5N2/PP3PPP/4K2R w h1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 16",
        [31, 1_150, 30_461],
    ),
    (
        "r3kb1r/8/8/8/8/8/8/R1B1K2R w a1,e1,h1,a8,e8,h8 - 0 30 hl=*H{br},*H{p},*h{n}",
        [12, 48, 1_704],
    ),
    ("*h{p}3k3/8/8/8/8/8/4P3/4K3 b a8,e2 - 0 1 hl=*h{n} phase=return", [6, 60, 360]),
    // Diviners on both sides: Divines from depth 2, re-taken turns with their bans, a Divine
    // of a re-taken turn by the second Diviner (ELD-271..275); a ban set in the FEN.
    (
        "r3k3/pp3ppp/2n1*d3/3p4/3P4/2N1*D3/PP3PPP/R3K3 w a1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 12",
        [31, 993, 30_580],
    ),
    ("4k3/3p4/8/8/8/2*D1*D3/8/R3K3 b d7 - 0 1", [6, 198, 1_386]),
    ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1 ban=e8d8,e8f8", [3, 45, 328]),
    // Strips of both sides (z1-z4, i5-i8) beside a middle game, more strips to make
    // (ELD-371, ELD-372).
    (
        "xxxxxxxxxx/xr3k4/xpp3ppp1/x2n1^g4/x3p5/4P4x/3N5x/1PP3PPPx/1R^G2K3x/xxxxxxxxxx w a1,b1,e1,a2,b2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 13",
        [35, 1_470, 49_878],
    ),
    // A Fiend's paths, a Dragon's and a Fireball's through rank 0 (a0-d0), White in check
    // (ELD-800).
    (
        "xxxxxxxxxx/x7kx/x8x/x8x/x2*W5x/x5^f2x/x1*X6x/x8x/xR^G2K1N1x/x4xxxxx w - - 1 2",
        [3, 47, 1_710],
    ),
    // A turned Gremlin on its far rank beside a rank-9 strip, a Black Gremlin beside z3-z6,
    // no promotion on the frame (ELD-401, ELD-802).
    (
        "x4xxxxx/x2^R{t}4kx/x8x/9x/9x/9x/6^r2x/x8x/xR^G2K3x/xxxxxxxxxx w - - 0 1",
        [28, 114, 2_746],
    ),
    // Ghosts of both sides beside Oozes and Necromancers (paths judged for the controller,
    // ELD-383), ready to suborn and be captured (ELD-381, ELD-384).
    (
        "r3k3/pp1n1ppp/2p1^h3/3p4/3P*O3/2^HN*n3/PPP2PPP/R3K3 w a1,e1,a2,b2,c2,f2,g2,h2,a7,b7,f7,g7,h7,a8,e8 - 0 14",
        [29, 966, 27_205],
    ),
    // Ghost stacks: a White Knight and a Dragon suborned, an Ooze and a Necromancer on the
    // paths (ELD-383, ELD-793).
    ("4k3/2p5/1(^h,N)2*N3/8/3(^H,*w)4/2*o5/4P3/4K3 w e2 - 0 20", [24, 463, 10_249]),
    // A pending release (`react=>d6:n`, ELD-385) and stacks with a turned Gremlin and a
    // suborned Enchanter whose freeze is suppressed (ELD-381, ELD-798).
    ("4k3/8/3r4/8/8/8/8/4K3 w - - 0 1 army=^H/- turn=b react=>d6:n", [8, 26, 623]),
    ("4k3/1(^h,^R{t})6/8/8/8/8/5(^H,*e)2/4K3 w - - 0 30", [9, 81, 853]),
];

/// A middle game with a Black Barricade blocking against White (ELD-221).
const BLOCKED: &str = "r3k3/ppp2ppp/2n5/3*b4/4P3/2N2N2/PPP2PPP/R3K3 w a1,e1,a2,b2,c2,f2,g2,h2,a7,b7,c7,f7,g7,h7,a8,e8 - 0 12 block=d5";

#[test]
fn block_adjacency_from_agrees_with_the_reference() {
    // ELD-OPT-1 `from`: pieces next to the Barricade stay, others may end next to it.
    let options = EldritchOptions {
        block_adjacency: grimoire_engine::variants::eldritch::BlockAdjacency::From,
        ..EldritchOptions::default()
    };
    let pos = Eldritch::from_fen(BLOCKED, &options).unwrap();
    check(&pos, &[26, 980, 27_868], 2);
}

#[test]
fn middle_games_agree_with_the_reference() {
    for (fen, expected) in MIDGAMES {
        let pos = Eldritch::from_fen(fen, &EldritchOptions::default()).unwrap();
        check(&pos, expected, 2);
    }
}

/// The reference generator one ply deeper on every army and middle game (release build; it is
/// slow: its legality test generates every enemy reply for every move).
#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn reference_one_ply_deeper() {
    for (w, b, expected) in ARMIES {
        assert_eq!(perft_reference(&armies(w, b), 3), expected[2], "{w} / {b}");
    }
    // Depth 4 of three armies, fast generator and reference alike.
    for (w, b, nodes) in [
        ("*W:NN *A:R", "^V:KQB *K:R", 231_941),
        ("*E:Q *G:N", "^A:K *O:RR", 209_425),
        ("*I:R ^R:N", "*G:B ^B:N", 143_914),
    ] {
        let pos = armies(w, b);
        assert_eq!(perft(&pos, 4), nodes, "{w} / {b}");
        assert_eq!(perft_reference(&pos, 4), nodes, "{w} / {b}");
    }
    for (fen, expected) in MIDGAMES {
        let pos = Eldritch::from_fen(fen, &EldritchOptions::default()).unwrap();
        assert_eq!(perft_reference(&pos, 3), expected[2], "{fen}");
    }
}
