//! `make bench` (second part): the gateway link under load. Prints figures; no pass/fail thresholds.
//!
//! Runs the real release binaries as child processes (so their memory and CPU are their own, read from
//! `/proc/PID/...`), on SQLite and, when reachable, on PostgreSQL (`IRONSIGHT_BENCH_PG`, default
//! `postgres://postgres@127.0.0.1:5432`; a path naming a database is ignored: a database `ironsight_bench_<pid>` is
//! created and dropped). Per backend:
//!
//! 1. Seeds the database before the server starts (so the server loads every gateway's routes at start-up):
//!    1,000 gateways sharing one known secret (stored as the server stores it), each bound to one equipment with Modbus TCP
//!    driver settings and 50 signals, plus one gateway whose equipment has 1,000 signals read from an in-process
//!    `ironsight_devsim` simulator.
//! 2. Starts `ironsight --demo` (the demo's pump station and in-process agent run in the background: a small,
//!    constant load) and reads its resident memory while idle.
//! 3. Connects 1,000 simulated gateways (MQTT clients in this process, at most [`CONNECT_CONCURRENCY`] logins in
//!    flight; each login costs the server one secret check): each applies its retained configuration and
//!    reports itself online, as the real agent does. Server memory with them connected.
//! 4. Ingest: the whole fleet publishes change reports of 50 readings (QoS 1), paced at [`INGEST_RATES`] for
//!    [`INGEST_SECONDS`] each, then [`BURST_REPORTS`] reports per gateway at once (a fleet replaying its buffers
//!    after an outage). A marker report follows once the broker has acknowledged everything; the figure is readings
//!    in `signal_history` / time from the first publish until the marker is stored. Readings that never arrive
//!    are counted as lost.
//! 5. Live latency: [`LIVE_GATEWAYS`] gateways publish [`LIVE_RATE`] values/s in total (`t` = publish time) while
//!    one WebSocket per equipment watches; latency = frame receive time − `time` of the newest value in the frame.
//! 6. Fan-out: [`FANOUT_CLIENTS`] WebSockets watch one equipment that gets [`FANOUT_REPORTS_PER_SECOND`] reports
//!    per second; frames per second delivered, and the server's CPU during it.
//! 7. Agent: the real `ironsight-gateway` binary polls [`AGENT_SIGNALS`] signals from the simulator every second;
//!    its resident memory once its values reach the server, and [`AGENT_SETTLE_SECONDS`] later.
//!
//! Everything shares the machine: the clients in this process compete with the server (and the database) for
//! the same cores, which is why each phase also prints how busy the whole machine was.

use futures_util::StreamExt;
use ironsight_protocol::payload::{
    Area, ConfigAck, DataReport, DataType, DriverConfig, Quality, Reading, ReportKind, SignalDef, Status,
};
use ironsight_protocol::topics::{Channel, GatewayTopics};
use ironsight_store::Store;
use ironsight_store::equipment::EquipmentFields;
use ironsight_store::gateways::NewGateway;
use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::Semaphore;

/// Simulated gateways connected at once (the memory figure) and sending the ingest load.
const GATEWAYS: usize = 1_000;
/// Signals of each simulated gateway's equipment, and readings per ingest report.
const SIGNALS_PER_GATEWAY: usize = 50;
/// MQTT logins in flight at once while the fleet connects (each costs the server one secret check).
const CONNECT_CONCURRENCY: usize = 16;
/// Values per second offered by the whole fleet in the paced ingest steps (a report per gateway per period).
const INGEST_RATES: [usize; 2] = [50_000, 100_000];
/// Length of each paced ingest step.
const INGEST_SECONDS: u64 = 5;
/// Reports each gateway publishes at once in the burst step (a fleet replaying its buffers after an outage).
const BURST_REPORTS: usize = 6;
/// Gateways (and WebSocket watchers, one per equipment) of the latency measurement.
const LIVE_GATEWAYS: usize = 10;
/// Values per second across them.
const LIVE_RATE: usize = 10_000;
const LIVE_SECONDS: u64 = 8;
/// WebSocket clients watching the one fan-out equipment.
const FANOUT_CLIENTS: usize = 500;
/// Reports (hence frames per client) per second on that equipment, each of [`SIGNALS_PER_GATEWAY`] values.
const FANOUT_REPORTS_PER_SECOND: u64 = 20;
const FANOUT_SECONDS: u64 = 8;
/// Fan-out clients that also parse their frames for latency (the others only count them).
const FANOUT_TIMED_CLIENTS: usize = 10;
/// Signals the real agent polls.
const AGENT_SIGNALS: usize = 1_000;
/// How long the agent runs after its values reached the server before its memory is read again.
const AGENT_SETTLE_SECONDS: u64 = 5;
/// The secret of every bench gateway (bench only).
const SECRET: &str = "bench-gateway-secret-0001";
/// Only against hanging; a healthy phase needs a fraction of it.
const PHASE_TIMEOUT: Duration = Duration::from_secs(120);

// ---------------------------------------------------------------------------------------------------------------
// Small helpers: clocks, /proc, percentiles.

fn now_ms() -> i64 {
    ironsight_store::now_ms()
}

/// Wall clock in milliseconds with sub-millisecond precision (frame times are whole milliseconds).
fn now_ms_f64() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0)
}

/// A `kB` field of `/proc/{pid}/status` in MiB.
fn proc_status_mib(pid: &str, field: &str) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map(|kb| kb / 1024.0)
        .unwrap_or(f64::NAN)
}

fn rss_mib(pid: &str) -> f64 {
    proc_status_mib(pid, "VmRSS:")
}

/// Peak resident memory since the process started.
/// Prints the server's resident memory now and adds it to the summary.
fn rss_row(rows: &mut Rows, pid: &str, label: &str) {
    let rss = rss_mib(pid);
    println!("{label}: {}", mib(rss));
    rows.push((label.to_owned(), mib(rss)));
}

fn hwm_mib(pid: &str) -> f64 {
    proc_status_mib(pid, "VmHWM:")
}

