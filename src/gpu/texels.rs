//! Texel formats as `validate` fills and compares them: the channels of
//! each format it supports, seeded texel values, and the decoding of what
//! a storage texture holds after a dispatch.

use super::values::{self, Constant, Fill, Kind, RandomSpec, Rng, Scalar};

/// How one channel of a texel is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    /// Unsigned normalized, of this many bits.
    Unorm(u8),
    Snorm(u8),
    Uint(u8),
    Sint(u8),
    Float(u8),
}

impl Channel {
    pub fn bits(self) -> u8 {
        match self {
            Channel::Unorm(b)
            | Channel::Snorm(b)
            | Channel::Uint(b)
            | Channel::Sint(b)
            | Channel::Float(b) => b,
        }
    }

    fn bytes(self) -> usize {
        self.bits() as usize / 8
    }

    fn mask(self) -> u64 {
        (1u64 << self.bits()) - 1
    }

    /// Whether the shader sees the channel as a float (normalized or not).
    pub fn is_float(self) -> bool {
        matches!(
            self,
            Channel::Unorm(_) | Channel::Snorm(_) | Channel::Float(_)
        )
    }

    /// The value the shader sees, for floats and normalized channels.
    pub fn to_f64(self, bits: u64) -> f64 {
        let bits = bits & self.mask();
        match self {
            Channel::Unorm(b) => bits as f64 / ((1u64 << b) - 1) as f64,
            Channel::Snorm(b) => {
                let max = ((1u64 << (b - 1)) - 1) as f64;
                (values::sign_extend(sint_bits(b), bits) as f64 / max).max(-1.0)
            }
            Channel::Float(b) => values::to_f64(Scalar::float(b / 8), bits),
            Channel::Uint(_) => bits as f64,
            Channel::Sint(b) => values::sign_extend(sint_bits(b), bits) as f64,
        }
    }

    /// One unit of the channel's precision at `bits`: a code of a
    /// normalized channel, an ULP of a float.
    pub fn unit(self, bits: u64) -> f64 {
        match self {
            Channel::Unorm(b) => 1.0 / ((1u64 << b) - 1) as f64,
            Channel::Snorm(b) => 1.0 / ((1u64 << (b - 1)) - 1) as f64,
            Channel::Float(b) => {
                let s = Scalar::float(b / 8);
                let x = values::to_f64(s, bits & self.mask()).abs();
                let next = values::to_f64(s, values::from_f64(s, x) + 1);
                (next - x).abs()
            }
            Channel::Uint(_) | Channel::Sint(_) => 0.0,
        }
    }

    /// A value for people.
    pub fn format(self, bits: u64) -> String {
        let bits = bits & self.mask();
        match self {
            Channel::Float(b) => values::format_value(Scalar::float(b / 8), bits),
            Channel::Uint(_) | Channel::Sint(_) => format!("{}", self.to_f64(bits)),
            Channel::Unorm(b) | Channel::Snorm(b) => {
                format!(
                    "{} ({bits:#0w$x})",
                    self.to_f64(bits),
                    w = 2 + b as usize / 4
                )
            }
        }
    }
}

/// A format `validate` can fill and read back.
#[derive(Clone, Copy, Debug)]
pub struct TexelFormat {
    pub name: &'static str,
    pub format: wgpu::TextureFormat,
    pub channels: &'static [Channel],
}

impl TexelFormat {
    pub fn bytes(&self) -> usize {
        self.channels.iter().map(|c| c.bytes()).sum()
    }

    /// A depth format, which `textureSampleCompare*` and `texture_depth_*`
    /// read.
    pub fn is_depth(&self) -> bool {
        self.format.is_depth_stencil_format()
    }

    /// Whether the queue can write it (wgpu forbids copies into
    /// depth32float); the others are drawn.
    pub fn copyable(&self) -> bool {
        !matches!(self.format, wgpu::TextureFormat::Depth32Float)
    }
}

use wgpu::TextureFormat as Tf;
use Channel::{Float as F, Sint as I, Snorm as S, Uint as U, Unorm as N};

