//! A small WebDriver client (W3C protocol, JSON over HTTP/1.1 on loopback) for Debian's
//! `chromedriver` driving headless `chromium`: sessions, navigation, elements, clicks, pointer
//! actions, scripts and screenshots. Enough for the browser test, no more.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// The browser and its driver, or `None` (the test skips) where they are not installed;
/// where `GRIMOIRE_REQUIRE_TOOLS` is set (CI) their absence is a failure instead.
pub fn tools_or_skip() -> Option<(PathBuf, PathBuf)> {
    let found = tools();
    if found.is_none() {
        assert!(
            std::env::var_os("GRIMOIRE_REQUIRE_TOOLS").is_none(),
            "chromium and chromedriver are required here (GRIMOIRE_REQUIRE_TOOLS is set)"
        );
        eprintln!("skipped: chromium or chromedriver is not installed");
    }
    found
}

/// A headless browser with a `width` x `height` window, or `None` as [`tools_or_skip`] says.
pub fn browser(width: u32, height: u32) -> Option<Browser> {
    let (browser, driver) = tools_or_skip()?;
    Some(Browser::start(&browser, &driver, width, height).expect("browser"))
}

/// A board server on a free port, for one browser test.
pub fn server() -> grimoire_serve::Background {
    grimoire_serve::Background::start(grimoire_serve::Config {
        port: 0,
        ..grimoire_serve::Config::default()
    })
    .expect("server")
}

/// The browser and driver binaries, if installed.
pub fn tools() -> Option<(PathBuf, PathBuf)> {
    let find = |names: &[&str]| -> Option<PathBuf> {
        for n in names {
            let p = Path::new(n);
            if p.is_absolute() && p.exists() {
                return Some(p.to_path_buf());
            }
            if let Ok(path) = std::env::var("PATH") {
                for dir in std::env::split_paths(&path) {
                    let c = dir.join(n);
                    if c.exists() {
                        return Some(c);
                    }
                }
            }
        }
        None
    };
    let browser = find(&["/usr/bin/chromium", "chromium", "chromium-browser"])?;
    let driver = find(&["/usr/bin/chromedriver", "chromedriver"])?;
    Some((browser, driver))
}

/// One HTTP exchange with the driver; the JSON body of the answer.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream =
        TcpStream::connect(("127.0.0.1", port)).map_err(|e| format!("driver connect: {e}"))?;
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .map_err(|e| e.to_string())?;
    let payload = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{payload}",
        payload.len()
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| format!("driver write: {e}"))?;
    // Read the head, then exactly the body's length (the driver may keep the connection).
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    let head_end = loop {
        let n = stream
            .read(&mut buf)
            .map_err(|e| format!("driver read: {e}"))?;
        if n == 0 {
            break raw.len();
        }
        raw.extend_from_slice(&buf[..n]);
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&raw[..head_end]).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    let chunked = head.contains("transfer-encoding: chunked");
    loop {
        let have = raw.len() - head_end;
        let done = match length {
            Some(n) => have >= n,
            None if chunked => raw.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if done {
            break;
        }
        let n = stream
            .read(&mut buf)
            .map_err(|e| format!("driver read: {e}"))?;
        if n == 0 {
            break;
        }
        raw.extend_from_slice(&buf[..n]);
    }
    let body = String::from_utf8_lossy(&raw[head_end..]).to_string();
    let body = if chunked { dechunk(&body) } else { body };
    let value: Value =
        serde_json::from_str(&body).map_err(|e| format!("driver JSON: {e}: {body:.300}"))?;
    if let Some(err) = value["value"]["error"].as_str() {
        return Err(format!(
            "{err}: {}",
            value["value"]["message"]
                .as_str()
                .unwrap_or("")
                .lines()
                .next()
                .unwrap_or("")
        ));
    }
    Ok(value["value"].clone())
}

fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

/// A running chromedriver with one browser session; both end when dropped.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    pub downloads: PathBuf,
    /// The folder holding the downloads and the browser profile (removed when dropped).
    base: PathBuf,
}

