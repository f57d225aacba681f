//! Front ends: each turns a [`Source`] into a naga module, or into
//! diagnostics that point into the source.

mod angle_includes;
mod compute_interface;
mod glsl;
mod glsl_positions;
pub mod glslang;
mod glslang_repairs;
mod hlsl_entry_point;
mod hlsl_push_constants;
mod in_source_options;
mod legalize_report;
mod sizes;
mod span_map;
mod spirv;
mod spirv_asm_positions;
mod spirv_float_atomics;
mod spirv_image_atomics;
pub(crate) mod spirv_legalize;
mod spirv_positions;
mod spirv_ray_queries;
mod stand_ins;
pub mod storage_format;
mod wgsl;
pub mod wgsl_modules;
mod wgsl_positions;
pub(crate) mod wgsl_rules;

use naga::Module;
use shaderxform_passes::analysis::uniformity::Rule;
use shaderxform_passes::{Change, PassReport};

use crate::diagnostics::Diagnostic;
use crate::source::{InputFormat, Source};
use legalize_report::legalize_report;

pub use glslang::{
    parse_register_shift, FrontOptions, GlslFront, HlslRegister, DEFAULT_HLSL_REGISTER_SHIFTS,
};
pub use storage_format::parse_storage_format;

pub use span_map::SpanMap;
pub use spirv::assemble as assemble_spirv;
pub use spirv_asm_positions::SourceLines;
pub(crate) use wgsl::parse as parse_wgsl;
pub use wgsl::strip_unsupported_enables;
pub(crate) use wgsl_positions::{function_declaration, function_parameter};

/// What the front end read besides the module: facts the module cannot
/// carry but the emitters need.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    /// The shader as naga IR, not yet validated. Its spans index the text
    /// that `spans` says: the source itself, the SPIR-V glslang wrote, or
    /// the composed WGSL of a shader with module imports.
    pub module: Module,
    /// What the front end rewrote on the way (SPIR-V legalisation), for
    /// the report; `None` when it rewrote nothing.
    pub rewrites: Option<PassReport>,
    /// Where the module's spans are in the source, which the driver
    /// applies to every diagnostic and change made from the module.
    pub spans: SpanMap,
    /// Files read besides the source (`#include`d), for build systems.
    pub dependencies: Vec<std::path::PathBuf>,
    /// Notes for a binding conflict that naga's validator finds in the
    /// module: which specialization constants SPIR-V legalisation tried
    /// in order to leave one resource on the binding.
    pub binding_conflict_notes: Vec<String>,
}

/// The name under which front-end rewrites are reported.
pub const LEGALIZE_REPORT: &str = "spirv-legalize";

/// Refuses, before any pass runs, what no target can take from a module
/// read from `source`: a compute interface no target can write
/// ([`compute_interface`]), workgroup memory outside compute, and for a
/// WGSL input the rules of WGSL naga's reader does not check
/// ([`wgsl_rules`]). The diagnostic's spans are the module's.
pub fn refuse_before_passes(module: &Module, source: &Source) -> Result<(), Diagnostic> {
    let wgsl_text = match source.format {
        InputFormat::Wgsl => source.text(),
        _ => None,
    };
    compute_interface::refuse_compute_interface(module, wgsl_text)?;
    compute_interface::refuse_workgroup_memory_outside_compute(module)?;
    if wgsl_text.is_some() {
        wgsl_rules::refuse_what_wgsl_forbids(module)?;
    }
    Ok(())
}

/// A diagnostic about the array `NAME` (named first in its message, in
/// backticks) that has no place, given the declaration of `NAME` as an
/// array in a GLSL or HLSL text: a local variable glslang compiled keeps
/// no line of its own.
pub fn place_array_by_name(diagnostic: Diagnostic, source: &Source) -> Diagnostic {
    if diagnostic.primary_span().is_some()
        || !matches!(source.format, InputFormat::Glsl(_) | InputFormat::Hlsl(_))
    {
        return diagnostic;
    }
    let name = diagnostic
        .message
        .split('`')
        .nth(1)
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    let span = name
        .zip(source.text())
        .and_then(|(n, text)| sizes::array_declaration(text, n));
    match span {
        Some(span) => diagnostic.with_primary(span, "declared here"),
        None => diagnostic,
    }
}

/// `NAME` or `NAME=VALUE`, as `-D` takes it.
pub fn parse_define(define: &str) -> (String, Option<String>) {
    match define.split_once('=') {
        Some((name, value)) => (name.trim().to_string(), Some(value.to_string())),
        None => (define.trim().to_string(), None),
    }
}

/// Whether GLSL goes through glslang with these options.
pub fn glsl_through_glslang(options: &FrontOptions) -> bool {
    match options.glsl_front {
        GlslFront::Naga => false,
        GlslFront::Glslang => true,
        GlslFront::Auto => glslang::available(),
    }
}

