//! The Sparkplug B host application (docs/gm-equipment.md), driven by a real edge node over real sockets: its
//! births are discovered, a device is adopted as an equipment, its data become history, a gap in its sequence
//! asks it for a rebirth, its death takes it offline; an unregistered node is ignored; and who may see and adopt.

use crate::both_backends;
use crate::helpers::TestApp;
use crate::pages_document::post_as;
use crate::plant::{DEADLINE, wait_for};
use crate::walk_fixture::account;
use ironsight_sparkplug::command::Outgoing;
use ironsight_sparkplug::command::edge::{BirthDef, DataValue, EdgeNode, is_rebirth_request};
use ironsight_sparkplug::{MetricValue, NodeId};
use rumqttc::{AsyncClient, Event, LastWill, MqttOptions, Packet, QoS};
use serde_json::Value;
use tokio::sync::mpsc;

/// What the edge node's connection receives.
enum Incoming {
    ConnAck,
    SubAck,
    Publish(String, Vec<u8>),
}

/// An edge node connected to the app's broker: its numbering of messages and what it hears.
struct Node {
    client: AsyncClient,
    edge: EdgeNode,
    incoming: mpsc::UnboundedReceiver<Incoming>,
}

fn now() -> u64 {
    ironsight_store::now_ms() as u64
}

fn qos(level: u8) -> QoS {
    if level == 0 { QoS::AtMostOnce } else { QoS::AtLeastOnce }
}

impl Node {
    /// Connects as edge node `group`/`node` (with the console's credentials, when given), its NDEATH as will.
    async fn connect(broker: &str, login: Option<(&str, &str)>, group: &str, node: &str) -> Node {
        let (host, port) = broker.trim_start_matches("mqtt://").rsplit_once(':').unwrap();
        let client_id = login.map_or_else(|| format!("{group}-{node}"), |(user, _)| user.to_owned());
        let mut options = MqttOptions::new(client_id, host, port.parse().unwrap());
        if let Some((user, secret)) = login {
            options.set_credentials(user, secret);
        }
        let edge = EdgeNode::new(NodeId::new(group, node).unwrap(), 0);
        let will = edge.death(now());
        options.set_last_will(LastWill::new(will.topic, will.payload, QoS::AtLeastOnce, false));
        let (client, mut eventloop) = AsyncClient::new(options, 64);
        let (tx, incoming) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            loop {
                let event = match eventloop.poll().await {
                    Ok(Event::Incoming(Packet::ConnAck(_))) => Incoming::ConnAck,
                    Ok(Event::Incoming(Packet::SubAck(_))) => Incoming::SubAck,
                    Ok(Event::Incoming(Packet::Publish(p))) => Incoming::Publish(p.topic, p.payload.to_vec()),
                    Ok(_) => continue,
                    Err(_) => return,
                };
                if tx.send(event).is_err() {
                    return;
                }
            }
        });
        let mut node = Node { client, edge, incoming };
        node.next(|i| matches!(i, Incoming::ConnAck)).await;
        node
    }

    /// The next thing heard that `accept` takes (others are skipped); panics at the deadline.
    async fn next(&mut self, accept: impl Fn(&Incoming) -> bool) -> Incoming {
        tokio::time::timeout(DEADLINE, async {
            loop {
                let incoming = self.incoming.recv().await.expect("connection open");
                if accept(&incoming) {
                    return incoming;
                }
            }
        })
        .await
        .expect("heard within the deadline")
    }

    async fn subscribe(&mut self, filter: &str) {
        self.client.subscribe(filter, QoS::AtLeastOnce).await.unwrap();
        self.next(|i| matches!(i, Incoming::SubAck)).await;
    }

    /// The next message on `topic`.
    async fn message_on(&mut self, topic: &str) -> Vec<u8> {
        match self.next(|i| matches!(i, Incoming::Publish(t, _) if t == topic)).await {
            Incoming::Publish(_, payload) => payload,
            _ => unreachable!(),
        }
    }

    async fn send(&self, out: Option<Outgoing>) {
        let out = out.expect("a valid message");
        self.client.publish(out.topic, qos(out.qos), out.retain, out.payload).await.unwrap();
    }

    /// Waits for the server's online STATE, as an edge node configured with it as primary host does.
    async fn wait_for_host(&mut self) {
        self.subscribe("spBv1.0/STATE/ironsight").await;
        loop {
            let state: Value = serde_json::from_slice(&self.message_on("spBv1.0/STATE/ironsight").await).unwrap();
            if state["online"] == true {
                assert!(state["timestamp"].as_u64().is_some(), "{state}");
                return;
            }
        }
    }

    /// Subscribes to its NCMD and waits for a rebirth request.
    async fn rebirth_requested(&mut self) {
        let topic = format!("spBv1.0/{}/NCMD/{}", self.edge.node().group(), self.edge.node().node());
        let payload = self.message_on(&topic).await;
        assert!(is_rebirth_request(&ironsight_sparkplug::decode(&payload).unwrap()), "a rebirth request");
    }
}

