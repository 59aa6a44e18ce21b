//! Delayed and dropped replies, unit id filtering, and shutdown.

use std::time::{Duration, Instant};

use tokio_modbus::prelude::*;

use crate::common::{client, client_for, start, within};

const ONE_REGISTER: &str = r#"
[[point]]
name = "setpoint"
area = "holding_register"
address = 0
generator = { kind = "constant", value = 7 }
"#;

/// A timeout that, in these tests, only a withheld reply can reach.
const SHORT: Duration = Duration::from_millis(150);

#[tokio::test]
async fn reply_delay_holds_every_reply_back() {
    let delay = Duration::from_millis(1_000);
    let sim = start(&format!("reply_delay_ms = 1000\n{ONE_REGISTER}")).await;

    // A client that gives up sooner than the delay times out...
    let mut impatient = client(sim.addr()).await;
    let answer = tokio::time::timeout(SHORT, impatient.read_holding_registers(0, 1)).await;
    assert!(answer.is_err(), "answered within {SHORT:?}: {answer:?}");

    // ...and a patient one gets the reply, never sooner than the delay after sending.
    let mut patient = client(sim.addr()).await;
    let sent = Instant::now();
    let answer = within(patient.read_holding_registers(0, 1)).await.unwrap();
    assert_eq!(answer, Ok(vec![7]));
    assert!(sent.elapsed() >= delay, "{:?}", sent.elapsed());
}

#[tokio::test]
async fn drop_every_1_never_replies_but_the_request_takes_effect() {
    let sim = start(&format!("drop_every = 1\n{ONE_REGISTER}")).await;
    let mut c = client(sim.addr()).await;
    let answer = tokio::time::timeout(SHORT, c.read_holding_registers(0, 1)).await;
    assert!(answer.is_err(), "answered: {answer:?}");

    let mut c = client(sim.addr()).await;
    let answer = tokio::time::timeout(SHORT, c.write_single_register(0, 99)).await;
    assert!(answer.is_err(), "answered: {answer:?}");
    assert_eq!(sim.running.value("setpoint"), Some(99.0));
}

#[tokio::test]
async fn drop_every_3_leaves_out_every_third_reply() {
    let sim = start(&format!("drop_every = 3\n{ONE_REGISTER}")).await;
    let mut c = client(sim.addr()).await;
    for number in 1..=6 {
        if number % 3 == 0 {
            let answer = tokio::time::timeout(SHORT, c.read_holding_registers(0, 1)).await;
            assert!(answer.is_err(), "request {number} answered: {answer:?}");
        } else {
            let answer = within(c.read_holding_registers(0, 1)).await.unwrap();
            assert_eq!(answer, Ok(vec![7]), "request {number}");
        }
    }
}

#[tokio::test]
async fn only_the_configured_unit_id_is_answered() {
    let sim = start(&format!("unit_id = 7\n{ONE_REGISTER}")).await;
    let mut right = client_for(sim.addr(), 7).await;
    assert_eq!(within(right.read_holding_registers(0, 1)).await.unwrap(), Ok(vec![7]));
    let mut wrong = client_for(sim.addr(), 8).await;
    let answer = tokio::time::timeout(SHORT, wrong.read_holding_registers(0, 1)).await;
    assert!(answer.is_err(), "unit 8 answered: {answer:?}");
}

#[tokio::test]
async fn without_unit_id_every_unit_is_answered() {
    let sim = start(ONE_REGISTER).await;
    for unit in [0, 1, 17, 255] {
        let mut c = client_for(sim.addr(), unit).await;
        assert_eq!(within(c.read_holding_registers(0, 1)).await.unwrap(), Ok(vec![7]), "unit {unit}");
    }
}

#[tokio::test]
async fn shutdown_stops_listening_and_closes_open_connections() {
    let sim = start(ONE_REGISTER).await;
    let addr = sim.addr();
    let mut c = client(addr).await;
    assert_eq!(within(c.read_holding_registers(0, 1)).await.unwrap(), Ok(vec![7]));
    within(sim.running.shutdown()).await.unwrap();

    let refused = tokio::net::TcpStream::connect(addr).await;
    assert!(refused.is_err(), "still accepting connections");
    let answer = within(c.read_holding_registers(0, 1)).await;
    assert!(answer.is_err(), "answered after shutdown: {answer:?}");
}
