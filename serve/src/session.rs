//! One game at the board: the variant's game, who plays each side, the clocks, the referee's
//! rolls, the setup commands (Eldritch armies), the engine's running search and the analysis.
//! Every change goes through a method that either refuses with a [`Refusal`] and leaves the
//! session as it was, or changes it and moves the game on ([`Session::advance`]): a roll where
//! a chance event is pending, the end by the rules, the clock of the side to act, and the
//! engine's search where the engine is to act (or the analysis).
//!
//! A search runs on its own thread with a copy of the game. It is tied to the session's
//! `generation`, which every change bumps: a search that finishes after a change (a take-back,
//! a new position) is ignored, so the engine's state never mixes two positions.

pub mod ending;
pub mod view;

// The arena's referee words a game's end the same way: one wording for both.
pub use grimoire_arena::referee::describe;

use crate::chance::{self, Roll};
use crate::clock::{Clocks, TimeControl};
use crate::engine::{self, Done, Info, Job, Mode};
use crate::players::Player;
use grimoire_arena::limits::MoveLimit;
use grimoire_arena::openings::Opening;
use grimoire_arena::pgn::{today, write_game, PgnContext};
use grimoire_arena::referee::{title, win_for, GameRecord, Termination};
use grimoire_engine::search::{Limits, Shared, TranspositionTable};
use grimoire_engine::Color;
use grimoire_registry::SetupAction;
use grimoire_registry::{AnyGame, AnySetup, Registry};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Instant;
use tokio::sync::broadcast;
use view::removed_squares;

/// Transposition table of one game's searches, in MB.
const HASH_MB: usize = 8;
/// Most MultiPV lines the analysis shows.
pub const MAX_MULTIPV: usize = 16;
/// Most setup commands one request may carry.
pub const MAX_SETUP_COMMANDS: usize = 32;

/// Why a request was refused: the HTTP status it maps to and the message the page shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

/// Longest message the page is sent: a message may quote input, and input can be long.
const MAX_MESSAGE_CHARS: usize = 300;

fn cut(message: String) -> String {
    match message.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((at, _)) => format!("{}...", &message[..at]),
        None => message,
    }
}

impl Refusal {
    /// The request itself is wrong (bad FEN, illegal move, bad value).
    pub fn bad(message: impl Into<String>) -> Refusal {
        Refusal {
            status: 400,
            message: cut(message.into()),
        }
    }

    /// The request is fine but not now (the engine's turn, the game is over).
    pub fn conflict(message: impl Into<String>) -> Refusal {
        Refusal {
            status: 409,
            message: cut(message.into()),
        }
    }
}

/// What a new game is.
#[derive(Clone, Debug)]
pub struct Settings {
    pub variant: String,
    pub players: [Player; 2],
    pub clock: Option<TimeControl>,
    /// Variant rule options (G7), as (name, value).
    pub options: Vec<(String, String)>,
    /// Seed of the referee's dice.
    pub seed: u64,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub result: &'static str,
    pub reason: String,
    /// The reason in a sentence, for the page's banner.
    pub detail: String,
    pub termination: Termination,
}

/// One move the engine played, for the page's record of its timing.
#[derive(Clone, Debug, serde::Serialize)]
pub struct EngineMove {
    pub ply: usize,
    pub token: String,
    /// Its readable text (SAN for chess).
    pub san: String,
    /// From the start of the search to the move being played.
    pub ms: u64,
    /// The time per move it was given, if it was given one.
    pub limit_ms: Option<u64>,
    pub nodes: u64,
}

/// The search running now.
pub struct Running {
    pub generation: u64,
    pub mode: Mode,
    pub side: Color,
    pub shared: Arc<Shared>,
    pub started: Instant,
    pub movetime: Option<u64>,
}

