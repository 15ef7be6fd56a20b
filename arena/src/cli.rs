//! The command-line front of the arena: `grimoire selfplay` (this engine against itself, in
//! one or two configurations) and `grimoire match` (any two UCI engines).

use crate::engine_process::EngineSpec;
use crate::limits::MoveLimit;
use crate::openings::OpeningSource;
use crate::referee::{Adjudication, GameSettings};
use crate::stats::Sprt;
use crate::tournament::{report, run_match, MatchConfig, MatchSummary, PositionLabels};
use clap::{ArgGroup, Args};
use grimoire_registry as registry;
use std::path::PathBuf;

/// What both `selfplay` and `match` take.
#[derive(Args, Debug, Clone)]
#[command(group(ArgGroup::new("limit").required(true).args(["tc", "movetime", "depth", "nodes"])))]
pub struct ArenaArgs {
    #[arg(long, default_value = "chess")]
    pub variant: String,
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Clock per side: `<base>+<inc>` in seconds, e.g. `10+0.1`.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Fixed search depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Fixed node count per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// A depth limit for the first engine only (a handicap match), overriding the match limit.
    #[arg(long)]
    pub first_depth: Option<u32>,
    /// A depth limit for the second engine only.
    #[arg(long)]
    pub second_depth: Option<u32>,
    /// A node limit for the first engine only (a handicap or scaling match), overriding the
    /// match limit.
    #[arg(long)]
    pub first_nodes: Option<u64>,
    /// A node limit for the second engine only.
    #[arg(long)]
    pub second_nodes: Option<u64>,
    /// Games played at once (each game runs two engine processes).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// `random:<plies>` (seeded random plies), `startpos`, or a file with one FEN or
    /// `startpos|fen <FEN> [moves ...]` per line. Each opening is played with both colours.
    #[arg(long, default_value = "random:8")]
    pub openings: String,
    /// Seed of the openings and the chance events (a match replays exactly with the same seed).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Both games of a colour-swapped pair roll their chance events from one seed (common random
    /// numbers): where the engines play alike, the dice cannot decide the pair, so a comparison
    /// of two close configurations needs far fewer games. Off by default, so that earlier seeds
    /// replay as they did.
    #[arg(long)]
    pub pair_dice: bool,
    /// Write every game here as PGN.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Write `<FEN> | <label>` for every decided position (tuning data).
    #[arg(long)]
    pub positions: Option<PathBuf>,
    /// What follows each FEN there: `result` (`| <White's points>`) or `search`
    /// (`| <the mover's search score, centipawns from White's view> | <White's points>`).
    #[arg(long, default_value = "result")]
    pub position_labels: String,
    /// Draw the final position as SVG: `{n}` in the name gives one file per game, otherwise
    /// the last game's.
    #[arg(long)]
    pub svg: Option<String>,
    /// `NAME=VALUE` option for both engines (variant rule options also bind the referee).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// `NAME=VALUE` option for the first engine only.
    #[arg(long = "first", value_name = "NAME=VALUE")]
    pub first_options: Vec<String>,
    /// `NAME=VALUE` option for the second engine only.
    #[arg(long = "second", value_name = "NAME=VALUE")]
    pub second_options: Vec<String>,
    /// Stop when an SPRT decides: `elo0=<x>,elo1=<y>[,alpha=0.05][,beta=0.05]`.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Resign adjudication: a side whose score stays at or below minus this many centipawns...
    #[arg(long)]
    pub resign_score: Option<i32>,
    /// ...for this many of its moves in a row loses.
    #[arg(long, default_value_t = 4)]
    pub resign_plies: u32,
    /// Draw adjudication: both scores within ± this many centipawns...
    #[arg(long)]
    pub draw_score: Option<i32>,
    /// ...for this many plies in a row.
    #[arg(long, default_value_t = 12)]
    pub draw_plies: u32,
    /// Adjudicate a draw once a game reaches this many plies (after the opening). Games are
    /// bounded even without it: a Duggan game can go on forever by the rules (every Mercenary
    /// step restarts both the repetition history and the fifty-move count, DUG-53, DUG-54).
    #[arg(long, default_value_t = 2000)]
    pub max_plies: u32,
    /// Milliseconds a move may overrun the clock before it counts as a time loss.
    #[arg(long, default_value_t = 0)]
    pub time_margin: u64,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// `grimoire selfplay`.
#[derive(Args, Debug, Clone)]
pub struct SelfplayArgs {
    #[command(flatten)]
    pub arena: ArenaArgs,
}

/// `grimoire match`.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// An engine command line (give two), e.g. `--engine /usr/games/stockfish --engine grimoire`.
    #[arg(long = "engine", required = true, num_args = 1)]
    pub engines: Vec<String>,
    /// Names for the two engines in results and PGN (default: their `id name`... or command).
    #[arg(long = "name")]
    pub names: Vec<String>,
    #[command(flatten)]
    pub arena: ArenaArgs,
}

fn name_value(text: &str) -> Result<(String, String), String> {
    let (n, v) = text
        .split_once('=')
        .ok_or_else(|| format!("option '{text}' is not NAME=VALUE"))?;
    Ok((n.trim().to_string(), v.trim().to_string()))
}

fn parse_all(list: &[String]) -> Result<Vec<(String, String)>, String> {
    list.iter().map(|t| name_value(t)).collect()
}

fn limit(args: &ArenaArgs) -> Result<MoveLimit, String> {
    if let Some(tc) = &args.tc {
        return MoveLimit::parse_tc(tc);
    }
    if let Some(ms) = args.movetime {
        return Ok(MoveLimit::MoveTime(ms.max(1)));
    }
    if let Some(d) = args.depth {
        return Ok(MoveLimit::Depth(d.clamp(1, 64)));
    }
    if let Some(n) = args.nodes {
        return Ok(MoveLimit::Nodes(n.max(1)));
    }
    Err("give one of --tc, --movetime, --depth, --nodes".to_string())
}

