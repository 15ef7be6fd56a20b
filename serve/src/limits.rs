//! Limits on each request: only GET and POST are answered (a WebSocket upgrade is a GET), and a
//! POST's body must arrive whole within [`BODY_TIMEOUT`] and [`crate::MAX_BODY_BYTES`], so a
//! client that sends its body slowly holds nothing for long.

use crate::session::view::error_json;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

/// How long a POST body may take to arrive once its headers have.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

fn refusal(status: StatusCode, why: &str) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::ALLOW, "GET, POST"),
        ],
        error_json(why),
    )
        .into_response()
}

/// The middleware that applies the limits.
pub async fn guard(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    if method == Method::GET {
        return next.run(request).await;
    }
    if method != Method::POST {
        return refusal(
            StatusCode::METHOD_NOT_ALLOWED,
            "only GET and POST requests are answered",
        );
    }
    let (parts, body) = request.into_parts();
    let read = axum::body::to_bytes(body, crate::MAX_BODY_BYTES);
    match tokio::time::timeout(BODY_TIMEOUT, read).await {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Ok(Err(_)) => refusal(StatusCode::PAYLOAD_TOO_LARGE, "the request is too large"),
        Err(_) => refusal(
            StatusCode::REQUEST_TIMEOUT,
            "the request body did not arrive in time",
        ),
    }
}
