//! Messages and notices for a user (alarm, expire, order, notice): the message centre's list, read marks and
//! deletion, and the messages the alarm engine and announcements add.
//!
//! A message belongs to one user; every call names its user, so another user's message is simply not there.
//! A message about equipment (`equip_id`) is shown to a limited account only while that equipment is granted to
//! it: a grant covers everything reachable through the equipment, its old alarm messages included.

use crate::access::Viewer;
use crate::equipment_sets::placeholders;
use crate::{Page, Store, now_ms};
use sqlx::Row;

/// A message to store for one user.
#[derive(Clone, Debug)]
pub struct NewMessage<'a> {
    pub user_id: i64,
    /// `alarm`, `expire`, `order` or `notice`.
    pub kind: &'a str,
    pub title: &'a str,
    pub note: &'a str,
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
/// equipType, alarmId, alarmBroadcastTimes); `titleEn`, `equipId` and `read` are ours.
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
    pub equip_id: Option<i64>,
    pub read: bool,
}

/// What the message centre lists: a type, read or unread, one equipment; `None` for any.
#[derive(Clone, Debug, Default)]
pub struct MessageFilter {
    pub kind: Option<String>,
    pub read: Option<bool>,
    pub equip_id: Option<i64>,
    /// What the message is about, as the spec's `dataId` names it (an announcement, an order, an equipment).
    pub data_id: Option<String>,
}

/// Why a change to some messages was refused: one of them is not the caller's (or no longer visible to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAllFound;

const COLUMNS: &str = "m.id, m.type, m.title, m.title_en, m.note, m.gmt_create, m.data_id, m.data_status, \
    m.equip_type, m.alarm_id, m.alarm_broadcast_times, m.equip_id, m.is_read";

fn message_from_row(r: &sqlx::any::AnyRow) -> anyhow::Result<Message> {
    Ok(Message {
        id: r.try_get("id")?,
        kind: r.try_get("type")?,
        title: r.try_get("title")?,
        title_en: r.try_get("title_en")?,
        note: r.try_get("note")?,
        gmt_create: r.try_get("gmt_create")?,
        data_id: r.try_get("data_id")?,
        data_status: r.try_get("data_status")?,
        equip_type: r.try_get("equip_type")?,
        alarm_id: r.try_get("alarm_id")?,
        alarm_broadcast_times: r.try_get("alarm_broadcast_times")?,
        equip_id: r.try_get("equip_id")?,
        read: r.try_get::<i64, _>("is_read")? != 0,
    })
}

