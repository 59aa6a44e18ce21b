//! An organisation's EZVIZ (萤石开放平台) key (docs/ezviz.md): the app key and app secret its administrator
//! linked, read by the server to ask EZVIZ for access tokens. The secret leaves the store only towards EZVIZ: the
//! row has no `Serialize` and its `Debug` hides the secret, so neither an answer nor a log line can carry it.

use crate::{Store, now_ms};
use sqlx::Row;

/// A linked key.
#[derive(Clone, PartialEq, Eq)]
pub struct EzvizKey {
    pub app_key: String,
    pub app_secret: String,
}

impl std::fmt::Debug for EzvizKey {
    // Never prints the secret.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EzvizKey").field("app_key", &self.app_key).field("app_secret", &"<hidden>").finish()
    }
}

impl Store {
    /// The organisation's key, `None` when none is linked.
    pub async fn ezviz_key(&self, org_id: i64) -> anyhow::Result<Option<EzvizKey>> {
        let row = sqlx::query("SELECT app_key, app_secret FROM ezviz_keys WHERE org_id = $1")
            .bind(org_id)
            .fetch_optional(self.pool())
            .await?;
        row.map(|r| Ok(EzvizKey { app_key: r.try_get("app_key")?, app_secret: r.try_get("app_secret")? })).transpose()
    }

    /// Links `app_key` with `app_secret`, or with the stored secret when `app_secret` is `None`. Answers false,
    /// changing nothing, when no secret is given and none is stored.
    pub async fn save_ezviz_key(&self, org_id: i64, app_key: &str, app_secret: Option<&str>) -> anyhow::Result<bool> {
        let done = match app_secret {
            Some(secret) => {
                sqlx::query(
                    "INSERT INTO ezviz_keys (org_id, app_key, app_secret, updated_ms) VALUES ($1, $2, $3, $4) \
                     ON CONFLICT (org_id) DO UPDATE SET app_key = excluded.app_key, \
                     app_secret = excluded.app_secret, updated_ms = excluded.updated_ms",
                )
                .bind(org_id)
                .bind(app_key)
                .bind(secret)
                .bind(now_ms())
                .execute(self.pool())
                .await?
            }
            None => {
                sqlx::query("UPDATE ezviz_keys SET app_key = $2, updated_ms = $3 WHERE org_id = $1")
                    .bind(org_id)
                    .bind(app_key)
                    .bind(now_ms())
                    .execute(self.pool())
                    .await?
            }
        };
        Ok(done.rows_affected() > 0)
    }

    /// Unlinks the organisation's key; answers whether one was linked.
    pub async fn delete_ezviz_key(&self, org_id: i64) -> anyhow::Result<bool> {
        let done = sqlx::query("DELETE FROM ezviz_keys WHERE org_id = $1").bind(org_id).execute(self.pool()).await?;
        Ok(done.rows_affected() > 0)
    }
}
