//! Captcha answers, kept server-side and usable once.

use crate::Store;
use sqlx::Row;

impl Store {
    pub async fn put_captcha(&self, id: &str, answer: &str, expires_ms: i64) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO captchas (id, answer, expires_ms) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(answer)
            .bind(expires_ms)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Removes the captcha and returns its answer and expiry: whatever the guess, a captcha is tried once.
    pub async fn take_captcha(&self, id: &str) -> anyhow::Result<Option<(String, i64)>> {
        let row = sqlx::query("DELETE FROM captchas WHERE id = $1 RETURNING answer, expires_ms")
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.map(|r| Ok((r.try_get("answer")?, r.try_get("expires_ms")?))).transpose()
    }

    /// Reads an answer without using it up. Only for tests, which cannot read the image.
    pub async fn peek_captcha(&self, id: &str) -> anyhow::Result<Option<String>> {
        Ok(sqlx::query_scalar("SELECT answer FROM captchas WHERE id = $1").bind(id).fetch_optional(self.pool()).await?)
    }

    pub async fn purge_captchas(&self, now: i64) -> anyhow::Result<u64> {
        Ok(sqlx::query("DELETE FROM captchas WHERE expires_ms < $1")
            .bind(now)
            .execute(self.pool())
            .await?
            .rows_affected())
    }
}
