//! Validation of what the console sends for a device: driver settings and signal definitions. A configuration
//! that passes here is one the gateway agent can apply; the agent checks again, but the console learns of a
//! mistake when it is typed, field by field, not when a gateway refuses it.

use crate::payload::{Area, DataType, DriverConfig, SignalDef};
use ironsight_domain::Reason;
use ironsight_domain::limits::{SIGNAL_ADDRESS_MAX, SIGNAL_DECIMALS_MAX, SIGNAL_NAME_CHARS, SIGNAL_UNIT_CHARS};

/// A refusal: which field (dotted path, e.g. `signals.3.address`) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub reason: Reason,
}

fn refuse<T>(field: impl Into<String>, reason: Reason) -> Result<T, FieldError> {
    Err(FieldError { field: field.into(), reason })
}

fn in_range(field: &str, value: i64, min: i64, max: i64) -> Result<(), FieldError> {
    if (min..=max).contains(&value) { Ok(()) } else { refuse(field, Reason::OutOfRange { min, max }) }
}

/// Registers (or coils) a data type occupies.
pub fn width(data_type: DataType) -> u32 {
    match data_type {
        DataType::Bool | DataType::Int16 | DataType::Uint16 => 1,
        DataType::Int32 | DataType::Uint32 | DataType::Float32 => 2,
        DataType::Float64 => 4,
    }
}

/// True for the areas that hold single bits.
pub fn is_bit_area(area: Area) -> bool {
    matches!(area, Area::Coil | Area::DiscreteInput)
}

/// True for the areas a Modbus master can write.
pub fn is_writable_area(area: Area) -> bool {
    matches!(area, Area::Coil | Area::HoldingRegister)
}

/// Why a value may not be written to a signal (spec section 5, write values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteRefusal {
    /// Not marked writable, or in an area a master cannot write.
    ReadOnly,
    /// Not a finite number, outside the signal's min/max, or not 0 or 1 for a bit.
    OutOfRange,
}

/// The write rule, defined once: the server checks it before a command is sent (2004, 2003), the agent again
/// before the device is written (`read_only`, `out_of_range`), and the console's form before either
/// (web/src/entities/signals/writeValidation.ts). All three are held to the cases of
/// `web/src/entities/signals/writeCases.json`. What the data type can hold is the agent's encoding's to judge.
pub fn write_refusal(signal: &SignalDef, value: f64) -> Option<WriteRefusal> {
    if !signal.writable || !is_writable_area(signal.area) {
        return Some(WriteRefusal::ReadOnly);
    }
    let below = signal.min.is_some_and(|min| value < min);
    let above = signal.max.is_some_and(|max| value > max);
    let not_a_bit = signal.data_type == DataType::Bool && value != 0.0 && value != 1.0;
    (!value.is_finite() || below || above || not_a_bit).then_some(WriteRefusal::OutOfRange)
}

pub use crate::schema::BAUD_RATES;
use crate::schema::{HOST_MAX_LEN, PATH_MAX_LEN, POLL_INTERVAL_MS, TIMEOUT_MS};

