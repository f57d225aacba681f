//! Emitters: a validated module to text or SPIR-V words, with the options
//! each target needs and the fix-ups that make naga's output acceptable to
//! the other compilers that will read it.

pub(crate) mod hlsl_options;
mod image_atomics;
mod memory_barriers;
mod pointer_arguments;
mod ray_queries;
pub mod recheck;
mod spirv;
mod spirv_capabilities;
mod spirv_images;
mod spirv_layout;
mod spirv_unwritable;
mod wgsl;
mod wgsl_builtins;
mod wgsl_entry_names;
mod wgsl_filters;
mod wgsl_layout;
mod wgsl_module;
mod wgsl_rule_filters;
mod wgsl_static_uses;
mod wgsl_wgpu_only;
mod wgsl_workgroup_size;

use std::fmt;
use std::path::Path;

use naga::back::{glsl, hlsl, msl};
use naga::valid::ModuleInfo;
use naga::{Module, ShaderStage};

use crate::diagnostics::Diagnostic;

pub use spirv::{disassemble as disassemble_spirv, validate as validate_spirv, SpirvVersion};
pub(crate) use wgsl_rule_filters::check_uniformity_rules;

/// The formats shaderxform writes.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OutputFormat {
    /// WGSL text (`.wgsl`), for the compiler [`WgslTarget`] names.
    Wgsl,
    /// SPIR-V words in little-endian bytes (`.spv`).
    SpirvBinary,
    /// SPIR-V assembly text (`.spvasm`), as `spirv-dis` writes it.
    SpirvAssembly,
    /// GLSL text of one entry point (`.glsl`), version 450 unless told
    /// otherwise.
    Glsl,
    /// HLSL text (`.hlsl`), shader model 6.0 unless told otherwise or
    /// the module needs a later one.
    Hlsl,
    /// Metal Shading Language text (`.metal`), version 2.4 unless told
    /// otherwise.
    Msl,
}

impl OutputFormat {
    /// Every format, in the order `--help` lists them.
    pub const ALL: [OutputFormat; 6] = [
        OutputFormat::Wgsl,
        OutputFormat::SpirvBinary,
        OutputFormat::SpirvAssembly,
        OutputFormat::Glsl,
        OutputFormat::Hlsl,
        OutputFormat::Msl,
    ];

    /// The name used by `--emit` and the file extension it implies.
    pub fn extension(self) -> &'static str {
        match self {
            OutputFormat::Wgsl => "wgsl",
            OutputFormat::SpirvBinary => "spv",
            OutputFormat::SpirvAssembly => "spvasm",
            OutputFormat::Glsl => "glsl",
            OutputFormat::Hlsl => "hlsl",
            OutputFormat::Msl => "metal",
        }
    }

    /// The format's name in messages: "WGSL", "SPIR-V binary"...
    pub fn describe(self) -> &'static str {
        match self {
            OutputFormat::Wgsl => "WGSL",
            OutputFormat::SpirvBinary => "SPIR-V binary",
            OutputFormat::SpirvAssembly => "SPIR-V assembly",
            OutputFormat::Glsl => "GLSL",
            OutputFormat::Hlsl => "HLSL",
            OutputFormat::Msl => "Metal",
        }
    }

    /// The format `--emit` or a file extension names: an
    /// [`extension`](Self::extension), or `spirv`, `msl`, and the GLSL
    /// stage extensions `comp`, `vert`, `frag`; `None` for any other.
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "wgsl" => OutputFormat::Wgsl,
            "spv" | "spirv" => OutputFormat::SpirvBinary,
            "spvasm" => OutputFormat::SpirvAssembly,
            "glsl" | "comp" | "vert" | "frag" => OutputFormat::Glsl,
            "hlsl" => OutputFormat::Hlsl,
            "metal" | "msl" => OutputFormat::Msl,
            _ => return None,
        })
    }

    /// The format a file's extension names ([`OutputFormat::from_name`]);
    /// `None` without an extension or for an unknown one.
    pub fn from_path(path: &Path) -> Option<Self> {
        Self::from_name(path.extension()?.to_str()?)
    }

    /// Whether the output is bytes rather than UTF-8 text (binary SPIR-V
    /// only).
    pub fn is_binary(self) -> bool {
        self == OutputFormat::SpirvBinary
    }

    /// SPIR-V, binary or text.
    pub fn is_spirv(self) -> bool {
        matches!(
            self,
            OutputFormat::SpirvBinary | OutputFormat::SpirvAssembly
        )
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.extension())
    }
}

