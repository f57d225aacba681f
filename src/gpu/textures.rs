//! Textures and samplers of a compute entry point: what it binds, read
//! from the naga module; how each is made (format, extent, mip levels,
//! seeded texels, sampler modes), from the harness or from stated
//! defaults; and how the storage textures it writes compare texel by
//! texel after the dispatch.
//!
//! Defaults, without a harness:
//! - sampled float textures are `rgba8unorm`, integer ones `rgba32uint`
//!   or `rgba32sint` (`rgba8uint` or `rgba8sint` when multisampled), depth
//!   textures `depth32float`; multisampled ones have 4 samples;
//! - extents: 1D 64; 2D 32 x 32; 2D arrays 32 x 32 x 4 layers; cubes
//!   16 x 16 (x 6 faces); cube arrays 2 cubes; 3D 16 x 16 x 8; sampled
//!   textures have every mip level, each filled with its own values;
//! - texels are seeded: floats uniform in [0, 1], integer and normalized
//!   channels over every bit pattern; write-only storage textures start
//!   zeroed, the others are filled;
//! - samplers: see [`super::samplers`].
//!
//! A storage texture the shaders write is compared texel by texel: bit
//! for bit for integer channels; floats and normalized channels exactly
//! (within `tolerance_ulps`), except where the entry point filters (a
//! sampler with a linear filter, or a comparison sampler), where a texel
//! may differ by `tolerance_abs` (default 2^-8, the sub-texel precision
//! of common hardware's filter weights) plus one unit of the format.

use naga::{ImageClass, ImageDimension, Module, StorageAccess, TypeInner};

use super::harness::{Compare, Harness, Rule, Size};
use super::samplers::SamplerModes;
use super::texels::{self, TexelFill, TexelFormat};
use super::values::{self, Rng};
use super::Error;

/// The most bytes of texels one texture may take.
const MOST_BYTES: u64 = 1 << 30;

/// The elements validate binds to a binding array without a size
/// (`binding_array<texture_2d<f32>>`, GLSL `sampler2D textures[]`); the
/// shader's indices are wrapped into them.
pub const UNSIZED_BINDING_ARRAY_ELEMENTS: u32 = 4;

/// The absolute tolerance of float texels where the entry point filters.
pub const FILTER_TOLERANCE: f64 = 1.0 / 256.0;

/// What a handle binding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandleKind {
    Sampled {
        kind: naga::ScalarKind,
        multi: bool,
    },
    Depth {
        multi: bool,
    },
    Storage {
        format: naga::StorageFormat,
        access: StorageAccess,
    },
    Sampler {
        comparison: bool,
    },
}

/// A texture or sampler the entry point uses.
#[derive(Clone, Debug)]
pub struct HandleBinding {
    pub name: String,
    pub group: u32,
    pub binding: u32,
    pub dim: ImageDimension,
    pub arrayed: bool,
    pub kind: HandleKind,
    pub type_name: String,
    /// The elements of a binding array; `None` for one texture or sampler.
    pub count: Option<u32>,
    global: naga::Handle<naga::GlobalVariable>,
}

impl HandleBinding {
    pub fn label(&self) -> String {
        format!(
            "`{}` (@group({}) @binding({}))",
            self.name, self.group, self.binding
        )
    }
}

/// The textures and samplers of an entry point, and which of them it
/// samples together (indices into the first).
pub type Handles = (Vec<HandleBinding>, Vec<(usize, usize)>);

