//! Tests of the Texel tuner on chess: data parsing, quiet leaves, the linearization, the fit of
//! `K`, frozen parameters, and recovery of known parameters from synthetic labels.

use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::variants::chess::{Chess, KNIGHT, QUEEN, ROOK};
use grimoire_engine::{prelude::*, Color};
use grimoire_eval::{ChessEval, EvalParams, TunableEval};
use grimoire_tuning::data::{load_str, parse_result, SCORE_CLAMP};
use grimoire_tuning::linear::{eval_white, LinearModel};
use grimoire_tuning::optimize::{fit_k, golden_section, mse, sigmoid, AdamConfig};
use grimoire_tuning::prepare::{has_winning_tactic, prepare, split, Preparation};
use grimoire_tuning::quiet::{quiet_leaf, Leaf};
use grimoire_tuning::synthetic::{label, random_game_positions, to_text, win_probability};
use grimoire_tuning::tune::{blend_search_labels, tune, tuned_slots, Config};
use grimoire_tuning::{data::Sample, tune_variant};

fn chess(fen: &str) -> Chess {
    Chess::from_fen(fen, &()).unwrap()
}

fn samples(positions: Vec<Chess>) -> Vec<Sample<Chess>> {
    positions
        .into_iter()
        .map(|pos| Sample {
            pos,
            result: 0.5,
            score: None,
        })
        .collect()
}

#[test]
fn result_tokens() {
    for (t, v) in [
        ("1", 1.0),
        ("1-0", 1.0),
        ("0.5", 0.5),
        ("1/2-1/2", 0.5),
        ("0", 0.0),
        ("0-1", 0.0),
    ] {
        assert_eq!(parse_result(t), Ok(v), "{t}");
    }
    assert_eq!(parse_result("0.75"), Ok(0.75));
    for bad in ["2", "-0.5", "", "1-1", "win"] {
        assert!(parse_result(bad).is_err(), "{bad}");
    }
}

#[test]
fn data_lines_parse_and_bad_lines_are_counted() {
    let text = "\
# a comment
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0.5

rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 1-0
   # indented comment
8/8/4k3/8/8/4K3/4P3/8 w - - 0 1 | 0-1
8/8/4k3/8/8/4K3/4P3/8 w - - 0 1
not a fen | 1
8/8/4k3/8/8/4K3/4P3/8 w - - 0 1 | win
";
    let (s, stats) = load_str::<Chess>(text);
    assert_eq!(s.len(), 3);
    assert_eq!(
        s.iter().map(|s| s.result).collect::<Vec<_>>(),
        [0.5, 1.0, 0.0]
    );
    assert_eq!(s[1].pos.side_to_move(), Color::Black);
    assert_eq!(stats.data_lines, 6);
    assert_eq!(stats.bad_lines, 3);
    assert_eq!(stats.first_errors.len(), 3);
    assert!(stats.first_errors[0].starts_with("line 7:"), "{stats:?}");
    assert!(
        stats.first_errors[1].starts_with("line 8: bad FEN"),
        "{stats:?}"
    );
    assert!(stats.first_errors[2].contains("bad result"), "{stats:?}");
}

#[test]
fn search_scored_lines_parse_and_blend_into_labels() {
    let text = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 35 | 1
8/8/4k3/8/8/4K3/4P3/8 w - - 0 1 | -99990 | 0-1
8/8/4k3/8/8/4K3/4P3/8 w - - 0 1 | 400 | 0.5
8/8/4k3/8/8/4K3/4P3/8 w - - 0 1 | +4x | 1
8/8/4k3/8/8/4K3/4P3/8 w - - 0 1 | 0.5
";
    let (mut s, stats) = load_str::<Chess>(text);
    assert_eq!(stats.bad_lines, 1, "{stats:?}");
    assert!(
        stats.first_errors[0].contains("bad search score"),
        "{stats:?}"
    );
    let scores: Vec<Option<f32>> = s.iter().map(|s| s.score).collect();
    assert_eq!(scores, [Some(35.0), Some(-SCORE_CLAMP), Some(400.0), None]);
    assert_eq!(s[0].result, 1.0);
    // Half the search's verdict, half the result; K = ln 10 makes 400 cp ten-to-one odds.
    let k = 10f64.ln();
    let mut scored = s[..3].to_vec();
    blend_search_labels(&mut scored, k, 0.5).unwrap();
    assert!((scored[2].result - (0.5 * 10.0 / 11.0 + 0.25) as f32).abs() < 1e-6);
    assert!(scored[1].result.abs() < 1e-6);
    // A score limit leaves out the mate-scored position before anything else.
    let cfg = Config {
        score_limit: Some(3000.0),
        adam: AdamConfig {
            epochs: 0,
            report_every: 0,
            ..AdamConfig::default()
        },
        validation: 0.0,
        ..Config::default()
    };
    let mut log = Vec::new();
    let report = tune::<Chess, ChessEval>(scored.clone(), EvalParams::chess(), &cfg, &mut |l| {
        log.push(l.to_string())
    })
    .unwrap();
    assert!(log[0].contains("left out 1 positions"), "{log:?}");
    assert_eq!(report.prepare.input, 2);
    // Without a score there is nothing to blend: an error, not a silent result label.
    let err = blend_search_labels(&mut s, k, 1.0).unwrap_err();
    assert!(err.contains("no search score"), "{err}");
}

