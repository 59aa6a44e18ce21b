//! What to publish, and when: the latest value of every signal, reported by exception, sampled periodically,
//! and every `intervalMs` while a monitor window is open.
//!
//! - **Change**: after each observation, the signals whose value or quality differs from what was last
//!   reported (exact equality of the engineering value: a value that really stays the same is not resent).
//! - **Sample**: every `sampleIntervalMs`, every signal, for the history.
//! - **Monitor**: on a `monitor` message, every signal every `intervalMs` until `durationMs` has passed; a new
//!   message replaces the window. Published as `sample`.
//!
//! A failed read keeps the last good value with quality `bad` and the error in the report's `errors`. Reports
//! leave here without a sequence number: the outbox numbers what it actually publishes.

use crate::device::Observation;
use ironsight_protocol::errors::DeviceError;
use ironsight_protocol::payload::{DataReport, MonitorOpen, Quality, Reading, ReportKind};
use std::collections::{BTreeMap, HashMap};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::{Instant, Interval, MissedTickBehavior};

/// Most readings in one report, so that a report stays well inside any broker's packet size limit.
pub const MAX_READINGS_PER_REPORT: usize = 500;
/// The shortest monitor interval honoured (a faster request is slowed to this).
pub const MIN_MONITOR_INTERVAL: Duration = Duration::from_millis(100);
/// The longest monitor window honoured.
pub const MAX_MONITOR_DURATION: Duration = Duration::from_secs(24 * 3600);

/// The latest state of one signal.
#[derive(Clone, Debug, PartialEq)]
struct Latest {
    t: i64,
    v: Option<f64>,
    q: Quality,
    error: Option<DeviceError>,
}

impl Latest {
    fn reading(&self, signal: i64) -> Reading {
        Reading { signal, t: self.t, v: self.v, q: self.q }
    }
}

/// Latest values and what was last reported of each.
#[derive(Default)]
pub struct Table {
    latest: BTreeMap<i64, Latest>,
    reported: HashMap<i64, (Option<f64>, Quality)>,
}

/// Readings and the errors of the bad ones.
pub type Batch = (Vec<Reading>, BTreeMap<String, DeviceError>);

impl Table {
    /// Forgets everything (a new configuration: every signal is reported afresh).
    pub fn clear(&mut self) {
        self.latest.clear();
        self.reported.clear();
    }

    /// Records observations; returns the readings that changed since they were last reported.
    pub fn observe(&mut self, observations: &[Observation]) -> Batch {
        let mut changed = Vec::new();
        let mut errors = BTreeMap::new();
        for o in observations {
            let previous = self.latest.get(&o.signal).and_then(|l| l.v);
            let latest = match o.value {
                Ok(v) => Latest { t: o.t, v: Some(v), q: Quality::Good, error: None },
                Err(e) => Latest { t: o.t, v: previous, q: Quality::Bad, error: Some(e) },
            };
            if self.reported.get(&o.signal) != Some(&(latest.v, latest.q)) {
                self.reported.insert(o.signal, (latest.v, latest.q));
                changed.push(latest.reading(o.signal));
                if let Some(e) = latest.error {
                    errors.insert(o.signal.to_string(), e);
                }
            }
            self.latest.insert(o.signal, latest);
        }
        (changed, errors)
    }

    /// Every signal observed so far.
    pub fn snapshot(&mut self) -> Batch {
        let mut readings = Vec::with_capacity(self.latest.len());
        let mut errors = BTreeMap::new();
        for (&signal, latest) in &self.latest {
            readings.push(latest.reading(signal));
            if let Some(e) = latest.error {
                errors.insert(signal.to_string(), e);
            }
            self.reported.insert(signal, (latest.v, latest.q));
        }
        (readings, errors)
    }
}

/// Splits a batch into reports of at most [`MAX_READINGS_PER_REPORT`] readings, each with its own errors.
pub fn reports(kind: ReportKind, (readings, errors): Batch) -> Vec<DataReport> {
    readings
        .chunks(MAX_READINGS_PER_REPORT)
        .map(|chunk| DataReport {
            run: 0,
            seq: 0,
            kind,
            readings: chunk.to_vec(),
            errors: chunk
                .iter()
                .filter_map(|r| {
                    let key = r.signal.to_string();
                    errors.get(&key).map(|e| (key, *e))
                })
                .collect(),
        })
        .collect()
}

/// Reads a `monitor` payload; `None` for anything that is not one (logged by the caller, never a panic).
pub fn parse_monitor(payload: &[u8]) -> Option<MonitorOpen> {
    serde_json::from_slice(payload).ok()
}

/// What the reporter is told.
pub(crate) enum Input {
    Observed(Vec<Observation>),
    Monitor(MonitorOpen),
    /// A new configuration: forget the old signals, sample at this period.
    Reconfigure {
        sample_interval: Duration,
    },
}

