//! Readable notation (`docs/notation.md` §6): chess SAN as PGN writes it, and each variant's
//! SAN-like text: distinct for every legal action of many positions, read back to the same
//! action, tokens still accepted, and examples of each special action.

use grimoire_engine::prelude::*;
use grimoire_engine::variants::archmage::ArchMage;
use grimoire_engine::variants::chess::Chess;
use grimoire_engine::variants::duggan::Duggan;
use grimoire_engine::variants::eldritch::Eldritch;
use grimoire_engine::variants::ghost::Ghost;
use grimoire_engine::variants::hobgoblin::Hobgoblin;
use std::collections::HashSet;

/// A small deterministic generator for the random walks.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Every legal action of `pos` has its own text, and the text (and the token) reads back.
fn check_position<R: Rules>(pos: &R) {
    let all = pos.format_san_all();
    let mut seen = HashSet::new();
    for (m, text) in &all {
        assert!(
            seen.insert(text.clone()),
            "{}: two actions read '{text}' in {}",
            R::NAME,
            pos.to_fen()
        );
        assert_eq!(&pos.format_san(*m), text, "{}", pos.to_fen());
        assert!(!text.contains(char::is_whitespace) || m.kind() == MoveKind::Chance);
        assert_eq!(
            pos.parse_san(text).ok(),
            Some(*m),
            "{text} in {}",
            pos.to_fen()
        );
        let token = pos.format_move(*m);
        assert_eq!(
            pos.parse_san(&token).ok(),
            Some(*m),
            "{token} in {}",
            pos.to_fen()
        );
    }
}

/// Random games from `fens`, every position checked.
fn random_walks<R: Rules>(fens: &[&str], options: &R::Options, plies: usize, seed: u64) {
    let mut rng = Lcg(seed);
    for fen in fens {
        let mut pos = R::from_fen(fen, options).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for _ in 0..plies {
            check_position(&pos);
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            let m = list[rng.below(list.len())];
            pos.play(m);
        }
    }
}

fn san<R: Rules>(pos: &R, token: &str) -> String {
    let m = pos
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token}: {e}"));
    pos.format_san(m)
}

fn chess(fen: &str) -> Chess {
    Chess::from_fen(fen, &()).unwrap()
}

#[test]
fn chess_san_disambiguates_promotes_castles_and_marks_checks() {
    let start = Chess::start_position(&());
    assert_eq!(san(&start, "g1f3"), "Nf3");
    assert_eq!(san(&start, "e2e4"), "e4");
    // Knights on b1 and f3 both reach d2: the file; rooks on one file: the rank; three queens:
    // the square; en passant; promotions, one with check.
    let cases = [
        ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"),
        ("4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2", "R1a2"),
        ("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6"),
        ("8/1P2k3/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q"),
        ("3k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8r", "b8=R+"),
    ];
    for (fen, token, text) in cases {
        assert_eq!(san(&chess(fen), token), text, "{fen}: {token}");
    }
    let castles = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san(&castles, "e1g1"), "O-O");
    assert_eq!(san(&castles, "e1c1"), "O-O-O");
    let mate = chess("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    assert_eq!(san(&mate, "d8h4"), "Qh4#");
    // Read back: SAN, forgiven marks and zeros, and the tokens.
    for (text, token) in [
        ("Nf3", "g1f3"),
        ("e4", "e2e4"),
        ("Nf3+", "g1f3"),
        ("Nf3!?", "g1f3"),
        ("g1f3", "g1f3"),
    ] {
        assert_eq!(start.format_move(start.parse_san(text).unwrap()), token);
    }
    assert_eq!(
        castles.format_move(castles.parse_san("0-0-0").unwrap()),
        "e1c1"
    );
    assert!(start.parse_san("Nf4").is_err());
    assert!(start.parse_san("e5").is_err());
}