#[test]
fn quiescence_takes_a_hanging_queen() {
    // White to move; Black's queen on d5 hangs to the e4 pawn.
    let pos = chess("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1");
    let eval = ChessEval::default();
    let leaf = quiet_leaf(&pos, &eval, 8);
    assert_eq!(leaf.depth, 1);
    assert!(!leaf.capped);
    assert!(leaf.pos.board().kind(QUEEN).is_empty());
    // The score is the leaf's static evaluation, seen from the root's side.
    assert_eq!(leaf.score, -eval.evaluate(&leaf.pos));
}

#[test]
fn quiescence_score_is_the_static_score_of_its_leaf() {
    let eval = ChessEval::default();
    let positions = random_game_positions::<Chess>(30, 4, 80, 3);
    let mut searched = 0;
    for pos in positions
        .iter()
        .filter(|p| !p.in_check() && p.terminal().is_none())
    {
        let leaf = quiet_leaf(pos, &eval, 8);
        if leaf.pos.terminal().is_some() || leaf.pos.in_check() {
            continue;
        }
        searched += 1;
        let sign = if leaf.depth % 2 == 0 { 1 } else { -1 };
        assert_eq!(leaf.pos.side_to_move() == pos.side_to_move(), sign == 1);
        assert_eq!(
            leaf.score,
            sign * eval.evaluate(&leaf.pos),
            "{}",
            pos.to_fen()
        );
        assert!(leaf.depth <= 8);
        if leaf.depth == 0 {
            assert_eq!(&leaf.pos, pos);
        }
    }
    assert!(searched > 1500, "{searched}");
}

#[test]
fn prepared_positions_are_quiet() {
    let eval = ChessEval::default();
    let raw = samples(random_game_positions::<Chess>(60, 4, 80, 4));
    let (kept, stats) = prepare(raw.clone(), &eval, Preparation::default());
    assert!(kept.len() > 2000, "{stats:?}");
    for s in &kept {
        // No capture or promotion that wins material by SEE is left to the side to move.
        assert!(!has_winning_tactic(&s.pos), "{}", s.pos.to_fen());
        assert!(!s.pos.in_check() && s.pos.terminal().is_none());
    }
    // Random games leave pieces hanging on both sides: some leaves stay tense. They are kept
    // when asked.
    assert!(stats.tense > 0, "{stats:?}");
    let how = Preparation {
        drop_tense: false,
        ..Preparation::default()
    };
    let (all, loose) = prepare(raw, &eval, how);
    assert_eq!(loose.tense, 0);
    assert!(all.len() > kept.len());
    assert_eq!(
        stats.quiet + stats.tense + stats.duplicates,
        loose.quiet + loose.duplicates
    );
}

