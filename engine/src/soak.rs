//! The soak test every variant gets (reliability issue): seeded games played to their end, by
//! random choice and by the engine's own search, checking after every action that
//!
//! - the position passes [`consistency::check_position`] (incremental hash equals the
//!   recomputed one for it and every child, FEN round trip, legal moves equal the reference
//!   generator's filtered pseudo-legal moves, every legal move's token parses back);
//! - copy-make restores the position: playing on a copy leaves the parent untouched;
//! - the chosen action also parses back through [`Game::play_token`], the path the protocol uses;
//! - the game's result ([`Game::outcome`]) agrees with an independent end-of-game check built
//!   here from `generate_legal`, `in_check`, `halfmove_clock`, `insufficient_material`,
//!   `ended_by_rule` and a repetition count kept by the soak from its own history.
//!
//! Everything is generic over [`Rules`], so every variant, with its decision steps and chance
//! events, runs through the same code. Games are bounded by plies and the whole run by a
//! deadline, so CI can run it small and a developer large.

use crate::consistency::check_position;
use crate::eval_api::Evaluator;
use crate::game::Game;
use crate::moves::Move;
use crate::rules::{Outcome, Reason, Rules};
use crate::search::{self, Limits, SearchOptions, Shared, TranspositionTable};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// How much to play.
#[derive(Clone, Debug)]
pub struct SoakConfig {
    /// Games to play at most.
    pub games: usize,
    /// Plies after which an unfinished game is abandoned (counted as unfinished).
    pub max_plies: usize,
    pub seed: u64,
    /// Every `engine_every`-th game is played by the search (0: none).
    pub engine_every: usize,
    /// Node limit of each engine move.
    pub search_nodes: u64,
    /// Random plies that open an engine game, so engine games differ.
    pub engine_opening_plies: usize,
    /// Run [`check_position`] (the expensive full check) on every `full_check_every`-th
    /// position (1: all); the cheaper checks run after every action regardless.
    pub full_check_every: usize,
    /// No new game starts after this instant.
    pub deadline: Option<Instant>,
}

impl Default for SoakConfig {
    fn default() -> Self {
        SoakConfig {
            games: 20,
            max_plies: 600,
            seed: 1,
            engine_every: 4,
            search_nodes: 2_000,
            engine_opening_plies: 6,
            full_check_every: 1,
            deadline: None,
        }
    }
}

/// What a soak run did.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub struct SoakStats {
    pub games: usize,
    pub engine_games: usize,
    pub plies: usize,
    pub positions_fully_checked: usize,
    pub moves_checked: usize,
    /// Games that reached an end by the rules (the rest hit `max_plies`).
    pub finished_games: usize,
    /// How finished games ended: (reason, count).
    pub endings: Vec<(&'static str, usize)>,
}

impl SoakStats {
    fn ended(&mut self, reason: Reason) {
        let name = reason.describe();
        match self.endings.iter_mut().find(|(n, _)| *n == name) {
            Some((_, c)) => *c += 1,
            None => self.endings.push((name, 1)),
        }
    }

    /// Adds another run's figures to these.
    pub fn add(&mut self, other: &SoakStats) {
        self.games += other.games;
        self.engine_games += other.engine_games;
        self.plies += other.plies;
        self.positions_fully_checked += other.positions_fully_checked;
        self.moves_checked += other.moves_checked;
        self.finished_games += other.finished_games;
        for &(name, c) in &other.endings {
            match self.endings.iter_mut().find(|(n, _)| *n == name) {
                Some((_, total)) => *total += c,
                None => self.endings.push((name, c)),
            }
        }
    }
}

/// The soak's own history: keys recomputed from scratch, and where the last irreversible
/// action was, to count repetitions without asking [`Game`].
struct OwnHistory {
    keys: Vec<u64>,
    since_reset: usize,
}

impl OwnHistory {
    fn new<R: Rules>(start: &R) -> Self {
        OwnHistory {
            keys: vec![start.recompute_hash()],
            since_reset: 0,
        }
    }

    fn push<R: Rules>(&mut self, pos: &R) {
        self.keys.push(pos.recompute_hash());
        if pos.halfmove_clock() == 0 {
            self.since_reset = self.keys.len() - 1;
        }
    }

