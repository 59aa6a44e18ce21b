//! Alarm notification beyond the browser (docs/messages.md, "Beyond the browser"): each user's channels (e-mail
//! through the organisation's SMTP server; WeCom, DingTalk and Feishu robots; plain JSON webhooks) get the alarms
//! of the levels the user chose; e-mail channels also get the user's expire and order messages.
//!
//! The database is the queue. When the alarm worker has stored an alarm message for a user, [`Notifier::alarm_stored`]
//! inserts one `queued` delivery per matching channel and wakes the delivery worker; that is all the alarm path
//! waits for, so a dead channel never delays ingest or alarms. The worker ([`Notifier::start`]) sends what is due,
//! a few at a time, each with its own time limit, records every attempt in the delivery log and retries a failure
//! after the configured delays before marking it failed. What was queued survives a restart: the worker starts by
//! sending every queued delivery that is due. One delivery worker per database is assumed, as for the alarm engine.

pub mod address;
pub mod content;
pub mod send;

use crate::workers::{StopSignal, Worker};
use content::{Content, Kind};
use ironsight_domain::Lang;
use ironsight_store::notify::{Attempt, Channel, DueDelivery, NewDelivery};
use ironsight_store::{Store, now_ms};
use send::Failure;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;
use tokio::task::JoinSet;

/// Deliveries sent at once, at most.
const CONCURRENCY: usize = 8;
/// Each send's time limit (connect, TLS, the whole HTTP call or SMTP session).
pub const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest the worker sleeps without looking at the queue (a delivery queued by another path than a wake).
const POLL: Duration = Duration::from_secs(30);
/// How often the log is pruned.
const PRUNE_EVERY: Duration = Duration::from_secs(3600);
/// Finished deliveries are kept this long…
const KEEP_MS: i64 = 30 * 24 * 3600 * 1000;
/// …and at most this many per user.
const KEEP_PER_USER: i64 = 10_000;
/// The default waits before the second, third and fourth attempt.
pub const DEFAULT_RETRY_DELAYS: [Duration; 3] =
    [Duration::from_secs(30), Duration::from_secs(120), Duration::from_secs(600)];

/// How the worker runs (from the configuration).
#[derive(Clone, Debug)]
pub struct NotifyConfig {
    /// Webhooks may point at loopback, link-local and private addresses (`--notify-allow-private`).
    pub allow_private: bool,
    /// The waits before each retry; a delivery is attempted once more than there are delays.
    pub retry_delays: Vec<Duration>,
}

impl Default for NotifyConfig {
    fn default() -> NotifyConfig {
        NotifyConfig { allow_private: false, retry_delays: DEFAULT_RETRY_DELAYS.to_vec() }
    }
}

/// What the alarm worker tells about an alarm it stored a message for.
#[derive(Clone, Debug)]
pub struct AlarmNotice<'a> {
    pub message_id: i64,
    pub level: i64,
    pub title_zh: &'a str,
    pub title_en: &'a str,
    pub equipment: &'a str,
    pub signal: &'a str,
    pub msg_zh: &'a str,
    pub msg_en: &'a str,
    pub value: Option<f64>,
    pub time_ms: i64,
}

/// The handle the alarm worker and the API queue deliveries with; cheap to clone.
#[derive(Clone)]
pub struct Notifier {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    config: NotifyConfig,
    /// A wake-up only: the queue is the database, so this holds at most one pending permit.
    wake: Notify,
}

/// The language a user's notifications are written in: what was stored, zh-CN (the default) otherwise.
fn lang_of(stored: &str) -> Lang {
    if stored == "en" { Lang::En } else { Lang::Zh }
}

impl Notifier {
    pub fn new(store: Store, config: NotifyConfig) -> Notifier {
        Notifier { inner: Arc::new(Inner { store, config, wake: Notify::new() }) }
    }

    pub fn config(&self) -> &NotifyConfig {
        &self.inner.config
    }

    /// Queues the alarm for each of the user's enabled channels that takes its level, and wakes the worker.
    /// Failures are logged: a notification lost to a database fault must not stop the alarm's other work.
    pub async fn alarm_stored(&self, user_id: i64, alarm: &AlarmNotice<'_>) {
        if let Err(e) = self.queue_alarm(user_id, alarm).await {
            tracing::error!(user_id, "alarm notification not queued: {e:#}");
        }
    }

