//! ArchMage over UCI: the variant and its options (ARC-E1, ARC-E2) are offered, `d` shows the
//! 10x10 board with both hands, positions take switches and drops, options change the rules,
//! and bad option values are refused.

mod common;
use common::run_script;

const SELECT: &str = "setoption name UCI_Variant value archmage\n";

#[test]
fn handshake_offers_the_variant_and_its_options() {
    let out = run_script("uci\n");
    assert!(out.contains("var archmage"), "{out}");
    assert!(out.contains("option name PrinceDoubleStepLeap type check default false"));
    assert!(out.contains("option name SameTypeSwitch type check default true"));
}

#[test]
fn d_shows_the_board_and_both_hands_after_switches_and_drops() {
    // A Pawn double step each, the Sorceress d1 switches with the Mage g1, the Black Mage
    // leaps g10-e8, a White Buffalo move, and Black drops a Dragon Horse beside its Mage.
    let out = run_script(&format!(
        "{SELECT}position startpos moves e3e5 e8e6 d1g1 g10e8 c1b4 H@e7\nd\n"
    ));
    assert!(
        out.contains("Hand white: Dragon King 1, Dragon Horse 1"),
        "{out}"
    );
    assert!(
        out.contains("Hand black: Dragon King 1, Dragon Horse 0"),
        "{out}"
    );
    assert!(
        out.contains("a   b   c   d   e   f   g   h   i   j"),
        "{out}"
    );
    assert!(
        out.contains(
            "Fen: grusqk1urg/xbtfziftbx/ppppmppppp/4h5/4p5/4P5/1U8/PPPP1PPPPP/XBTFZIFTBX/GR1MQKSURG[DHd] w KQkq - 4 4"
        ),
        "{out}"
    );
}

#[test]
fn options_change_the_rules_and_bad_values_are_refused() {
    // With SameTypeSwitch off, a Mage-Mage switch is refused.
    let fen = "4k5/10/10/10/10/10/10/10/3M1M4/4K5[] w - - 0 1";
    let on = run_script(&format!("{SELECT}position fen {fen} moves d2f2\nd\n"));
    assert!(on.contains("Side to move: black"), "{on}");
    let off = run_script(&format!(
        "{SELECT}setoption name SameTypeSwitch value false\nposition fen {fen} moves d2f2\nd\n"
    ));
    assert!(off.contains("Side to move: white"), "{off}");
    let bad = run_script(&format!(
        "{SELECT}setoption name PrinceDoubleStepLeap value perhaps\nisready\n"
    ));
    assert!(bad.contains("readyok"), "{bad}");
    assert!(
        bad.contains("info string error: option PrinceDoubleStepLeap expects true or false"),
        "{bad}"
    );
}
