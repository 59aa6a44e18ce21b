//! Configuration pages of an equipment: the list (title and canvas size) and the designer's document. Scoped to
//! an organisation on every call; a page goes with its equipment (ON DELETE CASCADE).

use crate::{Store, now_ms};
use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A page as the page list shows it (the document is read by the designer, not listed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageSummary {
    pub id: i64,
    pub equipment_id: i64,
    pub title: String,
    pub width: i64,
    pub height: i64,
    /// Last change, ms since the epoch.
    pub updated: i64,
}

const COLUMNS: &str = "id, equipment_id, title, width, height, updated_ms";

fn page_from_row(r: &AnyRow) -> Result<PageSummary, sqlx::Error> {
    Ok(PageSummary {
        id: r.try_get("id")?,
        equipment_id: r.try_get("equipment_id")?,
        title: r.try_get("title")?,
        width: r.try_get("width")?,
        height: r.try_get("height")?,
        updated: r.try_get("updated_ms")?,
    })
}

impl Store {
    /// The pages of the organisation's equipment in the order they were made; `None` without the equipment.
    pub async fn pages_of(&self, org_id: i64, equipment_id: i64) -> anyhow::Result<Option<Vec<PageSummary>>> {
        if self.equipment(org_id, equipment_id).await?.is_none() {
            return Ok(None);
        }
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM config_pages WHERE org_id = $1 AND equipment_id = $2 ORDER BY id"
        ))
        .bind(org_id)
        .bind(equipment_id)
        .fetch_all(self.pool())
        .await?;
        Ok(Some(rows.iter().map(page_from_row).collect::<Result<_, _>>()?))
    }

    /// Adds an empty page to the organisation's equipment; `None` without the equipment.
    pub async fn add_page(
        &self,
        org_id: i64,
        equipment_id: i64,
        title: &str,
        width: i64,
        height: i64,
    ) -> anyhow::Result<Option<i64>> {
        let now = now_ms();
        // The equipment's organisation is checked in the same statement, so a page never lands on another's.
        let id = sqlx::query_scalar(
            "INSERT INTO config_pages (org_id, equipment_id, title, width, height, created_ms, updated_ms) \
             SELECT e.org_id, e.id, $1, $2, $3, $4, $4 FROM equipment e WHERE e.org_id = $5 AND e.id = $6 RETURNING id",
        )
        .bind(title)
        .bind(width)
        .bind(height)
        .bind(now)
        .bind(org_id)
        .bind(equipment_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(id)
    }

    /// Renames a page; false without such a page in the organisation.
    pub async fn rename_page(&self, org_id: i64, id: i64, title: &str) -> anyhow::Result<bool> {
        let done = sqlx::query("UPDATE config_pages SET title = $1, updated_ms = $2 WHERE org_id = $3 AND id = $4")
            .bind(title)
            .bind(now_ms())
            .bind(org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn delete_page(&self, org_id: i64, id: i64) -> anyhow::Result<bool> {
        let done = sqlx::query("DELETE FROM config_pages WHERE org_id = $1 AND id = $2")
            .bind(org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The organisation's home configuration page: its first page (the oldest), if it has any.
    pub async fn home_page(&self, org_id: i64) -> anyhow::Result<Option<PageSummary>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM config_pages WHERE org_id = $1 ORDER BY id LIMIT 1"))
            .bind(org_id)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.as_ref().map(page_from_row).transpose()?)
    }
}
