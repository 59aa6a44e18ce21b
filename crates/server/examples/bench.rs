//! `make bench`: figures for the foundation's hot paths, printed, with no pass/fail thresholds.
//!
//! Starts the real server in this process on 127.0.0.1:0 with a fresh SQLite database (or PostgreSQL with
//! `IRONSIGHT_BENCH_PG=postgres://…/db`), then measures over real sockets:
//! - login latency (argon2id verification dominates, by design);
//! - `GET /lfscada/user/info` and `POST /lfscada/msg/queryUnReadMsgCount` throughput and latency percentiles
//!   with concurrent clients (each call reads the session from the database);
//! - resident memory of the process before and after the load.

use ironsight::Config;
use reqwest::Client;
use std::time::{Duration, Instant};

const CONCURRENCY: usize = 32;
const LOAD_SECONDS: u64 = 5;
const LOGINS: usize = 30;

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
        log: "warn".into(),
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
    println!("resident memory after load: {:.1} MiB", rss_mib());
    Ok(())
}