/// Reads `source` with the front end its [`InputFormat`] calls for: naga's
/// WGSL reader (after composing the imported modules and applying the
/// shader defs when the text holds naga_oil directives such as `#import`
/// or `#ifdef`), naga's GLSL reader or glslang as
/// [`FrontOptions::glsl_front`] chooses, glslang for HLSL, and naga's
/// SPIR-V reader, after spirv-val and legalisation, for SPIR-V binary and
/// assembly.
///
/// An empty source, text that is not UTF-8, a shader that does not parse,
/// invalid SPIR-V, or glslang missing where it is needed gives the
/// diagnostics, which point into the source (or the file they were found
/// in). The module returned has not been through naga's validator.
pub fn parse(source: &Source, options: &FrontOptions) -> Result<Parsed, Vec<Diagnostic>> {
    parse_with_overrides(source, options, &std::collections::BTreeMap::new())
}

/// `options` with those the shader gives itself (a `// shaderxform: ...`
/// line; see `in_source_options`); `None` where it gives none.
pub(crate) fn with_own_options(
    source: &Source,
    options: &FrontOptions,
) -> Result<Option<FrontOptions>, Diagnostic> {
    match source.format {
        InputFormat::SpirvBinary => Ok(None),
        _ => match std::str::from_utf8(&source.bytes) {
            Ok(text) => in_source_options::apply(&source.name, text, options),
            Err(_) => Ok(None),
        },
    }
}

/// [`parse`], with the values the host gives the shader's
/// specialization constants, by name or `SpecId` (`--override`, which
/// [`crate::EmitOptions::overrides`] holds): specialization constants
/// that SPIR-V legalisation fixes to choose between resources on one
/// binding take them, or else their defaults.
pub fn parse_with_overrides(
    source: &Source,
    options: &FrontOptions,
    overrides: &std::collections::BTreeMap<String, f64>,
) -> Result<Parsed, Vec<Diagnostic>> {
    if source.bytes.is_empty() {
        return Err(vec![Diagnostic::error(format!(
            "{} is empty: there is no shader to read",
            source.name
        ))
        .with_code(shaderxform_passes::codes::INPUT_EMPTY)]);
    }
    // The shader's own options, after the host's.
    let own_options = with_own_options(source, options).map_err(|d| vec![d])?;
    let options = own_options.as_ref().unwrap_or(options);
    let from_text = |module| Parsed {
        module,
        rewrites: None,
        spans: SpanMap::InSource,
        dependencies: Vec::new(),
        binding_conflict_notes: Vec::new(),
    };
    let from_spirv = |read: spirv::Read| Parsed {
        module: read.module,
        rewrites: legalize_report(&read.legalized),
        spans: SpanMap::InSource,
        dependencies: Vec::new(),
        binding_conflict_notes: read.legalized.binding_conflict_notes,
    };
    let legalize_context = spirv_legalize::Context {
        storage_formats: &options.storage_formats,
        hlsl_through_glslang: false,
        overrides: Some(overrides),
        reserved_bindings: &options.reserved_bindings,
    };
    let through_glslang_with =
        |language, stage, options: &FrontOptions| -> Result<Parsed, Vec<Diagnostic>> {
            let text = text_of(source)?;
            let compiled = glslang::compile(source, text, language, stage, options)?;
            if let Some(oversized) = sizes::oversized_spirv_type(&compiled.words) {
                return Err(vec![oversized.diagnostic(Some(text))]);
            }
            let bytes: Vec<u8> = compiled
                .words
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .collect();
            let origin = spirv::SpanOrigin::Glslang {
                file: &compiled.file_name,
                text,
            };
            let context = spirv_legalize::Context {
                storage_formats: &options.storage_formats,
                hlsl_through_glslang: language == glslang::Language::Hlsl,
                overrides: Some(overrides),
                reserved_bindings: &options.reserved_bindings,
            };
            let read = spirv::parse_binary(&bytes, origin, context).map_err(|mut ds| {
                for d in &mut ds {
                    d.notes.push(format!(
                        "in the SPIR-V that {} wrote for this shader",
                        glslang::PROGRAM
                    ));
                }
                ds
            })?;
            let source_lines = SourceLines::of(&read.words, &compiled.file_name, text);
            let mut parsed = from_spirv(read);
            parsed.dependencies = compiled.dependencies;
            // The module's spans index the SPIR-V that glslang wrote.
            parsed.spans = source_lines.map_or(SpanMap::Nowhere, SpanMap::OnSourceLines);
            if language == glslang::Language::Hlsl {
                report_push_constant_globals(&mut parsed, &compiled.push_constant_globals, text);
            }
            Ok(parsed)
        };
    let through_glslang = |language, stage| -> Result<Parsed, Vec<Diagnostic>> {
        let mut parsed = through_glslang_with(language, stage, options)?;
        if language != glslang::Language::Hlsl {
            return Ok(parsed);
        }
        if !options.hlsl_register_shifts.is_empty() {
            report_register_shifts(&mut parsed, &options.hlsl_register_shifts, false);
            return Ok(parsed);
        }
        // Registers of different classes on one binding (`register(t0)`
        // and `register(s0)`): the default shifts part the classes, and
        // keep them where they then no longer share one.
        if shares_a_binding(&parsed.module) {
            let shifted_options = FrontOptions {
                hlsl_register_shifts: glslang::DEFAULT_HLSL_REGISTER_SHIFTS.to_vec(),
                ..options.clone()
            };
            if let Ok(mut shifted) = through_glslang_with(language, stage, &shifted_options) {
                if !shares_a_binding(&shifted.module) {
                    report_register_shifts(
                        &mut shifted,
                        &glslang::DEFAULT_HLSL_REGISTER_SHIFTS,
                        true,
                    );
                    return Ok(shifted);
                }
            }
        }
        Ok(parsed)
    };
    let mut parsed = match source.format {
        InputFormat::Wgsl => {
            let text = text_of(source)?;
            if wgsl_modules::is_composed(&source.name, text) {
                parse_wgsl_modules(source, text, options)?
            } else {
                from_text(wgsl::parse(text)?)
            }
        }
        InputFormat::Glsl(stage) if glsl_through_glslang(options) => {
            through_glslang(glslang::Language::Glsl, stage)?
        }
        InputFormat::Glsl(stage) => from_text(glsl::parse(text_of(source)?, stage)?),
        InputFormat::Hlsl(stage) => through_glslang(glslang::Language::Hlsl, stage)?,
        InputFormat::SpirvBinary => from_spirv(spirv::parse_binary(
            &source.bytes,
            spirv::SpanOrigin::Binary,
            legalize_context,
        )?),
        InputFormat::SpirvAssembly => {
            from_spirv(spirv::parse_assembly(text_of(source)?, legalize_context)?)
        }
    };
    // The host's severities of WGSL's rules, where the shader's own
    // directives do not name them; of two for one rule, the last given (a
    // shader's own options come after the host's).
    for &(rule, severity) in options.diagnostics.iter().rev() {
        rule.set_module_severity(&mut parsed.module, severity);
    }
    Ok(parsed)
}

