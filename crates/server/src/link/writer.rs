//! The history writer: readings from ingest go into the database in batches, and once a batch is committed every
//! gateway whose reports it held is told so (`…/data/stored {run, from, to}`), so the agent may forget them.
//!
//! Why the confirmation: the broker acknowledges a report when it has it, and until this writer commits, the
//! readings live only in this process. Were the agent to forget a report at the broker's acknowledgement, a
//! server killed in between (`kill -9`, a power cut, an out-of-memory kill) would lose it. With the confirmation,
//! the agent keeps every report until it is stored and sends again what is not confirmed in time
//! (docs/gateway-protocol.md). A report sent twice is stored once: history is keyed by signal and time.

use ironsight_protocol::payload::DataStored;
use ironsight_protocol::topics::{Channel, GatewayTopics};
use ironsight_store::readings::StoredReading;
use rumqttc::{AsyncClient, QoS};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, mpsc};

/// Readings written per database transaction at most.
const BATCH_ROWS: usize = 5_000;
/// How long the writer waits to fill a batch once it has something to write.
const BATCH_WAIT: Duration = Duration::from_millis(50);

/// Which report of which gateway a job came from, to be confirmed once stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receipt {
    pub sn: String,
    pub run: u64,
    pub seq: u64,
}

impl Receipt {
    pub fn new(sn: &str, run: u64, seq: u64) -> Receipt {
        Receipt { sn: sn.to_owned(), run, seq }
    }
}

/// The readings of one report (possibly none: a report is confirmed even when nothing in it could be stored).
pub struct WriteJob {
    pub rows: Vec<StoredReading>,
    pub receipt: Option<Receipt>,
}

/// The confirmations a committed batch gives: per gateway and run, each stretch of consecutive `seq`s as one
/// range (a batch usually holds a gateway's reports in a row, so one message each).
pub fn confirmations(receipts: &[Receipt]) -> Vec<(String, DataStored)> {
    let mut by_run: BTreeMap<(&str, u64), Vec<u64>> = BTreeMap::new();
    for r in receipts {
        by_run.entry((r.sn.as_str(), r.run)).or_default().push(r.seq);
    }
    let mut out = Vec::new();
    for ((sn, run), mut seqs) in by_run {
        seqs.sort_unstable();
        seqs.dedup();
        let mut from = seqs[0];
        for pair in seqs.windows(2) {
            if pair[1] != pair[0] + 1 {
                out.push((sn.to_owned(), DataStored { run, from, to: pair[0] }));
                from = pair[1];
            }
        }
        out.push((sn.to_owned(), DataStored { run, from, to: *seqs.last().expect("not empty") }));
    }
    out
}

/// Collects jobs for up to [`BATCH_WAIT`] or [`BATCH_ROWS`] and writes them in one transaction. A failed write is
/// retried (the database may be restarting); the bounded channel in front of it then slows ingest down instead of
/// dropping readings.
///
/// On PostgreSQL two writers take turns at the channel, so that one collects the next batch while the other
/// waits for its commit: a commit there waits for the write-ahead log on disk and for the database's own
/// processes, time in which the server would otherwise sit idle. Their batches never deadlock: each statement
/// takes its rows in signal order (see `ironsight_store::readings`), and history ignores duplicates, so the
/// order in which two batches commit changes nothing stored. Confirmations name exact ranges, not "everything up
/// to", so two writers committing out of order confirm nothing early. SQLite has a single writer lock, so one
/// writer.
pub async fn run(
    store: ironsight_store::Store,
    rx: mpsc::Receiver<WriteJob>,
    backlog: crate::backlog::Backlog,
    client: AsyncClient,
) {
    let writers = match store.backend() {
        ironsight_store::Backend::Sqlite => 1,
        ironsight_store::Backend::Postgres => 2,
    };
    let rx = Arc::new(Mutex::new(rx));
    // A JoinSet aborts its tasks when dropped: stopping the link aborts this task, and with it every writer.
    let mut set = tokio::task::JoinSet::new();
    for _ in 0..writers {
        set.spawn(write_batches(store.clone(), rx.clone(), backlog.clone(), client.clone()));
    }
    set.join_all().await;
}

/// One writer: takes the channel, fills a batch, lets go of the channel, writes (retrying until it is stored),
/// then confirms.
async fn write_batches(
    store: ironsight_store::Store,
    rx: Arc<Mutex<mpsc::Receiver<WriteJob>>>,
    backlog: crate::backlog::Backlog,
    client: AsyncClient,
) {
    loop {
        let (rows, receipts) = {
            let mut rx = rx.lock().await;
            let Some(first) = rx.recv().await else { return };
            let (mut rows, mut receipts) = (first.rows, Vec::new());
            receipts.extend(first.receipt);
            let deadline = tokio::time::Instant::now() + BATCH_WAIT;
            while rows.len() < BATCH_ROWS {
                match tokio::time::timeout_at(deadline, rx.recv()).await {
                    Ok(Some(more)) => {
                        rows.extend(more.rows);
                        receipts.extend(more.receipt);
                    }
                    Ok(None) | Err(_) => break,
                }
            }
            (rows, receipts)
        };
        let mut delay = Duration::from_millis(200);
        while !rows.is_empty()
            && let Err(e) = store.write_readings(&rows).await
        {
            tracing::error!(rows = rows.len(), "history write failed, retrying: {e:#}");
            tokio::time::sleep(delay).await;
            delay = (delay * 2).min(Duration::from_secs(10));
        }
        backlog.done(rows.len());
        confirm(&client, &receipts);
    }
}

/// Tells each gateway which of its reports are stored. Never waits: when the client's queue is full the
/// confirmation is dropped (logged), and the agent sends those reports again after its timeout.
fn confirm(client: &AsyncClient, receipts: &[Receipt]) {
    for (sn, stored) in confirmations(receipts) {
        let Some(topics) = GatewayTopics::new(&sn) else { continue };
        let payload = serde_json::to_vec(&stored).expect("a confirmation serialises");
        if let Err(e) = client.try_publish(topics.topic(Channel::DataStored), QoS::AtLeastOnce, false, payload) {
            tracing::debug!(sn, "stored confirmation not sent: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn confirmations_are_ranges_of_consecutive_reports_per_gateway_and_run() {
        let receipts: Vec<Receipt> = [("A", 1, 5), ("B", 9, 1), ("A", 1, 6), ("A", 1, 8), ("A", 2, 1), ("A", 1, 7)]
            .into_iter()
            .chain([("A", 1, 10), ("A", 1, 10)])
            .map(|(sn, run, seq)| Receipt::new(sn, run, seq))
            .collect();
        let got = confirmations(&receipts);
        let stored = |sn: &str, run, from, to| (sn.to_owned(), DataStored { run, from, to });
        assert_eq!(got, [stored("A", 1, 5, 8), stored("A", 1, 10, 10), stored("A", 2, 1, 1), stored("B", 9, 1, 1)]);
        assert!(confirmations(&[]).is_empty());
    }
}
