//! The host application's STATE (Sparkplug 3.0.0, "STATE" in the topics and the payloads chapters): JSON
//! `{"online":…,"timestamp":…}` on `spBv1.0/STATE/{host_id}`, QoS 1, retained. The offline one is registered as the
//! MQTT will on connect; the online one is published once subscribed and MUST carry the same timestamp as that
//! will, which is why [`host_state`] makes the two together. Edge nodes configured with this host as their primary
//! wait for the online STATE before they publish their births. The host also watches its own STATE topic: an
//! offline STATE published on its behalf while it is connected is answered by publishing the online one again.

use super::Outgoing;
use crate::topic::{HostId, Topic};
use serde::{Deserialize, Serialize};

/// A host application's STATE payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostState {
    pub online: bool,
    /// ms since the epoch, UTC.
    pub timestamp: u64,
}

impl HostState {
    /// The JSON payload.
    pub fn to_json(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("two plain fields always serialise")
    }

    /// Reads a STATE payload; `None` unless it is a JSON object with a boolean `online` and an unsigned integer
    /// `timestamp` (other keys are ignored).
    pub fn parse(bytes: &[u8]) -> Option<HostState> {
        serde_json::from_slice(bytes).ok()
    }

    fn message(&self, host: &HostId) -> Outgoing {
        Outgoing { topic: Topic::State(host.clone()).to_string(), payload: self.to_json(), qos: 1, retain: true }
    }
}

/// The STATE messages of one MQTT connection of the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostStateMessages {
    /// `online: false`: the MQTT will of the CONNECT packet.
    pub will: Outgoing,
    /// `online: true` with the will's timestamp: published right after subscribing.
    pub online: Outgoing,
}

/// The will and the online STATE for a connection made at `connect_ms`.
pub fn host_state(host: &HostId, connect_ms: u64) -> HostStateMessages {
    HostStateMessages {
        will: HostState { online: false, timestamp: connect_ms }.message(host),
        online: HostState { online: true, timestamp: connect_ms }.message(host),
    }
}

/// The offline STATE to publish before disconnecting on purpose (the timestamp is the time of the disconnect).
pub fn host_offline(host: &HostId, now_ms: u64) -> Outgoing {
    HostState { online: false, timestamp: now_ms }.message(host)
}
