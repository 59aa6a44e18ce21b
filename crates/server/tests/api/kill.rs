//! `kill -9` of the server during ingest, five times: afterwards every reading the agent sent is in history.
//!
//! The server runs as its own process (the real binary) behind a Mosquitto of this test. The broker stays up while
//! the server dies, so the agent goes on publishing and the broker goes on acknowledging: only the server's
//! stored confirmations (`…/data/stored`) tell the agent what it may forget. A separate MQTT client records every
//! report the agent publishes; the test then waits until history holds each of those readings. Before the
//! confirmations, readings the broker had acknowledged and the server held in memory were lost at each kill.

use crate::helpers::{Backend, Options, spawn_app};
use crate::mosquitto::{Mosquitto, free_port};
use crate::plant::plant_with;
use ironsight_protocol::payload::DataReport;
use ironsight_store::Store;
use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// Registers on the simulator: each moves at random every 10 ms, so every poll reports all of them.
const POINTS: usize = 8;
/// How long after each start the server is killed: early ones hit the burst of what the broker kept for it.
const KILL_AFTER_MS: [u64; 5] = [400, 900, 1500, 700, 2500];
/// How long the server stays dead each time (the broker queues what the agent sends meanwhile).
const DEAD_FOR: Duration = Duration::from_millis(1500);
/// Only against hanging: the agent sends an unconfirmed report again after 3 s here.
const DEADLINE: Duration = Duration::from_secs(60);

/// `(signal, t)` of every reading published on a data topic.
type Sent = Arc<Mutex<BTreeSet<(i64, i64)>>>;

fn device() -> ironsight_devsim::Config {
    let mut toml = String::from("listen = \"127.0.0.1:0\"\n");
    for i in 0..POINTS {
        toml.push_str(&format!(
            "[[point]]\nname = \"p{i}\"\narea = \"input_register\"\naddress = {i}\ntype = \"uint16\"\n\
             generator = {{ kind = \"random_walk\", start = 5000, step = 100, min = 0, max = 10000, every_ms = 10 }}\n"
        ));
    }
    ironsight_devsim::Config::from_toml_str(&toml).unwrap()
}

fn signals() -> Value {
    (0..POINTS)
        .map(|i| json!({"name": format!("p{i}"), "area": "input_register", "address": i, "dataType": "uint16"}))
        .collect()
}

