//! A plain JSON device over real sockets (docs/gm-equipment.md): it logs in to the embedded broker with the identity
//! the console issued, its messages are read by its data rule into the adopted equipment's signals, what cannot be
//! read is counted with its last example, and a write is its rule's command, confirmed by the device's reply.

use crate::both_backends;
use crate::helpers::TestApp;
use crate::plant::{DEADLINE, outcome, wait_for};
use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS};
use serde_json::Value;
use tokio::sync::mpsc;

const RULE: &str = r#"{
    "topic": "data",
    "signals": [
        {"key": "Temperature", "path": "d.t", "scale": 0.1, "unit": "°C"},
        {"key": "Pump", "path": "d.run", "kind": "bool"},
        {"key": "Level", "path": "d.level"}
    ],
    "time": {"path": "ts", "unit": "ms"},
    "command": {"template": "{\"id\": {{id}}, \"set\": {{signal}}, \"to\": {{value}}}", "replyPath": "ack"}
}"#;

/// The device's connection: what it hears on its subscriptions.
struct Device {
    client: AsyncClient,
    heard: mpsc::UnboundedReceiver<(String, Vec<u8>)>,
}

impl Device {
    async fn connect(app: &TestApp, username: &str, secret: &str) -> Device {
        let addr = app.broker_url().trim_start_matches("mqtt://").to_owned();
        let (host, port) = addr.rsplit_once(':').unwrap();
        let mut options = MqttOptions::new(username, host, port.parse().unwrap());
        options.set_credentials(username, secret);
        let (client, mut eventloop) = AsyncClient::new(options, 16);
        let (tx, heard) = mpsc::unbounded_channel();
        let (connected_tx, mut connected) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            loop {
                match eventloop.poll().await {
                    Ok(Event::Incoming(Packet::ConnAck(_))) => {
                        let _ = connected_tx.send(());
                    }
                    Ok(Event::Incoming(Packet::SubAck(_))) => {
                        let _ = tx.send(("$suback".to_owned(), Vec::new()));
                    }
                    Ok(Event::Incoming(Packet::Publish(p))) => {
                        let _ = tx.send((p.topic, p.payload.to_vec()));
                    }
                    Ok(_) => {}
                    Err(_) => return,
                }
            }
        });
        tokio::time::timeout(DEADLINE, connected.recv()).await.expect("connected").unwrap();
        Device { client, heard }
    }

    async fn publish(&self, topic: &str, payload: impl Into<Vec<u8>>) {
        self.client.publish(topic, QoS::AtLeastOnce, false, payload.into()).await.unwrap();
    }

    /// The next message on `topic` (after subscribing, the SUBACK first).
    async fn next_on(&mut self, topic: &str) -> Vec<u8> {
        tokio::time::timeout(DEADLINE, async {
            loop {
                let (t, payload) = self.heard.recv().await.expect("connected");
                if t == topic {
                    return payload;
                }
            }
        })
        .await
        .expect("heard within the deadline")
    }
}

fn now() -> i64 {
    ironsight_store::now_ms()
}

