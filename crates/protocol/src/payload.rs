//! Payloads, JSON on the wire. Times are milliseconds since the epoch. Each type says its topic, direction,
//! QoS and retain flag; `docs/gateway-protocol.md` has an example of each.

use crate::errors::DeviceError;
use ironsight_domain::value_map::StateText;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// How far a value can be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Quality {
    /// Read from the device just now.
    Good,
    /// The device did not answer or answered with an error; the value is the last good one, if any.
    Bad,
}

/// One value of one signal at one time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reading {
    /// Signal id (the server's).
    pub signal: i64,
    /// Time of the reading, ms since the epoch.
    pub t: i64,
    /// Engineering value (scale and offset applied); `None` when there has never been a good value.
    pub v: Option<f64>,
    pub q: Quality,
}

/// Why a report was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReportKind {
    /// Values that changed (report by exception).
    Change,
    /// The periodic history sample of every signal.
    Sample,
    /// Readings kept on disk while the broker was unreachable, replayed in order.
    Replay,
}

/// `…/data`, gateway → server, QoS 1, not retained.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DataReport {
    /// A random number the agent draws at start: which run of the agent `seq` counts in. The server echoes it in
    /// [`DataStored`], so a confirmation meant for an earlier run is never taken for one of this run.
    #[serde(default)]
    pub run: u64,
    /// Increases by one per report from this gateway run, so the server can see gaps and duplicates.
    pub seq: u64,
    pub kind: ReportKind,
    pub readings: Vec<Reading>,
    /// Per signal (id as text, JSON keys are strings), why its last read failed.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub errors: BTreeMap<String, DeviceError>,
}

/// `…/data/stored`, server → gateway, QoS 1, not retained: the data reports of run `run` numbered `from` to `to`
/// (inclusive) are in the database. The agent keeps a report (in memory or in its disk buffer) until this says it
/// is stored, not merely until the broker acknowledged it: a server killed between the broker's acknowledgement
/// and its database write would otherwise lose it. Not cumulative: a server restarted after such a kill confirms
/// what it stored itself, never what the killed one had only received.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DataStored {
    pub run: u64,
    pub from: u64,
    pub to: u64,
}

/// `…/status`, gateway → server, QoS 1, retained; also the gateway's last will with `online: false`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    pub online: bool,
    pub t: i64,
    #[serde(default)]
    pub model: String,
    #[serde(default)]
    pub firmware: String,
    /// The gateway is in VPN mode (remote maintenance); monitoring is off while it is.
    #[serde(default)]
    pub vpn: bool,
    /// Cellular signal strength 0–100, when the gateway has a modem.
    #[serde(default)]
    pub signal_strength: Option<u8>,
    /// The configuration version in force.
    #[serde(default)]
    pub config_version: Option<u64>,
    /// Readings waiting in the on-disk buffer, and readings dropped because it was full.
    #[serde(default)]
    pub buffered: u64,
    #[serde(default)]
    pub dropped: u64,
}

/// Register area of a Modbus signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    Coil,
    DiscreteInput,
    HoldingRegister,
    InputRegister,
}

/// Data type of a signal's raw value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum DataType {
    Bool,
    Int16,
    Uint16,
    Int32,
    Uint32,
    Float32,
    Float64,
}

/// Order of bytes within a register, or of registers within a value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    #[default]
    Big,
    Little,
}

/// A signal the gateway reads (and perhaps writes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SignalDef {
    /// 0 for a signal not saved yet.
    #[serde(default)]
    pub id: i64,
    pub name: String,
    pub area: Area,
    pub address: u16,
    pub data_type: DataType,
    #[serde(default)]
    pub byte_order: Order,
    #[serde(default)]
    pub word_order: Order,
    /// Engineering value = raw × scale + offset.
    #[serde(default = "unit_scale")]
    pub scale: f64,
    #[serde(default)]
    pub offset: f64,
    #[serde(default)]
    pub unit: String,
    #[serde(default)]
    pub decimals: u8,
    #[serde(default)]
    pub writable: bool,
    #[serde(default)]
    pub min: Option<f64>,
    #[serde(default)]
    pub max: Option<f64>,
    /// State texts (value → text and colour) the console shows for the value: presentation only, so the server
    /// leaves them out of what it sends a gateway.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<StateText>>", optional)]
    pub value_map: Vec<StateText>,
}

/// The scale a signal has unless it says otherwise.
fn unit_scale() -> f64 {
    1.0
}

impl SignalDef {
    /// A signal with the protocol's defaults for everything else: big-endian byte and word order, scale 1,
    /// offset 0, no unit, no decimals, read-only, no limits. Id 0 means "not saved yet".
    pub fn new(name: &str, area: Area, address: u16, data_type: DataType) -> SignalDef {
        SignalDef {
            id: 0,
            name: name.to_owned(),
            area,
            address,
            data_type,
            byte_order: Order::Big,
            word_order: Order::Big,
            scale: unit_scale(),
            offset: 0.0,
            unit: String::new(),
            decimals: 0,
            writable: false,
            min: None,
            max: None,
            value_map: Vec::new(),
        }
    }
}

