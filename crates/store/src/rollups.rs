//! The minute and hour roll-ups of signal history ([`ironsight_domain::rollup::Summary`]), kept by the database so
//! a report reads a few hundred rows per column.
//!
//! How they stay true without slowing ingest down:
//! - Ingest marks each minute it writes into (`rollup_pending`), in the same transaction as the readings. While a
//!   minute is current a signal's minute is marked once per server ([`RecentMarks`]): at 1 reading a second that
//!   is one small write per 60 readings. A reading older than that (a gateway replaying its buffer) marks its
//!   minute every time, so a late reading is never missed.
//! - The roll-up worker ([`Store::roll_up`]) takes marked minutes once they have settled ([`SETTLE_MS`]), makes
//!   their minute rows again from history and the hour rows they fall in from the minutes, then writes them and
//!   drops the marks in one short transaction. The reading and computing happen before it, so the worker never
//!   holds the database's write lock for more than a few statements (on SQLite every other writer, a login's
//!   session too, waits for it). Each marking gives the mark a new token ([`mark_token`]); the worker drops only
//!   the marks whose token is still the one it read, so a reading that arrived while it computed leaves its
//!   minute marked for the next run, even when another worker dropped the mark and the reading made it anew.
//! - A report reads marked minutes from history ([`Store::summaries`]), so what it shows is never older than the
//!   readings, whether or not the worker has run.

use crate::Store;
use ironsight_domain::rollup::{HOUR_MS, MINUTE_MS, Summary};
use sqlx::Row;
use sqlx::any::AnyRow;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::Mutex;

mod sql;

/// How long after its end a minute is left to settle before the worker rolls it up: readings of the current minute
/// keep arriving for a while (gateways batch), and each would otherwise mark it again.
pub const SETTLE_MS: i64 = 3 * MINUTE_MS;
/// How long this server trusts its memory that a minute is marked: longer than a writer's transaction, shorter
/// than [`SETTLE_MS`] minus a minute, so the worker cannot take a minute's mark while a reading is still being
/// let through without one.
const REMEMBER_MS: i64 = 90_000;
/// Most marks one worker run takes, to keep its transaction short.
pub const MARKS_PER_RUN: i64 = 5_000;

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

/// A marking's token: never the same twice in this process (the time in ms and a counter), and later ones larger,
/// so a mark dropped and made again never carries the token a worker read before (which would let that worker
/// drop the new mark and leave its minute's roll-up stale).
fn mark_token() -> i64 {
    static COUNTER: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    crate::now_ms() * 1_000_000 + n.rem_euclid(1_000_000)
}

/// The minute a time falls in.
pub fn minute_of(t: i64) -> i64 {
    t - t.rem_euclid(MINUTE_MS)
}

/// Spans of `width` as runs of consecutive spans per signal, `[signal_id, from, to]`, as the runs queries read
/// them: a replayed day of one signal is one range read, not 1,440.
fn runs(spans: &BTreeSet<(i64, i64)>, width: i64) -> Vec<(i64, i64, i64)> {
    let mut runs: Vec<(i64, i64, i64)> = Vec::new();
    for &(signal, start) in spans {
        match runs.last_mut() {
            Some(run) if run.0 == signal && run.2 == start => run.2 = start + width,
            _ => runs.push((signal, start, start + width)),
        }
    }
    runs
}

/// Roll-up rows as the bulk statement reads them (see [`sql::put`]).
type PutRow = (i64, i64, i64, f64, f64, f64, i64, f64, i64, f64, f64, i64, f64, i64);

fn put_row(signal_id: i64, s: &Summary) -> PutRow {
    (
        signal_id,
        s.start,
        s.count,
        s.sum,
        s.min,
        s.max,
        s.first_t,
        s.first_v,
        s.last_t,
        s.last_v,
        s.rise,
        s.drops,
        s.dropped_from,
        s.on_ms,
    )
}

/// Spans of a width keyed by `(signal_id, start)`: `Some` to write, `None` to remove.
type Spans = BTreeMap<(i64, i64), Option<Summary>>;

/// What a roll-up took: its marks `(signal_id, start_t, token)` and the minutes and hours it made of them.
struct Taken {
    marks: Vec<(i64, i64, i64)>,
    minutes: Spans,
    hours: Spans,
}

fn json<T: serde::Serialize>(rows: &T) -> String {
    serde_json::to_string(rows).expect("numbers serialise")
}

impl Store {
    /// Marks the minutes of `minutes` this server has not marked lately, inside the writer's transaction; the
    /// caller remembers them once it commits ([`RecentMarks::remember`]).
    pub(crate) async fn mark_minutes(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        minutes: &[(i64, i64)],
    ) -> Result<(), sqlx::Error> {
        if !minutes.is_empty() {
            sqlx::query(sql::mark(self.backend())).bind(json(&minutes)).bind(mark_token()).execute(&mut **tx).await?;
        }
        Ok(())
    }

