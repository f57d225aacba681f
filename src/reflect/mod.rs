//! The interface of the shader shaderxform writes, for the host that binds
//! it: entry points, overrides, bindings with their layouts, vertex inputs
//! and fragment outputs, and for each binding what a pass changed (the
//! float encoding of a rewritten atomic and the words to clear it to, the
//! bindings of a split combined sampler).
//!
//! It describes the module that was validated and written, not the source:
//! `float-atomics` turns an `atomic<f32>` into an `atomic<u32>`, and the
//! reflection says so. The JSON form is versioned (`"schema": 1`) and
//! described by `docs/reflection.schema.json` and `docs/reflection.md`.

use std::collections::BTreeMap;

use naga::common::wgsl::TypeContext;
use naga::proc::Layouter;
use naga::{
    AddressSpace, ArraySize, Binding as IoBinding, Handle, ImageClass, ImageDimension, Module,
    ShaderStage, StorageAccess, Type, TypeInner,
};
use serde::Serialize;
use shaderxform_passes::PassReport;

use crate::front::wgsl_modules::demangle;

mod rewrites;
pub mod rust_module;

pub(crate) use rewrites::binding_pair;
use rewrites::{add_rewrites, fixed_specialization_constants};

/// The version of the JSON form; it changes only when a field changes
/// meaning or goes away (fields may be added within a version).
pub const SCHEMA_VERSION: u32 = 1;

/// The interface of a written shader. The reflection types are
/// `#[non_exhaustive]`: fields may be added within a schema version.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reflection {
    /// [`SCHEMA_VERSION`].
    pub schema: u32,
    /// Every entry point, in the module's order.
    pub entry_points: Vec<EntryPoint>,
    /// Every pipeline-overridable constant, in the module's order.
    pub overrides: Vec<Override>,
    /// Every resource binding, sorted by group, binding and name.
    pub bindings: Vec<Binding>,
    /// Specialization constants of SPIR-V, GLSL or HLSL input that the
    /// shader written no longer has, fixed at their `--override` values
    /// or else their defaults: naga cannot keep them overridable (an
    /// array length, the workgroup size), or they choose between
    /// resources that share a binding. A pipeline that specialized them
    /// compiles the shader once per value, with `--override`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fixed_specialization_constants: Vec<FixedSpecializationConstant>,
}

/// A specialization constant of the input fixed at a value: the one
/// given with `--override`, or its default.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FixedSpecializationConstant {
    /// Its name in the source; `None` where it has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its `constant_id`; `None` for one without (a constant folded from
    /// specialization constants).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub constant_id: Option<u32>,
    /// The value it has in the shader written, as the source writes it.
    pub value: String,
}

/// An entry point of the shader written.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntryPoint {
    /// The name in WGSL and SPIR-V output, and the source's.
    pub name: String,
    /// The name in the other targets written, where it differs: Metal
    /// renames `main` (`main_`), GLSL calls every entry point `main`.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub names: BTreeMap<&'static str, String>,
    /// `compute`, `vertex` or `fragment`.
    pub stage: &'static str,
    /// `[x, y, z]`, compute only; an override-sized dimension is `null`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workgroup_size: Option<[Option<u32>; 3]>,
    /// `[group, binding]` of every resource the entry point uses.
    pub bindings: Vec<[u32; 2]>,
    /// Vertex inputs (vertex stage) or varyings (fragment stage), by
    /// location.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<Location>,
    /// Varyings (vertex stage) or colour attachments (fragment stage), by
    /// location.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub outputs: Vec<Location>,
}

/// A user-defined input or output at a location.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Location {
    /// `@location(N)`.
    pub location: u32,
    /// The argument's or struct member's name; `result` for an output
    /// that is the return value itself, `argN` or `NAME.N` (N its
    /// position) for an unnamed argument or member.
    pub name: String,
    /// The WGSL type: `vec4<f32>`.
    #[serde(rename = "type")]
    pub ty: String,
    /// The vertex format a host gives a vertex input of this type
    /// (`float32x3`), vertex inputs only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vertex_format: Option<&'static str>,
    /// `dual_source_blending`'s second source, fragment outputs only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blend_src: Option<u32>,
}

/// A pipeline-overridable constant (`override` in WGSL, a specialization
/// constant in SPIR-V).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Override {
    /// Its name; `None` for one known by its id only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its `@id`; `None` where it has none (the host sets it by name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<u16>,
    /// Its WGSL type: `u32`, `f32`, `bool`...
    #[serde(rename = "type")]
    pub ty: String,
    /// The default value, where it is a constant; `null` where there is
    /// none or it is an expression of other overrides.
    pub default: Option<f64>,
}

