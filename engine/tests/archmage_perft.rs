//! ArchMage perft regression numbers (G8: pure move generation, no draw rules), each
//! cross-checked by the independent reference generator (a mailbox generator written from the
//! rules text, with play-and-look legality, `engine/src/variants/archmage/reference.rs`),
//! counting on its own. The numbers were produced by the fast generator and agreed with the
//! reference at depth 3 for every position (the ignored test below, about three minutes in
//! release mode); CI checks the reference at depth 2 under all four option combinations.

use grimoire_engine::perft::PerftCase;
use grimoire_engine::prelude::*;
use grimoire_engine::variants::archmage::{ArchMage, ArchMageOptions, START_FEN};

/// Middle game with hands on both sides (White a Dragon King, Black a Dragon Horse), a White
/// Dragon King on the board, open lines, bent riders, White's b-side castling right.
pub const MIDDLE: &str = "g2sqk3g/x1tfzif1bx/pp1p1pp1pp/2pbr1tm2/4P1M3/4UPD3/P2P1B1HP1/1PT3PP1P/X2FZI2TX/GR1SQK1U1G[Dh] w Q - 2 14";
/// Black to move with an en-passant capture (the White Pawn double-stepped f3-f5), all four
/// castling rights, full hands.
pub const EN_PASSANT: &str = "grusqk1urg/xbtfzimtbx/pppp1ppppp/10/10/4pP4/10/PPPPP1PPPP/XBTFZIFTBX/GRUSQKMURG[DHdh] b KQkq f4 0 6";
/// Promotions on both sides: White Pawn, Prince (four choices) and Rook, Black Sorceress,
/// Prince and Pawn, one step from their last ranks; summoners near both.
pub const PROMOTIONS: &str = "5kr3/1PI6R/10/3a6/10/K9/5m4/6A3/2s1i2p2/10[DHdh] w - - 0 40";
/// Endgame: Manticore, Amazon and a Dragon King against Griffon, ArchMage and a Dragon Horse,
/// one Dragon in each hand.
pub const ENDGAME: &str = "5k4/10/3g3h2/10/4X5/10/2Z3a3/10/3D6/5K4[Hd] w - - 4 60";
/// Bent riders and Buffalos around exposed Kings; Dragons in hand but no summoner.
pub const BENT_RIDERS: &str = "g4k3g/1x6x1/3u2u3/10/10/10/10/3U2U3/1X6X1/G4K3G[Dd] w - - 0 30";
/// Summoners crowded together: many switches (same-type and summoner–summoner pairs),
/// promotions by switch and by move, drops next to several summoners.
pub const SWITCHES: &str = "4k5/2m2m1P1M/1S1sa5/5a4/10/10/10/3SAM1m2/4p1M3/4K5[DHdh] b - - 0 25";

/// Both sides may castle both ways (ARC-70..72): the rank between King and Rooks is clear,
/// summoners out in front, one Dragon in each hand.
pub const CASTLING: &str = "gr3k2rg/xbtfziftbx/ppppqppppp/2us2mu2/4p5/4P5/2US2MU2/PPPPQPPPPP/XBTFZIFTBX/GR3K2RG[Hd] w KQkq - 4 9";
/// Pawns on their relative ranks 1 and 2 after switches (ARC-25, ARC-58 b): Black to move may
/// take en passant on c2 after the White Pawn's double step c1-c3 (ARC-27), and has Pawns
/// on j10 and g9 with the double step.
pub const SWITCHED_PAWNS: &str =
    "7k1p/x5pr2/1g3s4/2m7/3d6/3A6/1G8/2Pp6/P4MPPX1/4P2K1R[Dh] b - c2 0 31";
/// Dragons all in hands after captures (White both Dragon Kings, Black both Dragon Horses,
/// ARC-62), an ArchMage on each side's last rank with promoting partners in switch range
/// (Prince, Rook; Bishop, Phoenix: ARC-56) and Pawns one step from promotion.
pub const DRAGONS_AND_SWITCH_PROMOTIONS: &str =
    "A9/2R4P2/1I8/10/3M5k/10/10/2s7/2f1pb1K2/3a6[DDhh] w - - 0 50";

