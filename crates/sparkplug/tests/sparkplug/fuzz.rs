//! Property tests: whatever arrives on `spBv1.0/#`, the decoder and the session answer with events or errors and
//! never panic.

use ironsight_sparkplug::command::edge::{BirthDef, DataValue, EdgeNode};
use ironsight_sparkplug::payload::{Metric, Payload, PropertySet, PropertyValue};
use ironsight_sparkplug::proto::payload::{DataSet, Template, metric, property_value};
use ironsight_sparkplug::{Config, Host, MetricValue, NodeId, Topic, decode, encode};
use proptest::prelude::*;
use proptest::sample::Index;

/// Topics near the Sparkplug ones, so that most reach the session instead of stopping at the parser.
fn topic() -> impl Strategy<Value = String> {
    let kind = prop::sample::select(vec![
        "NBIRTH", "NDEATH", "NDATA", "NCMD", "DBIRTH", "DDEATH", "DDATA", "DCMD", "STATE", "X",
    ]);
    let id = prop::sample::select(vec!["g", "n", "d", "", "+", "#", "a/b", "STATE", "\0"]);
    prop_oneof![
        (kind, id.clone(), id.clone(), prop::option::of(id)).prop_map(|(k, g, n, d)| match d {
            Some(d) => format!("spBv1.0/{g}/{k}/{n}/{d}"),
            None => format!("spBv1.0/{g}/{k}/{n}"),
        }),
        any::<String>(),
        "spBv1.0/[a-zA-Z/+#]{0,20}",
    ]
}

/// Any metric value field, and none.
fn metric_value() -> impl Strategy<Value = Option<metric::Value>> {
    prop::option::of(prop_oneof![
        any::<u32>().prop_map(metric::Value::IntValue),
        any::<u64>().prop_map(metric::Value::LongValue),
        any::<f32>().prop_map(metric::Value::FloatValue),
        any::<f64>().prop_map(metric::Value::DoubleValue),
        any::<bool>().prop_map(metric::Value::BooleanValue),
        ".{0,4}".prop_map(metric::Value::StringValue),
        prop::collection::vec(any::<u8>(), 0..8).prop_map(metric::Value::BytesValue),
        Just(metric::Value::DatasetValue(DataSet::default())),
        Just(metric::Value::TemplateValue(Template::default())),
    ])
}