/// Every format validate fills or reads back, by its WGSL name.
pub const FORMATS: &[TexelFormat] = &[
    fmt("r8unorm", Tf::R8Unorm, &[N(8)]),
    fmt("r8snorm", Tf::R8Snorm, &[S(8)]),
    fmt("r8uint", Tf::R8Uint, &[U(8)]),
    fmt("r8sint", Tf::R8Sint, &[I(8)]),
    fmt("rg8unorm", Tf::Rg8Unorm, &[N(8), N(8)]),
    fmt("rg8snorm", Tf::Rg8Snorm, &[S(8), S(8)]),
    fmt("rg8uint", Tf::Rg8Uint, &[U(8), U(8)]),
    fmt("rg8sint", Tf::Rg8Sint, &[I(8), I(8)]),
    fmt("rgba8unorm", Tf::Rgba8Unorm, &[N(8), N(8), N(8), N(8)]),
    fmt("rgba8snorm", Tf::Rgba8Snorm, &[S(8), S(8), S(8), S(8)]),
    fmt("rgba8uint", Tf::Rgba8Uint, &[U(8), U(8), U(8), U(8)]),
    fmt("rgba8sint", Tf::Rgba8Sint, &[I(8), I(8), I(8), I(8)]),
    fmt("bgra8unorm", Tf::Bgra8Unorm, &[N(8), N(8), N(8), N(8)]),
    fmt("r16uint", Tf::R16Uint, &[U(16)]),
    fmt("r16sint", Tf::R16Sint, &[I(16)]),
    fmt("r16float", Tf::R16Float, &[F(16)]),
    fmt("rg16uint", Tf::Rg16Uint, &[U(16), U(16)]),
    fmt("rg16sint", Tf::Rg16Sint, &[I(16), I(16)]),
    fmt("rg16float", Tf::Rg16Float, &[F(16), F(16)]),
    fmt("rgba16uint", Tf::Rgba16Uint, &[U(16), U(16), U(16), U(16)]),
    fmt("rgba16sint", Tf::Rgba16Sint, &[I(16), I(16), I(16), I(16)]),
    fmt(
        "rgba16float",
        Tf::Rgba16Float,
        &[F(16), F(16), F(16), F(16)],
    ),
    fmt("r32uint", Tf::R32Uint, &[U(32)]),
    fmt("r32sint", Tf::R32Sint, &[I(32)]),
    fmt("r32float", Tf::R32Float, &[F(32)]),
    fmt("rg32uint", Tf::Rg32Uint, &[U(32), U(32)]),
    fmt("rg32sint", Tf::Rg32Sint, &[I(32), I(32)]),
    fmt("rg32float", Tf::Rg32Float, &[F(32), F(32)]),
    fmt("rgba32uint", Tf::Rgba32Uint, &[U(32), U(32), U(32), U(32)]),
    fmt("rgba32sint", Tf::Rgba32Sint, &[I(32), I(32), I(32), I(32)]),
    fmt(
        "rgba32float",
        Tf::Rgba32Float,
        &[F(32), F(32), F(32), F(32)],
    ),
    fmt("depth16unorm", Tf::Depth16Unorm, &[N(16)]),
    fmt("depth32float", Tf::Depth32Float, &[F(32)]),
];

const fn fmt(
    name: &'static str,
    format: wgpu::TextureFormat,
    channels: &'static [Channel],
) -> TexelFormat {
    TexelFormat {
        name,
        format,
        channels,
    }
}

pub fn by_name(name: &str) -> Option<&'static TexelFormat> {
    FORMATS.iter().find(|f| f.name == name)
}

pub fn by_format(format: wgpu::TextureFormat) -> Option<&'static TexelFormat> {
    FORMATS.iter().find(|f| f.format == format)
}

