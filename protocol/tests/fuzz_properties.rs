//! Property tests over every parser that takes outside input, for every registered variant:
//! FENs (mutated real FENs and arbitrary text), move tokens, UCI command lines and `setoption`
//! values. They call the same entry points as the libFuzzer targets in `fuzz/`
//! (`grimoire_protocol::reliability`), so CI covers the same parsers on stable Rust.
//! `PROPTEST_CASES=<n>` runs more cases (`docs/reliability.md`).

use grimoire_protocol::reliability::{
    check_fen, check_moves, fuzz_setoption, fuzz_uci, option_names, play_prefix,
};
use grimoire_registry as registry;
use proptest::prelude::*;
mod common;

use common::proptest_cases as cases;

fn variant_count() -> usize {
    registry::variant_names().len()
}

/// Real FENs of variant `v`: its start position, its bench positions, and positions a few
/// plies into the game.
fn real_fens(v: usize) -> Vec<String> {
    let mut game = (registry::variants()[v].create)();
    let mut fens = vec![game.fen()];
    fens.extend(game.entry().bench.iter().map(|f| f.to_string()));
    for _ in 0..6 {
        let tokens = game.legal_move_tokens();
        let Some(t) = tokens.get(tokens.len() / 2) else {
            break;
        };
        game.play_token(&t.clone()).unwrap();
        fens.push(game.fen());
    }
    fens
}

/// Characters FENs are made of, in every variant, plus some that they never contain.
const FEN_CHARS: &str =
    "pnbrqkmgsdacPNBRQKMGSDACzijhefwWxX0123456789/ -[]~+*#()@=_:;'\"\\\u{0}\u{7f}é9990";

#[derive(Debug, Clone)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let c = proptest::sample::select(FEN_CHARS.chars().collect::<Vec<_>>());
    prop_oneof![
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), c).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), 1usize..12).prop_map(|(i, n)| Edit::Duplicate(i, n)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Replace(i, c) if !chars.is_empty() => chars[i % n] = c,
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % n);
            }
            Edit::Duplicate(i, len) if !chars.is_empty() => {
                let i = i % n;
                let piece: Vec<char> = chars[i..(i + len).min(chars.len())].to_vec();
                for (k, c) in piece.into_iter().enumerate() {
                    chars.insert(i + k, c);
                }
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(cases(400))]

    /// Real FENs with a few edits: rejected cleanly, or accepted and fully consistent.
    #[test]
    fn mutated_fens_are_rejected_or_consistent(
        v in 0..variant_count(),
        pick in any::<usize>(),
        edits in proptest::collection::vec(edit(), 1..5),
    ) {
        let fens = real_fens(v);
        let text = apply(&fens[pick % fens.len()], &edits);
        let mut game = (registry::variants()[v].create)();
        check_fen(game.as_mut(), &text);
    }
}

proptest! {
    #![proptest_config(cases(200))]

    /// Arbitrary text as a FEN.
    #[test]
    fn arbitrary_text_is_never_a_crash_as_a_fen(v in 0..variant_count(), text in ".{0,120}") {
        let mut game = (registry::variants()[v].create)();
        check_fen(game.as_mut(), &text);
    }

    /// Field-shaped nonsense: boards of any width, odd counters, odd castling and en passant.
    #[test]
    fn fen_shaped_text_is_rejected_or_consistent(
        v in 0..variant_count(),
        text in "[pnbrqkmgsdPNBRQKMGSD1-9]{1,10}(/[pnbrqkmgsdPNBRQKMGSD1-9]{1,10}){0,10} [wbx] [KQkq-]{1,4} ([a-j][0-9]|-) [0-9]{1,5} [0-9]{1,5}",
    ) {
        let mut game = (registry::variants()[v].create)();
        check_fen(game.as_mut(), &text);
    }

    /// Move tokens: mixtures of legal tokens and square-shaped or arbitrary ones, after a few
    /// plies.
    #[test]
    fn move_lists_are_played_up_to_the_first_bad_token(
        v in 0..variant_count(),
        prefix in 0usize..8,
        tokens in proptest::collection::vec(
            prop_oneof![
                any::<usize>().prop_map(|i| format!("#legal{i}")),
                "[a-k][0-9]{1,2}[a-k][0-9]{1,2}[qrbnmcgsdaQ=+@]{0,2}",
                "[a-z@*0-9]{1,6}",
                ".{0,8}",
            ],
            0..8,
        ),
    ) {
        // `#legalN` stands for the N-th legal token of the position reached so far.
        let mut game = (registry::variants()[v].create)();
        play_prefix(game.as_mut(), prefix);
        let mut words = Vec::new();
        let mut probe = game.clone_box();
        for t in tokens {
            let word = match t.strip_prefix("#legal") {
                Some(i) => {
                    let legal = probe.legal_move_tokens();
                    if legal.is_empty() { continue; }
                    legal[i.parse::<usize>().unwrap() % legal.len()].clone()
                }
                None => t,
            };
            let _ = probe.play_token(&word);
            words.push(word);
        }
        let mut game = (registry::variants()[v].create)();
        check_moves(game.as_mut(), prefix, &words.join(" "));
    }
}