    /// Earlier occurrences of the last position.
    fn repetitions<R: Rules>(&self) -> usize {
        let (last, earlier) = self.keys.split_last().expect("history holds the start");
        let from = if R::REPETITION_SINCE_RESET {
            self.since_reset
        } else {
            0
        };
        earlier[from.min(earlier.len())..]
            .iter()
            .filter(|&&k| k == *last)
            .count()
    }
}

/// Checks `Game::outcome` against an end-of-game judgement built from the position's
/// primitives and the soak's own repetition count. Returns the agreed outcome.
fn check_outcome<R: Rules>(game: &Game<R>, own: &OwnHistory) -> Result<Option<Outcome>, String> {
    let pos = game.position();
    let terminal = pos.terminal();
    let reported = game.outcome();
    let legal = pos.legal_moves();
    let stm = pos.side_to_move();
    let bad = |what: String| Err(format!("{what} at {}", pos.to_fen()));
    // The position's own verdict, judged from primitives.
    if let Some(by_rule) = pos.ended_by_rule() {
        if terminal != Some(by_rule) {
            return bad(format!(
                "ended_by_rule says {by_rule} but terminal says {terminal:?}"
            ));
        }
    } else if legal.is_empty() {
        match terminal {
            None => return bad("no legal action but terminal() is None".into()),
            Some(Outcome::Win {
                winner,
                reason: Reason::Checkmate,
            }) if !pos.in_check() || winner == stm => {
                return bad(format!(
                    "checkmate reported wrongly (in check {}, winner {})",
                    pos.in_check(),
                    winner.name()
                ))
            }
            Some(o) if o.reason() == Reason::Stalemate && pos.in_check() => {
                return bad("stalemate reported while in check".into())
            }
            Some(o) if matches!(o.reason(), Reason::FiftyMoveRule | Reason::Repetition) => {
                return bad(format!(
                    "no legal action, yet the game ended by {}",
                    o.reason().describe()
                ))
            }
            Some(_) => {}
        }
    } else {
        let expected = if pos.halfmove_clock() >= 100 {
            Some(Reason::FiftyMoveRule)
        } else if pos.insufficient_material() {
            Some(Reason::InsufficientMaterial)
        } else {
            None
        };
        match (terminal, expected) {
            (None, None) => {}
            (Some(Outcome::Draw { reason: r }), Some(_))
                if r == Reason::FiftyMoveRule && pos.halfmove_clock() >= 100
                    || r == Reason::InsufficientMaterial && pos.insufficient_material() => {}
            _ => {
                return bad(format!(
                    "{} legal actions, halfmove clock {}, insufficient material {}: \
                     terminal() says {terminal:?}",
                    legal.len(),
                    pos.halfmove_clock(),
                    pos.insufficient_material()
                ))
            }
        }
    }
    // Then repetition, counted by the soak itself.
    let third = own.repetitions::<R>() >= 2;
    let repetition = Outcome::Draw {
        reason: Reason::Repetition,
    };
    let expected = match terminal {
        Some(o)
            if third && R::REPETITION_BEFORE_CLOCK_RULE && o.reason() == Reason::FiftyMoveRule =>
        {
            Some(repetition)
        }
        Some(o) => Some(o),
        None => third.then_some(repetition),
    };
    if reported != expected {
        return bad(format!(
            "Game::outcome() says {reported:?}, the independent check {expected:?} \
             (repetitions counted: {})",
            own.repetitions::<R>()
        ));
    }
    Ok(reported)
}