/// A resource binding (`@group(G) @binding(B)`) of the shader written.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Binding {
    /// `@group`, the bind group (the descriptor set in Vulkan).
    pub group: u32,
    /// `@binding` within the group.
    pub binding: u32,
    /// The variable's name; for an unnamed block, its only member's or its
    /// runtime-sized array's, else its type's (`global N` where none is
    /// known).
    pub name: String,
    /// `uniform-buffer`, `storage-buffer`, `sampler`, `comparison-sampler`,
    /// `sampled-texture`, `depth-texture`, `storage-texture`,
    /// `external-texture` or `acceleration-structure`.
    pub kind: &'static str,
    /// The WGSL type as written: `array<atomic<u32>>`, `texture_2d<f32>`.
    #[serde(rename = "type")]
    pub ty: String,
    /// Buffers and storage textures: `read`, `write` or `read_write`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access: Option<&'static str>,
    /// Textures: `1d`, `2d`, `2d-array`, `cube`, `cube-array` or `3d`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view_dimension: Option<&'static str>,
    /// Sampled textures: `float` (`unfilterable-float` when multisampled),
    /// `sint` or `uint`; depth textures `depth`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample_type: Option<&'static str>,
    /// Sampled and depth textures: whether they are multisampled.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub multisampled: bool,
    /// Storage textures: the texel format, as WGSL names it (`rgba8unorm`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// Binding arrays: the number of elements (`null` when unsized).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<Option<u32>>,
    /// Buffers: the memory layout of the type.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout: Option<Layout>,
    /// Which entry points use it.
    pub used_by: Vec<String>,
    /// What the passes and the front end changed about it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rewritten: Vec<Rewritten>,
}

/// The memory layout of a buffer's type.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Layout {
    /// Bytes, with one element of a runtime-sized array, as naga and
    /// WebGPU count it.
    pub size: u32,
    /// The alignment in bytes, a power of two.
    pub align: u32,
    /// The smallest buffer the binding accepts (WebGPU's
    /// `minBindingSize`): `size` rounded up to `align`.
    pub min_binding_size: u64,
    /// Members of a struct, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Member>,
    /// The array the type is, or ends in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub array: Option<ArrayLayout>,
}

/// A member of a buffer's struct type.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Member {
    /// The member's name (`memberN` for an unnamed one, N its index).
    pub name: String,
    /// Its offset in bytes from the start of the struct.
    pub offset: u32,
    /// Its size in bytes (of one element, for a runtime-sized array).
    pub size: u32,
    /// Its WGSL type.
    #[serde(rename = "type")]
    pub ty: String,
}

/// The array a buffer's type is, or ends in.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArrayLayout {
    /// Where the array starts in the buffer.
    pub offset: u32,
    /// The distance in bytes from one element to the next.
    pub stride: u32,
    /// The element count; `null` for a runtime-sized array.
    pub length: Option<u32>,
    /// The element's WGSL type.
    #[serde(rename = "element_type")]
    pub element: String,
}

/// A float sum held in fixed point (`float-atomics.sum=fixed`).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FixedPointSum {
    /// The format, `I.F`: `16.16`.
    pub format: String,
    /// Bits of the fraction: a word `w` holds `w * 2^-fraction_bits`.
    pub fraction_bits: u32,
    /// Bits of the signed word: 32 or 64.
    pub word_bits: u32,
    /// The least and the greatest value the word holds.
    pub smallest: f64,
    /// See `smallest`.
    pub largest: f64,
    /// The group and binding of the overflow word, and this sum's bit in
    /// it.
    pub overflow_group: u32,
    /// See `overflow_group`.
    pub overflow_binding: u32,
    /// See `overflow_group`.
    pub overflow_bit: u32,
}

