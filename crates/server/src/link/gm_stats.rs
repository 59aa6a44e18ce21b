//! What the server knows of each GM collection source's traffic (docs/gm-equipment.md), in memory only: it starts
//! again with the server and tells an administrator why a device's values are missing or late, it is not history.
//!
//! - Counters of what could not be used (unsupported or invalid metrics, unreadable payloads, changed datatypes,
//!   values from the future, values that are not numbers), and the last few bad messages with a sample of each.
//! - Activity: when the source and each of its devices were last heard from, and how often they speak (a moving
//!   average of the gaps between messages). The gap is a device's reporting interval for staleness, and a source
//!   silent for [`SILENT_PERIODS`] of its gaps (at least [`SILENT_AT_LEAST_MS`]) is offline until heard again:
//!   its MQTT will (Sparkplug's NDEATH) covers a dropped connection, this covers a device that hangs connected.
//! - Messages of edge nodes nobody registered: counted and logged at most once a minute.

use ironsight_domain::Lang;
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often at most the messages of unregistered nodes are logged (with their count since the last line).
const UNKNOWN_LOG_EVERY: Duration = Duration::from_secs(60);
/// Bad messages kept per source, newest first.
pub const BAD_MESSAGES_KEPT: usize = 10;
/// Bytes of a bad message kept as its sample (text as it is, else hexadecimal).
const SAMPLE_BYTES: usize = 512;
/// Missed reporting intervals after which a silent source is offline: the no-data alarm's and the console's
/// staleness rule.
pub const SILENT_PERIODS: i64 = 3;
/// A source is never called silent sooner than this: the spec's 60 s poll.
pub const SILENT_AT_LEAST_MS: i64 = 60_000;
/// Gaps longer than this (an outage, a restart) say nothing of the reporting interval.
const GAP_IGNORED_OVER_MS: i64 = 10 * 60_000;

/// What could not be used of a source's messages since the server started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Metrics of a datatype the host does not read (DataSet, Template, arrays, Bytes, …).
    pub unsupported: u64,
    /// Metrics whose definition or value could not be used (no name, wrong value field, out of range, …).
    pub invalid: u64,
    /// Payloads that could not be read at all (not Sparkplug B, not JSON).
    pub malformed: u64,
    /// Births that changed a metric's datatype.
    pub datatype_changes: u64,
    /// Values dated more than the tolerance ahead of the server's clock, stored at arrival instead.
    pub future: u64,
    /// Values of text metrics, or of a metric now of a datatype its signal cannot hold, not stored.
    pub not_numeric: u64,
}

/// Why a message could not be used, in both of the console's languages (the reader's is chosen when shown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub zh: String,
    pub en: String,
}

impl Problem {
    pub fn text(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }
}

/// One message that could not be (wholly) used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMessage {
    pub at_ms: i64,
    pub topic: String,
    pub problem: Problem,
    /// The start of the payload: as text when it is UTF-8, else in hexadecimal.
    pub sample: String,
}

/// A source's figures at one moment.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SourceStats {
    /// When counting started (ms since the epoch).
    pub since_ms: i64,
    pub counters: Counters,
    /// Messages since the server started.
    pub messages: u64,
    /// Messages in the last full minute.
    pub last_minute: u64,
    /// Its reporting interval as observed (ms), once it has spoken twice.
    pub interval_ms: Option<i64>,
    /// Newest first, at most [`BAD_MESSAGES_KEPT`].
    pub bad_messages: Vec<BadMessage>,
}

/// When something was last heard from and how often it speaks.
#[derive(Clone, Copy, Debug, Default)]
struct Activity {
    last_ms: Option<i64>,
    /// Moving average of the gaps between messages (ms).
    gap_ms: Option<f64>,
}

impl Activity {
    fn heard(&mut self, now: i64) {
        if let Some(last) = self.last_ms {
            let gap = (now - last) as f64;
            if gap > 0.0 && gap <= GAP_IGNORED_OVER_MS as f64 {
                self.gap_ms = Some(self.gap_ms.map_or(gap, |avg| avg * 0.8 + gap * 0.2));
            }
        }
        self.last_ms = Some(self.last_ms.map_or(now, |last| last.max(now)));
    }