/// Plays `mv` on the game through its token, with the copy-make and parse checks.
fn play_checked<R: Rules>(game: &mut Game<R>, mv: Move) -> Result<(), String> {
    let pos = game.position().clone();
    let snapshot = (pos.to_fen(), pos.hash());
    let token = pos.format_move(mv);
    let mut child = pos.clone();
    child.play(mv);
    if *game.position() != pos || (pos.to_fen(), pos.hash()) != snapshot {
        return Err(format!(
            "playing {token} on a copy changed the original at {}",
            snapshot.0
        ));
    }
    match game.play_token(&token) {
        Ok(played) if played == mv => {}
        Ok(other) => {
            return Err(format!(
                "token {token} played another action {other:?} at {}",
                snapshot.0
            ))
        }
        Err(e) => return Err(format!("token {token} rejected: {e} at {}", snapshot.0)),
    }
    if *game.position() != child {
        return Err(format!(
            "{token} through the game differs from copy-make at {}",
            snapshot.0
        ));
    }
    if child.hash() != child.recompute_hash() {
        return Err(format!(
            "hash after {token} differs from recomputed at {}",
            snapshot.0
        ));
    }
    Ok(())
}

/// A chance outcome drawn by its weight.
fn weighted<R: Rules>(pos: &R, moves: &[Move], rng: &mut StdRng) -> Move {
    let outcomes = pos.weighted_outcomes();
    let total: u128 = outcomes.iter().map(|&(_, w)| w).sum();
    if total == 0 {
        return moves[rng.gen_range(0..moves.len())];
    }
    let mut pick = rng.gen_range(0..total);
    for &(m, w) in &outcomes {
        if pick < w {
            return m;
        }
        pick -= w;
    }
    outcomes[outcomes.len() - 1].0
}

/// Plays seeded games from `start` (random, and every `engine_every`-th by the search with
/// `eval`), checking every action. The error names the game, its seed and the moves so far.
pub fn soak<R: Rules, E: Evaluator<R>>(
    start: &R,
    options: &R::Options,
    eval: &E,
    config: &SoakConfig,
) -> Result<SoakStats, String> {
    let mut stats = SoakStats::default();
    let tt = TranspositionTable::new(1);
    for g in 0..config.games {
        if config.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let seed = config.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
        let mut rng = StdRng::seed_from_u64(seed);
        let by_engine =
            config.engine_every > 0 && g % config.engine_every == config.engine_every - 1;
        stats.games += 1;
        stats.engine_games += by_engine as usize;
        let mut game = Game::new(start.clone());
        let mut own = OwnHistory::new(start);
        let fail = |game: &Game<R>, e: String| {
            let tokens: Vec<String> = {
                let mut p = start.clone();
                game.moves()
                    .iter()
                    .map(|&m| {
                        let t = p.format_move(m);
                        p.play(m);
                        t
                    })
                    .collect()
            };
            format!(
                "{} soak game {g} (seed {seed}, {}): {e}; from {} moves {}",
                R::NAME,
                if by_engine { "engine" } else { "random" },
                start.to_fen(),
                tokens.join(" ")
            )
        };
        tt.clear();
        for ply in 0..=config.max_plies {
            let pos = game.position();
            if config.full_check_every <= 1 || ply % config.full_check_every == 0 {
                stats.moves_checked += check_position(pos, options).map_err(|e| fail(&game, e))?;
                stats.positions_fully_checked += 1;
            }
            if let Some(o) = check_outcome(&game, &own).map_err(|e| fail(&game, e))? {
                stats.finished_games += 1;
                stats.ended(o.reason());
                break;
            }
            if ply == config.max_plies {
                break;
            }
            let moves = pos.legal_moves();
            let mv = if pos.is_chance_node() {
                weighted(pos, &moves, &mut rng)
            } else if by_engine && ply >= config.engine_opening_plies {
                let limits = Limits {
                    nodes: Some(config.search_nodes),
                    ..Limits::default()
                };
                let shared = Shared::new(&limits, limits.plan(pos.side_to_move(), 0));
                let opts = SearchOptions::quiet();
                let result = search::search(&game, eval, &tt, &shared, &limits, &opts, &mut |_| {});
                match result.best {
                    Some(m) if moves.contains(&m) => m,
                    Some(m) => {
                        return Err(fail(
                            &game,
                            format!("the search chose an illegal action {m:?}"),
                        ))
                    }
                    None => return Err(fail(&game, "the search found no move in play".into())),
                }
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            play_checked(&mut game, mv).map_err(|e| fail(&game, e))?;
            own.push(game.position());
            stats.plies += 1;
        }
    }
    Ok(stats)
}