/// A change to a binding that the host must follow.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum Rewritten {
    /// `float-atomics` holds the floats of this buffer's atomics in
    /// integer words.
    FloatAtomics {
        /// The strategy, which `shaderxform_host::FloatEncoding::from_strategy`
        /// reads: `ordered`, `signed`, `signed-swapped`, `cas` or
        /// `fixed-I.F`.
        encoding: String,
        /// `f32`, `f64`, `f16`, comma-separated where several.
        float: String,
        /// Whether the memory still holds the float's own bits.
        memory_holds_float_bits: bool,
        /// Where in the buffer the encoded words are.
        byte_offsets: String,
        /// The word to clear the buffer to before each accumulation, by
        /// `min`, `max`, `sum` (with the float's name where several).
        clear_values: BTreeMap<String, String>,
        /// With `sum=fixed`: the sum's fixed-point format and where its
        /// overflows are recorded.
        #[serde(skip_serializing_if = "Option::is_none")]
        fixed_point: Option<FixedPointSum>,
    },
    /// The word `float-atomics` adds to record that a fixed-point sum
    /// overflowed (`sum=fixed`): the host clears it to zero before the
    /// dispatch; a set bit after it means that sum is wrong.
    FloatAtomicsOverflow {
        /// Each sum's bit in the word, by variable.
        bits: BTreeMap<String, u32>,
    },
    /// An HLSL register whose class was shifted (`--hlsl-register-shift`):
    /// the binding is the register's number plus the shift.
    HlslRegisterShift {
        /// The register the source declares: `t3`.
        register: String,
        /// The shift the register's class got: the binding is the
        /// register's number plus this.
        shift: u32,
    },
    /// A storage texture the source declares without a format, given one
    /// (`--storage-format NAME=FORMAT`): the host binds a texture of it.
    StorageFormat {
        /// The format given: `rgba8unorm`.
        format: String,
    },
    /// A texel buffer of the source (`samplerBuffer`, `imageBuffer`,
    /// `Buffer<T>`, `RWBuffer<T>`), which WGSL has not: the binding is a
    /// storage buffer of its texels, an array of `element` with a stride
    /// of `stride` bytes; the host binds a buffer holding the bytes it
    /// gave the buffer view.
    TexelBuffer {
        /// The texels' format: `rgba8unorm`.
        format: String,
        /// Whether the shader declares the format (`declared`), the host
        /// gave it (`given`), or neither (`default`: four 32-bit channels).
        format_from: String,
        /// The array's element as WGSL spells it: `vec4<f32>`, `u32`.
        element: String,
        /// The bytes of one texel.
        stride: u32,
    },
    /// The counter of an HLSL structured buffer (`IncrementCounter`,
    /// `Append`, `Consume`): a `u32` the host binds (at the next free
    /// binding, as DXC gives it) and sets before the dispatch.
    CounterBuffer {
        /// The structured buffer it counts for.
        buffer: String,
    },
    /// An input attachment of the source (`subpassInput`), which WGSL has
    /// not: a sampled 2D texture read at the fragment's own position. The
    /// host binds the attachment's view here as a texture.
    InputAttachment {
        /// The source's `input_attachment_index`.
        index: u32,
    },
    /// A combined image sampler of the source, split on the way in into
    /// a texture (at the source's binding) and a sampler.
    SplitCombinedSampler {
        /// `[group, binding]` of the source's combined image sampler.
        combined: [u32; 2],
        /// `[group, binding]` of the texture that replaces it.
        texture: [u32; 2],
        /// `[group, binding]` of the sampler that replaces it.
        sampler: [u32; 2],
    },
}