fn metric(name: &str, alias: u64, value: MetricValue, unit: Option<&str>, range: Option<(f64, f64)>) -> BirthDef {
    BirthDef { unit: unit.map(str::to_owned), range, ..BirthDef::new(name, Some(alias), value) }
}

/// Registers edge node `group`/`node` as the logged-in account: (source id, user name, secret).
pub(crate) async fn register(app: &TestApp, group: &str, node: &str) -> (String, String, String) {
    let added = app.post("/lfscada/gm/node/add", &[("groupId", group), ("nodeId", node)]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let text = |k: &str| added.data()[k].as_str().unwrap().to_owned();
    (added.data()["id"].to_string(), text("username"), text("secret"))
}

/// A registered node, connected and born: its NBIRTH (one metric of its own) and the DBIRTH of `Pump-1`.
async fn born_node(app: &TestApp, group: &str) -> (String, Node) {
    let (id, username, secret) = register(app, group, "Edge-1").await;
    let mut node = Node::connect(&app.broker_url(), Some((&username, &secret)), group, "Edge-1").await;
    node.wait_for_host().await;
    let t = now();
    let own = [metric("Line speed", 1, MetricValue::Double(1.5), Some("m/s"), Some((0.0, 10.0)))];
    let birth = node.edge.birth(&own, t);
    node.send(Some(birth)).await;
    let pump = [
        metric("Pressure", 2, MetricValue::Float(2.0), Some("bar"), Some((0.0, 16.0))),
        metric("Running", 3, MetricValue::Boolean(true), None, None),
        metric("Serial", 4, MetricValue::String("P-0042".into()), None, None),
    ];
    let birth = node.edge.device_birth("Pump-1", &pump, t);
    node.send(birth).await;
    wait_for(app, "/lfscada/gm/discovered/query", &[("nodeId", &id)], |a| {
        a.data().as_array().is_some_and(|d| d.len() == 2 && d[1]["metrics"].as_array().is_some_and(|m| m.len() == 3))
    })
    .await;
    (id, node)
}

both_backends!(gm_births_are_discovered_and_an_adopted_device_feeds_history, Options::default(), |app| {
    app.login_demo().await;
    let (id, mut node) = born_node(app, "Plant").await;
    let found = app.post("/lfscada/gm/discovered/query", &[("nodeId", &id)]).await;
    let devices = found.data().as_array().unwrap();
    assert_eq!(devices[0]["deviceId"], "", "the node's own metrics, without bdSeq and Node Control");
    let own: Vec<&str> =
        devices[0]["metrics"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(own, ["Line speed"]);
    assert_eq!(devices[1]["deviceId"], "Pump-1");
    assert_eq!(devices[1]["equipId"], Value::Null);
    let pressure = &devices[1]["metrics"][0];
    assert_eq!((pressure["name"].as_str(), pressure["datatype"].as_str()), (Some("Pressure"), Some("Float")));
    assert_eq!(
        (pressure["unit"].as_str(), pressure["engLow"].as_f64(), pressure["engHigh"].as_f64()),
        (Some("bar"), Some(0.0), Some(16.0))
    );
    assert_eq!(devices[1]["metrics"][2]["name"], "Serial");
    assert_eq!(devices[1]["metrics"][2]["signal"], false, "a text is not a signal");
    let info = app.post("/lfscada/gm/source/info", &[("id", &id)]).await;
    assert_eq!(info.data()["online"], true, "{:?}", info.body);
    assert!(info.data()["lastSeenMs"].as_i64().is_some());

    let adopted =
        app.post("/lfscada/gm/adopt", &[("nodeId", &id), ("deviceId", "Pump-1"), ("equipName", "Pump 1")]).await;
    assert_eq!(adopted.code(), "200", "{:?}", adopted.body);
    let equip = adopted.data()["id"].to_string();
    let again = app.post("/lfscada/gm/adopt", &[("nodeId", &id), ("deviceId", "Pump-1")]).await;
    assert_eq!(again.code(), "1384");
    assert_eq!(app.post("/lfscada/gm/adopt", &[("nodeId", &id), ("deviceId", "Pump-9")]).await.code(), "1383");
    let found = app.post("/lfscada/gm/discovered/query", &[("nodeId", &id)]).await;
    assert_eq!(found.data()[1]["equipId"].to_string(), equip);
    let info = app.post("/lfscada/equipment/multi/info", &[("id", &equip)]).await;
    assert_eq!((info.data()["equipName"].as_str(), info.data()["ruleType"].as_str()), (Some("Pump 1"), Some("00")));
    let signals = app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &equip)]).await;
    let signals = signals.data().as_array().unwrap().clone();
    let names: Vec<&str> = signals.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Pressure", "Running"]);
    assert_eq!(
        (signals[0]["unit"].as_str(), signals[0]["min"].as_f64(), signals[0]["max"].as_f64()),
        (Some("bar"), Some(0.0), Some(16.0))
    );

    // DDATA by alias: the value becomes a reading at the metric's timestamp.
    let t = now() - 5_000;
    let data = node.edge.device_data(
        "Pump-1",
        &[DataValue { name: "Pressure".into(), alias: Some(2), value: MetricValue::Float(3.5) }],
        t,
    );
    node.send(data).await;
    let pressure = signals[0]["id"].to_string();
    let (start, end) = ((t - 1_000).to_string(), (now() + 60_000).to_string());
    let form = [("signalIds", pressure.as_str()), ("startTime", start.as_str()), ("endTime", end.as_str())];
    let history = wait_for(app, "/lfscada/monitor/multi/history/query", &form, |a| {
        a.data()["series"][0]["points"].as_array().is_some_and(|p| !p.is_empty())
    })
    .await;
    let point = &history.data()["series"][0]["points"][0];
    assert_eq!((point[0].as_u64(), point[1].as_f64(), point[2].as_bool()), (Some(t), Some(3.5), Some(true)));

    // A new DBIRTH replaces what the device announced; its equipment stays as adopted.
    let pump = [metric("Pressure", 2, MetricValue::Double(2.0), Some("kPa"), None)];
    let birth = node.edge.device_birth("Pump-1", &pump, now());
    node.send(birth).await;
    let found = wait_for(app, "/lfscada/gm/discovered/query", &[("nodeId", &id)], |a| {
        a.data()[1]["metrics"].as_array().is_some_and(|m| m.len() == 1)
    })
    .await;
    assert_eq!(
        (found.data()[1]["metrics"][0]["datatype"].as_str(), found.data()[1]["metrics"][0]["unit"].as_str()),
        (Some("Double"), Some("kPa"))
    );
    assert_eq!(found.data()[1]["equipId"].to_string(), equip);

    // NDEATH (its bdSeq is the birth's): the source is offline.
    let death = node.edge.death(now());
    node.send(Some(death)).await;
    wait_for(app, "/lfscada/gm/source/info", &[("id", &id)], |a| a.data()["online"] == false).await;
});

