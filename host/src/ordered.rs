//! The order-preserving map from IEEE floats to unsigned integers that
//! the `ordered` encoding stores in its integer atomics.
//!
//! `encode(x) = bits(x) ^ (sign set ? all ones : sign bit)`: positive
//! floats move above every negative one and negative floats reverse their
//! order, so unsigned integer order is float order for every non-NaN
//! value, with -0.0 just below +0.0. NaNs land outside the infinities:
//! positive NaNs above +inf, negative NaNs below -inf.

/// The unsigned word that orders like `x`.
pub fn encode_f32(x: f32) -> u32 {
    let bits = x.to_bits();
    let mask = (((bits as i32) >> 31) as u32) | 0x8000_0000;
    bits ^ mask
}

/// The float an encoded word stands for; `decode_f32(encode_f32(x))` has
/// the bits of `x`.
pub fn decode_f32(word: u32) -> f32 {
    let mask = (word >> 31).wrapping_sub(1) | 0x8000_0000;
    f32::from_bits(word ^ mask)
}

/// The unsigned 64-bit word that orders like `x`.
pub fn encode_f64(x: f64) -> u64 {
    let bits = x.to_bits();
    let mask = (((bits as i64) >> 63) as u64) | 0x8000_0000_0000_0000;
    bits ^ mask
}

/// The float an encoded 64-bit word stands for.
pub fn decode_f64(word: u64) -> f64 {
    let mask = (word >> 63).wrapping_sub(1) | 0x8000_0000_0000_0000;
    f64::from_bits(word ^ mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(encode_f32(0.0), 0x8000_0000);
        assert_eq!(encode_f32(-0.0), 0x7FFF_FFFF);
        assert_eq!(encode_f32(f32::INFINITY), 0xFF80_0000);
        assert_eq!(encode_f32(f32::NEG_INFINITY), 0x007F_FFFF);
        assert!(encode_f32(-1.0) < encode_f32(-0.5));
        assert!(encode_f32(f32::MIN_POSITIVE) > encode_f32(0.0));
    }

    /// Every pair of non-NaN floats keeps its order, and every pattern
    /// round-trips. Ordering is checked between neighbours in float order:
    /// walking the floats from -inf to +inf, the encoding must increase at
    /// every step, which with the round trip covers every pair.
    #[test]
    fn f32_encoding_is_exact_and_monotonic_over_all_bit_patterns() {
        for bits in 0..=u32::MAX {
            let x = f32::from_bits(bits);
            assert_eq!(
                decode_f32(encode_f32(x)).to_bits(),
                bits,
                "round trip of {bits:#x}"
            );
        }
        // Negative floats from -inf (0xFF800000) up to -0.0 (0x80000000),
        // then +0.0 up to +inf (0x7F800000).
        let ascending = (0x8000_0000u32..=0xFF80_0000).rev().chain(0..=0x7F80_0000);
        let mut previous: Option<(u32, u32)> = None;
        for bits in ascending {
            let word = encode_f32(f32::from_bits(bits));
            if let Some((prev_bits, prev_word)) = previous {
                assert!(
                    word > prev_word,
                    "order lost between {prev_bits:#x} and {bits:#x}"
                );
            }
            previous = Some((bits, word));
        }
        // NaNs sort outside the infinities.
        assert!(encode_f32(f32::from_bits(0x7FC0_0000)) > encode_f32(f32::INFINITY));
        assert!(encode_f32(f32::from_bits(0xFFC0_0000)) < encode_f32(f32::NEG_INFINITY));
    }

    /// A small deterministic generator, so the f64 property test needs no
    /// dependency and always checks the same values.
    fn splitmix(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    #[test]
    fn f64_encoding_round_trips_and_preserves_order() {
        let specials = [
            0.0,
            -0.0,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            f64::from_bits(1),
            -f64::from_bits(1),
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1.0,
            -1.0,
        ];
        let mut state = 0x5EED;
        let mut values: Vec<f64> = specials.to_vec();
        values.extend((0..200_000).map(|_| f64::from_bits(splitmix(&mut state))));
        values.retain(|v| !v.is_nan());
        for &x in &values {
            assert_eq!(decode_f64(encode_f64(x)).to_bits(), x.to_bits());
        }
        for pair in values.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let by_float = a.total_cmp(&b);
            assert_eq!(
                encode_f64(a).cmp(&encode_f64(b)),
                by_float,
                "{a:e} vs {b:e}"
            );
        }
    }
}
