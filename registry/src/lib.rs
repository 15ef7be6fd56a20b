//! The variants behind one object-safe game type. [`Registry`] holds one entry per variant
//! manifest ([`manifest::Variant`]), filled from the one list ([`variants::visit_variants`])
//! or by [`Registry::register`]. The protocol, the
//! arena and the pictures work through [`AnyGame`]; everything below it (perft, search) is
//! monomorphized per variant, so the only dynamic dispatch is one call per command.

pub mod catalogue_doc;
pub mod danger;
#[macro_use]
pub mod manifest;
pub mod variants;

pub use danger::Danger;
pub use manifest::{NoSetup, SetupAction, SetupCommands, Variant, VariantVisitor};
pub use variants::{default_params, params_from_text, visit_variants};

use grimoire_engine::errors::{MoveError, PositionError};
use grimoire_engine::options::{self, OptionError, OptionSpec};
use grimoire_engine::perft::{self, PerftMode};
use grimoire_engine::prelude::*;
use grimoire_engine::rules::OptionsOf;
use grimoire_engine::search::{
    self, Limits, Report, SearchOptions, SearchResult, Shared, TranspositionTable,
};
use grimoire_engine::soak::{self, SoakConfig, SoakStats};
use grimoire_engine::{Color, Game};
use grimoire_eval::{EvalParams, TunableEval};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A game of some variant, as the protocol sees it.
pub trait AnyGame: Send + Sync {
    /// The board as Fairy-Stockfish-based GUIs read it after `UCI_Variant` is set:
    /// `variant <name> files <n> ranks <n> pocket <n> template fairy startpos <fen>`.
    fn board_announcement(&self) -> String;
    /// Replaces the game by `fen` (or the start position) plus `moves`. A bad FEN leaves the
    /// game exactly as it was; a move that is not legal where it stands ends the list there: the
    /// game is the position before it (what Stockfish's users rely on), and the error says which.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), PositionError>;
    fn fen(&self) -> String;
    fn hash(&self) -> u64;
    fn side_to_move(&self) -> Color;
    /// Board, FEN, key, side to move, legal move count and game state, for the `d` command.
    fn display(&self) -> String;
    fn legal_move_tokens(&self) -> Vec<String>;
    /// Whether the player to decide has any legal action (cheaper than listing them all).
    fn has_legal_action(&self) -> bool;
    /// Why the current position is past what a FEN may hold (perft refuses it), if it is.
    fn beyond_fen_limits(&self) -> Option<String>;
    /// The legal actions with what a board needs to offer them: each one's token, kind and
    /// squares (named by the variant's geometry), in the order of `legal_move_tokens`.
    fn legal_actions(&self) -> Vec<ActionInfo>;
    /// The token of the legal action that `text` names in a PGN file or a person types: a
    /// token, or the readable text the variant writes (SAN for chess, `docs/notation.md` §6),
    /// with check marks, annotations and `0-0` forgiven.
    fn pgn_move_token(&self, text: &str) -> Option<String>;
    /// The readable text (`docs/notation.md` §6) of `tokens` played in order from the current
    /// position, up to the first that is not legal there: SAN for chess, the variant's SAN-like
    /// text elsewhere; a dice outcome in words with its probability (`e4 explodes: 1 in 12`).
    /// The default: the tokens.
    fn san_line(&self, tokens: &[String]) -> Vec<String> {
        tokens.to_vec()
    }
    fn outcome(&self) -> Option<Outcome>;
    /// Per-root-move counts as tokens; where a root move opens a decision that costs no perft
    /// depth (GHO-27 A), one line per whole turn, its tokens joined by spaces (`docs/notation.md`
    /// §4). `None` if stopped.
    fn perft_divide(
        &self,
        depth: u32,
        threads: usize,
        mode: PerftMode,
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
    /// Sets a variant option; the current game is replayed under the new rules.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError>;
    /// The current position as a variant-independent picture (for the SVG writer).
    fn view(&self) -> grimoire_engine::view::BoardView;
    /// What the variant is, beyond this game: its name, options, bench positions and depth,
    /// piece catalogue (the registry's entry for it).
    fn entry(&self) -> VariantEntry;
    /// The from and to squares of the last played move that the view shows; empty at the start.
    fn last_move_squares(&self) -> Vec<grimoire_engine::Square>;
    /// What threatens the player to act: check, the royal units in danger, and the units the
    /// opponent could take if the player passed ([`danger`]). The default: nothing known.
    fn danger(&self) -> Danger {
        Danger::default()
    }
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// Plays one action token on the current game; on error the game is unchanged.
    fn play_token(&mut self, token: &str) -> Result<(), MoveError>;
    /// The legal actions of the current position named by `tokens` (`go searchmoves`), and
    /// the errors of those that are not.
    fn parse_moves(&self, tokens: &[String]) -> (Vec<Move>, Vec<MoveError>);
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
    fn chance_outcomes(&self) -> Vec<(String, u128)>;
    /// Evaluates with `params` (a set for this variant), or the built-in defaults for `None`.
    fn set_eval_params(&mut self, params: Option<EvalParams>) -> Result<(), String>;
    /// The soak test (`grimoire_engine::soak`): seeded random and engine games from the
    /// current position to their end, every action checked.
    fn soak(&self, config: &SoakConfig) -> Result<SoakStats, String>;
    /// The full consistency check of the current position (`consistency::check_position`);
    /// the number of legal actions.
    fn check_consistency(&self) -> Result<usize, String>;
}

/// One legal action as a board offers it (`AnyGame::legal_actions`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionInfo {
    /// The canonical token (`docs/notation.md`).
    pub token: String,
    /// Its readable text (`docs/notation.md` §6): SAN for chess.
    pub san: String,
    pub kind: MoveKind,
    /// The square it leaves, where it has one (not a drop, placement or decision).
    pub from: Option<String>,
    /// The square it acts on, where it has one (not a pass).
    pub to: Option<String>,
}

