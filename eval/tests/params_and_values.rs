//! The parameter text format (round trip, partial files, rejected malformed text with messages)
//! and the piece-value method on the FIDE pieces (calibration) and the chess defaults.

use grimoire_engine::tables::masks;
use grimoire_engine::variants::chess::tables;
use grimoire_eval::features::{piece_value, reference_pieces};
use grimoire_eval::EvalParams;

#[test]
fn text_round_trip_gives_equal_params() {
    let p = EvalParams::chess();
    assert_eq!(
        grimoire_registry::params_from_text(&p.to_text()).unwrap(),
        p
    );
    // Changed values (as the tuner writes them) survive too, negative ones included.
    let mut q = p.clone();
    for (i, v) in q.as_mut_slice().iter_mut().enumerate() {
        *v = *v * 3 - i as i32;
    }
    let text = q.to_text();
    let back = grimoire_registry::params_from_text(&text).unwrap();
    assert_eq!(back, q);
    assert_ne!(back, p);
    assert_eq!(back.to_text(), text);
}

#[test]
fn text_lines_are_name_mg_eg_with_comments() {
    let text = EvalParams::chess().to_text();
    assert!(text
        .lines()
        .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["material_queen", "894", "894"]));
    assert!(text.lines().any(|l| l.starts_with("variant chess")));
    assert!(text.lines().any(|l| l.starts_with('#')));
}

#[test]
fn a_partial_file_overrides_only_what_it_lists() {
    let p = grimoire_registry::params_from_text(
        "# hand experiment\nvariant chess\n\nmaterial_queen 950 1000  # stronger queen\nphase_queen 3\n",
    )
    .unwrap();
    assert_eq!(p.get("material_queen"), Some((950, 1000)));
    assert_eq!(p.scalar("phase_queen"), Some(3));
    // The rest is the variant's default set (for chess, the shipped tuned set).
    let d = grimoire_registry::default_params("chess").unwrap();
    assert_eq!(p.get("material_rook"), d.get("material_rook"));
    assert_eq!(p.get("passed_free"), d.get("passed_free"));
    // No variant line: chess.
    assert_eq!(
        grimoire_registry::params_from_text("tempo 1 2")
            .unwrap()
            .get("tempo"),
        Some((1, 2))
    );
}

/// `network none` gives the terms alone; a chess file without the line keeps the shipped
/// network, and the text form says which (`docs/eval.md`, Network).
#[test]
fn a_network_line_chooses_the_chess_network() {
    let shipped = grimoire_registry::default_params("chess").unwrap();
    assert!(shipped.network().is_some());
    let none = grimoire_registry::params_from_text("variant chess\nnetwork none\n").unwrap();
    assert!(none.network().is_none());
    assert_eq!(none.as_slice(), shipped.as_slice());
    let builtin =
        grimoire_registry::params_from_text("variant chess\nnetwork none\nnetwork builtin\n")
            .unwrap();
    assert_eq!(builtin, shipped);
    for set in [none, shipped] {
        assert_eq!(
            grimoire_registry::params_from_text(&set.to_text()).unwrap(),
            set
        );
    }
    assert!(grimoire_registry::params_from_text("variant ghost\nnetwork none\n").is_err());
    assert!(grimoire_registry::params_from_text("variant chess\nnetwork maybe\n").is_err());
}

#[test]
fn malformed_text_is_rejected_with_a_message() {
    for (text, expect) in [
        ("material_wizard 100 100", "unknown parameter"),
        ("material_queen 900", "takes 2"),
        ("material_queen 900 900 900", "takes 2"),
        ("phase_queen 4 4", "takes 1"),
        ("material_queen nine 900", "not an integer"),
        ("material_queen 9.5 900", "not an integer"),
        ("material_queen 99999999999 0", "not an integer"),
        ("tempo 1 1\ntempo 2 2", "given twice"),
        ("tempo 1 1\nvariant chess", "`variant` must come once"),
        ("variant shogi", "no evaluation parameters"),
        ("variant", "expected `variant <name>`"),
        ("Material_queen 1 1", "unknown parameter"),
    ] {
        let err = grimoire_registry::params_from_text(text).unwrap_err();
        assert!(err.contains(expect), "{text:?}: {err}");
        assert!(err.starts_with("line "), "{text:?}: {err}");
    }
    let err = grimoire_registry::params_from_text("# fine\n\ntempo 1 1\nbogus 1").unwrap_err();
    assert!(err.starts_with("line 4:"), "{err}");
}

