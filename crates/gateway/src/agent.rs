//! The agent put together: [`start`] spawns its tasks on the caller's runtime and returns a [`RunningAgent`].
//!
//! Tasks, and what flows between them:
//! - **link** (`uplink`): the MQTT connection; incoming `config`, `monitor` and `cmd` messages go to the core.
//! - **core** (here): applies configurations (starting one poller per device), answers commands.
//! - **pollers** (`device`): read devices; observations go to the reporter.
//! - **reporter** (`report`): decides what to report (changes, samples, monitor window); reports go to the outbox.
//! - **outbox** (`outbox`): publishes reports, or keeps them in the disk buffer and replays them later.
//! - **status ticker**: republishes the retained status periodically.
//!
//! Dropping a [`RunningAgent`] aborts every task at once, like a crash: the broker then publishes the last will.
//! [`RunningAgent::shutdown`] stops in order instead and says goodbye with an offline status.

use crate::buffer::DiskBuffer;
use crate::command::{self, Parsed, SignalIndex};
use crate::config::{AgentConfig, ConfigError};
use crate::device::{Job, Poller};
use crate::device_config;
use crate::driver;
use crate::outbox::Outbox;
use crate::report::{self, Input};
use crate::status::{self, StatusSource};
use crate::uplink::{self, Incoming, LinkTask, Uplink};
use ironsight_protocol::payload::{CommandResult, ConfigAck, GatewayConfig};
use ironsight_protocol::topics::{Channel, GatewayTopics};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::task::{JoinHandle, JoinSet};
use tokio::time::Instant;

/// Why the agent did not start.
#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("cannot use the buffer directory {path}: {source}")]
    BufferDir { path: PathBuf, source: std::io::Error },
}

/// A task aborted when dropped, so that dropping the agent stops everything.
struct Task(Option<JoinHandle<()>>);

impl Task {
    fn spawn(future: impl Future<Output = ()> + Send + 'static) -> Task {
        Task(Some(tokio::spawn(future)))
    }

    /// Aborts the task and waits until it is gone.
    async fn stop(&mut self) {
        if let Some(handle) = self.0.take() {
            handle.abort();
            let _ = handle.await;
        }
    }

    /// Waits up to `limit` for the task to end on its own, then aborts it.
    async fn join(&mut self, limit: Duration) {
        if let Some(mut handle) = self.0.take()
            && tokio::time::timeout(limit, &mut handle).await.is_err()
        {
            handle.abort();
            let _ = handle.await;
        }
    }
}

impl Drop for Task {
    fn drop(&mut self) {
        if let Some(handle) = self.0.take() {
            handle.abort();
        }
    }
}

/// A started agent. It runs until [`RunningAgent::shutdown`], or until dropped (which aborts it like a crash).
pub struct RunningAgent {
    core: Task,
    reporter: Task,
    ticker: Task,
    outbox: Task,
    link: Task,
    finish: Option<oneshot::Sender<()>>,
    uplink: Arc<Uplink>,
    grace: Duration,
}

impl RunningAgent {
    /// Stops cleanly: pollers first, then what is in flight is acknowledged or buffered, then the offline status
    /// is published (retained) and the connection closed. Takes at most about twice the configured grace.
    pub async fn shutdown(mut self) {
        self.core.stop().await;
        self.reporter.stop().await;
        self.ticker.stop().await;
        if let Some(finish) = self.finish.take() {
            let _ = finish.send(());
        }
        self.outbox.join(self.grace + Duration::from_secs(1)).await;
        if self.uplink.publish(Channel::Status, true, status::offline()) {
            let deadline = Instant::now() + self.grace;
            while !self.uplink.lock().settled() {
                if tokio::time::timeout_at(deadline, self.uplink.changed.notified()).await.is_err() {
                    tracing::warn!("the broker did not acknowledge the offline status in time");
                    break;
                }
            }
            self.uplink.disconnect();
            self.link.join(Duration::from_secs(2)).await;
        } else {
            // Not connected: nobody to say goodbye to, and no connection attempt worth waiting for.
            self.link.stop().await;
        }
        tracing::info!("agent stopped");
    }
}

