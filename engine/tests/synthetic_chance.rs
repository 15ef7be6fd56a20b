//! A tiny synthetic game that has every node type the variants will need, so that the search's
//! handling of them is tested before any variant uses it:
//! - chance nodes (G6): a die roll whose outcomes have unequal probabilities;
//! - decision steps (G5): after a "safe" move the *opponent* decides what happens;
//! - multi-action turns: one of those decisions grants the mover another action.
//!
//! Each turn the mover picks `safe` (+1, then the opponent decides: `pay` gives the mover +2 and
//! ends the turn, `grant` gives the mover a bonus action that must be `risky`) or `risky` (a roll:
//! `hit` +4 with weight 1, `miss` +0 with weight 2; then the turn ends). The search must equal a
//! brute-force expectimax written here from the rules alone. An optional sixth FEN field
//! `goal=N` makes a player who ends a turn with at least N points win (mates under chance).

use grimoire_engine::consistency::random_games;
use grimoire_engine::eval_api::{Evaluator, Score};
use grimoire_engine::search::{
    search, ChanceSearch, Limits, SearchOptions, SearchParams, Shared, TranspositionTable, MATE,
};
use grimoire_engine::{
    prelude::*, Color, Game, Geometry, Move, MoveKind, MoveList, Outcome, Reason,
};

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
enum Phase {
    Choose,
    Decide,
    Bonus,
    Roll,
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct DiceRace {
    points: [i32; 2],
    mover: Color,
    phase: Phase,
    turns_left: u8,
    /// Points that win when a turn ends with them (none: the race only ends on turns).
    goal: Option<i32>,
}

const NAMES: [&str; 6] = ["safe", "risky", "pay", "grant", "hit", "miss"];

fn action(index: u8, kind: MoveKind) -> Move {
    Move::build(None, None, kind, None, index, 0)
}

impl DiceRace {
    fn end_turn(&mut self) {
        self.mover = !self.mover;
        self.phase = Phase::Choose;
        self.turns_left = self.turns_left.saturating_sub(1);
    }
}

impl Position for DiceRace {
    const NAME: &'static str = "dicerace";
    const GEOMETRY: Geometry = Geometry::Framed8;
    const BULK_LEAF_COUNT: bool = false;
    type Options = ();

    fn side_to_move(&self) -> Color {
        match self.phase {
            Phase::Decide => !self.mover,
            _ => self.mover,
        }
    }

    fn hash(&self) -> u64 {
        let phase = self.phase as u64;
        let v = (self.points[0] as u64 & 0xFFFF)
            | (self.points[1] as u64 & 0xFFFF) << 16
            | (self.mover as u64) << 32
            | phase << 33
            | (self.turns_left as u64) << 36
            | (self.goal.unwrap_or(0) as u64 & 0xFFFF) << 44;
        v.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (v >> 7)
    }

    fn play(&mut self, mv: Move) {
        let me = self.mover.index();
        match mv.param() {
            0 => {
                self.points[me] += 1;
                self.phase = Phase::Decide;
            }
            1 => self.phase = Phase::Roll,
            2 => {
                self.points[me] += 2;
                self.end_turn();
            }
            3 => self.phase = Phase::Bonus,
            4 => {
                self.points[me] += 4;
                self.end_turn();
            }
            _ => self.end_turn(),
        }
    }

    fn in_check(&self) -> bool {
        false
    }

    fn halfmove_clock(&self) -> u32 {
        0
    }
}

impl Chance for DiceRace {
    fn is_chance_node(&self) -> bool {
        self.phase == Phase::Roll
    }

    fn outcome_weight(&self, mv: Move) -> u32 {
        if mv.param() == 4 {
            1
        } else {
            2
        }
    }
}

impl Fen for DiceRace {
    fn start_position(_: &()) -> Self {
        DiceRace {
            points: [0, 0],
            mover: Color::White,
            phase: Phase::Choose,
            turns_left: 40,
            goal: None,
        }
    }

    fn from_fen(fen: &str, _: &()) -> Result<Self, FenError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let (&[w, b, mover, phase, left], goal) = f.split_at(f.len().min(5)) else {
            return Err(FenError::FieldCount {
                min: 5,
                max: Some(6),
                found: f.len(),
            });
        };
        let num = |s: &str| {
            s.parse::<i32>()
                .map_err(|e| FenError::field("counts", e.to_string()))
        };
        Ok(DiceRace {
            points: [num(w)?, num(b)?],
            mover: if mover == "w" {
                Color::White
            } else {
                Color::Black
            },
            phase: match phase {
                "choose" => Phase::Choose,
                "decide" => Phase::Decide,
                "bonus" => Phase::Bonus,
                "roll" => Phase::Roll,
                _ => return Err(FenError::field("phase", "phase")),
            },
            turns_left: num(left)? as u8,
            goal: match goal {
                [] => None,
                [g] => Some(num(g.strip_prefix("goal=").unwrap_or(g))?),
                _ => return Err(FenError::field("goal", "one goal at most")),
            },
        })
    }

