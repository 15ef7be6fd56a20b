//! The Eldritch setup commands (docs/protocol.md, "Eldritch setup"): declarations with clear
//! errors, Matched Sides, the proposal, and starting from the placement phase or the default
//! placement, after which `go` searches placements and `position fen` resumes.

mod common;
use common::{assert_contains_all, run_script};

#[test]
fn armies_are_declared_validated_and_started() {
    let out = run_script(
        "setoption name UCI_Variant value eldritch\n\
         eldritch army white *W:NN ^F:N\n\
         eldritch army white *W:NN *A:R\n\
         eldritch army black ^V:KQB *K:R\n\
         eldritch army black ^R:Q ^R:R\n\
         eldritch show\n\
         eldritch start default\n\
         d\n\
         eldritch start placement\n\
         go depth 2\n\
         eldritch matched *W:NN\n\
         eldritch propose white 2\n\
         eldritch bogus\n\
         quit\n",
    );
    // Each declaration's answer, the start position, the key of the types on the board (the
    // catalogue) and the placement phase's start.
    assert_contains_all(
        &out,
        &[
            "error: the bundles replace 3 N but the army has only 2",
            "eldritch army white *W:NN *A:R",
            "more than 24",
            "eldritch army black ^V:KQB *K:R",
            "Fen: rnb^v2n*k/pppppppp/8/8/8/8/PPPPPPPP/R*WBQKB*W*A w * - 0 1",
            "  *W  Dragon",
            "  ^V  Vampire (royal): N",
            "eldritch start 8/8/8/8/8/8/8/8 w - - 0 1 unplaced=K,Q,R,2B,8P,2*W:NN,*A:R,r,b,2n,8p,^v:KQB,*k:R",
        ],
    );
    let best = out
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .expect("a bestmove");
    assert!(best.contains('@'), "a placement is searched: {best}");
    assert_contains_all(
        &out,
        &[
            "error: Matched Sides needs 2, 4, 6 or 8 selections",
            "info string eldritch propose white ",
            "error: unknown eldritch command 'bogus'",
        ],
    );
}

#[test]
fn start_needs_the_eldritch_variant() {
    let out = run_script("eldritch start\nquit\n");
    assert_contains_all(
        &out,
        &["error: eldritch start needs setoption name UCI_Variant value eldritch"],
    );
}

/// `eldritch bundles` lists every bundle this build can declare, one line each, as
/// `eldritch bundle CODE:PIECES <count> <name>`; each of them is accepted by `eldritch army`.
#[test]
fn bundles_lists_what_can_be_declared() {
    let out = run_script("setoption name UCI_Variant value eldritch\neldritch bundles\nquit\n");
    let bundles: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("info string eldritch bundle "))
        .collect();
    assert!(bundles.len() > 20, "{out}");
    assert!(bundles.contains(&"*W:NN 2 Dragon"), "{out}");
    assert!(bundles.contains(&"^R:N 3 Gremlin"), "{out}");
    // Every type of the catalogue plays (issue 19), the last ones too.
    for code in ["*C:", "*M:", "*H:", "*D:", "^G:", "^H:"] {
        assert!(bundles.iter().any(|b| b.starts_with(code)), "{code}: {out}");
    }
    let mut script = String::from("setoption name UCI_Variant value eldritch\n");
    for b in &bundles {
        let code = b.split(' ').next().unwrap();
        script.push_str(&format!("eldritch army white {code}\n"));
    }
    script.push_str("quit\n");
    let out = run_script(&script);
    assert!(!out.contains("error"), "{out}");
}