/// The interface of `module`, a validated module, with what the `passes`
/// (and the front end's legalisation) reported.
pub fn reflect(module: &Module, passes: &[PassReport]) -> Reflection {
    let mut layouter = Layouter::default();
    // A validated module always lays out.
    let laid_out = layouter.update(module.to_ctx()).is_ok();
    // What each entry point uses statically, as the WGSL written says it:
    // naga's `ModuleInfo` also counts expressions nothing evaluates.
    let static_uses: Vec<_> = (0..module.entry_points.len())
        .map(|i| shaderxform_passes::ir::entry_point_static_uses(module, i))
        .collect();
    let mut bindings: Vec<Binding> = module
        .global_variables
        .iter()
        .filter_map(|(handle, var)| {
            let resource = var.binding.as_ref()?;
            let mut binding = describe_binding(module, laid_out.then_some(&layouter), var);
            binding.group = resource.group;
            binding.binding = resource.binding;
            // An item a WGSL module declared, by its path rather than the
            // name naga_oil's renaming gave it.
            binding.name = demangle(&shaderxform_passes::ir::global_name(module, handle));
            binding.used_by = module
                .entry_points
                .iter()
                .enumerate()
                .filter(|(i, _)| static_uses[*i].contains(&handle))
                .map(|(_, ep)| ep.name.clone())
                .collect();
            Some(binding)
        })
        .collect();
    bindings.sort_by_key(|b| (b.group, b.binding, b.name.clone()));
    add_rewrites(&mut bindings, passes);
    let entry_points = module
        .entry_points
        .iter()
        .map(|ep| EntryPoint {
            name: ep.name.clone(),
            names: BTreeMap::new(),
            stage: crate::back::stage_name(ep.stage),
            workgroup_size: (ep.stage == ShaderStage::Compute).then(|| {
                let by_override = ep.workgroup_size_overrides.unwrap_or([None; 3]);
                std::array::from_fn(|i| by_override[i].is_none().then_some(ep.workgroup_size[i]))
            }),
            bindings: bindings
                .iter()
                .filter(|b| b.used_by.contains(&ep.name))
                .map(|b| [b.group, b.binding])
                .collect(),
            inputs: locations(module, ep, Direction::In),
            outputs: locations(module, ep, Direction::Out),
        })
        .collect();
    let overrides = module
        .overrides
        .iter()
        .map(|(_, o)| Override {
            name: o.name.clone(),
            id: o.id,
            ty: source_type_name(module, o.ty),
            default: o
                .init
                .and_then(|e| literal_number(&module.global_expressions[e])),
        })
        .collect();
    Reflection {
        schema: SCHEMA_VERSION,
        entry_points,
        overrides,
        bindings,
        fixed_specialization_constants: fixed_specialization_constants(passes),
    }
}

impl Reflection {
    /// The reflection as pretty-printed JSON, the form
    /// `docs/reflection.schema.json` describes.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a reflection always serializes")
    }

    /// Adds the entry points' names in each of `formats` where the target's
    /// writer names them otherwise, as that writer says.
    pub fn with_target_names(
        mut self,
        module: &Module,
        info: &naga::valid::ModuleInfo,
        formats: &[crate::OutputFormat],
    ) -> Self {
        use crate::OutputFormat;
        let mut by_target: Vec<(&'static str, Vec<Option<String>>)> = Vec::new();
        if formats.contains(&OutputFormat::Msl) {
            by_target.push(("msl", msl_entry_point_names(module, info)));
        }
        if formats.contains(&OutputFormat::Hlsl) {
            by_target.push(("hlsl", hlsl_entry_point_names(module, info)));
        }
        if formats.contains(&OutputFormat::Glsl) {
            by_target.push((
                "glsl",
                vec![Some("main".to_string()); module.entry_points.len()],
            ));
        }
        for (target, names) in by_target {
            for (ep, name) in self.entry_points.iter_mut().zip(names) {
                match name {
                    Some(name) if name != ep.name => {
                        ep.names.insert(target, name);
                    }
                    _ => {}
                }
            }
        }
        self
    }
}

/// What naga's Metal writer names each entry point (`None` where it
/// cannot write one).
fn msl_entry_point_names(module: &Module, info: &naga::valid::ModuleInfo) -> Vec<Option<String>> {
    use naga::back::msl;
    let options = msl::Options {
        fake_missing_bindings: true,
        ..Default::default()
    };
    match msl::write_string(module, info, &options, &msl::PipelineOptions::default()) {
        Ok((_, translated)) => translated
            .entry_point_names
            .into_iter()
            .map(Result::ok)
            .collect(),
        Err(_) => vec![None; module.entry_points.len()],
    }
}

/// What naga's HLSL writer names each entry point.
fn hlsl_entry_point_names(module: &Module, info: &naga::valid::ModuleInfo) -> Vec<Option<String>> {
    use naga::back::hlsl;
    let options = crate::back::hlsl_options::writer_options(module, hlsl::ShaderModel::V6_0);
    let mut text = String::new();
    let pipeline = hlsl::PipelineOptions { entry_point: None };
    match hlsl::Writer::new(&mut text, &options, &pipeline).write(module, info, None) {
        Ok(reflected) => reflected
            .entry_point_names
            .into_iter()
            .map(Result::ok)
            .collect(),
        Err(_) => vec![None; module.entry_points.len()],
    }
}