/// A game of variant `V`, with the variant's options.
pub struct VariantGame<V: Variant> {
    eval: Arc<V::Eval>,
    options: OptionsOf<V::Rules>,
    start_fen: Option<String>,
    move_tokens: Vec<String>,
    game: Game<V::Rules>,
}

impl<V: Variant> Clone for VariantGame<V> {
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

impl<V: Variant> VariantGame<V> {
    pub fn new() -> Self {
        let options = OptionsOf::<V::Rules>::default();
        let game = Game::new(V::Rules::start_position(&options));
        VariantGame {
            eval: Arc::new(V::Eval::default()),
            options,
            start_fen: None,
            move_tokens: Vec::new(),
            game,
        }
    }

    pub fn game(&self) -> &Game<V::Rules> {
        &self.game
    }

    /// The game from `fen` (or the start) with `moves` played, or why not.
    fn build(&self, fen: Option<&str>, moves: &[&str]) -> Result<Game<V::Rules>, PositionError> {
        match self.build_until_error(fen, moves)? {
            (game, None) => Ok(game),
            (_, Some(error)) => Err(error),
        }
    }

    /// The game from `fen` (or the start) with `moves` played up to the first that is not
    /// legal, and that move's error if there is one. A bad FEN is the only hard error.
    fn build_until_error(
        &self,
        fen: Option<&str>,
        moves: &[&str],
    ) -> Result<(Game<V::Rules>, Option<PositionError>), PositionError> {
        let start = match fen {
            Some(f) => V::Rules::from_fen(f, &self.options)?,
            None => V::Rules::start_position(&self.options),
        };
        let mut game = Game::new(start);
        let mut error = None;
        for (index, token) in moves.iter().enumerate() {
            if let Err(e) = game.play_token(token) {
                error = Some(PositionError::Move {
                    index,
                    token: token.to_string(),
                    error: e,
                });
                break;
            }
        }
        // The moves that stand end on a move whose dice they do not name: every roll
        // survived (§3.7). A FEN whose dice are pending (`rolls=`) stays so without moves.
        if !game.moves().is_empty() {
            game.resolve_implicit_outcome();
        }
        Ok((game, error))
    }
}

impl<V: Variant> Default for VariantGame<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V: Variant> VariantGame<V> {
    /// `d`'s key: one line per piece type on the board, from the catalogue (code, name,
    /// Betza, and what Betza cannot say).
    fn pieces_on_board(&self) -> String {
        let units: Vec<String> = self
            .view()
            .squares
            .iter()
            .flat_map(|s| s.units.iter().map(|u| u.name.clone()))
            .collect();
        let mut out = String::new();
        for t in V::Rules::piece_types()
            .iter()
            .filter(|t| units.iter().any(|u| u == t.name))
        {
            let mut line = format!("\n  {:<3} {}", t.code, t.name);
            if t.royal {
                line += " (royal)";
            }
            if !t.betza.is_empty() {
                line += &format!(": {}", t.betza);
            }
            if !t.special.is_empty() {
                line += &format!(". {}", t.special);
            }
            out += &line;
        }
        if out.is_empty() {
            return out;
        }
        format!("\nPieces:{out}")
    }
}

impl<V: Variant> AnyGame for VariantGame<V> {
    fn board_announcement(&self) -> String {
        // The board proper is square: files = ranks (frame squares are extra, G1).
        let size = V::Rules::GEOMETRY.board_size();
        format!(
            "variant {} files {size} ranks {size} pocket {} template fairy startpos {}",
            V::Rules::NAME,
            V::Rules::POCKET_KINDS,
            V::Rules::start_position(&self.options).to_fen()
        )
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), PositionError> {
        let (game, error) = self.build_until_error(fen, moves)?;
        // Tokens, not actions: implicit chance outcomes are actions without a token.
        let played = match &error {
            Some(PositionError::Move { index, .. }) => *index,
            _ => moves.len(),
        };
        self.game = game;
        self.start_fen = fen.map(str::to_string);
        self.move_tokens = moves[..played].iter().map(|m| m.to_string()).collect();
        error.map_or(Ok(()), Err)
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
        let has_moves = !pos.legal_moves().is_empty();
        let state = match self.game.outcome() {
            // Only repetition and the clock are claims; a dead position ends a chess game.
            Some(Outcome::Draw {
                reason: reason @ (Reason::Repetition | Reason::FiftyMoveRule),
            }) if has_moves && V::Rules::DRAWS_ARE_CLAIMS => {
                format!("in play; a draw by {} may be claimed", reason.describe())
            }
            Some(o) if has_moves => format!("drawn at the referee: {o} (moves are still accepted)"),
            Some(o) => format!("game over: {o}"),
            None if pos.in_check() => "in play (in check)".to_string(),
            None => "in play".to_string(),
        };
        format!(
            "{}\n\nVariant: {}\nFen: {}\nKey: {:016X}\nSide to move: {}\nLegal moves: {}\nHalfmove clock: {}\nState: {}",
            pos.render(),
            V::Rules::NAME,
            pos.to_fen(),
            pos.hash(),
            pos.side_to_move().name(),
            pos.legal_moves().len(),
            pos.halfmove_clock(),
            state
        ) + &self.pieces_on_board()
    }