/// utime + stime of a process, in clock ticks.
fn cpu_ticks(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may contain spaces) start at field 3, `state`.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

fn clock_ticks_per_second() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse::<f64>().ok())
        .unwrap_or(100.0)
}

/// CPU use of a process over an interval, in % of one core.
struct CpuMeter {
    pid: String,
    ticks: Option<u64>,
    started: Instant,
}

impl CpuMeter {
    fn start(pid: &str) -> CpuMeter {
        CpuMeter { pid: pid.to_owned(), ticks: cpu_ticks(pid), started: Instant::now() }
    }

    fn percent(&self, ticks_per_second: f64) -> f64 {
        match (self.ticks, cpu_ticks(&self.pid)) {
            (Some(a), Some(b)) => (b - a) as f64 / ticks_per_second / self.started.elapsed().as_secs_f64() * 100.0,
            _ => f64::NAN,
        }
    }
}

/// Busy share of the whole machine over an interval (every process, this bench's and other people's), in % of
/// all cores: tells how much of the noise came from elsewhere.
struct MachineMeter {
    busy_total: Option<(u64, u64)>,
}

fn machine_ticks() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let fields: Vec<u64> = stat.lines().next()?.split_whitespace().skip(1).filter_map(|f| f.parse().ok()).collect();
    let total: u64 = fields.iter().take(8).sum();
    let idle = fields.get(3)? + fields.get(4)?;
    Some((total - idle, total))
}

impl MachineMeter {
    fn start() -> MachineMeter {
        MachineMeter { busy_total: machine_ticks() }
    }

