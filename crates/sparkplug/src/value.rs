//! Typed metric values: the scalar datatypes of Sparkplug B as one enum, decoded from and encoded into the
//! protobuf `oneof value` by the rules of Sparkplug 3.0.0 specification, "Datatype Details" in the payloads chapter.
//!
//! Which field carries which datatype, as encoded here:
//!
//! | datatype                  | field          | encoding                                             |
//! |---------------------------|----------------|------------------------------------------------------|
//! | Int8, Int16, Int32        | `int_value`    | two's complement, sign-extended to 32 bits           |
//! | Int64                     | `long_value`   | two's complement                                     |
//! | UInt8, UInt16, UInt32     | `int_value`    | plain                                                |
//! | UInt64, DateTime          | `long_value`   | plain (DateTime: ms since the epoch, UTC)            |
//! | Float / Double            | `float_value` / `double_value` | IEEE 754, NaN and infinities as they are |
//! | Boolean                   | `boolean_value`|                                                      |
//! | String, Text, UUID        | `string_value` |                                                      |
//!
//! Decoding is lenient where real publishers differ and strict about the number: an integer may come in
//! `int_value` or `long_value` (Eclipse Tahu's Java library sends UInt32 in `long_value`); a signed integer
//! narrower than its field may be sign-extended to the field (Tahu Java and C) or two's complement at its own width
//! (Tahu Python sends Int8 −1 as 255); a Double may come as a `float_value` and a Float as a `double_value` that is
//! exactly a float. Anything else that does not fit the datatype is a [`ValueError`], never a truncation; so is
//! Int64 in `int_value` with the top bit set, which could be either a negative number or a large positive one.
//!
//! DataSet, Bytes, File, Template, PropertySet(List), Unknown and every array datatype decode to
//! [`Decoded::Unsupported`]: the host counts them and carries on.

use crate::proto::payload::{Metric, PropertyValue, metric, property_value};
use std::fmt;

pub use crate::proto::DataType;

/// A value of one of the scalar datatypes.
#[derive(Clone, Debug, PartialEq)]
pub enum MetricValue {
    Int8(i8),
    Int16(i16),
    Int32(i32),
    Int64(i64),
    UInt8(u8),
    UInt16(u16),
    UInt32(u32),
    UInt64(u64),
    Float(f32),
    Double(f64),
    Boolean(bool),
    String(String),
    /// Milliseconds since the Unix epoch, UTC.
    DateTime(u64),
    Text(String),
    /// A UUID as its text, not checked.
    Uuid(String),
}

/// What a metric's value decodes to.
#[derive(Clone, Debug, PartialEq)]
pub enum Decoded {
    Value(MetricValue),
    /// The metric says `is_null`.
    Null,
    /// A datatype this crate does not turn into a value (DataSet, Template, Bytes, File, arrays, …).
    Unsupported(DataType),
}

/// Why a metric's value could not be read as its datatype.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    #[error("datatype {0} is not a Sparkplug datatype")]
    UnknownDatatype(u32),
    #[error("no datatype")]
    MissingDatatype,
    #[error("no value and not null")]
    Missing,
    #[error("a {datatype:?} value cannot be in {field}")]
    WrongField { datatype: DataType, field: &'static str },
    #[error("{raw} in {field} does not fit {datatype:?}")]
    OutOfRange { datatype: DataType, field: &'static str, raw: u64 },
    #[error("a double that is not exactly a float cannot be a Float")]
    InexactFloat,
}

/// The datatype numbered `number` on the wire.
pub fn datatype(number: u32) -> Result<DataType, ValueError> {
    i32::try_from(number).ok().and_then(|n| DataType::try_from(n).ok()).ok_or(ValueError::UnknownDatatype(number))
}

/// True for the datatypes [`MetricValue`] has a variant for.
pub fn is_scalar(datatype: DataType) -> bool {
    (DataType::Int8 as i32..=DataType::Uuid as i32).contains(&(datatype as i32))
}

/// The `oneof value` of any of the payload's messages, reduced to what the scalar rules look at.
enum Raw<'a> {
    Int(u32),
    Long(u64),
    Float(f32),
    Double(f64),
    Bool(bool),
    Str(&'a str),
    /// A field no scalar datatype may use, by its protobuf name.
    Other(&'static str),
}

impl Raw<'_> {
    fn field(&self) -> &'static str {
        match self {
            Raw::Int(_) => "int_value",
            Raw::Long(_) => "long_value",
            Raw::Float(_) => "float_value",
            Raw::Double(_) => "double_value",
            Raw::Bool(_) => "boolean_value",
            Raw::Str(_) => "string_value",
            Raw::Other(field) => field,
        }
    }
}

