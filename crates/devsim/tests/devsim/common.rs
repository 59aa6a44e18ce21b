//! Shared helpers: start a simulator on a free port with a hand-moved clock, connect a client, bound every wait.

use std::{
    future::Future,
    net::SocketAddr,
    path::PathBuf,
    sync::{
        Arc, Once,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use ironsight_devsim::{Config, ManualClock, Running, spawn_with_clock};
use tokio_modbus::{
    client::{Context, tcp},
    prelude::Slave,
};

/// Upper bound for anything that should happen promptly; only reached when a test is about to fail.
pub const DEADLINE: Duration = Duration::from_secs(10);

/// A running simulator and the clock its generators read.
pub struct Sim {
    /// The simulator; dropping it stops it.
    pub running: Running,
    /// Standing at time 0 until a test moves it.
    pub clock: ManualClock,
}

impl Sim {
    pub fn addr(&self) -> SocketAddr {
        self.running.local_addr()
    }
}

/// Starts `config` on 127.0.0.1 with a free port and a manual clock at time 0.
pub async fn start_config(mut config: Config) -> Sim {
    config.listen = "127.0.0.1:0".into();
    let clock = ManualClock::new();
    let running = spawn_with_clock(config, Arc::new(clock.clone())).await.expect("simulator starts");
    Sim { running, clock }
}

/// Starts the TOML configuration `toml`.
pub async fn start(toml: &str) -> Sim {
    start_config(Config::from_toml_str(toml).expect("valid test configuration")).await
}

/// Starts the shipped pump-station demo.
pub async fn start_demo() -> Sim {
    start_config(Config::load(demo_path()).expect("demo.toml loads")).await
}

pub fn demo_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("demo.toml")
}

/// A client addressing unit 1.
pub async fn client(addr: SocketAddr) -> Context {
    client_for(addr, 1).await
}

/// A client addressing `unit`.
pub async fn client_for(addr: SocketAddr, unit: u8) -> Context {
    within(tcp::connect_slave(addr, Slave(unit))).await.expect("client connects")
}

/// Awaits `future`, failing the test if it takes longer than [`DEADLINE`].
pub async fn within<F: Future>(future: F) -> F::Output {
    tokio::time::timeout(DEADLINE, future).await.expect("no answer before the deadline")
}

/// A float32 from two big-endian words.
pub fn f32_of(words: &[u16]) -> f32 {
    match words {
        [high, low] => f32::from_bits((u32::from(*high) << 16) | u32::from(*low)),
        _ => panic!("a float32 needs two words, got {words:?}"),
    }
}

static PANICKED_OUTSIDE_TESTS: AtomicBool = AtomicBool::new(false);

/// Records any panic raised outside the test files (in the simulator or a dependency), so a test can assert that
/// the bytes it sent panicked nothing, even in a task whose panic tokio would otherwise swallow.
pub fn watch_for_panics() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let in_tests = info.location().is_some_and(|l| l.file().contains("tests/devsim"));
            if !in_tests {
                PANICKED_OUTSIDE_TESTS.store(true, Ordering::SeqCst);
            }
            default(info);
        }));
    });
}

/// Whether the simulator (or a dependency) has panicked since [`watch_for_panics`].
pub fn simulator_panicked() -> bool {
    PANICKED_OUTSIDE_TESTS.load(Ordering::SeqCst)
}