    fn interval_ms(&self) -> Option<i64> {
        self.gap_ms.map(|gap| gap.round().max(1.0) as i64)
    }
}

#[derive(Default)]
struct SourceState {
    counters: Counters,
    messages: u64,
    activity: Activity,
    devices: HashMap<String, Activity>,
    /// The minute (since the epoch) being counted, its count, and the count of the one before.
    minute: (i64, u64, u64),
    bad: VecDeque<BadMessage>,
    /// Called silent by [`GmStats::silent`] and not heard since.
    silenced: bool,
}

/// The figures of every source, and of the unregistered nodes.
#[derive(Default)]
pub struct GmStats {
    /// When counting started (ms since the epoch).
    since_ms: i64,
    sources: Mutex<HashMap<i64, SourceState>>,
    unknown: Mutex<Unknown>,
}

#[derive(Default)]
struct Unknown {
    /// Messages since the last log line.
    count: u64,
    last_logged: Option<Instant>,
}

impl GmStats {
    /// Counting from `since_ms`.
    pub fn new(since_ms: i64) -> GmStats {
        GmStats { since_ms, ..GmStats::default() }
    }

    fn with<T>(&self, id: i64, f: impl FnOnce(&mut SourceState) -> T) -> T {
        f(self.sources.lock().expect("stats lock").entry(id).or_default())
    }

    /// Adds to source `id`'s counters.
    pub fn count(&self, id: i64, add: impl FnOnce(&mut Counters)) {
        self.with(id, |s| add(&mut s.counters));
    }

    /// A message of source `id` (of its `device`, `None` for the source's own) at `now`. True when it is the
    /// source's first since the server started, or the source had been called silent: it is alive (again).
    pub fn heard(&self, id: i64, device: Option<&str>, now: i64) -> bool {
        self.with(id, |s| {
            let first = s.activity.last_ms.is_none();
            s.messages += 1;
            s.activity.heard(now);
            if let Some(device) = device {
                s.devices.entry(device.to_owned()).or_default().heard(now);
            }
            let minute = now.div_euclid(60_000);
            s.minute = match s.minute {
                (m, count, before) if m == minute => (m, count + 1, before),
                (m, count, _) if m + 1 == minute => (minute, 1, count),
                _ => (minute, 1, 0),
            };
            std::mem::take(&mut s.silenced) || first
        })
    }

    /// Keeps a bad message of source `id` (the newest [`BAD_MESSAGES_KEPT`]).
    pub fn bad_message(&self, id: i64, now: i64, topic: &str, problem: Problem, payload: &[u8]) {
        let message = BadMessage { at_ms: now, topic: topic.to_owned(), problem, sample: sample_of(payload) };
        self.with(id, |s| {
            s.bad.push_front(message);
            s.bad.truncate(BAD_MESSAGES_KEPT);
        });
    }

    /// Source `id`'s figures at `now`.
    pub fn of(&self, id: i64, now: i64) -> SourceStats {
        let sources = self.sources.lock().expect("stats lock");
        let Some(s) = sources.get(&id) else {
            return SourceStats { since_ms: self.since_ms, ..SourceStats::default() };
        };
        let (minute, count, before) = s.minute;
        let now_minute = now.div_euclid(60_000);
        let last_minute = match now_minute - minute {
            0 => before,
            1 => count,
            _ => 0,
        };
        SourceStats {
            since_ms: self.since_ms,
            counters: s.counters,
            messages: s.messages,
            last_minute,
            interval_ms: s.activity.interval_ms(),
            bad_messages: s.bad.iter().cloned().collect(),
        }
    }

    /// Source `id`'s counters alone (what a monitor call needs, without copying its bad messages).
    pub fn counters(&self, id: i64) -> Counters {
        self.sources.lock().expect("stats lock").get(&id).map(|s| s.counters).unwrap_or_default()
    }

    /// How often `device` of source `id` reports (ms), as observed; the source's own rate for its own metrics
    /// (`''`) or when the device has not spoken twice.
    pub fn interval_ms(&self, id: i64, device: &str) -> Option<i64> {
        let sources = self.sources.lock().expect("stats lock");
        let s = sources.get(&id)?;
        s.devices.get(device).and_then(Activity::interval_ms).or_else(|| s.activity.interval_ms())
    }

