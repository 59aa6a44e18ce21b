//! Register words ⇄ engineering values. A device's bytes are untrusted: decoding never panics, it answers
//! [`CodecError`] for a reply of the wrong length, and encoding refuses values a type cannot hold instead of
//! wrapping them.
//!
//! Orders: `word_order = big` puts the most significant register first (Modbus convention), `little` the least
//! significant first; `byte_order = little` swaps the two bytes inside each register. Engineering value =
//! raw × scale + offset.

use ironsight_protocol::payload::{DataType, Order, SignalDef};
pub use ironsight_protocol::validate::width;

/// Why a value could not be decoded or encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodecError {
    /// The device sent a different number of registers than the type needs.
    WrongLength { expected: u32, got: usize },
    /// The value does not fit the signal's data type after scale and offset (or is not a number).
    OutOfRange,
    /// A bool signal was asked for register words, or a register signal for a bit.
    WrongArea,
}

/// Puts the words in most-significant-first order with big-endian bytes, whatever the device's orders.
fn normalise(words: &[u16], signal: &SignalDef) -> Vec<u16> {
    let mut out: Vec<u16> = match signal.byte_order {
        Order::Big => words.to_vec(),
        Order::Little => words.iter().map(|w| w.swap_bytes()).collect(),
    };
    if signal.word_order == Order::Little {
        out.reverse();
    }
    out
}

/// The inverse of [`normalise`].
fn denormalise(mut words: Vec<u16>, signal: &SignalDef) -> Vec<u16> {
    if signal.word_order == Order::Little {
        words.reverse();
    }
    match signal.byte_order {
        Order::Big => words,
        Order::Little => words.into_iter().map(|w| w.swap_bytes()).collect(),
    }
}

fn to_u64(words: &[u16]) -> u64 {
    words.iter().fold(0u64, |acc, w| (acc << 16) | u64::from(*w))
}

/// Decodes a register signal's words into its engineering value.
pub fn decode_registers(signal: &SignalDef, words: &[u16]) -> Result<f64, CodecError> {
    if signal.data_type == DataType::Bool {
        return Err(CodecError::WrongArea);
    }
    let expected = width(signal.data_type);
    if words.len() != expected as usize {
        return Err(CodecError::WrongLength { expected, got: words.len() });
    }
    let bits = to_u64(&normalise(words, signal));
    let raw = match signal.data_type {
        DataType::Int16 => f64::from(bits as u16 as i16),
        DataType::Uint16 => f64::from(bits as u16),
        DataType::Int32 => f64::from(bits as u32 as i32),
        DataType::Uint32 => f64::from(bits as u32),
        DataType::Float32 => f64::from(f32::from_bits(bits as u32)),
        DataType::Float64 => f64::from_bits(bits),
        DataType::Bool => unreachable!("refused above"),
    };
    Ok(raw * signal.scale + signal.offset)
}

/// A bit's engineering value: 0 or 1.
pub fn decode_bit(bit: bool) -> f64 {
    if bit { 1.0 } else { 0.0 }
}

/// Encodes an engineering value for a register signal, refusing values its type cannot hold.
pub fn encode_registers(signal: &SignalDef, value: f64) -> Result<Vec<u16>, CodecError> {
    let raw = (value - signal.offset) / signal.scale;
    if !raw.is_finite() {
        return Err(CodecError::OutOfRange);
    }
    let integer = |min: f64, max: f64| -> Result<i64, CodecError> {
        let rounded = raw.round();
        if rounded < min || rounded > max { Err(CodecError::OutOfRange) } else { Ok(rounded as i64) }
    };
    let words = match signal.data_type {
        DataType::Bool => return Err(CodecError::WrongArea),
        DataType::Int16 => vec![integer(f64::from(i16::MIN), f64::from(i16::MAX))? as i16 as u16],
        DataType::Uint16 => vec![integer(0.0, f64::from(u16::MAX))? as u16],
        DataType::Int32 => split(u64::from(integer(f64::from(i32::MIN), f64::from(i32::MAX))? as i32 as u32), 2),
        DataType::Uint32 => split(u64::from(integer(0.0, f64::from(u32::MAX))? as u32), 2),
        DataType::Float32 => {
            if raw.abs() > f64::from(f32::MAX) {
                return Err(CodecError::OutOfRange);
            }
            split(u64::from((raw as f32).to_bits()), 2)
        }
        DataType::Float64 => split(raw.to_bits(), 4),
    };
    Ok(denormalise(words, signal))
}

