//! The one interface the poller needs from a device driver: read a planned request, write registers, write a
//! coil. Every failure is a protocol [`DeviceError`], so the poller and the command handler never see a
//! transport's own error types, and adding a driver (another fieldbus) touches nothing else.

use crate::modbus_rtu::{ModbusRtu, SerialSettings};
use crate::modbus_tcp::ModbusTcp;
use crate::plan::ReadRequest;
use async_trait::async_trait;
use ironsight_protocol::errors::DeviceError;
use ironsight_protocol::payload::DriverConfig;
use std::time::Duration;

/// What a read returns: bits for coils and discrete inputs, words for registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    Bits(Vec<bool>),
    Registers(Vec<u16>),
}

/// A device the agent can read and write. Implementations reconnect on their own after a failure, and never
/// panic on what a device sends.
#[async_trait]
pub trait Driver: Send {
    /// Reads what `request` asks for: exactly `request.count` bits or words, or an error.
    async fn read(&mut self, request: &ReadRequest) -> Result<Values, DeviceError>;
    /// Writes holding registers starting at `address` (function 06 for one word, 16 for more).
    async fn write_registers(&mut self, address: u16, words: Vec<u16>) -> Result<(), DeviceError>;
    /// Writes one coil (function 05).
    async fn write_coil(&mut self, address: u16, on: bool) -> Result<(), DeviceError>;
}

/// The driver a device's configuration asks for. Nothing is opened yet: the first exchange connects.
pub fn open(config: &DriverConfig) -> Box<dyn Driver> {
    match config {
        DriverConfig::ModbusTcp { host, port, unit_id, timeout_ms, .. } => {
            Box::new(ModbusTcp::new(host, *port, *unit_id, Duration::from_millis(*timeout_ms)))
        }
        DriverConfig::ModbusRtu { path, baud_rate, parity, data_bits, stop_bits, unit_id, timeout_ms, .. } => {
            let settings = SerialSettings {
                path: path.clone(),
                baud_rate: *baud_rate,
                parity: parity.clone(),
                data_bits: *data_bits,
                stop_bits: *stop_bits,
            };
            Box::new(ModbusRtu::new(settings, *unit_id, Duration::from_millis(*timeout_ms)))
        }
    }
}

/// How often a device is polled.
pub fn poll_interval(config: &DriverConfig) -> Duration {
    let ms = match config {
        DriverConfig::ModbusTcp { poll_interval_ms, .. } | DriverConfig::ModbusRtu { poll_interval_ms, .. } => {
            *poll_interval_ms
        }
    };
    Duration::from_millis(ms.max(1))
}

#[async_trait]
impl Driver for ModbusTcp {
    async fn read(&mut self, request: &ReadRequest) -> Result<Values, DeviceError> {
        ModbusTcp::read(self, request).await
    }

    async fn write_registers(&mut self, address: u16, words: Vec<u16>) -> Result<(), DeviceError> {
        ModbusTcp::write_registers(self, address, words).await
    }

    async fn write_coil(&mut self, address: u16, on: bool) -> Result<(), DeviceError> {
        ModbusTcp::write_coil(self, address, on).await
    }
}

#[async_trait]
impl Driver for ModbusRtu {
    async fn read(&mut self, request: &ReadRequest) -> Result<Values, DeviceError> {
        ModbusRtu::read(self, request).await
    }

    async fn write_registers(&mut self, address: u16, words: Vec<u16>) -> Result<(), DeviceError> {
        ModbusRtu::write_registers(self, address, words).await
    }

    async fn write_coil(&mut self, address: u16, on: bool) -> Result<(), DeviceError> {
        ModbusRtu::write_coil(self, address, on).await
    }
}
