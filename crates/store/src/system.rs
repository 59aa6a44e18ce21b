//! The management area's system screens: gateway hardware in use (grouped from the registry), equipment models
//! (reusable signal-list templates) and system announcements, whose publication gives every user of the
//! organisation a `notice` message.

use crate::access::Viewer;
use crate::messages::Message;
use crate::{Page, Store, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// One gateway model and firmware in use, with how many of the organisation's gateways run it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hardware {
    pub model: String,
    pub firmware: String,
    pub gateways: i64,
    pub online: i64,
}

/// An equipment model as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelSummary {
    pub id: i64,
    pub name: String,
    pub manufacturer: String,
    pub signal_count: i64,
    pub updated: i64,
}

/// An equipment model with its signal list (the protocol's `SignalDef` JSON array, as stored).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub id: i64,
    pub name: String,
    pub manufacturer: String,
    pub remark: String,
    pub signals: serde_json::Value,
    pub signal_count: i64,
    pub updated: i64,
}

/// The editable fields of a model. `signals` is the checked list as JSON text; `None` on an edit keeps the list.
#[derive(Clone, Debug)]
pub struct ModelFields<'a> {
    pub name: &'a str,
    pub manufacturer: &'a str,
    pub remark: &'a str,
    pub signals: Option<(&'a str, i64)>,
}

/// An equipment of the organisation with its number of signals (for choosing where to apply a model, or which
/// equipment to make one from).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EquipmentSignalCount {
    pub id: i64,
    pub equip_name: String,
    pub signal_count: i64,
}

/// A system announcement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    pub id: i64,
    pub title: String,
    pub content: String,
    /// `draft`, `published` or `withdrawn`.
    pub status: String,
    pub gmt_create: i64,
    pub gmt_publish: Option<i64>,
}

/// What a status change found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transition {
    Done,
    /// No such announcement in the organisation.
    NotFound,
    /// The announcement is not in a status that allows the change.
    WrongStatus,
}

fn model_summary(r: &AnyRow) -> Result<ModelSummary, sqlx::Error> {
    Ok(ModelSummary {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        manufacturer: r.try_get("manufacturer")?,
        signal_count: r.try_get("signal_count")?,
        updated: r.try_get("updated_ms")?,
    })
}

fn announcement(r: &AnyRow) -> Result<Announcement, sqlx::Error> {
    Ok(Announcement {
        id: r.try_get("id")?,
        title: r.try_get("title")?,
        content: r.try_get("content")?,
        status: r.try_get("status")?,
        gmt_create: r.try_get("gmt_create")?,
        gmt_publish: r.try_get("gmt_publish")?,
    })
}

