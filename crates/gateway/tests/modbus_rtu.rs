//! The Modbus RTU driver over a pseudo-terminal pair: the driver opens the terminal's path as it would a real
//! serial port, and on the other end either the device simulator's register map answers through tokio-modbus's
//! RTU server, or a hand-rolled "device" answers garbage.

mod common;

use ironsight_devsim::service::Device;
use ironsight_devsim::{Config, SystemClock};
use ironsight_gateway::codec::decode_registers;
use ironsight_gateway::driver::Values;
use ironsight_gateway::modbus_rtu::{ModbusRtu, SerialSettings};
use ironsight_gateway::plan::{ReadRequest, plan};
use ironsight_protocol::errors::DeviceError;
use ironsight_protocol::payload::{Area, DataType, SignalDef};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_modbus::{ExceptionCode, Response, SlaveRequest};
use tokio_serial::{SerialPort, SerialStream};

/// The simulator's device logic behind tokio-modbus's RTU server.
struct RtuDevice(Arc<Device>);

impl tokio_modbus::server::Service for RtuDevice {
    type Request = SlaveRequest<'static>;
    type Response = Option<Response>;
    type Exception = ExceptionCode;
    type Future = Pin<Box<dyn Future<Output = Result<Option<Response>, ExceptionCode>> + Send>>;

    fn call(&self, request: Self::Request) -> Self::Future {
        let device = Arc::clone(&self.0);
        Box::pin(async move { device.serve(request).await })
    }
}

/// A pseudo-terminal: the path the driver opens, the other end, and the terminal side kept open (when the last
/// descriptor of that side closes, the other end reads end-of-file).
struct Pty {
    path: String,
    master: SerialStream,
    _slave: SerialStream,
}

fn pty() -> Pty {
    let (master, slave) = SerialStream::pair().expect("a pseudo-terminal pair");
    let path = slave.name().expect("the terminal side has a path");
    Pty { path, master, _slave: slave }
}

/// A pseudo-terminal whose other end is the simulated device (unit id 1).
fn simulated_device() -> (String, Arc<Device>, SerialStream) {
    let Pty { path, master, _slave } = pty();
    let config = Config::from_toml_str(&format!("unit_id = 1\n{}", common::TEST_DEVICE_POINTS)).unwrap();
    let device = Arc::new(Device::new(&config, Arc::new(SystemClock::new())).unwrap());
    let server = tokio_modbus::server::rtu::Server::new(master);
    tokio::spawn(server.serve_forever(RtuDevice(Arc::clone(&device))));
    (path, device, _slave)
}

fn driver(path: &str, unit: u8, timeout_ms: u64) -> ModbusRtu {
    ModbusRtu::new(SerialSettings::new(path), unit, Duration::from_millis(timeout_ms))
}

#[tokio::test]
async fn reads_and_writes_over_a_serial_line() {
    let (path, device, _keep) = simulated_device();
    let mut rtu = driver(&path, 1, 2000);
    let signals = [
        SignalDef::new("pressure", Area::HoldingRegister, 0, DataType::Float32),
        SignalDef::new("firmware", Area::HoldingRegister, 2, DataType::Uint16),
    ];
    let requests = plan(&signals);
    let Values::Registers(words) = rtu.read(&requests[0]).await.unwrap() else { panic!("registers expected") };
    assert_eq!(decode_registers(&signals[0], &words[0..2]).unwrap(), 12.5);
    assert_eq!(decode_registers(&signals[1], &words[2..3]).unwrap(), 102.0);

    rtu.write_registers(3, vec![1450]).await.unwrap();
    assert_eq!(device.value("setpoint"), Some(1450.0));
    rtu.write_coil(0, true).await.unwrap();
    let coil = ReadRequest { area: Area::Coil, start: 0, count: 1, signals: vec![] };
    assert_eq!(rtu.read(&coil).await.unwrap(), Values::Bits(vec![true]));
    assert_eq!(rtu.write_registers(2, vec![1]).await, Err(DeviceError::Exception { code: 2 }), "read-only");
    let unmapped = ReadRequest { area: Area::InputRegister, start: 40, count: 1, signals: vec![] };
    assert_eq!(rtu.read(&unmapped).await, Err(DeviceError::Exception { code: 2 }));
    let setpoint = ReadRequest { area: Area::HoldingRegister, start: 3, count: 1, signals: vec![] };
    assert_eq!(rtu.read(&setpoint).await.unwrap(), Values::Registers(vec![1450]), "the line survives an exception");
}

