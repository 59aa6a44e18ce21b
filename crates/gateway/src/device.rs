//! One task per device: polls its signals at the device's `pollIntervalMs` and runs the writes and reads that
//! commands ask for, between polls, so that one driver is never used by two exchanges at once.
//!
//! Each poll reads the planned requests ([`crate::plan`]) and decodes every signal ([`crate::codec`]); what it
//! observed goes to the reporter, which decides what to publish. A request the device does not answer
//! (timeout, unreachable) marks the rest of that poll with the same error without asking again, so a dead
//! device costs one timeout per poll, not one per request.

use crate::codec::{self, CodecError};
use crate::driver::{Driver, Values};
use crate::now_ms;
use crate::plan::{ReadRequest, plan};
use crate::report::Input;
use ironsight_protocol::errors::DeviceError;
use ironsight_protocol::payload::{DataType, DeviceConfig, SignalDef};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::MissedTickBehavior;

/// What a read of one signal gave at one time.
#[derive(Clone, Debug, PartialEq)]
pub struct Observation {
    pub signal: i64,
    pub t: i64,
    /// The engineering value, or why there is none.
    pub value: Result<f64, DeviceError>,
}

/// A write, already checked and encoded by the command handler.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteOp {
    Coil { address: u16, on: bool },
    Registers { address: u16, words: Vec<u16> },
}

/// Work a command hands to the device's task.
pub(crate) enum Job {
    /// Write, then read the signal (index into the device's signals) back.
    Write { signal: usize, op: WriteOp, reply: oneshot::Sender<Result<Observation, DeviceError>> },
    /// Read these signals (indexes) now.
    Read { signals: Vec<usize>, reply: oneshot::Sender<Vec<Observation>> },
}

/// Decodes one signal from the values a request returned, `offset` places after the request's start. A
/// non-finite number (a float register holding NaN or infinity) is a coding error: JSON cannot carry it, and
/// "no number" is what the device said.
pub fn decode(signal: &SignalDef, values: &Values, offset: u16) -> Result<f64, DeviceError> {
    let offset = usize::from(offset);
    let is_bit = signal.data_type == DataType::Bool;
    let value = match values {
        Values::Bits(bits) if is_bit => bits.get(offset).copied().map(codec::decode_bit).ok_or(DeviceError::Coding)?,
        Values::Registers(words) if !is_bit => {
            let width = codec::width(signal.data_type) as usize;
            let words = words.get(offset..offset + width).ok_or(DeviceError::Coding)?;
            codec::decode_registers(signal, words).map_err(|_: CodecError| DeviceError::Coding)?
        }
        // Bits for a register signal or words for a bit: not what was asked.
        _ => return Err(DeviceError::Coding),
    };
    if value.is_finite() { Ok(value) } else { Err(DeviceError::Coding) }
}

/// Whether an error means the device is not answering at all (as opposed to refusing one request).
fn silent(error: DeviceError) -> bool {
    matches!(error, DeviceError::Timeout | DeviceError::Unreachable)
}

/// Reads `requests` (planned over `signals`) and decodes every signal they serve.
async fn read_all(driver: &mut dyn Driver, signals: &[SignalDef], requests: &[ReadRequest]) -> Vec<Observation> {
    let mut observations = Vec::with_capacity(signals.len());
    let mut dead: Option<DeviceError> = None;
    for request in requests {
        let outcome = match dead {
            Some(error) => Err(error),
            None => driver.read(request).await,
        };
        let t = now_ms();
        if let Err(error) = outcome
            && silent(error)
        {
            dead = Some(error);
        }
        for &(index, offset) in &request.signals {
            let signal = &signals[index];
            let value = match &outcome {
                Ok(values) => decode(signal, values, offset),
                Err(error) => Err(*error),
            };
            observations.push(Observation { signal: signal.id, t, value });
        }
    }
    observations
}

/// The device's task: polls and runs jobs until `jobs` closes (or the task is aborted).
pub(crate) struct Poller {
    pub device: DeviceConfig,
    pub driver: Box<dyn Driver>,
    pub interval: Duration,
    /// The reporter.
    pub observations: mpsc::Sender<Input>,
}

