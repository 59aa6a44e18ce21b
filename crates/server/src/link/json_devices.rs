//! Plain JSON devices (docs/gm-equipment.md): devices that publish their own JSON at or below a topic prefix the
//! console registered, read by the device's data rule (`ironsight_domain::gm::json_rule`, the same reading the
//! console's try-out shows).
//!
//! - The server's client subscribes to every registered prefix (`{prefix}/#`, which covers the prefix itself), on
//!   each connection and whenever a device is registered (the registration answers once the broker acknowledged); the directory (prefix → device and its rule) is swapped in whole on
//!   every change, so a message never waits on the database.
//! - Any message is a sign of life ([`super::gm_stats`]): the first since the start, or the first after a silence,
//!   makes the device online; the silence sweep makes it offline.
//! - A data message's values go the gateways' way (`ingest::accept`) to the adopted equipment's signals (the rule's
//!   keys are their `source_key`). Not JSON, a path missing, a wrong type or an unreadable time is counted, its last
//!   example kept; it spoils only what it touches (an unreadable time: stored at arrival) and never stops intake.
//! - A write publishes the rule's command on `{prefix}/cmd` and waits, in memory, for its confirmation: a message
//!   echoing the write's id at the reply path, or without one, the signal's next value equal to the written one.
//!   The link's command sweep times out the others (1301), as a gateway's.

use super::Link;
use super::gm_stats::Problem;
use super::ingest::{accept, arrival_time};
use crate::answers::live::{CommandReadings, LiveValue};
use ironsight_domain::Lang;
use ironsight_domain::gm::json_rule::{JsonRule, ReadProblem, RuleDoc};
use ironsight_protocol::payload::COMMAND_DEADLINE_MS;
use ironsight_store::Store;
use ironsight_store::commands::CommandStatus;
use ironsight_store::readings::StoredReading;
use rumqttc::QoS;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, RwLock};

/// A registered JSON device as its messages are placed.
#[derive(Clone, Debug)]
struct Device {
    source_id: i64,
    /// `None` until a data rule is saved (or when the stored one no longer reads).
    rule: Option<Arc<JsonRule>>,
}

/// A write sent and not confirmed yet.
#[derive(Debug)]
struct Pending {
    uuid: String,
    source_id: i64,
    signal_id: i64,
    value: f64,
    sent_ms: i64,
}

/// Why a write is not sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The device is not registered any more, or its rule has no command: nothing can carry the write.
    NoCommand,
}

/// The JSON devices of the link.
#[derive(Default)]
pub struct JsonDevices {
    by_prefix: RwLock<Arc<HashMap<String, Device>>>,
    /// The prefixes the server's client has subscribed to on this connection.
    subscribed: Mutex<HashSet<String>>,
    writes: Mutex<Vec<Pending>>,
}

impl JsonDevices {
    /// The device whose prefix `topic` is at or below, with that prefix. Prefixes never overlap (registration
    /// refuses it), so there is at most one: each level boundary of the topic is looked up once.
    fn find(&self, topic: &str) -> Option<(String, Device)> {
        let map = self.by_prefix.read().expect("json devices lock").clone();
        let ends = topic.match_indices('/').map(|(i, _)| i).chain([topic.len()]);
        ends.filter_map(|end| map.get(&topic[..end]).map(|d| (topic[..end].to_owned(), d.clone()))).next()
    }

    /// Reloads the directory from the store; answers the prefixes not subscribed to yet.
    pub async fn reload(&self, store: &Store) -> anyhow::Result<Vec<String>> {
        let mut map = HashMap::new();
        for d in store.json_devices().await? {
            let rule = d
                .data_rule
                .as_deref()
                .and_then(|text| serde_json::from_str::<RuleDoc>(text).ok())
                .and_then(|doc| JsonRule::check(doc).ok())
                .map(Arc::new);
            map.insert(d.topic_prefix, Device { source_id: d.source_id, rule });
        }
        let subscribed = self.subscribed.lock().expect("json devices lock");
        let new = map.keys().filter(|p| !subscribed.contains(*p)).cloned().collect();
        drop(subscribed);
        *self.by_prefix.write().expect("json devices lock") = Arc::new(map);
        Ok(new)
    }

    /// Every registered prefix, for a new connection's subscriptions (the old connection's are gone with it).
    fn all_prefixes(&self) -> Vec<String> {
        self.subscribed.lock().expect("json devices lock").clear();
        self.by_prefix.read().expect("json devices lock").keys().cloned().collect()
    }
}

/// How long a registration waits for the broker to acknowledge the new device's subscriptions.
const SUBSCRIBED_WITHIN: std::time::Duration = std::time::Duration::from_secs(5);

