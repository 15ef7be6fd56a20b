//! `grimoire serve` from the command line: it prints the URL to open, serves the page and the
//! API there, and refuses an address it cannot listen on with an error and status 2.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

#[test]
fn serve_prints_its_url_and_answers_there() {
    let (mut child, port, before) = start_serve(&[]);
    let answer = get(port, "localhost", None);
    let _ = child.kill();
    let _ = child.wait();
    assert!(before.is_empty(), "nothing before the URL: {before:?}");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:.200}");
    assert!(answer.contains("\"hobgoblin\""), "{answer:.300}");
}

#[test]
fn serve_on_an_address_it_cannot_use_is_an_error() {
    let err = refused(&["--host", "192.0.2.1"]);
    assert!(
        err.starts_with("error: cannot listen on 192.0.2.1"),
        "{err}"
    );
}

/// The error `grimoire serve --port 0` with `args` prints when it refuses to start (status 2).
fn refused(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .args(["serve", "--port", "0"])
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `grimoire serve` with `args`, once it has printed its URL: the child, the URL's port and
/// the lines it printed before the URL.
fn start_serve(args: &[&str]) -> (std::process::Child, u16, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("grimoire serve starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut before = Vec::new();
    let port = loop {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap_or(0) == 0 {
            break None;
        }
        if let Some(url) = line.trim().strip_prefix("grimoire serve: open ") {
            // Bound to loopback, the URL names localhost.
            break url
                .strip_prefix("http://localhost:")
                .and_then(|rest| rest.split('/').next())
                .and_then(|p| p.parse::<u16>().ok());
        }
        before.push(line.trim().to_string());
    };
    let Some(port) = port else {
        let _ = child.kill();
        let _ = child.wait();
        panic!("no localhost URL with a port: {before:?}");
    };
    // The rest of the output is not read; a full pipe must not block the server.
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    (child, port, before)
}

/// One request's raw answer (`Connection: close`).
fn raw_request(port: u16, request: &str) -> String {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer
}

fn get(port: u16, host: &str, token_header: Option<&str>) -> String {
    let token = token_header.map_or(String::new(), |t| format!("X-Grimoire-Token: {t}\r\n"));
    raw_request(
        port,
        &format!("GET /api/variants HTTP/1.1\r\nHost: {host}\r\n{token}Connection: close\r\n\r\n"),
    )
}

#[test]
fn issue_49_an_empty_token_is_refused_and_a_short_one_warned_of() {
    let err = refused(&["--token", ""]);
    assert!(err.contains("--token must not be empty"), "{err}");

    let (mut child, port, before) = start_serve(&["--token", "a"]);
    let answer = get(port, "localhost", Some("a"));
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        before
            .iter()
            .any(|l| l.contains("warning: a token of 1 characters")),
        "{before:?}"
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:.200}");
}

#[test]
fn issue_49_a_token_on_loopback_keeps_the_host_check() {
    let token = "0123456789abcdef0123";
    let (mut child, port, _) = start_serve(&["--token", token]);
    let rebound_empty = get(port, "evil.example", Some(""));
    let rebound_token = get(port, "evil.example", Some(token));
    let no_token = get(port, "localhost", None);
    let good = get(port, "localhost", Some(token));
    let _ = child.kill();
    let _ = child.wait();
    for (what, answer) in [
        ("rebound name, empty token", &rebound_empty),
        ("rebound name, the token", &rebound_token),
        ("no token", &no_token),
    ] {
        assert!(answer.starts_with("HTTP/1.1 403"), "{what}: {answer:.200}");
    }
    assert!(good.starts_with("HTTP/1.1 200"), "{good:.200}");
}

#[test]
fn issue_49_only_get_and_post_are_answered() {
    let (mut child, port, _) = start_serve(&[]);
    let trace = raw_request(
        port,
        "TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    let foo = raw_request(
        port,
        "FOO / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    let page = raw_request(
        port,
        "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    let _ = child.kill();
    let _ = child.wait();
    assert!(trace.starts_with("HTTP/1.1 405"), "{trace:.200}");
    assert!(!trace.contains("<html"), "{trace:.300}");
    assert!(
        foo.starts_with("HTTP/1.1 405") || foo.starts_with("HTTP/1.1 400"),
        "{foo:.200}"
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page:.200}");
}

#[test]
fn issue_49_silent_and_slow_connections_are_closed_within_the_header_limit() {
    use std::time::{Duration, Instant};
    // grimoire_serve::listener::HEADER_TIMEOUT, 10 s (docs/serve.md).
    let limit = Duration::from_secs(10);
    let (mut child, port, _) = start_serve(&[]);
    let started = Instant::now();
    let mut silent = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let mut slow = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: local").unwrap();
    let closed_after = |s: &mut std::net::TcpStream| {
        s.set_read_timeout(Some(limit * 2)).unwrap();
        let mut buf = [0u8; 512];
        // The server closes it (end of file, or a 408 then the end).
        while matches!(s.read(&mut buf), Ok(n) if n > 0) {}
        started.elapsed()
    };
    let silent_closed = closed_after(&mut silent);
    let slow_closed = closed_after(&mut slow);
    // A kept-alive connection that goes quiet after a request is closed too.
    let mut idle = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    let idle_started = Instant::now();
    idle.write_all(b"GET /api/variants HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .unwrap();
    idle.set_read_timeout(Some(limit * 2)).unwrap();
    let mut buf = [0u8; 65536];
    while matches!(idle.read(&mut buf), Ok(n) if n > 0) {}
    let idle_closed = idle_started.elapsed();
    let _ = child.kill();
    let _ = child.wait();
    let margin = Duration::from_secs(3);
    assert!(silent_closed <= limit + margin, "silent: {silent_closed:?}");
    assert!(slow_closed <= limit + margin, "slow: {slow_closed:?}");
    assert!(idle_closed <= limit + margin, "idle: {idle_closed:?}");
    assert!(
        idle_closed >= limit - margin,
        "idle closed too soon: {idle_closed:?}"
    );
}
