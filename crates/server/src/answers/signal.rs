//! Signals as the monitor lists them, and the device commands (read now, write) with their outcome.

use ironsight_domain::value_map::StateText;
use ironsight_protocol::payload::SignalDef;
use ironsight_protocol::validate;
use serde::Serialize;
use ts_rs::TS;

/// A signal as the monitor lists it (the spec's catalogue record: signalTitle, equipTitle, equipId).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SignalEntry {
    pub id: i64,
    pub signal_title: String,
    pub equip_id: i64,
    pub equip_title: String,
    /// The protocol's register area (`holding`, `input`, `coil`, `discrete`).
    #[ts(type = "string")]
    pub area: String,
    /// The protocol's data type (`u16`, `f32`, …).
    #[ts(type = "string")]
    pub data_type: String,
    pub unit: String,
    pub decimals: u8,
    /// It may be written: marked writable and in a writable area.
    pub writable: bool,
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// State texts: what each whole value means, in both languages, with a colour (presentation only).
    pub value_map: Vec<StateText>,
}

impl SignalEntry {
    pub fn new(s: &SignalDef, equipment_id: i64, equip_name: &str) -> SignalEntry {
        SignalEntry {
            id: s.id,
            signal_title: s.name.clone(),
            equip_id: equipment_id,
            equip_title: equip_name.to_owned(),
            area: wire_name(&s.area),
            data_type: wire_name(&s.data_type),
            unit: s.unit.clone(),
            decimals: s.decimals,
            writable: s.writable && validate::is_writable_area(s.area),
            min: s.min,
            max: s.max,
            value_map: s.value_map.clone(),
        }
    }
}

/// A protocol enum's name as the protocol writes it.
fn wire_name(value: &impl Serialize) -> String {
    serde_json::to_value(value).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default()
}

/// What a read or write call answers once the command is on its way: follow it with `callback {uuid}`.
#[derive(Clone, Debug, Serialize, TS)]
pub struct CommandSent {
    /// The gateway was online when the command was sent (a command to an offline one is refused).
    pub online: bool,
    pub uuid: String,
}

/// `/lfscada/equipment/multi/callback`: where a command stands.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum CommandOutcome {
    /// The gateway has not answered yet.
    Pending,
    /// Done; `code` is `"200"` and `data` what the device answered.
    Success {
        code: String,
        message: String,
        #[ts(type = "unknown")]
        data: serde_json::Value,
    },
    /// Refused or timed out: the mapped code and its text in the caller's language; `data` is null.
    Failure {
        code: String,
        message: String,
        #[ts(type = "null")]
        data: serde_json::Value,
    },
}
