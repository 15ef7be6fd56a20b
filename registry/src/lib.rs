//! Maps variant names to implementations: each variant's rules with its evaluator. The protocol
//! works through the object-safe [`AnyGame`]; everything below it (perft, search) is
//! monomorphized per variant, so the only dynamic dispatch is one call per command.

use grimoire_engine::eval_api::Evaluator;
use grimoire_engine::perft;
use grimoire_engine::rules::{Outcome, Rules, VariantOption};
use grimoire_engine::search::{
    self, Limits, Report, SearchOptions, SearchResult, Shared, TranspositionTable,
};
use grimoire_engine::soak::{self, SoakConfig, SoakStats};
use grimoire_engine::variants::archmage::ArchMage;
use grimoire_engine::variants::chess::Chess;
use grimoire_engine::variants::duggan::Duggan;
use grimoire_engine::variants::eldritch::Eldritch;
use grimoire_engine::variants::ghost::Ghost;
use grimoire_engine::{Color, Game};
use grimoire_eval::{
    ArchMageEval, ChessEval, DugganEval, EldritchEval, EvalParams, GhostEval, TunableEval,
};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A game of some variant, as the protocol sees it.
pub trait AnyGame: Send + Sync {
    fn variant(&self) -> &'static str;
    /// Replaces the game by `fen` (or the start position) plus `moves`. On any error the game
    /// is left exactly as it was.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), String>;
    fn fen(&self) -> String;
    fn hash(&self) -> u64;
    fn side_to_move(&self) -> Color;
    /// Board, FEN, key, side to move, legal move count and game state, for the `d` command.
    fn display(&self) -> String;
    fn legal_move_tokens(&self) -> Vec<String>;
    fn outcome(&self) -> Option<Outcome>;
    /// Per-root-move counts as tokens; where a root move opens a decision that costs no perft
    /// depth (GHO-27 A), one line per whole turn, its tokens joined by spaces (`docs/notation.md`
    /// §4). `None` if stopped.
    fn perft_divide(
        &self,
        depth: u32,
        threads: usize,
        stop: &AtomicBool,
    ) -> Option<Vec<(String, u64)>>;
    /// Searches the current position, handing each finished iteration to `report` (the
    /// protocol turns them into `info` lines); returns the result with the best move and the
    /// move to ponder as tokens.
    fn search(
        &self,
        limits: &Limits,
        options: &SearchOptions,
        tt: &TranspositionTable,
        shared: &Shared,
        report: &mut dyn FnMut(&Report),
    ) -> (SearchResult, Option<String>, Option<String>);
    /// The fixed positions of `bench`.
    fn bench_positions(&self) -> &'static [&'static str];
    fn option_specs(&self) -> Vec<VariantOption>;
    /// Sets a variant option; the current game is replayed under the new rules.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// The current position as a variant-independent picture (for the SVG writer).
    fn view(&self) -> grimoire_engine::view::BoardView;
    /// The from and to squares of the last played move that the view shows; empty at the start.
    fn last_move_squares(&self) -> Vec<grimoire_engine::Square>;
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// Plays one action token on the current game; on error the game is unchanged.
    fn play_token(&mut self, token: &str) -> Result<(), String>;
    /// The action tokens played since the start position or FEN.
    fn move_tokens(&self) -> &[String];
    /// The played actions in the notation of a PGN file: SAN for chess, tokens elsewhere.
    fn pgn_moves(&self) -> Vec<String>;
    /// Per played action: the side whose turn it starts, or `None` where it continues a turn
    /// (a decision step that costs no perft depth, GHO-27 A, or a second action of the same
    /// side). PGN numbers full moves by it.
    fn turn_starts(&self) -> Vec<Option<Color>>;
    /// The pending step is a random event (G6): the referee picks among `chance_outcomes`.
    fn is_chance_node(&self) -> bool;
    /// The outcomes of a pending random event as tokens with their relative weights.
    fn chance_outcomes(&self) -> Vec<(String, u32)>;
    /// Evaluates with `params` (a set for this variant), or the built-in defaults for `None`.
    fn set_eval_params(&mut self, params: Option<EvalParams>) -> Result<(), String>;
    /// The soak test (`grimoire_engine::soak`): seeded random and engine games from the
    /// current position to their end, every action checked.
    fn soak(&self, config: &SoakConfig) -> Result<SoakStats, String>;
    /// The full consistency check of the current position (`consistency::check_position`);
    /// the number of legal actions.
    fn check_consistency(&self) -> Result<usize, String>;
}

/// A game of variant `R`, evaluated by `E`, with the variant's options.
pub struct VariantGame<R: Rules, E: Evaluator<R>> {
    eval: Arc<E>,
    options: R::Options,
    start_fen: Option<String>,
    move_tokens: Vec<String>,
    game: Game<R>,
}

impl<R: Rules, E: Evaluator<R>> Clone for VariantGame<R, E> {
    fn clone(&self) -> Self {
        VariantGame {
            eval: self.eval.clone(),
            options: self.options.clone(),
            start_fen: self.start_fen.clone(),
            move_tokens: self.move_tokens.clone(),
            game: self.game.clone(),
        }
    }
}

