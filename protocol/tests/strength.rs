//! A limited playing strength (`UCI_LimitStrength`, `UCI_Elo`, `Skill Level`,
//! `docs/strength.md`): offered to GUIs, applied in every variant by the same means, legal
//! moves always, and weaker play that is not random.

mod common;

use common::Session;
use grimoire_registry::Registry;

/// The `go depth N` search's deepest reported depth and its bestmove.
fn search(s: &mut Session, go: &str) -> (u32, String, Vec<String>) {
    s.send(go);
    let (best, lines) = s.bestmove();
    let depth = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .max()
        .unwrap_or(0);
    (depth, best, lines)
}

#[test]
fn the_strength_options_are_listed_like_stockfish_s() {
    let out = common::run_script("uci\nquit\n");
    common::assert_contains_all(
        &out,
        &[
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 2700 min 1100 max 2700",
            "option name Skill Level type spin default 20 min 0 max 20",
        ],
    );
}

#[test]
fn a_limited_strength_looks_less_far_and_weighs_four_lines_in_every_variant() {
    let registry = Registry::standard();
    for variant in registry.names() {
        let mut s = Session::start();
        s.send(&format!("setoption name UCI_Variant value {variant}"));
        s.send("setoption name Skill Level value 2");
        let legal = s.legal_moves();
        let (depth, best, lines) = search(&mut s, "go depth 20");
        // Level 2 searches to depth 1 + 2 whatever `go` asks.
        assert!(depth <= 3, "{variant}: depth {depth}: {lines:?}");
        assert!(legal.contains(&best), "{variant}: {best} not in {legal:?}");
        if legal.len() >= 4 {
            assert!(
                lines.iter().any(|l| l.contains(" multipv 4 ")),
                "{variant}: four lines weighed: {lines:?}"
            );
        }
        s.quit();
    }
}

#[test]
fn uci_elo_sets_the_level_only_with_limit_strength() {
    let mut s = Session::start();
    s.send("setoption name UCI_Elo value 1100");
    s.send("position startpos");
    let (full, _, _) = search(&mut s, "go depth 6");
    assert_eq!(full, 6, "UCI_Elo alone changes nothing");
    s.send("setoption name UCI_LimitStrength value true");
    let (weak, best, _) = search(&mut s, "go depth 6");
    assert!(weak < 6, "the weakest Elo looks less far: depth {weak}");
    assert!(s.legal_moves().contains(&best));
    s.send("setoption name UCI_LimitStrength value false");
    let (again, _, _) = search(&mut s, "go depth 6");
    assert_eq!(again, 6, "full strength again");
    s.quit();
}

#[test]
fn a_weak_level_varies_its_moves_but_keeps_its_material() {
    // After 1.e4 e5 2.Nf3 the weak level chooses among plausible replies: over several games
    // it does not always play the same one, and it never leaves the e5 pawn and the queen en
    // prise to a one-move capture that its four candidate lines all see.
    let mut replies = std::collections::BTreeSet::new();
    for _ in 0..8 {
        let mut s = Session::start();
        s.send("setoption name Skill Level value 1");
        s.send("position startpos moves e2e4 e7e5 g1f3");
        let (_, best, _) = search(&mut s, "go depth 10");
        replies.insert(best);
        s.quit();
    }
    assert!(replies.len() > 1, "one reply only: {replies:?}");
    assert!(
        !replies.contains("d8h4"),
        "the queen is not thrown away: {replies:?}"
    );
}

#[test]
fn bad_strength_values_are_refused_and_change_nothing() {
    let mut s = Session::start();
    let too_weak = "setoption name UCI_Elo value 600";
    let not_a_number = "setoption name Skill Level value lots";
    for bad in [too_weak, not_a_number] {
        s.send(bad);
        s.send("isready");
        let lines = s.read_until("readyok");
        assert!(
            lines.iter().any(|l| l.starts_with("info string error")),
            "{bad}: {lines:?}"
        );
    }
    s.send("position startpos");
    let (depth, _, _) = search(&mut s, "go depth 5");
    assert_eq!(depth, 5, "full strength kept");
    s.quit();
}
