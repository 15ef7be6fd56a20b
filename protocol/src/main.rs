//! `grimoire`: the UCI engine (no arguments) and command-line tools.

use clap::{Parser, Subcommand};
use grimoire_arena::cli::{self, MatchArgs, SelfplayArgs};
use grimoire_arena::tournament::{MatchConfig, MatchSummary};
use grimoire_engine::perft::PerftMode;
use grimoire_protocol::output::Output;
use grimoire_protocol::uci::{run_bench, Engine};
use grimoire_registry as registry;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "grimoire",
    version,
    about = "Grimoire: a game engine for fantasy chess variants (UCI)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the UCI engine on standard input and output (the default).
    Uci,
    /// Count legal move sequences (perft) from a position.
    Perft {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        depth: u32,
        /// Start from this FEN instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play from the start position or FEN first.
        #[arg(long, num_args = 1..)]
        moves: Vec<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Worker threads (root moves are split between them), 1 to 1024 like the UCI
        /// `Threads` option.
        #[arg(long, default_value_t = 1, value_parser = threads_in_range)]
        threads: usize,
        /// Count every distinct outcome of a chance step as its own child (G6) instead of the
        /// variant's convention (Hobgoblin HOB-151: every roll survives).
        #[arg(long)]
        chance: bool,
    },
    /// Search the variant's fixed bench positions with one thread: total nodes (a
    /// deterministic signature of the search) and nodes per second.
    Bench {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Depth (default: the variant's own, which takes seconds: 9 for chess, Duggan and
        /// Ghost, 7 for ArchMage, 6 for Eldritch, 3 for Hobgoblin).
        #[arg(long)]
        depth: Option<u32>,
    },
    /// List the variants this engine plays.
    Variants,
    /// Print a position as text, write it as an SVG or PNG picture (`--svg out.svg`,
    /// `--png out.png`), or print its board view as JSON (`--json`).
    Show(grimoire_pictures::show::ShowArgs),
    /// Play this engine against itself, or two configurations of it (`--first`/`--second`
    /// options), and report W/D/L, Elo and an optional SPRT verdict.
    Selfplay(SelfplayArgs),
    /// Play two UCI engines against each other (any engines speaking our UCI dialect).
    Match(MatchArgs),
    /// A board in the browser: play any variant against the engine or a person, watch the
    /// engine play itself, analyse (docs/serve.md). Binds to the loopback address unless
    /// --host says otherwise; then every request needs the token in the printed URL.
    Serve {
        /// The port to listen on (0 picks a free one).
        #[arg(long, default_value_t = grimoire_serve::DEFAULT_PORT)]
        port: u16,
        /// The address to listen on (127.0.0.1 by default: this machine only).
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// Open the page in the desktop's browser.
        #[arg(long)]
        open: bool,
        /// The token every request must carry (printed in the URL). Off loopback the default
        /// is a random one; on loopback none, and only localhost names are answered either way.
        /// Empty is refused; under 16 characters is warned of.
        #[arg(long)]
        token: Option<String>,
    },
    /// Soak test: seeded random and engine games to the end in every variant (or one),
    /// checking hashes, copy-make, move tokens and the result after every action.
    Soak {
        /// A variant, or `all` for every registered one.
        #[arg(long, default_value = "all")]
        variant: String,
        /// Seconds per variant (no new game starts after them).
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
        /// Games per variant at most.
        #[arg(long, default_value_t = 1_000_000)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Every n-th game is played by the search (0: random games only).
        #[arg(long, default_value_t = 4)]
        engine_every: usize,
        /// Nodes per engine move.
        #[arg(long, default_value_t = 2_000)]
        nodes: u64,
        /// Plies after which a game is abandoned.
        #[arg(long, default_value_t = 600)]
        max_plies: usize,
    },
}

/// Prints the report of a finished match; a match with setup errors exits with status 2, one
/// where a game ended in a rule infraction (illegal move, crash) with status 1.
/// A `--threads` value within the UCI option's bounds (1 to
/// [`grimoire_protocol::engine_options::MAX_THREADS`]).
fn threads_in_range(text: &str) -> Result<usize, String> {
    let max = grimoire_protocol::engine_options::MAX_THREADS as usize;
    match text.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a whole number of threads from 1 to {max}"
        )),
    }
}