/// `RULE=SEVERITY` (`derivative_uniformity=warning`): a severity of one of
/// WGSL's filterable rules for the whole shader, as its own
/// `diagnostic(warning, derivative_uniformity);` would give it.
pub fn parse_diagnostic(text: &str) -> Result<(Rule, naga::diagnostic_filter::Severity), String> {
    use naga::diagnostic_filter::Severity;
    let (rule, severity) = text.split_once('=').ok_or_else(|| {
        format!("`{text}` is not RULE=SEVERITY (`derivative_uniformity=warning`)")
    })?;
    let names: Vec<&str> = Rule::ALL.iter().map(|r| r.wgsl_name()).collect();
    let rule = Rule::from_wgsl_name(rule.trim()).ok_or_else(|| {
        format!(
            "`{rule}` is not a rule shaderxform checks: {}",
            names.join(", ")
        )
    })?;
    let severity = match severity.trim() {
        "off" => Severity::Off,
        "info" => Severity::Info,
        "warning" => Severity::Warning,
        "error" => Severity::Error,
        other => {
            return Err(format!(
                "`{other}` is not a severity: off, info, warning or error"
            ))
        }
    };
    Ok((rule, severity))
}

/// A WGSL shader with naga_oil-style directives: composed with the modules
/// it imports, parsed, and its spans taken back to the files they came
/// from.
fn parse_wgsl_modules(
    source: &Source,
    text: &str,
    options: &FrontOptions,
) -> Result<Parsed, Vec<Diagnostic>> {
    let composed = wgsl_modules::compose(&source.name, text, options)?;
    let module = wgsl::parse(&composed.text).map_err(|ds| {
        ds.into_iter()
            .map(|d| composed.map.locate(d))
            .collect::<Vec<_>>()
    })?;
    Ok(Parsed {
        module,
        rewrites: None,
        spans: SpanMap::Modules(composed.map),
        dependencies: composed.dependencies,
        binding_conflict_notes: Vec::new(),
    })
}

/// The HLSL register shifts that applied, one change each, so that a host
/// (and the reflection) can tell a binding from the register it was.
fn legalize_changes(parsed: &mut Parsed) -> &mut Vec<Change> {
    &mut parsed
        .rewrites
        .get_or_insert_with(|| PassReport {
            name: LEGALIZE_REPORT,
            skipped: None,
            changes: Vec::new(),
            diagnostics: Vec::new(),
        })
        .changes
}

