//! Simulated gateways speaking MQTT, and WebSocket watchers of their values.

use super::*;

// ---------------------------------------------------------------------------------------------------------------
// Simulated gateways.

#[derive(Default)]
pub(crate) struct FleetCounters {
    pub(crate) connected: AtomicUsize,
    pub(crate) configured: AtomicUsize,
    pub(crate) refused: AtomicUsize,
    pub(crate) dropped: AtomicUsize,
    pub(crate) pubacks: AtomicU64,
}

pub(crate) struct SimGateway {
    pub(crate) seeded: SeededGateway,
    pub(crate) topics: GatewayTopics,
    pub(crate) client: AsyncClient,
    pub(crate) seq: AtomicU64,
}

impl SimGateway {
    /// One change report of every signal at time `t`.
    pub(crate) fn report(&self, t: i64, value: f64) -> Vec<u8> {
        let seq = self.seq.fetch_add(1, Ordering::Relaxed);
        let readings = self
            .seeded
            .signals
            .iter()
            .enumerate()
            .map(|(i, &signal)| Reading { signal, t, v: Some(value + i as f64), q: Quality::Good })
            .collect();
        let report = DataReport { run: 1, seq, kind: ReportKind::Change, readings, errors: Default::default() };
        serde_json::to_vec(&report).expect("serialisable")
    }

    pub(crate) async fn publish_report(&self, t: i64, value: f64) -> anyhow::Result<()> {
        self.client.publish(self.topics.topic(Channel::Data), QoS::AtLeastOnce, false, self.report(t, value)).await?;
        Ok(())
    }
}

