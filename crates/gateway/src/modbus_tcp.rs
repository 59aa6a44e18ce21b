//! The Modbus TCP driver: one connection per device, reopened after any failure. The exchanges themselves (and
//! how failures map to device errors) are shared with the RTU driver in `modbus_link`.

use crate::modbus_link::Link;
use crate::plan::ReadRequest;
use ironsight_protocol::errors::DeviceError;
use std::time::Duration;
use tokio_modbus::client::{Context, tcp};
use tokio_modbus::prelude::Slave;

pub use crate::driver::Values;

/// A Modbus TCP device.
pub struct ModbusTcp {
    /// `host:port`.
    target: String,
    unit: u8,
    /// The open connection, if any, and the bound on connecting and on each exchange.
    link: Link,
}

impl ModbusTcp {
    pub fn new(host: &str, port: u16, unit: u8, timeout: Duration) -> ModbusTcp {
        let target = if host.contains(':') && !host.starts_with('[') {
            format!("[{host}]:{port}")
        } else {
            format!("{host}:{port}")
        };
        ModbusTcp { target, unit, link: Link::new(timeout) }
    }

    async fn connect(&mut self) -> Result<Context, DeviceError> {
        if let Some(context) = self.link.take_idle() {
            return Ok(context);
        }
        let timeout = self.link.timeout();
        let addr = tokio::time::timeout(timeout, tokio::net::lookup_host(self.target.clone()))
            .await
            .map_err(|_| DeviceError::Unreachable)?
            .map_err(|_| DeviceError::Unreachable)?
            .next()
            .ok_or(DeviceError::Unreachable)?;
        match tokio::time::timeout(timeout, tcp::connect_slave(addr, Slave(self.unit))).await {
            Ok(Ok(context)) => Ok(context),
            _ => Err(DeviceError::Unreachable),
        }
    }

    /// Reads what `request` asks for; a reply of the wrong size is a coding error.
    pub async fn read(&mut self, request: &ReadRequest) -> Result<Values, DeviceError> {
        let context = self.connect().await?;
        self.link.read(context, request).await
    }

    /// Writes holding registers starting at `address` (function 06 for one word, 16 for more).
    pub async fn write_registers(&mut self, address: u16, words: Vec<u16>) -> Result<(), DeviceError> {
        let context = self.connect().await?;
        self.link.write_registers(context, address, words).await
    }

    /// Writes one coil (function 05).
    pub async fn write_coil(&mut self, address: u16, on: bool) -> Result<(), DeviceError> {
        let context = self.connect().await?;
        self.link.write_coil(context, address, on).await
    }
}
