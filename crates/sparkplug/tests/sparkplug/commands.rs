//! What the host publishes, and the demo edge node's messages: topics, QoS, retain flags and payloads as the
//! specification requires them.

use ironsight_sparkplug::command::edge::{BirthDef, DataValue, EdgeNode, is_rebirth_request};
use ironsight_sparkplug::command::{HostState, Write, host_offline, host_state, rebirth_request, write};
use ironsight_sparkplug::proto::payload::metric;
use ironsight_sparkplug::{DataType, HostId, MetricValue, NodeId, decode};

fn node() -> NodeId {
    NodeId::new("Plant", "EG-01").unwrap()
}

#[test]
fn the_rebirth_request_is_an_ncmd_with_node_control_rebirth_true_and_no_seq() {
    let out = rebirth_request(&node(), 1_000);
    assert_eq!((out.topic.as_str(), out.qos, out.retain), ("spBv1.0/Plant/NCMD/EG-01", 0, false));
    let payload = decode(&out.payload).unwrap();
    assert_eq!((payload.timestamp, payload.seq), (Some(1_000), None));
    let m = &payload.metrics[0];
    assert_eq!(
        (m.name.as_deref(), m.alias, m.datatype),
        (Some("Node Control/Rebirth"), None, Some(DataType::Boolean as u32))
    );
    assert_eq!(m.value, Some(metric::Value::BooleanValue(true)));
    assert!(is_rebirth_request(&payload));
}

#[test]
fn writes_go_by_alias_when_there_is_one_with_their_datatype() {
    let writes = [
        Write { name: "Setpoint".into(), alias: Some(12), value: MetricValue::Float(42.5) },
        Write { name: "Mode".into(), alias: None, value: MetricValue::Int16(-3) },
    ];
    let out = write(&node(), Some("Pump"), &writes, 7).unwrap();
    assert_eq!((out.topic.as_str(), out.qos, out.retain), ("spBv1.0/Plant/DCMD/EG-01/Pump", 0, false));
    let payload = decode(&out.payload).unwrap();
    assert_eq!((payload.timestamp, payload.seq), (Some(7), None));
    let by_alias = &payload.metrics[0];
    assert_eq!(
        (by_alias.name.as_deref(), by_alias.alias, by_alias.datatype),
        (None, Some(12), Some(DataType::Float as u32))
    );
    assert_eq!(by_alias.value, Some(metric::Value::FloatValue(42.5)));
    let by_name = &payload.metrics[1];
    assert_eq!(
        (by_name.name.as_deref(), by_name.alias, by_name.datatype),
        (Some("Mode"), None, Some(DataType::Int16 as u32))
    );
    assert_eq!(by_name.value, Some(metric::Value::IntValue(0xFFFF_FFFD)));
    assert!(!is_rebirth_request(&payload));

    assert_eq!(write(&node(), None, &writes, 7).unwrap().topic, "spBv1.0/Plant/NCMD/EG-01");
    assert_eq!(write(&node(), Some("a/b"), &writes, 7), None);
}

#[test]
fn the_host_state_will_and_birth_share_the_connect_timestamp() {
    let host = HostId::new("ironsight").unwrap();
    let messages = host_state(&host, 1_700_000_000_000);
    for (out, online) in [(&messages.will, false), (&messages.online, true)] {
        assert_eq!((out.topic.as_str(), out.qos, out.retain), ("spBv1.0/STATE/ironsight", 1, true));
        let json = format!(r#"{{"online":{online},"timestamp":1700000000000}}"#);
        assert_eq!(String::from_utf8(out.payload.clone()).unwrap(), json);
    }
    let offline = host_offline(&host, 5);
    assert_eq!(HostState::parse(&offline.payload), Some(HostState { online: false, timestamp: 5 }));
    assert_eq!(
        HostState::parse(br#"{"timestamp":1,"online":true,"extra":[]}"#),
        Some(HostState { online: true, timestamp: 1 })
    );
    for bad in [
        &b"ONLINE"[..],
        br#"{"online":"yes","timestamp":1}"#,
        br#"{"online":true}"#,
        br#"{"online":true,"timestamp":-1}"#,
    ] {
        assert_eq!(HostState::parse(bad), None);
    }
}

#[test]
fn the_edge_node_numbers_its_messages_as_the_specification_requires() {
    let mut edge = EdgeNode::new(node(), 255);
    let death = edge.death(1);
    assert_eq!((death.topic.as_str(), death.qos, death.retain), ("spBv1.0/Plant/NDEATH/EG-01", 1, false));
    let will = decode(&death.payload).unwrap();
    assert_eq!(will.seq, None, "NDEATH carries no seq");
    assert_eq!(
        (will.metrics[0].name.as_deref(), &will.metrics[0].value),
        (Some("bdSeq"), &Some(metric::Value::LongValue(255)))
    );
    assert_eq!(will.metrics[0].datatype, Some(DataType::Int64 as u32));

    let metric = BirthDef {
        unit: Some("m".into()),
        range: Some((0.0, 5.0)),
        ..BirthDef::new("Level", Some(1), MetricValue::Double(1.0))
    };
    let birth = decode(&edge.birth(&[metric], 2).payload).unwrap();
    assert_eq!(birth.seq, Some(0));
    let names: Vec<_> = birth.metrics.iter().map(|m| (m.name.as_deref().unwrap(), m.alias)).collect();
    assert_eq!(names, [("bdSeq", None), ("Node Control/Rebirth", None), ("Level", Some(1))]);
    assert_eq!(birth.metrics[1].value, Some(metric::Value::BooleanValue(false)));
    assert_eq!(birth.metrics[2].properties.as_ref().unwrap().keys, ["engUnit", "engLow", "engHigh"]);

    let level = DataValue { name: "Level".into(), alias: Some(1), value: MetricValue::Double(2.0) };
    let mut seqs = vec![decode(&edge.device_birth("D", &[], 3).unwrap().payload).unwrap().seq];
    for _ in 0..256 {
        seqs.push(decode(&edge.data(std::slice::from_ref(&level), 3).payload).unwrap().seq);
    }
    assert_eq!(seqs[..3], [Some(1), Some(2), Some(3)]);
    assert_eq!(seqs[254..], [Some(255), Some(0), Some(1)]);
    let data = decode(&edge.data(&[level], 3).payload).unwrap();
    assert_eq!(
        (data.metrics[0].name.as_deref(), data.metrics[0].alias, data.metrics[0].datatype),
        (None, Some(1), None)
    );

    edge.reconnect();
    assert_eq!(edge.bd_seq(), 0, "bdSeq 255 wraps to 0 on the next connection");
    assert_eq!(edge.device_death("a+b", 4), None);
}
