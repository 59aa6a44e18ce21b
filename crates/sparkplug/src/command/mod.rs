//! What the host publishes: rebirth requests and writes (NCMD / DCMD, Sparkplug 3.0.0 "NCMD", "DCMD" and
//! "Commands"), its STATE ([`state`]), and, for tests and the demo edge node, the messages of an edge
//! node ([`edge`]). Each comes as an [`Outgoing`]: topic, payload, QoS and retain flag, ready for an MQTT client.

pub mod edge;
pub mod state;

pub use state::{HostState, HostStateMessages, host_offline, host_state};

use crate::payload::{self, Metric, Payload};
use crate::topic::{EdgeTopic, MessageType, NodeId};
use crate::value::MetricValue;

/// The node metric a host sets to true to ask for a rebirth.
pub const REBIRTH: &str = "Node Control/Rebirth";

/// The NBIRTH and NDEATH metric that pairs a death with its birth.
pub const BD_SEQ: &str = "bdSeq";

/// One MQTT message to publish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub topic: String,
    pub payload: Vec<u8>,
    pub qos: u8,
    pub retain: bool,
}

/// The rebirth request: NCMD with `Node Control/Rebirth` = true, by name (an NBIRTH must not give that metric an
/// alias, so that any host can ask). Like every command: a payload timestamp, no seq, QoS 0, not retained.
pub fn rebirth_request(node: &NodeId, now_ms: u64) -> Outgoing {
    let metric =
        Metric { name: Some(REBIRTH.to_owned()), timestamp: Some(now_ms), ..MetricValue::Boolean(true).to_metric() };
    command(EdgeTopic::node(node, MessageType::NCmd).expect("NCMD is a node message type"), vec![metric], now_ms)
}

/// One metric to write.
#[derive(Clone, Debug, PartialEq)]
pub struct Write {
    /// The metric's name in its birth.
    pub name: String,
    /// Its alias in the birth, if it has one ([`crate::session::Host::metric`] knows it).
    pub alias: Option<u64>,
    /// The value, of the birth's datatype.
    pub value: MetricValue,
}

/// NCMD (`device` `None`) or DCMD writing `writes`; `None` when the device id is not valid.
///
/// A metric with an alias is sent by alias alone (the specification: "NDATA, DDATA, NCMD, and DCMD messages MUST
/// only include an alias and the metric name MUST be excluded" when aliases are used), one without by name. The
/// datatype is sent too: the specification says it SHOULD NOT be, but its own DCMD example carries it and Eclipse
/// Tahu's decoder cannot read a value without it unless the edge node hands it the birth's types.
pub fn write(node: &NodeId, device: Option<&str>, writes: &[Write], now_ms: u64) -> Option<Outgoing> {
    let topic = match device {
        None => EdgeTopic::node(node, MessageType::NCmd)?,
        Some(device) => EdgeTopic::device(node, MessageType::DCmd, device)?,
    };
    let metrics = writes
        .iter()
        .map(|w| Metric {
            name: w.alias.is_none().then(|| w.name.clone()),
            alias: w.alias,
            timestamp: Some(now_ms),
            ..w.value.to_metric()
        })
        .collect();
    Some(command(topic, metrics, now_ms))
}

fn command(topic: EdgeTopic, metrics: Vec<Metric>, now_ms: u64) -> Outgoing {
    let payload = Payload { timestamp: Some(now_ms), metrics, ..Payload::default() };
    Outgoing { topic: topic.to_string(), payload: payload::encode(&payload), qos: 0, retain: false }
}
