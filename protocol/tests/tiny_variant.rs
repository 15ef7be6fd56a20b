//! Adding a variant, shown end to end: a tiny game written here (its rules, evaluator and
//! manifest, nothing else) is registered by one line, `Registry::register::<KingRaceVariant>()`,
//! exactly as the shipped variants are listed in `grimoire_registry::visit_variants`. It
//! then plays through the UCI loop, perft and self-play, shows in `d` and the pictures, and is
//! served to the browser board, without any other code knowing it.
//!
//! King race: each side has only a king on the 8x8 board. A king steps to any adjacent square
//! that is not next to the enemy king; the first king to reach the far rank (White the 8th,
//! Black the 1st) wins. FEN: `<white king> <black king> <w|b>`, e.g. `e1 e8 w`.

use grimoire_engine::eval_api::{Evaluator, Score};
use grimoire_engine::perft::PerftMode;
use grimoire_engine::prelude::*;
use grimoire_engine::view::{BoardView, PieceView, SquareView, Zone};
use grimoire_engine::{
    Color, Geometry, Illegality, Move, MoveKind, MoveList, Outcome, Reason, Square,
};
use grimoire_eval::{EvalParams, TunableEval};
use grimoire_protocol::output::Output;
use grimoire_protocol::uci::Engine;
use grimoire_registry::Registry;
use grimoire_registry::{NoSetup, Variant};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// The game's one piece type, in its catalogue (what pictures, the browser and `d` read).
const KING_RACE_PIECES: [grimoire_engine::catalogue::PieceType; 1] = [
    grimoire_engine::catalogue::PieceType::plain("King", "K", "K", 0)
        .with_special("Never next to the other king; the first to reach the far rank wins.")
        .royal(),
];

#[derive(Clone, PartialEq, Eq, Debug)]
struct KingRace {
    kings: [Square; 2],
    side: Color,
}

fn goal_row(c: Color) -> u8 {
    if c == Color::White {
        8
    } else {
        1
    }
}

fn adjacent(a: Square, b: Square) -> bool {
    a.col().abs_diff(b.col()) <= 1 && a.row().abs_diff(b.row()) <= 1
}

impl KingRace {
    fn winner(&self) -> Option<Color> {
        Color::BOTH
            .into_iter()
            .find(|&c| self.kings[c.index()].row() == goal_row(c))
    }
}

impl Position for KingRace {
    const NAME: &'static str = "kingrace";
    const GEOMETRY: Geometry = Geometry::Framed8;
    type Options = ();

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn hash(&self) -> u64 {
        let v = self.kings[0].index() as u64
            | (self.kings[1].index() as u64) << 8
            | (self.side.index() as u64) << 16;
        v.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (v >> 13)
    }

    fn play(&mut self, mv: Move) {
        self.kings[self.side.index()] = mv.to();
        self.side = !self.side;
    }

    fn in_check(&self) -> bool {
        false
    }

    fn halfmove_clock(&self) -> u32 {
        0
    }
}

/// No dice: every default of the chance role.
impl Chance for KingRace {}

impl Fen for KingRace {
    fn start_position(_: &()) -> Self {
        Self::from_fen("e1 e8 w", &()).expect("start FEN")
    }

    fn from_fen(fen: &str, _: &()) -> Result<Self, FenError> {
        let square = |s: &str| {
            Geometry::Framed8
                .parse(s)
                .filter(|q| (1..=8).contains(&q.col()) && (1..=8).contains(&q.row()))
                .ok_or_else(|| FenError::Board(format!("bad square '{s}'")))
        };
        let fields = fen.split_whitespace().collect::<Vec<_>>();
        let [w, b, side] = fields[..] else {
            return Err(FenError::FieldCount {
                min: 3,
                max: Some(3),
                found: fields.len(),
            });
        };
        let side = match side {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Side(format!("bad side '{other}'"))),
        };
        let kings = [square(w)?, square(b)?];
        if adjacent(kings[0], kings[1]) {
            return Err(FenError::Illegal(Illegality::rule(
                "king race",
                "the kings touch",
            )));
        }
        Ok(KingRace { kings, side })
    }

    fn to_fen(&self) -> String {
        let g = Geometry::Framed8;
        let side = if self.side == Color::White { "w" } else { "b" };
        format!("{} {} {side}", g.name(self.kings[0]), g.name(self.kings[1]))
    }
}

impl MoveGen for KingRace {
    fn generate_legal(&self, moves: &mut MoveList) {
        if self.winner().is_some() {
            return;
        }
        let from = self.kings[self.side.index()];
        let enemy = self.kings[(!self.side).index()];
        for (dc, dr) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            let Some(to) = from.offset(dc, dr) else {
                continue;
            };
            if (1..=8).contains(&to.col()) && (1..=8).contains(&to.row()) && !adjacent(to, enemy) {
                moves.push(Move::new(from, to, MoveKind::Normal));
            }
        }
    }

    fn terminal(&self) -> Option<Outcome> {
        self.ended_by_rule().or_else(|| {
            self.legal_moves().is_empty().then_some(Outcome::Draw {
                reason: Reason::Stalemate,
            })
        })
    }
}

