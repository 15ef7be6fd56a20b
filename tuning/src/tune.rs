//! The tuning pipeline, generic over the variant `R` and its evaluator `E`: prepare the positions,
//! split off validation, fit `K`, then rounds of linearize → Adam → round and measure on the
//! real evaluator.

use crate::data::{load_file, Sample};
use crate::linear::{evaluate_all, LinearModel};
use crate::optimize::{adam, fit_k, mse, sigmoid, AdamConfig};
use crate::prepare::{prepare, split, Preparation, PrepareStats};
use grimoire_engine::Rules;
use grimoire_eval::{EvalParams, TunableEval};
use std::path::Path;
use std::time::Instant;

/// Parameters whose names start with this are held fixed: the phase weights move the blend of
/// every tapered term, so the evaluation is not linear in them.
pub const NONLINEAR_PREFIX: &str = "phase_";

/// Settings of a tuning run.
#[derive(Clone, Debug)]
pub struct Config {
    /// Linearize → optimize rounds (each re-linearizes around the previous round's result).
    pub rounds: usize,
    pub adam: AdamConfig,
    /// Share of the prepared positions held out for validation.
    pub validation: f64,
    /// Seed of the validation split.
    pub seed: u64,
    /// Further parameters (`name`, or one slot `name.mg` / `name.eg`) to hold fixed.
    pub freeze: Vec<String>,
    /// How positions are resolved to quiet ones.
    pub preparation: Preparation,
    /// Finite-difference step of the linearization, in parameter units.
    pub delta: i32,
    /// Weight λ of the search's verdict in each label: `λ · sigmoid(K · score / 400) +
    /// (1 − λ) · result`, with `K` fitted on the results. 0 labels by results alone; above 0
    /// every position needs a score.
    pub search_weight: f64,
    /// Positions whose search score is beyond ± this many centipawns (mates, lost causes) are
    /// left out before preparation: their labels are certainties that say little about the
    /// terms. `None` keeps them.
    pub score_limit: Option<f32>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            rounds: 1,
            adam: AdamConfig::default(),
            validation: 0.1,
            seed: 1,
            freeze: Vec::new(),
            preparation: Preparation::default(),
            delta: 32,
            search_weight: 0.0,
            score_limit: None,
        }
    }
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct Report {
    pub prepare: PrepareStats,
    pub train_positions: usize,
    pub validation_positions: usize,
    /// The fitted scale of `sigmoid(K · eval / 400)`.
    pub k: f64,
    /// True MSE (real evaluator) before and after, on the training and validation sets.
    pub train_mse_before: f64,
    pub train_mse_after: f64,
    pub validation_mse_before: f64,
    pub validation_mse_after: f64,
    /// The slots that were variables.
    pub tuned_slots: Vec<usize>,
    /// Rounds whose result was kept.
    pub rounds_kept: usize,
    pub start: EvalParams,
    pub tuned: EvalParams,
    /// Wall-clock seconds of preparation (quiescence, dedup), of all linearizations and of all
    /// Adam runs.
    pub prepare_secs: f64,
    pub linearize_secs: f64,
    pub optimize_secs: f64,
    /// Positions linearized, over all rounds.
    pub linearized_positions: usize,
}

/// The slots that are tuned: every slot except those of `phase_*` parameters and of `freeze`.
/// The search's margins (`search.*`) are no slots: the static evaluation does not depend on
/// them, so they are never tuned and a tuned set carries them through unchanged; naming one in
/// `freeze` is allowed and changes nothing.
pub fn tuned_slots(params: &EvalParams, freeze: &[String]) -> Result<Vec<usize>, String> {
    let mut frozen = vec![false; params.len()];
    for p in params.iter() {
        if p.name.starts_with(NONLINEAR_PREFIX) {
            let at = params.slot_of(p.name).unwrap();
            frozen[at..at + p.values.len()].fill(true);
        }
    }
    for name in freeze.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
        if params.search().get(name).is_some() {
            continue;
        }
        if let Some(at) = params.slot_of(name) {
            let len = params.iter().find(|p| p.name == name).unwrap().values.len();
            frozen[at..at + len].fill(true);
            continue;
        }
        let slot = name.rsplit_once('.').and_then(|(base, part)| {
            let at = params.slot_of(base)?;
            let tapered = params.iter().find(|p| p.name == base)?.is_tapered();
            match (part, tapered) {
                ("mg", true) => Some(at),
                ("eg", true) => Some(at + 1),
                _ => None,
            }
        });
        match slot {
            Some(s) => frozen[s] = true,
            None => {
                return Err(format!(
                    "--freeze: unknown parameter {name:?} for variant {}",
                    params.variant()
                ))
            }
        }
    }
    Ok((0..params.len()).filter(|&s| !frozen[s]).collect())
}

