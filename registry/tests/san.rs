//! The readable texts the registry gives people (`docs/notation.md` §6): played moves, lines
//! from the current position, dice outcomes with their probabilities, and typed SAN read back.

use grimoire_registry::create;

fn line(variant: &str, moves: &[&str], pv: &[&str]) -> Vec<String> {
    let mut g = create(variant).unwrap();
    g.set_position(None, moves).unwrap();
    let pv: Vec<String> = pv.iter().map(|s| s.to_string()).collect();
    g.san_line(&pv)
}

#[test]
fn a_line_of_tokens_reads_as_san() {
    assert_eq!(
        line("chess", &[], &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]),
        ["e4", "e5", "Nf3", "Nc6", "Bb5"]
    );
    assert_eq!(
        line("chess", &["f2f3", "e7e5", "g2g4"], &["d8h4"]),
        ["Qh4#"]
    );
    // The line stops at the first token that is not legal.
    assert_eq!(line("chess", &[], &["e2e4", "e2e4"]), ["e4"]);
    // Ghost: the spawn decision (GHO-26).
    assert_eq!(
        line("ghost", &[], &["e2e4", "d7d5", "e4d5", "z5"]),
        ["e4", "d5", "exd5", "P@z5"]
    );
}

/// HOB-100: a pawn's move rolls; the outcomes are words with their probabilities, and they
/// add up to one.
#[test]
fn dice_outcomes_read_as_words_with_probabilities() {
    let mut g = create("hobgoblin").unwrap();
    g.set_position(None, &["i2=a2"]).unwrap();
    g.play_token("a2a4").unwrap();
    assert!(g.is_chance_node());
    let texts: Vec<String> = g
        .chance_outcomes()
        .into_iter()
        .map(|(t, _)| g.san_line(&[t]).pop().unwrap())
        .collect();
    // Two roll sites, 1 in 12 each (HOB-100); sets that destroy the same units are one
    // outcome (HOB-104).
    assert_eq!(
        texts,
        [
            "all survive: 121 in 144",
            "b3 explodes: 1 in 12",
            "a4 explodes: 11 in 144"
        ]
    );
    // PGN keeps the outcome's token; the move list reads the words.
    g.play_token("!a4").unwrap();
    assert_eq!(g.pgn_moves().last().map(String::as_str), Some("!a4"));
}

#[test]
fn typed_san_names_the_token() {
    let g = create("chess").unwrap();
    for (text, token) in [
        ("Nf3", "g1f3"),
        ("e4", "e2e4"),
        ("g1f3", "g1f3"),
        ("Nf3+", "g1f3"),
    ] {
        assert_eq!(g.pgn_move_token(text).as_deref(), Some(token), "{text}");
    }
    assert_eq!(g.pgn_move_token("Nf4"), None);
    let actions = g.legal_actions();
    assert!(actions.iter().any(|a| a.token == "g1f3" && a.san == "Nf3"));
    let mut a = create("archmage").unwrap();
    a.set_position(None, &[]).unwrap();
    assert_eq!(a.pgn_move_token("S<>Uc1").as_deref(), Some("d1c1"));
    let h = create("hobgoblin").unwrap();
    assert_eq!(h.pgn_move_token("Ng1-f3").as_deref(), Some("g1f3"));
}

/// The variants' PGN carries the readable texts, and they read back to the same game.
#[test]
fn variant_pgn_texts_read_back() {
    for (variant, moves) in [
        ("archmage", &["d1c1", "c10a7", "e3e5"][..]),
        ("ghost", &["e2e4", "d7d5", "e4d5", "z5", "g8f6"][..]),
        ("hobgoblin", &["i2=a2", "a2a4", "!a4", "g8f6"][..]),
        ("duggan", &["e2e4", "e7e5"][..]),
    ] {
        let mut g = create(variant).unwrap();
        g.set_position(None, moves).unwrap();
        let pgn = g.pgn_moves();
        let mut back = create(variant).unwrap();
        for text in &pgn {
            let token = back
                .pgn_move_token(text)
                .unwrap_or_else(|| panic!("{variant}: {text} of {pgn:?}"));
            back.play_token(&token).unwrap();
        }
        assert_eq!(back.fen(), g.fen(), "{variant}: {pgn:?}");
    }
}
