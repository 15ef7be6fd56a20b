//! Who may use the server. On the loopback address (the default) anyone on this machine may,
//! but only under a loopback host name, so a web page elsewhere cannot reach it through a
//! rebound DNS name; that holds with a token too. Bound elsewhere, or given `--token`, every
//! request must carry the token the server printed: `?token=...` in the URL (the page passes
//! it on) or the `X-Grimoire-Token` header. An empty token is refused, a short one warned of.

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;

/// The access rule of one server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// Required on every request when set.
    pub token: Option<String>,
    /// Only loopback host names are accepted (bound to loopback, token or not).
    pub loopback_hosts_only: bool,
}

impl Access {
    /// The rule for a server bound to `host`: a token is required off the loopback address
    /// (`token`, or a fresh random one).
    pub fn for_host(host: IpAddr, token: Option<String>) -> Access {
        let loopback = host.is_loopback();
        Access {
            token: if loopback {
                token
            } else {
                Some(token.unwrap_or_else(new_token))
            },
            loopback_hosts_only: loopback,
        }
    }

    /// Whether a request with this `Host` header and these token candidates may pass; the
    /// refusal's text otherwise. A `public` request (the page's own files, which hold nothing
    /// but the page) needs no token: the page passes the token from its URL to the API.
    pub fn check(
        &self,
        host: Option<&str>,
        tokens: &[&str],
        public: bool,
    ) -> Result<(), &'static str> {
        if self.loopback_hosts_only {
            let name = host.map(host_name).unwrap_or("");
            if !is_loopback_name(name) {
                return Err("this server answers only to localhost (bound to loopback)");
            }
        }
        if let (Some(expected), false) = (&self.token, public) {
            if !tokens.iter().any(|t| constant_time_eq(t, expected)) {
                return Err("a valid token is required: use the URL the server printed");
            }
        }
        Ok(())
    }
}

/// Tokens shorter than this are accepted with a warning: a guess of a few characters is cheap.
pub const MIN_TOKEN_LEN: usize = 16;

/// Whether `token` may guard a server: an empty one may not (it would let every request in);
/// a short one may, and the warning to print comes back.
pub fn vet_token(token: &str) -> Result<Option<String>, String> {
    if token.is_empty() {
        return Err("--token must not be empty (leave it out for a random one)".into());
    }
    if token
        .chars()
        .any(|c| c.is_control() || c.is_whitespace() || c == '&' || c == '#')
    {
        return Err(
            "--token must be printable, without spaces, '&' or '#' (it goes in a URL)".into(),
        );
    }
    Ok((token.len() < MIN_TOKEN_LEN).then(|| {
        format!(
            "warning: a token of {} characters is easy to guess; use {MIN_TOKEN_LEN} or more \
             (or leave --token out for a random one)",
            token.len()
        )
    }))
}

/// 128 random bits as hex.
pub fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// The host part of a `Host` header (`localhost:8080` → `localhost`, `[::1]:80` → `::1`).
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("");
    }
    host.rsplit_once(':').map_or(host, |(h, _)| h)
}

fn is_loopback_name(name: &str) -> bool {
    name.eq_ignore_ascii_case("localhost")
        || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The `token` parameter of a query string.
fn query_token(query: &str) -> Option<&str> {
    query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == "token")
        .map(|(_, v)| v)
}

/// The middleware that applies the rule to every request.
pub async fn guard(State(access): State<Arc<Access>>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| request.uri().host());
    let mut tokens = Vec::new();
    if let Some(t) = request.uri().query().and_then(query_token) {
        tokens.push(t);
    }
    if let Some(t) = request
        .headers()
        .get("x-grimoire-token")
        .and_then(|h| h.to_str().ok())
    {
        tokens.push(t);
    }
    let public = request.method() == axum::http::Method::GET
        && crate::assets::asset(request.uri().path()).is_some();
    match access.check(host, &tokens, public) {
        Ok(()) => next.run(request).await,
        Err(why) => (
            StatusCode::FORBIDDEN,
            [(header::CONTENT_TYPE, "application/json")],
            crate::session::view::error_json(why),
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_needs_a_loopback_host_name_and_no_token() {
        let a = Access::for_host("127.0.0.1".parse().unwrap(), None);
        assert_eq!(a.token, None);
        for ok in [
            "localhost:8080",
            "127.0.0.1:1",
            "[::1]:80",
            "LOCALHOST",
            "127.1.2.3",
        ] {
            assert!(a.check(Some(ok), &[], false).is_ok(), "{ok}");
        }
        for bad in ["evil.example:8080", "10.0.0.1", "", "localhost.evil"] {
            assert!(a.check(Some(bad), &[], false).is_err(), "{bad}");
            assert!(
                a.check(Some(bad), &[], true).is_err(),
                "{bad}: the page too"
            );
        }
        assert!(a.check(None, &[], false).is_err());
    }

    #[test]
    fn on_loopback_a_token_keeps_the_host_check() {
        let a = Access::for_host("127.0.0.1".parse().unwrap(), Some("t".repeat(20)));
        let t = a.token.clone().unwrap();
        assert!(a.check(Some("localhost:8080"), &[&t], false).is_ok());
        assert!(a.check(Some("localhost:8080"), &[], false).is_err());
        assert!(a.check(Some("evil.example"), &[&t], false).is_err());
        assert!(a.check(Some("evil.example"), &[""], false).is_err());
    }

    #[test]
    fn an_empty_token_is_refused_and_a_short_one_warned_of() {
        assert!(vet_token("").is_err());
        assert!(vet_token("a b").is_err());
        assert!(vet_token("a").unwrap().is_some());
        assert_eq!(vet_token(&"x".repeat(MIN_TOKEN_LEN)).unwrap(), None);
    }

    #[test]
    fn elsewhere_a_token_is_required() {
        let a = Access::for_host("0.0.0.0".parse().unwrap(), None);
        let t = a.token.clone().unwrap();
        assert_eq!(t.len(), 32);
        assert!(a.check(Some("192.168.1.5:8080"), &[], false).is_err());
        assert!(a.check(Some("192.168.1.5:8080"), &["nope"], false).is_err());
        assert!(a.check(Some("anything"), &["x", &t], false).is_ok());
        // The page's own files need no token (they carry none to give away).
        assert!(a.check(Some("192.168.1.5:8080"), &[], true).is_ok());
        let b = Access::for_host("0.0.0.0".parse().unwrap(), None);
        assert_ne!(b.token, a.token, "each server gets its own token");
        assert_eq!(query_token("a=1&token=abc"), Some("abc"));
        assert_eq!(query_token("tokenx=1"), None);
    }
}
