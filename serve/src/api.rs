//! The HTTP API (`docs/serve.md`): JSON in, JSON out. Every refusal is a status with
//! `{"type":"error","error":"<why>"}`; a change answers with the new state, which also goes
//! to the game's WebSocket listeners. Session work runs on the blocking pool, so a slow
//! position (a Hobgoblin turn list) never stalls the other requests.

use crate::clock::TimeControl;
use crate::games::Games;
use crate::players::Player;
use crate::session::view::error_json;
use crate::session::{self, Refusal, Session, Settings};
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use grimoire_engine::options::OptionKind;
use grimoire_engine::view::PieceView;
use grimoire_engine::Color;
use grimoire_pictures::svg::piece_figure;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::task::JoinError;

/// The longest clock the server keeps (a day).
const MAX_CLOCK_MS: u64 = 86_400_000;

/// A JSON response with `status`.
pub fn json_response(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

pub(crate) fn refused(r: Refusal) -> Response {
    let status = StatusCode::from_u16(r.status).unwrap_or(StatusCode::BAD_REQUEST);
    json_response(status, error_json(&r.message))
}

pub(crate) fn not_found(id: &str) -> Response {
    json_response(
        StatusCode::NOT_FOUND,
        error_json(&format!(
            "no game '{}' (it may have been closed; start a new one)",
            id.chars().take(40).collect::<String>()
        )),
    )
}

/// The body as `T`, or the refusal saying why not (malformed JSON 400, wrong fields 422,
/// too large 413).
fn body<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, Refusal> {
    body.map(|Json(b)| b).map_err(|rejection| {
        let status = rejection.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "the request is too large".to_string()
        } else {
            rejection.body_text().chars().take(300).collect()
        };
        Refusal {
            status: status.as_u16(),
            message,
        }
    })
}

/// The answer of a job run off the async threads: its JSON text with `status`, or why not.
fn answer(status: StatusCode, job: Result<Result<String, Refusal>, JoinError>) -> Response {
    match job {
        Ok(Ok(text)) => json_response(status, text),
        Ok(Err(r)) => refused(r),
        Err(e) => job_failed(e),
    }
}

/// A job that panicked or was cancelled: a server error, the server goes on.
fn job_failed(e: JoinError) -> Response {
    json_response(
        StatusCode::INTERNAL_SERVER_ERROR,
        error_json(&format!("the request failed: {e}")),
    )
}

/// Runs `change` on game `id` off the async threads; answers with the new state.
async fn change(
    games: Arc<Games>,
    id: String,
    change: impl FnOnce(&mut Session) -> Result<(), Refusal> + Send + 'static,
) -> Response {
    let Some(session) = games.get(&id) else {
        return not_found(&id);
    };
    let job = tokio::task::spawn_blocking(move || {
        let mut s = session::lock(&session);
        change(&mut s).map(|()| s.publish())
    });
    answer(StatusCode::OK, job.await)
}

/// Runs `change` with the body on game `id`; a body that is not a `T` is refused first.
async fn change_with<T: Send + 'static>(
    games: Arc<Games>,
    id: String,
    request: Result<Json<T>, JsonRejection>,
    change_by: impl FnOnce(&mut Session, T) -> Result<(), Refusal> + Send + 'static,
) -> Response {
    match body(request) {
        Ok(b) => change(games, id, move |s| change_by(s, b)).await,
        Err(r) => refused(r),
    }
}

/// One piece type of the catalogue as the page reads it (key, tooltips, help).
fn type_json(t: &grimoire_engine::catalogue::PieceType) -> Value {
    json!({
        "code": t.code,
        "name": t.name,
        "betza": t.betza,
        "special": t.special,
        "value": t.value,
        "royal": t.royal,
        "off_board": t.off_board,
    })
}

