//! Diagnostics: conversion of naga's errors into shaderxform's
//! [`Diagnostic`], rendering like rustc (codespan) and as JSON.

use codespan_reporting::diagnostic as cs;
use codespan_reporting::term;
use serde::Serialize;

pub use shaderxform_passes::{Diagnostic, Label, Severity};

use crate::source::{line_column, InputFormat, Source};
use crate::spirv_words::describe_instruction;

/// naga's WGSL parse error: its first label primary, the others
/// secondary, and its notes.
pub(crate) fn from_wgsl_parse(error: &naga::front::wgsl::ParseError) -> Diagnostic {
    let mut d = Diagnostic::error(error.message()).with_code(shaderxform_passes::codes::WGSL_PARSE);
    for (i, (span, label)) in error.labels().enumerate() {
        d = if i == 0 {
            d.with_primary(span, label)
        } else {
            d.with_secondary(span, label)
        };
    }
    for note in error.notes() {
        d = d.with_note(note);
    }
    d
}

/// naga's GLSL parse errors, one diagnostic each, at the place naga gives.
pub(crate) fn from_glsl_parse(errors: &naga::front::glsl::ParseErrors) -> Vec<Diagnostic> {
    errors
        .errors
        .iter()
        .map(|e| {
            Diagnostic::error(e.kind.to_string())
                .with_code(shaderxform_passes::codes::GLSL_PARSE)
                .with_primary(e.meta, "")
        })
        .collect()
}

/// A naga error with spans (validation): the message, each span, and the
/// chain of causes as notes.
pub(crate) fn from_spanned<E: std::error::Error>(
    error: &naga::WithSpan<E>,
    code: &str,
    keep_spans: bool,
) -> Diagnostic {
    let mut d = Diagnostic::error(error.as_inner().to_string()).with_code(code);
    if keep_spans {
        for (i, (span, label)) in error.spans().enumerate() {
            d = if i == 0 {
                d.with_primary(*span, label.clone())
            } else {
                d.with_secondary(*span, label.clone())
            };
        }
    }
    let mut cause = error.as_inner().source();
    while let Some(c) = cause {
        d = d.with_note(c.to_string());
        cause = c.source();
    }
    d
}

/// naga's verdict on an input module. Where two resources of an entry
/// point share a binding, naga names neither: both are named here, at
/// their declarations.
pub(crate) fn from_validation(
    module: &naga::Module,
    error: &naga::WithSpan<naga::valid::ValidationError>,
    keep_spans: bool,
    format: InputFormat,
) -> Diagnostic {
    use naga::valid::{EntryPointError, ValidationError};
    if let ValidationError::EntryPoint {
        name,
        source: EntryPointError::BindingCollision(handle),
        ..
    } = error.as_inner()
    {
        if let Some(d) = binding_collision(module, name, *handle, keep_spans, format) {
            return d;
        }
    }
    let d = from_spanned(
        error,
        shaderxform_passes::codes::NAGA_VALIDATION,
        keep_spans,
    );
    let Some((span, what)) = named_item(module, error.as_inner(), format).filter(|_| keep_spans)
    else {
        return d;
    };
    match format {
        _ if d.labels.is_empty() => d.with_primary(span, what),
        // Through glslang, a span has a line only where an `OpLine` was in
        // effect (`SourceLines`): naga's may have none, the declaration's
        // then stands for it.
        InputFormat::Glsl(_) | InputFormat::Hlsl(_) => d.with_secondary(span, what),
        _ => d,
    }
}

