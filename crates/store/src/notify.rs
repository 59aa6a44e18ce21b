//! Alarm notification beyond the browser: an organisation's SMTP server, each user's channels and the delivery
//! log, which is also the queue (a delivery stays `queued` until it is `sent` or `failed`).
//!
//! The server decides what is sent and how; this module only keeps it. Secrets (the SMTP password, a robot's
//! signing secret) are read here because the sender needs them; the server's answers never carry them.

use crate::{Page, Store, join_list, now_ms, split_list};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A delivery waiting for its (next) attempt.
pub const QUEUED: &str = "queued";
/// A delivery the receiver accepted.
pub const SENT: &str = "sent";
/// A delivery given up on: every attempt failed, or its channel is gone.
pub const FAILED: &str = "failed";

/// An organisation's SMTP server, password included (for the sender only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmtpSettings {
    pub host: String,
    pub port: i64,
    /// `none`, `starttls` or `tls`.
    pub security: String,
    pub username: String,
    pub password: String,
    pub from_address: String,
    pub from_name: String,
}

/// One notification channel of a user, secret included (for the sender only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Channel {
    pub id: i64,
    /// `email`, `wecom`, `dingtalk`, `feishu` or `webhook`.
    pub kind: String,
    pub name: String,
    /// An e-mail address or a webhook URL.
    pub target: String,
    /// A DingTalk or Feishu robot's signing secret; empty for none.
    pub secret: String,
    /// The alarm levels (1 to 3) the channel takes.
    pub levels: Vec<i64>,
    pub enabled: bool,
}

/// A channel as a save gives it: `id` names one of the user's channels to keep (new when `None`); `secret`
/// `None` keeps the stored secret (write-only: the console never has it to send back).
#[derive(Clone, Debug)]
pub struct ChannelSave {
    pub id: Option<i64>,
    pub kind: String,
    pub name: String,
    pub target: String,
    pub secret: Option<String>,
    pub levels: Vec<i64>,
    pub enabled: bool,
}

/// Why a save was refused: the channel at this index of the list names an id that is not one of the user's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownChannel(pub usize);

/// A row of the delivery log as the user reads it (no content, no target, no secret).
#[derive(Clone, Debug, PartialEq)]
pub struct Delivery {
    pub id: i64,
    pub channel_id: i64,
    pub channel_name: String,
    pub channel_kind: String,
    pub message_id: Option<i64>,
    pub title: String,
    pub status: String,
    pub attempts: i64,
    pub last_error: String,
    pub created_ms: i64,
    pub updated_ms: i64,
}

/// A queued delivery that is due, with what the sender needs to find its channel and its SMTP server.
#[derive(Clone, Debug)]
pub struct DueDelivery {
    pub id: i64,
    pub user_id: i64,
    pub org_id: i64,
    pub channel_id: i64,
    pub content: String,
    pub lang: String,
    pub attempts: i64,
}

/// A delivery to queue now (due at once).
#[derive(Clone, Debug)]
pub struct NewDelivery<'a> {
    pub user_id: i64,
    pub channel: &'a Channel,
    pub message_id: Option<i64>,
    /// In the user's language, for the log.
    pub title: &'a str,
    /// What is sent, as the server wrote it.
    pub content: &'a str,
    pub lang: &'a str,
}

/// How an attempt ended.
#[derive(Clone, Debug)]
pub enum Attempt<'a> {
    Sent,
    /// Failed; tried again at `next_ms`.
    Retry {
        error: &'a str,
        next_ms: i64,
    },
    /// Failed for good.
    Failed {
        error: &'a str,
    },
}

const CHANNEL_COLUMNS: &str = "id, kind, name, target, secret, levels, enabled";

fn channel_from_row(r: &AnyRow) -> anyhow::Result<Channel> {
    Ok(Channel {
        id: r.try_get("id")?,
        kind: r.try_get("kind")?,
        name: r.try_get("name")?,
        target: r.try_get("target")?,
        secret: r.try_get("secret")?,
        levels: split_list(&r.try_get::<String, _>("levels")?).iter().filter_map(|l| l.parse().ok()).collect(),
        enabled: r.try_get::<i64, _>("enabled")? != 0,
    })
}

