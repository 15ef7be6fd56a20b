//! `grimoire-nnue`: trains the chess network from labelled positions (`docs/tuning.md`,
//! Network) and writes the file that `EvalFile` loads.

use clap::Parser;
use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::variants::chess::Chess;
use grimoire_eval::chess::nnue::{Network, SCALE};
use grimoire_eval::{ChessEval, EvalParams};
use grimoire_tuning::data::{load_file, Sample};
use grimoire_tuning::nnue::{loss, train, FloatNet, TrainConfig, TrainSample};
use grimoire_tuning::optimize::sigmoid;
use grimoire_tuning::prepare::{prepare, split, Preparation};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "grimoire-nnue",
    about = "Trains the chess network from labelled positions"
)]
struct Args {
    /// Position files: `<FEN> | <result>` or `<FEN> | <score> | <result>` lines (White's view).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Where to write the network (rewritten after every epoch).
    #[arg(long)]
    out: PathBuf,
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    #[arg(long, default_value_t = 16_384)]
    batch: usize,
    #[arg(long, default_value_t = 0.001)]
    learning_rate: f32,
    /// Step size factor at 60% and again at 85% of the epochs.
    #[arg(long, default_value_t = 0.3)]
    decay: f32,
    /// Weight of the search score in the target (the rest is the result label).
    #[arg(long, default_value_t = 0.5)]
    score_weight: f32,
    /// `K` of `sigmoid(K · score / 400)` that turns a search score into an expected score.
    #[arg(long, default_value_t = 4.2)]
    k: f64,
    /// Validation positions from other games (instead of a share of `--data`).
    #[arg(long)]
    validation_data: Option<PathBuf>,
    /// Share of the positions held out for validation (without `--validation-data`).
    #[arg(long, default_value_t = 0.02)]
    validation: f64,
    /// Depth cap of the quiescence search that resolves positions.
    #[arg(long, default_value_t = 8)]
    qdepth: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Add each training position without castling rights again with its files reversed.
    #[arg(long)]
    mirror: bool,
    /// Train a correction to the terms' evaluation (the network's output is added to it).
    #[arg(long)]
    residual: bool,
    /// Give the network one output layer per band of piece counts (8 bands) instead of one.
    #[arg(long)]
    output_buckets: bool,
    /// Start from this network file's weights (its shape and kind) instead of random ones:
    /// more training of a shipped network on new positions.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
}

/// The shipped chess terms without the network: what a residual network corrects, and the
/// quiescence that resolves positions.
fn terms_only() -> ChessEval {
    ChessEval::from_params(EvalParams::chess_tuned())
}

/// Reads position files and resolves them to quiet leaves; `None` after printing an error.
fn load_leaves(paths: &[PathBuf], how: Preparation) -> Option<Vec<Sample<Chess>>> {
    let mut samples = Vec::new();
    for path in paths {
        match load_file::<Chess>(path) {
            Ok((s, stats)) => {
                eprintln!(
                    "{}: {} positions, {} bad lines {:?}",
                    path.display(),
                    s.len(),
                    stats.bad_lines,
                    stats.first_errors
                );
                samples.extend(s);
            }
            Err(e) => {
                eprintln!("error: {e}");
                return None;
            }
        }
    }
    let (leaves, stats) = prepare(samples, &terms_only(), how);
    eprintln!("{stats:?}");
    Some(leaves)
}

