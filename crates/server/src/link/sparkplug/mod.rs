//! The Sparkplug B primary host application (docs/gm-equipment.md): the server's own MQTT client also subscribes
//! `spBv1.0/#`, registers its offline STATE as its will and publishes the online one once subscribed; every
//! message of a registered edge node goes through one [`ironsight_sparkplug::Host`] session, and what the session
//! makes of it is stored here.
//!
//! - A birth's metrics become the source's announced metrics (`gm_metrics`), offered for adoption; an NBIRTH makes
//!   the source online, its NDEATH offline; any message is the source's last sign of life.
//! - Values of an adopted device become readings of its signals, through the gateways' path ([`values`]).
//! - A rebirth the session asks for is requested at once (the session holds repeated requests back).
//! - A write to an adopted metric is an NCMD / DCMD, a success once the device reports the value ([`writes`]).
//! - A DBIRTH makes an adopted device alive, its DDEATH (or its node's NDEATH) not (`equipment.gm_alive`).
//! - What cannot be used is counted per source ([`super::gm_stats`]), with its traffic: a source silent past its
//!   own reporting interval is offline until heard again ([`sweep_silent`]); a datatype changed by a later birth is
//!   logged and counted, and the adopted signal stays as it was.
//!
//! Nothing an edge node announces is seen before it is registered: a message of an unregistered node is not even
//! handed to the session, only counted. Whatever the bytes, a message is at worst counted and dropped: the codec
//! never panics, and a database error is logged without stopping the intake.
//!
//! The STATE timestamp is the time the link started, for every connection: rumqttc reconnects with the will it was
//! built with, and the specification wants the online STATE to carry the will's timestamp.

pub mod directory;
pub mod metrics;
pub mod values;
pub mod writes;

use super::Link;
use super::gm_stats::Problem;
use directory::{Directory, Source};
use ironsight_sparkplug::command::{self, HostState, HostStateMessages, Outgoing};
use ironsight_sparkplug::topic::MessageType;
use ironsight_sparkplug::{Event, HostId, Topic};
use rumqttc::{LastWill, QoS};
use std::collections::HashMap;
use std::sync::Mutex;

/// The host id of the server's STATE topic, `spBv1.0/STATE/ironsight`.
pub const HOST_ID: &str = "ironsight";

/// How often at most a source's last-seen time is written while it only sends data.
const SEEN_EVERY_MS: i64 = 10_000;

/// The host application's state, one per server.
pub struct SparkplugHost {
    id: HostId,
    /// The will and the online STATE of this server's connections.
    state: HostStateMessages,
    session: Mutex<ironsight_sparkplug::Host>,
    pub(crate) directory: Directory,
    /// When each source's last-seen time was last written (ms).
    seen_written: Mutex<HashMap<i64, i64>>,
    /// Writes sent and waiting for the device to report their value.
    writes: writes::PendingWrites,
}

impl SparkplugHost {
    /// The host for a link started at `started_ms`.
    pub fn new(started_ms: u64) -> SparkplugHost {
        let id = HostId::new(HOST_ID).expect("a valid host id");
        SparkplugHost {
            state: command::host_state(&id, started_ms),
            id,
            session: Mutex::new(ironsight_sparkplug::Host::new(ironsight_sparkplug::Config::default())),
            directory: Directory::default(),
            seen_written: Mutex::new(HashMap::new()),
            writes: writes::PendingWrites::default(),
        }
    }

    /// The offline STATE, to be the MQTT will of the server's client.
    pub fn will(&self) -> LastWill {
        let will = &self.state.will;
        LastWill::new(will.topic.clone(), will.payload.clone(), qos(will.qos), will.retain)
    }

    /// The online STATE, published once the client has subscribed.
    pub fn online(&self) -> &Outgoing {
        &self.state.online
    }
}

fn qos(level: u8) -> QoS {
    match level {
        0 => QoS::AtMostOnce,
        1 => QoS::AtLeastOnce,
        _ => QoS::ExactlyOnce,
    }
}

/// Publishes without waiting: this runs inside the MQTT event loop, which must keep polling for anything to go
/// out. A full queue drops the message (logged); the session asks again when the need persists.
fn send(link: &Link, out: &Outgoing) {
    if let Err(e) = link.inner.client.try_publish(out.topic.clone(), qos(out.qos), out.retain, out.payload.clone()) {
        tracing::warn!(topic = out.topic, "Sparkplug message not sent: {e}");
    }
}