/// The declaration a validation error names, for an error that carries no
/// span of its own: the type, constant, global, function or entry point
/// found invalid.
fn named_item(
    module: &naga::Module,
    error: &naga::valid::ValidationError,
    format: InputFormat,
) -> Option<(naga::Span, String)> {
    use naga::valid::ValidationError as E;
    let defined = |span: naga::Span| span.is_defined().then_some(span);
    let named = |kind: &str, name: &str| match name {
        "" => format!("this {kind}"),
        name => format!("{kind} `{name}`"),
    };
    Some(match error {
        E::Type { handle, name, .. } => match defined(module.types.get_span(*handle)) {
            Some(span) => (span, named("type", name)),
            None => declared_with_type(module, *handle)?,
        },
        E::Layouter(layout) => (
            defined(module.types.get_span(layout.ty))?,
            "the layout of this type".to_string(),
        ),
        E::ConstExpression { handle, .. } | E::ArraySizeError { handle } => (
            defined(module.global_expressions.get_span(*handle))?,
            "this constant expression".to_string(),
        ),
        E::Constant { handle, name, .. } => (
            defined(module.constants.get_span(*handle))?,
            named("constant", name),
        ),
        E::Override { handle, name, .. } => (
            defined(module.overrides.get_span(*handle))?,
            named("override", name),
        ),
        E::GlobalVariable { handle, name, .. } => (
            defined(module.global_variables.get_span(*handle))?,
            named("global", name),
        ),
        E::Function { handle, name, .. } => (
            defined(module.functions.get_span(*handle))?,
            named("function", name),
        ),
        E::EntryPoint { name, .. } => {
            let entry_point = module.entry_points.iter().find(|ep| &ep.name == name)?;
            let span = match format {
                // The entry point naga's SPIR-V reader makes calls the
                // function that glslang compiled: its span holds the lines.
                InputFormat::Glsl(_) | InputFormat::Hlsl(_) => {
                    called_function_span(module, &entry_point.function)
                        .or_else(|| first_span_of(&entry_point.function))?
                }
                _ => first_span_of(&entry_point.function)?,
            };
            (span, format!("in entry point `{name}`"))
        }
        _ => return None,
    })
}

/// For a type naga gave no span (one a front end or a pass made), the
/// first global declared with it, or with a struct that holds it.
fn declared_with_type(
    module: &naga::Module,
    ty: naga::Handle<naga::Type>,
) -> Option<(naga::Span, String)> {
    let holds = |outer: naga::Handle<naga::Type>| {
        outer == ty
            || match &module.types[outer].inner {
                naga::TypeInner::Struct { members, .. } => members.iter().any(|m| m.ty == ty),
                naga::TypeInner::Array { base, .. }
                | naga::TypeInner::BindingArray { base, .. } => *base == ty,
                _ => false,
            }
    };
    let (handle, global) = module
        .global_variables
        .iter()
        .find(|(h, g)| holds(g.ty) && module.global_variables.get_span(*h).is_defined())?;
    let name = global.name.as_deref().unwrap_or("");
    let what = match name {
        "" => "the type of this global".to_string(),
        name => format!("the type of global `{name}`"),
    };
    Some((module.global_variables.get_span(handle), what))
}

/// The span of the first function that `function` calls.
fn called_function_span(module: &naga::Module, function: &naga::Function) -> Option<naga::Span> {
    function.body.iter().find_map(|statement| match statement {
        naga::Statement::Call { function, .. } => {
            Some(module.functions.get_span(*function)).filter(|s| s.is_defined())
        }
        _ => None,
    })
}

/// The earliest span of a function, whose arguments come first: naga
/// keeps no span for an entry point's function itself.
fn first_span_of(function: &naga::Function) -> Option<naga::Span> {
    let expressions = function
        .expressions
        .iter()
        .map(|(h, _)| function.expressions.get_span(h));
    let statements = function.body.span_iter().map(|(_, span)| *span);
    expressions
        .chain(statements)
        .filter(|s| s.is_defined())
        .min_by_key(|s| s.to_range().map(|r| r.start))
}