fn finish_match(result: Result<(MatchConfig, MatchSummary, String), String>) -> ExitCode {
    match result {
        Ok((_, summary, text)) => {
            emit(&text);
            ExitCode::from(summary.exit_status())
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn perft(
    variant: &str,
    depth: u32,
    fen: Option<&str>,
    moves: &[String],
    divide: bool,
    threads: usize,
    chance: bool,
) -> Result<(), String> {
    let mut game = registry::create(variant).ok_or_else(|| {
        format!(
            "unknown variant '{variant}' (known: {})",
            registry::variant_names().join(", ")
        )
    })?;
    let tokens: Vec<&str> = moves.iter().map(String::as_str).collect();
    game.set_position(fen, &tokens).map_err(|e| e.to_string())?;
    if let Some(why) = game.beyond_fen_limits() {
        return Err(format!(
            "perft refuses a position past the FEN limits: {why}"
        ));
    }
    let never = AtomicBool::new(false);
    let mode = if chance {
        PerftMode::Chance
    } else {
        PerftMode::Convention
    };
    let started = Instant::now();
    let counts = game
        .perft_divide(depth, threads.max(1), mode, &never)
        .ok_or("perft interrupted")?;
    let secs = started.elapsed().as_secs_f64();
    let total: u64 = if depth == 0 {
        1
    } else {
        counts.iter().map(|(_, n)| n).sum()
    };
    let mut report = String::new();
    if divide {
        for (m, n) in &counts {
            report += &format!("{m}: {n}\n");
        }
        report.push('\n');
    }
    report += &format!("Nodes searched: {total}\n");
    report += &format!("Time: {:.3} s\n", secs);
    report += &format!("NPS: {:.0}\n", total as f64 / secs.max(1e-9));
    emit(&report);
    Ok(())
}

/// Writes a subcommand's report to standard output. A reader that stops early (`| head`)
/// closes the pipe: the report then ends quietly instead of panicking as `println!` does.
fn emit(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: writing the report: {e}");
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None | Some(Command::Uci) => {
            let mut engine = Engine::new(Output::stdout());
            engine.run(std::io::stdin().lock());
            ExitCode::SUCCESS
        }
        Some(Command::Bench { variant, depth }) => {
            let result = registry::create(&variant)
                .ok_or_else(|| {
                    format!(
                        "unknown variant '{variant}' (known: {})",
                        registry::variant_names().join(", ")
                    )
                })
                .and_then(|game| {
                    let depth = depth.unwrap_or_else(|| game.entry().bench_depth);
                    run_bench(game.as_ref(), depth.clamp(1, 64))
                });
            match result {
                Ok(lines) => {
                    emit(&(lines.join("\n") + "\n"));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Show(args)) => match grimoire_pictures::show::run(&args) {
            Ok(text) => {
                emit(&(text + "\n"));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Selfplay(args)) => finish_match(cli::selfplay(&args)),
        Some(Command::Match(args)) => finish_match(cli::external_match(&args)),
        Some(Command::Soak {
            variant,
            seconds,
            games,
            seed,
            engine_every,
            nodes,
            max_plies,
        }) => {
            let config = grimoire_engine::soak::SoakConfig {
                games,
                seed,
                engine_every,
                search_nodes: nodes,
                max_plies,
                ..Default::default()
            };
            if grimoire_protocol::reliability::run_soak(&variant, seconds, &config) {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Some(Command::Serve {
            port,
            host,
            open,
            token,
        }) => {
            let config = grimoire_serve::Config {
                host,
                port,
                token,
                ..Default::default()
            };
            match grimoire_serve::run(config, open) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Variants) => {
            emit(&(registry::variant_names().join("\n") + "\n"));
            ExitCode::SUCCESS
        }
        Some(Command::Perft {
            variant,
            depth,
            fen,
            moves,
            divide,
            threads,
            chance,
        }) => match perft(
            &variant,
            depth,
            fen.as_deref(),
            &moves,
            divide,
            threads,
            chance,
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
    }
}
