//! # Ironsight gateway protocol, version 1
//!
//! What the server and the gateway agent say to each other over MQTT: topic names and JSON payloads, shared by
//! both sides so they cannot disagree. `docs/gateway-protocol.md` describes the same in prose with examples.
//!
//! # Layout
//! - [`topics`]: topic names per gateway and the subscription filters.
//! - [`payload`]: the JSON payload types, each with its topic, direction, QoS and retain flag.
//! - [`errors`]: device and link failures, and their mapping to the catalogue's codes and the gateway protocol
//!   error texts — one table.
//! - [`validate`]: checks of driver settings and signal definitions, field by field.
//! - [`schema`]: the drivers' settings as data (kinds, limits, defaults, labels) for the console's driver form.
//! - [`address`]: where a driver reaches its device, compared between equipment of one gateway.

pub mod address;
pub mod errors;
pub mod payload;
pub mod schema;
pub mod topics;
pub mod validate;

/// The protocol version carried in every topic (`ironsight/v1/…`) and in the retained status.
pub const VERSION: u32 = 1;
