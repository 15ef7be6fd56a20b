//! A match of many games between two engines: game pairs on shared openings with colours
//! swapped, played by `concurrency` workers that each own a pair of engine processes, with a
//! progress bar, PGN and position files written as games finish, and early stop on an SPRT
//! verdict. Both engines are started, and must list the variant, before the first game; games
//! that end in a rule infraction (an illegal or missing move, a crash) make the match invalid.

use crate::engine_process::{EngineProcess, EngineSpec};
use crate::openings::OpeningSource;
use crate::pgn::{self, PgnContext};
use crate::referee::{play_game, GameRecord, GameSettings, Termination};
use crate::stats::{LogLikelihood, Pentanomial, Results, Sprt, SprtVerdict, Tally};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// What the positions file writes after each FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PositionLabels {
    /// `<FEN> | <White's points>`: the result of the game the position came from.
    #[default]
    Result,
    /// `<FEN> | <score> | <White's points>`: the mover's own search score there, in centipawns
    /// from White's point of view (mates as ±100000 less the distance), and the result.
    /// Positions without a reported score are left out.
    Search,
}

impl PositionLabels {
    pub fn parse(text: &str) -> Result<Self, String> {
        match text {
            "result" => Ok(PositionLabels::Result),
            "search" => Ok(PositionLabels::Search),
            _ => Err(format!(
                "unknown position label {text:?} (known: result, search)"
            )),
        }
    }
}

fn write_positions(
    out: &mut impl Write,
    record: &GameRecord,
    labels: PositionLabels,
) -> std::io::Result<()> {
    let points = record.white_points();
    for p in &record.positions {
        match (labels, p.white_score) {
            (PositionLabels::Result, _) => writeln!(out, "{} | {points}", p.fen)?,
            (PositionLabels::Search, Some(cp)) => writeln!(out, "{} | {cp} | {points}", p.fen)?,
            (PositionLabels::Search, None) => {}
        }
    }
    Ok(())
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub settings: GameSettings,
    /// The first engine (results are from its point of view) and the second.
    pub engines: [EngineSpec; 2],
    pub games: usize,
    pub concurrency: usize,
    pub openings: OpeningSource,
    pub seed: u64,
    /// Both games of a pair roll from the pair's seed (`--pair-dice`), not each from its own.
    pub pair_dice: bool,
    pub sprt: Option<Sprt>,
    pub pgn: Option<PathBuf>,
    /// `<FEN> | <label>` lines of every decided position, for the tuner.
    pub positions: Option<PathBuf>,
    /// What labels those positions.
    pub position_labels: PositionLabels,
    /// Where to draw final positions: a path with `{n}` gets one file per game; otherwise the
    /// last game's final position.
    pub svg: Option<String>,
    pub event: String,
    pub show_progress: bool,
}

/// What a match produced.
#[derive(Clone, Debug, Default)]
pub struct MatchSummary {
    /// From the first engine's point of view.
    pub tally: Tally,
    /// The first engine's results as White and as Black.
    pub by_color: [Tally; 2],
    /// The colour-swapped game pairs by the first engine's pair score.
    pub ptnml: Pentanomial,
    /// The first engine's points in the first-counted game of a pair whose partner has not
    /// been counted yet, by pair.
    unpaired: BTreeMap<usize, f64>,
    /// Games each engine (first, second) lost by a rule infraction: an illegal or missing
    /// move, or a crash or silence (`Abandoned`). Time forfeits are not infractions.
    pub infractions: [u32; 2],
    /// Games per termination reason text (`checkmate`, `time forfeit`, ...).
    pub reasons: BTreeMap<String, u32>,
    pub terminations: BTreeMap<Termination, u32>,
    pub sprt: Option<(Sprt, SprtVerdict)>,
    /// Games played when the SPRT decided.
    pub sprt_decided_after: Option<u32>,
    /// Games that could not be played at all (an engine failed to start), with the error.
    pub errors: Vec<String>,
    pub plies: u64,
}