    /// The sources silent at `now` past [`SILENT_PERIODS`] of their interval (at least [`SILENT_AT_LEAST_MS`])
    /// and not called silent yet, each with when it was last heard; from now on they are called silent.
    pub fn silent(&self, now: i64) -> Vec<(i64, i64)> {
        let mut sources = self.sources.lock().expect("stats lock");
        let mut silent = Vec::new();
        for (id, s) in sources.iter_mut() {
            let Some(last) = s.activity.last_ms else { continue };
            let limit = (s.activity.interval_ms().unwrap_or(0) * SILENT_PERIODS).max(SILENT_AT_LEAST_MS);
            if !s.silenced && now - last > limit {
                s.silenced = true;
                silent.push((*id, last));
            }
        }
        silent
    }

    /// Forgets source `id` (deleted).
    pub fn forget(&self, id: i64) {
        self.sources.lock().expect("stats lock").remove(&id);
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

/// The start of `payload` as text when it is UTF-8 (cut at a character boundary), else in hexadecimal.
fn sample_of(payload: &[u8]) -> String {
    let cut = &payload[..payload.len().min(SAMPLE_BYTES)];
    match std::str::from_utf8(cut) {
        Ok(text) => text.to_owned(),
        Err(e) if e.valid_up_to() > 0 && e.error_len().is_none() => {
            String::from_utf8_lossy(&cut[..e.valid_up_to()]).into_owned()
        }
        Err(_) => cut.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_is_the_average_gap_and_silence_is_three_of_them_but_at_least_a_minute() {
        let stats = GmStats::new(0);
        assert!(stats.heard(1, Some("Pump"), 0), "the first message since the start");
        for t in 1..10 {
            assert!(!stats.heard(1, Some("Pump"), t * 30_000));
        }
        assert_eq!(stats.interval_ms(1, "Pump"), Some(30_000));
        assert_eq!(stats.interval_ms(1, "Other"), Some(30_000), "the source's rate for a device not heard twice");
        let last = 9 * 30_000;
        assert!(stats.silent(last + 90_000).is_empty(), "three intervals not yet past");
        assert_eq!(stats.silent(last + 90_001), vec![(1, last)]);
        assert!(stats.silent(last + 200_000).is_empty(), "called silent once");
        assert!(stats.heard(1, None, last + 200_000), "heard again after silence");
        assert!(!stats.heard(1, None, last + 201_000));

        let fast = GmStats::new(0);
        for t in 0..10 {
            fast.heard(2, None, t * 1_000);
        }
        assert!(fast.silent(9_000 + SILENT_AT_LEAST_MS).is_empty(), "never sooner than a minute");
        assert_eq!(fast.silent(9_001 + SILENT_AT_LEAST_MS).len(), 1);
    }

    #[test]
    fn the_last_minute_counts_the_previous_full_minute() {
        let stats = GmStats::new(0);
        for t in [0, 10_000, 59_000, 61_000] {
            stats.heard(1, None, t);
        }
        assert_eq!(stats.of(1, 61_500).last_minute, 3);
        assert_eq!(stats.of(1, 125_000).last_minute, 1);
        assert_eq!(stats.of(1, 200_000).last_minute, 0);
        assert_eq!(stats.of(1, 200_000).messages, 4);
    }

    fn problem(text: &str) -> Problem {
        Problem { zh: text.to_owned(), en: text.to_owned() }
    }

    #[test]
    fn bad_messages_keep_the_newest_with_a_readable_sample() {
        let stats = GmStats::new(0);
        for i in 0..12u8 {
            stats.bad_message(1, i64::from(i), "t", problem("not JSON"), &[0xff, i]);
        }
        let kept = stats.of(1, 12).bad_messages;
        assert_eq!(kept.len(), BAD_MESSAGES_KEPT);
        assert_eq!(kept[0].sample, "ff 0b");
        stats.bad_message(1, 13, "t", problem("path missing"), "{\"a\": 1}".as_bytes());
        assert_eq!(stats.of(1, 13).bad_messages[0].sample, "{\"a\": 1}");
        let long = "é".repeat(400);
        assert!(sample_of(long.as_bytes()).chars().all(|c| c == 'é'), "cut at a character boundary");
    }
}
