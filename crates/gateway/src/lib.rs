//! # ironsight-gateway
//!
//! The edge agent. It receives its driver and signal configuration from the server, polls devices, reports
//! values by exception plus a periodic sample, executes writes, and buffers readings on disk while the broker is
//! unreachable. This first part holds the pure pieces every driver needs; the process around them (MQTT link,
//! scheduler, disk buffer, binary) comes next.
//!
//! # Layout
//! - [`plan`]: which Modbus requests read a device's signals (as few as the addresses allow).
//! - [`codec`]: register words ⇄ engineering values for every data type, byte order and word order.
//! - [`modbus_tcp`]: the Modbus TCP driver, mapping every failure to the protocol's device errors.

pub mod codec;
pub mod modbus_tcp;
pub mod plan;