both_backends!(gm_a_gap_in_the_sequence_asks_the_node_for_a_rebirth, Options::default(), |app| {
    app.login_demo().await;
    let (_, mut node) = born_node(app, "Plant").await;
    node.subscribe("spBv1.0/Plant/NCMD/Edge-1").await;
    let value = |v| [DataValue { name: "Line speed".into(), alias: Some(1), value: MetricValue::Double(v) }];
    let _lost = node.edge.data(&value(1.0), now());
    let next = node.edge.data(&value(2.0), now());
    node.send(Some(next)).await;
    node.rebirth_requested().await;
});

both_backends!(gm_an_unregistered_node_is_ignored, Options { external_mqtt: true, ..Options::default() }, |app| {
    app.login_demo().await;
    // Names of this run only: the machine's Mosquitto is shared by every test server.
    let group = format!("T{}x{}", std::process::id(), now());
    let broker = app.mqtt_url.clone().unwrap();
    let broker = format!("mqtt://{}", broker.rsplit_once('@').unwrap().1);
    let (known_id, _, _) = register(app, &group, "Known").await;
    let mut ghost = Node::connect(&broker, None, &group, "Ghost").await;
    let mut known = Node::connect(&broker, None, &group, "Known").await;
    // Once the server has the registered node's birth, it has had the earlier one of the unregistered node.
    let birth = ghost.edge.birth(&[metric("Secret", 1, MetricValue::Int32(7), None, None)], now());
    ghost.client.publish(birth.topic, QoS::AtLeastOnce, false, birth.payload).await.unwrap();
    let birth = known.edge.birth(&[metric("Visible", 1, MetricValue::Int32(1), None, None)], now());
    known.client.publish(birth.topic, QoS::AtLeastOnce, false, birth.payload).await.unwrap();
    wait_for(app, "/lfscada/gm/discovered/query", &[("nodeId", &known_id)], |a| {
        a.data()[0]["metrics"][0]["name"] == "Visible"
    })
    .await;

    let (ghost_id, _, _) = register(app, &group, "Ghost").await;
    let found = app.post("/lfscada/gm/discovered/query", &[("nodeId", &ghost_id)]).await;
    assert_eq!(found.data(), &serde_json::json!([]), "nothing announced before registration is kept");
    // Registered now, its data without a birth the server saw asks for one.
    ghost.subscribe(&format!("spBv1.0/{group}/NCMD/Ghost")).await;
    let data =
        ghost.edge.data(&[DataValue { name: "Secret".into(), alias: Some(1), value: MetricValue::Int32(8) }], now());
    ghost.client.publish(data.topic, QoS::AtLeastOnce, false, data.payload).await.unwrap();
    ghost.rebirth_requested().await;
    let _ = known.client.disconnect().await;
});

