//! Ghost Chess rules, one test per ruling group of `shared/rules/ghost.md` (IDs in the names):
//! spawning (distance, ties, own ghosts skipped, enemy ghosts taken or passed, promotion on
//! spawning), ghost movement (phasing, edge moves, pawns), legality, king capture, castling,
//! en passant, the end of the game, FEN and tokens.

use grimoire_engine::variants::ghost::{Ghost, START_FEN};
use grimoire_engine::{prelude::*, Color, Game, Reason};

mod common;
use common::{drawn, sorted, tokens, won};

fn pos(fen: &str) -> Ghost {
    Ghost::from_fen(fen, &()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The position after playing `tokens` (each must be legal).
fn after(fen: &str, tokens: &[&str]) -> Ghost {
    let mut p = pos(fen);
    for t in tokens {
        let mv = p
            .parse_move(t)
            .unwrap_or_else(|e| panic!("{t} at {}: {e}", p.to_fen()));
        p.play(mv);
    }
    p
}

/// The legal tokens that start with `from` (one piece's moves).
fn moves_from(p: &Ghost, from: &str) -> Vec<String> {
    tokens(p)
        .into_iter()
        .filter(|t| t.starts_with(from) && t.len() >= 4)
        .collect()
}

// ---- Spawning -----------------------------------------------------------------------------

#[test]
fn gho_21_26_61_a_tie_is_the_owners_decision_step() {
    // e4xd5: d5 lies on the a8-h1 diagonal, so z5 and d9 tie (GHO-21).
    let p = after(START_FEN, &["e2e4", "d7d5", "e4d5"]);
    assert_eq!(p.side_to_move(), Color::Black, "the owner decides (GHO-26)");
    assert!(!p.consumes_depth(), "GHO-27 (A)");
    assert_eq!(tokens(&p), sorted(&["z5", "d9"]));
    assert!(
        p.to_fen().ends_with(" b KQkq - 0 2 - spawn=p@d5"),
        "{}",
        p.to_fen()
    );
    // The decision costs no turn: Black then moves.
    let q = after(START_FEN, &["e2e4", "d7d5", "e4d5", "z5"]);
    assert_eq!(q.side_to_move(), Color::Black);
    assert!(q.consumes_depth());
    assert_eq!(
        q.to_fen(),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2 pz5"
    );
    // a1 ties a0 and z1.
    let a1 = after("r3k3/8/8/8/8/8/8/R5K1 b - - 0 1", &["a8a1"]);
    assert_eq!(tokens(&a1), sorted(&["a0", "z1"]));
    assert_eq!(a1.side_to_move(), Color::White);
}

#[test]
fn gho_21_26_a_single_nearest_square_spawns_at_once() {
    // b6 goes to z6 alone: no decision step.
    let p = after("4k3/8/1p6/8/8/8/8/1R2K3 w - - 0 1", &["b1b6"]);
    assert!(p.pending().is_none());
    assert_eq!(p.to_fen(), "4k3/8/1R6/8/8/8/8/4K3 b - - 0 1 pz6");
}

#[test]
fn gho_22_62_own_ghosts_are_skipped() {
    // z5 holds a black ghost: the knight taken on d5 goes to d9 alone.
    let p = after("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1 nz5", &["d1d5"]);
    assert!(p.pending().is_none());
    assert!(p.to_fen().ends_with(" nz5,nd9"), "{}", p.to_fen());
    // Both nearest squares hold own ghosts: the next class, z4 z6 c9 e9 (distance 17).
    let q = after("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1 nz5,pd9", &["d1d5"]);
    assert_eq!(tokens(&q), sorted(&["z4", "z6", "c9", "e9"]));
}

#[test]
fn gho_22_23_62_an_enemy_ghost_is_taken_or_passed() {
    // z5 holds a White ghost, d9 is empty: take z5 or go to d9; the walk stops at this class.
    let fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1 Nz5";
    let p = after(fen, &["d1d5"]);
    assert_eq!(tokens(&p), sorted(&["z5", "d9"]));
    let took = after(fen, &["d1d5", "z5"]);
    assert!(took.to_fen().ends_with(" nz5"), "{}", took.to_fen());
    // Both nearest squares hold enemy ghosts: take either, or pass both to the next class.
    let fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1 Nz5,Bd9";
    let p = after(fen, &["d1d5"]);
    assert_eq!(tokens(&p), sorted(&["z5", "d9", "z4", "z6", "c9", "e9"]));
    let passed = after(fen, &["d1d5", "z6"]);
    assert!(
        passed.to_fen().ends_with(" Nz5,nz6,Bd9"),
        "{}",
        passed.to_fen()
    );
    let took = after(fen, &["d1d5", "d9"]);
    assert!(took.to_fen().ends_with(" Nz5,nd9"), "{}", took.to_fen());
}

#[test]
fn gho_45_68_a_pawn_spawning_on_its_last_square_promotes_by_choice() {
    // A White pawn taken on a7 while z7 holds a White ghost: z6 (taking a black ghost) or z8,
    // where it promotes; each (square, type) pair is an option.
    let p = pos("r3k3/n7/8/8/8/8/8/4K3 w - - 0 30 Nz7,rz6 spawn=P@a7");
    assert_eq!(tokens(&p), sorted(&["z6", "z8q", "z8r", "z8b", "z8n"]));
    let q = after(
        "r3k3/n7/8/8/8/8/8/4K3 w - - 0 30 Nz7,rz6 spawn=P@a7",
        &["z8r"],
    );
    assert!(q.to_fen().ends_with(" rz6,Nz7,Rz8"), "{}", q.to_fen());
}

#[test]
fn gho_20_72_en_passant_spawns_from_the_captured_pawns_square() {
    // The pawn taken en passant stood on d5 (tie z5/d9), not on d6 (which would go to d9 alone).
    let p = after("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", &["d7d5", "e5d6"]);
    assert_eq!(tokens(&p), sorted(&["z5", "d9"]));
}

#[test]
fn gho_20_33_24_a_ghost_capture_spawns_and_the_ghost_vanishes() {
    // A White ghost rook on a0 takes the knight on a4 across the a-file: the ghost is gone, and
    // the knight spawns from a4 to z4 alone (a0, now empty, is farther).
    let p = after("4k3/8/8/8/n7/8/8/4K3 w - - 3 1 Ra0", &["a0a4"]);
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1 nz4");
    // GHO-24: the capturing ghost's origin counts as empty for the spawn. A knight taken on a1
    // by a ghost from a0 may return to a0 (tie a0/z1).
    let q = after("4k3/8/8/8/8/8/8/n3K3 w - - 0 1 Ra0", &["a0a1"]);
    assert_eq!(tokens(&q), sorted(&["a0", "z1"]));
}

// ---- Ghost movement ---------------------------------------------------------------------

#[test]
fn gho_31_63_64_rays_phase_through_everything() {
    // A ghost rook on a0: every black piece on the a-file can be taken, a9 reached across the
    // board, the whole rank-0 line reached through a black ghost (which it may also take).
    let p = pos("4k3/r7/8/p7/8/8/P7/4K3 w - - 0 1 Ra0,qe0");
    assert_eq!(
        moves_from(&p, "a0"),
        sorted(&["a0a5", "a0a7", "a0a9", "a0b0", "a0c0", "a0d0", "a0e0", "a0f0", "a0g0", "a0h0"])
    );
    // A ghost queen crosses from one edge to the opposite one, diagonally too.
    let q = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Qz4");
    let m = moves_from(&q, "z4");
    for t in ["z4i4", "z4d0", "z4e9", "z4z8", "z4z1"] {
        assert!(m.contains(&t.to_string()), "{t} missing from {m:?}");
    }
    assert!(
        !m.iter().any(|t| t == "z4a4"),
        "no stop on an empty board square"
    );
}

#[test]
fn gho_32_34_66_ghost_bishop_and_knight_edge_moves() {
    // Bishop c0: diagonals to z3 and i6 (c0i6 as in GHO-32), a capture on g4 on the way, and
    // 1-3 squares along rank 0, phasing through the own knight on b0.
    let p = pos("4k3/8/8/8/6n1/8/8/4K3 w - - 0 1 Nb0,Bc0");
    assert_eq!(
        moves_from(&p, "c0"),
        sorted(&["c0z3", "c0i6", "c0g4", "c0a0", "c0d0", "c0e0", "c0f0"])
    );
    // Knight b0: the L to z1 (GHO-34) and 1-3 squares along rank 0 (not onto its own bishop).
    assert_eq!(
        moves_from(&p, "b0"),
        sorted(&["b0z1", "b0a0", "b0d0", "b0e0"])
    );
    // Knight a0: straight edge moves never turn the corner; the L reaches z2.
    let q = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Na0");
    assert_eq!(
        moves_from(&q, "a0"),
        sorted(&["a0z2", "a0b0", "a0c0", "a0d0"])
    );
}

#[test]
fn gho_40_44_ghost_pawn_moves_and_promotion() {
    let p = pos("4k3/8/b7/8/8/8/8/4Kn2 w - - 0 1 Pz5,Pi7,Pe0,Pc9");
    // On file z: forward only; a diagonal-forward capture onto the board.
    assert_eq!(moves_from(&p, "z5"), sorted(&["z5z6", "z5a6"]));
    // Onto its last square: four promotions (GHO-43).
    assert_eq!(
        moves_from(&p, "i7"),
        sorted(&["i7i8q", "i7i8r", "i7i8b", "i7i8n"])
    );
    // On rank 0: sideways steps, and a diagonal capture on f1; never straight onto e1.
    assert_eq!(moves_from(&p, "e0"), sorted(&["e0d0", "e0f0", "e0f1"]));
    // On rank 9 (GHO-44): sideways only.
    assert_eq!(moves_from(&p, "c9"), sorted(&["c9b9", "c9d9"]));
    // Black's forward is towards rank 0: a black ghost pawn on z2 promotes on z1.
    let q = pos("4k3/8/8/8/8/8/8/4K3 b - - 0 1 pz2,pe9");
    assert_eq!(
        moves_from(&q, "z2"),
        sorted(&["z2z1q", "z2z1r", "z2z1b", "z2z1n"])
    );
    assert_eq!(moves_from(&q, "e9"), sorted(&["e9d9", "e9f9"]));
    // A ghost pawn takes an enemy ghost by an edge step.
    let r = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Pz5,nz6");
    assert_eq!(moves_from(&r, "z5"), sorted(&["z5z6"]));
}

// ---- Legality, check, king capture -------------------------------------------------------

#[test]
fn gho_50_a_ghost_may_not_take_a_piece_shielding_its_own_king() {
    // The black knight on a4 shields the White king on a1 from the rook on a8.
    let p = pos("r3k3/8/8/8/n7/8/8/K7 w - - 0 1 Ri4");
    let m = moves_from(&p, "i4");
    assert!(!m.contains(&"i4a4".to_string()), "{m:?}");
    assert!(m.contains(&"i4z4".to_string()), "{m:?}");
    // The reference generator's play-and-look test says the same.
    let mut pseudo = grimoire_engine::MoveList::new();
    p.generate_pseudo_legal(&mut pseudo);
    let shielded = pseudo
        .iter()
        .copied()
        .find(|&m| p.format_move(m) == "i4a4")
        .expect("pseudo-legal");
    assert!(!p.is_legal_pseudo(shielded));
}

#[test]
fn gho_51_in_check_a_ghost_helps_only_by_taking_the_checker() {
    let p = pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1 Ra0,Bz8");
    assert!(p.in_check());
    assert_eq!(moves_from(&p, "a0"), sorted(&["a0a1"]));
    assert!(moves_from(&p, "z8").is_empty());
    // Double check (rook e8, bishop a5): taking one checker does not help, only king moves
    // or a ghost taking the enemy king (h0h8).
    let d = pos("4r2k/8/8/b7/8/8/8/4K3 w - - 0 1 Ra0,Rh0");
    assert!(d.in_check());
    assert!(moves_from(&d, "a0").is_empty());
    assert_eq!(moves_from(&d, "h0"), sorted(&["h0h8"]));
    assert!(tokens(&d)
        .iter()
        .all(|t| t.starts_with("e1") || t == "h0h8"));
}

#[test]
fn gho_12_53_71_ghosts_never_give_check() {
    // The White ghost rook on e0 could take the black king across the e-file: not a check.
    let p = pos("4k3/8/8/8/8/8/8/4K3 b - - 0 1 Re0");
    assert!(!p.in_check());
    assert!(
        tokens(&p).contains(&"e8e7".to_string()),
        "the threat may be ignored"
    );
    // A king that only ghosts attack has no checkmate: this is stalemate-free play.
    assert!(p.terminal().is_none());
}

#[test]
fn gho_50_52_71_a_ghost_taking_the_king_wins_at_once() {
    // White is in check from a1, and the ghost on e9 takes the king anyway (GHO-50 exception).
    let fen = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1 Re9";
    let p = pos(fen);
    assert!(tokens(&p).contains(&"e9e8".to_string()));
    let q = after(fen, &["e9e8"]);
    assert_eq!(q.terminal(), won(Color::White, Reason::RoyalCaptured));
    assert_eq!(q.ended_by_rule(), q.terminal());
    assert!(
        q.legal_moves().is_empty(),
        "no spawn, no decision, no move (G8)"
    );
    assert!(q.pending().is_none());
    // The finished position has a FEN (no black king, Black to move) that reads back.
    assert_eq!(q.to_fen(), "8/8/8/8/8/8/8/r3K3 b - - 0 1 -");
    assert_eq!(pos(&q.to_fen()), q);
}

#[test]
fn gho_53_checkmate_and_stalemate_count_ghost_moves() {
    let mate = pos("4R1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1 -");
    assert_eq!(mate.terminal(), won(Color::White, Reason::Checkmate));
    // A black ghost knight on c9 can take the checking rook: no mate.
    let saved = pos("4R1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1 nc9");
    assert_eq!(tokens(&saved), sorted(&["c9e8"]));
    assert!(saved.terminal().is_none());
    let stale = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 -");
    assert_eq!(stale.terminal(), drawn(Reason::Stalemate));
    // A ghost with a move prevents stalemate.
    assert!(pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 rz4")
        .terminal()
        .is_none());
}

#[test]
fn gho_11_castling_ignores_ghosts_and_a_ghost_takes_the_right() {
    // Black ghost rooks aim at f1 and the whole first rank: castling is still legal.
    let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1 rf0,rz1");
    assert!(tokens(&p).contains(&"e1g1".to_string()));
    // A ghost takes the rook on h1: the right is gone, the rook spawns at h0 or i1 (tie).
    let q = after("4k3/8/8/8/8/8/8/4K2R b K - 0 1 rh0", &["h0h1"]);
    assert!(
        q.to_fen().contains(" w - - 0 2 - spawn=R@h1"),
        "{}",
        q.to_fen()
    );
    assert_eq!(tokens(&q), sorted(&["h0", "i1"]));
}

// ---- Draw rules ---------------------------------------------------------------------------

#[test]
fn gho_56_bare_kings_draw_only_without_ghosts() {
    let bare = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -");
    assert_eq!(bare.terminal(), drawn(Reason::InsufficientMaterial));
    assert!(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Na0")
        .terminal()
        .is_none());
    // King and bishop against king is no draw here: the bishop can still become a ghost.
    assert!(pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1 -")
        .terminal()
        .is_none());
}

#[test]
fn gho_55_74_the_clock_counts_ghost_moves() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 98 60 Nz4,Pi5,qz6";
    // A quiet ghost knight move counts; the 100th ply draws.
    let p = after(fen, &["z4z3", "e8d8"]);
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(p.terminal(), drawn(Reason::FiftyMoveRule));
    // A ghost pawn move resets it, and so does a ghost taking a ghost.
    assert_eq!(after(fen, &["i5i6"]).halfmove_clock(), 0);
    assert_eq!(after(fen, &["z4z6"]).halfmove_clock(), 0);
}

#[test]
fn gho_54_threefold_repetition_counts_the_ghosts() {
    // Ghost knights shuffle along file z; the start position occurs a third time after 8 plies.
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nz4,nz6";
    let mut game = Game::new(pos(fen));
    let cycle = ["z4z3", "z6z7", "z3z4", "z7z6"];
    for t in cycle {
        game.play_token(t).unwrap();
    }
    assert_eq!(game.outcome(), None, "second occurrence only");
    for t in cycle {
        game.play_token(t).unwrap();
    }
    assert_eq!(game.outcome(), drawn(Reason::Repetition));
    // The ghosts are part of the position: same living pieces, ghosts elsewhere, another key.
    assert_ne!(
        pos(fen).hash(),
        pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Nz3,nz6").hash()
    );
    assert_ne!(
        pos(fen).hash(),
        pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 nz4,Nz6").hash()
    );
    // A position inside a turn (a decision pending) never equals one at a turn boundary.
    let inside = pos("4k3/8/8/3R4/8/8/8/4K3 b - - 0 1 Nz5 spawn=n@d5");
    let boundary = pos("4k3/8/8/3R4/8/8/8/4K3 b - - 0 1 Nz5");
    assert_ne!(inside.hash(), boundary.hash());
}

// ---- FEN and tokens -------------------------------------------------------------------------

#[test]
fn fen_round_trips() {
    for fen in [
        START_FEN,
        "r3k2r/pp1q1ppp/2n1bn2/3p4/3P4/2NB1N2/PP3PPP/R2Q1RK1 w kq - 0 12 Pd0,Bz3,pi5,bi6",
        "r1bqkb1r/pppp1ppp/5n2/3Pp3/8/8/PPP2PPP/RNBQKBNR b KQkq - 0 4 - spawn=n@d5",
        "r3k3/n7/8/8/8/8/8/4K3 w - - 0 30 rz6,Nz7 spawn=P@a7",
        "8/8/8/8/8/8/8/r3K3 b - - 0 1 -",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    // The 7th field may be left off; ghost order in the input does not matter.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").to_fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -"
    );
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 qi5,Rf0,pz3").to_fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Rf0,pz3,qi5"
    );
}