/// The subscription of one prefix: `{prefix}/#`, which matches the prefix itself and everything below it (a
/// second filter of the prefix alone would have every message at the prefix delivered twice).
fn filters(prefix: &str) -> [String; 1] {
    [format!("{prefix}/#")]
}

impl Link {
    /// Subscribes to `prefixes` (a new connection's all, or a reload's new ones), remembering them; answers once
    /// the broker has acknowledged them (at most [`SUBSCRIBED_WITHIN`]), so a device registered by a call that
    /// waited for this finds its messages heard from its first one.
    pub(super) async fn subscribe_json_prefixes(&self, prefixes: Vec<String>) {
        let mut acks = self.inner.subacks.subscribe();
        let expected = *acks.borrow_and_update() + prefixes.len() as u64;
        for prefix in prefixes {
            for filter in filters(&prefix) {
                if let Err(e) = self.inner.client.subscribe(filter, QoS::AtLeastOnce).await {
                    tracing::error!(prefix, "MQTT subscribe failed: {e}");
                    return;
                }
            }
            self.inner.json_devices.subscribed.lock().expect("json devices lock").insert(prefix);
        }
        if tokio::time::timeout(SUBSCRIBED_WITHIN, acks.wait_for(|n| *n >= expected)).await.is_err() {
            tracing::warn!("JSON device subscriptions not acknowledged within {SUBSCRIBED_WITHIN:?}");
        }
    }

    /// Every registered prefix's subscriptions, after a (re)connection.
    pub(super) async fn subscribe_all_json_prefixes(&self) {
        let prefixes = self.inner.json_devices.all_prefixes();
        self.subscribe_json_prefixes(prefixes).await;
    }

    /// Reloads the JSON devices and subscribes to new prefixes. A failure is logged; the directory stays as it was.
    pub(super) async fn json_devices_changed(&self) {
        match self.inner.json_devices.reload(self.store()).await {
            Ok(new) if self.broker_up() => self.subscribe_json_prefixes(new).await,
            Ok(_) => {}
            Err(e) => tracing::error!("JSON devices not reloaded: {e:#}"),
        }
    }

    /// Whether JSON device `source_id` is registered with a rule that has a command (so it can be written).
    pub fn json_has_command(&self, source_id: i64) -> bool {
        let map = self.inner.json_devices.by_prefix.read().expect("json devices lock");
        map.values().any(|d| d.source_id == source_id && d.rule.as_ref().is_some_and(|r| r.doc().command.is_some()))
    }

    /// Sends `value` for signal `signal_id` (the rule's `key`) of JSON device `source_id` as command `uuid`: the
    /// rule's command on `{prefix}/cmd`, waiting for its confirmation from then on.
    pub async fn json_send_write(
        &self,
        source_id: i64,
        (signal_id, key): (i64, &str),
        value: f64,
        uuid: &str,
    ) -> anyhow::Result<Result<(), Refusal>> {
        let found = {
            let map = self.inner.json_devices.by_prefix.read().expect("json devices lock");
            map.iter().find(|(_, d)| d.source_id == source_id).map(|(p, d)| (p.clone(), d.rule.clone()))
        };
        let Some((prefix, Some(rule))) = found else { return Ok(Err(Refusal::NoCommand)) };
        let Some(command) = rule.command(uuid, key, value) else { return Ok(Err(Refusal::NoCommand)) };
        let pending =
            Pending { uuid: uuid.to_owned(), source_id, signal_id, value, sent_ms: ironsight_store::now_ms() };
        // Waiting before it is sent, so that an answer faster than this task is not missed.
        self.inner.json_devices.writes.lock().expect("json devices lock").push(pending);
        if let Err(e) = self.inner.client.publish(format!("{prefix}/cmd"), QoS::AtLeastOnce, false, command).await {
            self.inner.json_devices.writes.lock().expect("json devices lock").retain(|p| p.uuid != uuid);
            anyhow::bail!("MQTT publish failed: {e}");
        }
        Ok(Ok(()))
    }
}

