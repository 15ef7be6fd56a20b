//! python-chess's `chess.engine` (a real UCI client that none of us wrote) opens the engine,
//! analyses and plays full games. Skipped when python3 or python-chess is not installed, except under CI
//! (`GRIMOIRE_REQUIRE_TOOLS`).

mod common;

use std::process::Command;

/// Whether python3 with python-chess runs here; under CI (`GRIMOIRE_REQUIRE_TOOLS`) it must.
fn python_chess_available() -> bool {
    let has_python_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_python_chess {
        assert!(
            std::env::var_os("GRIMOIRE_REQUIRE_TOOLS").is_none(),
            "python-chess is required here (GRIMOIRE_REQUIRE_TOOLS is set)"
        );
        eprintln!("skipped: python3 with python-chess is not installed (pip install chess)");
    }
    has_python_chess
}

/// Runs `scripts/<script>` with python-chess against the binary; it must print `marker`.
fn check_with_python_chess(script: &str, extra: &[&str], marker: &str) {
    if !python_chess_available() {
        return;
    }
    let path = format!("{}/../scripts/{script}", env!("CARGO_MANIFEST_DIR"));
    let mut args = vec![path.as_str(), env!("CARGO_BIN_EXE_grimoire")];
    args.extend(extra);
    let (ok, text) = common::run_program("python3", &args);
    assert!(ok, "{text}");
    assert!(text.contains(marker), "{text}");
}

#[test]
fn python_chess_can_analyse_and_play_full_games() {
    check_with_python_chess("python_chess_check.py", &["2"], "python-chess check passed");
}

/// Issue 16, points 1-3, through python-chess: `play` with `root_moves` (`go searchmoves`),
/// analysing after an unclaimed threefold repetition and at halfmove clock 100, and `go` after a
/// `position` with an illegal move (the moves before it stand).
#[test]
fn python_chess_gui_expectations_hold() {
    check_with_python_chess(
        "python_chess_gui_checks.py",
        &[],
        "python-chess GUI checks passed",
    );
}