/// Decodes a metric's value as `datatype`: the metric's own in a birth, the birth's for a DATA message (where the
/// publisher SHOULD NOT repeat it; one it sends anyway is not looked at).
pub fn decode_metric(metric: &Metric, datatype: DataType) -> Result<Decoded, ValueError> {
    let raw = metric.value.as_ref().map(|v| match v {
        metric::Value::IntValue(v) => Raw::Int(*v),
        metric::Value::LongValue(v) => Raw::Long(*v),
        metric::Value::FloatValue(v) => Raw::Float(*v),
        metric::Value::DoubleValue(v) => Raw::Double(*v),
        metric::Value::BooleanValue(v) => Raw::Bool(*v),
        metric::Value::StringValue(v) => Raw::Str(v),
        metric::Value::BytesValue(_) => Raw::Other("bytes_value"),
        metric::Value::DatasetValue(_) => Raw::Other("dataset_value"),
        metric::Value::TemplateValue(_) => Raw::Other("template_value"),
        metric::Value::ExtensionValue(_) => Raw::Other("extension_value"),
    });
    decode(raw, metric.is_null == Some(true), datatype)
}

/// Decodes a property's value by its `type`, or, when the publisher left that out, by the field it used.
pub fn decode_property(property: &PropertyValue) -> Result<Decoded, ValueError> {
    use property_value::Value as V;
    let raw = property.value.as_ref().map(|v| match v {
        V::IntValue(v) => Raw::Int(*v),
        V::LongValue(v) => Raw::Long(*v),
        V::FloatValue(v) => Raw::Float(*v),
        V::DoubleValue(v) => Raw::Double(*v),
        V::BooleanValue(v) => Raw::Bool(*v),
        V::StringValue(v) => Raw::Str(v),
        V::PropertysetValue(_) => Raw::Other("propertyset_value"),
        V::PropertysetsValue(_) => Raw::Other("propertysets_value"),
        V::ExtensionValue(_) => Raw::Other("extension_value"),
    });
    let datatype = match (property.r#type, &raw) {
        (Some(number), _) => datatype(number)?,
        (None, Some(Raw::Int(_))) => DataType::UInt32,
        (None, Some(Raw::Long(_))) => DataType::UInt64,
        (None, Some(Raw::Float(_))) => DataType::Float,
        (None, Some(Raw::Double(_))) => DataType::Double,
        (None, Some(Raw::Bool(_))) => DataType::Boolean,
        (None, Some(Raw::Str(_))) => DataType::String,
        (None, Some(Raw::Other(_)) | None) => return Err(ValueError::MissingDatatype),
    };
    decode(raw, property.is_null == Some(true), datatype)
}

