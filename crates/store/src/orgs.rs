//! Organisations. For now an organisation carries the console theme (title and favicon).

use crate::{Store, now_ms};
use sqlx::Row;

/// An organisation and its theme.
#[derive(Clone, Debug)]
pub struct Org {
    pub id: i64,
    pub name: String,
    /// Shown as the console's title.
    pub title: String,
    /// Favicon URL or data URL; empty means the console's own.
    pub favicon_ico: String,
}

impl Store {
    pub async fn create_org(&self, name: &str, title: &str, favicon_ico: &str) -> anyhow::Result<i64> {
        let id = sqlx::query_scalar(
            "INSERT INTO orgs (name, title, favicon_ico, created_ms) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(name)
        .bind(title)
        .bind(favicon_ico)
        .bind(now_ms())
        .fetch_one(self.pool())
        .await?;
        Ok(id)
    }

    pub async fn org(&self, id: i64) -> anyhow::Result<Option<Org>> {
        let row = sqlx::query("SELECT id, name, title, favicon_ico FROM orgs WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.map(|r| {
            Ok(Org {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                title: r.try_get("title")?,
                favicon_ico: r.try_get("favicon_ico")?,
            })
        })
        .transpose()
    }

    /// The first organisation created: its theme is shown before anyone logs in.
    pub async fn default_org(&self) -> anyhow::Result<Option<Org>> {
        let id: Option<i64> = sqlx::query_scalar("SELECT MIN(id) FROM orgs").fetch_one(self.pool()).await?;
        match id {
            Some(id) => self.org(id).await,
            None => Ok(None),
        }
    }

    pub async fn org_by_name(&self, name: &str) -> anyhow::Result<Option<i64>> {
        Ok(sqlx::query_scalar("SELECT id FROM orgs WHERE name = $1").bind(name).fetch_optional(self.pool()).await?)
    }

    pub async fn set_org_theme(&self, id: i64, title: &str, favicon_ico: &str) -> anyhow::Result<()> {
        sqlx::query("UPDATE orgs SET title = $1, favicon_ico = $2 WHERE id = $3")
            .bind(title)
            .bind(favicon_ico)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }
}
