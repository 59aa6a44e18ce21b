//! The minute and hour roll-ups of signal history ([`ironsight_domain::rollup::Summary`]), kept by the database so
//! a report reads a few hundred rows per column.
//!
//! How they stay true without slowing ingest down:
//! - Ingest marks each minute it writes into (`rollup_pending`), in the same transaction as the readings. While a
//!   minute is current a signal's minute is marked once per server ([`RecentMarks`]): at 1 reading a second that
//!   is one small write per 60 readings. A reading older than that (a gateway replaying its buffer) marks its
//!   minute every time, so a late reading is never missed.
//! - The roll-up worker ([`Store::roll_up`]) takes marked minutes once they have settled ([`SETTLE_MS`]), makes
//!   their minute rows again from history and the hour rows they fall in from the minutes, and drops the marks,
//!   all in one transaction. On PostgreSQL, a writer marking a minute the worker is taking waits for the worker's
//!   transaction (the mark's key is locked by the delete) and then marks it again, so its readings are rolled up
//!   by the next run.
//! - A report reads marked minutes from history ([`Store::summaries`]), so what it shows is never older than the
//!   readings, whether or not the worker has run.

use crate::Store;
use ironsight_domain::rollup::{HOUR_MS, MINUTE_MS, Summary};
use sqlx::Row;
use sqlx::any::AnyRow;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::Mutex;

/// How long after its end a minute is left to settle before the worker rolls it up: readings of the current minute
/// keep arriving for a while (gateways batch), and each would otherwise mark it again.
pub const SETTLE_MS: i64 = 3 * MINUTE_MS;
/// How long this server trusts its memory that a minute is marked: longer than a writer's transaction, shorter
/// than [`SETTLE_MS`] minus a minute, so the worker cannot take a minute's mark while a reading is still being
/// let through without one.
const REMEMBER_MS: i64 = 90_000;
/// Most marks one worker run takes, to keep its transaction short.
pub const MARKS_PER_RUN: i64 = 500;

/// The roll-up width: a minute or an hour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    Minute,
    Hour,
}

impl Width {
    pub fn ms(self) -> i64 {
        match self {
            Width::Minute => MINUTE_MS,
            Width::Hour => HOUR_MS,
        }
    }

    fn table(self) -> &'static str {
        match self {
            Width::Minute => "signal_minutes",
            Width::Hour => "signal_hours",
        }
    }
}

/// The minutes this server has marked lately: `(signal_id, minute start)`.
#[derive(Debug, Default)]
pub struct RecentMarks(Mutex<HashSet<(i64, i64)>>);

impl RecentMarks {
    /// Of the minutes a batch wrote into, those to mark: all but the recent ones this server marked already.
    pub(crate) fn to_mark(&self, minutes: &BTreeSet<(i64, i64)>, now: i64) -> Vec<(i64, i64)> {
        let known = self.0.lock().unwrap_or_else(|e| e.into_inner());
        minutes.iter().filter(|m| !(m.1 >= now - REMEMBER_MS && known.contains(m))).copied().collect()
    }

    /// Remembers marks once their transaction committed (a mark remembered but not written would be lost), and
    /// forgets the ones too old to trust.
    pub(crate) fn remember(&self, marked: &[(i64, i64)], now: i64) {
        let mut known = self.0.lock().unwrap_or_else(|e| e.into_inner());
        known.retain(|m| m.1 >= now - REMEMBER_MS);
        known.extend(marked.iter().filter(|m| m.1 >= now - REMEMBER_MS));
    }
}

const MARK_SQLITE: &str = "INSERT INTO rollup_pending (signal_id, start_t) \
     SELECT value ->> 0, value ->> 1 FROM json_each($1) WHERE true ON CONFLICT DO NOTHING";
const MARK_POSTGRES: &str = "INSERT INTO rollup_pending (signal_id, start_t) \
     SELECT (e ->> 0)::BIGINT, (e ->> 1)::BIGINT FROM json_array_elements($1::json) AS e ON CONFLICT DO NOTHING";

