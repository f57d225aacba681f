//! Fixed-point words for float sums (`float-atomics.sum=fixed`).
//!
//! A sum in fixed point holds `round(x * 2^F)` in a signed integer word of
//! `W` bits: every add is one integer `atomicAdd`, which every target has,
//! and integer addition is associative, so the sum has the same bits
//! whatever order the adds run in. The price is a fixed range and
//! resolution: values from `-2^(W-1-F)` to just below `2^(W-1-F)`, in
//! steps of `2^-F`, each addend rounded to the nearest step (ties to even).

/// A fixed-point format: a signed word of `word_bits` bits whose lowest
/// `fraction_bits` bits are the fraction. Named `I.F` after its integer
/// bits (the sign included) and fraction bits: `16.16` is a 32-bit word
/// holding `-32768.0 ..< 32768.0` in steps of `2^-16`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FixedPoint {
    word_bits: u8,
    fraction_bits: u8,
}

impl FixedPoint {
    /// `16.16` on a 32-bit word: the default of `float-atomics.fixed-point`.
    pub const Q16_16: FixedPoint = FixedPoint::new(32, 16);
    /// `32.32` on a 64-bit word, for targets with 64-bit atomic add.
    pub const Q32_32: FixedPoint = FixedPoint::new(64, 32);

    /// Every format `float-atomics` offers, 32-bit words first, by
    /// increasing range.
    pub const ALL: [FixedPoint; 8] = [
        FixedPoint::new(32, 24),
        FixedPoint::new(32, 20),
        FixedPoint::Q16_16,
        FixedPoint::new(32, 12),
        FixedPoint::new(32, 8),
        FixedPoint::new(64, 40),
        FixedPoint::Q32_32,
        FixedPoint::new(64, 24),
    ];

    const fn new(word_bits: u8, fraction_bits: u8) -> FixedPoint {
        FixedPoint {
            word_bits,
            fraction_bits,
        }
    }

    /// The format's name, `I.F`.
    pub const fn name(self) -> &'static str {
        match (self.word_bits, self.fraction_bits) {
            (32, 24) => "8.24",
            (32, 20) => "12.20",
            (32, 16) => "16.16",
            (32, 12) => "20.12",
            (32, 8) => "24.8",
            (64, 40) => "24.40",
            (64, 32) => "32.32",
            (64, 24) => "40.24",
            _ => "unnamed",
        }
    }

    /// The format named `name` (`16.16`); `None` for a format this
    /// version does not offer.
    pub fn parse(name: &str) -> Option<FixedPoint> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Bits of the signed word: 32 or 64.
    pub const fn word_bits(self) -> u32 {
        self.word_bits as u32
    }

    /// Bits of the fraction, `F`.
    pub const fn fraction_bits(self) -> u32 {
        self.fraction_bits as u32
    }

    /// `2^F`: what a float is multiplied by before rounding.
    pub fn scale(self) -> f64 {
        2f64.powi(self.fraction_bits as i32)
    }

    /// The step between neighbouring values, `2^-F`.
    pub fn resolution(self) -> f64 {
        1.0 / self.scale()
    }

    /// The largest error of one rounded addend: half a step, `2^-(F+1)`.
    pub fn rounding_error(self) -> f64 {
        self.resolution() / 2.0
    }

    /// The largest value the word holds, `2^(W-1-F) - 2^-F`.
    pub fn largest(self) -> f64 {
        self.limit() - self.resolution()
    }

    /// The smallest (most negative) value the word holds, `-2^(W-1-F)`.
    pub fn smallest(self) -> f64 {
        -self.limit()
    }

    /// `2^(W-1-F)`: no value reaches it in magnitude but the smallest.
    fn limit(self) -> f64 {
        2f64.powi(self.word_bits as i32 - 1 - self.fraction_bits as i32)
    }

    /// The word of `x`: `round(x * 2^F)`, ties to even, as the shader
    /// computes it; `None` where it does not fit the word (the shader
    /// records an overflow there) or `x` is NaN.
    pub fn encode(self, x: f64) -> Option<i64> {
        let scaled = (x * self.scale()).round_ties_even();
        let limit = 2f64.powi(self.word_bits as i32 - 1);
        (scaled.abs() < limit).then_some(scaled as i64)
    }

    /// The f64 nearest to the value `word` holds (exact for 32-bit words).
    pub fn decode_f64(self, word: i64) -> f64 {
        // The integer rounds once to f64; a power-of-two scale is exact.
        word as f64 * self.resolution()
    }

    /// The f32 nearest to the value `word` holds, as the shader's decode
    /// computes it: rounded once, never through f64.
    pub fn decode_f32(self, word: i64) -> f32 {
        (word as f32) * (self.resolution() as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_named_by_their_integer_and_fraction_bits() {
        for format in FixedPoint::ALL {
            assert_eq!(FixedPoint::parse(format.name()), Some(format));
            let (integer, fraction) = format.name().split_once('.').unwrap();
            assert_eq!(fraction.parse::<u32>().unwrap(), format.fraction_bits());
            assert_eq!(
                integer.parse::<u32>().unwrap() + format.fraction_bits(),
                format.word_bits()
            );
        }
        assert_eq!(FixedPoint::parse("16.15"), None);
    }

    #[test]
    fn sixteen_sixteen_holds_its_documented_range() {
        let q = FixedPoint::Q16_16;
        assert_eq!(q.largest(), 32768.0 - 1.0 / 65536.0);
        assert_eq!(q.smallest(), -32768.0);
        assert_eq!(q.encode(1.5), Some(0x18000));
        assert_eq!(q.encode(-1.5), Some(-0x18000));
        assert_eq!(q.encode(q.largest()), Some(i32::MAX as i64));
        assert_eq!(q.encode(32768.0), None);
        assert_eq!(
            q.encode(-32768.0),
            None,
            "the word's minimum is not kept: negating it overflows"
        );
        assert_eq!(q.encode(f64::NAN), None);
        assert_eq!(q.encode(f64::INFINITY), None);
        // Half a step rounds to even.
        assert_eq!(q.encode(0.5 / 65536.0), Some(0));
        assert_eq!(q.encode(1.5 / 65536.0), Some(2));
        assert_eq!(q.decode_f64(0x18000), 1.5);
        assert_eq!(q.decode_f32(-0x18000), -1.5);
    }

    #[test]
    fn decoding_rounds_once() {
        let q = FixedPoint::Q32_32;
        // 2^40 + 1 units: not an f32; the f32 nearest is 2^40 units.
        let word = (1i64 << 40) + 1;
        assert_eq!(q.decode_f32(word), 256.0);
        assert_eq!(q.decode_f64(word), 256.0 + 2f64.powi(-32));
    }
}
