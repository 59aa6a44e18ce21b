//! A report's table: for each period of a view and each column, the column's statistic of the period, read off
//! the roll-ups (`ironsight_store::rollups`) by the rule of `ironsight_domain::rollup`. The hour roll-ups serve
//! views whose periods start and end on hours (days, months, shifts on the hour), the minute ones the others.
//!
//! The reading before a period steps into it (a counter's increase since then, a state that holds into it) when
//! it is at most [`LOOKBACK_MS`] older than the period; a period still running is read up to now.
//!
//! An intermediate variable's cell is its rule applied to its signals' cells of the same statistic (an average
//! of averages, a formula of first values): `ironsight_domain::mvar::report_statistics` says for which
//! statistics that is the variable's own statistic, and the callers allow only those.

use ironsight_domain::mvar::{Calc, Formula, aggregate};
use ironsight_domain::report::{DAY_MS, Period, on_hours};
use ironsight_domain::rollup::{Statistic, Summary};
use ironsight_store::Store;
use ironsight_store::rollups::Width;
use std::collections::HashMap;

/// An intermediate variable's rule, as a column reads it.
#[derive(Clone, Debug)]
pub struct MvarRule {
    pub calc: Calc,
    /// The custom formula (`None` for an aggregate).
    pub formula: Option<Formula>,
    /// An aggregate's signals, or the formula's.
    pub signal_ids: Vec<i64>,
}

/// What a column reads.
#[derive(Clone, Debug)]
pub enum Source {
    Signal(i64),
    Mvar(MvarRule),
}

/// One column of a table: its source and statistic (a counter's wrap range for a difference).
#[derive(Clone, Debug)]
pub struct TableColumn {
    pub source: Source,
    pub statistic: Statistic,
    pub wraps_at: Option<f64>,
}

impl TableColumn {
    fn signal_ids(&self) -> &[i64] {
        match &self.source {
            Source::Signal(id) => std::slice::from_ref(id),
            Source::Mvar(rule) => &rule.signal_ids,
        }
    }
}

/// How far before a period its previous reading is looked for.
pub const LOOKBACK_MS: i64 = DAY_MS;

/// The cells of a report: per period (as given), per column (as given), the value, or `None` when the period has
/// no good reading of the column's signal (or has not begun). Each signal's roll-ups are read once, however many
/// columns and variables read it.
pub async fn cells(
    store: &Store,
    columns: &[TableColumn],
    periods: &[Period],
    now: i64,
) -> anyhow::Result<Vec<Vec<Option<f64>>>> {
    let mut cells = vec![vec![None; columns.len()]; periods.len()];
    let (Some(first), Some(last)) = (periods.iter().map(|p| p.start).min(), periods.iter().map(|p| p.end).max()) else {
        return Ok(cells);
    };
    let width = if on_hours(periods) { Width::Hour } else { Width::Minute };
    let (from, to) = (align_down(first - LOOKBACK_MS, width), align_up(last.min(now + width.ms()), width));
    let mut spans: HashMap<i64, Vec<Summary>> = HashMap::new();
    for signal_id in columns.iter().flat_map(TableColumn::signal_ids) {
        if !spans.contains_key(signal_id) {
            spans.insert(*signal_id, store.summaries(*signal_id, from, to, width).await?);
        }
    }
    let value = |signal_id: i64, period: &Period, column: &TableColumn| {
        of_period(&spans[&signal_id], period, now).map(|s| column.statistic.of(&s, column.wraps_at))
    };
    for (c, column) in columns.iter().enumerate() {
        for (p, period) in periods.iter().enumerate() {
            cells[p][c] = match &column.source {
                Source::Signal(id) => value(*id, period, column),
                Source::Mvar(rule) => {
                    let inputs: HashMap<i64, Option<f64>> =
                        rule.signal_ids.iter().map(|id| (*id, value(*id, period, column))).collect();
                    match &rule.formula {
                        Some(formula) => formula.evaluate(|p| inputs.get(&p.signal_id).copied().flatten()),
                        None => aggregate(rule.calc, inputs.values().copied()),
                    }
                }
            };
        }
    }
    Ok(cells)
}

/// One period's summary from the spans (in time order) around it.
fn of_period(spans: &[Summary], period: &Period, now: i64) -> Option<Summary> {
    if period.start >= now {
        return None;
    }
    let first = spans.partition_point(|s| s.start < period.start);
    let past_end = spans.partition_point(|s| s.start < period.end);
    let before = first.checked_sub(1).map(|i| &spans[i]).filter(|s| s.last_t >= period.start - LOOKBACK_MS);
    let summary = Summary::of_period(before, &spans[first..past_end], period.start, period.end)?;
    Some(if period.end > now { summary.cut_at(now) } else { summary })
}

fn align_down(t: i64, width: Width) -> i64 {
    t - t.rem_euclid(width.ms())
}

fn align_up(t: i64, width: Width) -> i64 {
    align_down(t + width.ms() - 1, width)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ironsight_domain::rollup::{HOUR_MS, MINUTE_MS};

    #[test]
    fn a_period_reads_its_spans_and_the_one_before_within_the_lookback() {
        let minute = |start: i64, v: f64| Summary::of_readings(start, start + MINUTE_MS, &[(start, v)]).unwrap();
        let spans = vec![minute(0, 10.0), minute(HOUR_MS, 15.0), minute(HOUR_MS + MINUTE_MS, 18.0)];
        let period = Period { start: HOUR_MS, end: 2 * HOUR_MS, shift: None };
        let summary = of_period(&spans, &period, 10 * HOUR_MS).unwrap();
        // 10 → 15 → 18: the step from the reading before counts.
        assert_eq!((summary.count, summary.rise), (2, 8.0));
        // The reading before is older than the lookback: it does not step in.
        let late = Period { start: LOOKBACK_MS + HOUR_MS + 1, end: LOOKBACK_MS + 2 * HOUR_MS, shift: None };
        let spans = vec![minute(0, 10.0), minute(LOOKBACK_MS + HOUR_MS + MINUTE_MS, 15.0)];
        assert_eq!(of_period(&spans, &late, i64::MAX).unwrap().rise, 0.0);
        // A period not begun has nothing; one without readings neither.
        assert_eq!(of_period(&spans, &period, HOUR_MS), None);
        assert_eq!(of_period(&[], &period, i64::MAX), None);
    }

    #[test]
    fn ranges_are_aligned_outward_to_the_width() {
        assert_eq!(align_down(HOUR_MS + 5, Width::Hour), HOUR_MS);
        assert_eq!(align_up(HOUR_MS + 5, Width::Hour), 2 * HOUR_MS);
        assert_eq!(align_up(HOUR_MS, Width::Hour), HOUR_MS);
    }
}