/// Properties with the keys a host reads and one it does not, of any type and field.
fn properties() -> impl Strategy<Value = Option<PropertySet>> {
    let key = prop::sample::select(vec!["engUnit", "engLow", "ENGHIGH", "Quality", "other"]);
    let value = prop_oneof![
        any::<u32>().prop_map(property_value::Value::IntValue),
        any::<u64>().prop_map(property_value::Value::LongValue),
        any::<f64>().prop_map(property_value::Value::DoubleValue),
        ".{0,4}".prop_map(property_value::Value::StringValue),
    ];
    let property = (prop::option::of(0u32..40), prop::option::of(any::<bool>()), prop::option::of(value))
        .prop_map(|(r#type, is_null, value)| PropertyValue { r#type, is_null, value });
    prop::option::of(
        (prop::collection::vec(key, 0..4), prop::collection::vec(property, 0..4))
            .prop_map(|(keys, values)| PropertySet { keys: keys.into_iter().map(str::to_owned).collect(), values }),
    )
}

/// Well-formed payloads with anything in their fields: names and aliases that collide, datatypes in and out of the
/// enum, values in any field, seqs in and out of range.
fn payload() -> impl Strategy<Value = Payload> {
    let name = prop::option::of(prop::sample::select(vec!["L", "S", "bdSeq", "Node Control/Rebirth"]));
    let alias = prop::option::of(0u64..4);
    let datatype = prop::option::of(0u32..40);
    let (is_null, timestamp) = (prop::option::of(any::<bool>()), prop::option::of(any::<u64>()));
    let metric = (name, alias, datatype, is_null, metric_value(), properties(), timestamp).prop_map(
        |(name, alias, datatype, is_null, value, properties, timestamp)| Metric {
            name: name.map(str::to_owned),
            alias,
            datatype,
            is_null,
            value,
            properties,
            timestamp,
            ..Metric::default()
        },
    );
    (prop::option::of(any::<u64>()), prop::option::of(0u64..300), prop::collection::vec(metric, 0..6))
        .prop_map(|(timestamp, seq, metrics)| Payload { timestamp, seq, metrics, ..Payload::default() })
}

/// The topics of [`valid_messages`], in its order.
const TOPICS: [&str; 6] = [
    "spBv1.0/g/NBIRTH/n",
    "spBv1.0/g/DBIRTH/n/d",
    "spBv1.0/g/NDATA/n",
    "spBv1.0/g/DDATA/n/d",
    "spBv1.0/g/DDEATH/n/d",
    "spBv1.0/g/NDEATH/n",
];

/// Valid messages of one edge node, for sessions fed in any order with damage.
fn valid_messages() -> Vec<Vec<u8>> {
    let mut edge = EdgeNode::new(NodeId::new("g", "n").unwrap(), 1);
    let level = DataValue { name: "L".into(), alias: Some(1), value: MetricValue::Double(1.0) };
    vec![
        edge.birth(&[BirthDef::new("L", Some(1), MetricValue::Double(0.0))], 0).payload,
        edge.device_birth("d", &[BirthDef::new("S", Some(2), MetricValue::Int8(-1))], 0).unwrap().payload,
        edge.data(std::slice::from_ref(&level), 0).payload,
        edge.device_data("d", &[DataValue { name: "S".into(), alias: Some(2), value: MetricValue::Int8(3) }], 0)
            .unwrap()
            .payload,
        edge.device_death("d", 0).unwrap().payload,
        edge.death(0).payload,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_the_decoder(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        if let Ok(payload) = decode(&bytes) {
            // Whatever decodes re-encodes and decodes to the same.
            prop_assert_eq!(decode(&encode(&payload)).unwrap(), payload);
        }
    }

    #[test]
    fn arbitrary_topics_parse_or_are_refused_and_format_back(topic in topic()) {
        if let Ok(parsed) = Topic::parse(&topic) {
            prop_assert_eq!(parsed.to_string(), topic);
        }
    }

    #[test]
    fn arbitrary_messages_never_panic_the_session(
        messages in prop::collection::vec((topic(), prop::collection::vec(any::<u8>(), 0..128), any::<u64>()), 1..24),
        reorder in prop::sample::select(vec![0u64, 1_000]),
    ) {
        let mut host = Host::new(Config { reorder_timeout_ms: reorder, ..Config::default() });
        for (topic, bytes, now) in messages {
            host.handle(&topic, &bytes, now);
            host.tick(now);
        }
    }

    #[test]
    fn valid_messages_shuffled_and_damaged_never_panic_the_session(
        picks in prop::collection::vec((0usize..6, prop::option::of(any::<(Index, u8)>()), 0u64..20_000), 1..64),
    ) {
        let messages = valid_messages();
                let mut host = Host::default();
        for (i, damage, now) in picks {
            let mut bytes = messages[i].clone();
            if let Some((at, byte)) = damage {
                let at = at.index(bytes.len());
                bytes[at] = byte;
            }
            host.handle(TOPICS[i], &bytes, now);
            host.tick(now);
        }
    }
}

proptest! {
    // Each case is a whole session of structured payloads; fewer cases keep the debug build under a few seconds.
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_payloads_in_any_order_never_panic_the_session(
        messages in prop::collection::vec((0usize..8, any::<bool>(), payload(), 0u64..20_000), 1..32),
        reorder in prop::sample::select(vec![0u64, 1_000]),
    ) {
        let kinds = ["NBIRTH", "NDEATH", "NDATA", "NCMD", "DBIRTH", "DDEATH", "DDATA", "DCMD"];
        let mut host = Host::new(Config { reorder_timeout_ms: reorder, ..Config::default() });
        for (kind, other_device, payload, now) in messages {
            let topic = match kind {
                0..4 => format!("spBv1.0/g/{}/n", kinds[kind]),
                _ => format!("spBv1.0/g/{}/n/{}", kinds[kind], if other_device { "e" } else { "d" }),
            };
            host.handle(&topic, &encode(&payload), now);
            host.tick(now);
        }
    }
}
