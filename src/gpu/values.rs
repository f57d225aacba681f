//! Scalars as bits: the deterministic generator of inputs, the fill rules
//! of a harness, the ordered encodings, ULP distances and printing.

use std::fmt;

/// splitmix64: small, fast, and the same stream on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator of one seed's single stream, for tests.
    #[cfg(test)]
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// A generator for one stream of a seed (one binding, say), so that
    /// adding a binding does not change the values of the others.
    pub fn stream(seed: u64, stream: u64) -> Self {
        let mut mix = Rng(seed ^ stream.wrapping_mul(0xA076_1D64_78BD_642F));
        Rng(mix.next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        // Multiply-shift; the bias is far below anything a test can see.
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Float,
    Sint,
    Uint,
}

/// A host-shareable scalar: its kind and width in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scalar {
    pub kind: Kind,
    pub width: u8,
}

impl Scalar {
    pub const F32: Scalar = Scalar {
        kind: Kind::Float,
        width: 4,
    };

    pub fn from_naga(scalar: naga::Scalar) -> Option<Self> {
        let kind = match scalar.kind {
            naga::ScalarKind::Float => Kind::Float,
            naga::ScalarKind::Sint => Kind::Sint,
            naga::ScalarKind::Uint => Kind::Uint,
            _ => return None,
        };
        matches!(scalar.width, 2 | 4 | 8).then_some(Scalar {
            kind,
            width: scalar.width,
        })
    }

    /// `f32`, `i32`, `u64`, ...
    pub fn parse(name: &str) -> Option<Self> {
        let (kind, bits) = match name.split_at_checked(1)? {
            ("f", b) => (Kind::Float, b),
            ("i", b) => (Kind::Sint, b),
            ("u", b) => (Kind::Uint, b),
            _ => return None,
        };
        let width = match bits {
            "16" => 2,
            "32" => 4,
            "64" => 8,
            _ => return None,
        };
        Some(Scalar { kind, width })
    }

    pub fn float(width: u8) -> Self {
        Scalar {
            kind: Kind::Float,
            width,
        }
    }

    pub fn bits(self) -> u32 {
        self.width as u32 * 8
    }

    pub fn mask(self) -> u64 {
        if self.width == 8 {
            u64::MAX
        } else {
            (1u64 << self.bits()) - 1
        }
    }

    fn sign_bit(self) -> u64 {
        1u64 << (self.bits() - 1)
    }

    /// Exponent and mantissa widths of a float.
    fn format(self) -> (u32, u32) {
        match self.width {
            2 => (5, 10),
            8 => (11, 52),
            _ => (8, 23),
        }
    }

    fn exponent_mask(self) -> u64 {
        let (e, m) = self.format();
        ((1u64 << e) - 1) << m
    }

    fn mantissa_mask(self) -> u64 {
        (1u64 << self.format().1) - 1
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.kind {
            Kind::Float => 'f',
            Kind::Sint => 'i',
            Kind::Uint => 'u',
        };
        write!(f, "{letter}{}", self.bits())
    }
}

// --- Floats as bits --------------------------------------------------------

pub fn is_nan(s: Scalar, bits: u64) -> bool {
    bits & s.exponent_mask() == s.exponent_mask() && bits & s.mantissa_mask() != 0
}

pub fn is_zero(s: Scalar, bits: u64) -> bool {
    bits & !s.sign_bit() & s.mask() == 0
}

pub fn is_subnormal(s: Scalar, bits: u64) -> bool {
    bits & s.exponent_mask() == 0 && bits & s.mantissa_mask() != 0
}

/// The float as an f64 (exact for every width).
pub fn to_f64(s: Scalar, bits: u64) -> f64 {
    match s.width {
        8 => f64::from_bits(bits),
        2 => f16_to_f64(bits as u16),
        _ => f32::from_bits(bits as u32) as f64,
    }
}

/// The nearest float of the width (ties to even).
pub fn from_f64(s: Scalar, x: f64) -> u64 {
    match s.width {
        8 => x.to_bits(),
        2 => f32_to_f16(x as f32) as u64,
        _ => (x as f32).to_bits() as u64,
    }
}

fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1F) as i32;
    let mant = (h & 0x3FF) as f64;
    sign * match exp {
        0 => mant * 2f64.powi(-24),
        31 if mant == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        e => (1.0 + mant / 1024.0) * 2f64.powi(e - 15),
    }
}

fn f32_to_f16(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xFF) as i32;
    let mant = bits & 0x7F_FFFF;
    if exp == 0xFF {
        return sign | 0x7C00 | if mant != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7C00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        // Subnormal half: shift the full mantissa, rounding to even.
        let m = mant | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = m >> shift;
        let rest = m & ((1 << shift) - 1);
        let midpoint = 1 << (shift - 1);
        let round = rest > midpoint || (rest == midpoint && half & 1 == 1);
        return sign | (half + round as u32) as u16;
    }
    let half = ((e as u32) << 10) | (mant >> 13);
    let rest = mant & 0x1FFF;
    let round = rest > 0x1000 || (rest == 0x1000 && half & 1 == 1);
    // A carry out of the mantissa correctly bumps the exponent (up to inf).
    sign | (half + round as u32) as u16
}

/// The position of a float on the number line counted in ULPs, with
/// -0 and +0 at the same place.
fn ulp_position(s: Scalar, bits: u64) -> i128 {
    let magnitude = (bits & !s.sign_bit() & s.mask()) as i128;
    if bits & s.sign_bit() != 0 {
        -magnitude
    } else {
        magnitude
    }
}

/// ULPs between two non-NaN floats of one width.
pub fn ulp_distance(s: Scalar, a: u64, b: u64) -> u64 {
    (ulp_position(s, a) - ulp_position(s, b)).unsigned_abs() as u64
}

/// A key that sorts floats in numeric order (NaNs last), -0 with +0 and
/// subnormals with zero first (so that a flushed result sorts where its
/// unflushed twin does) and by their exact values second; integers by
/// value.
pub fn sort_key(s: Scalar, bits: u64) -> (i128, i128) {
    match s.kind {
        Kind::Float if is_nan(s, bits) => (i128::MAX, 0),
        Kind::Float if is_subnormal(s, bits) => (0, ulp_position(s, bits)),
        Kind::Float => (ulp_position(s, bits), ulp_position(s, bits)),
        Kind::Uint => (bits as i128, 0),
        Kind::Sint => (sign_extend(s, bits) as i128, 0),
    }
}

pub fn sign_extend(s: Scalar, bits: u64) -> i64 {
    let shift = 64 - s.bits();
    ((bits << shift) as i64) >> shift
}

// --- Encodings --------------------------------------------------------------

/// How the candidate holds a value in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub enum Encoding {
    /// The bits of the value itself.
    #[serde(rename = "none")]
    None,
    /// `float-atomics`' order-preserving map of f32 to u32.
    #[serde(rename = "ordered-f32")]
    OrderedF32,
    /// The same for f64 and u64.
    #[serde(rename = "ordered-f64")]
    OrderedF64,
    /// `float-atomics`' fixed-point words of a sum (`sum=fixed`), holding
    /// floats `float_width` bytes wide. Only the report names it.
    #[serde(skip)]
    Fixed {
        format: shaderxform_host::FixedPoint,
        float_width: u8,
    },
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::None => "none",
            Encoding::OrderedF32 => "ordered-f32",
            Encoding::OrderedF64 => "ordered-f64",
            Encoding::Fixed { format, .. } => {
                shaderxform_host::FloatEncoding::Fixed(format).strategy()
            }
        }
    }

    /// The float an encoded word holds.
    pub fn logical(self) -> Option<Scalar> {
        match self {
            Encoding::None => None,
            Encoding::OrderedF32 => Some(Scalar::float(4)),
            Encoding::OrderedF64 => Some(Scalar::float(8)),
            Encoding::Fixed { float_width, .. } => Some(Scalar::float(float_width)),
        }
    }

    pub fn encode(self, bits: u64) -> u64 {
        use shaderxform_host as fo;
        match self {
            Encoding::None => bits,
            Encoding::OrderedF32 => fo::encode_f32(f32::from_bits(bits as u32)) as u64,
            Encoding::OrderedF64 => fo::encode_f64(f64::from_bits(bits)),
            Encoding::Fixed {
                format,
                float_width,
            } => {
                let value = match float_width {
                    8 => f64::from_bits(bits),
                    _ => f64::from(f32::from_bits(bits as u32)),
                };
                let encoding = fo::FloatEncoding::Fixed(format);
                match format.word_bits() {
                    64 => encoding.encode_f64(value),
                    _ => u64::from(encoding.encode_f32(value as f32)),
                }
            }
        }
    }

    pub fn decode(self, word: u64) -> u64 {
        use shaderxform_host as fo;
        match self {
            Encoding::None => word,
            Encoding::OrderedF32 => fo::decode_f32(word as u32).to_bits() as u64,
            Encoding::OrderedF64 => fo::decode_f64(word).to_bits(),
            Encoding::Fixed {
                format,
                float_width,
            } => {
                // Sign-extended from the word's width.
                let word = match format.word_bits() {
                    64 => word as i64,
                    _ => i64::from(word as u32 as i32),
                };
                match float_width {
                    8 => format.decode_f64(word).to_bits(),
                    _ => u64::from(format.decode_f32(word).to_bits()),
                }
            }
        }
    }
}