    fn has_legal_action(&self) -> bool {
        self.game.position().has_legal_action()
    }

    fn beyond_fen_limits(&self) -> Option<String> {
        self.game
            .position()
            .within_fen_limits()
            .err()
            .map(|e| e.to_string())
    }

    fn legal_move_tokens(&self) -> Vec<String> {
        let pos = self.game.position();
        pos.legal_moves()
            .iter()
            .map(|&m| pos.format_move(m))
            .collect()
    }

    fn legal_actions(&self) -> Vec<ActionInfo> {
        let pos = self.game.position();
        let name = |sq| V::Rules::GEOMETRY.name(sq);
        pos.format_san_all()
            .into_iter()
            .map(|(m, san)| ActionInfo {
                token: pos.format_move(m),
                san,
                kind: m.kind(),
                from: m.from_opt().map(name),
                to: m.to_opt().map(name),
            })
            .collect()
    }

    fn pgn_move_token(&self, text: &str) -> Option<String> {
        let pos = self.game.position();
        if let Ok(m) = pos.parse_move(text) {
            return Some(pos.format_move(m));
        }
        if let Ok(m) = pos.parse_san(text) {
            return Some(pos.format_move(m));
        }
        // What another PGN writer may put for our actions (a variant's PGN form).
        let wanted = grimoire_engine::san::forgiven(text);
        pos.legal_moves()
            .iter()
            .find(|&&m| grimoire_engine::san::forgiven(&pos.format_pgn(m)) == wanted)
            .map(|&m| pos.format_move(m))
    }

