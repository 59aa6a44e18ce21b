//! The agent end to end over real sockets: the embedded broker, a device simulator and a test MQTT client
//! playing the server, each on a free port of 127.0.0.1.

mod common;

use common::*;
use ironsight_gateway::start;
use ironsight_protocol::errors::DeviceError;
use ironsight_protocol::payload::{DataReport, GatewayConfig, Quality, ReportKind, Status};
use ironsight_protocol::topics::Channel;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A small pump: values of several types and orders, a coil, a writable set point, a read-only register, and a
/// counter that changes at every poll.
const PUMP: &str = r#"
[[point]]
name = "pressure"
area = "input_register"
address = 0
type = "float32"
generator = { kind = "constant", value = 12.5 }
[[point]]
name = "temperature"
area = "input_register"
address = 2
type = "int16"
scale = 0.1
generator = { kind = "constant", value = -12.3 }
[[point]]
name = "energy"
area = "input_register"
address = 3
type = "uint32"
generator = { kind = "constant", value = 4000000000 }
[[point]]
name = "flow"
area = "input_register"
address = 5
type = "float32"
word_order = "little"
generator = { kind = "constant", value = -0.75 }
[[point]]
name = "running"
area = "discrete_input"
address = 0
generator = { kind = "constant", value = true }
[[point]]
name = "start"
area = "coil"
address = 0
generator = { kind = "constant", value = false }
[[point]]
name = "setpoint"
area = "holding_register"
address = 0
type = "uint16"
generator = { kind = "constant", value = 1450 }
[[point]]
name = "firmware"
area = "holding_register"
address = 1
type = "uint16"
writable = false
generator = { kind = "constant", value = 102 }
[[point]]
name = "counter"
area = "holding_register"
address = 2
type = "uint16"
generator = { kind = "ramp", from = 0, to = 65000, step = 1, every_ms = 20 }
"#;

const PRESSURE: i64 = 1;
const TEMPERATURE: i64 = 2;
const ENERGY: i64 = 3;
const FLOW: i64 = 4;
const RUNNING: i64 = 5;
const START: i64 = 6;
const SETPOINT: i64 = 7;
const FIRMWARE: i64 = 8;
const COUNTER: i64 = 9;
const UNMAPPED: i64 = 10;
const POLL_MS: u64 = 200;

fn pump_signals() -> Value {
    json!([
        {"id": PRESSURE, "name": "Pressure", "area": "input_register", "address": 0, "dataType": "float32"},
        {"id": TEMPERATURE, "name": "Temperature", "area": "input_register", "address": 2, "dataType": "int16",
         "scale": 0.1},
        {"id": ENERGY, "name": "Energy", "area": "input_register", "address": 3, "dataType": "uint32"},
        {"id": FLOW, "name": "Flow", "area": "input_register", "address": 5, "dataType": "float32",
         "wordOrder": "little"},
        {"id": RUNNING, "name": "Running", "area": "discrete_input", "address": 0, "dataType": "bool"},
        {"id": START, "name": "Start", "area": "coil", "address": 0, "dataType": "bool", "writable": true},
        {"id": SETPOINT, "name": "Set point", "area": "holding_register", "address": 0, "dataType": "uint16",
         "writable": true, "min": 0, "max": 3000},
        {"id": FIRMWARE, "name": "Firmware", "area": "holding_register", "address": 1, "dataType": "uint16"},
        {"id": COUNTER, "name": "Counter", "area": "holding_register", "address": 2, "dataType": "uint16"},
    ])
}

/// Broker, simulator, server client and agent, the agent configured with the pump.
struct Rig {
    broker: Option<ironsight_broker::RunningBroker>,
    sim: ironsight_devsim::Running,
    server: Server,
    agent: Option<ironsight_gateway::RunningAgent>,
    dir: std::path::PathBuf,
}

async fn rig_with(signals: Value, sample_interval_ms: u64) -> Rig {
    let broker = any_broker().await;
    let sim = device(PUMP).await;
    let mut server = Server::connect(broker.local_addr()).await;
    let dir = temp_dir("agent");
    let agent = start(agent_config(broker.local_addr(), &dir)).await.unwrap();
    server.status("online status", |s| s.online).await;
    let config = gateway_config(1, sample_interval_ms, vec![tcp_device(3, sim.local_addr().port(), POLL_MS, signals)]);
    server.configure(&config).await;
    Rig { broker: Some(broker), sim, server, agent: Some(agent), dir }
}