/// How the gateway reaches one device.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DriverConfig {
    #[serde(rename_all = "camelCase")]
    ModbusTcp { host: String, port: u16, unit_id: u8, timeout_ms: u64, poll_interval_ms: u64 },
    #[serde(rename_all = "camelCase")]
    ModbusRtu {
        path: String,
        baud_rate: u32,
        /// `none`, `even` or `odd`.
        parity: String,
        data_bits: u8,
        stop_bits: u8,
        unit_id: u8,
        timeout_ms: u64,
        poll_interval_ms: u64,
    },
}

/// One device behind the gateway: an equipment of the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceConfig {
    /// Equipment id (the server's).
    pub equipment: i64,
    pub driver: DriverConfig,
    pub signals: Vec<SignalDef>,
}

/// `…/config`, server → gateway, QoS 1, retained: the whole configuration, replaced as a unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GatewayConfig {
    /// Increases with every change; the gateway acknowledges the version it applied.
    pub version: u64,
    /// Period of the history sample of every signal (default 60 s).
    pub sample_interval_ms: u64,
    pub devices: Vec<DeviceConfig>,
}

/// `…/config/ack`, gateway → server, QoS 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConfigAck {
    pub version: u64,
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// `…/monitor`, server → gateway, QoS 1: report every `interval_ms` for `duration_ms` (the spec's open-monitor
/// interval and delay), then fall back to report-by-exception plus samples.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MonitorOpen {
    pub interval_ms: u64,
    pub duration_ms: u64,
}

/// How long a command may take, agreed by both ends: the agent gives up on its device after it (a device busy with
/// a slow poll may hold a command that long), and the server then gives the command without an outcome the status
/// timeout (the console shows 1301, communication timeout).
pub const COMMAND_DEADLINE_MS: i64 = 60_000;

/// `…/cmd`, server → gateway, QoS 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Command {
    /// Write an engineering value to a signal.
    Write { uuid: String, signal: i64, value: f64 },
    /// Read signals from the device now.
    Read { uuid: String, signals: Vec<i64> },
}

/// `…/cmd/result`, gateway → server, QoS 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CommandResult {
    pub uuid: String,
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<DeviceError>,
    /// Values read (for reads, and the value read back after a write).
    #[serde(default)]
    pub readings: Vec<Reading>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn command_wire_form() {
        let write = Command::Write { uuid: "u1".into(), signal: 7, value: 12.5 };
        assert_eq!(
            serde_json::to_value(&write).unwrap(),
            json!({"kind": "write", "uuid": "u1", "signal": 7, "value": 12.5})
        );
    }

    #[test]
    fn driver_wire_form() {
        let tcp = DriverConfig::ModbusTcp {
            host: "10.0.0.5".into(),
            port: 502,
            unit_id: 1,
            timeout_ms: 1000,
            poll_interval_ms: 1000,
        };
        assert_eq!(
            serde_json::to_value(&tcp).unwrap(),
            json!({"kind": "modbus_tcp", "host": "10.0.0.5", "port": 502, "unitId": 1, "timeoutMs": 1000, "pollIntervalMs": 1000})
        );
    }

    #[test]
    fn data_report_round_trips_with_errors() {
        let report = DataReport {
            run: 0x5eed,
            seq: 3,
            kind: ReportKind::Change,
            readings: vec![Reading { signal: 1, t: 1_700_000_000_000, v: Some(1.5), q: Quality::Good }],
            errors: BTreeMap::from([("2".to_owned(), DeviceError::Timeout)]),
        };
        let text = serde_json::to_string(&report).unwrap();
        assert_eq!(serde_json::from_str::<DataReport>(&text).unwrap(), report);
    }

    #[test]
    fn a_report_without_a_run_reads_as_run_zero_and_the_confirmation_has_its_wire_form() {
        let old: DataReport = serde_json::from_str(r#"{"seq": 1, "kind": "change", "readings": []}"#).unwrap();
        assert_eq!((old.run, old.seq), (0, 1));
        let stored = DataStored { run: 7, from: 40, to: 41 };
        assert_eq!(serde_json::to_value(stored).unwrap(), json!({"run": 7, "from": 40, "to": 41}));
    }

    #[test]
    fn a_signal_given_only_what_matters_takes_the_defaults() {
        let text = r#"{"name": "P", "area": "holding_register", "address": 4, "dataType": "int16"}"#;
        let parsed: SignalDef = serde_json::from_str(text).unwrap();
        assert_eq!(parsed, SignalDef::new("P", Area::HoldingRegister, 4, DataType::Int16));
    }

    #[test]
    fn status_accepts_a_minimal_last_will() {
        let will: Status = serde_json::from_str(r#"{"online": false, "t": 0}"#).unwrap();
        assert!(!will.online && will.config_version.is_none());
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for text in ["", "{", "[]", r#"{"seq": -1, "kind": "change", "readings": []}"#, r#"{"kind": "explode"}"#] {
            assert!(serde_json::from_str::<DataReport>(text).is_err());
            assert!(serde_json::from_str::<Command>(text).is_err());
        }
    }
}
