//! The host's side of shaderxform's rewrites, with no dependencies.
//!
//! shaderxform's `float-atomics` pass gives targets without float atomics
//! float `atomicMin`, `atomicMax` and sums by retyping the atomic to an
//! integer word that holds the float in one of a few encodings. A host that
//! clears such a buffer before a dispatch, or reads it back after, must
//! speak that encoding. The report of every rewrite (`--report`, or the
//! library's `PassReport`) names it per variable as the change's
//! `strategy`; [`FloatEncoding::from_strategy`] turns that name into the
//! encoding, which encodes, decodes and gives the value to clear a buffer
//! to.
//!
//! ```
//! use shaderxform_host::{Accumulation, FloatEncoding};
//!
//! // The report said: `strategy: ordered`.
//! let encoding = FloatEncoding::from_strategy("ordered").unwrap();
//! // Clear the buffer so that a minimum sees no value yet.
//! let cleared = encoding.encode_f32_words(&[f32::INFINITY; 4]);
//! assert_eq!(cleared, encoding.clear_f32_words(Accumulation::Min, 4));
//! // After the dispatch, read the floats back.
//! let read: Vec<f32> = encoding.decode_f32_words(&cleared);
//! assert_eq!(read, [f32::INFINITY; 4]);
//! ```
//!
//! The crate has no dependency on naga or wgpu: a game's runtime can use it
//! without the compiler.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod f16;
mod fixed;
mod ordered;

pub use f16::{narrow_to_f16, widen_f16};
pub use fixed::FixedPoint;
pub use ordered::{decode_f32, decode_f64, encode_f32, encode_f64};

/// How a rewritten atomic holds its float in an integer word.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatEncoding {
    /// `ordered`: an unsigned word holding [`encode_f32`] (or
    /// [`encode_f64`]) of the float, whose unsigned order is float order
    /// for any sign.
    Ordered,
    /// `signed`: the float's own bits in a signed word. Chosen where every
    /// value provably has its sign bit clear, where two's complement order
    /// is float order.
    Signed,
    /// `signed-swapped`: the float's own bits in a signed word, for values
    /// whose sign bit is provably set; the shader swaps min and max.
    SignedSwapped,
    /// `cas`: the float's own bits in an unsigned word, updated by
    /// compare-exchange loops.
    Bits,
    /// `fixed-I.F` (`sum=fixed`): a float sum in fixed point, `round(x *
    /// 2^F)` in a signed word of the format's width (see [`FixedPoint`]).
    /// The `_f32` methods read and write 32-bit words and the `_f64`
    /// methods 64-bit words, whatever float the atomic held: use those of
    /// the format's [`FixedPoint::word_bits`].
    Fixed(FixedPoint),
}

/// What an atomic accumulates, which decides the value a buffer must start
/// from.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Accumulation {
    /// `atomicMin`: the buffer starts at the largest value.
    Min,
    /// `atomicMax`: the buffer starts at the smallest value.
    Max,
    /// `atomicAdd` and `atomicSub`: the buffer starts at zero.
    Sum,
}

impl FloatEncoding {
    /// Every encoding, in the order of the strategies' names, the
    /// fixed-point formats in the order of [`FixedPoint::ALL`].
    pub const ALL: [FloatEncoding; 12] = [
        FloatEncoding::Ordered,
        FloatEncoding::Signed,
        FloatEncoding::SignedSwapped,
        FloatEncoding::Bits,
        FloatEncoding::Fixed(FixedPoint::ALL[0]),
        FloatEncoding::Fixed(FixedPoint::ALL[1]),
        FloatEncoding::Fixed(FixedPoint::ALL[2]),
        FloatEncoding::Fixed(FixedPoint::ALL[3]),
        FloatEncoding::Fixed(FixedPoint::ALL[4]),
        FloatEncoding::Fixed(FixedPoint::ALL[5]),
        FloatEncoding::Fixed(FixedPoint::ALL[6]),
        FloatEncoding::Fixed(FixedPoint::ALL[7]),
    ];