/// Good readings of runs of minutes: `[signal_id, from, to]` rows in, `(signal_id, t, v)` out.
const RUNS_SQLITE: &str = "SELECT h.signal_id, h.t, h.v FROM json_each($1) r JOIN signal_history h \
     ON h.signal_id = r.value ->> 0 AND h.t >= r.value ->> 1 AND h.t < r.value ->> 2 \
     WHERE h.good = 1 AND h.v IS NOT NULL ORDER BY h.signal_id, h.t";
const RUNS_POSTGRES: &str = "SELECT h.signal_id, h.t, h.v FROM json_array_elements($1::json) r JOIN signal_history h \
     ON h.signal_id = (r ->> 0)::BIGINT AND h.t >= (r ->> 1)::BIGINT AND h.t < (r ->> 2)::BIGINT \
     WHERE h.good = 1 AND h.v IS NOT NULL ORDER BY h.signal_id, h.t";

const COLUMNS: &str = "start_t, summary_count, summary_sum, summary_min, summary_max, first_t, first_v, last_t, \
     last_v, rise, drops, dropped_from, on_ms";

fn summary_from_row(r: &AnyRow, width: Width) -> Result<Summary, sqlx::Error> {
    let start: i64 = r.try_get("start_t")?;
    Ok(Summary {
        start,
        end: start + width.ms(),
        count: r.try_get("summary_count")?,
        sum: r.try_get("summary_sum")?,
        min: r.try_get("summary_min")?,
        max: r.try_get("summary_max")?,
        first_t: r.try_get("first_t")?,
        first_v: r.try_get("first_v")?,
        last_t: r.try_get("last_t")?,
        last_v: r.try_get("last_v")?,
        rise: r.try_get("rise")?,
        drops: r.try_get("drops")?,
        dropped_from: r.try_get("dropped_from")?,
        on_ms: r.try_get("on_ms")?,
    })
}

/// The minute a time falls in.
pub fn minute_of(t: i64) -> i64 {
    t - t.rem_euclid(MINUTE_MS)
}

/// Marked minutes as runs of consecutive minutes per signal, `[signal_id, from, to]`, as the runs query reads them.
fn runs(minutes: &BTreeSet<(i64, i64)>) -> Vec<(i64, i64, i64)> {
    let mut runs: Vec<(i64, i64, i64)> = Vec::new();
    for &(signal, start) in minutes {
        match runs.last_mut() {
            Some(run) if run.0 == signal && run.2 == start => run.2 = start + MINUTE_MS,
            _ => runs.push((signal, start, start + MINUTE_MS)),
        }
    }
    runs
}

impl Store {
    /// Marks the minutes of `minutes` this server has not marked lately, inside the writer's transaction; the
    /// caller remembers them once it commits ([`RecentMarks::remember`]).
    pub(crate) async fn mark_minutes(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        minutes: &[(i64, i64)],
    ) -> Result<(), sqlx::Error> {
        if minutes.is_empty() {
            return Ok(());
        }
        let sql = match self.backend() {
            crate::Backend::Sqlite => MARK_SQLITE,
            crate::Backend::Postgres => MARK_POSTGRES,
        };
        let rows = serde_json::to_string(minutes).expect("integers serialise");
        sqlx::query(sql).bind(rows).execute(&mut **tx).await?;
        Ok(())
    }