/// Which compiler will read the WGSL written. WGSL's readers differ in the
/// directives they take: Tint (browsers, Dawn) requires `enable subgroups;`
/// before subgroup operations, while naga 30 (wgpu) refuses the directive
/// and reads subgroup operations without it.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WgslTarget {
    /// Tint: every `enable` the module needs.
    #[default]
    Tint,
    /// wgpu (naga 30): no `enable subgroups;`.
    Wgpu,
}

impl WgslTarget {
    /// The names `--wgsl-for` takes, one per target, in declaration order.
    pub const NAMES: [&'static str; 2] = ["tint", "wgpu"];

    /// The target `--wgsl-for` names: one of [`WgslTarget::NAMES`], or
    /// `naga` for wgpu; `None` for any other.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "tint" => Some(WgslTarget::Tint),
            "wgpu" | "naga" => Some(WgslTarget::Wgpu),
            _ => None,
        }
    }

    /// The name `--wgsl-for` and reports use.
    pub fn name(self) -> &'static str {
        match self {
            WgslTarget::Tint => "tint",
            WgslTarget::Wgpu => "wgpu",
        }
    }
}

/// What the back ends need to know about the target.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EmitOptions {
    /// The compiler that will read WGSL output [default: Tint].
    pub wgsl_for: WgslTarget,
    /// The one entry point to write; all of them when `None` (GLSL, which
    /// holds one entry point per file, needs it when there are several).
    pub entry_point: Option<String>,
    /// SPIR-V version; the lowest the module needs when `None`.
    pub spirv_version: Option<SpirvVersion>,
    /// GLSL version; `450` (desktop core) when `None`.
    pub glsl_version: Option<glsl::Version>,
    /// HLSL shader model; the lowest the module needs, at least 6.0, when `None`.
    pub hlsl_shader_model: Option<hlsl::ShaderModel>,
    /// Metal Shading Language version; 2.4 when `None`.
    pub msl_version: Option<(u8, u8)>,
    /// Values of pipeline-overridable constants, by name or `@id`. WGSL
    /// output keeps overrides as they are; the other targets have none, so
    /// they are replaced by these values or by their defaults.
    pub overrides: std::collections::BTreeMap<String, f64>,
}

/// An emitted shader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// The format written.
    pub format: OutputFormat,
    /// The file's contents: UTF-8 text, or SPIR-V words in little-endian
    /// bytes for [`OutputFormat::SpirvBinary`].
    pub bytes: Vec<u8>,
}

impl Output {
    /// The output as text; `None` for binary SPIR-V.
    pub fn text(&self) -> Option<&str> {
        if self.format.is_binary() {
            None
        } else {
            std::str::from_utf8(&self.bytes).ok()
        }
    }
}

/// Why emission failed.
#[non_exhaustive]
#[derive(Debug)]
pub enum EmitError {
    /// The options cannot work for this module (an entry point that does
    /// not exist, a SPIR-V version too old for what the module uses).
    Options(Diagnostic),
    /// The target format cannot express something the module uses.
    Unsupported(Diagnostic),
    /// The back end failed on the module, or wrote something invalid.
    Backend(Diagnostic),
}

/// Writes the module in one format. The output is read back and checked
/// against the module ([`recheck`]) before it is returned.
pub fn emit(
    module: &Module,
    info: &ModuleInfo,
    format: OutputFormat,
    options: &EmitOptions,
) -> Result<Output, EmitError> {
    let entry_point = selected_entry_point(module, options.entry_point.as_deref())?;
    if format == OutputFormat::Wgsl {
        return Ok(Output {
            format,
            bytes: write_wgsl(module, info, options.wgsl_for)?.into_bytes(),
        });
    }
    let target = refuse_what_the_target_cannot_hold(module, info, format)?;
    let (module, info) = resolve_overrides(module, info, entry_point, &options.overrides, target)?;
    let (module, info) = (module.as_ref(), info.as_ref());
    let entry_point =
        entry_point.and_then(|ep| module.entry_points.iter().find(|e| e.name == ep.name));
    let spirv = |module: &Module, info: &ModuleInfo| {
        let words = spirv::write(module, info, options.spirv_version, entry_point)?;
        recheck::spirv(module, info, entry_point, &words)?;
        Ok::<_, EmitError>(words)
    };
    let bytes = match format {
        OutputFormat::Wgsl => unreachable!("WGSL was written above"),
        OutputFormat::SpirvBinary => spirv(module, info)?
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect(),
        OutputFormat::SpirvAssembly => spirv::disassemble(&spirv(module, info)?)
            .map_err(EmitError::Backend)?
            .into_bytes(),
        OutputFormat::Glsl => write_glsl(module, info, options, entry_point)?.into_bytes(),
        OutputFormat::Hlsl => write_hlsl(module, info, options, entry_point)?.into_bytes(),
        OutputFormat::Msl => write_msl(module, info, options, entry_point)?.into_bytes(),
    };
    Ok(Output { format, bytes })
}

