//! Clock safety and memory of the real binary, in every registered variant (reliability issue):
//! `go movetime 50` answers within the time plus `Move Overhead`; short self-play at 1 s + 10 ms
//! loses no game on time; the resident size stays within `Hash` plus a fixed bound over a match
//! played like a GUI plays one; `setoption name Hash` resizes without leaking. The long runs
//! (200 games per variant, long matches) are commands in `docs/reliability.md`.

mod common;

use common::{Session, BIN};
use grimoire_registry::variant_names;
use std::process::Command;
use std::time::Instant;

/// What the engine may hold besides its hash table: code, the position stack, two search
/// threads' touched stacks, buffers (measured: about 8 MB for chess and Duggan).
const BOUND_MB: u64 = 48;

/// The tests here measure time and memory: they run one at a time, not beside each other.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

fn start(variant: &str) -> Session {
    let mut s = Session::start();
    s.send(&format!("setoption name UCI_Variant value {variant}"));
    s
}

fn ready(s: &mut Session) {
    s.send("isready");
    s.read_until("readyok");
}

/// `VmRSS` and `VmHWM` of the engine process, in KB.
fn memory_kb(s: &Session) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{}/status", s.child.id())).unwrap();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap()
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[test]
fn go_movetime_answers_within_the_time_plus_the_move_overhead() {
    let _alone = alone();
    const MOVETIME: u64 = 50;
    const OVERHEAD: u64 = 30;
    for variant in variant_names() {
        let mut s = start(variant);
        s.send(&format!("setoption name Move Overhead value {OVERHEAD}"));
        s.send("position startpos");
        let mut tokens: Vec<String> = Vec::new();
        let mut worst = 0u128;
        for ply in 0..12 {
            let line = format!("position startpos moves {}", tokens.join(" "));
            s.send(&line);
            ready(&mut s);
            // One retry forgives a single scheduling hiccup of a loaded machine.
            let mut took = u128::MAX;
            let mut best = String::new();
            for _ in 0..2 {
                let sent = Instant::now();
                s.send(&format!("go movetime {MOVETIME}"));
                let (b, _) = s.bestmove();
                took = sent.elapsed().as_millis();
                best = b;
                if took <= (MOVETIME + OVERHEAD) as u128 {
                    break;
                }
            }
            worst = worst.max(took);
            assert!(
                took <= (MOVETIME + OVERHEAD) as u128,
                "{variant} ply {ply}: go movetime {MOVETIME} took {took} ms"
            );
            if best == "(none)" {
                break;
            }
            tokens.push(best);
        }
        println!("{variant}: go movetime {MOVETIME}: slowest answer {worst} ms");
        s.quit();
    }
}

/// Two games at 1 s + 10 ms in `variant`: the match report.
fn two_bullet_games(variant: &str, seed: u64) -> String {
    let out = Command::new(BIN)
        .args([
            "selfplay",
            "--variant",
            variant,
            "--tc",
            "1+0.01",
            "--games",
            "2",
            "--concurrency",
            "1",
            "--max-plies",
            "160",
            "--seed",
            &seed.to_string(),
            "--quiet",
        ])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{variant}: {report}");
    report
}

#[test]
fn short_selfplay_at_one_second_plus_ten_ms_loses_no_game_on_time() {
    let _alone = alone();
    const CLEAN: &str = "Illegal moves: 0, time forfeits: 0, crashes: 0";
    for variant in variant_names() {
        let report = two_bullet_games(variant, 1);
        if report.contains(CLEAN) {
            continue;
        }
        // A loaded machine can stall one reply for longer than the reserve; a second pair
        // of games must then be clean (the time plan itself must never lose).
        assert!(
            report.contains("Illegal moves: 0,") && report.contains("crashes: 0"),
            "{variant}: {report}"
        );
        let again = two_bullet_games(variant, 2);
        assert!(again.contains(CLEAN), "{variant}: {report}\nthen\n{again}");
    }
}

/// Plays a game against itself the way a GUI drives an engine (the whole move list each
/// time), returning the peak resident size seen, in KB.
fn play_like_a_gui(s: &mut Session, plies: usize, nodes: u64) -> u64 {
    let mut tokens: Vec<String> = Vec::new();
    let mut peak = 0;
    s.send("ucinewgame");
    for _ in 0..plies {
        s.send(&format!("position startpos moves {}", tokens.join(" ")));
        s.send(&format!("go nodes {nodes}"));
        let (best, _) = s.bestmove();
        peak = peak.max(memory_kb(s).0);
        if best == "(none)" {
            break;
        }
        tokens.push(best);
    }
    peak
}

#[test]
fn resident_size_stays_within_hash_plus_a_bound_over_a_match() {
    let _alone = alone();
    let games: usize = std::env::var("GRIMOIRE_MEMORY_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(1);
    const HASH_MB: u64 = 32;
    for variant in variant_names() {
        let mut s = start(variant);
        s.send(&format!("setoption name Hash value {HASH_MB}"));
        s.send("setoption name Threads value 2");
        ready(&mut s);
        let mut peaks = Vec::new();
        for _ in 0..games {
            peaks.push(play_like_a_gui(&mut s, 120, 4_000));
        }
        let (rss, hwm) = memory_kb(&s);
        println!(
            "{variant}: {games} games at Hash {HASH_MB}: peak RSS per game {peaks:?} KB, \
             VmRSS {rss} KB, VmHWM {hwm} KB"
        );
        assert!(
            hwm <= (HASH_MB + BOUND_MB) * 1024,
            "{variant}: VmHWM {hwm} KB over Hash {HASH_MB} MB + {BOUND_MB} MB"
        );
        // No growth from game to game (a leak would show as a rising peak).
        if let (Some(first), Some(last)) = (peaks.first(), peaks.last()) {
            assert!(last <= &(first + 4 * 1024), "{variant}: {peaks:?}");
        }
        s.quit();
    }
}

#[test]
fn hash_resizes_release_the_old_table() {
    let _alone = alone();
    let mut s = Session::start();
    ready(&mut s);
    let (base, _) = memory_kb(&s);
    let mut after_small = Vec::new();
    for round in 0..6 {
        s.send("setoption name Hash value 256");
        s.send("position startpos");
        s.send("go nodes 20000");
        s.bestmove();
        let (big, _) = memory_kb(&s);
        assert!(
            big <= (256 + BOUND_MB) * 1024,
            "round {round}: {big} KB at Hash 256"
        );
        s.send("setoption name Hash value 1");
        s.send("go nodes 2000");
        s.bestmove();
        let (small, _) = memory_kb(&s);
        after_small.push(small);
    }
    let (rss, hwm) = memory_kb(&s);
    println!(
        "start {base} KB at Hash 16; after each 256 -> 1 resize {after_small:?} KB; \
         now {rss} KB, peak {hwm} KB"
    );
    // Back at 1 MB every time: the 256 MB tables were freed, and nothing accumulates.
    for small in &after_small {
        assert!(*small <= (1 + BOUND_MB) * 1024, "{after_small:?}");
    }
    assert!(
        after_small.last().unwrap() <= &(after_small[0] + 2 * 1024),
        "{after_small:?}"
    );
    // Never two big tables at once.
    assert!(hwm <= (256 + BOUND_MB) * 1024, "peak {hwm} KB");
    s.quit();
}