    fn san_line(&self, tokens: &[String]) -> Vec<String> {
        let mut game = self.game.clone();
        let mut out = Vec::with_capacity(tokens.len());
        for token in tokens {
            let mut mv = game.position().parse_move(token);
            // A token after a move that names no outcome: every roll survived (§3.7).
            if mv.is_err() && game.resolve_implicit_outcome() {
                mv = game.position().parse_move(token);
            }
            let Ok(mv) = mv else { break };
            let pos = game.position();
            let mut text = pos.format_san(mv);
            if pos.is_chance_node() {
                let outcomes = pos.weighted_outcomes();
                let total: u128 = outcomes.iter().map(|&(_, w)| w).sum();
                if let Some(&(_, w)) = outcomes.iter().find(|&&(m, _)| m == mv) {
                    text = format!("{text}: {}", grimoire_engine::san::chance_words(w, total));
                }
            }
            out.push(text);
            game.play(mv);
        }
        out
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn perft_divide(
        &self,
        depth: u32,
        threads: usize,
        mode: PerftMode,
        stop: &AtomicBool,
    ) -> Option<Vec<(String, u64)>> {
        let pos = self.game.position();
        let counts = perft::divide_turns(pos, depth, threads, mode, stop)?;
        Some(
            counts
                .into_iter()
                .map(|(turn, n)| (turn_tokens(pos, &turn, mode), n))
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

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let mut options = self.options.clone();
        let decls = V::options();
        let decl = options::find(&decls, name).ok_or_else(|| OptionError::Unknown {
            name: format!("{name}' for variant '{}", V::Rules::NAME),
        })?;
        decl.apply(&mut options, value)?;
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
                Err(OptionError::NotApplied {
                    name: decl.spec.name,
                    reason: format!("not applied: {e}"),
                })
            }
        }
    }

    fn view(&self) -> grimoire_engine::view::BoardView {
        self.game.position().view()
    }

