//! A real plant for tests that need live values: a gateway registered through the API, equipment bound to it
//! with a driver pointing at a fresh device simulator and seven signals, and a real gateway agent with the issued
//! secret; plus the polling helpers those tests use.

use crate::helpers::{Answer, TestApp};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::time::Instant;

/// Only against hanging: a healthy run needs a fraction of it.
pub const DEADLINE: Duration = Duration::from_secs(40);
static PLANTS: AtomicUsize = AtomicUsize::new(0);

/// Calls `path` until `accept` takes the answer; panics with the last answer at the deadline.
pub async fn wait_for(app: &TestApp, path: &str, form: &[(&str, &str)], accept: impl Fn(&Answer) -> bool) -> Answer {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let answer = app.post(path, form).await;
        if accept(&answer) {
            return answer;
        }
        assert!(Instant::now() < deadline, "{path} never gave the awaited answer; last: {:?}", answer.body);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Polls the command callback until the command ends.
pub async fn outcome(app: &TestApp, accepted: &Answer) -> Value {
    assert_eq!(accepted.code(), "200", "{:?}", accepted.body);
    assert_eq!(accepted.data()["online"], true);
    let uuid = accepted.data()["uuid"].as_str().expect("uuid").to_owned();
    let done = wait_for(app, "/lfscada/equipment/multi/callback", &[("uuid", &uuid)], |a| {
        a.code() == "200" && a.data()["status"] != "pending"
    })
    .await;
    done.data().clone()
}

pub struct Plant {
    pub sn: String,
    pub equipment: String,
    /// Signal ids by name.
    pub ids: std::collections::HashMap<String, String>,
    pub device: ironsight_devsim::Running,
    pub agent: Option<ironsight_gateway::agent::RunningAgent>,
    _dir: tempfile::TempDir,
}

/// Registers a gateway, equipment bound to it with a driver pointing at a fresh simulator and seven signals,
/// and starts an agent with the issued secret.
pub async fn plant(app: &TestApp) -> Plant {
    let signals = json!([
        {"name": "inlet_pressure", "area": "input_register", "address": 0, "dataType": "float32", "unit": "bar", "decimals": 2},
        {"name": "tank_level", "area": "input_register", "address": 6, "dataType": "uint16", "scale": 0.1},
        {"name": "energy_total", "area": "input_register", "address": 8, "dataType": "uint32"},
        {"name": "speed_setpoint", "area": "holding_register", "address": 0, "dataType": "uint16", "writable": true, "min": 0, "max": 2900},
        // Writable as far as the signal list says; the device refuses (exception 02).
        {"name": "firmware_version", "area": "holding_register", "address": 1, "dataType": "uint16", "writable": true},
        {"name": "rated_speed", "area": "holding_register", "address": 2, "dataType": "uint16"},
        {"name": "pump_start", "area": "coil", "address": 0, "dataType": "bool", "writable": true},
    ]);
    plant_with(app, ironsight_devsim::Config::demo().unwrap(), signals, 200, |_| {}).await
}

/// [`plant`] with a simulator of `device`, these `signals`, the driver polling every `poll_interval_ms`, and the
/// agent's settings adjusted by `tune`.
pub async fn plant_with(
    app: &TestApp,
    mut device_config: ironsight_devsim::Config,
    signals: Value,
    poll_interval_ms: u64,
    tune: impl FnOnce(&mut ironsight_gateway::config::AgentConfig),
) -> Plant {
    app.login_demo().await;
    let sn = format!("EG-T{}-{}", std::process::id(), PLANTS.fetch_add(1, Ordering::SeqCst));
    let added = app.post("/lfscada/gateway/add", &[("sn", &sn), ("model", "EG-200")]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let secret = added.data()["secret"].as_str().unwrap().to_owned();

    device_config.listen = "127.0.0.1:0".into();
    let device = ironsight_devsim::spawn(device_config).await.unwrap();

    let equipment =
        app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump station")]).await.data()["id"].to_string();
    assert_eq!(
        app.post("/lfscada/equipment/multi/bindGateway", &[("id", &equipment), ("sn", &sn)]).await.code(),
        "200"
    );
    let driver = json!({"kind": "modbus_tcp", "host": "127.0.0.1", "port": device.local_addr().port(), "unitId": 1,
                        "timeoutMs": 500, "pollIntervalMs": poll_interval_ms});
    let saved =
        app.post("/lfscada/equipment/multi/driver/save", &[("id", &equipment), ("driver", &driver.to_string())]).await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &equipment), ("signals", &signals.to_string())])
        .await;
    assert_eq!(saved.code(), "200", "{:?}", saved.body);
    let ids = signals
        .as_array()
        .unwrap()
        .iter()
        .zip(saved.data()["ids"].as_array().unwrap())
        .map(|(s, id)| (s["name"].as_str().unwrap().to_owned(), id.to_string()))
        .collect();

    let dir = tempfile::tempdir().unwrap();
    let mut config = ironsight_gateway::config::AgentConfig::new(&app.broker_url(), &sn, &secret, dir.path()).unwrap();
    tune(&mut config);
    let agent = ironsight_gateway::agent::start(config).await.expect("agent starts");
    Plant { sn, equipment, ids, device, agent: Some(agent), _dir: dir }
}

/// Takes the plant's gateway over: stops its agent, rotates the secret and connects a raw MQTT client in the
/// gateway's name, so a test can send what a misbehaving gateway would.
pub async fn speak_as_gateway(
    app: &TestApp,
    plant: &mut Plant,
) -> (rumqttc::AsyncClient, ironsight_protocol::topics::GatewayTopics) {
    use rumqttc::{AsyncClient, MqttOptions};
    if let Some(agent) = plant.agent.take() {
        agent.shutdown().await;
    }
    let secret = app.post("/lfscada/gateway/rotateSecret", &[("sn", &plant.sn)]).await.data()["secret"]
        .as_str()
        .unwrap()
        .to_owned();
    let addr = app.broker_url().trim_start_matches("mqtt://").to_owned();
    let (host, port) = addr.rsplit_once(':').unwrap();
    let mut options = MqttOptions::new(plant.sn.clone(), host, port.parse().unwrap());
    options.set_credentials(plant.sn.clone(), secret);
    options.set_max_packet_size(1 << 20, 1 << 20);
    let (client, mut eventloop) = AsyncClient::new(options, 512);
    tokio::spawn(async move { while eventloop.poll().await.is_ok() {} });
    (client, ironsight_protocol::topics::GatewayTopics::new(&plant.sn).unwrap())
}
