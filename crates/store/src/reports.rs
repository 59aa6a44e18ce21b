//! Report definitions and their sampling: a report is a chosen set of an equipment's signals read on a fixed
//! period; each cell is the last value recorded in its period (empty when the signal recorded nothing then).

use crate::access::Viewer;
use crate::{Store, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A report definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub id: i64,
    pub equipment_id: i64,
    pub name: String,
    pub period_ms: i64,
    pub signal_ids: Vec<i64>,
    pub gmt_create: i64,
}

fn report_from_row(r: &AnyRow) -> Result<Report, sqlx::Error> {
    let ids: String = r.try_get("signal_ids")?;
    Ok(Report {
        id: r.try_get("id")?,
        equipment_id: r.try_get("equipment_id")?,
        name: r.try_get("name")?,
        period_ms: r.try_get("period_ms")?,
        signal_ids: serde_json::from_str(&ids).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        gmt_create: r.try_get("created_ms")?,
    })
}

const COLUMNS: &str = "id, equipment_id, name, period_ms, signal_ids, created_ms";

impl Store {
    /// Adds a report to an equipment the viewer sees; the caller has checked that the signals are the
    /// equipment's. `None` when the viewer has no such equipment.
    pub async fn add_report(
        &self,
        viewer: &Viewer,
        equipment_id: i64,
        name: &str,
        period_ms: i64,
        signal_ids: &[i64],
    ) -> anyhow::Result<Option<i64>> {
        if !self.equipment_visible(viewer, equipment_id).await? {
            return Ok(None);
        }
        let org_id = viewer.org_id;
        let id = sqlx::query_scalar(
            "INSERT INTO reports (org_id, equipment_id, name, period_ms, signal_ids, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(org_id)
        .bind(equipment_id)
        .bind(name)
        .bind(period_ms)
        .bind(serde_json::to_string(signal_ids)?)
        .bind(now_ms())
        .fetch_one(self.pool())
        .await?;
        Ok(Some(id))
    }

    /// The reports of an equipment the viewer sees, oldest first.
    pub async fn reports(&self, viewer: &Viewer, equipment_id: i64) -> anyhow::Result<Vec<Report>> {
        let grant = viewer.grant_sql_on("reports.equipment_id");
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM reports WHERE org_id = $1 AND equipment_id = $2{grant} ORDER BY id"
        ))
        .bind(viewer.org_id)
        .bind(equipment_id)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(report_from_row).collect::<Result<_, _>>()?)
    }

    pub async fn report(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<Report>> {
        let grant = viewer.grant_sql_on("reports.equipment_id");
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM reports WHERE org_id = $1 AND id = $2{grant}"))
            .bind(viewer.org_id)
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.as_ref().map(report_from_row).transpose()?)
    }

    pub async fn delete_report(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let grant = viewer.grant_sql_on("reports.equipment_id");
        let done = sqlx::query(&format!("DELETE FROM reports WHERE org_id = $1 AND id = $2{grant}"))
            .bind(viewer.org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The last value of signal `signal_id` in each period of `period_ms` from `from` to `to`: `(period start,
    /// value)` for the periods that have one, oldest first.
    pub async fn sample_history(
        &self,
        signal_id: i64,
        from: i64,
        to: i64,
        period_ms: i64,
    ) -> anyhow::Result<Vec<(i64, Option<f64>)>> {
        let period = period_ms.max(1);
        let rows = sqlx::query(
            "SELECT m.bucket, h.v FROM signal_history h JOIN \
             (SELECT (t - $2) / $4 AS bucket, MAX(t) AS last_t FROM signal_history \
              WHERE signal_id = $1 AND t >= $2 AND t < $3 GROUP BY 1) m \
             ON h.signal_id = $1 AND h.t = m.last_t ORDER BY m.bucket",
        )
        .bind(signal_id)
        .bind(from)
        .bind(to)
        .bind(period)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(|r| Ok((from + r.try_get::<i64, _>("bucket")? * period, r.try_get("v")?))).collect()
    }
}
