//! `make bench`: figures for the foundation's hot paths, printed, with no pass/fail thresholds.
//!
//! Starts the real server in this process on 127.0.0.1:0 with a fresh SQLite database (or PostgreSQL with
//! `IRONSIGHT_BENCH_PG=postgres://…/db`), then measures over real sockets:
//! - login latency (argon2id verification dominates, by design);
//! - `GET /lfscada/user/info` and `POST /lfscada/msg/queryUnReadMsgCount` throughput and latency percentiles
//!   with concurrent clients (each call reads the session from the database);
//! - `POST /lfscada/monitor/multi/history/query` for 10 signals with 20,000 stored points each (the spec's
//!   200,000-point limit answered as points), and for 10 signals with 100,000 points each (answered as min/max
//!   buckets): the server's half of "history query plus first render" (the browser's half is
//!   `e2e/bench/history-render.mjs`);
//! - the message centre with 100,000 messages of one user: `msg/query` (first page, unread, by type and equipment,
//!   the last page) and the unread count;
//! - resident memory of the process before and after the load.

use ironsight::Config;
use reqwest::Client;
use std::time::{Duration, Instant};

const CONCURRENCY: usize = 32;
const LOAD_SECONDS: u64 = 5;
const LOGINS: usize = 30;
/// Signals of the history query (the spec's maximum).
const HISTORY_SIGNALS: usize = 10;
/// Timed repetitions of each history query.
const HISTORY_RUNS: usize = 10;
/// Messages of the demo user for the message centre's queries (issue 14's figure).
const MESSAGES: usize = 100_000;
/// Timed repetitions of each message query.
const MESSAGE_RUNS: usize = 20;

fn rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map(|kb| kb / 1024.0)
        .unwrap_or(f64::NAN)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index].as_secs_f64() * 1000.0
}

fn report(name: &str, mut samples: Vec<Duration>, elapsed: Duration) {
    samples.sort();
    println!(
        "{name:<44} {:>8} calls {:>9.0}/s   p50 {:>7.2} ms   p95 {:>7.2} ms   p99 {:>7.2} ms   max {:>7.2} ms",
        samples.len(),
        samples.len() as f64 / elapsed.as_secs_f64(),
        percentile(&samples, 0.50),
        percentile(&samples, 0.95),
        percentile(&samples, 0.99),
        percentile(&samples, 1.0),
    );
}

fn browser(base: &str) -> Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("origin", base.parse().unwrap());
    Client::builder().cookie_store(true).default_headers(headers).build().unwrap()
}

