//! The referee: plays one game between two engine processes under our own rules code. It asks
//! whoever decides next (the mover, or the player of a decision step), draws chance events with
//! a seeded generator, keeps the clocks, checks every answer for legality and adjudicates.

use crate::engine_process::{EngineFailure, EngineProcess};
use crate::limits::MoveLimit;
use crate::openings::{pick_chance, referee_game, Opening};
use grimoire_engine::view::BoardView;
use grimoire_engine::{Color, Outcome, Square};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// When the referee ends a game early.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Adjudication {
    /// A side whose own score is at most `-resign_score` for `resign_plies` of its moves in a
    /// row loses.
    pub resign: Option<(i32, u32)>,
    /// Both sides' scores within ±`cp` for `plies` plies in a row: a draw.
    pub draw: Option<(i32, u32)>,
    /// A draw once the game has this many plies.
    pub max_plies: Option<u32>,
}

/// How a game ended, in PGN's `Termination` words.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Termination {
    /// By the rules (mate, stalemate, repetition, ...).
    Normal,
    Adjudication,
    /// Out of time under a clock or a move time (an ordinary loss).
    TimeForfeit,
    /// An illegal or missing move (a rule infraction).
    RulesInfraction,
    /// An engine crashed, or gave no move at all under a depth or node limit (also a rule
    /// infraction).
    Abandoned,
}

impl Termination {
    pub fn pgn_word(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
        }
    }
}

/// A position where a player decided, with what its search said.
#[derive(Clone, Debug)]
pub struct DecidedPosition {
    pub fen: String,
    /// The search score of the move played there, in centipawns from White's point of view
    /// (mates as ±100000 less the distance, as the engine process reads them).
    pub white_score: Option<i32>,
}

/// Everything about one finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub white: String,
    pub black: String,
    pub opening: Opening,
    /// Tokens of the whole game after the opening FEN (opening moves included).
    pub tokens: Vec<String>,
    /// The same moves in PGN notation (SAN for chess).
    pub pgn_moves: Vec<String>,
    /// Per action, the side whose turn it starts (`None`: it continues a turn), for PGN move
    /// numbers.
    pub turn_starts: Vec<Option<Color>>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    pub termination: Termination,
    /// Why, in words (`White wins by checkmate`, `Black lost on time`, ...).
    pub reason: String,
    /// The positions where a player decided (not chance events), after the opening, for the
    /// tuner: each FEN with the mover's search score turned to White's view, where the engine
    /// reported one.
    pub positions: Vec<DecidedPosition>,
    pub final_view: BoardView,
    pub last_move: Vec<Square>,
    pub final_fen: String,
    /// The FEN the recorded moves start from.
    pub start_fen: String,
    /// The seed of the generator that rolled the chance events (G6), if the game had any:
    /// PGN tag `DiceSeed`.
    pub dice_seed: Option<u64>,
}

impl GameRecord {
    /// White's points: 1, ½ or 0.
    pub fn white_points(&self) -> f64 {
        match self.result {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        }
    }
}

/// The fixed settings of every game of a match.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub variant: String,
    pub rule_options: Vec<(String, String)>,
    /// The limit of the match (PGN tag, reports).
    pub limit: MoveLimit,
    /// Each engine's own limit (first, second): the match limit unless one side is handicapped
    /// (`--first-depth`, `--second-depth`).
    pub engine_limits: [MoveLimit; 2],
    /// Milliseconds a move may run past the clock before the flag falls.
    pub time_margin_ms: u64,
    pub adjudication: Adjudication,
}

/// The `position` command of the game so far: the opening's FEN (or the start position) and
/// every action since, opening moves and chance events included.
fn position_command(fen: Option<&str>, tokens: &[String]) -> String {
    let mut cmd = match fen {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    if !tokens.is_empty() {
        cmd.push_str(" moves ");
        cmd.push_str(&tokens.join(" "));
    }
    cmd
}

/// The PGN result of a win for `color`: `1-0` or `0-1`.
pub fn win_for(color: Color) -> &'static str {
    match color {
        Color::White => "1-0",
        Color::Black => "0-1",
    }
}

/// `White` or `Black`, to begin a sentence about that side.
pub fn title(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `White wins by checkmate`, `Draw by stalemate`.
pub fn describe(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            format!("{} wins by {}", title(winner), reason.describe())
        }
        Outcome::Draw { reason } => format!("Draw by {}", reason.describe()),
    }
}