/// Encodes a bit signal's value: 0 is off, any other number is on.
pub fn encode_bit(value: f64) -> Result<bool, CodecError> {
    if value.is_finite() { Ok(value != 0.0) } else { Err(CodecError::OutOfRange) }
}

fn split(bits: u64, count: usize) -> Vec<u16> {
    (0..count).rev().map(|i| (bits >> (16 * i)) as u16).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ironsight_protocol::payload::Area;

    fn sig(data_type: DataType, byte_order: Order, word_order: Order) -> SignalDef {
        SignalDef { byte_order, word_order, ..SignalDef::new("s", Area::HoldingRegister, 0, data_type) }
    }

    #[test]
    fn float32_in_every_order() {
        // 12.5 as float32 is 0x4148_0000.
        let cases = [
            (Order::Big, Order::Big, [0x4148, 0x0000]),
            (Order::Big, Order::Little, [0x0000, 0x4148]),
            (Order::Little, Order::Big, [0x4841, 0x0000]),
            (Order::Little, Order::Little, [0x0000, 0x4841]),
        ];
        for (bytes, words, wire) in cases {
            let s = sig(DataType::Float32, bytes, words);
            assert_eq!(encode_registers(&s, 12.5).unwrap(), wire, "{bytes:?}/{words:?}");
            assert_eq!(decode_registers(&s, &wire).unwrap(), 12.5);
        }
    }

    #[test]
    fn integers_and_float64_round_trip() {
        for (data_type, value) in [
            (DataType::Int16, -1234.0),
            (DataType::Uint16, 65535.0),
            (DataType::Int32, -2_000_000_000.0),
            (DataType::Uint32, 4_000_000_000.0),
            (DataType::Float64, -0.1),
        ] {
            for bytes in [Order::Big, Order::Little] {
                for words in [Order::Big, Order::Little] {
                    let s = sig(data_type, bytes, words);
                    let wire = encode_registers(&s, value).unwrap();
                    assert_eq!(wire.len() as u32, width(data_type));
                    assert_eq!(decode_registers(&s, &wire).unwrap(), value, "{data_type:?} {bytes:?}/{words:?}");
                }
            }
        }
        assert_eq!(decode_registers(&sig(DataType::Int16, Order::Big, Order::Big), &[0xFFFF]).unwrap(), -1.0);
    }

    #[test]
    fn scale_and_offset_apply_both_ways() {
        let mut s = sig(DataType::Uint16, Order::Big, Order::Big);
        (s.scale, s.offset) = (0.1, -40.0);
        assert_eq!(encode_registers(&s, 25.0).unwrap(), [650]);
        assert!((decode_registers(&s, &[650]).unwrap() - 25.0).abs() < 1e-9);
    }

    #[test]
    fn values_that_do_not_fit_are_refused() {
        let s = sig(DataType::Uint16, Order::Big, Order::Big);
        assert_eq!(encode_registers(&s, -1.0), Err(CodecError::OutOfRange));
        assert_eq!(encode_registers(&s, 65536.0), Err(CodecError::OutOfRange));
        assert_eq!(encode_registers(&s, f64::NAN), Err(CodecError::OutOfRange));
        assert_eq!(encode_registers(&sig(DataType::Int16, Order::Big, Order::Big), 32767.4).unwrap(), [32767]);
        assert_eq!(
            encode_registers(&sig(DataType::Float32, Order::Big, Order::Big), 1e39),
            Err(CodecError::OutOfRange)
        );
        assert_eq!(encode_bit(f64::INFINITY), Err(CodecError::OutOfRange));
        assert_eq!(encode_bit(2.0), Ok(true));
    }

    #[test]
    fn a_reply_of_the_wrong_length_is_an_error_not_a_panic() {
        let s = sig(DataType::Float32, Order::Big, Order::Big);
        assert_eq!(decode_registers(&s, &[1]), Err(CodecError::WrongLength { expected: 2, got: 1 }));
        assert_eq!(decode_registers(&s, &[]), Err(CodecError::WrongLength { expected: 2, got: 0 }));
        assert_eq!(decode_registers(&sig(DataType::Bool, Order::Big, Order::Big), &[1]), Err(CodecError::WrongArea));
    }
}
