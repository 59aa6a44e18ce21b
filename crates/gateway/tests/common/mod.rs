//! What the agent tests share: an embedded broker that knows one gateway and the server, a device simulator, a
//! test MQTT client playing the server, and builders for the agent's and the devices' configurations.
//!
//! Every wait has a generous deadline only so that a broken agent fails the test instead of hanging it; no test
//! asserts that anything is fast.

#![allow(dead_code)]

use ironsight_broker::{Authority, BrokerConfig, Identity, RunningBroker, SERVER_CLIENT, async_trait};
use ironsight_gateway::{AgentConfig, Timing};
use ironsight_protocol::payload::{CommandResult, ConfigAck, DataReport, DataStored, Reading, ReportKind, Status};
use ironsight_protocol::topics::{Channel, GatewayTopics, parse, server_filters};
use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS, SubscribeFilter};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::{Instant, timeout_at};

pub const SN: &str = "EG-TEST-1";
pub const SECRET: &str = "gateway-secret";
const SERVER_SECRET: &str = "server-secret";
/// Only against hanging: a healthy run takes a small fraction of it.
pub const DEADLINE: Duration = Duration::from_secs(30);

/// Knows the one test gateway and the server's client. The gateway is let in only while `gateway_allowed`, so
/// a test can have the server's client subscribed before the gateway connects (and replays).
pub struct TestAuthority {
    pub gateway_allowed: Arc<AtomicBool>,
}

#[async_trait]
impl Authority for TestAuthority {
    async fn authenticate(&self, _client_id: &str, username: &str, password: &[u8]) -> Option<Identity> {
        if username == SERVER_CLIENT && password == SERVER_SECRET.as_bytes() {
            return Some(Identity::Server);
        }
        (username == SN && password == SECRET.as_bytes() && self.gateway_allowed.load(Ordering::SeqCst))
            .then(|| Identity::Gateway { sn: SN.to_owned() })
    }
}

/// A broker on `addr` (port 0: a free one) letting the gateway in.
pub async fn broker(addr: SocketAddr) -> RunningBroker {
    gated_broker(addr, Arc::new(AtomicBool::new(true))).await
}

