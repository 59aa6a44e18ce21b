//! The host side against a Sparkplug B edge node no one here wrote: pysparkplug (from the package index, in the
//! repository's `.venv`, made by `make test-venv`), driven by `tests/peers/sparkplug_edge.py`, publishing through the
//! machine's Mosquitto (127.0.0.1:1883). What it sends is read by [`Host`] exactly as the server will: births with
//! every scalar datatype, data, a sequence gap answered by a rebirth request and new births, a write (DCMD) confirmed
//! by the next data, and the death the broker publishes when the node's connection drops.
//!
//! Without the venv the test says it is skipped, unless `IRONSIGHT_REQUIRE_PEERS` is set (`.ci/run` sets it).

use ironsight_sparkplug::command::{self, Write};
use ironsight_sparkplug::session::{BirthMetric, Sample};
use ironsight_sparkplug::{Config, DataType, Event, Host, MetricValue, NodeId};
use rumqttc::{AsyncClient, Event as MqttEvent, MqttOptions, Packet, QoS};
use std::time::Duration;
use tokio::sync::mpsc;

#[path = "peers/edge_peer.rs"]
mod edge_peer;
use edge_peer::{Login, Peer};

const BROKER: (&str, u16) = ("127.0.0.1", 1883);
const DEADLINE: Duration = Duration::from_secs(20);

fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64
}

/// The host's side: an MQTT client subscribed to the node's topics, feeding a [`Host`].
struct HostSide {
    client: AsyncClient,
    host: Host,
    messages: mpsc::UnboundedReceiver<(String, Vec<u8>)>,
}

impl HostSide {
    async fn start(group: &str, node: &str) -> HostSide {
        let mut options = MqttOptions::new(format!("host-{node}"), BROKER.0, BROKER.1);
        options.set_max_packet_size(1 << 20, 1 << 20);
        let (client, mut eventloop) = AsyncClient::new(options, 64);
        let (tx, messages) = mpsc::unbounded_channel();
        let (subscribed_tx, mut subscribed) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            loop {
                match eventloop.poll().await {
                    Ok(MqttEvent::Incoming(Packet::Publish(p))) => {
                        let _ = tx.send((p.topic.clone(), p.payload.to_vec()));
                    }
                    Ok(MqttEvent::Incoming(Packet::SubAck(_))) => {
                        let _ = subscribed_tx.send(());
                    }
                    Ok(_) => {}
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
        });
        client.subscribe(format!("spBv1.0/{group}/+/{node}/#"), QoS::AtLeastOnce).await.unwrap();
        client.subscribe(format!("spBv1.0/{group}/+/{node}"), QoS::AtLeastOnce).await.unwrap();
        for _ in 0..2 {
            tokio::time::timeout(DEADLINE, subscribed.recv()).await.expect("SUBACK").unwrap();
        }
        HostSide { client, host: Host::new(Config::default()), messages }
    }

    /// Feeds messages to the host until `pick` finds what it wants in their events; the events seen on the way are
    /// kept for the failure message.
    async fn until<T>(&mut self, what: &str, mut pick: impl FnMut(&Event) -> Option<T>) -> T {
        let mut seen = Vec::new();
        let found = tokio::time::timeout(DEADLINE, async {
            while let Some((topic, bytes)) = self.messages.recv().await {
                for event in self.host.handle(&topic, &bytes, now_ms()) {
                    if let Some(found) = pick(&event) {
                        return Some(found);
                    }
                    seen.push(event);
                }
            }
            None
        })
        .await;
        found.ok().flatten().unwrap_or_else(|| panic!("no {what}; events: {seen:#?}"))
    }
}

fn value_of<'a>(metrics: &'a [BirthMetric], name: &str) -> (&'a DataType, Option<&'a Sample>) {
    let metric = metrics.iter().find(|m| m.name == name).unwrap_or_else(|| panic!("no {name} in {metrics:#?}"));
    (&metric.datatype, metric.value.as_ref())
}

