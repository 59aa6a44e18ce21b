//! The payload codec: bytes ⇄ [`Payload`], the types generated from `proto/sparkplug_b.proto` by `build.rs`.
//!
//! Decoding never panics, whatever the bytes: prost checks every length against the bytes left, refuses strings
//! that are not UTF-8 and limits nesting (a Template's metrics may hold Templates) to 100 levels. Fields this schema
//! does not know (the `extensions` ranges) are skipped on decode and not written back on encode.

use prost::Message;

pub use crate::proto::Payload;
pub use crate::proto::payload::{Metric, PropertySet, PropertyValue};

/// The bytes are not a Sparkplug B payload.
#[derive(Debug, thiserror::Error)]
#[error("not a Sparkplug B payload: {0}")]
pub struct DecodeError(#[from] prost::DecodeError);

/// Decodes a payload.
pub fn decode(bytes: &[u8]) -> Result<Payload, DecodeError> {
    Ok(Payload::decode(bytes)?)
}

/// Encodes a payload.
pub fn encode(payload: &Payload) -> Vec<u8> {
    payload.encode_to_vec()
}
