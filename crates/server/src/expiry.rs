//! The expiry sweep (docs/messages.md, "Expire messages"): a background task that, once at start and then every
//! ten minutes, tells the people concerned that an equipment's service or a gateway's service expires in 30, 7
//! or 1 days, or today (China time).
//!
//! [`sweep`] takes the time as an argument, so tests drive it with any clock; the task passes the real one. Each
//! notice is claimed in `expiry_notices` in the transaction that writes its messages: a notice is sent once whoever sweeps
//! and however often. After a gap (the server was down) only the nearest threshold reached is sent, and a
//! changed date starts over, because notices are kept per date.

use crate::AppState;
use crate::answers::message::Message as MessageAnswer;
use crate::notify::content::Content;
use crate::workers::{FirstRun, Worker};
use ironsight_domain::expiry::{Day, due_threshold};
use ironsight_store::expiry::{ExpiryNotice, ExpiryTarget, NewExpireMessage, TargetType};
use std::time::Duration;

/// How often the sweep runs after the first one at start: a day's threshold is crossed at China's midnight, so
/// a message comes at most this long after it.
pub const TICK: Duration = Duration::from_secs(600);

/// The titles of an expire message in Chinese and English: what expires, in how many days, and the date.
pub fn titles(target: &ExpiryTarget, days_left: i64, date: &str) -> (String, String) {
    let name = &target.name;
    let (what_zh, what_en) = match target.target_type {
        TargetType::Equipment => (format!("设备“{name}”的服务"), format!("Service of {name}")),
        TargetType::Gateway => (format!("网关“{name}”的网关服务"), format!("Gateway service of {name}")),
    };
    match days_left {
        0 => (format!("{what_zh}今天到期（{date}）"), format!("{what_en} expires today ({date})")),
        1 => (format!("{what_zh}将于 1 天后到期（{date}）"), format!("{what_en} expires in 1 day ({date})")),
        n => (format!("{what_zh}将于 {n} 天后到期（{date}）"), format!("{what_en} expires in {n} days ({date})")),
    }
}

/// One round at `now_ms`: every notice due is claimed and sent. Answers how many messages were written. A target
/// that fails is logged and the round goes on with the others (it is tried again next tick: a notice is claimed only with its messages).
pub async fn sweep(state: &AppState, now_ms: i64) -> anyhow::Result<usize> {
    let today = Day::in_china(now_ms);
    let mut written = 0;
    for target in state.store.expiry_targets().await? {
        match tell(state, &target, today, now_ms).await {
            Ok(n) => written += n,
            Err(e) => {
                tracing::error!(target_id = target.id, kind = target.target_type.as_str(), "expiry notice: {e:#}")
            }
        }
    }
    Ok(written)
}

/// The notice due for one target, if any and not yet sent: claimed together with a message for each person who
/// sees the target, then pushed on their message socket and queued for their e-mail channels.
async fn tell(state: &AppState, target: &ExpiryTarget, today: Day, now_ms: i64) -> anyhow::Result<usize> {
    let Some(day) = target.expire_date.as_deref().and_then(|d| Day::parse(d).ok()) else { return Ok(0) };
    let days_left = day.days_after(today);
    let Some(threshold) = due_threshold(days_left) else { return Ok(0) };
    let date = day.text();
    let store = &state.store;
    // A nearer threshold already told (the clock went back) makes this one stale.
    let sent = store.expiry_thresholds_sent(target.target_type, target.id, &date).await?;
    if sent.iter().any(|t| *t <= threshold) {
        return Ok(0);
    }
    let (title, title_en) = titles(target, days_left, &date);
    let recipients = store.expiry_recipients(target).await?;
    let messages: Vec<NewExpireMessage> = recipients
        .iter()
        .map(|&(user_id, equip_id)| NewExpireMessage { user_id, title: &title, title_en: &title_en, equip_id })
        .collect();
    let notice = ExpiryNotice { target_type: target.target_type, target_id: target.id, expire_date: &date, threshold };
    // Claimed and written together: a failure here leaves the notice to the next sweep.
    let Some(stored) = store.tell_expiry(&notice, &messages).await? else { return Ok(0) };
    let detail = (format!("到期日期：{date}"), format!("Expiry date: {date}"));
    let written = stored.len();
    // Stored in the recipients' order, one each.
    for (&(user_id, _), message) in recipients.iter().zip(stored) {
        let content = Content::expire(
            (title.as_str(), title_en.as_str()),
            &target.name,
            (detail.0.as_str(), detail.1.as_str()),
            now_ms,
            message.id,
        );
        state.live.publish_message(user_id, &MessageAnswer::from(message));
        state.notifier.email_stored(user_id, &content).await;
    }
    Ok(written)
}

/// Starts the sweep: once now, then every [`TICK`].
pub fn start(state: AppState) -> Worker {
    Worker::periodic("expiry sweep", TICK, FirstRun::AtStart, move || {
        let state = state.clone();
        async move { sweep(&state, ironsight_store::now_ms()).await.map(drop) }
    })
}