fn levels_text(levels: &[i64]) -> String {
    join_list(&levels.iter().map(i64::to_string).collect::<Vec<_>>())
}

impl Store {
    /// The organisation's SMTP server, if one was set up.
    pub async fn smtp_settings(&self, org_id: i64) -> anyhow::Result<Option<SmtpSettings>> {
        let row = sqlx::query(
            "SELECT host, port, security, username, password, from_address, from_name FROM smtp_settings \
             WHERE org_id = $1",
        )
        .bind(org_id)
        .fetch_optional(self.pool())
        .await?;
        let Some(r) = row else { return Ok(None) };
        Ok(Some(SmtpSettings {
            host: r.try_get("host")?,
            port: r.try_get("port")?,
            security: r.try_get("security")?,
            username: r.try_get("username")?,
            password: r.try_get("password")?,
            from_address: r.try_get("from_address")?,
            from_name: r.try_get("from_name")?,
        }))
    }

    /// Stores the organisation's SMTP server. `password: None` keeps the stored one (empty when there is none);
    /// `Some("")` clears it.
    pub async fn save_smtp_settings(
        &self,
        org_id: i64,
        settings: &SmtpSettings,
        password: Option<&str>,
    ) -> anyhow::Result<()> {
        let mut tx = self.begin_write().await?;
        let stored: Option<String> = sqlx::query_scalar("SELECT password FROM smtp_settings WHERE org_id = $1")
            .bind(org_id)
            .fetch_optional(&mut *tx)
            .await?;
        let password = password.map(str::to_owned).or(stored.clone()).unwrap_or_default();
        let sql = if stored.is_some() {
            "UPDATE smtp_settings SET host = $2, port = $3, security = $4, username = $5, password = $6, \
             from_address = $7, from_name = $8, updated_ms = $9 WHERE org_id = $1"
        } else {
            "INSERT INTO smtp_settings (org_id, host, port, security, username, password, from_address, from_name, \
             updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
        };
        sqlx::query(sql)
            .bind(org_id)
            .bind(&settings.host)
            .bind(settings.port)
            .bind(&settings.security)
            .bind(&settings.username)
            .bind(&password)
            .bind(&settings.from_address)
            .bind(&settings.from_name)
            .bind(now_ms())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The user's channels, in their order.
    pub async fn notify_channels(&self, user_id: i64) -> anyhow::Result<Vec<Channel>> {
        let rows = sqlx::query(&format!(
            "SELECT {CHANNEL_COLUMNS} FROM notify_channels WHERE user_id = $1 ORDER BY position, id"
        ))
        .bind(user_id)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(channel_from_row).collect()
    }

    /// One of the user's channels.
    pub async fn notify_channel(&self, user_id: i64, id: i64) -> anyhow::Result<Option<Channel>> {
        let row = sqlx::query(&format!("SELECT {CHANNEL_COLUMNS} FROM notify_channels WHERE user_id = $1 AND id = $2"))
            .bind(user_id)
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(channel_from_row).transpose()
    }

    /// Saves the user's prompt types, notification language and whole channel list at once: channels named by
    /// id are kept and changed, the others removed, new ones added; answers the ids in the order given. A list
    /// naming an id that is not one of the user's channels changes nothing.
    pub async fn save_notify_settings(
        &self,
        user_id: i64,
        promp_type: &[String],
        lang: &str,
        channels: &[ChannelSave],
    ) -> anyhow::Result<Result<Vec<i64>, UnknownChannel>> {
        let mut tx = self.begin_write().await?;
        let existing: Vec<i64> = sqlx::query_scalar("SELECT id FROM notify_channels WHERE user_id = $1")
            .bind(user_id)
            .fetch_all(&mut *tx)
            .await?;
        if let Some(index) = channels.iter().position(|c| c.id.is_some_and(|id| !existing.contains(&id))) {
            return Ok(Err(UnknownChannel(index)));
        }
        for gone in existing.iter().filter(|id| !channels.iter().any(|c| c.id == Some(**id))) {
            sqlx::query("DELETE FROM notify_channels WHERE id = $1").bind(gone).execute(&mut *tx).await?;
        }
        let now = now_ms();
        let mut ids = Vec::with_capacity(channels.len());
        for (position, c) in channels.iter().enumerate() {
            let position = position as i64;
            let id =
                match c.id {
                    Some(id) => {
                        sqlx::query(
                            "UPDATE notify_channels SET position = $2, kind = $3, name = $4, target = $5, \
                         secret = COALESCE($6, secret), levels = $7, enabled = $8 WHERE id = $1",
                        )
                        .bind(id)
                        .bind(position)
                        .bind(&c.kind)
                        .bind(&c.name)
                        .bind(&c.target)
                        .bind(c.secret.as_deref())
                        .bind(levels_text(&c.levels))
                        .bind(i64::from(c.enabled))
                        .execute(&mut *tx)
                        .await?;
                        id
                    }
                    None => sqlx::query_scalar(
                        "INSERT INTO notify_channels (user_id, position, kind, name, target, secret, levels, enabled, \
                         created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                    )
                    .bind(user_id)
                    .bind(position)
                    .bind(&c.kind)
                    .bind(&c.name)
                    .bind(&c.target)
                    .bind(c.secret.clone().unwrap_or_default())
                    .bind(levels_text(&c.levels))
                    .bind(i64::from(c.enabled))
                    .bind(now)
                    .fetch_one(&mut *tx)
                    .await?,
                };
            ids.push(id);
        }
        sqlx::query("UPDATE users SET promp_type = $2, notify_lang = $3 WHERE id = $1")
            .bind(user_id)
            .bind(join_list(promp_type))
            .bind(lang)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Ok(ids))
    }

    /// The language the user's notifications are written in (empty: never chosen).
    pub async fn notify_lang(&self, user_id: i64) -> anyhow::Result<String> {
        let lang: Option<String> = sqlx::query_scalar("SELECT notify_lang FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(self.pool())
            .await?;
        Ok(lang.unwrap_or_default())
    }

    /// Queues one delivery, due at once; answers its id.
    pub async fn queue_delivery(&self, d: &NewDelivery<'_>) -> anyhow::Result<i64> {
        let now = now_ms();
        Ok(sqlx::query_scalar(
            "INSERT INTO notify_deliveries (user_id, channel_id, channel_name, channel_kind, message_id, title, \
             content, lang, status, attempts, last_error, created_ms, updated_ms, next_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'queued', 0, '', $9, $9, $9) RETURNING id",
        )
        .bind(d.user_id)
        .bind(d.channel.id)
        .bind(&d.channel.name)
        .bind(&d.channel.kind)
        .bind(d.message_id)
        .bind(d.title)
        .bind(d.content)
        .bind(d.lang)
        .bind(now)
        .fetch_one(self.pool())
        .await?)
    }

    /// Queued deliveries due by `now`, oldest due first, at most `limit`, leaving out `busy` (being sent).
    pub async fn due_deliveries(&self, now: i64, limit: i64, busy: &[i64]) -> anyhow::Result<Vec<DueDelivery>> {
        // The ids in flight are integers the worker holds, written into the text (at most the worker's
        // concurrency of them).
        let skip = if busy.is_empty() {
            String::new()
        } else {
            format!(" AND d.id NOT IN ({})", busy.iter().map(i64::to_string).collect::<Vec<_>>().join(","))
        };
        let rows = sqlx::query(&format!(
            "SELECT d.id, d.user_id, u.org_id, d.channel_id, d.content, d.lang, d.attempts FROM notify_deliveries d \
             JOIN users u ON u.id = d.user_id WHERE d.status = 'queued' AND d.next_ms <= $1{skip} \
             ORDER BY d.next_ms, d.id LIMIT $2"
        ))
        .bind(now)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(DueDelivery {
                    id: r.try_get("id")?,
                    user_id: r.try_get("user_id")?,
                    org_id: r.try_get("org_id")?,
                    channel_id: r.try_get("channel_id")?,
                    content: r.try_get("content")?,
                    lang: r.try_get("lang")?,
                    attempts: r.try_get("attempts")?,
                })
            })
            .collect()
    }