impl MatchSummary {
    pub fn count(&self, t: Termination) -> u32 {
        self.terminations.get(&t).copied().unwrap_or(0)
    }

    /// Both models of the results, for Elo and the SPRT.
    pub fn results(&self) -> Results {
        Results {
            tally: self.tally,
            ptnml: self.ptnml,
        }
    }

    /// Games that ended by a rule infraction, whoever committed it.
    pub fn infraction_games(&self) -> u32 {
        self.infractions.iter().sum()
    }

    /// Counted games that are not part of a complete pair.
    pub fn unpaired_games(&self) -> u32 {
        self.tally.games() - 2 * self.ptnml.pairs()
    }

    /// The process exit status the match deserves: 2 when games could not be played (a setup
    /// error), 1 when a game ended in a rule infraction, 0 otherwise.
    pub fn exit_status(&self) -> u8 {
        if !self.errors.is_empty() {
            2
        } else if self.infraction_games() > 0 {
            1
        } else {
            0
        }
    }
}

/// Whether a game that ended so was lost by a rule infraction.
pub fn is_infraction(termination: Termination) -> bool {
    matches!(
        termination,
        Termination::RulesInfraction | Termination::Abandoned
    )
}

/// What a worker sends back for game `index`.
struct Finished {
    index: usize,
    record: Result<GameRecord, String>,
}

/// Game `index`: its opening pair and whether the first engine has White.
fn schedule(index: usize) -> (usize, bool) {
    (index / 2, index.is_multiple_of(2))
}

/// Plays the match; per-game problems (crashes, illegal moves, time losses) are results, only
/// setup problems are errors. Both engines are started first: one that cannot start, or does
/// not list the variant among its `UCI_Variant` choices, refuses the match before any game is
/// played or any file written.
pub fn run_match(config: &MatchConfig) -> Result<MatchSummary, String> {
    let mut first_engines = Some(start_engines(config)?);
    let mut pgn_out = open(&config.pgn)?;
    let mut positions_out = open(&config.positions)?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Finished>();
    let bar = progress_bar(config);
    let ctx = PgnContext {
        event: config.event.clone(),
        site: "Grimoire arena".to_string(),
        date: pgn::today(),
        variant: config.settings.variant.clone(),
        time_control: config.settings.limit.pgn_tag(),
    };
    let mut summary = MatchSummary::default();
    let workers = config.concurrency.clamp(1, config.games.max(1));
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            let engines = first_engines.take().unwrap_or([None, None]);
            scope.spawn(move || worker(config, next, stop, tx, engines));
        }
        drop(tx);
        // Games are written in index order, so files read the same at any concurrency.
        let mut pending = BTreeMap::new();
        let mut written = 0;
        for finished in rx {
            pending.insert(finished.index, finished.record);
            while let Some(record) = pending.remove(&written) {
                written += 1;
                let record = match record {
                    Ok(r) => r,
                    Err(e) => {
                        summary.errors.push(format!("game {written}: {e}"));
                        stop.store(true, Ordering::Relaxed);
                        continue;
                    }
                };
                account(&mut summary, written - 1, &record);
                if let Some(out) = pgn_out.as_mut() {
                    out.write_all(pgn::write_game(&ctx, written, &record).as_bytes())
                        .and_then(|_| out.flush())
                        .map_err(|e| format!("cannot write the PGN file: {e}"))?;
                }
                if let Some(out) = positions_out.as_mut() {
                    write_positions(out, &record, config.position_labels)
                        .map_err(|e| format!("cannot write the positions file: {e}"))?;
                }
                write_svg(config, written, &record)?;
                // The first verdict stands: games already running when it came are still
                // counted in the totals, but cannot undo it.
                let decided = summary
                    .sprt
                    .is_some_and(|(_, v)| v != SprtVerdict::Continue);
                if let (Some(sprt), false) = (config.sprt, decided) {
                    let verdict = sprt.verdict(&summary.results());
                    summary.sprt = Some((sprt, verdict));
                    if verdict != SprtVerdict::Continue {
                        summary.sprt_decided_after = Some(summary.tally.games());
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                bar.set_message(progress_message(&summary));
                bar.inc(1);
            }
        }
        Ok(())
    })?;
    if let Some(out) = positions_out.as_mut() {
        out.flush()
            .map_err(|e| format!("cannot write the positions file: {e}"))?;
    }
    bar.finish_and_clear();
    Ok(summary)
}

