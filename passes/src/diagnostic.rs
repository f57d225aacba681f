//! Diagnostics as data. Passes and analyses produce them; the driver renders
//! them against the source text (codespan) or as JSON.

use naga::Span;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
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
    pub span: Span,
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
    pub name: String,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// A stable identifier for tools (`float-atomics::unsupported-op`, `naga::validation`).
    pub code: Option<String>,
    pub message: String,
    pub labels: Vec<Label>,
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(severity: Severity, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            code: None,
            message: message.into(),
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn error(message: impl Into<String>) -> Self {
        Self::new(Severity::Error, message)
    }

    pub fn warning(message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, message)
    }

    pub fn note(message: impl Into<String>) -> Self {
        Self::new(Severity::Note, message)
    }

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

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

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