fn decode(raw: Option<Raw<'_>>, is_null: bool, datatype: DataType) -> Result<Decoded, ValueError> {
    if !is_scalar(datatype) {
        return Ok(Decoded::Unsupported(datatype));
    }
    if is_null {
        return Ok(Decoded::Null);
    }
    let raw = raw.ok_or(ValueError::Missing)?;
    let field = raw.field();
    let wrong = || ValueError::WrongField { datatype, field };
    let (int, width) = match raw {
        Raw::Int(v) => (Some(u64::from(v)), 32),
        Raw::Long(v) => (Some(v), 64),
        _ => (None, 0),
    };
    let out_of_range = || ValueError::OutOfRange { datatype, field, raw: int.unwrap_or_default() };
    let signed = |bits: u32| int.ok_or_else(wrong).and_then(|raw| signed(raw, width, bits).ok_or_else(out_of_range));
    let unsigned =
        |max: u64| int.ok_or_else(wrong).and_then(|raw| (raw <= max).then_some(raw).ok_or_else(out_of_range));
    // The range checks above make each `as` below exact.
    let value = match datatype {
        DataType::Int8 => MetricValue::Int8(signed(8)? as i8),
        DataType::Int16 => MetricValue::Int16(signed(16)? as i16),
        DataType::Int32 => MetricValue::Int32(signed(32)? as i32),
        DataType::Int64 => MetricValue::Int64(signed(64)?),
        DataType::UInt8 => MetricValue::UInt8(unsigned(u8::MAX.into())? as u8),
        DataType::UInt16 => MetricValue::UInt16(unsigned(u16::MAX.into())? as u16),
        DataType::UInt32 => MetricValue::UInt32(unsigned(u32::MAX.into())? as u32),
        DataType::UInt64 => MetricValue::UInt64(unsigned(u64::MAX)?),
        DataType::DateTime => MetricValue::DateTime(unsigned(u64::MAX)?),
        DataType::Float => MetricValue::Float(match raw {
            Raw::Float(v) => v,
            Raw::Double(v) if v.is_nan() => f32::NAN,
            Raw::Double(v) if f64::from(v as f32) == v => v as f32,
            Raw::Double(_) => return Err(ValueError::InexactFloat),
            _ => return Err(wrong()),
        }),
        DataType::Double => MetricValue::Double(match raw {
            Raw::Double(v) => v,
            Raw::Float(v) => f64::from(v),
            _ => return Err(wrong()),
        }),
        DataType::Boolean => MetricValue::Boolean(match raw {
            Raw::Bool(v) => v,
            _ => return Err(wrong()),
        }),
        DataType::String | DataType::Text | DataType::Uuid => {
            let Raw::Str(text) = raw else { return Err(wrong()) };
            match datatype {
                DataType::String => MetricValue::String(text.to_owned()),
                DataType::Text => MetricValue::Text(text.to_owned()),
                _ => MetricValue::Uuid(text.to_owned()),
            }
        }
        _ => return Ok(Decoded::Unsupported(datatype)),
    };
    Ok(Decoded::Value(value))
}

/// A `bits`-wide signed integer carried in an unsigned field `width` bits wide, or `None` when `raw` cannot be one.
/// As wide as the field or wider (Int32 in `int_value`, Int64 in `long_value`): the field's two's complement, except
/// that Int64 in `int_value` must be below 2³¹ (above it, negative and large positive readings both make sense).
/// Narrower than the field: two's complement at its own width (below 2^bits), or sign-extended to the field.
fn signed(raw: u64, width: u32, bits: u32) -> Option<i64> {
    let extended = if width == 32 { i64::from(raw as u32 as i32) } else { raw as i64 };
    if bits > width {
        return (extended >= 0).then_some(extended);
    }
    if bits == width {
        return Some(extended);
    }
    if raw < 1 << bits {
        let shift = 64 - bits;
        return Some(((raw << shift) as i64) >> shift);
    }
    (-(1i64 << (bits - 1))..0).contains(&extended).then_some(extended)
}

impl MetricValue {
    /// The datatype this value is of.
    pub fn datatype(&self) -> DataType {
        match self {
            MetricValue::Int8(_) => DataType::Int8,
            MetricValue::Int16(_) => DataType::Int16,
            MetricValue::Int32(_) => DataType::Int32,
            MetricValue::Int64(_) => DataType::Int64,
            MetricValue::UInt8(_) => DataType::UInt8,
            MetricValue::UInt16(_) => DataType::UInt16,
            MetricValue::UInt32(_) => DataType::UInt32,
            MetricValue::UInt64(_) => DataType::UInt64,
            MetricValue::Float(_) => DataType::Float,
            MetricValue::Double(_) => DataType::Double,
            MetricValue::Boolean(_) => DataType::Boolean,
            MetricValue::String(_) => DataType::String,
            MetricValue::DateTime(_) => DataType::DateTime,
            MetricValue::Text(_) => DataType::Text,
            MetricValue::Uuid(_) => DataType::Uuid,
        }
    }