    async fn queue_alarm(&self, user_id: i64, a: &AlarmNotice<'_>) -> anyhow::Result<()> {
        let store = &self.inner.store;
        let channels: Vec<Channel> = store
            .notify_channels(user_id)
            .await?
            .into_iter()
            .filter(|c| c.enabled && c.levels.contains(&a.level))
            .collect();
        if channels.is_empty() {
            return Ok(());
        }
        let stored_lang = store.notify_lang(user_id).await?;
        let content = Content {
            kind: Kind::Alarm,
            title: a.title_zh.to_owned(),
            title_en: a.title_en.to_owned(),
            equipment: a.equipment.to_owned(),
            signal: a.signal.to_owned(),
            message: a.msg_zh.to_owned(),
            message_en: a.msg_en.to_owned(),
            value: a.value,
            time_ms: a.time_ms,
            level: a.level,
            message_id: Some(a.message_id),
        };
        let text = serde_json::to_string(&content)?;
        let title = content.title_in(lang_of(&stored_lang));
        for channel in &channels {
            let delivery = NewDelivery {
                user_id,
                channel,
                message_id: Some(a.message_id),
                title,
                content: &text,
                lang: &stored_lang,
            };
            store.queue_delivery(&delivery).await?;
        }
        self.inner.wake.notify_one();
        Ok(())
    }

    /// Queues a message that is not an alarm (an expire message, an order message) for each of the user's enabled
    /// e-mail channels, and wakes the worker. A channel's levels are alarm levels and say nothing about these, and
    /// robots and webhooks are a team's alarm feed; an e-mail is the person's own. Failures are logged, as for
    /// alarms: the message itself is stored and pushed already.
    pub async fn email_stored(&self, user_id: i64, content: &Content) {
        if let Err(e) = self.queue_email(user_id, content).await {
            tracing::error!(user_id, kind = ?content.kind, "e-mail notification not queued: {e:#}");
        }
    }

    async fn queue_email(&self, user_id: i64, content: &Content) -> anyhow::Result<()> {
        let store = &self.inner.store;
        let email: Vec<Channel> =
            store.notify_channels(user_id).await?.into_iter().filter(|c| c.enabled && c.kind == "email").collect();
        if email.is_empty() {
            return Ok(());
        }
        let stored_lang = store.notify_lang(user_id).await?;
        let text = serde_json::to_string(content)?;
        let title = content.title_in(lang_of(&stored_lang));
        for channel in &email {
            let delivery = NewDelivery {
                user_id,
                channel,
                message_id: content.message_id,
                title,
                content: &text,
                lang: &stored_lang,
            };
            store.queue_delivery(&delivery).await?;
        }
        self.inner.wake.notify_one();
        Ok(())
    }

    /// Queues a test of one of the user's channels (sent even when the channel is disabled: a user tries a
    /// channel before turning it on); answers the delivery's id.
    pub async fn queue_test(&self, user_id: i64, channel: &Channel) -> anyhow::Result<i64> {
        let store = &self.inner.store;
        let stored_lang = store.notify_lang(user_id).await?;
        let content = Content::test(now_ms());
        let text = serde_json::to_string(&content)?;
        let title = content.title_in(lang_of(&stored_lang));
        let delivery = NewDelivery { user_id, channel, message_id: None, title, content: &text, lang: &stored_lang };
        let id = store.queue_delivery(&delivery).await?;
        self.inner.wake.notify_one();
        Ok(id)
    }

    /// Starts the delivery worker. Its graceful stop lets the sends under way finish (each within its time limit);
    /// deliveries not sent stay queued for the next start.
    pub fn start(&self) -> anyhow::Result<Worker> {
        let client = send::http_client(self.inner.config.allow_private, SEND_TIMEOUT)?;
        let inner = self.inner.clone();
        Ok(Worker::spawn("notification sender", move |stop| run(inner, client, stop)))
    }
}

// The worker's stop waits for the sends under way; it must not give up on them first.
const _: () = assert!(SEND_TIMEOUT.as_secs() + 1 < crate::workers::STOP_WITHIN.as_secs());