// --- Fill rules --------------------------------------------------------------

/// A value a harness names: a number, a special float or a bit pattern.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Constant {
    Int(i128),
    Number(f64),
    /// `0x...`: the bits themselves.
    Bits(u64),
    NegZero,
    /// The largest finite value.
    Max,
    /// The lowest finite value.
    Lowest,
    /// The smallest positive normal float.
    MinPositive,
    /// The smallest positive subnormal float.
    MinSubnormal,
}

/// What fills a leaf that has no explicit value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fill {
    Random,
    /// The leaf's ordinal among the leaves of its rule (the element index
    /// of an array of scalars or of a struct field).
    Index,
    Constant(Constant),
}

pub fn parse_constant(value: &toml::Value) -> Result<Constant, String> {
    match value {
        toml::Value::Integer(i) => Ok(Constant::Int(*i as i128)),
        toml::Value::Float(f) => Ok(Constant::Number(*f)),
        toml::Value::String(s) => parse_constant_str(s),
        toml::Value::Boolean(b) => Ok(Constant::Int(*b as i128)),
        other => Err(format!("`{other}` is not a value")),
    }
}

fn parse_constant_str(s: &str) -> Result<Constant, String> {
    let t = s.trim().to_ascii_lowercase();
    Ok(match t.as_str() {
        "zero" => Constant::Int(0),
        "+inf" | "inf" | "infinity" | "+infinity" => Constant::Number(f64::INFINITY),
        "-inf" | "-infinity" => Constant::Number(f64::NEG_INFINITY),
        "nan" => Constant::Number(f64::NAN),
        "-0" | "-0.0" => Constant::NegZero,
        "max" => Constant::Max,
        "lowest" | "min" => Constant::Lowest,
        "min-positive" => Constant::MinPositive,
        "min-subnormal" => Constant::MinSubnormal,
        _ => {
            if let Some(hex) = t.strip_prefix("0x") {
                let bits = u64::from_str_radix(&hex.replace('_', ""), 16)
                    .map_err(|_| format!("`{s}` is not a hexadecimal bit pattern"))?;
                Constant::Bits(bits)
            } else if let Ok(i) = t.parse::<i128>() {
                Constant::Int(i)
            } else if let Ok(x) = t.parse::<f64>() {
                Constant::Number(x)
            } else {
                return Err(format!(
                    "`{s}` is not a value: expected a number, `0x` bits, `+inf`, `-inf`, `nan`, `-0`, `max`, `lowest`, `min-positive` or `min-subnormal`"
                ));
            }
        }
    })
}

pub fn parse_fill(value: &toml::Value) -> Result<Fill, String> {
    if let toml::Value::String(s) = value {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => return Ok(Fill::Random),
            "index" => return Ok(Fill::Index),
            _ => {}
        }
    }
    parse_constant(value)
        .map(Fill::Constant)
        .map_err(|e| format!("{e} (or `random`, `index`)"))
}