    /// The good readings of the given minutes, per minute, in time order.
    async fn minute_readings<'e, E>(
        &self,
        executor: E,
        minutes: &BTreeSet<(i64, i64)>,
    ) -> Result<BTreeMap<(i64, i64), Vec<(i64, f64)>>, sqlx::Error>
    where
        E: sqlx::Executor<'e, Database = sqlx::Any>,
    {
        let mut readings: BTreeMap<(i64, i64), Vec<(i64, f64)>> = BTreeMap::new();
        if minutes.is_empty() {
            return Ok(readings);
        }
        let sql = match self.backend() {
            crate::Backend::Sqlite => RUNS_SQLITE,
            crate::Backend::Postgres => RUNS_POSTGRES,
        };
        let runs = serde_json::to_string(&runs(minutes)).expect("integers serialise");
        for row in sqlx::query(sql).bind(runs).fetch_all(executor).await? {
            let (signal, t): (i64, i64) = (row.try_get("signal_id")?, row.try_get("t")?);
            readings.entry((signal, minute_of(t))).or_default().push((t, row.try_get("v")?));
        }
        Ok(readings)
    }

    /// Rolls up at most [`MARKS_PER_RUN`] marked minutes that started before `settled_before`: their minute rows
    /// made again from history, the hours they fall in from their minutes. Returns how many it took; the worker
    /// runs it again while it takes a full batch.
    pub async fn roll_up(&self, settled_before: i64) -> anyhow::Result<usize> {
        let mut tx = self.begin_write().await?;
        let taken = sqlx::query(
            "DELETE FROM rollup_pending WHERE (signal_id, start_t) IN \
             (SELECT signal_id, start_t FROM rollup_pending WHERE start_t < $1 ORDER BY start_t LIMIT $2) \
             RETURNING signal_id, start_t",
        )
        .bind(settled_before)
        .bind(MARKS_PER_RUN)
        .fetch_all(&mut *tx)
        .await?;
        let minutes: BTreeSet<(i64, i64)> = taken
            .iter()
            .map(|r| Ok((r.try_get("signal_id")?, r.try_get("start_t")?)))
            .collect::<Result<_, sqlx::Error>>()?;
        let readings = self.minute_readings(&mut *tx, &minutes).await?;
        let mut hours = BTreeSet::new();
        for &(signal, start) in &minutes {
            let summary =
                readings.get(&(signal, start)).and_then(|r| Summary::of_readings(start, start + MINUTE_MS, r));
            put_summary(&mut tx, Width::Minute, signal, start, summary.as_ref()).await?;
            hours.insert((signal, start - start.rem_euclid(HOUR_MS)));
        }
        for (signal, hour) in hours {
            let parts = sqlx::query(&format!(
                "SELECT {COLUMNS} FROM signal_minutes WHERE signal_id = $1 AND start_t >= $2 AND start_t < $3 ORDER BY start_t"
            ))
            .bind(signal)
            .bind(hour)
            .bind(hour + HOUR_MS)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| summary_from_row(r, Width::Minute))
            .collect::<Result<Vec<_>, _>>()?;
            let summary = Summary::of_period(None, &parts, hour, hour + HOUR_MS);
            put_summary(&mut tx, Width::Hour, signal, hour, summary.as_ref()).await?;
        }
        tx.commit().await?;
        Ok(minutes.len())
    }

    /// The summaries of signal `signal_id` per `width` in `[from, to)` (`from` and `to` on the width's
    /// boundaries), oldest first, empty spans left out; minutes still marked are read from history, so nothing is
    /// missing that history holds.
    pub async fn summaries(&self, signal_id: i64, from: i64, to: i64, width: Width) -> anyhow::Result<Vec<Summary>> {
        // Marks first: a minute the worker rolls up between the two reads is then read from history, never missed.
        let marked: BTreeSet<(i64, i64)> = sqlx::query_scalar::<_, i64>(
            "SELECT start_t FROM rollup_pending WHERE signal_id = $1 AND start_t >= $2 AND start_t < $3",
        )
        .bind(signal_id)
        .bind(from)
        .bind(to)
        .fetch_all(self.pool())
        .await?
        .into_iter()
        .map(|start| (signal_id, start))
        .collect();
        let mut spans: BTreeMap<i64, Summary> = self.rolled(signal_id, from, to, width).await?;
        if marked.is_empty() {
            return Ok(spans.into_values().collect());
        }
        let readings = self.minute_readings(self.pool(), &marked).await?;
        let fresh = |start: i64| {
            readings.get(&(signal_id, start)).and_then(|r| Summary::of_readings(start, start + MINUTE_MS, r))
        };
        match width {
            Width::Minute => {
                for &(_, start) in &marked {
                    match fresh(start) {
                        Some(summary) => spans.insert(start, summary),
                        None => spans.remove(&start),
                    };
                }
            }
            Width::Hour => {
                let hours: BTreeSet<i64> = marked.iter().map(|m| m.1 - m.1.rem_euclid(HOUR_MS)).collect();
                for hour in hours {
                    let mut minutes = self.rolled(signal_id, hour, hour + HOUR_MS, Width::Minute).await?;
                    for &(_, start) in marked.range((signal_id, hour)..(signal_id, hour + HOUR_MS)) {
                        match fresh(start) {
                            Some(summary) => minutes.insert(start, summary),
                            None => minutes.remove(&start),
                        };
                    }
                    let parts: Vec<Summary> = minutes.into_values().collect();
                    match Summary::of_period(None, &parts, hour, hour + HOUR_MS) {
                        Some(summary) => spans.insert(hour, summary),
                        None => spans.remove(&hour),
                    };
                }
            }
        }
        Ok(spans.into_values().collect())
    }

    /// The stored roll-ups of a signal in `[from, to)`, by start.
    async fn rolled(&self, signal_id: i64, from: i64, to: i64, width: Width) -> anyhow::Result<BTreeMap<i64, Summary>> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM {} WHERE signal_id = $1 AND start_t >= $2 AND start_t < $3 ORDER BY start_t",
            width.table()
        ))
        .bind(signal_id)
        .bind(from)
        .bind(to)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| summary_from_row(r, width).map(|s| (s.start, s)))
            .collect::<Result<_, _>>()
            .map_err(Into::into)
    }

    /// How many minutes that started before `before` are marked and not yet rolled up (for tests and the bench).
    pub async fn pending_rollups(&self, before: i64) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM rollup_pending WHERE start_t < $1")
            .bind(before)
            .fetch_one(self.pool())
            .await?)
    }
}

