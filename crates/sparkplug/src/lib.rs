//! # Sparkplug B for a primary host application
//!
//! The codec and the host-side session rules of Eclipse Sparkplug 3.0.0 (payload format B, topic namespace
//! `spBv1.0`), for Ironsight acting as a primary host: it subscribes `spBv1.0/#`, reads births, data and deaths,
//! keeps each edge node's session, asks for rebirths, publishes its STATE and writes through NCMD / DCMD. Pure: no
//! sockets, no clock; the caller hands in messages and the time, and publishes what it gets back.
//!
//! # Layout
//! - [`proto`]: the payload types generated at build time from `proto/sparkplug_b.proto` (the published schema).
//! - [`payload`]: bytes ⇄ [`Payload`], never panicking on bad bytes.
//! - [`topic`]: topic names, parsed and formatted, ids checked.
//! - [`value`]: [`MetricValue`], the scalar datatypes, read from and written to metrics by the specification's rules.
//! - [`properties`]: the metric properties a host understands (engineering unit and range, quality).
//! - [`session`]: [`Host`], the per-edge-node state machine (bdSeq, seq, aliases, online) that turns messages into
//!   [`Event`]s.
//! - [`command`]: what the host publishes (rebirth request, writes, STATE) and an edge node's messages for tests
//!   and the demo.

pub mod command;
pub mod payload;
pub mod properties;
pub mod session;
pub mod topic;
pub mod value;

/// The types generated from `proto/sparkplug_b.proto` (package `org.eclipse.tahu.protobuf`).
#[allow(clippy::all, clippy::pedantic, missing_docs)]
pub mod proto {
    include!(concat!(env!("OUT_DIR"), "/org.eclipse.tahu.protobuf.rs"));
}

pub use payload::{DecodeError, Payload, decode, encode};
pub use session::{Config, Event, Host};
pub use topic::{EdgeTopic, HostId, MessageType, NodeId, Topic};
pub use value::{DataType, Decoded, MetricValue, ValueError};
