//! The accept loop: every connection under limits that hold whatever a client does. A request's
//! headers must arrive within [`HEADER_TIMEOUT`], counted from the connection's start and again
//! from the end of each response, so a silent, a slow (slowloris) or an idle kept-alive
//! connection is closed; at most [`MAX_CONNECTIONS`] are open at once, and one more is closed
//! as soon as it is accepted. (Bodies have their own deadline, [`crate::limits`]; WebSockets
//! their own cap and liveness test, `ws.rs`.)

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How long a connection may take to send a request's headers, from its start or from the
/// end of the previous response.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// HTTP connections open at once.
pub const MAX_CONNECTIONS: usize = 128;

/// A pause after a failed accept (out of descriptors, say), so the loop does not spin.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Serves `router` on `listener` until `shutdown` resolves.
pub async fn serve(listener: TcpListener, router: Router, shutdown: impl Future<Output = ()>) {
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => return,
        };
        let Ok((stream, _)) = accepted else {
            tokio::time::sleep(ACCEPT_BACKOFF).await;
            continue;
        };
        // Over the cap: the connection is dropped, which closes it.
        let Ok(permit) = open.clone().try_acquire_owned() else {
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            let _ = connection.await;
            drop(permit);
        });
    }
}
