//! A project's custom reports: a name, columns over any equipment of the project and its intermediate variables
//! (`ironsight_domain::report::CustomColumnDef`), the step a range view is cut in. Seen, like the project's pages,
//! by a viewer who sees every equipment of the project.

use crate::access::Viewer;
use crate::{Store, now_ms};
use ironsight_domain::report::CustomColumnDef;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A custom report.
#[derive(Clone, Debug, PartialEq)]
pub struct CustomReport {
    pub id: i64,
    pub project_id: i64,
    pub name: String,
    pub period_ms: i64,
    pub columns: Vec<CustomColumnDef>,
    pub gmt_create: i64,
}

/// What a save writes; the caller has checked the columns against the project.
pub struct CustomReportFields<'a> {
    pub name: &'a str,
    pub period_ms: i64,
    pub columns: &'a [CustomColumnDef],
}

fn from_row(r: &AnyRow) -> Result<CustomReport, sqlx::Error> {
    let columns: String = r.try_get("columns")?;
    Ok(CustomReport {
        id: r.try_get("id")?,
        project_id: r.try_get("project_id")?,
        name: r.try_get("name")?,
        period_ms: r.try_get("period_ms")?,
        columns: serde_json::from_str(&columns).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        gmt_create: r.try_get("created_ms")?,
    })
}

const COLUMNS: &str = "c.id, c.project_id, c.name, c.period_ms, c.columns, c.created_ms";

impl Store {
    /// The custom reports of a project the viewer sees whole, oldest first.
    pub async fn custom_reports(&self, viewer: &Viewer, project_id: i64) -> anyhow::Result<Vec<CustomReport>> {
        let covered = viewer.project_covered_sql("c.project_id");
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM custom_reports c WHERE c.org_id = $1 AND c.project_id = $2{covered} ORDER BY c.id"
        ))
        .bind(viewer.org_id)
        .bind(project_id)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
    }

    pub async fn custom_report(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<CustomReport>> {
        let covered = viewer.project_covered_sql("c.project_id");
        let row =
            sqlx::query(&format!("SELECT {COLUMNS} FROM custom_reports c WHERE c.org_id = $1 AND c.id = $2{covered}"))
                .bind(viewer.org_id)
                .bind(id)
                .fetch_optional(self.pool())
                .await?;
        Ok(row.as_ref().map(from_row).transpose()?)
    }

    /// Adds a custom report to a project the viewer sees whole; `None` when it does not.
    pub async fn add_custom_report(
        &self,
        viewer: &Viewer,
        project_id: i64,
        fields: &CustomReportFields<'_>,
    ) -> anyhow::Result<Option<i64>> {
        if !self.project_covered(viewer, project_id).await? {
            return Ok(None);
        }
        let now = now_ms();
        let id = sqlx::query_scalar(
            "INSERT INTO custom_reports (org_id, project_id, name, period_ms, columns, created_ms, updated_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id",
        )
        .bind(viewer.org_id)
        .bind(project_id)
        .bind(fields.name)
        .bind(fields.period_ms)
        .bind(serde_json::to_string(fields.columns)?)
        .bind(now)
        .fetch_one(self.pool())
        .await?;
        Ok(Some(id))
    }

    /// Changes a custom report the viewer sees (its project stays); `false` when there is none.
    pub async fn edit_custom_report(
        &self,
        viewer: &Viewer,
        id: i64,
        fields: &CustomReportFields<'_>,
    ) -> anyhow::Result<bool> {
        let covered = viewer.project_covered_sql("custom_reports.project_id");
        let done = sqlx::query(&format!(
            "UPDATE custom_reports SET name = $3, period_ms = $4, columns = $5, updated_ms = $6 \
             WHERE org_id = $1 AND id = $2{covered}"
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

    pub async fn delete_custom_report(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let covered = viewer.project_covered_sql("custom_reports.project_id");
        let done = sqlx::query(&format!("DELETE FROM custom_reports WHERE org_id = $1 AND id = $2{covered}"))
            .bind(viewer.org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }
}
