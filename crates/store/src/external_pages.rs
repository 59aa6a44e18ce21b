//! The organisation's external pages (docs/frame.md): other sites' addresses its administrator lets the console
//! frame under Manage. The rows are the organisation's, every account of it with `manage` lists them; the server
//! also reads them for each console load, to name their origins in the answer's Content-Security-Policy. Every
//! statement is scoped to one organisation, so another organisation's entry is never read or changed.

use crate::{Backend, Store, now_ms};
use sqlx::Row;

/// One external page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalPage {
    pub id: i64,
    pub title: String,
    /// An absolute http(s) address, checked before it is stored (`ironsight_domain::external_page`).
    pub url: String,
}

impl Store {
    /// The organisation's external pages in menu order (oldest first).
    pub async fn external_pages(&self, org_id: i64) -> anyhow::Result<Vec<ExternalPage>> {
        let rows = sqlx::query("SELECT id, title, url FROM org_external_pages WHERE org_id = $1 ORDER BY sort_no, id")
            .bind(org_id)
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|r| Ok(ExternalPage { id: r.try_get("id")?, title: r.try_get("title")?, url: r.try_get("url")? }))
            .collect()
    }

    /// Adds an external page last in the organisation's menu; `None`, adding nothing, when it already has `max`.
    /// The count and the insert are one write transaction, and on PostgreSQL the organisation's row is locked
    /// first (SQLite's write lock already queues writers), so two saves at once cannot pass the limit together.
    pub async fn add_external_page(
        &self,
        org_id: i64,
        title: &str,
        url: &str,
        max: usize,
    ) -> anyhow::Result<Option<i64>> {
        let mut tx = self.begin_write().await?;
        if self.backend() == Backend::Postgres {
            sqlx::query("SELECT id FROM orgs WHERE id = $1 FOR UPDATE").bind(org_id).execute(&mut *tx).await?;
        }
        let row = sqlx::query(
            "SELECT COUNT(*) AS n, COALESCE(MAX(sort_no), 0) AS last FROM org_external_pages WHERE org_id = $1",
        )
        .bind(org_id)
        .fetch_one(&mut *tx)
        .await?;
        let (count, last): (i64, i64) = (row.try_get("n")?, row.try_get("last")?);
        if count >= max as i64 {
            tx.rollback().await?;
            return Ok(None);
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO org_external_pages (org_id, title, url, sort_no, created_ms) VALUES ($1, $2, $3, $4, $5) \
             RETURNING id",
        )
        .bind(org_id)
        .bind(title)
        .bind(url)
        .bind(last + 1)
        .bind(now_ms())
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(id))
    }

    /// Changes the title and address of the organisation's external page `id`; false when it has none of that id.
    pub async fn edit_external_page(&self, org_id: i64, id: i64, title: &str, url: &str) -> anyhow::Result<bool> {
        let done = sqlx::query("UPDATE org_external_pages SET title = $1, url = $2 WHERE org_id = $3 AND id = $4")
            .bind(title)
            .bind(url)
            .bind(org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Deletes the organisation's external page `id`; false when it has none of that id.
    pub async fn delete_external_page(&self, org_id: i64, id: i64) -> anyhow::Result<bool> {
        let done = sqlx::query("DELETE FROM org_external_pages WHERE org_id = $1 AND id = $2")
            .bind(org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }
}