#[tokio::test]
async fn devices_on_one_line_share_it_and_a_silent_unit_times_out() {
    let (path, _device, _keep) = simulated_device();
    // Unit 2 is not on the line: the simulator does not answer it, as a serial device would not.
    let mut absent = driver(&path, 2, 300);
    let mut present = driver(&path, 1, 2000);
    let read = ReadRequest { area: Area::HoldingRegister, start: 0, count: 2, signals: vec![] };
    assert_eq!(absent.read(&read).await, Err(DeviceError::Timeout));
    // The second device opened the same port (a serial port opens only once): it works, after the timeout.
    let outcome = present.read(&read).await;
    assert!(matches!(&outcome, Ok(Values::Registers(w)) if w.len() == 2), "{outcome:?}");
    assert_eq!(absent.read(&read).await, Err(DeviceError::Timeout));
    assert!(matches!(present.read(&read).await, Ok(Values::Registers(_))));
}

#[tokio::test]
async fn a_missing_port_is_unreachable() {
    let mut rtu = driver("/dev/ironsight-no-such-port", 1, 300);
    let read = ReadRequest { area: Area::HoldingRegister, start: 0, count: 1, signals: vec![] };
    assert_eq!(rtu.read(&read).await, Err(DeviceError::Unreachable));
    assert_eq!(rtu.write_coil(0, true).await, Err(DeviceError::Unreachable));
}

/// A device answering every request with `reply(request)`; returns the path and the terminal side to keep.
fn scripted_device(reply: impl Fn(&[u8]) -> Vec<u8> + Send + 'static) -> (String, SerialStream) {
    let Pty { path, mut master, _slave } = pty();
    tokio::spawn(async move {
        let mut buf = [0u8; 256];
        loop {
            let Ok(n) = master.read(&mut buf).await else { return };
            if n == 0 {
                return;
            }
            // Let the whole request arrive (8 bytes for a read), then answer.
            tokio::time::sleep(Duration::from_millis(20)).await;
            let reply = reply(&buf[..n]);
            if master.write_all(&reply).await.is_err() {
                return;
            }
        }
    });
    (path, _slave)
}

/// Modbus RTU CRC-16, to build well-formed frames with wrong content.
fn crc16(bytes: &[u8]) -> [u8; 2] {
    let mut crc: u16 = 0xFFFF;
    for &b in bytes {
        crc ^= u16::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xA001 } else { crc >> 1 };
        }
    }
    crc.to_le_bytes()
}

fn framed(body: &[u8]) -> Vec<u8> {
    let mut frame = body.to_vec();
    frame.extend_from_slice(&crc16(body));
    frame
}

#[tokio::test]
async fn garbage_from_the_device_is_an_error_never_a_panic() {
    let read = ReadRequest { area: Area::HoldingRegister, start: 0, count: 2, signals: vec![] };
    let replies: Vec<(&str, Vec<u8>)> = vec![
        ("noise", vec![0xFF, 0x00, 0x13, 0x37, 0x42]),
        ("bad CRC", vec![0x01, 0x03, 0x04, 0x41, 0x48, 0x00, 0x00, 0x00, 0x00]),
        // Valid frame, but one register where two were asked.
        ("short reply", framed(&[0x01, 0x03, 0x02, 0x41, 0x48])),
        // Valid frame answering another function.
        ("wrong function", framed(&[0x01, 0x04, 0x04, 0x41, 0x48, 0x00, 0x00])),
        // A byte count longer than the frame.
        ("lying length", framed(&[0x01, 0x03, 0xFA, 0x41])),
        // Another unit answering.
        ("other unit", framed(&[0x07, 0x03, 0x04, 0x41, 0x48, 0x00, 0x00])),
    ];
    for (what, reply) in replies {
        let (path, _keep) = scripted_device(move |_| reply.clone());
        let mut rtu = driver(&path, 1, 500);
        let outcome = rtu.read(&read).await;
        assert!(matches!(outcome, Err(DeviceError::Coding | DeviceError::Timeout)), "{what}: {outcome:?}");
    }
}
