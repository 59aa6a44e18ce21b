//! The Modbus RTU driver: a serial line (RS-485 or RS-232) through `tokio-serial`, framed by tokio-modbus.
//!
//! Several devices often hang on one RS-485 line, each with its own unit id, and a serial port can be opened
//! only once (it is opened exclusively). So devices configured with the same port path share one bus: one
//! open port, one exchange at a time, the unit id set per exchange. The first device to open a path fixes its
//! line settings; a second one asking for others is told so in the log, and uses the open line.
//!
//! After a timeout or a garbled reply the port is closed and reopened (its buffers cleared), so that the
//! remains of one exchange cannot be read as the answer to the next.

use crate::driver::Values;
use crate::modbus_link::Link;
use crate::plan::ReadRequest;
use ironsight_protocol::errors::DeviceError;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;
use tokio_modbus::client::{Context, rtu};
use tokio_modbus::prelude::{Slave, SlaveContext};
use tokio_serial::{DataBits, Parity, SerialPort, SerialPortBuilderExt, StopBits};

/// Line settings of a serial port, as the device configuration gives them (already validated).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SerialSettings {
    pub path: String,
    pub baud_rate: u32,
    /// `none`, `even` or `odd`.
    pub parity: String,
    pub data_bits: u8,
    pub stop_bits: u8,
}

impl SerialSettings {
    /// 9600 8N1 on `path`.
    pub fn new(path: &str) -> SerialSettings {
        SerialSettings { path: path.to_owned(), baud_rate: 9600, parity: "none".into(), data_bits: 8, stop_bits: 1 }
    }

    fn open(&self) -> Result<tokio_serial::SerialStream, DeviceError> {
        let parity = match self.parity.as_str() {
            "even" => Parity::Even,
            "odd" => Parity::Odd,
            _ => Parity::None,
        };
        let data_bits = match self.data_bits {
            5 => DataBits::Five,
            6 => DataBits::Six,
            7 => DataBits::Seven,
            _ => DataBits::Eight,
        };
        let stop_bits = if self.stop_bits == 2 { StopBits::Two } else { StopBits::One };
        let port = tokio_serial::new(&self.path, self.baud_rate)
            .parity(parity)
            .data_bits(data_bits)
            .stop_bits(stop_bits)
            .open_native_async()
            .map_err(|e| {
                tracing::debug!(path = %self.path, error = %e, "cannot open serial port");
                DeviceError::Unreachable
            })?;
        // Whatever an earlier user of the port left in its buffers is not an answer to us.
        let _ = port.clear(tokio_serial::ClearBuffer::All);
        Ok(port)
    }
}

/// One serial line, shared by the devices on it.
struct Bus {
    settings: SerialSettings,
    /// The open port (as a tokio-modbus context), if any; the lock makes one exchange at a time.
    link: tokio::sync::Mutex<Link>,
}

/// The lines in use in this process, by path. Weak, so a line closes when its last device goes.
static BUSES: Mutex<Option<HashMap<String, Weak<Bus>>>> = Mutex::new(None);

fn bus_for(settings: &SerialSettings) -> Arc<Bus> {
    let mut buses = BUSES.lock().unwrap_or_else(PoisonError::into_inner);
    let buses = buses.get_or_insert_with(HashMap::new);
    buses.retain(|_, bus| bus.strong_count() > 0);
    if let Some(bus) = buses.get(&settings.path).and_then(Weak::upgrade) {
        if bus.settings != *settings {
            tracing::warn!(path = %settings.path, "devices on one serial port ask for different line settings; the first one's apply");
        }
        return bus;
    }
    let bus =
        Arc::new(Bus { settings: settings.clone(), link: tokio::sync::Mutex::new(Link::new(Duration::from_secs(1))) });
    buses.insert(settings.path.clone(), Arc::downgrade(&bus));
    bus
}

/// A Modbus RTU device: a unit id on a serial line.
pub struct ModbusRtu {
    bus: Arc<Bus>,
    unit: u8,
    timeout: Duration,
}

impl ModbusRtu {
    /// Nothing is opened until the first exchange.
    pub fn new(settings: SerialSettings, unit: u8, timeout: Duration) -> ModbusRtu {
        ModbusRtu { bus: bus_for(&settings), unit, timeout }
    }

    /// The bus to ourselves, with the port open and our unit id set.
    async fn link(&self) -> Result<(tokio::sync::MutexGuard<'_, Link>, Context), DeviceError> {
        let mut link = self.bus.link.lock().await;
        link.set_timeout(self.timeout);
        let mut context = match link.take_idle() {
            Some(context) => context,
            None => rtu::attach(self.bus.settings.open()?),
        };
        context.set_slave(Slave(self.unit));
        Ok((link, context))
    }

    /// Reads what `request` asks for; a reply of the wrong size is a coding error.
    pub async fn read(&mut self, request: &ReadRequest) -> Result<Values, DeviceError> {
        let (mut link, context) = self.link().await?;
        link.read(context, request).await
    }

    /// Writes holding registers starting at `address` (function 06 for one word, 16 for more).
    pub async fn write_registers(&mut self, address: u16, words: Vec<u16>) -> Result<(), DeviceError> {
        let (mut link, context) = self.link().await?;
        link.write_registers(context, address, words).await
    }

    /// Writes one coil (function 05).
    pub async fn write_coil(&mut self, address: u16, on: bool) -> Result<(), DeviceError> {
        let (mut link, context) = self.link().await?;
        link.write_coil(context, address, on).await
    }
}
