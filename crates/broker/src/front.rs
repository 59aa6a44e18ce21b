//! The MQTT port as the world sees it: an accept loop of ours in front of rmqtt.
//!
//! rmqtt 0.24 reads a new connection's first bytes (to tell MQTT 3.1.1 from 5) with no time limit, has no cap per
//! address, and its accept loop is not ours to change (its connection handling is private). So the public port is
//! ours: a connection counts against its address ([`crate::conn_cap`]), must send its first byte within
//! [`FIRST_BYTES_WITHIN`], and is then relayed to rmqtt on a loopback port, preceded by a PROXY protocol (v1)
//! header that names the real peer, so rmqtt and our hooks (the login throttle by address, the logs) still see
//! who is connecting. rmqtt's loopback listener takes only connections that start with such a header.
//!
//! The relay ends both sides as soon as either ends: a client refused by rmqtt and then silent must not keep its
//! socket and task. Each direction copies through a 4 KiB buffer while bytes flow and holds none while idle (a
//! gateway's packets are small; a large configuration streams through).

use crate::conn_cap::ConnectionCap;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};

/// A new connection must send something within this, else it is closed before rmqtt ever sees it.
pub const FIRST_BYTES_WITHIN: Duration = crate::HANDSHAKE_TIMEOUT;
/// Buffer per direction of a relayed connection.
const RELAY_BUFFER: usize = 4096;

/// Accepts on `public` for ever and relays each connection to rmqtt at `upstream`.
pub(crate) async fn run(public: TcpListener, upstream: SocketAddr, cap: ConnectionCap) {
    loop {
        let (client, peer, slot) = cap.accept(&public).await;
        tokio::spawn(async move {
            let _slot = slot;
            relay(client, peer, upstream).await;
        });
    }
}

async fn relay(client: TcpStream, peer: SocketAddr, upstream: SocketAddr) {
    let mut first = [0u8; 1];
    if !matches!(tokio::time::timeout(FIRST_BYTES_WITHIN, client.peek(&mut first)).await, Ok(Ok(1..))) {
        tracing::debug!(%peer, "MQTT connection closed: nothing sent");
        return;
    }
    let _ = client.set_nodelay(true);
    let Ok(local) = client.local_addr() else { return };
    let mut broker = match TcpStream::connect(upstream).await {
        Ok(broker) => broker,
        Err(e) => {
            tracing::warn!(%peer, "cannot reach the broker's inner port: {e}");
            return;
        }
    };
    let _ = broker.set_nodelay(true);
    if broker.write_all(proxy_header(peer, local).as_bytes()).await.is_err() {
        return;
    }
    let (client_read, client_write) = client.into_split();
    let (broker_read, broker_write) = broker.into_split();
    tokio::select! {
        _ = pipe(client_read, broker_write) => {}
        _ = pipe(broker_read, client_write) => {}
    }
}

/// Copies until the reader ends or either side fails. The buffer exists only while bytes flow: a connected gateway
/// is idle nearly all the time, and a thousand of them holding two buffers each cost 8 MiB for nothing.
async fn pipe(from: OwnedReadHalf, mut to: OwnedWriteHalf) {
    loop {
        if from.readable().await.is_err() {
            return;
        }
        let mut buffer = vec![0u8; RELAY_BUFFER];
        loop {
            match from.try_read(&mut buffer) {
                Ok(0) => return,
                Ok(n) => {
                    if to.write_all(&buffer[..n]).await.is_err() {
                        return;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
                Err(_) => return,
            }
        }
    }
}

/// The PROXY protocol v1 line for a connection from `source` to `destination` (both IPv6 when the families differ,
/// the IPv4 one written as an IPv4-mapped address).
fn proxy_header(source: SocketAddr, destination: SocketAddr) -> String {
    match (source.ip(), destination.ip()) {
        (IpAddr::V4(s), IpAddr::V4(d)) => {
            format!("PROXY TCP4 {s} {d} {} {}\r\n", source.port(), destination.port())
        }
        (s, d) => {
            let v6 = |ip: IpAddr| match ip {
                IpAddr::V4(v4) => v4.to_ipv6_mapped(),
                IpAddr::V6(v6) => v6,
            };
            format!("PROXY TCP6 {} {} {} {}\r\n", v6(s), v6(d), source.port(), destination.port())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proxy_header_names_the_real_peer() {
        let peer: SocketAddr = "203.0.113.7:50123".parse().unwrap();
        let local: SocketAddr = "10.0.0.2:1883".parse().unwrap();
        assert_eq!(proxy_header(peer, local), "PROXY TCP4 203.0.113.7 10.0.0.2 50123 1883\r\n");
        let peer6: SocketAddr = "[2001:db8::7]:50123".parse().unwrap();
        assert_eq!(proxy_header(peer6, local), "PROXY TCP6 2001:db8::7 ::ffff:10.0.0.2 50123 1883\r\n");
    }
}