/// Handles one message on `spBv1.0/…`.
pub async fn handle(link: &Link, topic: &str, payload: &[u8]) {
    let host = &link.inner.sparkplug;
    let now = ironsight_store::now_ms();
    let source = match Topic::parse(topic) {
        Ok(Topic::State(host_id)) => return on_state(link, &host_id, payload),
        // Commands: our own, echoed, or another host's.
        Ok(Topic::Edge(edge)) if matches!(edge.kind(), MessageType::NCmd | MessageType::DCmd) => return,
        Ok(Topic::Edge(edge)) => match host.directory.source(edge.node_id()) {
            Some(source) => {
                if link.inner.gm_stats.heard(source.id, edge.device_id(), now) && host.session_knows(edge.node_id()) {
                    // First heard since the start or after a silence, its birth current: online (again).
                    write_presence(link, source, true, now).await;
                }
                source
            }
            None => return link.inner.gm_stats.unknown_node(&edge.node_id().to_string()),
        },
        Err(e) => return tracing::debug!(topic, "not a Sparkplug topic: {e}"),
    };
    let events = host.session.lock().expect("session lock").handle(topic, payload, u64::try_from(now).unwrap_or(0));
    let mut presence_written = false;
    for event in events {
        if let Event::Malformed { error, .. } = &event {
            let problem = Problem {
                zh: format!("不是 Sparkplug B 消息：{error}"),
                en: format!("not a Sparkplug B payload: {error}"),
            };
            link.inner.gm_stats.bad_message(source.id, now, topic, problem, payload);
        }
        presence_written |= on_event(link, source, event, now).await;
    }
    if !presence_written {
        seen(link, source, now).await;
    }
}

/// A host's STATE. Our own offline STATE, newer than our connection, was published on our behalf while we are
/// connected (a broker that took another connection's will for ours): we are online, and say so again.
fn on_state(link: &Link, host_id: &HostId, payload: &[u8]) {
    let host = &link.inner.sparkplug;
    let Some(state) = HostState::parse(payload) else { return };
    let ours = HostState::parse(&host.state.online.payload).map_or(0, |s| s.timestamp);
    if *host_id == host.id && !state.online && state.timestamp >= ours && link.broker_up() {
        send(link, &host.state.online);
    }
}

/// Stores what one event says; true when it wrote the source's presence (and with it, its last-seen time).
async fn on_event(link: &Link, source: Source, event: Event, now: i64) -> bool {
    let host = &link.inner.sparkplug;
    let store = link.store();
    let (done, presence) = match event {
        Event::NodeBorn { metrics, .. } => {
            let stored = store.record_birth(source.id, "", &metrics::announced(&metrics), now).await;
            values::births(link, source, None, &metrics, now).await;
            (stored.and(store.set_gm_source_presence(source.id, true, now).await), true)
        }
        Event::DeviceBorn { device, metrics, .. } => {
            values::births(link, source, Some(&device), &metrics, now).await;
            let stored = store.record_birth(source.id, &device, &metrics::announced(&metrics), now).await;
            (stored.and(store.set_gm_device_alive(source.id, Some(&device), true).await), false)
        }
        Event::DeviceDead { device, .. } => (store.set_gm_device_alive(source.id, Some(&device), false).await, false),
        Event::Values { device, values, .. } => {
            values::data(link, source, device.as_deref(), &values, now).await;
            writes::confirm(link, source.id, device.as_deref(), &values, now).await;
            (Ok(()), false)
        }
        Event::NodeDead { .. } => {
            let dead = store.set_gm_device_alive(source.id, None, false).await;
            (dead.and(store.set_gm_source_presence(source.id, false, now).await), true)
        }
        Event::RebirthNeeded { node, reason } => {
            tracing::info!(source = source.id, %node, ?reason, "asking the edge node for a rebirth");
            send(link, &command::rebirth_request(&node, u64::try_from(now).unwrap_or(0)));
            (Ok(()), false)
        }
        Event::DatatypeChanged { node, device, metric, was, now: datatype } => {
            tracing::warn!(
                source = source.id, %node, device, metric, ?was, now = ?datatype,
                "a birth changed a metric's datatype; its signal stays as it was"
            );
            link.inner.gm_stats.count(source.id, |s| s.datatype_changes += 1);
            (Ok(()), false)
        }
        Event::Unsupported { metrics, .. } => {
            link.inner.gm_stats.count(source.id, |s| s.unsupported += metrics.len() as u64);
            (Ok(()), false)
        }
        Event::Invalid { metrics, .. } => {
            link.inner.gm_stats.count(source.id, |s| s.invalid += metrics.len() as u64);
            (Ok(()), false)
        }
        Event::Malformed { topic, error } => {
            tracing::debug!(source = source.id, topic, error, "not a Sparkplug B payload");
            link.inner.gm_stats.count(source.id, |s| s.malformed += 1);
            (Ok(()), false)
        }
        Event::DeathIgnored { .. } | Event::BadTopic { .. } | Event::HostState { .. } => (Ok(()), false),
    };
    if let Err(e) = done {
        tracing::error!(source = source.id, "Sparkplug message not stored: {e:#}");
    }
    if presence {
        host.seen_written.lock().expect("seen lock").insert(source.id, now);
    }
    presence
}

