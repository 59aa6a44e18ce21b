//! The demo plant: with `--demo`, a small water plant (five simulated Modbus TCP devices driven by a process
//! model, in-process) and two gateway agents (in-process, over real MQTT and Modbus TCP sockets) feed the demo
//! organisation's equipment, so a new user sees a live plant within seconds of logging in. Nothing here is faked:
//! the values travel the same path as a real gateway's.
//!
//! - [`plant`]: what the plant is (gateways, equipment, signals with state texts, alarm rules, groups, places).
//! - [`seed`]: puts it in the demo organisation once, and refreshes secrets and drivers on every start.
//! - [`pages`]: the configuration pages' documents.
//! - [`analyser`]: the water-quality analyser, a Sparkplug B edge node of its own (GM equipment).
//! - [`history`]: the plant's past days of history, made by its model at the first start.
//! - this module: starts the devices and the agents, and the utilities gateway's scheduled dropout.
//!
//! The plant has events worth seeing: the pump faults for a while every few minutes (an alarm with the state
//! text "故障" raised and released), and the utilities gateway drops off for a minute every half hour (its
//! equipment's no-data alarm). [`Schedule`] holds those periods so tests can shorten them.

pub mod analyser;
pub mod history;
pub mod pages;
pub mod plant;
pub mod seed;

use crate::AppState;
use ironsight_devsim::plant::{RunningPlant, Unit};
use ironsight_gateway::agent::RunningAgent;
use ironsight_gateway::config::AgentConfig;
use std::path::Path;
use std::time::Duration;
use tokio::sync::watch;

pub use plant::{PROCESS_GATEWAY as DEMO_GATEWAY_SN, UTILITY_GATEWAY as DEMO_UTILITY_GATEWAY_SN};
pub use seed::{OPERATOR_LOGIN, OPERATOR_PASSWORD};

/// The periods of the demo plant's events. The defaults are the demo's; tests shorten them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// The pump faults once in each period of this length…
    pub fault_every: Duration,
    /// …for this long.
    pub fault_for: Duration,
    /// The utilities gateway drops off once in each period of this length…
    pub dropout_every: Duration,
    /// …for this long.
    pub dropout_for: Duration,
    /// The utilities gateway's report period: silence for three of them raises its no-data alarm, so three must
    /// be well under `dropout_for`.
    pub utility_report: Duration,
    /// How often the process model moves the devices' values on.
    pub step: Duration,
    /// Days of history the plant's model makes at the first start (one reading a minute per signal), so reports
    /// and history charts are full on the first visit. The server's flag defaults to 30 ([`HISTORY_DAYS`]); tests
    /// that do not read the past make none.
    pub history_days: u32,
}

/// The days of history `make run` seeds (`--demo-history-days`).
pub const HISTORY_DAYS: u32 = 30;

impl Default for Schedule {
    fn default() -> Self {
        Self {
            fault_every: Duration::from_secs(5 * 60),
            fault_for: Duration::from_secs(40),
            dropout_every: Duration::from_secs(30 * 60),
            dropout_for: Duration::from_secs(60),
            utility_report: Duration::from_secs(15),
            step: Duration::from_secs(1),
            history_days: 0,
        }
    }
}

/// The running devices and agents.
pub struct DemoPlant {
    devices: RunningPlant,
    process_agent: RunningAgent,
    /// Runs the utilities gateway's agent and its dropouts; stopped through `stop`.
    utility: tokio::task::JoinHandle<()>,
    /// The water-quality analyser, a Sparkplug B edge node; stopped through `stop`.
    analyser: tokio::task::JoinHandle<()>,
    stop: watch::Sender<bool>,
}

impl DemoPlant {
    /// Stops the agents (each says goodbye), then the devices.
    pub async fn shutdown(self) {
        self.stop.send_replace(true);
        let _ = self.utility.await;
        let _ = self.analyser.await;
        self.process_agent.shutdown().await;
        self.devices.shutdown().await;
    }

    /// The engineering value a unit's point shows now, as a client would read it.
    pub fn device_value(&self, unit: Unit, point: &str) -> Option<f64> {
        self.devices.value(unit, point)
    }
}