impl<R: Rules, E: Evaluator<R>> VariantGame<R, E> {
    pub fn new(eval: E) -> Self {
        let options = R::Options::default();
        let game = Game::new(R::start_position(&options));
        VariantGame {
            eval: Arc::new(eval),
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

impl<R: Rules, E: TunableEval<R> + Default> AnyGame for VariantGame<R, E> {
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
        let counts = perft::divide_turns(pos, depth, threads, stop)?;
        Some(
            counts
                .into_iter()
                .map(|(turn, n)| (turn_tokens(pos, &turn), n))
                .collect(),
        )
    }

    fn search(
        &self,
        limits: &Limits,
        options: &SearchOptions,
        tt: &TranspositionTable,
        shared: &Shared,
        report: &mut dyn FnMut(&Report),
    ) -> (SearchResult, Option<String>, Option<String>) {
        let result = search::search(&self.game, &*self.eval, tt, shared, limits, options, report);
        let pos = self.game.position();
        let best = result.best.map(|m| pos.format_move(m));
        let ponder = match (result.best, result.ponder) {
            (Some(b), Some(p)) => {
                let mut after = pos.clone();
                after.play(b);
                after
                    .legal_moves()
                    .contains(&p)
                    .then(|| after.format_move(p))
            }
            _ => None,
        };
        (result, best, ponder)
    }

    fn bench_positions(&self) -> &'static [&'static str] {
        R::BENCH
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

    fn view(&self) -> grimoire_engine::view::BoardView {
        self.game.position().view()
    }

    fn last_move_squares(&self) -> Vec<grimoire_engine::Square> {
        let Some(&m) = self.game.moves().last() else {
            return Vec::new();
        };
        let view = self.view();
        let mut squares = Vec::new();
        for sq in [m.from_opt(), m.to_opt()].into_iter().flatten() {
            if !squares.contains(&sq) && view.squares.iter().any(|s| s.square == sq) {
                squares.push(sq);
            }
        }
        squares
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn play_token(&mut self, token: &str) -> Result<(), String> {
        self.game.play_token(token)?;
        self.move_tokens.push(token.to_string());
        Ok(())
    }

    fn move_tokens(&self) -> &[String] {
        &self.move_tokens
    }

    fn pgn_moves(&self) -> Vec<String> {
        let mut pos = self.game.start().clone();
        self.game
            .moves()
            .iter()
            .map(|&m| {
                let text = pos.format_pgn(m);
                pos.play(m);
                text
            })
            .collect()
    }

    fn turn_starts(&self) -> Vec<Option<Color>> {
        let mut pos = self.game.start().clone();
        let mut turn_of = None;
        self.game
            .moves()
            .iter()
            .map(|&m| {
                let side = pos.side_to_move();
                let starts = pos.consumes_depth() && turn_of != Some(side);
                if starts {
                    turn_of = Some(side);
                }
                pos.play(m);
                starts.then_some(side)
            })
            .collect()
    }

    fn is_chance_node(&self) -> bool {
        self.game.position().is_chance_node()
    }

    fn chance_outcomes(&self) -> Vec<(String, u32)> {
        let pos = self.game.position();
        if !pos.is_chance_node() {
            return Vec::new();
        }
        pos.legal_moves()
            .iter()
            .map(|&m| (pos.format_move(m), pos.outcome_weight(m)))
            .collect()
    }

    fn set_eval_params(&mut self, params: Option<EvalParams>) -> Result<(), String> {
        self.eval = Arc::new(match params {
            Some(p) => E::from_params(p)?,
            None => E::default(),
        });
        Ok(())
    }

    fn soak(&self, config: &SoakConfig) -> Result<SoakStats, String> {
        soak::soak(self.game.position(), &self.options, &*self.eval, config)
    }

    fn check_consistency(&self) -> Result<usize, String> {
        grimoire_engine::consistency::check_position(self.game.position(), &self.options)
    }
}

/// One registered variant.
pub struct VariantEntry {
    pub name: &'static str,
    pub create: fn() -> Box<dyn AnyGame>,
}

/// The tokens of the actions `turn` played from `pos`, joined by single spaces.
fn turn_tokens<R: Rules>(pos: &R, turn: &[grimoire_engine::Move]) -> String {
    let mut at = pos.clone();
    let mut tokens = Vec::with_capacity(turn.len());
    for &mv in turn {
        tokens.push(at.format_move(mv));
        at.play(mv);
    }
    tokens.join(" ")
}

fn entry<R: Rules, E: TunableEval<R> + Default>() -> VariantEntry {
    VariantEntry {
        name: R::NAME,
        create: || Box::new(VariantGame::<R, E>::new(E::default())),
    }
}

/// Every variant the engine plays with its evaluator, in `UCI_Variant` order.
pub fn variants() -> Vec<VariantEntry> {
    vec![
        entry::<Chess, ChessEval>(),
        entry::<Duggan, DugganEval>(),
        entry::<ArchMage, ArchMageEval>(),
        entry::<Ghost, GhostEval>(),
        entry::<Eldritch, EldritchEval>(),
    ]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A Ghost spawn decision (GHO-26) continues the capturing turn, so it starts none.
    #[test]
    fn a_ghost_decision_continues_the_turn_it_belongs_to() {
        let mut game = create("ghost").expect("ghost is registered");
        game.set_position(None, &["e2e4", "d7d5", "e4d5", "z5", "g8f6", "b1c3"])
            .unwrap();
        let (w, b) = (Some(Color::White), Some(Color::Black));
        assert_eq!(game.turn_starts(), [w, b, w, None, b, w]);
        let mut chess = create("chess").expect("chess is registered");
        chess.set_position(None, &["e2e4", "d7d5", "e4d5"]).unwrap();
        assert_eq!(chess.turn_starts(), [w, b, w]);
    }
}
