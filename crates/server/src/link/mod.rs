//! The gateway link: the MQTT broker (embedded, or an external one), the server's own MQTT client, and what
//! flows over it — configurations out, status, readings and command results in.
//!
//! # Layout
//! - [`authority`]: who may log in to the embedded broker.
//! - [`ingest`]: handling of what gateways publish.
//! - [`writer`]: the batch writer of history, and the confirmations to gateways of what it stored.
//! - [`gm_stats`]: GM collection sources' traffic in memory: counters, bad messages, reporting intervals, silence.
//! - [`json_devices`]: plain JSON devices: their messages read by their data rule, their writes by its command.
//! - [`sparkplug`]: the Sparkplug B primary host application: edge nodes' births, presence and adopted devices'
//!   values, stored through the gateways' path.
//! - [`live`]: fan-out of live frames to WebSocket clients.
//!
//! The server's client uses a persistent session (clean session off) with QoS 1 subscriptions, so with an
//! external broker the readings published while the server restarts wait in the broker instead of being lost.

pub mod authority;
pub mod gm_stats;
pub mod ingest;
pub mod json_devices;
pub mod sparkplug;
pub mod writer;

use crate::backlog::Backlog;
use crate::config::{Config, Mqtt};
use crate::live::LiveHub;
use ironsight_broker::{BrokerConfig, BrokerError, MAX_PACKET_BYTES, RunningBroker, SERVER_CLIENT};
use ironsight_protocol::payload::{Command, DeviceConfig, GatewayConfig, MonitorOpen, SignalDef};
use ironsight_protocol::topics::{self, Channel, GatewayTopics};
use ironsight_store::Store;
use ironsight_store::readings::StoredReading;
use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::sync::mpsc;

/// Keep-alive of the server's own MQTT connection.
const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// Reading batches waiting for the writer before ingest slows down.
const WRITER_QUEUE: usize = 1024;

/// Signal id → equipment id, for the signals a gateway may report.
type Routes = Arc<HashMap<i64, i64>>;

/// The link, shared by handlers. Cheap to clone.
#[derive(Clone)]
pub struct Link {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    client: AsyncClient,
    live: LiveHub,
    alarms: crate::alarm::Alarms,
    routes: RwLock<HashMap<String, Routes>>,
    latest: RwLock<HashMap<i64, StoredReading>>,
    writer: mpsc::Sender<writer::WriteJob>,
    /// Readings handed to the writer and not yet stored, for a graceful stop.
    unstored: Backlog,
    /// Where gateways connect: the embedded broker's port (host taken from the request), or the external broker.
    gateway_broker: GatewayBroker,
    /// The server's own MQTT connection is up (between a CONNACK and the next error): only then does it hear
    /// what gateways say, and can its commands reach them.
    broker_up: AtomicBool,
    /// The Sparkplug B host application on the same connection.
    sparkplug: sparkplug::SparkplugHost,
    /// Plain JSON devices: where their messages go, and their writes.
    json_devices: json_devices::JsonDevices,
    /// Both kinds of GM source's traffic: counters, bad messages, reporting intervals, silence.
    gm_stats: gm_stats::GmStats,
    /// SUBACKs the server's client has received: a new subscription is in force once its SUBACK has come.
    subacks: tokio::sync::watch::Sender<u64>,
}

/// Where gateways find the broker, for the agent configuration the console hands out.
#[derive(Clone, Debug)]
enum GatewayBroker {
    Embedded { port: u16 },
    External { host: String, port: u16 },
}

/// What keeps the link running: the embedded broker (if any) and the background tasks.
pub struct LinkRuntime {
    pub broker: Option<RunningBroker>,
    /// The address gateways connect to (the embedded broker's bound address, or the external broker's).
    pub broker_addr: String,
    /// The server's MQTT client: stopped first, so nothing new comes in while the rest drains.
    intake: Option<tokio::task::JoinHandle<()>>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    /// Readings and alarm decisions taken in and not yet stored.
    unstored: Backlog,
    alarm_jobs: Backlog,
}

/// How long a graceful stop waits for queued readings and alarms to be stored.
pub const DRAIN_WITHIN: Duration = Duration::from_secs(30);