/// Whether two resources of `module` have one binding.
fn shares_a_binding(module: &Module) -> bool {
    let mut seen = std::collections::HashSet::new();
    module
        .global_variables
        .iter()
        .filter_map(|(_, g)| g.binding.as_ref())
        .any(|binding| !seen.insert(binding))
}

/// The HLSL register class a resource of `module` was declared with:
/// `b` uniform buffers, `s` samplers, `t` textures and read-only buffers,
/// `u` what the shader may write.
fn register_class(module: &Module, global: &naga::GlobalVariable) -> Option<HlslRegister> {
    use naga::{AddressSpace, ImageClass, TypeInner};
    Some(match global.space {
        AddressSpace::Uniform => HlslRegister::ConstantBuffer,
        AddressSpace::Storage { access } if access.contains(naga::StorageAccess::STORE) => {
            HlslRegister::Uav
        }
        AddressSpace::Storage { .. } => HlslRegister::Texture,
        AddressSpace::Handle => {
            let mut ty = &module.types[global.ty].inner;
            while let TypeInner::BindingArray { base, .. } = ty {
                ty = &module.types[*base].inner;
            }
            match ty {
                TypeInner::Sampler { .. } => HlslRegister::Sampler,
                TypeInner::Image {
                    class: ImageClass::Storage { .. },
                    ..
                } => HlslRegister::Uav,
                _ => HlslRegister::Texture,
            }
        }
        _ => return None,
    })
}

/// Says where the classes of HLSL registers the shader uses are bound, in
/// one change; `by_default` when the shifts are
/// [`glslang::DEFAULT_HLSL_REGISTER_SHIFTS`], taken because registers of
/// different classes shared a binding.
fn report_register_shifts(parsed: &mut Parsed, shifts: &[(HlslRegister, u32)], by_default: bool) {
    let used: Vec<HlslRegister> = parsed
        .module
        .global_variables
        .iter()
        .filter(|(_, g)| g.binding.is_some())
        .filter_map(|(_, g)| register_class(&parsed.module, g))
        .collect();
    let shifts: Vec<(HlslRegister, u32)> = shifts
        .iter()
        .copied()
        .filter(|(class, _)| used.contains(class))
        .collect();
    if shifts.is_empty() {
        return;
    }
    let why = if by_default {
        " (by default: without shifts, registers of different classes shared a binding)"
    } else {
        ""
    };
    let listed = shifts
        .iter()
        .map(|(class, shift)| format!("`{}` + {shift}", class.letter()))
        .collect::<Vec<_>>()
        .join(", ");
    let mut c = Change::new(
        "hlsl-register-shift",
        naga::Span::default(),
        format!("HLSL registers are at binding register + shift: {listed}{why}"),
    );
    c.details.insert(
        "shifts".into(),
        shifts
            .iter()
            .map(|(class, shift)| format!("{}={shift}", class.letter()))
            .collect::<Vec<_>>()
            .join(","),
    );
    c.details.insert(
        "given".into(),
        if by_default { "default" } else { "option" }.into(),
    );
    legalize_changes(parsed).push(c);
}

/// Says which HLSL globals are push constants because they are declared
/// `[[vk::push_constant]]`, where glslang alone would have made them
/// members of `$Global`.
fn report_push_constant_globals(
    parsed: &mut Parsed,
    globals: &[hlsl_push_constants::PushConstantGlobal],
    text: &str,
) {
    if globals.is_empty() {
        return;
    }
    let changes = legalize_changes(parsed);
    for global in globals {
        let mut c = Change::new(
            "hlsl-push-constant-global",
            // The module's spans index glslang's SPIR-V; the line says
            // where in the source.
            naga::Span::default(),
            format!(
                "`{}` is read as push constants, as DXC reads `[[vk::push_constant]]` on a global; glslang alone would put it in the `$Global` uniform block",
                global.name
            ),
        );
        c.details.insert("name".into(), global.name.clone());
        let start = global.span.to_range().map_or(0, |r| r.start);
        let line = text[..start].matches('\n').count() + 1;
        c.details.insert("line".into(), line.to_string());
        changes.push(c);
    }
}

fn text_of(source: &Source) -> Result<&str, Vec<Diagnostic>> {
    std::str::from_utf8(&source.bytes).map_err(|e| {
        vec![Diagnostic::error(format!(
            "{} is not UTF-8 text (invalid byte at offset {}); a {} shader is text",
            source.name,
            e.valid_up_to(),
            source.format
        ))
        .with_code(shaderxform_passes::codes::INPUT_NOT_UTF8)]
    })
}
