//! FIDE rules, one test per rule: castling conditions, en passant (FIDE 9.2 included),
//! promotion, check, checkmate, stalemate, the 50-move rule, threefold repetition and
//! insufficient material; FEN validation and notation round trips.

use grimoire_engine::variants::chess::{Chess, START_FEN};
use grimoire_engine::{prelude::*, Color, Game, Illegality, Outcome, Reason};

mod common;
use common::{
    assert_drawn_for_insufficient_material, assert_two_cycles_draw_by_repetition, drawn, has,
    tokens, won,
};

fn pos(fen: &str) -> Chess {
    Chess::from_fen(fen, &()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn after(fen: &str, moves: &[&str]) -> Game<Chess> {
    let mut g = Game::new(pos(fen));
    for m in moves {
        g.play_token(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

#[test]
fn castling_both_sides_and_rook_relocation() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(has(&p, "e1g1") && has(&p, "e1c1"));
    let g = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["e1g1", "e8c8"]);
    assert_eq!(g.position().to_fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn castling_is_refused_through_into_or_out_of_check() {
    // Through check: a rook on f8 covers f1.
    assert!(!has(&pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
    // Into check: a rook on g8 covers g1.
    assert!(!has(&pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
    // Out of check.
    let p = pos("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
    assert!(p.in_check() && !has(&p, "e1g1") && !has(&p, "e1c1"));
    // b1 attacked does not matter for queenside castling; a blocked b1 does.
    assert!(has(&pos("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), "e1c1"));
    assert!(!has(&pos("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1"), "e1c1"));
}

#[test]
fn castling_rights_are_lost_by_king_or_rook_moves_and_rook_captures() {
    let g = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["h1h8"]);
    assert_eq!(g.position().to_fen(), "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1");
    let g = after("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["e1f1", "a8b8"]);
    assert!(g.position().to_fen().contains(" k - "));
}

#[test]
fn en_passant_capture_removes_the_pawn_and_expires() {
    let g = after(START_FEN, &["e2e4", "a7a6", "e4e5", "d7d5"]);
    assert_eq!(
        g.position()
            .en_passant()
            .map(|s| grimoire_engine::Geometry::Framed8.name(s)),
        Some("d6".to_string())
    );
    assert!(has(g.position(), "e5d6"));
    let g2 = after(START_FEN, &["e2e4", "a7a6", "e4e5", "d7d5", "e5d6"]);
    assert_eq!(
        g2.position().to_fen(),
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // The right expires after one move.
    let g3 = after(START_FEN, &["e2e4", "a7a6", "e4e5", "d7d5", "g1f3", "a6a5"]);
    assert!(!has(g3.position(), "e5d6"));
}

#[test]
fn en_passant_square_exists_only_when_the_capture_is_legal() {
    // FIDE 9.2: no capturing pawn next to it, so no en-passant square in the FEN or the key.
    let g = after(START_FEN, &["e2e4"]);
    assert!(g.position().to_fen().contains(" b KQkq - "));
    // Horizontal pin: capturing would expose the king on the fifth rank.
    let p = pos("8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1");
    assert_eq!(p.en_passant(), None);
    assert!(!has(&p, "e4d3"));
    let q = pos("8/8/8/8/k2Pp3/8/8/4K3 b - d3 0 1");
    assert!(q.en_passant().is_some() && has(&q, "e4d3"));
}

#[test]
fn en_passant_can_answer_a_check_by_the_double_stepped_pawn() {
    let p = pos("8/8/8/3k4/4Pp2/8/8/4K3 b - e3 0 1");
    assert!(p.in_check());
    assert!(has(&p, "f4e3"));
}

#[test]
fn promotion_offers_four_pieces_and_under_promotion_works() {
    let p = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    for t in ["a7a8q", "a7a8r", "a7a8b", "a7a8n"] {
        assert!(has(&p, t), "{t}");
    }
    assert!(!has(&p, "a7a8"));
    let g = after("8/P6k/8/8/8/8/8/K7 w - - 0 1", &["a7a8n"]);
    assert_eq!(g.position().to_fen(), "N7/7k/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn pinned_pieces_move_only_along_the_pin() {
    let p = pos("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    assert!(
        tokens(&p).iter().all(|t| !t.starts_with("e2")),
        "a pinned bishop cannot move"
    );
    let q = pos("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
    assert!(has(&q, "e2e7") && has(&q, "e2e5") && !has(&q, "e2d2"));
}

#[test]
fn checkmate_and_stalemate_end_the_game() {
    let g = after(START_FEN, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(g.outcome(), won(Color::Black, Reason::Checkmate));
    let stale = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!stale.in_check());
    assert_eq!(stale.terminal(), drawn(Reason::Stalemate));
}

#[test]
fn fifty_move_rule_draws_at_100_plies_but_mate_stands() {
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    let mut g = Game::new(p);
    assert_eq!(g.outcome(), None);
    g.play_token("a1a2").unwrap();
    assert_eq!(g.outcome(), drawn(Reason::FiftyMoveRule));
    // Mate on the 100th ply stands.
    let mut m = Game::new(pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80"));
    m.play_token("a1a8").unwrap();
    assert_eq!(m.outcome().map(|o| o.reason()), Some(Reason::Checkmate));
}

#[test]
fn threefold_repetition_counts_same_position_same_side() {
    assert_two_cycles_draw_by_repetition(pos(START_FEN), &["g1f3", "g8f6", "f3g1", "f6g8"]);
}

#[test]
fn insufficient_material_cases() {
    assert_drawn_for_insufficient_material(
        pos,
        &[
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
            "4k3/8/8/8/8/8/8/4KB2 b - - 0 1",
            "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        ],
    );
    // Bishops on opposite colours, two knights, or a pawn can still mate (or help mate).
    for fen in [
        "3bk3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
    ] {
        assert_eq!(pos(fen).terminal(), None, "{fen}");
    }
}

/// Each malformed or impossible FEN is refused with the error of the part at fault.
#[test]
fn typed_fen_errors_name_the_part_at_fault() {
    use std::mem::discriminant;
    // Each line: the part at fault, then the FEN.
    const BAD: &str = "
        fields
        fields   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra
        board    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1
        board    rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
        board    rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
        piece    rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1
        side     rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1
        castling rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1
        castling 4k3/8/8/8/8/8/8/R3K3 w K - 0 1
        ep       rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1
        ep       rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1
        counters rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1
        illegal  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1
        illegal  4k2R/8/8/8/8/8/8/4K3 w - - 0 1
        illegal  P3k3/8/8/8/8/8/8/4K3 w - - 0 1
        illegal  4k3/8/8/8/8/8/8/4KK2 w - - 0 1";
    for line in BAD.lines().skip(1) {
        let (part, fen) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let fen = fen.trim();
        let e = Chess::from_fen(fen, &()).expect_err(fen);
        let expected = match part {
            "fields" => FenError::FieldCount {
                min: 4,
                max: Some(6),
                found: fen.split_whitespace().count(),
            },
            "board" => FenError::Board(String::new()),
            "piece" => FenError::UnknownPiece("X".to_string()),
            "side" => FenError::Side(String::new()),
            "castling" => FenError::Castling(String::new()),
            "ep" => FenError::EnPassant(String::new()),
            "counters" => FenError::Counters(String::new()),
            _ => FenError::Illegal(Illegality::OpponentInCheck { ruling: None }),
        };
        assert_eq!(discriminant(&e), discriminant(&expected), "{fen}: {e:?}");
        if matches!(
            expected,
            FenError::FieldCount { .. } | FenError::UnknownPiece(_)
        ) {
            assert_eq!(e, expected, "{fen}");
        }
        assert!(!e.to_string().is_empty());
    }
    // The second stage's reasons are typed: what is wrong, not only that something is.
    let illegal = |fen: &str| match Chess::from_fen(fen, &()) {
        Err(FenError::Illegal(why)) => why,
        other => panic!("{fen}: {other:?}"),
    };
    assert_eq!(
        illegal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"),
        Illegality::RoyalCount {
            side: Color::White,
            piece: "king",
            found: 0
        }
    );
    assert_eq!(
        illegal("4k3/8/8/8/8/8/8/4KK2 w - - 0 1"),
        Illegality::RoyalCount {
            side: Color::White,
            piece: "king",
            found: 2
        }
    );
    assert_eq!(
        illegal("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"),
        Illegality::OpponentInCheck { ruling: None }
    );
    assert!(matches!(
        illegal("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        Illegality::OnForbiddenRank { .. }
    ));
    // The text is that of the protocol's error lines.
    let e = Chess::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 99999", &()).unwrap_err();
    assert_eq!(
        e,
        FenError::Counters("move counters out of range".to_string())
    );
    assert_eq!(
        Chess::from_fen("4k3 w - - 0 1", &())
            .unwrap_err()
            .to_string(),
        "FEN board needs 8 ranks, got 1"
    );
    assert_eq!(
        Chess::from_fen("4k3/8/8/8/8/8/8/4K3 w", &())
            .unwrap_err()
            .to_string(),
        "FEN needs 4 to 6 fields, got 2"
    );
}

#[test]
fn fen_round_trips_and_optional_counters_default() {
    for fen in [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/8/8/k2Pp3/8/8/4K3 b - d3 0 1",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - -").to_fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
}

#[test]
fn move_tokens_parse_back_and_junk_is_rejected() {
    let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    for &m in &p.legal_moves() {
        assert_eq!(p.parse_move(&p.format_move(m)), Ok(m));
    }
    for junk in [
        "", "e2", "e2e9", "e1h1", "z1a1", "e2e4q", "a2a5", "0000", "e7e8q",
    ] {
        assert_eq!(
            p.parse_move(junk),
            Err(MoveError::Illegal {
                token: junk.to_string()
            }),
            "{junk}"
        );
    }
}

/// A refused token is a typed `MoveError`: illegal where it stands, or played after the end.
#[test]
fn typed_move_errors_tell_illegal_from_game_over() {
    let mut g = Game::new(pos(START_FEN));
    assert_eq!(
        g.play_token("e2e5"),
        Err(MoveError::Illegal {
            token: "e2e5".to_string()
        })
    );
    assert_eq!(g.moves().len(), 0, "a refused token is not played");
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        g.play_token(m).unwrap();
    }
    let mate = Outcome::Win {
        winner: Color::Black,
        reason: Reason::Checkmate,
    };
    let e = g.play_token("e1f2").unwrap_err();
    assert_eq!(
        e,
        MoveError::GameOver {
            token: "e1f2".to_string(),
            outcome: mate
        }
    );
    assert_eq!(
        e.to_string(),
        "game is over (0-1 black wins by checkmate); 'e1f2' not played"
    );
    assert_eq!(g.moves().len(), 4);
}

/// SAN (the PGN notation of chess games): piece letters, captures, the shortest
/// disambiguation, castling, promotion, check and mate suffixes.
#[test]
fn san_names_moves_as_chess_tools_expect() {
    let san = |fen: &str, token: &str| {
        let p = pos(fen);
        let mv = p.parse_move(token).unwrap();
        p.format_pgn(mv)
    };
    assert_eq!(san(START_FEN, "g1f3"), "Nf3");
    assert_eq!(san(START_FEN, "e2e4"), "e4");
    // Two knights reach d2: the file tells them apart; two rooks on one file: the rank.
    let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    assert_eq!(san(fen, "b1d2"), "Nbd2");
    let fen = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san(fen, "a1a4"), "R1a4");
    // Three queens: neither file nor rank alone is enough.
    let fen = "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
    assert_eq!(san(fen, "h4e1"), "Qh4e1");
    // Pawn captures name the file; en passant is a capture; promotion with check.
    assert_eq!(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"), "exd6");
    assert_eq!(san("8/1P2k3/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), "b8=Q");
    assert_eq!(san("3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8r"), "b8=R+");
    assert_eq!(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
    assert_eq!(san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"), "O-O-O");
    // Fool's mate.
    let g = after(START_FEN, &["f2f3", "e7e5", "g2g4"]);
    let mv = g.position().parse_move("d8h4").unwrap();
    assert_eq!(g.position().format_pgn(mv), "Qh4#");
}
