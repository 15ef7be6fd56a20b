//! One request to the board's API in process (no socket): for the server's own API tests and
//! for the protocol crate's tiny-variant test, which includes this file by path.
#![allow(dead_code)] // each test file uses its own subset

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// One request: the status and the body (JSON where it is JSON, else its text).
pub async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<String>,
) -> (StatusCode, Value) {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "localhost:8080");
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = req
        .body(body.map(Body::from).unwrap_or_else(Body::empty))
        .unwrap();
    let response = app.clone().oneshot(req).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).to_string();
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// `POST` with a JSON body.
pub async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    call(app, "POST", uri, Some(body.to_string())).await
}

/// One action by its token (or readable text) in game `id`: the status and the state.
pub async fn play(app: &Router, id: &str, token: &str) -> (StatusCode, Value) {
    post(
        app,
        &format!("/api/games/{id}/move"),
        serde_json::json!({ "token": token }),
    )
    .await
}

/// One field of every action of a state's move list (`"token"`, `"text"`, ...).
pub fn move_field<'v>(state: &'v Value, field: &str) -> Vec<&'v str> {
    state["moves"]
        .as_array()
        .map(|moves| moves.iter().filter_map(|m| m[field].as_str()).collect())
        .unwrap_or_default()
}
