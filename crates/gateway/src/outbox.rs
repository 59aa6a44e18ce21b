//! Where data reports go: straight to the broker while connected and nothing waits on disk, otherwise into the
//! disk buffer; and, once connected again, the buffer's content replayed in order (`kind: replay`) before any
//! new report goes out live.
//!
//! Replay goes in batches: the oldest records are published and removed from the disk only when the broker
//! acknowledged every one of them. A connection lost mid-batch leaves them on disk to be sent again (a reading
//! may then arrive twice; the server deduplicates by signal and time). While the buffer is not empty, new
//! reports are appended to it rather than overtaking it, so the server receives everything in order.
//!
//! Every report actually published gets the next `seq` of this run.

use crate::buffer::DiskBuffer;
use crate::status::StatusSource;
use crate::uplink::{Gate, Uplink};
use ironsight_protocol::payload::{DataReport, ReportKind};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// Records replayed per batch (each waits for its acknowledgement before the batch is removed from disk).
pub const REPLAY_BATCH: usize = 50;

/// A replay batch in flight.
struct Batch {
    session: u64,
    /// Publishes not acknowledged yet.
    waiting: HashSet<u64>,
    /// The last record of the batch, for [`DiskBuffer::commit`].
    last: u64,
}

pub(crate) struct Outbox {
    pub uplink: Arc<Uplink>,
    pub buffer: DiskBuffer,
    pub status: Arc<StatusSource>,
    seq: u64,
    batch: Option<Batch>,
}

impl Outbox {
    pub fn new(uplink: Arc<Uplink>, buffer: DiskBuffer, status: Arc<StatusSource>) -> Outbox {
        status.set_buffer(buffer.readings(), buffer.dropped());
        Outbox { uplink, buffer, status, seq: 0, batch: None }
    }

    /// Runs until `finish` fires or the reports end, then waits (at most `grace`) for what is in flight and
    /// buffers whatever the broker did not acknowledge.
    pub async fn run(
        mut self,
        mut reports: mpsc::Receiver<DataReport>,
        mut finish: oneshot::Receiver<()>,
        grace: Duration,
    ) {
        let uplink = Arc::clone(&self.uplink);
        // A periodic look, in case a wake-up is missed while rumqttc's queue was full.
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        loop {
            self.step(None);
            tokio::select! {
                biased;
                _ = &mut finish => break,
                report = reports.recv() => match report {
                    Some(report) => self.step(Some(report)),
                    None => break,
                },
                _ = uplink.changed.notified() => {}
                _ = tick.tick() => {}
            }
        }
        self.finish(grace).await;
    }

    /// Takes in what the link reported (lost and acknowledged publishes), places `report`, and starts a replay
    /// batch when connected and the buffer holds something.
    fn step(&mut self, report: Option<DataReport>) {
        let uplink = Arc::clone(&self.uplink);
        let mut gate = uplink.lock();
        self.settle(&mut gate);
        if let Some(report) = report {
            let live = gate.connected() && self.buffer.is_empty() && self.batch.is_none();
            let unsent = if live { self.publish_live(&mut gate, report) } else { Some(report) };
            if let Some(report) = unsent {
                self.store(report);
            }
        }
        if gate.connected() && self.batch.is_none() && !self.buffer.is_empty() {
            self.replay(&mut gate);
        }
        drop(gate);
        self.status.set_buffer(self.buffer.readings(), self.buffer.dropped());
    }

    /// Buffers the lost live reports (they go before anything newer), and commits a fully acknowledged batch.
    fn settle(&mut self, gate: &mut Gate) {
        for lost in gate.take_lost() {
            if let Some(report) = lost.live {
                self.store(report);
            }
        }
        let acked = gate.take_acked();
        if let Some(batch) = &mut self.batch {
            if batch.session != gate.session() || !gate.connected() {
                // Sent in a connection that is gone: still on disk, sent again in the next batch.
                self.batch = None;
            } else {
                for id in acked {
                    batch.waiting.remove(&id);
                }
                if batch.waiting.is_empty() {
                    self.buffer.commit(batch.last);
                    self.batch = None;
                }
            }
        }
    }

    fn next_payload(&mut self, mut report: DataReport) -> (u64, Vec<u8>, DataReport) {
        let seq = self.seq + 1;
        report.seq = seq;
        let payload = serde_json::to_vec(&report).expect("a report serialises");
        (seq, payload, report)
    }

    /// Publishes a live report; gives it back when it could not be handed over.
    fn publish_live(&mut self, gate: &mut Gate, report: DataReport) -> Option<DataReport> {
        let (seq, payload, report) = self.next_payload(report);
        let kept = report.clone();
        match gate.publish_data(payload, Some(report)) {
            Some(_) => {
                self.seq = seq;
                None
            }
            None => Some(kept),
        }
    }

    /// Publishes the oldest records as a batch.
    fn replay(&mut self, gate: &mut Gate) {
        let mut waiting = HashSet::new();
        let mut last = None;
        for (number, mut report) in self.buffer.peek(REPLAY_BATCH) {
            report.kind = ReportKind::Replay;
            let (seq, payload, _) = self.next_payload(report);
            match gate.publish_data(payload, None) {
                Some(id) => {
                    self.seq = seq;
                    waiting.insert(id);
                    last = Some(number);
                }
                None => break,
            }
        }
        if let Some(last) = last {
            tracing::debug!(records = waiting.len(), "replaying buffered reports");
            self.batch = Some(Batch { session: gate.session(), waiting, last });
        }
    }

    fn store(&mut self, mut report: DataReport) {
        report.seq = 0;
        let readings = report.readings.len();
        if let Err(e) = self.buffer.append(report) {
            tracing::error!(error = %e, readings, "cannot write to the disk buffer: readings lost");
        }
    }

    /// Waits for in-flight acknowledgements (so a replay batch can be committed), then buffers the live reports
    /// still not acknowledged.
    async fn finish(&mut self, grace: Duration) {
        let deadline = Instant::now() + grace;
        loop {
            let settled = {
                let uplink = Arc::clone(&self.uplink);
                let mut gate = uplink.lock();
                self.settle(&mut gate);
                gate.settled() || !gate.connected()
            };
            if settled || tokio::time::timeout_at(deadline, self.uplink.changed.notified()).await.is_err() {
                break;
            }
        }
        let unacknowledged = self.uplink.lock().unacknowledged_live();
        for report in unacknowledged {
            self.store(report);
        }
        self.buffer.sync();
        self.status.set_buffer(self.buffer.readings(), self.buffer.dropped());
    }
}
