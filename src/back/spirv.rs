use std::fmt;

mod barriers;

use super::{backend_error, EmitError, OutputFormat};
use crate::diagnostics::Diagnostic;
use crate::spirv_tools::{self, TargetEnv, ToolError, ValidateOptions};
use naga::back::spv;
use naga::valid::ModuleInfo;
use naga::Module;

/// A SPIR-V version, `major.minor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SpirvVersion(pub u8, pub u8);

impl SpirvVersion {
    /// Parses `1.N` (`--spirv-version`); `None` for anything else or for
    /// a minor version above 6.
    pub fn parse(text: &str) -> Option<Self> {
        let (major, minor) = super::parse_major_minor(text)?;
        (major == 1 && minor <= 6).then_some(SpirvVersion(major, minor))
    }

    /// The Vulkan environment spirv-val checks against: Vulkan 1.1 unless
    /// the version needs a newer one.
    fn vulkan_env(self) -> TargetEnv {
        match self.1 {
            0..=3 => TargetEnv::Vulkan1_1,
            4 => TargetEnv::Vulkan1_1Spirv1_4,
            5 => TargetEnv::Vulkan1_2,
            _ => TargetEnv::Vulkan1_3,
        }
    }
}

impl SpirvVersion {
    fn universal_env(self) -> TargetEnv {
        TargetEnv::Universal { minor: self.1 }
    }
}

impl fmt::Display for SpirvVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0, self.1)
    }
}

/// The lowest version that can hold the module: group operations arrived
/// in SPIR-V 1.3.
fn lowest_version(module: &Module) -> SpirvVersion {
    if shaderxform_passes::analysis::features::uses_subgroups(module) {
        SpirvVersion(1, 3)
    } else {
        SpirvVersion(1, 0)
    }
}

/// A rewrite of naga's SPIR-V: the new words, or `None` when the module
/// needs none.
type Fixup = fn(&[u32]) -> Result<Option<Vec<u32>>, String>;

/// Writes SPIR-V and validates it with SPIRV-Tools before anyone sees it.
pub fn write(
    module: &Module,
    info: &ModuleInfo,
    pinned: Option<SpirvVersion>,
    entry_point: Option<&naga::EntryPoint>,
) -> Result<Vec<u32>, EmitError> {
    let needed = lowest_version(module);
    let version = match pinned {
        Some(v) if v < needed => {
            return Err(EmitError::Options(
                Diagnostic::error(format!(
                    "this module needs SPIR-V {needed} or later, but --spirv-version {v} was given"
                ))
                .with_code(shaderxform_passes::codes::OPTIONS_SPIRV_VERSION)
                .with_note("subgroup operations need SPIR-V 1.3"),
            ))
        }
        Some(v) => v,
        None => needed,
    };
    let options = spv::Options {
        lang_version: (version.0, version.1),
        // No DEBUG flag: the output must not depend on the build profile.
        flags: spv::WriterFlags::ADJUST_COORDINATE_SPACE
            | spv::WriterFlags::LABEL_VARYINGS
            | spv::WriterFlags::CLAMP_FRAG_DEPTH,
        // Ray queries as Vulkan defines them: naga's tracking of a query's
        // state reads the committed intersection only once traversal has
        // finished (as Metal has it), where Vulkan reads it any time.
        ray_query_initialization_tracking: false,
        ..Default::default()
    };
    let pipeline = entry_point.map(|ep| spv::PipelineOptions {
        shader_stage: ep.stage,
        entry_point: ep.name.clone(),
    });
    let copied = super::pointer_arguments::copied_through_temporaries(module)?;
    let (module, info) = match &copied {
        Some((m, i)) => (m, i),
        None => (module, info),
    };
    let mut words = spv::write_vec(module, info, &options, pipeline.as_ref())
        .map_err(|e| backend_error(OutputFormat::SpirvBinary, e))?;
    let generator = words.get(2).copied();
    let fixups: [Fixup; 7] = [
        super::spirv_layout::strip_workgroup_layout,
        barriers::vulkan_subgroup_barriers,
        super::spirv_images::query_storage_image_size_without_lod,
        super::spirv_images::declare_formatless_storage_access,
        super::spirv_capabilities::drop_unused_16bit_capabilities,
        super::spirv_capabilities::add_16bit_storage_extension,
        super::spirv_capabilities::declare_runtime_descriptor_arrays,
    ];
    for fixup in fixups {
        if let Some(fixed) =
            fixup(&words).map_err(|e| backend_error(OutputFormat::SpirvBinary, e))?
        {
            words = fixed;
        }
    }
    // The rewrites reassemble the module with rspirv, which would sign it;
    // the code is still naga's.
    if let (Some(generator), Some(word)) = (generator, words.get_mut(2)) {
        *word = generator;
    }
    let env = if module.entry_points.is_empty() {
        // Without an entry point naga writes a library (`Linkage`), which
        // Vulkan has no place for: it is checked as plain SPIR-V.
        version.universal_env()
    } else {
        version.vulkan_env()
    };
    validate_in(&words, env).map_err(EmitError::Backend)?;
    Ok(words)
}

/// SPIRV-Tools' validator, for Vulkan (see [`crate::spirv_tools`] for
/// which one).
pub fn validate(words: &[u32], version: SpirvVersion) -> Result<(), Diagnostic> {
    validate_in(words, version.vulkan_env())
}

fn validate_in(words: &[u32], env: TargetEnv) -> Result<(), Diagnostic> {
    let strict = spirv_tools::validate(words, env, ValidateOptions::default());
    // WGSL lays out uniform buffers like std430 except for arrays and
    // structs; naga writes the matrices whose columns std140 cannot space
    // (two-row and `f16` ones, `vendor/patches/0008`) as their columns,
    // so no shader of the corpus needs more than std140. A layout from
    // another front end that does is valid where Vulkan's
    // `uniformBufferStandardLayout` is enabled (core in Vulkan 1.2), and
    // only that rule is relaxed here.
    let uniform_layout_only =
        |e: &ToolError| e.message.contains("in Uniform storage class must follow");
    let result = match strict {
        Err(e) if uniform_layout_only(&e) => {
            let options = ValidateOptions {
                uniform_buffer_standard_layout: true,
            };
            spirv_tools::validate(words, env, options)
        }
        other => other,
    };
    result.map_err(|e| {
        e.diagnostic("spirv-val rejects the SPIR-V written for this module")
            .with_code(shaderxform_passes::codes::EMIT_SPIRV_VAL)
    })
}

/// SPIR-V words as assembly text, as `spirv-dis` writes it; an error where
/// SPIRV-Tools is unavailable or the words are not SPIR-V.
pub fn disassemble(words: &[u32]) -> Result<String, Diagnostic> {
    spirv_tools::disassemble(words).map_err(|e| e.diagnostic("cannot disassemble the SPIR-V"))
}
