//! Signal values: the latest value of each signal and its history.
//!
//! Ingest writes in batches (one transaction, multi-row statements), because a gateway fleet sends tens of
//! thousands of values a second and one statement per value would be the bottleneck. History keeps one row per
//! signal and time, so a redelivered or replayed reading is stored once; the latest value is replaced only by a
//! newer one, so a late replay never hides a fresher value.

use crate::Store;
use sqlx::Row;
use std::collections::{BTreeSet, HashMap};

/// How far after the server's clock a reading may be dated before it is taken as the gateway's clock running
/// ahead: it is then stored at its arrival time (see `ironsight::link::ingest`).
pub const FUTURE_TOLERANCE_MS: i64 = 60_000;

/// A value as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoredReading {
    pub signal_id: i64,
    pub equipment_id: i64,
    /// Time of the reading, ms since the epoch.
    pub t: i64,
    pub v: Option<f64>,
    pub good: bool,
    /// The console code of the device error behind a bad reading.
    pub error_code: Option<i64>,
}

/// History rows in: one JSON array parameter of `[signal_id, t, v, good]` rows, unpacked by the database.
///
/// Why JSON and not a multi-row `VALUES ($1, $2, …)`: a statement whose text depends on the batch size is parsed
/// and planned anew for every batch, and SQLite looks each of thousands of `$N` parameters up by name in a list
/// (quadratic: it was three quarters of the server's CPU during ingest). One text parameter keeps the statement
/// the same for every batch, so it is prepared once and cached, and it binds no `Option<f64>` (see the crate
/// docs). Both databases unpack JSON natively; the two texts differ only in how.
const HISTORY_SQLITE: &str = "INSERT INTO signal_history (signal_id, t, v, good) \
     SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each($1) WHERE true \
     ON CONFLICT (signal_id, t) DO NOTHING";
const HISTORY_POSTGRES: &str = "INSERT INTO signal_history (signal_id, t, v, good) \
     SELECT (e ->> 0)::BIGINT, (e ->> 1)::BIGINT, (e ->> 2)::DOUBLE PRECISION, (e ->> 3)::BIGINT \
     FROM json_array_elements($1::json) AS e \
     ON CONFLICT (signal_id, t) DO NOTHING";

/// Latest values in: rows of `[signal_id, equipment_id, t, v, good, error_code]`, replacing only older values.
/// (`WHERE true` in SQLite's form: its parser needs it between a `SELECT` and `ON CONFLICT`.)
const LATEST_SQLITE: &str = "INSERT INTO signal_latest (signal_id, equipment_id, t, v, good, error_code) \
     SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each($1) WHERE true \
     ON CONFLICT (signal_id) DO UPDATE SET equipment_id = excluded.equipment_id, t = excluded.t, \
     v = excluded.v, good = excluded.good, error_code = excluded.error_code WHERE excluded.t > signal_latest.t";
const LATEST_POSTGRES: &str = "INSERT INTO signal_latest (signal_id, equipment_id, t, v, good, error_code) \
     SELECT (e ->> 0)::BIGINT, (e ->> 1)::BIGINT, (e ->> 2)::BIGINT, (e ->> 3)::DOUBLE PRECISION, \
     (e ->> 4)::BIGINT, (e ->> 5)::BIGINT FROM json_array_elements($1::json) AS e \
     ON CONFLICT (signal_id) DO UPDATE SET equipment_id = excluded.equipment_id, t = excluded.t, \
     v = excluded.v, good = excluded.good, error_code = excluded.error_code WHERE excluded.t > signal_latest.t";

/// The history rows of a batch as the JSON array the statements unpack, in (signal, time) order: concurrent
/// writers then take their rows' locks in one order and cannot deadlock, and the index is filled in order. Values are finite (ingest drops NaN and
/// infinities, which JSON cannot carry), so every number survives the round trip exactly.
fn history_json(batch: &[StoredReading]) -> String {
    let mut rows: Vec<(i64, i64, Option<f64>, i64)> =
        batch.iter().map(|r| (r.signal_id, r.t, r.v.filter(|v| v.is_finite()), i64::from(r.good))).collect();
    rows.sort_unstable_by_key(|r| (r.0, r.1));
    serde_json::to_string(&rows).expect("numbers serialise")
}

/// `[signal_id, equipment_id, t, v, good, error_code]`, as [`LATEST_SQLITE`] and [`LATEST_POSTGRES`] read it.
type LatestRow = (i64, i64, i64, Option<f64>, i64, Option<i64>);

/// The newest reading of each signal in the batch, as the JSON array the latest-value statements unpack, in
/// signal order (see [`history_json`]). One row per signal: PostgreSQL refuses to update a row twice in one upsert.
fn latest_json(batch: &[StoredReading]) -> String {
    let mut newest: HashMap<i64, &StoredReading> = HashMap::new();
    for r in batch {
        match newest.get(&r.signal_id) {
            Some(seen) if seen.t >= r.t => {}
            _ => {
                newest.insert(r.signal_id, r);
            }
        }
    }
    let mut rows: Vec<LatestRow> = newest
        .into_values()
        .map(|r| (r.signal_id, r.equipment_id, r.t, r.v.filter(|v| v.is_finite()), i64::from(r.good), r.error_code))
        .collect();
    rows.sort_unstable_by_key(|r| r.0);
    serde_json::to_string(&rows).expect("numbers serialise")
}

