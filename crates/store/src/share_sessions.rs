//! The public share view's side of sharing (docs/share.md): what the open call checks a visitor's password
//! against, and the visitors' own sessions. A share session opens ONE equipment and nothing else; it is no user
//! session (its own table, its own cookie). It holds while the share is on and its generation is the one it was
//! opened under (see `shares.rs`: every settings change raises it), and until it sits idle past its expiry.

use crate::Store;
use sqlx::Row;

/// A share as the public open call sees it, whatever organisation the equipment is in: the password is the check.
#[derive(Clone, Debug)]
pub struct ShareSecret {
    pub equipment_id: i64,
    pub enabled: bool,
    pub password_hash: Option<String>,
    pub generation: i64,
}

/// What a valid share session lets its visitor reach: this equipment, with this authority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareScope {
    pub equipment_id: i64,
    pub org_id: i64,
    pub equip_name: String,
    /// `view` or `control`, as the share says now (a change also revokes the session, see the module docs).
    pub auth: String,
    pub last_seen_ms: i64,
}

impl Store {
    /// The share of equipment `equipment_id`; `None` when it was never configured or there is no such equipment.
    pub async fn share_secret(&self, equipment_id: i64) -> anyhow::Result<Option<ShareSecret>> {
        let row = sqlx::query(
            "SELECT equipment_id, enabled, password_hash, generation FROM equipment_shares WHERE equipment_id = $1",
        )
        .bind(equipment_id)
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| {
            Ok(ShareSecret {
                equipment_id: r.try_get("equipment_id")?,
                enabled: r.try_get::<i64, _>("enabled")? != 0,
                password_hash: r.try_get("password_hash")?,
                generation: r.try_get("generation")?,
            })
        })
        .transpose()
    }

    pub async fn create_share_session(
        &self,
        token_hash: &str,
        secret: &ShareSecret,
        now: i64,
        expires_ms: i64,
        address: &str,
    ) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO share_sessions (token_hash, equipment_id, generation, created_ms, last_seen_ms, expires_ms, address) \
             VALUES ($1, $2, $3, $4, $4, $5, $6)",
        )
        .bind(token_hash)
        .bind(secret.equipment_id)
        .bind(secret.generation)
        .bind(now)
        .bind(expires_ms)
        .bind(address)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The scope of a share session that still holds at `now`: not idle past its expiry, its share on, with a
    /// password, and of the generation it was opened under. `None` otherwise (unknown, expired or revoked alike).
    pub async fn share_session(&self, token_hash: &str, now: i64) -> anyhow::Result<Option<ShareScope>> {
        let row = sqlx::query(
            "SELECT s.equipment_id, s.last_seen_ms, e.org_id, e.equip_name, sh.auth FROM share_sessions s \
             JOIN equipment e ON e.id = s.equipment_id \
             JOIN equipment_shares sh ON sh.equipment_id = s.equipment_id \
             WHERE s.token_hash = $1 AND s.expires_ms > $2 AND sh.enabled = 1 AND sh.password_hash IS NOT NULL \
             AND sh.generation = s.generation",
        )
        .bind(token_hash)
        .bind(now)
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| {
            Ok(ShareScope {
                equipment_id: r.try_get("equipment_id")?,
                org_id: r.try_get("org_id")?,
                equip_name: r.try_get("equip_name")?,
                auth: r.try_get("auth")?,
                last_seen_ms: r.try_get("last_seen_ms")?,
            })
        })
        .transpose()
    }

    /// Slides a share session's idle expiry forward.
    pub async fn touch_share_session(&self, token_hash: &str, now: i64, expires_ms: i64) -> anyhow::Result<()> {
        sqlx::query("UPDATE share_sessions SET last_seen_ms = $1, expires_ms = $2 WHERE token_hash = $3")
            .bind(now)
            .bind(expires_ms)
            .bind(token_hash)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Ends a share session (the visitor closed it).
    pub async fn end_share_session(&self, token_hash: &str) -> anyhow::Result<()> {
        sqlx::query("DELETE FROM share_sessions WHERE token_hash = $1").bind(token_hash).execute(self.pool()).await?;
        Ok(())
    }

    /// Forgets share sessions idle past their expiry, and those a later settings change revoked.
    pub async fn purge_share_sessions(&self, now: i64) -> anyhow::Result<u64> {
        let done = sqlx::query(
            "DELETE FROM share_sessions WHERE expires_ms <= $1 OR NOT EXISTS (SELECT 1 FROM equipment_shares sh \
             WHERE sh.equipment_id = share_sessions.equipment_id AND sh.enabled = 1 \
             AND sh.generation = share_sessions.generation)",
        )
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected())
    }
}
