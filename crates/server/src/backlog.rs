//! Work accepted but not yet stored: readings queued for the history writer, alarm decisions queued for the
//! alarm worker. A graceful stop waits for it to reach zero before the tasks that do the work are stopped, so
//! nothing the server took in is dropped by a stop (SIGTERM, Ctrl-C).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::Notify;

/// A count of queued items shared by the producer (adds before queueing) and the consumer (marks them done once
/// stored). Cheap to clone.
#[derive(Clone, Default)]
pub struct Backlog {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    pending: AtomicUsize,
    emptied: Notify,
}

impl Backlog {
    /// `n` items are about to be queued.
    pub fn add(&self, n: usize) {
        self.inner.pending.fetch_add(n, Ordering::AcqRel);
    }

    /// `n` items were stored (or given up on, logged).
    pub fn done(&self, n: usize) {
        let before = self.inner.pending.fetch_sub(n, Ordering::AcqRel);
        if before <= n {
            self.inner.emptied.notify_waiters();
        }
    }

    pub fn pending(&self) -> usize {
        self.inner.pending.load(Ordering::Acquire)
    }

    /// Waits until nothing is pending, at most `within`; true when drained.
    pub async fn drained(&self, within: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let emptied = self.inner.emptied.notified();
            if self.pending() == 0 {
                return true;
            }
            if tokio::time::timeout_at(deadline, emptied).await.is_err() {
                return self.pending() == 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn drained_waits_for_the_last_item() {
        let backlog = Backlog::default();
        assert!(backlog.drained(Duration::from_millis(10)).await, "nothing queued");
        backlog.add(3);
        assert!(!backlog.drained(Duration::from_millis(20)).await, "three still queued");
        let worker = backlog.clone();
        let task = tokio::spawn(async move {
            worker.done(2);
            tokio::time::sleep(Duration::from_millis(30)).await;
            worker.done(1);
        });
        assert!(backlog.drained(Duration::from_secs(5)).await);
        assert_eq!(backlog.pending(), 0);
        task.await.unwrap();
    }
}
