//! A gateway as the console sees it: the registry's fields (never the secret digest) and its presence as the
//! server can vouch for it now.

use crate::answers::presence::Presence;
use serde::Serialize;
use ts_rs::TS;

/// The rows of `/lfscada/gateway/query`, `/lfscada/gateway/info`, `/lfscada/monitor/multi/gateway/info`.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Gateway {
    /// What this link is: `gateway`, or for GM equipment in the monitor (`monitor/multi/gateway/info`) its
    /// collection source, `sparkplug` or `json` (then `id`, `sn` and `name` are the source's id, MQTT user name
    /// and name, `interval` its observed reporting interval, and the gateway-only fields empty).
    #[ts(type = "\"gateway\" | \"sparkplug\" | \"json\"")]
    pub link: String,
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
            link: "gateway".to_owned(),
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

impl Gateway {
    /// A GM equipment's collection source in the monitor's gateway shape: `online` is the equipment's own presence
    /// (its source's, and a Sparkplug device's birth); `interval_ms` its observed reporting interval, 0 while
    /// unknown (the console then assumes its fallback period); `future_readings` the values dated ahead.
    pub fn of_gm_source(
        s: ironsight_store::gm_sources::GmSource,
        online: bool,
        interval_ms: Option<i64>,
        future_readings: i64,
        link_up: bool,
    ) -> Gateway {
        let presence = Presence::of(link_up, online);
        let interval = interval_ms.unwrap_or(0);
        Gateway {
            link: s.kind.tag().to_owned(),
            id: s.id,
            sn: s.username,
            name: s.name,
            model: String::new(),
            firmware: String::new(),
            online: presence == Presence::Online,
            presence,
            vpn: false,
            signal_strength: None,
            interval,
            sample_interval: interval,
            economize_open: false,
            last_seen_ms: s.last_seen_ms,
            config_version: 0,
            applied_version: 0,
            config_error: None,
            future_readings,
            clock_ahead_ms: None,
            expire_date: None,
            gmt_create: s.created_ms,
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