/// ` AND …` keeping the messages (aliased `m`) of `viewer` it may still see: its own, not deleted, and for a
/// limited account only those about no equipment or about granted equipment. The user id is an integer, written
/// into the text so statements keep their own argument numbering.
fn visible_sql(viewer: &Viewer) -> String {
    let grant = if viewer.granted_only {
        format!(
            " AND (m.equip_id IS NULL OR EXISTS (SELECT 1 FROM equipment_grants eg WHERE eg.equipment_id = m.equip_id \
             AND eg.user_id = {}))",
            viewer.user_id
        )
    } else {
        String::new()
    };
    format!(" AND m.user_id = {} AND m.deleted = 0{grant}", viewer.user_id)
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

    /// The unread messages the viewer may see (the header's badge), counted like the centre lists them.
    pub async fn unread_message_count(&self, viewer: &Viewer) -> anyhow::Result<i64> {
        let sql = format!("SELECT COUNT(*) FROM messages m WHERE m.is_read = 0{}", visible_sql(viewer));
        Ok(sqlx::query_scalar(&sql).fetch_one(self.pool()).await?)
    }

    /// A page of the viewer's messages matching `filter`, newest first.
    pub async fn messages(
        &self,
        viewer: &Viewer,
        filter: &MessageFilter,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<Message>> {
        let mut filter_sql = visible_sql(viewer);
        if let Some(read) = filter.read {
            filter_sql.push_str(if read { " AND m.is_read = 1" } else { " AND m.is_read = 0" });
        }
        if let Some(equip_id) = filter.equip_id {
            filter_sql.push_str(&format!(" AND m.equip_id = {equip_id}"));
        }
        // The type and the data id are text: bound, always as $1 and $2 (an empty text matches every one).
        let kind = filter.kind.clone().unwrap_or_default();
        let data_id = filter.data_id.clone().unwrap_or_default();
        let matching = format!("($1 = '' OR m.type = $1) AND ($2 = '' OR m.data_id = $2){filter_sql}");
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM messages m WHERE {matching}"))
            .bind(&kind)
            .bind(&data_id)
            .fetch_one(self.pool())
            .await?;
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM messages m WHERE {matching} ORDER BY m.id DESC LIMIT $3 OFFSET $4"
        ))
        .bind(&kind)
        .bind(&data_id)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        let list = rows.iter().map(message_from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page { total, list })
    }

    /// One message the viewer may see.
    pub async fn message(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<Message>> {
        let sql = format!("SELECT {COLUMNS} FROM messages m WHERE m.id = $1{}", visible_sql(viewer));
        let row = sqlx::query(&sql).bind(id).fetch_optional(self.pool()).await?;
        row.as_ref().map(message_from_row).transpose()
    }

    /// Marks the given messages read, or deletes them (`delete`): all of them, or none when one is not the
    /// viewer's to change. Answers how many changed state (a message already read counts as unchanged).
    pub async fn change_messages(
        &self,
        viewer: &Viewer,
        ids: &[i64],
        delete: bool,
    ) -> anyhow::Result<Result<u64, NotAllFound>> {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        let list = placeholders(1, ids.len());
        let visible = visible_sql(viewer);
        let mut tx = self.begin_write().await?;
        let count_sql = format!("SELECT COUNT(*) FROM messages m WHERE m.id IN ({list}){visible}");
        let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
        for id in &ids {
            count = count.bind(*id);
        }
        if count.fetch_one(&mut *tx).await? != ids.len() as i64 {
            return Ok(Err(NotAllFound));
        }
        let set = if delete { "deleted = 1" } else { "is_read = 1" };
        let unchanged = if delete { "deleted = 0" } else { "is_read = 0" };
        let update_sql = format!("UPDATE messages SET {set} WHERE id IN ({list}) AND {unchanged}");
        let mut update = sqlx::query(&update_sql);
        for id in &ids {
            update = update.bind(*id);
        }
        let changed = update.execute(&mut *tx).await?.rows_affected();
        tx.commit().await?;
        Ok(Ok(changed))
    }

    /// Marks every unread message the viewer may see read, optionally only those of one type. Answers how many.
    pub async fn mark_all_messages_read(&self, viewer: &Viewer, kind: Option<&str>) -> anyhow::Result<u64> {
        let sql = format!(
            "UPDATE messages SET is_read = 1 WHERE id IN (SELECT m.id FROM messages m WHERE m.is_read = 0 \
             AND ($1 = '' OR m.type = $1){})",
            visible_sql(viewer)
        );
        Ok(sqlx::query(&sql).bind(kind.unwrap_or_default()).execute(self.pool()).await?.rows_affected())
    }

    /// Marks the viewer's unread alarm messages about one equipment read (spec: `markAsReadForEquipAlarm`).
    pub async fn mark_equipment_alarms_read(
        &self,
        viewer: &Viewer,
        equip_id: i64,
        equip_type: &str,
    ) -> anyhow::Result<u64> {
        let sql = format!(
            "UPDATE messages SET is_read = 1 WHERE id IN (SELECT m.id FROM messages m WHERE m.is_read = 0 \
             AND m.type = 'alarm' AND m.equip_id = $1 AND m.equip_type = $2{})",
            visible_sql(viewer)
        );
        Ok(sqlx::query(&sql).bind(equip_id).bind(equip_type).execute(self.pool()).await?.rows_affected())
    }

    /// Stores an alarm message (type `alarm`, equipType `eg`) and answers it as the console receives it.
    pub async fn add_alarm_message(&self, m: &NewAlarmMessage<'_>) -> anyhow::Result<Message> {
        let mut stored = self.add_alarm_messages(std::slice::from_ref(m)).await?;
        stored.pop().ok_or_else(|| anyhow::anyhow!("no message stored"))
    }

    /// Stores one alarm's messages to all its recipients in one transaction, answered in the same order: one
    /// commit an alarm, not one a user, so a burst of alarms reaches everyone's screen sooner (docs/performance.md).
    pub async fn add_alarm_messages(&self, list: &[NewAlarmMessage<'_>]) -> anyhow::Result<Vec<Message>> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let mut stored = Vec::with_capacity(list.len());
        for m in list {
            let data_id = m.equipment_id.to_string();
            let id = sqlx::query_scalar(
                "INSERT INTO messages (user_id, type, title, title_en, note, data_id, equip_type, alarm_id, \
                 alarm_broadcast_times, equip_id, gmt_create) VALUES ($1, 'alarm', $2, $3, $4, $5, 'eg', $6, $7, $8, $9) \
                 RETURNING id",
            )
            .bind(m.user_id)
            .bind(m.title)
            .bind(m.title_en)
            .bind(m.note)
            .bind(&data_id)
            .bind(m.alarm_id)
            .bind(m.broadcast_times)
            .bind(m.equipment_id)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
            stored.push(Message {
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
                equip_id: Some(m.equipment_id),
                read: false,
            });
        }
        tx.commit().await?;
        Ok(stored)
    }
}
