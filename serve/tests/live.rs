//! The server live on a socket: the WebSocket carries the state after every change and the
//! engine's output while it thinks (its move searches and the analysis, MultiPV, `go infinite`
//! with stop); the engine's moves keep to their time per move; clocks flag; take-back against
//! the engine undoes its reply too.

use futures_util::StreamExt;
use grimoire_serve::{Background, Config};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// What a move may take beyond its time per move: stopping, playing it, telling the page.
const SLACK_MS: u64 = 150;

fn server() -> Background {
    Background::start(Config {
        port: 0,
        ..Default::default()
    })
    .expect("server")
}

/// One HTTP request on a fresh connection: status and JSON body.
fn http(s: &Background, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut stream = std::net::TcpStream::connect(s.addr).unwrap();
    let payload = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{payload}",
        payload.len()
    )
    .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let status = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").unwrap().1;
    // Axum answers small bodies whole; a chunked one is unwrapped by its JSON boundaries.
    let json_start = body.find('{').unwrap_or(0);
    let json_end = body.rfind('}').map_or(body.len(), |i| i + 1);
    let value = serde_json::from_str(&body[json_start..json_end]).unwrap_or(Value::Null);
    (status, value)
}

/// `POST /api/games`: the new game's status and first state.
fn new_game(s: &Background, body: Value) -> (u16, Value) {
    http(s, "POST", "/api/games", Some(body))
}

/// `POST /api/games/{id}/{action}` with a JSON body.
fn act(s: &Background, id: &str, action: &str, body: Value) -> (u16, Value) {
    http(s, "POST", &format!("/api/games/{id}/{action}"), Some(body))
}

/// The id of a new game, from its first state.
fn id_of(state: &Value) -> String {
    state["id"].as_str().unwrap().to_string()
}