fn unique_violation<T>(result: Result<T, sqlx::Error>) -> anyhow::Result<Option<T>> {
    match result {
        Ok(v) => Ok(Some(v)),
        Err(e) if crate::is_unique_violation(&e) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

impl Store {
    /// The organisation's gateways grouped by reported model and firmware (empty texts when never reported), by
    /// model then firmware.
    pub async fn hardware(&self, viewer: &Viewer) -> anyhow::Result<Vec<Hardware>> {
        let rows = sqlx::query(&format!(
            "SELECT g.model, g.firmware, CAST(COUNT(*) AS BIGINT) AS gateways, CAST(SUM(g.online) AS BIGINT) AS online \
             FROM gateways g WHERE g.org_id = $1{} GROUP BY g.model, g.firmware ORDER BY g.model, g.firmware",
            viewer.gateway_sql("g")
        ))
        .bind(viewer.org_id)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .iter()
            .map(|r| {
                Ok(Hardware {
                    model: r.try_get("model")?,
                    firmware: r.try_get("firmware")?,
                    gateways: r.try_get("gateways")?,
                    online: r.try_get("online")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()?)
    }

    /// The organisation's models by name.
    pub async fn models(&self, viewer: &Viewer) -> anyhow::Result<Vec<ModelSummary>> {
        let rows = sqlx::query(&format!(
            "SELECT m.id, m.name, m.manufacturer, m.signal_count, m.updated_ms FROM equipment_models m \
             WHERE m.org_id = $1{} ORDER BY m.name, m.id",
            viewer.model_sql("m")
        ))
        .bind(viewer.org_id)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(model_summary).collect::<Result<_, _>>()?)
    }

    /// One model of the organisation with its signals.
    pub async fn model(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<Model>> {
        let row = sqlx::query(&format!(
            "SELECT m.id, m.name, m.manufacturer, m.remark, m.signals, m.signal_count, m.updated_ms \
             FROM equipment_models m WHERE m.org_id = $1 AND m.id = $2{}",
            viewer.model_sql("m")
        ))
        .bind(viewer.org_id)
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        let Some(r) = row else { return Ok(None) };
        let text: String = r.try_get("signals")?;
        Ok(Some(Model {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            manufacturer: r.try_get("manufacturer")?,
            remark: r.try_get("remark")?,
            signals: serde_json::from_str(&text)?,
            signal_count: r.try_get("signal_count")?,
            updated: r.try_get("updated_ms")?,
        }))
    }

    /// Adds a model; `Ok(None)` when the organisation has one of that name. `f.signals` must be given;
    /// `source_equipment_id` names the equipment it was made from (the model then belongs to it).
    pub async fn add_model(
        &self,
        org_id: i64,
        f: &ModelFields<'_>,
        source_equipment_id: Option<i64>,
    ) -> anyhow::Result<Option<i64>> {
        let (signals, count) = f.signals.unwrap_or(("[]", 0));
        let now = now_ms();
        unique_violation(
            sqlx::query_scalar(
                "INSERT INTO equipment_models (org_id, name, manufacturer, remark, signals, signal_count, created_ms, \
                 updated_ms, source_equipment_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8) RETURNING id",
            )
            .bind(org_id)
            .bind(f.name)
            .bind(f.manufacturer)
            .bind(f.remark)
            .bind(signals)
            .bind(count)
            .bind(now)
            .bind(source_equipment_id)
            .fetch_one(self.pool())
            .await,
        )
    }

    /// Edits a model: `Ok(Some(false))` without it, `Ok(None)` when another model has the name.
    pub async fn edit_model(&self, org_id: i64, id: i64, f: &ModelFields<'_>) -> anyhow::Result<Option<bool>> {
        let result = match f.signals {
            Some((signals, count)) => {
                sqlx::query(
                    "UPDATE equipment_models SET name = $1, manufacturer = $2, remark = $3, updated_ms = $4, \
                     signals = $5, signal_count = $6 WHERE org_id = $7 AND id = $8",
                )
                .bind(f.name)
                .bind(f.manufacturer)
                .bind(f.remark)
                .bind(now_ms())
                .bind(signals)
                .bind(count)
                .bind(org_id)
                .bind(id)
                .execute(self.pool())
                .await
            }
            None => {
                sqlx::query(
                    "UPDATE equipment_models SET name = $1, manufacturer = $2, remark = $3, updated_ms = $4 \
                     WHERE org_id = $5 AND id = $6",
                )
                .bind(f.name)
                .bind(f.manufacturer)
                .bind(f.remark)
                .bind(now_ms())
                .bind(org_id)
                .bind(id)
                .execute(self.pool())
                .await
            }
        };
        Ok(unique_violation(result)?.map(|done| done.rows_affected() == 1))
    }

    /// Deletes a model; false without it.
    pub async fn delete_model(&self, org_id: i64, id: i64) -> anyhow::Result<bool> {
        let done = sqlx::query("DELETE FROM equipment_models WHERE org_id = $1 AND id = $2")
            .bind(org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Every equipment the viewer sees with its number of signals, by name.
    pub async fn equipment_signal_counts(&self, viewer: &Viewer) -> anyhow::Result<Vec<EquipmentSignalCount>> {
        let rows = sqlx::query(&format!(
            "SELECT e.id, e.equip_name, (SELECT CAST(COUNT(*) AS BIGINT) FROM signals s WHERE s.equipment_id = e.id) \
             AS signal_count FROM equipment e WHERE e.org_id = $1{} ORDER BY e.equip_name, e.id",
            viewer.grant_sql("e")
        ))
        .bind(viewer.org_id)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .iter()
            .map(|r| {
                Ok(EquipmentSignalCount {
                    id: r.try_get("id")?,
                    equip_name: r.try_get("equip_name")?,
                    signal_count: r.try_get("signal_count")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()?)
    }

    /// A page of the organisation's announcements, newest first, optionally of one status.
    pub async fn announcements(
        &self,
        org_id: i64,
        status: Option<&str>,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<Announcement>> {
        let status = status.unwrap_or("");
        let total: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM announcements WHERE org_id = $1 AND ($2 = '' OR status = $2)",
        )
        .bind(org_id)
        .bind(status)
        .fetch_one(self.pool())
        .await?;
        let rows = sqlx::query(
            "SELECT id, title, content, status, gmt_create, gmt_publish FROM announcements \
             WHERE org_id = $1 AND ($2 = '' OR status = $2) ORDER BY gmt_create DESC, id DESC LIMIT $3 OFFSET $4",
        )
        .bind(org_id)
        .bind(status)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        Ok(Page { total, list: rows.iter().map(announcement).collect::<Result<_, _>>()? })
    }

    /// An announcement as its readers see it (a notice message's detail): published or withdrawn, never a draft.
    pub async fn announcement_for_readers(&self, org_id: i64, id: i64) -> anyhow::Result<Option<Announcement>> {
        let row = sqlx::query(
            "SELECT id, title, content, status, gmt_create, gmt_publish FROM announcements \
             WHERE org_id = $1 AND id = $2 AND status <> 'draft'",
        )
        .bind(org_id)
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(announcement).transpose()?)
    }

    /// Adds a draft.
    pub async fn add_announcement(&self, org_id: i64, title: &str, content: &str) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar(
            "INSERT INTO announcements (org_id, title, content, status, gmt_create) VALUES ($1, $2, $3, 'draft', $4) \
             RETURNING id",
        )
        .bind(org_id)
        .bind(title)
        .bind(content)
        .bind(now_ms())
        .fetch_one(self.pool())
        .await?)
    }

    async fn announcement_status(&self, org_id: i64, id: i64) -> anyhow::Result<Option<String>> {
        Ok(sqlx::query_scalar("SELECT status FROM announcements WHERE org_id = $1 AND id = $2")
            .bind(org_id)
            .bind(id)
            .fetch_optional(self.pool())
            .await?)
    }

    /// `NotFound` or `WrongStatus` when no row of `org_id` and `id` matched the guarded statement.
    async fn why_not(&self, org_id: i64, id: i64) -> anyhow::Result<Transition> {
        Ok(match self.announcement_status(org_id, id).await? {
            None => Transition::NotFound,
            Some(_) => Transition::WrongStatus,
        })
    }

    /// Edits a draft's title and content.
    pub async fn edit_announcement(
        &self,
        org_id: i64,
        id: i64,
        title: &str,
        content: &str,
    ) -> anyhow::Result<Transition> {
        let done = sqlx::query(
            "UPDATE announcements SET title = $1, content = $2 WHERE org_id = $3 AND id = $4 AND status = 'draft'",
        )
        .bind(title)
        .bind(content)
        .bind(org_id)
        .bind(id)
        .execute(self.pool())
        .await?;
        if done.rows_affected() == 1 { Ok(Transition::Done) } else { self.why_not(org_id, id).await }
    }

    /// Publishes a draft: in one transaction the status changes and every user of the organisation gets a
    /// `notice` message (`dataId` = the announcement's id). Answers the stored messages with their users, for the
    /// caller to push on the message sockets.
    pub async fn publish_announcement(
        &self,
        org_id: i64,
        id: i64,
    ) -> anyhow::Result<Result<Vec<(i64, Message)>, Transition>> {
        let now = now_ms();
        let mut tx = self.begin_write().await?;
        let done = sqlx::query(
            "UPDATE announcements SET status = 'published', gmt_publish = $1 WHERE org_id = $2 AND id = $3 \
             AND status = 'draft'",
        )
        .bind(now)
        .bind(org_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            drop(tx);
            return Ok(Err(self.why_not(org_id, id).await?));
        }
        let row =
            sqlx::query("SELECT title, content FROM announcements WHERE id = $1").bind(id).fetch_one(&mut *tx).await?;
        let (title, content): (String, String) = (row.try_get("title")?, row.try_get("content")?);
        let users: Vec<i64> = sqlx::query_scalar("SELECT id FROM users WHERE org_id = $1 ORDER BY id")
            .bind(org_id)
            .fetch_all(&mut *tx)
            .await?;
        let data_id = id.to_string();
        let mut sent = Vec::with_capacity(users.len());
        for user_id in users {
            let message_id: i64 = sqlx::query_scalar(
                "INSERT INTO messages (user_id, type, title, title_en, note, data_id, gmt_create) \
                 VALUES ($1, 'notice', $2, $2, $3, $4, $5) RETURNING id",
            )
            .bind(user_id)
            .bind(&title)
            .bind(&content)
            .bind(&data_id)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
            sent.push((
                user_id,
                Message {
                    id: message_id,
                    kind: "notice".to_owned(),
                    title: title.clone(),
                    title_en: title.clone(),
                    note: content.clone(),
                    gmt_create: now,
                    data_id: data_id.clone(),
                    data_status: String::new(),
                    equip_type: String::new(),
                    alarm_id: None,
                    alarm_broadcast_times: 0,
                    equip_id: None,
                    read: false,
                },
            ));
        }
        tx.commit().await?;
        Ok(Ok(sent))
    }

    /// Withdraws a published announcement. Its notice messages that are still unread are deleted (nobody needs
    /// to read a withdrawn announcement); read ones stay, as a record of what the user saw. Answers how many
    /// messages were removed.
    pub async fn withdraw_announcement(&self, org_id: i64, id: i64) -> anyhow::Result<Result<u64, Transition>> {
        let mut tx = self.begin_write().await?;
        let done = sqlx::query(
            "UPDATE announcements SET status = 'withdrawn' WHERE org_id = $1 AND id = $2 AND status = 'published'",
        )
        .bind(org_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            drop(tx);
            return Ok(Err(self.why_not(org_id, id).await?));
        }
        let removed = sqlx::query(
            "DELETE FROM messages WHERE type = 'notice' AND data_id = $1 AND is_read = 0 \
             AND user_id IN (SELECT id FROM users WHERE org_id = $2)",
        )
        .bind(id.to_string())
        .bind(org_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(Ok(removed))
    }

    /// Deletes a draft or a withdrawn announcement (a published one must be withdrawn first).
    pub async fn delete_announcement(&self, org_id: i64, id: i64) -> anyhow::Result<Transition> {
        let done =
            sqlx::query("DELETE FROM announcements WHERE org_id = $1 AND id = $2 AND status IN ('draft', 'withdrawn')")
                .bind(org_id)
                .bind(id)
                .execute(self.pool())
                .await?;
        if done.rows_affected() == 1 { Ok(Transition::Done) } else { self.why_not(org_id, id).await }
    }
}
