//! Commands from the server (`cmd`): write a value, read signals now.
//!
//! A write is refused before anything is sent when the signal is unknown (`no_such_signal`), not writable or in
//! an area a master cannot write (`read_only`), or the value is outside the signal's min/max or what its data
//! type can hold (`out_of_range`); a bit takes only 0 or 1. Otherwise the value is encoded (scale and offset
//! reversed), written (function 05 for a coil, 06/16 for holding registers) and the signal read back, so the
//! result shows what the device now holds.
//!
//! A payload that is not JSON, or has no `uuid`, cannot be answered and is dropped (logged). One with a `uuid`
//! but content that cannot be read is answered `ok: false` without an error kind.

use crate::codec::{self, CodecError};
use crate::device::{Job, Observation, WriteOp};
use ironsight_protocol::errors::DeviceError;
use ironsight_protocol::payload::{Command, CommandResult, DataType, GatewayConfig, Quality, Reading, SignalDef};
use ironsight_protocol::validate::{WriteRefusal, write_refusal};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Longest a command waits for its device (which may be busy with a poll of a slow device): the protocol's
/// deadline, after which the server has given the command up too.
pub const COMMAND_DEADLINE: Duration = Duration::from_millis(ironsight_protocol::payload::COMMAND_DEADLINE_MS as u64);

/// What a `cmd` payload turned out to be.
#[derive(Debug, PartialEq)]
pub enum Parsed {
    Command(Command),
    /// Has a uuid to answer to, but the rest cannot be read.
    Invalid {
        uuid: String,
    },
    /// Nothing to answer to.
    Garbage,
}

pub fn parse(payload: &[u8]) -> Parsed {
    if let Ok(command) = serde_json::from_slice::<Command>(payload) {
        return Parsed::Command(command);
    }
    let uuid = serde_json::from_slice::<serde_json::Value>(payload)
        .ok()
        .and_then(|v| v.get("uuid").and_then(|u| u.as_str()).map(str::to_owned));
    match uuid {
        Some(uuid) => Parsed::Invalid { uuid },
        None => Parsed::Garbage,
    }
}

/// Where each signal is, by id.
pub(crate) struct SignalIndex {
    config: Arc<GatewayConfig>,
    by_id: HashMap<i64, (usize, usize)>,
}

impl SignalIndex {
    pub fn new(config: Arc<GatewayConfig>) -> SignalIndex {
        let mut by_id = HashMap::new();
        for (d, device) in config.devices.iter().enumerate() {
            for (s, signal) in device.signals.iter().enumerate() {
                by_id.insert(signal.id, (d, s));
            }
        }
        SignalIndex { config, by_id }
    }

    pub fn empty() -> SignalIndex {
        SignalIndex::new(Arc::new(GatewayConfig { version: 0, sample_interval_ms: 0, devices: Vec::new() }))
    }

    /// Device index, signal index within it, and the definition.
    fn find(&self, id: i64) -> Option<(usize, usize, &SignalDef)> {
        let &(d, s) = self.by_id.get(&id)?;
        Some((d, s, &self.config.devices[d].signals[s]))
    }
}

/// Checks a write and encodes it, before anything is sent to the device.
pub fn prepare_write(signal: &SignalDef, value: f64) -> Result<WriteOp, DeviceError> {
    match write_refusal(signal, value) {
        Some(WriteRefusal::ReadOnly) => return Err(DeviceError::ReadOnly),
        Some(WriteRefusal::OutOfRange) => return Err(DeviceError::OutOfRange),
        None => {}
    }
    let out_of_range = |_: CodecError| DeviceError::OutOfRange;
    if signal.data_type == DataType::Bool {
        return Ok(WriteOp::Coil { address: signal.address, on: codec::encode_bit(value).map_err(out_of_range)? });
    }
    let words = codec::encode_registers(signal, value).map_err(out_of_range)?;
    Ok(WriteOp::Registers { address: signal.address, words })
}

fn reading(observation: &Observation) -> Reading {
    match observation.value {
        Ok(v) => Reading { signal: observation.signal, t: observation.t, v: Some(v), q: Quality::Good },
        Err(_) => Reading { signal: observation.signal, t: observation.t, v: None, q: Quality::Bad },
    }
}

fn failed(uuid: String, error: Option<DeviceError>) -> CommandResult {
    CommandResult { uuid, ok: false, error, readings: Vec::new() }
}

/// Sends a job to a device's task and waits for its answer; a device gone (reconfigured meanwhile) or stuck
/// counts as not answering.
async fn ask<T>(device: &mpsc::Sender<Job>, job: impl FnOnce(oneshot::Sender<T>) -> Job) -> Result<T, DeviceError> {
    let (reply, answer) = oneshot::channel();
    device.send(job(reply)).await.map_err(|_| DeviceError::Unreachable)?;
    match tokio::time::timeout(COMMAND_DEADLINE, answer).await {
        Ok(Ok(answer)) => Ok(answer),
        Ok(Err(_)) => Err(DeviceError::Unreachable),
        Err(_) => Err(DeviceError::Timeout),
    }
}

