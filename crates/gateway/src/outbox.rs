//! Where data reports go: straight to the broker while connected and nothing waits on disk, otherwise into the
//! disk buffer; and, once connected again, the buffer's content replayed in order (`kind: replay`) before any
//! new report goes out live.
//!
//! Replay goes in batches: the oldest records are published and removed from the disk only when the server
//! confirmed every one of them as stored (see [`crate::uplink`]: a broker's acknowledgement is not enough). A
//! connection lost mid-batch, or a confirmation that does not come in time, leaves them on disk to be sent again
//! (a reading may then arrive twice; the server deduplicates by signal and time). While the buffer is not empty,
//! new reports are appended to it rather than overtaking it, so the server receives everything in order.
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

/// Records replayed per batch (each waits for the server's confirmation before the batch is removed from disk).
pub const REPLAY_BATCH: usize = 50;

/// A replay batch in flight.
struct Batch {
    session: u64,
    /// Reports (by `seq`) not confirmed as stored yet.
    waiting: HashSet<u64>,
    /// The last record of the batch, for [`DiskBuffer::commit`].
    last: u64,
}

pub(crate) struct Outbox {
    pub uplink: Arc<Uplink>,
    pub buffer: DiskBuffer,
    pub status: Arc<StatusSource>,
    /// This run of the agent and the last `seq` it published.
    run: u64,
    seq: u64,
    batch: Option<Batch>,
    /// How long a report may wait for the server's confirmation before it is sent again.
    stored_timeout: Duration,
}

impl Outbox {
    pub fn new(uplink: Arc<Uplink>, buffer: DiskBuffer, status: Arc<StatusSource>, stored_timeout: Duration) -> Outbox {
        status.set_buffer(buffer.readings(), buffer.dropped());
        let run = uplink.lock().run();
        Outbox { uplink, buffer, status, run, seq: 0, batch: None, stored_timeout }
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

    /// Takes in what the link reported (lost and stored reports), places `report`, and starts a replay batch
    /// when connected and the buffer holds something.
    fn step(&mut self, report: Option<DataReport>) {
        let uplink = Arc::clone(&self.uplink);
        let mut gate = uplink.lock();
        if let Some(deadline) = Instant::now().checked_sub(self.stored_timeout) {
            gate.expire_unconfirmed(deadline);
        }
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

    /// Buffers the lost live reports (they go before anything newer), and commits a batch the server stored.
    fn settle(&mut self, gate: &mut Gate) {
        let mut replay_lost = false;
        for lost in gate.take_lost() {
            match lost.live {
                Some(report) => self.store(report),
                None => replay_lost = true,
            }
        }
        let stored = gate.take_stored();
        if let Some(batch) = &mut self.batch {
            if batch.session != gate.session() || !gate.connected() || replay_lost {
                // Sent in a connection that is gone, or not confirmed in time: still on disk, sent again in the
                // next batch.
                self.batch = None;
            } else {
                for seq in stored {
                    batch.waiting.remove(&seq);
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
        report.run = self.run;
        report.seq = seq;
        let payload = serde_json::to_vec(&report).expect("a report serialises");
        (seq, payload, report)
    }

    /// Publishes a live report; gives it back when it could not be handed over.
    fn publish_live(&mut self, gate: &mut Gate, report: DataReport) -> Option<DataReport> {
        let (seq, payload, report) = self.next_payload(report);
        let kept = report.clone();
        if gate.publish_data(seq, payload, Some(report)) {
            self.seq = seq;
            None
        } else {
            Some(kept)
        }
    }

    /// Publishes the oldest records as a batch.
    fn replay(&mut self, gate: &mut Gate) {
        let mut waiting = HashSet::new();
        let mut last = None;
        for (number, mut report) in self.buffer.peek(REPLAY_BATCH) {
            report.kind = ReportKind::Replay;
            let (seq, payload, _) = self.next_payload(report);
            if !gate.publish_data(seq, payload, None) {
                break;
            }
            self.seq = seq;
            waiting.insert(seq);
            last = Some(number);
        }
        if let Some(last) = last {
            tracing::debug!(records = waiting.len(), "replaying buffered reports");
            self.batch = Some(Batch { session: gate.session(), waiting, last });
        }
    }

    fn store(&mut self, mut report: DataReport) {
        report.run = 0;
        report.seq = 0;
        let readings = report.readings.len();
        if let Err(e) = self.buffer.append(report) {
            tracing::error!(error = %e, readings, "cannot write to the disk buffer: readings lost");
        }
    }

    /// Waits for in-flight confirmations (so a replay batch can be committed), then buffers the live reports
    /// still not confirmed.
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
        let unconfirmed = self.uplink.lock().unconfirmed_live();
        for report in unconfirmed {
            self.store(report);
        }
        self.buffer.sync();
        self.status.set_buffer(self.buffer.readings(), self.buffer.dropped());
    }
}