impl Notation for KingRace {
    fn piece_types() -> &'static [grimoire_engine::catalogue::PieceType] {
        &KING_RACE_PIECES
    }

    fn format_move(&self, mv: Move) -> String {
        let g = Geometry::Framed8;
        format!("{}{}", g.name(mv.from()), g.name(mv.to()))
    }

    fn render(&self) -> String {
        self.to_fen()
    }

    fn view(&self) -> BoardView {
        let mut squares = Vec::new();
        for row in 1..=8 {
            for col in 1..=8 {
                let square = Square::new(col, row);
                let units = Color::BOTH
                    .into_iter()
                    .filter(|c| self.kings[c.index()] == square)
                    .map(|color| PieceView::new("K", "King", color))
                    .collect();
                squares.push(SquareView {
                    square,
                    zone: Zone::Board,
                    units,
                });
            }
        }
        BoardView {
            geometry: Geometry::Framed8,
            squares,
            hands: [Vec::new(), Vec::new()],
            side_to_move: self.side,
        }
    }
}

/// The reference generator: every step on the board, then the slow test of the rule that a
/// king may not stand next to the other.
impl Reference for KingRace {
    fn recompute_hash(&self) -> u64 {
        KingRace::from_fen(&self.to_fen(), &()).map_or(0, |p| p.hash())
    }

    fn generate_pseudo_legal(&self, moves: &mut MoveList) {
        if self.winner().is_some() {
            return;
        }
        let from = self.kings[self.side.index()];
        for col in 1..=8u8 {
            for row in 1..=8u8 {
                let to = Square::new(col, row);
                if to != from && adjacent(from, to) {
                    moves.push(Move::new(from, to, MoveKind::Normal));
                }
            }
        }
    }

    fn is_legal_pseudo(&self, mv: Move) -> bool {
        let mut after = self.clone();
        after.play(mv);
        !adjacent(after.kings[0], after.kings[1])
    }
}

/// Every step is quiet: the search has nothing to look at in quiescence.
impl SearchHooks for KingRace {
    fn ended_by_rule(&self) -> Option<Outcome> {
        self.winner().map(|winner| Outcome::Win {
            winner,
            reason: Reason::VariantRule,
        })
    }

    fn tactical_order(&self, _: Move) -> Option<i32> {
        None
    }
}

/// Ranks still to go, the opponent's minus the mover's, in `tempo` units.
#[derive(Clone, Debug)]
struct RaceEval {
    params: EvalParams,
    tempo: i32,
}

impl Default for RaceEval {
    fn default() -> Self {
        Self::from_params(KingRaceVariant::default_params()).expect("built-in parameters")
    }
}

impl Evaluator<KingRace> for RaceEval {
    fn evaluate(&self, pos: &KingRace) -> Score {
        let to_go = |c: Color| (pos.kings[c.index()].row() as i32 - goal_row(c) as i32).abs();
        (to_go(!pos.side) - to_go(pos.side)) * self.tempo
    }
}

impl TunableEval<KingRace> for RaceEval {
    fn from_params(params: EvalParams) -> Result<Self, String> {
        if params.variant() != KingRace::NAME {
            return Err(format!("not {} parameters", KingRace::NAME));
        }
        Ok(RaceEval { params, tempo: 50 })
    }

    fn params(&self) -> &EvalParams {
        &self.params
    }
}

/// The manifest: the whole of what registers the variant.
struct KingRaceVariant;

impl Variant for KingRaceVariant {
    type Rules = KingRace;
    type Eval = RaceEval;
    type Setup = NoSetup;
    const BENCH: &'static [&'static str] = &["e1 e8 w", "a1 h8 b", "d4 d6 w"];

    fn default_params() -> EvalParams {
        EvalParams::new(KingRace::NAME)
    }
}

fn registry() -> Arc<Registry> {
    let mut registry = Registry::standard();
    registry.register::<KingRaceVariant>();
    Arc::new(registry)
}

#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn run_uci(script: &str) -> String {
    let captured = Captured::default();
    let mut engine = Engine::with_registry(Output::new(Box::new(captured.clone())), registry());
    engine.run(script.as_bytes());
    let bytes = captured.0.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap()
}

#[test]
fn a_registered_variant_is_listed_and_played_through_uci() {
    let out = run_uci(
        "uci\nsetoption name UCI_Variant value kingrace\nposition startpos moves e1e2 e8e7\nd\n\
         go perft 2\ngo depth 6\nquit\n",
    );
    assert!(out.contains(" var kingrace"), "{out}");
    assert!(out.contains("Fen: e2 e7 w"), "{out}");
    // Kings on e2 and e7 are too far apart to block each other: 8 steps each, 64 lines.
    assert!(out.contains("Nodes searched: 64"), "{out}");
    let best = out.lines().find(|l| l.starts_with("bestmove")).unwrap();
    let token = best.split_whitespace().nth(1).unwrap();
    assert!(
        token.starts_with("e2") && token.len() == 4,
        "a king step: {best}"
    );
}

