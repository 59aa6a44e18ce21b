//! Login sessions. Only a hash of the session token is stored, so a copy of the database does not log anyone in.

use crate::Store;
use sqlx::Row;

/// A stored session.
#[derive(Clone, Debug)]
pub struct SessionRow {
    pub user_id: i64,
    pub last_seen_ms: i64,
    pub expires_ms: i64,
    /// Set when the user logged out.
    pub ended_ms: Option<i64>,
}

impl Store {
    pub async fn create_session(
        &self,
        token_hash: &str,
        user_id: i64,
        now: i64,
        expires_ms: i64,
        address: &str,
    ) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, created_ms, last_seen_ms, expires_ms, address) VALUES ($1, $2, $3, $3, $4, $5)",
        )
        .bind(token_hash)
        .bind(user_id)
        .bind(now)
        .bind(expires_ms)
        .bind(address)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    pub async fn session(&self, token_hash: &str) -> anyhow::Result<Option<SessionRow>> {
        let row = sqlx::query("SELECT user_id, last_seen_ms, expires_ms, ended_ms FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_optional(self.pool())
            .await?;
        row.map(|r| {
            Ok(SessionRow {
                user_id: r.try_get("user_id")?,
                last_seen_ms: r.try_get("last_seen_ms")?,
                expires_ms: r.try_get("expires_ms")?,
                ended_ms: r.try_get("ended_ms")?,
            })
        })
        .transpose()
    }

    /// Slides the idle expiry forward.
    pub async fn touch_session(&self, token_hash: &str, now: i64, expires_ms: i64) -> anyhow::Result<()> {
        sqlx::query(
            "UPDATE sessions SET last_seen_ms = $1, expires_ms = $2 WHERE token_hash = $3 AND ended_ms IS NULL",
        )
        .bind(now)
        .bind(expires_ms)
        .bind(token_hash)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Ends a session (logout). The row stays so a later call with the same cookie answers 1006, not 1010.
    pub async fn end_session(&self, token_hash: &str, now: i64) -> anyhow::Result<()> {
        sqlx::query("UPDATE sessions SET ended_ms = $1 WHERE token_hash = $2 AND ended_ms IS NULL")
            .bind(now)
            .bind(token_hash)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Forgets sessions that ended or expired before `before`.
    pub async fn purge_sessions(&self, before: i64) -> anyhow::Result<u64> {
        let done = sqlx::query("DELETE FROM sessions WHERE expires_ms < $1 OR ended_ms < $1")
            .bind(before)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected())
    }
}
