//! The messages of a Sparkplug edge node, for tests and for a demo edge node: an [`EdgeNode`] numbers them (bdSeq per
//! MQTT connection, seq per message) as the specification requires, so a host fed with them sees a correct session.
//!
//! What it does: NBIRTH with seq 0, the `bdSeq` metric (Int64) and `Node Control/Rebirth` = false without alias;
//! every later message of the node or its devices with the next seq (255 wraps to 0); NDEATH with the connection's
//! bdSeq and no seq, to register as the will. What it leaves to its user: publishing, and calling
//! [`EdgeNode::reconnect`] before each new MQTT connection.

use super::{BD_SEQ, Outgoing, REBIRTH};
use crate::payload::{self, Metric, Payload, PropertySet, PropertyValue};
use crate::proto::payload::property_value;
use crate::topic::{EdgeTopic, MessageType, NodeId};
use crate::value::{DataType, MetricValue};

/// One metric of a birth.
#[derive(Clone, Debug, PartialEq)]
pub struct BirthDef {
    pub name: String,
    /// Used by DATA messages in place of the name when set; unique across the node and its devices.
    pub alias: Option<u64>,
    /// The first value; its datatype is the metric's.
    pub value: MetricValue,
    /// Sent as the `engUnit` property.
    pub unit: Option<String>,
    /// Sent as the `engLow` and `engHigh` properties (Double).
    pub range: Option<(f64, f64)>,
}

impl BirthDef {
    pub fn new(name: &str, alias: Option<u64>, value: MetricValue) -> BirthDef {
        BirthDef { name: name.to_owned(), alias, value, unit: None, range: None }
    }
}

/// One new value in a DATA message: by alias when given, else by name.
#[derive(Clone, Debug, PartialEq)]
pub struct DataValue {
    pub name: String,
    pub alias: Option<u64>,
    pub value: MetricValue,
}

/// An edge node's numbering of its messages.
#[derive(Clone, Debug)]
pub struct EdgeNode {
    node: NodeId,
    bd_seq: u8,
    /// The seq of the next message.
    seq: u8,
}

impl EdgeNode {
    /// A node whose first MQTT connection uses `bd_seq`.
    pub fn new(node: NodeId, bd_seq: u8) -> EdgeNode {
        EdgeNode { node, bd_seq, seq: 0 }
    }

    pub fn node(&self) -> &NodeId {
        &self.node
    }

    /// The bdSeq of the current connection.
    pub fn bd_seq(&self) -> u8 {
        self.bd_seq
    }

    /// A new MQTT connection: the next bdSeq (255 wraps to 0).
    pub fn reconnect(&mut self) {
        self.bd_seq = self.bd_seq.wrapping_add(1);
    }

    /// The NDEATH to register as the MQTT will (QoS 1, not retained) and to publish before disconnecting on purpose.
    pub fn death(&self, now_ms: u64) -> Outgoing {
        let payload =
            Payload { timestamp: Some(now_ms), metrics: vec![self.bd_seq_metric(now_ms)], ..Payload::default() };
        let topic = EdgeTopic::node(&self.node, MessageType::NDeath).expect("a node message type");
        Outgoing { topic: topic.to_string(), payload: payload::encode(&payload), qos: 1, retain: false }
    }

    /// The NBIRTH, seq 0: `bdSeq`, `Node Control/Rebirth` and `metrics`. Also the answer to a rebirth request.
    pub fn birth(&mut self, metrics: &[BirthDef], now_ms: u64) -> Outgoing {
        self.seq = 0;
        let rebirth = Metric {
            name: Some(REBIRTH.to_owned()),
            timestamp: Some(now_ms),
            ..MetricValue::Boolean(false).to_metric()
        };
        let mut all = vec![self.bd_seq_metric(now_ms), rebirth];
        all.extend(metrics.iter().map(|m| birth_metric(m, now_ms)));
        self.publish(EdgeTopic::node(&self.node, MessageType::NBirth), all, now_ms).expect("a node message type")
    }

