//! The `ironsight-devsim` binary: the readiness line, `--listen`, `--check`, `--help` and errors.

use std::{net::SocketAddr, process::Stdio};

use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::Command,
};
use tokio_modbus::prelude::*;

use crate::common::{client, demo_path, within};

const BIN: &str = env!("CARGO_BIN_EXE_ironsight-devsim");

#[tokio::test]
async fn prints_the_listening_line_once_bound_and_serves_the_demo() {
    let mut child = Command::new(BIN)
        .args(["--config"])
        .arg(demo_path())
        .args(["--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let line = within(BufReader::new(stdout).lines().next_line()).await.unwrap().expect("a line on stdout");
    let addr: SocketAddr = line
        .strip_prefix("ironsight-devsim listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .parse()
        .unwrap();
    assert_ne!(addr.port(), 0);

    let mut c = client(addr).await;
    assert_eq!(within(c.read_holding_registers(1, 1)).await.unwrap(), Ok(vec![102]));

    // SIGTERM, sent right after the readiness line as scripts do, is a clean exit.
    #[cfg(unix)]
    {
        let pid = child.id().expect("still running").to_string();
        let kill = within(Command::new("kill").args(["-TERM", &pid]).status()).await.unwrap();
        assert!(kill.success());
        let status = within(child.wait()).await.unwrap();
        assert!(status.success(), "{status}");
    }
}

#[tokio::test]
async fn check_validates_without_listening() {
    let output = within(Command::new(BIN).args(["--check", "--config"]).arg(demo_path()).output()).await.unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("firmware_version"), "{stdout}");
    assert!(stdout.contains("configuration OK: 13 points"), "{stdout}");
}

#[tokio::test]
async fn a_bad_configuration_fails_with_a_clear_message() {
    let path = std::env::temp_dir().join(format!("devsim-bad-{}.toml", std::process::id()));
    std::fs::write(&path, "[[point]]\nname = \"x\"\narea = \"holding_register\"\naddress = 0\ntype = \"bool\"\n")
        .unwrap();
    let output = within(Command::new(BIN).arg("--config").arg(&path).output()).await.unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("point \"x\": type bool is not allowed in the holding_register area"), "{stderr}");

    let output = within(Command::new(BIN).args(["--config", "/nonexistent/devsim.toml"]).output()).await.unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("/nonexistent/devsim.toml"));
}

#[tokio::test]
async fn help_documents_the_options_and_the_configuration() {
    let output = within(Command::new(BIN).arg("--help").output()).await.unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    for needle in [
        "--config",
        "--listen",
        "--check",
        "listening on",
        "reply_delay_ms",
        "drop_every",
        "unit_id",
        "read_only_exception",
        "word_order",
        "byte_order",
        "random_walk",
        "toggle",
        "illegal_data_value",
    ] {
        assert!(help.contains(needle), "--help lacks {needle}");
    }
}
