//! Metric values: every scalar datatype survives encode → bytes → decode, extremes included; the lenient readings
//! publishers need are accepted and everything that does not fit is an error, never a truncation.

use ironsight_sparkplug::payload::{Metric, Payload};
use ironsight_sparkplug::proto::payload::metric::Value as Field;
use ironsight_sparkplug::value::{decode_metric, decode_property, is_scalar};
use ironsight_sparkplug::{DataType, Decoded, MetricValue, ValueError, decode, encode};

/// The value after a trip through a payload's bytes, read as its own datatype.
fn round_trip(value: &MetricValue) -> Decoded {
    let payload = Payload { metrics: vec![value.to_metric()], ..Payload::default() };
    let decoded = decode(&encode(&payload)).unwrap();
    let metric = &decoded.metrics[0];
    assert_eq!(metric.datatype, Some(value.datatype() as u32));
    decode_metric(metric, value.datatype()).unwrap()
}

fn with(field: Field) -> Metric {
    Metric { value: Some(field), ..Metric::default() }
}

fn read(field: Field, datatype: DataType) -> Result<Decoded, ValueError> {
    decode_metric(&with(field), datatype)
}

fn value(v: MetricValue) -> Result<Decoded, ValueError> {
    Ok(Decoded::Value(v))
}

#[test]
fn every_scalar_datatype_round_trips_with_its_extremes() {
    let values = [
        MetricValue::Int8(i8::MIN),
        MetricValue::Int8(-1),
        MetricValue::Int8(0),
        MetricValue::Int8(i8::MAX),
        MetricValue::Int16(i16::MIN),
        MetricValue::Int16(-1),
        MetricValue::Int16(i16::MAX),
        MetricValue::Int32(i32::MIN),
        MetricValue::Int32(-1),
        MetricValue::Int32(i32::MAX),
        MetricValue::Int64(i64::MIN),
        MetricValue::Int64(-1),
        MetricValue::Int64(i64::MAX),
        MetricValue::UInt8(0),
        MetricValue::UInt8(u8::MAX),
        MetricValue::UInt16(u16::MAX),
        MetricValue::UInt32(u32::MAX),
        MetricValue::UInt64(0),
        MetricValue::UInt64(u64::MAX),
        MetricValue::Float(f32::MIN),
        MetricValue::Float(f32::MIN_POSITIVE),
        MetricValue::Float(-0.0),
        MetricValue::Float(f32::INFINITY),
        MetricValue::Double(f64::MAX),
        MetricValue::Double(f64::NEG_INFINITY),
        MetricValue::Double(5e-324),
        MetricValue::Boolean(true),
        MetricValue::Boolean(false),
        MetricValue::String(String::new()),
        MetricValue::String("泵站 1# / ✓".into()),
        MetricValue::DateTime(0),
        MetricValue::DateTime(u64::MAX),
        MetricValue::Text("a\nb".into()),
        MetricValue::Uuid("123e4567-e89b-12d3-a456-426614174000".into()),
    ];
    for v in values {
        assert_eq!(round_trip(&v), Decoded::Value(v.clone()), "{v:?}");
    }
}

#[test]
fn nan_round_trips_bit_for_bit() {
    // NaN is a value like any other on the wire; PartialEq cannot say so, the bits can.
    let quiet = f32::from_bits(0x7fc0_0001);
    let Decoded::Value(MetricValue::Float(back)) = round_trip(&MetricValue::Float(quiet)) else { panic!() };
    assert_eq!(back.to_bits(), quiet.to_bits());
    let Decoded::Value(MetricValue::Double(back)) = round_trip(&MetricValue::Double(-f64::NAN)) else { panic!() };
    assert_eq!(back.to_bits(), (-f64::NAN).to_bits());
    assert!(MetricValue::Double(f64::NAN).as_f64().unwrap().is_nan(), "NaN passes through to storage");
    assert_eq!(MetricValue::Float(f32::NAN).to_string(), "NaN");
}

#[test]
fn signed_integers_are_sent_sign_extended_in_the_unsigned_fields() {
    assert_eq!(MetricValue::Int8(-1).to_proto(), Field::IntValue(0xFFFF_FFFF));
    assert_eq!(MetricValue::Int16(i16::MIN).to_proto(), Field::IntValue(0xFFFF_8000));
    assert_eq!(MetricValue::Int32(i32::MIN).to_proto(), Field::IntValue(0x8000_0000));
    assert_eq!(MetricValue::Int64(-2).to_proto(), Field::LongValue(u64::MAX - 1));
    assert_eq!(MetricValue::UInt32(u32::MAX).to_proto(), Field::IntValue(u32::MAX));
    assert_eq!(MetricValue::DateTime(1_700_000_000_000).to_proto(), Field::LongValue(1_700_000_000_000));
}