/// The bits of a constant as a scalar of `s`, or why it does not fit.
pub fn constant_bits(c: Constant, s: Scalar) -> Result<u64, String> {
    let mask = s.mask();
    match s.kind {
        Kind::Float => Ok(match c {
            Constant::Int(i) => from_f64(s, i as f64),
            Constant::Number(x) => from_f64(s, x),
            Constant::Bits(b) if b & !mask == 0 => b,
            Constant::Bits(b) => return Err(format!("{b:#x} has more bits than {s}")),
            Constant::NegZero => s.sign_bit(),
            Constant::Max => s.exponent_mask() - (1 << s.format().1) + s.mantissa_mask(),
            Constant::Lowest => {
                s.sign_bit() | (s.exponent_mask() - (1 << s.format().1) + s.mantissa_mask())
            }
            Constant::MinPositive => 1 << s.format().1,
            Constant::MinSubnormal => 1,
        }),
        Kind::Uint | Kind::Sint => {
            let signed = s.kind == Kind::Sint;
            let (lo, hi): (i128, i128) = if signed {
                (-(1i128 << (s.bits() - 1)), (1i128 << (s.bits() - 1)) - 1)
            } else {
                (0, mask as i128)
            };
            let int = match c {
                Constant::Int(i) => i,
                Constant::Number(x) if x.fract() == 0.0 && x.is_finite() => x as i128,
                Constant::Number(x) => return Err(format!("{x} is not an integer ({s})")),
                Constant::Bits(b) if b & !mask == 0 => return Ok(b),
                Constant::Bits(b) => return Err(format!("{b:#x} has more bits than {s}")),
                Constant::NegZero => 0,
                Constant::Max => hi,
                Constant::Lowest => lo,
                Constant::MinPositive | Constant::MinSubnormal => 1,
            };
            if int < lo || int > hi {
                return Err(format!("{int} does not fit in {s}"));
            }
            Ok(int as u64 & mask)
        }
    }
}

/// How random values are drawn for a leaf.
#[derive(Clone, Copy, Debug)]
pub struct RandomSpec {
    pub allow_infinities: bool,
    pub allow_nan: bool,
    /// Uniform in `[lo, hi]` instead of the default mix.
    pub range: Option<(f64, f64)>,
}

/// A random scalar of `s`: integers uniform over their bits; floats of
/// both signs over many magnitudes, one in four a special value.
pub fn random_bits(s: Scalar, spec: &RandomSpec, rng: &mut Rng) -> u64 {
    match (s.kind, spec.range) {
        (Kind::Float, Some((lo, hi))) => from_f64(s, lo + rng.unit() * (hi - lo)),
        (_, Some((lo, hi))) => {
            let (lo, hi) = (lo.ceil() as i128, hi.floor() as i128);
            let span = (hi - lo + 1).max(1) as u64;
            (lo + rng.below(span) as i128) as u64 & s.mask()
        }
        (Kind::Float, None) => random_float(s, spec, rng),
        (_, None) => rng.next_u64() & s.mask(),
    }
}

fn random_float(s: Scalar, spec: &RandomSpec, rng: &mut Rng) -> u64 {
    if rng.below(4) == 0 {
        let specials = special_floats(s, spec);
        return specials[rng.below(specials.len() as u64) as usize];
    }
    let (exp_bits, mant_bits) = s.format();
    let bias = (1i64 << (exp_bits - 1)) - 1;
    let max_exp = (1i64 << exp_bits) - 2;
    // Magnitudes from about 2^-20 to 2^20 (narrower for f16).
    let spread = 20.min(bias - 1);
    let exp = (bias - spread + rng.below(2 * spread as u64 + 1) as i64).clamp(1, max_exp) as u64;
    let mantissa = rng.next_u64() & s.mantissa_mask();
    let sign = if rng.below(2) == 1 { s.sign_bit() } else { 0 };
    sign | (exp << mant_bits) | mantissa
}