/// Writes the source's presence and last-seen time.
async fn write_presence(link: &Link, source: Source, online: bool, now: i64) {
    if let Err(e) = link.store().set_gm_source_presence(source.id, online, now).await {
        tracing::error!(source = source.id, "presence not stored: {e:#}");
    }
    link.inner.sparkplug.seen_written.lock().expect("seen lock").insert(source.id, now);
}

/// How often sources are checked for silence.
const SILENCE_SWEEP: std::time::Duration = std::time::Duration::from_secs(5);

/// Marks offline every source silent past its own reporting interval ([`super::gm_stats::GmStats::silent`]); heard again, it is
/// online again ([`handle`]).
pub(super) async fn sweep_silent(link: Link) {
    let mut tick = tokio::time::interval(SILENCE_SWEEP);
    loop {
        tick.tick().await;
        for (id, last_heard) in link.inner.gm_stats.silent(ironsight_store::now_ms()) {
            tracing::info!(source = id, "GM source silent past its reporting interval: offline");
            if let Err(e) = link.store().set_gm_source_presence(id, false, last_heard).await {
                tracing::error!(source = id, "presence not stored: {e:#}");
            }
        }
    }
}

impl SparkplugHost {
    /// Whether the session holds a current birth of `node`.
    fn session_knows(&self, node: &ironsight_sparkplug::NodeId) -> bool {
        self.session.lock().expect("session lock").node_online(node)
    }
}

/// Writes the source's last-seen time, at most every [`SEEN_EVERY_MS`].
async fn seen(link: &Link, source: Source, now: i64) {
    {
        let mut written = link.inner.sparkplug.seen_written.lock().expect("seen lock");
        if written.get(&source.id).is_some_and(|at| now - at < SEEN_EVERY_MS) {
            return;
        }
        written.insert(source.id, now);
    }
    if let Err(e) = link.store().touch_gm_source(source.id, now).await {
        tracing::error!(source = source.id, "last-seen time not stored: {e:#}");
    }
}

impl Link {
    /// Reloads which edge nodes and JSON devices are registered (with their rules) and where adopted devices'
    /// values go: after a source is registered or deleted, a rule saved, a device adopted, or an equipment's signals
    /// changed or deleted. A failure is logged; the maps
    /// stay as they were until the next change.
    pub async fn gm_changed(&self) {
        if let Err(e) = self.inner.sparkplug.directory.reload(self.store()).await {
            tracing::error!("Sparkplug sources and routes not reloaded: {e:#}");
        }
        self.json_devices_changed().await;
    }

    /// Source `source_id`'s traffic and what could not be used of it since the server started.
    pub fn gm_source_stats(&self, source_id: i64) -> super::gm_stats::SourceStats {
        self.inner.gm_stats.of(source_id, ironsight_store::now_ms())
    }

    /// Source `source_id`'s counters of what could not be used since the server started.
    pub fn gm_counters(&self, source_id: i64) -> super::gm_stats::Counters {
        self.inner.gm_stats.counters(source_id)
    }

    /// How often `device` of source `source_id` reports (ms), as observed since the server started.
    pub fn gm_interval_ms(&self, source_id: i64, device: &str) -> Option<i64> {
        self.inner.gm_stats.interval_ms(source_id, device)
    }

    /// Whether `device` (`''`: the node's own metrics) of the edge node `node` has a current birth.
    pub fn gm_device_alive(&self, node: &ironsight_sparkplug::NodeId, device: &str) -> bool {
        let session = self.inner.sparkplug.session.lock().expect("session lock");
        if device.is_empty() { session.node_online(node) } else { session.device_online(node, device) }
    }
}