/// Checks driver settings.
pub fn driver(config: &DriverConfig) -> Result<(), FieldError> {
    match config {
        DriverConfig::ModbusTcp { host, port, unit_id: _, timeout_ms, poll_interval_ms } => {
            let host = host.trim();
            if host.is_empty() {
                return refuse("host", Reason::Required);
            }
            if host.len() > HOST_MAX_LEN {
                return refuse("host", Reason::TooLong { max: HOST_MAX_LEN });
            }
            if !host.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']')) {
                return refuse("host", Reason::NotAllowed);
            }
            in_range("port", i64::from(*port), 1, 65535)?;
            in_range("timeoutMs", *timeout_ms as i64, TIMEOUT_MS.0, TIMEOUT_MS.1)?;
            in_range("pollIntervalMs", *poll_interval_ms as i64, POLL_INTERVAL_MS.0, POLL_INTERVAL_MS.1)
        }
        DriverConfig::ModbusRtu {
            path,
            baud_rate,
            parity,
            data_bits,
            stop_bits,
            unit_id,
            timeout_ms,
            poll_interval_ms,
        } => {
            if path.trim().is_empty() {
                return refuse("path", Reason::Required);
            }
            if path.len() > PATH_MAX_LEN || path.chars().any(char::is_control) {
                return refuse("path", Reason::TooLong { max: PATH_MAX_LEN });
            }
            if !BAUD_RATES.contains(baud_rate) {
                return refuse("baudRate", Reason::OutOfRange { min: 1200, max: 115_200 });
            }
            if !matches!(parity.as_str(), "none" | "even" | "odd") {
                return refuse("parity", Reason::NotAllowed);
            }
            in_range("dataBits", i64::from(*data_bits), 7, 8)?;
            in_range("stopBits", i64::from(*stop_bits), 1, 2)?;
            in_range("unitId", i64::from(*unit_id), 1, 247)?;
            in_range("timeoutMs", *timeout_ms as i64, TIMEOUT_MS.0, TIMEOUT_MS.1)?;
            in_range("pollIntervalMs", *poll_interval_ms as i64, POLL_INTERVAL_MS.0, POLL_INTERVAL_MS.1)
        }
    }
}

/// Checks one signal definition on its own.
pub fn signal(s: &SignalDef) -> Result<(), FieldError> {
    let name = s.name.trim();
    if name.is_empty() {
        return refuse("name", Reason::Required);
    }
    if name.chars().count() > SIGNAL_NAME_CHARS {
        return refuse("name", Reason::TooLong { max: SIGNAL_NAME_CHARS });
    }
    if is_bit_area(s.area) != (s.data_type == DataType::Bool) {
        // Bits are bools and bools are bits: a float in a coil or a bool in a register cannot be read.
        return refuse("dataType", Reason::NotAllowed);
    }
    let last = u32::from(s.address) + width(s.data_type) - 1;
    if last > SIGNAL_ADDRESS_MAX {
        let highest_start = SIGNAL_ADDRESS_MAX + 1 - width(s.data_type);
        return refuse("address", Reason::OutOfRange { min: 0, max: i64::from(highest_start) });
    }
    if !s.scale.is_finite() || s.scale == 0.0 {
        return refuse("scale", Reason::NotAllowed);
    }
    if !s.offset.is_finite() {
        return refuse("offset", Reason::NotAllowed);
    }
    in_range("decimals", i64::from(s.decimals), 0, SIGNAL_DECIMALS_MAX)?;
    if s.unit.chars().count() > SIGNAL_UNIT_CHARS {
        return refuse("unit", Reason::TooLong { max: SIGNAL_UNIT_CHARS });
    }
    if s.writable && !is_writable_area(s.area) {
        return refuse("writable", Reason::NotAllowed);
    }
    for (field, bound) in [("min", s.min), ("max", s.max)] {
        if bound.is_some_and(|b| !b.is_finite()) {
            return refuse(field, Reason::NotAllowed);
        }
    }
    if let (Some(min), Some(max)) = (s.min, s.max)
        && min > max
    {
        return refuse("max", Reason::BelowMin);
    }
    ironsight_domain::value_map::check(&s.value_map, s.data_type == DataType::Bool).map_err(|e| {
        let path = e.path();
        FieldError {
            field: if path.is_empty() { "valueMap".into() } else { format!("valueMap.{path}") },
            reason: e.reason,
        }
    })
}