    fn to_fen(&self) -> String {
        let phase = format!("{:?}", self.phase).to_lowercase();
        let m = if self.mover == Color::White { "w" } else { "b" };
        let goal = self.goal.map(|g| format!(" goal={g}")).unwrap_or_default();
        format!(
            "{} {} {m} {phase} {}{goal}",
            self.points[0], self.points[1], self.turns_left
        )
    }
}

impl MoveGen for DiceRace {
    fn generate_legal(&self, moves: &mut MoveList) {
        if self.terminal().is_some() {
            return;
        }
        match self.phase {
            Phase::Choose => {
                moves.extend([action(0, MoveKind::Normal), action(1, MoveKind::Normal)])
            }
            Phase::Decide => {
                moves.extend([action(2, MoveKind::Decision), action(3, MoveKind::Decision)])
            }
            Phase::Bonus => moves.push(action(1, MoveKind::Normal)),
            Phase::Roll => moves.extend([action(4, MoveKind::Chance), action(5, MoveKind::Chance)]),
        }
    }

    fn terminal(&self) -> Option<Outcome> {
        if let Some(win) = self.ended_by_rule() {
            return Some(win);
        }
        (self.turns_left == 0).then_some(Outcome::Draw {
            reason: Reason::VariantRule,
        })
    }
}

impl Notation for DiceRace {
    fn piece_types() -> &'static [grimoire_engine::catalogue::PieceType] {
        &[]
    }

    fn format_move(&self, mv: Move) -> String {
        NAMES[mv.param() as usize].to_string()
    }

    fn render(&self) -> String {
        self.to_fen()
    }

    fn view(&self) -> grimoire_engine::view::BoardView {
        // A game without a board: nothing to draw but whose turn it is.
        grimoire_engine::view::BoardView {
            geometry: Geometry::Framed8,
            squares: Vec::new(),
            hands: [Vec::new(), Vec::new()],
            side_to_move: self.mover,
        }
    }
}

impl Reference for DiceRace {
    fn recompute_hash(&self) -> u64 {
        self.hash()
    }

    fn generate_pseudo_legal(&self, moves: &mut MoveList) {
        self.generate_legal(moves);
    }

    fn is_legal_pseudo(&self, _: Move) -> bool {
        true
    }
}

impl SearchHooks for DiceRace {
    /// Whoever just ended a turn with the goal's points has won.
    fn ended_by_rule(&self) -> Option<Outcome> {
        let last = !self.mover;
        let reached = self.goal.is_some_and(|g| self.points[last.index()] >= g);
        (self.phase == Phase::Choose && reached).then_some(Outcome::Win {
            winner: last,
            reason: Reason::VariantRule,
        })
    }

    fn tactical_order(&self, _: Move) -> Option<i32> {
        None
    }
}

/// Points difference for the player to decide, times 3 so that averages over the 1:2 roll
/// weights stay whole numbers.
struct Lead;

impl Evaluator<DiceRace> for Lead {
    fn evaluate(&self, pos: &DiceRace) -> Score {
        let me = pos.side_to_move().index();
        (pos.points[me] - pos.points[1 - me]) * 3
    }

    /// Exact expectimax: every outcome searched in full (`chance_reduction` 0), values averaged
    /// as they are (`chance_win` 0).
    fn search_params(&self) -> &SearchParams {
        &EXACT
    }
}

static EXACT: SearchParams = SearchParams {
    chance_reduction: 0,
    chance_win: 0,
    ..SearchParams::DEFAULT
};

