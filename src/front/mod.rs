//! Front ends: each turns a [`Source`] into a naga module, or into
//! diagnostics that point into the source.

mod compute_interface;
mod glsl;
mod glsl_positions;
pub mod glslang;
mod sizes;
mod span_map;
mod spirv;
mod spirv_asm_positions;
mod spirv_float_atomics;
pub mod spirv_legalize;
mod spirv_positions;
mod wgsl;
mod wgsl_positions;

use naga::Module;
use shaderxform_passes::{Change, PassReport};

use crate::diagnostics::Diagnostic;
use crate::source::{InputFormat, Source};

pub use compute_interface::refuse_compute_interface;
pub use glslang::{parse_register_shift, FrontOptions, GlslFront, HlslRegister};

pub use span_map::SpanMap;
pub use spirv::assemble as assemble_spirv;
pub use spirv_asm_positions::SourceLines;
pub(crate) use wgsl::parse as parse_wgsl;
pub use wgsl::strip_unsupported_enables;

/// What the front end read besides the module: facts the module cannot
/// carry but the emitters need.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub module: Module,
    /// What the front end rewrote on the way (SPIR-V legalisation), for
    /// the report; `None` when it rewrote nothing.
    pub rewrites: Option<PassReport>,
    /// Where the module's spans are in the source, which the driver
    /// applies to every diagnostic and change made from the module.
    pub spans: SpanMap,
    /// Files read besides the source (`#include`d), for build systems.
    pub dependencies: Vec<std::path::PathBuf>,
}

/// The name under which front-end rewrites are reported.
pub const LEGALIZE_REPORT: &str = "spirv-legalize";

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

pub fn parse(source: &Source, options: &FrontOptions) -> Result<Parsed, Vec<Diagnostic>> {
    if source.bytes.is_empty() {
        return Err(vec![Diagnostic::error(format!(
            "{} is empty: there is no shader to read",
            source.name
        ))
        .with_code(shaderxform_passes::codes::INPUT_EMPTY)]);
    }
    let from_text = |module| Parsed {
        module,
        rewrites: None,
        spans: SpanMap::InSource,
        dependencies: Vec::new(),
    };
    let from_spirv = |read: spirv::Read| Parsed {
        module: read.module,
        rewrites: legalize_report(&read.legalized),
        spans: SpanMap::InSource,
        dependencies: Vec::new(),
    };
    let through_glslang = |language, stage| -> Result<Parsed, Vec<Diagnostic>> {
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
        let read = spirv::parse_binary(&bytes, origin).map_err(|mut ds| {
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
            report_register_shifts(&mut parsed, &options.hlsl_register_shifts);
        }
        Ok(parsed)
    };
    Ok(match source.format {
        InputFormat::Wgsl => from_text(wgsl::parse(text_of(source)?)?),
        InputFormat::Glsl(stage) if glsl_through_glslang(options) => {
            through_glslang(glslang::Language::Glsl, stage)?
        }
        InputFormat::Glsl(stage) => from_text(glsl::parse(text_of(source)?, stage)?),
        InputFormat::Hlsl(stage) => through_glslang(glslang::Language::Hlsl, stage)?,
        InputFormat::SpirvBinary => from_spirv(spirv::parse_binary(
            &source.bytes,
            spirv::SpanOrigin::Binary,
        )?),
        InputFormat::SpirvAssembly => from_spirv(spirv::parse_assembly(text_of(source)?)?),
    })
}

/// The HLSL register shifts that applied, one change each, so that a host
/// (and the reflection) can tell a binding from the register it was.
fn report_register_shifts(parsed: &mut Parsed, shifts: &[(HlslRegister, u32)]) {
    if shifts.is_empty() {
        return;
    }
    let report = parsed.rewrites.get_or_insert_with(|| PassReport {
        name: LEGALIZE_REPORT,
        skipped: None,
        changes: Vec::new(),
        diagnostics: Vec::new(),
    });
    for &(class, shift) in shifts {
        let mut c = Change::new(
            "hlsl-register-shift",
            naga::Span::default(),
            format!(
                "HLSL `{}` registers are at binding register + {shift}",
                class.letter()
            ),
        );
        c.details.insert("class".into(), class.letter().into());
        c.details.insert("shift".into(), shift.to_string());
        report.changes.push(c);
    }
}

/// The rewrites of SPIR-V legalisation as a report, one change each, with
/// what a host needs in the details (the new bindings above all).
fn legalize_report(legalized: &spirv_legalize::Legalized) -> Option<PassReport> {
    if !legalized.changed() {
        return None;
    }
    let span = naga::Span::default();
    let name = |n: &Option<String>| {
        n.as_deref()
            .map_or_else(|| "(unnamed)".to_string(), |n| format!("`{n}`"))
    };
    let mut changes = Vec::new();
    for s in &legalized.samplers {
        let mut c = Change::new(
            "split-combined-sampler",
            span,
            format!(
                "combined image sampler {} at set {} binding {} split: texture at set {} binding {}, sampler at set {} binding {}",
                name(&s.name), s.combined.0, s.combined.1, s.texture.0, s.texture.1, s.sampler.0, s.sampler.1
            ),
        );
        c.details.insert(
            "combined".into(),
            format!("{}:{}", s.combined.0, s.combined.1),
        );
        c.details
            .insert("texture".into(), format!("{}:{}", s.texture.0, s.texture.1));
        c.details
            .insert("sampler".into(), format!("{}:{}", s.sampler.0, s.sampler.1));
        if let Some(n) = &s.name {
            c.details.insert("name".into(), n.clone());
        }
        changes.push(c);
    }
    for f in &legalized.frozen {
        let id = f
            .spec_id
            .map_or_else(String::new, |id| format!(" (constant_id {id})"));
        let mut c = Change::new(
            "fix-spec-constant",
            span,
            format!(
                "specialization constant {}{id} fixed at its default value {}: it is {}, which naga cannot keep overridable",
                name(&f.name), f.value, f.reason
            ),
        );
        c.strategy = Some("default".into());
        c.details.insert("value".into(), f.value.clone());
        if let Some(id) = f.spec_id {
            c.details.insert("constant_id".into(), id.to_string());
        }
        changes.push(c);
    }
    for (var, what) in &legalized.access {
        changes.push(Change::new(
            "block-access",
            span,
            format!(
                "buffer {} is {what}: every member of its block is",
                name(var)
            ),
        ));
    }
    if legalized.copy_logical > 0 {
        changes.push(Change::new(
            "copy-logical",
            span,
            format!(
                "{} OpCopyLogical written as member-wise copies",
                legalized.copy_logical
            ),
        ));
    }
    Some(PassReport {
        name: LEGALIZE_REPORT,
        skipped: None,
        changes,
        diagnostics: Vec::new(),
    })
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
