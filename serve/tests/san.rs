//! Readable moves on the board (`docs/notation.md` §6): a person types SAN or the variant's
//! text as well as tokens; the state carries the texts beside the tokens, and the PGN
//! download is SAN.

#[path = "common/oneshot.rs"]
mod oneshot;

use axum::http::StatusCode;
use grimoire_registry::Registry;
use grimoire_serve::access::Access;
use grimoire_serve::games::Games;
use oneshot::{call, move_field, play, post};
use serde_json::json;
use std::sync::Arc;

fn app() -> axum::Router {
    let games = Arc::new(Games::new(Arc::new(Registry::standard()), 8));
    grimoire_serve::app(
        games,
        Access {
            token: None,
            loopback_hosts_only: true,
        },
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_san_and_tokens_play_and_the_state_reads_as_san() {
    let app = app();
    let (status, s) = post(&app, "/api/games", json!({"variant": "chess"})).await;
    assert_eq!(status, StatusCode::CREATED, "{s}");
    let game = s["id"].as_str().unwrap().to_string();
    for typed in ["e4", "e7e5", "Nf3", "Nc6", "Bb5", "a6", "0-0"] {
        let (status, v) = play(&app, &game, typed).await;
        assert_eq!(status, StatusCode::OK, "{typed}: {v}");
    }
    let (status, v) = play(&app, &game, "Nf4").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (_, s) = call(&app, "GET", &format!("/api/games/{game}"), None).await;
    let texts = move_field(&s, "text");
    assert_eq!(texts, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]);
    assert_eq!(s["moves"][6]["token"], "e1g1");
    assert!(s["actions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["token"] == "a6b5" && a["san"] == "axb5"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_variant_takes_its_readable_text() {
    let app = app();
    let (_, s) = post(&app, "/api/games", json!({"variant": "archmage"})).await;
    let game = s["id"].as_str().unwrap().to_string();
    let (status, v) = play(&app, &game, "S<>Uc1").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["moves"][0]["token"], "d1c1");
    assert_eq!(v["moves"][0]["text"], "S<>Uc1");
}
