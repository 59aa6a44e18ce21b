//! Turning values into register words and back, for every type, word order and byte order.
//!
//! Pure functions on raw values (scale and offset are the register map's business). Word order and byte order are
//! applied last, to the big-endian words, so each order is one simple transformation that is its own inverse.

use crate::config::{ByteOrder, DataType, WordOrder};

/// Everything needed to put a value on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Encoding {
    /// The wire type.
    pub data_type: DataType,
    /// Register order of multi-register types.
    pub word_order: WordOrder,
    /// Byte order inside each register.
    pub byte_order: ByteOrder,
}

impl Encoding {
    /// Big-endian words, high word first: the Modbus default.
    pub fn big(data_type: DataType) -> Self {
        Self { data_type, word_order: WordOrder::Big, byte_order: ByteOrder::Big }
    }

    /// Encodes a raw value. Integers are rounded (half away from zero) and saturate at the type's range, NaN
    /// becomes 0; `bool` is 1 when the value rounds to anything but 0. A `bool` yields one cell holding 0 or 1
    /// (a coil, not a register).
    pub fn encode(&self, raw: f64) -> Vec<u16> {
        let rounded = raw.round();
        // Float-to-int `as` casts saturate and map NaN to 0, which is exactly the rule above.
        let bits: u64 = match self.data_type {
            DataType::Bool => u64::from(rounded != 0.0 && !rounded.is_nan()),
            DataType::Int16 => u64::from(rounded as i16 as u16),
            DataType::Uint16 => u64::from(rounded as u16),
            DataType::Int32 => u64::from(rounded as i32 as u32),
            DataType::Uint32 => u64::from(rounded as u32),
            DataType::Float32 => u64::from((raw as f32).to_bits()),
            DataType::Float64 => raw.to_bits(),
        };
        let len = usize::from(self.data_type.width());
        let mut words: Vec<u16> = (0..len).rev().map(|i| (bits >> (16 * i)) as u16).collect();
        self.reorder(&mut words);
        words
    }

    /// Decodes words produced by [`Encoding::encode`] (or written by a client) into a raw value; `None` when the
    /// number of words does not match the type.
    pub fn decode(&self, words: &[u16]) -> Option<f64> {
        if words.len() != usize::from(self.data_type.width()) {
            return None;
        }
        let mut words = words.to_vec();
        self.reorder(&mut words);
        let bits = words.iter().fold(0u64, |bits, word| (bits << 16) | u64::from(*word));
        Some(match self.data_type {
            DataType::Bool => f64::from(u8::from(bits != 0)),
            DataType::Int16 => f64::from(bits as u16 as i16),
            DataType::Uint16 => f64::from(bits as u16),
            DataType::Int32 => f64::from(bits as u32 as i32),
            DataType::Uint32 => f64::from(bits as u32),
            DataType::Float32 => f64::from(f32::from_bits(bits as u32)),
            DataType::Float64 => f64::from_bits(bits),
        })
    }

