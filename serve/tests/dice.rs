//! The referee's dice through a whole session: no variant has chance nodes until Hobgoblin's
//! explosions land, so a fake game (chess, with a die rolled after every move: `!a` at weight
//! 1, `!-` at weight 3) stands in. The server must roll at every chance node with its seeded
//! generator, play the outcome, record it, show it in the state, take it back with the move,
//! and never let a person or the engine act for the dice.

use grimoire_engine::errors::{MoveError, PositionError};
use grimoire_engine::options::OptionError;
use grimoire_engine::perft::PerftMode;
use grimoire_engine::search::{
    Limits, Report, SearchOptions, SearchResult, Shared, TranspositionTable,
};
use grimoire_engine::soak::{SoakConfig, SoakStats};
use grimoire_engine::view::BoardView;
use grimoire_engine::{Color, Move, Outcome, Square};
use grimoire_eval::EvalParams;
use grimoire_registry::{ActionInfo, AnyGame, Registry, VariantEntry};
use grimoire_serve::games::Games;
use grimoire_serve::players::Player;
use grimoire_serve::session::{lock, Settings};
use serde_json::Value;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

struct Dice {
    chess: Box<dyn AnyGame>,
    /// Every action, the outcomes included.
    tokens: Vec<String>,
    start: Option<String>,
}

impl Dice {
    fn new() -> Dice {
        Dice {
            chess: grimoire_registry::create("chess").unwrap(),
            tokens: Vec::new(),
            start: None,
        }
    }

    fn pending(&self) -> bool {
        self.tokens.last().is_some_and(|t| !t.starts_with('!'))
    }

    fn make() -> Box<dyn AnyGame> {
        Box::new(Dice::new())
    }
}

impl AnyGame for Dice {
    fn board_announcement(&self) -> String {
        self.chess.board_announcement()
    }
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), PositionError> {
        let real: Vec<&str> = moves
            .iter()
            .copied()
            .filter(|m| !m.starts_with('!'))
            .collect();
        self.chess.set_position(fen, &real)?;
        self.start = fen.map(str::to_string);
        self.tokens = moves.iter().map(|m| m.to_string()).collect();
        Ok(())
    }
    fn fen(&self) -> String {
        self.chess.fen()
    }
    fn hash(&self) -> u64 {
        self.chess.hash()
    }
    fn side_to_move(&self) -> Color {
        self.chess.side_to_move()
    }
    fn display(&self) -> String {
        self.chess.display()
    }
    fn legal_move_tokens(&self) -> Vec<String> {
        if self.pending() {
            return self.chance_outcomes().into_iter().map(|(t, _)| t).collect();
        }
        self.chess.legal_move_tokens()
    }
    fn beyond_fen_limits(&self) -> Option<String> {
        self.chess.beyond_fen_limits()
    }
    fn has_legal_action(&self) -> bool {
        self.pending() || self.chess.has_legal_action()
    }
    fn legal_actions(&self) -> Vec<ActionInfo> {
        if self.pending() {
            return Vec::new();
        }
        self.chess.legal_actions()
    }
    fn pgn_move_token(&self, text: &str) -> Option<String> {
        if self.pending() {
            return text.starts_with('!').then(|| text.to_string());
        }
        self.chess.pgn_move_token(text)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.chess.outcome()
    }
    fn perft_divide(
        &self,
        d: u32,
        t: usize,
        mode: PerftMode,
        s: &AtomicBool,
    ) -> Option<Vec<(String, u64)>> {
        self.chess.perft_divide(d, t, mode, s)
    }
    fn search(
        &self,
        limits: &Limits,
        options: &SearchOptions,
        tt: &TranspositionTable,
        shared: &Shared,
        report: &mut dyn FnMut(&Report),
    ) -> (SearchResult, Option<String>, Option<String>) {
        assert!(!self.pending(), "the engine was asked to act for the dice");
        self.chess.search(limits, options, tt, shared, report)
    }
    fn entry(&self) -> VariantEntry {
        dice_entry()
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        self.chess.set_option(name, value)
    }

    fn view(&self) -> BoardView {
        self.chess.view()
    }
    fn last_move_squares(&self) -> Vec<Square> {
        self.chess.last_move_squares()
    }
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(Dice {
            chess: self.chess.clone_box(),
            tokens: self.tokens.clone(),
            start: self.start.clone(),
        })
    }
    fn play_token(&mut self, token: &str) -> Result<(), MoveError> {
        if self.pending() {
            if token != "!a" && token != "!-" {
                return Err(MoveError::Illegal {
                    token: token.to_string(),
                });
            }
        } else {
            self.chess.play_token(token)?;
        }
        self.tokens.push(token.to_string());
        Ok(())
    }
    fn parse_moves(&self, tokens: &[String]) -> (Vec<Move>, Vec<MoveError>) {
        self.chess.parse_moves(tokens)
    }
    fn move_tokens(&self) -> &[String] {
        &self.tokens
    }
    fn pgn_moves(&self) -> Vec<String> {
        self.tokens.clone()
    }
    fn turn_starts(&self) -> Vec<Option<Color>> {
        let mut side = self
            .start
            .as_ref()
            .map_or(Color::White, |_| self.chess.side_to_move());
        self.tokens
            .iter()
            .map(|t| {
                if t.starts_with('!') {
                    None
                } else {
                    let s = side;
                    side = !side;
                    Some(s)
                }
            })
            .collect()
    }
    fn is_chance_node(&self) -> bool {
        self.pending()
    }
    fn chance_outcomes(&self) -> Vec<(String, u128)> {
        if !self.pending() {
            return Vec::new();
        }
        vec![("!a".to_string(), 1), ("!-".to_string(), 3)]
    }
    fn set_eval_params(&mut self, params: Option<EvalParams>) -> Result<(), String> {
        self.chess.set_eval_params(params)
    }
    fn soak(&self, config: &SoakConfig) -> Result<SoakStats, String> {
        self.chess.soak(config)
    }
    fn check_consistency(&self) -> Result<usize, String> {
        self.chess.check_consistency()
    }
}

