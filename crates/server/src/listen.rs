//! The HTTP listener: our own accept loop around hyper, because `axum::serve` sets no limits on a connection.
//! Here a connection must send its request headers within [`HEADER_READ_TIMEOUT`] (hyper's timer, which
//! `axum::serve` leaves unset, so a client that sent nothing held its socket for ever), and one address may hold
//! at most [`PER_ADDRESS_CONNECTIONS`] at once, so a single host cannot take every descriptor; a refusal is logged
//! (at most once a minute per address; the same cap as the MQTT port's, `ironsight_broker::conn_cap`). WebSocket
//! upgrades and the client address (`ConnectInfo`) work as with `axum::serve`.

use crate::backlog::Backlog;
use crate::workers::StopSignal;
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

/// How long a stop waits for requests under way to be answered before the connections are dropped.
pub const DRAIN_WITHIN: Duration = Duration::from_secs(5);

/// Accepts until `stop` is asked, serving `app` on each connection in a task of its own; then accepts no more, asks
/// every connection to close after the request it is answering (an idle keep-alive one closes at once) and waits
/// for them, at most [`DRAIN_WITHIN`]. A WebSocket, once upgraded, is no longer a connection here: it ends with
/// the process.
pub async fn serve(listener: TcpListener, app: Router, mut stop: StopSignal) {
    let cap = ConnectionCap::new("HTTP", PER_ADDRESS_CONNECTIONS);
    let open = Backlog::default();
    loop {
        let (stream, peer, slot) = tokio::select! {
            accepted = cap.accept(&listener) => accepted,
            _ = stop.requested() => break,
        };
        let app = app.clone();
        let mut stop = stop.clone();
        open.add(1);
        let open = open.clone();
        tokio::spawn(async move {
            let _slot = slot;
            serve_connection(stream, peer, app, &mut stop).await;
            open.done(1);
        });
    }
    drop(listener);
    if !open.drained(DRAIN_WITHIN).await {
        tracing::warn!(left = open.pending(), "HTTP connections still open after {} s", DRAIN_WITHIN.as_secs());
    }
}

/// One connection, until it ends, or until a stop is asked and the request under way is answered.
async fn serve_connection(stream: tokio::net::TcpStream, peer: SocketAddr, app: Router, stop: &mut StopSignal) {
    // hyper's automatic version detection waits for the first bytes without a time limit.
    let mut first = [0u8; 1];
    let peeked = tokio::select! {
        peeked = tokio::time::timeout(HEADER_READ_TIMEOUT, stream.peek(&mut first)) => peeked,
        _ = stop.requested() => return,
    };
    if !matches!(peeked, Ok(Ok(1..))) {
        return;
    }
    let service = tower::service_fn(move |mut request: axum::extract::Request<hyper::body::Incoming>| {
        request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
        app.clone().oneshot(request.map(axum::body::Body::new))
    });
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(HEADER_READ_TIMEOUT);
    builder.http2().timer(TokioTimer::new()).keep_alive_interval(Some(Duration::from_secs(30)));
    let connection = builder.serve_connection_with_upgrades(TokioIo::new(stream), TowerToHyperService::new(service));
    tokio::pin!(connection);
    let ended = tokio::select! {
        ended = connection.as_mut() => ended,
        _ = stop.requested() => {
            connection.as_mut().graceful_shutdown();
            connection.await
        }
    };
    if let Err(e) = ended {
        tracing::debug!(%peer, "HTTP connection ended: {e}");
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

    /// A stop answers the request under way, then the listener accepts no more and `serve` returns.
    #[tokio::test]
    async fn a_stop_answers_the_request_under_way_and_accepts_no_more() {
        use crate::workers::Worker;
        use std::sync::{Arc, Mutex};
        let (entered_tx, mut entered_rx) = tokio::sync::mpsc::channel::<()>(1);
        let (release_tx, release_rx) = tokio::sync::oneshot::channel::<()>();
        let release_rx = Arc::new(Mutex::new(Some(release_rx)));
        let app = axum::Router::new().route(
            "/slow",
            axum::routing::get(move || {
                let (entered_tx, release_rx) = (entered_tx.clone(), release_rx.clone());
                async move {
                    let release = release_rx.lock().unwrap().take().expect("one request");
                    entered_tx.send(()).await.unwrap();
                    release.await.unwrap();
                    "answered"
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let http = Worker::spawn("HTTP", |stop| super::serve(listener, app, stop));

        let slow = tokio::spawn(async move { reqwest::get(format!("http://{addr}/slow")).await?.text().await });
        entered_rx.recv().await.expect("the request reached its handler");
        let stopping = tokio::spawn(http.stop());
        // The listener is closed once the accept loop has seen the stop: a new connection is refused.
        let refused = async {
            while tokio::net::TcpStream::connect(addr).await.is_ok() {
                tokio::task::yield_now().await;
            }
        };
        tokio::time::timeout(std::time::Duration::from_secs(10), refused).await.expect("new connections refused");
        assert!(!stopping.is_finished(), "the stop waits for the request under way");
        release_tx.send(()).unwrap();
        assert_eq!(slow.await.unwrap().expect("answered, not cut"), "answered");
        stopping.await.unwrap();
    }
}
