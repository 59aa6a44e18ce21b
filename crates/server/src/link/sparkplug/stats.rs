//! What the host application counts and cannot store: per source, the metrics it could not use and the messages
//! it could not read; across sources, the messages of edge nodes nobody registered. In memory only: they start
//! again at zero with the server, and tell an administrator why a device's values are missing, not history.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often at most the messages of unregistered nodes are logged (with their count since the last line).
const UNKNOWN_LOG_EVERY: Duration = Duration::from_secs(60);

/// A source's counters since the server started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SourceStats {
    /// Metrics of a datatype the host does not read (DataSet, Template, arrays, Bytes, …).
    pub unsupported: u64,
    /// Metrics whose definition or value could not be used (no name, wrong value field, out of range, …).
    pub invalid: u64,
    /// Payloads that are not Sparkplug B.
    pub malformed: u64,
    /// Births that changed a metric's datatype.
    pub datatype_changes: u64,
    /// Values dated more than the tolerance ahead of the server's clock, stored at arrival instead.
    pub future: u64,
    /// Values of text metrics, or of a metric now of a datatype its signal cannot hold, not stored.
    pub not_numeric: u64,
}

/// The counters of every source, and of the unregistered nodes.
#[derive(Default)]
pub struct Stats {
    sources: Mutex<HashMap<i64, SourceStats>>,
    unknown: Mutex<Unknown>,
}

#[derive(Default)]
struct Unknown {
    /// Messages since the last log line.
    count: u64,
    last_logged: Option<Instant>,
}

impl Stats {
    /// Adds to source `id`'s counters.
    pub fn count(&self, id: i64, add: impl FnOnce(&mut SourceStats)) {
        add(self.sources.lock().expect("stats lock").entry(id).or_default());
    }

    /// Source `id`'s counters.
    pub fn of(&self, id: i64) -> SourceStats {
        self.sources.lock().expect("stats lock").get(&id).copied().unwrap_or_default()
    }

    /// A message from an edge node no source names: counted, and logged at most once a minute.
    pub fn unknown_node(&self, node: &str) {
        let mut unknown = self.unknown.lock().expect("stats lock");
        unknown.count += 1;
        if unknown.last_logged.is_none_or(|at| at.elapsed() >= UNKNOWN_LOG_EVERY) {
            tracing::info!(
                messages = unknown.count,
                latest = node,
                "Sparkplug messages of unregistered edge nodes ignored"
            );
            unknown.count = 0;
            unknown.last_logged = Some(Instant::now());
        }
    }
}