/// The weights training starts from: `--init`'s file (its shape must be the one asked for),
/// else small random ones.
fn start_network(args: &Args) -> Result<FloatNet, String> {
    let buckets = if args.output_buckets {
        grimoire_eval::chess::nnue::BUCKETS
    } else {
        1
    };
    let Some(path) = &args.init else {
        let output_scale = if args.residual { 0.01 } else { 1.0 };
        return Ok(FloatNet::random(args.seed, output_scale, buckets));
    };
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let net = Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    if net.is_residual() != args.residual || net.buckets() != buckets {
        return Err(format!(
            "{} is not a network of this shape (--residual, --output-buckets)",
            path.display()
        ));
    }
    Ok(FloatNet::from_network(&net))
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(t) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global()
            .expect("one global pool");
    }
    let how = Preparation {
        max_depth: args.qdepth,
        drop_tense: true,
    };
    // Read a starting file before the positions, so a wrong one fails at once.
    let start = match start_network(&args) {
        Ok(net) => net,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(leaves) = load_leaves(&args.data, how) else {
        return ExitCode::FAILURE;
    };
    // Positions of one game are alike: a validation set drawn from the same games flatters
    // the fit, so separate games (another file) are the honest measure.
    let (train_leaves, valid_leaves) = match &args.validation_data {
        Some(path) => match load_leaves(std::slice::from_ref(path), how) {
            Some(valid) => (leaves, valid),
            None => return ExitCode::FAILURE,
        },
        None => split(leaves, args.validation, args.seed),
    };
    let convert = |leaves: &[Sample<Chess>]| -> Vec<TrainSample> {
        leaves
            .iter()
            .filter_map(|s| TrainSample::from_sample(s, args.k, args.score_weight))
            .collect()
    };
    let hce = terms_only();
    let convert = |leaves: &[Sample<Chess>]| -> Vec<TrainSample> {
        let mut samples = convert(leaves);
        if args.residual {
            for (s, leaf) in samples.iter_mut().zip(leaves) {
                s.set_base((args.k * hce.evaluate(&leaf.pos) as f64 / 400.0) as f32);
            }
        }
        samples
    };
    let (mut train_set, valid) = (convert(&train_leaves), convert(&valid_leaves));
    if args.mirror {
        let mirrored: Vec<TrainSample> = train_set
            .iter()
            .zip(&train_leaves)
            .filter(|(_, leaf)| TrainSample::mirrorable(&leaf.pos))
            .map(|(s, _)| s.file_mirror())
            .collect();
        eprintln!("{} file-mirrored copies added", mirrored.len());
        train_set.extend(mirrored);
    }
    drop(train_leaves);
    eprintln!(
        "{} training, {} validation positions",
        train_set.len(),
        valid.len()
    );
    // The terms' evaluation on the same validation positions, by the same measure.
    let hce_loss = valid_leaves
        .iter()
        .zip(&valid)
        .map(|(leaf, s)| {
            let cp = hce.evaluate(&leaf.pos) as f64;
            (sigmoid(args.k * cp / 400.0) - s.target() as f64).powi(2)
        })
        .sum::<f64>()
        / valid.len().max(1) as f64;
    eprintln!("the terms' evaluation: validation {hce_loss:.6}");
    let config = TrainConfig {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        decay: args.decay,
        seed: args.seed,
    };
    eprintln!("epoch 0: validation {:.6}", loss(&start, &valid));
    // The file keeps the epoch with the best validation loss (more epochs over-fit).
    let (mut failed, mut best) = (false, (f64::INFINITY, 0, start.clone()));
    train(start, train_set, &config, |epoch, train_loss, net| {
        let valid_loss = loss(net, &valid);
        eprintln!("epoch {epoch}: training {train_loss:.6}, validation {valid_loss:.6}");
        if valid_loss < best.0 {
            best = (valid_loss, epoch, net.clone());
            if let Err(e) = std::fs::write(&args.out, net.quantise(args.residual).to_bytes()) {
                eprintln!("error: cannot write {}: {e}", args.out.display());
                failed = true;
            }
        }
    });
    let (best_loss, best_epoch, net) = best;
    eprintln!("kept epoch {best_epoch}: validation {best_loss:.6}");
    // How far quantisation moves the evaluation, in centipawns.
    let q = net.quantise(args.residual);
    let shown = valid.len().min(10_000);
    let drift: f64 = valid[..shown]
        .iter()
        .map(|s| {
            let float = (net.forward(s) - s.base()) as f64 * SCALE as f64;
            (q.evaluate_sample(s.us(), s.them()) as f64 - float).abs()
        })
        .sum::<f64>()
        / shown.max(1) as f64;
    eprintln!("quantised against float: {drift:.2} cp mean absolute difference");
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