both_backends!(
    a_json_devices_messages_are_read_by_its_rule_and_it_is_written_by_its_command,
    Options::default(),
    |app| {
        app.login_demo().await;
        let prefix = format!("plant/t{}/s1", std::process::id());
        let added = app.post("/lfscada/gm/json/add", &[("topicPrefix", &prefix)]).await;
        assert_eq!(added.code(), "200", "{:?}", added.body);
        let id = added.data()["id"].to_string();
        let (username, secret) = (added.data()["username"].as_str().unwrap(), added.data()["secret"].as_str().unwrap());
        // Without a rule there is nothing to adopt.
        assert_eq!(app.post("/lfscada/gm/adopt", &[("nodeId", &id), ("deviceId", "")]).await.code(), "1383");
        assert_eq!(app.post("/lfscada/gm/json/rule/save", &[("id", &id), ("rule", RULE)]).await.code(), "200");
        let found = app.post("/lfscada/gm/discovered/query", &[("nodeId", &id)]).await;
        assert_eq!(found.data()[0]["deviceId"], "", "{:?}", found.body);
        let names: Vec<&str> =
            found.data()[0]["metrics"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["Temperature", "Pump", "Level"]);
        let adopted =
            app.post("/lfscada/gm/adopt", &[("nodeId", &id), ("deviceId", ""), ("equipName", "Sensor 3")]).await;
        assert_eq!(adopted.code(), "200", "{:?}", adopted.body);
        let equip = adopted.data()["id"].to_string();
        let mut signals =
            app.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", &equip)]).await.data().clone();
        let ids: Vec<String> = signals.as_array().unwrap().iter().map(|s| s["id"].to_string()).collect();
        assert_eq!(signals[0]["unit"], "°C");

        // A data message: each path read, scaled, at the message's time; the device is online from its first message.
        let mut device = Device::connect(app, username, secret).await;
        let t = now() - 2_000;
        let data = format!(r#"{{"ts": {t}, "d": {{"t": 215, "run": true, "level": 3}}}}"#);
        device.publish(&format!("{prefix}/data"), data).await;
        let latest = wait_for(app, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &equip)], |a| {
            a.data()["signalVal"][&ids[2]]["value"].as_f64() == Some(3.0)
        })
        .await;
        let values = &latest.data()["signalVal"];
        assert_eq!((values[&ids[0]]["value"].as_f64(), values[&ids[1]]["value"].as_f64()), (Some(21.5), Some(1.0)));
        assert_eq!(values[&ids[0]]["time"].as_i64(), Some(t));
        let card = app.post("/lfscada/monitor/equipment/query", &[("kind", "gm"), ("pageSize", "100")]).await;
        let card =
            card.data()["list"].as_array().unwrap().iter().find(|c| c["id"].to_string() == equip).unwrap().clone();
        assert_eq!((card["protocol"].as_str(), card["online"].as_bool()), (Some("json"), Some(true)), "{card}");

        // What cannot be read is counted, its last example kept; the rest of the message still counts.
        device.publish(&format!("{prefix}/data"), "not json").await;
        let partial = format!(r#"{{"ts": {}, "d": {{"t": "warm", "run": false}}}}"#, now());
        device.publish(&format!("{prefix}/data"), partial.clone()).await;
        let stats = wait_for(app, "/lfscada/gm/source/stats", &[("id", &id)], |a| a.data()["invalid"] == 2).await;
        assert_eq!(stats.data()["malformed"], 1, "{:?}", stats.body);
        let bad = &stats.data()["badMessages"];
        assert_eq!(bad[0]["sample"], partial.as_str());
        assert_eq!(bad[0]["problem"], "d.t 不是数字");
        assert_eq!((bad[1]["sample"].as_str(), bad[1]["problem"].as_str()), (Some("not json"), Some("消息不是 JSON")));
        wait_for(app, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &equip)], |a| {
            a.data()["signalVal"][&ids[1]]["value"].as_f64() == Some(0.0)
        })
        .await;

        // A write: the rule's command on {prefix}/cmd, a success once the device echoes its id.
        signals[2]["writable"] = true.into();
        let saved = app
            .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &equip), ("signals", &signals.to_string())])
            .await;
        assert_eq!(saved.code(), "200", "{:?}", saved.body);
        let cmd = format!("{prefix}/cmd");
        device.client.subscribe(&cmd, QoS::AtLeastOnce).await.unwrap();
        device.next_on("$suback").await;
        let sent = app.post("/lfscada/monitor/multi/signal/write", &[("signalId", &ids[2]), ("value", "4")]).await;
        assert_eq!(sent.code(), "200", "{:?}", sent.body);
        let command: Value = serde_json::from_slice(&device.next_on(&cmd).await).unwrap();
        let uuid = sent.data()["uuid"].as_str().unwrap();
        assert_eq!(command, serde_json::json!({"id": uuid, "set": "Level", "to": 4.0}));
        device.publish(&format!("{prefix}/reply"), format!(r#"{{"ack": "{uuid}"}}"#)).await;
        let done = outcome(app, &sent).await;
        assert_eq!(done["status"], "success", "{done}");
    }
);

both_backends!(a_json_device_without_a_rule_is_heard_but_not_read, Options::default(), |app| {
    app.login_demo().await;
    let prefix = format!("plant/t{}/s2", std::process::id());
    let added = app.post("/lfscada/gm/json/add", &[("topicPrefix", &prefix)]).await;
    let id = added.data()["id"].to_string();
    let (username, secret) = (added.data()["username"].as_str().unwrap(), added.data()["secret"].as_str().unwrap());
    let device = Device::connect(app, username, secret).await;
    device.publish(&prefix, r#"{"v": 1}"#).await;
    let stats = wait_for(app, "/lfscada/gm/source/stats", &[("id", &id)], |a| a.data()["messages"] == 1).await;
    assert_eq!(stats.data()["badMessages"][0]["sample"], r#"{"v": 1}"#);
    let info = app.post("/lfscada/gm/source/info", &[("id", &id)]).await;
    assert_eq!(info.data()["online"], true, "heard: online");
});