/// `GET /api/variants`: each variant with its rule options, setup command and piece types.
pub async fn variants(State(games): State<Arc<Games>>) -> Response {
    let list: Vec<Value> = games
        .registry()
        .entries()
        .iter()
        .map(|e| {
            let options: Vec<Value> = (e.options)()
                .iter()
                .map(|o| {
                    let mut v = json!({ "name": o.name, "default": o.default });
                    match &o.kind {
                        OptionKind::Check => v["kind"] = json!("check"),
                        OptionKind::Spin { min, max } => {
                            v["kind"] = json!("spin");
                            v["min"] = json!(min);
                            v["max"] = json!(max);
                        }
                        OptionKind::Combo(choices) => {
                            v["kind"] = json!("combo");
                            v["choices"] = json!(choices);
                        }
                        OptionKind::Text => v["kind"] = json!("string"),
                        OptionKind::Button => v["kind"] = json!("button"),
                    }
                    v
                })
                .collect();
            let types: Vec<Value> = e.piece_types.iter().map(type_json).collect();
            json!({
                "name": e.name,
                "options": options,
                "setup": e.setup.map(|make| make().command()),
                "types": types,
            })
        })
        .collect();
    json_response(StatusCode::OK, json!({ "variants": list }).to_string())
}

/// `GET /api/variants/{name}/pieces`: each piece type's glyph in both colours, as SVG.
pub async fn pieces(State(games): State<Arc<Games>>, Path(name): Path<String>) -> Response {
    let Some(types) = games.registry().get(&name).map(|e| e.piece_types) else {
        return refused(Refusal {
            status: 404,
            message: format!(
                "unknown variant '{}'",
                name.chars().take(40).collect::<String>()
            ),
        });
    };
    let glyph = |code: &str, name: &str, color| {
        let mut svg = String::from(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40">"#,
        );
        piece_figure(&mut svg, &PieceView::new(code, name, color), 20, 20, 40);
        svg.push_str("</svg>");
        svg
    };
    let list: Vec<Value> = types
        .iter()
        .map(|t| {
            let mut v = type_json(t);
            v["white"] = json!(glyph(t.code, t.name, Color::White));
            v["black"] = json!(glyph(t.code, t.name, Color::Black));
            v
        })
        .collect();
    json_response(StatusCode::OK, json!({ "pieces": list }).to_string())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockJson {
    base_ms: u64,
    #[serde(default)]
    inc_ms: u64,
}

/// `POST /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    #[serde(default = "default_variant")]
    variant: String,
    #[serde(default = "human")]
    white: Player,
    #[serde(default = "human")]
    black: Player,
    #[serde(default)]
    clock: Option<ClockJson>,
    /// Rule options as `{"name": "value"}`.
    #[serde(default)]
    options: serde_json::Map<String, Value>,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    pgn: Option<String>,
    /// Setup commands run before the game starts (`army white *W:NN`, `start placement`).
    #[serde(default)]
    setup: Vec<String>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    analysis: Option<usize>,
}

fn default_variant() -> String {
    "chess".to_string()
}

fn human() -> Player {
    Player::Human
}

fn clock_of(c: Option<ClockJson>) -> Result<Option<TimeControl>, Refusal> {
    match c {
        None => Ok(None),
        Some(c) if c.base_ms == 0 || c.base_ms > MAX_CLOCK_MS || c.inc_ms > MAX_CLOCK_MS => {
            Err(Refusal::bad(format!(
                "the clock must have 1 ms to {MAX_CLOCK_MS} ms of base time and at most as much increment"
            )))
        }
        Some(c) => Ok(Some(TimeControl {
            base_ms: c.base_ms,
            inc_ms: c.inc_ms,
        })),
    }
}

fn option_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

