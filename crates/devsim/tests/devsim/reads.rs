//! Reading each area, generators over time, unmapped addresses, limits and unsupported functions.

use std::{borrow::Cow, time::Duration};

use tokio_modbus::prelude::*;

use crate::common::{client, f32_of, start, start_demo, within};

#[tokio::test]
async fn each_area_answers_the_demo_values_at_time_zero() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;

    let inputs = within(c.read_input_registers(0, 10)).await.unwrap().unwrap();
    assert_eq!(f32_of(&inputs[0..2]), 1.2, "inlet_pressure (sine at its offset)");
    assert_eq!(f32_of(&inputs[2..4]), 4.8, "outlet_pressure");
    assert_eq!(f32_of(&inputs[4..6]), 120.0, "flow (random walk at start)");
    assert_eq!(inputs[6], 200, "tank_level 20.0 % in tenths");
    assert_eq!(inputs[7], 450, "motor_temperature 45.0 °C in tenths");
    assert_eq!(&inputs[8..10], &[0x0001, 0xE848], "energy_total 125000 kWh");

    let running = within(c.read_discrete_inputs(0, 1)).await.unwrap().unwrap();
    assert_eq!(running, [false], "pump_running");
    let start_cmd = within(c.read_coils(0, 1)).await.unwrap().unwrap();
    assert_eq!(start_cmd, [false], "pump_start");
    let holding = within(c.read_holding_registers(0, 3)).await.unwrap().unwrap();
    assert_eq!(holding, [1450, 102, 2900], "setpoint, firmware, rated speed");
}

#[tokio::test]
async fn generators_follow_the_clock_between_reads() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;
    sim.clock.set(Duration::from_millis(31_000));

    let running = within(c.read_discrete_inputs(0, 1)).await.unwrap().unwrap();
    assert_eq!(running, [true], "toggle every 30 s is on at 31 s");
    let tank = within(c.read_input_registers(6, 1)).await.unwrap().unwrap();
    assert_eq!(tank, [275], "15 ramp steps of 0.5 % from 20 %");
    let energy = within(c.read_input_registers(8, 2)).await.unwrap().unwrap();
    assert_eq!(energy, [0x0001, 0xE84B], "3 ramp steps of 1 kWh from 125000");
    let inlet = within(c.read_input_registers(0, 2)).await.unwrap().unwrap();
    let expected = 1.2 + 0.15 * (std::f64::consts::TAU * 31.0 / 60.0).sin();
    assert_eq!(f32_of(&inlet), expected as f32);
    assert_eq!(sim.running.value("pump_running"), Some(1.0));
    let level = sim.running.value("tank_level").unwrap();
    assert!((level - 27.5).abs() < 1e-9, "{level}");
}

#[tokio::test]
async fn a_read_touching_any_unmapped_address_answers_02() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;
    let illegal = Some(ExceptionCode::IllegalDataAddress);
    assert_eq!(within(c.read_holding_registers(3, 1)).await.unwrap().err(), illegal);
    assert_eq!(within(c.read_holding_registers(2, 2)).await.unwrap().err(), illegal);
    assert_eq!(within(c.read_input_registers(15, 2)).await.unwrap().err(), illegal);
    assert_eq!(within(c.read_input_registers(65535, 1)).await.unwrap().err(), illegal);
    assert_eq!(within(c.read_coils(1, 1)).await.unwrap().err(), illegal);
    assert_eq!(within(c.read_discrete_inputs(0, 2)).await.unwrap().err(), illegal);
    // The connection is still fine afterwards.
    assert_eq!(within(c.read_holding_registers(1, 1)).await.unwrap(), Ok(vec![102]));
}

#[tokio::test]
async fn a_read_over_the_modbus_limits_answers_03() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;
    let illegal = Some(ExceptionCode::IllegalDataValue);
    assert_eq!(within(c.read_holding_registers(0, 126)).await.unwrap().err(), illegal);
    assert_eq!(within(c.read_input_registers(0, 126)).await.unwrap().err(), illegal);
    assert_eq!(within(c.read_coils(0, 2001)).await.unwrap().err(), illegal);
    assert_eq!(within(c.read_discrete_inputs(0, 2001)).await.unwrap().err(), illegal);
    assert_eq!(within(c.read_holding_registers(0, 0)).await.unwrap().err(), illegal);
}

#[tokio::test]
async fn unsupported_function_codes_answer_01() {
    let sim = start_demo().await;
    let mut c = client(sim.addr()).await;
    for request in [
        Request::MaskWriteRegister(0, 0x00FF, 0),
        Request::ReportServerId,
        Request::ReadWriteMultipleRegisters(0, 1, 0, Cow::Borrowed(&[1])),
        Request::Custom(0x41, Cow::Borrowed(&[1, 2, 3])),
    ] {
        let answer = within(c.call(request.clone())).await.unwrap();
        assert_eq!(answer, Err(ExceptionCode::IllegalFunction), "{request:?}");
    }
}

#[tokio::test]
async fn word_and_byte_order_shape_the_words_on_the_wire() {
    let mut toml = String::new();
    for (address, (word, byte)) in
        [("big", "big"), ("little", "big"), ("big", "little"), ("little", "little")].into_iter().enumerate()
    {
        toml.push_str(&format!(
            "[[point]]\nname = \"f{address}\"\narea = \"input_register\"\naddress = {}\ntype = \"float32\"\n\
             word_order = \"{word}\"\nbyte_order = \"{byte}\"\ngenerator = {{ kind = \"constant\", value = 12.5 }}\n",
            address * 2
        ));
    }
    let sim = start(&toml).await;
    let mut c = client(sim.addr()).await;
    let words = within(c.read_input_registers(0, 8)).await.unwrap().unwrap();
    assert_eq!(words, [0x4148, 0x0000, 0x0000, 0x4148, 0x4841, 0x0000, 0x0000, 0x4841]);
}

#[test]
fn the_demo_file_loads_validates_and_is_the_built_in_demo() {
    let demo = ironsight_devsim::Config::load(crate::common::demo_path()).expect("demo.toml is valid");
    assert_eq!(demo.points.len(), 13);
    assert_eq!(demo, ironsight_devsim::Config::demo().unwrap());
}