#[test]
fn preparation_filters_and_merges() {
    let eval = ChessEval::default();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let text = format!(
        "{start} | 1\n{start} | 0\n\
         rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 | 0\n\
         4k3/8/8/8/8/8/8/4K2r w - - 0 1 | 0\n\
         4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1 | 1\n\
         4k3/8/8/3P4/8/8/8/4K3 b - - 0 1 | 1\n"
    );
    let (s, _) = load_str::<Chess>(&text);
    let (out, stats) = prepare(s, &eval, Preparation::default());
    assert_eq!(stats.input, 6);
    assert_eq!(stats.terminal, 1, "{stats:?}"); // fool's mate
    assert_eq!(stats.in_check, 1, "{stats:?}"); // rook check
                                                // The start position twice (results averaged) and the hanging queen, whose leaf (queen
                                                // taken, Black to move) equals the last line.
    assert_eq!(stats.duplicates, 2, "{stats:?}");
    assert_eq!(stats.quiet, 2);
    assert_eq!(out[0].result, 0.5);
    assert_eq!(out[1].result, 1.0);
    assert_eq!(out[1].pos.to_fen(), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
}

#[test]
fn split_is_seeded_and_complete() {
    let items: Vec<u32> = (0..1000).collect();
    let (t1, v1) = split(items.clone(), 0.1, 5);
    let (t2, v2) = split(items.clone(), 0.1, 5);
    let (_, v3) = split(items, 0.1, 6);
    assert_eq!((t1.len(), v1.len()), (900, 100));
    assert_eq!((&t1, &v1), (&t2, &v2));
    assert_ne!(v1, v3);
    let mut all: Vec<u32> = t1.into_iter().chain(v1).collect();
    all.sort();
    assert_eq!(all, (0..1000).collect::<Vec<_>>());
}

fn quiet_random_positions(games: usize, seed: u64) -> Vec<Sample<Chess>> {
    let positions = random_game_positions::<Chess>(games, 4, 80, seed);
    prepare(
        samples(positions),
        &ChessEval::default(),
        Preparation::default(),
    )
    .0
}

#[test]
fn knight_coefficients_are_the_blended_knight_count() {
    let params = EvalParams::chess();
    let eval = ChessEval::from_params(params.clone());
    let positions = quiet_random_positions(20, 11);
    let slot = params.slot_of("material_knight").unwrap();
    let delta = 32;
    let model =
        LinearModel::build::<Chess, ChessEval>(&params, &positions, &[slot, slot + 1], delta)
            .unwrap();
    // The taper truncates toward zero, so one evaluation is off by less than 1 (less than 2
    // across zero): a coefficient by less than 2/delta.
    let tolerance = 2.0 / delta as f32;
    let max = eval.phase_max() as f32;
    for (i, s) in positions.iter().enumerate() {
        let b = s.pos.board();
        let diff = b.pieces(Color::White, KNIGHT).count() as f32
            - b.pieces(Color::Black, KNIGHT).count() as f32;
        let phase = eval.phase(&s.pos) as f32;
        let mg = model.coefficient(i, slot);
        let eg = model.coefficient(i, slot + 1);
        assert!(
            (mg - diff * phase / max).abs() < tolerance,
            "{mg} {diff} {phase}"
        );
        assert!(
            (eg - diff * (max - phase) / max).abs() < tolerance,
            "{eg} {diff} {phase}"
        );
    }
}

#[test]
fn linear_model_reproduces_real_evaluation_changes() {
    let params = EvalParams::chess();
    let positions = quiet_random_positions(20, 12);
    let slots = tuned_slots(&params, &[]).unwrap();
    let model = LinearModel::build::<Chess, ChessEval>(&params, &positions, &slots, 32).unwrap();
    // Move several slots of different kinds at once; the model must follow the real evaluator.
    let moves = [
        ("material_rook", 40, -30),
        ("mobility_bishop", 3, -2),
        ("passed_rank_6", 20, 35),
        ("king_attack_queen", 10, 0),
        ("pawn_isolated", -8, 5),
        ("tempo", 7, 7),
    ];
    let mut changed = params.clone();
    let mut theta = model.theta0.clone();
    for (name, dmg, deg) in moves {
        let (mg, eg) = changed.get(name).unwrap();
        changed.set(name, mg + dmg, eg + deg).unwrap();
        let at = params.slot_of(name).unwrap();
        let k = slots.iter().position(|&s| s == at).unwrap();
        theta[k] += dmg as f64;
        theta[k + 1] += deg as f64;
    }
    let real = ChessEval::from_params(changed);
    let (mut worst, mut total, mut moved) = (0.0f64, 0.0, 0);
    for (i, s) in positions.iter().enumerate() {
        let real = eval_white(&real, &s.pos) as f64;
        let predicted = model.predict(i, &theta);
        moved += (real != model.base[i] as f64) as usize;
        worst = worst.max((predicted - real).abs());
        total += (predicted - real).abs();
    }
    let mean = total / positions.len() as f64;
    // Only integer rounding separates the two: within a few centipawns, about one on average.
    assert!(worst <= 6.0 && mean <= 1.0, "worst {worst}, mean {mean}");
    assert!(positions.len() > 500 && moved * 10 > positions.len() * 9);
}

#[test]
fn golden_section_and_k_fit() {
    let x = golden_section(|x| (x - 1.7).powi(2), 0.0, 10.0, 1e-6);
    assert!((x - 1.7).abs() < 1e-5);
    // Soft labels from a known K are fitted back exactly.
    let evals: Vec<f64> = (-300..=300).map(|e| e as f64 * 2.0).collect();
    let results: Vec<f32> = evals
        .iter()
        .map(|&e| sigmoid(1.3 * e / 400.0) as f32)
        .collect();
    let k = fit_k(&evals, &results);
    assert!((k - 1.3).abs() < 1e-3, "{k}");
    assert!(mse(&evals, &results, k) < 1e-9);
}

#[test]
fn phase_weights_and_frozen_parameters_are_not_tuned() {
    let p = EvalParams::chess();
    let all = tuned_slots(&p, &[]).unwrap();
    for s in 0..p.len() {
        let name = p.slot_name(s).unwrap();
        assert_eq!(all.contains(&s), !name.starts_with("phase_"), "{name}");
    }
    let some = tuned_slots(&p, &["tempo".into(), "material_pawn.eg".into()]).unwrap();
    assert_eq!(some.len(), all.len() - 3);
    let pawn = p.slot_of("material_pawn").unwrap();
    assert!(some.contains(&pawn) && !some.contains(&(pawn + 1)));
    assert!(tuned_slots(&p, &["no_such_param".into()]).is_err());
    assert!(tuned_slots(&p, &["phase_rook.mg".into()]).is_err());
}

#[test]
fn unknown_variant_and_mismatched_parameters_are_errors() {
    let cfg = Config::default();
    let path = std::path::Path::new("does-not-matter.txt");
    let err = tune_variant("shogi", path, EvalParams::chess(), &cfg, &mut |_| {}).unwrap_err();
    assert!(err.contains("no tuner for variant \"shogi\""), "{err}");
    let mut other = EvalParams::new("ghost");
    other.push_tapered("tempo", 1, 1);
    let err = tune_variant("chess", path, other, &cfg, &mut |_| {}).unwrap_err();
    assert!(err.contains("not \"chess\""), "{err}");
}

/// The truth of the outcome tests: the starting set with the knight 80 dearer and the rook 60
/// cheaper.
fn knight_up_rook_down_truth() -> ChessEval {
    let mut truth = EvalParams::chess();
    truth.set("material_knight", 317 + 80, 317 + 80).unwrap();
    truth.set("material_rook", 500 - 60, 500 - 60).unwrap();
    ChessEval::from_params(truth)
}

/// Two rounds of 300 Adam steps on the material only, every other parameter of `start` frozen.
fn material_only(start: &EvalParams) -> Config {
    let freeze: Vec<String> = start
        .iter()
        .filter(|p| !p.name.starts_with("material_"))
        .map(|p| p.name.to_string())
        .collect();
    Config {
        rounds: 2,
        adam: AdamConfig {
            epochs: 300,
            learning_rate: 2.0,
            report_every: 0,
            ..AdamConfig::default()
        },
        freeze,
        ..Config::default()
    }
}

/// The outcome test: labels drawn from a truth with a dearer knight and a cheaper rook; tuning
/// from the defaults must move both most of the way and lower the error.
#[test]
fn tuning_recovers_the_truth_from_synthetic_results() {
    let truth_eval = knight_up_rook_down_truth();
    let positions = random_game_positions::<Chess>(400, 4, 80, 21);
    // Each result is the mean of four drawn games: with single coin flips this much data
    // leaves the estimates within about ±25% of the truth, too loose to judge.
    let data = label(positions.clone(), &truth_eval, 1.0, 4, 22);

    // Material is tuned, the rest held: with a few ten thousand drawn labels the other terms
    // would mostly fit noise.
    let start = EvalParams::chess();
    let cfg = material_only(&start);
    let mut log = Vec::new();
    let report =
        tune::<Chess, ChessEval>(data, start, &cfg, &mut |l| log.push(l.to_string())).unwrap();
    let log = log.join("\n");
    assert_eq!(report.tuned_slots.len(), 10, "{log}");
    assert!(report.train_mse_after < report.train_mse_before, "{log}");
    assert!(
        report.validation_mse_after < report.validation_mse_before,
        "{log}"
    );
    // The data pin down each value at the phases where the piece counts differ; the split
    // between mg and eg is weakly determined. Judge the value blended at the mean phase of the
    // positions with an imbalance of that piece.
    let mean_phase = |kind: u8| {
        let eval = ChessEval::default();
        let phases: Vec<f64> = positions
            .iter()
            .filter(|p| {
                let b = p.board();
                b.pieces(Color::White, kind).count() != b.pieces(Color::Black, kind).count()
            })
            .map(|p| eval.phase(p) as f64 / eval.phase_max() as f64)
            .collect();
        phases.iter().sum::<f64>() / phases.len() as f64
    };
    let blended = |name: &str, phase: f64| {
        let (mg, eg) = report.tuned.get(name).unwrap();
        mg as f64 * phase + eg as f64 * (1.0 - phase)
    };
    let knight = (blended("material_knight", mean_phase(KNIGHT)) - 317.0) / 80.0;
    let rook = (blended("material_rook", mean_phase(ROOK)) - 500.0) / -60.0;
    assert!(
        (0.6..1.4).contains(&knight) && (0.6..1.4).contains(&rook),
        "knight {:?} ({knight:.2} of the way), rook {:?} ({rook:.2})\n{log}",
        report.tuned.get("material_knight"),
        report.tuned.get("material_rook"),
    );
    // The tuned file reads back and builds an evaluator.
    let back = grimoire_registry::params_from_text(&report.tuned.to_text()).unwrap();
    assert_eq!(back, report.tuned);
    assert!(<ChessEval as TunableEval<Chess>>::from_params(back).is_ok());
}

/// Search-scored labels: each position carries the truth's own score (as a deep search would
/// give it) and a single drawn result. With the labels taken from the scores alone, the tuner
/// must land close to the truth, closer than the four-game means above allow.
#[test]
fn tuning_on_search_scores_recovers_the_truth() {
    let truth_eval = knight_up_rook_down_truth();
    let positions = random_game_positions::<Chess>(400, 4, 80, 21);
    let one_game = label(positions.clone(), &truth_eval, 1.0, 1, 23);
    let data: Vec<Sample<Chess>> = one_game
        .into_iter()
        .map(|s| {
            let p = win_probability(&s.pos, &truth_eval, 1.0).unwrap_or(0.5);
            // Back from the probability to White's centipawns (K = 1).
            let cp = 400.0 * (p / (1.0 - p)).ln();
            Sample {
                score: Some(cp.clamp(-9000.0, 9000.0) as f32),
                ..s
            }
        })
        .collect();
    let start = EvalParams::chess();
    let cfg = Config {
        search_weight: 1.0,
        ..material_only(&start)
    };
    let mut log = Vec::new();
    let report =
        tune::<Chess, ChessEval>(data, start, &cfg, &mut |l| log.push(l.to_string())).unwrap();
    let log = log.join("\n");
    assert!(log.contains("labels are now 1.00 x sigmoid"), "{log}");
    assert!(
        report.validation_mse_after < report.validation_mse_before,
        "{log}"
    );
    // Both the mg and the eg value land within 20 of the truth (seen: knight 394 / 389 for
    // 397, rook 444 / 444 for 440), where the drawn-result labels scatter by ±20% of the move.
    let off = |name: &str, truth: i32| {
        let (mg, eg) = report.tuned.get(name).unwrap();
        (mg - truth).abs().max((eg - truth).abs())
    };
    assert!(
        off("material_knight", 397) <= 20 && off("material_rook", 440) <= 20,
        "knight {:?}, rook {:?}\n{log}",
        report.tuned.get("material_knight"),
        report.tuned.get("material_rook"),
    );
}

/// The whole path the binary takes: a data file, every tunable slot, the tuned set written and
/// read back.
#[test]
fn tuning_a_data_file_lowers_the_training_error() {
    let truth = ChessEval::default();
    let positions = random_game_positions::<Chess>(60, 4, 80, 31);
    let text = to_text(&label(positions, &truth, 1.0, 1, 32));
    let path = std::env::temp_dir().join(format!("grimoire-tune-test-{}.txt", std::process::id()));
    std::fs::write(&path, format!("# synthetic\n{text}garbage line\n")).unwrap();
    let cfg = Config {
        adam: AdamConfig {
            epochs: 200,
            report_every: 50,
            ..AdamConfig::default()
        },
        ..Config::default()
    };
    let mut log = Vec::new();
    let report = tune_variant("chess", &path, EvalParams::chess(), &cfg, &mut |l| {
        log.push(l.to_string())
    });
    std::fs::remove_file(&path).unwrap();
    let report = report.unwrap();
    let log = log.join("\n");
    assert!(
        log.contains("(1 bad lines)") && log.contains("line "),
        "{log}"
    );
    assert!(log.contains("epoch   200"), "{log}");
    assert_eq!(report.tuned_slots.len(), EvalParams::chess().len() - 4);
    assert!(report.train_mse_after < report.train_mse_before, "{log}");
    for p in report.tuned.iter().filter(|p| p.name.starts_with("phase_")) {
        assert_eq!(
            Some((p.values[0], p.values[0])),
            EvalParams::chess().get(p.name)
        );
    }
    let back = grimoire_registry::params_from_text(&report.tuned.to_text()).unwrap();
    assert_eq!(back, report.tuned);
    assert!(ChessEval::try_from_params(back).is_ok());
}

/// Asserts that `leaf`'s score is its position's static score from `root`'s side to move: the
/// same where that side moves at the leaf, negated where the other does.
fn assert_leaf_scores_its_static_eval<R: Rules, E: Evaluator<R>>(
    root: &R,
    leaf: &Leaf<R>,
    eval: &E,
) {
    let sign = if leaf.pos.side_to_move() == root.side_to_move() {
        1
    } else {
        -1
    };
    assert_eq!(
        leaf.score,
        sign * eval.evaluate(&leaf.pos),
        "root {}, leaf {}",
        root.to_fen(),
        leaf.pos.to_fen()
    );
}

/// Ghost Chess: a spawn decision is taken by the player who moves next anyway, so the score
/// keeps its sign across it (G5). The leaf's score is its static score from the root side's
/// point of view, whatever the number of plies.
#[test]
fn ghost_quiescence_keeps_the_sign_across_a_decision() {
    use grimoire_engine::variants::ghost::Ghost;
    use grimoire_eval::GhostEval;
    let eval = GhostEval::default();
    // Black decides where the rook taken on a8 spawns: taking White's ghost on z8 is tactical.
    let root = Ghost::from_fen("B6k/6pp/8/8/8/8/8/4K3 b - - 0 1 Rz8 spawn=r@a8", &()).unwrap();
    let leaf = quiet_leaf(&root, &eval, 8);
    assert!(leaf.depth >= 1);
    assert_leaf_scores_its_static_eval(&root, &leaf, &eval);
    let mut checked = 0;
    for pos in random_game_positions::<Ghost>(20, 4, 60, 5)
        .iter()
        .filter(|p| !p.in_check() && p.terminal().is_none())
    {
        let leaf = quiet_leaf(pos, &eval, 8);
        if leaf.pos.terminal().is_some() || leaf.pos.in_check() || leaf.capped {
            continue;
        }
        assert_leaf_scores_its_static_eval(pos, &leaf, &eval);
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
}

/// The search's margins (`search.*`) are not evaluation terms: the tuner leaves them as the
/// starting set has them, and the tuned file carries them.
#[test]
fn tuning_carries_search_entries_through_untouched() {
    let truth = ChessEval::default();
    let positions = random_game_positions::<Chess>(40, 4, 60, 41);
    let data = label(positions, &truth, 1.0, 1, 42);
    let start = grimoire_registry::params_from_text(
        "variant chess\nsearch.rfp_margin 120\nsearch.lmr_base 0.5\nmaterial_knight 350 350\n",
    )
    .unwrap();
    let cfg = Config {
        adam: AdamConfig {
            epochs: 50,
            report_every: 0,
            ..AdamConfig::default()
        },
        // Naming a search entry is allowed (it is never tuned anyway).
        freeze: vec!["search.rfp_margin".to_string()],
        ..Config::default()
    };
    let slots = tuned_slots(&start, &cfg.freeze).unwrap();
    assert_eq!(slots, tuned_slots(&start, &[]).unwrap());
    let report = tune::<Chess, ChessEval>(data, start.clone(), &cfg, &mut |_| {}).unwrap();
    assert_ne!(
        report.tuned.as_slice(),
        start.as_slice(),
        "nothing was tuned"
    );
    assert_eq!(report.tuned.search(), start.search());
    assert_eq!(report.tuned.search().rfp_margin, 120);
    let text = report.tuned.to_text();
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().eq(["search.rfp_margin", "120"])),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().eq(["search.lmr_base", "0.5"])),
        "{text}"
    );
    let back = grimoire_registry::params_from_text(&text).unwrap();
    assert_eq!(back, report.tuned);
    let eval = ChessEval::try_from_params(back).unwrap();
    assert_eq!(eval.search_params().rfp_margin, 120);
}