/// WGSL for its reader: what only wgpu reads refused for Tint, memory
/// barriers made into what WGSL can say, and the text read back and
/// checked.
fn write_wgsl(module: &Module, info: &ModuleInfo, reader: WgslTarget) -> Result<String, EmitError> {
    ray_queries::refuse_for(module, "WGSL")?;
    wgsl_wgpu_only::refuse_for_tint(module, info, reader)?;
    image_atomics::refuse_for_tint(module, reader)?;
    wgsl_entry_names::refuse_names_wgsl_cannot_declare(module)?;
    wgsl_builtins::refuse_builtins_wgsl_lacks(module)?;
    let text = match memory_barriers::prepare(module, memory_barriers::Target::Wgsl)? {
        Some(prepared) => {
            let info = validate_prepared(OutputFormat::Wgsl, &prepared)?;
            wgsl::write(&prepared, &info, reader)?
        }
        None => wgsl::write(module, info, reader)?,
    };
    let text = wgsl_workgroup_size::write_override_sizes(module, &text)?;
    wgsl_wgpu_only::refuse_wgpu_extensions(&text, reader)?;
    recheck::wgsl(module, &text)?;
    Ok(text)
}

/// The module with its memory barriers made into what the target can say,
/// validated again.
fn validate_prepared(format: OutputFormat, prepared: &Module) -> Result<ModuleInfo, EmitError> {
    shaderxform_passes::manager::validate(prepared).map_err(|e| {
        backend_error(
            format,
            format!(
                "the module with the target's barriers does not validate: {}",
                e.as_inner()
            ),
        )
    })
}