fn ticker(period: Duration) -> Interval {
    let mut interval = tokio::time::interval_at(Instant::now() + period, period);
    interval.set_missed_tick_behavior(MissedTickBehavior::Delay);
    interval
}

/// An open monitor window.
struct Window {
    tick: Interval,
    until: Instant,
}

/// The reporter's task: turns observations and timers into reports for the outbox.
pub(crate) async fn run(
    mut inputs: mpsc::Receiver<Input>,
    out: mpsc::Sender<DataReport>,
    sample_interval: Duration,
    monitoring_allowed: bool,
) {
    let mut table = Table::default();
    let mut sample = ticker(sample_interval);
    let mut window: Option<Window> = None;
    loop {
        let batch = tokio::select! {
            input = inputs.recv() => match input {
                None => return,
                Some(Input::Observed(observations)) => Some((ReportKind::Change, table.observe(&observations))),
                Some(Input::Monitor(open)) => {
                    window = open_window(&open, monitoring_allowed);
                    None
                }
                Some(Input::Reconfigure { sample_interval }) => {
                    table.clear();
                    sample = ticker(sample_interval);
                    None
                }
            },
            _ = sample.tick() => Some((ReportKind::Sample, table.snapshot())),
            _ = async { window.as_mut().expect("guarded").tick.tick().await }, if window.is_some() => {
                if window.as_ref().is_some_and(|w| Instant::now() >= w.until) {
                    tracing::info!("monitor window closed");
                    window = None;
                }
                Some((ReportKind::Sample, table.snapshot()))
            }
        };
        if let Some((kind, batch)) = batch {
            for report in reports(kind, batch) {
                if out.send(report).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// The window a monitor message asks for, within the agent's limits; `None` closes it.
fn open_window(open: &MonitorOpen, allowed: bool) -> Option<Window> {
    if !allowed {
        tracing::info!("monitor request ignored: the gateway is in VPN mode");
        return None;
    }
    if open.duration_ms == 0 || open.interval_ms == 0 {
        tracing::info!("monitor window closed by the server");
        return None;
    }
    let interval = Duration::from_millis(open.interval_ms).max(MIN_MONITOR_INTERVAL);
    let duration = Duration::from_millis(open.duration_ms).min(MAX_MONITOR_DURATION);
    tracing::info!(?interval, ?duration, "monitor window open");
    let mut tick = tokio::time::interval(interval);
    tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
    Some(Window { tick, until: Instant::now() + duration })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obs(signal: i64, t: i64, value: Result<f64, DeviceError>) -> Observation {
        Observation { signal, t, value }
    }

    fn signals((readings, _): &Batch) -> Vec<i64> {
        readings.iter().map(|r| r.signal).collect()
    }

    #[test]
    fn only_changes_are_reported_and_bad_keeps_the_last_good_value() {
        let mut table = Table::default();
        let first = table.observe(&[obs(1, 10, Ok(1.5)), obs(2, 10, Err(DeviceError::Timeout))]);
        assert_eq!(signals(&first), [1, 2], "everything is new");
        assert_eq!(first.0[1], Reading { signal: 2, t: 10, v: None, q: Quality::Bad });
        assert_eq!(first.1.get("2"), Some(&DeviceError::Timeout));
        assert!(table.observe(&[obs(1, 20, Ok(1.5)), obs(2, 20, Err(DeviceError::Timeout))]).0.is_empty());
        let changed = table.observe(&[obs(1, 30, Ok(1.6)), obs(2, 30, Ok(0.0))]);
        assert_eq!(signals(&changed), [1, 2]);
        assert!(changed.1.is_empty());
        let failed = table.observe(&[obs(1, 40, Err(DeviceError::Exception { code: 4 }))]);
        assert_eq!(failed.0, [Reading { signal: 1, t: 40, v: Some(1.6), q: Quality::Bad }]);
        let (readings, errors) = table.snapshot();
        assert_eq!(readings.len(), 2);
        assert_eq!(errors.len(), 1, "only the bad signal has an error");
        table.clear();
        assert!(table.snapshot().0.is_empty());
    }

    #[test]
    fn large_batches_are_split_with_their_errors() {
        let mut table = Table::default();
        let observations: Vec<_> =
            (0..1200).map(|i| obs(i, 1, if i == 700 { Err(DeviceError::Coding) } else { Ok(i as f64) })).collect();
        let split = reports(ReportKind::Change, table.observe(&observations));
        let sizes: Vec<_> = split.iter().map(|r| (r.readings.len(), r.errors.len())).collect();
        assert_eq!(sizes, [(500, 0), (500, 1), (200, 0)]);
        assert!(reports(ReportKind::Sample, Default::default()).is_empty());
    }
}
