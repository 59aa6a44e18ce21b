//! Configuration pages of an equipment: the list (title and canvas size) and the designer's document
//! (docs/page-document.md). Scoped to an organisation, and for a sub-account to its granted equipment, on every
//! call; a page goes with its equipment (ON DELETE CASCADE).

use crate::access::Viewer;
use crate::{Store, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A page as the page list shows it (the document is read by the designer, not listed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageSummary {
    pub id: i64,
    pub equipment_id: i64,
    pub title: String,
    pub width: i64,
    pub height: i64,
    /// Last change, ms since the epoch.
    pub updated: i64,
}

/// What a save of a page's document did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageSave {
    /// Stored; the new version (`updated`).
    Saved(i64),
    /// No such page the viewer sees.
    NotFound,
    /// The page is no longer the version the save was based on; `updated` is the stored one.
    Changed { updated: i64 },
}

/// A page with its document, as the viewer and the designer load it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageDetail {
    pub summary: PageSummary,
    /// The designer's JSON text, as it was saved (checked by `ironsight_domain::page::validate_document`).
    pub document: String,
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
    /// The pages of an equipment the viewer sees, in the order they were made; `None` without the equipment.
    pub async fn pages_of(&self, viewer: &Viewer, equipment_id: i64) -> anyhow::Result<Option<Vec<PageSummary>>> {
        if !self.equipment_visible(viewer, equipment_id).await? {
            return Ok(None);
        }
        let org_id = viewer.org_id;
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
        viewer: &Viewer,
        equipment_id: i64,
        title: &str,
        width: i64,
        height: i64,
    ) -> anyhow::Result<Option<i64>> {
        let now = now_ms();
        // The equipment's organisation is checked in the same statement, so a page never lands on another's.
        let sql = format!(
            "INSERT INTO config_pages (org_id, equipment_id, title, width, height, created_ms, updated_ms, document) \
             SELECT e.org_id, e.id, $1, $2, $3, $4, $4, $7 FROM equipment e WHERE e.org_id = $5 AND e.id = $6{} RETURNING id",
            viewer.grant_sql("e")
        );
        let id = sqlx::query_scalar(&sql)
            .bind(title)
            .bind(width)
            .bind(height)
            .bind(now)
            .bind(viewer.org_id)
            .bind(equipment_id)
            // The canvas the page was made with is the document's, so the viewer and the designer draw it at
            // that size before anything is saved (a document without `con` would be 1024 × 768).
            .bind(serde_json::json!({ "con": { "width": width, "height": height }, "widgets": [] }).to_string())
            .fetch_optional(self.pool())
            .await?;
        Ok(id)
    }

    /// Renames a page; false without such a page the viewer sees.
    pub async fn rename_page(&self, viewer: &Viewer, id: i64, title: &str) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE config_pages SET title = $1, updated_ms = $2 WHERE org_id = $3 AND id = $4{}",
            viewer.grant_sql_on("config_pages.equipment_id")
        );
        let done =
            sqlx::query(&sql).bind(title).bind(now_ms()).bind(viewer.org_id).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn delete_page(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let sql = format!(
            "DELETE FROM config_pages WHERE org_id = $1 AND id = $2{}",
            viewer.grant_sql_on("config_pages.equipment_id")
        );
        let done = sqlx::query(&sql).bind(viewer.org_id).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// One page with its document; `None` without such a page the viewer sees.
    pub async fn page_info(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<PageDetail>> {
        let sql = format!(
            "SELECT {COLUMNS}, document FROM config_pages WHERE org_id = $1 AND id = $2{}",
            viewer.grant_sql_on("config_pages.equipment_id")
        );
        let row = sqlx::query(&sql).bind(viewer.org_id).bind(id).fetch_optional(self.pool()).await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(PageDetail { summary: page_from_row(&row)?, document: row.try_get("document")? }))
    }

    /// Replaces a page's document and the canvas size it gives (the page list shows it) in one statement;
    /// answers the change time in ms, or `None`, changing nothing, without such a page the viewer sees. The
    /// caller has checked the document.
    ///
    /// With `base` (the version the editor opened, its `updated`), the page is saved only if it is still that
    /// version, in the same statement, so of two editors saving the same page the second hears of the first
    /// ([`PageSave::Changed`]) instead of overwriting it unseen. Each save's `updated` is later than the one before,
    /// even within a millisecond, so it names the version.
    pub async fn save_page_document(
        &self,
        viewer: &Viewer,
        id: i64,
        document: &str,
        (width, height): (i64, i64),
        base: Option<i64>,
    ) -> anyhow::Result<PageSave> {
        let grant = viewer.grant_sql_on("config_pages.equipment_id");
        let same_version = if base.is_some() { " AND updated_ms = $7" } else { "" };
        let sql = format!(
            "UPDATE config_pages SET document = $1, width = $2, height = $3, \
             updated_ms = CASE WHEN updated_ms >= $4 THEN updated_ms + 1 ELSE $4 END \
             WHERE org_id = $5 AND id = $6{grant}{same_version} RETURNING updated_ms"
        );
        let mut query = sqlx::query_scalar(&sql)
            .bind(document)
            .bind(width)
            .bind(height)
            .bind(now_ms())
            .bind(viewer.org_id)
            .bind(id);
        if let Some(base) = base {
            query = query.bind(base);
        }
        if let Some(updated) = query.fetch_optional(self.pool()).await? {
            return Ok(PageSave::Saved(updated));
        }
        let current: Option<i64> =
            sqlx::query_scalar(&format!("SELECT updated_ms FROM config_pages WHERE org_id = $1 AND id = $2{grant}"))
                .bind(viewer.org_id)
                .bind(id)
                .fetch_optional(self.pool())
                .await?;
        Ok(current.map_or(PageSave::NotFound, |updated| PageSave::Changed { updated }))
    }

    /// The home configuration page: the first page (the oldest) the viewer sees, if there is one.
    pub async fn home_page(&self, viewer: &Viewer) -> anyhow::Result<Option<PageSummary>> {
        let grant = viewer.grant_sql_on("config_pages.equipment_id");
        let row =
            sqlx::query(&format!("SELECT {COLUMNS} FROM config_pages WHERE org_id = $1{grant} ORDER BY id LIMIT 1"))
                .bind(viewer.org_id)
                .fetch_optional(self.pool())
                .await?;
        Ok(row.as_ref().map(page_from_row).transpose()?)
    }
}