pub async fn create(
    State(games): State<Arc<Games>>,
    request: Result<Json<NewGame>, JsonRejection>,
) -> Response {
    let new = match body(request) {
        Ok(n) => n,
        Err(r) => return refused(r),
    };
    let job = tokio::task::spawn_blocking(move || -> Result<String, Refusal> {
        let settings = Settings {
            variant: new.variant.trim().to_ascii_lowercase(),
            players: [
                new.white.checked().map_err(Refusal::bad)?,
                new.black.checked().map_err(Refusal::bad)?,
            ],
            clock: clock_of(new.clock)?,
            options: new
                .options
                .iter()
                .map(|(k, v)| (k.clone(), option_text(v)))
                .collect(),
            seed: new.seed.unwrap_or_else(rand::random),
        };
        let session = games.create(settings, &new.setup)?;
        let mut s = session::lock(&session);
        let ready = if let Some(pgn) = &new.pgn {
            s.load_pgn(pgn)
        } else if let Some(fen) = &new.fen {
            s.load_fen(fen)
        } else {
            Ok(())
        }
        .and_then(|()| match new.analysis {
            Some(n) => s.set_analysis(Some(n)),
            None => Ok(()),
        });
        // A refused request leaves no game behind.
        if let Err(r) = ready {
            let id = s.id.clone();
            drop(s);
            games.remove(&id);
            return Err(r);
        }
        Ok(s.publish())
    });
    answer(StatusCode::CREATED, job.await)
}

/// `GET /api/games/{id}`.
pub async fn get(State(games): State<Arc<Games>>, Path(id): Path<String>) -> Response {
    change(games, id, |_| Ok(())).await
}