impl Browser {
    pub fn start(
        browser: &Path,
        driver: &Path,
        width: u32,
        height: u32,
    ) -> Result<Browser, String> {
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
            l.local_addr().map_err(|e| e.to_string())?.port()
        };
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", driver.display()))?;
        let base =
            std::env::temp_dir().join(format!("grimoire-browser-{}-{port}", std::process::id()));
        let downloads = base.join("downloads");
        let profile = base.join("profile");
        std::fs::create_dir_all(&downloads).map_err(|e| e.to_string())?;
        std::fs::create_dir_all(&profile).map_err(|e| e.to_string())?;
        let mut b = Browser {
            driver: child,
            port,
            session: String::new(),
            downloads: downloads.clone(),
            base: base.clone(),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while http(port, "GET", "/status", None).is_err() {
            if Instant::now() > deadline {
                return Err("chromedriver did not start".into());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": browser.to_string_lossy(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                         "--no-first-run", "--disable-background-networking",
                         "--disable-component-update", "--disable-sync",
                         "--disable-dev-shm-usage", "--hide-scrollbars",
                         format!("--user-data-dir={}", profile.display()),
                         format!("--window-size={width},{height}")],
                "prefs": {"download.default_directory": downloads.to_string_lossy(),
                          "download.prompt_for_download": false}
            }
        }}});
        let v = http(port, "POST", "/session", Some(&caps))?;
        b.session = v["sessionId"].as_str().ok_or("no session id")?.to_string();
        // Let downloads land in our folder in headless mode.
        let _ = b.cmd(
            "POST",
            "/goog/cdp/execute",
            json!({"cmd": "Browser.setDownloadBehavior",
                   "params": {"behavior": "allow", "downloadPath": downloads.to_string_lossy()}}),
        );
        Ok(b)
    }

    fn cmd(&self, method: &str, path: &str, body: Value) -> Result<Value, String> {
        let body = if method == "GET" || method == "DELETE" {
            None
        } else {
            Some(&body)
        };
        http(
            self.port,
            method,
            &format!("/session/{}{path}", self.session),
            body,
        )
    }

    pub fn goto(&self, url: &str) -> Result<(), String> {
        self.cmd("POST", "/url", json!({ "url": url })).map(|_| ())
    }

    pub fn set_size(&self, width: u32, height: u32) -> Result<(), String> {
        self.cmd(
            "POST",
            "/window/rect",
            json!({"width": width, "height": height}),
        )
        .map(|_| ())
    }

    /// The first element matching a CSS selector.
    pub fn find(&self, css: &str) -> Result<String, String> {
        let v = self
            .cmd(
                "POST",
                "/element",
                json!({"using": "css selector", "value": css}),
            )
            .map_err(|e| format!("{css}: {e}"))?;
        v[ELEMENT]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("{css}: no element id in {v}"))
    }

    /// Waits up to `secs` for a CSS selector to match.
    pub fn wait_for(&self, css: &str, secs: u64) -> Result<String, String> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            match self.find(css) {
                Ok(id) => return Ok(id),
                Err(e) if Instant::now() > deadline => return Err(e),
                Err(_) => std::thread::sleep(Duration::from_millis(50)),
            }
        }
    }

    /// A real click (the driver moves the mouse to the element's centre and presses).
    pub fn click(&self, css: &str) -> Result<(), String> {
        let id = self.find(css)?;
        self.cmd("POST", &format!("/element/{id}/click"), json!({}))
            .map(|_| ())
            .map_err(|e| format!("click {css}: {e}"))
    }

    /// Types into an element.
    pub fn type_into(&self, css: &str, text: &str) -> Result<(), String> {
        let id = self.find(css)?;
        self.cmd("POST", &format!("/element/{id}/clear"), json!({}))?;
        self.cmd(
            "POST",
            &format!("/element/{id}/value"),
            json!({ "text": text }),
        )
        .map(|_| ())
    }

    /// Presses keys (WebDriver key codes: "\u{E007}" is Enter) on the focused element.
    pub fn keys(&self, keys: &str) -> Result<(), String> {
        let actions: Vec<Value> = keys
            .chars()
            .flat_map(|c| {
                let s = c.to_string();
                [
                    json!({"type": "keyDown", "value": s}),
                    json!({"type": "keyUp", "value": s}),
                ]
            })
            .collect();
        self.cmd(
            "POST",
            "/actions",
            json!({"actions": [{"type": "key", "id": "kb", "actions": actions}]}),
        )
        .map(|_| ())
    }

    /// Drags from the centre of one element to the centre of another with the mouse.
    pub fn drag(&self, from_css: &str, to_css: &str) -> Result<(), String> {
        let from = self.find(from_css)?;
        let to = self.find(to_css)?;
        let origin = |id: &str| json!({ ELEMENT: id });
        self.cmd(
            "POST",
            "/actions",
            json!({"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                "actions": [
                    {"type": "pointerMove", "duration": 0, "origin": origin(&from), "x": 0, "y": 0},
                    {"type": "pointerDown", "button": 0},
                    {"type": "pointerMove", "duration": 150, "origin": origin(&to), "x": 0, "y": 0},
                    {"type": "pointerUp", "button": 0}
                ]}]}),
        )?;
        self.cmd("DELETE", "/actions", json!({})).map(|_| ())
    }

    /// Runs a script (its `return` value comes back).
    pub fn js(&self, script: &str) -> Result<Value, String> {
        self.cmd(
            "POST",
            "/execute/sync",
            json!({ "script": script, "args": [] }),
        )
    }

    /// Polls a script until it returns a truthy value.
    pub fn wait_js(&self, script: &str, secs: u64) -> Result<Value, String> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        loop {
            let v = self.js(script)?;
            let truthy = !(v.is_null() || v == json!(false) || v == json!(0) || v == json!(""));
            if truthy {
                return Ok(v);
            }
            if Instant::now() > deadline {
                return Err(format!("timed out waiting for: {script}"));
            }
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// Saves a screenshot as `serve-<name>.png` in `GRIMOIRE_SCREENSHOTS`, when it is set
    /// (`docs/pictures/` is made that way), from the top of the page.
    pub fn save_screenshot(&self, name: &str) {
        let Some(dir) = std::env::var_os("GRIMOIRE_SCREENSHOTS") else {
            return;
        };
        self.js("window.scrollTo(0, 0);").unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let png = self.screenshot().expect("screenshot");
        let path = std::path::Path::new(&dir).join(format!("serve-{name}.png"));
        std::fs::write(&path, png).expect("write screenshot");
        println!("screenshot {}", path.display());
    }

    /// The page's timing figures `window.grimoireStats.<key>` (milliseconds).
    pub fn stats(&self, key: &str) -> Vec<f64> {
        let v = self
            .js(&format!("return window.grimoireStats.{key};"))
            .unwrap();
        v.as_array()
            .map(|a| a.iter().filter_map(Value::as_f64).collect())
            .unwrap_or_default()
    }

    /// [`Browser::wait_js`], failing the test with `context()` (the page's state) on timeout.
    pub fn wait_until(&self, script: &str, secs: u64, context: impl FnOnce() -> String) {
        if let Err(e) = self.wait_js(script, secs) {
            panic!("{e}; {}", context());
        }
    }

    /// A PNG screenshot of the window.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        let v = self.cmd("GET", "/screenshot", json!({}))?;
        let b64 = v.as_str().ok_or("no screenshot data")?;
        base64_decode(b64)
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http(
                self.port,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.base);
    }
}

fn base64_decode(s: &str) -> Result<Vec<u8>, String> {
    let mut table = [255u8; 256];
    for (i, c) in b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        .iter()
        .enumerate()
    {
        table[*c as usize] = i as u8;
    }
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in s.bytes() {
        if c == b'=' || c.is_ascii_whitespace() {
            continue;
        }
        let v = table[c as usize];
        if v == 255 {
            return Err("bad base64".into());
        }
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Ok(out)
}
