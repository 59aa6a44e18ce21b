//! Property tests: whatever bytes arrive on the agent's topics, and whatever words a device returns, parsing and
//! decoding answer an error instead of panicking.

use ironsight_gateway::codec::{decode_registers, encode_registers};
use ironsight_gateway::command::{self, prepare_write};
use ironsight_gateway::device::decode;
use ironsight_gateway::device_config;
use ironsight_gateway::driver::Values;
use ironsight_gateway::report::parse_monitor;
use ironsight_protocol::payload::{Area, DataType, Order, SignalDef};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Any JSON value, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "[a-z_]{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-zA-Z]{1,12}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A sound configuration, to be damaged field by field.
fn sound_config() -> Value {
    json!({"version": 3, "sampleIntervalMs": 60000, "devices": [
        {"equipment": 1, "driver": {"kind": "modbus_tcp", "host": "127.0.0.1", "port": 502, "unitId": 1,
                                    "timeoutMs": 1000, "pollIntervalMs": 1000},
         "signals": [{"id": 1, "name": "P", "area": "holding_register", "address": 0, "dataType": "float32"}]},
        {"equipment": 2, "driver": {"kind": "modbus_rtu", "path": "/dev/ttyUSB0", "baudRate": 9600, "parity": "none",
                                    "dataBits": 8, "stopBits": 1, "unitId": 1, "timeoutMs": 1000, "pollIntervalMs": 1000},
         "signals": [{"id": 2, "name": "C", "area": "coil", "address": 0, "dataType": "bool", "writable": true}]}]})
}

/// Replaces the value at one of the configuration's paths.
fn damage(mut config: Value, path: &[&str], value: Value) -> Value {
    let mut at = &mut config;
    for key in path {
        at = match key.parse::<usize>() {
            Ok(i) => &mut at[i],
            Err(_) => &mut at[*key],
        };
    }
    *at = value;
    config
}

const PATHS: &[&[&str]] = &[
    &["version"],
    &["sampleIntervalMs"],
    &["devices"],
    &["devices", "0"],
    &["devices", "0", "driver"],
    &["devices", "0", "driver", "port"],
    &["devices", "0", "driver", "kind"],
    &["devices", "1", "driver", "baudRate"],
    &["devices", "0", "signals"],
    &["devices", "0", "signals", "0", "address"],
    &["devices", "0", "signals", "0", "dataType"],
    &["devices", "0", "signals", "0", "scale"],
    &["devices", "1", "signals", "0", "min"],
];

fn data_type() -> impl Strategy<Value = DataType> {
    prop_oneof![
        Just(DataType::Bool),
        Just(DataType::Int16),
        Just(DataType::Uint16),
        Just(DataType::Int32),
        Just(DataType::Uint32),
        Just(DataType::Float32),
        Just(DataType::Float64),
    ]
}

fn order() -> impl Strategy<Value = Order> {
    prop_oneof![Just(Order::Big), Just(Order::Little)]
}

fn signal() -> impl Strategy<Value = SignalDef> {
    (data_type(), order(), order(), any::<f64>(), any::<f64>(), any::<bool>(), any::<Option<f64>>(), any::<u16>())
        .prop_map(|(data_type, byte_order, word_order, scale, offset, writable, min, address)| {
            let area = if data_type == DataType::Bool { Area::Coil } else { Area::HoldingRegister };
            SignalDef {
                byte_order,
                word_order,
                scale,
                offset,
                writable,
                min,
                max: min.map(|m| m + 10.0),
                ..SignalDef::new("s", area, address, data_type)
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_on_the_agents_topics(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let _ = device_config::parse(&bytes);
        let _ = command::parse(&bytes);
        let _ = parse_monitor(&bytes);
    }

    #[test]
    fn arbitrary_json_on_the_agents_topics(value in any_json()) {
        let bytes = value.to_string().into_bytes();
        let _ = device_config::parse(&bytes);
        let _ = command::parse(&bytes);
        let _ = parse_monitor(&bytes);
    }

    #[test]
    fn a_configuration_damaged_anywhere_is_refused_or_accepted_never_a_panic(
        path in prop::sample::select(PATHS),
        value in any_json(),
    ) {
        let config = damage(sound_config(), path, value);
        if let Err(refusal) = device_config::parse(config.to_string().as_bytes()) {
            prop_assert!(!refusal.error.is_empty());
        }
    }

    #[test]
    fn commands_of_any_shape(kind in prop::sample::select(&["write", "read", "other"][..]), signal in any_json(), value in any_json()) {
        let payload = json!({"kind": kind, "uuid": "u", "signal": signal, "value": value, "signals": signal});
        let parsed = command::parse(payload.to_string().as_bytes());
        prop_assert!(parsed != command::Parsed::Garbage, "a uuid is always answerable");
    }

    #[test]
    fn decoding_any_words(signal in signal(), words in prop::collection::vec(any::<u16>(), 0..6), offset in any::<u16>()) {
        let _ = decode_registers(&signal, &words);
        if let Ok(value) = decode(&signal, &Values::Registers(words.clone()), offset) {
            prop_assert!(value.is_finite());
        }
        let bits: Vec<bool> = words.iter().map(|w| w & 1 == 1).collect();
        let _ = decode(&signal, &Values::Bits(bits), offset);
    }

    #[test]
    fn encoding_any_value(signal in signal(), value in any::<f64>()) {
        let _ = encode_registers(&signal, value);
        if let Ok(ironsight_gateway::device::WriteOp::Registers { words, .. }) = prepare_write(&signal, value) {
            prop_assert_eq!(words.len() as u32, ironsight_gateway::codec::width(signal.data_type));
        }
    }
}
