//! The server's background work under one handle type. Each piece (the HTTP listener, the gateway link with its
//! alarm engine, the notification sender, the expiry sweep, the inspection schedule, the history retention) is a
//! [`Worker`]: a name and the way to stop it gracefully. [`Workers`] keeps them in the order they stop in, so the
//! stop sequence is written once, where the server starts them ([`crate::start`]): HTTP first (no new requests,
//! those under way answered), then the timed jobs, then the link (what it took in stored), notifications last (the
//! alarms just stored may have queued some).
//!
//! Dropping a worker stops it at once (its task aborted): a test that ends, or a start-up that failed half-way.
//! This is also the seam the cluster needs: a worker that must run on one node only is started by whoever holds it.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How long a stop waits for a task that watches a [`StopSignal`] to end (a run under way: a retention batch, an
/// expiry sweep, the notification sends under way, each bounded by its own time limit) before aborting it.
pub const STOP_WITHIN: Duration = Duration::from_secs(15);

/// Tells a worker's task that a stop was asked. Cheap to clone.
#[derive(Clone)]
pub struct StopSignal(watch::Receiver<bool>);

impl StopSignal {
    /// Resolves once a stop is asked: at once if it already was, or if the worker's handle is gone.
    pub async fn requested(&mut self) {
        let _ = self.0.wait_for(|stop| *stop).await;
    }

    /// A signal whose stop is asked by `sender`.
    fn pair() -> (watch::Sender<bool>, StopSignal) {
        let (sender, receiver) = watch::channel(false);
        (sender, StopSignal(receiver))
    }
}

/// One piece of background work: its name (for the log) and its graceful stop, not started until [`Worker::stop`].
/// Dropping the worker drops what the stop holds, which ends the work at once.
pub struct Worker {
    name: &'static str,
    stop: Pin<Box<dyn Future<Output = ()> + Send>>,
}

impl Worker {
    /// A worker whose graceful stop is `stop` (e.g. a runtime's own `shutdown(self)`); the future owns what it
    /// stops, so dropping the worker drops that too.
    pub fn with_stop(name: &'static str, stop: impl Future<Output = ()> + Send + 'static) -> Self {
        Worker { name, stop: Box::pin(stop) }
    }

    /// Spawns `body` as a task given a [`StopSignal`]: a stop asks it and waits for its end, at most
    /// [`STOP_WITHIN`], then aborts it.
    pub fn spawn<F, Fut>(name: &'static str, body: F) -> Self
    where
        F: FnOnce(StopSignal) -> Fut,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let (sender, signal) = StopSignal::pair();
        let mut task = AbortOnDrop(tokio::spawn(body(signal)));
        Worker::with_stop(name, async move {
            let _ = sender.send(true);
            if tokio::time::timeout(STOP_WITHIN, &mut task.0).await.is_err() {
                tracing::warn!(worker = name, "did not stop within {} s; aborted", STOP_WITHIN.as_secs());
            }
        })
    }

    /// A worker that calls `run` every `period` (a run longer than the period delays the next; missed ticks are not
    /// made up). A failed run is logged and the next one tries again. A stop lets a run under way finish.
    pub fn periodic<R, Fut>(name: &'static str, period: Duration, first: FirstRun, mut run: R) -> Self
    where
        R: FnMut() -> Fut + Send + 'static,
        Fut: Future<Output = anyhow::Result<()>> + Send,
    {
        Worker::spawn(name, move |mut stop| async move {
            let mut ticks = tokio::time::interval(period);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            if first == FirstRun::AfterOnePeriod {
                ticks.tick().await;
            }
            loop {
                tokio::select! {
                    _ = stop.requested() => return,
                    _ = ticks.tick() => {}
                }
                if let Err(e) = run().await {
                    tracing::error!(worker = name, "{e:#}");
                }
            }
        })
    }

    /// Stops the work gracefully and waits until it has.
    pub async fn stop(self) {
        tracing::debug!(worker = self.name, "stopping");
        self.stop.await;
    }
}

/// When a periodic worker first runs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FirstRun {
    /// At once, then every period (catching up on what accrued while the server was down).
    AtStart,
    /// One period after the start.
    AfterOnePeriod,
}

/// The server's workers in their stop order.
#[derive(Default)]
pub struct Workers(Vec<Worker>);

impl Workers {
    /// Adds a worker, stopped after those added before it.
    pub fn push(&mut self, worker: Worker) {
        self.0.push(worker);
    }

    /// Stops each worker in turn, each after the one before it has stopped.
    pub async fn stop(self) {
        for worker in self.0 {
            worker.stop().await;
        }
    }
}

/// A task aborted when its handle is dropped (a worker dropped without a graceful stop).
struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use tokio::sync::Mutex;

    #[tokio::test]
    async fn workers_stop_in_order_each_after_the_one_before() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut workers = Workers::default();
        for name in ["http", "link", "notify"] {
            let log = log.clone();
            workers.push(Worker::spawn(name, move |mut stop| async move {
                stop.requested().await;
                // A graceful end that takes a moment: the next worker must not be asked before it is done.
                tokio::task::yield_now().await;
                log.lock().await.push(name);
            }));
        }
        workers.stop().await;
        assert_eq!(*log.lock().await, ["http", "link", "notify"]);
    }

    #[tokio::test]
    async fn a_periodic_worker_finishes_the_run_under_way_and_runs_no_more() {
        let runs = Arc::new(AtomicUsize::new(0));
        let finished = Arc::new(AtomicUsize::new(0));
        let (started_tx, mut started_rx) = tokio::sync::mpsc::channel(1);
        let worker = {
            let (runs, finished) = (runs.clone(), finished.clone());
            Worker::periodic("test job", Duration::from_secs(3600), FirstRun::AtStart, move || {
                let (runs, finished, started_tx) = (runs.clone(), finished.clone(), started_tx.clone());
                async move {
                    runs.fetch_add(1, Ordering::SeqCst);
                    let _ = started_tx.send(()).await;
                    tokio::task::yield_now().await;
                    finished.fetch_add(1, Ordering::SeqCst);
                    Ok(())
                }
            })
        };
        started_rx.recv().await.expect("the first run starts at once");
        worker.stop().await;
        assert_eq!(runs.load(Ordering::SeqCst), 1, "one run, the next is an hour away");
        assert_eq!(finished.load(Ordering::SeqCst), 1, "the run under way finished");
    }

    #[tokio::test]
    async fn a_worker_dropped_is_aborted() {
        let (alive_tx, alive_rx) = tokio::sync::oneshot::channel::<()>();
        let worker = Worker::spawn("forever", move |_stop| async move {
            let _alive = alive_tx;
            std::future::pending::<()>().await;
        });
        drop(worker);
        // The task's end drops its sender: the receiver sees the channel closed.
        assert!(alive_rx.await.is_err());
    }
}