#[test]
fn slots_are_named_for_the_tuner() {
    let p = EvalParams::chess();
    let q = p.slot_of("material_queen").unwrap();
    assert_eq!(p.slot_name(q).as_deref(), Some("material_queen.mg"));
    assert_eq!(p.slot_name(q + 1).as_deref(), Some("material_queen.eg"));
    let ph = p.slot_of("phase_rook").unwrap();
    assert_eq!(p.slot_name(ph).as_deref(), Some("phase_rook"));
    assert_eq!(p.slot_name(p.len()), None);
    assert_eq!(
        p.iter().map(|x| x.values.len()).sum::<usize>(),
        p.as_slice().len()
    );
}

/// The calibration targets of docs/eval.md: N and B within 10% of each other, R 4.5..5.5 and
/// Q 8.5..10 pawns, computed from the engine's own chess attack tables.
#[test]
fn piece_value_method_gives_fide_values() {
    let t = tables();
    let board = masks::board8();
    let n = piece_value(board, |s, _| t.knight[s.index()]).pawns;
    let b = piece_value(board, |s, o| t.bishop(s, o)).pawns;
    let r = piece_value(board, |s, o| t.rook(s, o)).pawns;
    let q = piece_value(board, |s, o| t.queen(s, o)).pawns;
    assert!((n - b).abs() <= 0.1 * n.min(b), "N {n:.2} B {b:.2}");
    assert!((4.5..=5.5).contains(&r), "R {r:.2}");
    assert!((8.5..=10.0).contains(&q), "Q {q:.2}");
    assert!((2.8..=3.5).contains(&n), "N {n:.2}");
}

/// The chess defaults' material is what the method gives (not hand-picked).
#[test]
fn chess_default_material_is_the_derived_value() {
    let t = tables();
    let board = masks::board8();
    let p = EvalParams::chess();
    for (name, v) in [
        (
            "material_knight",
            piece_value(board, |s, _| t.knight[s.index()]),
        ),
        ("material_bishop", piece_value(board, |s, o| t.bishop(s, o))),
        ("material_rook", piece_value(board, |s, o| t.rook(s, o))),
        ("material_queen", piece_value(board, |s, o| t.queen(s, o))),
    ] {
        let (mg, eg) = p.get(name).unwrap();
        assert_eq!((mg, eg), (v.centipawns(), v.centipawns()), "{name}");
    }
}

/// The demonstration table: the generic pattern helpers agree with the engine tables on the FIDE
/// pieces, compounds are worth more than their parts, and bigger boards favour sliders.
#[test]
fn reference_table_is_consistent() {
    let small = reference_pieces(masks::board8());
    let big = reference_pieces(masks::board10());
    let get = |t: &[grimoire_eval::features::ReferencePiece], name: &str| {
        t.iter().find(|p| p.name == name).unwrap().value.pawns
    };
    let t = tables();
    let board = masks::board8();
    let q = piece_value(board, |s, o| t.queen(s, o)).pawns;
    assert!((get(&small, "Queen") - q).abs() < 1e-9);
    for (compound, parts) in [
        ("Archbishop", ["Bishop", "Knight"]),
        ("Chancellor", ["Rook", "Knight"]),
        ("Amazon", ["Queen", "Knight"]),
    ] {
        let sum: f64 = parts.iter().map(|p| get(&small, p)).sum();
        assert!(get(&small, compound) > sum, "{compound}");
    }
    assert!(get(&big, "Queen") > get(&small, "Queen"));
    assert!(get(&small, "Wazir") < 2.0 && get(&small, "Ferz") < 2.0);
    let pawn = get(&small, "Pawn (without double step)");
    assert!((0.6..1.2).contains(&pawn), "pawn {pawn:.2}");
}

