//! How a texel buffer's texels lie in the words of its storage buffer:
//! each format's layout, and the instructions that unpack a texel into the
//! `vec4` a fetch returns and pack a written texel into its words.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};

use naga::StorageFormat;

use super::super::Legalizer;
use super::Plan;
use crate::front::storage_format::TexelKind;

/// How a format's channels lie in 32-bit words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Layout {
    /// Each channel a word of the texel type.
    Words { channels: u32 },
    /// Channels of `bits` (8 or 16) bits packed into words, the first in
    /// the lowest bits.
    Packed {
        channels: u32,
        bits: u32,
        encoding: Encoding,
    },
    /// Texels narrower than a word (`r8unorm`, `rg8uint`, `r16float`),
    /// several to a word, the first in the lowest bits: read only, since
    /// invocations writing neighbouring texels would write one word.
    Narrow {
        channels: u32,
        bits: u32,
        encoding: Encoding,
    },
}

/// What a packed channel's bits mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Encoding {
    Unorm,
    Snorm,
    Half,
    /// An integer of the texel type's signedness.
    Integer,
}

impl Layout {
    pub(super) fn of(format: StorageFormat) -> Result<Layout, &'static str> {
        use Encoding::{Half, Integer, Snorm, Unorm};
        use StorageFormat as S;
        let packed = |channels, bits, encoding| {
            Ok(Layout::Packed {
                channels,
                bits,
                encoding,
            })
        };
        let narrow = |channels, bits, encoding| {
            Ok(Layout::Narrow {
                channels,
                bits,
                encoding,
            })
        };
        match format {
            S::R32Float | S::R32Uint | S::R32Sint => Ok(Layout::Words { channels: 1 }),
            S::Rg32Float | S::Rg32Uint | S::Rg32Sint => Ok(Layout::Words { channels: 2 }),
            S::Rgba32Float | S::Rgba32Uint | S::Rgba32Sint => Ok(Layout::Words { channels: 4 }),
            S::Rgba8Unorm => packed(4, 8, Unorm),
            S::Rgba8Snorm => packed(4, 8, Snorm),
            S::Rgba8Uint | S::Rgba8Sint => packed(4, 8, Integer),
            S::Rg16Unorm => packed(2, 16, Unorm),
            S::Rg16Snorm => packed(2, 16, Snorm),
            S::Rg16Float => packed(2, 16, Half),
            S::Rg16Uint | S::Rg16Sint => packed(2, 16, Integer),
            S::Rgba16Unorm => packed(4, 16, Unorm),
            S::Rgba16Snorm => packed(4, 16, Snorm),
            S::Rgba16Float => packed(4, 16, Half),
            S::Rgba16Uint | S::Rgba16Sint => packed(4, 16, Integer),
            S::R8Unorm => narrow(1, 8, Unorm),
            S::R8Snorm => narrow(1, 8, Snorm),
            S::R8Uint | S::R8Sint => narrow(1, 8, Integer),
            S::Rg8Unorm => narrow(2, 8, Unorm),
            S::Rg8Snorm => narrow(2, 8, Snorm),
            S::Rg8Uint | S::Rg8Sint => narrow(2, 8, Integer),
            S::R16Unorm => narrow(1, 16, Unorm),
            S::R16Snorm => narrow(1, 16, Snorm),
            S::R16Float => narrow(1, 16, Half),
            S::R16Uint | S::R16Sint => narrow(1, 16, Integer),
            _ => Err("its channels are not of one width of 8, 16 or 32 bits"),
        }
    }

    /// The 32-bit words of one element of the storage buffer: of one
    /// texel, or the word that holds several narrow ones.
    pub(super) fn words(self) -> u32 {
        match self {
            Layout::Words { channels } => channels,
            Layout::Packed { channels, bits, .. } => channels * bits / 32,
            Layout::Narrow { .. } => 1,
        }
    }

    /// The bytes of one texel.
    pub(super) fn texel_bytes(self) -> u32 {
        match self {
            Layout::Narrow { channels, bits, .. } => channels * bits / 8,
            other => 4 * other.words(),
        }
    }

    /// How many texels a word holds, for narrow ones.
    pub(super) fn texels_per_word(self) -> Option<u32> {
        match self {
            Layout::Narrow { channels, bits, .. } => Some(32 / (channels * bits)),
            _ => None,
        }
    }
}

/// The `GLSL.std.450` instructions that unpack a word of channels of
/// `bits` bits into floats and pack them back: `(unpack, pack)`.
fn packing_instructions(bits: u32, encoding: Encoding) -> (u32, u32) {
    match (bits, encoding) {
        (8, Encoding::Unorm) => (64, 55), // UnpackUnorm4x8, PackUnorm4x8
        (8, _) => (63, 54),               // UnpackSnorm4x8, PackSnorm4x8
        (_, Encoding::Unorm) => (61, 57), // UnpackUnorm2x16, PackUnorm2x16
        (_, Encoding::Snorm) => (60, 56), // UnpackSnorm2x16, PackSnorm2x16
        _ => (62, 58),                    // UnpackHalf2x16, PackHalf2x16
    }
}