/// A game of the board.
pub struct Session {
    pub id: String,
    pub settings: Settings,
    registry: Arc<Registry>,
    me: Weak<Mutex<Session>>,
    pub(crate) game: Box<dyn AnyGame>,
    pub(crate) start_fen: Option<String>,
    setup: Option<Box<dyn AnySetup>>,
    pub(crate) setup_log: Vec<String>,
    pub(crate) clocks: Option<Clocks>,
    pub(crate) rolls: Vec<Roll>,
    pub(crate) end: Option<GameEnd>,
    rng: StdRng,
    pub(crate) generation: u64,
    pub(crate) search: Option<Running>,
    /// MultiPV of the analysis while it is on.
    pub(crate) analysis: Option<usize>,
    /// The earlier position (its number of actions) the analysis looks at while a person
    /// reviews the game; `None`: the game's own position.
    pub(crate) analysis_ply: Option<usize>,
    pub(crate) removed: Vec<String>,
    pub(crate) engine_moves: Vec<EngineMove>,
    pub(crate) flipped: bool,
    /// The last engine error, until the next change.
    pub(crate) message: Option<String>,
    tt: Option<Arc<TranspositionTable>>,
    events: broadcast::Sender<String>,
    /// Counts the states published, so the page keeps the newest when a response and a
    /// WebSocket message cross.
    seq: AtomicU64,
    pub touched: Instant,
    /// The readable texts of the moves last shown, with the game they belong to, so that a
    /// state after one more move formats only that move.
    readable: Mutex<Readable>,
}

/// The readable texts of a game's moves (`Session::readable_moves`).
#[derive(Default)]
struct Readable {
    variant: String,
    start_fen: Option<String>,
    tokens: Vec<String>,
    texts: Vec<String>,
}

/// A session shared between the server's tasks and its search thread.
pub type SessionRef = Arc<Mutex<Session>>;

/// Locks a session; a panic elsewhere that poisoned the lock does not take the session down.
pub fn lock(s: &Mutex<Session>) -> MutexGuard<'_, Session> {
    s.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs engine code that should never panic, turning a panic into an error.
fn guarded<T>(what: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(AssertUnwindSafe(what)).map_err(|p| engine::panic_text(&p))
}

impl Session {
    /// A new game by `settings`, after its setup commands (Eldritch: `army white *W:NN`,
    /// `start placement`). Refused for an unknown variant, a bad option or a refused command.
    pub fn create(
        id: String,
        registry: Arc<Registry>,
        settings: Settings,
        setup_commands: &[String],
        events: broadcast::Sender<String>,
    ) -> Result<SessionRef, Refusal> {
        let game = fresh_game(&registry, &settings)?;
        let entry = registry
            .get(&settings.variant)
            .expect("fresh_game checked it");
        let setup = entry.setup.map(|make| make());
        let rng = StdRng::seed_from_u64(settings.seed);
        let mut session = Session {
            id,
            clocks: settings.clock.map(Clocks::new),
            settings,
            registry,
            me: Weak::new(),
            game,
            start_fen: None,
            setup,
            setup_log: Vec::new(),
            rolls: Vec::new(),
            end: None,
            rng,
            generation: 0,
            search: None,
            analysis: None,
            analysis_ply: None,
            removed: Vec::new(),
            engine_moves: Vec::new(),
            flipped: false,
            message: None,
            tt: None,
            events,
            seq: AtomicU64::new(0),
            touched: Instant::now(),
            readable: Mutex::new(Readable::default()),
        };
        if setup_commands.len() > MAX_SETUP_COMMANDS {
            return Err(Refusal::bad(format!(
                "at most {MAX_SETUP_COMMANDS} setup commands"
            )));
        }
        for command in setup_commands {
            session.run_setup(command)?;
        }
        // A human playing Black alone sees the board from Black's side.
        session.flipped =
            !session.settings.players[0].is_human() && session.settings.players[1].is_human();
        let arc = Arc::new_cyclic(|me| {
            session.me = me.clone();
            Mutex::new(session)
        });
        lock(&arc).advance();
        Ok(arc)
    }

