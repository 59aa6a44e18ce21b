//! The alarm worker: writes the engine's decisions in order (the record, a message for each user the alarm
//! concerns, the release) and queues each stored alarm message for the user's notification channels. Queueing is
//! a database insert and a wake-up of the delivery worker ([`crate::notify`]); nothing here waits for a delivery.

use super::{Job, Triggered};
use crate::backlog::Backlog;
use crate::live::LiveHub;
use crate::notify::{AlarmNotice, Notifier};
use ironsight_domain::alarm;
use ironsight_store::Store;
use ironsight_store::alarms::NewAlarm;
use ironsight_store::messages::NewAlarmMessage;
use std::future::Future;
use std::time::Duration;
use tokio::sync::mpsc;

/// How often a failed write of the worker is tried before the decision is dropped (logged).
const WRITE_ATTEMPTS: u32 = 8;

/// Writes the engine's decisions in the order they were made.
pub(super) async fn run_worker(
    store: Store,
    live: LiveHub,
    notifier: Notifier,
    mut jobs: mpsc::Receiver<Job>,
    backlog: Backlog,
) {
    while let Some(job) = jobs.recv().await {
        match job {
            Job::Trigger(t) => record_trigger(&store, &live, &notifier, &t).await,
            Job::Release { key, t } => {
                let _ = retrying("alarm release", || store.release_alarm(key, t)).await;
            }
        }
        backlog.done(1);
    }
}

/// Runs `write` until it succeeds, at most [`WRITE_ATTEMPTS`] times with a growing pause (the database may be
/// restarting); `None` when it never did (logged).
async fn retrying<T, F, Fut>(what: &str, mut write: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = anyhow::Result<T>>,
{
    let mut pause = Duration::from_millis(200);
    for attempt in 1..=WRITE_ATTEMPTS {
        match write().await {
            Ok(value) => return Some(value),
            Err(e) if attempt == WRITE_ATTEMPTS => tracing::error!("{what} failed, given up: {e:#}"),
            Err(e) => {
                tracing::warn!("{what} failed, retrying: {e:#}");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(10));
            }
        }
    }
    None
}

/// The record, then a message for each user of the organisation (all in one commit), each pushed on the user's
/// message socket, then queued for the user's notification channels.
/// Titles are stored in both languages (the console shows the one it runs in): equipment, signal, message.
async fn record_trigger(store: &Store, live: &LiveHub, notifier: &Notifier, t: &Triggered) {
    let new = NewAlarm {
        key: t.key,
        org_id: t.org_id,
        equipment_id: t.equipment_id,
        signal_id: t.signal_id,
        level: t.level,
        equip_title: &t.equip_title,
        signal_title: &t.signal_title,
        gmt_trigger: t.t,
        value: t.value,
        msg_zh: &t.msg_zh,
        msg_en: &t.msg_en,
    };
    let Some(alarm_id) = retrying("alarm record", || store.add_alarm(&new)).await else { return };
    let Some(users) = retrying("alarm recipients", || store.alarm_recipients(t.org_id, t.equipment_id)).await else {
        return;
    };
    let title = |msg: &str| {
        [t.equip_title.as_str(), t.signal_title.as_str(), msg]
            .iter()
            .filter(|p| !p.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (title_zh, title_en) = (title(&t.msg_zh), title(&t.msg_en));
    let note = t.value.map(|v| v.to_string()).unwrap_or_default();
    let messages: Vec<NewAlarmMessage> = users
        .iter()
        .map(|&user_id| NewAlarmMessage {
            user_id,
            title: &title_zh,
            title_en: &title_en,
            note: &note,
            equipment_id: t.equipment_id,
            alarm_id,
            broadcast_times: alarm::broadcast_times(t.level),
        })
        .collect();
    // Everyone's message in one commit and on everyone's screen first; the channels' queueing after.
    let Some(stored) = retrying("alarm messages", || store.add_alarm_messages(&messages)).await else { return };
    for (&user_id, message) in users.iter().zip(&stored) {
        live.publish_message(user_id, &crate::answers::message::Message::from(message.clone()));
    }
    for (&user_id, message) in users.iter().zip(&stored) {
        let notice = AlarmNotice {
            message_id: message.id,
            level: t.level,
            title_zh: &title_zh,
            title_en: &title_en,
            equipment: &t.equip_title,
            signal: &t.signal_title,
            msg_zh: &t.msg_zh,
            msg_en: &t.msg_en,
            value: t.value,
            time_ms: t.t,
        };
        notifier.alarm_stored(user_id, &notice).await;
    }
}