/// Expectimax by brute force, from the point of view of the player to decide.
fn exact(pos: &DiceRace, depth: i32) -> f64 {
    let child_value = |child: &DiceRace, d: i32| {
        let v = exact(child, d);
        if child.side_to_move() != pos.side_to_move() {
            -v
        } else {
            v
        }
    };
    let moves = pos.legal_moves();
    if pos.is_chance_node() {
        let total: f64 = moves.iter().map(|&m| pos.outcome_weight(m) as f64).sum();
        return moves
            .iter()
            .map(|&m| {
                let mut c = pos.clone();
                c.play(m);
                pos.outcome_weight(m) as f64 / total * child_value(&c, depth)
            })
            .sum();
    }
    if depth == 0 || moves.is_empty() {
        return Lead.evaluate(pos) as f64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut c = pos.clone();
            c.play(m);
            child_value(&c, depth - 1)
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

fn searched(pos: &DiceRace, depth: u32, chance: ChanceSearch) -> (Score, String) {
    searched_with(pos, depth, chance, &Lead)
}

fn searched_with<E: Evaluator<DiceRace>>(
    pos: &DiceRace,
    depth: u32,
    chance: ChanceSearch,
    eval: &E,
) -> (Score, String) {
    let game = Game::new(pos.clone());
    let tt = TranspositionTable::new(1);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let shared = Shared::new(&limits, limits.plan(Color::White, 0));
    let options = SearchOptions {
        report: false,
        chance,
        ..SearchOptions::default()
    };
    let r = search(&game, eval, &tt, &shared, &limits, &options, &mut |_| {});
    (r.score, pos.format_move(r.best.unwrap()))
}

#[test]
fn search_equals_brute_force_expectimax_with_decisions_and_bonus_actions() {
    let starts = [
        "0 0 w choose 40",
        "5 0 b choose 40",
        "0 3 w decide 40",
        "2 2 b bonus 40",
        "1 4 w choose 40",
        "0 0 b decide 40",
    ];
    for fen in starts {
        let pos = DiceRace::from_fen(fen, &()).unwrap();
        for (depth, chance) in
            (1..=6).flat_map(|d| [(d, ChanceSearch::Star1), (d, ChanceSearch::Star2)])
        {
            let (score, best) = searched(&pos, depth, chance);
            let want = exact(&pos, depth as i32);
            assert!(
                (score as f64 - want).abs() <= 1.0,
                "{fen} depth {depth} {chance:?}: search {score}, expectimax {want:.2}"
            );
            // The chosen action achieves the best value.
            let mv = pos.parse_move(&best).unwrap();
            let mut child = pos.clone();
            child.play(mv);
            let v = if child.side_to_move() != pos.side_to_move() {
                -exact(&child, depth as i32 - 1)
            } else {
                exact(&child, depth as i32 - 1)
            };
            assert!(
                (v - want).abs() <= 1.0,
                "{fen} depth {depth}: {best} is worth {v:.2}, best is {want:.2}"
            );
        }
    }
}

#[test]
fn the_decider_minimises_and_the_mover_prefers_the_better_gamble() {
    // Deciding for the opponent of the mover: granting a bonus roll (worth 4/3 points) beats
    // paying 2 points, so the decider grants.
    let decide = DiceRace::from_fen("0 0 w decide 40", &()).unwrap();
    assert_eq!(decide.side_to_move(), Color::Black);
    assert_eq!(searched(&decide, 1, ChanceSearch::Star2).1, "grant");
    // With one action left: safe is worth 1 + the decider's choice (+4/3 with a grant) which
    // beats risky (4/3).
    let choose = DiceRace::from_fen("0 0 w choose 40", &()).unwrap();
    assert_eq!(searched(&choose, 3, ChanceSearch::Star2).1, "safe");
}

#[test]
fn a_roll_whose_every_outcome_wins_is_a_win_even_when_a_slower_win_came_first() {
    // White holds the goal's points and wins when this turn ends. `risky` rolls, and every
    // outcome ends the turn: a win two plies away. `safe` lets Black decide, and Black grants a
    // bonus roll: a win four plies away. `safe` is searched first and already scores more than
    // any capped outcome value (`chance_win`, 800: the lead is 903 at depth 1, a mate later),
    // so the roll is searched with a window above the cap: it must still be seen to win, and
    // faster.
    let pos = DiceRace::from_fen("300 0 w choose 40 goal=300", &()).unwrap();
    assert_eq!(pos.to_fen(), "300 0 w choose 40 goal=300");
    for depth in 1..=5 {
        for chance in [ChanceSearch::Star1, ChanceSearch::Star2] {
            let (score, best) = searched_with(&pos, depth, chance, &Capped);
            assert_eq!(
                (score, best.as_str()),
                (MATE - 2, "risky"),
                "depth {depth} {chance:?}"
            );
        }
    }
    // Without the goal the roll's outcomes are leads, capped at 800, below `safe`'s 903.
    let no_goal = DiceRace::from_fen("300 0 w choose 40", &()).unwrap();
    for chance in [ChanceSearch::Star1, ChanceSearch::Star2] {
        assert_eq!(
            searched_with(&no_goal, 1, chance, &Capped),
            (903, "safe".to_string())
        );
    }
    // And from the loser's side: Black, to decide after `safe`, loses either way; granting
    // delays it (a loss four plies from the root, three from here), paying loses at once.
    let decide = DiceRace::from_fen("301 0 w decide 40 goal=300", &()).unwrap();
    for chance in [ChanceSearch::Star1, ChanceSearch::Star2] {
        assert_eq!(
            searched_with(&decide, 4, chance, &Capped),
            (-MATE + 3, "grant".to_string())
        );
    }
}

/// [`Lead`] with the engine's default search parameters: outcome values capped at
/// `chance_win`, other outcomes reduced.
struct Capped;

impl Evaluator<DiceRace> for Capped {
    fn evaluate(&self, pos: &DiceRace) -> Score {
        Lead.evaluate(pos)
    }
}

#[test]
fn chance_outcomes_and_decisions_pass_the_consistency_checks() {
    let stats = random_games(&DiceRace::start_position(&()), &(), 20, 200, 3).unwrap();
    assert!(stats.plies > 1_000);
}