fn binding_collision(
    module: &naga::Module,
    entry_point: &str,
    handle: naga::Handle<naga::GlobalVariable>,
    keep_spans: bool,
    format: InputFormat,
) -> Option<Diagnostic> {
    let globals = &module.global_variables;
    let binding = globals.try_get(handle).ok()?.binding?;
    let (other, _) = globals
        .iter()
        .find(|&(h, g)| h != handle && g.binding.as_ref() == Some(&binding))?;
    // An unnamed block (`buffer B { uint v[]; };`, HLSL's `$Global`) by
    // its only or runtime-sized member, else its block name.
    let name = |h: naga::Handle<naga::GlobalVariable>| {
        let name = shaderxform_passes::ir::global_name(module, h);
        let named = globals[h].name.as_deref().is_some_and(|n| !n.is_empty());
        match named || !name.starts_with("global ") {
            true => format!("`{name}`"),
            false => "an unnamed resource".to_string(),
        }
    };
    let (first, second) = (name(other), name(handle));
    let mut d = Diagnostic::error(format!(
        "{first} and {second} are both bound to @group({}) @binding({}) in entry point `{entry_point}`",
        binding.group, binding.binding
    ))
    .with_code(shaderxform_passes::codes::INPUT_BINDING_CONFLICT);
    if keep_spans {
        d = d
            .with_primary(globals.get_span(handle), format!("{second} is here"))
            .with_secondary(globals.get_span(other), format!("{first} is here"));
    }
    d = d.with_note("the resources one entry point uses need a binding each");
    if matches!(format, InputFormat::Hlsl(_)) {
        d = d.with_note(
            "HLSL registers map to the binding of their number, and without `--hlsl-register-shift` the classes are parted by default (b + 100, s + 200, t + 300, u + 500) only where that gives every resource its own binding: give each resource of one class its own register number, keep explicit `[[vk::binding(N)]]`s apart, or shift a class of registers with `--hlsl-register-shift CLASS=N` (e.g. `s=16`)",
        );
    }
    Some(d)
}

/// A diagnostic whose spans index no text the user has (a SPIR-V binary):
/// what each label said becomes a note, so that the explanation is kept
/// where its positions cannot be.
/// The barriers the passes name in WGSL, as GLSL and HLSL write them.
fn barriers_as_written(format: InputFormat) -> &'static [(&'static str, &'static str)] {
    match format {
        InputFormat::Glsl(_) => &[
            ("`workgroupBarrier`", "`barrier()`"),
            ("`storageBarrier`", "`barrier()`"),
            ("`subgroupBarrier`", "`subgroupBarrier()`"),
        ],
        InputFormat::Hlsl(_) => &[
            ("`workgroupBarrier`", "`GroupMemoryBarrierWithGroupSync()`"),
            ("`storageBarrier`", "`DeviceMemoryBarrierWithGroupSync()`"),
            ("`textureBarrier`", "`DeviceMemoryBarrierWithGroupSync()`"),
        ],
        _ => &[],
    }
}

/// `text` with the barriers it names (`workgroupBarrier`) named as the
/// source's language writes them (`barrier()` in GLSL).
pub(crate) fn barriers_named_as_written(text: &str, format: InputFormat) -> String {
    let mut out = text.to_string();
    for (wgsl, written) in barriers_as_written(format) {
        let called = format!("{}()`", wgsl.trim_end_matches('`'));
        out = out.replace(&called, written).replace(wgsl, written);
    }
    out
}

/// [`barriers_named_as_written`] on a diagnostic's message, labels and notes.
pub(crate) fn name_barriers_as_written(d: &mut Diagnostic, format: InputFormat) {
    if barriers_as_written(format).is_empty() {
        return;
    }
    d.message = barriers_named_as_written(&d.message, format);
    for label in &mut d.labels {
        label.message = barriers_named_as_written(&label.message, format);
    }
    for note in &mut d.notes {
        *note = barriers_named_as_written(note, format);
    }
}

pub(crate) fn without_spans(mut diagnostic: Diagnostic) -> Diagnostic {
    let labels = std::mem::take(&mut diagnostic.labels);
    let said: Vec<String> = labels
        .into_iter()
        .filter(|l| !l.message.is_empty())
        .map(|l| l.message)
        .collect();
    diagnostic.notes.splice(0..0, said);
    diagnostic
}

/// How to print diagnostics for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// ANSI colours, for a terminal.
    Always,
    /// Plain text, for files, pipes and logs.
    Never,
}

