//! A game in progress: the current position plus the history that repetition needs.

use crate::errors::MoveError;
use crate::moves::Move;
use crate::rules::{Outcome, Reason, Rules};

#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    /// The position the game started from (PGN export replays from it).
    start: R,
    position: R,
    /// Keys of the positions before each played action, oldest first.
    history: Vec<u64>,
    /// Halfmove clock before each played action (to find the last irreversible move).
    clocks: Vec<u32>,
    moves: Vec<Move>,
}

impl<R: Rules> Game<R> {
    pub fn new(position: R) -> Self {
        Game {
            start: position.clone(),
            position,
            history: Vec::new(),
            clocks: Vec::new(),
            moves: Vec::new(),
        }
    }

    pub fn position(&self) -> &R {
        &self.position
    }

    pub fn start(&self) -> &R {
        &self.start
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Keys of the positions before each played action, oldest first.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// Plays a token after checking it is legal; the game is unchanged on error. Draws by rule
    /// (repetition, the 100-ply rule, no mating material) end a game at the referee, not here:
    /// a GUI may send moves past them (G3), so only a position without legal actions (mate,
    /// stalemate, a game ended by the variant's own rule) refuses every token.
    ///
    /// At a chance step whose outcome `token` does not name, the variant's implicit outcome is
    /// played first (Hobgoblin: a token after a move that is not `!...` means every roll
    /// survived, `docs/notation.md` §3.7); the game is unchanged if the token then fails.
    pub fn play_token(&mut self, token: &str) -> Result<Move, MoveError> {
        if let Some(implicit) = self.unnamed_outcome(token) {
            let before = self.clone();
            self.play(implicit);
            return self.play_token_here(token).inspect_err(|_| *self = before);
        }
        self.play_token_here(token)
    }

    /// The implicit outcome to play before `token`, when the position is a chance step and
    /// `token` names none of its outcomes.
    fn unnamed_outcome(&self, token: &str) -> Option<Move> {
        if !self.position.is_chance_node() {
            return None;
        }
        let implicit = self.position.implicit_outcome()?;
        self.position.parse_move(token).is_err().then_some(implicit)
    }

    /// Plays the implicit outcome of a pending chance step, if the variant has one (the end
    /// of a move list that names no outcome, §3.7). Returns whether it played one.
    pub fn resolve_implicit_outcome(&mut self) -> bool {
        if !self.position.is_chance_node() {
            return false;
        }
        match self.position.implicit_outcome() {
            Some(mv) => {
                self.play(mv);
                true
            }
            None => false,
        }
    }

    fn play_token_here(&mut self, token: &str) -> Result<Move, MoveError> {
        let mv = match self.position.parse_move(token) {
            Ok(mv) => mv,
            Err(e) => {
                return Err(match self.outcome() {
                    Some(outcome) if self.position.legal_moves().is_empty() => {
                        MoveError::GameOver {
                            token: token.to_string(),
                            outcome,
                        }
                    }
                    _ => e,
                })
            }
        };
        self.play(mv);
        Ok(mv)
    }

    /// Plays an action known to be legal.
    pub fn play(&mut self, mv: Move) {
        self.history.push(self.position.hash());
        self.clocks.push(self.position.halfmove_clock());
        self.moves.push(mv);
        self.position.play(mv);
    }

    /// How many times the current position occurred before (same key, same side to move).
    pub fn repetitions(&self) -> usize {
        let key = self.position.hash();
        let window = if R::REPETITION_SINCE_RESET {
            (self.position.halfmove_clock() as usize).min(self.history.len())
        } else {
            self.history.len()
        };
        self.history[self.history.len() - window..]
            .iter()
            .filter(|&&k| k == key)
            .count()
    }

    /// The result, if the game is over (position rules first, then repetition; repetition
    /// before the 100-ply rule where [`Rules::REPETITION_BEFORE_CLOCK_RULE`] says so).
    pub fn outcome(&self) -> Option<Outcome> {
        let repetition = Outcome::Draw {
            reason: Reason::Repetition,
        };
        match self.position.terminal() {
            Some(o) if R::REPETITION_BEFORE_CLOCK_RULE && o.reason() == Reason::FiftyMoveRule => {
                Some(if self.repetitions() >= 2 {
                    repetition
                } else {
                    o
                })
            }
            Some(o) => Some(o),
            None => (self.repetitions() >= 2).then_some(repetition),
        }
    }
}
