//! A gateway as the console sees it: the registry's fields (never the secret digest) and its presence as the
//! server can vouch for it now.

use crate::answers::presence::Presence;
use serde::Serialize;
use ts_rs::TS;

/// The rows of `/lfscada/gateway/query`, `/lfscada/gateway/info`, `/lfscada/monitor/multi/gateway/info`.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Gateway {
    pub id: i64,
    pub sn: String,
    pub name: String,
    pub model: String,
    pub firmware: String,
    /// Online as far as the server can vouch: false while its link to the broker is down (see `presence`).
    pub online: bool,
    pub presence: Presence,
    pub vpn: bool,
    /// 0–100, or null when the agent cannot read its modem.
    pub signal_strength: Option<i64>,
    /// The spec's `interval` (ms): how often the gateway reports while a monitor window is open.
    pub interval: i64,
    /// Period of the history sample of every signal outside monitor windows (ms).
    pub sample_interval: i64,
    pub economize_open: bool,
    /// When the gateway was last heard from (ms since the epoch); null when never.
    pub last_seen_ms: Option<i64>,
    pub config_version: i64,
    pub applied_version: i64,
    /// Why the gateway refused its last configuration.
    pub config_error: Option<String>,
    /// Readings dated too far ahead of the server's clock, stored at their arrival time instead.
    pub future_readings: i64,
    /// How far ahead of the server's clock the gateway's clock was last seen (ms); null within tolerance.
    pub clock_ahead_ms: Option<i64>,
    /// The gateway service's expiry date (`YYYY-MM-DD`, China time); null when none is set.
    pub expire_date: Option<String>,
    pub gmt_create: i64,
}

impl Gateway {
    /// `link_up`: whether the server's own link to the broker is up (`Link::broker_up`).
    pub fn new(g: ironsight_store::gateways::Gateway, link_up: bool) -> Gateway {
        let presence = Presence::of(link_up, g.online);
        Gateway {
            id: g.id,
            sn: g.sn,
            name: g.name,
            model: g.model,
            firmware: g.firmware,
            online: presence == Presence::Online,
            presence,
            vpn: g.vpn,
            signal_strength: g.signal_strength,
            interval: g.interval,
            sample_interval: g.sample_interval,
            economize_open: g.economize_open,
            last_seen_ms: g.last_seen_ms,
            config_version: g.config_version,
            applied_version: g.applied_version,
            config_error: g.config_error,
            future_readings: g.future_readings,
            clock_ahead_ms: g.clock_ahead_ms,
            expire_date: g.expire_date,
            gmt_create: g.gmt_create,
        }
    }
}

/// `/lfscada/gateway/add` and `/lfscada/gateway/resetSecret`: what the gateway's agent needs to connect. The
/// secret is told this once; the server keeps only its digest.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GatewayCredentials {
    /// The new gateway's id (`add` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<i64>,
    pub sn: String,
    pub secret: String,
    /// The MQTT broker's URL as this console's caller reaches it.
    pub broker: String,
}