fn open(path: &Option<PathBuf>) -> Result<Option<BufWriter<File>>, String> {
    path.as_ref()
        .map(|p| {
            File::create(p)
                .map(BufWriter::new)
                .map_err(|e| format!("cannot create '{}': {e}", p.display()))
        })
        .transpose()
}

/// Starts both engines of a worker (checking the variant).
fn start_engines(config: &MatchConfig) -> Result<[Option<EngineProcess>; 2], String> {
    let [first, second] = &config.engines;
    let variant = &config.settings.variant;
    Ok([
        Some(EngineProcess::start(first, variant)?),
        Some(EngineProcess::start(second, variant)?),
    ])
}

/// One worker: takes game indices until the match is over, restarting an engine after a
/// crash so one bad game does not end the match. `engines` are already started, or `None`.
fn worker(
    config: &MatchConfig,
    next: &AtomicUsize,
    stop: &AtomicBool,
    tx: mpsc::Sender<Finished>,
    mut engines: [Option<EngineProcess>; 2],
) {
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.games {
            return;
        }
        let record = play_indexed(config, index, &mut engines);
        if record.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        if let Ok(r) = &record {
            if r.termination == Termination::Abandoned || r.termination == Termination::TimeForfeit
            {
                // A crashed or late engine may be in any state: start afresh.
                engines = [None, None];
            }
        }
        if tx.send(Finished { index, record }).is_err() {
            return;
        }
    }
}

