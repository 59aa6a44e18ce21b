//! The alarm phase (issue 14's figure): [`ALARMS`] alarms in [`ALARM_SECONDS`] across [`ALARM_EQUIPMENT`]
//! equipment, each timed from the reading that triggers it (its `t`, the bench's clock at publish) to
//! - the alarm message on the logged-in user's message socket: what opens the console's pop-up, title animation
//!   and sound (the browser's own drawing of the pop-up adds a frame or two on top);
//! - a plain JSON webhook at a local HTTP receiver in this process;
//! - an e-mail at a local SMTP server (crates/server/tests/api/fixtures/smtp_sink.py, with the `.venv` that
//!   `make test-venv` makes; left out when it is missing).
//!
//! Each alarm carries its own number in its value ([`TRIGGER_BASE`] + n), which the message (its note), the webhook
//! (`value`) and the e-mail ("Value: …") repeat: that is how an arrival is matched to its trigger.

use super::*;
use ironsight_domain::alarm::{Condition, RuleDraft, Symbol};

/// Alarms raised in the phase, evenly spread over [`ALARM_SECONDS`].
const ALARMS: usize = 1_000;
const ALARM_SECONDS: u64 = 60;
/// Equipment (of the fleet, after the live and fan-out ones) with an alarm rule on their first signal.
pub(crate) const ALARM_EQUIPMENT: usize = 100;
/// The fleet index of the first alarm equipment.
pub(crate) const ALARM_FROM: usize = 100;
/// The rule: first signal above this. Far above any value the other phases publish.
const THRESHOLD: f64 = 1_000_000.0;
/// Trigger values are this + the alarm's number.
const TRIGGER_BASE: i64 = 2_000_000;
/// How long arrivals are awaited after the last trigger.
const DRAIN: Duration = Duration::from_secs(90);

/// One rule on each alarm equipment's first signal (before the server starts: the engine reads rules at start-up).
pub(crate) async fn seed_alarm_rules(store: &Store, fleet: &[SeededGateway]) -> anyhow::Result<()> {
    let org_id = store.org_by_name("demo").await?.ok_or_else(|| anyhow::anyhow!("no demo organisation"))?;
    let server = ironsight_store::access::Viewer::server(org_id);
    for gateway in &fleet[ALARM_FROM..ALARM_FROM + ALARM_EQUIPMENT] {
        let rule = RuleDraft {
            id: 0,
            condition: Condition { symbol: Symbol::Gt, threshold: THRESHOLD, deadband: 0.0, delay_ms: 0 },
            level: 1,
            msg_zh: "基准测试高限".into(),
            msg_en: "Bench high".into(),
            enabled: true,
        };
        store
            .save_alarm_rules(&server, gateway.signals[0], &[rule])
            .await?
            .map_err(|e| anyhow::anyhow!("alarm rule of {}: {e:?}", gateway.sn))?;
    }
    Ok(())
}

/// Arrival times (ms since the epoch, this machine's clock) by alarm number.
type Arrivals = Arc<Mutex<Vec<(usize, f64)>>>;

fn alarm_number(value: f64) -> Option<usize> {
    let n = value as i64 - TRIGGER_BASE;
    (0..ALARMS as i64).contains(&n).then_some(n as usize)
}

/// A local HTTP receiver of the plain JSON webhook: answers 200 and notes when each alarm's body arrived.
async fn webhook_receiver(arrivals: Arrivals) -> anyhow::Result<(String, tokio::task::JoinHandle<()>)> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}/hook", listener.local_addr()?);
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |body: axum::body::Bytes| {
            let arrivals = arrivals.clone();
            async move {
                let received = now_ms_f64();
                let value = serde_json::from_slice::<serde_json::Value>(&body).ok().and_then(|b| b["value"].as_f64());
                if let Some(n) = value.and_then(alarm_number) {
                    arrivals.lock().expect("not poisoned").push((n, received));
                }
                "{}"
            }
        }),
    );
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    Ok((url, task))
}

/// The tests' SMTP sink, when `.venv` has aiosmtpd: its port, the process, and a task noting each message's
/// arrival (the file's modification time: when the sink wrote it) by the number in its "Value:" line.
struct SmtpSink {
    port: u16,
    _process: tokio::process::Child,
    watcher: tokio::task::JoinHandle<()>,
    _dir: tempfile::TempDir,
}

