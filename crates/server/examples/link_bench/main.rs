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
//! 7. Alarms (alarms.rs): 1,000 alarms in a minute across 100 equipment, timed from the triggering reading to the
//!    alarm message on the message socket (the console's pop-up), to a webhook and to an e-mail at local receivers.
//! 8. Agent: the real `ironsight-gateway` binary polls [`AGENT_SIGNALS`] signals from the simulator every second;
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

mod alarms;
mod db;
mod fleet;
mod measure;
mod phases;
mod process;
mod seed;

use alarms::*;
use db::*;
use fleet::*;
use measure::*;
use phases::*;
use process::*;
use seed::*;

/// `IRONSIGHT_BENCH_PHASES=alarms` (or any of ingest, live, fanout, alarms, agent, settle, comma-separated) runs
/// only those after the fleet connects, for a quicker look; all of them by default.
fn wanted_phase(name: &str) -> bool {
    let only = std::env::var("IRONSIGHT_BENCH_PHASES").unwrap_or_default().to_lowercase();
    only.trim().is_empty() || only.split(',').any(|p| p.trim() == name)
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
    seed_alarm_rules(&store, &fleet).await?;
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
        .args(["--demo", "--no-captcha", "--notify-allow-private", "--log", "warn"]);
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

    let monitor = Store::connect(&url).await?;
    let console = Console::login(&base).await?;

    // 4. Ingest: paced at the target and above it, then a burst (every gateway replaying at once).
    if wanted_phase("ingest") {
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
    }

    // 5. Live latency at LIVE_RATE.
    if wanted_phase("live") {
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
    }

    // 6. Fan-out to FANOUT_CLIENTS sockets on one equipment.
    if wanted_phase("fanout") {
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
        rows.push((
            "fan-out latency p50/p99".into(),
            format!("{:.1} / {:.1} ms", fanout_latency.p50, fanout_latency.p99),
        ));
        rows.push((format!("server RSS, + {FANOUT_CLIENTS} sockets"), mib(rss_sockets)));
    }

    // 7. Alarms: trigger → message socket, webhook, e-mail.
    if wanted_phase("alarms") {
        alarm_phase(&console, &gateways, &server.pid, ticks_per_second, &mut rows).await?;
        rss_row(&mut rows, &server.pid, "server RSS after the alarms");
    }

    // 8. The real agent polling AGENT_SIGNALS signals.
    if wanted_phase("agent") {
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
    }

    let (rss_end, hwm_end) = (rss_mib(&server.pid), hwm_mib(&server.pid));
    println!("server resident memory at the end: {} (peak {})", mib(rss_end), mib(hwm_end));
    rows.push(("server RSS at the end (peak)".into(), format!("{} ({})", mib(rss_end), mib(hwm_end))));
    // What the load left behind: the sockets are closed and the agent stopped; the fleet stays connected.
    monitor.close().await;
    if wanted_phase("settle") {
        tokio::time::sleep(Duration::from_secs(60)).await;
        rss_row(&mut rows, &server.pid, "server RSS a minute after the load (fleet connected)");
    }
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

    // `IRONSIGHT_BENCH_BACKENDS=sqlite` (or `postgres`) measures one backend only, for a quicker look.
    db::each_backend("ironsight_bench", profile, async |db: &Db| run_backend(db, &bin_dir, &secret_hash, ticks).await)
        .await
}