/// Starts the agent on the current Tokio runtime. Returns once its tasks run; connecting to the broker happens
/// in the background (and again after every loss), and polling starts at once when a configuration was saved
/// by an earlier run.
pub async fn start(config: AgentConfig) -> Result<RunningAgent, AgentError> {
    config.check()?;
    let topics = GatewayTopics::new(&config.sn)
        .ok_or(ConfigError::Field { field: "sn", message: "not usable as a topic level".into() })?;
    let buffer_error = |source| AgentError::BufferDir { path: config.buffer_dir.clone(), source };
    std::fs::create_dir_all(&config.buffer_dir).map_err(buffer_error)?;
    let buffer =
        DiskBuffer::open(&config.buffer_dir.join("buffer"), config.buffer_max_readings).map_err(buffer_error)?;
    let status =
        Arc::new(StatusSource::new(&config.model, &config.firmware, config.vpn, config.signal_strength_file.clone()));
    let (uplink, eventloop) = uplink::connect(&config, topics.clone());
    let (inbox_tx, inbox) = mpsc::channel(256);
    let (reporter_tx, reporter_rx) = mpsc::channel(1024);
    let (reports_tx, reports_rx) = mpsc::channel(1024);
    let (finish_tx, finish_rx) = oneshot::channel();
    let timing = config.timing.clone();
    tracing::info!(sn = %config.sn, broker = %config.broker, "agent starting");

    let link = LinkTask {
        uplink: Arc::clone(&uplink),
        topics,
        status: Arc::clone(&status),
        inbox: inbox_tx,
        timing: timing.clone(),
    };
    let outbox = Outbox::new(Arc::clone(&uplink), buffer, Arc::clone(&status), timing.stored_timeout);
    let core = Core {
        buffer_dir: config.buffer_dir.clone(),
        uplink: Arc::clone(&uplink),
        status: Arc::clone(&status),
        reporter: reporter_tx,
        default_sample_interval: timing.default_sample_interval,
        current: None,
        devices: Arc::new(Vec::new()),
        index: Arc::new(SignalIndex::empty()),
        pollers: JoinSet::new(),
        commands: JoinSet::new(),
    };
    let ticker_uplink = Arc::clone(&uplink);
    let ticker_status = Arc::clone(&status);
    let status_interval = timing.status_interval;
    Ok(RunningAgent {
        link: Task::spawn(link.run(eventloop)),
        outbox: Task::spawn(outbox.run(reports_rx, finish_rx, timing.shutdown_grace)),
        reporter: Task::spawn(report::run(reporter_rx, reports_tx, timing.default_sample_interval, !config.vpn)),
        core: Task::spawn(core.run(inbox)),
        ticker: Task::spawn(async move {
            let mut tick = tokio::time::interval_at(Instant::now() + status_interval, status_interval);
            loop {
                tick.tick().await;
                ticker_uplink.publish_status(&ticker_status);
            }
        }),
        finish: Some(finish_tx),
        uplink,
        grace: timing.shutdown_grace,
    })
}

/// The configuration in force and its pollers; answers the server's messages.
struct Core {
    buffer_dir: PathBuf,
    uplink: Arc<Uplink>,
    status: Arc<StatusSource>,
    reporter: mpsc::Sender<Input>,
    default_sample_interval: Duration,
    current: Option<u64>,
    /// Each device's job queue, in configuration order.
    devices: Arc<Vec<mpsc::Sender<Job>>>,
    index: Arc<SignalIndex>,
    /// Aborted with the core (a `JoinSet` aborts its tasks when dropped).
    pollers: JoinSet<()>,
    commands: JoinSet<()>,
}

