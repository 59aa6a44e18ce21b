//! The primary host's view of every edge node: a pure state machine. The caller hands in each message received on
//! `spBv1.0/#` with the time, and calls [`Host::tick`] now and then; it gets back [`Event`]s and does the I/O.
//!
//! Per node the host keeps the current NBIRTH's bdSeq, the sequence (`seq.rs`), the node's and each device's
//! metric table (name, alias, datatype), whether node and devices are online, and the datatypes seen so far (to
//! report a birth that changes one). The rules, from the Sparkplug 3.0.0 chapters on operational behaviour and
//! payloads:
//! - NBIRTH makes the node online and starts the sequence at its seq; its devices are offline until their DBIRTH.
//! - DBIRTH, NDATA, DDATA and DDEATH need a current NBIRTH (else: rebirth), carry the next seq (else: rebirth,
//!   after the reorder timeout if one is set) and are still read when their seq is wrong.
//! - DATA metrics are found by alias or name in the birth's table; one the birth did not define asks for a rebirth
//!   and the others are delivered.
//! - NDEATH ends the session only when its bdSeq is the current NBIRTH's (else it is a late will, ignored).
//! - NCMD and DCMD (other hosts' and our own) are not looked at.
//!
//! Rebirth requests are asked for at most once per `rebirth_holdoff_ms` per node until its NBIRTH arrives, so a
//! node that keeps sending data before its birth is not flooded with requests.

mod events;
mod seq;
mod table;

pub use events::{
    BirthMetric, DeviceDeath, Event, IgnoredDeath, InvalidMetric, MetricUpdate, Problem, RebirthReason, Sample,
};
pub use table::MetricDef;

use crate::command::HostState;
use crate::payload::{self, Payload};
use crate::topic::{EdgeTopic, MessageType, NodeId, Topic};
use crate::value::DataType;
use seq::SeqTracker;
use std::collections::HashMap;
use table::MetricTable;

/// The host's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// How long a seq gap may wait for the missing messages before a rebirth is asked for (ms). The
    /// specification's "Reorder Timeout"; 0, the default, asks at once (for brokers that keep the order).
    pub reorder_timeout_ms: u64,
    /// After asking a node for a rebirth, how long further reasons stay silent unless its NBIRTH comes (ms).
    pub rebirth_holdoff_ms: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config { reorder_timeout_ms: 0, rebirth_holdoff_ms: 5_000 }
    }
}

/// The state of every edge node the host has heard of.
#[derive(Debug, Default)]
pub struct Host {
    config: Config,
    nodes: HashMap<NodeId, Node>,
}

#[derive(Debug, Default)]
struct Node {
    online: bool,
    /// The current NBIRTH's bdSeq.
    bd_seq: Option<u64>,
    seq: SeqTracker,
    metrics: MetricTable,
    devices: HashMap<String, Device>,
    /// Every metric's datatype in the latest birth that defined it, by device (`None`: the node) and name.
    datatypes: HashMap<(Option<String>, String), DataType>,
    /// When the last rebirth was asked for, until the NBIRTH.
    rebirth_asked: Option<u64>,
}

#[derive(Debug, Default)]
struct Device {
    online: bool,
    metrics: MetricTable,
}

impl Host {
    pub fn new(config: Config) -> Host {
        Host { config, nodes: HashMap::new() }
    }

    /// A message received on `topic`, at `now` (ms since the epoch, also the timestamp of values that carry none).
    pub fn handle(&mut self, topic: &str, bytes: &[u8], now: u64) -> Vec<Event> {
        let error =
            |error: &dyn std::fmt::Display| Event::Malformed { topic: topic.to_owned(), error: error.to_string() };
        match Topic::parse(topic) {
            Err(error) => vec![Event::BadTopic { topic: topic.to_owned(), error }],
            Ok(Topic::State(host_id)) => match HostState::parse(bytes) {
                Some(state) => vec![Event::HostState { host_id, state }],
                None => vec![error(&"not a STATE payload")],
            },
            Ok(Topic::Edge(edge)) if matches!(edge.kind(), MessageType::NCmd | MessageType::DCmd) => Vec::new(),
            Ok(Topic::Edge(edge)) => match payload::decode(bytes) {
                Ok(payload) => self.handle_payload(&edge, &payload, now),
                Err(e) => vec![error(&e)],
            },
        }
    }

