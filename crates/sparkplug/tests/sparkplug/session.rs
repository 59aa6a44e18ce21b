//! The host's session rules for births and data: named values, the sequence, rebirth requests.

use crate::rig::{Rig, T, node, node_metrics, pressure, pump_metrics, rebirth, value, values_of};
use ironsight_sparkplug::command::rebirth_request;
use ironsight_sparkplug::payload::{Metric, Payload, PropertySet, PropertyValue};
use ironsight_sparkplug::properties::Quality;
use ironsight_sparkplug::proto::payload::property_value;
use ironsight_sparkplug::session::{RebirthReason, Sample};
use ironsight_sparkplug::{Config, DataType, Event, Host, MessageType, MetricValue, encode};

#[test]
fn birth_then_data_delivers_named_values() {
    let mut rig = Rig::new(Config::default());
    let events = rig.feed(|e| e.birth(&node_metrics(), T));
    let [Event::NodeBorn { node: n, bd_seq, timestamp, metrics }] = events.as_slice() else { panic!("{events:?}") };
    assert_eq!((n, *bd_seq, *timestamp), (&node(), Some(3), T));
    let names: Vec<_> = metrics.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["bdSeq", "Node Control/Rebirth", "Pressure", "Running"]);
    let pressure = &metrics[2];
    assert_eq!((pressure.alias, pressure.datatype), (Some(1), DataType::Double));
    assert_eq!(pressure.value, Some(Sample::Value(MetricValue::Double(2.5))));
    assert_eq!(pressure.props.unit.as_deref(), Some("bar"));
    assert_eq!((pressure.props.eng_low, pressure.props.eng_high), (Some(0.0), Some(16.0)));

    let mut rig = Rig::born();
    assert!(rig.host.node_online(&node()) && rig.host.device_online(&node(), "Pump"));
    let speed = rig.host.metric(&node(), Some("Pump"), "Speed").unwrap();
    assert_eq!((speed.alias, speed.datatype), (Some(10), DataType::UInt16));

    let events = rig.feed(|e| e.data(&[value("Pressure", Some(1), MetricValue::Double(3.0))], T + 5));
    let [Event::Values { device: None, values, .. }] = events.as_slice() else { panic!("{events:?}") };
    assert_eq!((values[0].name.as_str(), values[0].timestamp), ("Pressure", T + 5));
    assert_eq!(values[0].value, Sample::Value(MetricValue::Double(3.0)));

    // By alias, and by name where the birth gave no alias.
    let data = [
        value("Speed", Some(10), MetricValue::UInt16(1500)),
        value("Mode", None, MetricValue::String("manual".into())),
    ];
    let events = rig.feed(|e| e.device_data("Pump", &data, T).unwrap());
    let [Event::Values { device: Some(d), .. }] = events.as_slice() else { panic!("{events:?}") };
    assert_eq!(d, "Pump");
    assert_eq!(
        values_of(&events),
        [
            ("Speed".into(), Sample::Value(MetricValue::UInt16(1500))),
            ("Mode".into(), Sample::Value(MetricValue::String("manual".into())))
        ]
    );
}

#[test]
fn seq_wraps_from_255_to_0_without_a_rebirth() {
    let mut rig = Rig::born();
    for i in 0..600 {
        let events = rig.pressure(f64::from(i));
        assert!(!events.iter().any(|e| matches!(e, Event::RebirthNeeded { .. })), "message {i}: {events:?}");
    }
}

#[test]
fn a_seq_gap_asks_for_a_rebirth_once_and_still_delivers_the_values() {
    let mut rig = Rig::born();
    rig.pressure(1.0); // seq 2
    let _lost = pressure(&mut rig.edge, 2.0); // seq 3, never arrives
    let events = rig.pressure(3.0);
    assert_eq!(events[0], rebirth(RebirthReason::SeqGap { expected: 3, got: 4 }));
    assert_eq!(values_of(&events), [("Pressure".into(), Sample::Value(MetricValue::Double(3.0)))]);

    let _lost = pressure(&mut rig.edge, 4.0);
    let events = {
        let message = pressure(&mut rig.edge, 5.0);
        rig.deliver(message, T + 1_000)
    };
    assert_eq!(events.len(), 1, "within the hold-off the request is not repeated: {events:?}");

    // The node answers with a new birth: the sequence starts again from it.
    rig.feed(|e| e.birth(&node_metrics(), T));
    assert_eq!(rig.pressure(6.0).len(), 1);
}