/// Handles a message if its topic is at or below a JSON device's prefix; false when it is no device's.
pub async fn handle(link: &Link, topic: &str, payload: &[u8]) -> bool {
    let Some((prefix, device)) = link.inner.json_devices.find(topic) else { return false };
    let below = topic.strip_prefix(prefix.as_str()).unwrap_or_default();
    if below == "/cmd" || below.starts_with("/cmd/") {
        return true; // our own commands, echoed
    }
    let now = ironsight_store::now_ms();
    let stats = &link.inner.gm_stats;
    let id = device.source_id;
    if stats.heard(id, None, now)
        && let Err(e) = link.store().set_gm_source_presence(id, true, now).await
    {
        tracing::error!(source = id, "presence not stored: {e:#}");
    }
    let Some(rule) = device.rule else {
        let problem = Problem { zh: NO_RULE_ZH.to_owned(), en: NO_RULE_EN.to_owned() };
        stats.bad_message(id, now, topic, problem, payload);
        return true;
    };
    let reading = match rule.read(payload, now) {
        Ok(reading) => reading,
        Err(problem) => {
            stats.count(id, |c| c.malformed += 1);
            stats.bad_message(id, now, topic, localized(&problem), payload);
            return true;
        }
    };
    if let Some(reply) = &reading.reply_id {
        confirm_reply(link, id, reply, now).await;
    }
    if !rule.is_data_topic(&prefix, topic) {
        return true; // a reply, or something the rule does not read
    }
    let mut problems: Vec<&ReadProblem> = Vec::new();
    let t = match &reading.t {
        Ok(t) => {
            let (t, ahead) = arrival_time(*t, now);
            if ahead.is_some() {
                stats.count(id, |c| c.future += 1);
            }
            t
        }
        Err(problem) => {
            problems.push(problem);
            now
        }
    };
    let routes = link.inner.sparkplug.directory.routes(id, "");
    let mut rows = Vec::new();
    for value in &reading.values {
        match &value.value {
            Ok(v) => {
                if let Some(route) = routes.as_ref().and_then(|r| r.get(&value.key)) {
                    let good = v.is_finite();
                    rows.push(StoredReading {
                        signal_id: route.signal_id,
                        equipment_id: route.equipment_id,
                        t,
                        v: good.then_some(*v),
                        good,
                        error_code: None,
                    });
                }
            }
            Err(problem) => problems.push(problem),
        }
    }
    if let Some(first) = problems.first() {
        stats.count(id, |c| c.invalid += problems.len() as u64);
        stats.bad_message(id, now, topic, localized(first), payload);
    }
    if !rows.is_empty() {
        confirm_values(link, id, &rule, &rows, now).await;
        accept(link, rows, None).await;
    }
    true
}

/// What a device's message is when the device has no data rule yet.
const NO_RULE_ZH: &str = "该设备还没有保存数据规则，其消息未被读取";
const NO_RULE_EN: &str = "no data rule is saved for this device: its messages are not read";

fn localized(problem: &ReadProblem) -> Problem {
    Problem { zh: problem.text(Lang::Zh), en: problem.text(Lang::En) }
}

/// The write of device `source_id` whose id a message echoed.
async fn confirm_reply(link: &Link, source_id: i64, reply: &str, now: i64) {
    let confirmed = take_pending(link, now, |p| p.source_id == source_id && p.uuid == reply);
    for p in confirmed {
        succeed(link, &p.uuid, p.value, now).await;
    }
}

/// The writes of device `source_id` that these readings confirm (the written value arrived), when its rule has no
/// reply path (with one, only the echoed id confirms a write).
async fn confirm_values(link: &Link, source_id: i64, rule: &JsonRule, rows: &[StoredReading], now: i64) {
    if rule.doc().command.as_ref().is_some_and(|c| c.reply_path.is_some()) {
        return;
    }
    let confirmed = take_pending(link, now, |p| {
        p.source_id == source_id && rows.iter().any(|r| r.signal_id == p.signal_id && r.v == Some(p.value))
    });
    for p in confirmed {
        succeed(link, &p.uuid, p.value, now).await;
    }
}

/// Removes and answers the pending writes `matches` picks; forgets those past the command deadline (the sweep has
/// timed them out).
fn take_pending(link: &Link, now: i64, matches: impl Fn(&Pending) -> bool) -> Vec<Pending> {
    let mut pending = link.inner.json_devices.writes.lock().expect("json devices lock");
    pending.retain(|p| now - p.sent_ms <= COMMAND_DEADLINE_MS);
    let (confirmed, waiting) = std::mem::take(&mut *pending).into_iter().partition(|p| matches(p));
    *pending = waiting;
    confirmed
}

async fn succeed(link: &Link, uuid: &str, value: f64, now: i64) {
    let readings =
        CommandReadings { value: Some(value), readings: vec![LiveValue::stored(Some(value), now, true, None)] };
    let data = serde_json::to_string(&readings).unwrap_or_default();
    if let Err(e) = link.store().set_command_status(uuid, CommandStatus::Success, None, Some(&data)).await {
        tracing::error!(uuid, "write outcome not stored: {e:#}");
    }
}
