//! Binding the socket, serving connections, and stopping.
//!
//! [`spawn`] returns only once the listener is bound, so a caller (a test, the console's demo) can connect to
//! [`Running::local_addr`] straight away with no sleep or retry.

use std::{future::Future, io, net::SocketAddr, sync::Arc};

use anyhow::Context as _;
use tokio::{
    net::{TcpListener, TcpStream},
    sync::watch,
    task::JoinHandle,
};
use tokio_modbus::server::tcp::Server;

use crate::{
    clock::{Clock, SystemClock},
    config::Config,
    guard,
    service::{Device, DeviceService},
};

/// Buffer between the guard and the decoder: room for a dozen pipelined maximal requests (the guard forwards
/// none longer than 273 bytes); a client sending faster than the device answers waits, as on a real link.
const PIPE_CAPACITY: usize = 4096;

/// Starts a simulator for `config` on the real clock (time 0 is now).
pub async fn spawn(config: Config) -> anyhow::Result<Running> {
    spawn_with_clock(config, Arc::new(SystemClock::new())).await
}

/// Starts a simulator whose generators read `clock`, e.g. a [`crate::ManualClock`] a test moves by hand.
pub async fn spawn_with_clock(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Running> {
    let device = Arc::new(Device::new(&config, clock)?);
    let listener = TcpListener::bind(config.listen.as_str())
        .await
        .with_context(|| format!("cannot listen on {}", config.listen))?;
    let addr = listener.local_addr()?;
    let (stop, stopped) = watch::channel(false);
    let task = tokio::spawn(serve(listener, Arc::clone(&device), stopped));
    tracing::info!(%addr, points = config.points.len(), "simulator listening");
    Ok(Running { addr, device, stop: Arc::new(stop), task: Some(task) })
}

/// Accepts connections until `stopped` turns true.
async fn serve(listener: TcpListener, device: Arc<Device>, mut stopped: watch::Receiver<bool>) -> io::Result<()> {
    let server = Server::new(listener);
    let connection_stop = stopped.clone();
    let on_connected = move |stream: TcpStream, peer: SocketAddr| {
        let service = DeviceService { device: Arc::clone(&device) };
        let stop = connection_stop.clone();
        async move {
            tracing::debug!(%peer, "client connected");
            Ok(Some((service, guarded(stream, stop))))
        }
    };
    let on_process_error = |err: io::Error| {
        tracing::debug!(%err, "connection closed on a request that could not be decoded");
    };
    tokio::select! {
        result = server.serve(&on_connected, on_process_error) => result,
        _ = stopped.wait_for(|stop| *stop) => Ok(()),
    }
}

/// The transport tokio-modbus reads requests from (sanitised by [`guard::pump`]) and writes replies to (the
/// socket directly).
fn guarded(
    stream: TcpStream,
    stop: watch::Receiver<bool>,
) -> tokio::io::Join<tokio::io::DuplexStream, tokio::net::tcp::OwnedWriteHalf> {
    // Replies are small and latency matters more than packet count, as on a real device.
    if let Err(err) = stream.set_nodelay(true) {
        tracing::debug!(%err, "cannot set TCP_NODELAY");
    }
    let (from_client, to_client) = stream.into_split();
    let (pump_end, decoder_end) = tokio::io::duplex(PIPE_CAPACITY);
    tokio::spawn(guard::pump(from_client, pump_end, stop));
    tokio::io::join(decoder_end, to_client)
}

/// Stops the simulator it came from; clones stop the same simulator.
#[derive(Debug, Clone)]
pub struct ShutdownHandle {
    /// Set to true to stop.
    stop: Arc<watch::Sender<bool>>,
}

impl ShutdownHandle {
    /// Stops accepting connections and closes every connection once its request in progress is answered.
    pub fn shutdown(&self) {
        self.stop.send_replace(true);
    }
}

/// A simulator serving in the background. Dropping it stops it, so a test cannot leak one.
#[derive(Debug)]
pub struct Running {
    /// The bound address (with the real port when the configuration asked for port 0).
    addr: SocketAddr,
    /// The device, for in-process inspection.
    device: Arc<Device>,
    /// Shared with every [`ShutdownHandle`].
    stop: Arc<watch::Sender<bool>>,
    /// The accept loop; taken when awaited.
    task: Option<JoinHandle<io::Result<()>>>,
}

impl Running {
    /// The address the simulator listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// A handle that stops the simulator from elsewhere (a signal handler, another task).
    pub fn shutdown_handle(&self) -> ShutdownHandle {
        ShutdownHandle { stop: Arc::clone(&self.stop) }
    }

    /// The engineering value point `name` shows now (what a client would read, decoded and scaled), or `None`
    /// for an unknown name.
    pub fn value(&self, name: &str) -> Option<f64> {
        self.device.value(name)
    }

    /// Sets point `name` as the device's own logic would (a process model's measurement, an automatic mode's
    /// command); false for an unknown name.
    pub fn set_value(&self, name: &str, value: f64) -> bool {
        self.device.set_value(name, value)
    }

    /// Stops the simulator and waits for the accept loop to end.
    pub async fn shutdown(mut self) -> anyhow::Result<()> {
        self.stop.send_replace(true);
        self.join().await
    }

    /// Serves until `signal` completes (then shuts down) or the accept loop fails (then returns its error).
    pub async fn run_until(mut self, signal: impl Future<Output = ()>) -> anyhow::Result<()> {
        let Some(task) = self.task.as_mut() else {
            return Ok(());
        };
        let finished = tokio::select! {
            result = task => Some(result),
            () = signal => None,
        };
        match finished {
            Some(result) => {
                self.task = None;
                result.context("simulator task failed")?.context("simulator stopped accepting connections")
            }
            None => self.shutdown().await,
        }
    }

    async fn join(&mut self) -> anyhow::Result<()> {
        match self.task.take() {
            Some(task) => {
                task.await.context("simulator task failed")?.context("simulator stopped accepting connections")
            }
            None => Ok(()),
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.send_replace(true);
    }
}
