//! `make bench`: Sparkplug B DDATA ingest, beside the gateway link's figure (`link_bench`). Prints figures; no
//! pass/fail thresholds.
//!
//! Runs the release server as a child process (embedded broker), on SQLite and, when reachable, on PostgreSQL
//! (`IRONSIGHT_BENCH_PG`, as `link_bench`: a database `ironsight_bench_sp_<pid>` is made and dropped). Per backend:
//!
//! 1. Registers [`NODES`] edge nodes through the API (`gm/node/add`), as an administrator would, and connects each
//!    from this process with the credentials the console issued (the embedded broker's access rules apply).
//! 2. Each node is born: NBIRTH, and a DBIRTH of each of its [`DEVICES_PER_NODE`] devices with
//!    [`METRICS_PER_DEVICE`] Double metrics by alias. Once the server has discovered them all, every device is
//!    adopted through the API (`gm/adopt`): 50,000 signals. Set-up times are printed, not server figures.
//! 3. Ingest: every node publishes a DDATA per device (all its metrics, by alias, QoS 0 as the specification has
//!    it), paced so that the fleet offers [`INGEST_RATES`] values per second for [`INGEST_SECONDS`] each, then
//!    [`BURST_REPORTS`] rounds at once. The nodes' messages are numbered by the crate's own
//!    `ironsight_sparkplug::command::edge::EdgeNode`, and a node answers the server's rebirth request (after a lost
//!    message) with new births. The figure is history rows of the step's values / time from the first publish
//!    until the last of them was stored; values never stored are counted as lost.
//!
//! The nodes run in this process on the same cores as the server and the database, so each step also prints how
//! busy the whole machine was.

use futures_util::StreamExt;
use ironsight_store::Store;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncBufReadExt, BufReader};

/// Edge nodes, each its own MQTT connection.
const NODES: usize = 100;
const DEVICES_PER_NODE: usize = 10;
/// Metrics of each device: every one adopted as a signal, every one in each DDATA.
const METRICS_PER_DEVICE: usize = 50;
/// Values per second offered by the whole fleet in the paced steps (a round of every device's DDATA per period).
const INGEST_RATES: [usize; 2] = [50_000, 100_000];
/// Length of each paced step.
const INGEST_SECONDS: u64 = 5;
/// Rounds of DDATA every node publishes at once in the burst step (nodes replaying what they buffered).
const BURST_REPORTS: usize = 3;
/// Adoptions in flight at once (each is one transaction and reloads the server's routes).
const ADOPT_CONCURRENCY: usize = 4;
/// No new rows for this long: the step's QoS 0 values that are not stored by then are lost.
const QUIET: Duration = Duration::from_secs(3);
/// Only against hanging; a healthy phase needs a fraction of it.
const PHASE_TIMEOUT: Duration = Duration::from_secs(120);

#[allow(dead_code)]
#[path = "../link_bench/db.rs"]
mod db;
#[allow(dead_code)]
#[path = "../link_bench/measure.rs"]
mod measure;
mod nodes;
#[allow(dead_code)]
#[path = "../link_bench/process.rs"]
mod process;

use db::*;
use measure::*;
use nodes::*;
use process::*;

/// Rows of the final table: label, figure.
pub(crate) use db::Rows;

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

/// Registers the nodes through the API: their source ids and logins.
async fn register(console: &Console) -> anyhow::Result<Vec<Registered>> {
    let mut nodes = Vec::with_capacity(NODES);
    for n in 0..NODES {
        let node = format!("N{n:03}");
        let form = [("groupId", GROUP.to_owned()), ("nodeId", node.clone()), ("name", format!("Bench {node}"))];
        let added = console.post("/lfscada/gm/node/add", &form).await?;
        let text = |k: &str| added[k].as_str().map(str::to_owned).ok_or_else(|| anyhow::anyhow!("no {k} in {added}"));
        nodes.push(Registered {
            source_id: added["id"].to_string(),
            username: text("username")?,
            secret: text("secret")?,
            node,
        });
    }
    Ok(nodes)
}