#[test]
fn a_registered_variant_counts_perft_through_the_registry() {
    let registry = registry();
    let mut game = registry.create("kingrace").expect("registered");
    game.set_position(Some("e1 e8 w"), &[]).unwrap();
    let stop = AtomicBool::new(false);
    let divide = game
        .perft_divide(1, 1, PerftMode::Convention, &stop)
        .unwrap();
    let mut tokens: Vec<&str> = divide.iter().map(|(t, _)| t.as_str()).collect();
    tokens.sort();
    assert_eq!(tokens, ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    let total: u64 = game
        .perft_divide(3, 1, PerftMode::Convention, &stop)
        .unwrap()
        .iter()
        .map(|(_, n)| n)
        .sum();
    assert_eq!(
        total,
        grimoire_engine::perft::perft(&KingRace::start_position(&()), 3)
    );
}

#[test]
fn a_registered_variant_plays_itself_to_the_end() {
    let registry = registry();
    let mut game = registry.create("kingrace").expect("registered");
    let tt = grimoire_engine::search::TranspositionTable::new(1);
    let limits = grimoire_engine::search::Limits {
        depth: Some(4),
        ..Default::default()
    };
    let options = grimoire_engine::search::SearchOptions {
        report: false,
        ..Default::default()
    };
    let mut plies = 0;
    while game.outcome().is_none() {
        let shared =
            grimoire_engine::search::Shared::new(&limits, limits.plan(game.side_to_move(), 0));
        let (_, best, _) = game.search(&limits, &options, &tt, &shared, &mut |_| {});
        game.play_token(&best.expect("a move while the game goes on"))
            .unwrap();
        plies += 1;
        assert!(plies < 200, "the race ends");
    }
    // White moves first and both kings walk straight: White arrives first.
    assert_eq!(game.outcome().unwrap().result_token(), "1-0");
    game.check_consistency().unwrap();
    // Hash, FEN and token round trips, copy-make, and the legal moves equal to the reference
    // generator's after its slow legality test, over random games.
    let start = KingRace::start_position(&());
    let stats = grimoire_engine::consistency::random_games(&start, &(), 7, 20, 60).unwrap();
    assert!(stats.positions_checked > 100, "{stats:?}");
}

/// The recipe's catalogue step: the game's one type reaches `d`, the pictures (the board and
/// its key) and the type sheet through the registry, with nothing else told about it.
#[test]
fn a_registered_variant_is_pictured_from_its_catalogue() {
    let registry = registry();
    let game = registry.create("kingrace").expect("registered");
    assert_eq!(game.entry().piece_types, &KING_RACE_PIECES);
    let d = game.display();
    assert!(
        d.contains("Pieces:\n  K   King (royal): K. Never next to the other king"),
        "{d}"
    );
    let svg = grimoire_pictures::svg::render_svg(&game.view(), &game.last_move_squares(), None);
    assert_eq!(svg.matches("class=\"key-item\"").count(), 1, "{svg}");
    assert!(svg.contains("King"), "{svg}");
}

// The server's own in-process request helper, shared so both crates ask the API alike.
#[path = "../../serve/tests/common/oneshot.rs"]
mod oneshot;

/// The recipe's browser step: the board's API serves the registered game, its key and glyphs
/// from the catalogue, and plays a move on it, with nothing in the server told about it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_registered_variant_is_served_to_the_browser_board() {
    use axum::http::StatusCode;
    use oneshot::{call, post};
    use serde_json::json;

    let games = Arc::new(grimoire_serve::games::Games::new(registry(), 4));
    let app = grimoire_serve::app(
        games,
        grimoire_serve::access::Access {
            token: None,
            loopback_hosts_only: true,
        },
    );
    let (status, list) = call(&app, "GET", "/api/variants", None).await;
    assert_eq!(status, StatusCode::OK);
    let race = list["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "kingrace")
        .expect("listed")
        .clone();
    assert_eq!(race["types"][0]["name"], "King");
    assert_eq!(race["types"][0]["royal"], true);
    let (status, pieces) = call(&app, "GET", "/api/variants/kingrace/pieces", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(pieces["pieces"][0]["white"]
        .as_str()
        .unwrap()
        .starts_with("<svg"));
    let (status, state) = post(&app, "/api/games", json!({ "variant": "kingrace" })).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    assert_eq!(state["fen"], "e1 e8 w");
    let id = state["id"].as_str().unwrap().to_string();
    let (status, state) = post(
        &app,
        &format!("/api/games/{id}/move"),
        json!({ "token": "e1e2" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["moves"][0]["token"], "e1e2");
    assert_eq!(state["key"][0]["name"], "King");
}
