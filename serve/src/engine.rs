//! Running a search off the server's threads: one thread per search (the search's own stack
//! size), each finished iteration handed on as an [`Info`] (score, depth, the principal
//! variation as tokens and as squares for the page's arrows), then the best move. A panic in
//! the engine ends that search with an error the page is told about; the server lives on.

use grimoire_engine::search::THREAD_STACK;
use grimoire_engine::search::{
    Limits, Report, SearchOptions, Shared, TranspositionTable, UciScore,
};
use grimoire_engine::Color;
use grimoire_registry::AnyGame;
use serde::Serialize;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The engine's move: played when the search ends.
    Move,
    /// Analysis (`go infinite`, MultiPV): reported, never played.
    Analysis,
}

/// A mate score as centipawns for the evaluation bar.
const MATE_CP: i32 = 10_000;
/// PV actions drawn as arrows.
const PV_ARROWS: usize = 4;

/// One finished iteration, as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Info {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub generation: u64,
    pub mode: Mode,
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    /// From the point of view of the side to move, as UCI gives it.
    pub score_cp: Option<i32>,
    pub mate: Option<i32>,
    /// White's view, mates as ±10000: the evaluation bar.
    pub white_cp: i32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<String>,
    /// The same line as people read it (SAN for chess, notation §6).
    pub pv_san: Vec<String>,
    /// The from and to squares of the first PV actions (those that have squares).
    pub pv_squares: Vec<Vec<String>>,
}

impl Info {
    fn of(report: &Report, game: &dyn AnyGame, generation: u64, mode: Mode) -> Info {
        let (score_cp, mate) = match report.score {
            UciScore::Cp(cp) => (Some(cp), None),
            UciScore::Mate(m) => (None, Some(m)),
        };
        let mate_cp = match mate {
            Some(m) if m > 0 => MATE_CP,
            _ => -MATE_CP,
        };
        let own = score_cp.unwrap_or(mate_cp);
        let white_cp = if game.side_to_move() == Color::White {
            own
        } else {
            -own
        };
        Info {
            kind: "info",
            generation,
            mode,
            depth: report.depth,
            seldepth: report.seldepth,
            multipv: report.multipv,
            score_cp,
            mate,
            white_cp,
            nodes: report.nodes,
            nps: report.nps,
            time_ms: report.time_ms,
            pv: report.pv.clone(),
            pv_san: game.san_line(&report.pv),
            pv_squares: pv_squares(game, &report.pv),
        }
    }
}

/// The squares of the first PV actions, played on a copy of the game.
pub fn pv_squares(game: &dyn AnyGame, pv: &[String]) -> Vec<Vec<String>> {
    let mut line = game.clone_box();
    let geometry = line.view().geometry;
    let mut out = Vec::new();
    for token in pv.iter().take(PV_ARROWS) {
        if line.play_token(token).is_err() {
            break;
        }
        out.push(
            line.last_move_squares()
                .into_iter()
                .map(|sq| geometry.name(sq))
                .collect(),
        );
    }
    out
}

/// A search to run.
pub struct Job {
    pub game: Box<dyn AnyGame>,
    pub limits: Limits,
    pub multipv: usize,
    /// A limited strength's skill level (`None`: full strength).
    pub skill_level: Option<f64>,
    pub mode: Mode,
    pub generation: u64,
    pub tt: Arc<TranspositionTable>,
    pub shared: Arc<Shared>,
}

/// How a search ended.
#[derive(Clone, Debug)]
pub struct Done {
    pub best: Option<String>,
    pub elapsed: Duration,
    pub nodes: u64,
}

/// Starts `job` on a thread of its own. `on_info` gets every iteration, `on_done` the result,
/// or the error if the engine panicked.
pub fn spawn(
    job: Job,
    mut on_info: impl FnMut(Info) + Send + 'static,
    on_done: impl FnOnce(Result<Done, String>) + Send + 'static,
) -> Result<(), String> {
    std::thread::Builder::new()
        .name("serve-search".into())
        .stack_size(THREAD_STACK)
        .spawn(move || {
            let started = Instant::now();
            let options = SearchOptions {
                threads: 1,
                multipv: job.multipv.max(1),
                report: true,
                root_moves: Vec::new(),
                skill_level: job.skill_level,
                ..SearchOptions::default()
            };
            let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
                let game = &*job.game;
                job.game
                    .search(&job.limits, &options, &job.tt, &job.shared, &mut |r| {
                        on_info(Info::of(r, game, job.generation, job.mode))
                    })
            }));
            on_done(match result {
                Ok((result, best, _)) => Ok(Done {
                    best,
                    elapsed: started.elapsed(),
                    nodes: result.nodes,
                }),
                Err(panic) => Err(panic_text(&panic)),
            });
        })
        .map(|_| ())
        .map_err(|e| format!("could not start a search thread: {e}"))
}

/// The message of a caught panic.
pub fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    format!("the engine failed: {what}")
}

/// Search shared state for `limits`, planned for `side`.
pub fn shared_for(limits: &Limits, side: Color) -> Arc<Shared> {
    Arc::new(Shared::new(limits, limits.plan(side, MOVE_OVERHEAD_MS)))
}

/// Milliseconds a time per move keeps in reserve for stopping the search on a busy machine,
/// playing the move and telling the page.
pub const MOVE_OVERHEAD_MS: u64 = 50;
