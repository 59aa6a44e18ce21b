//! Per-user console settings, stored as one JSON document per user.

use crate::{Store, now_ms};

impl Store {
    pub async fn user_config(&self, user_id: i64) -> anyhow::Result<Option<String>> {
        Ok(sqlx::query_scalar("SELECT config FROM user_configs WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(self.pool())
            .await?)
    }

    pub async fn save_user_config(&self, user_id: i64, config_json: &str) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO user_configs (user_id, config, updated_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET config = $2, updated_ms = $3",
        )
        .bind(user_id)
        .bind(config_json)
        .bind(now_ms())
        .execute(self.pool())
        .await?;
        Ok(())
    }
}