/// Words UCI command lines are built from, besides the empty word and a tab.
const UCI_WORDS: &str =
    "uci isready ucinewgame setoption position go stop ponderhit d bench quit startpos fen \
     moves name value UCI_Variant Hash Threads MultiPV Move Overhead Ponder Clear wtime btime \
     winc binc movestogo movetime depth nodes mate infinite ponder perft searchmoves -1 0 1 2 \
     3 50 -99999999999999999999 99999999999999999999 e2e4 e7e5 a1a1 8/8/8/8/8/8/8/8 w b - \
     KQkq true false chess duggan \t";

fn uci_words() -> Vec<&'static str> {
    let mut words: Vec<&str> = UCI_WORDS.split_whitespace().collect();
    words.extend(["", "\t"]);
    words
}

fn uci_line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::collection::vec(proptest::sample::select(uci_words()), 1..8)
            .prop_map(|w| w.join(" ")),
        1 => "[ -~]{0,40}",
        1 => (proptest::sample::select(uci_words()), ".{0,30}")
            .prop_map(|(a, b)| format!("{a} {b}")),
    ]
}

proptest! {
    #![proptest_config(cases(120))]

    /// UCI scripts of grammar-shaped and arbitrary lines: the engine never dies, keeps
    /// answering `isready` and plays a legal move afterwards.
    #[test]
    fn uci_scripts_leave_the_engine_answering_and_playing(
        variant in 0..variant_count(),
        lines in proptest::collection::vec(uci_line(), 1..10),
    ) {
        let name = registry::variant_names()[variant];
        let mut script = format!("setoption name UCI_Variant value {name}\n");
        script.push_str(&lines.join("\n"));
        fuzz_uci(script.as_bytes());
    }

    /// `setoption` with every option and odd values.
    #[test]
    fn any_option_value_leaves_the_engine_answering_and_playing(
        variant in any::<u8>(),
        option in any::<u8>(),
        value in prop_oneof![
            "-?[0-9]{1,25}",
            "(true|false|TRUE|<default>|chess|duggan|none| )",
            ".{0,40}",
        ],
    ) {
        let mut data = vec![variant, option];
        data.extend_from_slice(value.as_bytes());
        fuzz_setoption(&data);
    }
}

/// Every option name the fuzzers pick from exists in `uci`'s list (so the setoption fuzzer
/// reaches every option, variant options included).
#[test]
fn the_fuzzed_option_names_are_the_engines() {
    let mut h = grimoire_protocol::reliability::Harness::new();
    h.send("uci");
    let text = h.out.text();
    for name in option_names() {
        assert!(text.contains(&format!("option name {name} type")), "{name}");
    }
}

/// Cases the properties above once found, kept so they are checked on every run.
#[test]
fn move_list_regressions() {
    // Hobgoblin, 7 plies in: a square-shaped token naming a hallway-side square off the frame
    // once reached a placement that asserted instead of refusing.
    for v in 0..variant_count() {
        let mut game = (registry::variants()[v].create)();
        check_moves(game.as_mut(), 7, "a4a0");
    }
}