#[tokio::test]
async fn a_pysparkplug_edge_node_is_read_through_its_whole_life() {
    let (group, node_id) = ("IronsightTest", format!("py-{}", std::process::id()));
    let mut host = HostSide::start(group, &node_id).await;
    let client_id = format!("peer-{node_id}");
    let login = Login { host: BROKER.0, port: BROKER.1, username: &client_id, password: "anything" };
    let Some(mut peer) = Peer::start(login, group, &node_id).await else { return };
    let node = NodeId::new(group, &node_id).unwrap();

    // Births: the node's, then the device's with one metric of every scalar datatype.
    peer.send(serde_json::json!({"op": "connect"})).await;
    peer.said("connected").await;
    host.until("NBIRTH", |e| matches!(e, Event::NodeBorn { .. }).then_some(())).await;
    let metrics = host
        .until("DBIRTH", |e| match e {
            Event::DeviceBorn { device, metrics, .. } if device == "Analyser" => Some(metrics.clone()),
            _ => None,
        })
        .await;
    let expected = [
        ("pH", DataType::Double, MetricValue::Double(7.0)),
        ("Turbidity", DataType::Float, MetricValue::Float(0.5)),
        ("Chlorine i8", DataType::Int8, MetricValue::Int8(-5)),
        ("Level i16", DataType::Int16, MetricValue::Int16(-300)),
        ("Count i32", DataType::Int32, MetricValue::Int32(-70_000)),
        ("Total i64", DataType::Int64, MetricValue::Int64(-5_000_000_000)),
        ("Mode u8", DataType::UInt8, MetricValue::UInt8(200)),
        ("Flow u16", DataType::UInt16, MetricValue::UInt16(60_000)),
        ("Hours u32", DataType::UInt32, MetricValue::UInt32(4_000_000_000)),
        ("Energy u64", DataType::UInt64, MetricValue::UInt64(9_000_000_000_000)),
        ("Running", DataType::Boolean, MetricValue::Boolean(true)),
        ("State", DataType::String, MetricValue::String("sampling".into())),
        ("Note", DataType::Text, MetricValue::Text("调试中".into())),
        ("Calibrated", DataType::DateTime, MetricValue::DateTime(1_767_323_045_000)),
    ];
    for (name, datatype, value) in expected {
        assert_eq!(value_of(&metrics, name), (&datatype, Some(&Sample::Value(value))), "{name}");
    }

    // Data.
    peer.send(serde_json::json!({"op": "update", "metrics": {"pH": 7.25, "Chlorine i8": -128}})).await;
    let values = host
        .until("DDATA", |e| match e {
            Event::Values { device: Some(d), values, .. } if d == "Analyser" => Some(values.clone()),
            _ => None,
        })
        .await;
    let mut read: Vec<(&str, &Sample)> = values.iter().map(|v| (v.name.as_str(), &v.value)).collect();
    read.sort_by_key(|(name, _)| *name);
    let (low, ph) = (Sample::Value(MetricValue::Int8(-128)), Sample::Value(MetricValue::Double(7.25)));
    assert_eq!(read, [("Chlorine i8", &low), ("pH", &ph)]);

    // A skipped sequence number: the host asks for a rebirth, the node is born again.
    peer.send(serde_json::json!({"op": "gap"})).await;
    peer.said("gapped").await;
    peer.send(serde_json::json!({"op": "update", "metrics": {"pH": 7.5}})).await;
    host.until("a rebirth request", |e| matches!(e, Event::RebirthNeeded { .. }).then_some(())).await;
    let request = command::rebirth_request(&node, now_ms());
    host.client.publish(request.topic, QoS::AtLeastOnce, false, request.payload).await.unwrap();
    peer.said("rebirth").await;
    host.until("the NBIRTH after the rebirth request", |e| matches!(e, Event::NodeBorn { .. }).then_some(())).await;
    host.until("the DBIRTH after it", |e| matches!(e, Event::DeviceBorn { .. }).then_some(())).await;

    // A write: a DCMD by the birth's definition, confirmed by the DDATA carrying the written value.
    let pump_ph = host.host.metric(&node, Some("Analyser"), "pH").expect("pH is defined").clone();
    let write = Write { name: pump_ph.name.clone(), alias: pump_ph.alias, value: MetricValue::Double(6.5) };
    let dcmd = command::write(&node, Some("Analyser"), &[write], now_ms()).unwrap();
    host.client.publish(dcmd.topic, QoS::AtLeastOnce, false, dcmd.payload).await.unwrap();
    let applied = peer.said("write").await;
    assert_eq!((applied["metric"].as_str(), applied["value"].as_f64()), (Some("pH"), Some(6.5)));
    host.until("the DDATA confirming the write", |e| match e {
        Event::Values { values, .. } => {
            values.iter().any(|v| v.name == "pH" && v.value == Sample::Value(MetricValue::Double(6.5))).then_some(())
        }
        _ => None,
    })
    .await;

    // The node's connection drops: the broker publishes its NDEATH, and the node and its device are offline.
    peer.kill().await;
    host.until("NDEATH", |e| matches!(e, Event::NodeDead { .. }).then_some(())).await;
    assert!(!host.host.node_online(&node) && !host.host.device_online(&node, "Analyser"));
}
