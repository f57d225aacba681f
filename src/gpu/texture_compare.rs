//! How the storage textures the shaders write compare, texel by texel
//! and channel by channel (see [`super::textures`] for the rules), and the
//! report of every texture and sampler.

use super::harness::Compare;
use super::texels::{self, CHANNEL_NAMES};
use super::textures::{Made, ResourcePlan};
use super::values;
use super::{BindingJson, Mismatch, MISMATCHES_LISTED};

impl ResourcePlan {
    /// The report of one texture or sampler; storage textures the shaders
    /// write are compared texel by texel (`reference` and `candidate` are
    /// their first mip level, tightly packed).
    pub fn compare(&self, reference: Option<&[u8]>, candidate: Option<&[u8]>) -> BindingJson {
        let (space, what, bytes, elements) = match &self.made {
            Made::Texture { shape, data, .. } => (
                if self.read_back {
                    "storage texture"
                } else {
                    "texture"
                },
                shape.describe(),
                data.len() as u64,
                Some(shape.texels(0)),
            ),
            Made::Sampler(modes) => ("sampler", modes.describe(), 0, None),
        };
        let mut json = BindingJson {
            name: self.name.clone(),
            group: self.group,
            binding: self.binding,
            label: self.label.clone(),
            space,
            type_name: format!("{}, {what}", self.type_name),
            bytes,
            elements,
            encoding: "none",
            compare: self.compare.name(),
            read_back: self.read_back,
            values_compared: 0,
            mismatches: 0,
            first_mismatches: Vec::new(),
            tolerance: self.tolerance.clone(),
            seeded_small: Vec::new(),
        };
        let (Some(reference), Some(candidate), Made::Texture { shape, .. }) =
            (reference, candidate, &self.made)
        else {
            return json;
        };
        if self.compare == Compare::Ignore {
            return json;
        }
        let format = shape.format;
        let e = shape.size;
        for i in 0..shape.texels(0) as usize {
            let expected = texels::read(format, reference, i);
            let got = texels::read(format, candidate, i);
            for (c, (&channel, (&x, &y))) in format
                .channels
                .iter()
                .zip(expected.iter().zip(&got))
                .enumerate()
            {
                json.values_compared += 1;
                let (agree, ulps) = self.agree(channel, x, y);
                if agree {
                    continue;
                }
                json.mismatches += 1;
                if json.first_mismatches.len() < MISMATCHES_LISTED {
                    let (x0, rest) = (i as u32 % e.width, i as u32 / e.width);
                    let coords = match shape.view_dimension {
                        wgpu::TextureViewDimension::D1 => format!("{x0}"),
                        wgpu::TextureViewDimension::D2 => format!("{x0}, {}", rest),
                        _ => format!("{x0}, {}, {}", rest % e.height, rest / e.height),
                    };
                    json.first_mismatches.push(Mismatch {
                        binding: self.name.clone(),
                        location: format!("{}({coords}).{}", self.name, CHANNEL_NAMES[c]),
                        expected: channel.format(x),
                        got: channel.format(y),
                        ulps,
                    });
                }
            }
        }
        json
    }

    /// Whether one channel agrees, and by how many ULPs a float differs.
    fn agree(&self, channel: texels::Channel, expected: u64, got: u64) -> (bool, Option<u64>) {
        use texels::Channel;
        let within_abs = |x: f64, y: f64| {
            self.tolerance_abs > 0.0 && (x - y).abs() <= self.tolerance_abs + channel.unit(expected)
        };
        match channel {
            Channel::Float(b) => {
                let s = values::Scalar::float(b / 8);
                match super::compare::agree(s, self.tolerance_ulps, expected, got) {
                    super::compare::Agreement::Agree => (true, None),
                    super::compare::Agreement::Differ { ulps } => {
                        let close = ulps.is_some()
                            && within_abs(values::to_f64(s, expected), values::to_f64(s, got));
                        (close, ulps)
                    }
                }
            }
            Channel::Unorm(_) | Channel::Snorm(_) => {
                let close =
                    expected == got || within_abs(channel.to_f64(expected), channel.to_f64(got));
                (close, None)
            }
            Channel::Uint(_) | Channel::Sint(_) => (expected == got, None),
        }
    }
}