/// Constructs that the target cannot hold, refused with their spans before
/// naga's writer would panic on them or write something meaningless.
///
/// - `texture_external`: naga's SPIR-V and GLSL writers have no external
///   textures (they stop at `unimplemented!`); its HLSL and Metal writers
///   need a binding map for the three planes and the parameters that
///   stand for one, which shaderxform is not given (without it they put
///   all four on one binding).
/// - arrays of textures or samplers in GLSL, and runtime-sized ones in
///   HLSL (naga's writers stop at `unreachable!`).
/// - `bgra8unorm` storage textures in GLSL, which has no format for them,
///   and 64-bit integers, which naga's GLSL writer cannot write.
/// - 64-bit floats in Metal, which has none (naga's writer stops at
///   `unreachable!`).
/// - what naga's SPIR-V writer writes as SPIR-V that Vulkan refuses
///   ([`spirv_unwritable`]).
///
/// Returns the target's name for messages.
fn refuse_what_the_target_cannot_hold(
    module: &Module,
    info: &ModuleInfo,
    format: OutputFormat,
) -> Result<&'static str, EmitError> {
    let target = match format {
        OutputFormat::Wgsl => return Ok("WGSL"),
        OutputFormat::SpirvBinary | OutputFormat::SpirvAssembly => "SPIR-V",
        OutputFormat::Glsl => "GLSL",
        OutputFormat::Hlsl => "HLSL",
        OutputFormat::Msl => "Metal",
    };
    if format == OutputFormat::Msl {
        image_atomics::refuse_arrayed_for_metal(module)?;
    }
    if format == OutputFormat::Glsl {
        ray_queries::refuse_for(module, "GLSL")?;
    }
    if target == "SPIR-V" {
        spirv_unwritable::refuse(module)?;
    }
    let external = module.global_variables.iter().find(|(_, g)| {
        matches!(
            module.types[g.ty].inner,
            naga::TypeInner::Image {
                class: naga::ImageClass::External,
                ..
            }
        )
    });
    if let Some((handle, global)) = external {
        let name = global.name.as_deref().unwrap_or("an unnamed texture");
        return Err(EmitError::Unsupported(
            Diagnostic::error(format!(
                "{target} output cannot hold `texture_external` (`{name}`)"
            ))
            .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
            .with_primary(
                module.global_variables.get_span(handle),
                format!("an external texture: {target} has none"),
            )
            .with_note(
                "external textures (video frames) exist only in WebGPU; write WGSL, or declare a `texture_2d<f32>` and a sampler for other targets",
            ),
        ));
    }
    // naga's GLSL writer has no arrays of textures or samplers, and its
    // HLSL writer needs a size for each (both stop at `unreachable!`).
    let binding_array =
        module
            .global_variables
            .iter()
            .find(|(_, g)| match module.types[g.ty].inner {
                naga::TypeInner::BindingArray { size, .. } => {
                    format == OutputFormat::Glsl
                        || (format == OutputFormat::Hlsl && size == naga::ArraySize::Dynamic)
                }
                _ => false,
            });
    if let Some((handle, global)) = binding_array {
        let name = global.name.as_deref().unwrap_or("an unnamed array");
        let (what, note) = match format {
            OutputFormat::Glsl => (
                "an array of resources",
                "write SPIR-V for Vulkan GLSL's arrays of textures and samplers, or WGSL for wgpu",
            ),
            _ => (
                "a runtime-sized array of resources",
                "give the array a size in the source, or write SPIR-V or WGSL for wgpu",
            ),
        };
        return Err(EmitError::Unsupported(
            Diagnostic::error(format!("{target} output cannot hold {what} (`{name}`)"))
                .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
                .with_primary(
                    module.global_variables.get_span(handle),
                    format!("{what}: naga's {target} writer has none"),
                )
                .with_note(note),
        ));
    }
    // naga's GLSL writer has no layout qualifier for `bgra8unorm` (GLSL
    // has none either).
    let bgra8 = module.global_variables.iter().find(|(_, g)| {
        matches!(
            module.types[g.ty].inner,
            naga::TypeInner::Image {
                class: naga::ImageClass::Storage {
                    format: naga::StorageFormat::Bgra8Unorm,
                    ..
                },
                ..
            }
        )
    });
    if let (OutputFormat::Glsl, Some((handle, global))) = (format, bgra8) {
        let name = global.name.as_deref().unwrap_or("an unnamed texture");
        return Err(EmitError::Unsupported(
            Diagnostic::error(format!(
                "GLSL output cannot hold the `bgra8unorm` storage texture `{name}`"
            ))
            .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
            .with_primary(
                module.global_variables.get_span(handle),
                "GLSL has no image format for `bgra8unorm`",
            )
            .with_note("write SPIR-V, HLSL or Metal, or use `rgba8unorm` and swap the channels in the shader"),
        ));
    }
    if format == OutputFormat::Glsl {
        let is_int64 = |inner: &naga::TypeInner| {
            shaderxform_passes::ir::scalar_of(inner)
                .is_some_and(|s| s.width == 8 && s.kind != naga::ScalarKind::Float)
        };
        if let Some(span) = shaderxform_passes::ir::first_place_using(module, info, is_int64) {
            return Err(EmitError::Unsupported(
                Diagnostic::error("GLSL output cannot hold 64-bit integers")
                    .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
                    .with_primary(span, "a 64-bit integer: naga's GLSL writer has none")
                    .with_note("write SPIR-V, HLSL or Metal, or WGSL for wgpu"),
            ));
        }
        // naga's GLSL writer refuses every `textureLoad` of a depth texture.
        if let Some(span) = first_depth_texture_load(module, info) {
            return Err(EmitError::Unsupported(
                Diagnostic::error("GLSL output cannot hold a `textureLoad` of a depth texture")
                    .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
                    .with_primary(span, "a depth texture read with `textureLoad`: naga's GLSL writer has no such read")
                    .with_note("write SPIR-V, HLSL or Metal, or WGSL for wgpu; a non-multisampled depth texture can be read with `textureSampleLevel` and a non-filtering sampler instead"),
            ));
        }
    }
    if format == OutputFormat::Msl {
        if let Some(span) = shaderxform_passes::ir::first_place_using(module, info, is_f64) {
            return Err(EmitError::Unsupported(
                Diagnostic::error("Metal output cannot hold 64-bit floats")
                    .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
                    .with_primary(span, "a 64-bit float: Metal has no `double`")
                    .with_note("write SPIR-V, GLSL or HLSL, or use `f32` where Metal is a target"),
            ));
        }
    }
    Ok(target)
}