/// A broker on `addr` letting the gateway in only while `gateway_allowed`.
pub async fn gated_broker(addr: SocketAddr, gateway_allowed: Arc<AtomicBool>) -> RunningBroker {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let authority = Arc::new(TestAuthority { gateway_allowed: Arc::clone(&gateway_allowed) });
        match ironsight_broker::start(BrokerConfig::new(addr), authority).await {
            Ok(broker) => return broker,
            // Restarting on the same port right after a shutdown: wait for the port to be free again.
            Err(e) if Instant::now() < deadline => {
                eprintln!("broker not started yet: {e}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("broker: {e}"),
        }
    }
}

pub async fn any_broker() -> RunningBroker {
    broker("127.0.0.1:0".parse().unwrap()).await
}

/// A port nobody listens on (bound then released).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A fresh directory under the system's temporary one.
pub fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "ironsight-gw-test-{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The agent's settings for a test: short reconnect pauses and shutdown grace.
pub fn agent_config(broker: SocketAddr, buffer_dir: &Path) -> AgentConfig {
    let mut config = AgentConfig::new(&format!("mqtt://{broker}"), SN, SECRET, buffer_dir).unwrap();
    config.model = "EG-TEST".into();
    config.firmware = "0.0.1".into();
    config.keep_alive_secs = 5;
    config.timing = Timing {
        reconnect_min: Duration::from_millis(100),
        reconnect_max: Duration::from_millis(500),
        status_interval: Duration::from_secs(60),
        default_sample_interval: Duration::from_secs(60),
        shutdown_grace: Duration::from_secs(3),
        stored_timeout: Duration::from_secs(2),
    };
    config
}

/// A device simulator from TOML points (listening on a free port).
pub async fn device(points: &str) -> ironsight_devsim::Running {
    let config = ironsight_devsim::Config::from_toml_str(&format!("listen = \"127.0.0.1:0\"\n{points}")).unwrap();
    ironsight_devsim::spawn(config).await.unwrap()
}

/// Confirms a data report as the server does once it is stored.
fn confirm(client: &AsyncClient, sn: &str, payload: &[u8]) {
    let Ok(report) = serde_json::from_slice::<DataReport>(payload) else { return };
    let stored = DataStored { run: report.run, from: report.seq, to: report.seq };
    let topic = GatewayTopics::new(sn).unwrap().topic(Channel::DataStored);
    let _ = client.try_publish(topic, QoS::AtLeastOnce, false, serde_json::to_vec(&stored).unwrap());
}

/// A Modbus TCP device entry of a gateway configuration.
pub fn tcp_device(equipment: i64, port: u16, poll_interval_ms: u64, signals: Value) -> Value {
    json!({"equipment": equipment,
           "driver": {"kind": "modbus_tcp", "host": "127.0.0.1", "port": port, "unitId": 1, "timeoutMs": 500,
                      "pollIntervalMs": poll_interval_ms},
           "signals": signals})
}

/// A whole gateway configuration.
pub fn gateway_config(version: u64, sample_interval_ms: u64, devices: Vec<Value>) -> Value {
    json!({"version": version, "sampleIntervalMs": sample_interval_ms, "devices": devices})
}

/// A message the server's client received.
#[derive(Clone, Debug)]
pub struct Message {
    pub channel: Channel,
    pub retain: bool,
    pub payload: Vec<u8>,
}

impl Message {
    pub fn json<T: serde::de::DeserializeOwned>(&self) -> T {
        serde_json::from_slice(&self.payload)
            .unwrap_or_else(|e| panic!("{:?}: {e}: {}", self.channel, String::from_utf8_lossy(&self.payload)))
    }
}

/// The test's stand-in for the Ironsight server: subscribed to everything gateways publish, reconnecting by
/// itself when the broker restarts. Like the server, it confirms every data report as stored (`…/data/stored`)
/// as it arrives, unless told not to ([`Server::set_confirming`]).
pub struct Server {
    client: AsyncClient,
    rx: mpsc::UnboundedReceiver<Message>,
    /// Received but not yet asked for, in order.
    pending: VecDeque<Message>,
    task: tokio::task::JoinHandle<()>,
    topics: GatewayTopics,
    /// Subscriptions acknowledged so far (one per connection).
    subscribed: Arc<AtomicU32>,
    confirming: Arc<AtomicBool>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Server {
    pub async fn connect(broker: SocketAddr) -> Server {
        Server::connect_as(broker, "ironsight:server").await
    }

    pub async fn connect_as(broker: SocketAddr, client_id: &str) -> Server {
        let mut options = MqttOptions::new(client_id, broker.ip().to_string(), broker.port());
        options.set_credentials(SERVER_CLIENT, SERVER_SECRET);
        options.set_keep_alive(Duration::from_secs(5));
        options.set_max_packet_size(8 << 20, 8 << 20);
        let (client, mut eventloop) = AsyncClient::new(options, 256);
        let (tx, rx) = mpsc::unbounded_channel();
        let (ready_tx, ready) = tokio::sync::oneshot::channel();
        let subscriber = client.clone();
        let subscribed = Arc::new(AtomicU32::new(0));
        let subscribed_count = Arc::clone(&subscribed);
        let confirming = Arc::new(AtomicBool::new(true));
        let confirms = Arc::clone(&confirming);
        let task = tokio::spawn(async move {
            let mut ready_tx = Some(ready_tx);
            loop {
                match eventloop.poll().await {
                    Ok(Event::Incoming(Packet::ConnAck(_))) => {
                        let filters = server_filters().into_iter().map(|f| SubscribeFilter::new(f, QoS::AtLeastOnce));
                        let _ = subscriber.try_subscribe_many(filters);
                    }
                    Ok(Event::Incoming(Packet::SubAck(_))) => {
                        subscribed_count.fetch_add(1, Ordering::SeqCst);
                        if let Some(ready) = ready_tx.take() {
                            let _ = ready.send(());
                        }
                    }
                    Ok(Event::Incoming(Packet::Publish(p))) => {
                        if let Some((sn, channel)) = parse(&p.topic) {
                            if channel == Channel::Data && confirms.load(Ordering::SeqCst) {
                                confirm(&subscriber, sn, &p.payload);
                            }
                            let _ = tx.send(Message { channel, retain: p.retain, payload: p.payload.to_vec() });
                        }
                    }
                    Ok(_) => {}
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
        });
        timeout_at(Instant::now() + DEADLINE, ready).await.expect("server client subscribed").unwrap();
        let topics = GatewayTopics::new(SN).unwrap();
        Server { client, rx, pending: VecDeque::new(), task, topics, subscribed, confirming }
    }

    /// Whether data reports are confirmed as stored from now on.
    pub fn set_confirming(&self, on: bool) {
        self.confirming.store(on, Ordering::SeqCst);
    }

    /// How many times the client subscribed (once per connection).
    pub fn subscriptions(&self) -> u32 {
        self.subscribed.load(Ordering::SeqCst)
    }

    /// Waits until the client subscribed more than `before` times (it reconnected after a broker restart).
    pub async fn resubscribed(&self, before: u32) {
        let deadline = Instant::now() + DEADLINE;
        while self.subscriptions() <= before {
            assert!(Instant::now() < deadline, "the server client did not reconnect");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Publishes to the gateway (QoS 1).
    pub async fn send(&self, channel: Channel, retain: bool, payload: impl Into<Vec<u8>>) {
        self.client.publish(self.topics.topic(channel), QoS::AtLeastOnce, retain, payload.into()).await.unwrap();
    }

    pub async fn send_json(&self, channel: Channel, retain: bool, value: &Value) {
        self.send(channel, retain, value.to_string()).await;
    }

    /// The first message (earlier unclaimed ones first) for which `pick` gives something.
    pub async fn wait_for<T>(&mut self, what: &str, mut pick: impl FnMut(&Message) -> Option<T>) -> T {
        if let Some(i) = self.pending.iter().position(|m| pick(m).is_some()) {
            let message = self.pending.remove(i).unwrap();
            return pick(&message).unwrap();
        }
        let deadline = Instant::now() + DEADLINE;
        loop {
            match timeout_at(deadline, self.rx.recv()).await {
                Ok(Some(message)) => {
                    if let Some(found) = pick(&message) {
                        return found;
                    }
                    self.pending.push_back(message);
                }
                Ok(None) => panic!("server client gone while waiting for {what}"),
                Err(_) => panic!("no {what} within {DEADLINE:?}; unclaimed: {:?}", self.summary()),
            }
        }
    }

    /// Every message received so far (unclaimed ones first) and those arriving within `window`.
    pub async fn drain(&mut self, window: Duration) -> Vec<Message> {
        let until = Instant::now() + window;
        while let Ok(Some(message)) = timeout_at(until, self.rx.recv()).await {
            self.pending.push_back(message);
        }
        self.pending.drain(..).collect()
    }

    fn summary(&self) -> Vec<String> {
        self.pending
            .iter()
            .rev()
            .take(10)
            .map(|m| format!("{:?} {}", m.channel, String::from_utf8_lossy(&m.payload)))
            .collect()
    }

    pub async fn status(&mut self, what: &str, pick: impl Fn(&Status) -> bool) -> Status {
        self.wait_for(what, |m| (m.channel == Channel::Status).then(|| m.json::<Status>()).filter(|s| pick(s))).await
    }

    pub async fn ack(&mut self, version: u64) -> ConfigAck {
        self.wait_for(&format!("config/ack {version}"), |m| {
            (m.channel == Channel::ConfigAck).then(|| m.json::<ConfigAck>()).filter(|a| a.version == version)
        })
        .await
    }

    /// Publishes a configuration (retained, as the server does) and waits for its positive ack.
    pub async fn configure(&mut self, config: &Value) {
        self.send_json(Channel::Config, true, config).await;
        let version = config["version"].as_u64().unwrap();
        let ack = self.ack(version).await;
        assert!(ack.ok, "configuration refused: {ack:?}");
    }

    pub async fn report(&mut self, what: &str, pick: impl Fn(&DataReport) -> bool) -> DataReport {
        self.wait_for(what, |m| (m.channel == Channel::Data).then(|| m.json::<DataReport>()).filter(|r| pick(r))).await
    }

    /// Sends a command and waits for its result.
    pub async fn command(&mut self, command: &Value) -> CommandResult {
        self.send_json(Channel::Command, false, command).await;
        let uuid = command["uuid"].as_str().unwrap().to_owned();
        self.wait_for(&format!("result of {uuid}"), |m| {
            (m.channel == Channel::CommandResult).then(|| m.json::<CommandResult>()).filter(|r| r.uuid == uuid)
        })
        .await
    }
}

/// The reading of `signal` in a report.
pub fn reading(report: &DataReport, signal: i64) -> Option<&Reading> {
    report.readings.iter().find(|r| r.signal == signal)
}

pub fn is_kind(report: &DataReport, kind: ReportKind) -> bool {
    report.kind == kind
}

/// The register map the driver tests (TCP and RTU) read and write: a float, a read-only value, a writable
/// setpoint and a coil. Each test puts its own transport line (listen address or unit id) in front.
pub const TEST_DEVICE_POINTS: &str = r#"[[point]]
name = "pressure"
area = "holding_register"
address = 0
type = "float32"
generator = { kind = "constant", value = 12.5 }
[[point]]
name = "firmware"
area = "holding_register"
address = 2
type = "uint16"
writable = false
generator = { kind = "constant", value = 102 }
[[point]]
name = "setpoint"
area = "holding_register"
address = 3
type = "uint16"
[[point]]
name = "pump_start"
area = "coil"
address = 0
"#;