/// Every texture and sampler the entry point uses, sorted by group and
/// binding, and which of them it samples together (by index).
pub fn reflect(
    module: &Module,
    info: &naga::valid::ModuleInfo,
    ep_index: usize,
) -> Result<Handles, String> {
    let ep_info = info.get_entry_point(ep_index);
    let mut out = Vec::new();
    for (handle, var) in module.global_variables.iter() {
        if var.space != naga::AddressSpace::Handle || ep_info[handle].is_empty() {
            continue;
        }
        let name = var
            .name
            .clone()
            .unwrap_or_else(|| format!("global{}", handle.index()));
        let Some(resource) = &var.binding else {
            return Err(format!("`{name}` has no @group/@binding"));
        };
        // A binding array of sampled textures or samplers binds that
        // many of its element.
        let (element, count) = match module.types[var.ty].inner {
            TypeInner::BindingArray { base, size } => {
                let count = match size {
                    naga::ArraySize::Constant(n) => n.get(),
                    naga::ArraySize::Dynamic => UNSIZED_BINDING_ARRAY_ELEMENTS,
                    naga::ArraySize::Pending(_) => {
                        return Err(format!(
                            "`{name}` is a binding array sized by an override; give it a value with --override"
                        ))
                    }
                };
                (base, Some(count))
            }
            _ => (var.ty, None),
        };
        let (dim, arrayed, kind) = match module.types[element].inner {
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => {
                let kind = match class {
                    ImageClass::Sampled { kind, multi } => HandleKind::Sampled { kind, multi },
                    ImageClass::Depth { multi } => HandleKind::Depth { multi },
                    ImageClass::Storage { format, access } => {
                        HandleKind::Storage { format, access }
                    }
                    ImageClass::External => {
                        return Err(format!(
                            "`{name}` is a texture_external; validate binds no external textures"
                        ))
                    }
                };
                (dim, arrayed, kind)
            }
            TypeInner::Sampler { comparison } => (
                ImageDimension::D2,
                false,
                HandleKind::Sampler { comparison },
            ),
            _ => return Err(format!("`{name}` is a handle validate cannot bind")),
        };
        if count.is_some() && matches!(kind, HandleKind::Storage { .. }) {
            return Err(format!(
                "`{name}` is a binding array of storage textures; validate binds arrays of sampled textures and samplers"
            ));
        }
        out.push(HandleBinding {
            name,
            group: resource.group,
            binding: resource.binding,
            dim,
            arrayed,
            kind,
            type_name: type_name(module, element),
            count,
            global: handle,
        });
    }
    out.sort_by_key(|b| (b.group, b.binding));
    let index = |h| out.iter().position(|b| b.global == h);
    let mut sampled: Vec<(usize, usize)> = ep_info
        .sampling_set
        .iter()
        .filter_map(|key| index(key.image).zip(index(key.sampler)))
        .collect();
    sampled.sort();
    Ok((out, sampled))
}

/// The WGSL spelling of a texture or sampler type.
fn type_name(module: &Module, ty: naga::Handle<naga::Type>) -> String {
    let (dim, arrayed, class) = match module.types[ty].inner {
        TypeInner::Image {
            dim,
            arrayed,
            class,
        } => (dim, arrayed, class),
        TypeInner::Sampler { comparison: true } => return "sampler_comparison".into(),
        _ => return "sampler".into(),
    };
    let dim = match dim {
        ImageDimension::D1 => "1d",
        ImageDimension::D2 => "2d",
        ImageDimension::D3 => "3d",
        ImageDimension::Cube => "cube",
    };
    let array = if arrayed { "_array" } else { "" };
    let scalar = |kind| match kind {
        naga::ScalarKind::Sint => "i32",
        naga::ScalarKind::Uint => "u32",
        _ => "f32",
    };
    match class {
        ImageClass::Sampled { kind, multi: true } => {
            format!("texture_multisampled_{dim}<{}>", scalar(kind))
        }
        ImageClass::Sampled { kind, .. } => format!("texture_{dim}{array}<{}>", scalar(kind)),
        ImageClass::Depth { multi: true } => format!("texture_depth_multisampled_{dim}"),
        ImageClass::Depth { .. } => format!("texture_depth_{dim}{array}"),
        ImageClass::Storage { format, access } => {
            let access = match (
                access.contains(StorageAccess::LOAD),
                access.contains(StorageAccess::STORE),
            ) {
                _ if access.contains(StorageAccess::ATOMIC) => "atomic",
                (true, true) => "read_write",
                (true, false) => "read",
                _ => "write",
            };
            let format = texels::storage_format(format).map_or("?", |f| f.name);
            format!("texture_storage_{dim}{array}<{format}, {access}>")
        }
        ImageClass::External => "texture_external".into(),
    }
}