impl Poller {
    pub(crate) async fn run(mut self, mut jobs: mpsc::Receiver<Job>) {
        let requests = plan(&self.device.signals);
        let mut tick = tokio::time::interval(self.interval);
        tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {
                    let observed = read_all(self.driver.as_mut(), &self.device.signals, &requests).await;
                    if self.observations.send(Input::Observed(observed)).await.is_err() {
                        return;
                    }
                }
                job = jobs.recv() => match job {
                    None => return,
                    Some(job) => self.run_job(job).await,
                }
            }
        }
    }

    async fn run_job(&mut self, job: Job) {
        match job {
            Job::Write { signal, op, reply } => {
                let outcome = match op {
                    WriteOp::Coil { address, on } => self.driver.write_coil(address, on).await,
                    WriteOp::Registers { address, words } => self.driver.write_registers(address, words).await,
                };
                let outcome = match outcome {
                    Ok(()) => {
                        let read = self.read(&[signal]).await.into_iter().next();
                        read.ok_or(DeviceError::NoSuchSignal)
                    }
                    Err(error) => Err(error),
                };
                let _ = reply.send(outcome);
            }
            Job::Read { signals, reply } => {
                let observed = self.read(&signals).await;
                let _ = reply.send(observed);
            }
        }
    }

    /// Reads some of the device's signals (indexes, valid ones only) now, one observation per index in the
    /// order asked; tells the reporter too, since they are fresh.
    async fn read(&mut self, indexes: &[usize]) -> Vec<Observation> {
        let subset: Vec<SignalDef> = indexes.iter().filter_map(|&i| self.device.signals.get(i).cloned()).collect();
        let observed = read_all(self.driver.as_mut(), &subset, &plan(&subset)).await;
        let _ = self.observations.send(Input::Observed(observed.clone())).await;
        // Back in the order asked (the plan groups by area and address).
        let t = now_ms();
        subset
            .iter()
            .map(|s| {
                let found = observed.iter().find(|o| o.signal == s.id).cloned();
                found.unwrap_or(Observation { signal: s.id, t, value: Err(DeviceError::Coding) })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use async_trait::async_trait;
    use ironsight_protocol::payload::Area;

    fn sig(id: i64, area: Area, address: u16, data_type: DataType) -> SignalDef {
        SignalDef { id, ..SignalDef::new("s", area, address, data_type) }
    }

    #[test]
    fn decoding_checks_bounds_and_finiteness() {
        let float = sig(1, Area::HoldingRegister, 0, DataType::Float32);
        assert_eq!(decode(&float, &Values::Registers(vec![0x4148, 0]), 0), Ok(12.5));
        assert_eq!(decode(&float, &Values::Registers(vec![0x4148]), 0), Err(DeviceError::Coding), "short reply");
        assert_eq!(decode(&float, &Values::Registers(vec![0x7FC0, 0]), 0), Err(DeviceError::Coding), "NaN");
        assert_eq!(decode(&float, &Values::Bits(vec![true]), 0), Err(DeviceError::Coding), "bits for a register");
        let coil = sig(2, Area::Coil, 0, DataType::Bool);
        assert_eq!(decode(&coil, &Values::Bits(vec![false, true]), 1), Ok(1.0));
        assert_eq!(decode(&coil, &Values::Bits(vec![]), 0), Err(DeviceError::Coding));
        assert_eq!(decode(&coil, &Values::Registers(vec![1]), 0), Err(DeviceError::Coding));
        assert_eq!(decode(&float, &Values::Registers(vec![1, 2]), u16::MAX), Err(DeviceError::Coding));
    }

    /// A device answering each read with the next scripted outcome, and counting the reads.
    struct Scripted {
        outcomes: Vec<Result<Values, DeviceError>>,
        reads: usize,
    }

    #[async_trait]
    impl Driver for Scripted {
        async fn read(&mut self, _request: &ReadRequest) -> Result<Values, DeviceError> {
            self.reads += 1;
            if self.outcomes.is_empty() { Err(DeviceError::Timeout) } else { self.outcomes.remove(0) }
        }
        async fn write_registers(&mut self, _address: u16, _words: Vec<u16>) -> Result<(), DeviceError> {
            Ok(())
        }
        async fn write_coil(&mut self, _address: u16, _on: bool) -> Result<(), DeviceError> {
            Ok(())
        }
    }

    #[tokio::test]
    async fn an_exception_spoils_one_request_and_silence_the_rest_of_the_poll() {
        let signals = [
            sig(1, Area::Coil, 0, DataType::Bool),
            sig(2, Area::HoldingRegister, 0, DataType::Uint16),
            sig(3, Area::HoldingRegister, 5, DataType::Uint16),
            sig(4, Area::InputRegister, 0, DataType::Int16),
        ];
        let requests = plan(&signals);
        assert_eq!(requests.len(), 4);
        let mut driver = Scripted {
            outcomes: vec![
                Ok(Values::Bits(vec![true])),
                Err(DeviceError::Exception { code: 2 }),
                Err(DeviceError::Unreachable),
            ],
            reads: 0,
        };
        let observed = read_all(&mut driver, &signals, &requests).await;
        let values: Vec<_> = observed.iter().map(|o| (o.signal, o.value)).collect();
        assert_eq!(
            values,
            [
                (1, Ok(1.0)),
                (2, Err(DeviceError::Exception { code: 2 })),
                (3, Err(DeviceError::Unreachable)),
                (4, Err(DeviceError::Unreachable))
            ]
        );
        assert_eq!(driver.reads, 3, "the last request is not sent to a device that stopped answering");
    }
}