/// `POST /api/games/{id}/delete`.
pub async fn delete(State(games): State<Arc<Games>>, Path(id): Path<String>) -> Response {
    if games.remove(&id) {
        json_response(StatusCode::OK, json!({ "closed": id }).to_string())
    } else {
        not_found(&id)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveJson {
    token: String,
}

/// `POST /api/games/{id}/move` `{"token": "e2e4"}`.
pub async fn play(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    request: Result<Json<MoveJson>, JsonRejection>,
) -> Response {
    change_with(games, id, request, |s, m: MoveJson| s.play_human(&m.token)).await
}

/// `POST /api/games/{id}/takeback`.
pub async fn take_back(State(games): State<Arc<Games>>, Path(id): Path<String>) -> Response {
    change(games, id, Session::take_back).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadJson {
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    pgn: Option<String>,
}

/// `POST /api/games/{id}/load` `{"fen": ...}` or `{"pgn": ...}`.
pub async fn load(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    request: Result<Json<LoadJson>, JsonRejection>,
) -> Response {
    match body(request) {
        Ok(LoadJson { pgn: Some(p), .. }) => change(games, id, move |s| s.load_pgn(&p)).await,
        Ok(LoadJson { fen: Some(f), .. }) => change(games, id, move |s| s.load_fen(&f)).await,
        Ok(_) => refused(Refusal::bad("load needs a fen or a pgn")),
        Err(r) => refused(r),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersJson {
    white: Player,
    black: Player,
}

/// `POST /api/games/{id}/players` `{"white": ..., "black": ...}`.
pub async fn players(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    request: Result<Json<PlayersJson>, JsonRejection>,
) -> Response {
    change_with(games, id, request, |s, p: PlayersJson| {
        s.set_players([p.white, p.black])
    })
    .await
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ResignJson {
    #[serde(default)]
    side: Option<String>,
}

fn color_of(word: &str) -> Result<Color, Refusal> {
    match word {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        other => Err(Refusal::bad(format!(
            "side must be white or black, got '{}'",
            other.chars().take(20).collect::<String>()
        ))),
    }
}

/// `POST /api/games/{id}/resign` `{"side": "white"}` (optional).
pub async fn resign(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    request: Result<Json<ResignJson>, JsonRejection>,
) -> Response {
    let side = match request {
        Ok(Json(r)) => r.side,
        Err(JsonRejection::MissingJsonContentType(_)) => None,
        Err(e) => return refused(body::<ResignJson>(Err(e)).err().expect("an error")),
    };
    change(games, id, move |s| {
        let side = side.as_deref().map(color_of).transpose()?;
        s.resign(side)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlipJson {
    flipped: bool,
}

/// `POST /api/games/{id}/flip` `{"flipped": true}`.
pub async fn flip(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    request: Result<Json<FlipJson>, JsonRejection>,
) -> Response {
    change_with(games, id, request, |s, f: FlipJson| {
        s.set_flipped(f.flipped);
        Ok(())
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisJson {
    /// Lines to show; `null` or 0 stops the analysis.
    #[serde(default)]
    multipv: Option<usize>,
    /// The position to analyse, by its number of actions (a position the page reviews);
    /// `null`: the game's own.
    #[serde(default)]
    ply: Option<usize>,
}

/// `POST /api/games/{id}/analysis` `{"multipv": 3}` (`go infinite`), `{"multipv": 0}` stops;
/// `{"multipv": 3, "ply": 5}` analyses the position after the game's fifth action.
pub async fn analysis(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    request: Result<Json<AnalysisJson>, JsonRejection>,
) -> Response {
    change_with(games, id, request, |s, a: AnalysisJson| {
        s.set_analysis_at(a.multipv.filter(|&n| n > 0), a.ply)
    })
    .await
}

/// `POST /api/games/{id}/stop`: the engine plays its move now, or the analysis stops.
pub async fn stop(State(games): State<Arc<Games>>, Path(id): Path<String>) -> Response {
    change(games, id, |s| {
        s.stop();
        Ok(())
    })
    .await
}

/// `POST /api/games/{id}/go`: the engine takes its turn again (after an engine error).
pub async fn go(State(games): State<Arc<Games>>, Path(id): Path<String>) -> Response {
    change(games, id, |s| {
        s.advance();
        Ok(())
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupJson {
    command: String,
}

/// `POST /api/games/{id}/setup` `{"command": "army white *W:NN"}`: the lines it says, and the
/// state.
pub async fn setup(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    request: Result<Json<SetupJson>, JsonRejection>,
) -> Response {
    let command = match body(request) {
        Ok(c) => c.command,
        Err(r) => return refused(r),
    };
    let Some(session) = games.get(&id) else {
        return not_found(&id);
    };
    let job = tokio::task::spawn_blocking(move || {
        let mut s = session::lock(&session);
        s.run_setup(&command).map(|lines| {
            let state = s.publish();
            format!(
                r#"{{"type":"setup","lines":{},"state":{state}}}"#,
                json!(lines)
            )
        })
    });
    answer(StatusCode::OK, job.await)
}

/// `GET /api/games/{id}/position/{ply}`: the position after the game's first `ply` actions
/// (`docs/serve.md`), for the page's review; the game is not changed.
pub async fn position(
    State(games): State<Arc<Games>>,
    Path((id, ply)): Path<(String, String)>,
) -> Response {
    let Ok(ply) = ply.trim().parse::<usize>() else {
        return refused(Refusal::bad(format!(
            "a position is named by its number of actions (0, 1, 2, ...), not '{}'",
            ply.chars().take(40).collect::<String>()
        )));
    };
    let Some(session) = games.get(&id) else {
        return not_found(&id);
    };
    let job = tokio::task::spawn_blocking(move || {
        let s = session::lock(&session);
        session::view::position_json(&s, ply)
    });
    answer(StatusCode::OK, job.await)
}

/// `GET /api/games/{id}/pgn`: the game as a PGN file.
pub async fn pgn(State(games): State<Arc<Games>>, Path(id): Path<String>) -> Response {
    let Some(session) = games.get(&id) else {
        return not_found(&id);
    };
    let job = tokio::task::spawn_blocking(move || {
        let s = session::lock(&session);
        (s.pgn(), s.game().variant())
    });
    match job.await {
        Ok((text, variant)) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, "application/x-chess-pgn".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"grimoire-{variant}.pgn\""),
                ),
            ],
            text,
        )
            .into_response(),
        Err(e) => job_failed(e),
    }
}
