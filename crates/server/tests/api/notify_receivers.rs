//! What the notification tests deliver to: a local HTTP receiver (a tiny axum server on 127.0.0.1:0 recording each
//! request) and a local SMTP server (aiosmtpd from the repository's `.venv`, run by fixtures/smtp_sink.py).

use crate::helpers::TestApp;
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, Uri};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::time::Instant;

/// How long a test waits for a delivery; only reached when it is about to fail.
pub const DEADLINE: Duration = Duration::from_secs(40);

/// One request the receiver got.
#[derive(Clone, Debug)]
pub struct Hit {
    pub path: String,
    pub query: HashMap<String, String>,
    pub body: Value,
    /// The request's headers, names in lower case.
    pub headers: HashMap<String, String>,
}

/// A local webhook receiver. Its answer depends on the path: `/fail…` answers 500, `/refuse…` a robot's refusal
/// (`errcode` 310000), anything else a robot's success (`errcode` 0 and `code` 0, which every kind accepts).
pub struct Receiver {
    pub base: String,
    hits: Arc<Mutex<Vec<Hit>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn receive(
    State(hits): State<Arc<Mutex<Vec<Hit>>>>,
    uri: Uri,
    header_map: axum::http::HeaderMap,
    body: Bytes,
) -> (StatusCode, String) {
    let headers = header_map
        .iter()
        .map(|(name, value)| (name.as_str().to_owned(), value.to_str().unwrap_or("").to_owned()))
        .collect();
    let query =
        uri.query().map(|q| url::form_urlencoded::parse(q.as_bytes()).into_owned().collect()).unwrap_or_default();
    let body = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let path = uri.path().to_owned();
    hits.lock().unwrap().push(Hit { path: path.clone(), query, body, headers });
    if path.starts_with("/fail") {
        (StatusCode::INTERNAL_SERVER_ERROR, "receiver down".into())
    } else if path.starts_with("/refuse") {
        (StatusCode::OK, json!({"errcode": 310000, "errmsg": "sign not match"}).to_string())
    } else {
        (StatusCode::OK, json!({"errcode": 0, "errmsg": "ok", "code": 0, "msg": "success"}).to_string())
    }
}

impl Receiver {
    pub async fn start() -> Receiver {
        let hits = Arc::new(Mutex::new(Vec::new()));
        let app = Router::new().fallback(receive).with_state(hits.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Receiver { base, hits, task }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The requests to `path` so far.
    pub fn hits(&self, path: &str) -> Vec<Hit> {
        self.hits.lock().unwrap().iter().filter(|h| h.path == path).cloned().collect()
    }

    /// Waits until `path` got at least `n` requests; answers them.
    pub async fn wait_hits(&self, path: &str, n: usize) -> Vec<Hit> {
        let deadline = Instant::now() + DEADLINE;
        loop {
            let hits = self.hits(path);
            if hits.len() >= n {
                return hits;
            }
            assert!(Instant::now() < deadline, "{path} got {} requests, not {n}", hits.len());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// A local SMTP server writing each message it accepts to a file.
pub struct SmtpSink {
    pub port: u16,
    dir: tempfile::TempDir,
    _child: tokio::process::Child,
}

/// The repository's virtual environment's Python (`.venv` at the root, made by .ci/run).
fn venv_python() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python")
}

impl SmtpSink {
    /// Starts the sink; `None` (with the reason printed) only when the venv is missing and
    /// `IRONSIGHT_REQUIRE_PEERS` is not set: CI sets it, so CI never skips.
    pub async fn start() -> Option<SmtpSink> {
        let python = venv_python();
        if !python.exists() {
            assert!(
                std::env::var_os("IRONSIGHT_REQUIRE_PEERS").is_none(),
                "IRONSIGHT_REQUIRE_PEERS is set but {} is missing: run `python3 -m venv .venv && .venv/bin/pip install \
                 aiosmtpd==1.4.6` at the repository's root (.ci/run does)",
                python.display()
            );
            println!(
                "SKIPPED: the e-mail delivery test needs aiosmtpd in the repository's .venv ({} is missing; .ci/run \
                 makes it)",
                python.display()
            );
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/api/fixtures/smtp_sink.py");
        let mut child = tokio::process::Command::new(python)
            .arg(script)
            .arg(dir.path())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("the SMTP sink starts");
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        let line = tokio::time::timeout(DEADLINE, lines.next_line()).await.expect("the sink says its port in time");
        let line = line.unwrap().expect("a line from the sink");
        let port = line.strip_prefix("PORT ").and_then(|p| p.trim().parse().ok()).expect("PORT <n>");
        Some(SmtpSink { port, dir, _child: child })
    }

    /// Makes this sink the organisation's SMTP server (plain, no login), sending as `from_address`, as `app`'s
    /// session (an administrator's).
    pub async fn serve_organisation(&self, app: &TestApp, from_address: &str) {
        let port = self.port.to_string();
        let form = [
            ("host", "127.0.0.1"),
            ("port", port.as_str()),
            ("security", "none"),
            ("fromAddress", from_address),
            ("fromName", "Ironsight"),
        ];
        let saved = app.post("/lfscada/msg/notify/smtp/save", &form).await;
        assert_eq!(saved.code(), "200", "{:?}", saved.body);
    }

    /// Waits for the `n`th message (from 1); answers it as received.
    pub async fn message(&self, n: usize) -> String {
        let path = self.dir.path().join(format!("{n}.eml"));
        let deadline = Instant::now() + DEADLINE;
        loop {
            if let Ok(text) = std::fs::read_to_string(&path) {
                return text;
            }
            assert!(Instant::now() < deadline, "no message {n} reached the SMTP server");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}
