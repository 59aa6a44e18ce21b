//! Alarm notification beyond the browser: the user's settings, the delivery log and the organisation's SMTP
//! server. No secret is ever an answer's field: the SMTP password and a robot's signing secret are told only as
//! `hasPassword` / `hasSecret`.

use ironsight_store::notify;
use serde::Serialize;
use ts_rs::TS;

/// One notification channel as the console edits it.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NotifyChannel {
    pub id: i64,
    #[ts(type = "\"email\" | \"wecom\" | \"dingtalk\" | \"feishu\" | \"webhook\"")]
    pub kind: String,
    pub name: String,
    /// An e-mail address or a webhook URL.
    pub target: String,
    /// Alarm levels 1 (most urgent) to 3.
    pub levels: Vec<i64>,
    pub enabled: bool,
    /// A signing secret is stored (DingTalk, Feishu); the secret itself is never sent back.
    pub has_secret: bool,
}

impl From<notify::Channel> for NotifyChannel {
    fn from(c: notify::Channel) -> NotifyChannel {
        NotifyChannel {
            id: c.id,
            kind: c.kind,
            name: c.name,
            target: c.target,
            levels: c.levels,
            enabled: c.enabled,
            has_secret: !c.secret.is_empty(),
        }
    }
}

/// `msg/notify/settings/query`: how the user is told of new messages, in the browser and beyond.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NotifySettings {
    /// Any of `sound`, `title`, `alter` (the user info's `prompType`).
    pub promp_type: Vec<String>,
    pub channels: Vec<NotifyChannel>,
    /// The organisation has an SMTP server set up (an e-mail channel sends nothing without one).
    pub smtp_ready: bool,
}

/// One row of the delivery log.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NotifyDelivery {
    pub id: i64,
    /// The channel (it may have been removed since; its name and kind are kept).
    pub channel_id: i64,
    pub channel_name: String,
    pub channel_kind: String,
    /// The alarm message it tells of; `null` for a test.
    pub message_id: Option<i64>,
    pub title: String,
    #[ts(type = "\"queued\" | \"sent\" | \"failed\"")]
    pub status: String,
    pub attempts: i64,
    /// Why the last attempt failed (bounded, no secrets); empty after a success.
    pub last_error: String,
    pub gmt_create: i64,
    pub gmt_update: i64,
}

impl From<notify::Delivery> for NotifyDelivery {
    fn from(d: notify::Delivery) -> NotifyDelivery {
        NotifyDelivery {
            id: d.id,
            channel_id: d.channel_id,
            channel_name: d.channel_name,
            channel_kind: d.channel_kind,
            message_id: d.message_id,
            title: d.title,
            status: d.status,
            attempts: d.attempts,
            last_error: d.last_error,
            gmt_create: d.created_ms,
            gmt_update: d.updated_ms,
        }
    }
}

/// `msg/notify/smtp/query`: the organisation's SMTP server, without its password.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SmtpServer {
    pub host: String,
    pub port: i64,
    #[ts(type = "\"none\" | \"starttls\" | \"tls\"")]
    pub security: String,
    pub username: String,
    pub has_password: bool,
    pub from_address: String,
    pub from_name: String,
}

impl From<notify::SmtpSettings> for SmtpServer {
    fn from(s: notify::SmtpSettings) -> SmtpServer {
        SmtpServer {
            host: s.host,
            port: s.port,
            security: s.security,
            username: s.username,
            has_password: !s.password.is_empty(),
            from_address: s.from_address,
            from_name: s.from_name,
        }
    }
}