    /// The minute summaries of the given minutes, made from history (`None`: no good reading).
    async fn minutes_from_history<'e, E>(
        &self,
        executor: E,
        minutes: &BTreeSet<(i64, i64)>,
    ) -> Result<Spans, sqlx::Error>
    where
        E: sqlx::Executor<'e, Database = sqlx::Any>,
    {
        let mut readings: BTreeMap<(i64, i64), Vec<(i64, f64)>> = BTreeMap::new();
        if !minutes.is_empty() {
            let rows = sqlx::query(sql::readings_of_runs(self.backend()))
                .bind(json(&runs(minutes, MINUTE_MS)))
                .fetch_all(executor)
                .await?;
            for row in rows {
                let points: String = row.try_get("points")?;
                let points: Vec<(i64, f64)> =
                    serde_json::from_str(&points).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
                readings.insert((row.try_get("signal_id")?, row.try_get("minute")?), points);
            }
        }
        Ok(minutes
            .iter()
            .map(|&(signal, start)| {
                let summary =
                    readings.get(&(signal, start)).and_then(|r| Summary::of_readings(start, start + MINUTE_MS, r));
                ((signal, start), summary)
            })
            .collect())
    }

    /// The stored minute rows of the given hours, by `(signal_id, start)`.
    async fn minutes_of_hours<'e, E>(
        &self,
        executor: E,
        hours: &BTreeSet<(i64, i64)>,
    ) -> Result<BTreeMap<(i64, i64), Summary>, sqlx::Error>
    where
        E: sqlx::Executor<'e, Database = sqlx::Any>,
    {
        let mut minutes = BTreeMap::new();
        if hours.is_empty() {
            return Ok(minutes);
        }
        let rows = sqlx::query(&sql::minutes_of_runs(self.backend()))
            .bind(json(&runs(hours, HOUR_MS)))
            .fetch_all(executor)
            .await?;
        for row in rows {
            let summary = summary_from_row(&row, Width::Minute)?;
            minutes.insert((row.try_get("signal_id")?, summary.start), summary);
        }
        Ok(minutes)
    }

    /// Writes and removes roll-up rows of one width.
    async fn put_spans(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        width: Width,
        spans: &Spans,
    ) -> Result<(), sqlx::Error> {
        let put: Vec<PutRow> =
            spans.iter().filter_map(|(&(signal, _), s)| s.as_ref().map(|s| put_row(signal, s))).collect();
        let removed: Vec<(i64, i64)> = spans.iter().filter(|(_, s)| s.is_none()).map(|(k, _)| *k).collect();
        if !put.is_empty() {
            sqlx::query(&sql::put(self.backend(), width.table())).bind(json(&put)).execute(&mut **tx).await?;
        }
        if !removed.is_empty() {
            sqlx::query(&sql::remove(self.backend(), width.table())).bind(json(&removed)).execute(&mut **tx).await?;
        }
        Ok(())
    }

    /// Rolls up at most [`MARKS_PER_RUN`] marked minutes that started before `settled_before`: their minute rows
    /// made again from history, the hours they fall in from their minutes, each kind written in one statement in
    /// one short transaction with the marks dropped (see the module's note). Returns how many it took; the worker
    /// runs it again while it takes a full batch.
    pub async fn roll_up(&self, settled_before: i64) -> anyhow::Result<usize> {
        let taken = self.take_marks(settled_before).await?;
        self.put_taken(taken, settled_before.saturating_add(SETTLE_MS)).await
    }

    /// A roll-up's first half, outside any transaction: the settled marks and what their minutes and hours are now.
    async fn take_marks(&self, settled_before: i64) -> anyhow::Result<Taken> {
        let rows = sqlx::query(
            "SELECT signal_id, start_t, seq FROM rollup_pending WHERE start_t < $1 ORDER BY start_t LIMIT $2",
        )
        .bind(settled_before)
        .bind(MARKS_PER_RUN)
        .fetch_all(self.pool())
        .await?;
        let marks: Vec<(i64, i64, i64)> = rows
            .iter()
            .map(|r| Ok((r.try_get("signal_id")?, r.try_get("start_t")?, r.try_get("seq")?)))
            .collect::<Result<_, sqlx::Error>>()?;
        let minutes: BTreeSet<(i64, i64)> = marks.iter().map(|m| (m.0, m.1)).collect();
        let fresh = self.minutes_from_history(self.pool(), &minutes).await?;
        let hours: BTreeSet<(i64, i64)> = minutes.iter().map(|&(signal, start)| (signal, hour_of(start))).collect();
        let stored = self.minutes_of_hours(self.pool(), &hours).await?;
        let hours = fold_hours(&hours, &stored, &fresh);
        Ok(Taken { marks, minutes: fresh, hours })
    }

    /// A roll-up's second half, at `now`: one short write transaction, which also drops the generated reports a
    /// late minute makes stale (`crate::report_archive`).
    async fn put_taken(&self, taken: Taken, now: i64) -> anyhow::Result<usize> {
        let mut tx = self.begin_write().await?;
        self.put_spans(&mut tx, Width::Minute, &taken.minutes).await?;
        self.put_spans(&mut tx, Width::Hour, &taken.hours).await?;
        if !taken.marks.is_empty() {
            sqlx::query(sql::unmark(self.backend())).bind(json(&taken.marks)).execute(&mut *tx).await?;
            let minutes: Vec<(i64, i64)> = taken.marks.iter().map(|m| (m.0, m.1)).collect();
            self.drop_stale_archives(&mut tx, &minutes, now).await?;
        }
        tx.commit().await?;
        Ok(taken.marks.len())
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
        let fresh = self.minutes_from_history(self.pool(), &marked).await?;
        let changed = match width {
            Width::Minute => fresh,
            Width::Hour => {
                let hours: BTreeSet<(i64, i64)> =
                    marked.iter().map(|&(signal, start)| (signal, hour_of(start))).collect();
                let stored = self.minutes_of_hours(self.pool(), &hours).await?;
                fold_hours(&hours, &stored, &fresh)
            }
        };
        for ((_, start), summary) in changed {
            match summary {
                Some(summary) => spans.insert(start, summary),
                None => spans.remove(&start),
            };
        }
        Ok(spans.into_values().collect())
    }

    /// The stored roll-ups of a signal in `[from, to)`, by start.
    async fn rolled(&self, signal_id: i64, from: i64, to: i64, width: Width) -> anyhow::Result<BTreeMap<i64, Summary>> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM {} WHERE signal_id = $1 AND start_t >= $2 AND start_t < $3 ORDER BY start_t",
            sql::COLUMNS,
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

