//! What the live channels push and the latest-value calls answer (`monitor/multi/signal/data`, `share/values`):
//! one signal's value, and the EG frame that carries an equipment's values and alarm counts.

use super::monitor::Quality;
use serde::Serialize;
use std::collections::BTreeMap;
use ts_rs::TS;

/// One value as pushed and as answered by `/signal/data`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct LiveValue {
    pub value: Option<f64>,
    /// When it was read, ms since the epoch: a newer value wins over an older one, never the other way.
    pub time: i64,
    pub quality: Quality,
    /// For a bad value, the catalogue code of the device error behind it (e.g. "1715", response timeout), so the
    /// console can say why; left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
}

impl LiveValue {
    /// A value as stored: `error_code` is the stored number of the device error (`Code::stored`), told only for a
    /// bad value.
    pub fn stored(value: Option<f64>, time: i64, good: bool, error_code: Option<i64>) -> LiveValue {
        let quality = if good { Quality::Good } else { Quality::Bad };
        let code = if good { None } else { error_code.map(ironsight_domain::Code::wire_of_stored) };
        LiveValue { value, time, quality, code }
    }
}

/// The EG signal socket's frame (spec: signalVal, gatewayAlarm, signalAlarm). A frame may carry only the signals
/// that changed.
#[derive(Clone, Debug, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EgFrame {
    /// Values by signal id.
    pub signal_val: BTreeMap<String, LiveValue>,
    /// The gateway's alarm count.
    pub gateway_alarm: i64,
    /// Alarm count by signal id.
    pub signal_alarm: BTreeMap<String, i64>,
}

/// The project signal socket's frame (docs/project-monitor.md): an EG frame of one equipment of the page, with
/// that equipment's id. The EG frame's `gatewayAlarm` is a single count, of the one equipment's gateway; a project
/// page watches several, so each frame says whose it is and `gatewayAlarm` stays the count of that equipment's
/// gateway. Built by splicing the id into the EG frame's text (`crate::live::project::project_frame`), so the
/// frames serialised once for the EG sockets are not serialised again per project socket.
#[derive(Clone, Debug, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProjectFrame {
    pub equipment_id: i64,
    #[serde(flatten)]
    pub frame: EgFrame,
}

/// What a successful read or write command's callback carries in `data` (`CommandOutcome::Success`): the device's
/// readings, the first one's value on its own.
#[derive(Clone, Debug, Serialize, TS)]
pub struct CommandReadings {
    pub value: Option<f64>,
    pub readings: Vec<LiveValue>,
}
