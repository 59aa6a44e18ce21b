//! Modbus request handling: function codes, protocol limits, unit id, reply delay and dropped replies.
//!
//! [`handle`] is the device's logic as a plain function of the register map, the request and the time, so it is
//! unit-tested without a socket. [`Device`] adds the misbehaviour the configuration asks for and is what the
//! tokio-modbus server calls for each request.

use std::{
    future::Future,
    pin::Pin,
    sync::{
        Arc, Mutex, PoisonError,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

use tokio_modbus::{ExceptionCode, Request, Response, SlaveRequest};

use crate::{
    clock::Clock,
    config::{Area, Config, ConfigError},
    register_map::RegisterMap,
};

/// Most coils or discrete inputs one read may ask for (Modbus spec, function codes 01 and 02).
pub const MAX_READ_BITS: usize = 2000;
/// Most registers one read may ask for (function codes 03 and 04).
pub const MAX_READ_REGISTERS: usize = 125;
/// Most coils one write may carry (function code 15).
pub const MAX_WRITE_COILS: usize = 1968;
/// Most registers one write may carry (function code 16).
pub const MAX_WRITE_REGISTERS: usize = 123;

/// Answers one request as the device would at time `now`.
///
/// Checks follow the order of the Modbus spec's state diagrams: function code (01), then quantity (03), then
/// addresses (02), then the point's own refusal. Function codes other than 01, 02, 03, 04, 05, 06, 15 and 16
/// answer 01.
pub fn handle(map: &mut RegisterMap, request: &Request<'_>, now: Duration) -> Result<Response, ExceptionCode> {
    match request {
        Request::ReadCoils(address, quantity) => {
            let cells = read(map, Area::Coil, *address, *quantity, MAX_READ_BITS, now)?;
            Ok(Response::ReadCoils(to_bits(&cells)))
        }
        Request::ReadDiscreteInputs(address, quantity) => {
            let cells = read(map, Area::DiscreteInput, *address, *quantity, MAX_READ_BITS, now)?;
            Ok(Response::ReadDiscreteInputs(to_bits(&cells)))
        }
        Request::ReadHoldingRegisters(address, quantity) => Ok(Response::ReadHoldingRegisters(read(
            map,
            Area::HoldingRegister,
            *address,
            *quantity,
            MAX_READ_REGISTERS,
            now,
        )?)),
        Request::ReadInputRegisters(address, quantity) => Ok(Response::ReadInputRegisters(read(
            map,
            Area::InputRegister,
            *address,
            *quantity,
            MAX_READ_REGISTERS,
            now,
        )?)),
        Request::WriteSingleCoil(address, value) => {
            map.write(Area::Coil, *address, &[u16::from(*value)], now)?;
            Ok(Response::WriteSingleCoil(*address, *value))
        }
        Request::WriteSingleRegister(address, word) => {
            map.write(Area::HoldingRegister, *address, &[*word], now)?;
            Ok(Response::WriteSingleRegister(*address, *word))
        }
        Request::WriteMultipleCoils(address, coils) => {
            let quantity = checked_quantity(coils.len(), MAX_WRITE_COILS)?;
            let cells: Vec<u16> = coils.iter().map(|&c| u16::from(c)).collect();
            map.write(Area::Coil, *address, &cells, now)?;
            Ok(Response::WriteMultipleCoils(*address, quantity))
        }
        Request::WriteMultipleRegisters(address, words) => {
            let quantity = checked_quantity(words.len(), MAX_WRITE_REGISTERS)?;
            map.write(Area::HoldingRegister, *address, words, now)?;
            Ok(Response::WriteMultipleRegisters(*address, quantity))
        }
        Request::ReportServerId
        | Request::MaskWriteRegister(..)
        | Request::ReadWriteMultipleRegisters(..)
        | Request::Custom(..) => Err(ExceptionCode::IllegalFunction),
    }
}

fn read(
    map: &mut RegisterMap,
    area: Area,
    address: u16,
    quantity: u16,
    max: usize,
    now: Duration,
) -> Result<Vec<u16>, ExceptionCode> {
    let quantity = usize::from(quantity);
    checked_quantity(quantity, max)?;
    map.read(area, address, quantity, now)
}

/// A quantity must be 1..=max, else exception 03.
fn checked_quantity(quantity: usize, max: usize) -> Result<u16, ExceptionCode> {
    if quantity == 0 || quantity > max {
        return Err(ExceptionCode::IllegalDataValue);
    }
    u16::try_from(quantity).map_err(|_| ExceptionCode::IllegalDataValue)
}

fn to_bits(cells: &[u16]) -> Vec<bool> {
    cells.iter().map(|&c| c != 0).collect()
}

/// A running device: the register map behind a lock, the clock, and the configured misbehaviour.
#[derive(Debug)]
pub struct Device {
    /// The live register map. A std mutex: it is never held across an await.
    map: Mutex<RegisterMap>,
    /// Time since start, for the generators.
    clock: Arc<dyn Clock>,
    /// The only unit id answered, if set.
    unit_id: Option<u8>,
    /// How long each reply is held back.
    reply_delay: Duration,
    /// Drop every Nth reply (0 = never).
    drop_every: u64,
    /// Requests counted so far, across all connections, for `drop_every`.
    requests: AtomicU64,
}

impl Device {
    /// Builds a device from a configuration (validating it) and a clock.
    pub fn new(config: &Config, clock: Arc<dyn Clock>) -> Result<Self, ConfigError> {
        Ok(Self {
            map: Mutex::new(RegisterMap::new(config)?),
            clock,
            unit_id: config.unit_id,
            reply_delay: Duration::from_millis(config.reply_delay_ms),
            drop_every: config.drop_every,
            requests: AtomicU64::new(0),
        })
    }

    /// Runs `f` on the register map. A panic while holding the lock cannot leave the map half-written (writes
    /// validate before changing anything), so a poisoned lock is simply taken over.
    pub fn with_map<T>(&self, f: impl FnOnce(&mut RegisterMap) -> T) -> T {
        let mut map = self.map.lock().unwrap_or_else(PoisonError::into_inner);
        f(&mut map)
    }

    /// The engineering value of the named point now.
    pub fn value(&self, point: &str) -> Option<f64> {
        let now = self.clock.elapsed();
        self.with_map(|map| map.point_mut(point).map(|p| p.value_at(now)))
    }

    /// Sets point `point` from the device's own logic (see [`crate::register_map::Point::set_value`]); false
    /// for an unknown name.
    pub fn set_value(&self, point: &str, value: f64) -> bool {
        self.with_map(|map| map.point_mut(point).map(|p| p.set_value(value)).is_some())
    }

    /// Serves one request: `Ok(None)` means "send nothing" (wrong unit id or a dropped reply).
    ///
    /// The request takes effect when it arrives; only the reply is delayed or dropped, like a reply lost on the
    /// wire. Requests for another unit id are not counted for `drop_every`.
    pub async fn serve(&self, request: SlaveRequest<'static>) -> Result<Option<Response>, ExceptionCode> {
        if self.unit_id.is_some_and(|id| id != request.slave) {
            tracing::debug!(unit = request.slave, "request for another unit id ignored");
            return Ok(None);
        }
        let number = self.requests.fetch_add(1, Ordering::Relaxed) + 1;
        let drop_reply = self.drop_every != 0 && number.is_multiple_of(self.drop_every);
        let now = self.clock.elapsed();
        let outcome = self.with_map(|map| handle(map, &request.request, now));
        tracing::debug!(unit = request.slave, request = ?request.request, ?outcome, drop_reply, "request");
        if !self.reply_delay.is_zero() {
            tokio::time::sleep(self.reply_delay).await;
        }
        if drop_reply {
            return Ok(None);
        }
        outcome.map(Some)
    }
}

/// The [`tokio_modbus::server::Service`] for one connection; all connections share the device.
#[derive(Debug, Clone)]
pub(crate) struct DeviceService {
    /// The shared device.
    pub(crate) device: Arc<Device>,
}

type ServeFuture = Pin<Box<dyn Future<Output = Result<Option<Response>, ExceptionCode>> + Send>>;

impl tokio_modbus::server::Service for DeviceService {
    type Request = SlaveRequest<'static>;
    type Response = Option<Response>;
    type Exception = ExceptionCode;
    type Future = ServeFuture;

    fn call(&self, request: Self::Request) -> Self::Future {
        let device = Arc::clone(&self.device);
        Box::pin(async move { device.serve(request).await })
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;
    use crate::clock::ManualClock;

    const T0: Duration = Duration::ZERO;

    fn map() -> RegisterMap {
        let mut toml = String::new();
        // Enough contiguous cells to test every limit exactly: 2000 coils, 2000 inputs, 125 + 125 registers.
        for (area, count) in
            [("coil", 2000), ("discrete_input", 2000), ("holding_register", 125), ("input_register", 125)]
        {
            for address in 0..count {
                toml.push_str(&format!(
                    "[[point]]\nname = \"{area}{address}\"\narea = \"{area}\"\naddress = {address}\n"
                ));
            }
        }
        RegisterMap::new(&Config::from_toml_str(&toml).unwrap()).unwrap()
    }

    #[test]
    fn reads_up_to_the_limit_succeed_and_one_more_answers_03() {
        let mut m = map();
        let ok = [
            Request::ReadCoils(0, 2000),
            Request::ReadDiscreteInputs(0, 2000),
            Request::ReadHoldingRegisters(0, 125),
            Request::ReadInputRegisters(0, 125),
        ];
        for request in ok {
            assert!(handle(&mut m, &request, T0).is_ok(), "{request:?}");
        }
        let over = [
            Request::ReadCoils(0, 2001),
            Request::ReadDiscreteInputs(0, 2001),
            Request::ReadHoldingRegisters(0, 126),
            Request::ReadInputRegisters(0, 126),
            Request::ReadCoils(0, 0),
            Request::ReadHoldingRegisters(0, 0),
            // Quantity is checked before the address: 03, not 02, even far outside the map.
            Request::ReadHoldingRegisters(60_000, 126),
        ];
        for request in over {
            assert_eq!(handle(&mut m, &request, T0), Err(ExceptionCode::IllegalDataValue), "{request:?}");
        }
    }

    #[test]
    fn writes_up_to_the_limit_succeed_and_one_more_answers_03() {
        let mut m = map();
        let coils = |n| Cow::Owned(vec![true; n]);
        let words = |n| Cow::Owned(vec![7u16; n]);
        assert_eq!(
            handle(&mut m, &Request::WriteMultipleCoils(0, coils(1968)), T0),
            Ok(Response::WriteMultipleCoils(0, 1968))
        );
        assert_eq!(
            handle(&mut m, &Request::WriteMultipleRegisters(0, words(123)), T0),
            Ok(Response::WriteMultipleRegisters(0, 123))
        );
        for request in [
            Request::WriteMultipleCoils(0, coils(1969)),
            Request::WriteMultipleCoils(0, coils(0)),
            Request::WriteMultipleRegisters(0, words(124)),
            Request::WriteMultipleRegisters(0, words(0)),
        ] {
            assert_eq!(handle(&mut m, &request, T0), Err(ExceptionCode::IllegalDataValue));
        }
    }

    #[test]
    fn single_writes_echo_the_request() {
        let mut m = map();
        assert_eq!(handle(&mut m, &Request::WriteSingleCoil(5, true), T0), Ok(Response::WriteSingleCoil(5, true)));
        assert_eq!(
            handle(&mut m, &Request::WriteSingleRegister(3, 1450), T0),
            Ok(Response::WriteSingleRegister(3, 1450))
        );
        assert_eq!(handle(&mut m, &Request::ReadCoils(4, 3), T0), Ok(Response::ReadCoils(vec![false, true, false])));
        assert_eq!(
            handle(&mut m, &Request::ReadHoldingRegisters(3, 1), T0),
            Ok(Response::ReadHoldingRegisters(vec![1450]))
        );
    }

    #[test]
    fn other_function_codes_answer_01() {
        let mut m = map();
        for request in [
            Request::ReportServerId,
            Request::MaskWriteRegister(0, 0xFF, 0),
            Request::ReadWriteMultipleRegisters(0, 1, 0, Cow::Owned(vec![1])),
            Request::Custom(0x08, Cow::Owned(vec![0, 0, 0x12, 0x34])),
        ] {
            assert_eq!(handle(&mut m, &request, T0), Err(ExceptionCode::IllegalFunction), "{request:?}");
        }
    }

    fn device(extra: &str) -> Device {
        let toml = format!("{extra}\n[[point]]\nname = \"t\"\narea = \"holding_register\"\naddress = 0\n");
        Device::new(&Config::from_toml_str(&toml).unwrap(), Arc::new(ManualClock::new())).unwrap()
    }

    fn read_request(slave: u8) -> SlaveRequest<'static> {
        SlaveRequest { slave, request: Request::ReadHoldingRegisters(0, 1) }
    }

    #[tokio::test]
    async fn drop_every_n_leaves_every_nth_reply_out() {
        let d = device("drop_every = 3");
        let mut answered = Vec::new();
        for _ in 0..7 {
            answered.push(d.serve(read_request(1)).await.unwrap().is_some());
        }
        assert_eq!(answered, [true, true, false, true, true, false, true]);
    }

    #[tokio::test]
    async fn a_dropped_write_still_takes_effect() {
        let d = device("drop_every = 1");
        let write = SlaveRequest { slave: 1, request: Request::WriteSingleRegister(0, 42) };
        assert_eq!(d.serve(write).await, Ok(None));
        assert_eq!(d.value("t"), Some(42.0));
    }

    #[tokio::test]
    async fn only_the_configured_unit_id_is_answered() {
        let d = device("unit_id = 7");
        assert!(d.serve(read_request(7)).await.unwrap().is_some());
        assert_eq!(d.serve(read_request(8)).await, Ok(None));
        let any = device("");
        assert!(any.serve(read_request(0)).await.unwrap().is_some());
        assert!(any.serve(read_request(255)).await.unwrap().is_some());
    }
}