#[test]
fn bad_fens_are_rejected_with_a_reason() {
    type Check = fn(&FenError) -> bool;
    let ghosts: Check = |e| {
        matches!(
            e,
            FenError::Field {
                field: "ghosts",
                ..
            }
        )
    };
    let spawn: Check = |e| matches!(e, FenError::Field { field: "spawn", .. });
    let illegal: Check = |e| matches!(e, FenError::Illegal(_));
    let base = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1";
    for (fen, why, expected) in [
        (format!("{base} Re4"), "ghost on a board square", ghosts),
        (format!("{base} Ka0"), "ghost king (GHO-3)", ghosts),
        (
            format!("{base} Pz8"),
            "White ghost pawn on its last square",
            ghosts,
        ),
        (
            format!("{base} pi1"),
            "Black ghost pawn on its last square",
            ghosts,
        ),
        (format!("{base} Rz0"), "corner", ghosts),
        (
            format!("{base} Ra0,na0"),
            "two ghosts on one square",
            ghosts,
        ),
        (format!("{base} Xa0"), "bad code", ghosts),
        (format!("{base} Ra0,"), "empty list item", ghosts),
        (
            format!("{base} - spawn=n@d5"),
            "spawn of the side not to decide",
            spawn,
        ),
        (
            format!("{base} - spawn=N@z5"),
            "capture square off the board",
            spawn,
        ),
        (format!("{base} - spawn=K@e4"), "king spawn", spawn),
        (
            format!("{base} - spawn=N@b6"),
            "single option is no decision",
            illegal,
        ),
        (
            format!("{base} - spawn=N@e4 spawn=N@e4"),
            "key twice",
            spawn,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - spawn=P@a8".to_string(),
            "a pawn taken on rank 8 (no pawn stands there, GHO-20)",
            spawn,
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1 - spawn=p@h1".to_string(),
            "a pawn taken on rank 1 (no pawn stands there, GHO-20)",
            spawn,
        ),
        (
            "4k3/8/8/3R4/8/8/8/4K3 b - - 7 1 Nz5 spawn=n@d5".to_string(),
            "a spawn follows a capture, which reset the clock (GHO-55)",
            illegal,
        ),
        (format!("{base} - foo=1"), "unknown key", |e| {
            matches!(e, FenError::Field { field: "keys", .. })
        }),
        (format!("{base} - x"), "extra field", |e| {
            *e == FenError::FieldCount {
                min: 4,
                max: Some(7),
                found: 8,
            }
        }),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Qa0".to_string(),
            "17 White pieces",
            illegal,
        ),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1 -".to_string(),
            "Black has no king while White is to move (only the side to move may have lost it)",
            illegal,
        ),
        (
            "8/8/8/8/8/8/8/4K3 b - - 0 1 - spawn=n@d5".to_string(),
            "a spawn after the king is gone",
            illegal,
        ),
        (
            "4k3/8/8/8/8/8/8/8 b - - 0 1 -".to_string(),
            "a king missing for the side not to move",
            illegal,
        ),
    ] {
        let e = Ghost::from_fen(&fen, &()).expect_err(&fen);
        assert!(expected(&e), "{why}: {fen}: {e:?}");
    }
}

