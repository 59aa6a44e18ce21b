//! Roll-ups of a signal's history: what a span of good readings adds up to, kept per minute and per hour by the
//! store, so a report over a month reads a few hundred rows per column instead of millions of readings.
//!
//! A [`Summary`] is a monoid over time: the summary of two adjacent spans is [`Summary::then`] of theirs, so a
//! minute folds into an hour, hours into a day, and a report's period into its cell, all by the same rule. Every
//! statistic of a report column is read off one summary ([`Statistic::of`]).
//!
//! Two rules span readings rather than sum them, and both are written here once:
//! - **A counter's difference** (energy, flow totals): the increase between consecutive readings. A drop is a
//!   reset: the counter started again from 0, so the new value is what it counted since. When the column says the
//!   counter wraps at `W` (a 16-bit register wraps at 65,536), a drop is a wrap instead and counts `W - before +
//!   after`; the summary keeps how many drops there were and the sum of the values before them, so the wrap is
//!   decided when a report reads it, not when the roll-up is made.
//! - **Time in state** (a pump's running hours): a reading holds its value until the next reading, at most
//!   [`STATE_HOLD_MS`], so a gateway that went silent is not counted as running through its outage.
//!
//! Only good readings with a finite value count; a span without any has no summary (a report shows it empty,
//! never 0).

use serde::{Deserialize, Serialize};

/// A minute, the finer roll-up.
pub const MINUTE_MS: i64 = 60_000;
/// An hour, the coarser roll-up.
pub const HOUR_MS: i64 = 3_600_000;
/// How long a reading holds its value for time in state when no reading follows: three of the gateway's default
/// sample periods (60 s) and more, the point past which the alarm engine also calls a signal silent.
pub const STATE_HOLD_MS: i64 = 10 * MINUTE_MS;

/// What the good readings of one span `[start, end)` add up to.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub start: i64,
    pub end: i64,
    /// Good readings.
    pub count: i64,
    pub sum: f64,
    pub min: f64,
    pub max: f64,
    pub first_t: i64,
    pub first_v: f64,
    pub last_t: i64,
    pub last_v: f64,
    /// The counter's increase between the span's own readings, each drop counted as a reset.
    pub rise: f64,
    /// Drops between the span's readings, and the sum of the values before them (see the module's note).
    pub drops: i64,
    pub dropped_from: f64,
    /// Time the value was not 0 within the span, each reading holding until the next or [`STATE_HOLD_MS`].
    pub on_ms: i64,
}

/// The increase from `before` to `after` of a counter, a drop taken as a reset: `(increase, dropped)`.
fn step(before: f64, after: f64) -> (f64, bool) {
    if after >= before { (after - before, false) } else { (after, true) }
}

/// How long a reading of value `v` at `t` holds within `[from, to)`.
fn held(t: i64, v: f64, from: i64, to: i64) -> i64 {
    if v == 0.0 { 0 } else { (to.min(t + STATE_HOLD_MS) - from.max(t)).max(0) }
}

impl Summary {
    /// The summary of readings `(t, v)` in `[start, end)`, in time order; readings outside the span or not finite
    /// are left out. `None` when none is left.
    pub fn of_readings(start: i64, end: i64, readings: &[(i64, f64)]) -> Option<Summary> {
        let mut good = readings.iter().filter(|(t, v)| *t >= start && *t < end && v.is_finite());
        let &(t0, v0) = good.next()?;
        let mut s = Summary {
            start,
            end,
            count: 1,
            sum: v0,
            min: v0,
            max: v0,
            first_t: t0,
            first_v: v0,
            last_t: t0,
            last_v: v0,
            rise: 0.0,
            drops: 0,
            dropped_from: 0.0,
            on_ms: 0,
        };
        for &(t, v) in good {
            s.add_step(s.last_v, v);
            s.on_ms += held(s.last_t, s.last_v, s.last_t, t);
            s.count += 1;
            s.sum += v;
            s.min = s.min.min(v);
            s.max = s.max.max(v);
            s.last_t = t;
            s.last_v = v;
        }
        s.on_ms += held(s.last_t, s.last_v, s.last_t, end);
        Some(s)
    }