    fn percent(&self) -> f64 {
        match (self.busy_total, machine_ticks()) {
            (Some((b0, t0)), Some((b1, t1))) if t1 > t0 => (b1 - b0) as f64 / (t1 - t0) as f64 * 100.0,
            _ => f64::NAN,
        }
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Latency percentiles in ms.
#[derive(Clone, Copy, Debug)]
struct Percentiles {
    samples: usize,
    p50: f64,
    p95: f64,
    p99: f64,
    max: f64,
}

impl Percentiles {
    fn of(mut samples: Vec<f64>) -> Percentiles {
        samples.sort_by(f64::total_cmp);
        Percentiles {
            samples: samples.len(),
            p50: percentile(&samples, 0.50),
            p95: percentile(&samples, 0.95),
            p99: percentile(&samples, 0.99),
            max: percentile(&samples, 1.0),
        }
    }

    fn line(&self) -> String {
        format!(
            "p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} frames)",
            self.p50, self.p95, self.p99, self.max, self.samples
        )
    }
}

fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// `1234567.8` → `1,234,568`.
fn thousands(value: f64) -> String {
    if !value.is_finite() {
        return "n/a".into();
    }
    let digits = format!("{:.0}", value.abs());
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if value < 0.0 { format!("-{out}") } else { out }
}

fn mib(value: f64) -> String {
    if value.is_finite() { format!("{value:.1} MiB") } else { "n/a".into() }
}

/// Removes terminal colour codes from a log line.
fn strip_ansi(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------------------------
// The machine.

fn machine() -> String {
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0);
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let total_gib = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map(|kb| kb / 1024.0 / 1024.0)
        .unwrap_or(f64::NAN);
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name").and_then(|r| r.split_once(':')).map(|(_, m)| m.trim().to_owned()))
        .unwrap_or_else(|| "unknown CPU".into());
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    format!("{cores} cores ({model}), {total_gib:.1} GiB RAM, load average at start {}", load.join(" "))
}

// ---------------------------------------------------------------------------------------------------------------
// Databases.

enum Db {
    Sqlite,
    Postgres { base: String, name: String },
}

impl Db {
    fn label(&self) -> &'static str {
        match self {
            Db::Sqlite => "SQLite",
            Db::Postgres { .. } => "PostgreSQL",
        }
    }

    /// The server's `--database-url`, if not the default SQLite in the data directory.
    fn server_url(&self) -> Option<String> {
        match self {
            Db::Sqlite => None,
            Db::Postgres { base, name } => Some(format!("{base}/{name}")),
        }
    }

    fn url(&self, data_dir: &Path) -> String {
        self.server_url().unwrap_or_else(|| format!("sqlite://{}/ironsight.db?mode=rwc", data_dir.display()))
    }
}

/// `postgres://user@host:port[/db][?…]` → `postgres://user@host:port` (the foundation bench's
/// `IRONSIGHT_BENCH_PG` names a database; this bench makes its own).
fn pg_base(url: &str) -> String {
    let url = url.trim().trim_end_matches('/');
    let Some(scheme_end) = url.find("://") else { return url.to_owned() };
    let rest = &url[scheme_end + 3..];
    let end = rest.find(['/', '?']).map_or(url.len(), |i| scheme_end + 3 + i);
    url[..end].to_owned()
}

async fn pg_admin(base: &str) -> anyhow::Result<ironsight_store::AdminConnection> {
    tokio::time::timeout(Duration::from_secs(5), Store::admin_connect(&format!("{base}/postgres")))
        .await
        .map_err(|_| anyhow::anyhow!("no answer within 5 s"))?
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding.

/// A gateway as seeded: its equipment and signal ids.
#[derive(Clone, Debug)]
struct SeededGateway {
    sn: String,
    equipment_id: i64,
    signals: Vec<i64>,
}

fn equipment_fields(name: String) -> EquipmentFields {
    EquipmentFields {
        equip_name: name,
        display: "list".into(),
        rule_type: "00".into(),
        model: "BENCH".into(),
        manufacturer: "Ironsight".into(),
        address: "Bench".into(),
        latitude: None,
        longitude: None,
        remark: String::new(),
    }
}

fn holding_registers(count: usize) -> Vec<SignalDef> {
    (0..count).map(|i| SignalDef::new(&format!("r{i}"), Area::HoldingRegister, i as u16, DataType::Uint16)).collect()
}

async fn seed_gateway(
    store: &Store,
    org_id: i64,
    secret_hash: &str,
    sn: String,
    driver: &DriverConfig,
    signals: usize,
) -> anyhow::Result<SeededGateway> {
    let new =
        NewGateway { org_id, sn: &sn, name: &sn, model: "EG-200", firmware: "bench", secret_hash, registered_by: None };
    store.add_gateway(&new).await?.ok_or_else(|| anyhow::anyhow!("serial number {sn} taken"))?;
    let equipment_id = store.add_equipment(org_id, &equipment_fields(format!("Bench {sn}"))).await?;
    let server = ironsight_store::access::Viewer::server(org_id);
    anyhow::ensure!(store.bind_gateway(&server, equipment_id, &sn).await?, "binding {sn} failed");
    anyhow::ensure!(store.set_driver(&server, equipment_id, &serde_json::to_string(driver)?).await?, "driver of {sn}");
    let signals = store
        .save_signals(&server, equipment_id, &holding_registers(signals))
        .await?
        .map_err(|e| anyhow::anyhow!("signals of {sn}: {e:?}"))?;
    Ok(SeededGateway { sn, equipment_id, signals })
}

/// The fleet ([`GATEWAYS`] × [`SIGNALS_PER_GATEWAY`]) and the agent's gateway ([`AGENT_SIGNALS`] from `device`).
async fn seed(
    store: &Store,
    secret_hash: &str,
    device: std::net::SocketAddr,
    concurrency: usize,
) -> anyhow::Result<(Vec<SeededGateway>, SeededGateway)> {
    // The organisation the server's `--demo` seeds its account into (bootstrap reuses it by name).
    let org_id = match store.org_by_name("demo").await? {
        Some(id) => id,
        None => store.create_org("demo", "Ironsight 演示工厂", "").await?,
    };
    // Never polled: these gateways are simulated by MQTT clients. Must only be valid.
    let nowhere = DriverConfig::ModbusTcp {
        host: "192.0.2.1".into(),
        port: 502,
        unit_id: 1,
        timeout_ms: 1000,
        poll_interval_ms: 1000,
    };
    let mut fleet: Vec<(usize, SeededGateway)> = futures_util::stream::iter(0..GATEWAYS)
        .map(|i| {
            let nowhere = &nowhere;
            async move {
                let gateway =
                    seed_gateway(store, org_id, secret_hash, format!("BENCH-GW-{i:04}"), nowhere, SIGNALS_PER_GATEWAY)
                        .await?;
                anyhow::Ok((i, gateway))
            }
        })
        .buffer_unordered(concurrency)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    fleet.sort_by_key(|(i, _)| *i);
    let simulator = DriverConfig::ModbusTcp {
        host: device.ip().to_string(),
        port: device.port(),
        unit_id: 1,
        timeout_ms: 1000,
        poll_interval_ms: 1000,
    };
    let agent = seed_gateway(store, org_id, secret_hash, "BENCH-AGENT".into(), &simulator, AGENT_SIGNALS).await?;
    Ok((fleet.into_iter().map(|(_, g)| g).collect(), agent))
}

/// A simulator with [`AGENT_SIGNALS`] holding registers whose values change every poll.
async fn spawn_device() -> anyhow::Result<ironsight_devsim::Running> {
    use ironsight_devsim::config::{Area as DevArea, DataType as DevType, GeneratorConfig, PointConfig};
    let points = (0..AGENT_SIGNALS)
        .map(|i| PointConfig {
            name: format!("r{i}"),
            area: DevArea::HoldingRegister,
            address: i as u16,
            data_type: Some(DevType::Uint16),
            word_order: Default::default(),
            byte_order: Default::default(),
            scale: 1.0,
            offset: 0.0,
            writable: None,
            read_only_exception: Default::default(),
            generator: Some(GeneratorConfig::Sine {
                offset: 10_000.0,
                amplitude: 5_000.0,
                period_ms: 30_000 + i as u64 * 17,
            }),
        })
        .collect();
    let config = ironsight_devsim::Config {
        listen: "127.0.0.1:0".into(),
        unit_id: None,
        reply_delay_ms: 0,
        drop_every: 0,
        points,
    };
    ironsight_devsim::spawn(config).await
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes.

/// The last lines a child wrote, and how many warnings and errors.
#[derive(Default)]
struct LogTail {
    lines: VecDeque<String>,
    warnings: Vec<String>,
}

/// A child process started by this bench, stopped by its own id.
struct ChildProcess {
    child: tokio::process::Child,
    pid: String,
    log: Arc<Mutex<LogTail>>,
}

impl ChildProcess {
    /// Starts `command` with `env` and its stdout and stderr collected; waits for a line containing `ready` in its
    /// stdout unless `ready` is empty.
    async fn start(
        mut command: tokio::process::Command,
        env: &[(&str, &str)],
        ready: &str,
    ) -> anyhow::Result<ChildProcess> {
        // Whatever the calling shell set for the real server or agent must not leak into the bench's.
        for (key, _) in std::env::vars() {
            if key.starts_with("IRONSIGHT_") {
                command.env_remove(key);
            }
        }
        command.envs(env.iter().copied());
        command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
        let mut child = command.spawn()?;
        let pid = child.id().ok_or_else(|| anyhow::anyhow!("child exited at once"))?.to_string();
        let log = Arc::new(Mutex::new(LogTail::default()));
        let (ready_tx, ready_rx) = tokio::sync::oneshot::channel::<()>();
        let mut ready_tx = Some(ready_tx);
        let marker = (!ready.is_empty()).then(|| ready.to_owned());
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        for (stream, is_stdout) in
            [(Box::new(stdout) as Box<dyn tokio::io::AsyncRead + Unpin + Send>, true), (Box::new(stderr), false)]
        {
            let log = log.clone();
            let marker = marker.clone();
            let mut ready_tx = if is_stdout { ready_tx.take() } else { None };
            tokio::spawn(async move {
                let mut lines = BufReader::new(stream).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    let line = strip_ansi(&line);
                    if let Some(marker) = &marker
                        && line.contains(marker.as_str())
                        && let Some(tx) = ready_tx.take()
                    {
                        let _ = tx.send(());
                    }
                    let mut log = log.lock().expect("log lock");
                    if line.contains(" WARN ") || line.contains(" ERROR ") {
                        log.warnings.push(line.clone());
                    }
                    log.lines.push_back(line);
                    if log.lines.len() > 40 {
                        log.lines.pop_front();
                    }
                }
            });
        }
        let process = ChildProcess { child, pid, log };
        if !ready.is_empty() {
            match tokio::time::timeout(Duration::from_secs(90), ready_rx).await {
                Ok(Ok(())) => {}
                _ => {
                    let tail: Vec<String> = process.log.lock().expect("log lock").lines.iter().cloned().collect();
                    anyhow::bail!("the child did not get ready; its last lines:\n{}", tail.join("\n"));
                }
            }
        }
        Ok(process)
    }

    fn warnings(&self) -> Vec<String> {
        self.log.lock().expect("log lock").warnings.clone()
    }

    /// SIGINT (the server's Ctrl-C shutdown), then SIGKILL after a grace period.
    async fn stop(mut self) {
        let _ = tokio::process::Command::new("kill").arg("-INT").arg(&self.pid).status().await;
        if tokio::time::timeout(Duration::from_secs(5), self.child.wait()).await.is_err() {
            let _ = self.child.kill().await;
        }
    }
}

/// The server's HTTP side as the console uses it: cookies and the same-origin `Origin` header.
struct Console {
    base: String,
    client: reqwest::Client,
}

impl Console {
    async fn login(base: &str) -> anyhow::Result<Console> {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("origin", base.parse()?);
        let client = reqwest::Client::builder().cookie_store(true).default_headers(headers).build()?;
        let reply: serde_json::Value = client
            .post(format!("{base}/lfscada/user/login?loginname=demo&password=Demo%4012345"))
            .send()
            .await?
            .json()
            .await?;
        anyhow::ensure!(reply["code"] == "200", "demo login failed: {reply}");
        Ok(Console { base: base.to_owned(), client })
    }

    async fn post(&self, path: &str, form: &[(&str, String)]) -> anyhow::Result<serde_json::Value> {
        let reply: serde_json::Value =
            self.client.post(format!("{}{path}", self.base)).form(form).send().await?.json().await?;
        anyhow::ensure!(reply["code"] == "200", "{path}: {reply}");
        Ok(reply["data"].clone())
    }

    /// A WebSocket URL watching `equipment_id` (one token per socket).
    async fn socket_url(&self, equipment_id: i64) -> anyhow::Result<String> {
        let token = self.post("/lfscada/websocket/monitor/token", &[("equipmentId", equipment_id.to_string())]).await?;
        let token = token.as_str().ok_or_else(|| anyhow::anyhow!("no token in {token}"))?;
        Ok(format!("{}/lfscada/ws/eg/signal/subscribe/{token}", self.base.replace("http://", "ws://")))
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Simulated gateways.

#[derive(Default)]
struct FleetCounters {
    connected: AtomicUsize,
    configured: AtomicUsize,
    refused: AtomicUsize,
    dropped: AtomicUsize,
    pubacks: AtomicU64,
}

struct SimGateway {
    seeded: SeededGateway,
    topics: GatewayTopics,
    client: AsyncClient,
    seq: AtomicU64,
}

impl SimGateway {
    /// One change report of every signal at time `t`.
    fn report(&self, t: i64, value: f64) -> Vec<u8> {
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

    async fn publish_report(&self, t: i64, value: f64) -> anyhow::Result<()> {
        self.client.publish(self.topics.topic(Channel::Data), QoS::AtLeastOnce, false, self.report(t, value)).await?;
        Ok(())
    }
}

/// Drives one gateway's MQTT connection: on CONNACK subscribes to its configuration; applies each one it gets
/// (acknowledges it and reports itself online with that version), as the real agent does.
async fn drive_gateway(
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

fn gateway_options(sn: &str, mqtt_port: u16) -> MqttOptions {
    let mut options = MqttOptions::new(sn, "127.0.0.1", mqtt_port);
    options.set_credentials(sn, SECRET);
    options.set_keep_alive(Duration::from_secs(ironsight_gateway::config::DEFAULT_KEEP_ALIVE_SECS));
    options.set_clean_session(true);
    options.set_max_packet_size(16 << 20, 16 << 20);
    options.set_inflight(100);
    options
}

/// Waits until `done` or the phase timeout; false on timeout.
async fn wait_until(mut done: impl FnMut() -> bool) -> bool {
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
struct Watched {
    frames: u64,
    values: u64,
    latencies: Vec<f64>,
    closed_by_server: bool,
}

/// Opens sockets (a token each), a few at a time; answers them once all are open.
async fn open_watchers(
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
async fn watch(
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

// ---------------------------------------------------------------------------------------------------------------
// One backend, every phase.

/// Rows of the final table: label, figure.
type Rows = Vec<(String, String)>;

/// What one ingest step sent and what reached the history.
struct Ingested {
    sent: u64,
    stored: u64,
    /// From the first publish until the marker was in the history.
    stored_secs: f64,
    /// From the first publish until the last was handed to the client.
    publish_secs: f64,
    /// Server CPU over `stored_secs`, % of one core.
    cpu: f64,
    /// The whole machine's CPU over `stored_secs`, % of all cores.
    machine: f64,
}

impl Ingested {
    fn rate(&self) -> f64 {
        self.stored as f64 / self.stored_secs
    }

    fn lost(&self) -> u64 {
        self.sent.saturating_sub(self.stored)
    }
}

/// What the ingest steps act on and watch.
struct Fleet<'a> {
    gateways: &'a [Arc<SimGateway>],
    counters: &'a FleetCounters,
    /// The same database as the server's, to count history rows.
    monitor: &'a Store,
    server_pid: &'a str,
    ticks_per_second: f64,
}

/// One ingest step: every gateway publishes `reports` change reports of all its signals, times `t_base + k`,
/// one every `period` (phases spread over the period) or, without a period, all at once. Once the broker has
/// acknowledged every report, one gateway publishes a marker report. The server handles its subscription in order
/// and the writer keeps that order, so when the marker is in the history, everything sent before it that reached
/// the server is too. All readings of one report are written in one transaction, so one
/// signal per gateway tells how many of its reports were stored.
async fn ingest_step(
    fleet: &Fleet<'_>,
    t_base: i64,
    reports: usize,
    period: Option<Duration>,
) -> anyhow::Result<Ingested> {
    let Fleet { gateways, counters, monitor, server_pid, ticks_per_second } = *fleet;
    let count = gateways.len() as u32;
    let acks_expected = counters.pubacks.load(Ordering::Relaxed) + u64::from(count) * reports as u64;
    let cpu = CpuMeter::start(server_pid);
    let machine = MachineMeter::start();
    let started = Instant::now();
    let publishers: Vec<_> = gateways
        .iter()
        .enumerate()
        .map(|(i, gateway)| {
            let gateway = gateway.clone();
            tokio::spawn(async move {
                let mut tick = period.map(|period| {
                    let mut tick =
                        tokio::time::interval_at(tokio::time::Instant::now() + period * i as u32 / count, period);
                    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
                    tick
                });
                for k in 0..reports {
                    if let Some(tick) = tick.as_mut() {
                        tick.tick().await;
                    }
                    gateway.publish_report(t_base + k as i64, k as f64).await?;
                }
                anyhow::Ok(())
            })
        })
        .collect();
    for publisher in publishers {
        publisher.await??;
    }
    let publish_secs = started.elapsed().as_secs_f64();
    if !wait_until(|| counters.pubacks.load(Ordering::Relaxed) >= acks_expected).await {
        println!("    not every report was acknowledged by the broker");
    }
    let marker = t_base + reports as i64;
    let probe = &gateways[0];
    probe.publish_report(marker, 0.0).await?;
    let deadline = Instant::now() + PHASE_TIMEOUT;
    while monitor.history_count(probe.seeded.signals[0], marker, marker).await? == 0 {
        anyhow::ensure!(Instant::now() < deadline, "the marker report never reached the history");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let stored_secs = started.elapsed().as_secs_f64();
    let cpu = cpu.percent(ticks_per_second);
    let machine = machine.percent();
    let last = t_base + reports as i64 - 1;
    let mut stored = probe.seeded.signals.len() as u64; // the marker
    for gateway in gateways {
        let reports = monitor.history_count(gateway.seeded.signals[0], t_base, last).await?;
        stored += reports as u64 * gateway.seeded.signals.len() as u64;
    }
    let sent = (u64::from(count) * reports as u64 + 1) * SIGNALS_PER_GATEWAY as u64;
    Ok(Ingested { sent, stored, stored_secs, publish_secs, cpu, machine })
}

/// Every signal of one gateway, counted between `from` and `to`: checks the one-signal shortcut above.
async fn count_every_signal(store: &Store, gateway: &SimGateway, from: i64, to: i64) -> anyhow::Result<i64> {
    let mut total = 0;
    for &signal in &gateway.seeded.signals {
        total += store.history_count(signal, from, to).await?;
    }
    Ok(total)
}

/// Publishes a report on each gateway every `period` until `seconds` have passed (phases spread over the period);
/// answers the readings published and the time it took.
async fn publish_paced(gateways: Vec<Arc<SimGateway>>, period: Duration, seconds: u64) -> anyhow::Result<(u64, f64)> {
    let published = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let count = gateways.len() as u32;
    let tasks: Vec<_> = gateways
        .into_iter()
        .enumerate()
        .map(|(i, gateway)| {
            let published = published.clone();
            tokio::spawn(async move {
                tokio::time::sleep(period * i as u32 / count).await;
                let mut tick = tokio::time::interval(period);
                tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
                let mut k = 0u64;
                loop {
                    tick.tick().await;
                    if Instant::now() >= deadline {
                        break;
                    }
                    gateway.publish_report(now_ms(), (k % 1000) as f64).await?;
                    published.fetch_add(gateway.seeded.signals.len() as u64, Ordering::Relaxed);
                    k += 1;
                }
                anyhow::Ok(())
            })
        })
        .collect();
    for task in tasks {
        task.await??;
    }
    Ok((published.load(Ordering::Relaxed), started.elapsed().as_secs_f64()))
}

/// Stops the watchers and adds up what they saw.
async fn gather(
    stop: &AtomicBool,
    tasks: Vec<tokio::task::JoinHandle<anyhow::Result<Watched>>>,
) -> anyhow::Result<Watched> {
    stop.store(true, Ordering::Relaxed);
    let mut all = Watched::default();
    let mut closed = 0;
    for task in tasks {
        let seen = task.await??;
        all.frames += seen.frames;
        all.values += seen.values;
        all.latencies.extend(seen.latencies);
        closed += usize::from(seen.closed_by_server);
    }
    all.closed_by_server = closed > 0;
    if closed > 0 {
        println!(
            "    {closed} socket(s) closed by the server during the phase (a client that falls behind is dropped)"
        );
    }
    Ok(all)
}

async fn run_backend(db: &Db, bin_dir: &Path, secret_hash: &str, ticks_per_second: f64) -> anyhow::Result<Rows> {
    let mut rows: Rows = Vec::new();
    let dir = tempfile::tempdir()?;
    let data_dir = dir.path().join("data");
    std::fs::create_dir_all(&data_dir)?;
    let url = db.url(&data_dir);
    println!("\n== {} ==", db.label());

    // 1. Seed before the server starts, so it loads every gateway's routes at start-up.
    let device = spawn_device().await?;
    let started = Instant::now();
    let store = Store::connect(&url).await?;
    let concurrency = if matches!(db, Db::Sqlite) { 1 } else { 8 };
    let (fleet, agent_gateway) = seed(&store, secret_hash, device.local_addr(), concurrency).await?;
    store.close().await;
    println!(
        "seeded {GATEWAYS} gateways × {SIGNALS_PER_GATEWAY} signals and 1 × {AGENT_SIGNALS} in {:.1} s (bench set-up, not a server figure)",
        started.elapsed().as_secs_f64()
    );

    // 2. The server, idle.
    let port = free_port()?;
    let mqtt_port = free_port()?;
    let mut command = tokio::process::Command::new(bin_dir.join("ironsight"));
    command
        .args(["--listen", &format!("127.0.0.1:{port}"), "--mqtt-listen", &format!("127.0.0.1:{mqtt_port}")])
        .arg("--data-dir")
        .arg(&data_dir)
        .args(["--demo", "--no-captcha", "--log", "warn"]);
    if let Some(url) = db.server_url() {
        command.arg("--database-url").arg(url);
    }
    let started = Instant::now();
    // A known first administrator password: otherwise the server prints a generated one.
    let env = [("IRONSIGHT_ADMIN_PASSWORD", "Bench@2026x")];
    let server = ChildProcess::start(command, &env, "Ironsight is running").await?;
    let base = format!("http://127.0.0.1:{port}");
    println!("server started in {:.1} s (pid {})", started.elapsed().as_secs_f64(), server.pid);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_idle = rss_mib(&server.pid);
    println!("server resident memory, idle (demo plant running): {}", mib(rss_idle));
    rows.push(("server RSS idle (demo plant running)".into(), mib(rss_idle)));

    // 3. The fleet connects.
    let counters = Arc::new(FleetCounters::default());
    let permits = Arc::new(Semaphore::new(CONNECT_CONCURRENCY));
    let mut gateways = Vec::with_capacity(GATEWAYS);
    let mut drivers = Vec::with_capacity(GATEWAYS);
    let started = Instant::now();
    for seeded in &fleet {
        let permit = permits.clone().acquire_owned().await?;
        let (client, eventloop) = AsyncClient::new(gateway_options(&seeded.sn, mqtt_port), 64);
        let topics = GatewayTopics::new(&seeded.sn).ok_or_else(|| anyhow::anyhow!("bad serial number"))?;
        drivers.push(tokio::spawn(drive_gateway(
            eventloop,
            client.clone(),
            topics.clone(),
            counters.clone(),
            Some(permit),
        )));
        gateways.push(Arc::new(SimGateway { seeded: seeded.clone(), topics, client, seq: AtomicU64::new(0) }));
    }
    let connected = wait_until(|| counters.connected.load(Ordering::Relaxed) >= GATEWAYS).await;
    let connect_secs = started.elapsed().as_secs_f64();
    let configured = wait_until(|| counters.configured.load(Ordering::Relaxed) >= GATEWAYS).await;
    let configured_secs = started.elapsed().as_secs_f64();
    println!(
        "{} of {GATEWAYS} gateways connected in {connect_secs:.1} s ({:.0} logins/s, {CONNECT_CONCURRENCY} in flight, \
         {} refused); all had applied their configuration after {configured_secs:.1} s{}",
        counters.connected.load(Ordering::Relaxed),
        counters.connected.load(Ordering::Relaxed) as f64 / connect_secs,
        counters.refused.load(Ordering::Relaxed),
        if connected && configured { "" } else { " (TIMED OUT)" }
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (rss_connected, hwm_connected) = (rss_mib(&server.pid), hwm_mib(&server.pid));
    println!(
        "server resident memory with {GATEWAYS} gateways connected: {} (peak so far {})",
        mib(rss_connected),
        mib(hwm_connected)
    );
    rows.push((format!("{GATEWAYS} gateway logins ({CONNECT_CONCURRENCY} in flight)"), format!("{connect_secs:.1} s")));
    rows.push((
        format!("server RSS, {GATEWAYS} gateways connected"),
        format!("{} (peak {})", mib(rss_connected), mib(hwm_connected)),
    ));

    // 4. Ingest: paced at the target and above it, then a burst (every gateway replaying at once).
    let monitor = Store::connect(&url).await?;
    let fleet = Fleet {
        gateways: &gateways,
        counters: &counters,
        monitor: &monitor,
        server_pid: &server.pid,
        ticks_per_second,
    };
    let steps: Vec<(String, usize, Option<Duration>)> = INGEST_RATES
        .iter()
        .map(|&rate| {
            let period = Duration::from_micros((GATEWAYS * SIGNALS_PER_GATEWAY) as u64 * 1_000_000 / rate as u64);
            let reports = (INGEST_SECONDS as f64 / period.as_secs_f64()).round() as usize;
            (format!("offered {} values/s", thousands(rate as f64)), reports, Some(period))
        })
        .chain(std::iter::once((format!("burst, {BURST_REPORTS} reports each at once"), BURST_REPORTS, None)))
        .collect();
    for (n, (label, reports, period)) in steps.into_iter().enumerate() {
        // History times of each step apart from the others' (and from the live phases' present times).
        let t_base = now_ms() - (10 - n as i64) * 3_600_000;
        let step = ingest_step(&fleet, t_base, reports, period).await?;
        println!(
            "ingest, {label} ({GATEWAYS} gateways × {reports} reports × {SIGNALS_PER_GATEWAY} readings, QoS 1, \
             published in {:.1} s): {} of {} readings in the history after {:.1} s = {} values/s stored{}; \
             server CPU {:.0} % of one core, machine {:.0} % busy",
            step.publish_secs,
            thousands(step.stored as f64),
            thousands(step.sent as f64),
            step.stored_secs,
            thousands(step.rate()),
            if step.lost() > 0 { format!(", {} LOST", thousands(step.lost() as f64)) } else { String::new() },
            step.cpu,
            step.machine
        );
        if n == 0 {
            let gateway = &gateways[GATEWAYS - 1];
            let check = count_every_signal(&monitor, gateway, t_base, t_base + reports as i64 - 1).await?;
            let one = monitor.history_count(gateway.seeded.signals[0], t_base, t_base + reports as i64 - 1).await?;
            println!(
                "    check: the last gateway's {SIGNALS_PER_GATEWAY} signals have {check} rows, {SIGNALS_PER_GATEWAY} × {one} \
                 as counted from its first signal"
            );
        }
        rows.push((
            format!("ingest, {label}"),
            if step.lost() > 0 {
                format!(
                    "{}/s, {} of {} lost",
                    thousands(step.rate()),
                    thousands(step.lost() as f64),
                    thousands(step.sent as f64)
                )
            } else {
                format!("{}/s, CPU {:.0} %", thousands(step.rate()), step.cpu)
            },
        ));
    }
    rss_row(&mut rows, &server.pid, "server RSS after ingest");

    // 5. Live latency at LIVE_RATE.
    let console = Console::login(&base).await?;
    let live: Vec<Arc<SimGateway>> = gateways[..LIVE_GATEWAYS].to_vec();
    let equipment: Vec<i64> = live.iter().map(|g| g.seeded.equipment_id).collect();
    let stop = Arc::new(AtomicBool::new(false));
    let frames = Arc::new(AtomicU64::new(0));
    let watchers = open_watchers(&console, &equipment, LIVE_GATEWAYS, &stop, &frames).await?;
    let period = Duration::from_micros((LIVE_GATEWAYS * SIGNALS_PER_GATEWAY) as u64 * 1_000_000 / LIVE_RATE as u64);
    let machine = MachineMeter::start();
    let (published, elapsed) = publish_paced(live, period, LIVE_SECONDS).await?;
    let machine = machine.percent();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let seen = gather(&stop, watchers).await?;
    let latency = Percentiles::of(seen.latencies);
    let achieved = published as f64 / elapsed;
    println!(
        "live latency at {} values/s ({LIVE_GATEWAYS} gateways, a report of {SIGNALS_PER_GATEWAY} every {} ms each; \
         achieved {} values/s): {}; {} of {} values pushed; machine {machine:.0} % busy",
        thousands(LIVE_RATE as f64),
        period.as_millis(),
        thousands(achieved),
        latency.line(),
        thousands(seen.values as f64),
        thousands(published as f64)
    );
    rows.push((
        format!("WS latency p50/p95/p99/max, {} values/s target", thousands(LIVE_RATE as f64)),
        format!("{:.1} / {:.1} / {:.1} / {:.1} ms", latency.p50, latency.p95, latency.p99, latency.max),
    ));
    rows.push(("  achieved rate".into(), format!("{} values/s", thousands(achieved))));
    rss_row(&mut rows, &server.pid, "server RSS after live latency");

    // 6. Fan-out to FANOUT_CLIENTS sockets on one equipment.
    let target = gateways[LIVE_GATEWAYS].clone();
    let stop = Arc::new(AtomicBool::new(false));
    let frames = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let watchers = open_watchers(
        &console,
        &vec![target.seeded.equipment_id; FANOUT_CLIENTS],
        FANOUT_TIMED_CLIENTS,
        &stop,
        &frames,
    )
    .await?;
    println!("opened {FANOUT_CLIENTS} sockets (a token call each) in {:.1} s", started.elapsed().as_secs_f64());
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_sockets = rss_mib(&server.pid);
    let server_cpu = CpuMeter::start(&server.pid);
    let bench_cpu = CpuMeter::start("self");
    let machine = MachineMeter::start();
    let before = frames.load(Ordering::Relaxed);
    let (published, elapsed) =
        publish_paced(vec![target], Duration::from_micros(1_000_000 / FANOUT_REPORTS_PER_SECOND), FANOUT_SECONDS)
            .await?;
    let in_window = frames.load(Ordering::Relaxed) - before;
    let (server_cpu, bench_cpu) = (server_cpu.percent(ticks_per_second), bench_cpu.percent(ticks_per_second));
    let machine = machine.percent();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let seen = gather(&stop, watchers).await?;
    let reports_sent = published / SIGNALS_PER_GATEWAY as u64;
    let fps = in_window as f64 / elapsed;
    let fanout_latency = Percentiles::of(seen.latencies);
    println!(
        "fan-out: {} reports/s of {SIGNALS_PER_GATEWAY} values to {FANOUT_CLIENTS} sockets: {} frames/s delivered \
         (expected {}); {} of {} frames in all; server CPU {server_cpu:.0} % of one core (this bench's clients: \
         {bench_cpu:.0} %; machine {machine:.0} % busy); latency on {FANOUT_TIMED_CLIENTS} sockets: {}",
        thousands(reports_sent as f64 / elapsed),
        thousands(fps),
        thousands(reports_sent as f64 * FANOUT_CLIENTS as f64 / elapsed),
        thousands(seen.frames as f64),
        thousands((reports_sent * FANOUT_CLIENTS as u64) as f64),
        fanout_latency.line()
    );
    println!("server resident memory with {FANOUT_CLIENTS} sockets open: {}", mib(rss_sockets));
    rows.push((format!("fan-out frames/s delivered ({FANOUT_CLIENTS} clients)"), thousands(fps)));
    rows.push(("fan-out server CPU (% of one core)".into(), format!("{server_cpu:.0} %")));
    rows.push(("fan-out latency p50/p99".into(), format!("{:.1} / {:.1} ms", fanout_latency.p50, fanout_latency.p99)));
    rows.push((format!("server RSS, + {FANOUT_CLIENTS} sockets"), mib(rss_sockets)));

    // 7. The real agent polling AGENT_SIGNALS signals.
    let agent_dir = dir.path().join("agent");
    std::fs::create_dir_all(&agent_dir)?;
    let agent_config = agent_dir.join("agent.toml");
    std::fs::write(
        &agent_config,
        format!(
            "broker = \"mqtt://127.0.0.1:{mqtt_port}\"\nsn = \"{}\"\nsecret = \"{SECRET}\"\nbuffer_dir = {:?}\n",
            agent_gateway.sn,
            agent_dir.join("buffer").display().to_string()
        ),
    )?;
    let mut command = tokio::process::Command::new(bin_dir.join("ironsight-gateway"));
    command.arg("--config").arg(&agent_config).args(["--log", "warn"]);
    let started = Instant::now();
    let agent = ChildProcess::start(command, &[], "").await?;
    let mut values = 0;
    while started.elapsed() < PHASE_TIMEOUT {
        let data = console
            .post("/lfscada/monitor/multi/signal/data", &[("equipmentId", agent_gateway.equipment_id.to_string())])
            .await?;
        values = data["signalVal"].as_object().map_or(0, |m| m.len());
        if values >= AGENT_SIGNALS {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let first_secs = started.elapsed().as_secs_f64();
    let agent_rss = rss_mib(&agent.pid);
    let agent_cpu = CpuMeter::start(&agent.pid);
    tokio::time::sleep(Duration::from_secs(AGENT_SETTLE_SECONDS)).await;
    let (agent_rss_later, agent_hwm) = (rss_mib(&agent.pid), hwm_mib(&agent.pid));
    let agent_cpu = agent_cpu.percent(ticks_per_second);
    println!(
        "agent: {values} of {AGENT_SIGNALS} values at the server {first_secs:.1} s after start; resident memory then {}, \
         {AGENT_SETTLE_SECONDS} s later {} (peak {}); CPU {agent_cpu:.1} % of one core polling every second",
        mib(agent_rss),
        mib(agent_rss_later),
        mib(agent_hwm)
    );
    rows.push((
        format!("agent RSS, {AGENT_SIGNALS} signals ({AGENT_SETTLE_SECONDS} s later)"),
        format!("{} ({})", mib(agent_rss), mib(agent_rss_later)),
    ));
    for warning in agent.warnings().iter().take(5) {
        println!("    agent said: {warning}");
    }
    agent.stop().await;

    let (rss_end, hwm_end) = (rss_mib(&server.pid), hwm_mib(&server.pid));
    println!("server resident memory at the end: {} (peak {})", mib(rss_end), mib(hwm_end));
    rows.push(("server RSS at the end (peak)".into(), format!("{} ({})", mib(rss_end), mib(hwm_end))));
    // What the load left behind: the sockets are closed and the agent stopped; the fleet stays connected.
    monitor.close().await;
    tokio::time::sleep(Duration::from_secs(60)).await;
    rss_row(&mut rows, &server.pid, "server RSS a minute after the load (fleet connected)");
    let dropped = counters.dropped.load(Ordering::Relaxed);
    if dropped > 0 {
        println!("{dropped} simulated gateway connection(s) were lost during the run (and reconnected)");
    }
    let warnings = server.warnings();
    if !warnings.is_empty() {
        println!("server logged {} warning(s)/error(s); first ones:", warnings.len());
        for warning in warnings.iter().take(5) {
            println!("    {}", warning.chars().take(240).collect::<String>());
        }
    }

    for driver in drivers {
        driver.abort();
    }
    server.stop().await;
    let _ = device.shutdown().await;
    Ok(rows)
}

// ---------------------------------------------------------------------------------------------------------------

/// `postgres://user:password@host` → `postgres://user@host` for printing.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let user = &url[s + 3..at];
            format!("{}{}{}", &url[..s + 3], user.split(':').next().unwrap_or(""), &url[at..])
        }
        _ => url.to_owned(),
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let exe = std::env::current_exe()?;
    // target/<profile>/examples/link_bench → target/<profile>
    let bin_dir = exe.parent().and_then(Path::parent).map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."));
    for name in ["ironsight", "ironsight-gateway"] {
        anyhow::ensure!(
            bin_dir.join(name).exists(),
            "{} is missing: build first with `cargo build --release -p ironsight -p ironsight-gateway --bins --examples`",
            bin_dir.join(name).display()
        );
    }
    let profile = if cfg!(debug_assertions) { "debug" } else { "release" };
    println!(
        "Ironsight gateway link benchmark ({profile} build of this bench; server and agent from {})",
        bin_dir.display()
    );
    println!("machine: {}", machine());
    println!(
        "server and agent run as child processes; the simulated gateways and WebSocket clients run in this process on \
         the same cores. Figures are noisy; no thresholds."
    );
    let secret_hash = ironsight::password::secret_digest(SECRET);
    let ticks = clock_ticks_per_second();

    let mut results: Vec<(&'static str, Rows)> = Vec::new();
    match run_backend(&Db::Sqlite, &bin_dir, &secret_hash, ticks).await {
        Ok(rows) => results.push(("SQLite", rows)),
        Err(e) => println!("SQLite run failed: {e:#}"),
    }

    let base =
        pg_base(&std::env::var("IRONSIGHT_BENCH_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into()));
    match pg_admin(&base).await {
        Err(e) => println!("\nPostgreSQL skipped: {} is not reachable ({e:#}); set IRONSIGHT_BENCH_PG", redact(&base)),
        Ok(admin) => {
            let name = format!("ironsight_bench_{}", std::process::id());
            admin.execute_raw(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await?;
            admin.execute_raw(&format!("CREATE DATABASE {name}")).await?;
            let db = Db::Postgres { base: base.clone(), name: name.clone() };
            let outcome = run_backend(&db, &bin_dir, &secret_hash, ticks).await;
            if let Err(e) = admin.execute_raw(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await {
                println!("could not drop {name}: {e:#}");
            }
            match outcome {
                Ok(rows) => results.push(("PostgreSQL", rows)),
                Err(e) => println!("PostgreSQL run failed: {e:#}"),
            }
        }
    }

    if results.is_empty() {
        anyhow::bail!("no backend could be measured");
    }
    println!("\nSummary ({profile} build; machine above)\n");
    let width = results[0].1.iter().map(|(label, _)| label.chars().count()).max().unwrap_or(40) + 2;
    let column =
        results.iter().flat_map(|(_, rows)| rows.iter().map(|(_, value)| value.chars().count())).max().unwrap_or(20)
            + 3;
    print!("{:width$}", "");
    for (backend, _) in &results {
        print!("{backend:column$}");
    }
    println!();
    for (i, (label, _)) in results[0].1.iter().enumerate() {
        print!("{label:width$}");
        for (_, rows) in &results {
            print!("{:column$}", rows.get(i).map_or("n/a", |(_, value)| value.as_str()));
        }
        println!();
    }
    Ok(())
}