/// Runs a command against the devices of the configuration `index` describes.
pub(crate) async fn execute(command: Command, index: &SignalIndex, devices: &[mpsc::Sender<Job>]) -> CommandResult {
    match command {
        Command::Write { uuid, signal, value } => {
            let Some((d, s, def)) = index.find(signal) else {
                return failed(uuid, Some(DeviceError::NoSuchSignal));
            };
            let op = match prepare_write(def, value) {
                Ok(op) => op,
                Err(refusal) => return failed(uuid, Some(refusal)),
            };
            let Some(device) = devices.get(d) else { return failed(uuid, Some(DeviceError::Unreachable)) };
            match ask(device, |reply| Job::Write { signal: s, op, reply }).await.and_then(|outcome| outcome) {
                Ok(read_back) => CommandResult { uuid, ok: true, error: None, readings: vec![reading(&read_back)] },
                Err(error) => failed(uuid, Some(error)),
            }
        }
        Command::Read { uuid, signals } => {
            // Which device has which of the signals; any unknown one refuses the whole command.
            let mut per_device: Vec<(usize, Vec<usize>)> = Vec::new();
            for id in &signals {
                let Some((d, s, _)) = index.find(*id) else { return failed(uuid, Some(DeviceError::NoSuchSignal)) };
                match per_device.iter_mut().find(|(device, _)| *device == d) {
                    Some((_, list)) => list.push(s),
                    None => per_device.push((d, vec![s])),
                }
            }
            let mut observed = Vec::new();
            for (d, list) in per_device {
                let ids: Vec<i64> =
                    list.iter().filter_map(|&s| index.config.devices[d].signals.get(s).map(|x| x.id)).collect();
                let answer = match devices.get(d) {
                    Some(device) => ask(device, |reply| Job::Read { signals: list, reply }).await,
                    None => Err(DeviceError::Unreachable),
                };
                match answer {
                    Ok(list) => observed.extend(list),
                    Err(error) => {
                        let t = crate::now_ms();
                        observed.extend(ids.into_iter().map(|signal| Observation { signal, t, value: Err(error) }));
                    }
                }
            }
            // In the order asked.
            let readings: Vec<Reading> =
                signals.iter().filter_map(|id| observed.iter().find(|o| o.signal == *id)).map(reading).collect();
            let error = observed.iter().find_map(|o| o.value.err());
            CommandResult { uuid, ok: error.is_none(), error, readings }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ironsight_protocol::payload::Area;

    fn writable(area: Area, data_type: DataType) -> SignalDef {
        SignalDef { writable: true, ..SignalDef::new("s", area, 4, data_type) }
    }

    #[test]
    fn payloads() {
        let write = br#"{"kind":"write","uuid":"u1","signal":3,"value":1.5}"#;
        assert_eq!(parse(write), Parsed::Command(Command::Write { uuid: "u1".into(), signal: 3, value: 1.5 }));
        assert_eq!(parse(br#"{"kind":"write","uuid":"u2","signal":"x"}"#), Parsed::Invalid { uuid: "u2".into() });
        assert_eq!(parse(br#"{"kind":"reboot","uuid":"u3"}"#), Parsed::Invalid { uuid: "u3".into() });
        for garbage in [&b""[..], b"{", b"[]", b"null", br#"{"uuid": 5}"#, b"\xff\xfe"] {
            assert_eq!(parse(garbage), Parsed::Garbage);
        }
    }

    #[test]
    fn writes_are_refused_before_sending() {
        let read_only = SignalDef::new("s", Area::HoldingRegister, 0, DataType::Uint16);
        assert_eq!(prepare_write(&read_only, 1.0), Err(DeviceError::ReadOnly));
        let mut input = writable(Area::InputRegister, DataType::Uint16);
        assert_eq!(prepare_write(&input, 1.0), Err(DeviceError::ReadOnly), "input registers cannot be written");
        input.area = Area::DiscreteInput;
        assert_eq!(prepare_write(&input, 1.0), Err(DeviceError::ReadOnly));
        let mut limited = writable(Area::HoldingRegister, DataType::Uint16);
        (limited.min, limited.max) = (Some(0.0), Some(3000.0));
        assert_eq!(prepare_write(&limited, 3000.5), Err(DeviceError::OutOfRange));
        assert_eq!(prepare_write(&limited, -1.0), Err(DeviceError::OutOfRange));
        assert_eq!(prepare_write(&limited, 1450.0), Ok(WriteOp::Registers { address: 4, words: vec![1450] }));
        let unlimited = writable(Area::HoldingRegister, DataType::Int16);
        assert_eq!(prepare_write(&unlimited, 40000.0), Err(DeviceError::OutOfRange), "does not fit an int16");
        let coil = writable(Area::Coil, DataType::Bool);
        assert_eq!(prepare_write(&coil, 1.0), Ok(WriteOp::Coil { address: 4, on: true }));
        assert_eq!(prepare_write(&coil, 2.0), Err(DeviceError::OutOfRange));
    }

    #[test]
    fn scale_is_reversed() {
        let mut scaled = writable(Area::HoldingRegister, DataType::Uint16);
        (scaled.scale, scaled.offset) = (0.1, 0.0);
        assert_eq!(prepare_write(&scaled, 25.0), Ok(WriteOp::Registers { address: 4, words: vec![250] }));
    }

    #[tokio::test]
    async fn unknown_signals_are_refused_without_asking() {
        let index = SignalIndex::empty();
        let write = Command::Write { uuid: "u".into(), signal: 99, value: 1.0 };
        assert_eq!(execute(write, &index, &[]).await.error, Some(DeviceError::NoSuchSignal));
        let read = Command::Read { uuid: "u".into(), signals: vec![99] };
        let result = execute(read, &index, &[]).await;
        assert_eq!((result.ok, result.error), (false, Some(DeviceError::NoSuchSignal)));
    }
}