    /// The encoding of a rewrite whose report names `strategy`; `None` for
    /// a name this version does not know.
    pub fn from_strategy(strategy: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.strategy() == strategy)
    }

    /// The strategy's name, as reports write it.
    pub fn strategy(self) -> &'static str {
        match self {
            FloatEncoding::Ordered => "ordered",
            FloatEncoding::Signed => "signed",
            FloatEncoding::SignedSwapped => "signed-swapped",
            FloatEncoding::Bits => "cas",
            FloatEncoding::Fixed(format) => match format.name() {
                "8.24" => "fixed-8.24",
                "12.20" => "fixed-12.20",
                "16.16" => "fixed-16.16",
                "20.12" => "fixed-20.12",
                "24.8" => "fixed-24.8",
                "24.40" => "fixed-24.40",
                "32.32" => "fixed-32.32",
                _ => "fixed-40.24",
            },
        }
    }

    /// The fixed-point format of a `fixed-I.F` encoding.
    pub fn fixed_point(self) -> Option<FixedPoint> {
        match self {
            FloatEncoding::Fixed(format) => Some(format),
            _ => None,
        }
    }

    /// Whether the word is a signed integer (`atomic<i32>`, `atomic<i64>`)
    /// rather than an unsigned one.
    pub fn is_signed_word(self) -> bool {
        matches!(
            self,
            FloatEncoding::Signed | FloatEncoding::SignedSwapped | FloatEncoding::Fixed(_)
        )
    }

    /// The 32-bit word that holds `x`.
    pub fn encode_f32(self, x: f32) -> u32 {
        match self {
            FloatEncoding::Ordered => encode_f32(x),
            FloatEncoding::Fixed(format) => fixed_word(format, f64::from(x), 32) as u32,
            _ => x.to_bits(),
        }
    }

    /// The float a 32-bit word holds; `decode_f32(encode_f32(x))` has the
    /// bits of `x`.
    pub fn decode_f32(self, word: u32) -> f32 {
        match self {
            FloatEncoding::Ordered => decode_f32(word),
            FloatEncoding::Fixed(format) => format.decode_f32(i64::from(word as i32)),
            _ => f32::from_bits(word),
        }
    }

    /// The 64-bit word that holds `x`.
    pub fn encode_f64(self, x: f64) -> u64 {
        match self {
            FloatEncoding::Ordered => encode_f64(x),
            FloatEncoding::Fixed(format) => fixed_word(format, x, 64) as u64,
            _ => x.to_bits(),
        }
    }

    /// The float a 64-bit word holds.
    pub fn decode_f64(self, word: u64) -> f64 {
        match self {
            FloatEncoding::Ordered => decode_f64(word),
            FloatEncoding::Fixed(format) => format.decode_f64(word as i64),
            _ => f64::from_bits(word),
        }
    }

    /// The float a buffer of this encoding starts from, so that the first
    /// `accumulation` sees no value yet.
    ///
    /// The signed encodings hold values of one sign only, so their start
    /// is the bound of that sign: a maximum of non-negative values starts
    /// at `+0.0`, a minimum of negative ones at `-0.0`.
    pub fn start_value(self, accumulation: Accumulation) -> f64 {
        match (self, accumulation) {
            (_, Accumulation::Sum) => 0.0,
            (FloatEncoding::SignedSwapped, Accumulation::Min) => -0.0,
            (_, Accumulation::Min) => f64::INFINITY,
            (FloatEncoding::Signed, Accumulation::Max) => 0.0,
            (_, Accumulation::Max) => f64::NEG_INFINITY,
        }
    }

    /// The 32-bit word to clear a buffer of f32 atomics to.
    pub fn clear_f32(self, accumulation: Accumulation) -> u32 {
        self.encode_f32(self.start_value(accumulation) as f32)
    }

    /// The 64-bit word to clear a buffer of f64 atomics to.
    pub fn clear_f64(self, accumulation: Accumulation) -> u64 {
        self.encode_f64(self.start_value(accumulation))
    }

    /// `values` encoded as little-endian 32-bit words, the bytes to upload.
    pub fn encode_f32_words(self, values: &[f32]) -> Vec<u8> {
        values
            .iter()
            .flat_map(|&x| self.encode_f32(x).to_le_bytes())
            .collect()
    }

    /// `count` cleared 32-bit words, the bytes to upload.
    pub fn clear_f32_words(self, accumulation: Accumulation, count: usize) -> Vec<u8> {
        self.clear_f32(accumulation).to_le_bytes().repeat(count)
    }

    /// The floats held by little-endian 32-bit words, as read back from the
    /// GPU. Trailing bytes that make no whole word are ignored.
    pub fn decode_f32_words(self, bytes: &[u8]) -> Vec<f32> {
        bytes
            .chunks_exact(4)
            .map(|w| self.decode_f32(u32::from_le_bytes([w[0], w[1], w[2], w[3]])))
            .collect()
    }

    /// `values` encoded as little-endian 64-bit words.
    pub fn encode_f64_words(self, values: &[f64]) -> Vec<u8> {
        values
            .iter()
            .flat_map(|&x| self.encode_f64(x).to_le_bytes())
            .collect()
    }

    /// `count` cleared 64-bit words.
    pub fn clear_f64_words(self, accumulation: Accumulation, count: usize) -> Vec<u8> {
        self.clear_f64(accumulation).to_le_bytes().repeat(count)
    }

    /// The floats held by little-endian 64-bit words.
    pub fn decode_f64_words(self, bytes: &[u8]) -> Vec<f64> {
        bytes
            .chunks_exact(8)
            .map(|w| {
                let mut word = [0u8; 8];
                word.copy_from_slice(w);
                self.decode_f64(u64::from_le_bytes(word))
            })
            .collect()
    }

    /// The 32-bit word that holds the f16 `bits`, widened exactly to f32
    /// (f16 atomics live in workgroup memory, widened to 32-bit words).
    pub fn encode_f16(self, bits: u16) -> u32 {
        self.encode_f32(widen_f16(bits))
    }

    /// The f16 a 32-bit word holds, or `None` when the float it holds has no
    /// exact f16 (a word that only ever held widened f16 values always has).
    pub fn decode_f16(self, word: u32) -> Option<u16> {
        narrow_to_f16(self.decode_f32(word))
    }
}

/// The `bits`-bit word of `x` in `format`, saturated to the word's range
/// (a host that encodes a value the format cannot hold gets its nearest;
/// NaN gets zero).
fn fixed_word(format: FixedPoint, x: f64, bits: u32) -> i64 {
    let max = i64::MAX >> (64 - bits);
    // `as` saturates, and takes NaN to zero.
    (((x * format.scale()).round_ties_even()) as i64).clamp(-max, max)
}

#[cfg(test)]
mod tests;