/// The hour a time falls in.
fn hour_of(t: i64) -> i64 {
    t - t.rem_euclid(HOUR_MS)
}

/// The hours' summaries folded from their minutes: the stored ones, with `fresh` ones (made from history) in
/// place of the stored where given.
fn fold_hours(hours: &BTreeSet<(i64, i64)>, stored: &BTreeMap<(i64, i64), Summary>, fresh: &Spans) -> Spans {
    hours
        .iter()
        .map(|&(signal, hour)| {
            let range = (signal, hour)..(signal, hour + HOUR_MS);
            let mut minutes: BTreeMap<i64, Summary> = stored.range(range.clone()).map(|(k, s)| (k.1, *s)).collect();
            for (&(_, start), summary) in fresh.range(range) {
                match summary {
                    Some(summary) => minutes.insert(start, *summary),
                    None => minutes.remove(&start),
                };
            }
            let parts: Vec<Summary> = minutes.into_values().collect();
            ((signal, hour), Summary::of_period(None, &parts, hour, hour + HOUR_MS))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_minutes_are_read_as_runs_of_consecutive_minutes_per_signal() {
        let minutes: BTreeSet<(i64, i64)> = [(1, 0), (1, 60_000), (1, 180_000), (2, 60_000)].into_iter().collect();
        assert_eq!(runs(&minutes, MINUTE_MS), vec![(1, 0, 120_000), (1, 180_000, 240_000), (2, 60_000, 120_000)]);
    }

    /// Two workers take the same mark; one finishes, then a late reading marks the minute again, then the other
    /// finishes with what it read before: the new mark stays, so the late reading is rolled up by the next run and
    /// read from history until then.
    #[tokio::test]
    async fn a_worker_that_read_before_a_late_reading_leaves_its_mark() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::connect(&format!("sqlite://{}/t.db?mode=rwc", dir.path().display())).await.unwrap();
        let minute = minute_of(crate::now_ms()) - 60 * MINUTE_MS;
        let reading = |t: i64, v: f64| crate::readings::StoredReading {
            signal_id: 1,
            equipment_id: 1,
            t,
            v: Some(v),
            good: true,
            error_code: None,
        };
        store.write_readings(&[reading(minute + 1_000, 5.0)]).await.unwrap();
        let slow = store.take_marks(i64::MAX).await.unwrap();
        assert_eq!(store.roll_up(i64::MAX).await.unwrap(), 1);
        store.write_readings(&[reading(minute + 2_000, 9.0)]).await.unwrap();
        store.put_taken(slow, crate::now_ms()).await.unwrap();
        assert_eq!(store.pending_rollups(i64::MAX).await.unwrap(), 1, "the late reading's mark stays");
        let read = |width| {
            let store = store.clone();
            async move { store.summaries(1, minute, minute + MINUTE_MS, width).await.unwrap() }
        };
        assert_eq!(read(Width::Minute).await[0].max, 9.0, "read from history while marked");
        assert_eq!(store.roll_up(i64::MAX).await.unwrap(), 1);
        assert_eq!(read(Width::Minute).await[0].max, 9.0, "rolled up");
        store.close().await;
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