/// Checks a device's signal list: each signal, then that no two overlap in the same area.
pub fn signals(list: &[SignalDef]) -> Result<(), FieldError> {
    for (i, s) in list.iter().enumerate() {
        signal(s).map_err(|e| FieldError { field: format!("signals.{i}.{}", e.field), reason: e.reason })?;
    }
    for (i, a) in list.iter().enumerate() {
        let a_end = u32::from(a.address) + width(a.data_type);
        for b in &list[..i] {
            let b_end = u32::from(b.address) + width(b.data_type);
            if a.area == b.area && u32::from(a.address) < b_end && u32::from(b.address) < a_end {
                return refuse(format!("signals.{i}.address"), Reason::Overlap);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// The write rule's shared cases (web/src/entities/signals/writeCases.json): the console's form is held to them too.
    #[test]
    fn the_write_rule_holds_to_the_shared_cases() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/entities/signals/writeCases.json");
        let table: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let cases = table["cases"].as_array().unwrap();
        assert!(cases.len() >= 10);
        for case in cases {
            let s = &case["signal"];
            let area: Area = serde_json::from_value(s["area"].clone()).unwrap();
            let data_type: DataType = serde_json::from_value(s["dataType"].clone()).unwrap();
            let mut signal = SignalDef::new("x", area, 0, data_type);
            signal.writable = s["writable"].as_bool().unwrap();
            signal.min = s["min"].as_f64();
            signal.max = s["max"].as_f64();
            assert_eq!(is_writable_area(area), case["writableArea"].as_bool().unwrap(), "{case}");
            let expected = match case["refusal"].as_str() {
                None => None,
                Some("readOnly") => Some(WriteRefusal::ReadOnly),
                Some("outOfRange") => Some(WriteRefusal::OutOfRange),
                Some(other) => panic!("unknown refusal {other}"),
            };
            assert_eq!(write_refusal(&signal, case["value"].as_f64().unwrap()), expected, "{case}");
        }
        let open = SignalDef { writable: true, ..SignalDef::new("x", Area::HoldingRegister, 0, DataType::Float32) };
        for not_finite in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(write_refusal(&open, not_finite), Some(WriteRefusal::OutOfRange));
        }
    }

    use super::*;

    fn sig(area: Area, address: u16, data_type: DataType) -> SignalDef {
        SignalDef::new("Pressure", area, address, data_type)
    }

    fn reason(result: Result<(), FieldError>) -> (String, Reason) {
        let e = result.unwrap_err();
        (e.field, e.reason)
    }

    #[test]
    fn a_sound_signal_passes() {
        assert!(signal(&sig(Area::HoldingRegister, 0, DataType::Float32)).is_ok());
        assert!(signal(&sig(Area::Coil, 65_535, DataType::Bool)).is_ok());
    }

    #[test]
    fn types_must_fit_their_area_and_the_address_space() {
        assert_eq!(reason(signal(&sig(Area::Coil, 0, DataType::Float32))).0, "dataType");
        assert_eq!(reason(signal(&sig(Area::InputRegister, 0, DataType::Bool))).0, "dataType");
        assert_eq!(reason(signal(&sig(Area::HoldingRegister, 65_535, DataType::Uint32))).0, "address");
        assert!(signal(&sig(Area::HoldingRegister, 65_532, DataType::Float64)).is_ok());
        assert_eq!(reason(signal(&sig(Area::HoldingRegister, 65_533, DataType::Float64))).0, "address");
    }

    #[test]
    fn field_rules() {
        let mut s = sig(Area::InputRegister, 0, DataType::Int16);
        s.writable = true;
        assert_eq!(reason(signal(&s)).0, "writable", "input registers cannot be written");
        let mut s = sig(Area::HoldingRegister, 0, DataType::Int16);
        s.scale = 0.0;
        assert_eq!(reason(signal(&s)).0, "scale");
        s.scale = f64::NAN;
        assert_eq!(reason(signal(&s)).0, "scale");
        let mut s = sig(Area::HoldingRegister, 0, DataType::Int16);
        (s.min, s.max) = (Some(10.0), Some(1.0));
        assert_eq!(reason(signal(&s)).0, "max");
        let mut s = sig(Area::HoldingRegister, 0, DataType::Int16);
        s.name = "  ".into();
        assert_eq!(reason(signal(&s)), ("name".into(), Reason::Required));
        s.name = "x".repeat(61);
        assert_eq!(reason(signal(&s)).1, Reason::TooLong { max: 60 });
        let mut s = sig(Area::HoldingRegister, 0, DataType::Int16);
        s.decimals = 7;
        assert_eq!(reason(signal(&s)).0, "decimals");
    }

    #[test]
    fn state_texts_are_checked_with_their_signal() {
        use ironsight_domain::value_map::StateText;
        let state = |value: f64, zh: &str| StateText { value, zh: zh.into(), en: String::new(), color: String::new() };
        let mut s = sig(Area::Coil, 0, DataType::Bool);
        s.value_map = vec![state(0.0, "停止"), state(1.0, "运行")];
        assert!(signal(&s).is_ok());
        s.value_map.push(state(2.0, "故障"));
        assert_eq!(reason(signal(&s)), ("valueMap.2.value".into(), Reason::OutOfRange { min: 0, max: 1 }));
        let mut s = sig(Area::HoldingRegister, 0, DataType::Uint16);
        s.value_map = vec![state(2.0, "故障"), state(2.0, "报警")];
        assert_eq!(reason(signals(&[s])), ("signals.0.valueMap.1.value".into(), Reason::DuplicateValue));
    }

    #[test]
    fn overlapping_signals_are_refused_per_area() {
        let list = [sig(Area::HoldingRegister, 0, DataType::Float32), sig(Area::HoldingRegister, 1, DataType::Int16)];
        assert_eq!(reason(signals(&list)), ("signals.1.address".into(), Reason::Overlap));
        let list = [sig(Area::HoldingRegister, 0, DataType::Float32), sig(Area::HoldingRegister, 2, DataType::Int16)];
        assert!(signals(&list).is_ok(), "adjacent is fine");
        let list = [sig(Area::HoldingRegister, 0, DataType::Float32), sig(Area::InputRegister, 0, DataType::Float32)];
        assert!(signals(&list).is_ok(), "areas are separate address spaces");
        let mut bad = sig(Area::Coil, 0, DataType::Bool);
        bad.name.clear();
        assert_eq!(reason(signals(&[sig(Area::Coil, 1, DataType::Bool), bad])).0, "signals.1.name");
    }

    #[test]
    fn driver_rules() {
        let tcp = |host: &str, port: u16, timeout_ms: u64| DriverConfig::ModbusTcp {
            host: host.into(),
            port,
            unit_id: 1,
            timeout_ms,
            poll_interval_ms: 1000,
        };
        assert!(driver(&tcp("10.0.0.5", 502, 1000)).is_ok());
        assert!(driver(&tcp("plc-1.site.local", 502, 1000)).is_ok());
        assert_eq!(reason(driver(&tcp("", 502, 1000))).0, "host");
        assert_eq!(reason(driver(&tcp("a b", 502, 1000))).0, "host");
        assert_eq!(reason(driver(&tcp("h", 0, 1000))).0, "port");
        assert_eq!(reason(driver(&tcp("h", 502, 10))).0, "timeoutMs");
        let rtu = |baud_rate: u32, parity: &str, unit_id: u8| DriverConfig::ModbusRtu {
            path: "/dev/ttyUSB0".into(),
            baud_rate,
            parity: parity.into(),
            data_bits: 8,
            stop_bits: 1,
            unit_id,
            timeout_ms: 1000,
            poll_interval_ms: 1000,
        };
        assert!(driver(&rtu(9600, "even", 1)).is_ok());
        assert_eq!(reason(driver(&rtu(9601, "even", 1))).0, "baudRate");
        assert_eq!(reason(driver(&rtu(9600, "mark", 1))).0, "parity");
        assert_eq!(reason(driver(&rtu(9600, "none", 0))).0, "unitId", "0 is broadcast, not a device");
    }
}