async fn rig() -> Rig {
    rig_with(pump_signals(), 3_600_000).await
}

impl Drop for Rig {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn value(report: &DataReport, signal: i64) -> Option<f64> {
    reading(report, signal).and_then(|r| r.v)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn configuration_is_applied_acknowledged_and_announced() {
    let mut rig = rig().await;
    let status = rig.server.status("status with the configuration version", |s| s.config_version == Some(1)).await;
    assert!(status.online);
    assert_eq!((status.model.as_str(), status.firmware.as_str()), ("EG-TEST", "0.0.1"));
    assert_eq!((status.signal_strength, status.buffered, status.dropped), (None, 0, 0));
    // The same version again (as after every reconnection, the config being retained) is not applied twice.
    let config =
        gateway_config(1, 3_600_000, vec![tcp_device(3, rig.sim.local_addr().port(), POLL_MS, pump_signals())]);
    rig.server.send_json(Channel::Config, true, &config).await;
    let mut next = config.clone();
    next["version"] = json!(2);
    rig.server.send_json(Channel::Config, true, &next).await;
    let ack = rig.server.ack(2).await;
    assert!(ack.ok);
    let earlier: Vec<_> = rig.server.drain(Duration::ZERO).await;
    assert!(
        !earlier.iter().any(|m| m.channel == Channel::ConfigAck && m.json::<Value>()["version"] == 1),
        "version 1 acknowledged once only"
    );
    assert!(rig.dir.join("config.json").exists(), "the applied configuration is saved");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn change_reports_carry_decoded_values_of_every_type() {
    let mut rig = rig().await;
    let first =
        rig.server.report("a first change report", |r| r.kind == ReportKind::Change && r.readings.len() >= 9).await;
    assert_eq!(value(&first, PRESSURE), Some(12.5));
    assert!((value(&first, TEMPERATURE).unwrap() + 12.3).abs() < 1e-9, "int16 × 0.1");
    assert_eq!(value(&first, ENERGY), Some(4_000_000_000.0), "uint32 above i32::MAX");
    assert_eq!(value(&first, FLOW), Some(-0.75), "float32, low word first");
    assert_eq!(value(&first, RUNNING), Some(1.0));
    assert_eq!(value(&first, START), Some(0.0));
    assert_eq!(value(&first, SETPOINT), Some(1450.0));
    assert_eq!(value(&first, FIRMWARE), Some(102.0));
    assert!(first.readings.iter().all(|r| r.q == Quality::Good && r.t > 0));
    assert!(first.errors.is_empty());
    // Later change reports carry only what changed: the counter.
    let later = rig.server.report("a later change report", |r| r.kind == ReportKind::Change && r.seq > first.seq).await;
    let signals: Vec<i64> = later.readings.iter().map(|r| r.signal).collect();
    assert_eq!(signals, [COUNTER], "constants are not repeated");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn samples_carry_every_signal_periodically() {
    let mut rig = rig_with(pump_signals(), 400).await;
    let mut seqs = Vec::new();
    for _ in 0..2 {
        let sample = rig.server.report("a sample", |r| r.kind == ReportKind::Sample && !seqs.contains(&r.seq)).await;
        assert_eq!(sample.readings.len(), 9, "every signal");
        assert_eq!(value(&sample, PRESSURE), Some(12.5));
        seqs.push(sample.seq);
    }
    assert!(seqs[1] > seqs[0]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_monitor_window_reports_everything_then_closes() {
    let mut rig = rig().await;
    rig.server.report("first change report", |r| r.kind == ReportKind::Change).await;
    rig.server.send_json(Channel::Monitor, false, &json!({"intervalMs": 200, "durationMs": 1500})).await;
    let mut seen = Vec::new();
    while seen.len() < 3 {
        let sample =
            rig.server.report("a monitor sample", |r| r.kind == ReportKind::Sample && !seen.contains(&r.seq)).await;
        assert_eq!(sample.readings.len(), 9);
        seen.push(sample.seq);
    }
    // The window closes: a quiet second without samples comes (it never would if the window stayed open, one
    // arriving every 200 ms), and stays quiet for another one.
    let deadline = tokio::time::Instant::now() + DEADLINE;
    loop {
        let messages = rig.server.drain(Duration::from_millis(1000)).await;
        let samples = messages
            .iter()
            .filter(|m| m.channel == Channel::Data && m.json::<DataReport>().kind == ReportKind::Sample)
            .count();
        if samples == 0 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the monitor window never closed");
    }
    let later = rig.server.drain(Duration::from_millis(1000)).await;
    assert!(later.iter().all(|m| m.channel != Channel::Data || m.json::<DataReport>().kind != ReportKind::Sample));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_reaches_the_device_and_is_read_back() {
    let mut rig = rig().await;
    let result = rig.server.command(&json!({"kind": "write", "uuid": "w1", "signal": SETPOINT, "value": 2100})).await;
    assert!(result.ok, "{result:?}");
    assert_eq!(result.readings.len(), 1);
    assert_eq!((result.readings[0].signal, result.readings[0].v), (SETPOINT, Some(2100.0)));
    assert_eq!(rig.sim.value("setpoint"), Some(2100.0));
    let coil = rig.server.command(&json!({"kind": "write", "uuid": "w2", "signal": START, "value": 1})).await;
    assert!(coil.ok, "{coil:?}");
    assert_eq!(rig.sim.value("start"), Some(1.0));
    // The new value is also reported as a change.
    rig.server.report("the written value as a change", |r| value(r, SETPOINT) == Some(2100.0)).await;
    let read = rig.server.command(&json!({"kind": "read", "uuid": "r1", "signals": [PRESSURE, START]})).await;
    assert!(read.ok);
    let values: Vec<_> = read.readings.iter().map(|r| (r.signal, r.v)).collect();
    assert_eq!(values, [(PRESSURE, Some(12.5)), (START, Some(1.0))]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_that_cannot_be_right_are_refused_before_sending() {
    let mut rig = rig().await;
    let cases = [
        (json!({"kind": "write", "uuid": "a", "signal": FIRMWARE, "value": 1}), DeviceError::ReadOnly),
        (json!({"kind": "write", "uuid": "b", "signal": PRESSURE, "value": 1}), DeviceError::ReadOnly),
        (json!({"kind": "write", "uuid": "c", "signal": SETPOINT, "value": 3001}), DeviceError::OutOfRange),
        (json!({"kind": "write", "uuid": "d", "signal": SETPOINT, "value": -5}), DeviceError::OutOfRange),
        (json!({"kind": "write", "uuid": "e", "signal": START, "value": 2}), DeviceError::OutOfRange),
        (json!({"kind": "write", "uuid": "f", "signal": 999, "value": 1}), DeviceError::NoSuchSignal),
        (json!({"kind": "read", "uuid": "g", "signals": [PRESSURE, 999]}), DeviceError::NoSuchSignal),
    ];
    for (command, error) in cases {
        let result = rig.server.command(&command).await;
        assert_eq!((result.ok, result.error), (false, Some(error)), "{command}");
        assert!(result.readings.is_empty());
    }
    // Had the firmware write been sent, the simulator would have answered exception 02; it still holds 102,
    // and the set point its first value.
    assert_eq!(rig.sim.value("firmware"), Some(102.0));
    assert_eq!(rig.sim.value("setpoint"), Some(1450.0));
    let bad = rig.server.command(&json!({"kind": "write", "uuid": "h", "signal": "x"})).await;
    assert_eq!((bad.ok, bad.error), (false, None), "a uuid with unreadable content is answered");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_to_an_address_the_device_lacks_answers_exception_2() {
    let mut signals = pump_signals();
    signals.as_array_mut().unwrap().push(json!(
        {"id": UNMAPPED, "name": "Nowhere", "area": "holding_register", "address": 40, "dataType": "uint16",
         "writable": true}
    ));
    let mut rig = rig_with(signals, 3_600_000).await;
    let report = rig.server.report("a report of the unmapped signal", |r| reading(r, UNMAPPED).is_some()).await;
    assert_eq!(reading(&report, UNMAPPED).unwrap().q, Quality::Bad);
    assert_eq!(report.errors.get(&UNMAPPED.to_string()), Some(&DeviceError::Exception { code: 2 }));
    assert!(!report.errors.contains_key(&PRESSURE.to_string()), "other signals are unaffected");
    let result = rig.server.command(&json!({"kind": "write", "uuid": "x", "signal": UNMAPPED, "value": 5})).await;
    assert_eq!((result.ok, result.error), (false, Some(DeviceError::Exception { code: 2 })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_device_turns_its_signals_bad_and_the_gateway_stays_online() {
    let mut rig = rig().await;
    rig.server.report("good values", |r| value(r, PRESSURE) == Some(12.5)).await;
    rig.sim.shutdown_handle().shutdown();
    let bad = rig.server.report("bad values", |r| reading(r, PRESSURE).is_some_and(|p| p.q == Quality::Bad)).await;
    assert_eq!(value(&bad, PRESSURE), Some(12.5), "the last good value is kept");
    let error = bad.errors.get(&PRESSURE.to_string()).copied();
    assert!(matches!(error, Some(DeviceError::Unreachable | DeviceError::Timeout)), "{error:?}");
    let result = rig.server.command(&json!({"kind": "read", "uuid": "r", "signals": [PRESSURE]})).await;
    assert!(!result.ok && result.readings[0].q == Quality::Bad, "the agent still answers: {result:?}");
    let messages = rig.server.drain(Duration::from_millis(200)).await;
    assert!(
        !messages.iter().any(|m| m.channel == Channel::Status && !m.json::<Status>().online),
        "the gateway never went offline"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreadable_configurations_are_refused_and_the_old_one_stays() {
    let mut rig = rig().await;
    rig.server.send(Channel::Config, true, "{ not json").await;
    let ack = rig.server.ack(0).await;
    assert!(!ack.ok && ack.error.as_deref().is_some_and(|e| e.starts_with("not a configuration")), "{ack:?}");
    let mut invalid =
        gateway_config(5, 1000, vec![tcp_device(3, rig.sim.local_addr().port(), POLL_MS, pump_signals())]);
    invalid["devices"][0]["signals"][0]["address"] = json!(3);
    rig.server.send_json(Channel::Config, true, &invalid).await;
    let ack = rig.server.ack(5).await;
    assert!(!ack.ok);
    assert!(ack.error.as_deref().is_some_and(|e| e.starts_with("devices.0.signals.")), "{ack:?}");
    // Still polling with version 1.
    rig.server.drain(Duration::ZERO).await;
    rig.server.report("a change under the old configuration", |r| reading(r, COUNTER).is_some()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_on_every_topic_neither_kills_nor_confuses_the_agent() {
    let mut rig = rig().await;
    let payloads: [&[u8]; 8] = [
        b"",
        b"\xff\xfe\x00",
        b"[]",
        b"null",
        b"{\"kind\":\"write\"}",
        b"{\"intervalMs\":-1}",
        b"{\"uuid\": 5}",
        b"{\"version\": 18446744073709551615}",
    ];
    for payload in payloads {
        rig.server.send(Channel::Monitor, false, payload).await;
        rig.server.send(Channel::Command, false, payload).await;
    }
    let result = rig.server.command(&json!({"kind": "read", "uuid": "alive", "signals": [PRESSURE]})).await;
    assert!(result.ok);
    rig.server.send(Channel::Config, true, &b"\x00\x01"[..]).await;
    assert!(!rig.server.ack(0).await.ok);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dropping_the_agent_delivers_the_last_will() {
    let mut rig = rig().await;
    drop(rig.agent.take());
    let will = rig.server.status("the last will", |s| !s.online).await;
    assert!(will.t > 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clean_shutdown_leaves_a_retained_offline_status() {
    let mut rig = rig().await;
    rig.agent.take().unwrap().shutdown().await;
    rig.server.status("the offline status", |s| !s.online).await;
    let addr = rig.broker.as_ref().unwrap().local_addr();
    let mut late = Server::connect_as(addr, "ironsight:server-2").await;
    let retained = late
        .wait_for("the retained status", |m| (m.channel == Channel::Status).then(|| (m.retain, m.json::<Status>())))
        .await;
    assert!(retained.0 && !retained.1.online, "{retained:?}");
}

/// The broker stops for a few seconds while the device keeps changing; after it is back (same port) the agent
/// replays what it buffered, before any new live report, and the server has a reading of the counter for every
/// poll of the outage.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outage_of_the_broker_is_replayed_without_a_gap() {
    let gateway_allowed = Arc::new(AtomicBool::new(true));
    let broker = gated_broker("127.0.0.1:0".parse().unwrap(), Arc::clone(&gateway_allowed)).await;
    let addr = broker.local_addr();
    let sim = device(PUMP).await;
    let mut server = Server::connect(addr).await;
    let dir = temp_dir("outage");
    let agent = start(agent_config(addr, &dir)).await.unwrap();
    let signals =
        json!([{"id": COUNTER, "name": "Counter", "area": "holding_register", "address": 2, "dataType": "uint16"}]);
    server
        .configure(&gateway_config(1, 3_600_000, vec![tcp_device(3, sim.local_addr().port(), POLL_MS, signals)]))
        .await;
    let mut seen: Vec<DataReport> = Vec::new();
    for _ in 0..3 {
        seen.push(server.report("a change before the outage", |r| r.kind == ReportKind::Change).await);
    }

    broker.shutdown().await;
    let outage_start = now_ms();
    // What the server got before the broker went away.
    let before = server.drain(Duration::from_millis(200)).await;
    seen.extend(before.iter().filter(|m| m.channel == Channel::Data).map(|m| m.json::<DataReport>()));
    tokio::time::sleep(Duration::from_secs(3)).await;
    // Back on the same port; the server's client resubscribes before the gateway is let in, so that no replayed
    // report goes to a broker with nobody subscribed.
    gateway_allowed.store(false, Ordering::SeqCst);
    let subscriptions = server.subscriptions();
    let broker = gated_broker(addr, Arc::clone(&gateway_allowed)).await;
    server.resubscribed(subscriptions).await;
    let outage_end = now_ms();
    gateway_allowed.store(true, Ordering::SeqCst);

    let status = server.status("online again", |s| s.online).await;
    assert!(status.buffered > 0, "the status tells what is buffered: {status:?}");
    // Reports in arrival order until live ones newer than the outage come.
    let mut after: Vec<DataReport> = Vec::new();
    while !after.iter().any(|r| r.kind == ReportKind::Change && r.readings.iter().any(|x| x.t > outage_end + 1000)) {
        after.push(server.report("a report after the outage", |_| true).await);
    }
    assert_eq!(after[0].kind, ReportKind::Replay, "the replay comes first");
    let first_live = after.iter().position(|r| r.kind != ReportKind::Replay).unwrap();
    assert!(after[first_live..].iter().all(|r| r.kind != ReportKind::Replay), "no replay after a live report");
    let replayed: Vec<i64> = after[..first_live].iter().flat_map(|r| r.readings.iter().map(|x| x.t)).collect();
    assert!(replayed.windows(2).all(|w| w[0] <= w[1]), "replayed in order");
    assert!(after.windows(2).all(|w| w[0].seq < w[1].seq), "seq increases");

    // Every counter reading the server got, by time: no hole larger than a poll plus slack around the outage.
    let mut times: Vec<i64> = seen
        .into_iter()
        .chain(after)
        .flat_map(|r| r.readings.into_iter().filter(|x| x.signal == COUNTER).map(|x| x.t))
        .collect();
    times.sort_unstable();
    times.dedup();
    let window: Vec<i64> =
        times.iter().copied().filter(|&t| t >= outage_start - 2000 && t <= outage_end + 1000).collect();
    assert!(window.first().is_some_and(|&t| t <= outage_start) && window.last().is_some_and(|&t| t >= outage_end));
    let slack = 1000;
    let holes: Vec<(i64, i64)> =
        window.windows(2).filter(|w| w[1] - w[0] > POLL_MS as i64 + slack).map(|w| (w[0], w[1])).collect();
    assert!(holes.is_empty(), "holes in the readings: {holes:?} (outage {outage_start}..{outage_end})");

    agent.shutdown().await;
    broker.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// The broker acknowledges a report as soon as it has it; the server confirms it only once it is stored. A report
/// the broker acknowledged and the server never confirmed (a server killed before its database write) is sent
/// again from the disk buffer after `stored_timeout` (2 s here), and leaves the buffer once confirmed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_the_server_did_not_confirm_as_stored_is_sent_again() {
    let mut rig = rig().await;
    rig.server.set_confirming(false);
    rig.server.drain(Duration::from_millis(300)).await; // earlier reports, confirmed
    let first = rig.server.report("a change nobody confirms", |r| r.kind == ReportKind::Change).await;
    rig.server.set_confirming(true);
    let readings = |r: &DataReport| r.readings.iter().map(|x| (x.signal, x.t)).collect::<Vec<_>>();
    let sent = readings(&first);
    let again = rig
        .server
        .report("the unconfirmed report again", |r| r.kind == ReportKind::Replay && readings(r) == sent)
        .await;
    assert!(again.seq > first.seq, "a new publish of this run");
    // Confirmed now: the replays end (an unconfirmed one would come again within the timeout).
    rig.server.drain(Duration::from_secs(1)).await;
    let later = rig.server.drain(Duration::from_secs(3)).await;
    let replays =
        later.iter().filter(|m| m.channel == Channel::Data && m.json::<DataReport>().kind == ReportKind::Replay);
    assert_eq!(replays.count(), 0, "nothing is sent again once confirmed");
    assert!(later.iter().any(|m| m.channel == Channel::Data), "live reports go on");
    rig.agent.take().unwrap().shutdown().await;
}

/// The agent starts with the configuration an earlier run saved and no broker to talk to: it polls and buffers
/// at once; the buffer's bound drops the oldest readings and counts them; when the broker appears, the status
/// says so and what is left is replayed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_configuration_polls_before_the_broker_is_reachable_and_the_buffer_stays_bounded() {
    let sim = device(PUMP).await;
    let dir = temp_dir("bound");
    let signals =
        json!([{"id": COUNTER, "name": "Counter", "area": "holding_register", "address": 2, "dataType": "uint16"}]);
    let config: GatewayConfig = serde_json::from_value(gateway_config(
        4,
        3_600_000,
        vec![tcp_device(3, sim.local_addr().port(), 100, signals)],
    ))
    .unwrap();
    ironsight_gateway::device_config::save(&dir, &config).unwrap();
    let port = free_port();
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let mut agent_config = agent_config(addr, &dir);
    agent_config.buffer_max_readings = 10;
    let agent = start(agent_config).await.unwrap();

    // Wait until the buffer on disk has dropped readings.
    let state = dir.join("buffer").join("state.json");
    let deadline = tokio::time::Instant::now() + DEADLINE;
    loop {
        let dropped = std::fs::read(&state)
            .ok()
            .and_then(|b| serde_json::from_slice::<Value>(&b).ok())
            .and_then(|v| v["dropped"].as_u64());
        if dropped.is_some_and(|d| d > 0) {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the buffer never filled");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let gateway_allowed = Arc::new(AtomicBool::new(false));
    let broker = gated_broker(addr, Arc::clone(&gateway_allowed)).await;
    let mut server = Server::connect(addr).await;
    let allowed_at = now_ms();
    gateway_allowed.store(true, Ordering::SeqCst);
    let status = server.status("online", |s| s.online).await;
    assert_eq!(status.config_version, Some(4), "the saved configuration is in force");
    assert!(status.dropped > 0 && status.buffered <= 10, "{status:?}");
    let mut replayed = Vec::new();
    loop {
        let report = server.report("reports after connecting", |_| true).await;
        if report.kind != ReportKind::Replay {
            break;
        }
        replayed.extend(report.readings);
    }
    // Readings taken while the agent could not connect were all buffered: at most the bound of them are left.
    let buffered_before = replayed.iter().filter(|r| r.t < allowed_at).count();
    assert!(buffered_before > 0 && buffered_before <= 10, "{buffered_before} buffered readings replayed");
    // The newest were kept: consecutive polls, without the hole dropping the middle would leave.
    let times: Vec<i64> = replayed.iter().map(|r| r.t).collect();
    assert!(times.windows(2).all(|w| w[0] < w[1] && w[1] - w[0] < 1000), "{times:?}");

    agent.shutdown().await;
    broker.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

/// The server runs the agent inside its own tasks: starting and stopping it must be `Send` futures.
#[allow(dead_code)]
fn start_and_shutdown_are_send(agent: ironsight_gateway::RunningAgent, config: ironsight_gateway::AgentConfig) {
    fn send<T: Send>(_: T) {}
    send(start(config));
    send(agent.shutdown());
}
