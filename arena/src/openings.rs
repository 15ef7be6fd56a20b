//! Where each game starts: the start position, a seeded random walk of a few plies, or lines of
//! an opening file. Game pairs share an opening and swap colours.

use grimoire_registry::{self as registry, AnyGame};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A start for one game pair: a FEN (`None`: the variant's start position) and moves after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum OpeningSource {
    StartPosition,
    /// Random legal actions (chance events by their weights) for this many plies.
    Random {
        plies: usize,
    },
    /// Lines read from a file, used in order and from the top again when they run out.
    Book(Vec<Opening>),
}

impl OpeningSource {
    /// Parses `random:<plies>`, `startpos`, or a file name; file lines are checked against the
    /// variant's rules (with `rule_options`) now, so a bad line is reported before any game.
    pub fn parse(
        text: &str,
        variant: &str,
        rule_options: &[(String, String)],
    ) -> Result<OpeningSource, String> {
        if text == "startpos" {
            return Ok(OpeningSource::StartPosition);
        }
        if let Some(n) = text.strip_prefix("random:") {
            let plies = n
                .parse()
                .map_err(|_| format!("random:<plies> needs a number, got '{n}'"))?;
            return Ok(OpeningSource::Random { plies });
        }
        let content = std::fs::read_to_string(text)
            .map_err(|e| format!("cannot read opening file '{text}': {e}"))?;
        let mut book = Vec::new();
        for (n, line) in content.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let opening = parse_line(line);
            referee_game(variant, rule_options, &opening)
                .map_err(|e| format!("{text}:{}: {e}", n + 1))?;
            book.push(opening);
        }
        if book.is_empty() {
            return Err(format!("opening file '{text}' has no openings"));
        }
        Ok(OpeningSource::Book(book))
    }

    /// The opening of game pair `pair` (deterministic for a seed).
    pub fn opening(
        &self,
        pair: usize,
        seed: u64,
        variant: &str,
        rule_options: &[(String, String)],
    ) -> Result<Opening, String> {
        match self {
            OpeningSource::StartPosition => Ok(Opening {
                fen: None,
                moves: Vec::new(),
            }),
            OpeningSource::Book(book) => Ok(book[pair % book.len()].clone()),
            OpeningSource::Random { plies } => {
                let mut rng =
                    StdRng::seed_from_u64(seed ^ (pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                // A walk that ends the game is retried with the next draws of the same stream.
                for _ in 0..100 {
                    let mut game = referee_game(
                        variant,
                        rule_options,
                        &Opening {
                            fen: None,
                            moves: Vec::new(),
                        },
                    )?;
                    let mut ok = true;
                    for _ in 0..*plies {
                        let tokens = game.legal_move_tokens();
                        if tokens.is_empty() || game.outcome().is_some() {
                            ok = false;
                            break;
                        }
                        let token = pick(&*game, &tokens, &mut rng);
                        game.play_token(&token).map_err(|e| e.to_string())?;
                    }
                    if ok && game.outcome().is_none() && !game.legal_move_tokens().is_empty() {
                        return Ok(Opening {
                            fen: None,
                            moves: game.move_tokens().to_vec(),
                        });
                    }
                }
                Err(format!(
                    "no {plies}-ply random opening keeps the game going"
                ))
            }
        }
    }

    pub fn describe(&self) -> String {
        match self {
            OpeningSource::StartPosition => "start position".to_string(),
            OpeningSource::Random { plies } => format!("random:{plies}"),
            OpeningSource::Book(b) => format!("{} book lines", b.len()),
        }
    }
}

/// A uniform choice among actions, or the weighted choice of a chance event.
pub fn pick(game: &dyn AnyGame, tokens: &[String], rng: &mut StdRng) -> String {
    if game.is_chance_node() {
        return pick_chance(&game.chance_outcomes(), rng);
    }
    tokens[rng.gen_range(0..tokens.len())].clone()
}

/// Draws a chance outcome by its exact weight (a uniform draw below the weights' sum).
pub fn pick_chance(outcomes: &[(String, u128)], rng: &mut StdRng) -> String {
    let total: u128 = outcomes.iter().map(|(_, w)| *w).sum();
    let mut roll = rng.gen_range(0..total.max(1));
    for (token, w) in outcomes {
        if roll < *w {
            return token.clone();
        }
        roll -= *w;
    }
    outcomes.last().map(|(t, _)| t.clone()).unwrap_or_default()
}

/// `startpos [moves ...]`, `fen <FEN> [moves ...]` or a bare FEN (EPD operations after `;`
/// ignored) `[moves ...]`.
fn parse_line(line: &str) -> Opening {
    let line = line.split(';').next().unwrap_or("").trim();
    let (spec, moves) = match line.split_once(" moves ") {
        Some((s, m)) => (s.trim(), m.split_whitespace().map(String::from).collect()),
        None => (line.trim_end_matches(" moves"), Vec::new()),
    };
    let fen = if spec == "startpos" {
        None
    } else {
        Some(spec.strip_prefix("fen ").unwrap_or(spec).trim().to_string())
    };
    Opening { fen, moves }
}

/// A referee's game of `variant` with the rule options, at `opening`.
pub fn referee_game(
    variant: &str,
    rule_options: &[(String, String)],
    opening: &Opening,
) -> Result<Box<dyn AnyGame>, String> {
    let mut game = registry::create(variant).ok_or_else(|| {
        format!(
            "unknown variant '{variant}' (known: {})",
            registry::variant_names().join(", ")
        )
    })?;
    for (name, value) in rule_options {
        game.set_option(name, value).map_err(|e| e.to_string())?;
    }
    let moves: Vec<&str> = opening.moves.iter().map(String::as_str).collect();
    game.set_position(opening.fen.as_deref(), &moves)
        .map_err(|e| e.to_string())?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_lines_parse() {
        assert_eq!(
            parse_line("startpos moves e2e4 e7e5"),
            Opening {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        let o = parse_line("fen 8/8/8/8/8/8/8/K1k5 w - - 0 1");
        assert_eq!(o.fen.as_deref(), Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"));
        let epd = parse_line("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ; id \"e4\"");
        assert_eq!(
            epd.fen.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -")
        );
        assert!(epd.moves.is_empty());
    }

    #[test]
    fn random_openings_are_seeded_and_legal() {
        let source = OpeningSource::Random { plies: 8 };
        let a = source.opening(3, 42, "chess", &[]).unwrap();
        let b = source.opening(3, 42, "chess", &[]).unwrap();
        let c = source.opening(4, 42, "chess", &[]).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.moves.len(), 8);
        assert!(referee_game("chess", &[], &a).is_ok());
    }

    #[test]
    fn chance_draws_follow_weights() {
        let mut rng = StdRng::seed_from_u64(7);
        let outcomes = vec![("hit".to_string(), 1), ("miss".to_string(), 3)];
        let hits = (0..4000)
            .filter(|_| pick_chance(&outcomes, &mut rng) == "hit")
            .count();
        assert!((800..1200).contains(&hits), "{hits}");
    }
}
