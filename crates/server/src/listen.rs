//! The HTTP listener: our own accept loop around hyper, because `axum::serve` sets no limits on a connection.
//! Here a connection must send its request headers within [`HEADER_READ_TIMEOUT`] (hyper's timer, which
//! `axum::serve` leaves unset, so a client that sent nothing held its socket for ever), and one address may hold
//! at most [`PER_ADDRESS_CONNECTIONS`] at once, so a single host cannot take every descriptor; a refusal is logged
//! (at most once a minute per address; the same cap as the MQTT port's, `ironsight_broker::conn_cap`). WebSocket
//! upgrades and the client address (`ConnectInfo`) work as with `axum::serve`.

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::service::TowerToHyperService;
use ironsight_broker::conn_cap::ConnectionCap;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// A connection must deliver a request's headers within this (also while idle between keep-alive requests).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an idle keep-alive connection is kept, as told to clients on every answer (`Keep-Alive: timeout=5`):
/// well inside [`HEADER_READ_TIMEOUT`], after which the server closes it. A client that pools connections (Node's
/// agent, which Playwright's request API uses) then retires one before the server does, instead of sending a request
/// on it just as the server closes it, which fails with a reset and no answer (seen once in the browser tests:
/// `socket hang up` on a GET sent ten seconds after the one before it). Browsers retry such a request themselves.
pub const KEEP_ALIVE_HINT: Duration = Duration::from_secs(5);
const _: () = assert!(KEEP_ALIVE_HINT.as_secs() < HEADER_READ_TIMEOUT.as_secs());

/// Connections one address may hold at once. Generous: a control room's screens share an address behind NAT, and
/// each console holds a few (requests, two live sockets).
pub const PER_ADDRESS_CONNECTIONS: usize = 1024;

/// Accepts for ever, serving `app` on each connection in a task of its own.
pub async fn serve(listener: TcpListener, app: Router) -> std::io::Result<()> {
    let cap = ConnectionCap::new("HTTP", PER_ADDRESS_CONNECTIONS);
    loop {
        let (stream, peer, slot) = cap.accept(&listener).await;
        let app = app.clone();
        tokio::spawn(async move {
            let _slot = slot;
            // hyper's automatic version detection waits for the first bytes without a time limit.
            let mut first = [0u8; 1];
            if !matches!(tokio::time::timeout(HEADER_READ_TIMEOUT, stream.peek(&mut first)).await, Ok(Ok(1..))) {
                return;
            }
            let service = tower::service_fn(move |mut request: axum::extract::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
                app.clone().oneshot(request.map(axum::body::Body::new))
            });
            let mut builder = auto::Builder::new(TokioExecutor::new());
            builder.http1().timer(TokioTimer::new()).header_read_timeout(HEADER_READ_TIMEOUT);
            builder.http2().timer(TokioTimer::new()).keep_alive_interval(Some(Duration::from_secs(30)));
            let connection =
                builder.serve_connection_with_upgrades(TokioIo::new(stream), TowerToHyperService::new(service));
            if let Err(e) = connection.await {
                tracing::debug!(%peer, "HTTP connection ended: {e}");
            }
        });
    }
}

/// Raises this process's open-file limit to the most the system allows (the soft limit is often 1,024, which
/// 1,000 gateways and their consoles would exhaust); answers the limit now in force.
pub fn raise_file_limit() -> Option<libc::rlim_t> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit only read and write the struct passed by pointer, which lives on this stack.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    Some(limit.rlim_cur)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_file_limit_is_raised_to_the_hard_limit() {
        let now = super::raise_file_limit().expect("readable on Linux");
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: as above.
        assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) }, 0);
        assert_eq!(limit.rlim_cur, now);
        assert_eq!(limit.rlim_cur, limit.rlim_max);
    }
}