/// Renders a diagnostic like rustc: `error: message`, `--> file:line:col`,
/// the source line with carets, then the notes.
pub fn render(diagnostic: &Diagnostic, source: &Source, color: ColorChoice) -> String {
    let text = source.text().unwrap_or("");
    // The shader is file 0; a label in another file (a WGSL module the
    // shader imports) adds that file.
    let mut files = codespan_reporting::files::SimpleFiles::new();
    files.add(source.name.as_str(), text);
    let mut other_files: Vec<&std::sync::Arc<shaderxform_passes::SourceFile>> = Vec::new();
    let severity = match diagnostic.severity {
        Severity::Error => cs::Severity::Error,
        Severity::Warning => cs::Severity::Warning,
        Severity::Note => cs::Severity::Note,
        // A severity added to the passes crate after this renderer: one
        // that never fails a compilation is the safe reading.
        _ => cs::Severity::Note,
    };
    let mut cs_diag = cs::Diagnostic::new(severity).with_message(&diagnostic.message);
    if let Some(code) = &diagnostic.code {
        cs_diag = cs_diag.with_code(code);
    }
    let mut notes = diagnostic.notes.clone();
    // The caret goes under the primary label; when a front end gave only
    // secondary ones, the first stands in for it.
    let has_primary = diagnostic.labels.iter().any(|l| l.primary);
    // Primary labels first: the `-->` line names the first label's file.
    let mut labels: Vec<(usize, &Label)> = diagnostic.labels.iter().enumerate().collect();
    labels.sort_by_key(|(i, l)| !(l.primary || (!has_primary && *i == 0)));
    for (i, label) in labels {
        let (file_id, file_text) = match &label.file {
            None => (0, text),
            Some(file) => {
                let known = other_files
                    .iter()
                    .position(|f| std::sync::Arc::ptr_eq(f, file));
                let id = match known {
                    Some(k) => k + 1,
                    None => {
                        other_files.push(file);
                        files.add(file.name.as_str(), file.text.as_str())
                    }
                };
                (id, file.text.as_str())
            }
        };
        match label.span.to_range() {
            Some(range) if range.end <= file_text.len() && !file_text.is_empty() => {
                let l = if label.primary || (!has_primary && i == 0) {
                    cs::Label::primary(file_id, range)
                } else {
                    cs::Label::secondary(file_id, range)
                };
                cs_diag.labels.push(l.with_message(&label.message));
            }
            _ => {}
        }
    }
    let places = binary_places(diagnostic, source);
    if !places.is_empty() {
        let said: Vec<String> = places.iter().map(|p| p.note(&source.name)).collect();
        notes.splice(0..0, said);
    } else if cs_diag.labels.is_empty() {
        // Without a span there is still a file to name.
        notes.insert(0, format!("in {}", source.name));
    }
    cs_diag = cs_diag.with_notes(notes);
    let config = term::Config::default();
    let mut buffer = match color {
        ColorChoice::Always => term::termcolor::Buffer::ansi(),
        ColorChoice::Never => term::termcolor::Buffer::no_color(),
    };
    if term::emit_to_write_style(&mut buffer, &config, &files, &cs_diag).is_err() {
        return format!("{}: {}\n", diagnostic.severity.as_str(), diagnostic.message);
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

/// A diagnostic as data for tools: `--message-format json` prints one per
/// line and the report embeds them. Fields may be added in any version.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DiagnosticJson {
    /// How serious it is.
    pub severity: Severity,
    /// The stable code ([`Diagnostic::code`]); `None` for the rare message
    /// without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// One line saying what happened.
    pub message: String,
    /// The file of the primary span: the shader's name ([`Source::name`]),
    /// or a WGSL module it imports where the span lies there.
    pub file: String,
    /// Line and column of the primary span, 1-based; absent when the
    /// diagnostic has no position in the source text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The column of the primary span, 1-based, in characters; `None`
    /// with `line`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// Every label that lies in the source text, in the diagnostic's
    /// order; empty for binary SPIR-V.
    pub spans: Vec<SpanJson>,
    /// For a SPIR-V binary: the offset (in 32-bit words) of the primary
    /// label's instruction, and that instruction (`%12 = OpFAdd`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub word_offset: Option<usize>,
    /// The primary label's instruction in SPIR-V assembly; `None` with
    /// `word_offset`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instruction: Option<String>,
    /// The notes: for a SPIR-V binary, each label's word and instruction
    /// first, then the diagnostic's own.
    pub notes: Vec<String>,
}

/// A label of a diagnostic, placed in the source text. Lines and columns
/// count from 1, columns in characters; byte offsets from 0.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SpanJson {
    /// The file the span is in, when it is not the shader's (a WGSL module
    /// the shader imports).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The byte offset where the range starts.
    pub byte_start: usize,
    /// The byte offset just past the range.
    pub byte_end: usize,
    /// The line of `byte_start`.
    pub line: usize,
    /// The column of `byte_start`.
    pub column: usize,
    /// The line of `byte_end`.
    pub end_line: usize,
    /// The column of `byte_end`.
    pub end_column: usize,
    /// The text printed beside the range; may be empty.
    pub label: String,
    /// Whether it is where the caret points ([`Label::primary`]).
    pub primary: bool,
}

