//! What a render validation draws: the vertex buffer laid out from the
//! vertex stage's inputs and filled on the grid, the passes and their
//! targets, and how a target's texels compare.

use naga::ScalarKind;

use super::compare::{self, Agreement};
use super::render_io::{IoVar, StageIo};
use super::render_report::TargetJson;
use super::values::{self, Rng, Scalar};
use super::{Error, Mismatch, MISMATCHES_LISTED};

/// Width and height of every target, in pixels.
pub const SIZE: u32 = 32;
/// Cells of the triangle grid along each axis (two triangles a cell).
pub const GRID: u32 = 4;
/// Instances drawn (the later ones over the earlier).
pub const INSTANCES: u32 = 2;
/// Vertices of one instance.
pub const VERTICES: u32 = 6 * GRID * GRID;

/// The inputs of the generated vertex stage: the position at location 0,
/// then the fragment's inputs (f16 fed as f32).
pub(super) fn generated_inputs(fragment: &StageIo) -> Vec<IoVar> {
    let mut fed = vec![IoVar {
        location: 0,
        name: "position".into(),
        scalar: naga::Scalar::F32,
        size: 4,
        interpolation: None,
        sampling: None,
    }];
    for (i, v) in fragment.inputs.iter().enumerate() {
        fed.push(IoVar {
            location: i as u32 + 1,
            scalar: naga::Scalar {
                width: 4,
                ..v.scalar
            },
            ..v.clone()
        });
    }
    fed
}

/// One interleaved vertex buffer and its attributes.
pub(super) struct VertexData {
    pub(super) bytes: Vec<u8>,
    pub(super) stride: u64,
    pub(super) attributes: Vec<wgpu::VertexAttribute>,
}

impl VertexData {
    /// Seeded values for every input of `inputs`: the position (the
    /// generated stage's location 0, else the first float vector input)
    /// walks the grid; other floats are uniform in [0, 1], signed integers
    /// in [-8, 8), unsigned ones in [0, 16).
    pub(super) fn new(inputs: &[IoVar], generated: bool, seed: u64) -> Result<Self, Error> {
        let position = if generated {
            Some(0)
        } else {
            inputs
                .iter()
                .position(|v| v.scalar.kind == ScalarKind::Float && v.size >= 2)
        };
        let mut attributes = Vec::new();
        let mut offset = 0u64;
        for v in inputs {
            use wgpu::VertexFormat as F;
            let format = match (v.scalar.kind, v.scalar.width, v.size) {
                (ScalarKind::Float, 4, 1) => F::Float32,
                (ScalarKind::Float, 4, 2) => F::Float32x2,
                (ScalarKind::Float, 4, 3) => F::Float32x3,
                (ScalarKind::Float, 4, 4) => F::Float32x4,
                (ScalarKind::Sint, 4, 1) => F::Sint32,
                (ScalarKind::Sint, 4, 2) => F::Sint32x2,
                (ScalarKind::Sint, 4, 3) => F::Sint32x3,
                (ScalarKind::Sint, 4, 4) => F::Sint32x4,
                (ScalarKind::Uint, 4, 1) => F::Uint32,
                (ScalarKind::Uint, 4, 2) => F::Uint32x2,
                (ScalarKind::Uint, 4, 3) => F::Uint32x3,
                (ScalarKind::Uint, 4, 4) => F::Uint32x4,
                _ => {
                    return Err(Error::Input(format!(
                        "the vertex input `{}` (@location({})) is a {}; validate feeds 32-bit vertex inputs only",
                        v.name,
                        v.location,
                        v.wgsl_type()
                    )))
                }
            };
            attributes.push(wgpu::VertexAttribute {
                format,
                offset,
                shader_location: v.location,
            });
            offset += 4 * v.size as u64;
        }
        let stride = offset.max(4);
        let mut bytes = vec![0u8; (stride * VERTICES as u64) as usize];
        let mut rng = Rng::stream(seed, 0x7665_7274);
        for vertex in 0..VERTICES as usize {
            let corner = grid_corner(vertex as u32);
            for (i, v) in inputs.iter().enumerate() {
                let at = vertex * stride as usize + attributes[i].offset as usize;
                for c in 0..v.size as usize {
                    let word: u32 = if Some(i) == position {
                        // x, y on the grid; z a depth in (0, 1); w 1.
                        match c {
                            0 => corner[0].to_bits(),
                            1 => corner[1].to_bits(),
                            2 => (0.125 + 0.75 * rng.unit() as f32).to_bits(),
                            _ => 1.0f32.to_bits(),
                        }
                    } else {
                        match v.scalar.kind {
                            ScalarKind::Float => (rng.unit() as f32).to_bits(),
                            ScalarKind::Sint => (rng.below(16) as i32 - 8) as u32,
                            _ => rng.below(16) as u32,
                        }
                    };
                    bytes[at + 4 * c..at + 4 * c + 4].copy_from_slice(&word.to_le_bytes());
                }
            }
        }
        Ok(VertexData {
            bytes,
            stride,
            attributes,
        })
    }
}

