//! The gateway link end to end: the API configures a gateway, equipment and signals; a real agent
//! (`ironsight-gateway`) polls a real simulated device (`ironsight-devsim`) over Modbus TCP and talks MQTT to the
//! server's embedded broker (and, in the second test, through the machine's Mosquitto). Values reach
//! `/signal/data`, the WebSocket and history; writes reach the device or fail with the mapped code; the gateway
//! shows offline when its agent dies.

use crate::both_backends;
use crate::helpers::{TestApp, answer};
use crate::plant::{DEADLINE, outcome};
// Moved to `plant` (shared with the alarm tests); re-exported for the tests that import them from here.
pub use crate::plant::{plant, wait_for};
use futures_util::StreamExt;
use serde_json::{Value, json};

async fn flow(app: &TestApp) {
    let started = ironsight_store::now_ms();
    let mut plant = plant(app).await;
    let eq = plant.equipment.clone();
    let id = |name: &str| plant.ids[name].clone();

    // The agent connects, applies the configuration and says so.
    let info = wait_for(app, "/lfscada/monitor/multi/gateway/info", &[("equipmentId", &eq)], |a| {
        a.code() == "200" && a.data()["online"] == true && a.data()["appliedVersion"] == a.data()["configVersion"]
    })
    .await;
    assert_eq!(info.data()["sn"], plant.sn.as_str());
    assert_eq!(info.data()["model"], "EG-200");

    // Values from the device reach the latest-value call, decoded and scaled.
    let data = wait_for(app, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &eq)], |a| {
        a.data()["signalVal"].as_object().is_some_and(|m| m.len() == 7)
    })
    .await;
    let level = &data.data()["signalVal"][id("tank_level")];
    assert_eq!(level["quality"], "good");
    let expected = plant.device.value("tank_level").unwrap();
    assert!((level["value"].as_f64().unwrap() - expected).abs() <= 1.0, "{level} vs device {expected}");
    assert_eq!(data.data()["signalVal"][id("speed_setpoint")]["value"], 1450.0);

    // The EG signal socket pushes frames for this equipment; its token works once.
    let token = app.post("/lfscada/websocket/monitor/token", &[("equipmentId", &eq)]).await;
    let token = token.data().as_str().expect("token").to_owned();
    let ws_url = format!("{}/lfscada/ws/eg/signal/subscribe/{token}", app.base.replace("http://", "ws://"));
    let (mut socket, _) = tokio_tungstenite::connect_async(&ws_url).await.expect("socket opens");
    let frame = tokio::time::timeout(DEADLINE, socket.next()).await.expect("a frame in time").unwrap().unwrap();
    let frame: Value = serde_json::from_str(frame.to_text().unwrap()).unwrap();
    assert!(frame["signalVal"].as_object().is_some_and(|m| !m.is_empty()), "{frame}");
    assert!(frame["gatewayAlarm"].is_number() && frame["signalAlarm"].is_object(), "{frame}");
    assert!(tokio_tungstenite::connect_async(&ws_url).await.is_err(), "a token opens one socket only");

    // A write reaches the device and reports success.
    let accepted = app
        .post("/lfscada/monitor/multi/signal/write", &[("signalId", &id("speed_setpoint")), ("value", "1200")])
        .await;
    let done = outcome(app, &accepted).await;
    assert_eq!(done["status"], "success", "{done}");
    assert_eq!(plant.device.value("speed_setpoint"), Some(1200.0));

    // The device refuses a write to an address it does not allow: exception 02 → 1721.
    let accepted =
        app.post("/lfscada/monitor/multi/signal/write", &[("signalId", &id("firmware_version")), ("value", "5")]).await;
    let done = outcome(app, &accepted).await;
    assert_eq!((done["status"].as_str(), done["code"].as_str()), (Some("failure"), Some("1721")), "{done}");
    assert!(!done["message"].as_str().unwrap().is_empty());
    assert_eq!(plant.device.value("firmware_version"), Some(102.0), "unchanged");

    // Refused before anything is sent: read-only, over the limit, not a number, not a bit.
    let refused =
        app.post("/lfscada/monitor/multi/signal/write", &[("signalId", &id("rated_speed")), ("value", "1")]).await;
    assert_eq!(refused.code(), "2004");
    let refused = app
        .post("/lfscada/monitor/multi/signal/write", &[("signalId", &id("speed_setpoint")), ("value", "5000")])
        .await;
    assert_eq!(refused.code(), "2003");
    let refused = app
        .post("/lfscada/monitor/multi/signal/write", &[("signalId", &id("speed_setpoint")), ("value", "fast")])
        .await;
    assert_ne!(refused.code(), "200");
    assert!(refused.message().contains("value"), "{:?}", refused.body);
    let refused =
        app.post("/lfscada/monitor/multi/signal/write", &[("signalId", &id("pump_start")), ("value", "2")]).await;
    assert_eq!(refused.code(), "2003");

    // Read one value now, through the gateway.
    let accepted = app.post("/lfscada/monitor/multi/signal/singleVal", &[("signalId", &id("speed_setpoint"))]).await;
    let done = outcome(app, &accepted).await;
    assert_eq!(done["status"], "success", "{done}");
    assert_eq!(done["data"]["value"], 1200.0);

    // History has rows for the time the plant ran.
    let now = ironsight_store::now_ms().to_string();
    let history = wait_for(
        app,
        "/lfscada/monitor/multi/history/query",
        &[
            ("signalIds", &format!("{},{}", id("tank_level"), id("speed_setpoint"))),
            ("startTime", &started.to_string()),
            ("endTime", &now),
        ],
        |a| a.code() == "200" && a.data()["series"][1]["rows"].as_i64().unwrap_or(0) >= 2,
    )
    .await;
    let points = history.data()["series"][1]["points"].as_array().unwrap();
    assert!(points.iter().any(|p| p[1] == 1200.0), "the written value is in history");

    // The agent dies without saying goodbye: its last will marks the gateway offline, and writes are refused.
    drop(plant.agent.take());
    wait_for(app, "/lfscada/monitor/multi/gateway/info", &[("equipmentId", &eq)], |a| a.data()["online"] == false)
        .await;
    let refused = app
        .post("/lfscada/monitor/multi/signal/write", &[("signalId", &id("speed_setpoint")), ("value", "1000")])
        .await;
    assert_eq!(refused.code(), "1207");

    // Deleting the gateway clears its retained configuration (matters on a shared external broker).
    assert_eq!(app.post("/lfscada/gateway/delete", &[("sn", &plant.sn)]).await.code(), "200");
}