    fn entry(&self) -> VariantEntry {
        VariantEntry::of::<V>()
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

    fn danger(&self) -> Danger {
        danger::danger_of(self.game.position(), &self.options)
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn play_token(&mut self, token: &str) -> Result<(), MoveError> {
        self.game.play_token(token)?;
        self.move_tokens.push(token.to_string());
        Ok(())
    }

    fn parse_moves(&self, tokens: &[String]) -> (Vec<Move>, Vec<MoveError>) {
        let pos = self.game.position();
        let mut moves = Vec::new();
        let mut errors = Vec::new();
        for token in tokens {
            match pos.parse_move(token) {
                Ok(mv) => moves.push(mv),
                Err(e) => errors.push(e),
            }
        }
        (moves, errors)
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

    fn chance_outcomes(&self) -> Vec<(String, u128)> {
        let pos = self.game.position();
        if !pos.is_chance_node() {
            return Vec::new();
        }
        pos.weighted_outcomes()
            .into_iter()
            .map(|(m, w)| (pos.format_move(m), w))
            .collect()
    }

    fn set_eval_params(&mut self, params: Option<EvalParams>) -> Result<(), String> {
        self.eval = Arc::new(match params {
            Some(p) => V::Eval::from_params(p)?,
            None => V::Eval::default(),
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

/// Pre-game setup commands of one variant, with the declarations made so far.
pub trait AnySetup: Send {
    /// The command word (`eldritch`).
    fn command(&self) -> &'static str;
    /// The variant the commands set up.
    fn variant(&self) -> &'static str;
    /// Handles the arguments after the command word; `option_values` are the variant's rule
    /// options set so far, as (name, value) pairs already checked.
    fn handle(
        &mut self,
        args: &str,
        option_values: &[(String, String)],
    ) -> Result<SetupAction, String>;
}

struct SetupOf<V: Variant>(V::Setup);

impl<V: Variant> AnySetup for SetupOf<V> {
    fn command(&self) -> &'static str {
        <V::Setup as SetupCommands<V::Rules>>::COMMAND.unwrap_or("")
    }

    fn variant(&self) -> &'static str {
        V::Rules::NAME
    }

    fn handle(
        &mut self,
        args: &str,
        option_values: &[(String, String)],
    ) -> Result<SetupAction, String> {
        let decls = V::options();
        let mut options = OptionsOf::<V::Rules>::default();
        for (name, value) in option_values {
            if let Some(d) = options::find(&decls, name) {
                // Values were checked when they were set.
                let _ = d.apply(&mut options, value);
            }
        }
        self.0.handle(args, &options)
    }
}

impl dyn AnyGame + '_ {
    /// The variant's name (its entry's).
    pub fn variant(&self) -> &'static str {
        self.entry().name
    }
}

/// One registered variant.
#[derive(Clone)]
pub struct VariantEntry {
    pub name: &'static str,
    pub create: fn() -> Box<dyn AnyGame>,
    /// The variant's rule options (G7).
    pub options: fn() -> Vec<OptionSpec>,
    /// Its setup commands, where it has some.
    pub setup: Option<fn() -> Box<dyn AnySetup>>,
    /// The positions `bench` searches, and the depth it searches when none is given.
    pub bench: &'static [&'static str],
    pub bench_depth: u32,
    /// The piece catalogue (`grimoire_engine::catalogue`).
    pub piece_types: &'static [grimoire_engine::catalogue::PieceType],
    /// The rules in our own words, Markdown (empty: none).
    pub rules_doc: &'static str,
}

impl VariantEntry {
    /// The entry of manifest `V`.
    pub fn of<V: Variant>() -> Self {
        let setup: Option<fn() -> Box<dyn AnySetup>> =
            <V::Setup as SetupCommands<V::Rules>>::COMMAND.map(|_| {
                (|| Box::new(SetupOf::<V>(V::Setup::default())) as Box<dyn AnySetup>) as fn() -> _
            });
        VariantEntry {
            name: V::Rules::NAME,
            create: || Box::new(VariantGame::<V>::new()),
            options: || V::options().into_iter().map(|d| d.spec).collect(),
            setup,
            bench: V::BENCH,
            bench_depth: V::BENCH_DEPTH,
            piece_types: V::Rules::piece_types(),
            rules_doc: V::RULES_DOC,
        }
    }
}

/// The variants an engine plays, by name.
#[derive(Clone)]
pub struct Registry {
    entries: Vec<VariantEntry>,
}

impl VariantVisitor for Registry {
    fn visit<V: Variant>(&mut self) {
        self.register::<V>();
    }
}

impl Registry {
    /// No variants.
    pub fn empty() -> Self {
        Registry {
            entries: Vec::new(),
        }
    }

    /// Every variant of the list ([`visit_variants`]), in its order.
    pub fn standard() -> Self {
        let mut registry = Registry::empty();
        visit_variants(&mut registry);
        registry
    }

    /// Adds manifest `V` (replacing a variant of the same name).
    pub fn register<V: Variant>(&mut self) -> &mut Self {
        self.entries.retain(|e| e.name != V::Rules::NAME);
        self.entries.push(VariantEntry::of::<V>());
        self
    }

    /// Adds an entry made by hand (replacing one of the same name): a game that is not a
    /// manifest, such as a test's fake with chance nodes.
    pub fn add(&mut self, entry: VariantEntry) -> &mut Self {
        self.entries.retain(|e| e.name != entry.name);
        self.entries.push(entry);
        self
    }

    pub fn entries(&self) -> &[VariantEntry] {
        &self.entries
    }

    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|e| e.name).collect()
    }

