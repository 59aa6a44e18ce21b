//! The Modbus TCP driver: one connection per device, reopened after any failure.
//!
//! Failures keep the two levels apart, as the protocol's error table needs: the device answering with an
//! exception ([`DeviceError::Exception`], the link is fine) is never reported as the device not answering
//! ([`DeviceError::Timeout`], [`DeviceError::Unreachable`]) or answering gibberish ([`DeviceError::Coding`]).
//!
//! A device's bytes are untrusted and tokio-modbus's decoders have panicked on malformed frames (see the device
//! simulator's notes), so every exchange runs in a task of its own: a panic there ends that exchange as
//! [`DeviceError::Coding`] and drops the connection, never the agent.

use crate::plan::ReadRequest;
use ironsight_protocol::errors::DeviceError;
use ironsight_protocol::payload::Area;
use std::time::Duration;
use tokio_modbus::client::{Context, Reader, Writer, tcp};
use tokio_modbus::prelude::Slave;

/// What a read returns: bits for coils and discrete inputs, words for registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    Bits(Vec<bool>),
    Registers(Vec<u16>),
}

/// A Modbus TCP device.
pub struct ModbusTcp {
    /// `host:port`.
    target: String,
    unit: u8,
    /// Bound on connecting and on each exchange.
    timeout: Duration,
    /// The open connection, if any.
    context: Option<Context>,
}

/// One exchange's outcome as tokio-modbus reports it: transport or protocol error, or the device's answer.
type Exchange<T> = Result<Result<T, tokio_modbus::ExceptionCode>, tokio_modbus::Error>;

impl ModbusTcp {
    pub fn new(host: &str, port: u16, unit: u8, timeout: Duration) -> ModbusTcp {
        let target = if host.contains(':') && !host.starts_with('[') {
            format!("[{host}]:{port}")
        } else {
            format!("{host}:{port}")
        };
        ModbusTcp { target, unit, timeout, context: None }
    }

    async fn connect(&mut self) -> Result<Context, DeviceError> {
        if let Some(context) = self.context.take() {
            return Ok(context);
        }
        let addr = tokio::time::timeout(self.timeout, tokio::net::lookup_host(self.target.clone()))
            .await
            .map_err(|_| DeviceError::Unreachable)?
            .map_err(|_| DeviceError::Unreachable)?
            .next()
            .ok_or(DeviceError::Unreachable)?;
        match tokio::time::timeout(self.timeout, tcp::connect_slave(addr, Slave(self.unit))).await {
            Ok(Ok(context)) => Ok(context),
            _ => Err(DeviceError::Unreachable),
        }
    }

    /// Runs one exchange in its own task with the timeout; keeps the connection only when the exchange completed.
    async fn exchange<T, F, Fut>(&mut self, call: F) -> Result<T, DeviceError>
    where
        T: Send + 'static,
        F: FnOnce(Context) -> Fut,
        Fut: Future<Output = (Context, Exchange<T>)> + Send + 'static,
    {
        let context = self.connect().await?;
        let task = tokio::spawn(call(context));
        let abort = task.abort_handle();
        match tokio::time::timeout(self.timeout, task).await {
            Err(_) => {
                // A late reply would pair with the next request: abandon the connection with the exchange.
                abort.abort();
                Err(DeviceError::Timeout)
            }
            Ok(Err(_panicked_or_cancelled)) => Err(DeviceError::Coding),
            Ok(Ok((context, outcome))) => match outcome {
                Ok(Ok(value)) => {
                    self.context = Some(context);
                    Ok(value)
                }
                Ok(Err(exception)) => {
                    self.context = Some(context);
                    Err(DeviceError::Exception { code: u8::from(exception) })
                }
                Err(tokio_modbus::Error::Transport(_)) => Err(DeviceError::Unreachable),
                Err(tokio_modbus::Error::Protocol(_)) => Err(DeviceError::Coding),
            },
        }
    }

    /// Reads what `request` asks for; a reply of the wrong size is a coding error.
    pub async fn read(&mut self, request: &ReadRequest) -> Result<Values, DeviceError> {
        let (start, count, area) = (request.start, request.count, request.area);
        let values = match area {
            Area::Coil | Area::DiscreteInput => {
                let bits = self
                    .exchange(move |mut c| async move {
                        let outcome = if area == Area::Coil {
                            c.read_coils(start, count).await
                        } else {
                            c.read_discrete_inputs(start, count).await
                        };
                        (c, outcome)
                    })
                    .await?;
                // Bits arrive padded to whole bytes; fewer than asked is a broken reply.
                if bits.len() < usize::from(count) {
                    return Err(DeviceError::Coding);
                }
                Values::Bits(bits[..usize::from(count)].to_vec())
            }
            Area::HoldingRegister | Area::InputRegister => {
                let words = self
                    .exchange(move |mut c| async move {
                        let outcome = if area == Area::HoldingRegister {
                            c.read_holding_registers(start, count).await
                        } else {
                            c.read_input_registers(start, count).await
                        };
                        (c, outcome)
                    })
                    .await?;
                if words.len() != usize::from(count) {
                    return Err(DeviceError::Coding);
                }
                Values::Registers(words)
            }
        };
        Ok(values)
    }

    /// Writes holding registers starting at `address` (function 06 for one word, 16 for more).
    pub async fn write_registers(&mut self, address: u16, words: Vec<u16>) -> Result<(), DeviceError> {
        self.exchange(move |mut c| async move {
            let outcome = match words.as_slice() {
                [word] => c.write_single_register(address, *word).await,
                _ => c.write_multiple_registers(address, &words).await,
            };
            (c, outcome)
        })
        .await
    }

    /// Writes one coil (function 05).
    pub async fn write_coil(&mut self, address: u16, on: bool) -> Result<(), DeviceError> {
        self.exchange(move |mut c| async move {
            let outcome = c.write_single_coil(address, on).await;
            (c, outcome)
        })
        .await
    }
}