    fn add_step(&mut self, before: f64, after: f64) {
        let (increase, dropped) = step(before, after);
        self.rise += increase;
        if dropped {
            self.drops += 1;
            self.dropped_from += before;
        }
    }

    /// This span followed by `next`, a later span (`next.start >= self.end`): the readings of both, with the step
    /// and the hold from this span's last reading to `next`'s first.
    pub fn then(mut self, next: &Summary) -> Summary {
        debug_assert!(next.start >= self.end, "spans folded out of order");
        self.add_step(self.last_v, next.first_v);
        self.on_ms += held(self.last_t, self.last_v, self.end, next.first_t) + next.on_ms;
        self.rise += next.rise;
        self.drops += next.drops;
        self.dropped_from += next.dropped_from;
        self.count += next.count;
        self.sum += next.sum;
        self.min = self.min.min(next.min);
        self.max = self.max.max(next.max);
        self.last_t = next.last_t;
        self.last_v = next.last_v;
        self.end = next.end;
        self
    }

    /// The span stretched to end at `end` (later than its own): the last reading holds into the added time.
    pub fn extended_to(mut self, end: i64) -> Summary {
        if end > self.end {
            self.on_ms += held(self.last_t, self.last_v, self.end, end);
            self.end = end;
        }
        self
    }

    /// The span cut at `t` (a period still running, cut at now): the hold its last reading would count after `t`
    /// is taken off, as the future is not known yet.
    pub fn cut_at(mut self, t: i64) -> Summary {
        if t < self.end {
            self.on_ms -= held(self.last_t, self.last_v, t.max(self.last_t), self.end);
            self.end = t.max(self.start);
        }
        self
    }

    /// The period `[start, end)` read from the summaries of its parts (in time order, each within the period) and
    /// the last summary before it (`before`, whose last reading steps into the period and may hold into it).
    /// `None` when the period has no good reading.
    pub fn of_period(before: Option<&Summary>, parts: &[Summary], start: i64, end: i64) -> Option<Summary> {
        let (first, rest) = parts.split_first()?;
        let mut period = Summary { start, ..*first };
        for part in rest {
            period = period.then(part);
        }
        let mut period = period.extended_to(end);
        if let Some(before) = before {
            period.add_step(before.last_v, first.first_v);
            period.on_ms += held(before.last_t, before.last_v, start, first.first_t);
        }
        Some(period)
    }
}

/// What a report column reads off a period's summary.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub enum Statistic {
    Max,
    Min,
    Avg,
    First,
    Last,
    /// A counter's increase over the period (energy, flow totals); see the module's note on resets and wraps.
    Difference,
    Sum,
    /// The number of good readings.
    Count,
    /// Hours the value was not 0 (a pump's running hours).
    OnHours,
}

impl Statistic {
    pub const ALL: [Statistic; 9] = [
        Statistic::Max,
        Statistic::Min,
        Statistic::Avg,
        Statistic::First,
        Statistic::Last,
        Statistic::Difference,
        Statistic::Sum,
        Statistic::Count,
        Statistic::OnHours,
    ];

    /// The statistic of a period; `wraps_at` is the counter's range for [`Statistic::Difference`] (`None`: a drop
    /// is a reset).
    pub fn of(self, summary: &Summary, wraps_at: Option<f64>) -> f64 {
        match self {
            Statistic::Max => summary.max,
            Statistic::Min => summary.min,
            Statistic::Avg => summary.sum / summary.count as f64,
            Statistic::First => summary.first_v,
            Statistic::Last => summary.last_v,
            Statistic::Difference => match wraps_at {
                Some(range) => summary.rise + summary.drops as f64 * range - summary.dropped_from,
                None => summary.rise,
            },
            Statistic::Sum => summary.sum,
            Statistic::Count => summary.count as f64,
            Statistic::OnHours => summary.on_ms as f64 / HOUR_MS as f64,
        }
    }
}

#[cfg(test)]
mod tests;