/// Plays one game from `opening`; `engines[0]` plays White, each under its limit in `limits`
/// (by colour). `seed` drives chance events.
pub fn play_game(
    settings: &GameSettings,
    opening: &Opening,
    engines: [&mut EngineProcess; 2],
    limits: [MoveLimit; 2],
    seed: u64,
) -> Result<GameRecord, String> {
    let mut start = referee_game(
        &settings.variant,
        &settings.rule_options,
        &Opening {
            fen: opening.fen.clone(),
            moves: Vec::new(),
        },
    )?;
    let start_fen = start.fen();
    // An opening's random plies may have rolled dice (by the match seed): the game has chance
    // events then, and its PGN says so (`DiceSeed`).
    let mut opening_rolled = false;
    for token in &opening.moves {
        opening_rolled |= start.is_chance_node();
        start.play_token(token).map_err(|e| e.to_string())?;
    }
    let mut game = referee_game(&settings.variant, &settings.rule_options, opening)?;
    let names = [
        engines[0].label().to_string(),
        engines[1].label().to_string(),
    ];
    let [white, black] = engines;
    let mut players = [white, black];
    for p in players.iter_mut() {
        p.new_game()
            .map_err(|e| format!("engine '{}' is not ready: {e}", p.label()))?;
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let mut rolled = opening_rolled;
    let mut clocks = limits.map(|l| l.start_clock().unwrap_or(0));
    let mut losing_streak = [0u32; 2];
    let mut quiet_streak = 0u32;
    let mut positions = Vec::new();
    let mut tokens: Vec<String> = game.move_tokens().to_vec();
    let opening_plies = tokens.len();

    let (result, termination, reason) = loop {
        if let Some(outcome) = game.outcome() {
            break (
                outcome.result_token(),
                Termination::Normal,
                describe(outcome),
            );
        }
        let plies = (tokens.len() - opening_plies) as u32;
        if settings.adjudication.max_plies.is_some_and(|m| plies >= m) {
            break (
                "1/2-1/2",
                Termination::Adjudication,
                format!("draw adjudicated after {plies} plies"),
            );
        }
        if game.is_chance_node() {
            let token = pick_chance(&game.chance_outcomes(), &mut rng);
            game.play_token(&token).map_err(|e| e.to_string())?;
            tokens.push(token);
            rolled = true;
            continue;
        }
        let mover = game.side_to_move();
        let idx = mover.index();
        let fen = game.fen();
        let position = position_command(opening.fen.as_deref(), &tokens);
        let limit = limits[idx];
        let go = limit.go_command(clocks);
        let allowance = limit.allowance(clocks[idx], settings.time_margin_ms);
        let reply = match players[idx].go(&position, &go, allowance) {
            Ok(r) => r,
            // Under a depth or node limit there is no clock: an engine silent for the whole
            // patience stopped answering, which is not a time loss.
            Err(EngineFailure::Timeout(t)) if allowance.is_none() => {
                break (
                    win_for(!mover),
                    Termination::Abandoned,
                    format!("{} forfeits: no move in {} s", title(mover), t.as_secs()),
                )
            }
            Err(EngineFailure::Timeout(t)) => {
                break (
                    win_for(!mover),
                    Termination::TimeForfeit,
                    format!(
                        "{} loses on time ({} ms, no move)",
                        title(mover),
                        t.as_millis()
                    ),
                )
            }
            Err(EngineFailure::Crashed(e)) => {
                break (
                    win_for(!mover),
                    Termination::Abandoned,
                    format!("{} forfeits: {e}", title(mover)),
                )
            }
        };
        match limit.charge(clocks[idx], reply.elapsed, settings.time_margin_ms) {
            Some(left) => clocks[idx] = left,
            None => {
                break (
                    win_for(!mover),
                    Termination::TimeForfeit,
                    format!(
                        "{} loses on time ({} ms used)",
                        title(mover),
                        reply.elapsed.as_millis()
                    ),
                )
            }
        }
        if let Err(e) = game.play_token(&reply.token) {
            break (
                win_for(!mover),
                Termination::RulesInfraction,
                format!(
                    "{} loses by an illegal move '{}': {e}",
                    title(mover),
                    reply.token
                ),
            );
        }
        tokens.push(reply.token);
        positions.push(DecidedPosition {
            fen,
            white_score: reply
                .score
                .map(|s| if mover == Color::White { s } else { -s }),
        });
        if let Some(score) = reply.score {
            if let Some((cp, plies)) = settings.adjudication.resign {
                if score <= -cp {
                    losing_streak[idx] += 1;
                } else {
                    losing_streak[idx] = 0;
                }
                if losing_streak[idx] >= plies {
                    break (
                        win_for(!mover),
                        Termination::Adjudication,
                        format!("{} resigns (adjudicated: score {score})", title(mover)),
                    );
                }
            }
            if let Some((cp, plies)) = settings.adjudication.draw {
                if score.abs() <= cp {
                    quiet_streak += 1;
                } else {
                    quiet_streak = 0;
                }
                if quiet_streak >= plies {
                    break (
                        "1/2-1/2",
                        Termination::Adjudication,
                        format!("draw adjudicated: scores within {cp} for {plies} plies"),
                    );
                }
            }
        }
    };
    Ok(GameRecord {
        white: names[0].clone(),
        black: names[1].clone(),
        opening: opening.clone(),
        pgn_moves: game.pgn_moves(),
        turn_starts: game.turn_starts(),
        tokens,
        result,
        termination,
        reason,
        positions,
        final_view: game.view(),
        last_move: game.last_move_squares(),
        final_fen: game.fen(),
        start_fen,
        dice_seed: rolled.then_some(seed),
    })
}