/// Writes one roll-up row, or deletes it when its span has no good reading any more.
async fn put_summary(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    width: Width,
    signal_id: i64,
    start: i64,
    summary: Option<&Summary>,
) -> Result<(), sqlx::Error> {
    let table = width.table();
    let Some(s) = summary else {
        sqlx::query(&format!("DELETE FROM {table} WHERE signal_id = $1 AND start_t = $2"))
            .bind(signal_id)
            .bind(start)
            .execute(&mut **tx)
            .await?;
        return Ok(());
    };
    sqlx::query(&format!(
        "INSERT INTO {table} (signal_id, {COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
         ON CONFLICT (signal_id, start_t) DO UPDATE SET summary_count = excluded.summary_count, \
         summary_sum = excluded.summary_sum, summary_min = excluded.summary_min, summary_max = excluded.summary_max, \
         first_t = excluded.first_t, first_v = excluded.first_v, last_t = excluded.last_t, last_v = excluded.last_v, \
         rise = excluded.rise, drops = excluded.drops, dropped_from = excluded.dropped_from, on_ms = excluded.on_ms"
    ))
    .bind(signal_id)
    .bind(start)
    .bind(s.count)
    .bind(s.sum)
    .bind(s.min)
    .bind(s.max)
    .bind(s.first_t)
    .bind(s.first_v)
    .bind(s.last_t)
    .bind(s.last_v)
    .bind(s.rise)
    .bind(s.drops)
    .bind(s.dropped_from)
    .bind(s.on_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_minutes_are_read_as_runs_of_consecutive_minutes_per_signal() {
        let minutes: BTreeSet<(i64, i64)> = [(1, 0), (1, 60_000), (1, 180_000), (2, 60_000)].into_iter().collect();
        assert_eq!(runs(&minutes), vec![(1, 0, 120_000), (1, 180_000, 240_000), (2, 60_000, 120_000)]);
    }

    #[test]
    fn a_recent_minute_is_marked_once_an_old_one_every_time() {
        let marks = RecentMarks::default();
        let now = 10 * MINUTE_MS;
        let current: BTreeSet<(i64, i64)> = [(1, minute_of(now)), (1, minute_of(now - 5 * MINUTE_MS))].into();
        assert_eq!(marks.to_mark(&current, now).len(), 2);
        marks.remember(&marks.to_mark(&current, now), now);
        // The current minute is known now; the late one is marked again each time.
        assert_eq!(marks.to_mark(&current, now), vec![(1, minute_of(now - 5 * MINUTE_MS))]);
        // Past the time it is trusted, the current minute is marked again too.
        assert_eq!(marks.to_mark(&current, now + REMEMBER_MS + 1).len(), 2);
    }
}
