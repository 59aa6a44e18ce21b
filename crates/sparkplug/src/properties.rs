//! The metric properties a host understands (a birth's metric may carry a PropertySet of any keys): the engineering
//! unit and range under the names Eclipse Tahu's examples and Ignition use, and the quality the specification
//! defines ("Quality Codes", payloads chapter).
//!
//! Keys are matched without regard to ASCII case: `engUnit` (Ignition shows it as `EngUnit`), `engLow`, `engHigh`
//! and `Quality`. The unit must be a string value; the range may be of any numeric datatype and must be finite;
//! the quality an integer. Any other key, a value of another kind and a null are ignored.

use crate::payload::PropertySet;
use crate::value::{Decoded, MetricValue, decode_property};

/// What a host reads from a metric's properties.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MetricProps {
    /// `engUnit`: the engineering unit, e.g. `bar`.
    pub unit: Option<String>,
    /// `engLow`: the low end of the engineering range.
    pub eng_low: Option<f64>,
    /// `engHigh`: the high end of the engineering range.
    pub eng_high: Option<f64>,
    /// `Quality`: how far the value can be trusted; absent means good (the specification sends it only otherwise).
    pub quality: Option<Quality>,
}

/// The specification's quality codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quality {
    /// 0.
    Bad,
    /// 192.
    Good,
    /// 500.
    Stale,
    /// Any other code, kept for the caller to judge.
    Other(i64),
}

impl Quality {
    pub fn from_code(code: i64) -> Quality {
        match code {
            0 => Quality::Bad,
            192 => Quality::Good,
            500 => Quality::Stale,
            other => Quality::Other(other),
        }
    }
}

/// Reads the properties above from a metric's property set; missing or unreadable ones stay `None`.
pub fn read(set: Option<&PropertySet>) -> MetricProps {
    let mut props = MetricProps::default();
    let Some(set) = set else { return props };
    for (key, value) in set.keys.iter().zip(&set.values) {
        let Ok(Decoded::Value(value)) = decode_property(value) else { continue };
        if key.eq_ignore_ascii_case("engUnit") {
            if let MetricValue::String(unit) | MetricValue::Text(unit) = value {
                props.unit = Some(unit);
            }
        } else if key.eq_ignore_ascii_case("engLow") {
            props.eng_low = number(&value);
        } else if key.eq_ignore_ascii_case("engHigh") {
            props.eng_high = number(&value);
        } else if key.eq_ignore_ascii_case("Quality") {
            props.quality = integer(&value).map(Quality::from_code);
        }
    }
    props
}

fn number(value: &MetricValue) -> Option<f64> {
    match value {
        MetricValue::Boolean(_) | MetricValue::DateTime(_) => None,
        other => other.as_f64().filter(|v| v.is_finite()),
    }
}

fn integer(value: &MetricValue) -> Option<i64> {
    match *value {
        MetricValue::Int8(v) => Some(v.into()),
        MetricValue::Int16(v) => Some(v.into()),
        MetricValue::Int32(v) => Some(v.into()),
        MetricValue::Int64(v) => Some(v),
        MetricValue::UInt8(v) => Some(v.into()),
        MetricValue::UInt16(v) => Some(v.into()),
        MetricValue::UInt32(v) => Some(v.into()),
        MetricValue::UInt64(v) => i64::try_from(v).ok(),
        _ => None,
    }
}
