//! The Modbus exchanges both drivers share, over an already open tokio-modbus [`Context`] (TCP or RTU).
//!
//! Failures keep the two levels apart, as the protocol's error table needs: the device answering with an
//! exception ([`DeviceError::Exception`], the link is fine) is never reported as the device not answering
//! ([`DeviceError::Timeout`], [`DeviceError::Unreachable`]) or answering gibberish ([`DeviceError::Coding`]).
//!
//! A device's bytes are untrusted and tokio-modbus's decoders have panicked on malformed frames (see the device
//! simulator's notes), so every exchange runs in a task of its own: a panic there ends that exchange as
//! [`DeviceError::Coding`] and drops the connection, never the agent. After a timeout the connection is dropped
//! too, since a late reply would pair with the next request.

use crate::driver::Values;
use crate::plan::ReadRequest;
use ironsight_protocol::errors::DeviceError;
use ironsight_protocol::payload::Area;
use std::time::Duration;
use tokio_modbus::client::{Context, Reader, Writer};

/// One exchange's outcome as tokio-modbus reports it: transport or protocol error, or the device's answer.
type Exchange<T> = Result<Result<T, tokio_modbus::ExceptionCode>, tokio_modbus::Error>;

/// A connection kept between exchanges while it works, and the bound on each exchange.
pub(crate) struct Link {
    timeout: Duration,
    idle: Option<Context>,
}

impl Link {
    pub(crate) fn new(timeout: Duration) -> Link {
        Link { timeout, idle: None }
    }

    pub(crate) fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Devices sharing a serial line share its link, each with its own timeout.
    pub(crate) fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// The connection kept from the last exchange, if it went well.
    pub(crate) fn take_idle(&mut self) -> Option<Context> {
        self.idle.take()
    }

    /// Runs one exchange on `context` in its own task with the timeout; keeps the connection only when the
    /// exchange completed.
    async fn exchange<T, F, Fut>(&mut self, context: Context, call: F) -> Result<T, DeviceError>
    where
        T: Send + 'static,
        F: FnOnce(Context) -> Fut,
        Fut: Future<Output = (Context, Exchange<T>)> + Send + 'static,
    {
        let mut task = tokio::spawn(call(context));
        match tokio::time::timeout(self.timeout, &mut task).await {
            Err(_) => {
                // Wait for the abandoned exchange to be gone: it owns the connection, and a serial port can
                // be opened again only once the old descriptor is closed.
                task.abort();
                let _ = task.await;
                Err(DeviceError::Timeout)
            }
            Ok(Err(_panicked_or_cancelled)) => Err(DeviceError::Coding),
            Ok(Ok((context, outcome))) => match outcome {
                Ok(Ok(value)) => {
                    self.idle = Some(context);
                    Ok(value)
                }
                Ok(Err(exception)) => {
                    self.idle = Some(context);
                    Err(DeviceError::Exception { code: u8::from(exception) })
                }
                Err(tokio_modbus::Error::Transport(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                    // tokio-modbus reports a bad CRC or an undecodable frame as invalid data.
                    Err(DeviceError::Coding)
                }
                Err(tokio_modbus::Error::Transport(_)) => Err(DeviceError::Unreachable),
                Err(tokio_modbus::Error::Protocol(_)) => Err(DeviceError::Coding),
            },
        }
    }

    /// Reads what `request` asks for; a reply of the wrong size is a coding error.
    pub(crate) async fn read(&mut self, context: Context, request: &ReadRequest) -> Result<Values, DeviceError> {
        let (start, count, area) = (request.start, request.count, request.area);
        match area {
            Area::Coil | Area::DiscreteInput => {
                let bits = self
                    .exchange(context, move |mut c| async move {
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
                Ok(Values::Bits(bits[..usize::from(count)].to_vec()))
            }
            Area::HoldingRegister | Area::InputRegister => {
                let words = self
                    .exchange(context, move |mut c| async move {
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
                Ok(Values::Registers(words))
            }
        }
    }

    /// Writes holding registers starting at `address` (function 06 for one word, 16 for more).
    pub(crate) async fn write_registers(
        &mut self,
        context: Context,
        address: u16,
        words: Vec<u16>,
    ) -> Result<(), DeviceError> {
        self.exchange(context, move |mut c| async move {
            let outcome = match words.as_slice() {
                [word] => c.write_single_register(address, *word).await,
                _ => c.write_multiple_registers(address, &words).await,
            };
            (c, outcome)
        })
        .await
    }

    /// Writes one coil (function 05).
    pub(crate) async fn write_coil(&mut self, context: Context, address: u16, on: bool) -> Result<(), DeviceError> {
        self.exchange(context, move |mut c| async move {
            let outcome = c.write_single_coil(address, on).await;
            (c, outcome)
        })
        .await
    }
}