/// The names, for messages.
pub fn names() -> String {
    FORMATS
        .iter()
        .map(|f| f.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The texture format of a storage texture's WGSL format.
pub fn storage_format(format: naga::StorageFormat) -> Option<&'static TexelFormat> {
    use naga::StorageFormat as Sf;
    let format = match format {
        Sf::R8Unorm => Tf::R8Unorm,
        Sf::R8Snorm => Tf::R8Snorm,
        Sf::R8Uint => Tf::R8Uint,
        Sf::R8Sint => Tf::R8Sint,
        Sf::Rg8Unorm => Tf::Rg8Unorm,
        Sf::Rg8Snorm => Tf::Rg8Snorm,
        Sf::Rg8Uint => Tf::Rg8Uint,
        Sf::Rg8Sint => Tf::Rg8Sint,
        Sf::Rgba8Unorm => Tf::Rgba8Unorm,
        Sf::Rgba8Snorm => Tf::Rgba8Snorm,
        Sf::Rgba8Uint => Tf::Rgba8Uint,
        Sf::Rgba8Sint => Tf::Rgba8Sint,
        Sf::Bgra8Unorm => Tf::Bgra8Unorm,
        Sf::R16Uint => Tf::R16Uint,
        Sf::R16Sint => Tf::R16Sint,
        Sf::R16Float => Tf::R16Float,
        Sf::Rg16Uint => Tf::Rg16Uint,
        Sf::Rg16Sint => Tf::Rg16Sint,
        Sf::Rg16Float => Tf::Rg16Float,
        Sf::Rgba16Uint => Tf::Rgba16Uint,
        Sf::Rgba16Sint => Tf::Rgba16Sint,
        Sf::Rgba16Float => Tf::Rgba16Float,
        Sf::R32Uint => Tf::R32Uint,
        Sf::R32Sint => Tf::R32Sint,
        Sf::R32Float => Tf::R32Float,
        Sf::Rg32Uint => Tf::Rg32Uint,
        Sf::Rg32Sint => Tf::Rg32Sint,
        Sf::Rg32Float => Tf::Rg32Float,
        Sf::Rgba32Uint => Tf::Rgba32Uint,
        Sf::Rgba32Sint => Tf::Rgba32Sint,
        Sf::Rgba32Float => Tf::Rgba32Float,
        _ => return None,
    };
    by_format(format)
}

/// How the channels of a texture are filled.
#[derive(Clone, Debug)]
pub struct TexelFill {
    pub fill: Fill,
    /// Float channels: random values in `[lo, hi]`.
    pub range: (f64, f64),
}

impl TexelFill {
    /// Seeded values: floats uniform in `[0, 1]` (depths, and what a
    /// normalized format holds), integers and normalized codes over
    /// every bit pattern.
    pub fn random() -> Self {
        TexelFill {
            fill: Fill::Random,
            range: (0.0, 1.0),
        }
    }
}

/// The bits of one channel.
fn channel_bits(
    channel: Channel,
    fill: &TexelFill,
    index: u64,
    rng: &mut Rng,
) -> Result<u64, String> {
    let bits = match (&fill.fill, channel) {
        (Fill::Random, Channel::Float(b)) => {
            let spec = RandomSpec {
                allow_infinities: false,
                allow_nan: false,
                range: Some(fill.range),
            };
            values::random_bits(Scalar::float(b / 8), &spec, rng)
        }
        (Fill::Random, _) => rng.next_u64(),
        (Fill::Index, Channel::Float(b)) => values::from_f64(Scalar::float(b / 8), index as f64),
        (Fill::Index, _) => index,
        (Fill::Constant(c), Channel::Float(b)) => values::constant_bits(*c, Scalar::float(b / 8))?,
        (Fill::Constant(c), Channel::Unorm(_) | Channel::Snorm(_)) => {
            // A value in [0, 1] (or [-1, 1]) for normalized channels.
            let x = match c {
                Constant::Number(x) => *x,
                Constant::Int(i) => *i as f64,
                _ => return Err("a normalized channel takes a number".into()),
            };
            let max = ((1u64 << (channel.bits() - u8::from(matches!(channel, Channel::Snorm(_)))))
                - 1) as f64;
            (x.clamp(-1.0, 1.0) * max).round() as i64 as u64
        }
        (Fill::Constant(c), Channel::Uint(b) | Channel::Sint(b)) => {
            let s = if b >= 16 {
                Scalar::parse(&format!(
                    "{}{b}",
                    if matches!(channel, Channel::Uint(_)) {
                        "u"
                    } else {
                        "i"
                    }
                ))
            } else {
                Scalar::parse(if matches!(channel, Channel::Uint(_)) {
                    "u32"
                } else {
                    "i32"
                })
            }
            .expect("a scalar");
            values::constant_bits(*c, s)?
        }
    };
    Ok(bits & channel.mask())
}

/// `count` texels of `format`, tightly packed; `first_index` numbers
/// them for `fill = "index"`.
pub fn generate(
    format: &TexelFormat,
    fill: &TexelFill,
    count: u64,
    first_index: u64,
    rng: &mut Rng,
) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(count as usize * format.bytes());
    for i in 0..count {
        for &channel in format.channels {
            let bits = channel_bits(channel, fill, first_index + i, rng)?;
            out.extend_from_slice(&bits.to_le_bytes()[..channel.bytes()]);
        }
    }
    Ok(out)
}

/// The channels of texel `i` of tightly packed `bytes`.
pub fn read(format: &TexelFormat, bytes: &[u8], i: usize) -> Vec<u64> {
    let mut at = i * format.bytes();
    format
        .channels
        .iter()
        .map(|c| {
            let mut word = [0u8; 8];
            word[..c.bytes()].copy_from_slice(&bytes[at..at + c.bytes()]);
            at += c.bytes();
            u64::from_le_bytes(word)
        })
        .collect()
}

/// Channel names as WGSL swizzles, for reports.
pub const CHANNEL_NAMES: [&str; 4] = ["r", "g", "b", "a"];

/// A signed scalar of `bits` bits, for sign extension.
fn sint_bits(bits: u8) -> Scalar {
    Scalar {
        kind: Kind::Sint,
        width: (bits / 8).max(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_texels_are_seeded_and_in_range() {
        let f = by_name("rgba16float").unwrap();
        let a = generate(f, &TexelFill::random(), 64, 0, &mut Rng::new(7)).unwrap();
        let b = generate(f, &TexelFill::random(), 64, 0, &mut Rng::new(7)).unwrap();
        assert_eq!(a, b);
        for i in 0..64 {
            for (c, bits) in f.channels.iter().zip(read(f, &a, i)) {
                let x = c.to_f64(bits);
                assert!((0.0..=1.0).contains(&x), "{x}");
            }
        }
        let c = generate(f, &TexelFill::random(), 64, 0, &mut Rng::new(8)).unwrap();
        assert_ne!(a, c);
    }

    #[test]
    fn normalized_channels_decode() {
        assert_eq!(Channel::Unorm(8).to_f64(255), 1.0);
        assert_eq!(Channel::Snorm(8).to_f64(0x81), -1.0);
        assert_eq!(Channel::Snorm(8).to_f64(0x80), -1.0);
        assert_eq!(Channel::Sint(8).to_f64(0xff), -1.0);
        assert_eq!(Channel::Sint(16).to_f64(0x8000), -32768.0);
        assert!((Channel::Unorm(8).unit(0) - 1.0 / 255.0).abs() < 1e-12);
    }
}
