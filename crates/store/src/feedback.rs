//! User feedback.

use crate::{Store, now_ms};

impl Store {
    pub async fn add_feedback(&self, user_id: i64, content: &str) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar("INSERT INTO feedback (user_id, content, gmt_create) VALUES ($1, $2, $3) RETURNING id")
            .bind(user_id)
            .bind(content)
            .bind(now_ms())
            .fetch_one(self.pool())
            .await?)
    }

    pub async fn feedback_count(&self, user_id: i64) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM feedback WHERE user_id = $1")
            .bind(user_id)
            .fetch_one(self.pool())
            .await?)
    }
}