/// The clip-space x and y of a vertex of the grid: cell by cell, two
/// counter-clockwise triangles each, covering [-1, 1]².
fn grid_corner(vertex: u32) -> [f32; 2] {
    let cell = vertex / 6;
    let (cx, cy) = (cell % GRID, cell / GRID);
    let (dx, dy) = [(0, 0), (1, 0), (1, 1), (0, 0), (1, 1), (0, 1)][(vertex % 6) as usize];
    let at = |c: u32| -1.0 + 2.0 * c as f32 / GRID as f32;
    [at(cx + dx), at(cy + dy)]
}

/// What draws the fragments of a pass.
pub(super) enum FragmentChoice {
    /// The shader's own fragment entry point.
    Shader,
    /// A generated capture stage (WGSL).
    Generated(String),
}

pub(super) struct PassPlan {
    pub(super) fragment: FragmentChoice,
    pub(super) targets: Vec<TargetPlan>,
}

/// One colour or depth target.
pub(super) struct TargetPlan {
    pub(super) name: String,
    /// The colour attachment it is, the `@location` written into it.
    pub(super) slot: u32,
    pub(super) format: wgpu::TextureFormat,
    /// Components a texel.
    pub(super) components: u32,
    pub(super) scalar: Scalar,
}

impl TargetPlan {
    /// The target of the fragment output `v`, at its location.
    pub(super) fn color(v: &IoVar) -> Self {
        let components = match v.size {
            1 => 1,
            2 => 2,
            _ => 4,
        };
        Self::of_kind(
            format!("fragment @location({})", v.location),
            v.location,
            v.kind(),
            components,
        )
    }

    /// The target of a capture stage, which writes location 0.
    pub(super) fn capture(name: String, kind: ScalarKind) -> Self {
        Self::of_kind(name, 0, kind, 4)
    }

    fn of_kind(name: String, slot: u32, kind: ScalarKind, components: u32) -> Self {
        use wgpu::TextureFormat as T;
        let (format, scalar) = match (kind, components) {
            (ScalarKind::Sint, 1) => (T::R32Sint, "i32"),
            (ScalarKind::Sint, 2) => (T::Rg32Sint, "i32"),
            (ScalarKind::Sint, _) => (T::Rgba32Sint, "i32"),
            (ScalarKind::Uint, 1) => (T::R32Uint, "u32"),
            (ScalarKind::Uint, 2) => (T::Rg32Uint, "u32"),
            (ScalarKind::Uint, _) => (T::Rgba32Uint, "u32"),
            (_, 1) => (T::R32Float, "f32"),
            (_, 2) => (T::Rg32Float, "f32"),
            (_, _) => (T::Rgba32Float, "f32"),
        };
        TargetPlan {
            name,
            slot,
            format,
            components,
            scalar: Scalar::parse(scalar).expect("a scalar type"),
        }
    }

    /// A `depth32float` target: the fragment stage's `frag_depth`, or the
    /// rasterized depth where it writes no colour (a pass needs a target).
    pub(super) fn depth(name: &str) -> Self {
        TargetPlan {
            name: name.into(),
            slot: 0,
            format: wgpu::TextureFormat::Depth32Float,
            components: 1,
            scalar: Scalar::F32,
        }
    }

    pub(super) fn is_depth(&self) -> bool {
        self.format == wgpu::TextureFormat::Depth32Float
    }

    pub(super) fn texel_bytes(&self) -> u32 {
        4 * self.components
    }

    /// Every component of every texel, tightly packed rows.
    pub(super) fn compare(&self, expected: &[u8], got: &[u8], tolerance: u32) -> TargetJson {
        let mut json = TargetJson {
            name: self.name.clone(),
            format: format!("{:?}", self.format).to_lowercase(),
            values_compared: 0,
            mismatches: 0,
            first_mismatches: Vec::new(),
        };
        const COMPONENTS: [&str; 4] = ["r", "g", "b", "a"];
        let word = |b: &[u8], i: usize| {
            b.get(4 * i..4 * i + 4)
                .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]) as u64)
        };
        let n = (SIZE * SIZE * self.components) as usize;
        for i in 0..n {
            let (e, g) = (word(expected, i), word(got, i));
            json.values_compared += 1;
            if let Agreement::Differ { ulps } = compare::agree(self.scalar, tolerance, e, g) {
                json.mismatches += 1;
                if json.first_mismatches.len() < MISMATCHES_LISTED {
                    let texel = i as u32 / self.components;
                    let component = if self.is_depth() {
                        String::new()
                    } else {
                        format!(".{}", COMPONENTS[i % self.components as usize])
                    };
                    json.first_mismatches.push(Mismatch {
                        binding: self.name.clone(),
                        location: format!(
                            "{} ({}, {}){component}",
                            self.name,
                            texel % SIZE,
                            texel / SIZE
                        ),
                        expected: values::format_value(self.scalar, e),
                        got: values::format_value(self.scalar, g),
                        ulps,
                    });
                }
            }
        }
        json
    }
}