    /// A DBIRTH; `None` for an invalid device id.
    pub fn device_birth(&mut self, device: &str, metrics: &[BirthDef], now_ms: u64) -> Option<Outgoing> {
        let all = metrics.iter().map(|m| birth_metric(m, now_ms)).collect();
        self.publish(EdgeTopic::device(&self.node, MessageType::DBirth, device), all, now_ms)
    }

    /// An NDATA.
    pub fn data(&mut self, values: &[DataValue], now_ms: u64) -> Outgoing {
        let metrics = values.iter().map(|v| data_metric(v, now_ms)).collect();
        self.publish(EdgeTopic::node(&self.node, MessageType::NData), metrics, now_ms).expect("a node message type")
    }

    /// A DDATA; `None` for an invalid device id.
    pub fn device_data(&mut self, device: &str, values: &[DataValue], now_ms: u64) -> Option<Outgoing> {
        let metrics = values.iter().map(|v| data_metric(v, now_ms)).collect();
        self.publish(EdgeTopic::device(&self.node, MessageType::DData, device), metrics, now_ms)
    }

    /// A DDEATH; `None` for an invalid device id.
    pub fn device_death(&mut self, device: &str, now_ms: u64) -> Option<Outgoing> {
        self.publish(EdgeTopic::device(&self.node, MessageType::DDeath, device), Vec::new(), now_ms)
    }

    fn bd_seq_metric(&self, now_ms: u64) -> Metric {
        let value = MetricValue::Int64(self.bd_seq.into());
        Metric { name: Some(BD_SEQ.to_owned()), timestamp: Some(now_ms), ..value.to_metric() }
    }

    /// The payload with the next seq, QoS 0, not retained; nothing numbered when the topic is `None`.
    fn publish(&mut self, topic: Option<EdgeTopic>, metrics: Vec<Metric>, now_ms: u64) -> Option<Outgoing> {
        let topic = topic?;
        let payload = Payload { timestamp: Some(now_ms), metrics, seq: Some(self.seq.into()), ..Payload::default() };
        self.seq = self.seq.wrapping_add(1);
        Some(Outgoing { topic: topic.to_string(), payload: payload::encode(&payload), qos: 0, retain: false })
    }
}

/// True when an NCMD payload asks for a rebirth (`Node Control/Rebirth` = true).
pub fn is_rebirth_request(payload: &Payload) -> bool {
    payload.metrics.iter().any(|m| {
        m.name.as_deref() == Some(REBIRTH) && m.value == Some(crate::proto::payload::metric::Value::BooleanValue(true))
    })
}

fn birth_metric(def: &BirthDef, now_ms: u64) -> Metric {
    let mut properties = PropertySet::default();
    let mut property = |key: &str, r#type: DataType, value: property_value::Value| {
        properties.keys.push(key.to_owned());
        properties.values.push(PropertyValue { r#type: Some(r#type as u32), is_null: None, value: Some(value) });
    };
    if let Some(unit) = &def.unit {
        property("engUnit", DataType::String, property_value::Value::StringValue(unit.clone()));
    }
    if let Some((low, high)) = def.range {
        property("engLow", DataType::Double, property_value::Value::DoubleValue(low));
        property("engHigh", DataType::Double, property_value::Value::DoubleValue(high));
    }
    Metric {
        name: Some(def.name.clone()),
        alias: def.alias,
        timestamp: Some(now_ms),
        properties: (!properties.keys.is_empty()).then_some(properties),
        ..def.value.to_metric()
    }
}

/// A DATA metric: alias alone when there is one, else the name; no datatype (the birth gave it).
fn data_metric(value: &DataValue, now_ms: u64) -> Metric {
    Metric {
        name: value.alias.is_none().then(|| value.name.clone()),
        alias: value.alias,
        timestamp: Some(now_ms),
        datatype: None,
        value: Some(value.value.to_proto()),
        ..Metric::default()
    }
}