both_backends!(gateway_link_through_the_embedded_broker, Options::default(), |app| {
    flow(app).await;
});

both_backends!(gateway_link_through_mosquitto, Options { external_mqtt: true, ..Options::default() }, |app| {
    flow(app).await;
});

both_backends!(monitor_calls_refuse_what_is_not_the_callers, Options::default(), |app| {
    app.login_demo().await;
    let equipment = app.post("/lfscada/equipment/multi/add", &[("equipName", "Mine")]).await.data()["id"].to_string();
    let signals = serde_json::json!([{"name": "Level", "area": "input_register", "address": 0, "dataType": "uint16"}]);
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &equipment), ("signals", &signals.to_string())])
        .await;
    let signal = saved.data()["ids"][0].to_string();
    // Another organisation's user sees none of it.
    let org = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = app.browser_as_new_user("outsider", org, &["monitor_write_data"]).await;
    for path in [
        "/lfscada/monitor/multi/signal/data",
        "/lfscada/monitor/multi/equipment/detailInfo",
        "/lfscada/websocket/monitor/token",
    ] {
        let seen =
            answer(outsider.post(app.url(path)).form(&[("equipmentId", &equipment)]).send().await.unwrap()).await;
        assert_eq!(seen.code(), "1214", "{path}");
    }
    // Not bound to a gateway: 2001 for gateway info, nothing to monitor.
    assert_eq!(app.post("/lfscada/monitor/multi/gateway/info", &[("equipmentId", &equipment)]).await.code(), "2001");
    assert_eq!(app.post("/lfscada/monitor/multi/open", &[("equipmentId", &equipment)]).await.code(), "2001");
    // Unknown ids.
    assert_eq!(app.post("/lfscada/monitor/multi/signal/data", &[("equipmentId", "424242")]).await.code(), "1214");
    let unknown = app.post("/lfscada/monitor/multi/signal/write", &[("signalId", "424242"), ("value", "1")]).await;
    assert_ne!(unknown.code(), "200");
    let callback = app.post("/lfscada/equipment/multi/callback", &[("uuid", "not-a-command")]).await;
    assert_ne!(callback.code(), "200");
    // History limits.
    let query = |ids: &str, start: &str, end: &str| {
        let form = [("signalIds", ids.to_owned()), ("startTime", start.to_owned()), ("endTime", end.to_owned())];
        async move {
            app.post(
                "/lfscada/monitor/multi/history/query",
                &form.iter().map(|(k, v)| (*k, v.as_str())).collect::<Vec<_>>(),
            )
            .await
        }
    };
    let backwards = query(&signal, "2000", "1000").await;
    assert!(backwards.message().contains("endTime"), "{:?}", backwards.body);
    let too_long = query(&signal, "0", &(31 * 86_400_000_i64).to_string()).await;
    assert!(too_long.message().contains("endTime"), "{:?}", too_long.body);
    let too_many = query(&[signal.as_str(); 11].join(","), "0", "1000").await;
    assert!(too_many.message().contains("signalIds"), "{:?}", too_many.body);
    // Another organisation's signal is refused as unknown, naming its place in the list.
    let foreign = answer(
        outsider
            .post(app.url("/lfscada/monitor/multi/history/query"))
            .form(&[("signalIds", signal.as_str()), ("startTime", "0"), ("endTime", "1000")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert!(foreign.code() == "1100" && foreign.message().contains("signalIds.0"), "{:?}", foreign.body);
    // A socket token that was never issued opens nothing.
    let ws_url = format!("{}/lfscada/ws/eg/signal/subscribe/forged", app.base.replace("http://", "ws://"));
    assert!(tokio_tungstenite::connect_async(&ws_url).await.is_err());
});

#[tokio::test]
async fn a_taken_mqtt_port_stops_the_server_with_a_message_naming_the_option() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let cli = ironsight::config::Cli {
        listen: Some("127.0.0.1:0".parse().unwrap()),
        data_dir: Some(dir.path().to_path_buf()),
        mqtt_listen: Some(taken.local_addr().unwrap()),
        ..Default::default()
    };
    let config = ironsight::Config::resolve(&cli).unwrap();
    let error = ironsight::start(config).await.err().expect("refuses to start");
    let text = format!("{error:#}");
    assert!(text.contains("--mqtt-listen") && text.contains("--mqtt-url"), "{text}");
}

