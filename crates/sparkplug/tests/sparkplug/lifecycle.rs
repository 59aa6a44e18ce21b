//! The host's session rules for deaths, rebirths that change things, and metrics it cannot use.

use crate::rig::{Rig, T, node, node_metrics, pump_metrics, rebirth, value, values_of};
use ironsight_sparkplug::payload::Metric;
use ironsight_sparkplug::proto::payload::{DataSet, metric};
use ironsight_sparkplug::session::{DeviceDeath, IgnoredDeath, InvalidMetric, Problem, RebirthReason, Sample};
use ironsight_sparkplug::{Config, DataType, Event, MessageType, MetricValue, ValueError};

#[test]
fn a_stale_ndeath_is_ignored_and_says_so() {
    let mut rig = Rig::born();
    let old_will = rig.edge.death(T);
    rig.edge.reconnect(); // bdSeq 4
    rig.feed(|e| e.birth(&node_metrics(), T));
    let events = rig.deliver(old_will, T);
    assert_eq!(
        events,
        [Event::DeathIgnored { node: node(), reason: IgnoredDeath::Stale { death: Some(3), birth: Some(4) } }]
    );
    assert!(rig.host.node_online(&node()));
}

#[test]
fn the_matching_ndeath_ends_the_node_and_its_devices() {
    let mut rig = Rig::born();
    let death = rig.edge.death(T);
    let events = rig.deliver(death.clone(), T);
    assert_eq!(
        events,
        [
            Event::DeviceDead { node: node(), device: "Pump".into(), cause: DeviceDeath::NodeDeath },
            Event::NodeDead { node: node(), bd_seq: Some(3) },
        ]
    );
    assert!(!rig.host.node_online(&node()) && !rig.host.device_online(&node(), "Pump"));
    assert_eq!(rig.host.metric(&node(), None, "Pressure"), None);
    // The broker's will after the node's own NDEATH: a duplicate.
    assert_eq!(
        rig.deliver(death, T),
        [Event::DeathIgnored { node: node(), reason: IgnoredDeath::NotOnline { death: Some(3) } }]
    );
    // Data after death is data before birth.
    let events = rig.pressure(1.0);
    assert_eq!(events, [rebirth(RebirthReason::DataBeforeBirth(MessageType::NData))]);
}

#[test]
fn ddeath_ends_the_device_and_its_data_then_needs_a_new_dbirth() {
    let mut rig = Rig::born();
    let events = rig.feed(|e| e.device_death("Pump", T).unwrap());
    assert_eq!(events, [Event::DeviceDead { node: node(), device: "Pump".into(), cause: DeviceDeath::DDeath }]);
    assert!(rig.host.node_online(&node()) && !rig.host.device_online(&node(), "Pump"));
    let events = rig.feed(|e| e.device_data("Pump", &[value("Speed", Some(10), MetricValue::UInt16(1))], T).unwrap());
    assert_eq!(events, [rebirth(RebirthReason::DeviceNotBorn { device: "Pump".into() })]);
}

#[test]
fn a_new_nbirth_takes_the_devices_offline_until_their_dbirth() {
    let mut rig = Rig::born();
    let events = rig.feed(|e| e.birth(&node_metrics(), T));
    assert_eq!(events[0], Event::DeviceDead { node: node(), device: "Pump".into(), cause: DeviceDeath::NodeRebirth });
    assert!(matches!(events[1], Event::NodeBorn { .. }));
    assert!(!rig.host.device_online(&node(), "Pump"));
}

#[test]
fn a_changed_datatype_in_a_later_birth_is_reported_not_converted() {
    let mut rig = Rig::born();
    let mut changed = node_metrics();
    changed[0].value = MetricValue::Float(2.5);
    let events = rig.feed(|e| e.birth(&changed, T));
    let change = Event::DatatypeChanged {
        node: node(),
        device: None,
        metric: "Pressure".into(),
        was: DataType::Double,
        now: DataType::Float,
    };
    assert_eq!(events[1], change);
    assert!(matches!(events[2], Event::NodeBorn { .. }));
    assert_eq!(rig.host.metric(&node(), None, "Pressure").unwrap().datatype, DataType::Float);

    let mut pump = pump_metrics();
    pump[0].value = MetricValue::Int32(-1);
    let events = rig.feed(|e| e.device_birth("Pump", &pump, T).unwrap());
    let device_change = Event::DatatypeChanged {
        node: node(),
        device: Some("Pump".into()),
        metric: "Speed".into(),
        was: DataType::UInt16,
        now: DataType::Int32,
    };
    assert_eq!(events[0], device_change);
}