/// The worker: sends what is due, at most [`CONCURRENCY`] at once, sleeps until the next delivery is due, a wake
/// or [`POLL`], and prunes the log every [`PRUNE_EVERY`].
async fn run(inner: Arc<Inner>, client: reqwest::Client, mut stop: StopSignal) {
    let mut sending: JoinSet<()> = JoinSet::new();
    // Task id → delivery id, so a delivery whose task panicked is freed too.
    let mut busy: HashMap<tokio::task::Id, i64> = HashMap::new();
    let mut pruned_at: Option<tokio::time::Instant> = None;
    loop {
        if pruned_at.is_none_or(|t| t.elapsed() >= PRUNE_EVERY) {
            pruned_at = Some(tokio::time::Instant::now());
            match inner.store.prune_deliveries(now_ms() - KEEP_MS, KEEP_PER_USER).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(removed = n, "delivery log pruned"),
                Err(e) => tracing::warn!("delivery log not pruned: {e:#}"),
            }
        }
        let in_flight: Vec<i64> = busy.values().copied().collect();
        let free = CONCURRENCY - in_flight.len();
        let mut wait = POLL;
        if free > 0 {
            let now = now_ms();
            match inner.store.due_deliveries(now, free as i64, &in_flight).await {
                Ok(due) => {
                    let filled = due.len() == free;
                    for d in due {
                        let id = d.id;
                        let handle = sending.spawn(deliver(inner.clone(), client.clone(), d));
                        busy.insert(handle.id(), id);
                    }
                    if !filled {
                        wait = match inner.store.next_delivery_due().await {
                            Ok(Some(next)) => {
                                Duration::from_millis((next - now).clamp(0, POLL.as_millis() as i64) as u64)
                            }
                            Ok(None) => POLL,
                            Err(_) => POLL,
                        };
                    }
                }
                Err(e) => tracing::warn!("delivery queue not read: {e:#}"),
            }
        }
        // A due delivery already being sent would make the wait zero: a finished send wakes the loop instead.
        let only_busy_due = wait.is_zero() && !busy.is_empty();
        if only_busy_due {
            wait = POLL;
        }
        tokio::select! {
            _ = stop.requested() => break,
            _ = inner.wake.notified() => {}
            Some(done) = sending.join_next_with_id(), if !sending.is_empty() => {
                let id = match done { Ok((id, ())) => id, Err(e) => e.id() };
                busy.remove(&id);
            }
            _ = tokio::time::sleep(wait) => {}
        }
    }
    // Let the sends under way end (each is bounded by its time limit); what is left stays queued.
    let _ = tokio::time::timeout(SEND_TIMEOUT + Duration::from_secs(1), async {
        while sending.join_next().await.is_some() {}
    })
    .await;
    sending.abort_all();
}

/// One attempt of one delivery, recorded.
async fn deliver(inner: Arc<Inner>, client: reqwest::Client, d: DueDelivery) {
    let outcome = attempt(&inner, &client, &d).await;
    let attempts = usize::try_from(d.attempts).unwrap_or(0) + 1;
    let delays = &inner.config.retry_delays;
    let record = match &outcome {
        Ok(()) => Attempt::Sent,
        Err(Failure::Transient(error)) if attempts <= delays.len() => {
            let delay = i64::try_from(delays[attempts - 1].as_millis()).unwrap_or(i64::MAX / 2);
            Attempt::Retry { error, next_ms: now_ms() + delay }
        }
        Err(failure) => Attempt::Failed { error: failure.text() },
    };
    if let Err(failure) = &outcome {
        // The delivery's id and channel kind only: the text may quote a receiver, never a secret.
        tracing::warn!(delivery = d.id, attempts, "notification not delivered: {}", failure.text());
    }
    if let Err(e) = inner.store.delivery_attempted(d.id, &record).await {
        tracing::error!(delivery = d.id, "delivery attempt not recorded: {e:#}");
    }
}

async fn attempt(inner: &Inner, client: &reqwest::Client, d: &DueDelivery) -> Result<(), Failure> {
    let content: Content = serde_json::from_str(&d.content)
        .map_err(|_| Failure::Permanent("the queued notification cannot be read".into()))?;
    let store = &inner.store;
    let transient = |e: anyhow::Error| Failure::Transient(send::bounded(&format!("database: {e:#}")));
    let Some(channel) = store.notify_channel(d.user_id, d.channel_id).await.map_err(transient)? else {
        return Err(Failure::Permanent("the channel was removed".into()));
    };
    if !channel.enabled && content.kind != Kind::Test {
        return Err(Failure::Permanent("the channel was turned off".into()));
    }
    let lang = lang_of(&d.lang);
    if channel.kind == "email" {
        let Some(smtp) = store.smtp_settings(d.org_id).await.map_err(transient)? else {
            return Err(Failure::Permanent("the organisation has no SMTP server set up".into()));
        };
        return send::send_email(&smtp, &channel, &content, lang, SEND_TIMEOUT).await;
    }
    send::post_webhook(client, inner.config.allow_private, &channel, &content, lang, now_ms()).await
}

/// The set of kinds a channel may be.
pub const CHANNEL_KINDS: &[&str] = &["email", "wecom", "dingtalk", "feishu", "webhook"];

/// Kinds whose robots sign with a secret.
pub fn takes_secret(kind: &str) -> bool {
    matches!(kind, "dingtalk" | "feishu")
}