fn true_mse<R: Rules, E: TunableEval<R>>(
    params: &EvalParams,
    samples: &[Sample<R>],
    k: f64,
) -> Result<f64, String> {
    let eval = E::from_params(params.clone())?;
    let evals: Vec<f64> = evaluate_all(&eval, samples)
        .into_iter()
        .map(f64::from)
        .collect();
    let results: Vec<f32> = samples.iter().map(|s| s.result).collect();
    Ok(mse(&evals, &results, k))
}

/// Tunes `start` on `samples` (positions labelled with White's game result).
pub fn tune<R: Rules, E: TunableEval<R>>(
    samples: Vec<Sample<R>>,
    start: EvalParams,
    cfg: &Config,
    log: &mut dyn FnMut(&str),
) -> Result<Report, String> {
    let start_eval = E::from_params(start.clone())?;
    let slots = tuned_slots(&start, &cfg.freeze)?;
    let samples = match cfg.score_limit {
        Some(limit) => {
            let before = samples.len();
            let kept: Vec<Sample<R>> = samples
                .into_iter()
                .filter(|s| s.score.is_none_or(|v| v.abs() <= limit))
                .collect();
            log(&format!(
                "left out {} positions scored beyond ±{limit} centipawns",
                before - kept.len()
            ));
            kept
        }
        None => samples,
    };

    let t = Instant::now();
    let (positions, prep) = prepare(samples, &start_eval, cfg.preparation);
    let prepare_secs = t.elapsed().as_secs_f64();
    log(&format!(
        "prepared {} positions in {prepare_secs:.2} s ({:.0}/s): {} over, {} in check, {} bad \
         leaves, {} tense leaves, {} duplicates merged, {} quiet ({} cut by the depth cap)",
        prep.input,
        prep.input as f64 / prepare_secs.max(1e-9),
        prep.terminal,
        prep.in_check,
        prep.bad_leaf,
        prep.tense,
        prep.duplicates,
        prep.quiet,
        prep.capped
    ));
    let (train, valid) = split(positions, cfg.validation, cfg.seed);
    if train.is_empty() {
        return Err("no training positions left after preparation".into());
    }
    log(&format!(
        "{} training, {} validation positions; {} of {} slots tuned",
        train.len(),
        valid.len(),
        slots.len(),
        start.len()
    ));

    let mut train = train;
    let mut valid = valid;
    let mut results: Vec<f32> = train.iter().map(|s| s.result).collect();
    let evals: Vec<f64> = evaluate_all(&start_eval, &train)
        .into_iter()
        .map(f64::from)
        .collect();
    let k = fit_k(&evals, &results);
    if cfg.search_weight > 0.0 {
        let before = mse(&evals, &results, k);
        blend_search_labels(&mut train, k, cfg.search_weight)?;
        blend_search_labels(&mut valid, k, cfg.search_weight)?;
        results = train.iter().map(|s| s.result).collect();
        log(&format!(
            "K = {k:.4} from the results (MSE {before:.6}); labels are now {:.2} x \
             sigmoid(K x score / 400) + {:.2} x result",
            cfg.search_weight,
            1.0 - cfg.search_weight
        ));
    }
    let train_mse_before = mse(&evals, &results, k);
    let validation_mse_before = true_mse::<R, E>(&start, &valid, k)?;
    log(&format!(
        "K = {k:.4}; MSE train {train_mse_before:.6}, validation {validation_mse_before:.6}"
    ));

    let anchor: Vec<f64> = slots.iter().map(|&s| start.as_slice()[s] as f64).collect();
    let mut params = start.clone();
    let mut current = train_mse_before;
    let (mut linearize_secs, mut optimize_secs, mut linearized_positions) = (0.0, 0.0, 0);
    let mut rounds_kept = 0;
    for round in 1..=cfg.rounds {
        let t = Instant::now();
        let model = LinearModel::build::<R, E>(&params, &train, &slots, cfg.delta)?;
        let secs = t.elapsed().as_secs_f64();
        linearize_secs += secs;
        linearized_positions += train.len();
        log(&format!(
            "round {round}: linearized {} positions x {} slots in {secs:.2} s ({:.0} positions/s), \
             {:.1} non-zero coefficients per position",
            train.len(),
            slots.len(),
            train.len() as f64 / secs.max(1e-9),
            model.nonzeros() as f64 / train.len() as f64
        ));
        let t = Instant::now();
        let theta = adam(
            &model,
            &results,
            k,
            model.theta0.clone(),
            &anchor,
            &cfg.adam,
            &mut |epoch, m| {
                log(&format!(
                    "round {round}: epoch {epoch:>5}  linear MSE {m:.6}"
                ))
            },
        );
        optimize_secs += t.elapsed().as_secs_f64();
        let mut next = params.clone();
        for (&slot, &v) in slots.iter().zip(&theta) {
            next.as_mut_slice()[slot] = v.round() as i32;
        }
        let after = true_mse::<R, E>(&next, &train, k)?;
        log(&format!(
            "round {round}: true train MSE {current:.6} -> {after:.6}"
        ));
        if after >= current {
            log(&format!(
                "round {round}: no improvement on the real evaluator; keeping the previous parameters"
            ));
            break;
        }
        params = next;
        current = after;
        rounds_kept = round;
    }
    let validation_mse_after = true_mse::<R, E>(&params, &valid, k)?;
    log(&format!(
        "final MSE train {train_mse_before:.6} -> {current:.6}, validation \
         {validation_mse_before:.6} -> {validation_mse_after:.6}"
    ));
    Ok(Report {
        prepare: prep,
        train_positions: train.len(),
        validation_positions: valid.len(),
        k,
        train_mse_before,
        train_mse_after: current,
        validation_mse_before,
        validation_mse_after,
        tuned_slots: slots,
        rounds_kept,
        start,
        tuned: params,
        prepare_secs,
        linearize_secs,
        optimize_secs,
        linearized_positions,
    })
}

