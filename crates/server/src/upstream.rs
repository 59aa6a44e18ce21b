//! What the server's askers of third-party HTTP services share (the weather provider, EZVIZ's open API): their
//! client's settings; a per-user budget of upstream calls a minute, so no page and no user spends the deployment's
//! or the organisation's quota (cache hits are free and never counted); and a body read with a ceiling, so a
//! service that answers without end cannot grow the server's memory.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The HTTP client of one such service: `timeout` for each call, connection included; redirects are not followed
/// (an answer elsewhere is not the service's).
pub fn client(timeout: Duration) -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(timeout)
        .connect_timeout(timeout)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("ironsight/", env!("CARGO_PKG_VERSION")))
        .build()
        .unwrap_or_default()
}

/// Users kept before the budget forgets those whose minute is over (one map entry each).
const USERS_KEPT: usize = 4096;

/// Per user: the start of its current minute and the upstream calls made in it.
pub struct MinuteBudget {
    per_minute: u32,
    users: Mutex<HashMap<i64, (Instant, u32)>>,
}

impl MinuteBudget {
    pub fn new(per_minute: u32) -> MinuteBudget {
        MinuteBudget { per_minute, users: Mutex::new(HashMap::new()) }
    }

    /// Counts one upstream call against the user's minute; false past the budget (nothing counted then).
    pub fn spend(&self, user_id: i64) -> bool {
        let mut users = self.users.lock().unwrap_or_else(|e| e.into_inner());
        let minute = Duration::from_secs(60);
        if users.len() > USERS_KEPT {
            users.retain(|_, (start, _)| start.elapsed() < minute);
        }
        let entry = users.entry(user_id).or_insert((Instant::now(), 0));
        if entry.0.elapsed() >= minute {
            *entry = (Instant::now(), 0);
        }
        if entry.1 >= self.per_minute {
            return false;
        }
        entry.1 += 1;
        true
    }
}

/// Why an upstream answer was not read: its words for the log (never the URL, which may carry a key).
pub fn read_failure(service: &str, e: reqwest::Error) -> String {
    format!("{service}: {}", e.without_url())
}

/// The body of a successful answer, at most `max` bytes; otherwise the reason, for the log.
pub async fn bounded_body(service: &str, mut response: reqwest::Response, max: usize) -> Result<Vec<u8>, String> {
    if !response.status().is_success() {
        return Err(format!("{service} answered HTTP {}", response.status()));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| read_failure(service, e))? {
        if body.len() + chunk.len() > max {
            return Err(format!("{service} answered more than {max} bytes"));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_user_has_its_own_minute() {
        let budget = MinuteBudget::new(3);
        assert!((0..3).all(|_| budget.spend(7)));
        assert!(!budget.spend(7), "the fourth call in the minute");
        assert!(budget.spend(8), "another user has its own budget");
    }
}
