//! Where the spans a front end gave lie in what the user wrote. The front
//! end returns its [`SpanMap`] with the module, and the driver applies it
//! once to every diagnostic and change (of the front end, the passes and
//! the emitters) before they leave the library, so that rendering needs
//! nothing but the diagnostic and its source.

use shaderxform_passes::PassReport;

use super::SourceLines;
use crate::diagnostics::{self, Diagnostic, Label};

/// Where the spans of a module are in the source it was read from.
#[derive(Clone, Debug, Default)]
pub enum SpanMap {
    /// They index the source: its text (WGSL, GLSL through naga, SPIR-V
    /// assembly, where each instruction naga read stands at the text of
    /// the one it came from) or the bytes of a SPIR-V binary (each at the
    /// instruction it came from).
    #[default]
    InSource,
    /// They index the SPIR-V that glslang compiled a GLSL or HLSL source
    /// to; these are the source lines of its instructions.
    OnSourceLines(SourceLines),
    /// They index SPIR-V that glslang wrote without line information: no
    /// text to point at.
    Nowhere,
    /// They index the text of a WGSL shader composed with the modules it
    /// imports; the map takes each back to its file.
    Modules(std::sync::Arc<super::wgsl_modules::ModuleMap>),
}

impl SpanMap {
    /// Whether a span of the module can be placed in the source, so that
    /// diagnostics made from the module should keep theirs.
    pub fn keeps_spans(&self) -> bool {
        !matches!(self, SpanMap::Nowhere)
    }

    /// The source lines of a module read through glslang.
    pub fn source_lines(&self) -> Option<&SourceLines> {
        match self {
            SpanMap::OnSourceLines(lines) => Some(lines),
            _ => None,
        }
    }

    /// A diagnostic with its labels in the source, or, where they are in
    /// none, what they said as notes.
    pub fn locate(&self, diagnostic: Diagnostic) -> Diagnostic {
        match self {
            SpanMap::InSource => diagnostic,
            SpanMap::OnSourceLines(lines) => on_source_lines(diagnostic, lines),
            SpanMap::Nowhere => diagnostics::without_spans(diagnostic),
            SpanMap::Modules(map) => map.locate(diagnostic),
        }
    }

    /// Every change and diagnostic of the reports in the source. Where
    /// the spans are nowhere, a report's changes and diagnostics lose
    /// them: the diagnostic itself still says what it is about.
    pub fn locate_reports(&self, reports: &mut [PassReport]) {
        match self {
            SpanMap::InSource => {}
            SpanMap::OnSourceLines(lines) => {
                for report in reports {
                    for change in &mut report.changes {
                        change.span = lines.text_span(change.span).unwrap_or_default();
                    }
                    let spanned = std::mem::take(&mut report.diagnostics);
                    report.diagnostics = spanned
                        .into_iter()
                        .map(|d| on_source_lines(d, lines))
                        .collect();
                }
            }
            SpanMap::Modules(map) => {
                // A change has no file of its own: one in a module stands
                // at the shader's `#import` that led to it.
                for report in reports {
                    for change in &mut report.changes {
                        change.span = map.in_shader(change.span);
                    }
                    let spanned = std::mem::take(&mut report.diagnostics);
                    report.diagnostics = spanned.into_iter().map(|d| map.locate(d)).collect();
                }
            }
            SpanMap::Nowhere => {
                for report in reports {
                    for change in &mut report.changes {
                        change.span = naga::Span::default();
                    }
                    for d in &mut report.diagnostics {
                        d.labels.clear();
                    }
                }
            }
        }
    }
}

/// A diagnostic on a module read through glslang with its spans on the
/// source lines they came from; what a label off every line of the source
/// said becomes a note.
fn on_source_lines(mut diagnostic: Diagnostic, lines: &SourceLines) -> Diagnostic {
    let mut said = Vec::new();
    for label in std::mem::take(&mut diagnostic.labels) {
        match lines.text_span(label.span) {
            Some(span) => diagnostic.labels.push(Label { span, ..label }),
            None if !label.message.is_empty() => said.push(label.message),
            None => {}
        }
    }
    diagnostic.notes.splice(0..0, said);
    diagnostic
}
