//! `POST /api/games/{id}/review`: the whole game scored on request, as lichess's computer
//! analysis does. Every position of the game is searched for a fixed time, each action is
//! marked by how much it lost against the best action found before it (an inaccuracy, a
//! mistake or a blunder), and the better action is named where one was lost. The game is not
//! changed; the search uses a table of its own, so the game's engine is not disturbed.

use crate::games::Games;
use crate::session::{self, Refusal};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use grimoire_engine::outcome::Outcome;
use grimoire_engine::search::{Limits, SearchOptions, TranspositionTable};
use grimoire_engine::Color;
use grimoire_registry::AnyGame;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// Time per position when the request names none, and the most it may name.
pub const DEFAULT_MS: u64 = 100;
pub const MAX_MS: u64 = 2_000;
/// The most a whole review may search, in seconds of positions × time per position.
const MAX_TOTAL_MS: u64 = 120_000;
/// Scores are held to ± this many centipawns (a mate counts as this) before losses are taken.
const CAP_CP: i32 = 1_000;
/// Lost centipawns from which an action is an inaccuracy, a mistake, a blunder.
const CLASSES: [(i32, &str); 3] = [(300, "blunder"), (100, "mistake"), (50, "inaccuracy")];
const TABLE_MB: usize = 16;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// Milliseconds of search per position.
    ms: Option<u64>,
}

pub async fn review(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    body: Option<Json<ReviewRequest>>,
) -> Response {
    let ms = body.and_then(|Json(b)| b.ms).unwrap_or(DEFAULT_MS);
    if !(1..=MAX_MS).contains(&ms) {
        return crate::api::refused(Refusal::bad(format!("ms must be 1 to {MAX_MS}, got {ms}")));
    }
    let Some(session) = games.get(&id) else {
        return crate::api::not_found(&id);
    };
    let job = tokio::task::spawn_blocking(move || {
        let positions = {
            let s = session::lock(&session);
            let plies = s.game().move_tokens().len();
            if (plies as u64 + 1) * ms > MAX_TOTAL_MS {
                return Err(Refusal::bad(format!(
                    "{} positions at {ms} ms each take over {} s: ask for less time per position",
                    plies + 1,
                    MAX_TOTAL_MS / 1000
                )));
            }
            (0..=plies)
                .map(|ply| s.replayed(ply).map(|(_, g)| g))
                .collect::<Result<Vec<_>, _>>()?
        };
        Ok(scored(&positions, ms))
    });
    match job.await {
        Ok(Ok(v)) => crate::api::json_response(StatusCode::OK, v.to_string()),
        Ok(Err(r)) => crate::api::refused(r),
        Err(e) => crate::api::refused(Refusal::bad(format!("the review failed: {e}"))),
    }
}

/// Each position's score from White's view (and its best action), then each action's loss.
fn scored(positions: &[Box<dyn AnyGame>], ms: u64) -> Value {
    let tt = TranspositionTable::new(TABLE_MB);
    let searched: Vec<(i32, Option<String>)> = positions
        .iter()
        .map(|game| white_score(game.as_ref(), &tt, ms))
        .collect();
    let tokens = positions.last().map_or(&[][..], |g| g.move_tokens());
    let mut plies = Vec::with_capacity(tokens.len());
    for (i, token) in tokens.iter().enumerate() {
        let mover = positions[i].side_to_move();
        let sign = if mover == Color::White { 1 } else { -1 };
        let (before, best) = &searched[i];
        let after = searched[i + 1].0;
        let loss = (sign * (before - after)).max(0);
        let class = CLASSES.iter().find(|(at, _)| loss >= *at).map(|(_, c)| *c);
        let better = best.as_ref().filter(|b| class.is_some() && *b != token);
        plies.push(json!({
            "ply": i + 1,
            "token": token,
            "white_cp": after,
            "loss_cp": loss,
            "class": class,
            "best": better,
        }));
    }
    json!({ "ms": ms, "start_white_cp": searched.first().map(|s| s.0), "plies": plies })
}

/// The position's score from White's view, held to ±[`CAP_CP`], and the best action found:
/// the result where the game is over, the search's otherwise (a dice step is worth what the
/// position before it was, and is not searched).
fn white_score(game: &dyn AnyGame, tt: &TranspositionTable, ms: u64) -> (i32, Option<String>) {
    let side = game.side_to_move();
    let white = |mover_cp: i32| {
        let cp = mover_cp.clamp(-CAP_CP, CAP_CP);
        if side == Color::White {
            cp
        } else {
            -cp
        }
    };
    if let Some(outcome) = game.outcome() {
        let cp = match outcome {
            Outcome::Win {
                winner: Color::White,
                ..
            } => CAP_CP,
            Outcome::Win { .. } => -CAP_CP,
            Outcome::Draw { .. } => 0,
        };
        return (cp, None);
    }
    if game.is_chance_node() {
        return (0, None);
    }
    // The time plan keeps the overhead a move to the page needs; a review sends nothing.
    let limits = Limits {
        movetime: Some(ms + crate::engine::MOVE_OVERHEAD_MS),
        ..Limits::default()
    };
    let options = SearchOptions {
        report: false,
        ..SearchOptions::default()
    };
    let shared = crate::engine::shared_for(&limits, side);
    let (result, best, _) = game.search(&limits, &options, tt, &shared, &mut |_| {});
    (white(result.score), best)
}