/// Chess SAN against python-chess, where it is installed: every legal move of positions
/// from random games.
#[test]
fn chess_san_agrees_with_python_chess() {
    let ok = std::process::Command::new("python3")
        .args(["-c", "import chess"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!("python-chess not installed: skipped");
        return;
    }
    let mut rng = Lcg(51);
    let mut input = String::new();
    let mut ours = Vec::new();
    for _ in 0..12 {
        let mut pos = Chess::start_position(&());
        for _ in 0..60 {
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            for &m in list.iter() {
                input.push_str(&format!("{}|{}\n", pos.to_fen(), pos.format_move(m)));
                ours.push(pos.format_san(m));
            }
            pos.play(list[rng.below(list.len())]);
        }
    }
    let script = "import sys, chess\nfor line in sys.stdin:\n    fen, uci = line.strip().split('|')\n    b = chess.Board(fen)\n    print(b.san(chess.Move.from_uci(uci)))\n";
    let mut child = std::process::Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    // Written from a thread: python answers while it reads, and a full pipe would stall both.
    let mut stdin = child.stdin.take().unwrap();
    let feed = input.clone();
    let writer = std::thread::spawn(move || stdin.write_all(feed.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let theirs: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(theirs.len(), ours.len());
    let lines: Vec<&str> = input.lines().collect();
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(a, b, "{}", lines[i]);
    }
}

#[test]
fn chess_every_legal_move_has_its_own_san() {
    random_walks::<Chess>(grimoire_engine::variants::chess::BENCH, &(), 40, 1);
}

/// ArchMage: piece letters of ARC-6, promotions `=A` (ARC-48), switches `U<>Nf3` (ARC-51),
/// drops `D@e5` (ARC-61), castling `O-O` on the i-side (ARC-70).
#[test]
fn archmage_san_like_text() {
    let o = Default::default();
    random_walks::<ArchMage>(grimoire_engine::variants::archmage::BENCH, &o, 30, 2);
    let start = ArchMage::start_position(&o);
    let texts: Vec<String> = start.format_san_all().into_iter().map(|(_, t)| t).collect();
    let tokens: Vec<String> = start
        .legal_moves()
        .iter()
        .map(|&m| start.format_move(m))
        .collect();
    for (t, k) in texts.iter().zip(&tokens) {
        eprintln!("{k} -> {t}");
    }
}

/// Duggan: letters of DUG-2, the Mercenary as the pawn (DUG-23 `=A`).
#[test]
fn duggan_san_like_text() {
    let o = Default::default();
    random_walks::<Duggan>(grimoire_engine::variants::duggan::BENCH, &o, 40, 3);
    let start = Duggan::start_position(&o);
    for (m, t) in start.format_san_all() {
        eprintln!("{} -> {t}", start.format_move(m));
    }
}

/// Ghost: ghost moves by frame squares (GHO-4), spawns `N@z5` (GHO-26), `P@z8=Q` (GHO-45).
#[test]
fn ghost_san_like_text() {
    random_walks::<Ghost>(grimoire_engine::variants::ghost::BENCH, &(), 40, 4);
    let mut pos = Ghost::start_position(&());
    for t in ["e2e4", "d7d5", "e4d5"] {
        let m = pos.parse_move(t).unwrap();
        pos.play(m);
    }
    for (m, t) in pos.format_san_all() {
        eprintln!("{} -> {t}", pos.format_move(m));
    }
}

#[test]
fn eldritch_san_like_text() {
    let o = Default::default();
    random_walks::<Eldritch>(grimoire_engine::variants::eldritch::BENCH, &o, 30, 5);
    let pos = Eldritch::from_fen(grimoire_engine::variants::eldritch::BENCH[0], &o).unwrap();
    for (m, t) in pos.format_san_all() {
        eprintln!("{} -> {t}", pos.format_move(m));
    }
}

#[test]
fn hobgoblin_san_like_text() {
    let o = Default::default();
    let mut rng = Lcg(6);
    for fen in grimoire_engine::variants::hobgoblin::BENCH {
        let mut pos = Hobgoblin::from_fen(fen, &o).unwrap();
        for _ in 0..20 {
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            let mut seen = HashSet::new();
            for i in 0..list.len().min(150) {
                let m = list[rng.below(list.len())];
                let _ = i;
                let text = pos.format_san(m);
                assert_eq!(
                    pos.parse_san(&text).ok(),
                    Some(m),
                    "{text} in {}",
                    pos.to_fen()
                );
                seen.insert((m, text));
            }
            let texts: HashSet<&String> = seen.iter().map(|(_, t)| t).collect();
            assert_eq!(texts.len(), seen.len());
            let m = list[rng.below(list.len())];
            eprintln!("{} -> {}", pos.format_move(m), pos.format_san(m));
            pos.play(m);
        }
    }
}

/// The text of `token` in `fen` is `text`, and `text` reads back to the token.
fn example<R: Rules>(fen: &str, options: &R::Options, token: &str, text: &str) {
    let pos = R::from_fen(fen, options).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(san(&pos, token), text, "{fen}");
    let back = pos
        .parse_san(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(pos.format_move(back), token, "{fen}");
}

/// One example per special action of each variant.
#[test]
fn examples_of_each_special_action() {
    use grimoire_engine::variants::{archmage, eldritch, hobgoblin};
    let a = Default::default();
    let am_start = ArchMage::start_position(&a).to_fen();
    // ARC-6 letters, ARC-51 switches, ARC-61 drops.
    example::<ArchMage>(&am_start, &a, "c1a4", "Ua4");
    example::<ArchMage>(&am_start, &a, "d1c1", "S<>Uc1");
    example::<ArchMage>(&am_start, &a, "g1f3", "M<>Pf3");
    example::<ArchMage>(archmage::BENCH[1], &a, "D@c1", "D@c1");
    // DUG-2 letters; the Mercenary is the pawn.
    let d = Default::default();
    let dug = Duggan::start_position(&d).to_fen();
    example::<Duggan>(&dug, &d, "e2e4", "e4");
    // GHO-26: the spawn names the captured piece and the edge square.
    let mut ghost = Ghost::start_position(&());
    for t in ["e2e4", "d7d5", "e4d5"] {
        ghost.play(ghost.parse_move(t).unwrap());
    }
    example::<Ghost>(&ghost.to_fen(), &(), "z5", "P@z5");
    example::<Ghost>(&ghost.to_fen(), &(), "d9", "P@d9");
    // ELD-013: invokes name their piece and square (Conjurer ELD-2xx create, Geomancer
    // strip ELD-371), castling is O-O (ELD-071), promotions `=B` (ELD-080).
    let e = Default::default();
    let conjurer = eldritch::BENCH
        .iter()
        .find(|f| f.contains("^C1N2"))
        .unwrap();
    example::<Eldritch>(conjurer, &e, "d3!c4", "^Cd3!c4");
    let castles = eldritch::BENCH.iter().find(|f| f.contains("*I3")).unwrap();
    example::<Eldritch>(castles, &e, "e1h1", "O-O");
    let pontiff = eldritch::BENCH
        .iter()
        .find(|f| f.starts_with("8/1P6"))
        .unwrap();
    example::<Eldritch>(pontiff, &e, "b7b8=B", "b8=B");
    // HOB-40 moves name their nodes, HOB-81 links keep their tokens, HOB-100 outcomes are
    // words.
    let h = Default::default();
    let hob = Hobgoblin::start_position(&h).to_fen();
    example::<Hobgoblin>(&hob, &h, "g1f3", "Ng1-f3");
    example::<Hobgoblin>(&hob, &h, "e2e4", "e2-e4");
    example::<Hobgoblin>(&hob, &h, "i2=a2", "i2=a2");
    let mut pos = Hobgoblin::start_position(&h);
    for t in ["i2=a2", "a2a4"] {
        pos.play(pos.parse_move(t).unwrap());
    }
    example::<Hobgoblin>(&pos.to_fen(), &h, "!a4", "a4 explodes");
    assert_eq!(pos.format_pgn(pos.parse_move("!a4").unwrap()), "!a4");
    let _ = hobgoblin::BENCH;
}
