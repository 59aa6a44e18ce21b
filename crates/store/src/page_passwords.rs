//! Page passwords: a configuration page may ask for a password before the viewer shows it (spec section 3,
//! `checkpwd`). The hash is kept beside the page, never in its document (which the designer and every version
//! carry); a session that gave the password is remembered in `page_unlocks` until it ends or the password changes.

use crate::access::Viewer;
use crate::{Store, now_ms};

impl Store {
    /// Sets (`Some(hash)`) or removes (`None`) a page's password and forgets every session that gave the old one;
    /// false without such a page the viewer sees.
    pub async fn set_page_password(&self, viewer: &Viewer, id: i64, hash: Option<&str>) -> anyhow::Result<bool> {
        let mut tx = self.begin_write().await?;
        let done = sqlx::query(&format!(
            "UPDATE config_pages SET password_hash = $1 WHERE org_id = $2 AND id = $3{}",
            crate::pages::visible_pages(viewer)
        ))
        .bind(hash)
        .bind(viewer.org_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM page_unlocks WHERE page_id = $1").bind(id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The password hash of a page the viewer sees: `None` without the page, `Some(None)` when it has none.
    pub async fn page_password_hash(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<Option<String>>> {
        Ok(sqlx::query_scalar(&format!(
            "SELECT password_hash FROM config_pages WHERE org_id = $1 AND id = $2{}",
            crate::pages::visible_pages(viewer)
        ))
        .bind(viewer.org_id)
        .bind(id)
        .fetch_optional(self.pool())
        .await?)
    }

    /// Whether the session (by its token's hash) gave the page's current password.
    pub async fn page_unlocked(&self, token_hash: &str, page_id: i64) -> anyhow::Result<bool> {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT page_id FROM page_unlocks WHERE token_hash = $1 AND page_id = $2")
                .bind(token_hash)
                .bind(page_id)
                .fetch_optional(self.pool())
                .await?;
        Ok(found.is_some())
    }

    /// Remembers that the session gave the page's password.
    pub async fn unlock_page(&self, token_hash: &str, page_id: i64) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO page_unlocks (token_hash, page_id, unlocked_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (token_hash, page_id) DO NOTHING",
        )
        .bind(token_hash)
        .bind(page_id)
        .bind(now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }
}