/// What a global's type says of its binding; group, binding, name and users
/// are filled in by the caller.
fn describe_binding(
    module: &Module,
    layouter: Option<&Layouter>,
    var: &naga::GlobalVariable,
) -> Binding {
    let ty = source_type_name(module, var.ty);
    let mut binding = Binding {
        group: 0,
        binding: 0,
        name: String::new(),
        kind: "",
        ty,
        access: None,
        view_dimension: None,
        sample_type: None,
        multisampled: false,
        format: None,
        count: None,
        layout: None,
        used_by: Vec::new(),
        rewritten: Vec::new(),
    };
    match var.space {
        AddressSpace::Uniform => {
            binding.kind = "uniform-buffer";
            binding.layout = layouter.map(|l| layout(module, l, var.ty));
        }
        AddressSpace::Storage { access } => {
            binding.kind = "storage-buffer";
            binding.access = Some(access_name(access));
            binding.layout = layouter.map(|l| layout(module, l, var.ty));
        }
        _ => {
            let (element, count) = match module.types[var.ty].inner {
                TypeInner::BindingArray { base, size } => (
                    base,
                    Some(match size {
                        ArraySize::Constant(n) => Some(n.get()),
                        _ => None,
                    }),
                ),
                _ => (var.ty, None),
            };
            binding.count = count;
            describe_handle(&module.types[element].inner, &mut binding);
        }
    }
    binding
}

/// Samplers, textures and acceleration structures.
fn describe_handle(inner: &TypeInner, binding: &mut Binding) {
    match *inner {
        TypeInner::Sampler { comparison } => {
            binding.kind = if comparison {
                "comparison-sampler"
            } else {
                "sampler"
            };
        }
        TypeInner::Image {
            dim,
            arrayed,
            class,
        } => {
            binding.view_dimension = Some(view_dimension(dim, arrayed));
            match class {
                ImageClass::Sampled { kind, multi } => {
                    binding.kind = "sampled-texture";
                    binding.multisampled = multi;
                    binding.sample_type = Some(match kind {
                        naga::ScalarKind::Sint => "sint",
                        naga::ScalarKind::Uint => "uint",
                        // WebGPU refuses a multisampled texture whose layout
                        // says it can be filtered.
                        _ if multi => "unfilterable-float",
                        _ => "float",
                    });
                }
                ImageClass::Depth { multi } => {
                    binding.kind = "depth-texture";
                    binding.multisampled = multi;
                    binding.sample_type = Some("depth");
                }
                ImageClass::Storage { format, access } => {
                    use naga::common::wgsl::ToWgsl;
                    binding.kind = "storage-texture";
                    binding.access = Some(access_name(access));
                    binding.format = Some(format.to_wgsl().to_string());
                }
                ImageClass::External => binding.kind = "external-texture",
            }
        }
        TypeInner::AccelerationStructure { .. } => binding.kind = "acceleration-structure",
        _ => binding.kind = "other",
    }
}

fn access_name(access: StorageAccess) -> &'static str {
    if access.contains(StorageAccess::ATOMIC) {
        // wgpu's `StorageTextureAccess::Atomic`, which texture atomics
        // need bound.
        return "atomic";
    }
    match (
        access.contains(StorageAccess::LOAD),
        access.contains(StorageAccess::STORE),
    ) {
        (true, true) => "read_write",
        (false, true) => "write",
        _ => "read",
    }
}

fn view_dimension(dim: ImageDimension, arrayed: bool) -> &'static str {
    match (dim, arrayed) {
        (ImageDimension::D1, _) => "1d",
        (ImageDimension::D2, false) => "2d",
        (ImageDimension::D2, true) => "2d-array",
        (ImageDimension::Cube, false) => "cube",
        (ImageDimension::Cube, true) => "cube-array",
        (ImageDimension::D3, _) => "3d",
    }
}