fn is_f64(inner: &naga::TypeInner) -> bool {
    let f64 = naga::Scalar::F64;
    match *inner {
        naga::TypeInner::Scalar(s)
        | naga::TypeInner::Vector { scalar: s, .. }
        | naga::TypeInner::Matrix { scalar: s, .. } => s == f64,
        _ => false,
    }
}

/// Replaces overrides by their values, for targets that have none.
fn resolve_overrides<'m>(
    module: &'m Module,
    info: &'m ModuleInfo,
    entry_point: Option<&naga::EntryPoint>,
    values: &std::collections::BTreeMap<String, f64>,
    target: &str,
) -> Result<
    (
        std::borrow::Cow<'m, Module>,
        std::borrow::Cow<'m, ModuleInfo>,
    ),
    EmitError,
> {
    if module.overrides.is_empty() {
        return Ok((
            std::borrow::Cow::Borrowed(module),
            std::borrow::Cow::Borrowed(info),
        ));
    }
    let without_value: Vec<(naga::Handle<naga::Override>, &naga::Override)> = module
        .overrides
        .iter()
        .filter(|(_, o)| o.init.is_none())
        .filter(|(_, o)| {
            let by_name = o.name.as_ref().is_some_and(|n| values.contains_key(n));
            let by_id = o.id.is_some_and(|id| values.contains_key(&id.to_string()));
            !by_name && !by_id
        })
        .collect();
    if !without_value.is_empty() {
        let names: Vec<String> = without_value
            .iter()
            .map(|(_, o)| match (&o.name, o.id) {
                (Some(name), _) => format!("`{name}`"),
                (None, Some(id)) => format!("`@id({id})`"),
                (None, None) => "an unnamed override".to_string(),
            })
            .collect();
        let mut d = Diagnostic::error(format!(
            "{target} output has no overrides, and {} {} no value: give {} with --override",
            names.join(", "),
            if names.len() == 1 { "has" } else { "have" },
            if names.len() == 1 { "it" } else { "each" },
        ))
        .with_code(shaderxform_passes::codes::OPTIONS_OVERRIDE);
        for (i, (handle, _)) in without_value.iter().enumerate() {
            let span = module.overrides.get_span(*handle);
            d = if i == 0 {
                d.with_primary(span, "declared without a default value")
            } else {
                d.with_secondary(span, "declared without a default value")
            };
        }
        return Err(EmitError::Options(d.with_note(
            "WGSL output keeps overrides; for other targets, set each with --override NAME=VALUE (or ID=VALUE for an @id)",
        )));
    }
    let constants: naga::back::PipelineConstants =
        values.iter().map(|(k, v)| (k.clone(), *v)).collect();
    naga::back::pipeline_constants::process_overrides(
        module,
        info,
        entry_point.map(|ep| (ep.stage, ep.name.as_str())),
        &constants,
    )
    .map_err(|e| {
        let names: Vec<String> = module
            .overrides
            .iter()
            .filter_map(|(_, o)| o.name.clone())
            .collect();
        EmitError::Options(
            Diagnostic::error(format!(
                "cannot give the pipeline-overridable constants their values: {e}"
            ))
            .with_code(shaderxform_passes::codes::OPTIONS_OVERRIDE)
            .with_note(format!(
                "this target has no overrides; set them with --override NAME=VALUE (overrides: {})",
                names.join(", ")
            )),
        )
    })
}

/// Where a function first reads a depth texture with `textureLoad`.
fn first_depth_texture_load(module: &Module, info: &naga::valid::ModuleInfo) -> Option<naga::Span> {
    let functions = module
        .functions
        .iter()
        .map(|(handle, f)| (f, &info[handle]))
        .chain(
            module
                .entry_points
                .iter()
                .enumerate()
                .map(|(i, ep)| (&ep.function, info.get_entry_point(i))),
        );
    for (function, function_info) in functions {
        for (handle, expression) in function.expressions.iter() {
            let naga::Expression::ImageLoad { image, .. } = *expression else {
                continue;
            };
            if matches!(
                function_info[image].ty.inner_with(&module.types),
                naga::TypeInner::Image {
                    class: naga::ImageClass::Depth { .. },
                    ..
                }
            ) {
                return Some(function.expressions.get_span(handle));
            }
        }
    }
    None
}

