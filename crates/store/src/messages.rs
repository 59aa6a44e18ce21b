//! Messages and notices for a user (alarm, expire, order, notice). The message centre comes later; the unread
//! count is needed by the console shell now, and the alarm engine adds alarm messages.

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

/// An alarm message for one user: the alarm's title in both languages, the equipment it is about and how often
/// the console repeats the alarm sound.
#[derive(Clone, Debug)]
pub struct NewAlarmMessage<'a> {
    pub user_id: i64,
    /// Chinese (the console's default language).
    pub title: &'a str,
    pub title_en: &'a str,
    pub note: &'a str,
    /// The equipment id (the spec's `dataId`, used to mark an equipment's alarm messages read).
    pub equipment_id: i64,
    pub alarm_id: i64,
    pub broadcast_times: i64,
}

/// A message as the console receives it (spec section 3: type, title, note, gmtCreate, id, dataId, dataStatus,
/// equipType, alarmId, alarmBroadcastTimes); `titleEn` is ours.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub id: i64,
    pub kind: String,
    pub title: String,
    pub title_en: String,
    pub note: String,
    pub gmt_create: i64,
    pub data_id: String,
    pub data_status: String,
    pub equip_type: String,
    pub alarm_id: Option<i64>,
    pub alarm_broadcast_times: i64,
}

impl Store {
    /// Stores an alarm message (type `alarm`, equipType `eg`) and answers it as the console receives it.
    pub async fn add_alarm_message(&self, m: &NewAlarmMessage<'_>) -> anyhow::Result<Message> {
        let now = now_ms();
        let data_id = m.equipment_id.to_string();
        let id = sqlx::query_scalar(
            "INSERT INTO messages (user_id, type, title, title_en, note, data_id, equip_type, alarm_id, \
             alarm_broadcast_times, gmt_create) VALUES ($1, 'alarm', $2, $3, $4, $5, 'eg', $6, $7, $8) RETURNING id",
        )
        .bind(m.user_id)
        .bind(m.title)
        .bind(m.title_en)
        .bind(m.note)
        .bind(&data_id)
        .bind(m.alarm_id)
        .bind(m.broadcast_times)
        .bind(now)
        .fetch_one(self.pool())
        .await?;
        Ok(Message {
            id,
            kind: "alarm".to_owned(),
            title: m.title.to_owned(),
            title_en: m.title_en.to_owned(),
            note: m.note.to_owned(),
            gmt_create: now,
            data_id,
            data_status: String::new(),
            equip_type: "eg".to_owned(),
            alarm_id: Some(m.alarm_id),
            alarm_broadcast_times: m.broadcast_times,
        })
    }
}
