//! The referee's dice: where the game stands at a chance node (G6), the server draws the outcome
//! by the outcomes' weights with a seeded generator, plays it, and records the roll so the page
//! can show it. Written against a small trait so that a fake game can test it (no variant has
//! chance nodes until Hobgoblin's explosions land).

use grimoire_arena::openings::pick_chance;
use grimoire_registry::AnyGame;
use rand::rngs::StdRng;

/// What the referee needs of a game to roll for it.
pub trait ChanceGame {
    fn is_chance_node(&self) -> bool;
    /// The outcomes as tokens with their relative weights.
    fn chance_outcomes(&self) -> Vec<(String, u128)>;
    fn play_token(&mut self, token: &str) -> Result<(), String>;
    /// Actions played so far.
    fn plies(&self) -> usize;
    /// An outcome of the pending event as people read it (`e4 explodes: 1 in 12`).
    fn outcome_text(&self, token: &str) -> String {
        token.to_string()
    }
}

impl ChanceGame for dyn AnyGame {
    fn is_chance_node(&self) -> bool {
        AnyGame::is_chance_node(self)
    }
    fn chance_outcomes(&self) -> Vec<(String, u128)> {
        AnyGame::chance_outcomes(self)
    }
    fn play_token(&mut self, token: &str) -> Result<(), String> {
        AnyGame::play_token(self, token).map_err(|e| e.to_string())
    }
    fn plies(&self) -> usize {
        self.move_tokens().len()
    }
    fn outcome_text(&self, token: &str) -> String {
        self.san_line(&[token.to_string()])
            .pop()
            .unwrap_or_else(|| token.to_string())
    }
}

/// One roll: where it fell in the game, what came up, and what could have.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Roll {
    /// The index of the outcome's action in the game's list of actions.
    pub ply: usize,
    pub token: String,
    /// What came up as people read it, with its probability (`e4 explodes: 1 in 12`).
    pub text: String,
    /// Every outcome with its weight.
    pub outcomes: Vec<(String, u128)>,
    /// Every outcome as people read it, in the order of `outcomes`.
    pub outcome_texts: Vec<String>,
}

/// Most rolls in a row before the referee gives up (a game whose outcomes lead to more chance
/// nodes forever is a broken variant, not a reason to hang the server).
const MAX_ROLLS: usize = 64;

/// Rolls while the game is at a chance node, playing each outcome. An outcome that does not
/// play, an empty outcome list or a runaway series is an error; the rolls made stand.
pub fn settle<G: ChanceGame + ?Sized>(game: &mut G, rng: &mut StdRng) -> Result<Vec<Roll>, String> {
    let mut rolls = Vec::new();
    while game.is_chance_node() {
        if rolls.len() == MAX_ROLLS {
            return Err(format!("more than {MAX_ROLLS} chance events in a row"));
        }
        let outcomes = game.chance_outcomes();
        if outcomes.is_empty() {
            return Err("a chance event with no outcomes".to_string());
        }
        let token = pick_chance(&outcomes, rng);
        let ply = game.plies();
        let outcome_texts: Vec<String> =
            outcomes.iter().map(|(t, _)| game.outcome_text(t)).collect();
        let text = game.outcome_text(&token);
        game.play_token(&token)
            .map_err(|e| format!("chance outcome '{token}': {e}"))?;
        rolls.push(Roll {
            ply,
            token,
            text,
            outcomes,
            outcome_texts,
        });
    }
    Ok(rolls)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// A game that rolls a die after every move: `!a` (weight 1) or `!-` (weight 3).
    struct Dice {
        played: Vec<String>,
        pending: bool,
    }

    impl ChanceGame for Dice {
        fn is_chance_node(&self) -> bool {
            self.pending
        }
        fn chance_outcomes(&self) -> Vec<(String, u128)> {
            vec![("!a".into(), 1), ("!-".into(), 3)]
        }
        fn play_token(&mut self, token: &str) -> Result<(), String> {
            if !self.pending || !token.starts_with('!') {
                return Err("not an outcome".into());
            }
            self.pending = false;
            self.played.push(token.to_string());
            Ok(())
        }
        fn plies(&self) -> usize {
            self.played.len()
        }
    }

    #[test]
    fn the_referee_rolls_by_weight_and_records_each_roll() {
        let mut rng = StdRng::seed_from_u64(11);
        let mut hits = 0;
        for i in 0..2000 {
            let mut game = Dice {
                played: vec!["m".into(); i % 3],
                pending: true,
            };
            let rolls = settle(&mut game, &mut rng).unwrap();
            assert_eq!(rolls.len(), 1);
            assert_eq!(rolls[0].ply, i % 3);
            assert_eq!(game.played.last(), Some(&rolls[0].token));
            assert_eq!(rolls[0].outcomes.len(), 2);
            hits += usize::from(rolls[0].token == "!a");
        }
        assert!((400..600).contains(&hits), "{hits} of 2000 near a quarter");
        // Seeded: the same seed rolls the same.
        let roll = |seed| {
            let mut g = Dice {
                played: vec![],
                pending: true,
            };
            settle(&mut g, &mut StdRng::seed_from_u64(seed)).unwrap()[0]
                .token
                .clone()
        };
        assert_eq!(roll(5), roll(5));
    }

    #[test]
    fn no_chance_node_no_roll() {
        let mut game = Dice {
            played: vec![],
            pending: false,
        };
        let rolls = settle(&mut game, &mut StdRng::seed_from_u64(1)).unwrap();
        assert!(rolls.is_empty());
    }

    /// An outcome that does not play is an error, never a loop.
    struct Broken;
    impl ChanceGame for Broken {
        fn is_chance_node(&self) -> bool {
            true
        }
        fn chance_outcomes(&self) -> Vec<(String, u128)> {
            vec![("!x".into(), 1)]
        }
        fn play_token(&mut self, _: &str) -> Result<(), String> {
            Err("refused".into())
        }
        fn plies(&self) -> usize {
            0
        }
    }

    #[test]
    fn a_broken_chance_node_is_an_error() {
        let e = settle(&mut Broken, &mut StdRng::seed_from_u64(1)).unwrap_err();
        assert!(e.contains("refused"), "{e}");
    }
}
