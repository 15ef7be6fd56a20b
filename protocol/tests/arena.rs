//! The arena end to end through the real binary: `grimoire selfplay` and `grimoire match`
//! play whole games, write PGN (read back by python-chess), positions and SVG files, and sum
//! results up; per-side options (`EvalFile`) change the play; an SPRT stops a lopsided match;
//! an engine that does not list the variant is refused before the first game, and a match with
//! an illegal move exits non-zero. (The last two use tiny fake engines written as shell
//! scripts, so they need no outside engine.)
//!
//! Tests that need python-chess or Debian's stockfish skip without them on a developer machine,
//! but fail under CI (`GRIMOIRE_REQUIRE_TOOLS=1`, set by `.ci/run`, which installs them).

mod common;

use common::{run_program, BIN};
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grimoire-arena-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn grimoire(args: &[&str]) -> (bool, String) {
    run_program(BIN, args)
}

/// The exit code and the output (stdout then stderr) of the binary.
fn grimoire_status(args: &[&str]) -> (Option<i32>, String) {
    common::run_status(BIN, args)
}

/// Writes a fake UCI engine as a shell script: it answers `uci` with `uci_lines` and `uciok`,
/// `isready` with `readyok`, and `go` with `bestmove <go_answer>` (nothing when `None`).
fn fake_engine(dir: &Path, name: &str, uci_lines: &[&str], go_answer: Option<&str>) -> PathBuf {
    let path = dir.join(name);
    let mut script = String::from("#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n");
    script.push_str("    uci)\n");
    for l in uci_lines {
        script.push_str(&format!("      echo '{l}'\n"));
    }
    script.push_str("      echo uciok ;;\n    isready) echo readyok ;;\n");
    if let Some(answer) = go_answer {
        script.push_str(&format!("    go*) echo 'bestmove {answer}' ;;\n"));
    }
    script.push_str("    quit) exit 0 ;;\n  esac\ndone\n");
    std::fs::write(&path, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

fn tool_available(program: &str, args: &[&str]) -> bool {
    let ok = Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok && std::env::var_os("GRIMOIRE_REQUIRE_TOOLS").is_some() {
        panic!("{program} is required here (GRIMOIRE_REQUIRE_TOOLS is set) but does not run");
    }
    if !ok {
        eprintln!("skipped: {program} is not available");
    }
    ok
}

fn python_chess() -> bool {
    tool_available("python3", &["-c", "import chess.pgn"])
}

/// Checks a PGN file with python-chess (`scripts/pgn_check.py`).
fn pgn_reads_back(pgn: &Path, games: usize) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/pgn_check.py");
    let games_text = games.to_string();
    let (ok, text) = run_program("python3", &[script, pgn.to_str().unwrap(), &games_text]);
    assert!(ok, "{text}");
    assert!(
        text.contains(&format!("pgn check passed: {games} games")),
        "{text}"
    );
}

/// The numbers of a report's total line: wins, draws, losses.
fn totals(report: &str) -> (u32, u32, u32) {
    let line = report
        .lines()
        .find(|l| l.starts_with("total"))
        .unwrap_or_else(|| panic!("no total line in:\n{report}"));
    let n: Vec<u32> = line
        .split_whitespace()
        .skip(1)
        .take(3)
        .map(|w| w.parse().unwrap())
        .collect();
    (n[0], n[1], n[2])
}

#[test]
fn selfplay_plays_legal_games_and_writes_pgn_positions_and_pictures() {
    let dir = scratch("selfplay");
    let pgn = dir.join("games.pgn");
    let positions = dir.join("positions.txt");
    let svg = dir.join("final-{n}.svg");
    let (ok, report) = grimoire(&[
        "selfplay",
        "--variant",
        "chess",
        "--games",
        "12",
        "--depth",
        "2",
        "--concurrency",
        "2",
        "--openings",
        "random:6",
        "--seed",
        "5",
        "--pgn",
        pgn.to_str().unwrap(),
        "--positions",
        positions.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(ok, "{report}");
    assert!(report.contains("12 games of 12"), "{report}");
    assert!(
        report.contains("Illegal moves: 0, time forfeits: 0, crashes: 0"),
        "{report}"
    );
    let (w, d, l) = totals(&report);
    assert_eq!(w + d + l, 12);
    assert!(report.contains("Elo difference"), "{report}");
    assert!(report.contains("(95%, pentanomial, 6 pairs)"), "{report}");
    let ptnml: u32 = report
        .lines()
        .find_map(|l| l.strip_prefix("Ptnml(0-2): "))
        .unwrap_or_else(|| panic!("no Ptnml line in:\n{report}"))
        .split(", ")
        .map(|n| n.parse::<u32>().unwrap())
        .sum();
    assert_eq!(ptnml, 6, "{report}");
    assert_eq!(
        report.lines().last(),
        Some("Match valid: no rule infractions")
    );

    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event ").count(), 12);
    assert_eq!(text.matches("[Variant \"chess\"]").count(), 12);
    // Each opening is played from both sides: rounds 1 and 2 swap the players.
    let whites: Vec<&str> = text.lines().filter(|l| l.starts_with("[White ")).collect();
    assert_ne!(whites[0], whites[1]);

    // Every position line parses as a FEN of the variant, with White's points.
    let lines = std::fs::read_to_string(&positions).unwrap();
    assert!(lines.lines().count() > 12 * 10);
    let mut game = grimoire_registry::create("chess").unwrap();
    for line in lines.lines().take(200) {
        let (fen, points) = line.split_once(" | ").unwrap();
        assert!(["1", "0", "0.5"].contains(&points), "{line}");
        game.set_position(Some(fen), &[]).unwrap();
    }
    for n in 1..=12 {
        let picture = std::fs::read_to_string(dir.join(format!("final-{n}.svg"))).unwrap();
        assert!(
            picture.starts_with("<svg") || picture.contains("<svg"),
            "game {n}"
        );
        assert!(picture.contains(&format!("Game {n}:")), "game {n}");
    }
    if python_chess() {
        pgn_reads_back(&pgn, 12);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_is_replayable_from_its_seed() {
    let dir = scratch("replay");
    let run = |name: &str| {
        let pgn = dir.join(name);
        let (ok, report) = grimoire(&[
            "selfplay",
            "--games",
            "4",
            "--nodes",
            "300",
            "--seed",
            "9",
            "--pgn",
            pgn.to_str().unwrap(),
            "--quiet",
        ]);
        assert!(ok, "{report}");
        // Dates aside, the files are the same.
        std::fs::read_to_string(&pgn)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("[Date"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(run("a.pgn"), run("b.pgn"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn per_side_eval_files_change_the_play_and_an_sprt_stops_a_lopsided_match() {
    let dir = scratch("sprt");
    // A parameter file that values every piece at zero: that side plays without material sense.
    let mut params = grimoire_eval::EvalParams::chess();
    for kind in ["pawn", "knight", "bishop", "rook", "queen"] {
        params.set(&format!("material_{kind}"), 0, 0).unwrap();
    }
    let broken = dir.join("no-material.txt");
    std::fs::write(&broken, params.to_text()).unwrap();
    let first = format!("EvalFile={}", broken.display());
    let (ok, report) = grimoire(&[
        "selfplay",
        "--games",
        "60",
        "--depth",
        "3",
        "--concurrency",
        "2",
        "--first",
        &first,
        "--sprt",
        "elo0=-50,elo1=0",
        "--max-plies",
        "300",
        "--quiet",
    ]);
    assert!(ok, "{report}");
    let (w, d, l) = totals(&report);
    assert!(
        l > 3 * (w + 1),
        "the materialless side should lose: {report}"
    );
    assert!(report.contains("H0 accepted"), "{report}");
    assert!(w + d + l < 60, "the SPRT should stop early: {report}");

    // A bad file is a setup error with a clear message, not a silent default.
    let (ok, report) = grimoire(&[
        "selfplay",
        "--games",
        "2",
        "--depth",
        "1",
        "--first",
        "EvalFile=/no/such/file",
        "--quiet",
    ]);
    assert!(!ok);
    assert!(report.contains("EvalFile"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arena_arguments_are_errors_not_crashes() {
    for args in [
        vec!["selfplay", "--variant", "nonesuch", "--depth", "1"],
        vec!["selfplay", "--tc", "fast", "--games", "1"],
        vec!["selfplay", "--depth", "1", "--openings", "/no/such/book"],
        vec!["selfplay", "--depth", "1", "--sprt", "elo0=5,elo1=0"],
        vec!["selfplay", "--depth", "1", "--option", "Hash"],
        vec![
            "match",
            "--engine",
            "/no/such/engine",
            "--engine",
            BIN,
            "--depth",
            "1",
        ],
        vec!["match", "--engine", BIN, "--depth", "1"],
    ] {
        let (ok, text) = grimoire(&args);
        assert!(!ok, "{args:?} should fail");
        assert!(text.contains("error"), "{args:?}: {text}");
        assert!(!text.contains("panicked"), "{args:?}: {text}");
    }
}

#[test]
fn positions_can_be_labelled_by_the_movers_search() {
    // White mates in one (Qh5xf7#): whoever plays White finds the mate, so both games' only
    // decided position carries the search's mate score (100000 less one ply, White's view)
    // and the result 1.
    let dir = scratch("labels");
    let book = dir.join("book.txt");
    let mate = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    std::fs::write(&book, format!("fen {mate}\n")).unwrap();
    for (labels, expected) in [("search", "99999 | 1"), ("result", "1")] {
        let positions = dir.join(format!("{labels}.txt"));
        let (ok, report) = grimoire(&[
            "selfplay",
            "--games",
            "2",
            "--depth",
            "3",
            "--openings",
            book.to_str().unwrap(),
            "--positions",
            positions.to_str().unwrap(),
            "--position-labels",
            labels,
            "--quiet",
        ]);
        assert!(ok, "{report}");
        let text = std::fs::read_to_string(&positions).unwrap();
        let expected_line = format!("{mate} | {expected}");
        assert_eq!(text.lines().collect::<Vec<_>>(), [&expected_line; 2]);
    }
    // Longer games: every line has a score and a result, and the scores vary.
    let positions = dir.join("game.txt");
    let (ok, report) = grimoire(&[
        "selfplay",
        "--games",
        "2",
        "--depth",
        "2",
        "--openings",
        "random:4",
        "--positions",
        positions.to_str().unwrap(),
        "--position-labels",
        "search",
        "--quiet",
    ]);
    assert!(ok, "{report}");
    let text = std::fs::read_to_string(&positions).unwrap();
    assert!(text.lines().count() > 20);
    let mut scores = std::collections::BTreeSet::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "{line}");
        scores.insert(fields[1].parse::<i32>().unwrap());
        assert!(["1", "0", "0.5"].contains(&fields[2]), "{line}");
    }
    assert!(scores.len() > 5, "{scores:?}");
    let (ok, text) = grimoire(&["selfplay", "--depth", "1", "--position-labels", "eval"]);
    assert!(!ok && text.contains("unknown position label"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn opening_books_are_played_from_both_sides() {
    let dir = scratch("book");
    let book = dir.join("book.txt");
    std::fs::write(
        &book,
        "# two lines\nstartpos moves e2e4 c7c5\nfen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n",
    )
    .unwrap();
    let pgn = dir.join("book.pgn");
    let (ok, report) = grimoire(&[
        "selfplay",
        "--games",
        "4",
        "--depth",
        "2",
        "--openings",
        book.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(ok, "{report}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    // Games 1-2 start with the Sicilian from the start position; 3-4 from the FEN.
    assert_eq!(text.matches("1. e4 c5").count(), 2, "{text}");
    assert_eq!(text.matches("[SetUp \"1\"]").count(), 2);
    assert_eq!(
        text.matches("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]")
            .count(),
        2
    );
    if python_chess() {
        pgn_reads_back(&pgn, 4);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_against_stockfish_at_a_short_time_control() {
    let stockfish = "/usr/games/stockfish";
    if !tool_available(stockfish, &["quit"]) || !python_chess() {
        return;
    }
    let dir = scratch("stockfish");
    let pgn = dir.join("stockfish.pgn");
    let (ok, report) = grimoire(&[
        "match",
        "--engine",
        stockfish,
        "--engine",
        BIN,
        "--variant",
        "chess",
        "--games",
        "20",
        "--tc",
        "1+0.01",
        "--concurrency",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(ok, "{report}");
    assert!(report.contains("20 games of 20"), "{report}");
    assert!(
        report.contains("Illegal moves: 0,") && report.contains(", crashes: 0"),
        "{report}"
    );
    // Grimoire never loses on time. (On a heavily loaded machine Stockfish itself sometimes
    // does at 1+0.01; that is not ours to count.)
    let text = std::fs::read_to_string(&pgn).unwrap();
    for game in text.split("[Event ").skip(1) {
        let tag = |name: &str| {
            let start = game.find(&format!("[{name} \"")).unwrap() + name.len() + 3;
            game[start..].split('"').next().unwrap().to_string()
        };
        for (colour, seat) in [("White", "White"), ("Black", "Black")] {
            if game.contains(&format!("{{{colour} loses on time")) {
                assert_ne!(tag(seat), "grimoire", "Grimoire lost on time:\n{game}");
            }
        }
    }
    pgn_reads_back(&pgn, 20);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every registered variant plays whole self-play games without an illegal move or a crash,
/// and its PGN records the variant and its tokens. (The 200-game runs are in the closing
/// notes; CI plays a few games per variant.)
#[test]
fn every_variant_plays_legal_selfplay_games() {
    let dir = scratch("variants");
    for variant in grimoire_registry::variant_names() {
        let pgn = dir.join(format!("{variant}.pgn"));
        // A Hobgoblin turn has about 2,000 options (link steps times moves), so a fixed depth
        // does not fit it: a small node budget per action instead.
        let (limit, value) = if variant == "hobgoblin" {
            ("--nodes", "150")
        } else {
            ("--depth", "2")
        };
        let (ok, report) = grimoire(&[
            "selfplay",
            "--variant",
            variant,
            "--games",
            "6",
            limit,
            value,
            "--concurrency",
            "2",
            "--pgn",
            pgn.to_str().unwrap(),
            "--quiet",
        ]);
        assert!(ok, "{variant}: {report}");
        assert!(report.contains("6 games of 6"), "{variant}: {report}");
        assert!(
            report.contains("Illegal moves: 0, time forfeits: 0, crashes: 0"),
            "{variant}: {report}"
        );
        let text = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(
            text.matches(&format!("[Variant \"{variant}\"]")).count(),
            6,
            "{variant}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_deeper_search_beats_a_handicapped_one() {
    let (ok, report) = grimoire(&[
        "selfplay",
        "--games",
        "10",
        "--depth",
        "3",
        "--second-depth",
        "1",
        "--concurrency",
        "2",
        "--quiet",
    ]);
    assert!(ok, "{report}");
    assert!(
        report.contains("depth 3 for grimoire-1, depth 1 for grimoire-2"),
        "{report}"
    );
    let (w, d, l) = totals(&report);
    assert!(
        2 * w + d >= 14,
        "depth 3 should score at least 70% against depth 1: {report}"
    );
    assert!(l <= 2, "{report}");
}

#[test]
fn an_engine_without_the_variant_is_refused_before_the_first_game() {
    let dir = scratch("refuse");
    // A Fairy-Stockfish look-alike that lists chess and crazyhouse, and a standard chess
    // engine without UCI_Variant (like Debian's stockfish). Neither plays a move.
    let fairy = fake_engine(
        &dir,
        "fairy.sh",
        &[
            "id name FakeFairy",
            "option name UCI_Variant type combo default chess var chess var crazyhouse",
        ],
        None,
    );
    let plain = fake_engine(&dir, "plain.sh", &["id name PlainChess"], None);
    for (engine, label, listed) in [
        (&fairy, "fairy.sh", "its variants: chess, crazyhouse"),
        (&plain, "plain.sh", "its variants: chess only"),
    ] {
        // As the first engine and as the second: the refusal names the one that lacks it.
        for first in [true, false] {
            let pgn = dir.join(format!("{label}-{first}.pgn"));
            let engine = engine.to_str().unwrap();
            let (a, b) = if first { (engine, BIN) } else { (BIN, engine) };
            let (code, text) = grimoire_status(&[
                "match",
                "--engine",
                a,
                "--engine",
                b,
                "--variant",
                "archmage",
                "--games",
                "2",
                "--depth",
                "1",
                "--pgn",
                pgn.to_str().unwrap(),
                "--quiet",
            ]);
            assert_eq!(code, Some(2), "{text}");
            assert!(text.contains("error"), "{text}");
            assert!(
                text.contains(&format!("engine '{label}'")),
                "the error names the engine: {text}"
            );
            assert!(
                text.contains("does not play the variant 'archmage'"),
                "{text}"
            );
            assert!(text.contains(listed), "{text}");
            // Refused before the first game: no report, no PGN file at all.
            assert!(!text.contains("games of"), "{text}");
            assert!(!pgn.exists(), "no game may be written");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn illegal_moves_make_the_match_invalid_and_exit_non_zero() {
    let dir = scratch("infraction");
    // Lists chess, then answers every `go` with a move that is never legal.
    let cheat = fake_engine(
        &dir,
        "cheat.sh",
        &[
            "id name Cheat",
            "option name UCI_Variant type combo default chess var chess",
        ],
        Some("a1a1"),
    );
    let pgn = dir.join("cheat.pgn");
    let (code, report) = grimoire_status(&[
        "match",
        "--engine",
        BIN,
        "--engine",
        cheat.to_str().unwrap(),
        "--variant",
        "chess",
        "--games",
        "4",
        "--depth",
        "1",
        "--openings",
        "startpos",
        "--pgn",
        pgn.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("4 games of 4"), "{report}");
    assert_eq!(totals(&report), (4, 0, 0));
    assert!(
        report.contains("Illegal moves: 4, time forfeits: 0, crashes: 0"),
        "{report}"
    );
    // A 4–0 sweep in two pairs: both WW, a finite Elo and a bounded interval.
    assert!(report.contains("Ptnml(0-2): 0, 0, 0, 0, 2"), "{report}");
    assert!(
        report.contains("+338.0, interval -113.4 to +338.0 (95%, pentanomial, 2 pairs)"),
        "{report}"
    );
    for bad in ["+inf", "-inf", "NaN"] {
        assert!(!report.contains(bad), "{report}");
    }
    let last = report.lines().last().unwrap();
    assert_eq!(
        last,
        "Match INVALID: 4 games ended in a rule infraction (grimoire 0, cheat.sh 4); exit status 1"
    );
    // The games are in the PGN as before.
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Termination \"rules infraction\"]").count(),
        4
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game of a PGN file: its tags (name, value) and its movetext tokens.
type PgnGame = (Vec<(String, String)>, Vec<String>);

/// The games of a PGN file (move numbers, comments and results left out of the tokens).
fn pgn_games(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    let mut in_moves = false;
    for line in text.lines() {
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves {
                games.push((std::mem::take(&mut tags), std::mem::take(&mut moves)));
                in_moves = false;
            }
            let (name, value) = tag.trim_end_matches(']').split_once(' ').unwrap();
            tags.push((name.to_string(), value.trim_matches('"').to_string()));
            continue;
        }
        let mut comment = false;
        for word in line.split_whitespace() {
            in_moves = true;
            if word.starts_with('{') {
                comment = true;
            }
            if comment {
                comment = !word.ends_with('}');
                continue;
            }
            let is_number = word
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit());
            if is_number || ["1-0", "0-1", "1/2-1/2", "*"].contains(&word) {
                continue;
            }
            moves.push(word.to_string());
        }
    }
    if in_moves {
        games.push((tags, moves));
    }
    games
}

/// Six seeded Hobgoblin self-play games of 150 nodes a move (seed 18), written to `pgn`, with
/// `extra` arguments; returns the PGN text.
fn hobgoblin_selfplay_pgn(pgn: &std::path::Path, extra: &[&str]) -> String {
    let mut args = vec![
        "selfplay",
        "--variant",
        "hobgoblin",
        "--games",
        "6",
        "--nodes",
        "150",
        "--seed",
        "18",
        "--max-plies",
        "120",
        "--pgn",
        pgn.to_str().unwrap(),
        "--quiet",
    ];
    args.extend_from_slice(extra);
    let (ok, report) = grimoire(&args);
    assert!(ok, "{report}");
    std::fs::read_to_string(pgn).unwrap()
}

/// Issue 18: Hobgoblin self-play rolls the dice with the seeded generator, writes every
/// outcome token (`!sites`, `!-`) and the seed (`DiceSeed`) into the PGN, replays exactly from
/// its seed, and each game replays from its PGN: every action legal in turn, the same result.
#[test]
fn hobgoblin_selfplay_rolls_dice_and_replays_from_its_pgn() {
    let dir = scratch("dice");
    let run = |name: &str| hobgoblin_selfplay_pgn(&dir.join(name), &[]);
    let first = run("a.pgn");
    let without_dates = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("[Date"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(without_dates(&first), without_dates(&run("b.pgn")));
    let games = pgn_games(&first);
    assert_eq!(games.len(), 6);
    let mut outcomes = 0;
    for (tags, moves) in &games {
        let tag = |name: &str| tags.iter().find(|t| t.0 == name).map(|t| t.1.clone());
        let mut game = grimoire_registry::create("hobgoblin").unwrap();
        let fen = tag("FEN");
        game.set_position(fen.as_deref(), &[]).unwrap();
        for text in moves {
            // The movetext is the readable text (notation §6.7), read back to the token.
            let token = game
                .pgn_move_token(text)
                .unwrap_or_else(|| panic!("{text} is not an action here"));
            game.play_token(&token)
                .unwrap_or_else(|e| panic!("{text} ({token}) does not replay: {e}"));
            outcomes += token.starts_with('!') as usize;
        }
        if moves.iter().any(|m| m.starts_with('!')) {
            assert!(tag("DiceSeed").is_some(), "{tags:?}");
        }
        if tag("Termination").as_deref() == Some("normal") {
            let outcome = game.outcome().expect("a finished game");
            assert_eq!(Some(outcome.result_token().to_string()), tag("Result"));
        }
    }
    assert!(outcomes > 0, "no dice were rolled in six games");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--pair-dice`: both games of a colour-swapped pair roll from one seed, so one engine against
/// itself plays the same game with either colour (the pair scores 1–1) and the dice cannot
/// decide a pair between engines that play alike. Without it each game rolls its own dice.
#[test]
fn paired_dice_give_one_engine_the_same_game_with_either_colour() {
    let dir = scratch("pair-dice");
    let run = |name: &str, paired: bool| {
        let extra: &[&str] = if paired { &["--pair-dice"] } else { &[] };
        let mut games = pgn_games(&hobgoblin_selfplay_pgn(&dir.join(name), extra));
        let round = |tags: &[(String, String)]| -> usize {
            tags.iter()
                .find(|t| t.0 == "Round")
                .unwrap()
                .1
                .parse()
                .unwrap()
        };
        games.sort_by_key(|(tags, _)| round(tags));
        assert_eq!(games.len(), 6);
        games
    };
    let result =
        |tags: &[(String, String)]| tags.iter().find(|t| t.0 == "Result").unwrap().1.clone();
    let paired = run("paired.pgn", true);
    for pair in paired.chunks(2) {
        assert_eq!(
            pair[0].1, pair[1].1,
            "one engine, one pair's dice: the same moves"
        );
        assert_eq!(result(&pair[0].0), result(&pair[1].0));
    }
    assert!(
        paired
            .iter()
            .any(|(_, moves)| moves.iter().any(|m| m.starts_with('!'))),
        "no dice were rolled"
    );
    let unpaired = run("unpaired.pgn", false);
    assert!(
        unpaired.chunks(2).any(|pair| pair[0].1 != pair[1].1),
        "without --pair-dice each game of a pair rolls its own dice"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
