//! Maps variant names to implementations. The protocol works through the object-safe
//! [`AnyGame`]; everything below it (perft, later search) is monomorphized per variant, so the
//! only dynamic dispatch is one call per command.

use crate::game::Game;
use crate::perft;
use crate::piece::Color;
use crate::rules::{Outcome, Rules, VariantOption};
use crate::variants::chess::Chess;
use std::sync::atomic::AtomicBool;

/// A game of some variant, as the protocol sees it.
pub trait AnyGame: Send + Sync {
    fn variant(&self) -> &'static str;
    /// Replaces the game by `fen` (or the start position) plus `moves`. On any error the game
    /// is left exactly as it was.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    fn fen(&self) -> String;
    fn hash(&self) -> u64;
    fn side_to_move(&self) -> Color;
    /// Board, FEN, key, side to move, checkers and game state, for the `d` command.
    fn display(&self) -> String;
    fn legal_move_tokens(&self) -> Vec<String>;
    fn outcome(&self) -> Option<Outcome>;
    /// Per-root-move counts as tokens; `None` if stopped.
    fn perft_divide(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Option<Vec<(String, u64)>>;
    fn option_specs(&self) -> Vec<VariantOption>;
    /// Sets a variant option; the current position is kept (re-validated under the new options).
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    fn clone_box(&self) -> Box<dyn AnyGame>;
}

/// A concrete game of variant `R` with its options.
#[derive(Clone)]
pub struct VariantGame<R: Rules> {
    options: R::Options,
    start_fen: Option<String>,
    move_tokens: Vec<String>,
    game: Game<R>,
}

impl<R: Rules> VariantGame<R> {
    pub fn new() -> Self {
        let options = R::Options::default();
        let game = Game::new(R::start_position(&options));
        VariantGame {
            options,
            start_fen: None,
            move_tokens: Vec::new(),
            game,
        }
    }

    pub fn game(&self) -> &Game<R> {
        &self.game
    }

    fn build(&self, fen: Option<&str>, moves: &[&str]) -> Result<Game<R>, String> {
        let start = match fen {
            Some(f) => R::from_fen(f, &self.options).map_err(|e| format!("bad FEN: {e}"))?,
            None => R::start_position(&self.options),
        };
        let mut game = Game::new(start);
        for (i, token) in moves.iter().enumerate() {
            game.play_token(token)
                .map_err(|e| format!("move {} '{token}': {e}", i + 1))?;
        }
        Ok(game)
    }
}

impl<R: Rules> Default for VariantGame<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<R: Rules> AnyGame for VariantGame<R> {
    fn variant(&self) -> &'static str {
        R::NAME
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String> {
        self.game = self.build(fen, moves)?;
        self.start_fen = fen.map(str::to_string);
        self.move_tokens = moves.iter().map(|m| m.to_string()).collect();
        Ok(())
    }

    fn fen(&self) -> String {
        self.game.position().to_fen()
    }

    fn hash(&self) -> u64 {
        self.game.position().hash()
    }

    fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    fn display(&self) -> String {
        let pos = self.game.position();
        let state = match self.game.outcome() {
            Some(o) => format!("game over: {o}"),
            None if pos.in_check() => "in play (in check)".to_string(),
            None => "in play".to_string(),
        };
        format!(
            "{}\n\nVariant: {}\nFen: {}\nKey: {:016X}\nSide to move: {}\nLegal moves: {}\nHalfmove clock: {}\nState: {}",
            pos.render(),
            R::NAME,
            pos.to_fen(),
            pos.hash(),
            pos.side_to_move().name(),
            pos.legal_moves().len(),
            pos.halfmove_clock(),
            state
        )
    }

    fn legal_move_tokens(&self) -> Vec<String> {
        let pos = self.game.position();
        pos.legal_moves()
            .iter()
            .map(|&m| pos.format_move(m))
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn perft_divide(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Option<Vec<(String, u64)>> {
        let pos = self.game.position();
        let counts = perft::divide(pos, depth, threads, stop)?;
        Some(
            counts
                .into_iter()
                .map(|(m, n)| (pos.format_move(m), n))
                .collect(),
        )
    }

    fn option_specs(&self) -> Vec<VariantOption> {
        R::option_specs()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut options = self.options.clone();
        R::set_option(&mut options, name, value)?;
        let old = std::mem::replace(&mut self.options, options);
        // Options change the rules: replay the current game under them, or keep the old rules.
        let tokens: Vec<&str> = self.move_tokens.iter().map(String::as_str).collect();
        match self.build(self.start_fen.as_deref(), &tokens) {
            Ok(game) => {
                self.game = game;
                Ok(())
            }
            Err(e) => {
                self.options = old;
                Err(format!("option not applied: {e}"))
            }
        }
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}

/// One registered variant.
pub struct VariantEntry {
    pub name: &'static str,
    pub create: fn() -> Box<dyn AnyGame>,
}

fn entry<R: Rules>() -> VariantEntry {
    VariantEntry {
        name: R::NAME,
        create: || Box::new(VariantGame::<R>::new()),
    }
}

/// Every variant the engine plays, in `UCI_Variant` order.
pub fn variants() -> Vec<VariantEntry> {
    vec![entry::<Chess>()]
}

pub fn variant_names() -> Vec<&'static str> {
    variants().iter().map(|v| v.name).collect()
}

/// A new game of the named variant at its start position.
pub fn create(name: &str) -> Option<Box<dyn AnyGame>> {
    variants()
        .into_iter()
        .find(|v| v.name.eq_ignore_ascii_case(name))
        .map(|v| (v.create)())
}