impl Core {
    async fn run(mut self, mut inbox: mpsc::Receiver<Incoming>) {
        if let Some(saved) = device_config::load(&self.buffer_dir) {
            tracing::info!(version = saved.version, "polling with the configuration saved by the last run");
            self.apply(saved).await;
        }
        while let Some(message) = inbox.recv().await {
            while self.commands.try_join_next().is_some() {}
            match message {
                Incoming::Config(payload) => self.on_config(&payload).await,
                Incoming::Monitor(payload) => match report::parse_monitor(&payload) {
                    Some(open) => {
                        let _ = self.reporter.send(Input::Monitor(open)).await;
                    }
                    None => tracing::warn!(bytes = payload.len(), "monitor message ignored: unreadable"),
                },
                Incoming::Command(payload) => self.on_command(&payload),
            }
        }
    }

    async fn on_config(&mut self, payload: &[u8]) {
        let config = match device_config::parse(payload) {
            Ok(config) => config,
            Err(refusal) => {
                tracing::warn!(version = refusal.version, error = %refusal.error, "configuration refused");
                self.ack(ConfigAck { version: refusal.version, ok: false, error: Some(refusal.error) });
                return;
            }
        };
        if self.current == Some(config.version) {
            tracing::debug!(version = config.version, "configuration already in force");
            return;
        }
        let version = config.version;
        if let Err(e) = device_config::save(&self.buffer_dir, &config) {
            tracing::error!(error = %e, "cannot save the configuration; it applies until the agent stops");
        }
        self.apply(config).await;
        tracing::info!(version, "configuration applied");
        self.ack(ConfigAck { version, ok: true, error: None });
        self.uplink.publish_status(&self.status);
    }

    fn ack(&self, ack: ConfigAck) {
        let payload = serde_json::to_vec(&ack).expect("an ack serialises");
        self.uplink.publish(Channel::ConfigAck, false, payload);
    }

    /// Replaces the pollers with those of `config`.
    async fn apply(&mut self, config: GatewayConfig) {
        // Old pollers are gone before the reporter forgets their signals, so none of theirs arrives after.
        self.pollers.shutdown().await;
        let sample_interval = match config.sample_interval_ms {
            0 => self.default_sample_interval,
            ms => Duration::from_millis(ms),
        };
        let _ = self.reporter.send(Input::Reconfigure { sample_interval }).await;
        let mut devices = Vec::with_capacity(config.devices.len());
        for device in &config.devices {
            let (jobs_tx, jobs) = mpsc::channel(16);
            let poller = Poller {
                device: device.clone(),
                driver: driver::open(&device.driver),
                interval: driver::poll_interval(&device.driver),
                observations: self.reporter.clone(),
            };
            self.pollers.spawn(poller.run(jobs));
            devices.push(jobs_tx);
        }
        self.current = Some(config.version);
        self.status.set_config_version(Some(config.version));
        self.devices = Arc::new(devices);
        self.index = Arc::new(SignalIndex::new(Arc::new(config)));
    }

    fn on_command(&mut self, payload: &[u8]) {
        let command = match command::parse(payload) {
            Parsed::Command(command) => command,
            Parsed::Invalid { uuid } => {
                tracing::warn!(%uuid, "command unreadable");
                let result = CommandResult { uuid, ok: false, error: None, readings: Vec::new() };
                publish_result(&self.uplink, &result);
                return;
            }
            Parsed::Garbage => {
                tracing::warn!(bytes = payload.len(), "command dropped: not JSON with a uuid");
                return;
            }
        };
        let (uplink, index, devices) = (Arc::clone(&self.uplink), Arc::clone(&self.index), Arc::clone(&self.devices));
        self.commands.spawn(async move {
            let result = command::execute(command, &index, &devices).await;
            if !result.ok {
                tracing::info!(uuid = %result.uuid, error = ?result.error, "command failed");
            }
            publish_result(&uplink, &result);
        });
    }
}

fn publish_result(uplink: &Uplink, result: &CommandResult) {
    let payload = serde_json::to_vec(result).expect("a result serialises");
    uplink.publish(Channel::CommandResult, false, payload);
}