/// The code of a failure of naga's writer for `format`.
fn backend_code(format: OutputFormat) -> &'static str {
    use shaderxform_passes::codes;
    match format {
        OutputFormat::Wgsl => codes::EMIT_WGSL,
        OutputFormat::SpirvBinary => codes::EMIT_SPV,
        OutputFormat::SpirvAssembly => codes::EMIT_SPVASM,
        OutputFormat::Glsl => codes::EMIT_GLSL,
        OutputFormat::Hlsl => codes::EMIT_HLSL,
        OutputFormat::Msl => codes::EMIT_METAL,
    }
}

fn backend_error(format: OutputFormat, error: impl fmt::Display) -> EmitError {
    EmitError::Backend(
        Diagnostic::error(format!(
            "the {format} back end cannot write this module: {error}"
        ))
        .with_code(backend_code(format)),
    )
}

/// The entry point `--entry-point` names, checked against the module.
fn selected_entry_point<'m>(
    module: &'m Module,
    name: Option<&str>,
) -> Result<Option<&'m naga::EntryPoint>, EmitError> {
    let Some(name) = name else { return Ok(None) };
    module
        .entry_points
        .iter()
        .find(|ep| ep.name == name)
        .map(Some)
        .ok_or_else(|| {
            EmitError::Options(
                Diagnostic::error(format!("there is no entry point named `{name}`"))
                    .with_code(shaderxform_passes::codes::OPTIONS_ENTRY_POINT)
                    .with_note(entry_point_list(module)),
            )
        })
}

fn entry_point_list(module: &Module) -> String {
    if module.entry_points.is_empty() {
        return "the module has no entry points".to_string();
    }
    let names: Vec<String> = module
        .entry_points
        .iter()
        .map(|ep| format!("`{}` ({})", ep.name, stage_name(ep.stage)))
        .collect();
    format!("entry points: {}", names.join(", "))
}

/// A stage in words, for messages and reflection.
pub(crate) fn stage_name(stage: ShaderStage) -> &'static str {
    match stage {
        ShaderStage::Vertex => "vertex",
        ShaderStage::Fragment => "fragment",
        ShaderStage::Compute => "compute",
        _ => "other",
    }
}

/// GLSL holds one entry point: the chosen one, or the only one.
fn write_glsl(
    module: &Module,
    info: &ModuleInfo,
    options: &EmitOptions,
    entry_point: Option<&naga::EntryPoint>,
) -> Result<String, EmitError> {
    if let Some(span) = shaderxform_passes::analysis::features::f16_use(module, info) {
        return Err(EmitError::Unsupported(
            Diagnostic::error("GLSL output cannot hold this shader: it uses f16, and naga's GLSL writer has no 16-bit float types")
                .with_code(shaderxform_passes::codes::EMIT_GLSL_F16)
                .with_primary(span, "a 16-bit float")
                .with_note("SPIR-V, HLSL (shader model 6.2) and Metal outputs support f16"),
        ));
    }
    let ep = match (entry_point, module.entry_points.as_slice()) {
        (Some(ep), _) => ep,
        (None, [only]) => only,
        (None, _) => {
            return Err(EmitError::Options(
                Diagnostic::error("GLSL holds a single entry point; choose one with --entry-point")
                    .with_code(shaderxform_passes::codes::OPTIONS_ENTRY_POINT)
                    .with_note(entry_point_list(module)),
            ))
        }
    };
    let glsl_options = glsl::Options {
        version: options.glsl_version.unwrap_or(glsl::Version::Desktop(450)),
        writer_flags: glsl::WriterFlags::ADJUST_COORDINATE_SPACE,
        ..Default::default()
    };
    let pipeline = glsl::PipelineOptions {
        shader_stage: ep.stage,
        entry_point: ep.name.clone(),
        multiview: None,
    };
    let mut out = String::new();
    let mut writer = glsl::Writer::new(
        &mut out,
        module,
        info,
        &glsl_options,
        &pipeline,
        naga::proc::BoundsCheckPolicies::default(),
    )
    .map_err(|e| backend_error(OutputFormat::Glsl, e))?;
    writer
        .write()
        .map_err(|e| backend_error(OutputFormat::Glsl, e))?;
    Ok(out)
}