    /// When the earliest queued delivery is due, if any is queued.
    pub async fn next_delivery_due(&self) -> anyhow::Result<Option<i64>> {
        Ok(sqlx::query_scalar("SELECT MIN(next_ms) FROM notify_deliveries WHERE status = 'queued'")
            .fetch_one(self.pool())
            .await?)
    }

    /// Records an attempt of a delivery and its outcome.
    pub async fn delivery_attempted(&self, id: i64, attempt: &Attempt<'_>) -> anyhow::Result<()> {
        let now = now_ms();
        let (status, error, next_ms) = match attempt {
            Attempt::Sent => (SENT, "", now),
            Attempt::Retry { error, next_ms } => (QUEUED, *error, *next_ms),
            Attempt::Failed { error } => (FAILED, *error, now),
        };
        sqlx::query(
            "UPDATE notify_deliveries SET status = $2, attempts = attempts + 1, last_error = $3, updated_ms = $4, \
             next_ms = $5 WHERE id = $1",
        )
        .bind(id)
        .bind(status)
        .bind(error)
        .bind(now)
        .bind(next_ms)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// A page of the user's delivery log, newest first.
    pub async fn deliveries(&self, user_id: i64, page: i64, page_size: i64) -> anyhow::Result<Page<Delivery>> {
        let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notify_deliveries WHERE user_id = $1")
            .bind(user_id)
            .fetch_one(self.pool())
            .await?;
        let rows = sqlx::query(
            "SELECT id, channel_id, channel_name, channel_kind, message_id, title, status, attempts, last_error, \
             created_ms, updated_ms FROM notify_deliveries WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3",
        )
        .bind(user_id)
        .bind(page_size)
        .bind((page - 1) * page_size)
        .fetch_all(self.pool())
        .await?;
        let list = rows
            .iter()
            .map(|r| {
                Ok(Delivery {
                    id: r.try_get("id")?,
                    channel_id: r.try_get("channel_id")?,
                    channel_name: r.try_get("channel_name")?,
                    channel_kind: r.try_get("channel_kind")?,
                    message_id: r.try_get("message_id")?,
                    title: r.try_get("title")?,
                    status: r.try_get("status")?,
                    attempts: r.try_get("attempts")?,
                    last_error: r.try_get("last_error")?,
                    created_ms: r.try_get("created_ms")?,
                    updated_ms: r.try_get("updated_ms")?,
                })
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Page { total, list })
    }

    /// Drops finished deliveries older than `before_ms`, and beyond the newest `keep_per_user` of each user.
    /// Queued ones stay whatever their age: they are the queue. Answers how many went.
    pub async fn prune_deliveries(&self, before_ms: i64, keep_per_user: i64) -> anyhow::Result<u64> {
        let mut removed = sqlx::query("DELETE FROM notify_deliveries WHERE status <> 'queued' AND created_ms < $1")
            .bind(before_ms)
            .execute(self.pool())
            .await?
            .rows_affected();
        let crowded: Vec<i64> =
            sqlx::query_scalar("SELECT user_id FROM notify_deliveries GROUP BY user_id HAVING COUNT(*) > $1")
                .bind(keep_per_user)
                .fetch_all(self.pool())
                .await?;
        for user_id in crowded {
            let oldest_kept: Option<i64> = sqlx::query_scalar(
                "SELECT id FROM notify_deliveries WHERE user_id = $1 ORDER BY id DESC LIMIT 1 OFFSET $2",
            )
            .bind(user_id)
            .bind(keep_per_user - 1)
            .fetch_optional(self.pool())
            .await?;
            if let Some(id) = oldest_kept {
                removed +=
                    sqlx::query("DELETE FROM notify_deliveries WHERE user_id = $1 AND id < $2 AND status <> 'queued'")
                        .bind(user_id)
                        .bind(id)
                        .execute(self.pool())
                        .await?
                        .rows_affected();
            }
        }
        Ok(removed)
    }
}