    /// Converts between big-endian words and this encoding's order; applying it twice is the identity.
    fn reorder(&self, words: &mut [u16]) {
        if self.data_type == DataType::Bool {
            return;
        }
        if self.word_order == WordOrder::Little {
            words.reverse();
        }
        if self.byte_order == ByteOrder::Little {
            for word in words.iter_mut() {
                *word = word.swap_bytes();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORDERS: [(WordOrder, ByteOrder); 4] = [
        (WordOrder::Big, ByteOrder::Big),
        (WordOrder::Little, ByteOrder::Big),
        (WordOrder::Big, ByteOrder::Little),
        (WordOrder::Little, ByteOrder::Little),
    ];

    fn enc(data_type: DataType, word_order: WordOrder, byte_order: ByteOrder) -> Encoding {
        Encoding { data_type, word_order, byte_order }
    }

    /// Expected words for each order, listed as big/big, little-word/big-byte, big-word/little-byte, little/little.
    fn check(data_type: DataType, value: f64, expected: [&[u16]; 4]) {
        for ((word_order, byte_order), words) in ORDERS.into_iter().zip(expected) {
            let e = enc(data_type, word_order, byte_order);
            assert_eq!(e.encode(value), words, "{data_type} {value} {word_order:?}/{byte_order:?}");
            assert_eq!(e.decode(words), Some(value), "{data_type} {words:04X?} {word_order:?}/{byte_order:?}");
        }
    }

    #[test]
    fn float32_in_every_order() {
        check(DataType::Float32, 12.5, [&[0x4148, 0x0000], &[0x0000, 0x4148], &[0x4841, 0x0000], &[0x0000, 0x4841]]);
        check(DataType::Float32, -1.5, [&[0xBFC0, 0x0000], &[0x0000, 0xBFC0], &[0xC0BF, 0x0000], &[0x0000, 0xC0BF]]);
    }

    #[test]
    fn float64_in_every_order() {
        // 1234.5 = 0x40934A0000000000; use a value with four distinct words too.
        check(
            DataType::Float64,
            1234.5,
            [
                &[0x4093, 0x4A00, 0x0000, 0x0000],
                &[0x0000, 0x0000, 0x4A00, 0x4093],
                &[0x9340, 0x004A, 0x0000, 0x0000],
                &[0x0000, 0x0000, 0x004A, 0x9340],
            ],
        );
        let value = f64::from_bits(0x3FF1_2345_6789_ABCD);
        check(
            DataType::Float64,
            value,
            [
                &[0x3FF1, 0x2345, 0x6789, 0xABCD],
                &[0xABCD, 0x6789, 0x2345, 0x3FF1],
                &[0xF13F, 0x4523, 0x8967, 0xCDAB],
                &[0xCDAB, 0x8967, 0x4523, 0xF13F],
            ],
        );
    }

    #[test]
    fn uint32_and_int32_in_every_order() {
        check(
            DataType::Uint32,
            f64::from(0x1234_5678u32),
            [&[0x1234, 0x5678], &[0x5678, 0x1234], &[0x3412, 0x7856], &[0x7856, 0x3412]],
        );
        check(DataType::Int32, -2.0, [&[0xFFFF, 0xFFFE], &[0xFFFE, 0xFFFF], &[0xFFFF, 0xFEFF], &[0xFEFF, 0xFFFF]]);
        check(DataType::Int32, 100_000.0, [&[0x0001, 0x86A0], &[0x86A0, 0x0001], &[0x0100, 0xA086], &[0xA086, 0x0100]]);
    }

    #[test]
    fn sixteen_bit_types_ignore_word_order_but_not_byte_order() {
        check(DataType::Uint16, 1450.0, [&[0x05AA], &[0x05AA], &[0xAA05], &[0xAA05]]);
        check(DataType::Int16, -300.0, [&[0xFED4], &[0xFED4], &[0xD4FE], &[0xD4FE]]);
    }

    #[test]
    fn bool_is_one_cell_of_zero_or_one_in_any_order() {
        check(DataType::Bool, 1.0, [&[1], &[1], &[1], &[1]]);
        check(DataType::Bool, 0.0, [&[0], &[0], &[0], &[0]]);
        let e = Encoding::big(DataType::Bool);
        assert_eq!(e.encode(0.4), [0]);
        assert_eq!(e.encode(-3.0), [1]);
        assert_eq!(e.encode(f64::NAN), [0]);
        assert_eq!(e.decode(&[7]), Some(1.0));
    }

    #[test]
    fn integers_round_half_away_from_zero() {
        let e = Encoding::big(DataType::Int16);
        assert_eq!(e.encode(2.5), [3]);
        assert_eq!(e.encode(2.49), [2]);
        assert_eq!(e.encode(-2.5), [(-3i16) as u16]);
        assert_eq!(Encoding::big(DataType::Uint32).encode(7.6), [0, 8]);
    }

    #[test]
    fn integers_saturate_at_the_type_range() {
        let cases: [(DataType, f64, &[u16]); 10] = [
            (DataType::Uint16, 70_000.0, &[0xFFFF]),
            (DataType::Uint16, -5.0, &[0]),
            (DataType::Int16, 40_000.0, &[0x7FFF]),
            (DataType::Int16, -40_000.0, &[0x8000]),
            (DataType::Uint32, 5e9, &[0xFFFF, 0xFFFF]),
            (DataType::Uint32, -1.0, &[0, 0]),
            (DataType::Int32, 3e9, &[0x7FFF, 0xFFFF]),
            (DataType::Int32, -3e9, &[0x8000, 0x0000]),
            (DataType::Uint16, f64::NAN, &[0]),
            (DataType::Int16, f64::INFINITY, &[0x7FFF]),
        ];
        for (data_type, value, words) in cases {
            assert_eq!(Encoding::big(data_type).encode(value), words, "{data_type} {value}");
        }
    }

    #[test]
    fn float32_keeps_single_precision_and_overflows_to_infinity() {
        let e = Encoding::big(DataType::Float32);
        assert_eq!(e.decode(&e.encode(0.1)), Some(f64::from(0.1f32)));
        assert_eq!(e.decode(&e.encode(1e300)), Some(f64::INFINITY));
    }

    #[test]
    fn decode_refuses_the_wrong_number_of_words() {
        assert_eq!(Encoding::big(DataType::Float32).decode(&[0x4148]), None);
        assert_eq!(Encoding::big(DataType::Uint16).decode(&[1, 2]), None);
        assert_eq!(Encoding::big(DataType::Float64).decode(&[]), None);
    }
}