    /// A decoded message from an edge node or device.
    pub fn handle_payload(&mut self, topic: &EdgeTopic, payload: &Payload, now: u64) -> Vec<Event> {
        let node = self.nodes.entry(topic.node_id().clone()).or_default();
        let mut cx = Cx { config: &self.config, node: topic.node_id(), now, events: Vec::new() };
        match (topic.kind(), topic.device_id()) {
            (MessageType::NCmd | MessageType::DCmd, _) => {}
            (MessageType::NBirth, _) => node.birth(&mut cx, payload),
            (MessageType::NDeath, _) => node.death(&mut cx, payload),
            (kind, _) if !node.online => node.ask_rebirth(&mut cx, RebirthReason::DataBeforeBirth(kind)),
            (kind, device) => {
                if let Some(reason) = node.seq.observe(payload.seq, now, self.config.reorder_timeout_ms) {
                    node.ask_rebirth(&mut cx, reason);
                }
                match (kind, device) {
                    (MessageType::NData, _) => node.data(&mut cx, None, payload),
                    (MessageType::DData, Some(device)) => node.data(&mut cx, Some(device), payload),
                    (MessageType::DBirth, Some(device)) => node.device_birth(&mut cx, device, payload),
                    (MessageType::DDeath, Some(device)) => node.device_death(&mut cx, device),
                    _ => {}
                }
            }
        }
        cx.events
    }

    /// Asks for a rebirth of every node whose seq gap has outlived the reorder timeout.
    pub fn tick(&mut self, now: u64) -> Vec<Event> {
        let mut events = Vec::new();
        for (node_id, node) in &mut self.nodes {
            if let Some(reason) = node.seq.expired(now, self.config.reorder_timeout_ms) {
                let mut cx = Cx { config: &self.config, node: node_id, now, events: Vec::new() };
                node.ask_rebirth(&mut cx, reason);
                events.append(&mut cx.events);
            }
        }
        events
    }

    /// True while the node's current NBIRTH stands.
    pub fn node_online(&self, node: &NodeId) -> bool {
        self.nodes.get(node).is_some_and(|n| n.online)
    }

    /// True while the device's current DBIRTH stands.
    pub fn device_online(&self, node: &NodeId, device: &str) -> bool {
        self.nodes.get(node).and_then(|n| n.devices.get(device)).is_some_and(|d| d.online)
    }

    /// A metric of the current birth of the node (`device` `None`) or device: its alias and datatype, which a write
    /// ([`crate::command::write`]) needs.
    pub fn metric(&self, node: &NodeId, device: Option<&str>, name: &str) -> Option<&MetricDef> {
        let node = self.nodes.get(node).filter(|n| n.online)?;
        match device {
            None => node.metrics.by_name(name),
            Some(device) => node.devices.get(device).filter(|d| d.online)?.metrics.by_name(name),
        }
    }
}

/// The message being handled: the settings, its node, when it arrived, and the events it yields.
struct Cx<'a> {
    config: &'a Config,
    node: &'a NodeId,
    now: u64,
    events: Vec<Event>,
}

impl Cx<'_> {
    /// The time of what carries none of its own: the payload's timestamp, else the arrival.
    fn time(&self, payload: &Payload) -> u64 {
        payload.timestamp.unwrap_or(self.now)
    }

    /// The unsupported and invalid metrics of one message, one event for each kind when there are any.
    fn problems(&mut self, device: Option<&str>, unsupported: Vec<(String, DataType)>, invalid: Vec<InvalidMetric>) {
        let (node, device) = (self.node.clone(), device.map(str::to_owned));
        if !unsupported.is_empty() {
            self.events.push(Event::Unsupported { node: node.clone(), device: device.clone(), metrics: unsupported });
        }
        if !invalid.is_empty() {
            self.events.push(Event::Invalid { node, device, metrics: invalid });
        }
    }
}

impl Node {
    fn ask_rebirth(&mut self, cx: &mut Cx<'_>, reason: RebirthReason) {
        if self.rebirth_asked.is_some_and(|asked| cx.now.saturating_sub(asked) < cx.config.rebirth_holdoff_ms) {
            return;
        }
        self.rebirth_asked = Some(cx.now);
        cx.events.push(Event::RebirthNeeded { node: cx.node.clone(), reason });
    }