/// The minutes a batch's good readings fall in, `(signal_id, minute start)`: what their roll-ups are made from.
fn rolled_minutes(batch: &[StoredReading]) -> BTreeSet<(i64, i64)> {
    batch
        .iter()
        .filter(|r| r.good && r.v.is_some_and(f64::is_finite))
        .map(|r| (r.signal_id, crate::rollups::minute_of(r.t)))
        .collect()
}

impl Store {
    /// Writes a batch: every reading into history (duplicates ignored), the newest per signal into the latest
    /// table (only when newer than what is there), and the minutes whose roll-ups it changes marked
    /// ([`crate::rollups`]). One transaction, three statements whatever the batch size.
    pub async fn write_readings(&self, batch: &[StoredReading]) -> anyhow::Result<()> {
        self.write_batch(batch, true).await
    }

    /// [`Store::write_readings`] without marking minutes for roll-up: only for `make bench`'s figure of what
    /// the roll-ups cost ingest (reports would miss these readings' minutes once the history is pruned).
    #[doc(hidden)]
    pub async fn write_readings_unmarked_for_bench(&self, batch: &[StoredReading]) -> anyhow::Result<()> {
        self.write_batch(batch, false).await
    }

    async fn write_batch(&self, batch: &[StoredReading], mark: bool) -> anyhow::Result<()> {
        if batch.is_empty() {
            return Ok(());
        }
        let (history, latest) = match self.backend() {
            crate::Backend::Sqlite => (HISTORY_SQLITE, LATEST_SQLITE),
            crate::Backend::Postgres => (HISTORY_POSTGRES, LATEST_POSTGRES),
        };
        let (history_rows, latest_rows) = (history_json(batch), latest_json(batch));
        let now = crate::now_ms();
        let marks = if mark { self.recent_marks.to_mark(&rolled_minutes(batch), now) } else { Vec::new() };
        let mut tx = self.begin_write().await?;
        sqlx::query(history).bind(history_rows).execute(&mut *tx).await?;
        sqlx::query(latest).bind(latest_rows).execute(&mut *tx).await?;
        self.mark_minutes(&mut tx, &marks).await?;
        tx.commit().await?;
        self.recent_marks.remember(&marks, now);
        Ok(())
    }

    /// The latest values of every signal of an equipment (signals that still exist).
    pub async fn latest_readings(&self, equipment_id: i64) -> anyhow::Result<Vec<StoredReading>> {
        let rows = sqlx::query(
            "SELECT l.signal_id, l.equipment_id, l.t, l.v, l.good, l.error_code FROM signal_latest l \
             JOIN signals s ON s.id = l.signal_id AND s.equipment_id = l.equipment_id WHERE l.equipment_id = $1",
        )
        .bind(equipment_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(StoredReading {
                    signal_id: r.try_get("signal_id")?,
                    equipment_id: r.try_get("equipment_id")?,
                    t: r.try_get("t")?,
                    v: r.try_get("v")?,
                    good: r.try_get::<i64, _>("good")? != 0,
                    error_code: r.try_get("error_code")?,
                })
            })
            .collect()
    }

    /// How many history rows signal `signal_id` has in `[from, to]`.
    pub async fn history_count(&self, signal_id: i64, from: i64, to: i64) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM signal_history WHERE signal_id = $1 AND t >= $2 AND t <= $3")
            .bind(signal_id)
            .bind(from)
            .bind(to)
            .fetch_one(self.pool())
            .await?)
    }

    /// History rows of the signals `first..=last` dated `from..=to`: for `make bench`'s Sparkplug figure, which
    /// counts what its edge nodes' values became. The bench's signals are made one after another, so their ids are
    /// one range, and the primary key (signal_id, t) keeps the count to their rows.
    #[doc(hidden)]
    pub async fn history_count_of_signals(&self, first: i64, last: i64, from: i64, to: i64) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM signal_history WHERE signal_id >= $1 AND signal_id <= $2 AND t >= $3 AND t <= $4",
        )
        .bind(first)
        .bind(last)
        .bind(from)
        .bind(to)
        .fetch_one(self.pool())
        .await?)
    }
}

/// History points of one signal as a JSON array `[[t, v, good], …]` built by the database, oldest first.
///
/// A history answer holds up to 200,000 points. Fetched as rows, each would cross from the database driver to the
/// server on its own (sqlx hands SQLite rows over one at a time from its worker thread), which took most of half a
/// second; aggregated by the database, one text per signal crosses.
///
/// SQLite writes a REAL into JSON with 15 significant digits, which changes values (and turns the largest doubles
/// into numbers out of range), so its values are formatted with 17, which always round-trip; PostgreSQL's output
/// is exact already.
const HISTORY_JSON_SQLITE: &str = "SELECT COALESCE(json_group_array(json_array(t, \
     CASE WHEN v IS NULL THEN NULL ELSE json(printf('%!.17g', v)) END, \
     json(CASE WHEN good = 1 THEN 'true' ELSE 'false' END)) ORDER BY t), '[]') AS points FROM \
     (SELECT t, v, good FROM signal_history WHERE signal_id = $1 AND t >= $2 AND t <= $3 ORDER BY t LIMIT $4)";