both_backends!(gm_discovered_devices_and_adoption_are_the_organisations_and_need_manage, Options::default(), |app| {
    app.login_demo().await;
    let (id, _node) = born_node(app, "Plant").await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let adopt = [("nodeId", id.as_str()), ("deviceId", "Pump-1")];
    let stranger = app.browser_as_new_admin("stranger", admin.org_id).await;
    assert_eq!(post_as(app, &stranger, "/lfscada/gm/discovered/query", &[("nodeId", &id)]).await.code(), "1380");
    assert_eq!(post_as(app, &stranger, "/lfscada/gm/adopt", &adopt).await.code(), "1380");
    let limited = account(app, "limited", demo.org_id, "user", "authorised", &["manage"]).await;
    assert_eq!(post_as(app, &limited, "/lfscada/gm/discovered/query", &[("nodeId", &id)]).await.code(), "1380");
    assert_eq!(post_as(app, &limited, "/lfscada/gm/adopt", &adopt).await.code(), "1380");
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(post_as(app, &viewer, "/lfscada/gm/discovered/query", &[("nodeId", &id)]).await.code(), "1011");
    assert_eq!(post_as(app, &viewer, "/lfscada/gm/adopt", &adopt).await.code(), "1011");
    let found = app.post("/lfscada/gm/discovered/query", &[("nodeId", &id)]).await;
    assert_eq!(found.data()[1]["equipId"], Value::Null, "nothing adopted by the refused calls");

    // A limited sub-account adopting from a node it registered is granted the equipment, as one it adds.
    let own = post_as(app, &limited, "/lfscada/gm/node/add", &[("groupId", "Plant"), ("nodeId", "Edge-L")]).await;
    let own_id = own.data()["id"].to_string();
    let (user, secret) = (own.data()["username"].as_str().unwrap(), own.data()["secret"].as_str().unwrap());
    let mut node = Node::connect(&app.broker_url(), Some((user, secret)), "Plant", "Edge-L").await;
    node.wait_for_host().await;
    let birth = node.edge.birth(&[metric("Level", 1, MetricValue::Double(0.5), Some("m"), None)], now());
    node.send(Some(birth)).await;
    wait_for(app, "/lfscada/gm/source/info", &[("id", &own_id)], |a| a.data()["online"] == true).await;
    let adopted = post_as(app, &limited, "/lfscada/gm/adopt", &[("nodeId", &own_id), ("deviceId", "")]).await;
    assert_eq!(adopted.code(), "200", "{:?}", adopted.body);
    let equip = adopted.data()["id"].to_string();
    let info = post_as(app, &limited, "/lfscada/equipment/multi/info", &[("id", &equip)]).await;
    assert_eq!(info.code(), "200", "granted: {:?}", info.body);
    assert_eq!(info.data()["equipName"], "Edge-L", "named after the node by default");
});

