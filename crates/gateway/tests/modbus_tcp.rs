//! The Modbus TCP driver against the device simulator on a real socket: values, exceptions, timeouts and an
//! unreachable device each arrive as their own kind of error, and the driver recovers after each.

mod common;

use ironsight_devsim::{Config, spawn};
use ironsight_gateway::codec::decode_registers;
use ironsight_gateway::modbus_tcp::{ModbusTcp, Values};
use ironsight_gateway::plan::{ReadRequest, plan};
use ironsight_protocol::errors::DeviceError;
use ironsight_protocol::payload::{Area, DataType, SignalDef};
use std::time::Duration;

fn driver(port: u16, timeout_ms: u64) -> ModbusTcp {
    ModbusTcp::new("127.0.0.1", port, 1, Duration::from_millis(timeout_ms))
}

async fn device(reply_delay_ms: u64) -> ironsight_devsim::Running {
    let mut config =
        Config::from_toml_str(&format!("listen = \"127.0.0.1:0\"\n{}", common::TEST_DEVICE_POINTS)).unwrap();
    config.reply_delay_ms = reply_delay_ms;
    spawn(config).await.unwrap()
}

#[tokio::test]
async fn reads_planned_requests_and_decodes_values() {
    let sim = device(0).await;
    let mut modbus = driver(sim.local_addr().port(), 2000);
    let signals = [
        SignalDef::new("pressure", Area::HoldingRegister, 0, DataType::Float32),
        SignalDef::new("firmware", Area::HoldingRegister, 2, DataType::Uint16),
    ];
    let requests = plan(&signals);
    assert_eq!(requests.len(), 1, "contiguous registers are one read");
    let Values::Registers(words) = modbus.read(&requests[0]).await.unwrap() else { panic!("registers expected") };
    assert_eq!(decode_registers(&signals[0], &words[0..2]).unwrap(), 12.5);
    assert_eq!(decode_registers(&signals[1], &words[2..3]).unwrap(), 102.0);
}

#[tokio::test]
async fn writes_reach_the_device_and_exceptions_keep_their_code() {
    let sim = device(0).await;
    let mut modbus = driver(sim.local_addr().port(), 2000);
    modbus.write_registers(3, vec![1450]).await.unwrap();
    let read = ReadRequest { area: Area::HoldingRegister, start: 3, count: 1, signals: vec![] };
    assert_eq!(modbus.read(&read).await.unwrap(), Values::Registers(vec![1450]));
    modbus.write_coil(0, true).await.unwrap();
    let coil = ReadRequest { area: Area::Coil, start: 0, count: 1, signals: vec![] };
    assert_eq!(modbus.read(&coil).await.unwrap(), Values::Bits(vec![true]));

    assert_eq!(modbus.write_registers(2, vec![1]).await, Err(DeviceError::Exception { code: 2 }), "read-only register");
    let unmapped = ReadRequest { area: Area::InputRegister, start: 40, count: 1, signals: vec![] };
    assert_eq!(modbus.read(&unmapped).await, Err(DeviceError::Exception { code: 2 }));
    assert_eq!(modbus.read(&read).await.unwrap(), Values::Registers(vec![1450]), "the link survives an exception");
}

#[tokio::test]
async fn a_silent_device_times_out_and_the_driver_reconnects() {
    let slow = device(1500).await;
    let mut modbus = driver(slow.local_addr().port(), 200);
    let read = ReadRequest { area: Area::HoldingRegister, start: 0, count: 2, signals: vec![] };
    assert_eq!(modbus.read(&read).await, Err(DeviceError::Timeout));
    // A patient driver on the same device gets the value: the device is slow, not broken.
    let mut patient = driver(slow.local_addr().port(), 5000);
    assert!(matches!(patient.read(&read).await, Ok(Values::Registers(_))));
}

#[tokio::test]
async fn a_device_that_is_not_there_is_unreachable() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let mut modbus = driver(port, 500);
    let read = ReadRequest { area: Area::HoldingRegister, start: 0, count: 1, signals: vec![] };
    assert_eq!(modbus.read(&read).await, Err(DeviceError::Unreachable));
    assert_eq!(driver(port, 500).write_coil(0, true).await, Err(DeviceError::Unreachable));
}
