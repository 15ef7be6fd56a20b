//! The page and its files, embedded in the binary: nothing is fetched from anywhere else.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

pub const INDEX_HTML: &str = include_str!("../assets/index.html");
pub const APP_JS: &str = include_str!("../assets/app.js");
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
pub const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");
pub const SOUNDS_JS: &str = include_str!("../assets/sounds.js");
pub const GRAPH_JS: &str = include_str!("../assets/graph.js");

/// The page only loads what this server serves.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
                   connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// One embedded file by its path, or `None`.
pub fn asset(path: &str) -> Option<(&'static str, &'static str)> {
    Some(match path {
        "/" | "/index.html" => ("text/html; charset=utf-8", INDEX_HTML),
        "/app.js" => ("text/javascript; charset=utf-8", APP_JS),
        "/sounds.js" => ("text/javascript; charset=utf-8", SOUNDS_JS),
        "/graph.js" => ("text/javascript; charset=utf-8", GRAPH_JS),
        "/style.css" => ("text/css; charset=utf-8", STYLE_CSS),
        "/favicon.svg" => ("image/svg+xml", FAVICON_SVG),
        _ => return None,
    })
}

/// The response serving `path`, or 404.
pub fn serve(path: &str) -> Response {
    match asset(path) {
        Some((mime, body)) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, mime),
                (header::CACHE_CONTROL, "no-cache"),
                (header::CONTENT_SECURITY_POLICY, CSP),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            body,
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "application/json")],
            crate::session::view::error_json("no such page"),
        )
            .into_response(),
    }
}