fn wait_state(s: &Background, id: &str, secs: u64, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let (_, v) = http(s, "GET", &format!("/api/games/{id}"), None);
        if done(&v) {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out; state {}", brief(&v));
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn brief(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("svg");
    }
    v
}

fn plies(v: &Value) -> usize {
    v["moves"].as_array().map_or(0, Vec::len)
}

#[test]
fn the_websocket_streams_states_and_engine_output() {
    let s = server();
    let (status, state) = new_game(
        &s,
        json!({"black": {"kind": "engine", "limit": "movetime", "value": 300}}),
    );
    assert_eq!(status, 201);
    let id = id_of(&state);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let url = format!("ws://{}/api/games/{id}/ws", s.addr);
    let (mut ws, _) = rt
        .block_on(tokio_tungstenite::connect_async(url))
        .expect("websocket");
    let mut next = |secs: u64| -> Value {
        let msg = rt
            .block_on(async { tokio::time::timeout(Duration::from_secs(secs), ws.next()).await })
            .expect("a message in time")
            .expect("open")
            .expect("ok");
        match msg {
            Message::Text(t) => serde_json::from_str(t.as_str()).unwrap(),
            other => panic!("unexpected {other:?}"),
        }
    };
    let hello = next(5);
    assert_eq!(hello["type"], "state");
    assert_eq!(hello["id"], id.as_str());
    // A person's move, then the engine's search streams, then its move arrives.
    let (status, _) = act(&s, &id, "move", json!({"token": "e2e4"}));
    assert_eq!(status, 200);
    let mut infos = Vec::new();
    let after_engine = loop {
        let m = next(10);
        match m["type"].as_str() {
            Some("info") => infos.push(m),
            Some("state") if plies(&m) == 2 => break m,
            _ => {}
        }
    };
    assert!(!infos.is_empty(), "the engine's search is streamed");
    let last = infos.last().unwrap();
    assert_eq!(last["mode"], "move");
    assert!(last["depth"].as_u64().unwrap() >= 1);
    assert!(!last["pv"].as_array().unwrap().is_empty());
    assert_eq!(last["pv_squares"][0].as_array().unwrap().len(), 2);
    let think = &after_engine["engine_moves"][0];
    assert!(
        think["ms"].as_u64().unwrap() <= 300 + SLACK_MS,
        "engine move within its time: {think}"
    );
    // Analysis: go infinite with 3 lines, then stop.
    act(&s, &id, "analysis", json!({"multipv": 3}));
    let mut lines = std::collections::BTreeSet::new();
    let started = Instant::now();
    while lines.len() < 3 {
        let m = next(10);
        if m["type"] == "info" && m["mode"] == "analysis" {
            lines.insert(m["multipv"].as_u64().unwrap());
            // White's view for the bar: the side to move is White here.
            if m["score_cp"].is_number() {
                assert_eq!(m["white_cp"], m["score_cp"]);
            }
        }
        assert!(started.elapsed() < Duration::from_secs(10));
    }
    assert_eq!(lines.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
    // It keeps going (infinite) until stopped.
    std::thread::sleep(Duration::from_millis(300));
    let (_, v) = http(&s, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(v["thinking"]["mode"], "analysis");
    let (_, v) = act(&s, &id, "stop", json!({}));
    assert_eq!(v["thinking"], Value::Null);
    assert_eq!(v["analysis"], Value::Null);
    // A WebSocket for a game that does not exist says so and closes.
    let url = format!("ws://{}/api/games/nope/ws", s.addr);
    let (mut ws2, _) = rt.block_on(tokio_tungstenite::connect_async(url)).unwrap();
    let m = rt.block_on(ws2.next()).unwrap().unwrap();
    assert!(m.to_text().unwrap().contains("no such game"));
}

#[test]
fn engine_moves_keep_to_their_time_per_move() {
    let s = server();
    let mut times = Vec::new();
    for (variant, movetime) in [("chess", 200u64), ("archmage", 200), ("hobgoblin", 300)] {
        let engine = json!({"kind": "engine", "limit": "movetime", "value": movetime});
        let (status, state) = new_game(
            &s,
            json!({"variant": variant, "white": engine, "black": engine}),
        );
        assert_eq!(status, 201, "{state}");
        let id = id_of(&state);
        let v = wait_state(&s, &id, 30, |v| plies(v) >= 6 || !v["result"].is_null());
        http(&s, "POST", &format!("/api/games/{id}/delete"), None);
        for m in v["engine_moves"].as_array().unwrap() {
            let ms = m["ms"].as_u64().unwrap();
            times.push(ms);
            assert!(
                ms <= movetime + SLACK_MS,
                "{variant}: a move took {ms} ms at {movetime} ms/move"
            );
        }
    }
    println!(
        "engine moves: {} moves, max {} ms, times {times:?}",
        times.len(),
        times.iter().max().unwrap()
    );
    assert!(times.len() >= 15);
}

#[test]
fn clocks_flag_and_the_engine_keeps_to_its_clock() {
    let s = server();
    let (_, state) = new_game(&s, json!({"clock": {"base_ms": 300, "inc_ms": 0}}));
    let id = id_of(&state);
    // The clocks start with the first action (issue 51): nobody's time runs before it.
    assert!(state["clock"]["running"].is_null(), "{}", state["clock"]);
    std::thread::sleep(Duration::from_millis(400));
    let (status, v) = act(&s, &id, "move", json!({"token": "e2e4"}));
    assert_eq!(
        status, 200,
        "White has not lost time before its first move: {v}"
    );
    assert_eq!(v["clock"]["white_ms"], 300);
    assert_eq!(v["clock"]["running"], "black");
    let v = wait_state(&s, &id, 5, |v| !v["result"].is_null());
    assert_eq!(v["result"]["reason"], "Black loses on time");
    assert_eq!(v["result"]["detail"], "Black's time ran out.");
    assert_eq!(v["result"]["title"], "White wins");
    assert_eq!(v["result"]["termination"], "time forfeit");
    assert_eq!(v["clock"]["black_ms"], 0);
    let (status, _) = act(&s, &id, "move", json!({"token": "e7e5"}));
    assert_eq!(status, 409);
    // Engines on a 3 s + 50 ms clock at depth 30: the clock bounds them and neither flags.
    let engine = json!({"kind": "engine", "limit": "depth", "value": 30});
    let (_, state) = new_game(
        &s,
        json!({"white": engine, "black": engine, "clock": {"base_ms": 3000, "inc_ms": 50}}),
    );
    let id = id_of(&state);
    let v = wait_state(&s, &id, 30, |v| plies(v) >= 8 || !v["result"].is_null());
    assert!(v["result"].is_null(), "{}", brief(&v));
    assert!(v["clock"]["white_ms"].as_u64().unwrap() > 0);
    http(&s, "POST", &format!("/api/games/{id}/delete"), None);
}

#[test]
fn take_back_against_the_engine_undoes_its_reply_too() {
    let s = server();
    let (_, state) = new_game(
        &s,
        json!({"variant": "duggan", "black": {"kind": "engine", "limit": "depth", "value": 2}}),
    );
    let id = id_of(&state);
    let token = state["actions"][0]["token"].as_str().unwrap().to_string();
    act(&s, &id, "move", json!({ "token": token }));
    wait_state(&s, &id, 20, |v| plies(v) == 2 && v["human_to_act"] == true);
    let (status, v) = act(&s, &id, "takeback", json!({}));
    assert_eq!(status, 200);
    assert_eq!(plies(&v), 0);
    assert_eq!(v["side_to_move"], "white");
    assert_eq!(v["fen"], state["fen"]);
    assert!(v["engine_moves"].as_array().unwrap().is_empty());
}

/// Issue 51, point 6: the board's weakest level plays a whole game, in chess and in Duggan, to
/// a result (engine against engine, level 1 each side: depth 1 and four candidate lines).
#[test]
fn a_level_one_game_is_played_to_its_end() {
    let s = server();
    for variant in ["chess", "duggan"] {
        let level_one = json!({"kind": "engine", "limit": "level", "value": 1});
        let (status, state) = new_game(
            &s,
            json!({"variant": variant, "white": level_one, "black": level_one}),
        );
        assert_eq!(status, 201, "{variant}: {}", brief(&state));
        assert_eq!(state["players"]["white"]["limit"], "level", "{variant}");
        let id = id_of(&state);
        let end = wait_state(&s, &id, 240, |v| !v["result"].is_null());
        assert!(plies(&end) > 0, "{variant}: {}", brief(&end));
    }
}
