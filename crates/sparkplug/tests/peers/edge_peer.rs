//! The driver of `sparkplug_edge.py`, the third-party Sparkplug B edge node (pysparkplug), shared by the codec's
//! test (`crates/sparkplug/tests/third_party.rs`) and the server's (`crates/server/tests/api/gm_third_party.rs`),
//! each including this file with `#[path]`: one way to start it, command it and wait for what it says.
//!
//! Both including crates sit at `crates/<name>`, so the repository root (the `.venv` and the script) is found from
//! the including crate's manifest directory.
//!
//! Without pysparkplug in `.venv` (`make test-venv`) [`Peer::start`] answers `None` after printing that the test is
//! skipped, unless `IRONSIGHT_REQUIRE_PEERS` is set (`.ci/run` sets it): then a missing peer fails the test.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::mpsc;

/// How long the peer may take to say something (it answers in milliseconds; this only stops a hung test).
pub const PEER_DEADLINE: Duration = Duration::from_secs(30);

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn venv_python() -> PathBuf {
    repository().join(".venv/bin/python")
}

/// How the peer logs in: the MQTT client id is the user name (the console's rule).
pub struct Login<'a> {
    pub host: &'a str,
    pub port: u16,
    pub username: &'a str,
    pub password: &'a str,
}

/// The peer, its stdin for commands and its stdout events.
pub struct Peer {
    pub child: Child,
    stdin: ChildStdin,
    events: mpsc::UnboundedReceiver<serde_json::Value>,
}

impl Peer {
    /// Starts edge node `group`/`node` (not connected yet: send `{"op": "connect"}`); `None` when the venv lacks
    /// pysparkplug and peers are not required.
    pub async fn start(login: Login<'_>, group: &str, node: &str) -> Option<Peer> {
        let python = venv_python();
        let ready = python.exists()
            && Command::new(&python).args(["-c", "import pysparkplug"]).status().await.is_ok_and(|s| s.success());
        if !ready {
            assert!(
                std::env::var_os("IRONSIGHT_REQUIRE_PEERS").is_none(),
                "IRONSIGHT_REQUIRE_PEERS is set but {} has no pysparkplug: run `make test-venv`",
                python.display()
            );
            println!("SKIPPED: the third-party Sparkplug test needs pysparkplug in .venv (`make test-venv`)");
            return None;
        }
        let script = repository().join("crates/sparkplug/tests/peers/sparkplug_edge.py");
        let mut child = Command::new(python)
            .arg(script)
            .args([login.host, &login.port.to_string(), login.username, login.password, group, node])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("the peer starts");
        let stdin = child.stdin.take().unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let (tx, events) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                let _ = tx.send(serde_json::from_str(&line).unwrap_or(serde_json::Value::String(line)));
            }
        });
        Some(Peer { child, stdin, events })
    }

    pub async fn send(&mut self, command: serde_json::Value) {
        self.stdin.write_all(format!("{command}\n").as_bytes()).await.unwrap();
        self.stdin.flush().await.unwrap();
    }

    /// Waits for the peer to say `event`; its other events (and errors) are kept in the failure message.
    pub async fn said(&mut self, event: &str) -> serde_json::Value {
        let mut seen = Vec::new();
        let found = tokio::time::timeout(PEER_DEADLINE, async {
            while let Some(said) = self.events.recv().await {
                if said["event"] == event {
                    return Some(said);
                }
                seen.push(said);
            }
            None
        })
        .await;
        found.ok().flatten().unwrap_or_else(|| panic!("the peer did not say {event}; it said {seen:?}"))
    }

    /// Ends the process without an MQTT DISCONNECT, as a power cut would: the broker publishes its will (NDEATH).
    pub async fn kill(mut self) {
        self.send(serde_json::json!({"op": "kill"})).await;
        let _ = self.child.wait().await;
    }
}