impl LinkRuntime {
    /// A graceful stop: no more intake, then what was taken in is stored (history batches, then the alarm
    /// decisions they led to), then the tasks and the broker stop. Whatever could not be stored within
    /// [`DRAIN_WITHIN`] (a database that is down) is logged with its size.
    pub async fn shutdown(mut self) {
        if let Some(intake) = self.intake.take() {
            intake.abort();
            let _ = intake.await;
        }
        for (what, backlog) in [("readings", &self.unstored), ("alarm decisions", &self.alarm_jobs)] {
            if !backlog.drained(DRAIN_WITHIN).await {
                tracing::error!(left = backlog.pending(), "stopping with {what} not stored");
            }
        }
        for task in self.tasks.drain(..) {
            task.abort();
        }
        if let Some(broker) = self.broker.take() {
            broker.shutdown().await;
        }
    }
}

impl Drop for LinkRuntime {
    fn drop(&mut self) {
        for task in self.tasks.iter().chain(&self.intake) {
            task.abort();
        }
    }
}

/// Starts the broker (embedded mode) and the server's client; loads the routes before subscribing so no
/// reading arrives that the server cannot place.
pub async fn start(
    config: &Config,
    store: Store,
    notifier: crate::notify::Notifier,
    live: LiveHub,
) -> anyhow::Result<(Link, LinkRuntime)> {
    // Values a gateway dated ahead of the clock before ingest clamped them would hold their signals still.
    let now = ironsight_store::now_ms();
    let unfrozen = store.unfreeze_future_latest(now, ironsight_store::readings::FUTURE_TOLERANCE_MS).await?;
    if unfrozen > 0 {
        tracing::warn!(unfrozen, "latest values dated in the future now carry the start-up time");
    }
    let (mut options, broker, broker_addr) = match &config.mqtt {
        Mqtt::Embedded { listen } => {
            let server_secret = crate::session::new_token();
            let authority =
                Arc::new(authority::RegistryAuthority { store: store.clone(), server_secret: server_secret.clone() });
            let broker = ironsight_broker::start(BrokerConfig::new(*listen), authority).await.map_err(|e| match e {
                BrokerError::AddrInUse(addr) => anyhow::anyhow!(
                    "the MQTT port {addr} is taken (another broker such as Mosquitto?); \
                     choose another address with --mqtt-listen, or use that broker with --mqtt-url"
                ),
                other => anyhow::anyhow!("{other}"),
            })?;
            let addr = broker.local_addr();
            let connect_ip = if addr.ip().is_unspecified() { "127.0.0.1".to_owned() } else { addr.ip().to_string() };
            let mut options = MqttOptions::new(SERVER_CLIENT, connect_ip, addr.port());
            options.set_credentials(SERVER_CLIENT, server_secret);
            (options, Some(broker), addr.to_string())
        }
        Mqtt::External(url) => {
            // The client id follows the user name, so two servers with their own accounts on one broker keep
            // their own persistent sessions.
            let client_id = url.user.clone().unwrap_or_else(|| "ironsight-server".to_owned());
            let mut options = MqttOptions::new(client_id, url.host.clone(), url.port);
            if let Some(user) = &url.user {
                options.set_credentials(user.clone(), url.password.clone().unwrap_or_default());
            }
            (options, None, format!("{}:{}", url.host, url.port))
        }
    };
    options.set_keep_alive(KEEP_ALIVE);
    options.set_clean_session(false);
    options.set_max_packet_size(MAX_PACKET_BYTES as usize, MAX_PACKET_BYTES as usize);
    options.set_inflight(200);
    let sparkplug = sparkplug::SparkplugHost::new(u64::try_from(now).unwrap_or(0));
    options.set_last_will(sparkplug.will());
    let (client, eventloop) = AsyncClient::new(options, 1024);
    let (writer, writer_rx) = mpsc::channel(WRITER_QUEUE);
    let unstored = Backlog::default();
    let (alarms, alarm_tasks) = crate::alarm::start(store.clone(), live.clone(), notifier).await?;
    let link = Link {
        inner: Arc::new(Inner {
            store: store.clone(),
            client,
            live,
            alarms,
            routes: RwLock::new(HashMap::new()),
            latest: RwLock::new(HashMap::new()),
            writer,
            unstored: unstored.clone(),
            gateway_broker: match (&config.mqtt, &broker) {
                (Mqtt::External(url), _) => GatewayBroker::External { host: url.host.clone(), port: url.port },
                (Mqtt::Embedded { listen }, b) => {
                    GatewayBroker::Embedded { port: b.as_ref().map_or(listen.port(), |b| b.local_addr().port()) }
                }
            },
            broker_up: AtomicBool::new(false),
            sparkplug,
            json_devices: json_devices::JsonDevices::default(),
            gm_stats: gm_stats::GmStats::new(now),
            subacks: tokio::sync::watch::Sender::new(0),
        }),
    };
    for sn in store.gateway_sns().await? {
        link.load_routes(&sn).await?;
    }
    link.inner.sparkplug.directory.reload(&store).await?;
    link.inner.json_devices.reload(&store).await?;
    // The host session starts empty: a node is online again at its next birth (which the online STATE prompts).
    store.mark_all_gm_sources_offline().await?;
    if broker.is_some() {
        // Nobody can be connected to a broker that has just started; gateways report again when they reconnect.
        store.mark_all_gateways_offline().await?;
    }
    let mut tasks = alarm_tasks;
    tasks.extend([
        tokio::spawn(writer::run(store.clone(), writer_rx, unstored.clone(), link.inner.client.clone())),
        tokio::spawn(time_out_commands(store)),
        tokio::spawn(sparkplug::sweep_silent(link.clone())),
    ]);
    let intake = Some(tokio::spawn(run_client(link.clone(), eventloop)));
    let alarm_jobs = link.alarms().backlog().clone();
    Ok((link, LinkRuntime { broker, broker_addr, intake, tasks, unstored, alarm_jobs }))
}