/// Waits until the server has discovered every device of `registered` with all its metrics.
async fn discovered(console: &Console, registered: &Registered) -> anyhow::Result<bool> {
    let deadline = Instant::now() + PHASE_TIMEOUT;
    loop {
        let found = console.post("/lfscada/gm/discovered/query", &[("nodeId", registered.source_id.clone())]).await?;
        let complete = found.as_array().is_some_and(|devices| {
            let full = devices.iter().filter(|d| {
                d["deviceId"] != "" && d["metrics"].as_array().is_some_and(|m| m.len() == METRICS_PER_DEVICE)
            });
            full.count() == DEVICES_PER_NODE
        });
        if complete || Instant::now() > deadline {
            return Ok(complete);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Adopts every device, [`ADOPT_CONCURRENCY`] at a time: the equipment ids.
async fn adopt_all(console: &Console, registered: &[Registered]) -> anyhow::Result<Vec<String>> {
    let calls = registered.iter().flat_map(|r| (0..DEVICES_PER_NODE).map(move |d| (r, d))).map(|(r, d)| async move {
        let form = [
            ("nodeId", r.source_id.clone()),
            ("deviceId", device_id(d)),
            ("equipName", format!("{} {}", r.node, device_id(d))),
        ];
        console.post("/lfscada/gm/adopt", &form).await.map(|adopted| adopted["id"].to_string())
    });
    futures_util::stream::iter(calls)
        .buffer_unordered(ADOPT_CONCURRENCY)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect()
}

/// The adopted equipment's signal ids, first and last, and how many there are.
async fn signal_range(console: &Console, equipment: &[String]) -> anyhow::Result<(i64, i64, usize)> {
    let (mut first, mut last, mut count) = (i64::MAX, i64::MIN, 0);
    for id in equipment {
        let signals = console.post("/lfscada/equipment/multi/signal/query", &[("equipmentId", id.clone())]).await?;
        for signal in signals.as_array().into_iter().flatten() {
            let id = signal["id"].as_i64().ok_or_else(|| anyhow::anyhow!("no id in {signal}"))?;
            (first, last, count) = (first.min(id), last.max(id), count + 1);
        }
    }
    Ok((first, last, count))
}

async fn run_backend(db: &Db, bin_dir: &Path, ticks_per_second: f64) -> anyhow::Result<Rows> {
    let mut rows: Rows = Vec::new();
    let dir = tempfile::tempdir()?;
    let data_dir = dir.path().join("data");
    std::fs::create_dir_all(&data_dir)?;
    println!("\n== {} ==", db.label());

    let (port, mqtt_port) = (free_port()?, free_port()?);
    let mut command = tokio::process::Command::new(bin_dir.join("ironsight"));
    command
        .args(["--listen", &format!("127.0.0.1:{port}"), "--mqtt-listen", &format!("127.0.0.1:{mqtt_port}")])
        .arg("--data-dir")
        .arg(&data_dir)
        // The demo account to log in with; its plant runs in the background (a small, constant load, as in
        // link_bench), without the month of history it would first write.
        .args(["--demo", "--demo-history-days", "0", "--no-captcha", "--log", "warn"]);
    if let Some(url) = db.server_url() {
        command.arg("--database-url").arg(url);
    }
    let env = [("IRONSIGHT_ADMIN_PASSWORD", "Bench@2026x")];
    let started = Instant::now();
    let server = ChildProcess::start(command, &env, "Ironsight is running").await?;
    println!("server started in {:.1} s (pid {})", started.elapsed().as_secs_f64(), server.pid);
    let console = Console::login(&format!("http://127.0.0.1:{port}")).await?;

    // 1. Registration and logins.
    let started = Instant::now();
    let registered = register(&console).await?;
    let registered_secs = started.elapsed().as_secs_f64();
    println!("{NODES} nodes registered in {registered_secs:.1} s");
    let counters = Arc::new(NodeCounters::default());
    let started = Instant::now();
    let nodes: Vec<Arc<SimNode>> = registered.iter().map(|r| SimNode::start(r, mqtt_port, counters.clone())).collect();
    let connected = wait_until(|| counters.connected.load(Ordering::Relaxed) >= NODES).await;
    anyhow::ensure!(
        connected,
        "{} of {NODES} nodes connected ({} refused)",
        counters.connected.load(Ordering::Relaxed),
        counters.refused.load(Ordering::Relaxed)
    );
    let connect_secs = started.elapsed().as_secs_f64();
    println!("{NODES} nodes connected in {connect_secs:.1} s");

    // 2. Births, discovery, adoption.
    let started = Instant::now();
    for node in &nodes {
        node.births().await?;
    }
    for r in &registered {
        anyhow::ensure!(discovered(&console, r).await?, "node {} was not discovered whole", r.node);
    }
    let discovered_secs = started.elapsed().as_secs_f64();
    println!("their devices born and discovered in {discovered_secs:.1} s; adopting them");
    let started = Instant::now();
    let equipment = adopt_all(&console, &registered).await?;
    let adopted_secs = started.elapsed().as_secs_f64();
    let (first, last, signals) = signal_range(&console, &equipment).await?;
    let expected = NODES * DEVICES_PER_NODE * METRICS_PER_DEVICE;
    anyhow::ensure!(signals == expected, "{signals} signals adopted, not {expected}");
    println!(
        "{} devices adopted ({} signals, {ADOPT_CONCURRENCY} at a time) in {adopted_secs:.1} s (set-up times, \
         not ingest figures)",
        thousands((NODES * DEVICES_PER_NODE) as f64),
        thousands(signals as f64)
    );
    rows.push((
        format!("adopt {} devices ({} signals)", NODES * DEVICES_PER_NODE, thousands(signals as f64)),
        format!("{adopted_secs:.1} s"),
    ));
    let rss_adopted = rss_mib(&server.pid);
    rows.push(("server RSS, nodes connected and adopted".into(), mib(rss_adopted)));

    // 3. Ingest.
    let monitor = Store::connect(&db.url(&data_dir)).await?;
    let fleet = Fleet {
        nodes: &nodes,
        counters: &counters,
        monitor: &monitor,
        signals: (first, last),
        server_pid: &server.pid,
        ticks_per_second,
    };
    let round = (NODES * DEVICES_PER_NODE * METRICS_PER_DEVICE) as u64;
    let steps: Vec<(String, usize, Option<Duration>)> = INGEST_RATES
        .iter()
        .map(|&rate| {
            let period = Duration::from_micros(round * 1_000_000 / rate as u64);
            let reports = (INGEST_SECONDS as f64 / period.as_secs_f64()).round() as usize;
            (format!("offered {} values/s", thousands(rate as f64)), reports, Some(period))
        })
        .chain(std::iter::once((format!("burst, {BURST_REPORTS} rounds at once"), BURST_REPORTS, None)))
        .collect();
    for (n, (label, reports, period)) in steps.into_iter().enumerate() {
        // Each step's values dated hours back and apart from the others', so each is counted alone.
        let t_base = now_ms() - (10 - n as i64) * 3_600_000;
        let step = ingest_step(&fleet, t_base, reports, period).await?;
        let lost = if step.lost() > 0 { format!(", {} LOST", thousands(step.lost() as f64)) } else { String::new() };
        println!(
            "Sparkplug ingest, {label} ({NODES} nodes × {DEVICES_PER_NODE} devices × {reports} DDATA × \
             {METRICS_PER_DEVICE} metrics, QoS 0, published in {:.1} s = {} values/s offered): {} of {} values in \
             the history after {:.1} s = {} values/s stored{lost}; {} rebirth requests answered; server CPU {:.0} % \
             of one core, machine {:.0} % busy",
            step.publish_secs,
            thousands(step.sent as f64 / step.publish_secs),
            thousands(step.stored as f64),
            thousands(step.sent as f64),
            step.stored_secs,
            thousands(step.rate()),
            step.rebirths,
            step.cpu,
            step.machine
        );
        rows.push((
            format!("Sparkplug ingest, {label}"),
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
    monitor.close().await;
    let (rss_end, hwm_end) = (rss_mib(&server.pid), hwm_mib(&server.pid));
    println!("server resident memory at the end: {} (peak {})", mib(rss_end), mib(hwm_end));
    rows.push(("server RSS at the end (peak)".into(), format!("{} ({})", mib(rss_end), mib(hwm_end))));
    let dropped = counters.dropped.load(Ordering::Relaxed);
    if dropped > 0 {
        println!("{dropped} edge node connection(s) were lost during the run");
    }
    let warnings = server.warnings();
    if !warnings.is_empty() {
        println!("server logged {} warning(s)/error(s); first ones:", warnings.len());
        for warning in warnings.iter().take(5) {
            println!("    {}", warning.chars().take(240).collect::<String>());
        }
    }
    for node in &nodes {
        let _ = node.client.try_disconnect();
    }
    server.stop().await;
    Ok(rows)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let exe = std::env::current_exe()?;
    // target/<profile>/examples/sparkplug_bench → target/<profile>
    let bin_dir = exe.parent().and_then(Path::parent).map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from("."));
    anyhow::ensure!(
        bin_dir.join("ironsight").exists(),
        "{} is missing: build first with `cargo build --release -p ironsight --bins --examples`",
        bin_dir.join("ironsight").display()
    );
    let profile = if cfg!(debug_assertions) { "debug" } else { "release" };
    println!(
        "Ironsight Sparkplug B ingest benchmark ({profile} build of this bench; server from {})",
        bin_dir.display()
    );
    println!("machine: {}", machine());
    println!(
        "the server runs as a child process with its embedded broker; the {NODES} edge nodes run in this process on \
         the same cores. Figures are noisy; no thresholds."
    );
    let ticks = clock_ticks_per_second();
    // `IRONSIGHT_BENCH_BACKENDS=sqlite` (or `postgres`) measures one backend only, as link_bench.
    db::each_backend("ironsight_bench_sp", profile, async |db: &Db| run_backend(db, &bin_dir, ticks).await).await
}
