//! `grimoire serve` from the command line: it prints the URL to open, serves the page and the
//! API there, and refuses an address it cannot listen on with an error and status 2.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

#[test]
fn serve_prints_its_url_and_answers_there() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("grimoire serve starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let url = first
        .trim()
        .strip_prefix("grimoire serve: open ")
        .unwrap_or_else(|| panic!("no URL in {first:?}"))
        .to_string();
    assert!(url.starts_with("http://localhost:"), "{url}");
    let port: u16 = url
        .trim_end_matches('/')
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(b"GET /api/variants HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:.200}");
    assert!(answer.contains("\"hobgoblin\""), "{answer:.300}");
}

#[test]
fn serve_on_an_address_it_cannot_use_is_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_grimoire"))
        .args(["serve", "--host", "192.0.2.1", "--port", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: cannot listen on 192.0.2.1"),
        "{err}"
    );
}