impl Legalizer {
    /// The channels of the texel `words` holds, unpacked: one value of
    /// the texel's scalar each.
    fn texel_channels(&mut self, out: &mut Vec<Instruction>, plan: Plan, words: Word) -> Vec<Word> {
        let uint = self.texel_scalar(TexelKind::Uint);
        let float = self.texel_scalar(TexelKind::Float);
        let word = |l: &mut Self, out: &mut Vec<Instruction>, n: u32| {
            if plan.layout.words() == 1 {
                return words;
            }
            l.extract(out, uint, words, n)
        };
        // A narrow texel has been moved to the lowest bits of `words`:
        // its channels are read as a packed texel's.
        match plan.layout {
            Layout::Words { channels: 1 } => vec![words],
            Layout::Words { channels } => (0..channels)
                .map(|c| self.extract(out, plan.scalar, words, c))
                .collect(),
            Layout::Packed {
                channels,
                bits,
                encoding: Encoding::Integer,
            }
            | Layout::Narrow {
                channels,
                bits,
                encoding: Encoding::Integer,
            } => {
                let per_word = 32 / bits;
                let width = self.uint_constant(uint, bits);
                (0..channels)
                    .map(|c| {
                        let w = word(self, out, c / per_word);
                        let offset = self.uint_constant(uint, (c % per_word) * bits);
                        if plan.kind == TexelKind::Sint {
                            let signed = self.emit(out, Op::Bitcast, plan.scalar, vec![w]);
                            self.emit(
                                out,
                                Op::BitFieldSExtract,
                                plan.scalar,
                                vec![signed, offset, width],
                            )
                        } else {
                            self.emit(out, Op::BitFieldUExtract, uint, vec![w, offset, width])
                        }
                    })
                    .collect()
            }
            Layout::Packed {
                channels,
                bits,
                encoding,
            }
            | Layout::Narrow {
                channels,
                bits,
                encoding,
            } => {
                let per_word = 32 / bits;
                let (unpack, _) = packing_instructions(bits, encoding);
                let unpacked_type = self.vector_type(float, per_word);
                let glsl = self.glsl_std_450();
                let mut channels_out = Vec::new();
                for w in 0..channels.div_ceil(per_word) {
                    let w = word(self, out, w);
                    let unpacked = self.fresh_id();
                    out.push(Instruction::new(
                        Op::ExtInst,
                        Some(unpacked_type),
                        Some(unpacked),
                        vec![
                            Operand::IdRef(glsl),
                            Operand::LiteralExtInstInteger(unpack),
                            Operand::IdRef(w),
                        ],
                    ));
                    for c in 0..per_word {
                        if channels_out.len() as u32 == channels {
                            break;
                        }
                        channels_out.push(self.extract(out, float, unpacked, c));
                    }
                }
                channels_out
            }
        }
    }

    /// The `vec4` of type `ty` that a fetch of the texel in `words`
    /// returns: its channels, then 0 for green and blue and 1 for alpha
    /// where the format has none.
    pub(super) fn unpack_texel(
        &mut self,
        out: &mut Vec<Instruction>,
        plan: Plan,
        words: Word,
        ty: Word,
    ) -> Word {
        if plan.layout == (Layout::Words { channels: 4 }) {
            return words;
        }
        let mut channels = self.texel_channels(out, plan, words);
        let bits = |value: f32| match plan.kind {
            TexelKind::Float => value.to_bits(),
            _ => value as u32,
        };
        while channels.len() < 4 {
            let value = if channels.len() == 3 { 1.0 } else { 0.0 };
            let constant = self.constant(
                Op::Constant,
                plan.scalar,
                vec![Operand::LiteralBit32(bits(value))],
            );
            channels.push(constant);
        }
        self.emit(out, Op::CompositeConstruct, ty, channels)
    }

