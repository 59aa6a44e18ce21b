//! What the session tests share: an edge node with a device, and a host receiving what it publishes.

use ironsight_sparkplug::command::Outgoing;
use ironsight_sparkplug::command::edge::{BirthDef, DataValue, EdgeNode};
use ironsight_sparkplug::payload::{Metric, Payload};
use ironsight_sparkplug::session::{RebirthReason, Sample};
use ironsight_sparkplug::{Config, Event, Host, MessageType, MetricValue, NodeId, encode};

pub const T: u64 = 1_700_000_000_000;

pub fn node() -> NodeId {
    NodeId::new("Plant", "EG-01").unwrap()
}

pub fn node_metrics() -> Vec<BirthDef> {
    vec![
        BirthDef {
            unit: Some("bar".into()),
            range: Some((0.0, 16.0)),
            ..BirthDef::new("Pressure", Some(1), MetricValue::Double(2.5))
        },
        BirthDef::new("Running", Some(2), MetricValue::Boolean(false)),
    ]
}

pub fn pump_metrics() -> Vec<BirthDef> {
    vec![
        BirthDef::new("Speed", Some(10), MetricValue::UInt16(1450)),
        BirthDef::new("Mode", None, MetricValue::String("auto".into())),
    ]
}

pub fn value(name: &str, alias: Option<u64>, value: MetricValue) -> DataValue {
    DataValue { name: name.into(), alias, value }
}

/// A host and an edge node whose messages it receives (or loses, by not handing them in).
pub struct Rig {
    pub host: Host,
    pub edge: EdgeNode,
}

impl Rig {
    pub fn new(config: Config) -> Rig {
        Rig { host: Host::new(config), edge: EdgeNode::new(node(), 3) }
    }

    /// Born, with device "Pump" born too.
    pub fn born() -> Rig {
        let mut rig = Rig::new(Config::default());
        rig.feed(|e| e.birth(&node_metrics(), T));
        rig.feed(|e| e.device_birth("Pump", &pump_metrics(), T).unwrap());
        rig
    }

    /// The edge node publishes a message and the host receives it.
    pub fn feed(&mut self, publish: impl FnOnce(&mut EdgeNode) -> Outgoing) -> Vec<Event> {
        let out = publish(&mut self.edge);
        self.deliver(out, T)
    }

    pub fn deliver(&mut self, out: Outgoing, now: u64) -> Vec<Event> {
        self.host.handle(&out.topic, &out.payload, now)
    }

    pub fn pressure(&mut self, v: f64) -> Vec<Event> {
        self.feed(|e| pressure(e, v))
    }

    /// A message the edge node builds by hand (for what `EdgeNode` does not send), numbered like its others.
    pub fn raw(
        &mut self,
        kind: MessageType,
        device: Option<&str>,
        metrics: Vec<Metric>,
        seq: Option<u64>,
    ) -> Vec<Event> {
        let topic = match device {
            Some(d) => format!("spBv1.0/Plant/{kind}/EG-01/{d}"),
            None => format!("spBv1.0/Plant/{kind}/EG-01"),
        };
        let payload = Payload { timestamp: Some(T), metrics, seq, ..Payload::default() };
        self.host.handle(&topic, &encode(&payload), T)
    }
}

pub fn pressure(edge: &mut EdgeNode, v: f64) -> Outgoing {
    edge.data(&[value("Pressure", Some(1), MetricValue::Double(v))], T)
}

pub fn rebirth(reason: RebirthReason) -> Event {
    Event::RebirthNeeded { node: node(), reason }
}

pub fn values_of(events: &[Event]) -> Vec<(String, Sample)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Values { values, .. } => Some(values.iter().map(|v| (v.name.clone(), v.value.clone()))),
            _ => None,
        })
        .flatten()
        .collect()
}