#[test]
fn fen_regressions() {
    // Eldritch with Black's liege gone (ELD-620): the game is over, so no move is tactical
    // either (the tactical generator once skipped the end).
    const NO_BLACK_LIEGE: &str = "r*w2^bP*wr/pppppppp/8/8/8/8/PPPPPPPP/R^FB*KKB^FR w * - 0 1";
    // Eldritch stacks: an opening parenthesis with nothing after it, or a half stack.
    const CUT_STACKS: [&str; 3] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN( w * - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB(*F, w * - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB(*F,N w * - 0 1",
    ];
    // Eldritch: a Fireball's blast takes White's only King a few plies on (found by the `fen`
    // fuzz target): the finished game's FEN is refused alone, and that must not fail the soak.
    const KING_BLASTED: &str = "8/2p5/3*x4/K5Pr/qR3p1k/8/4P1b1/8 w * - 0 1";
    // Eldritch: a virgin Berserker two squares below the last rank (ELD-230..232, found by the
    // `fen` fuzz target). Its double step there is a promotion, so the queen slide to the same
    // square is not a one-shot move of its own; the generator listed both.
    const BERSERKER_DOUBLE_STEP: &str = "8/2p5/3^B4/K5Pr/pB3pqk/8/4P1P1/8 w * - 0 1";
    for v in 0..variant_count() {
        let mut game = (registry::variants()[v].create)();
        check_fen(game.as_mut(), NO_BLACK_LIEGE);
        check_fen(game.as_mut(), KING_BLASTED);
        check_fen(game.as_mut(), BERSERKER_DOUBLE_STEP);
        for fen in CUT_STACKS {
            check_fen(game.as_mut(), fen);
        }
    }
}

/// A Hobgoblin crowd of 29 pawns with a queen and a knight (a mutated FEN CI found) is past
/// the FEN limits (docs/notation.md, issue 49): refused with the reason, the game unchanged.
/// Its full check (257,166 legal moves, every token parsed) runs on the unbounded reader in
/// `engine/tests/hobgoblin_consistency.rs`.
#[test]
fn a_huge_hobgoblin_crowd_is_refused_by_the_fen_limits() {
    const CROWD: &str =
        "r1b1kb1r1/ppp2ppp1/2n6/4(n,p)4/3(Q,N,29P)5/9/PPP2PPP1/R1B1KB1R1 w KQkq - 0 8 L";
    let mut game = registry::create("hobgoblin").unwrap();
    let before = game.fen();
    let why = game.set_position(Some(CROWD), &[]).unwrap_err().to_string();
    assert!(
        why.contains("31 units on d4") && why.contains("at most 12"),
        "{why}"
    );
    assert_eq!(game.fen(), before);
    check_fen(game.as_mut(), CROWD);
}

/// The libFuzzer `moves` target's entry, over its seed inputs: each selector byte's position is
/// made once a thread and reused, so a second pass over the same inputs must behave alike.
#[test]
fn the_moves_target_replays_its_seeds_twice() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/seeds/moves");
    let mut inputs: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect();
    assert!(!inputs.is_empty());
    // Every selector byte once too (variants times prefix lengths), with a bad token.
    inputs.extend((0..=255u8).map(|b| [&[b][..], b"e2e4 zz9"].concat()));
    for _ in 0..2 {
        for data in &inputs {
            grimoire_protocol::reliability::fuzz_moves(data);
        }
    }
}

/// A fuzzed `setoption` whose name holds the words "worker thread failed" (found by the `uci`
/// target): the engine's error line echoes it, and the harness once read the echo as a dead
/// worker. Only the engine's own line counts now.
#[test]
fn an_echoed_command_is_not_a_dead_worker() {
    let input = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fuzz/seeds/uci/echoed_worker_failed"
    ))
    .unwrap();
    fuzz_uci(&input);
}
