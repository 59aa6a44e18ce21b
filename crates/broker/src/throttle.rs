//! Failed MQTT logins, counted per remote address and per client id, so that a guesser (or a gateway left running
//! with a revoked secret) is refused before the authority is asked: no database look-up, no hash, for anyone past
//! the limit. Counts live in memory, in maps with a hard cap on their entries, so a flood of addresses cannot grow
//! them without bound.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures per client id within [`WINDOW`] before its logins are refused without asking.
pub const CLIENT_MAX_FAILURES: u32 = 5;
/// Failures per remote address within [`WINDOW`]. Higher than per client: a site's gateways share one address
/// behind NAT, and one misconfigured gateway (at most [`CLIENT_MAX_FAILURES`] counted) must not lock out the rest.
pub const ADDRESS_MAX_FAILURES: u32 = 50;
/// How long a count lives from its first failure.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Entries each map may hold; past it, finished windows are swept, then the oldest windows make room.
pub const MAX_ENTRIES: usize = 10_000;

/// Why a login was refused without asking the authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Client,
    Address,
}

#[derive(Clone, Copy)]
struct Count {
    failures: u32,
    since: Instant,
}

struct Counts<K> {
    map: HashMap<K, Count>,
}

impl<K> Default for Counts<K> {
    fn default() -> Self {
        Counts { map: HashMap::new() }
    }
}

impl<K: std::hash::Hash + Eq + Clone> Counts<K> {
    fn over(&self, key: &K, max: u32, now: Instant) -> bool {
        self.map.get(key).is_some_and(|c| now.duration_since(c.since) < WINDOW && c.failures >= max)
    }

    fn fail(&mut self, key: &K, now: Instant) {
        if !self.map.contains_key(key) && self.map.len() >= MAX_ENTRIES {
            self.make_room(now);
        }
        let count = self.map.entry(key.clone()).or_insert(Count { failures: 0, since: now });
        if now.duration_since(count.since) >= WINDOW {
            *count = Count { failures: 0, since: now };
        }
        count.failures += 1;
    }

    fn make_room(&mut self, now: Instant) {
        self.map.retain(|_, c| now.duration_since(c.since) < WINDOW);
        if self.map.len() >= MAX_ENTRIES {
            let mut oldest: Vec<(K, Instant)> = self.map.iter().map(|(k, c)| (k.clone(), c.since)).collect();
            oldest.sort_by_key(|(_, since)| *since);
            for (key, _) in oldest.into_iter().take(MAX_ENTRIES / 10) {
                self.map.remove(&key);
            }
        }
    }
}

/// The two counts, behind one lock held only for map operations.
#[derive(Default)]
pub struct LoginThrottle {
    inner: Mutex<(Counts<String>, Counts<IpAddr>)>,
}

impl LoginThrottle {
    /// `Err` when `client_id` or `address` is past its limit: refuse without asking the authority.
    pub fn check(&self, client_id: &str, address: Option<IpAddr>, now: Instant) -> Result<(), Refusal> {
        let counts = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if counts.0.over(&client_id.to_owned(), CLIENT_MAX_FAILURES, now) {
            return Err(Refusal::Client);
        }
        if address.is_some_and(|a| counts.1.over(&a, ADDRESS_MAX_FAILURES, now)) {
            return Err(Refusal::Address);
        }
        Ok(())
    }

    /// The authority refused this login.
    pub fn failed(&self, client_id: &str, address: Option<IpAddr>, now: Instant) {
        let mut counts = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        counts.0.fail(&client_id.to_owned(), now);
        if let Some(address) = address {
            counts.1.fail(&address, now);
        }
    }

    /// The authority accepted: the client id starts over (its address's count stays, it may be shared).
    pub fn succeeded(&self, client_id: &str) {
        let mut counts = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        counts.0.map.remove(client_id);
    }

    #[cfg(test)]
    fn entries(&self) -> (usize, usize) {
        let counts = self.inner.lock().unwrap();
        (counts.0.map.len(), counts.1.map.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOME: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1)));

    #[test]
    fn a_client_past_its_failures_is_refused_until_its_window_ends() {
        let throttle = LoginThrottle::default();
        let now = Instant::now();
        for _ in 0..CLIENT_MAX_FAILURES {
            assert_eq!(throttle.check("EG-1", HOME, now), Ok(()));
            throttle.failed("EG-1", HOME, now);
        }
        assert_eq!(throttle.check("EG-1", HOME, now), Err(Refusal::Client));
        assert_eq!(throttle.check("EG-2", HOME, now), Ok(()), "another gateway at the same address");
        assert_eq!(throttle.check("EG-1", HOME, now + WINDOW), Ok(()), "the window ended");
    }

    #[test]
    fn an_address_past_its_failures_is_refused_for_every_client() {
        let throttle = LoginThrottle::default();
        let now = Instant::now();
        for i in 0..ADDRESS_MAX_FAILURES {
            throttle.failed(&format!("guess-{i}"), HOME, now);
        }
        assert_eq!(throttle.check("EG-new", HOME, now), Err(Refusal::Address));
        assert_eq!(throttle.check("EG-new", None, now), Ok(()));
    }

    #[test]
    fn a_success_clears_the_client() {
        let throttle = LoginThrottle::default();
        let now = Instant::now();
        for _ in 0..CLIENT_MAX_FAILURES - 1 {
            throttle.failed("EG-1", HOME, now);
        }
        throttle.succeeded("EG-1");
        throttle.failed("EG-1", HOME, now);
        assert_eq!(throttle.check("EG-1", HOME, now), Ok(()));
    }

    #[test]
    fn a_flood_of_clients_and_addresses_stays_within_the_cap() {
        let throttle = LoginThrottle::default();
        let now = Instant::now();
        for i in 0..(MAX_ENTRIES as u32 * 3) {
            let address = IpAddr::V4(std::net::Ipv4Addr::from(0x0a00_0000 + i));
            throttle.failed(&format!("flood-{i}"), Some(address), now);
        }
        let (clients, addresses) = throttle.entries();
        assert!(clients <= MAX_ENTRIES && addresses <= MAX_ENTRIES, "{clients} / {addresses}");
    }
}