#[test]
fn a_narrow_signed_integer_is_read_sign_extended_or_at_its_own_width() {
    // Tahu Java and C sign-extend to 32 bits; Tahu Python sends Int8 −1 as 255 and Int16 −1 as 65535.
    assert_eq!(read(Field::IntValue(0xFFFF_FFFF), DataType::Int8), value(MetricValue::Int8(-1)));
    assert_eq!(read(Field::IntValue(255), DataType::Int8), value(MetricValue::Int8(-1)));
    assert_eq!(read(Field::IntValue(128), DataType::Int8), value(MetricValue::Int8(i8::MIN)));
    assert_eq!(read(Field::IntValue(127), DataType::Int8), value(MetricValue::Int8(127)));
    assert_eq!(read(Field::IntValue(0xFFFF_FF80), DataType::Int8), value(MetricValue::Int8(i8::MIN)));
    assert_eq!(read(Field::IntValue(0xFFFF), DataType::Int16), value(MetricValue::Int16(-1)));
    assert_eq!(read(Field::LongValue(u64::MAX), DataType::Int16), value(MetricValue::Int16(-1)));
    assert_eq!(read(Field::LongValue(0xFFFF_FFFF), DataType::Int32), value(MetricValue::Int32(-1)));
    assert_eq!(read(Field::IntValue(0x8000_0000), DataType::Int32), value(MetricValue::Int32(i32::MIN)));
}

#[test]
fn integers_are_read_from_either_integer_field() {
    // Tahu's Java library sends UInt32 in long_value.
    assert_eq!(read(Field::LongValue(u32::MAX.into()), DataType::UInt32), value(MetricValue::UInt32(u32::MAX)));
    assert_eq!(read(Field::IntValue(7), DataType::UInt64), value(MetricValue::UInt64(7)));
    assert_eq!(read(Field::IntValue(7), DataType::Int64), value(MetricValue::Int64(7)));
    assert_eq!(read(Field::LongValue(i64::MIN as u64), DataType::Int64), value(MetricValue::Int64(i64::MIN)));
    assert_eq!(read(Field::IntValue(9), DataType::DateTime), value(MetricValue::DateTime(9)));
}

#[test]
fn a_value_that_does_not_fit_its_datatype_is_an_error_not_a_truncation() {
    let out = |field, raw, datatype| Err(ValueError::OutOfRange { datatype, field, raw });
    assert_eq!(read(Field::IntValue(256), DataType::Int8), out("int_value", 256, DataType::Int8));
    assert_eq!(read(Field::IntValue(0xFFFF_FF7F), DataType::Int8), out("int_value", 0xFFFF_FF7F, DataType::Int8));
    assert_eq!(read(Field::IntValue(0x1_0000), DataType::Int16), out("int_value", 0x1_0000, DataType::Int16));
    assert_eq!(read(Field::LongValue(1 << 32), DataType::Int32), out("long_value", 1 << 32, DataType::Int32));
    assert_eq!(read(Field::IntValue(256), DataType::UInt8), out("int_value", 256, DataType::UInt8));
    assert_eq!(read(Field::IntValue(u32::MAX), DataType::UInt16), out("int_value", u32::MAX.into(), DataType::UInt16));
    assert_eq!(read(Field::LongValue(1 << 32), DataType::UInt32), out("long_value", 1 << 32, DataType::UInt32));
    // Int64 in a 32-bit field with the top bit set: −1 or 4294967295? Neither is guessed.
    assert_eq!(read(Field::IntValue(u32::MAX), DataType::Int64), out("int_value", u32::MAX.into(), DataType::Int64));
    assert_eq!(read(Field::DoubleValue(0.1), DataType::Float), Err(ValueError::InexactFloat));
    assert_eq!(read(Field::DoubleValue(1e300), DataType::Float), Err(ValueError::InexactFloat));
}

#[test]
fn floats_are_read_from_the_other_float_field_when_exact() {
    assert_eq!(read(Field::FloatValue(0.1), DataType::Double), value(MetricValue::Double(f64::from(0.1f32))));
    assert_eq!(read(Field::DoubleValue(0.5), DataType::Float), value(MetricValue::Float(0.5)));
}