/// Drives one gateway's MQTT connection: on CONNACK subscribes to its configuration; applies each one it gets
/// (acknowledges it and reports itself online with that version), as the real agent does.
pub(crate) async fn drive_gateway(
    mut eventloop: rumqttc::EventLoop,
    client: AsyncClient,
    topics: GatewayTopics,
    counters: Arc<FleetCounters>,
    mut permit: Option<tokio::sync::OwnedSemaphorePermit>,
) {
    let mut connected_once = false;
    let mut configured_once = false;
    let config_topic = topics.topic(Channel::Config);
    loop {
        match eventloop.poll().await {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                if !connected_once {
                    connected_once = true;
                    counters.connected.fetch_add(1, Ordering::Relaxed);
                }
                permit.take();
                let _ = client.try_subscribe(config_topic.clone(), QoS::AtLeastOnce);
            }
            Ok(Event::Incoming(Packet::Publish(publish))) if publish.topic == config_topic => {
                let Some(version) = serde_json::from_slice::<serde_json::Value>(&publish.payload)
                    .ok()
                    .and_then(|c| c["version"].as_u64())
                else {
                    continue;
                };
                let ack = ConfigAck { version, ok: true, error: None };
                let status = Status {
                    online: true,
                    t: now_ms(),
                    model: "EG-200".into(),
                    firmware: "bench".into(),
                    vpn: false,
                    signal_strength: None,
                    config_version: Some(version),
                    buffered: 0,
                    dropped: 0,
                };
                let ack = serde_json::to_vec(&ack).expect("serialisable");
                let status = serde_json::to_vec(&status).expect("serialisable");
                let _ = client.try_publish(topics.topic(Channel::ConfigAck), QoS::AtLeastOnce, false, ack);
                let _ = client.try_publish(topics.topic(Channel::Status), QoS::AtLeastOnce, true, status);
                if !configured_once {
                    configured_once = true;
                    counters.configured.fetch_add(1, Ordering::Relaxed);
                }
            }
            Ok(Event::Incoming(Packet::PubAck(_))) => {
                counters.pubacks.fetch_add(1, Ordering::Relaxed);
            }
            Ok(_) => {}
            Err(rumqttc::ConnectionError::ConnectionRefused(_)) => {
                counters.refused.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(_) => {
                if connected_once {
                    counters.dropped.fetch_add(1, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

pub(crate) fn gateway_options(sn: &str, mqtt_port: u16) -> MqttOptions {
    let mut options = MqttOptions::new(sn, "127.0.0.1", mqtt_port);
    options.set_credentials(sn, SECRET);
    options.set_keep_alive(Duration::from_secs(ironsight_gateway::config::DEFAULT_KEEP_ALIVE_SECS));
    options.set_clean_session(true);
    options.set_max_packet_size(16 << 20, 16 << 20);
    options.set_inflight(100);
    options
}

/// Waits until `done` or the phase timeout; false on timeout.
pub(crate) async fn wait_until(mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + PHASE_TIMEOUT;
    while !done() {
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    true
}

// ---------------------------------------------------------------------------------------------------------------
// WebSocket watchers.

/// What one socket saw.
#[derive(Default)]
pub(crate) struct Watched {
    pub(crate) frames: u64,
    pub(crate) values: u64,
    pub(crate) latencies: Vec<f64>,
    pub(crate) closed_by_server: bool,
}

/// Opens sockets (a token each), a few at a time; answers them once all are open.
pub(crate) async fn open_watchers(
    console: &Console,
    equipment: &[i64],
    timed: usize,
    stop: &Arc<AtomicBool>,
    frames: &Arc<AtomicU64>,
) -> anyhow::Result<Vec<tokio::task::JoinHandle<anyhow::Result<Watched>>>> {
    let mut urls = Vec::with_capacity(equipment.len());
    for &id in equipment {
        urls.push(console.socket_url(id).await?);
    }
    let mut tasks = Vec::new();
    let opened = Arc::new(AtomicUsize::new(0));
    for (i, url) in urls.into_iter().enumerate() {
        let (stop, frames, opened) = (stop.clone(), frames.clone(), opened.clone());
        tasks.push(tokio::spawn(async move { watch(url, i < timed, stop, frames, opened).await }));
        if i % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let total = equipment.len();
    let opened_ref = opened.clone();
    if !wait_until(|| opened_ref.load(Ordering::Relaxed) >= total || tasks.iter().any(|t| t.is_finished())).await {
        anyhow::bail!("the sockets did not open in time");
    }
    if opened.load(Ordering::Relaxed) < total {
        anyhow::bail!("a socket failed to open");
    }
    Ok(tasks)
}

/// Reads frames until `stop`; with `timed`, parses each for its values and latency. Counts itself in `opened`
/// once the upgrade is answered (the server subscribes the socket before it answers).
pub(crate) async fn watch(
    url: String,
    timed: bool,
    stop: Arc<AtomicBool>,
    frames: Arc<AtomicU64>,
    opened: Arc<AtomicUsize>,
) -> anyhow::Result<Watched> {
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await?;
    opened.fetch_add(1, Ordering::Relaxed);
    let mut seen = Watched::default();
    loop {
        let next = tokio::time::timeout(Duration::from_millis(200), socket.next()).await;
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let message = match next {
            Err(_) => continue,
            Ok(None) | Ok(Some(Err(_))) => {
                seen.closed_by_server = true;
                break;
            }
            Ok(Some(Ok(message))) => message,
        };
        if message.is_close() {
            seen.closed_by_server = true;
            break;
        }
        let received = now_ms_f64();
        if !message.is_text() {
            continue; // pings and pongs
        }
        let Ok(text) = message.to_text() else { continue };
        seen.frames += 1;
        frames.fetch_add(1, Ordering::Relaxed);
        if timed
            && let Ok(frame) = serde_json::from_str::<serde_json::Value>(text)
            && let Some(values) = frame["signalVal"].as_object()
        {
            seen.values += values.len() as u64;
            if let Some(newest) = values.values().filter_map(|v| v["time"].as_i64()).max() {
                seen.latencies.push(received - newest as f64);
            }
        }
    }
    let _ = socket.close(None).await;
    Ok(seen)
}