/// The values where implementations differ: zeros of both signs,
/// subnormals, the ends of the normal range, 1 and its neighbours, and
/// infinities and NaN where allowed.
pub fn special_floats(s: Scalar, spec: &RandomSpec) -> Vec<u64> {
    let sign = s.sign_bit();
    let one = from_f64(s, 1.0);
    let max_finite = constant_bits(Constant::Max, s).expect("floats have a max");
    let min_normal = 1u64 << s.format().1;
    let mut v = vec![
        0,
        sign,
        1,
        sign | 1,
        s.mantissa_mask(),
        sign | s.mantissa_mask(),
        min_normal,
        sign | min_normal,
        max_finite,
        sign | max_finite,
        one,
        sign | one,
        one + 1,
        one - 1,
        sign | (one + 1),
    ];
    if spec.allow_infinities {
        v.extend([s.exponent_mask(), sign | s.exponent_mask()]);
    }
    if spec.allow_nan {
        v.push(s.exponent_mask() | (1 << (s.format().1 - 1)));
    }
    v
}

/// A value for people: the number, and the bits where they matter.
pub fn format_value(s: Scalar, bits: u64) -> String {
    match s.kind {
        Kind::Float => {
            let x = to_f64(s, bits);
            let hex = format!("{:#0width$x}", bits, width = s.width as usize * 2 + 2);
            let number = if x.is_nan() {
                "NaN".to_string()
            } else if x == 0.0 && x.is_sign_negative() {
                "-0".to_string()
            } else if x == 0.0 || (1e-4..1e7).contains(&x.abs()) || x.is_infinite() {
                // Print the shortest text that reads back as the value.
                match s.width {
                    8 => format!("{x}"),
                    _ => format!("{}", x as f32),
                }
            } else {
                match s.width {
                    8 => format!("{x:e}"),
                    _ => format!("{:e}", x as f32),
                }
            };
            format!("{number} ({hex})")
        }
        Kind::Uint => format!("{bits}"),
        Kind::Sint => format!("{}", sign_extend(s, bits)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_round_trips_through_f64() {
        for h in 0..=u16::MAX {
            let s = Scalar::float(2);
            let x = to_f64(s, h as u64);
            if x.is_nan() {
                assert!(is_nan(s, from_f64(s, x)));
            } else {
                assert_eq!(from_f64(s, x), h as u64, "{h:#x}");
            }
        }
    }

    #[test]
    fn ulps_count_across_zero() {
        let s = Scalar::F32;
        let plus = 0u64;
        let minus = 0x8000_0000u64;
        assert_eq!(ulp_distance(s, plus, minus), 0);
        assert_eq!(ulp_distance(s, 1, 0x8000_0001), 2);
        assert_eq!(
            ulp_distance(s, 1.0f32.to_bits() as u64, 1.0000001f32.to_bits() as u64),
            1
        );
    }

    #[test]
    fn constants_fit_their_scalars() {
        let f = Scalar::F32;
        assert_eq!(
            constant_bits(Constant::Max, f).unwrap(),
            f32::MAX.to_bits() as u64
        );
        assert_eq!(
            constant_bits(Constant::Lowest, f).unwrap(),
            f32::MIN.to_bits() as u64
        );
        assert_eq!(
            constant_bits(Constant::MinPositive, f).unwrap(),
            f32::MIN_POSITIVE.to_bits() as u64
        );
        let i = Scalar::parse("i32").unwrap();
        assert_eq!(constant_bits(Constant::Int(-1), i).unwrap(), 0xFFFF_FFFF);
        assert!(constant_bits(Constant::Int(1 << 40), i).is_err());
        assert!(constant_bits(Constant::Number(0.5), i).is_err());
    }

    #[test]
    fn the_generator_is_deterministic_and_mixes_specials() {
        let spec = RandomSpec {
            allow_infinities: false,
            allow_nan: false,
            range: None,
        };
        let draw = |seed| {
            let mut rng = Rng::stream(seed, 3);
            (0..4096)
                .map(|_| random_bits(Scalar::F32, &spec, &mut rng))
                .collect::<Vec<_>>()
        };
        let a = draw(7);
        assert_eq!(a, draw(7));
        assert_ne!(a, draw(8));
        let s = Scalar::F32;
        assert!(a.iter().any(|&b| is_subnormal(s, b)));
        assert!(a.contains(&0x8000_0000));
        assert!(a.iter().any(|&b| b & 0x8000_0000 != 0 && !is_zero(s, b)));
        assert!(!a
            .iter()
            .any(|&b| is_nan(s, b) || to_f64(s, b).is_infinite()));
    }
}