async fn login(client: &Client, base: &str) -> Duration {
    let started = Instant::now();
    let reply: serde_json::Value = client
        .post(format!("{base}/lfscada/user/login?loginname=demo&password=Demo%4012345"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(reply["code"], "200", "login failed: {reply}");
    started.elapsed()
}

/// Runs `CONCURRENCY` logged-in clients calling `path` for `LOAD_SECONDS`.
async fn load(base: &str, method: reqwest::Method, path: &'static str) -> (Vec<Duration>, Duration) {
    let mut clients = Vec::new();
    for _ in 0..CONCURRENCY {
        let client = browser(base);
        login(&client, base).await;
        clients.push(client);
    }
    let deadline = Instant::now() + Duration::from_secs(LOAD_SECONDS);
    let started = Instant::now();
    let tasks: Vec<_> = clients
        .into_iter()
        .map(|client| {
            let url = format!("{base}{path}");
            let method = method.clone();
            tokio::spawn(async move {
                let mut samples = Vec::new();
                while Instant::now() < deadline {
                    let t = Instant::now();
                    let response = client.request(method.clone(), &url).send().await.unwrap();
                    assert!(response.status().is_success());
                    let _ = response.bytes().await.unwrap();
                    samples.push(t.elapsed());
                }
                samples
            })
        })
        .collect();
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    (all, started.elapsed())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let database_url = std::env::var("IRONSIGHT_BENCH_PG").ok();
    let backend = if database_url.is_some() { "PostgreSQL" } else { "SQLite" };
    let config = Config {
        listen: "127.0.0.1:0".parse()?,
        data_dir: dir.path().to_path_buf(),
        database_url,
        demo: true,
        captcha: false,
        allowed_origins: vec![],
        cookie_secure: false,
        trust_proxy: false,
        session_idle_ms: 3_600_000,
        mqtt: ironsight::config::Mqtt::Embedded { listen: "127.0.0.1:0".parse()? },
        demo_devices: false,
        demo_schedule: ironsight::demo::Schedule::default(),
        lang: ironsight_domain::Lang::Zh,
        log: "warn".into(),
        weather_url: None,
        geocoding_url: None,
        ezviz_url: ironsight::config::DEFAULT_EZVIZ_URL.into(),
        espeak: ironsight::sound::DEFAULT_ENGINE.into(),
        notify: ironsight::notify::NotifyConfig::default(),
        sms: None,
        code_resend_wait_ms: ironsight::api::security_codes::RESEND_WAIT_MS,
    };
    let rss_start = rss_mib();
    let running = ironsight::start(config).await?;
    let base = format!("http://127.0.0.1:{}", running.addr.port());
    println!(
        "Ironsight foundation benchmark: {backend}, {CONCURRENCY} concurrent clients, {LOAD_SECONDS} s per load, {} build",
        if cfg!(debug_assertions) { "debug" } else { "release" }
    );
    println!("resident memory at start: {rss_start:.1} MiB; after server start: {:.1} MiB", rss_mib());

    let client = browser(&base);
    let started = Instant::now();
    let mut logins = Vec::new();
    for _ in 0..LOGINS {
        logins.push(login(&client, &base).await);
    }
    report("login (sequential, argon2id)", logins, started.elapsed());

    let (samples, elapsed) = load(&base, reqwest::Method::GET, "/lfscada/user/info?t=1").await;
    report("GET /lfscada/user/info", samples, elapsed);
    let (samples, elapsed) = load(&base, reqwest::Method::POST, "/lfscada/msg/queryUnReadMsgCount").await;
    report("POST /lfscada/msg/queryUnReadMsgCount", samples, elapsed);
    history_queries(&running, &client, &base).await?;
    message_queries(&running, &client, &base).await?;
    println!("resident memory after load: {:.1} MiB", rss_mib());
    Ok(())
}

/// Posts a form as the logged-in `client` and answers the envelope's `data` (panics on any other code).
async fn call(client: &Client, base: &str, path: &str, form: &[(&str, String)]) -> serde_json::Value {
    let reply: serde_json::Value =
        client.post(format!("{base}{path}")).form(form).send().await.unwrap().json().await.unwrap();
    assert_eq!(reply["code"], "200", "{path}: {reply}");
    reply["data"].clone()
}

/// History of 10 signals, stored through the store's batch writer (as ingest stores it), then queried with the
/// console's call: once with 20,000 points a signal (answered as points), once with 100,000 (min/max buckets).
async fn history_queries(running: &ironsight::Running, client: &Client, base: &str) -> anyhow::Result<()> {
    let equipment = call(client, base, "/lfscada/equipment/multi/add", &[("equipName", "History bench".into())]).await;
    let equipment = equipment["id"].to_string();
    let signals: Vec<serde_json::Value> = (0..HISTORY_SIGNALS)
        .map(|i| {
            serde_json::json!({"name": format!("S{i}"), "area": "holding_register", "address": i * 2,
                "dataType": "float32"})
        })
        .collect();
    let saved = call(
        client,
        base,
        "/lfscada/equipment/multi/signal/save",
        &[("equipmentId", equipment.clone()), ("signals", serde_json::Value::from(signals).to_string())],
    )
    .await;
    let ids: Vec<i64> = saved["ids"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    let equipment_id: i64 = equipment.parse()?;
    let store = &running.state.store;
    let end = ironsight_store::now_ms();
    for (points, label) in [(20_000_i64, "points"), (100_000, "min/max buckets")] {
        // One point a second (older data first), so both ranges end now; the second run adds the older points.
        let start = end - points * 1000;
        let seeding = Instant::now();
        for chunk_start in (0..points).step_by(5_000) {
            let mut batch = Vec::with_capacity(5_000 * ids.len());
            for &signal_id in &ids {
                for i in chunk_start..(chunk_start + 5_000).min(points) {
                    let v = (i as f64 / 300.0).sin() * 40.0 + 50.0;
                    batch.push(ironsight_store::readings::StoredReading {
                        signal_id,
                        equipment_id,
                        t: start + i * 1000,
                        v: Some(v),
                        good: true,
                        error_code: None,
                    });
                }
            }
            store.write_readings(&batch).await?;
        }
        let seeded = seeding.elapsed();
        let form = [
            ("signalIds", ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")),
            ("startTime", start.to_string()),
            ("endTime", end.to_string()),
        ];
        let mut samples = Vec::new();
        let mut answered_points = 0;
        let mut bytes = 0;
        let started = Instant::now();
        for _ in 0..HISTORY_RUNS {
            let t = Instant::now();
            let body = client.post(format!("{base}/lfscada/monitor/multi/history/query")).form(&form).send().await?;
            let body = body.bytes().await?;
            samples.push(t.elapsed());
            let reply: serde_json::Value = serde_json::from_slice(&body)?;
            assert_eq!(reply["code"], "200", "{reply}");
            answered_points = reply["data"]["series"]
                .as_array()
                .map(|list| list.iter().map(|s| s["points"].as_array().map_or(0, Vec::len)).sum::<usize>())
                .unwrap_or(0);
            bytes = body.len();
        }
        report(&format!("history/query, {HISTORY_SIGNALS} × {points} rows ({label})"), samples, started.elapsed());
        println!(
            "    answered {answered_points} points, {:.1} MiB of JSON; {} rows stored in {:.1} s beforehand",
            bytes as f64 / 1_048_576.0,
            points as usize * ids.len(),
            seeded.as_secs_f64()
        );
    }
    Ok(())
}

/// A timed message-centre call: its label, path and form.
type MessageCase = (&'static str, &'static str, Vec<(&'static str, String)>);

/// 100,000 messages of the demo user (alarm messages spread over 100 equipment ids, one of them a real equipment
/// the filter can name; every tenth a notice; two thirds read), written in multi-row statements, then the message
/// centre's queries as the console sends them.
async fn message_queries(running: &ironsight::Running, client: &Client, base: &str) -> anyhow::Result<()> {
    let demo = running.state.store.user_by_loginname("demo").await?.expect("the demo account");
    let pump = call(client, base, "/lfscada/equipment/multi/add", &[("equipName", "Message bench".into())]).await;
    let pump = pump["id"].as_i64().expect("an id");
    let db = ironsight_store::Store::admin_connect(&running.state.config.database_url()).await?;
    let seeding = Instant::now();
    let now = ironsight_store::now_ms();
    for chunk in (0..MESSAGES).step_by(1_000) {
        let rows: Vec<String> = (chunk..(chunk + 1_000).min(MESSAGES))
            .map(|i| {
                let equip = if i % 100 == 1 { pump } else { pump + 1_000 + (i % 100) as i64 };
                let (kind, equip) =
                    if i % 10 == 0 { ("notice", "NULL".to_owned()) } else { ("alarm", equip.to_string()) };
                let read = i64::from(i % 3 != 0);
                let t = now - (MESSAGES - i) as i64 * 1000;
                format!("({}, '{kind}', 'Bench {i}', 'Bench {i}', '', '{equip}', 'eg', {equip}, {read}, {t})", demo.id)
            })
            .collect();
        db.execute_raw(&format!(
            "INSERT INTO messages (user_id, type, title, title_en, note, data_id, equip_type, equip_id, is_read, \
             gmt_create) VALUES {}",
            rows.join(", ")
        ))
        .await?;
    }
    println!("message centre: {MESSAGES} messages of one user stored in {:.1} s", seeding.elapsed().as_secs_f64());
    let cases: [MessageCase; 5] = [
        ("msg/query, first page of all", "/lfscada/msg/query", vec![]),
        ("msg/query, first page of the unread", "/lfscada/msg/query", vec![("readStatus", "unread".into())]),
        (
            "msg/query, alarms of one equipment",
            "/lfscada/msg/query",
            vec![("type", "alarm".into()), ("equipId", pump.to_string())],
        ),
        ("msg/query, the last page", "/lfscada/msg/query", vec![("page", (MESSAGES / 10).to_string())]),
        ("msg/queryUnReadMsgCount", "/lfscada/msg/queryUnReadMsgCount", vec![]),
    ];
    for (label, path, form) in cases {
        let mut samples = Vec::new();
        let started = Instant::now();
        for _ in 0..MESSAGE_RUNS {
            let t = Instant::now();
            call(client, base, path, &form).await;
            samples.push(t.elapsed());
        }
        report(label, samples, started.elapsed());
    }
    Ok(())
}
