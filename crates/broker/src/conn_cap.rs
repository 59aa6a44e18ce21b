//! At most so many connections from one address at once, for both of the console's listeners (HTTP in the
//! server, MQTT in [`crate::front`]), so a single host cannot take every descriptor. A refusal is logged, at most
//! once a minute per address, so a flood cannot fill the log either. Addresses leave the table with their last
//! connection, so it holds only addresses that are connected now.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};

/// How often a refusal of one address is logged at most.
const LOG_EVERY: Duration = Duration::from_secs(60);

/// The open connections per address of one listener. Cheap to clone (clones share the count).
#[derive(Clone)]
pub struct ConnectionCap {
    table: Arc<Mutex<Table>>,
    limit: usize,
    /// Names the listener in the log line (`HTTP`, `MQTT`).
    listener: &'static str,
}

#[derive(Default)]
struct Table {
    open: HashMap<IpAddr, usize>,
    /// When a refusal of each address was last logged.
    logged: HashMap<IpAddr, Instant>,
}

/// One connection's place in the count, given back when it is dropped (the connection ended).
pub struct Slot {
    table: Arc<Mutex<Table>>,
    address: IpAddr,
}

impl ConnectionCap {
    pub fn new(listener: &'static str, limit: usize) -> ConnectionCap {
        ConnectionCap { table: Arc::default(), limit, listener }
    }

    /// A place for one more connection from `address`, or `None` (logged) when it holds `limit` already.
    pub fn take(&self, address: IpAddr) -> Option<Slot> {
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        let open = table.open.entry(address).or_insert(0);
        if *open >= self.limit {
            let now = Instant::now();
            if table.logged.get(&address).is_none_or(|t| now.duration_since(*t) > LOG_EVERY) {
                table.logged.insert(address, now);
                table.logged.retain(|_, t| now.duration_since(*t) <= LOG_EVERY);
                tracing::warn!(%address, limit = self.limit, "{} connection refused: too many from one address", self.listener);
            }
            return None;
        }
        *open += 1;
        Some(Slot { table: self.table.clone(), address })
    }

    /// The next connection on `listener` that has a place, with its place. A failed accept (out of descriptors, a
    /// connection reset before it was taken) waits a moment and goes on; a connection past the cap is closed at once.
    pub async fn accept(&self, listener: &TcpListener) -> (TcpStream, SocketAddr, Slot) {
        loop {
            match listener.accept().await {
                Ok((stream, peer)) => {
                    if let Some(slot) = self.take(peer.ip()) {
                        return (stream, peer, slot);
                    }
                }
                Err(e) => {
                    tracing::warn!("{} accept failed: {e}", self.listener);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    }

    /// Connections open from `address` now.
    pub fn open(&self, address: IpAddr) -> usize {
        self.table.lock().unwrap_or_else(|e| e.into_inner()).open.get(&address).copied().unwrap_or(0)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(open) = table.open.get_mut(&self.address) {
            *open -= 1;
            if *open == 0 {
                table.open.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_the_limit_and_its_places_come_back() {
        let cap = ConnectionCap::new("test", 2);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = cap.take(a).unwrap();
        let _second = cap.take(a).unwrap();
        assert!(cap.take(a).is_none(), "a third from the same address");
        assert!(cap.take(b).is_some(), "another address is not affected");
        drop(first);
        assert_eq!(cap.open(a), 1);
        assert!(cap.take(a).is_some(), "a place came back");
        assert_eq!(cap.open(b), 0, "an address with no connection leaves the table");
    }
}