/// One engine's limit: its own depth or node count where given, else the match's.
fn engine_limit(depth: Option<u32>, nodes: Option<u64>, match_limit: MoveLimit) -> MoveLimit {
    match (depth, nodes) {
        (Some(d), _) => MoveLimit::Depth(d.clamp(1, 64)),
        (None, Some(n)) => MoveLimit::Nodes(n.max(1)),
        (None, None) => match_limit,
    }
}

/// The match configuration, with `commands` and `labels` for the two engines.
fn config(
    args: &ArenaArgs,
    commands: [Vec<String>; 2],
    labels: [String; 2],
) -> Result<MatchConfig, String> {
    let variant = registry::create(&args.variant)
        .ok_or_else(|| {
            format!(
                "unknown variant '{}' (known: {})",
                args.variant,
                registry::variant_names().join(", ")
            )
        })?
        .variant()
        .to_string();
    let shared = parse_all(&args.options)?;
    // Options the variant's rules know also bind the referee.
    let rule_names: Vec<&str> = registry::create(&variant)
        .map(|g| (g.entry().options)().iter().map(|o| o.name).collect())
        .unwrap_or_default();
    let rule_options: Vec<(String, String)> = shared
        .iter()
        .filter(|(n, _)| rule_names.iter().any(|r| r.eq_ignore_ascii_case(n)))
        .cloned()
        .collect();
    let per_side = [
        parse_all(&args.first_options)?,
        parse_all(&args.second_options)?,
    ];
    for side in &per_side {
        if let Some((n, _)) = side
            .iter()
            .find(|(n, _)| rule_names.iter().any(|r| r.eq_ignore_ascii_case(n)))
        {
            return Err(format!(
                "'{n}' is a rule of the variant: give it with --option so both sides and the referee play by it"
            ));
        }
    }
    let [c0, c1] = commands;
    let [l0, l1] = labels;
    let [p0, p1] = per_side;
    let spec = |command: Vec<String>, label: String, own: Vec<(String, String)>| EngineSpec {
        label,
        command,
        options: shared.iter().cloned().chain(own).collect(),
    };
    let engines = [spec(c0, l0, p0), spec(c1, l1, p1)];
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose()?;
    let match_limit = limit(args)?;
    let openings = OpeningSource::parse(&args.openings, &variant, &rule_options)?;
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    Ok(MatchConfig {
        settings: GameSettings {
            variant: variant.clone(),
            rule_options,
            limit: match_limit,
            engine_limits: [
                engine_limit(args.first_depth, args.first_nodes, match_limit),
                engine_limit(args.second_depth, args.second_nodes, match_limit),
            ],
            time_margin_ms: args.time_margin,
            adjudication: Adjudication {
                resign: args.resign_score.map(|cp| (cp, args.resign_plies.max(1))),
                draw: args.draw_score.map(|cp| (cp, args.draw_plies.max(1))),
                max_plies: Some(args.max_plies),
            },
        },
        event: format!("{} vs {} ({variant})", engines[0].label, engines[1].label),
        engines,
        games: args.games,
        concurrency: args.concurrency.max(1),
        openings,
        seed: args.seed,
        pair_dice: args.pair_dice,
        sprt,
        pgn: args.pgn.clone(),
        positions: args.positions.clone(),
        position_labels: PositionLabels::parse(&args.position_labels)?,
        svg: args.svg.clone(),
        show_progress: !args.quiet,
    })
}

/// Runs a self-play match of this binary against itself; returns the configuration, the
/// summary and the printed report.
pub fn selfplay(args: &SelfplayArgs) -> Result<(MatchConfig, MatchSummary, String), String> {
    let exe = std::env::current_exe()
        .map_err(|e| format!("cannot find the grimoire executable: {e}"))?
        .to_string_lossy()
        .to_string();
    let a = &args.arena;
    let same = a.first_options.is_empty() && a.second_options.is_empty();
    let labels = if same {
        ["grimoire-1".to_string(), "grimoire-2".to_string()]
    } else {
        ["grimoire-first".to_string(), "grimoire-second".to_string()]
    };
    let command = vec![exe, "uci".to_string()];
    let config = config(a, [command.clone(), command], labels)?;
    let summary = run_match(&config)?;
    let text = report(&config, &summary);
    Ok((config, summary, text))
}

/// Runs a match between two engine command lines.
pub fn external_match(args: &MatchArgs) -> Result<(MatchConfig, MatchSummary, String), String> {
    if args.engines.len() != 2 {
        return Err(format!(
            "give exactly two --engine commands, got {}",
            args.engines.len()
        ));
    }
    let mut commands = Vec::new();
    for e in &args.engines {
        let words = shlex::split(e)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| format!("cannot split the engine command '{e}' into words"))?;
        if words.is_empty() {
            return Err("an --engine command is empty".to_string());
        }
        commands.push(words);
    }
    let label = |i: usize| -> String {
        args.names.get(i).cloned().unwrap_or_else(|| {
            let program = &commands[i][0];
            let base = std::path::Path::new(program)
                .file_name()
                .map(|f| f.to_string_lossy().to_string())
                .unwrap_or_else(|| program.clone());
            if commands[0][0] == commands[1][0] {
                format!("{base}-{}", i + 1)
            } else {
                base
            }
        })
    };
    let labels = [label(0), label(1)];
    let commands = [commands[0].clone(), commands[1].clone()];
    let config = config(&args.arena, commands, labels)?;
    let summary = run_match(&config)?;
    let text = report(&config, &summary);
    Ok((config, summary, text))
}