/// The regression counts by depth from 1 (one case a line, as a table).
#[rustfmt::skip]
pub const SUITE: [PerftCase; 10] = [
    PerftCase::new("startpos", START_FEN, &[78, 6_084, 507_339, 42_209_519]),
    PerftCase::new("middle", MIDDLE, &[144, 15_077, 2_181_555, 229_607_483]),
    PerftCase::new("en_passant", EN_PASSANT, &[92, 7_821, 750_895, 67_971_868]),
    PerftCase::new("promotions", PROMOTIONS, &[84, 11_312, 749_388, 95_242_584]),
    PerftCase::new("endgame", ENDGAME, &[78, 6_680, 359_738, 27_350_269]),
    PerftCase::new("bent_riders", BENT_RIDERS, &[62, 3_791, 266_441, 17_925_597]),
    PerftCase::new("switches", SWITCHES, &[182, 28_899, 4_820_015, 754_262_612]),
    PerftCase::new("castling", CASTLING, &[138, 18_544, 2_467_990, 325_734_743]),
    PerftCase::new("switched_pawns", SWITCHED_PAWNS, &[119, 13_081, 1_461_698, 158_628_906]),
    PerftCase::new(
        "dragons_and_switch_promotions",
        DRAGONS_AND_SWITCH_PROMOTIONS,
        &[99, 6_997, 545_623, 38_509_931],
    ),
];

/// Largest count checked in the default (CI) run.
const CI_MAX_NODES: u64 = 6_000_000;

#[test]
fn regression_counts_at_ci_depths() {
    for case in SUITE {
        case.check_fast::<ArchMage>(&ArchMageOptions::default(), CI_MAX_NODES)
            .unwrap();
    }
}

#[test]
fn reference_generator_agrees_at_depth_2_under_every_option_combination() {
    for case in SUITE {
        for options in ArchMageOptions::all() {
            if options == ArchMageOptions::default() {
                case.check_reference::<ArchMage>(&options, 2).unwrap();
            } else {
                case.check_agreement::<ArchMage>(&options, 2)
                    .unwrap_or_else(|e| panic!("{options:?}: {e}"));
            }
        }
    }
}

#[test]
#[ignore = "about three minutes in release mode: cargo test --release --test archmage_perft -- --ignored"]
fn reference_generator_agrees_at_depth_3() {
    for case in SUITE {
        case.check_reference::<ArchMage>(&ArchMageOptions::default(), 3)
            .unwrap();
    }
}

#[test]
#[ignore = "deep counts: cargo test --release --test archmage_perft -- --ignored"]
fn regression_counts_at_full_depth() {
    for case in SUITE {
        case.check_fast::<ArchMage>(&ArchMageOptions::default(), u64::MAX)
            .unwrap();
    }
}

/// Each added position really exercises what it is there for, at its root.
#[test]
fn suite_positions_exercise_their_features() {
    let tokens = |fen: &str| -> Vec<String> {
        let p = ArchMage::from_fen(fen, &ArchMageOptions::default())
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        p.legal_moves().iter().map(|&m| p.format_move(m)).collect()
    };
    let has_all = |fen: &str, wanted: &[&str]| {
        let list = tokens(fen);
        for w in wanted {
            assert!(list.iter().any(|t| t == w), "{w} missing at {fen}");
        }
    };
    // Castling both ways (ARC-70), drops of the hand's Dragon (ARC-61).
    has_all(CASTLING, &["f1h1", "f1d1", "H@e4"]);
    // En passant after a double step from relative rank 1; double steps from relative
    // ranks 1 and 2 (ARC-25, ARC-27).
    has_all(SWITCHED_PAWNS, &["d3c2", "j10j8", "g9g7"]);
    // Promotion by switch with every choice, Rook to Chancellor, Pawn by step (ARC-56).
    has_all(
        DRAGONS_AND_SWITCH_PROMOTIONS,
        &[
            "a10b8z", "a10b8l", "a10b8x", "a10b8g", "a10c9c", "h9h10a", "D@d7",
        ],
    );
}