    /// The protobuf value by the table above. Int8/16/32 are sign-extended to 32 bits, as Tahu's Java and C
    /// libraries send them.
    pub fn to_proto(&self) -> metric::Value {
        use metric::Value as V;
        match self {
            MetricValue::Int8(v) => V::IntValue(i32::from(*v) as u32),
            MetricValue::Int16(v) => V::IntValue(i32::from(*v) as u32),
            MetricValue::Int32(v) => V::IntValue(*v as u32),
            MetricValue::Int64(v) => V::LongValue(*v as u64),
            MetricValue::UInt8(v) => V::IntValue(u32::from(*v)),
            MetricValue::UInt16(v) => V::IntValue(u32::from(*v)),
            MetricValue::UInt32(v) => V::IntValue(*v),
            MetricValue::UInt64(v) | MetricValue::DateTime(v) => V::LongValue(*v),
            MetricValue::Float(v) => V::FloatValue(*v),
            MetricValue::Double(v) => V::DoubleValue(*v),
            MetricValue::Boolean(v) => V::BooleanValue(*v),
            MetricValue::String(v) | MetricValue::Text(v) | MetricValue::Uuid(v) => V::StringValue(v.clone()),
        }
    }

    /// A metric carrying this value and its datatype, without name, alias or timestamp (the caller sets those).
    pub fn to_metric(&self) -> Metric {
        Metric { datatype: Some(self.datatype() as u32), value: Some(self.to_proto()), ..Metric::default() }
    }

    /// The value as a number, for a numeric history: integers and DateTime (ms) converted (exact up to 2⁵³ in
    /// magnitude, the nearest double beyond), Float widened exactly, Boolean as 1 or 0. NaN and the infinities
    /// pass through as they are: whether a store can keep them is the store's decision. `None` for texts.
    pub fn as_f64(&self) -> Option<f64> {
        Some(match self {
            MetricValue::Int8(v) => f64::from(*v),
            MetricValue::Int16(v) => f64::from(*v),
            MetricValue::Int32(v) => f64::from(*v),
            MetricValue::Int64(v) => *v as f64,
            MetricValue::UInt8(v) => f64::from(*v),
            MetricValue::UInt16(v) => f64::from(*v),
            MetricValue::UInt32(v) => f64::from(*v),
            MetricValue::UInt64(v) | MetricValue::DateTime(v) => *v as f64,
            MetricValue::Float(v) => f64::from(*v),
            MetricValue::Double(v) => *v,
            MetricValue::Boolean(v) => f64::from(u8::from(*v)),
            MetricValue::String(_) | MetricValue::Text(_) | MetricValue::Uuid(_) => return None,
        })
    }
}

impl fmt::Display for MetricValue {
    /// The value as text, for storing any datatype as a string: integers and DateTime (ms) in decimal, Float and
    /// Double as the shortest decimal that reads back to the same number (`NaN`, `inf`, `-inf` as such),
    /// Boolean as `true` / `false`, texts as they are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MetricValue::Int8(v) => v.fmt(f),
            MetricValue::Int16(v) => v.fmt(f),
            MetricValue::Int32(v) => v.fmt(f),
            MetricValue::Int64(v) => v.fmt(f),
            MetricValue::UInt8(v) => v.fmt(f),
            MetricValue::UInt16(v) => v.fmt(f),
            MetricValue::UInt32(v) => v.fmt(f),
            MetricValue::UInt64(v) | MetricValue::DateTime(v) => v.fmt(f),
            MetricValue::Float(v) => v.fmt(f),
            MetricValue::Double(v) => v.fmt(f),
            MetricValue::Boolean(v) => v.fmt(f),
            MetricValue::String(v) | MetricValue::Text(v) | MetricValue::Uuid(v) => f.write_str(v),
        }
    }
}