#[test]
fn a_seq_gap_filled_within_the_reorder_timeout_is_forgiven() {
    let mut rig = Rig::new(Config { reorder_timeout_ms: 2_000, ..Config::default() });
    rig.feed(|e| e.birth(&node_metrics(), T));
    let mut edge = rig.edge.clone();
    let late = edge.data(&[value("Pressure", Some(1), MetricValue::Double(1.0))], T);
    let early = edge.data(&[value("Pressure", Some(1), MetricValue::Double(2.0))], T);
    assert_eq!(values_of(&rig.deliver(early, T)).len(), 1, "delivered as it arrives");
    assert_eq!(values_of(&rig.deliver(late, T + 500)).len(), 1);
    assert_eq!(rig.host.tick(T + 10_000), []);

    // A gap nothing fills asks once the timeout has passed.
    let _lost = edge.data(&[value("Pressure", Some(1), MetricValue::Double(3.0))], T);
    let next = edge.data(&[value("Pressure", Some(1), MetricValue::Double(4.0))], T);
    let events = rig.deliver(next, T + 20_000);
    assert!(!events.iter().any(|e| matches!(e, Event::RebirthNeeded { .. })), "{events:?}");
    assert_eq!(rig.host.tick(T + 21_999), []);
    assert_eq!(rig.host.tick(T + 22_000), [rebirth(RebirthReason::SeqGap { expected: 3, got: 4 })]);
}

#[test]
fn data_before_birth_asks_for_a_rebirth_and_delivers_nothing() {
    let mut rig = Rig::new(Config::default());
    let mut edge = rig.edge.clone();
    edge.birth(&node_metrics(), T); // published before the host subscribed
    let events = rig.deliver(edge.data(&[value("Pressure", Some(1), MetricValue::Double(1.0))], T), T);
    assert_eq!(events, [rebirth(RebirthReason::DataBeforeBirth(MessageType::NData))]);
    let events = rig.deliver(edge.device_birth("Pump", &pump_metrics(), T).unwrap(), T + 4_999);
    assert_eq!(events, [], "held off");
    let events = rig
        .deliver(edge.device_data("Pump", &[value("Speed", Some(10), MetricValue::UInt16(1))], T).unwrap(), T + 5_000);
    assert_eq!(events, [rebirth(RebirthReason::DataBeforeBirth(MessageType::DData))]);
    assert!(!rig.host.node_online(&node()));
}

#[test]
fn an_unknown_alias_or_name_asks_for_a_rebirth_and_the_rest_is_delivered() {
    let mut rig = Rig::born();
    let data = [value("?", Some(99), MetricValue::Double(1.0)), value("Pressure", Some(1), MetricValue::Double(2.0))];
    let events = rig.feed(|e| e.data(&data, T));
    assert_eq!(values_of(&events), [("Pressure".into(), Sample::Value(MetricValue::Double(2.0)))]);
    assert_eq!(events.last(), Some(&rebirth(RebirthReason::UnknownAlias { device: None, alias: 99 })));

    let mut rig = Rig::born();
    let events = rig.feed(|e| e.device_data("Pump", &[value("Torque", None, MetricValue::Float(1.0))], T).unwrap());
    assert_eq!(events, [rebirth(RebirthReason::UnknownMetric { device: Some("Pump".into()), name: "Torque".into() })]);
}

#[test]
fn quality_history_flag_and_timestamps_come_through() {
    let mut rig = Rig::born();
    let mut stale = Metric { alias: Some(1), is_historical: Some(true), ..MetricValue::Double(1.0).to_metric() };
    stale.datatype = None;
    stale.properties = Some(PropertySet {
        keys: vec!["Quality".into()],
        values: vec![PropertyValue {
            r#type: Some(DataType::Int32 as u32),
            is_null: None,
            value: Some(property_value::Value::IntValue(500)),
        }],
    });
    let events = rig.raw(MessageType::NData, None, vec![stale], Some(2));
    let [Event::Values { values, .. }] = events.as_slice() else { panic!("{events:?}") };
    assert_eq!((values[0].quality, values[0].historical, values[0].timestamp), (Some(Quality::Stale), true, T));

    // Neither metric nor payload timestamp: the time the message was handed in.
    let payload = Payload {
        seq: Some(3),
        metrics: vec![Metric { alias: Some(2), ..MetricValue::Boolean(true).to_metric() }],
        ..Payload::default()
    };
    let events = rig.host.handle("spBv1.0/Plant/NDATA/EG-01", &encode(&payload), T + 42);
    let [Event::Values { values, .. }] = events.as_slice() else { panic!("{events:?}") };
    assert_eq!(values[0].timestamp, T + 42);
}

#[test]
fn commands_state_and_foreign_topics() {
    let mut host = Host::default();
    let request = rebirth_request(&node(), T);
    assert_eq!(host.handle(&request.topic, &request.payload, T), [], "commands are not looked at");
    let events = host.handle("spBv1.0/STATE/scada-2", br#"{"online":true,"timestamp":5}"#, T);
    let [Event::HostState { host_id, state }] = events.as_slice() else { panic!("{events:?}") };
    assert_eq!((host_id.as_str(), state.online, state.timestamp), ("scada-2", true, 5));
    assert!(matches!(host.handle("spBv1.0/STATE/x", b"ONLINE", T)[..], [Event::Malformed { .. }]));
    assert!(matches!(host.handle("spBv1.0/g/NBIRTH/n", &[0xff], T)[..], [Event::Malformed { .. }]));
    assert!(matches!(host.handle("spBv1.0/g/NBIRTH", &[], T)[..], [Event::BadTopic { .. }]));
}