/// The fake's entry: chess's bench and pieces, no options or setup.
fn dice_entry() -> VariantEntry {
    let chess = grimoire_registry::Registry::standard()
        .get("chess")
        .cloned()
        .expect("chess is registered");
    VariantEntry {
        name: "dice",
        create: Dice::make,
        options: Vec::new,
        setup: None,
        ..chess
    }
}

fn games() -> Games {
    let mut registry = Registry::standard();
    registry.add(dice_entry());
    Games::new(Arc::new(registry), 8)
}

fn settings(black: Player, seed: u64) -> Settings {
    Settings {
        variant: "dice".to_string(),
        players: [Player::Human, black],
        clock: None,
        options: Vec::new(),
        seed,
    }
}

fn state(json: String) -> Value {
    serde_json::from_str(&json).unwrap()
}

#[test]
fn the_referee_rolls_records_and_takes_back_the_dice() {
    let games = games();
    let session = games.create(settings(Player::Human, 7), &[]).unwrap();
    let mut s = lock(&session);
    s.play_human("e2e4").unwrap();
    let v = state(s.publish());
    // The move, then the referee's roll, then Black to act (a person, not the dice).
    let tokens: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["token"].as_str().unwrap())
        .collect();
    assert_eq!(tokens.len(), 2, "{tokens:?}");
    assert!(tokens[1] == "!a" || tokens[1] == "!-");
    assert_eq!(v["moves"][1]["roll"], true);
    assert_eq!(v["rolls"][0]["ply"], 1);
    assert_eq!(v["rolls"][0]["token"], tokens[1]);
    assert_eq!(
        v["rolls"][0]["outcomes"],
        serde_json::json!([["!a", 1], ["!-", 3]])
    );
    assert_eq!(v["side_to_move"], "black");
    assert!(v["human_to_act"].as_bool().unwrap());
    // A person cannot roll for the referee: an outcome token is not a legal action now.
    assert!(s.play_human("!a").is_err());
    // Taking back removes the move and its roll together.
    s.take_back().unwrap();
    let v = state(s.publish());
    assert!(v["moves"].as_array().unwrap().is_empty());
    assert!(v["rolls"].as_array().unwrap().is_empty());
    // The dice follow the weights and the seed.
    let mut hits = 0;
    for _ in 0..200 {
        s.play_human("g1f3").unwrap();
        let v = state(s.publish());
        hits += usize::from(v["moves"][1]["token"] == "!a");
        s.take_back().unwrap();
    }
    assert!((25..=80).contains(&hits), "{hits} of 200 near a quarter");
    drop(s);
    let roll = |seed| {
        let session = games.create(settings(Player::Human, seed), &[]).unwrap();
        let mut s = lock(&session);
        s.play_human("d2d4").unwrap();
        state(s.publish())["moves"][1]["token"].clone()
    };
    assert_eq!(roll(99), roll(99));
}

#[test]
fn the_engine_acts_after_the_roll_never_for_it() {
    let games = games();
    let engine = Player::Engine {
        strength: grimoire_serve::players::Strength::Nodes(500),
    };
    let session = games.create(settings(engine, 3), &[]).unwrap();
    lock(&session).play_human("e2e4").unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let v = state(lock(&session).publish());
        let moves = v["moves"].as_array().unwrap();
        if moves.len() >= 4 {
            // e2e4, roll, Black's reply, roll: a person to act again.
            assert_eq!(v["rolls"].as_array().unwrap().len(), 2);
            assert!(moves[3]["roll"].as_bool().unwrap());
            assert_eq!(v["side_to_move"], "white");
            assert!(v["message"].is_null(), "{}", v["message"]);
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the engine never replied"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