    /// The entry named `name` (any case).
    pub fn get(&self, name: &str) -> Option<&VariantEntry> {
        self.entries
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name))
    }

    /// A new game of the named variant at its start position.
    pub fn create(&self, name: &str) -> Option<Box<dyn AnyGame>> {
        self.get(name).map(|e| (e.create)())
    }
}

/// The tokens of the actions `turn` played from `pos`, joined by single spaces.
/// The tokens of a whole turn; under the convention its implicit chance outcome is not named
/// after a move (a move list implies it, notation §3.7).
fn turn_tokens<R: Rules>(pos: &R, turn: &[grimoire_engine::Move], mode: PerftMode) -> String {
    let mut at = pos.clone();
    let mut tokens = Vec::with_capacity(turn.len());
    for &mv in turn {
        let implicit = mode == PerftMode::Convention
            && !tokens.is_empty()
            && at.is_chance_node()
            && at.implicit_outcome() == Some(mv);
        if !implicit {
            tokens.push(at.format_move(mv));
        }
        at.play(mv);
    }
    tokens.join(" ")
}

/// Every variant the engine plays, in `UCI_Variant` order.
pub fn variants() -> Vec<VariantEntry> {
    Registry::standard().entries
}

pub fn variant_names() -> Vec<&'static str> {
    Registry::standard().names()
}

/// A new game of the named variant at its start position.
pub fn create(name: &str) -> Option<Box<dyn AnyGame>> {
    Registry::standard().create(name)
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

    /// A refused position names its part: the FEN's error, or the move by its place in the
    /// list; the game is left as it was, and the text is that of the protocol's error lines.
    #[test]
    fn position_errors_are_typed_a_bad_fen_changes_nothing_a_bad_move_ends_the_list() {
        use grimoire_engine::errors::FenError;
        let mut game = create("chess").expect("chess is registered");
        game.set_position(None, &["e2e4"]).unwrap();
        let before = game.fen();
        let e = game
            .set_position(Some("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), &[])
            .unwrap_err();
        assert!(matches!(e, PositionError::Fen(FenError::Side(_))), "{e:?}");
        assert_eq!(
            e.to_string(),
            "bad FEN: side to move must be 'w' or 'b', got 'x'"
        );
        let e = game.set_position(None, &["d2d4", "d2d4"]).unwrap_err();
        assert_eq!(
            e,
            PositionError::Move {
                index: 1,
                token: "d2d4".to_string(),
                error: MoveError::Illegal {
                    token: "d2d4".to_string()
                },
            }
        );
        assert_eq!(
            e.to_string(),
            "move 2 'd2d4': illegal or unknown move 'd2d4'"
        );
        // The moves before the bad one stand (issue 16: GUIs rely on it).
        assert_eq!(game.move_tokens(), ["d2d4"]);
        assert_eq!(game.side_to_move(), Color::Black);
        game.set_position(None, &["e2e4"]).unwrap();
        assert_eq!(
            game.play_token("e2e4"),
            Err(MoveError::Illegal {
                token: "e2e4".to_string()
            })
        );
        assert_eq!(game.fen(), before);
    }
}
