//! Sharing of an equipment: whether it is shared, the password visitors give (an argon2id hash, never the
//! password) and what they may do (`view` or `control`). An equipment that was never configured has no row and
//! reads as off, no password, `view`. Scoped to an organisation through the equipment. Every change raises the
//! share's generation, which revokes the visitors' sessions opened before it (`share_sessions.rs`).

use crate::access::Viewer;
use crate::{Store, now_ms};
use sqlx::Row;

/// What a visitor may do with a shared equipment.
pub const SHARE_AUTHS: &[&str] = &["view", "control"];

/// The sharing settings as the console sees them (never the hash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareInfo {
    pub equip_id: i64,
    pub enabled: bool,
    pub has_password: bool,
    /// `view` or `control`.
    pub auth: String,
}

impl Store {
    /// The sharing settings of an equipment the viewer sees; `None` without the equipment.
    pub async fn share_info(&self, viewer: &Viewer, equipment_id: i64) -> anyhow::Result<Option<ShareInfo>> {
        let row = sqlx::query(&format!(
            "SELECT e.id, COALESCE(s.enabled, 0) AS enabled, s.password_hash, COALESCE(s.auth, 'view') AS auth \
             FROM equipment e LEFT JOIN equipment_shares s ON s.equipment_id = e.id WHERE e.org_id = $1 AND e.id = $2{}",
            viewer.grant_sql("e")
        ))
        .bind(viewer.org_id)
        .bind(equipment_id)
        .fetch_optional(self.pool())
        .await?;
        let Some(r) = row else { return Ok(None) };
        let hash: Option<String> = r.try_get("password_hash")?;
        Ok(Some(ShareInfo {
            equip_id: r.try_get("id")?,
            enabled: r.try_get::<i64, _>("enabled")? != 0,
            has_password: hash.is_some(),
            auth: r.try_get("auth")?,
        }))
    }

    /// Sets the sharing password (already hashed) and turns sharing on; false without the equipment.
    pub async fn set_share_password(&self, viewer: &Viewer, equipment_id: i64, hash: &str) -> anyhow::Result<bool> {
        let done = sqlx::query(&format!(
            "INSERT INTO equipment_shares (equipment_id, enabled, password_hash, updated_ms) \
             SELECT e.id, 1, $1, $2 FROM equipment e WHERE e.org_id = $3 AND e.id = $4{} \
             ON CONFLICT (equipment_id) DO UPDATE SET enabled = 1, password_hash = excluded.password_hash, \
             updated_ms = excluded.updated_ms, generation = equipment_shares.generation + 1",
            viewer.grant_sql("e")
        ))
        .bind(hash)
        .bind(now_ms())
        .bind(viewer.org_id)
        .bind(equipment_id)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets the visitors' authority (one of [`SHARE_AUTHS`], checked by the caller) and, when given, whether
    /// sharing is on; false without the equipment.
    pub async fn set_share_auth(
        &self,
        viewer: &Viewer,
        equipment_id: i64,
        auth: &str,
        enabled: Option<bool>,
    ) -> anyhow::Result<bool> {
        // A missing `enabled` keeps the stored flag (off for a new row).
        let enabled_update = if enabled.is_some() { "enabled = excluded.enabled, " } else { "" };
        let done = sqlx::query(&format!(
            "INSERT INTO equipment_shares (equipment_id, enabled, auth, updated_ms) \
             SELECT e.id, $1, $2, $3 FROM equipment e WHERE e.org_id = $4 AND e.id = $5{} \
             ON CONFLICT (equipment_id) DO UPDATE SET {enabled_update}auth = excluded.auth, updated_ms = excluded.updated_ms, \
             generation = equipment_shares.generation + 1",
            viewer.grant_sql("e")
        ))
        .bind(i64::from(enabled.unwrap_or(false)))
        .bind(auth)
        .bind(now_ms())
        .bind(viewer.org_id)
        .bind(equipment_id)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }
}