async fn smtp_sink(arrivals: Arrivals, stop: Arc<AtomicBool>) -> anyhow::Result<Option<SmtpSink>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (python, script) = (root.join(".venv/bin/python"), root.join("crates/server/tests/api/fixtures/smtp_sink.py"));
    if !python.exists() || !script.exists() {
        return Ok(None);
    }
    let dir = tempfile::tempdir()?;
    let mut process = tokio::process::Command::new(&python)
        .arg(&script)
        .arg(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    let stdout = process.stdout.take().ok_or_else(|| anyhow::anyhow!("no stdout"))?;
    let mut lines = BufReader::new(stdout).lines();
    let port = tokio::time::timeout(Duration::from_secs(20), async {
        while let Some(line) = lines.next_line().await? {
            if let Some(port) = line.strip_prefix("PORT ") {
                return Ok::<_, anyhow::Error>(port.trim().parse::<u16>()?);
            }
        }
        anyhow::bail!("the SMTP sink ended before it listened")
    })
    .await??;
    let path = dir.path().to_path_buf();
    let watcher = tokio::spawn(async move {
        let mut seen = std::collections::HashSet::new();
        let value = |text: &str| {
            text.lines().find_map(|l| l.trim().strip_prefix("Value: ").and_then(|v| v.trim().parse::<f64>().ok()))
        };
        while !stop.load(Ordering::Relaxed) {
            if let Ok(entries) = std::fs::read_dir(&path) {
                for entry in entries.flatten() {
                    let name = entry.file_name();
                    if !name.to_string_lossy().ends_with(".eml") || !seen.insert(name) {
                        continue;
                    }
                    let written = entry.metadata().and_then(|m| m.modified()).ok();
                    let written =
                        written.and_then(|w| w.duration_since(UNIX_EPOCH).ok()).map(|d| d.as_secs_f64() * 1e3);
                    let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
                    if let (Some(at), Some(n)) = (written, value(&text).and_then(alarm_number)) {
                        arrivals.lock().expect("not poisoned").push((n, at));
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    Ok(Some(SmtpSink { port, _process: process, watcher, _dir: dir }))
}

/// The demo account's message socket: notes when each bench alarm's message arrived.
async fn message_socket(
    console: &Console,
    arrivals: Arrivals,
    stop: Arc<AtomicBool>,
) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let token = console.post("/lfscada/websocket/msg/token", &[]).await?;
    let token = token.as_str().ok_or_else(|| anyhow::anyhow!("no token in {token}"))?;
    let url = format!("{}/lfscada/ws/message/subscribe/{token}", console.base.replace("http://", "ws://"));
    let (mut socket, _) = tokio_tungstenite::connect_async(&url).await?;
    Ok(tokio::spawn(async move {
        while !stop.load(Ordering::Relaxed) {
            let Ok(next) = tokio::time::timeout(Duration::from_millis(200), socket.next()).await else { continue };
            let Some(Ok(message)) = next else { break };
            let received = now_ms_f64();
            let Ok(text) = message.to_text() else { continue };
            let Ok(frame) = serde_json::from_str::<serde_json::Value>(text) else { continue };
            let data = &frame["data"];
            if frame["type"] == "message" && data["type"] == "alarm" {
                let value = data["note"].as_str().and_then(|note| note.parse::<f64>().ok());
                if let Some(n) = value.and_then(alarm_number) {
                    arrivals.lock().expect("not poisoned").push((n, received));
                }
            }
        }
        let _ = socket.close(None).await;
    }))
}

/// One reading of a gateway's first signal at `t`.
async fn publish_first_signal(gateway: &SimGateway, t: i64, value: f64) -> anyhow::Result<()> {
    let seq = gateway.seq.fetch_add(1, Ordering::Relaxed);
    let reading = Reading { signal: gateway.seeded.signals[0], t, v: Some(value), q: Quality::Good };
    let report =
        DataReport { run: 1, seq, kind: ReportKind::Change, readings: vec![reading], errors: Default::default() };
    let topic = gateway.topics.topic(Channel::Data);
    gateway.client.publish(topic, QoS::AtLeastOnce, false, serde_json::to_vec(&report)?).await?;
    Ok(())
}

/// Per path: how many of the alarms arrived, and their latencies from the trigger.
fn latencies(arrivals: &Arrivals, triggered: &[f64]) -> (usize, Percentiles) {
    let arrived = arrivals.lock().expect("not poisoned");
    let mut first = vec![f64::NAN; triggered.len()];
    for &(n, at) in arrived.iter() {
        if first[n].is_nan() || at < first[n] {
            first[n] = at;
        }
    }
    let samples: Vec<f64> =
        first.iter().zip(triggered).filter(|(at, t)| !at.is_nan() && !t.is_nan()).map(|(at, t)| at - t).collect();
    (samples.len(), Percentiles::of(samples))
}

/// Runs the phase against the started server (`--notify-allow-private`, so the local receivers are allowed).
pub(crate) async fn alarm_phase(
    console: &Console,
    gateways: &[Arc<SimGateway>],
    server_pid: &str,
    ticks_per_second: f64,
    rows: &mut Rows,
) -> anyhow::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let (socket_arrivals, hook_arrivals, mail_arrivals): (Arrivals, Arrivals, Arrivals) = Default::default();
    let (hook_url, hook_task) = webhook_receiver(hook_arrivals.clone()).await?;
    let smtp = smtp_sink(mail_arrivals.clone(), stop.clone()).await?;
    let mut channels = vec![serde_json::json!({
        "kind": "webhook", "name": "bench webhook", "target": hook_url, "levels": [1, 2, 3], "enabled": true
    })];
    if let Some(sink) = &smtp {
        console
            .post(
                "/lfscada/msg/notify/smtp/save",
                &[
                    ("host", "127.0.0.1".into()),
                    ("port", sink.port.to_string()),
                    ("security", "none".into()),
                    ("fromAddress", "bench@ironsight.test".into()),
                ],
            )
            .await?;
        channels.push(serde_json::json!({
            "kind": "email", "name": "bench e-mail", "target": "operator@ironsight.test", "levels": [1, 2, 3], "enabled": true
        }));
    }
    // English notifications: the e-mail's "Value:" line is what identifies it.
    console
        .post_json(
            "/lfscada/msg/notify/settings/save",
            &serde_json::json!({"prompType": "alter", "channels": channels}),
            "en",
        )
        .await?;
    let socket = message_socket(console, socket_arrivals.clone(), stop.clone()).await?;

    let equipment = &gateways[ALARM_FROM..ALARM_FROM + ALARM_EQUIPMENT];
    let period = Duration::from_micros(ALARM_SECONDS * 1_000_000 / ALARMS as u64);
    let mut triggered = vec![f64::NAN; ALARMS];
    let server_cpu = CpuMeter::start(server_pid);
    let machine = MachineMeter::start();
    let started = Instant::now();
    let mut ticker = tokio::time::interval(period);
    for (n, at) in triggered.iter_mut().enumerate() {
        ticker.tick().await;
        let gateway = &equipment[n % ALARM_EQUIPMENT];
        let t = now_ms();
        // Back to normal first (releases the equipment's previous alarm), then over the threshold.
        publish_first_signal(gateway, t - 1, 0.0).await?;
        publish_first_signal(gateway, t, (TRIGGER_BASE + n as i64) as f64).await?;
        *at = t as f64;
    }
    let trigger_secs = started.elapsed().as_secs_f64();
    let want_mail = smtp.is_some();
    let complete = |a: &Arrivals| a.lock().expect("not poisoned").len() >= ALARMS;
    let deadline = Instant::now() + DRAIN;
    while Instant::now() < deadline
        && !(complete(&socket_arrivals) && complete(&hook_arrivals) && (!want_mail || complete(&mail_arrivals)))
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (server_cpu, machine) = (server_cpu.percent(ticks_per_second), machine.percent());
    stop.store(true, Ordering::Relaxed);
    let _ = socket.await;
    hook_task.abort();
    if let Some(sink) = smtp {
        let _ = sink.watcher.await;
    }

    println!(
        "alarms: {ALARMS} triggered in {trigger_secs:.1} s across {ALARM_EQUIPMENT} equipment (level 1; the demo \
         account has a webhook{} channel); server CPU {server_cpu:.0} % of one core, machine {machine:.0} % busy \
         from the first trigger until the last arrival",
        if want_mail { " and an e-mail" } else { "" }
    );
    let mut report = |path: &str, arrivals: &Arrivals| {
        let (arrived, latency) = latencies(arrivals, &triggered);
        println!("    trigger → {path}: {arrived} of {ALARMS} arrived; {}", latency.line());
        rows.push((
            format!("alarm → {path} p50/p99 ({ALARMS} in {ALARM_SECONDS} s)"),
            if arrived < ALARMS {
                format!("{:.0} / {:.0} ms, {} missing", latency.p50, latency.p99, ALARMS - arrived)
            } else {
                format!("{:.0} / {:.0} ms", latency.p50, latency.p99)
            },
        ));
    };
    report("message socket (pop-up)", &socket_arrivals);
    report("webhook", &hook_arrivals);
    if want_mail {
        report("e-mail", &mail_arrivals);
    } else {
        println!("    e-mail not measured: .venv with aiosmtpd is missing (make test-venv)");
    }
    Ok(())
}
