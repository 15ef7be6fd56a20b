//! `grimoire-tune`: Texel tuning of a variant's evaluation parameters from labelled positions.
//! See `docs/tuning.md`.

use clap::Parser;
use grimoire_tuning::optimize::AdamConfig;
use grimoire_tuning::prepare::Preparation;
use grimoire_tuning::tune::changes;
use grimoire_tuning::{tune_variant, variants, Config};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "grimoire-tune",
    about = "Texel tuning of evaluation parameters from `<FEN> | <result>` positions"
)]
struct Args {
    /// Variant of the positions and parameters.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Positions, one `<FEN> | <result>` per line (result: White's score 1, 0.5, 0, 1-0,
    /// 1/2-1/2, 0-1 or a number from 0 to 1).
    #[arg(long)]
    data: PathBuf,
    /// Where to write the tuned parameters (EvalParams text format).
    #[arg(long)]
    out: PathBuf,
    /// Starting parameters (default: the variant's built-in set).
    #[arg(long)]
    params: Option<PathBuf>,
    /// Linearize-and-optimize rounds.
    #[arg(long, default_value_t = 1)]
    rounds: usize,
    /// Adam steps per round (full batch).
    #[arg(long, default_value_t = 1000)]
    epochs: usize,
    /// Adam's initial step size in centipawns (decays linearly to a tenth).
    #[arg(long, default_value_t = 1.0)]
    learning_rate: f64,
    /// Ridge penalty toward the starting values, `l2 · Σ Δ²` added to the MSE (Δ in
    /// centipawns; e.g. 1e-9). 0: off.
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Seed of the validation split.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Share of the positions held out for validation.
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
    /// More parameters to hold fixed, comma-separated (`name` or `name.mg` / `name.eg`); the
    /// `phase_*` weights are always fixed.
    #[arg(long, value_delimiter = ',')]
    freeze: Vec<String>,
    /// Depth cap of the quiescence search that resolves positions.
    #[arg(long, default_value_t = 8)]
    qdepth: u32,
    /// Keep quiescence leaves where the side to move still has a capture that wins material by
    /// SEE (dropped by default).
    #[arg(long)]
    keep_tense: bool,
    /// Finite-difference step of the linearization.
    #[arg(long, default_value_t = 32)]
    delta: i32,
    /// Weight of the search's score in each label, from 0 (game results only) to 1 (the search
    /// only): `λ · sigmoid(K · score / 400) + (1 − λ) · result`, `K` fitted on the results. Needs
    /// `<FEN> | <score> | <result>` lines (`grimoire selfplay --position-labels search`).
    #[arg(long, default_value_t = 0.0)]
    search_weight: f64,
    /// Leave out positions whose search score is beyond ± this many centipawns (mates): their
    /// certain labels say little about the terms.
    #[arg(long)]
    score_limit: Option<f32>,
    /// Print the MSE every this many epochs (0: never).
    #[arg(long, default_value_t = 100)]
    report_every: usize,
}

fn run(args: Args) -> Result<(), String> {
    if !variants().contains(&args.variant.as_str()) {
        return Err(format!(
            "no tuner for variant {:?} (known: {})",
            args.variant,
            variants().join(", ")
        ));
    }
    if let Some(n) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| format!("cannot start {n} threads: {e}"))?;
    }
    if !(0.0..=1.0).contains(&args.search_weight) {
        return Err("--search-weight must be between 0 and 1".into());
    }
    if args.delta == 0 {
        return Err("--delta must not be zero".into());
    }
    let start = match &args.params {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            grimoire_registry::params_from_text(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => grimoire_registry::default_params(&args.variant)
            .ok_or_else(|| format!("no default parameters for {:?}", args.variant))?,
    };
    let cfg = Config {
        rounds: args.rounds,
        adam: AdamConfig {
            epochs: args.epochs,
            learning_rate: args.learning_rate,
            report_every: args.report_every,
            l2: args.l2,
            ..AdamConfig::default()
        },
        validation: args.validation,
        seed: args.seed,
        freeze: args.freeze,
        preparation: Preparation {
            max_depth: args.qdepth,
            drop_tense: !args.keep_tense,
        },
        delta: args.delta,
        search_weight: args.search_weight,
        score_limit: args.score_limit,
    };
    let report = tune_variant(&args.variant, &args.data, start, &cfg, &mut |line| {
        println!("{line}")
    })?;
    std::fs::write(&args.out, report.tuned.to_text())
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    let changed = changes(&report.start, &report.tuned);
    println!("{} slots changed; largest changes:", changed.len());
    for (name, before, after) in changed.iter().take(20) {
        println!("  {name:<28} {before:>6} -> {after:>6}");
    }
    println!(
        "timing: preparation {:.2} s ({:.0} positions/s), linearization {:.2} s ({:.0} \
         positions/s), Adam {:.2} s",
        report.prepare_secs,
        report.prepare.input as f64 / report.prepare_secs.max(1e-9),
        report.linearize_secs,
        report.linearized_positions as f64 / report.linearize_secs.max(1e-9),
        report.optimize_secs
    );
    println!("wrote {}", args.out.display());
    Ok(())
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("grimoire-tune: {e}");
            ExitCode::FAILURE
        }
    }
}