/// Starts the devices, seeds (or refreshes) the demo organisation's plant, and starts the agents.
pub async fn start(state: &AppState, broker_addr: &str) -> anyhow::Result<DemoPlant> {
    let org_id =
        state.store.org_by_name("demo").await?.ok_or_else(|| anyhow::anyhow!("the demo organisation is missing"))?;
    let schedule = state.config.demo_schedule;
    let params = ironsight_devsim::process::Params {
        fault_every: schedule.fault_every,
        fault_for: schedule.fault_for,
        counters: history::stored_counters(state, org_id).await?,
        ..Default::default()
    };
    let devices = ironsight_devsim::plant::spawn("127.0.0.1", params, schedule.step).await?;
    let secrets =
        seed::seed(state, org_id, |unit| devices.local_addr(unit), schedule.utility_report, schedule.history_days)
            .await?;

    let broker = format!("mqtt://{}", connectable(broker_addr));
    let data_dir = &state.config.data_dir;
    let mut process_agent = None;
    let mut utility_config = None;
    for gateway in secrets {
        // The first gateway keeps the earlier demo's buffer directory and modem file names.
        let (dir, strength) = match gateway.sn {
            plant::PROCESS_GATEWAY => ("demo-gateway", 78),
            _ => ("demo-gateway-2", 64),
        };
        let config = agent_config(&broker, gateway.sn, &gateway.secret, data_dir, dir, strength)?;
        if gateway.sn == plant::PROCESS_GATEWAY {
            process_agent = Some(start_agent(config.clone()).await?);
        } else {
            utility_config = Some(config);
        }
    }
    let process_agent = process_agent.ok_or_else(|| anyhow::anyhow!("the process gateway is not seeded"))?;
    let utility_config = utility_config.ok_or_else(|| anyhow::anyhow!("the utilities gateway is not seeded"))?;
    let utility_agent = start_agent(utility_config.clone()).await?;
    let (stop, stopped) = watch::channel(false);
    let utility = tokio::spawn(run_with_dropouts(utility_agent, utility_config, schedule, stopped.clone()));
    let login = seed::seed_analyser(state, org_id).await?;
    // The link learns the node at once (registered straight in the store, not through the call that says so).
    state.link.gm_changed().await;
    let address = connectable(broker_addr);
    let (host, port) =
        address.rsplit_once(':').ok_or_else(|| anyhow::anyhow!("broker address {address} has no port"))?;
    let port = port.parse().map_err(|_| anyhow::anyhow!("broker address {address} has no port"))?;
    let analyser = tokio::spawn(analyser::run(host.to_owned(), port, login.username, login.secret, stopped.clone()));
    tokio::spawn(analyser::adopt_when_born(state.clone(), org_id, stopped));
    tracing::info!(
        pump_station = %devices.local_addr(Unit::PumpStation),
        "demo water plant, its devices, its two gateway agents and its water-quality analyser running"
    );
    Ok(DemoPlant { devices, process_agent, utility, analyser, stop })
}

fn agent_config(
    broker: &str,
    sn: &str,
    secret: &str,
    data_dir: &Path,
    dir: &str,
    strength: u8,
) -> anyhow::Result<AgentConfig> {
    let mut config = AgentConfig::new(broker, sn, secret, data_dir.join(dir))?;
    config.model = "EG-200".to_owned();
    config.firmware = "1.0.0".to_owned();
    // A PC has no modem: the demo's "modem" is a file the agent reads, as it would read a real modem's level.
    let file = data_dir.join(format!("{dir}-signal-strength"));
    std::fs::write(&file, format!("{strength}\n"))
        .map_err(|e| anyhow::anyhow!("cannot write {} under --data-dir ({e})", file.display()))?;
    config.signal_strength_file = Some(file);
    Ok(config)
}

async fn start_agent(config: AgentConfig) -> anyhow::Result<RunningAgent> {
    let buffer = config.buffer_dir.display().to_string();
    ironsight_gateway::agent::start(config).await.map_err(|e| {
        anyhow::anyhow!("the demo gateway agent cannot start with its buffer in {buffer} (under --data-dir): {e:#}")
    })
}

/// Keeps the utilities gateway's agent running, except for `dropout_for` at the end of every `dropout_every`,
/// when it is stopped as if its link were cut; stops it for good when `stopped` turns true.
async fn run_with_dropouts(
    agent: RunningAgent,
    config: AgentConfig,
    schedule: Schedule,
    mut stopped: watch::Receiver<bool>,
) {
    let online_for = schedule.dropout_every.saturating_sub(schedule.dropout_for).max(Duration::from_secs(1));
    let mut agent = Some(agent);
    loop {
        tokio::select! {
            () = tokio::time::sleep(online_for) => {}
            _ = stopped.wait_for(|stop| *stop) => break,
        }
        if let Some(running) = agent.take() {
            tracing::info!(sn = %config.sn, seconds = schedule.dropout_for.as_secs(), "demo: the utilities gateway drops off");
            running.shutdown().await;
        }
        tokio::select! {
            () = tokio::time::sleep(schedule.dropout_for) => {}
            _ = stopped.wait_for(|stop| *stop) => break,
        }
        match start_agent(config.clone()).await {
            Ok(running) => agent = Some(running),
            Err(err) => tracing::warn!(%err, "demo: the utilities gateway cannot come back; trying again next time"),
        }
    }
    if let Some(running) = agent {
        running.shutdown().await;
    }
}

/// The broker's address as a client on this machine reaches it (`0.0.0.0:1883` → `127.0.0.1:1883`).
fn connectable(addr: &str) -> String {
    match addr.parse::<std::net::SocketAddr>() {
        Ok(a) if a.ip().is_unspecified() => format!("127.0.0.1:{}", a.port()),
        _ => addr.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_dropout_outlasts_three_report_periods() {
        let s = super::Schedule::default();
        assert!(s.utility_report * 3 + super::Duration::from_secs(10) < s.dropout_for);
        assert!(s.fault_for < s.fault_every && s.dropout_for < s.dropout_every);
    }

    #[test]
    fn a_wildcard_broker_address_is_reached_on_loopback() {
        assert_eq!(super::connectable("0.0.0.0:1884"), "127.0.0.1:1884");
        assert_eq!(super::connectable("127.0.0.1:9"), "127.0.0.1:9");
    }
}
