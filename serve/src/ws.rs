//! The game's WebSocket: the server pushes the state after every change and the engine's
//! output while it thinks (`{"type":"info",...}`); the page sends nothing but pings. A
//! listener that falls behind is sent the state afresh instead of the events it missed.
//! At most [`MAX_SOCKETS`] are open at once; the server pings each every [`PING_EVERY`] (a
//! browser answers by itself) and closes one that has sent nothing for [`SILENT_LIMIT`].

use crate::games::Games;
use crate::session;
use crate::session::view::error_json;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// Largest message the page may send (it sends only pings).
const MAX_INCOMING: usize = 4096;

/// WebSockets open at once, over every game.
pub const MAX_SOCKETS: usize = 64;

/// How often the server pings a socket.
pub const PING_EVERY: Duration = Duration::from_secs(20);

/// A socket that has sent nothing (not even the answer to a ping) for this long is closed.
pub const SILENT_LIMIT: Duration = Duration::from_secs(60);

fn open_sockets() -> &'static Arc<Semaphore> {
    static OPEN: std::sync::OnceLock<Arc<Semaphore>> = std::sync::OnceLock::new();
    OPEN.get_or_init(|| Arc::new(Semaphore::new(MAX_SOCKETS)))
}

/// `GET /api/games/{id}/ws`.
pub async fn upgrade(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    ws: WebSocketUpgrade,
) -> Response {
    let Ok(permit) = open_sockets().clone().try_acquire_owned() else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            error_json("too many open WebSockets"),
        )
            .into_response();
    };
    let session = games.get(&id);
    ws.max_message_size(MAX_INCOMING)
        .max_frame_size(MAX_INCOMING)
        .on_upgrade(move |socket| listen(socket, session, permit))
}

async fn listen(
    socket: WebSocket,
    session: Option<session::SessionRef>,
    _permit: OwnedSemaphorePermit,
) {
    let (mut tx, mut rx) = socket.split();
    let Some(session) = session else {
        let _ = tx
            .send(Message::Text(error_json("no such game").into()))
            .await;
        let _ = tx.close().await;
        return;
    };
    // Subscribe before reading the state, so no change falls between the two.
    let (mut events, hello) = {
        let s = session::lock(&session);
        (s.events().subscribe(), crate::session::view::state_json(&s))
    };
    if tx.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    let mut pings = tokio::time::interval_at(Instant::now() + PING_EVERY, PING_EVERY);
    let mut heard = Instant::now();
    loop {
        tokio::select! {
            _ = pings.tick() => {
                if heard.elapsed() > SILENT_LIMIT
                    || tx.send(Message::Ping(axum::body::Bytes::new())).await.is_err()
                {
                    break;
                }
            }
            event = events.recv() => {
                let text = match event {
                    Ok(text) => text,
                    Err(RecvError::Lagged(_)) => {
                        let s = session.clone();
                        match tokio::task::spawn_blocking(move || {
                            crate::session::view::state_json(&session::lock(&s))
                        }).await {
                            Ok(state) => state,
                            Err(_) => break,
                        }
                    }
                    Err(RecvError::Closed) => break,
                };
                if tx.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            incoming = rx.next() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => heard = Instant::now(),
            },
        }
    }
}