fn play_indexed(
    config: &MatchConfig,
    index: usize,
    engines: &mut [Option<EngineProcess>; 2],
) -> Result<GameRecord, String> {
    for (slot, spec) in engines.iter_mut().zip(&config.engines) {
        if slot.is_none() {
            *slot = Some(EngineProcess::start(spec, &config.settings.variant)?);
        }
    }
    let (pair, first_is_white) = schedule(index);
    let opening = config.openings.opening(
        pair,
        config.seed,
        &config.settings.variant,
        &config.settings.rule_options,
    )?;
    let [a, b] = engines;
    let (a, b) = (a.as_mut().expect("started"), b.as_mut().expect("started"));
    let [first_limit, second_limit] = config.settings.engine_limits;
    let (players, limits) = if first_is_white {
        ([a, b], [first_limit, second_limit])
    } else {
        ([b, a], [second_limit, first_limit])
    };
    let dice_key = if config.pair_dice { pair } else { index };
    let seed = config.seed ^ (dice_key as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    play_game(&config.settings, &opening, players, limits, seed)
}

fn account(summary: &mut MatchSummary, index: usize, record: &GameRecord) {
    let (_, first_is_white) = schedule(index);
    let white_points = record.white_points();
    let first_points = if first_is_white {
        white_points
    } else {
        1.0 - white_points
    };
    summary.tally.add(first_points);
    summary.by_color[usize::from(!first_is_white)].add(first_points);
    count_pair(summary, index, first_points);
    if is_infraction(record.termination) {
        // The side that committed it lost the game.
        let offender = usize::from(first_points > 0.5);
        summary.infractions[offender] += 1;
    }
    *summary.terminations.entry(record.termination).or_default() += 1;
    *summary.reasons.entry(reason_key(record)).or_default() += 1;
    summary.plies += record.tokens.len() as u64;
}

/// Counts game `index` into the pentanomial once its partner (the other colour on the same
/// opening) has been counted too.
fn count_pair(summary: &mut MatchSummary, index: usize, first_points: f64) {
    let (pair, _) = schedule(index);
    match summary.unpaired.remove(&pair) {
        Some(partner) => summary.ptnml.add_pair(partner, first_points),
        None => {
            summary.unpaired.insert(pair, first_points);
        }
    }
}

/// The reason without who won: `checkmate`, `threefold repetition`, `time forfeit`, ...
fn reason_key(record: &GameRecord) -> String {
    match record.termination {
        Termination::Normal => record
            .reason
            .rsplit(" by ")
            .next()
            .unwrap_or(&record.reason)
            .to_string(),
        Termination::Adjudication if record.result == "1/2-1/2" => "draw adjudication".to_string(),
        Termination::Adjudication => "resign adjudication".to_string(),
        other => other.pgn_word().to_string(),
    }
}

fn write_svg(config: &MatchConfig, number: usize, record: &GameRecord) -> Result<(), String> {
    let Some(pattern) = &config.svg else {
        return Ok(());
    };
    let per_game = pattern.contains("{n}");
    if !per_game && number != config.games {
        return Ok(());
    }
    let path = pattern.replace("{n}", &number.to_string());
    let caption = format!(
        "Game {number}: {} - {}, {} ({})",
        record.white, record.black, record.result, record.reason
    );
    let svg =
        grimoire_pictures::svg::render_svg(&record.final_view, &record.last_move, Some(&caption));
    std::fs::write(&path, svg).map_err(|e| format!("cannot write '{path}': {e}"))
}

fn progress_bar(config: &MatchConfig) -> ProgressBar {
    if !config.show_progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(config.games as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games, eta {eta} {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn progress_message(summary: &MatchSummary) -> String {
    let t = summary.tally;
    format!(
        "+{} ={} -{}  Elo {}",
        t.wins,
        t.draws,
        t.losses,
        summary.results().elo()
    )
}

/// The results table printed at the end of a match.
pub fn report(config: &MatchConfig, summary: &MatchSummary) -> String {
    let [first, second] = &config.engines;
    let t = summary.tally;
    let mut out = String::new();
    let [first_limit, second_limit] = config.settings.engine_limits;
    let limit_text = if first_limit == second_limit {
        first_limit.describe()
    } else {
        format!(
            "{} for {}, {} for {}",
            first_limit.describe(),
            first.label,
            second_limit.describe(),
            second.label
        )
    };
    out.push_str(&format!(
        "Match {} vs {}: {}, {}, openings {}, {} games of {}\n",
        first.label,
        second.label,
        config.settings.variant,
        limit_text,
        config.openings.describe(),
        t.games(),
        config.games
    ));
    out.push_str(&format!(
        "{:<22} {:>6} {:>6} {:>6} {:>8}\n",
        format!("{} as", first.label),
        "wins",
        "draws",
        "losses",
        "score"
    ));
    for (name, tally) in [
        ("White", summary.by_color[0]),
        ("Black", summary.by_color[1]),
        ("total", t),
    ] {
        out.push_str(&format!(
            "{:<22} {:>6} {:>6} {:>6} {:>7.1}%\n",
            name,
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score()
        ));
    }
    let results = summary.results();
    let p = summary.ptnml;
    let unpaired = match summary.unpaired_games() {
        0 => String::new(),
        1 => " (1 unpaired game left out)".to_string(),
        n => format!(" ({n} unpaired games left out)"),
    };
    if results.pentanomial() {
        out.push_str(&format!(
            "Elo difference ({} minus {}): {} (95%, pentanomial, {} pairs)\n",
            first.label,
            second.label,
            results.elo(),
            p.pairs()
        ));
        let [a, b, c, d, e] = p.counts;
        out.push_str(&format!("Ptnml(0-2): {a}, {b}, {c}, {d}, {e}{unpaired}\n"));
        out.push_str(&format!("W/D/L (trinomial) Elo: {} (95%)\n", t.elo()));
    } else {
        out.push_str(&format!(
            "Elo difference ({} minus {}): {} (95%, trinomial)\n",
            first.label,
            second.label,
            t.elo()
        ));
        out.push_str("Ptnml(0-2): no complete game pair\n");
    }
    let reasons: Vec<String> = summary
        .reasons
        .iter()
        .map(|(r, n)| format!("{r} {n}"))
        .collect();
    out.push_str(&format!("Endings: {}\n", reasons.join(", ")));
    out.push_str(&format!(
        "Illegal moves: {}, time forfeits: {}, crashes: {}, plies played: {}\n",
        summary.count(Termination::RulesInfraction),
        summary.count(Termination::TimeForfeit),
        summary.count(Termination::Abandoned),
        summary.plies
    ));
    if let Some((sprt, verdict)) = summary.sprt {
        match summary.sprt_decided_after {
            Some(n) => out.push_str(&format!(
                "SPRT elo0={} elo1={}: {} after {n} games (LLR now {:.2})\n",
                sprt.elo0,
                sprt.elo1,
                match verdict {
                    SprtVerdict::H1 => "H1 accepted (elo1 holds)",
                    _ => "H0 accepted (elo0 holds)",
                },
                results.llr(sprt.elo0, sprt.elo1)
            )),
            None => {
                out.push_str(&sprt.describe(&results));
                out.push('\n');
            }
        }
    }
    for e in &summary.errors {
        out.push_str(&format!("error: {e}\n"));
    }
    out.push_str(&status_line(config, summary));
    out.push('\n');
    out
}

/// The report's last line: whether the match is valid, and the exit status it gets.
fn status_line(config: &MatchConfig, summary: &MatchSummary) -> String {
    let [first, second] = &config.engines;
    let n = summary.infraction_games();
    let infractions = match n {
        0 => "no rule infractions".to_string(),
        _ => format!(
            "{n} game{} ended in a rule infraction ({} {}, {} {})",
            if n == 1 { "" } else { "s" },
            first.label,
            summary.infractions[0],
            second.label,
            summary.infractions[1]
        ),
    };
    match summary.exit_status() {
        0 => format!("Match valid: {infractions}"),
        1 => format!("Match INVALID: {infractions}; exit status 1"),
        code => format!("Match stopped by an error ({infractions}); exit status {code}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_labels_parse() {
        assert_eq!(PositionLabels::parse("search"), Ok(PositionLabels::Search));
        assert_eq!(PositionLabels::parse("result"), Ok(PositionLabels::Result));
        assert!(PositionLabels::parse("eval").is_err());
    }

    #[test]
    fn games_are_paired_by_opening_and_a_lone_game_is_left_out() {
        let mut summary = MatchSummary::default();
        // Games 0-1 (WL), 2-3 (WD), then game 5 without game 4 (which failed), then 6.
        for (index, points) in [(0, 1.0), (1, 0.0), (2, 1.0), (3, 0.5), (5, 0.0), (6, 0.5)] {
            summary.tally.add(points);
            count_pair(&mut summary, index, points);
        }
        assert_eq!(summary.ptnml.counts, [0, 0, 1, 1, 0]);
        assert_eq!(summary.unpaired_games(), 2);
        assert!(summary.results().pentanomial());
        assert_eq!(summary.exit_status(), 0);
        summary.infractions[1] = 1;
        assert_eq!(summary.exit_status(), 1);
        summary.errors.push("engine failed".to_string());
        assert_eq!(summary.exit_status(), 2);
        assert!(is_infraction(Termination::RulesInfraction));
        assert!(is_infraction(Termination::Abandoned));
        assert!(!is_infraction(Termination::TimeForfeit));
        assert!(!is_infraction(Termination::Adjudication));
    }
}
