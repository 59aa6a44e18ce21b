//! `ironsight-devsim`: run a simulated Modbus TCP device from a TOML file.
//!
//! Prints `ironsight-devsim listening on <addr>` on stdout once the socket is bound (scripts and tests wait for
//! that line); logs go to stderr (`RUST_LOG=debug` logs every request).

use std::{io::IsTerminal, path::PathBuf, process::ExitCode};

use anyhow::Context as _;
use clap::Parser;
use ironsight_devsim::{Config, config::DEMO_TOML};

const CONFIG_REFERENCE: &str = r#"CONFIGURATION (TOML; unknown keys are errors)
  listen = "127.0.0.1:5020"   address to bind; port 0 picks a free port (default 127.0.0.1:5020)
  unit_id = 1                 answer only this unit id; other ids get no reply (default: answer any)
  reply_delay_ms = 0          hold every reply back this long
  drop_every = 0              process every Nth request but send no reply (0 = never); the client times out

  [[point]]                   one per named value
  name = "flow"               unique name
  area = "input_register"     coil | discrete_input | holding_register | input_register
  address = 4                 0-based protocol address
  type = "float32"            bool | int16 | uint16 | int32 | uint32 | float32 | float64
                              (bool only, and by default, in the bit areas; uint16 by default in registers;
                              32-bit types take 2 registers, float64 takes 4)
  word_order = "big"          big (high word first, default) | little
  byte_order = "big"          big (default) | little (bytes swapped inside each register)
  scale = 1.0                 engineering = raw * scale + offset (e.g. 0.1 for tenths)
  offset = 0.0
  writable = true             default: true for coils and holding registers, false (and fixed) for inputs
  read_only_exception = "illegal_data_address"
                              what a write to a non-writable point answers: illegal_data_address (02,
                              default) | illegal_data_value (03); the write changes nothing
  generator = { kind = "sine", offset = 2.5, amplitude = 0.4, period_ms = 60000 }

GENERATORS (engineering values; no generator holds 0)
  { kind = "constant", value = 12.5 }                      true/false also accepted
  { kind = "ramp", from = 0, to = 100, step = 0.5, every_ms = 1000 }
                                                           wraps to `from` instead of passing `to`
  { kind = "sine", offset = 0, amplitude = 1, period_ms = 60000 }
  { kind = "random_walk", start = 50, step = 1, min = 0, max = 100, every_ms = 1000, seed = 1 }
                                                           seed optional (default: from the point's name)
  { kind = "toggle", every_ms = 5000 }                     0/false, then 1/true, switching every every_ms

BEHAVIOUR
  Function codes 01, 02, 03, 04, 05, 06, 15, 16; any other answers exception 01.
  A read or write touching an address no point covers answers 02. Quantities outside 1..2000 bits or
  1..125 registers per read, 1..1968 coils or 1..123 registers per write, answer 03.
  A write to a point stops its generator: the point holds the written value until restart.
  Values are rounded and saturated to integer types."#;

/// Command line of the simulator.
#[derive(Debug, Parser)]
#[command(
    name = "ironsight-devsim",
    version,
    about = "A Modbus TCP device simulator: a register map with value generators, read-only points, delayed and dropped replies.",
    long_about = "A Modbus TCP device simulator: a register map with value generators, read-only points, delayed and \
dropped replies. It stands in for the devices the Ironsight gateway polls, in the demo and in tests.\n\n\
Prints `ironsight-devsim listening on <addr>` on stdout once the socket is bound. Logs go to stderr; \
RUST_LOG=debug logs every request. Stops on Ctrl-C or SIGTERM.",
    after_long_help = CONFIG_REFERENCE
)]
struct Args {
    /// TOML configuration file. Without it the built-in pump-station demo runs (see --print-demo).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,

    /// Address to listen on, overriding `listen` from the file (e.g. 0.0.0.0:502, 127.0.0.1:0).
    #[arg(long, value_name = "ADDR")]
    listen: Option<String>,

    /// Validate the configuration, list its points and exit without listening.
    #[arg(long)]
    check: bool,

    /// Print the built-in demo configuration (a starting point for your own) and exit.
    #[arg(long)]
    print_demo: bool,
}

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    match run(Args::parse()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("ironsight-devsim: {err:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> anyhow::Result<()> {
    if args.print_demo {
        print!("{DEMO_TOML}");
        return Ok(());
    }
    let mut config = match &args.config {
        Some(path) => Config::load(path)?,
        None => Config::demo().context("the built-in demo configuration")?,
    };
    if let Some(listen) = args.listen {
        config.listen = listen;
    }
    if args.check {
        for point in &config.points {
            println!("{:<16} {:>5}  {:<8} {}", point.area.name(), point.address, point.data_type().name(), point.name);
        }
        println!("configuration OK: {} points", config.points.len());
        return Ok(());
    }
    // Signal handlers go in before the readiness line, so a script that stops us right after reading it gets a
    // clean shutdown rather than the default SIGTERM death.
    let stop = stop_signal()?;
    let running = ironsight_devsim::spawn(config).await?;
    println!("ironsight-devsim listening on {}", running.local_addr());
    running.run_until(stop).await?;
    tracing::info!("simulator stopped");
    Ok(())
}

/// Ctrl-C (SIGINT), or SIGTERM on Unix (what `kill` and process supervisors send). On Unix the handlers are
/// installed when this is called, not when the future is first polled.
#[cfg(unix)]
fn stop_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt()).context("cannot handle SIGINT")?;
    let mut terminate = signal(SignalKind::terminate()).context("cannot handle SIGTERM")?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
    })
}

/// Ctrl-C.
#[cfg(not(unix))]
fn stop_signal() -> anyhow::Result<impl std::future::Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
