//! Diagnostics as data. Passes and analyses produce them; the driver renders
//! them against the source text (codespan) or as JSON.

use naga::Span;
use serde::Serialize;

/// How serious a [`Diagnostic`] is, ordered from the mildest: `Note <
/// Warning < Error`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Information about what was done or left alone (a rewrite skipped
    /// because it would not pay off); never fails a compilation.
    Note,
    /// Something the user probably wants to fix; output is still written,
    /// unless warnings are denied.
    Warning,
    /// The input cannot be compiled as asked: nothing is written.
    Error,
}

impl Severity {
    /// The lowercase name used in rendered text and JSON (`note`,
    /// `warning`, `error`).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A source range with what it means for this diagnostic.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The byte range in the source text; defined in every label the
    /// [`Diagnostic`] builders add (they drop undefined spans).
    pub span: Span,
    /// The text printed beside the range; may be empty.
    pub message: String,
    /// The primary label is where the caret points; secondary labels explain.
    pub primary: bool,
    /// The file `span` indexes when it is not the shader the diagnostic is
    /// about (a WGSL module the shader imports); `None` for the shader.
    pub file: Option<std::sync::Arc<SourceFile>>,
}

/// A file other than the shader that a label points into: its name, as
/// diagnostics print it, and its text, which the label's span indexes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The file's name, as diagnostics print it (`lib/util.wgsl`).
    pub name: String,
    /// The file's text, which the label's span indexes.
    pub text: String,
}

/// A message about the shader: what is wrong or what was done, where in the
/// source, and why.
///
/// Built with [`Diagnostic::error`] (or `warning`, `note`) and the `with_*`
/// methods; rendered by the `shaderxform` crate against the source text.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// How serious it is; [`Severity::Error`] fails the compilation.
    pub severity: Severity,
    /// A stable identifier for tools (`float-atomics::unsupported-op`,
    /// `naga::validation`; the list is in [`codes`](crate::codes)); `None` only for
    /// messages no tool should match on.
    pub code: Option<String>,
    /// One line saying what happened.
    pub message: String,
    /// The source ranges it speaks of, primary first where there is one;
    /// empty when it has no place in the source (a whole-module fact, or a
    /// span lost by a rewrite).
    pub labels: Vec<Label>,
    /// Further lines printed after the source excerpt (`= note: ...`):
    /// causes, suggestions.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// A diagnostic of `severity` with no code, label or note yet.
    pub fn new(severity: Severity, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            code: None,
            message: message.into(),
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// An error: the input cannot be compiled as asked.
    pub fn error(message: impl Into<String>) -> Self {
        Self::new(Severity::Error, message)
    }

    /// A warning: output is still written, unless warnings are denied.
    pub fn warning(message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, message)
    }

    /// A note: information that never fails a compilation.
    pub fn note(message: impl Into<String>) -> Self {
        Self::new(Severity::Note, message)
    }

    /// Sets the stable code (`module::kind`, see [`codes`](crate::codes)), replacing any
    /// earlier one.
    pub fn with_code(mut self, code: impl Into<String>) -> Self {
        self.code = Some(code.into());
        self
    }

    /// Adds the primary label. Undefined spans are kept out: a label that
    /// points nowhere helps nobody.
    pub fn with_primary(mut self, span: Span, message: impl Into<String>) -> Self {
        if span.is_defined() {
            self.labels.push(Label {
                span,
                message: message.into(),
                primary: true,
                file: None,
            });
        }
        self
    }

    /// Adds a secondary label, which explains rather than locates (where a
    /// value came from, which barrier a call reaches). Undefined spans are
    /// kept out, as for [`Diagnostic::with_primary`].
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        if span.is_defined() {
            self.labels.push(Label {
                span,
                message: message.into(),
                primary: false,
                file: None,
            });
        }
        self
    }

    /// Adds a line printed after the source excerpt.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Whether its severity is [`Severity::Error`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The span the diagnostic is about: the primary label's, else the first.
    pub fn primary_span(&self) -> Option<Span> {
        self.labels
            .iter()
            .find(|l| l.primary)
            .or_else(|| self.labels.first())
            .map(|l| l.span)
    }
}
