//! `ironsight-gateway`: the edge agent as a program. Reads its config file, runs the agent until Ctrl-C or
//! SIGTERM, then stops it cleanly (the server sees an offline status rather than waiting for the last will).

use clap::Parser;
use ironsight_gateway::{AgentConfig, start};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use tracing_subscriber::EnvFilter;

/// The Ironsight edge gateway agent.
#[derive(Parser)]
#[command(name = "ironsight-gateway", version, about)]
struct Args {
    /// The agent's TOML config file (broker, sn, secret, buffer_dir, …; see docs/gateway-protocol.md).
    #[arg(long)]
    config: PathBuf,
    /// Log filter, e.g. `info` or `ironsight_gateway=debug,rumqttc=warn`.
    #[arg(long, default_value = "info", env = "IRONSIGHT_GATEWAY_LOG")]
    log: String,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let filter = match EnvFilter::try_new(&args.log) {
        Ok(filter) => filter,
        Err(e) => {
            eprintln!("--log {:?}: {e}", args.log);
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let config = match AgentConfig::load(&args.config) {
        Ok(config) => config,
        Err(e) => {
            tracing::error!("{e}");
            return ExitCode::from(2);
        }
    };
    let agent = match start(config).await {
        Ok(agent) => agent,
        Err(e) => {
            tracing::error!("{e}");
            return ExitCode::FAILURE;
        }
    };
    stopped().await;
    tracing::info!("stopping");
    agent.shutdown().await;
    ExitCode::SUCCESS
}

/// Waits for Ctrl-C or (on Unix) SIGTERM, the signal service managers stop with.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