fn layout(module: &Module, layouter: &Layouter, ty: Handle<Type>) -> Layout {
    let type_name = |t| source_type_name(module, t);
    let whole = layouter[ty];
    let (size, align) = (whole.size, whole.alignment.round_up(1));
    let array_at = |offset: u32, array: Handle<Type>| match module.types[array].inner {
        TypeInner::Array { base, size, stride } => Some(ArrayLayout {
            offset,
            stride,
            length: match size {
                ArraySize::Constant(n) => Some(n.get()),
                _ => None,
            },
            element: type_name(base),
        }),
        _ => None,
    };
    let (members, array) = match module.types[ty].inner {
        TypeInner::Struct { ref members, .. } => {
            let described = members
                .iter()
                .enumerate()
                .map(|(i, m)| Member {
                    name: m.name.clone().unwrap_or_else(|| format!("member{i}")),
                    offset: m.offset,
                    size: layouter[m.ty].size,
                    ty: type_name(m.ty),
                })
                .collect();
            let last = members.last().and_then(|m| array_at(m.offset, m.ty));
            (described, last)
        }
        _ => (Vec::new(), array_at(0, ty)),
    };
    let min_binding_size = u64::from(size).div_ceil(u64::from(align)) * u64::from(align);
    Layout {
        size,
        align,
        min_binding_size,
        members,
        array,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Direction {
    In,
    Out,
}

/// The user-defined inputs or outputs of an entry point, by location;
/// struct arguments and results are flattened as WGSL's interface is.
fn locations(module: &Module, ep: &naga::EntryPoint, direction: Direction) -> Vec<Location> {
    let mut found = Vec::new();
    let vertex_inputs = ep.stage == ShaderStage::Vertex && direction == Direction::In;
    let mut add = |name: String, ty: Handle<Type>, binding: &Option<IoBinding>| {
        if let Some(IoBinding::Location {
            location,
            blend_src,
            ..
        }) = *binding
        {
            found.push(Location {
                location,
                name,
                ty: source_type_name(module, ty),
                vertex_format: if vertex_inputs {
                    vertex_format(&module.types[ty].inner)
                } else {
                    None
                },
                blend_src,
            });
        }
    };
    let mut visit = |name: String, ty: Handle<Type>, binding: &Option<IoBinding>| match module.types
        [ty]
        .inner
    {
        TypeInner::Struct { ref members, .. } if binding.is_none() => {
            for (i, m) in members.iter().enumerate() {
                let member = m.name.clone().unwrap_or_else(|| format!("{name}.{i}"));
                add(member, m.ty, &m.binding);
            }
        }
        _ => add(name, ty, binding),
    };
    match direction {
        Direction::In => {
            for (i, arg) in ep.function.arguments.iter().enumerate() {
                let name = arg.name.clone().unwrap_or_else(|| format!("arg{i}"));
                visit(name, arg.ty, &arg.binding);
            }
        }
        Direction::Out => {
            if let Some(result) = &ep.function.result {
                visit("result".to_string(), result.ty, &result.binding);
            }
        }
    }
    found.sort_by_key(|l| (l.location, l.blend_src));
    found
}

/// WebGPU's vertex format for a vertex input of this type.
fn vertex_format(inner: &TypeInner) -> Option<&'static str> {
    use naga::{ScalarKind as K, VectorSize as V};
    let (scalar, size) = match *inner {
        TypeInner::Scalar(s) => (s, None),
        TypeInner::Vector { size, scalar } => (scalar, Some(size)),
        _ => return None,
    };
    Some(match (scalar.kind, scalar.width, size) {
        (K::Float, 4, None) => "float32",
        (K::Float, 4, Some(V::Bi)) => "float32x2",
        (K::Float, 4, Some(V::Tri)) => "float32x3",
        (K::Float, 4, Some(V::Quad)) => "float32x4",
        (K::Float, 2, Some(V::Bi)) => "float16x2",
        (K::Float, 2, Some(V::Quad)) => "float16x4",
        (K::Uint, 4, None) => "uint32",
        (K::Uint, 4, Some(V::Bi)) => "uint32x2",
        (K::Uint, 4, Some(V::Tri)) => "uint32x3",
        (K::Uint, 4, Some(V::Quad)) => "uint32x4",
        (K::Sint, 4, None) => "sint32",
        (K::Sint, 4, Some(V::Bi)) => "sint32x2",
        (K::Sint, 4, Some(V::Tri)) => "sint32x3",
        (K::Sint, 4, Some(V::Quad)) => "sint32x4",
        _ => return None,
    })
}

fn literal_number(expression: &naga::Expression) -> Option<f64> {
    use naga::Literal as L;
    let naga::Expression::Literal(literal) = *expression else {
        return None;
    };
    Some(match literal {
        L::F64(v) => v,
        L::F32(v) => f64::from(v),
        L::F16(v) => f64::from(f32::from(v)),
        L::U32(v) => f64::from(v),
        L::U16(v) => f64::from(v),
        L::I16(v) => f64::from(v),
        L::I32(v) => f64::from(v),
        L::U64(v) => v as f64,
        L::I64(v) => v as f64,
        L::Bool(v) => f64::from(u8::from(v)),
        L::AbstractInt(v) => v as f64,
        L::AbstractFloat(v) => v,
    })
}

/// A type as WGSL spells it, with the types of imported WGSL modules named
/// by their path (`game::pbr::view::View`).
fn source_type_name(module: &Module, ty: Handle<Type>) -> String {
    demangle(&module.to_ctx().type_to_string(ty))
}
