//! Writes: read-back, read-only points and their exceptions, atomicity, and writes stopping generators.

use std::time::Duration;

use tokio_modbus::prelude::*;

use crate::common::{client, f32_of, start, start_demo, within};

#[tokio::test]
async fn a_writable_holding_register_reads_back_what_was_written() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;
    within(c.write_single_register(0, 1600)).await.unwrap().unwrap();
    assert_eq!(within(c.read_holding_registers(0, 1)).await.unwrap(), Ok(vec![1600]));
    within(c.write_multiple_registers(0, &[1750])).await.unwrap().unwrap();
    assert_eq!(within(c.read_holding_registers(0, 1)).await.unwrap(), Ok(vec![1750]));
    assert_eq!(sim.running.value("speed_setpoint"), Some(1750.0));
}

#[tokio::test]
async fn a_writable_coil_reads_back_what_was_written() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;
    within(c.write_single_coil(0, true)).await.unwrap().unwrap();
    assert_eq!(within(c.read_coils(0, 1)).await.unwrap(), Ok(vec![true]));
    within(c.write_multiple_coils(0, &[false])).await.unwrap().unwrap();
    assert_eq!(within(c.read_coils(0, 1)).await.unwrap(), Ok(vec![false]));
}

#[tokio::test]
async fn a_write_to_a_read_only_register_answers_02_and_changes_nothing() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;
    assert_eq!(within(c.write_single_register(1, 200)).await.unwrap(), Err(ExceptionCode::IllegalDataAddress));
    assert_eq!(within(c.write_multiple_registers(1, &[200])).await.unwrap(), Err(ExceptionCode::IllegalDataAddress));
    assert_eq!(within(c.read_holding_registers(1, 1)).await.unwrap(), Ok(vec![102]));
}

#[tokio::test]
async fn a_read_only_point_configured_for_03_answers_03_and_changes_nothing() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;
    assert_eq!(within(c.write_single_register(2, 3600)).await.unwrap(), Err(ExceptionCode::IllegalDataValue));
    assert_eq!(within(c.read_holding_registers(2, 1)).await.unwrap(), Ok(vec![2900]));
}

#[tokio::test]
async fn a_write_touching_a_read_only_point_changes_nothing_at_all() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;
    // speed_setpoint is writable, firmware_version is not: the whole write is refused.
    assert_eq!(
        within(c.write_multiple_registers(0, &[1800, 1])).await.unwrap(),
        Err(ExceptionCode::IllegalDataAddress)
    );
    assert_eq!(within(c.read_holding_registers(0, 2)).await.unwrap(), Ok(vec![1450, 102]));
}

#[tokio::test]
async fn a_write_touching_an_unmapped_address_answers_02() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;
    assert_eq!(within(c.write_single_register(3, 1)).await.unwrap(), Err(ExceptionCode::IllegalDataAddress));
    assert_eq!(within(c.write_single_coil(1, true)).await.unwrap(), Err(ExceptionCode::IllegalDataAddress));
    assert_eq!(within(c.write_multiple_coils(0, &[true, true])).await.unwrap(), Err(ExceptionCode::IllegalDataAddress));
    assert_eq!(within(c.read_coils(0, 1)).await.unwrap(), Ok(vec![false]));
}

#[tokio::test]
async fn a_write_stops_the_generator_and_the_point_holds_the_written_value() {
    let sim = start(
        r#"
        [[point]]
        name = "level"
        area = "holding_register"
        address = 100
        type = "float32"
        word_order = "little"
        generator = { kind = "ramp", from = 0, to = 10, step = 1, every_ms = 1000 }
        "#,
    )
    .await;
    let mut c = client(sim.addr()).await;
    sim.clock.set(Duration::from_secs(3));
    let words = within(c.read_holding_registers(100, 2)).await.unwrap().unwrap();
    assert_eq!(f32_of(&[words[1], words[0]]), 3.0, "ramp at 3 s, low word first");

    within(c.write_multiple_registers(100, &[0x0000, 0x4148])).await.unwrap().unwrap();
    sim.clock.set(Duration::from_secs(7));
    assert_eq!(within(c.read_holding_registers(100, 2)).await.unwrap(), Ok(vec![0x0000, 0x4148]));
    assert_eq!(sim.running.value("level"), Some(12.5));
}

#[tokio::test]
async fn writes_from_one_client_are_seen_by_another() {
    let sim = start_demo().await;
    let mut writer = client(sim.addr()).await;
    let mut reader = client(sim.addr()).await;
    within(writer.write_single_register(0, 1234)).await.unwrap().unwrap();
    assert_eq!(within(reader.read_holding_registers(0, 1)).await.unwrap(), Ok(vec![1234]));
}