/// How often open commands are checked for their timeout.
const COMMAND_SWEEP: Duration = Duration::from_secs(5);

/// Gives every command without an outcome after [`ironsight_protocol::payload::COMMAND_DEADLINE_MS`] the status timeout
/// (the console then shows 1301, communication timeout).
async fn time_out_commands(store: Store) {
    let code = ironsight_domain::Code::CommTimeout.stored();
    let mut tick = tokio::time::interval(COMMAND_SWEEP);
    loop {
        tick.tick().await;
        let before = ironsight_store::now_ms() - ironsight_protocol::payload::COMMAND_DEADLINE_MS;
        match store.time_out_commands(before, code).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(commands = n, "commands timed out"),
            Err(e) => tracing::error!("command timeout sweep failed: {e:#}"),
        }
    }
}

/// Polls the server's MQTT connection for ever: subscribes on every connection, hands publishes to ingest,
/// reconnects after a pause when the broker is unreachable.
async fn run_client(link: Link, mut eventloop: rumqttc::EventLoop) {
    let mut was_down = false;
    loop {
        match eventloop.poll().await {
            Ok(Event::Incoming(Packet::ConnAck(_))) => {
                if was_down {
                    tracing::info!("MQTT connection back");
                }
                was_down = false;
                link.inner.broker_up.store(true, Ordering::Release);
                let client = link.inner.client.clone();
                let online = link.inner.sparkplug.online().clone();
                let json_link = link.clone();
                tokio::spawn(async move {
                    let filters = topics::server_filters().into_iter();
                    for filter in filters.chain([ironsight_sparkplug::topic::SUBSCRIBE_ALL.to_owned()]) {
                        if let Err(e) = client.subscribe(filter, QoS::AtLeastOnce).await {
                            tracing::error!("MQTT subscribe failed: {e}");
                        }
                    }
                    json_link.subscribe_all_json_prefixes().await;
                    // Sparkplug: the host's online STATE once subscribed, so edge nodes waiting for it find the
                    // host listening.
                    if let Err(e) = client.publish(online.topic, QoS::AtLeastOnce, online.retain, online.payload).await
                    {
                        tracing::error!("Sparkplug STATE not published: {e}");
                    }
                });
            }
            Ok(Event::Incoming(Packet::Publish(publish))) => {
                ingest::handle(&link, &publish.topic, &publish.payload).await;
            }
            Ok(Event::Incoming(Packet::SubAck(_))) => link.inner.subacks.send_modify(|n| *n += 1),
            Ok(_) => {}
            Err(e) => {
                link.inner.broker_up.store(false, Ordering::Release);
                if !was_down {
                    tracing::warn!("MQTT connection lost, retrying: {e}");
                }
                was_down = true;
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

impl Link {
    /// The broker URL a gateway should use, as seen by a browser that reached the console at `request_host`
    /// (the embedded broker listens on the same machine as the console).
    pub fn broker_url_for_gateways(&self, request_host: &str) -> String {
        match &self.inner.gateway_broker {
            GatewayBroker::External { host, port } => format!("mqtt://{host}:{port}"),
            GatewayBroker::Embedded { port } => {
                let host = match request_host.rsplit_once(':') {
                    Some((h, p)) if p.bytes().all(|b| b.is_ascii_digit()) => h,
                    _ => request_host,
                };
                let host = if host.is_empty() { "localhost" } else { host };
                format!("mqtt://{host}:{port}")
            }
        }
    }

    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The server's own connection to the broker is up (see [`crate::answers::presence`]).
    pub fn broker_up(&self) -> bool {
        self.inner.broker_up.load(Ordering::Acquire)
    }

    /// The console's push hub (the server's, [`crate::AppState::live`]), where ingest publishes frames.
    pub(crate) fn live(&self) -> &LiveHub {
        &self.inner.live
    }

    /// The alarm engine, fed by ingest.
    pub fn alarms(&self) -> &crate::alarm::Alarms {
        &self.inner.alarms
    }

    /// The signals gateway `sn` may report.
    fn routes_of(&self, sn: &str) -> Routes {
        self.inner.routes.read().expect("routes lock").get(sn).cloned().unwrap_or_default()
    }

    /// Reads the gateway's bound equipment and answers the configuration it should run (without version).
    async fn load_routes(&self, sn: &str) -> anyhow::Result<Option<(i64, i64, Vec<DeviceConfig>)>> {
        let Some(gateway) = self.inner.store.link_gateway(sn).await? else {
            self.inner.routes.write().expect("routes lock").remove(sn);
            return Ok(None);
        };
        let bound = self.inner.store.bound_equipment(gateway.id).await?;
        let mut routes = HashMap::new();
        let mut devices = Vec::new();
        for equipment in bound {
            let Some(driver) = equipment.driver else { continue };
            for s in &equipment.signals {
                routes.insert(s.id, equipment.equipment_id);
            }
            // State texts are the console's: the gateway polls numbers, and its configuration stays small.
            let signals = equipment.signals.into_iter().map(|s| SignalDef { value_map: Vec::new(), ..s }).collect();
            devices.push(DeviceConfig { equipment: equipment.equipment_id, driver, signals });
        }
        self.inner.routes.write().expect("routes lock").insert(sn.to_owned(), Arc::new(routes));
        Ok(Some((gateway.id, gateway.sample_interval_ms, devices)))
    }

    /// Builds gateway `sn`'s configuration from what is stored, gives it a new version (or the current one when
    /// `bump` is false and it has one) and publishes it retained. A deleted gateway's retained configuration is
    /// cleared.
    pub async fn push_config(&self, sn: &str, bump: bool) -> anyhow::Result<()> {
        let Some(topics) = GatewayTopics::new(sn) else { return Ok(()) };
        let Some((gateway_id, sample_interval_ms, devices)) = self.load_routes(sn).await? else {
            self.publish(topics.topic(Channel::Config), true, Vec::new()).await;
            return Ok(());
        };
        let current = self.inner.store.link_gateway(sn).await?.map(|g| g.config_version).unwrap_or(0);
        let version =
            if bump || current == 0 { self.inner.store.next_config_version(gateway_id).await? } else { current };
        let config = GatewayConfig {
            version: u64::try_from(version).unwrap_or(0),
            sample_interval_ms: u64::try_from(sample_interval_ms).unwrap_or(60_000),
            devices,
        };
        self.publish(topics.topic(Channel::Config), true, serde_json::to_vec(&config)?).await;
        Ok(())
    }

    /// Publishes every gateway's configuration (at start-up: the embedded broker keeps retained messages only in
    /// memory).
    pub async fn push_all_configs(&self) -> anyhow::Result<()> {
        for sn in self.inner.store.gateway_sns().await? {
            self.push_config(&sn, false).await?;
        }
        Ok(())
    }

    /// After a change to equipment `equipment_id`: pushes the configuration of the gateway it is bound to, and
    /// reloads the Sparkplug routes.
    pub async fn equipment_changed(&self, equipment_id: i64) {
        // Its signals may be an adopted device's, whose values are routed by signal.
        self.gm_changed().await;
        match self.inner.store.gateway_sn_of_equipment(equipment_id).await {
            Ok(Some(sn)) => self.gateway_changed(&sn).await,
            Ok(None) => {}
            Err(e) => tracing::error!(equipment_id, "cannot look up the gateway to push to: {e:#}"),
        }
    }

    /// After a change of what gateway `sn` should run: pushes its new configuration. A failure is logged; the
    /// gateway gets the configuration at the next push or server start.
    pub async fn gateway_changed(&self, sn: &str) {
        if let Err(e) = self.push_config(sn, true).await {
            tracing::error!(sn, "configuration push failed: {e:#}");
        }
    }

    /// A gateway came online running configuration `running`: when that is older than the stored one, publish
    /// the stored one again (e.g. an external broker lost its retained messages). In a task of its own, because
    /// this runs inside the MQTT event loop, which must keep polling for the publish to go out.
    fn gateway_came_online(&self, sn: &str, running: Option<u64>) {
        let link = self.clone();
        let sn = sn.to_owned();
        tokio::spawn(async move {
            let stored = match link.inner.store.link_gateway(&sn).await {
                Ok(Some(gateway)) => gateway.config_version,
                Ok(None) => return,
                Err(e) => {
                    tracing::error!(sn, "cannot read the gateway's configuration version: {e:#}");
                    return;
                }
            };
            let running = running.and_then(|v| i64::try_from(v).ok()).unwrap_or(0);
            if running < stored
                && let Err(e) = link.push_config(&sn, false).await
            {
                tracing::error!(sn, "configuration push failed: {e:#}");
            }
        });
    }

    /// Asks gateway `sn` to report every `interval_ms` for `duration_ms`.
    pub async fn open_monitor(&self, sn: &str, interval_ms: u64, duration_ms: u64) -> anyhow::Result<()> {
        let topics = GatewayTopics::new(sn).ok_or_else(|| anyhow::anyhow!("invalid serial number"))?;
        let open = MonitorOpen { interval_ms, duration_ms };
        self.publish(topics.topic(Channel::Monitor), false, serde_json::to_vec(&open)?).await;
        Ok(())
    }

    /// Sends a command to gateway `sn`.
    pub async fn send_command(&self, sn: &str, command: &Command) -> anyhow::Result<()> {
        let topics = GatewayTopics::new(sn).ok_or_else(|| anyhow::anyhow!("invalid serial number"))?;
        self.inner
            .client
            .publish(topics.topic(Channel::Command), QoS::AtLeastOnce, false, serde_json::to_vec(command)?)
            .await
            .map_err(|e| anyhow::anyhow!("MQTT publish failed: {e}"))
    }

    async fn publish(&self, topic: String, retain: bool, payload: Vec<u8>) {
        if let Err(e) = self.inner.client.publish(topic.clone(), QoS::AtLeastOnce, retain, payload).await {
            tracing::error!(topic, "MQTT publish failed: {e}");
        }
    }

    /// Puts readings into the latest-value cache; answers those that are newer than what the cache held.
    fn update_latest(&self, rows: &[StoredReading]) -> Vec<StoredReading> {
        let mut latest = self.inner.latest.write().expect("latest lock");
        let mut fresh = Vec::with_capacity(rows.len());
        for r in rows {
            let newer = latest.get(&r.signal_id).is_none_or(|seen| r.t > seen.t);
            if newer {
                latest.insert(r.signal_id, *r);
                fresh.push(*r);
            }
        }
        fresh
    }

    /// Latest values of an equipment: the database's, overlaid with newer ones from memory (not yet written).
    pub async fn latest_of(&self, equipment_id: i64) -> anyhow::Result<Vec<StoredReading>> {
        let mut by_signal: HashMap<i64, StoredReading> =
            self.inner.store.latest_readings(equipment_id).await?.into_iter().map(|r| (r.signal_id, r)).collect();
        let latest = self.inner.latest.read().expect("latest lock");
        for r in by_signal.values_mut() {
            if let Some(m) = latest.get(&r.signal_id)
                && m.t > r.t
                && m.equipment_id == equipment_id
            {
                *r = *m;
            }
        }
        let mut list: Vec<StoredReading> = by_signal.into_values().collect();
        for m in latest.values() {
            if m.equipment_id == equipment_id && !list.iter().any(|r| r.signal_id == m.signal_id) {
                list.push(*m);
            }
        }
        Ok(list)
    }

    /// Hands a report's readings to the batch writer (waits when it is behind: back-pressure, not loss); the
    /// receipt is confirmed to the gateway once they are stored.
    /// The rows are counted as unstored only once the queue has room for them, in the same step that queues them,
    /// so a stop that cancels the wait leaves no count behind.
    async fn write(&self, rows: Vec<StoredReading>, receipt: Option<writer::Receipt>) {
        match self.inner.writer.reserve().await {
            Ok(permit) => {
                self.inner.unstored.add(rows.len());
                permit.send(writer::WriteJob { rows, receipt });
            }
            Err(_) => tracing::error!("history writer stopped; readings not stored"),
        }
    }
}
