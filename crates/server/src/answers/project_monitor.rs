//! What the project monitor's own calls answer (docs/project-monitor.md): a project page's gateways, the current
//! values of its signals, the history chooser's sources and the history table.

use super::live::LiveValue;
use super::project::Mvar;
use super::report::{CustomReportColumn, ReportRow};
use super::signal::SignalEntry;
use serde::Serialize;
use std::collections::BTreeMap;
use ts_rs::TS;

/// An item of `/lfscada/monitor/project/gateway/query`: the gateway of one equipment of the page, which the
/// console opens (`gateway/open`) when it is online and not in VPN mode.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProjectGateway {
    pub equipment_id: i64,
    /// The gateway's serial number; null for an equipment bound to none (then offline, nothing to open).
    pub sn: Option<String>,
    /// The gateway's reporting interval while a window is open (ms); null without a gateway.
    pub interval: Option<i64>,
    /// Online as far as the server can vouch (false while its link to the broker is down).
    pub online: bool,
    pub vpn: bool,
}

/// `/lfscada/monitor/project/signal/query`: the current values of the asked signals that are the project's, in
/// the live frame's shape (values by signal id); the others are left out.
#[derive(Clone, Debug, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProjectValues {
    pub signal_val: BTreeMap<String, LiveValue>,
}

/// `/lfscada/monitor/project/history/queryAll`: what a project's history may show, the project's signals (with
/// their equipment's titles) and its intermediate variables.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProjectHistorySources {
    pub signals: Vec<SignalEntry>,
    pub mvars: Vec<Mvar>,
}

/// `/lfscada/monitor/project/history/queryAllData`: one row per period of the range, oldest first (a page of
/// them), one value per column: each column's statistic of the period, off the roll-ups.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProjectHistoryTable {
    pub cols: Vec<CustomReportColumn>,
    pub rows: Vec<ReportRow>,
    /// How many periods the range holds (over all pages).
    pub total: i64,
}