#[test]
fn unsupported_metrics_are_counted_and_the_rest_of_the_payload_is_delivered() {
    let mut rig = Rig::new(Config::default());
    let bd_seq = Metric { name: Some("bdSeq".into()), ..MetricValue::Int64(0).to_metric() };
    let pressure = Metric { name: Some("Pressure".into()), alias: Some(1), ..MetricValue::Double(1.0).to_metric() };
    let table = Metric {
        name: Some("Table".into()),
        alias: Some(2),
        datatype: Some(DataType::DataSet as u32),
        value: Some(metric::Value::DatasetValue(DataSet::default())),
        ..Metric::default()
    };
    let array = Metric {
        name: Some("Samples".into()),
        alias: Some(3),
        datatype: Some(DataType::Int16Array as u32),
        value: Some(metric::Value::BytesValue(vec![0xd0, 0x8a, 0x30, 0x75])),
        ..Metric::default()
    };
    let events = rig.raw(MessageType::NBirth, None, vec![bd_seq, pressure, table, array], Some(0));
    let [Event::NodeBorn { metrics, .. }, Event::Unsupported { metrics: unsupported, .. }] = events.as_slice() else {
        panic!("{events:?}")
    };
    assert_eq!(metrics.len(), 4);
    assert_eq!((metrics[2].datatype, &metrics[2].value), (DataType::DataSet, &None));
    assert_eq!(unsupported, &[("Table".into(), DataType::DataSet), ("Samples".into(), DataType::Int16Array)]);

    let data = vec![
        Metric { alias: Some(2), value: Some(metric::Value::DatasetValue(DataSet::default())), ..Metric::default() },
        Metric { alias: Some(1), value: Some(metric::Value::DoubleValue(7.0)), ..Metric::default() },
    ];
    let events = rig.raw(MessageType::NData, None, data, Some(1));
    assert_eq!(values_of(&events), [("Pressure".into(), Sample::Value(MetricValue::Double(7.0)))]);
    assert_eq!(
        events[1],
        Event::Unsupported { node: node(), device: None, metrics: vec![("Table".into(), DataType::DataSet)] }
    );
}

#[test]
fn invalid_metrics_are_reported_and_the_rest_is_delivered() {
    let mut rig = Rig::born();
    let data = vec![
        Metric { alias: Some(1), value: Some(metric::Value::StringValue("high".into())), ..Metric::default() },
        Metric { alias: Some(2), value: Some(metric::Value::BooleanValue(true)), ..Metric::default() },
        Metric { alias: Some(1), is_null: Some(true), ..Metric::default() },
        Metric::default(),
    ];
    let events = rig.raw(MessageType::NData, None, data, Some(2));
    assert_eq!(
        values_of(&events),
        [("Running".into(), Sample::Value(MetricValue::Boolean(true))), ("Pressure".into(), Sample::Null)]
    );
    let wrong = ValueError::WrongField { datatype: DataType::Double, field: "string_value" };
    let invalid = vec![
        InvalidMetric { name: Some("Pressure".into()), alias: Some(1), problem: Problem::Value(wrong) },
        InvalidMetric { name: None, alias: None, problem: Problem::MissingName },
    ];
    assert_eq!(events[1], Event::Invalid { node: node(), device: None, metrics: invalid });
}

#[test]
fn a_birth_metric_without_datatype_or_with_a_taken_alias_is_reported() {
    let mut rig = Rig::new(Config::default());
    let untyped =
        Metric { name: Some("A".into()), alias: Some(1), value: Some(metric::Value::IntValue(1)), ..Metric::default() };
    let taken = Metric { name: Some("B".into()), alias: Some(1), ..MetricValue::Int32(2).to_metric() };
    let events = rig.raw(MessageType::NBirth, None, vec![untyped, taken], Some(0));
    let Event::Invalid { metrics, .. } = &events[1] else { panic!("{events:?}") };
    let problems: Vec<_> = metrics.iter().map(|m| (m.name.as_deref(), m.problem.clone())).collect();
    assert_eq!(problems, [(Some("A"), Problem::MissingDatatype), (Some("B"), Problem::DuplicateAlias(1))]);
    // A's data is counted as unsupported (Unknown), never a rebirth loop.
    let events = rig.raw(MessageType::NData, None, vec![Metric { alias: Some(1), ..Metric::default() }], Some(1));
    assert_eq!(
        events,
        [Event::Unsupported { node: node(), device: None, metrics: vec![("A".into(), DataType::Unknown)] }]
    );
}