#[test]
fn a_value_in_a_field_its_datatype_never_uses_is_an_error() {
    let wrong = |datatype, field| Err(ValueError::WrongField { datatype, field });
    assert_eq!(read(Field::StringValue("1".into()), DataType::Int32), wrong(DataType::Int32, "string_value"));
    assert_eq!(read(Field::IntValue(1), DataType::Boolean), wrong(DataType::Boolean, "int_value"));
    assert_eq!(read(Field::BooleanValue(true), DataType::String), wrong(DataType::String, "boolean_value"));
    assert_eq!(read(Field::FloatValue(1.0), DataType::UInt8), wrong(DataType::UInt8, "float_value"));
    assert_eq!(read(Field::BytesValue(vec![1]), DataType::Double), wrong(DataType::Double, "bytes_value"));
    assert_eq!(decode_metric(&Metric::default(), DataType::Int32), Err(ValueError::Missing));
}

#[test]
fn null_metrics_read_as_null_whatever_the_field_holds() {
    let null = Metric { is_null: Some(true), ..Metric::default() };
    assert_eq!(decode_metric(&null, DataType::Double), Ok(Decoded::Null));
    let null_with_value = Metric { is_null: Some(true), ..with(Field::IntValue(3)) };
    assert_eq!(decode_metric(&null_with_value, DataType::Int32), Ok(Decoded::Null));
}

#[test]
fn datatypes_without_a_scalar_value_are_unsupported_not_errors() {
    let unsupported = [
        DataType::Unknown,
        DataType::DataSet,
        DataType::Bytes,
        DataType::File,
        DataType::Template,
        DataType::PropertySet,
        DataType::PropertySetList,
        DataType::Int8Array,
        DataType::Int16Array,
        DataType::Int32Array,
        DataType::Int64Array,
        DataType::UInt8Array,
        DataType::UInt16Array,
        DataType::UInt32Array,
        DataType::UInt64Array,
        DataType::FloatArray,
        DataType::DoubleArray,
        DataType::BooleanArray,
        DataType::StringArray,
        DataType::DateTimeArray,
    ];
    for datatype in unsupported {
        assert!(!is_scalar(datatype));
        assert_eq!(read(Field::BytesValue(vec![1, 2]), datatype), Ok(Decoded::Unsupported(datatype)), "{datatype:?}");
        assert_eq!(decode_metric(&Metric::default(), datatype), Ok(Decoded::Unsupported(datatype)));
    }
    assert_eq!(ironsight_sparkplug::value::datatype(35), Err(ValueError::UnknownDatatype(35)));
    assert_eq!(ironsight_sparkplug::value::datatype(34), Ok(DataType::DateTimeArray));
}

#[test]
fn values_convert_to_a_number_or_text_for_storage() {
    assert_eq!(MetricValue::Int8(-5).as_f64(), Some(-5.0));
    assert_eq!(MetricValue::UInt64(u64::MAX).as_f64(), Some(18_446_744_073_709_551_615.0));
    assert_eq!(MetricValue::Boolean(true).as_f64(), Some(1.0));
    assert_eq!(MetricValue::DateTime(1_700_000_000_000).as_f64(), Some(1.7e12));
    assert_eq!(MetricValue::Float(0.1).as_f64(), Some(f64::from(0.1f32)));
    assert_eq!(MetricValue::String("1.5".into()).as_f64(), None);
    assert_eq!(MetricValue::Float(0.1).to_string(), "0.1");
    assert_eq!(MetricValue::Double(-2.5e-10).to_string(), "-0.00000000025");
    assert_eq!(MetricValue::Int64(i64::MIN).to_string(), "-9223372036854775808");
    assert_eq!(MetricValue::Boolean(false).to_string(), "false");
    assert_eq!(MetricValue::Text("说明".into()).to_string(), "说明");
}

#[test]
fn a_property_without_type_is_read_by_its_field() {
    use ironsight_sparkplug::payload::PropertyValue;
    use ironsight_sparkplug::proto::payload::property_value::Value as P;
    let untyped = PropertyValue { r#type: None, is_null: None, value: Some(P::StringValue("bar".into())) };
    assert_eq!(decode_property(&untyped), value(MetricValue::String("bar".into())));
    let typed =
        PropertyValue { r#type: Some(DataType::Int32 as u32), is_null: None, value: Some(P::IntValue(u32::MAX)) };
    assert_eq!(decode_property(&typed), value(MetricValue::Int32(-1)));
    let set = PropertyValue { r#type: Some(DataType::PropertySet as u32), is_null: None, value: None };
    assert_eq!(decode_property(&set), Ok(Decoded::Unsupported(DataType::PropertySet)));
}