/// A texture's shape on the device.
#[derive(Clone, Debug)]
pub struct TextureShape {
    pub size: wgpu::Extent3d,
    pub dimension: wgpu::TextureDimension,
    pub view_dimension: wgpu::TextureViewDimension,
    pub mip_levels: u32,
    pub sample_count: u32,
    pub format: &'static TexelFormat,
}

impl TextureShape {
    /// Texels of a mip level, all layers.
    pub fn texels(&self, level: u32) -> u64 {
        let e = self.size.mip_level_size(level, self.dimension);
        e.width as u64 * e.height as u64 * e.depth_or_array_layers as u64
    }

    pub fn describe(&self) -> String {
        let e = self.size;
        let extent = match self.view_dimension {
            wgpu::TextureViewDimension::D1 => format!("{}", e.width),
            wgpu::TextureViewDimension::D2 => format!("{}x{}", e.width, e.height),
            wgpu::TextureViewDimension::D3 => {
                format!("{}x{}x{}", e.width, e.height, e.depth_or_array_layers)
            }
            _ => format!(
                "{}x{}, {} layers",
                e.width, e.height, e.depth_or_array_layers
            ),
        };
        let mut out = format!("{}, {extent}", self.format.name);
        if self.mip_levels > 1 {
            out += &format!(", {} mip levels", self.mip_levels);
        }
        if self.sample_count > 1 {
            out += &format!(", {} samples", self.sample_count);
        }
        out
    }
}

/// What a resource is made of.
#[derive(Clone, Debug)]
pub enum Made {
    Texture {
        shape: TextureShape,
        binding_type: wgpu::BindingType,
        /// Every mip level's texels, tightly packed, level after level;
        /// empty for a texture that starts zeroed. Multisampled textures
        /// hold every sample of a texel together.
        data: Vec<u8>,
    },
    Sampler(SamplerModes),
}

/// A texture or sampler of a dispatch: how it is made and, for storage
/// textures the shaders write, how its texels compare.
#[derive(Clone, Debug)]
pub struct ResourcePlan {
    pub name: String,
    pub label: String,
    pub group: u32,
    pub binding: u32,
    pub type_name: String,
    pub made: Made,
    /// Which element of a binding array this is, and how many it has;
    /// `None` for a binding of one texture or sampler.
    pub element: Option<(u32, u32)>,
    pub read_back: bool,
    pub compare: Compare,
    pub tolerance_ulps: u32,
    /// Absolute tolerance of float channels (filtering), and why.
    pub tolerance_abs: f64,
    pub tolerance: Option<String>,
}

impl ResourcePlan {
    /// This plan as element `element` of a binding array of `count`
    /// (named `name[element]`); as it is for a binding of one.
    fn into_element(mut self, count: Option<u32>, element: u32) -> Self {
        if let Some(count) = count {
            self.name = format!("{}[{element}]", self.name);
            self.label = format!("{} element {element}", self.label);
            self.element = Some((element, count));
        }
        self
    }

    pub fn layout_type(&self) -> wgpu::BindingType {
        match &self.made {
            Made::Texture { binding_type, .. } => *binding_type,
            Made::Sampler(modes) => wgpu::BindingType::Sampler(modes.binding_type()),
        }
    }
}