    /// The number of the latest published state.
    pub fn seq(&self) -> u64 {
        self.seq.load(Ordering::Relaxed)
    }

    /// The channel the page's WebSocket listens to.
    pub fn events(&self) -> &broadcast::Sender<String> {
        &self.events
    }

    pub fn game(&self) -> &dyn AnyGame {
        &*self.game
    }

    /// The variant's setup command word (`eldritch`), where it has setup commands.
    pub fn setup_command(&self) -> Option<&'static str> {
        self.setup.as_ref().map(|s| s.command())
    }

    /// The player of `side`.
    pub fn player(&self, side: Color) -> Player {
        self.settings.players[side.index()]
    }

    /// Whether a person is to act now (the game in play, no roll pending).
    pub fn human_to_act(&self) -> bool {
        self.end.is_none() && self.player(self.game.side_to_move()).is_human()
    }

    /// The state as the page reads it (JSON), also sent to the WebSocket listeners.
    pub fn publish(&self) -> String {
        self.seq.fetch_add(1, Ordering::Relaxed);
        let text = view::state_json(self);
        let _ = self.events.send(text.clone());
        text
    }

    /// A person's action, as a legal token of the position.
    pub fn play_human(&mut self, token: &str) -> Result<(), Refusal> {
        self.touched = Instant::now();
        if let Some(end) = &self.end {
            return Err(Refusal::conflict(format!(
                "the game is over ({}): take back, load a position or start a new game",
                end.reason
            )));
        }
        let side = self.game.side_to_move();
        if !self.player(side).is_human() {
            return Err(Refusal::conflict(format!(
                "it is the engine's turn: {} is played by the engine",
                title(side)
            )));
        }
        self.analysis_ply = None;
        // A person may type what they read: SAN, or the variant's readable text (notation §6).
        let text = token.trim();
        let token = self
            .game
            .pgn_move_token(text)
            .unwrap_or_else(|| text.to_string());
        self.play(&token)
    }

    /// Plays `token` for the side to act, charges its clock and moves the game on.
    fn play(&mut self, token: &str) -> Result<(), Refusal> {
        let mover = self.game.side_to_move();
        let before = self.game.view();
        match guarded(|| self.game.play_token(token)) {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(Refusal::bad(e.to_string())),
            Err(e) => {
                // The engine failed half-way: the game is rebuilt from its moves, as it was.
                let tokens = self.game.move_tokens().to_vec();
                if let Ok(game) = self.rebuilt(&tokens) {
                    self.game = game;
                }
                return Err(Refusal::bad(e));
            }
        }
        let from = self.game.last_move_squares().first().copied();
        self.removed = removed_squares(&before, &self.game.view(), from);
        let turn_over = self.game.side_to_move() != mover;
        if let Some(c) = &mut self.clocks {
            c.charge(mover, turn_over);
        }
        self.changed();
        self.advance();
        Ok(())
    }

    /// Marks a change: a running search is now stale and is stopped; the engine's last
    /// error is forgotten.
    fn changed(&mut self) {
        self.generation += 1;
        self.message = None;
        if let Some(r) = self.search.take() {
            r.shared.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Moves the game on after a change: rolls pending chance events, ends the game by the
    /// rules, runs the clock of the side to act, and starts the engine where it acts (or the
    /// analysis where a person does and it is on).
    pub fn advance(&mut self) {
        if self.end.is_none() && self.game.is_chance_node() {
            let before = self.game.view();
            let result = guarded(|| chance::settle(&mut *self.game, &mut self.rng));
            let after = self.game.view();
            self.removed.extend(removed_squares(&before, &after, None));
            match result {
                Ok(Ok(rolls)) => self.rolls.extend(rolls),
                Ok(Err(e)) | Err(e) => {
                    self.message = Some(format!("the referee could not roll: {e}"));
                    self.end = Some(GameEnd {
                        result: "*",
                        reason: format!("abandoned: the referee could not roll ({e})"),
                        detail: format!(
                            "The game was abandoned: the referee could not roll ({e})."
                        ),
                        termination: Termination::Abandoned,
                    });
                }
            }
        }
        if self.end.is_none() {
            if let Some(o) = self.game.outcome() {
                self.end = Some(GameEnd {
                    result: o.result_token(),
                    reason: describe(o),
                    detail: ending::explain(o, &*self.game),
                    termination: Termination::Normal,
                });
            } else if !self.game.has_legal_action() {
                self.end = Some(GameEnd {
                    result: "1/2-1/2",
                    reason: "no legal action".to_string(),
                    detail: format!(
                        "{} has no legal action: a draw.",
                        title(self.game.side_to_move())
                    ),
                    termination: Termination::Normal,
                });
            }
        }
        if self.end.is_some() {
            if let Some(c) = &mut self.clocks {
                c.stop();
            }
            return;
        }
        let side = self.game.side_to_move();
        // The clocks start with the first action: nobody's time runs before it.
        if let Some(c) = &mut self.clocks {
            if !self.game.move_tokens().is_empty() {
                c.start(side);
            }
        }
        match self.player(side) {
            Player::Engine { strength } => {
                let limits = strength.limits(side, self.clocks.as_ref());
                self.start_search(Mode::Move, limits, 1, strength.skill_level());
            }
            Player::Human => {
                if let Some(multipv) = self.analysis {
                    let limits = Limits {
                        infinite: true,
                        ..Limits::default()
                    };
                    self.start_search(Mode::Analysis, limits, multipv, None);
                }
            }
        }
    }

    fn start_search(&mut self, mode: Mode, limits: Limits, multipv: usize, skill: Option<f64>) {
        if self.search.is_some() {
            return;
        }
        let side = self.game.side_to_move();
        let shared = engine::shared_for(&limits, side);
        let tt = self
            .tt
            .get_or_insert_with(|| Arc::new(TranspositionTable::new(HASH_MB)))
            .clone();
        let generation = self.generation;
        let movetime = limits.movetime;
        let reviewed = match (mode, self.analysis_ply) {
            (Mode::Analysis, Some(ply)) => self.replayed(ply).ok().map(|(_, g)| g),
            _ => None,
        };
        let job = Job {
            game: reviewed.unwrap_or_else(|| self.game.clone_box()),
            limits,
            multipv,
            skill_level: skill,
            mode,
            generation,
            tt,
            shared: shared.clone(),
        };
        let events = self.events.clone();
        let me = self.me.clone();
        let on_info = move |info: Info| {
            if let Ok(text) = serde_json::to_string(&info) {
                let _ = events.send(text);
            }
        };
        let on_done = move |done: Result<Done, String>| {
            if let Some(session) = me.upgrade() {
                lock(&session).search_done(generation, done);
            }
        };
        match engine::spawn(job, on_info, on_done) {
            Ok(()) => {
                self.search = Some(Running {
                    generation,
                    mode,
                    side,
                    shared,
                    started: Instant::now(),
                    movetime,
                })
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// A search ended: the engine's move is played (if the game has not changed since), an
    /// analysis just stops.
    fn search_done(&mut self, generation: u64, done: Result<Done, String>) {
        let Some(running) = self.search.take_if(|r| r.generation == generation) else {
            return;
        };
        if running.mode == Mode::Analysis {
            if let Err(e) = done {
                self.message = Some(e);
                self.analysis = None;
            }
            self.publish();
            return;
        }
        match done {
            Ok(Done {
                best: Some(token),
                nodes,
                ..
            }) => {
                let ply = self.game.move_tokens().len();
                let san = self
                    .game
                    .san_line(std::slice::from_ref(&token))
                    .pop()
                    .unwrap_or_else(|| token.clone());
                match self.play(&token) {
                    // From the start of the search to the move played, the clocks charged and
                    // the next search started: what the page waits for.
                    Ok(()) => self.engine_moves.push(EngineMove {
                        ply,
                        token,
                        san,
                        ms: running.started.elapsed().as_millis() as u64,
                        limit_ms: running.movetime,
                        nodes,
                    }),
                    Err(e) => {
                        self.message = Some(format!(
                            "the engine's move '{token}' was refused: {}",
                            e.message
                        ))
                    }
                }
            }
            Ok(Done { best: None, .. }) => {
                self.message = Some("the engine found no move".to_string());
            }
            Err(e) => self.message = Some(e),
        }
        self.publish();
    }

    /// The engine's search: a move search plays now; an analysis stops (and stays off).
    pub fn stop(&mut self) {
        self.touched = Instant::now();
        if let Some(r) = &self.search {
            if r.mode == Mode::Analysis {
                self.analysis = None;
                self.changed();
            } else {
                r.shared.stop.store(true, Ordering::Relaxed);
            }
        } else {
            self.analysis = None;
        }
    }

    /// Starts (`Some(multipv)`) or stops the analysis.
    pub fn set_analysis(&mut self, multipv: Option<usize>) -> Result<(), Refusal> {
        self.set_analysis_at(multipv, None)
    }

    /// Starts (`Some(multipv)`) or stops the analysis, of the position after the game's first
    /// `ply` actions (one the page reviews) or of the game's own position (`None`). The game
    /// is not changed.
    pub fn set_analysis_at(
        &mut self,
        multipv: Option<usize>,
        ply: Option<usize>,
    ) -> Result<(), Refusal> {
        self.touched = Instant::now();
        if let Some(n) = multipv {
            if !(1..=MAX_MULTIPV).contains(&n) {
                return Err(Refusal::bad(format!(
                    "MultiPV must be 1 to {MAX_MULTIPV}, got {n}"
                )));
            }
        }
        let plies = self.game.move_tokens().len();
        if let Some(p) = ply.filter(|&p| p > plies) {
            return Err(Refusal::bad(format!(
                "the game has {plies} actions: no position after {p}"
            )));
        }
        let ply = ply.filter(|&p| p < plies);
        self.analysis = multipv;
        self.analysis_ply = ply;
        // A running analysis restarts with the new lines (or stops); an engine's move search
        // goes on.
        if self
            .search
            .as_ref()
            .is_some_and(|r| r.mode == Mode::Analysis)
        {
            self.changed();
        }
        self.advance();
        Ok(())
    }

    /// Takes back the last action of a person (and the engine's replies and rolls after it);
    /// with no person playing, the last action. The clocks keep their times.
    pub fn take_back(&mut self) -> Result<(), Refusal> {
        self.touched = Instant::now();
        let tokens: Vec<String> = self.game.move_tokens().to_vec();
        if tokens.is_empty() {
            return Err(Refusal::conflict("nothing to take back"));
        }
        let anyone = self.settings.players.iter().any(|p| p.is_human());
        let mut target = None;
        for k in (0..tokens.len()).rev() {
            let game = self.rebuilt(&tokens[..k])?;
            let side = game.side_to_move();
            if !game.is_chance_node() && (!anyone || self.player(side).is_human()) {
                target = Some(game);
                break;
            }
        }
        let Some(game) = target else {
            return Err(Refusal::conflict("no action of yours to take back"));
        };
        let plies = game.move_tokens().len();
        self.game = game;
        self.rolls.retain(|r| r.ply < plies);
        self.engine_moves.retain(|m| m.ply < plies);
        self.analysis_ply = self.analysis_ply.filter(|&p| p < plies);
        self.end = None;
        self.removed.clear();
        if let Some(c) = &mut self.clocks {
            c.stop();
        }
        self.changed();
        self.advance();
        Ok(())
    }

    /// The game from its start with `tokens` played.
    fn rebuilt(&self, tokens: &[String]) -> Result<Box<dyn AnyGame>, Refusal> {
        let mut game = self.game.clone_box();
        let moves: Vec<&str> = tokens.iter().map(String::as_str).collect();
        guarded(|| game.set_position(self.start_fen.as_deref(), &moves))
            .map_err(Refusal::bad)?
            .map_err(|e| Refusal::bad(e.to_string()))?;
        Ok(game)
    }

    /// The moves as people read them (SAN for chess, notation §6; dice in words with their
    /// probabilities), one per token. The texts of the moves already shown are kept.
    pub(crate) fn readable_moves(&self) -> Vec<String> {
        let tokens = self.game.move_tokens();
        let mut cache = self.readable.lock().unwrap_or_else(|e| e.into_inner());
        if cache.variant != self.game.variant() || cache.start_fen != self.start_fen {
            *cache = Readable {
                variant: self.game.variant().to_string(),
                start_fen: self.start_fen.clone(),
                ..Readable::default()
            };
        }
        let kept = cache
            .tokens
            .iter()
            .zip(tokens)
            .take_while(|(a, b)| a == b)
            .count()
            .min(cache.texts.len());
        if kept < tokens.len() {
            let more = guarded(|| {
                let mut game = self.game.clone_box();
                game.set_position(self.start_fen.as_deref(), &[]).ok()?;
                for token in &tokens[..kept] {
                    game.play_token(token).ok()?;
                }
                Some(game.san_line(&tokens[kept..]))
            })
            .ok()
            .flatten()
            .unwrap_or_default();
            cache.texts.truncate(kept);
            cache.texts.extend(more);
            cache.tokens = tokens.to_vec();
        } else {
            cache.texts.truncate(tokens.len());
            cache.tokens.truncate(tokens.len());
        }
        cache.texts.clone()
    }

    /// The game after its first `ply` actions, played one by one from its start as they were
    /// (no implied rolls), with the view before the last of them (`None` at the start).
    pub(crate) fn replayed(
        &self,
        ply: usize,
    ) -> Result<(Option<grimoire_engine::view::BoardView>, Box<dyn AnyGame>), Refusal> {
        let tokens = self.game.move_tokens();
        if ply > tokens.len() {
            return Err(Refusal::bad(format!(
                "the game has {} actions: no position after {ply}",
                tokens.len()
            )));
        }
        guarded(|| {
            let mut game = self.game.clone_box();
            game.set_position(self.start_fen.as_deref(), &[])
                .map_err(|e| Refusal::bad(e.to_string()))?;
            let mut before = None;
            for (i, token) in tokens[..ply].iter().enumerate() {
                if i + 1 == ply {
                    before = Some(game.view());
                }
                game.play_token(token)
                    .map_err(|e| Refusal::bad(format!("action {}: {e}", i + 1)))?;
            }
            Ok((before, game))
        })
        .map_err(Refusal::bad)?
    }

    /// Loads a FEN of the game's variant and continues from it; a bad FEN changes nothing.
    pub fn load_fen(&mut self, fen: &str) -> Result<(), Refusal> {
        self.touched = Instant::now();
        let fen = fen.trim();
        let mut game = fresh_game(&self.registry, &self.settings)?;
        guarded(|| game.set_position(Some(fen), &[]))
            .map_err(Refusal::bad)?
            .map_err(|e| Refusal::bad(e.to_string()))?;
        self.install(game, Some(fen.to_string()));
        Ok(())
    }

    /// Loads the first game of a PGN (its `Variant` and `FEN` tags, then its moves) and
    /// continues from its end; a PGN of another variant switches the board to it. Anything
    /// wrong changes nothing and names the move.
    pub fn load_pgn(&mut self, text: &str) -> Result<(), Refusal> {
        self.touched = Instant::now();
        let pgn = crate::pgn::read(text).map_err(|e| Refusal::bad(format!("bad PGN: {e}")))?;
        if pgn.tags.is_empty() && pgn.moves.is_empty() {
            return Err(Refusal::bad(
                "bad PGN: it holds no game (no tags, no moves)",
            ));
        }
        let variant = pgn.tag("Variant").unwrap_or("chess").to_ascii_lowercase();
        let mut settings = self.settings.clone();
        if variant != settings.variant {
            settings.variant = variant;
            settings.options.clear();
        }
        let mut game = fresh_game(&self.registry, &settings)?;
        let fen = pgn.tag("FEN").map(str::to_string);
        guarded(|| game.set_position(fen.as_deref(), &[]))
            .map_err(Refusal::bad)?
            .map_err(|e| Refusal::bad(format!("PGN: {e}")))?;
        for (i, text) in pgn.moves.iter().enumerate() {
            let token = game.pgn_move_token(text).ok_or_else(|| {
                Refusal::bad(format!(
                    "PGN move {} '{}' is not legal there",
                    i + 1,
                    text.chars().take(40).collect::<String>()
                ))
            })?;
            game.play_token(&token)
                .map_err(|e| Refusal::bad(format!("PGN move {}: {e}", i + 1)))?;
        }
        if settings.variant != self.settings.variant {
            let entry = self.registry.get(&settings.variant).expect("checked");
            self.setup = entry.setup.map(|make| make());
            self.setup_log.clear();
        }
        self.settings = settings;
        self.install(game, fen);
        Ok(())
    }

    /// A new game in place of the current one (a loaded position): clocks from the start.
    fn install(&mut self, game: Box<dyn AnyGame>, start_fen: Option<String>) {
        self.game = game;
        self.start_fen = start_fen;
        self.analysis_ply = None;
        self.rolls.clear();
        self.engine_moves.clear();
        self.removed.clear();
        self.end = None;
        if let Some(c) = &mut self.clocks {
            c.reset();
        }
        self.changed();
        self.advance();
    }

    /// A setup command of the variant (`army white *W:NN`, `propose black 2`, `start`). Its
    /// lines are returned (and kept for the page); `start` begins a new game from the FEN it
    /// gives.
    pub fn run_setup(&mut self, command: &str) -> Result<Vec<String>, Refusal> {
        self.touched = Instant::now();
        let options = self.settings.options.clone();
        let Some(setup) = self.setup.as_mut() else {
            return Err(Refusal::bad(format!(
                "{} has no setup commands",
                self.settings.variant
            )));
        };
        let word = setup.command();
        let args = command.trim();
        let args = args.strip_prefix(word).map(str::trim_start).unwrap_or(args);
        let action = guarded(|| setup.handle(args, &options))
            .map_err(Refusal::bad)?
            .map_err(Refusal::bad)?;
        let lines = match action {
            SetupAction::Say(lines) => lines,
            SetupAction::Start(fen) => {
                let mut game = fresh_game(&self.registry, &self.settings)?;
                game.set_position(Some(&fen), &[])
                    .map_err(|e| Refusal::bad(e.to_string()))?;
                self.install(game, Some(fen.clone()));
                vec![format!("{word} start {fen}")]
            }
        };
        self.setup_log.extend(lines.iter().cloned());
        let keep = self.setup_log.len().saturating_sub(50);
        self.setup_log.drain(..keep);
        Ok(lines)
    }

    /// Changes who plays; the engine starts at once if it is now to act.
    pub fn set_players(&mut self, players: [Player; 2]) -> Result<(), Refusal> {
        self.touched = Instant::now();
        for p in players {
            p.checked().map_err(Refusal::bad)?;
        }
        self.settings.players = players;
        self.changed();
        self.advance();
        Ok(())
    }

    /// `side` resigns (by default the person playing, or the side to act).
    pub fn resign(&mut self, side: Option<Color>) -> Result<(), Refusal> {
        self.touched = Instant::now();
        if self.end.is_some() {
            return Err(Refusal::conflict("the game is already over"));
        }
        let humans: Vec<Color> = Color::BOTH
            .into_iter()
            .filter(|&c| self.player(c).is_human())
            .collect();
        let side = side.unwrap_or(match humans.as_slice() {
            [one] => *one,
            _ => self.game.side_to_move(),
        });
        self.lose(side, "resigns", Termination::Normal);
        Ok(())
    }

    /// Ends the game as a loss for `side`, the reason reading `White <why>`.
    fn lose(&mut self, side: Color, why: &str, termination: Termination) {
        let detail = match termination {
            Termination::TimeForfeit => format!("{}'s time ran out.", title(side)),
            _ => format!("{} {why}.", title(side)),
        };
        self.end = Some(GameEnd {
            result: win_for(!side),
            reason: format!("{} {why}", title(side)),
            detail,
            termination,
        });
        self.changed();
        self.advance();
    }

    /// Ends the game on time if the side to act has run out.
    pub fn check_flag(&mut self) -> bool {
        let Some(side) = self.clocks.as_ref().and_then(Clocks::flagged) else {
            return false;
        };
        if self.end.is_some() {
            return false;
        }
        self.lose(side, "loses on time", Termination::TimeForfeit);
        true
    }

    pub fn set_flipped(&mut self, flipped: bool) {
        self.flipped = flipped;
    }

    /// The game as PGN (`docs/notation.md` §3.8): `*` and "game in progress" while it is on.
    pub fn pgn(&self) -> String {
        let game = &*self.game;
        let start_fen = match &self.start_fen {
            Some(f) => f.clone(),
            None => {
                let mut start = game.clone_box();
                let _ = start.set_position(None, &[]);
                start.fen()
            }
        };
        let (result, termination, reason) = match &self.end {
            Some(e) => (e.result, e.termination, e.reason.clone()),
            None => ("*", Termination::Normal, "game in progress".to_string()),
        };
        let record = GameRecord {
            white: self.player(Color::White).pgn_name(),
            black: self.player(Color::Black).pgn_name(),
            opening: Opening {
                fen: self.start_fen.clone(),
                moves: Vec::new(),
            },
            tokens: game.move_tokens().to_vec(),
            pgn_moves: game.pgn_moves(),
            turn_starts: game.turn_starts(),
            result,
            termination,
            reason,
            positions: Vec::new(),
            final_view: game.view(),
            last_move: game.last_move_squares(),
            final_fen: game.fen(),
            start_fen,
            dice_seed: game
                .move_tokens()
                .iter()
                .any(|t| t.starts_with('!'))
                .then_some(self.settings.seed),
        };
        let ctx = PgnContext {
            event: "Grimoire serve".to_string(),
            site: "grimoire serve".to_string(),
            date: today(),
            variant: game.variant().to_string(),
            time_control: match self.settings.clock {
                Some(c) => MoveLimit::Clock {
                    base_ms: c.base_ms,
                    inc_ms: c.inc_ms,
                }
                .pgn_tag(),
                None => "-".to_string(),
            },
        };
        write_game(&ctx, 1, &record)
    }

    /// Stops everything before the session is dropped.
    pub fn close(&mut self) {
        self.analysis = None;
        self.changed();
    }
}

/// A game of the settings' variant with its rule options, at the start position.
fn fresh_game(registry: &Registry, settings: &Settings) -> Result<Box<dyn AnyGame>, Refusal> {
    let mut game = registry.create(&settings.variant).ok_or_else(|| {
        Refusal::bad(format!(
            "unknown variant '{}' (known: {})",
            settings.variant.chars().take(40).collect::<String>(),
            registry.names().join(", ")
        ))
    })?;
    for (name, value) in &settings.options {
        game.set_option(name, value)
            .map_err(|e| Refusal::bad(e.to_string()))?;
    }
    Ok(game)
}