impl DiagnosticJson {
    /// `diagnostic` placed in `source`'s text; labels outside the text are
    /// left out.
    pub fn new(diagnostic: &Diagnostic, source: &Source) -> Self {
        let text = source.text().unwrap_or("");
        let spans: Vec<SpanJson> = diagnostic
            .labels
            .iter()
            .filter_map(|label| {
                let range = label.span.to_range()?;
                let (file, text) = match &label.file {
                    Some(file) => (Some(file.name.clone()), file.text.as_str()),
                    None => (None, text),
                };
                if range.end > text.len() {
                    return None;
                }
                let (line, column) = line_column(text, range.start);
                let (end_line, end_column) = line_column(text, range.end);
                Some(SpanJson {
                    file,
                    byte_start: range.start,
                    byte_end: range.end,
                    line,
                    column,
                    end_line,
                    end_column,
                    label: label.message.clone(),
                    primary: label.primary,
                })
            })
            .collect();
        let primary = spans.iter().find(|s| s.primary).or(spans.first());
        let places = binary_places(diagnostic, source);
        let mut notes: Vec<String> = places.iter().map(|p| p.note(&source.name)).collect();
        notes.extend(diagnostic.notes.iter().cloned());
        DiagnosticJson {
            severity: diagnostic.severity,
            code: diagnostic.code.clone(),
            message: diagnostic.message.clone(),
            file: primary
                .and_then(|s| s.file.clone())
                .unwrap_or_else(|| source.name.clone()),
            line: primary.map(|s| s.line),
            column: primary.map(|s| s.column),
            word_offset: places.first().map(|p| p.word),
            instruction: places.first().map(|p| p.instruction.clone()),
            notes,
            spans,
        }
    }
}

/// Where a label of a diagnostic on a SPIR-V binary lies: its spans are
/// byte ranges of the binary's instructions.
struct BinaryPlace {
    word: usize,
    instruction: String,
    message: String,
}

impl BinaryPlace {
    fn note(&self, file: &str) -> String {
        let mut note = format!("{file}: word {}: `{}`", self.word, self.instruction);
        if !self.message.is_empty() {
            note.push_str(": ");
            note.push_str(&self.message);
        }
        note
    }
}

/// The places of a diagnostic's labels in a SPIR-V binary, the primary
/// label's first; none for other inputs.
fn binary_places(diagnostic: &Diagnostic, source: &Source) -> Vec<BinaryPlace> {
    if source.format != InputFormat::SpirvBinary {
        return Vec::new();
    }
    let words: Vec<u32> = source
        .bytes
        .chunks(4)
        .map(|c| {
            let mut word = [0; 4];
            word[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(word)
        })
        .collect();
    let mut labels: Vec<&Label> = diagnostic.labels.iter().collect();
    labels.sort_by_key(|l| !l.primary);
    labels
        .into_iter()
        .filter_map(|label| {
            let start = label.span.to_range()?.start;
            (start < source.bytes.len()).then(|| BinaryPlace {
                word: start / 4,
                instruction: describe_instruction(&words, start / 4),
                message: label.message.clone(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn barriers_are_named_as_glsl_and_hlsl_write_them() {
        let glsl = InputFormat::Glsl(naga::ShaderStage::Compute);
        assert_eq!(
            barriers_named_as_written(
                "`workgroupBarrier` is reached; split around `workgroupBarrier()`",
                glsl
            ),
            "`barrier()` is reached; split around `barrier()`"
        );
        let hlsl = InputFormat::Hlsl(naga::ShaderStage::Compute);
        assert_eq!(
            barriers_named_as_written("`workgroupBarrier` is reached", hlsl),
            "`GroupMemoryBarrierWithGroupSync()` is reached"
        );
        assert_eq!(
            barriers_named_as_written("`workgroupBarrier`", InputFormat::Wgsl),
            "`workgroupBarrier`"
        );
    }
}
