//! Wire compatibility, checked without trusting the generated code: payloads built byte by byte from the protobuf
//! wire format (field numbers from the published schema) decode to the expected fields, our encoder writes the
//! expected bytes, and payloads produced by another implementation decode as its authors meant.

use ironsight_sparkplug::command::rebirth_request;
use ironsight_sparkplug::proto::payload::{data_set, metric, property_value, template};
use ironsight_sparkplug::session::{Event, Sample};
use ironsight_sparkplug::{DataType, Host, MetricValue, NodeId, decode, encode};

fn varint(mut v: u64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}

fn key(field: u64, wire_type: u64) -> Vec<u8> {
    varint(field << 3 | wire_type)
}

fn int(field: u64, v: u64) -> Vec<u8> {
    [key(field, 0), varint(v)].concat()
}

fn len(field: u64, bytes: &[u8]) -> Vec<u8> {
    [key(field, 2), varint(bytes.len() as u64), bytes.to_vec()].concat()
}

fn text(field: u64, s: &str) -> Vec<u8> {
    len(field, s.as_bytes())
}

fn double(field: u64, v: f64) -> Vec<u8> {
    [key(field, 1), v.to_le_bytes().to_vec()].concat()
}

fn float(field: u64, v: f32) -> Vec<u8> {
    [key(field, 5), v.to_le_bytes().to_vec()].concat()
}

/// PropertySet: keys = 1, values = 2; PropertyValue: type = 1, is_null = 2, int 3, long 4, float 5, double 6,
/// bool 7, string 8, propertyset 9, propertysets 10; PropertySetList: propertyset = 1.
fn property_set() -> Vec<u8> {
    let nested = [text(1, "k"), len(2, &[int(1, 12), int(2, 1)].concat())].concat();
    [
        text(1, "engUnit"),
        len(2, &[int(1, 12), text(8, "bar")].concat()),
        text(1, "engLow"),
        len(2, &[int(1, 10), double(6, -1.5)].concat()),
        text(1, "engHigh"),
        len(2, &[int(1, 9), float(5, 2.5)].concat()),
        text(1, "Quality"),
        len(2, &[int(1, 3), int(3, 500)].concat()),
        text(1, "big"),
        len(2, &[int(1, 8), int(4, u64::MAX)].concat()),
        text(1, "flag"),
        len(2, &[int(1, 11), int(7, 1)].concat()),
        text(1, "nested"),
        len(2, &[int(1, 20), len(9, &nested)].concat()),
        text(1, "list"),
        len(2, &[int(1, 21), len(10, &len(1, &nested))].concat()),
    ]
    .concat()
}

/// A payload using every field number of the schema but the extension ones.
fn every_field() -> Vec<u8> {
    // MetaData: is_multi_part 1, content_type 2, size 3, seq 4, file_name 5, file_type 6, md5 7, description 8.
    let metadata = [
        int(1, 1),
        text(2, "text/plain"),
        int(3, 42),
        int(4, 3),
        text(5, "a.txt"),
        text(6, "txt"),
        text(7, "d41d8cd98f00b204"),
        text(8, "desc"),
    ]
    .concat();
    // Metric: name 1, alias 2, timestamp 3, datatype 4, is_historical 5, is_transient 6, is_null 7, metadata 8,
    // properties 9; value: int 10, long 11, float 12, double 13, bool 14, string 15, bytes 16, dataset 17,
    // template 18, extension 19.
    let pressure = [
        text(1, "Pressure"),
        int(2, 7),
        int(3, 1_700_000_000_123),
        int(4, 10),
        int(5, 1),
        int(6, 1),
        int(7, 0),
        len(8, &metadata),
        len(9, &property_set()),
        double(13, 3.25),
    ]
    .concat();
    // DataSet: num_of_columns 1, columns 2, types 3 (proto2: unpacked), rows 4; Row: elements 1;
    // DataSetValue: int 1, long 2, float 3, double 4, bool 5, string 6.
    let row = [len(1, &int(1, 5)), len(1, &text(6, "x"))].concat();
    let dataset = [int(1, 2), text(2, "a"), text(2, "b"), int(3, 3), int(3, 12), len(4, &row)].concat();
    // Template: version 1, metrics 2, parameters 3, template_ref 4, is_definition 5;
    // Parameter: name 1, type 2, int 3, long 4, float 5, double 6, bool 7, string 8.
    let member = [text(1, "speed"), int(4, 3), int(10, 4)].concat();
    let parameter = [text(1, "p"), int(2, 7), int(3, 9)].concat();
    let template = [text(1, "v1"), len(2, &member), len(3, &parameter), text(4, "Motor"), int(5, 0)].concat();
    let metrics = [
        pressure,
        [text(1, "Level"), int(4, 1), int(10, 0xFFFF_FFFF)].concat(),
        [text(1, "Count"), int(4, 4), int(11, u64::MAX)].concat(),
        [text(1, "Ratio"), int(4, 9), float(12, 0.5)].concat(),
        [text(1, "Run"), int(4, 11), int(14, 1)].concat(),
        [text(1, "Mode"), int(4, 12), text(15, "自动")].concat(),
        [text(1, "Blob"), int(4, 17), len(16, &[1, 2, 3])].concat(),
        [text(1, "Table"), int(4, 16), len(17, &dataset)].concat(),
        [text(1, "Motor 1"), int(4, 19), len(18, &template)].concat(),
        [text(1, "Ext"), int(4, 0), len(19, &[])].concat(),
    ];
    // Payload: timestamp 1, metrics 2, seq 3, uuid 4, body 5; 6 and up are extensions, skipped when unknown.
    let mut payload = int(1, 1_700_000_000_000);
    for metric in &metrics {
        payload.extend(len(2, metric));
    }
    [payload, int(3, 4), text(4, "uuid-1"), len(5, &[0xde, 0xad]), int(6, 99), len(1000, b"ext")].concat()
}

