//! Messages and notices for a user (alarm, expire, order, notice). The message centre comes later; the unread
//! count is needed by the console shell now.

use crate::{Store, now_ms};

/// A message to store for one user.
#[derive(Clone, Debug)]
pub struct NewMessage<'a> {
    pub user_id: i64,
    /// `alarm`, `expire`, `order` or `notice`.
    pub kind: &'a str,
    pub title: &'a str,
    pub note: &'a str,
}

impl Store {
    pub async fn add_message(&self, m: &NewMessage<'_>) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar(
            "INSERT INTO messages (user_id, type, title, note, gmt_create) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(m.user_id)
        .bind(m.kind)
        .bind(m.title)
        .bind(m.note)
        .bind(now_ms())
        .fetch_one(self.pool())
        .await?)
    }

    pub async fn unread_message_count(&self, user_id: i64) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM messages WHERE user_id = $1 AND is_read = 0 AND deleted = 0")
            .bind(user_id)
            .fetch_one(self.pool())
            .await?)
    }
}
