//! Report definitions: a name, the columns (a signal of the equipment and a statistic each, see
//! `ironsight_domain::report`) and the step a range view is cut in. The numbers come from the roll-ups
//! ([`crate::rollups`]), read when a report is shown, so a definition covers any past period.

use crate::access::Viewer;
use crate::{Store, now_ms};
use ironsight_domain::report::ColumnDef;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A report definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub id: i64,
    pub equipment_id: i64,
    pub name: String,
    /// The step a range view is cut in (ms).
    pub period_ms: i64,
    pub columns: Vec<ColumnDef>,
    pub gmt_create: i64,
}

fn report_from_row(r: &AnyRow) -> Result<Report, sqlx::Error> {
    let columns: String = r.try_get("columns")?;
    Ok(Report {
        id: r.try_get("id")?,
        equipment_id: r.try_get("equipment_id")?,
        name: r.try_get("name")?,
        period_ms: r.try_get("period_ms")?,
        columns: serde_json::from_str(&columns).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        gmt_create: r.try_get("created_ms")?,
    })
}

const COLUMNS: &str = "id, equipment_id, name, period_ms, columns, created_ms";

/// What a report is saved with; the caller has checked the columns against the equipment's signals.
pub struct ReportFields<'a> {
    pub name: &'a str,
    pub period_ms: i64,
    pub columns: &'a [ColumnDef],
}

impl Store {
    /// Adds a report to an equipment the viewer sees. `None` when the viewer has no such equipment.
    pub async fn add_report(
        &self,
        viewer: &Viewer,
        equipment_id: i64,
        fields: &ReportFields<'_>,
    ) -> anyhow::Result<Option<i64>> {
        if !self.equipment_visible(viewer, equipment_id).await? {
            return Ok(None);
        }
        let now = now_ms();
        let id = sqlx::query_scalar(
            "INSERT INTO reports (org_id, equipment_id, name, period_ms, columns, created_ms, updated_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id",
        )
        .bind(viewer.org_id)
        .bind(equipment_id)
        .bind(fields.name)
        .bind(fields.period_ms)
        .bind(serde_json::to_string(fields.columns)?)
        .bind(now)
        .fetch_one(self.pool())
        .await?;
        Ok(Some(id))
    }

    /// Changes a report of an equipment the viewer sees (the equipment stays); `false` when there is none.
    pub async fn edit_report(&self, viewer: &Viewer, id: i64, fields: &ReportFields<'_>) -> anyhow::Result<bool> {
        let grant = viewer.grant_sql_on("reports.equipment_id");
        let done = sqlx::query(&format!(
            "UPDATE reports SET name = $3, period_ms = $4, columns = $5, updated_ms = $6 \
             WHERE org_id = $1 AND id = $2{grant}"
        ))
        .bind(viewer.org_id)
        .bind(id)
        .bind(fields.name)
        .bind(fields.period_ms)
        .bind(serde_json::to_string(fields.columns)?)
        .bind(now_ms())
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
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
}