    fn birth(&mut self, cx: &mut Cx<'_>, payload: &Payload) {
        self.devices_dead(cx, DeviceDeath::NodeRebirth);
        self.devices.clear();
        self.seq.reset(payload.seq);
        self.bd_seq = table::bd_seq(&payload.metrics);
        self.rebirth_asked = None;
        self.online = true;
        let time = cx.time(payload);
        let birth = table::read_birth(&payload.metrics, time);
        self.datatypes_changed(cx, None, &birth.metrics);
        self.metrics = birth.table;
        let (node, bd_seq, metrics) = (cx.node.clone(), self.bd_seq, birth.metrics);
        cx.events.push(Event::NodeBorn { node, bd_seq, timestamp: time, metrics });
        cx.problems(None, birth.unsupported, birth.invalid);
    }

    fn death(&mut self, cx: &mut Cx<'_>, payload: &Payload) {
        let death = table::bd_seq(&payload.metrics);
        let node = cx.node.clone();
        if !self.online {
            cx.events.push(Event::DeathIgnored { node, reason: IgnoredDeath::NotOnline { death } });
        } else if death != self.bd_seq {
            cx.events.push(Event::DeathIgnored { node, reason: IgnoredDeath::Stale { death, birth: self.bd_seq } });
        } else {
            self.devices_dead(cx, DeviceDeath::NodeDeath);
            self.online = false;
            self.metrics = MetricTable::default();
            self.devices.clear();
            self.seq.reset(None);
            cx.events.push(Event::NodeDead { node, bd_seq: death });
        }
    }

    fn device_birth(&mut self, cx: &mut Cx<'_>, device: &str, payload: &Payload) {
        let time = cx.time(payload);
        let birth = table::read_birth(&payload.metrics, time);
        self.datatypes_changed(cx, Some(device), &birth.metrics);
        self.devices.insert(device.to_owned(), Device { online: true, metrics: birth.table });
        let (node, name, metrics) = (cx.node.clone(), device.to_owned(), birth.metrics);
        cx.events.push(Event::DeviceBorn { node, device: name, timestamp: time, metrics });
        cx.problems(Some(device), birth.unsupported, birth.invalid);
    }

    fn device_death(&mut self, cx: &mut Cx<'_>, device: &str) {
        if let Some(state) = self.devices.get_mut(device).filter(|d| d.online) {
            *state = Device::default();
            let (node, device) = (cx.node.clone(), device.to_owned());
            cx.events.push(Event::DeviceDead { node, device, cause: DeviceDeath::DDeath });
        }
    }

    /// NDATA (`device` `None`) or DDATA.
    fn data(&mut self, cx: &mut Cx<'_>, device: Option<&str>, payload: &Payload) {
        let table = match device {
            None => &self.metrics,
            Some(d) => match self.devices.get(d).filter(|d| d.online) {
                Some(state) => &state.metrics,
                None => return self.ask_rebirth(cx, RebirthReason::DeviceNotBorn { device: d.to_owned() }),
            },
        };
        let data = table::read_data(table, &payload.metrics, cx.time(payload));
        let device_name = device.map(str::to_owned);
        if !data.values.is_empty() {
            let (node, device) = (cx.node.clone(), device_name.clone());
            cx.events.push(Event::Values { node, device, values: data.values });
        }
        cx.problems(device, data.unsupported, data.invalid);
        if let Some(unknown) = data.unknown {
            let reason = match unknown {
                table::Unknown::Alias(alias) => RebirthReason::UnknownAlias { device: device_name, alias },
                table::Unknown::Name(name) => RebirthReason::UnknownMetric { device: device_name, name },
            };
            self.ask_rebirth(cx, reason);
        }
    }

    /// Reports each metric of a birth whose datatype differs from the one the previous birth gave it.
    fn datatypes_changed(&mut self, cx: &mut Cx<'_>, device: Option<&str>, metrics: &[BirthMetric]) {
        for metric in metrics {
            let key = (device.map(str::to_owned), metric.name.clone());
            match self.datatypes.insert(key, metric.datatype) {
                Some(was) if was != metric.datatype => cx.events.push(Event::DatatypeChanged {
                    node: cx.node.clone(),
                    device: device.map(str::to_owned),
                    metric: metric.name.clone(),
                    was,
                    now: metric.datatype,
                }),
                _ => {}
            }
        }
    }

    /// Marks every online device offline, with one event each (in name order).
    fn devices_dead(&mut self, cx: &mut Cx<'_>, cause: DeviceDeath) {
        let mut online: Vec<&String> = self.devices.iter().filter(|(_, d)| d.online).map(|(name, _)| name).collect();
        online.sort();
        for device in online {
            cx.events.push(Event::DeviceDead { node: cx.node.clone(), device: device.clone(), cause });
        }
        for device in self.devices.values_mut() {
            device.online = false;
        }
    }
}
