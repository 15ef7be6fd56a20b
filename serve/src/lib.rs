//! `grimoire serve`: a board in the browser for every variant (`docs/serve.md`).
//!
//! A local web server (axum on tokio) serves one page, embedded in the binary, and a JSON API
//! over the registry's [`grimoire_registry::AnyGame`]: the page never judges legality, it
//! offers the engine's own legal tokens. A WebSocket per game carries the state after every
//! change and the engine's output while it thinks.
//!
//! Modules, one job each: [`access`] (loopback and token), [`api`] (the endpoints), [`ws`]
//! (the WebSocket), [`games`] (the games held), [`session`] (one game: players, clocks,
//! take-back, loading, setup, engine and analysis), [`engine`] (a search on its thread),
//! [`chance`] (the referee's dice), [`clock`], [`players`], [`pgn`] (reading PGN), [`view`]
//! (the state as JSON), [`assets`] (the embedded page), [`listener`] (the accept loop: header
//! deadline, connection cap) and [`limits`] (methods, body deadline).

pub mod access;
pub mod api;
pub mod assets;
pub mod chance;
pub mod clock;
pub mod engine;
pub mod games;
pub mod limits;
pub mod listener;
pub mod pgn;
pub mod players;
pub mod review;
pub mod rules_page;
pub mod session;
pub mod ws;

use access::Access;
use axum::extract::{DefaultBodyLimit, Request};
use axum::routing::{get, post};
use axum::Router;
use games::Games;
use grimoire_registry::Registry;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// Largest request body (a long PGN fits easily).
pub const MAX_BODY_BYTES: usize = 1 << 20;
/// The default port.
pub const DEFAULT_PORT: u16 = 8080;
/// How often the clocks are checked for a flag.
const TICK: Duration = Duration::from_millis(100);

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct Config {
    pub host: IpAddr,
    /// 0 picks a free port.
    pub port: u16,
    /// The token required off loopback (a random one when `None`).
    pub token: Option<String>,
    pub max_games: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: DEFAULT_PORT,
            token: None,
            max_games: games::MAX_GAMES,
        }
    }
}

/// The application: every route, the access rule and the body limit.
pub fn app(games: Arc<Games>, access: Access) -> Router {
    let api = Router::new()
        .route("/api/variants", get(api::variants))
        .route("/api/variants/{name}/pieces", get(api::pieces))
        .route("/api/games", post(api::create))
        .route("/api/games/{id}", get(api::get))
        .route("/api/games/{id}/delete", post(api::delete))
        .route("/api/games/{id}/move", post(api::play))
        .route("/api/games/{id}/takeback", post(api::take_back))
        .route("/api/games/{id}/load", post(api::load))
        .route("/api/games/{id}/players", post(api::players))
        .route("/api/games/{id}/resign", post(api::resign))
        .route("/api/games/{id}/flip", post(api::flip))
        .route("/api/games/{id}/analysis", post(api::analysis))
        .route("/api/games/{id}/stop", post(api::stop))
        .route("/api/games/{id}/go", post(api::go))
        .route("/api/games/{id}/setup", post(api::setup))
        .route("/api/games/{id}/pgn", get(api::pgn))
        .route("/api/games/{id}/position/{ply}", get(api::position))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/games/{id}/review", post(review::review))
        .route("/rules/{variant}", get(rules_page::rules))
        .with_state(games);
    api.fallback(|request: Request| async move { assets::serve(request.uri().path()) })
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn(limits::guard))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(access),
            access::guard,
        ))
}

/// A server bound and ready: its address, the URL to open, and the future that runs it.
pub struct Bound {
    pub addr: SocketAddr,
    pub url: String,
    listener: tokio::net::TcpListener,
    router: Router,
    games: Arc<Games>,
}

/// Binds the server (inside a tokio runtime).
pub async fn bind(config: &Config) -> Result<Bound, String> {
    if let Some(token) = &config.token {
        access::vet_token(token)?;
    }
    let access = Access::for_host(config.host, config.token.clone());
    let listener = tokio::net::TcpListener::bind((config.host, config.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", config.host, config.port))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?;
    // Loopback and the unspecified address are reached as localhost from this machine.
    let host = match addr.ip() {
        IpAddr::V6(ip) if ip.is_loopback() => "[::1]".to_string(),
        ip if ip.is_loopback() || ip.is_unspecified() => "localhost".to_string(),
        IpAddr::V6(ip) => format!("[{ip}]"),
        ip => ip.to_string(),
    };
    let url = match &access.token {
        Some(t) => format!("http://{host}:{}/?token={t}", addr.port()),
        None => format!("http://{host}:{}/", addr.port()),
    };
    let games = Arc::new(Games::new(Arc::new(Registry::standard()), config.max_games));
    let router = app(games.clone(), access);
    Ok(Bound {
        addr,
        url,
        listener,
        router,
        games,
    })
}

impl Bound {
    /// Serves until `shutdown` resolves.
    pub async fn run(self, shutdown: impl std::future::Future<Output = ()> + Send + 'static) {
        let games = self.games.clone();
        let ticker = tokio::spawn(async move {
            let mut every = tokio::time::interval(TICK);
            loop {
                every.tick().await;
                let g = games.clone();
                let _ = tokio::task::spawn_blocking(move || g.tick()).await;
            }
        });
        listener::serve(self.listener, self.router, shutdown).await;
        ticker.abort();
    }
}

/// A server on a thread of its own (tests, tools): stops when dropped.
pub struct Background {
    pub addr: SocketAddr,
    pub url: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Background {
    /// Starts a server by `config` (port 0 for a free one) and returns once it listens.
    pub fn start(config: Config) -> Result<Background, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| format!("no runtime: {e}"))?;
        let bound = runtime.block_on(bind(&config))?;
        let (addr, url) = (bound.addr, bound.url.clone());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("serve".into())
            .spawn(move || {
                runtime.block_on(bound.run(async {
                    let _ = stopped.await;
                }));
            })
            .map_err(|e| format!("no server thread: {e}"))?;
        Ok(Background {
            addr,
            url,
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// `grimoire serve`: binds, prints the URL (with its token off loopback), opens a browser
/// when asked, and serves until Ctrl-C.
pub fn run(config: Config, open: bool) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("no runtime: {e}"))?;
    runtime.block_on(async {
        let bound = bind(&config).await?;
        if let Some(warning) = config
            .token
            .as_deref()
            .and_then(|t| access::vet_token(t).ok()?)
        {
            say(&warning);
        }
        say(&format!("open {}", bound.url));
        if !bound.addr.ip().is_loopback() {
            say(&format!(
                "listening on {} (not loopback): every request needs the token \
                 in that URL (from another machine, put this machine's address in it)",
                bound.addr
            ));
        }
        say("Ctrl-C stops the server");
        if open {
            open_browser(&bound.url);
        }
        bound
            .run(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await;
        Ok(())
    })
}

/// One line on standard output; a reader that went away (`| head -1`) must not stop the server.
fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "grimoire serve: {line}").and_then(|()| out.flush());
}

/// Asks the desktop to open `url`; a failure only prints a line (the URL is printed anyway).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        say(&format!(
            "could not open a browser ({opener}: {e}); open the URL by hand"
        ));
    }
}