const HISTORY_JSON_POSTGRES: &str = "SELECT COALESCE(json_agg(json_build_array(t, v, good = 1) ORDER BY t), \
     '[]'::json)::TEXT AS points FROM \
     (SELECT t, v, good FROM signal_history WHERE signal_id = $1 AND t >= $2 AND t <= $3 ORDER BY t LIMIT $4) h";

/// Buckets of one signal as a JSON array `[[bucket, lo, hi], …]`, for the same reason.
const BUCKETS_JSON_SQLITE: &str = "SELECT COALESCE(json_group_array(json_array(bucket, \
     CASE WHEN lo IS NULL THEN NULL ELSE json(printf('%!.17g', lo)) END, \
     CASE WHEN hi IS NULL THEN NULL ELSE json(printf('%!.17g', hi)) END) ORDER BY bucket), '[]') AS buckets FROM (SELECT (t - $2) / $4 AS bucket, MIN(v) AS lo, MAX(v) AS hi FROM signal_history \
     WHERE signal_id = $1 AND t >= $2 AND t <= $3 GROUP BY 1)";
const BUCKETS_JSON_POSTGRES: &str = "SELECT COALESCE(json_agg(json_build_array(bucket, lo, hi) ORDER BY bucket), \
     '[]'::json)::TEXT AS buckets FROM (SELECT (t - $2) / $4 AS bucket, MIN(v) AS lo, MAX(v) AS hi \
     FROM signal_history WHERE signal_id = $1 AND t >= $2 AND t <= $3 GROUP BY 1) b";

impl Store {
    /// History of one signal in `[from, to]`, oldest first, at most `limit` points, as the JSON text
    /// `[[t, v, good], …]` (`v` null for a reading without value, `good` a boolean).
    pub async fn history_points_json(&self, signal_id: i64, from: i64, to: i64, limit: i64) -> anyhow::Result<String> {
        let sql = match self.backend() {
            crate::Backend::Sqlite => HISTORY_JSON_SQLITE,
            crate::Backend::Postgres => HISTORY_JSON_POSTGRES,
        };
        Ok(sqlx::query_scalar(sql).bind(signal_id).bind(from).bind(to).bind(limit).fetch_one(self.pool()).await?)
    }

    /// History of one signal in `[from, to]` reduced to buckets of `width_ms`: per bucket its start time, the
    /// lowest and the highest value, so a spike survives any zoom level. Empty buckets are left out.
    pub async fn history_buckets(
        &self,
        signal_id: i64,
        from: i64,
        to: i64,
        width_ms: i64,
    ) -> anyhow::Result<Vec<(i64, Option<f64>, Option<f64>)>> {
        let sql = match self.backend() {
            crate::Backend::Sqlite => BUCKETS_JSON_SQLITE,
            crate::Backend::Postgres => BUCKETS_JSON_POSTGRES,
        };
        let width = width_ms.max(1);
        let text: String =
            sqlx::query_scalar(sql).bind(signal_id).bind(from).bind(to).bind(width).fetch_one(self.pool()).await?;
        let buckets: Vec<(i64, Option<f64>, Option<f64>)> = serde_json::from_str(&text)?;
        Ok(buckets.into_iter().map(|(bucket, lo, hi)| (from + bucket * width, lo, hi)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::{StoredReading, history_json, latest_json};

    fn reading(signal_id: i64, t: i64, v: Option<f64>) -> StoredReading {
        StoredReading { signal_id, equipment_id: 7, t, v, good: true, error_code: None }
    }

    #[test]
    fn history_rows_keep_every_reading_and_exact_values() {
        let text =
            history_json(&[reading(1, 10, Some(0.1 + 0.2)), reading(1, 11, None), reading(2, 10, Some(f64::NAN))]);
        let rows: Vec<(i64, i64, Option<f64>, i64)> = serde_json::from_str(&text).unwrap();
        assert_eq!(rows, vec![(1, 10, Some(0.1 + 0.2), 1), (1, 11, None, 1), (2, 10, None, 1)]);
    }

    #[test]
    fn latest_rows_keep_the_newest_reading_of_each_signal() {
        let text = latest_json(&[reading(1, 12, Some(3.0)), reading(1, 11, Some(2.0)), reading(2, 5, Some(1.0))]);
        let mut rows: Vec<super::LatestRow> = serde_json::from_str(&text).unwrap();
        rows.sort_by_key(|r| r.0);
        assert_eq!(rows, vec![(1, 7, 12, Some(3.0), 1, None), (2, 7, 5, Some(1.0), 1, None)]);
    }
}