/// The harness keys of textures and samplers, which a buffer does not take.
pub fn check_buffer_rule(rule: &Rule, label: &str) -> Result<(), Error> {
    let texture_keys = [
        ("format", rule.format.is_some()),
        ("mip_levels", rule.mip_levels.is_some()),
        ("sample_count", rule.sample_count.is_some()),
        ("tolerance_abs", rule.tolerance_abs.is_some()),
        ("address_mode", rule.address_mode.is_some()),
        ("filter", rule.filter.is_some()),
        ("mag_filter", rule.mag_filter.is_some()),
        ("min_filter", rule.min_filter.is_some()),
        ("mipmap_filter", rule.mipmap_filter.is_some()),
        ("compare_function", rule.compare_function.is_some()),
        ("lod_clamp", rule.lod_clamp.is_some()),
        ("size = [..]", matches!(rule.size, Some(Size::Extent(_)))),
    ];
    match texture_keys.iter().find(|(_, set)| *set) {
        Some((key, _)) => Err(Error::Input(format!(
            "{label}: `{key}` belongs to a texture or sampler; this binding is a buffer"
        ))),
        None => Ok(()),
    }
}

/// Pairs the two shaders' textures and samplers (they must bind the same
/// slots with the same types) and plans each: the harness's rules by
/// name or slot, the defaults otherwise.
pub fn plan(
    reference: Handles,
    candidate: Handles,
    harness: &Harness,
    seed: u64,
    features: wgpu::Features,
) -> Result<Vec<ResourcePlan>, Error> {
    let (bindings, mut sampled) = reference;
    let (candidate, candidate_sampled) = candidate;
    let describe = |b: &[HandleBinding]| {
        b.iter()
            .map(|b| format!("`{}` ({}:{}, {})", b.name, b.group, b.binding, b.type_name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let same = bindings.len() == candidate.len()
        && bindings.iter().zip(&candidate).all(|(r, c)| {
            (r.group, r.binding, r.dim, r.arrayed, r.kind)
                == (c.group, c.binding, c.dim, c.arrayed, c.kind)
        });
    if !same {
        return Err(Error::Input(format!(
            "the reference and the candidate bind different textures or samplers: the reference uses {}; the candidate uses {}",
            describe(&bindings),
            describe(&candidate)
        )));
    }
    sampled.extend(candidate_sampled);
    if let Some(array) = bindings.iter().find(|b| b.count.is_some()) {
        if !features.contains(wgpu::Features::TEXTURE_BINDING_ARRAY) {
            return Err(Error::Input(format!(
                "{} is a binding array, and the adapter has none (`TEXTURE_BINDING_ARRAY`)",
                array.label()
            )));
        }
    }

    let rule_of = |b: &HandleBinding| -> Option<&Rule> {
        harness.binding.iter().find_map(|(key, rule)| {
            let slot = match key.split_once(':') {
                Some((g, n)) => g.trim().parse().ok().zip(n.trim().parse().ok()),
                None => key.trim().parse().ok().map(|n| (0u32, n)),
            };
            (*key == b.name || slot == Some((b.group, b.binding))).then_some(rule)
        })
    };

    // Textures first: a sampler's default filter depends on what it reads.
    // Each binding's plans: one, or one an element of a binding array,
    // each element's texels seeded apart so that a wrong index shows.
    let mut plans: Vec<Vec<ResourcePlan>> = vec![Vec::new(); bindings.len()];
    for (i, b) in bindings.iter().enumerate() {
        if matches!(b.kind, HandleKind::Sampler { .. }) {
            continue;
        }
        let rule = rule_of(b);
        for element in 0..b.count.unwrap_or(1) {
            let element_seed = seed ^ (u64::from(element) << 32);
            let mut plan = plan_texture(b, rule, element_seed, features)?;
            plan.tolerance_ulps = rule
                .and_then(|r| r.tolerance_ulps)
                .or(harness.tolerance_ulps)
                .unwrap_or(0);
            plans[i].push(plan.into_element(b.count, element));
        }
    }
    let unfilterable: Vec<bool> = plans
        .iter()
        .map(|p| {
            matches!(
                p.first(),
                Some(ResourcePlan {
                    made: Made::Texture {
                        binding_type: wgpu::BindingType::Texture {
                            sample_type: wgpu::TextureSampleType::Float { filterable: false }
                                | wgpu::TextureSampleType::Depth,
                            ..
                        },
                        ..
                    },
                    ..
                })
            )
        })
        .collect();
    let mut ordinals = [0usize; 2];
    for (i, b) in bindings.iter().enumerate() {
        let HandleKind::Sampler { comparison } = b.kind else {
            continue;
        };
        let reads_unfilterable = sampled.iter().any(|&(t, s)| s == i && unfilterable[t]);
        let rule = rule_of(b);
        for element in 0..b.count.unwrap_or(1) {
            let ordinal = &mut ordinals[usize::from(comparison)];
            let mut modes = SamplerModes::default_for(*ordinal, comparison, !reads_unfilterable);
            *ordinal += 1;
            if let Some(rule) = rule {
                modes = modes
                    .with_rule(rule, comparison)
                    .map_err(|e| Error::Input(format!("{}: {e}", b.label())))?;
                check_sampler_rule(rule, &b.label())?;
            }
            let plan = ResourcePlan {
                name: b.name.clone(),
                label: b.label(),
                group: b.group,
                binding: b.binding,
                type_name: b.type_name.clone(),
                made: Made::Sampler(modes),
                element: None,
                read_back: false,
                compare: Compare::Ignore,
                tolerance_ulps: 0,
                tolerance_abs: 0.0,
                tolerance: None,
            };
            plans[i].push(plan.into_element(b.count, element));
        }
    }

    // Where filtering may legally round differently, float texels get a
    // stated tolerance.
    let filters = plans.iter().flatten().any(|p| match &p.made {
        Made::Sampler(m) => m.filters() || m.compare.is_some(),
        _ => false,
    });
    let each_plan = plans
        .iter_mut()
        .zip(&bindings)
        .flat_map(|(ps, b)| ps.iter_mut().map(move |p| (p, b)));
    for (p, b) in each_plan {
        if !p.read_back {
            continue;
        }
        let rule = rule_of(b);
        let Made::Texture { shape, .. } = &p.made else {
            continue;
        };
        let floats = shape.format.channels.iter().any(|c| c.is_float());
        let given = rule.and_then(|r| r.tolerance_abs);
        p.tolerance_abs = given.unwrap_or(if filters && floats {
            FILTER_TOLERANCE
        } else {
            0.0
        });
        let mut parts = Vec::new();
        if p.tolerance_abs > 0.0 && floats {
            let why = match given {
                Some(_) => "the harness's tolerance_abs",
                None => "the entry point filters",
            };
            parts.push(format!(
                "float texels within {} (absolute) plus one unit of {}: {why}",
                p.tolerance_abs, shape.format.name
            ));
        }
        if p.tolerance_ulps > 0 {
            parts.push(format!("{} ULPs", p.tolerance_ulps));
        }
        p.tolerance = Some(if parts.is_empty() {
            "exact".to_string()
        } else {
            parts.join("; ")
        });
    }
    Ok(plans.into_iter().flatten().collect())
}

/// Keys of textures on a sampler.
fn check_sampler_rule(rule: &Rule, label: &str) -> Result<(), Error> {
    let texture_key = [
        ("format", rule.format.is_some()),
        ("size", rule.size.is_some()),
        ("mip_levels", rule.mip_levels.is_some()),
        ("sample_count", rule.sample_count.is_some()),
        ("fill", rule.fill.is_some()),
        ("range", rule.range.is_some()),
    ];
    match texture_key.iter().find(|(_, set)| *set) {
        Some((key, _)) => Err(Error::Input(format!(
            "{label}: `{key}` belongs to a texture; this binding is a sampler"
        ))),
        None => Ok(()),
    }
}

/// Keys of samplers on a texture.
fn check_texture_rule(rule: &Rule, label: &str) -> Result<(), Error> {
    let sampler_key = [
        ("address_mode", rule.address_mode.is_some()),
        ("filter", rule.filter.is_some()),
        ("mag_filter", rule.mag_filter.is_some()),
        ("min_filter", rule.min_filter.is_some()),
        ("mipmap_filter", rule.mipmap_filter.is_some()),
        ("compare_function", rule.compare_function.is_some()),
        ("lod_clamp", rule.lod_clamp.is_some()),
        ("fields", !rule.fields.is_empty()),
        ("values", rule.values.is_some()),
        ("encoding", rule.encoding.is_some()),
        ("type", rule.ty.is_some()),
    ];
    match sampler_key.iter().find(|(_, set)| *set) {
        Some((key, _)) => Err(Error::Input(format!(
            "{label}: `{key}` does not apply to a texture"
        ))),
        None => Ok(()),
    }
}

fn plan_texture(
    b: &HandleBinding,
    rule: Option<&Rule>,
    seed: u64,
    features: wgpu::Features,
) -> Result<ResourcePlan, Error> {
    let label = b.label();
    let input = |m: String| Error::Input(format!("{}: {m}", b.label()));
    if let Some(rule) = rule {
        check_texture_rule(rule, &label)?;
    }
    let (multi, storage) = match b.kind {
        HandleKind::Sampled { multi, .. } | HandleKind::Depth { multi } => (multi, None),
        HandleKind::Storage { format, access } => (false, Some((format, access))),
        HandleKind::Sampler { .. } => unreachable!("samplers are planned apart"),
    };

    // The format.
    let format = match (storage, rule.and_then(|r| r.format.as_deref())) {
        (Some((format, _)), given) => {
            let f = texels::storage_format(format).ok_or_else(|| {
                input(format!(
                    "validate cannot read back the storage format {format:?}"
                ))
            })?;
            if given.is_some_and(|g| g != f.name) {
                return Err(input(format!(
                    "a storage texture's format is the shader's ({}); the harness cannot change it",
                    f.name
                )));
            }
            f
        }
        (None, Some(name)) => texels::by_name(name).ok_or_else(|| {
            input(format!(
                "`format = \"{name}\"` is not one validate fills ({})",
                texels::names()
            ))
        })?,
        (None, None) => texels::by_name(match b.kind {
            HandleKind::Depth { .. } => "depth32float",
            // WebGPU guarantees 4 samples of 8-bit integers, not of 32-bit.
            HandleKind::Sampled {
                kind: naga::ScalarKind::Sint,
                multi,
            } => {
                if multi {
                    "rgba8sint"
                } else {
                    "rgba32sint"
                }
            }
            HandleKind::Sampled {
                kind: naga::ScalarKind::Uint,
                multi,
            } => {
                if multi {
                    "rgba8uint"
                } else {
                    "rgba32uint"
                }
            }
            _ => "rgba8unorm",
        })
        .expect("a default format"),
    };
    let wgpu_format = format.format;
    let sample_type = wgpu_format
        .sample_type(None, Some(features))
        .ok_or_else(|| input(format!("{} cannot be sampled", format.name)))?;
    let fits = matches!(
        (b.kind, sample_type),
        (HandleKind::Depth { .. }, wgpu::TextureSampleType::Depth)
            | (
                HandleKind::Sampled {
                    kind: naga::ScalarKind::Float,
                    ..
                },
                wgpu::TextureSampleType::Float { .. },
            )
            | (
                HandleKind::Sampled {
                    kind: naga::ScalarKind::Sint,
                    ..
                },
                wgpu::TextureSampleType::Sint,
            )
            | (
                HandleKind::Sampled {
                    kind: naga::ScalarKind::Uint,
                    ..
                },
                wgpu::TextureSampleType::Uint,
            )
            | (HandleKind::Storage { .. }, _)
    );
    if !fits {
        return Err(input(format!(
            "{} does not hold what a {} reads",
            format.name, b.type_name
        )));
    }

    // The extent.
    let default: &[u32] = match (b.dim, b.arrayed) {
        (ImageDimension::D1, _) => &[64],
        (ImageDimension::D2, false) => &[32, 32],
        (ImageDimension::D2, true) => &[32, 32, 4],
        (ImageDimension::Cube, false) => &[16, 16],
        (ImageDimension::Cube, true) => &[16, 16, 2],
        (ImageDimension::D3, _) => &[16, 16, 8],
    };
    let extent: Vec<u32> = match rule.and_then(|r| r.size.as_ref()) {
        Some(Size::Extent(e)) => e.clone(),
        Some(Size::Elements(n)) => vec![u32::try_from(*n).unwrap_or(u32::MAX)],
        None => default.to_vec(),
    };
    let wants = default.len();
    if extent.len() != wants || extent.contains(&0) {
        let what = match wants {
            1 => "[width]",
            2 => "[width, height]",
            _ if b.dim == ImageDimension::Cube => "[size, size, cubes]",
            _ if b.dim == ImageDimension::D3 => "[width, height, depth]",
            _ => "[width, height, layers]",
        };
        return Err(input(format!(
            "`size` of a {} is {what}, each at least 1",
            b.type_name
        )));
    }
    let layers = match (b.dim, b.arrayed) {
        (ImageDimension::Cube, true) => 6 * extent[2],
        (ImageDimension::Cube, false) => 6,
        _ => extent.get(2).copied().unwrap_or(1),
    };
    if b.dim == ImageDimension::Cube && extent[0] != extent[1] {
        return Err(input("a cube's faces are square".into()));
    }
    let size = wgpu::Extent3d {
        width: extent[0],
        height: extent.get(1).copied().unwrap_or(1),
        depth_or_array_layers: layers,
    };
    let (dimension, view_dimension) = match (b.dim, b.arrayed) {
        (ImageDimension::D1, _) => (wgpu::TextureDimension::D1, wgpu::TextureViewDimension::D1),
        (ImageDimension::D2, false) => (wgpu::TextureDimension::D2, wgpu::TextureViewDimension::D2),
        (ImageDimension::D2, true) => (
            wgpu::TextureDimension::D2,
            wgpu::TextureViewDimension::D2Array,
        ),
        (ImageDimension::Cube, false) => {
            (wgpu::TextureDimension::D2, wgpu::TextureViewDimension::Cube)
        }
        (ImageDimension::Cube, true) => (
            wgpu::TextureDimension::D2,
            wgpu::TextureViewDimension::CubeArray,
        ),
        (ImageDimension::D3, _) => (wgpu::TextureDimension::D3, wgpu::TextureViewDimension::D3),
    };
    let most_levels = if multi || storage.is_some() {
        1
    } else {
        match dimension {
            wgpu::TextureDimension::D2 => wgpu::Extent3d {
                depth_or_array_layers: 1,
                ..size
            }
            .max_mips(dimension),
            _ => size.max_mips(dimension),
        }
    };
    let mip_levels = rule.and_then(|r| r.mip_levels).unwrap_or(most_levels);
    if mip_levels == 0 || mip_levels > most_levels {
        return Err(input(format!(
            "`mip_levels = {mip_levels}`: this texture has 1 to {most_levels}"
        )));
    }
    let sample_count = match (multi, rule.and_then(|r| r.sample_count)) {
        (true, None) => 4,
        (true, Some(n @ (2 | 4 | 8 | 16))) => n,
        (false, None | Some(1)) => 1,
        (_, Some(n)) => {
            return Err(input(format!(
                "`sample_count = {n}` does not fit a {} (multisampled textures take 2, 4, 8 or 16; others 1)",
                b.type_name
            )))
        }
    };
    let shape = TextureShape {
        size,
        dimension,
        view_dimension,
        mip_levels,
        sample_count,
        format,
    };
    let bytes: u64 = (0..mip_levels)
        .map(|level| shape.texels(level) * sample_count as u64 * format.bytes() as u64)
        .sum();
    if bytes > MOST_BYTES {
        return Err(input(format!(
            "{} takes {bytes} bytes; validate fills at most {MOST_BYTES}",
            shape.describe()
        )));
    }
    let binding_type = match storage {
        Some((_, access)) => wgpu::BindingType::StorageTexture {
            access: match (
                access.contains(StorageAccess::LOAD),
                access.contains(StorageAccess::STORE),
            ) {
                // Texture atomics need the texture bound for them.
                _ if access.contains(StorageAccess::ATOMIC) => wgpu::StorageTextureAccess::Atomic,
                (true, true) => wgpu::StorageTextureAccess::ReadWrite,
                (true, false) => wgpu::StorageTextureAccess::ReadOnly,
                _ => wgpu::StorageTextureAccess::WriteOnly,
            },
            format: wgpu_format,
            view_dimension,
        },
        None => wgpu::BindingType::Texture {
            // Multisampled textures are read with textureLoad only.
            sample_type: match sample_type {
                wgpu::TextureSampleType::Float { .. } if multi => {
                    wgpu::TextureSampleType::Float { filterable: false }
                }
                other => other,
            },
            view_dimension,
            multisampled: multi,
        },
    };
    let written = storage.is_some_and(|(_, a)| a.contains(StorageAccess::STORE));
    let read = storage.is_none_or(|(_, a)| a.contains(StorageAccess::LOAD));

    // The texels.
    let mut fill = TexelFill::random();
    if let Some(rule) = rule {
        if let Some(v) = &rule.fill {
            fill.fill = values::parse_fill(v).map_err(|e| input(format!("fill: {e}")))?;
        }
        if let Some([lo, hi]) = rule.range {
            fill.range = (lo, hi);
        }
    }
    if format.is_depth() && !(0.0 <= fill.range.0 && fill.range.1 <= 1.0) {
        return Err(input(
            "depths are in [0, 1]: give a `range` inside it".into(),
        ));
    }
    let data = if read {
        let mut rng = Rng::stream(seed, ((b.group as u64) << 32) | b.binding as u64);
        let mut data = Vec::new();
        let mut index = 0;
        for level in 0..mip_levels {
            let count = shape.texels(level) * sample_count as u64;
            data.extend(
                texels::generate(format, &fill, count, index, &mut rng)
                    .map_err(|e| input(format!("fill: {e}")))?,
            );
            index += count;
        }
        data
    } else {
        Vec::new()
    };

    Ok(ResourcePlan {
        name: b.name.clone(),
        label,
        group: b.group,
        binding: b.binding,
        type_name: b.type_name.clone(),
        made: Made::Texture {
            shape,
            binding_type,
            data,
        },
        element: None,
        read_back: written,
        compare: match rule.and_then(|r| r.compare) {
            Some(Compare::Sorted) => {
                return Err(input(
                    "`compare = \"sorted\"` applies to buffers; a texture compares texel by texel or not at all"
                        .into(),
                ))
            }
            Some(c) => c,
            None => Compare::Exact,
        },
        tolerance_ulps: 0,
        tolerance_abs: 0.0,
        tolerance: None,
    })
}

/// The workgroups that cover the largest storage texture the shaders
/// write: one invocation per texel of its first mip level.
pub fn dispatch_for(plans: &[ResourcePlan], workgroup_size: [u32; 3]) -> Option<[u32; 3]> {
    plans
        .iter()
        .filter(|p| p.read_back)
        .filter_map(|p| match &p.made {
            Made::Texture { shape, .. } => Some(shape.size),
            Made::Sampler(_) => None,
        })
        .max_by_key(|e| e.width as u64 * e.height as u64 * e.depth_or_array_layers as u64)
        .map(|e| {
            [e.width, e.height, e.depth_or_array_layers]
                .iter()
                .zip(workgroup_size)
                .map(|(n, w)| n.div_ceil(w.max(1)))
                .collect::<Vec<_>>()
                .try_into()
                .expect("three counts")
        })
}