fn write_hlsl(
    module: &Module,
    info: &ModuleInfo,
    options: &EmitOptions,
    entry_point: Option<&naga::EntryPoint>,
) -> Result<String, EmitError> {
    let shader_model = options
        .hlsl_shader_model
        .unwrap_or_else(|| lowest_shader_model(module, info));
    ray_queries::refuse_for_shader_model(module, shader_model)?;
    let hlsl_options = hlsl_options::writer_options(module, shader_model);
    let pipeline = hlsl::PipelineOptions {
        entry_point: entry_point.map(|ep| (ep.stage, ep.name.clone())),
    };
    let mut out = String::new();
    hlsl::Writer::new(&mut out, &hlsl_options, &pipeline)
        .write(module, info, None)
        .map_err(|e| backend_error(OutputFormat::Hlsl, e))?;
    Ok(out)
}

/// Wave intrinsics need shader model 6.0, 16-bit types 6.2 and ray
/// queries 6.5.
fn lowest_shader_model(module: &Module, info: &ModuleInfo) -> hlsl::ShaderModel {
    if ray_queries::holds_ray_queries(module) {
        hlsl::ShaderModel::V6_5
    } else if shaderxform_passes::analysis::features::uses_f16(module, info) {
        hlsl::ShaderModel::V6_2
    } else {
        hlsl::ShaderModel::V6_0
    }
}

fn write_msl(
    module: &Module,
    info: &ModuleInfo,
    options: &EmitOptions,
    entry_point: Option<&naga::EntryPoint>,
) -> Result<String, EmitError> {
    let msl_options = msl::Options {
        lang_version: options.msl_version.unwrap_or((2, 4)),
        fake_missing_bindings: true,
        ..Default::default()
    };
    let pipeline = msl::PipelineOptions {
        entry_point: entry_point.map(|ep| (ep.stage, ep.name.clone())),
        ..Default::default()
    };
    // Memory barriers as naga's Metal writer can say them (it writes
    // every barrier as a `threadgroup_barrier`).
    let prepared = memory_barriers::prepare(module, memory_barriers::Target::Metal)?;
    let (module, info) = match &prepared {
        Some(prepared) => (prepared, &validate_prepared(OutputFormat::Msl, prepared)?),
        None => (module, info),
    };
    let (out, _) = msl::write_string(module, info, &msl_options, &pipeline)
        .map_err(|e| backend_error(OutputFormat::Msl, e))?;
    Ok(out)
}

/// Parses `450`, `450core`, `310es`, `es310`.
pub fn parse_glsl_version(text: &str) -> Option<glsl::Version> {
    let t = text.trim().to_ascii_lowercase();
    let (digits, es) = if let Some(v) = t.strip_suffix("es").or_else(|| t.strip_prefix("es")) {
        (v.trim().to_string(), true)
    } else {
        (t.trim_end_matches("core").trim().to_string(), false)
    };
    let version: u16 = digits.parse().ok()?;
    let v = if es {
        glsl::Version::new_gles(version)
    } else {
        glsl::Version::Desktop(version)
    };
    v.is_supported().then_some(v)
}

/// Parses `6.0`, `6_0`, `60`.
pub fn parse_shader_model(text: &str) -> Option<hlsl::ShaderModel> {
    use hlsl::ShaderModel as M;
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    Some(match digits.as_str() {
        "50" => M::V5_0,
        "51" => M::V5_1,
        "60" => M::V6_0,
        "61" => M::V6_1,
        "62" => M::V6_2,
        "63" => M::V6_3,
        "64" => M::V6_4,
        "65" => M::V6_5,
        "66" => M::V6_6,
        "67" => M::V6_7,
        "68" => M::V6_8,
        "69" => M::V6_9,
        _ => return None,
    })
}

/// Parses `2.4` or `2_4`.
pub fn parse_major_minor(text: &str) -> Option<(u8, u8)> {
    let (a, b) = text.split_once(['.', '_'])?;
    Some((a.parse().ok()?, b.parse().ok()?))
}