/// Replaces each sample's label by `weight · sigmoid(k · score / 400) + (1 − weight) · result`:
/// the search's verdict turned into an expected score on the scale that the game results give
/// the evaluation. Every sample needs a score.
pub fn blend_search_labels<R>(
    samples: &mut [Sample<R>],
    k: f64,
    weight: f64,
) -> Result<(), String> {
    let weight = weight.clamp(0.0, 1.0);
    for s in samples.iter_mut() {
        let score = s.score.ok_or_else(|| {
            "a position has no search score: search-weighted labels need \
             `<FEN> | <score> | <result>` lines (grimoire selfplay --position-labels search)"
                .to_string()
        })?;
        let verdict = sigmoid(k * score as f64 / 400.0);
        s.result = (weight * verdict + (1.0 - weight) * s.result as f64) as f32;
    }
    Ok(())
}

/// Loads `data` as positions of `R` and tunes `start` on them.
pub fn tune_file<R: Rules, E: TunableEval<R>>(
    data: &Path,
    start: EvalParams,
    cfg: &Config,
    log: &mut dyn FnMut(&str),
) -> Result<Report, String> {
    // Settings errors first, before a long load.
    E::from_params(start.clone())?;
    tuned_slots(&start, &cfg.freeze)?;
    let t = Instant::now();
    let (samples, stats) = load_file::<R>(data)?;
    log(&format!(
        "loaded {} positions from {} in {:.2} s ({} bad lines)",
        samples.len(),
        data.display(),
        t.elapsed().as_secs_f64(),
        stats.bad_lines
    ));
    for e in &stats.first_errors {
        log(&format!("  skipped {e}"));
    }
    if stats.bad_lines > stats.first_errors.len() {
        log(&format!(
            "  ... and {} more bad lines",
            stats.bad_lines - stats.first_errors.len()
        ));
    }
    tune::<R, E>(samples, start, cfg, log)
}

/// The slots whose value changed, as `(slot name, before, after)`, largest change first.
pub fn changes(before: &EvalParams, after: &EvalParams) -> Vec<(String, i32, i32)> {
    let mut out: Vec<(String, i32, i32)> = before
        .as_slice()
        .iter()
        .zip(after.as_slice())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(s, (&a, &b))| (before.slot_name(s).unwrap_or_default(), a, b))
        .collect();
    out.sort_by_key(|(_, a, b)| std::cmp::Reverse((b - a).abs()));
    out
}