/// Writes `value` to signal `signal` from the monitor.
pub(crate) async fn write(app: &TestApp, signal: &str, value: &str) -> crate::helpers::Answer {
    app.post("/lfscada/monitor/multi/signal/write", &[("signalId", signal), ("value", value)]).await
}

both_backends!(gm_a_write_is_a_dcmd_confirmed_by_the_devices_next_value, Options::default(), |app| {
    app.login_demo().await;
    let (id, mut node) = born_node(app, "Plant").await;
    let adopted = app.post("/lfscada/gm/adopt", &[("nodeId", &id), ("deviceId", "Pump-1")]).await;
    let equip = adopted.data()["id"].to_string();
    let mut signals =
        app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &equip)]).await.data().clone();
    let pressure = signals[0]["id"].to_string();
    assert_eq!(write(app, &pressure, "4.5").await.code(), "2004", "adopted signals are read-only until made writable");
    signals[0]["writable"] = true.into();
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &equip), ("signals", &signals.to_string())])
        .await;
    assert_eq!(saved.code(), "200", "an adopted signal list is a valid one: {:?}", saved.body);
    assert_eq!(write(app, &pressure, "17").await.code(), "2003", "beyond the engineering range");

    let dcmd = "spBv1.0/Plant/DCMD/Edge-1/Pump-1";
    node.subscribe(dcmd).await;
    let sent = write(app, &pressure, "4.5").await;
    assert_eq!(sent.code(), "200", "{:?}", sent.body);
    let command = ironsight_sparkplug::decode(&node.message_on(dcmd).await).unwrap();
    let metric = &command.metrics[0];
    assert_eq!((metric.alias, metric.name.as_deref()), (Some(2), None), "by the birth's alias");
    assert_eq!(metric.value, Some(MetricValue::Float(4.5).to_proto()));
    let callback = [("uuid", sent.data()["uuid"].as_str().unwrap())];
    let pending = app.post("/lfscada/equipment/multi/callback", &callback).await;
    assert_eq!(pending.data()["status"], "pending", "not before the device reports the value");

    let value = [DataValue { name: "Pressure".into(), alias: Some(2), value: MetricValue::Float(4.5) }];
    let data = node.edge.device_data("Pump-1", &value, now());
    node.send(data).await;
    let done = crate::plant::outcome(app, &sent).await;
    assert_eq!(done["status"], "success", "{done}");
    assert_eq!(done["data"]["value"], 4.5, "{done}");

    // Once the device is dead, a write is refused as to an offline device.
    let death = node.edge.device_death("Pump-1", now());
    node.send(death).await;
    let form = [("signalId", pressure.as_str()), ("value", "1")];
    wait_for(app, "/lfscada/monitor/multi/signal/write", &form, |a| a.code() == "1207").await;
});