    /// The words of the format that hold `texel`, a scalar or vector of
    /// `components` of the texel's scalar (what `OpImageWrite` takes): the
    /// channels the format has, packed; channels the texel lacks are 0.
    pub(super) fn pack_texel(
        &mut self,
        out: &mut Vec<Instruction>,
        plan: Plan,
        texel: Word,
        components: u32,
    ) -> Word {
        let uint = self.texel_scalar(TexelKind::Uint);
        let float = self.texel_scalar(TexelKind::Float);
        let zero = match plan.kind {
            TexelKind::Float => 0f32.to_bits(),
            _ => 0,
        };
        let zero = self.constant(Op::Constant, plan.scalar, vec![Operand::LiteralBit32(zero)]);
        let channel = |l: &mut Self, out: &mut Vec<Instruction>, c: u32| match (components, c) {
            (1, 0) => texel,
            (n, c) if c < n => l.extract(out, plan.scalar, texel, c),
            _ => zero,
        };
        if plan.layout
            == (Layout::Words {
                channels: components,
            })
        {
            return texel;
        }
        let words: Vec<Word> = match plan.layout {
            Layout::Words { channels } => {
                let parts: Vec<Word> = (0..channels).map(|c| channel(self, out, c)).collect();
                if channels == 1 {
                    return parts[0];
                }
                return self.emit(out, Op::CompositeConstruct, plan.element, parts);
            }
            Layout::Packed {
                channels,
                bits,
                encoding: Encoding::Integer,
            }
            | Layout::Narrow {
                channels,
                bits,
                encoding: Encoding::Integer,
            } => {
                let per_word = 32 / bits;
                let width = self.uint_constant(uint, bits);
                (0..channels / per_word)
                    .map(|w| {
                        let mut word = self.uint_constant(uint, 0);
                        for c in 0..per_word {
                            let mut value = channel(self, out, w * per_word + c);
                            if plan.kind == TexelKind::Sint {
                                value = self.emit(out, Op::Bitcast, uint, vec![value]);
                            }
                            let offset = self.uint_constant(uint, c * bits);
                            word = self.emit(
                                out,
                                Op::BitFieldInsert,
                                uint,
                                vec![word, value, offset, width],
                            );
                        }
                        word
                    })
                    .collect()
            }
            Layout::Packed {
                channels,
                bits,
                encoding,
            }
            | Layout::Narrow {
                channels,
                bits,
                encoding,
            } => {
                let per_word = 32 / bits;
                let (_, pack) = packing_instructions(bits, encoding);
                let glsl = self.glsl_std_450();
                let pair = self.vector_type(float, 2);
                (0..channels / per_word)
                    .map(|w| {
                        let packed_from = if per_word == 4 && components == 4 {
                            texel
                        } else if per_word == 4 {
                            let vec4 = self.vector_type(float, 4);
                            let parts = (0..4).map(|c| channel(self, out, c)).collect();
                            self.emit(out, Op::CompositeConstruct, vec4, parts)
                        } else {
                            let parts = (0..2).map(|c| channel(self, out, 2 * w + c)).collect();
                            self.emit(out, Op::CompositeConstruct, pair, parts)
                        };
                        let word = self.fresh_id();
                        out.push(Instruction::new(
                            Op::ExtInst,
                            Some(uint),
                            Some(word),
                            vec![
                                Operand::IdRef(glsl),
                                Operand::LiteralExtInstInteger(pack),
                                Operand::IdRef(packed_from),
                            ],
                        ));
                        word
                    })
                    .collect()
            }
        };
        if words.len() == 1 {
            return words[0];
        }
        self.emit(out, Op::CompositeConstruct, plan.element, words)
    }

    pub(super) fn extract(
        &mut self,
        out: &mut Vec<Instruction>,
        ty: Word,
        composite: Word,
        index: u32,
    ) -> Word {
        let id = self.fresh_id();
        out.push(Instruction::new(
            Op::CompositeExtract,
            Some(ty),
            Some(id),
            vec![Operand::IdRef(composite), Operand::LiteralBit32(index)],
        ));
        id
    }
}

/// The WGSL spelling of a texel buffer's storage element.
pub(super) fn element_wgsl(layout: Layout, kind: TexelKind) -> String {
    let (scalar, count) = match layout {
        Layout::Words { channels } => (
            match kind {
                TexelKind::Float => "f32",
                TexelKind::Sint => "i32",
                TexelKind::Uint => "u32",
            },
            channels,
        ),
        Layout::Packed { .. } | Layout::Narrow { .. } => ("u32", layout.words()),
    };
    if count == 1 {
        scalar.to_string()
    } else {
        format!("vec{count}<{scalar}>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_formats_fill_whole_words() {
        assert_eq!(
            Layout::of(StorageFormat::Rgba8Unorm).map(Layout::words),
            Ok(1)
        );
        assert_eq!(
            Layout::of(StorageFormat::Rgba16Float).map(Layout::words),
            Ok(2)
        );
        assert_eq!(
            Layout::of(StorageFormat::Rg16Sint).map(Layout::words),
            Ok(1)
        );
        assert_eq!(
            Layout::of(StorageFormat::Rgba32Uint).map(Layout::words),
            Ok(4)
        );
        assert_eq!(
            Layout::of(StorageFormat::R16Float).map(Layout::texels_per_word),
            Ok(Some(2))
        );
        assert_eq!(
            Layout::of(StorageFormat::Rg8Unorm).map(Layout::texel_bytes),
            Ok(2)
        );
        assert!(Layout::of(StorageFormat::Rgb10a2Unorm).is_err());
    }

    #[test]
    fn elements_are_spelled_as_wgsl_declares_them() {
        let of = |f| {
            element_wgsl(
                Layout::of(f).unwrap(),
                crate::front::storage_format::spirv_format(f).unwrap().1,
            )
        };
        assert_eq!(of(StorageFormat::R32Float), "f32");
        assert_eq!(of(StorageFormat::Rg32Sint), "vec2<i32>");
        assert_eq!(of(StorageFormat::Rgba8Unorm), "u32");
        assert_eq!(of(StorageFormat::Rgba16Uint), "vec2<u32>");
    }
}