#[test]
fn decision_and_ghost_tokens_parse_only_where_they_belong() {
    let p = after(START_FEN, &["e2e4", "d7d5", "e4d5"]);
    let illegal = |token: &str| {
        Err(MoveError::Illegal {
            token: token.to_string(),
        })
    };
    for bad in ["e7e5", "z4", "d9q", "z5z6", "", "z0"] {
        assert_eq!(p.parse_move(bad), illegal(bad), "{bad}");
    }
    let q = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Pz7");
    assert_eq!(
        q.parse_move("z7z8"),
        illegal("z7z8"),
        "promotion letter required"
    );
    assert!(q.parse_move("z7z8q").is_ok());
    assert_eq!(q.parse_move("z8"), illegal("z8"), "no decision pending");
}

/// `d` draws the ring around the board (GHO-1): every ghost in the row of its rank and the
/// column of its file, files z and i beside the board, ranks 0 and 9 below and above it.
#[test]
fn the_board_picture_shows_the_ring() {
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 Qa9,ri8,Bz1,nh0,Pz5");
    let text = p.render();
    let lines: Vec<&str> = text.lines().collect();
    let footer = lines
        .iter()
        .find(|l| l.trim_start().starts_with("z   a"))
        .expect("file letters z..i");
    for (code, file, rank) in [
        ('Q', 'a', 9),
        ('r', 'i', 8),
        ('B', 'z', 1),
        ('n', 'h', 0),
        ('P', 'z', 5),
    ] {
        let column = footer.find(file).unwrap();
        let row = lines
            .iter()
            .find(|l| l.starts_with(&format!(" {rank} ")))
            .unwrap_or_else(|| panic!("no row {rank}:\n{text}"));
        assert_eq!(row.chars().nth(column), Some(code), "{file}{rank}:\n{text}");
    }
    // A pending decision is named with its options.
    let q = pos("r1bqkb1r/pppp1ppp/5n2/3Pp3/8/8/PPP2PPP/RNBQKBNR b KQkq - 0 4 - spawn=n@d5");
    let last = q.render().lines().last().unwrap().to_string();
    assert!(
        last.contains("d5") && last.contains("z5") && last.contains("d9"),
        "{last}"
    );
}

#[test]
fn bench_positions_are_valid_and_round_trip() {
    for fen in grimoire_engine::variants::ghost::BENCH {
        let p = pos(fen);
        assert_eq!(pos(&p.to_fen()), p, "{fen}");
        assert!(p.terminal().is_none(), "{fen}");
    }
}

#[test]
fn bench_positions_offer_no_king_capture_at_once() {
    for fen in grimoire_engine::variants::ghost::BENCH {
        let p = pos(fen);
        for mv in p.legal_moves() {
            let mut q = p.clone();
            q.play(mv);
            assert!(
                q.winner().is_none(),
                "{fen}: {} takes the king",
                p.format_move(mv)
            );
        }
    }
}