/// Subscribes to every gateway's data topic and records each reading; returns once subscribed.
async fn record_reports(port: u16) -> (Sent, tokio::task::JoinHandle<()>) {
    let mut options = MqttOptions::new(format!("recorder-{}", std::process::id()), "127.0.0.1", port);
    options.set_max_packet_size(8 << 20, 8 << 20);
    let (client, mut eventloop) = AsyncClient::new(options, 64);
    client.subscribe("ironsight/v1/gw/+/data", QoS::AtLeastOnce).await.unwrap();
    let sent: Sent = Arc::default();
    let (ready_tx, ready) = tokio::sync::oneshot::channel();
    let record = Arc::clone(&sent);
    let task = tokio::spawn(async move {
        let _client = client;
        let mut ready_tx = Some(ready_tx);
        loop {
            match eventloop.poll().await {
                Ok(Event::Incoming(Packet::SubAck(_))) => {
                    if let Some(ready) = ready_tx.take() {
                        let _ = ready.send(());
                    }
                }
                Ok(Event::Incoming(Packet::Publish(p))) => {
                    let report: DataReport = serde_json::from_slice(&p.payload).expect("the agent's report parses");
                    record.lock().unwrap().extend(report.readings.iter().map(|r| (r.signal, r.t)));
                }
                Ok(_) => {}
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    });
    tokio::time::timeout(DEADLINE, ready).await.expect("recorder subscribed").unwrap();
    (sent, task)
}

/// The server binary on the test's data directory, its log appended to `log`.
struct ServerProcess {
    child: Child,
}

impl ServerProcess {
    fn start(data_dir: &Path, mqtt_url: &str, log: &Path) -> ServerProcess {
        let log = std::fs::OpenOptions::new().create(true).append(true).open(log).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_ironsight"))
            .args(["--listen", "127.0.0.1:0", "--log", "warn", "--mqtt-url", mqtt_url])
            .arg("--data-dir")
            .arg(data_dir)
            .env_remove("IRONSIGHT_DATABASE_URL")
            .env_remove("IRONSIGHT_CONFIG")
            .env_remove("IRONSIGHT_DEMO")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the server binary starts");
        ServerProcess { child }
    }

    /// SIGKILL: no drain, no goodbye.
    fn kill_9(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    fn terminate(mut self) {
        let _ = Command::new("kill").arg("-TERM").arg(self.child.id().to_string()).status();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `(signal, t)` of every history row of `signals`.
async fn stored(store: &Store, signals: &[i64]) -> BTreeSet<(i64, i64)> {
    let mut rows = BTreeSet::new();
    for &signal in signals {
        let text = store.history_points_json(signal, 0, i64::MAX, i64::MAX).await.unwrap();
        let points: Vec<Value> = serde_json::from_str(&text).unwrap();
        rows.extend(points.iter().map(|p| (signal, p[0].as_i64().unwrap())));
    }
    rows
}

/// Waits until history has more than `than` rows.
async fn wait_for_ingest(store: &Store, signals: &[i64], than: usize, log: &Path) -> usize {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let now = stored(store, signals).await.len();
        if now > than {
            return now;
        }
        assert!(Instant::now() < deadline, "the server stores nothing; its log:\n{}", read(log));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_reading_sent_survives_kill_9_of_the_server_during_ingest() {
    let port = free_port();
    let broker_dir = tempfile::tempdir().unwrap();
    let _broker = Mosquitto::start(port, broker_dir.path()).await;
    let (sent, recorder) = record_reports(port).await;

    // Set up through the API of a server in this process, then hand its data directory to the binary.
    let app = spawn_app(Backend::Sqlite, Options { external_mqtt: true, mqtt_port: port, ..Options::default() }).await;
    let mqtt_url = app.mqtt_url.clone().unwrap();
    let mut plant = plant_with(&app, device(), signals(), 100, |config| {
        config.timing.stored_timeout = Duration::from_secs(3);
        config.timing.reconnect_min = Duration::from_millis(100);
        config.timing.reconnect_max = Duration::from_millis(500);
    })
    .await;
    let ids: Vec<i64> = plant.ids.values().map(|id| id.parse().unwrap()).collect();
    let (store, data_dir) = app.stop_gracefully().await;
    let log: PathBuf = data_dir.path().join("server.log");

    let mut rows = 0;
    for kill_after in KILL_AFTER_MS {
        let server = ServerProcess::start(data_dir.path(), &mqtt_url, &log);
        rows = wait_for_ingest(&store, &ids, rows, &log).await;
        tokio::time::sleep(Duration::from_millis(kill_after)).await;
        server.kill_9();
        tokio::time::sleep(DEAD_FOR).await;
    }
    let server = ServerProcess::start(data_dir.path(), &mqtt_url, &log);
    wait_for_ingest(&store, &ids, rows, &log).await;
    // Everything sent until now, resent where needed, must reach history.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let expected = sent.lock().unwrap().clone();
    assert!(expected.len() > 500, "the plant sent {} readings", expected.len());
    let deadline = Instant::now() + DEADLINE;
    let missing = loop {
        let have = stored(&store, &ids).await;
        let missing: Vec<(i64, i64)> = expected.difference(&have).copied().collect();
        if missing.is_empty() || Instant::now() > deadline {
            break missing;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    assert!(
        missing.is_empty(),
        "{} of {} readings sent never reached history, e.g. {:?}",
        missing.len(),
        expected.len(),
        &missing[..missing.len().min(10)]
    );

    if let Some(agent) = plant.agent.take() {
        agent.shutdown().await;
    }
    server.terminate();
    recorder.abort();
    store.close().await;
}

/// `THP_enabled` of a process's /proc status: 0 once it has asked the kernel for no transparent huge pages.
fn thp_enabled(pid: u32) -> Option<String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|line| line.strip_prefix("THP_enabled:")).map(|v| v.trim().to_owned())
}

/// The server process asks for no transparent huge pages: with them its memory stayed resident in 2 MiB pieces
/// after every burst (docs/performance.md, "Server memory").
#[tokio::test]
async fn the_server_process_runs_without_transparent_huge_pages() {
    let port = free_port();
    let broker_dir = tempfile::tempdir().unwrap();
    let _broker = Mosquitto::start(port, broker_dir.path()).await;
    let data_dir = tempfile::tempdir().unwrap();
    let server =
        ServerProcess::start(data_dir.path(), &format!("mqtt://127.0.0.1:{port}"), &data_dir.path().join("log"));
    let pid = server.child.id();
    assert_eq!(thp_enabled(std::process::id()).as_deref(), Some("1"), "this kernel reports THP_enabled per process");
    let deadline = Instant::now() + DEADLINE;
    while thp_enabled(pid).as_deref() != Some("0") && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(thp_enabled(pid).as_deref(), Some("0"), "log: {}", read(&data_dir.path().join("log")));
    server.terminate();
}
