//! Pure rules between Sparkplug metrics and what the console stores: which metrics of a birth are offered for
//! adoption, and the signal an adopted metric becomes.
//!
//! A signal row was made for Modbus (area, address, register data type). An adopted metric is not read by
//! address, so those columns only have to be valid, so that the equipment's signal list can still be edited and
//! saved by the ordinary signal calls: Booleans are coils, numbers holding registers, each metric at its own
//! address, laid out one after the other (no two overlap), with the register type nearest the Sparkplug datatype
//! (64-bit integers, DateTime and Double as `float64`, the console's widest). Scale 1, offset 0, not writable
//! (writing to a device stays an administrator's decision per signal), three decimals for floating point, none
//! otherwise. The value itself is stored as a number, whatever the register type says.

use ironsight_domain::limits::{SIGNAL_ADDRESS_MAX, SIGNAL_NAME_CHARS, SIGNAL_UNIT_CHARS};
use ironsight_protocol::payload::{Area, DataType as Register, SignalDef};
use ironsight_protocol::validate::width;
use ironsight_sparkplug::DataType;
use ironsight_sparkplug::command::{BD_SEQ, REBIRTH};
use ironsight_sparkplug::session::BirthMetric;
use ironsight_store::gm_metrics::AnnouncedMetric;

/// The node metrics that drive the Sparkplug session itself (`bdSeq`, `Node Control/…`): never data, never offered.
pub fn is_session_metric(name: &str) -> bool {
    name == BD_SEQ || name == REBIRTH || name.starts_with("Node Control/")
}

/// What a birth announced, as stored for adoption: every metric but the session's own.
pub fn announced(metrics: &[BirthMetric]) -> Vec<AnnouncedMetric> {
    metrics
        .iter()
        .filter(|m| !is_session_metric(&m.name))
        .map(|m| AnnouncedMetric {
            name: m.name.clone(),
            datatype: m.datatype.as_str_name().to_owned(),
            unit: m.props.unit.clone().unwrap_or_default(),
            eng_low: m.props.eng_low,
            eng_high: m.props.eng_high,
        })
        .collect()
}

/// The register type and area a metric of `datatype` is kept as; `None` for what history cannot hold (texts,
/// and the datatypes the Sparkplug crate does not read).
fn register(datatype: DataType) -> Option<(Area, Register, u8)> {
    use DataType as D;
    Some(match datatype {
        D::Boolean => (Area::Coil, Register::Bool, 0),
        D::Int8 | D::Int16 => (Area::HoldingRegister, Register::Int16, 0),
        D::UInt8 | D::UInt16 => (Area::HoldingRegister, Register::Uint16, 0),
        D::Int32 => (Area::HoldingRegister, Register::Int32, 0),
        D::UInt32 => (Area::HoldingRegister, Register::Uint32, 0),
        D::Float => (Area::HoldingRegister, Register::Float32, 3),
        D::Double => (Area::HoldingRegister, Register::Float64, 3),
        D::Int64 | D::UInt64 | D::DateTime => (Area::HoldingRegister, Register::Float64, 0),
        _ => return None,
    })
}

/// The first `max` characters of `text`.
fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// The signals a device's announced metrics become, each with its metric's name (its `source_key`), in the given
/// order; metrics history cannot hold are left out, and so are those beyond the last address.
pub fn signals(metrics: &[AnnouncedMetric]) -> Vec<(SignalDef, String)> {
    let (mut next_register, mut next_coil) = (0u32, 0u32);
    let mut out = Vec::new();
    for m in metrics {
        if is_session_metric(&m.name) {
            continue;
        }
        let Some((area, register, decimals)) = DataType::from_str_name(&m.datatype).and_then(register) else {
            continue;
        };
        let next = if area == Area::Coil { &mut next_coil } else { &mut next_register };
        let Ok(address) = u16::try_from(*next) else { continue };
        if *next + width(register) - 1 > SIGNAL_ADDRESS_MAX {
            continue;
        }
        *next += width(register);
        let name = clip(m.name.trim(), SIGNAL_NAME_CHARS);
        let mut signal = SignalDef::new(if name.is_empty() { "?" } else { &name }, area, address, register);
        signal.unit = clip(&m.unit, SIGNAL_UNIT_CHARS);
        signal.decimals = decimals;
        // A range only when it is one: both ends, finite, low ≤ high.
        if let (Some(low), Some(high)) = (m.eng_low, m.eng_high)
            && low.is_finite()
            && high.is_finite()
            && low <= high
        {
            (signal.min, signal.max) = (Some(low), Some(high));
        }
        out.push((signal, m.name.clone()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metric(name: &str, datatype: &str, range: Option<(f64, f64)>) -> AnnouncedMetric {
        AnnouncedMetric {
            name: name.to_owned(),
            datatype: datatype.to_owned(),
            unit: "bar".to_owned(),
            eng_low: range.map(|r| r.0),
            eng_high: range.map(|r| r.1),
        }
    }

    #[test]
    fn adopted_metrics_become_valid_signals_that_do_not_overlap() {
        let metrics = [
            metric("Pressure", "Double", Some((0.0, 10.0))),
            metric("Running", "Boolean", None),
            metric("Count", "Int64", Some((5.0, 1.0))),
            metric("Serial", "String", None),
            metric("Shape", "DataSet", None),
            metric("Small", "UInt8", None),
            metric("Flag", "Boolean", None),
            metric(&"长".repeat(80), "Float", None),
        ];
        let signals = signals(&metrics);
        let keys: Vec<&str> = signals.iter().map(|(_, k)| k.as_str()).collect();
        assert_eq!(
            keys,
            ["Pressure", "Running", "Count", "Small", "Flag", &"长".repeat(80)],
            "texts and sets left out"
        );
        let list: Vec<SignalDef> = signals.iter().map(|(s, _)| s.clone()).collect();
        ironsight_protocol::validate::signals(&list).expect("a valid, non-overlapping list");
        assert_eq!((list[0].min, list[0].max, list[0].unit.as_str()), (Some(0.0), Some(10.0), "bar"));
        assert_eq!((list[2].min, list[2].max), (None, None), "a reversed range is no range");
        assert_eq!((list[1].area, list[4].area, list[4].address), (Area::Coil, Area::Coil, 1));
        assert_eq!((list[2].address, list[3].address), (4, 8), "after a float64 and an int64 (4 registers each)");
        assert_eq!(list[5].name.chars().count(), SIGNAL_NAME_CHARS, "the name is clipped, the key is whole");
        assert!(list.iter().all(|s| !s.writable));
    }

    #[test]
    fn the_session_metrics_are_never_offered() {
        for name in ["bdSeq", "Node Control/Rebirth", "Node Control/Next Server"] {
            assert!(is_session_metric(name), "{name}");
            assert!(signals(&[metric(name, "Int64", None)]).is_empty());
        }
        assert!(!is_session_metric("Properties/Hardware Make"));
    }
}
