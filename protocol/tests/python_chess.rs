//! python-chess's `chess.engine` (a real UCI client that none of us wrote) opens the engine,
//! analyses and plays full games. Skipped when python3 or python-chess is not installed, except under CI
//! (`GRIMOIRE_REQUIRE_TOOLS`).

mod common;

use std::process::Command;

#[test]
fn python_chess_can_analyse_and_play_full_games() {
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
        return;
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/python_chess_check.py"
    );
    let (ok, text) = common::run_program("python3", &[script, env!("CARGO_BIN_EXE_grimoire"), "2"]);
    assert!(ok, "{text}");
    assert!(text.contains("python-chess check passed"), "{text}");
}
