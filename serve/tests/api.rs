//! The server's endpoints with good and bad input: unknown variants, bad FENs and PGNs,
//! illegal tokens, malformed and oversized bodies, the wrong turn, many games at once, the
//! access rule. Every refusal is a status with a reason and changes nothing; no request
//! panics the server; the game's state always equals its moves replayed from the start.

#[path = "common/oneshot.rs"]
mod oneshot;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use grimoire_registry::Registry;
use grimoire_serve::access::Access;
use grimoire_serve::games::Games;
use http_body_util::BodyExt;
use oneshot::{call, post};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower::ServiceExt;

fn app_with(max_games: usize) -> Router {
    let games = Arc::new(Games::new(Arc::new(Registry::standard()), max_games));
    grimoire_serve::app(
        games,
        Access {
            token: None,
            loopback_hosts_only: true,
        },
    )
}

fn app() -> Router {
    app_with(64)
}

/// `POST /api/games/{id}/analysis` with `body`.
async fn analyse(app: &Router, id: &str, body: Value) -> (StatusCode, Value) {
    post(app, &format!("/api/games/{id}/analysis"), body).await
}

async fn new_game(app: &Router, body: Value) -> Value {
    let (status, state) = post(app, "/api/games", body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{body}: {state}");
    state
}

fn id(state: &Value) -> String {
    state["id"].as_str().unwrap().to_string()
}

fn error(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {v}"))
}

/// The game's FEN equals its start replayed with its tokens: the engine's state is whole.
fn assert_consistent(state: &Value) {
    let mut game = grimoire_registry::create(state["variant"].as_str().unwrap()).unwrap();
    let tokens: Vec<String> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["token"].as_str().unwrap().to_string())
        .collect();
    let start = state["start_fen"].as_str();
    let moves: Vec<&str> = tokens.iter().map(String::as_str).collect();
    game.set_position(start, &moves).unwrap();
    assert_eq!(game.fen(), state["fen"].as_str().unwrap());
    game.check_consistency().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_its_files_are_served_from_the_binary() {
    let app = app();
    let (status, page) = call(&app, "GET", "/", None).await;
    assert_eq!(status, StatusCode::OK);
    let page = page.as_str().unwrap();
    assert!(page.contains("<script src=\"app.js\">"));
    // Nothing from outside: no absolute URLs to load.
    for text in [
        page,
        grimoire_serve::assets::APP_JS,
        grimoire_serve::assets::STYLE_CSS,
    ] {
        assert!(!text.contains("https://"), "an outside URL in an asset");
        assert!(!text.contains("//cdn"), "a CDN in an asset");
    }
    for path in [
        "/app.js",
        "/sounds.js",
        "/graph.js",
        "/style.css",
        "/favicon.svg",
        "/index.html",
    ] {
        let (status, _) = call(&app, "GET", path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
    }
    let response = app
        .clone()
        .oneshot(
            Request::builder()
                .uri("/")
                .header("host", "localhost")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let csp = response.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    assert!(csp.contains("default-src 'self'"), "{csp}");
    let (status, v) = call(&app, "GET", "/no/such/page", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error(&v), "no such page");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn variants_list_their_options_setup_and_pieces() {
    let app = app();
    let (status, v) = call(&app, "GET", "/api/variants", None).await;
    assert_eq!(status, StatusCode::OK);
    let variants = v["variants"].as_array().unwrap();
    let names: Vec<&str> = variants
        .iter()
        .map(|x| x["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, grimoire_registry::variant_names());
    let eldritch = variants.iter().find(|x| x["name"] == "eldritch").unwrap();
    assert_eq!(eldritch["setup"], "eldritch");
    for name in &names {
        let (status, p) = call(&app, "GET", &format!("/api/variants/{name}/pieces"), None).await;
        assert_eq!(status, StatusCode::OK);
        let pieces = p["pieces"].as_array().unwrap();
        assert!(pieces.len() >= 6, "{name}");
        assert!(pieces[0]["white"].as_str().unwrap().starts_with("<svg"));
    }
    let (status, v) = call(&app, "GET", "/api/variants/nope/pieces", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error(&v).contains("unknown variant"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_games_of_every_variant_and_bad_requests_refused_with_a_reason() {
    let app = app();
    for name in grimoire_registry::variant_names() {
        let s = new_game(&app, json!({ "variant": name })).await;
        assert_eq!(s["variant"], name);
        assert_eq!(s["side_to_move"], "white");
        assert!(s["human_to_act"].as_bool().unwrap());
        assert!(!s["actions"].as_array().unwrap().is_empty(), "{name}");
        assert!(s["svg"].as_str().unwrap().contains("data-square=\"a1\""));
        for a in s["actions"].as_array().unwrap() {
            assert!(a["token"].is_string() && a["kind"].is_string());
        }
    }
    let cases: Vec<(Value, StatusCode, &str)> = vec![
        (
            json!({"variant": "nope"}),
            StatusCode::BAD_REQUEST,
            "unknown variant 'nope'",
        ),
        (
            json!({"variant": "chess", "fen": "8/8/8/8/8/8/8/8 x - - 0 1"}),
            StatusCode::BAD_REQUEST,
            "bad FEN",
        ),
        (
            json!({"white": {"kind": "engine", "limit": "depth", "value": 0}}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "depth must be 1 to 64",
        ),
        (
            json!({"black": {"kind": "wizard"}}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "player kind must be human or engine",
        ),
        (
            json!({"clock": {"base_ms": 0}}),
            StatusCode::BAD_REQUEST,
            "the clock must have",
        ),
        (
            json!({"colour": "white"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown field",
        ),
        (
            json!({"variant": "duggan", "options": {"NoSuchOption": true}}),
            StatusCode::BAD_REQUEST,
            "NoSuchOption",
        ),
        (
            json!({"variant": "chess", "setup": ["army white *W:NN"]}),
            StatusCode::BAD_REQUEST,
            "chess has no setup commands",
        ),
        (
            json!({"variant": "eldritch", "setup": ["army white *Z:Q"]}),
            StatusCode::BAD_REQUEST,
            "unknown piece code",
        ),
        (
            json!({"variant": "chess", "pgn": "1. e4 e5 2. Ke3"}),
            StatusCode::BAD_REQUEST,
            "PGN move 3 'Ke3' is not legal there",
        ),
        (
            json!({"analysis": 99}),
            StatusCode::BAD_REQUEST,
            "MultiPV must be 1 to 16",
        ),
    ];
    for (body, status, text) in cases {
        let (got, v) = post(&app, "/api/games", body.clone()).await;
        assert_eq!(got, status, "{body}: {v}");
        assert!(error(&v).contains(text), "{body}: {v}");
    }
    // Malformed JSON, a missing content type.
    let (status, v) = call(&app, "POST", "/api/games", Some("{\"variant\":".into())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(!error(&v).is_empty());
    let req = Request::builder()
        .method("POST")
        .uri("/api/games")
        .header("host", "localhost")
        .body(Body::from("{}"))
        .unwrap();
    let r = app.clone().oneshot(req).await.unwrap();
    assert_eq!(r.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // A refused game is not kept: the bad ones above left nothing behind.
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_legal_and_illegal_and_the_state_is_never_corrupted() {
    let app = app();
    let s = new_game(&app, json!({"variant": "chess"})).await;
    let game = id(&s);
    let uri = format!("/api/games/{game}/move");
    let (status, s) = post(&app, &uri, json!({"token": "e2e4"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(s["moves"][0]["text"], "e4");
    assert_eq!(s["side_to_move"], "black");
    let before = s.clone();
    let long = "e".repeat(100_000);
    let bad: Vec<(Value, StatusCode, &str)> = vec![
        (
            json!({"token": "e2e4"}),
            StatusCode::BAD_REQUEST,
            "illegal or unknown move 'e2e4'",
        ),
        (json!({"token": ""}), StatusCode::BAD_REQUEST, ""),
        (json!({"token": "zz99"}), StatusCode::BAD_REQUEST, ""),
        (json!({"token": long}), StatusCode::BAD_REQUEST, ""),
        (json!({"token": "e7e5\u{0}"}), StatusCode::BAD_REQUEST, ""),
        (json!({"token": 5}), StatusCode::UNPROCESSABLE_ENTITY, ""),
        (json!({}), StatusCode::UNPROCESSABLE_ENTITY, "missing field"),
        (json!([1, 2]), StatusCode::UNPROCESSABLE_ENTITY, ""),
    ];
    for (body, status, text) in bad {
        let (got, v) = post(&app, &uri, body.clone()).await;
        assert_eq!(got, status, "{v}");
        assert!(error(&v).contains(text), "{v}");
        assert!(error(&v).len() < 2000, "an error quotes input at length");
    }
    let (_, now) = call(&app, "GET", &format!("/api/games/{game}"), None).await;
    assert_eq!(now["fen"], before["fen"]);
    assert_eq!(now["generation"], before["generation"]);
    assert_eq!(now["moves"], before["moves"]);
    assert_consistent(&now);
    // Unknown games.
    for uri in [
        "/api/games/nope/move".to_string(),
        "/api/games/../move".to_string(),
    ] {
        let (status, _) = post(&app, &uri, json!({"token": "e2e4"})).await;
        assert!(status == StatusCode::NOT_FOUND, "{uri}: {status}");
    }
    let (status, _) = call(&app, "GET", "/api/games/nope", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Only GET and POST are answered (issue 49): DELETE, TRACE and the like are refused.
    for method in ["DELETE", "TRACE", "PUT", "FOO"] {
        let (status, _) = call(&app, method, &format!("/api/games/{game}"), None).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method}");
        let (status, _) = call(&app, method, "/", None).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} /");
    }
    let (status, _) = call(&app, "POST", &format!("/api/games/{game}/delete"), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call(&app, "GET", &format!("/api/games/{game}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_requests_are_refused_and_the_server_goes_on() {
    let app = app();
    let s = new_game(&app, json!({})).await;
    let big = json!({ "pgn": "1. e4 ".repeat(400_000) }).to_string();
    assert!(big.len() > grimoire_serve::MAX_BODY_BYTES);
    let (status, v) = call(
        &app,
        "POST",
        &format!("/api/games/{}/load", id(&s)),
        Some(big.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(error(&v), "the request is too large");
    let (status, _) = call(&app, "POST", "/api/games", Some(big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let (status, now) = call(&app, "GET", &format!("/api/games/{}", id(&s)), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(now["fen"], s["fen"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn take_back_load_fen_and_pgn() {
    let app = app();
    let s = new_game(&app, json!({"variant": "ghost"})).await;
    let game = id(&s);
    let start_fen = s["fen"].clone();
    let (status, v) = post(&app, &format!("/api/games/{game}/takeback"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(error(&v), "nothing to take back");
    let mut state = s;
    for token in ["e2e4", "d7d5", "e4d5", "z5", "g8f6"] {
        let (status, v) = post(
            &app,
            &format!("/api/games/{game}/move"),
            json!({ "token": token }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{token}: {v}");
        state = v;
    }
    assert_eq!(state["moves"][3]["token"], "z5");
    // Two people: one action back at a time.
    let (_, back) = post(&app, &format!("/api/games/{game}/takeback"), json!({})).await;
    assert_eq!(back["moves"].as_array().unwrap().len(), 4);
    assert_consistent(&back);
    // A bad FEN changes nothing; a good one replaces the game.
    let (status, v) = post(
        &app,
        &format!("/api/games/{game}/load"),
        json!({"fen": "garbage"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).starts_with("bad FEN"), "{v}");
    let (_, now) = call(&app, "GET", &format!("/api/games/{game}"), None).await;
    assert_eq!(now["moves"], back["moves"]);
    let (status, v) = post(
        &app,
        &format!("/api/games/{game}/load"),
        json!({ "fen": start_fen }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(v["moves"].as_array().unwrap().is_empty());
    let (status, v) = post(&app, &format!("/api/games/{game}/load"), json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error(&v), "load needs a fen or a pgn");
    // Our own PGN comes back; a chess PGN in SAN from another tool switches the variant.
    let (status, text) = call(&app, "GET", &format!("/api/games/{game}/pgn"), None).await;
    assert_eq!(status, StatusCode::OK);
    let text = text.as_str().unwrap().to_string();
    assert!(text.contains("[Variant \"ghost\"]"), "{text}");
    let sicilian = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be2 e5 7. Nb3 Be7 8. O-O O-O 9. Be3+ *";
    let (status, loaded) = post(
        &app,
        &format!("/api/games/{game}/load"),
        json!({ "pgn": sicilian }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{loaded}");
    assert_eq!(loaded["variant"], "chess");
    assert_eq!(loaded["moves"].as_array().unwrap().len(), 17);
    assert_eq!(loaded["moves"][14]["token"], "e1g1");
    assert_consistent(&loaded);
    for (pgn, text) in [
        (
            "1. e4 e5 2. Qh5 Nc6 3. Qxf7 Kxf7 4. Qe2",
            "PGN move 7 'Qe2'",
        ),
        ("[Variant \"nope\"]\n1. e4", "unknown variant 'nope'"),
        ("[FEN \"bad\"]\n1. e4", "PGN: bad FEN"),
        ("1. e4 (1. d4", "bad PGN: a variation"),
        ("", "bad PGN: it holds no game"),
        ("{only a comment}", "bad PGN: it holds no game"),
    ] {
        let (status, v) = post(
            &app,
            &format!("/api/games/{game}/load"),
            json!({ "pgn": pgn }),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{pgn}");
        assert!(error(&v).contains(text), "{pgn}: {v}");
    }
    let (_, now) = call(&app, "GET", &format!("/api/games/{game}"), None).await;
    assert_eq!(now["moves"], loaded["moves"]);
    assert_eq!(now["fen"], loaded["fen"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_flip_players_setup_and_analysis() {
    let app = app();
    let s = new_game(&app, json!({"variant": "chess"})).await;
    let game = id(&s);
    let g = |path: &str| format!("/api/games/{game}/{path}");
    // Flip: Black at the bottom, so rank 8's label is the lowest.
    let (_, v) = post(&app, &g("flip"), json!({"flipped": true})).await;
    assert_eq!(v["flipped"], true);
    let svg = v["svg"].as_str().unwrap();
    let y = |sq: &str| -> i32 {
        let at = svg.find(&format!("data-square=\"{sq}\" x=")).unwrap();
        let rest = &svg[at..];
        let y = rest.split("y=\"").nth(1).unwrap();
        y[..y.find('"').unwrap()].parse().unwrap()
    };
    assert!(y("e8") > y("e1"), "flipped: e8 drawn below e1");
    let (status, _) = post(&app, &g("flip"), json!({"flipped": "yes"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    // Resign: the person (both sides are people: the side to move).
    let (status, v) = post(&app, &g("resign"), json!({"side": "purple"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (_, v) = post(&app, &g("resign"), json!({})).await;
    assert_eq!(v["result"]["result"], "0-1");
    assert_eq!(v["result"]["reason"], "White resigns");
    let (status, v) = post(&app, &g("move"), json!({"token": "e2e4"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error(&v).starts_with("the game is over"), "{v}");
    let (status, _) = post(&app, &g("resign"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // Taking back after the end resumes the game... there is nothing to take back here.
    let (status, _) = post(&app, &g("takeback"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // Players: the engine takes White and starts at once; a person cannot move for it;
    // `stop` makes it move now.
    let s = new_game(&app, json!({"variant": "chess"})).await;
    let game = id(&s);
    let g = |path: &str| format!("/api/games/{game}/{path}");
    let (status, v) = post(
        &app,
        &g("players"),
        json!({"white": {"kind": "engine", "limit": "movetime", "value": 60000}, "black": {"kind": "human"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["thinking"]["mode"], "move");
    let (status, v) = post(&app, &g("move"), json!({"token": "e2e4"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        error(&v),
        "it is the engine's turn: White is played by the engine"
    );
    let stopped = Instant::now();
    post(&app, &g("stop"), json!({})).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    let state = loop {
        let (_, v) = call(&app, "GET", &format!("/api/games/{game}"), None).await;
        if v["moves"].as_array().is_some_and(|m| !m.is_empty()) {
            break v;
        }
        assert!(Instant::now() < deadline, "the engine never moved");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(
        stopped.elapsed() < Duration::from_secs(5),
        "stop made it move now"
    );
    assert_eq!(state["side_to_move"], "black");
    assert_eq!(state["engine_moves"][0]["ply"], 0);
    assert_consistent(&state);
    // Analysis: bounds, on, off.
    let (status, v) = post(&app, &g("analysis"), json!({"multipv": 17})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error(&v), "MultiPV must be 1 to 16, got 17");
    let (_, v) = post(&app, &g("analysis"), json!({"multipv": 2})).await;
    assert_eq!(v["analysis"], 2);
    assert_eq!(v["thinking"]["mode"], "analysis");
    let (_, v) = post(&app, &g("stop"), json!({})).await;
    assert_eq!(v["analysis"], Value::Null);
    assert_eq!(v["thinking"], Value::Null);
    // Setup commands belong to Eldritch.
    let (status, v) = post(&app, &g("setup"), json!({"command": "army white *W:NN"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error(&v), "chess has no setup commands");
    let s = new_game(&app, json!({"variant": "eldritch"})).await;
    let g = |path: &str| format!("/api/games/{}/{path}", id(&s));
    let (status, v) = post(&app, &g("setup"), json!({"command": "bundles"})).await;
    assert_eq!(status, StatusCode::OK);
    let lines = v["lines"].as_array().unwrap();
    assert!(
        lines
            .iter()
            .any(|l| l.as_str().unwrap().starts_with("eldritch bundle *W:NN 2 ")),
        "{v}"
    );
    let (status, v) = post(
        &app,
        &g("setup"),
        json!({"command": "eldritch army white *W:NN"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["lines"][0], "eldritch army white *W:NN");
    let (status, v) = post(&app, &g("setup"), json!({"command": "army white *Q:Q"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (status, v) = post(&app, &g("setup"), json!({"command": "propose black 2"})).await;
    assert_eq!(status, StatusCode::OK);
    assert!(v["lines"][0]
        .as_str()
        .unwrap()
        .starts_with("eldritch propose black "));
    let (status, v) = post(&app, &g("setup"), json!({"command": "matched ^R:B *A:R"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (_, v) = post(&app, &g("setup"), json!({"command": "start placement"})).await;
    let state = &v["state"];
    assert!(
        state["fen"].as_str().unwrap().contains("unplaced="),
        "{state}"
    );
    assert!(state["actions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["kind"] == "placement"));
    assert!(state["fen_fields"][0][0] == "unplaced");
    let a = &state["actions"][0];
    assert_eq!(
        a["piece"].as_str().unwrap(),
        a["token"].as_str().unwrap().split('@').next().unwrap()
    );
    let (status, _) = post(&app, &g("move"), json!({ "token": a["token"] })).await;
    assert_eq!(status, StatusCode::OK);
}

/// Eldritch invokes (part 2) on the board: offered with their squares, played by token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eldritch_invokes_are_offered_and_played() {
    let app = app();
    // An Evoker on d4 with a Black rook at a knight offset; a Miasma on h3 beside a Black pawn.
    let fen = "7k/8/8/5r2/3^E4/7^M/6p1/4K3 w - - 0 1";
    let s = new_game(&app, json!({"variant": "eldritch", "fen": fen})).await;
    let actions = s["actions"].as_array().unwrap();
    let find = |token: &str| actions.iter().find(|a| a["token"] == token).cloned();
    let evoke = find("d4!xf5").unwrap_or_else(|| panic!("no d4!xf5 in {s}"));
    assert_eq!(
        (
            evoke["kind"].as_str(),
            evoke["from"].as_str(),
            evoke["to"].as_str()
        ),
        (Some("invoke"), Some("d4"), Some("f5"))
    );
    // The Miasma's invoke acts on its own square: the page offers it on selecting h3.
    let miasma = find("h3!").unwrap_or_else(|| panic!("no h3! in {s}"));
    assert_eq!(
        (miasma["from"].as_str(), miasma["to"].as_str()),
        (Some("h3"), Some("h3"))
    );
    let (status, state) = post(
        &app,
        &format!("/api/games/{}/move", id(&s)),
        json!({"token": "d4!xf5"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["fen"], "7k/8/8/8/3^E4/7^M/6p1/4K3 b - - 0 1");
    assert_consistent(&state);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eldritch_strips_reactions_and_returns_play_on_the_board() {
    let app = app();
    // A Geomancer on b1: its strips name squares the board does not draw yet, so the page
    // offers them as choices of b1 (no target square).
    let fen = "4k3/8/8/3*m{c7}4/8/8/3R4/R^G2K3 w - - 0 1";
    let s = new_game(&app, json!({"variant": "eldritch", "fen": fen})).await;
    let actions = s["actions"].as_array().unwrap();
    let strip = actions
        .iter()
        .find(|a| a["token"] == "b1!z1-z4")
        .unwrap_or_else(|| panic!("no strip in {s}"));
    assert_eq!(
        (strip["from"].as_str(), strip["to"].as_str()),
        (Some("b1"), None)
    );
    let (status, state) = post(
        &app,
        &format!("/api/games/{}/move", id(&s)),
        json!({"token": "b1!z1-z4"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert!(
        state["fen"].as_str().unwrap().starts_with("xxxxxxxxxx/"),
        "{state}"
    );
    let svg = state["svg"].as_str().unwrap_or("");
    assert!(svg.contains("\"z4\""), "the strip is drawn: {svg}");
    assert_consistent(&state);
    // Black answers; then the Rook takes the Mystic and Black decides its return by square.
    let (status, state) = post(
        &app,
        &format!("/api/games/{}/move", id(&s)),
        json!({"token": "e8f8"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let (status, state) = post(
        &app,
        &format!("/api/games/{}/move", id(&s)),
        json!({"token": "d2d5"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let actions = state["actions"].as_array().unwrap();
    let ret = actions
        .iter()
        .find(|a| a["token"] == "*M@c7")
        .unwrap_or_else(|| panic!("no Mystic return in {state}"));
    assert_eq!(
        (
            ret["kind"].as_str(),
            ret["from"].as_str(),
            ret["to"].as_str()
        ),
        (Some("decision"), None, Some("c7"))
    );
    assert!(actions
        .iter()
        .any(|a| a["token"] == "0000" && a["kind"] == "pass"));
    let (status, state) = post(
        &app,
        &format!("/api/games/{}/move", id(&s)),
        json!({"token": "*M@c7"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_consistent(&state);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pgn_download_reads_back() {
    let app = app();
    let s = new_game(
        &app,
        json!({"variant": "chess", "pgn": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6"}),
    )
    .await;
    let req = Request::builder()
        .uri(format!("/api/games/{}/pgn", id(&s)))
        .header("host", "localhost")
        .body(Body::empty())
        .unwrap();
    let r = app.clone().oneshot(req).await.unwrap();
    assert_eq!(
        r.headers()["content-disposition"],
        "attachment; filename=\"grimoire-chess.pgn\""
    );
    let text =
        String::from_utf8(r.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    let pgn = grimoire_serve::pgn::read(&text).unwrap();
    assert_eq!(pgn.tag("Result"), Some("*"));
    assert_eq!(
        pgn.moves,
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6"]
    );
    let back = new_game(&app, json!({ "pgn": text })).await;
    assert_eq!(back["fen"], s["fen"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_games_at_once_and_the_oldest_gives_way() {
    let app = app_with(8);
    let mut tasks = Vec::new();
    for i in 0..24 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let variant = grimoire_registry::variant_names()[i % 6];
            let s = new_game(&app, json!({ "variant": variant })).await;
            let token = s["actions"][i % 5]["token"].as_str().unwrap().to_string();
            let (status, v) = post(
                &app,
                &format!("/api/games/{}/move", id(&s)),
                json!({ "token": token }),
            )
            .await;
            // A game may already have given way to newer ones.
            assert!(
                status == StatusCode::OK || status == StatusCode::NOT_FOUND,
                "{status}: {v}"
            );
            if status == StatusCode::OK {
                assert_eq!(v["moves"][0]["token"], token.as_str());
                assert_consistent(&v);
            }
            id(&s)
        }));
    }
    let mut ids = Vec::new();
    for t in tasks {
        ids.push(t.await.unwrap());
    }
    let mut alive = 0;
    for g in &ids {
        let (status, _) = call(&app, "GET", &format!("/api/games/{g}"), None).await;
        alive += usize::from(status == StatusCode::OK);
    }
    assert_eq!(alive, 8, "the bound holds");
}

#[test]
fn the_access_rule_holds_on_a_real_socket() {
    use std::io::{Read, Write};
    let raw = |addr: std::net::SocketAddr, request: &str| -> String {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut out = String::new();
        let _ = s.read_to_string(&mut out);
        out
    };
    // A GET of `path` with these header lines on a fresh connection: the answer, which must
    // start with `HTTP/1.1 <status>`.
    let get = |addr, path: &str, headers: &str, status: &str| -> String {
        let request = format!("GET {path} HTTP/1.1\r\n{headers}Connection: close\r\n\r\n");
        let answer = raw(addr, &request);
        let line = format!("HTTP/1.1 {status}");
        assert!(answer.starts_with(&line), "{request:?}: {answer:.200}");
        answer
    };
    let localhost = "Host: localhost\r\n";
    // Loopback without a token: only loopback host names.
    let open = grimoire_serve::Background::start(grimoire_serve::Config {
        port: 0,
        ..Default::default()
    })
    .unwrap();
    assert!(open.url.starts_with("http://localhost:"), "{}", open.url);
    get(open.addr, "/api/variants", localhost, "200");
    get(
        open.addr,
        "/api/variants",
        "Host: attacker.example\r\n",
        "403",
    );
    // Garbage on the socket is answered or dropped, never fatal.
    let garbage = raw(open.addr, "\u{1}\u{2}NOT HTTP\r\n\r\n");
    assert!(!garbage.starts_with("HTTP/1.1 200"));
    get(open.addr, "/", "Host: 127.0.0.1\r\n", "200");
    // With a token on loopback: every request needs it, under a loopback host name still
    // (issue 49: the host check stays on whatever the token).
    let closed = grimoire_serve::Background::start(grimoire_serve::Config {
        port: 0,
        token: Some("s3cret".into()),
        ..Default::default()
    })
    .unwrap();
    assert!(closed.url.ends_with("/?token=s3cret"), "{}", closed.url);
    for path in ["/api/variants", "/api/games/x", "/api/games/x/ws"] {
        let no = get(closed.addr, path, localhost, "403");
        assert!(no.contains("token is required"));
    }
    let no = raw(
        closed.addr,
        "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
    );
    assert!(no.starts_with("HTTP/1.1 403"), "{no:.200}");
    get(closed.addr, "/api/variants?token=s3cret", localhost, "200");
    // The page itself (which passes the token from its URL on to the API) needs none.
    get(closed.addr, "/app.js", localhost, "200");
    let by_header = "Host: localhost\r\nX-Grimoire-Token: s3cret\r\n";
    get(closed.addr, "/api/variants", by_header, "200");
    let rebound = get(
        closed.addr,
        "/api/variants?token=s3cret",
        "Host: anything\r\n",
        "403",
    );
    assert!(rebound.contains("only to localhost"), "{rebound:.200}");
    // Off loopback the server always makes a token.
    let access = Access::for_host("0.0.0.0".parse().unwrap(), None);
    assert!(access.token.is_some());
}

/// Odd bodies at every endpoint: always a 4xx with a reason (or a 2xx where the body is
/// fine), never a server error, and the game is untouched.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn odd_bodies_everywhere_are_refused_never_a_server_error() {
    let app = app();
    let s = new_game(&app, json!({"variant": "hobgoblin"})).await;
    let game = id(&s);
    let deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let bodies = [
        String::new(),
        "null".to_string(),
        "\"e2e4\"".to_string(),
        "{\"token\": null}".to_string(),
        "{\"token\": \"\u{202e}e2e4\u{0}\"}".to_string(),
        "{\"token\": 1e999}".to_string(),
        "{\"multipv\": -1}".to_string(),
        "{\"multipv\": 18446744073709551616}".to_string(),
        "{\"fen\": \"\", \"pgn\": \"\"}".to_string(),
        "{\"command\": \"\"}".to_string(),
        "{\"white\": {\"kind\": \"engine\", \"limit\": \"nodes\", \"value\": 0}, \"black\": {\"kind\": \"human\"}}".to_string(),
        "\u{ff}\u{fe}garbage".to_string(),
        deep,
    ];
    for path in [
        "move", "takeback", "load", "players", "resign", "flip", "analysis", "stop", "go", "setup",
    ] {
        for body in &bodies {
            let (status, v) = call(
                &app,
                "POST",
                &format!("/api/games/{game}/{path}"),
                Some(body.clone()),
            )
            .await;
            assert!(!status.is_server_error(), "{path} {body:.40}: {status} {v}");
            if status.is_client_error() {
                assert!(!error(&v).is_empty());
            }
        }
    }
    for body in &bodies {
        let (status, _) = call(&app, "POST", "/api/games", Some(body.clone())).await;
        assert!(!status.is_server_error(), "new game {body:.40}: {status}");
    }
    let (_, now) = call(&app, "GET", &format!("/api/games/{game}"), None).await;
    assert_eq!(now["variant"], "hobgoblin");
    assert_consistent(&now);
}

/// `GET` of `uri`: status and body.
async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    call(app, "GET", uri, None).await
}

/// Plays `tokens` on game `g`; the last state.
async fn play_all(app: &Router, g: &str, tokens: &[&str]) -> Value {
    let mut last = Value::Null;
    for t in tokens {
        let (status, v) = post(app, &format!("/api/games/{g}/move"), json!({ "token": t })).await;
        assert_eq!(status, StatusCode::OK, "{t}: {v}");
        last = v;
    }
    last
}

/// Issue 51: the state says what threatens the player to act: a check marks the king, a
/// Ghost Chess ghost that can take the king next move marks it without a check, and the
/// units the opponent could take if the player passed are listed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_marks_checks_royal_threats_and_threatened_units() {
    let app = app();
    let s = new_game(&app, json!({"fen": "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"})).await;
    assert_eq!(s["danger"]["check"], true, "{}", s["danger"]);
    assert_eq!(s["danger"]["in_danger"], true);
    assert_eq!(s["danger"]["royal"], json!(["e1"]));
    let s = new_game(&app, json!({})).await;
    assert_eq!(
        s["danger"],
        json!({"check": false, "in_danger": false, "royal": [], "threatened": [],
               "capturable_royal": []})
    );
    let g = id(&s);
    let v = play_all(&app, &g, &["e2e4", "d7d5"]).await;
    assert_eq!(v["danger"]["threatened"], json!(["e4"]));
    assert_eq!(v["danger"]["royal"], json!([]));
    // Eldritch: a liege in check.
    let s = new_game(
        &app,
        json!({"variant": "eldritch", "fen": "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"}),
    )
    .await;
    assert_eq!(s["danger"]["royal"], json!(["e1"]), "{}", s["danger"]);
    // Ghost (the line): 1.h4 e6 2.c3 Qg5 3.hxg5, and the queen's ghost spawns on i5,
    // where it reaches e1 (GHO-52): Black can take the king now; if Black does not, White's
    // king is marked, with no check.
    let s = new_game(&app, json!({"variant": "ghost"})).await;
    let g = id(&s);
    let v = play_all(&app, &g, &["h2h4", "e7e6", "c2c3", "d8g5", "h4g5"]).await;
    assert_eq!(
        v["danger"]["capturable_royal"],
        json!(["e1"]),
        "{}",
        v["danger"]
    );
    let v = play_all(&app, &g, &["a7a6"]).await;
    assert_eq!(v["danger"]["check"], false, "{}", v["danger"]);
    assert_eq!(v["danger"]["in_danger"], true);
    assert_eq!(v["danger"]["royal"], json!(["e1"]));
    assert_eq!(v["danger"]["threatened"], json!(["e1"]));
}

/// Issue 51: any earlier position is shown without changing the game; the analysis can look
/// at one; bad position numbers are refused with a reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn earlier_positions_are_shown_and_analysed_the_game_untouched() {
    let app = app();
    let s = new_game(&app, json!({})).await;
    let g = id(&s);
    let line = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6",
    ];
    let live = play_all(&app, &g, &line).await;
    let (status, p) = get(&app, &format!("/api/games/{g}/position/3")).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    assert_eq!(p["type"], "position");
    assert_eq!(
        (p["ply"].as_u64(), p["plies"].as_u64()),
        (Some(3), Some(10))
    );
    let mut after3 = grimoire_registry::create("chess").unwrap();
    after3.set_position(None, &line[..3]).unwrap();
    assert_eq!(p["fen"], after3.fen().as_str());
    assert_eq!(p["side_to_move"], "black");
    assert_eq!(p["last_move"], json!(["g1", "f3"]));
    assert!(p["svg"].as_str().unwrap().contains("data-square=\"f3\""));
    assert_eq!(p["danger"]["check"], false);
    let (_, p0) = get(&app, &format!("/api/games/{g}/position/0")).await;
    assert_eq!(p0["last_move"], json!([]));
    let (_, p10) = get(&app, &format!("/api/games/{g}/position/10")).await;
    assert_eq!(p10["fen"], live["fen"]);
    // A capture's square is marked in its position too.
    let s2 = new_game(&app, json!({})).await;
    let g2 = id(&s2);
    play_all(&app, &g2, &["e2e4", "d7d5", "e4d5", "g8f6"]).await;
    let (_, p) = get(&app, &format!("/api/games/{g2}/position/3")).await;
    assert_eq!(p["removed"], json!(["d5"]));
    for bad in ["11", "-1", "abc", "99999999999999999999999", "%20"] {
        let (status, v) = get(&app, &format!("/api/games/{g}/position/{bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {v}");
        assert!(!error(&v).is_empty());
    }
    let (status, _) = get(&app, "/api/games/nope/position/1").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The analysis of position 3, then of the game's own; the game keeps its ten actions.
    let (status, v) = analyse(&app, &g, json!({"multipv": 1, "ply": 3})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["analysis_ply"], 3);
    assert_eq!(v["thinking"]["mode"], "analysis");
    assert_eq!(v["moves"].as_array().unwrap().len(), 10);
    let (status, v) = analyse(&app, &g, json!({"multipv": 1, "ply": 11})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (_, v) = analyse(&app, &g, json!({"multipv": 1})).await;
    assert!(v["analysis_ply"].is_null());
    analyse(&app, &g, json!({"multipv": 0})).await;
    let (_, now) = get(&app, &format!("/api/games/{g}")).await;
    assert_eq!(now["moves"].as_array().unwrap().len(), 10);
    assert_eq!(now["fen"], live["fen"]);
    assert_consistent(&now);
}

/// Issue 51: the game-over result says who won and why in words; the key keeps the
/// catalogue's order; no clock runs before the first action.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn results_in_words_a_stable_key_and_clocks_from_the_first_action() {
    let app = app();
    let s = new_game(&app, json!({})).await;
    let v = play_all(&app, &id(&s), &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
    assert_eq!(v["result"]["title"], "Black wins");
    assert_eq!(v["result"]["detail"], "White's King is checkmated.");
    assert_eq!(v["result"]["reason"], "Black wins by checkmate");
    // The key in the catalogue's order, the same at every move.
    let (_, variants) = get(&app, "/api/variants").await;
    for variant in ["chess", "ghost", "archmage", "hobgoblin", "duggan"] {
        let types: Vec<String> = variants["variants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["name"] == variant)
            .unwrap()["types"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect();
        let s = new_game(&app, json!({ "variant": variant })).await;
        let g = id(&s);
        let mut state = s;
        for _ in 0..6 {
            let rank: Vec<(usize, bool)> = state["key"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| {
                    let name = k["name"].as_str().unwrap();
                    (
                        types.iter().position(|t| t == name).unwrap_or(usize::MAX),
                        k["color"] != "white",
                    )
                })
                .collect();
            let mut sorted = rank.clone();
            sorted.sort();
            assert_eq!(rank, sorted, "{variant}: {}", state["key"]);
            let Some(token) = state["actions"]
                .as_array()
                .and_then(|a| a.iter().find(|a| a["kind"] != "link"))
                .and_then(|a| a["token"].as_str())
                .map(str::to_string)
            else {
                break;
            };
            state = play_all(&app, &g, &[&token]).await;
            if !state["result"].is_null() {
                break;
            }
        }
    }
    let s = new_game(&app, json!({"clock": {"base_ms": 60000, "inc_ms": 0}})).await;
    assert!(s["clock"]["running"].is_null(), "{}", s["clock"]);
    let v = play_all(&app, &id(&s), &["e2e4"]).await;
    assert_eq!(v["clock"]["running"], "black");
    assert_eq!(v["clock"]["white_ms"], 60000);
}

/// Issue 51, point 5: each variant's rules page, from our rules doc with the piece catalogue
/// in front; linked from the board.
#[tokio::test]
async fn every_variant_has_a_rules_page_with_its_pieces() {
    let app = app();
    let registry = Registry::standard();
    for name in registry.names() {
        let entry = registry.get(name).unwrap();
        let (status, page) = call(&app, "GET", &format!("/rules/{name}"), None).await;
        assert_eq!(status, StatusCode::OK, "{name}");
        let html = page.as_str().unwrap_or_default();
        assert!(html.starts_with("<!doctype html>"), "{name}: {html:.80}");
        assert!(!entry.rules_doc.is_empty(), "{name} has a rules doc");
        assert!(
            html.contains("<h2"),
            "{name}: the doc's sections are rendered"
        );
        for t in entry.piece_types {
            assert!(
                html.contains(t.name),
                "{name}: {} in the pieces table",
                t.name
            );
        }
        // Each type's moves drawn on an empty board, from its Betza.
        assert_eq!(
            html.matches("aria-label=\"moves of the ").count(),
            entry.piece_types.len(),
            "{name}"
        );
        let royal = entry.piece_types.iter().filter(|t| t.royal).count();
        assert_eq!(
            html.matches("(royal: losing it loses)").count(),
            royal,
            "{name}"
        );
    }
    // Duggan's royal piece is the Adept: the question a new player asks (issue 51).
    let (_, page) = call(&app, "GET", "/rules/duggan", None).await;
    assert!(page
        .as_str()
        .unwrap()
        .contains("Adept (royal: losing it loses)"));
    let (status, _) = call(&app, "GET", "/rules/nope%3Cscript%3E", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, index) = call(&app, "GET", "/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        index.as_str().unwrap().contains("id=\"rules-link\""),
        "the board links to it"
    );
}

/// Issue 51, point 4: a whole-game review on request: every action scored, the blunder marked
/// with the better action, the game unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_review_marks_the_blunder_and_names_the_better_move() {
    let app = app();
    let humans =
        json!({"variant": "chess", "white": {"kind": "human"}, "black": {"kind": "human"}});
    let s = new_game(&app, humans).await;
    let g = id(&s);
    // 3...Nf6?? allows 4.Qxf7#.
    let line = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];
    for token in line {
        let (status, v) = post(
            &app,
            &format!("/api/games/{g}/move"),
            json!({ "token": token }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{token}: {v}");
    }
    let (status, r) = post(&app, &format!("/api/games/{g}/review"), json!({"ms": 60})).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    let plies = r["plies"].as_array().unwrap();
    assert_eq!(plies.len(), line.len());
    let nf6 = &plies[5];
    assert_eq!(nf6["token"], "g8f6");
    assert_eq!(nf6["class"], "blunder", "{nf6}");
    assert!(nf6["best"].as_str().is_some_and(|b| b != "g8f6"), "{nf6}");
    assert_eq!(plies[6]["white_cp"], 1000, "mate is the most a score says");
    assert!(
        plies[0]["class"].is_null(),
        "1.e4 loses nothing: {}",
        plies[0]
    );
    let (_, state) = get(&app, &format!("/api/games/{g}")).await;
    assert_eq!(
        state["moves"].as_array().unwrap().len(),
        line.len(),
        "the game is unchanged"
    );
    let (status, _) = post(&app, &format!("/api/games/{g}/review"), json!({"ms": 0})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = post(&app, "/api/games/nope/review", json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
