//! The game's WebSocket: the server pushes the state after every change and the engine's
//! output while it thinks (`{"type":"info",...}`); the page sends nothing but pings. A
//! listener that falls behind is sent the state afresh instead of the events it missed.

use crate::games::Games;
use crate::session;
use crate::view::error_json;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// Largest message the page may send (it sends only pings).
const MAX_INCOMING: usize = 4096;

/// `GET /api/games/{id}/ws`.
pub async fn upgrade(
    State(games): State<Arc<Games>>,
    Path(id): Path<String>,
    ws: WebSocketUpgrade,
) -> Response {
    let session = games.get(&id);
    ws.max_message_size(MAX_INCOMING)
        .max_frame_size(MAX_INCOMING)
        .on_upgrade(move |socket| listen(socket, session))
}

async fn listen(socket: WebSocket, session: Option<session::SessionRef>) {
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
        (s.events().subscribe(), crate::view::state_json(&s))
    };
    if tx.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            event = events.recv() => {
                let text = match event {
                    Ok(text) => text,
                    Err(RecvError::Lagged(_)) => {
                        let s = session.clone();
                        match tokio::task::spawn_blocking(move || {
                            crate::view::state_json(&session::lock(&s))
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
                Some(Ok(_)) => {}
            },
        }
    }
}