/// `search.*` lines set the search's margins of the set; the evaluator built from it hands them
/// to the search, which then searches differently.
#[test]
fn search_entries_in_a_parameter_file_reach_the_search() {
    use grimoire_engine::eval_api::{Evaluator, SearchParams};
    use grimoire_engine::search::{search, Limits, SearchOptions, Shared, TranspositionTable};
    use grimoire_engine::variants::chess::Chess;
    use grimoire_engine::{prelude::*, Color, Game};
    use grimoire_eval::ChessEval;

    let text = "variant chess\nsearch.rfp_margin 30\nsearch.lmr_divisor 2.5 # fractions allowed\n";
    let params = grimoire_registry::params_from_text(text).unwrap();
    assert_eq!(params.search().rfp_margin, 30);
    assert_eq!(params.search().lmr_divisor, 2.5);
    // Everything else is the shipped set.
    assert_eq!(params.as_slice(), EvalParams::chess_tuned().as_slice());
    let tuned = ChessEval::from_params(params.clone());
    assert_eq!(tuned.search_params(), params.search());
    // The chess set's own search settings (the SPRT log, rows 20 and 31); the rest are the
    // defaults.
    let mut chess_search = SearchParams::DEFAULT;
    chess_search.tt_eval_refine = 1;
    chess_search.keep_history = 1;
    assert_eq!(ChessEval::default().search_params(), &chess_search);

    let nodes = |eval: &ChessEval| {
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
        let game = Game::new(Chess::from_fen(fen, &()).unwrap());
        let tt = TranspositionTable::new(4);
        let limits = Limits {
            depth: Some(7),
            ..Limits::default()
        };
        let shared = Shared::new(&limits, limits.plan(Color::White, 0));
        let options = SearchOptions {
            report: false,
            ..SearchOptions::default()
        };
        search(&game, eval, &tt, &shared, &limits, &options, &mut |_| {}).nodes
    };
    let only_rfp = ChessEval::from_params(
        grimoire_registry::params_from_text("variant chess\nsearch.rfp_margin 30\n").unwrap(),
    );
    let base = nodes(&ChessEval::default());
    assert_eq!(
        nodes(&ChessEval::default()),
        base,
        "the search is deterministic"
    );
    assert_ne!(
        nodes(&only_rfp),
        base,
        "search.rfp_margin 30 changed nothing"
    );
    assert_ne!(nodes(&tuned), base);
}

#[test]
fn bad_search_entries_are_rejected_with_a_message() {
    for (text, expect) in [
        ("search.xyz 1", "unknown search parameter \"search.xyz\""),
        ("search.rfp_margin 1.5", "whole number"),
        ("search.rfp_margin", "takes one value"),
        ("search.rfp_margin 1 2", "takes one value"),
        ("search.rfp_margin ninety", "not a number"),
        ("search.nmp_depth_divisor 0", "must lie in"),
        (
            "search.rfp_margin 100\nsearch.rfp_margin 110",
            "given twice",
        ),
    ] {
        let err = grimoire_registry::params_from_text(text).unwrap_err();
        assert!(err.contains(expect), "{text:?}: {err}");
        assert!(err.starts_with("line "), "{text:?}: {err}");
    }
    // The message lists the known names.
    let err = grimoire_registry::params_from_text("variant duggan\nsearch.xyz 1").unwrap_err();
    assert!(err.starts_with("line 2:"), "{err}");
    assert!(err.contains("search.rfp_margin"), "{err}");
}

/// The built-in sets carry the default margins except the settings an SPRT in their variant
/// chose (chess: the table-refined static score; Eldritch: selective check extension and no
/// internal iterative reduction, SPRT row 50; Hobgoblin: bounded quiescence;
/// `docs/search.md`); their text form writes exactly those `search.*` lines, and changed
/// margins round-trip.
#[test]
fn search_entries_round_trip_and_defaults_write_only_the_variants_own() {
    use grimoire_engine::eval_api::SearchParams;
    for variant in grimoire_registry::variant_names() {
        let p = grimoire_registry::default_params(variant).unwrap();
        let own: Vec<&str> = p
            .search()
            .diff(&SearchParams::DEFAULT)
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        let expected: &[&str] = match variant {
            "chess" => &["search.tt_eval_refine", "search.keep_history"],
            "duggan" | "archmage" | "ghost" => &["search.keep_history"],
            "eldritch" => &[
                "search.check_ext_max_replies",
                "search.iir_min_depth",
                "search.keep_history",
            ],
            "hobgoblin" => &["search.qs_max_plies", "search.chance_win"],
            _ => &[],
        };
        assert_eq!(own, expected, "{variant}");
        assert_eq!(
            p.to_text().matches("\nsearch.").count(),
            expected.len(),
            "{variant}"
        );
        assert_eq!(
            grimoire_registry::params_from_text(&p.to_text()).unwrap(),
            p,
            "{variant}"
        );
        let mut q = p.clone();
        q.search_mut().set("search.futility_margin", 150.0).unwrap();
        q.search_mut().set("search.lmr_base", 0.1).unwrap();
        let text = q.to_text();
        assert!(text.contains("\nsearch.lmr_base"), "{text}");
        assert!(text.contains(" 0.1\n"), "{text}");
        let back = grimoire_registry::params_from_text(&text).unwrap();
        assert_eq!(back, q, "{variant}");
        assert_ne!(back, p, "{variant}");
        assert_eq!(back.to_text(), text);
        assert_eq!(back.as_slice(), p.as_slice(), "search lines are not slots");
    }
}
