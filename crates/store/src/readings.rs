//! Signal values: the latest value of each signal and its history.
//!
//! Ingest writes in batches (one transaction, multi-row statements), because a gateway fleet sends tens of
//! thousands of values a second and one statement per value would be the bottleneck. History keeps one row per
//! signal and time, so a redelivered or replayed reading is stored once; the latest value is replaced only by a
//! newer one, so a late replay never hides a fresher value.

use crate::Store;
use serde::Serialize;
use sqlx::Row;
use std::collections::HashMap;

/// A value as stored.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
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

/// Rows per multi-row statement: 6 parameters each stays well under SQLite's and PostgreSQL's limits.
const ROWS_PER_STATEMENT: usize = 500;

/// `($1, $2, …), (…)` for `rows` rows of `columns` parameters.
fn placeholders(rows: usize, columns: usize) -> String {
    let mut text = String::with_capacity(rows * columns * 5);
    for r in 0..rows {
        if r > 0 {
            text.push_str(", ");
        }
        text.push('(');
        for c in 0..columns {
            if c > 0 {
                text.push_str(", ");
            }
            text.push('$');
            text.push_str(&(r * columns + c + 1).to_string());
        }
        text.push(')');
    }
    text
}

impl Store {
    /// Writes a batch: every reading into history (duplicates ignored), the newest per signal into the latest
    /// table (only when newer than what is there). One transaction.
    pub async fn write_readings(&self, batch: &[StoredReading]) -> anyhow::Result<()> {
        if batch.is_empty() {
            return Ok(());
        }
        let mut tx = self.pool().begin().await?;
        for chunk in batch.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO signal_history (signal_id, t, v, good) VALUES {} ON CONFLICT (signal_id, t) DO NOTHING",
                placeholders(chunk.len(), 4)
            );
            let mut query = sqlx::query(&sql);
            for r in chunk {
                query = query.bind(r.signal_id).bind(r.t).bind(r.v).bind(i64::from(r.good));
            }
            // Binds Option<f64>: not cached (see the crate docs).
            query.persistent(false).execute(&mut *tx).await?;
        }
        // One row per signal: PostgreSQL refuses to update a row twice in one upsert.
        let mut newest: HashMap<i64, &StoredReading> = HashMap::new();
        for r in batch {
            match newest.get(&r.signal_id) {
                Some(seen) if seen.t >= r.t => {}
                _ => {
                    newest.insert(r.signal_id, r);
                }
            }
        }
        let newest: Vec<&StoredReading> = newest.into_values().collect();
        for chunk in newest.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO signal_latest (signal_id, equipment_id, t, v, good, error_code) VALUES {} \
                 ON CONFLICT (signal_id) DO UPDATE SET equipment_id = excluded.equipment_id, t = excluded.t, \
                 v = excluded.v, good = excluded.good, error_code = excluded.error_code \
                 WHERE excluded.t > signal_latest.t",
                placeholders(chunk.len(), 6)
            );
            let mut query = sqlx::query(&sql);
            for r in chunk {
                query = query
                    .bind(r.signal_id)
                    .bind(r.equipment_id)
                    .bind(r.t)
                    .bind(r.v)
                    .bind(i64::from(r.good))
                    .bind(r.error_code);
            }
            query.persistent(false).execute(&mut *tx).await?;
        }
        tx.commit().await?;
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

    /// History of one signal in `[from, to]`, oldest first, at most `limit` rows: `(t, v, good)`.
    pub async fn history(
        &self,
        signal_id: i64,
        from: i64,
        to: i64,
        limit: i64,
    ) -> anyhow::Result<Vec<(i64, Option<f64>, bool)>> {
        let rows = sqlx::query(
            "SELECT t, v, good FROM signal_history WHERE signal_id = $1 AND t >= $2 AND t <= $3 ORDER BY t LIMIT $4",
        )
        .bind(signal_id)
        .bind(from)
        .bind(to)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(|r| Ok((r.try_get("t")?, r.try_get("v")?, r.try_get::<i64, _>("good")? != 0))).collect()
    }
}

impl Store {
    /// History of one signal in `[from, to]` reduced to buckets of `width_ms`: per bucket its start time, the
    /// lowest and the highest value, so a spike survives any zoom level. Empty buckets are left out.
    pub async fn history_buckets(
        &self,
        signal_id: i64,
        from: i64,
        to: i64,
        width_ms: i64,
    ) -> anyhow::Result<Vec<(i64, Option<f64>, Option<f64>)>> {
        let rows = sqlx::query(
            "SELECT (t - $2) / $4 AS bucket, MIN(v) AS lo, MAX(v) AS hi FROM signal_history \
             WHERE signal_id = $1 AND t >= $2 AND t <= $3 GROUP BY 1 ORDER BY 1",
        )
        .bind(signal_id)
        .bind(from)
        .bind(to)
        .bind(width_ms.max(1))
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| Ok((from + r.try_get::<i64, _>("bucket")? * width_ms.max(1), r.try_get("lo")?, r.try_get("hi")?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::placeholders;

    #[test]
    fn placeholders_number_every_parameter() {
        assert_eq!(placeholders(2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(placeholders(1, 1), "($1)");
    }
}