#[test]
fn a_payload_built_from_the_wire_format_decodes_field_by_field() {
    let payload = decode(&every_field()).unwrap();
    assert_eq!(payload.timestamp, Some(1_700_000_000_000));
    assert_eq!(payload.seq, Some(4));
    assert_eq!(payload.uuid.as_deref(), Some("uuid-1"));
    assert_eq!(payload.body, Some(vec![0xde, 0xad]));
    let m = &payload.metrics;
    assert_eq!(m.len(), 10);

    let p = &m[0];
    assert_eq!(
        (p.name.as_deref(), p.alias, p.timestamp, p.datatype),
        (Some("Pressure"), Some(7), Some(1_700_000_000_123), Some(10))
    );
    assert_eq!((p.is_historical, p.is_transient, p.is_null), (Some(true), Some(true), Some(false)));
    assert_eq!(p.value, Some(metric::Value::DoubleValue(3.25)));
    let md = p.metadata.as_ref().unwrap();
    assert_eq!(
        (md.is_multi_part, md.content_type.as_deref(), md.size, md.seq),
        (Some(true), Some("text/plain"), Some(42), Some(3))
    );
    assert_eq!((md.file_name.as_deref(), md.file_type.as_deref()), (Some("a.txt"), Some("txt")));
    assert_eq!((md.md5.as_deref(), md.description.as_deref()), (Some("d41d8cd98f00b204"), Some("desc")));
    let props = p.properties.as_ref().unwrap();
    assert_eq!(props.keys, ["engUnit", "engLow", "engHigh", "Quality", "big", "flag", "nested", "list"]);
    use property_value::Value as P;
    let values: Vec<_> = props.values.iter().map(|v| (v.r#type, v.value.clone())).collect();
    assert_eq!(values[0], (Some(12), Some(P::StringValue("bar".into()))));
    assert_eq!(values[1], (Some(10), Some(P::DoubleValue(-1.5))));
    assert_eq!(values[2], (Some(9), Some(P::FloatValue(2.5))));
    assert_eq!(values[3], (Some(3), Some(P::IntValue(500))));
    assert_eq!(values[4], (Some(8), Some(P::LongValue(u64::MAX))));
    assert_eq!(values[5], (Some(11), Some(P::BooleanValue(true))));
    let Some(P::PropertysetValue(nested)) = &values[6].1 else { panic!("{:?}", values[6]) };
    assert_eq!((nested.keys.as_slice(), nested.values[0].is_null), (["k".to_owned()].as_slice(), Some(true)));
    let Some(P::PropertysetsValue(list)) = &values[7].1 else { panic!("{:?}", values[7]) };
    assert_eq!(list.propertyset, std::slice::from_ref(nested));

    assert_eq!(m[1].value, Some(metric::Value::IntValue(0xFFFF_FFFF)));
    assert_eq!(m[2].value, Some(metric::Value::LongValue(u64::MAX)));
    assert_eq!(m[3].value, Some(metric::Value::FloatValue(0.5)));
    assert_eq!(m[4].value, Some(metric::Value::BooleanValue(true)));
    assert_eq!(m[5].value, Some(metric::Value::StringValue("自动".into())));
    assert_eq!(m[6].value, Some(metric::Value::BytesValue(vec![1, 2, 3])));
    let Some(metric::Value::DatasetValue(ds)) = &m[7].value else { panic!("{:?}", m[7]) };
    assert_eq!(
        (ds.num_of_columns, ds.columns.as_slice(), ds.types.as_slice()),
        (Some(2), ["a".to_owned(), "b".to_owned()].as_slice(), [3, 12].as_slice())
    );
    assert_eq!(ds.rows[0].elements[0].value, Some(data_set::data_set_value::Value::IntValue(5)));
    assert_eq!(ds.rows[0].elements[1].value, Some(data_set::data_set_value::Value::StringValue("x".into())));
    let Some(metric::Value::TemplateValue(t)) = &m[8].value else { panic!("{:?}", m[8]) };
    assert_eq!(
        (t.version.as_deref(), t.template_ref.as_deref(), t.is_definition),
        (Some("v1"), Some("Motor"), Some(false))
    );
    assert_eq!((t.metrics[0].name.as_deref(), &t.metrics[0].value), (Some("speed"), &Some(metric::Value::IntValue(4))));
    let param = &t.parameters[0];
    assert_eq!(
        (param.name.as_deref(), param.r#type, &param.value),
        (Some("p"), Some(7), &Some(template::parameter::Value::IntValue(9)))
    );
    assert!(matches!(m[9].value, Some(metric::Value::ExtensionValue(_))));

    // What we encode decodes to the same (the unknown extension fields are not kept).
    assert_eq!(decode(&encode(&payload)).unwrap(), payload);
}

#[test]
fn packed_repeated_datatypes_decode_too() {
    // proto2 writes repeated scalars unpacked, but a proto3-minded encoder may pack them; both are valid input.
    let dataset = [int(1, 2), len(3, &[varint(3), varint(12)].concat())].concat();
    let payload = decode(&len(2, &len(17, &dataset))).unwrap();
    let Some(metric::Value::DatasetValue(ds)) = &payload.metrics[0].value else { panic!() };
    assert_eq!(ds.types, [3, 12]);
}

#[test]
fn the_rebirth_request_is_the_expected_bytes() {
    let node = NodeId::new("g", "n").unwrap();
    let t = 1_700_000_000_000;
    let expected = [
        int(1, t),
        len(2, &[text(1, "Node Control/Rebirth"), int(3, t), int(4, DataType::Boolean as u64), int(14, 1)].concat()),
    ]
    .concat();
    assert_eq!(rebirth_request(&node, t).payload, expected);
}

/// Payloads generated by benthos-umh's Sparkplug B plugin (an independent Go implementation using protobuf-go and
/// the Tahu schema), `sparkplug_plugin/test_vectors.go` at commit 02c17144fdf6df35ec7698418ac0b0ac163f59fd of
/// github.com/united-manufacturing-hub/benthos-umh: vectors NBIRTH_V1 (base64
/// `CNLig7n6MhINCgViZFNlcRABIAhYWBIcChROb2RlIENvbnRyb2wvUmViaXJ0aBACIAtwABIaCgtUZW1wZXJhdHVyZRBkIAppAAAAAACANUAYAA==`,
/// "Basic node birth with temperature") and NDATA_V1 (`CNLig7n6MhINEGQgCmkAAAAAAIA2QBgB`, "Temperature update by
/// alias"), here as bytes.
const BENTHOS_NBIRTH_V1: &[u8] = &[
    0x08, 0xd2, 0xe2, 0x83, 0xb9, 0xfa, 0x32, 0x12, 0x0d, 0x0a, 0x05, 0x62, 0x64, 0x53, 0x65, 0x71, 0x10, 0x01, 0x20,
    0x08, 0x58, 0x58, 0x12, 0x1c, 0x0a, 0x14, 0x4e, 0x6f, 0x64, 0x65, 0x20, 0x43, 0x6f, 0x6e, 0x74, 0x72, 0x6f, 0x6c,
    0x2f, 0x52, 0x65, 0x62, 0x69, 0x72, 0x74, 0x68, 0x10, 0x02, 0x20, 0x0b, 0x70, 0x00, 0x12, 0x1a, 0x0a, 0x0b, 0x54,
    0x65, 0x6d, 0x70, 0x65, 0x72, 0x61, 0x74, 0x75, 0x72, 0x65, 0x10, 0x64, 0x20, 0x0a, 0x69, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x80, 0x35, 0x40, 0x18, 0x00,
];
const BENTHOS_NDATA_V1: &[u8] = &[
    0x08, 0xd2, 0xe2, 0x83, 0xb9, 0xfa, 0x32, 0x12, 0x0d, 0x10, 0x64, 0x20, 0x0a, 0x69, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x80, 0x36, 0x40, 0x18, 0x01,
];

#[test]
fn another_implementations_birth_and_data_read_as_its_authors_meant() {
    let payload = decode(BENTHOS_NBIRTH_V1).unwrap();
    assert_eq!((payload.timestamp, payload.seq), (Some(1_750_855_643_474), Some(0)));
    let names: Vec<_> = payload.metrics.iter().map(|m| m.name.as_deref().unwrap()).collect();
    assert_eq!(names, ["bdSeq", "Node Control/Rebirth", "Temperature"]);

    let mut host = Host::default();
    let events = host.handle("spBv1.0/Factory/NBIRTH/Line1", BENTHOS_NBIRTH_V1, 0);
    let Event::NodeBorn { bd_seq, metrics, .. } = &events[0] else { panic!("{events:?}") };
    assert_eq!(*bd_seq, Some(88));
    let temperature = &metrics[2];
    assert_eq!((temperature.alias, temperature.datatype), (Some(100), DataType::Double));
    assert_eq!(temperature.value, Some(Sample::Value(MetricValue::Double(21.5))));

    let events = host.handle("spBv1.0/Factory/NDATA/Line1", BENTHOS_NDATA_V1, 0);
    let [Event::Values { values, .. }] = events.as_slice() else { panic!("{events:?}") };
    assert_eq!((values[0].name.as_str(), &values[0].value), ("Temperature", &Sample::Value(MetricValue::Double(22.5))));
    assert_eq!(values[0].timestamp, 1_750_855_643_474, "no metric timestamp: the payload's");
}
