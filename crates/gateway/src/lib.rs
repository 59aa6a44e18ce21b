//! # ironsight-gateway
//!
//! The edge agent. It receives its driver and signal configuration from the server over MQTT, polls devices,
//! reports values by exception plus a periodic sample (and faster while the console monitors), executes writes
//! and reads on command, and buffers readings on disk while the broker is unreachable, replaying them in order
//! afterwards. `docs/gateway-protocol.md` is the contract with the server; it also describes the agent's config
//! file.
//!
//! The API: [`start`] an agent from an [`AgentConfig`] on the caller's Tokio runtime, and
//! [`RunningAgent::shutdown`] it. The `ironsight-gateway` binary (`main.rs`) wraps exactly that.
//!
//! # Layout
//! - [`config`]: the agent's own settings (TOML file or code), and [`Timing`] for its periods.
//! - [`agent`]: [`start`], [`RunningAgent`], and the core task that applies configurations and runs commands.
//! - `uplink` (private): the MQTT link, reconnection, the last will, and tracking which publishes the broker
//!   acknowledged.
//! - `outbox` (private): live reports, or the disk buffer and the replay after an outage.
//! - [`buffer`]: the bounded on-disk FIFO of reports.
//! - [`report`]: latest values, report by exception, samples, the monitor window.
//! - [`device`]: one poller task per device; decoding what a read returned.
//! - [`device_config`]: reading, checking and saving the configuration the server sends.
//! - [`command`]: the server's write and read commands, refused before sending when they cannot be right.
//! - [`status`]: the retained status (and the offline one of the last will).
//! - [`driver`]: the small trait the pollers use, over [`modbus_tcp`] and [`modbus_rtu`].
//! - [`plan`]: which Modbus requests read a device's signals (as few as the addresses allow).
//! - [`codec`]: register words ⇄ engineering values for every data type, byte order and word order.
//! - [`modbus_tcp`], [`modbus_rtu`]: the drivers; `modbus_link` (private) holds the exchanges both share and maps
//!   every failure to the protocol's device errors.

pub mod agent;
pub mod buffer;
pub mod codec;
pub mod command;
pub mod config;
pub mod device;
pub mod device_config;
pub mod driver;
mod modbus_link;
pub mod modbus_rtu;
pub mod modbus_tcp;
mod outbox;
pub mod plan;
pub mod report;
pub mod status;
mod uplink;

pub use agent::{AgentError, RunningAgent, start};
pub use config::{AgentConfig, Timing};

/// Now, in milliseconds since the epoch (the protocol's time unit).
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}