/// A gateway that sends garbage: random bytes and broken JSON on each of its topics must not take the server's
/// ingest down, and a valid report afterwards is still stored.
#[tokio::test]
async fn garbage_from_a_gateway_is_dropped_and_ingest_goes_on() {
    use rumqttc::QoS;
    let app = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite, crate::helpers::Options::default()).await;
    let mut plant = plant(&app).await;
    // The real agent steps aside; this test speaks for the gateway itself.
    let (client, topics) = crate::plant::speak_as_gateway(&app, &mut plant).await;

    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let channels = [
        ironsight_protocol::topics::Channel::Status,
        ironsight_protocol::topics::Channel::ConfigAck,
        ironsight_protocol::topics::Channel::Data,
        ironsight_protocol::topics::Channel::CommandResult,
    ];
    let shapes = [
        r#"{"seq": 1, "kind": "change", "readings": [{"signal": 1, "t": "x", "v": 1, "q": "good"}]}"#,
        r#"{"seq": -1}"#,
        r#"{"online": "yes"}"#,
        r#"{"uuid": 5, "ok": true}"#,
        r#"{"version": 18446744073709551615, "ok": false}"#,
        r#"{"seq": 1, "kind": "change", "readings": [{"signal": 999999999, "t": 1, "v": 1e308, "q": "good"}]}"#,
        "[[[[[[[[[[[[[[[[[[[[",
        "",
    ];
    for i in 0..2_000 {
        let channel = channels[(next() % 4) as usize];
        let payload: Vec<u8> = if i % 3 == 0 {
            shapes[(next() % shapes.len() as u64) as usize].as_bytes().to_vec()
        } else {
            (0..(next() % 300)).map(|_| next() as u8).collect()
        };
        client.publish(topics.topic(channel), QoS::AtLeastOnce, false, payload).await.unwrap();
    }

    // Then one valid report: it is stored, so ingest survived everything above.
    let level: i64 = plant.ids["tank_level"].parse().unwrap();
    let t = ironsight_store::now_ms() + 60_000;
    let report = json!({"seq": 1, "kind": "change", "readings": [{"signal": level, "t": t, "v": 42.5, "q": "good"}]});
    client.publish(topics.topic(channels[2]), QoS::AtLeastOnce, false, report.to_string()).await.unwrap();
    let eq = plant.equipment.clone();
    wait_for(&app, "/lfscada/monitor/multi/signal/data", &[("equipmentId", &eq)], |a| {
        a.data()["signalVal"][level.to_string()]["value"] == 42.5
    })
    .await;
    app.finish().await;
}
