//! The property every input must keep, however broken: shaderxform reads
//! it or refuses it with diagnostics that say where, and writes what it
//! reads in every format or refuses that with a place too. Used by the
//! mutation test (`tests/mutations.rs`).
//!
//! - No internal error (a panic caught, a pass that broke the module, an
//!   output its validator or the check of the text written refuses), in
//!   reading, transforming, and writing every output format.
//! - Every error on text input has a primary position: a line and a
//!   column in the text, in the rendered text (`--> name:LINE:COL`) and
//!   in the JSON.
//! - Every error on binary SPIR-V names a word offset and the instruction
//!   there, in the rendered text and in the JSON.

use shaderxform::{
    render, ColorChoice, Compiler, DiagnosticJson, Failure, FailureKind, OutputFormat, Source,
};

/// How an input broke the property.
#[derive(Clone, Debug)]
pub struct Violation {
    /// `internal`, `no-position` or `no-word-offset`.
    pub kind: &'static str,
    pub code: String,
    pub message: String,
    pub rendered: String,
}

impl Violation {
    /// What groups violations of one cause: the kind, the code and the
    /// message up to its first detail.
    pub fn class(&self) -> String {
        let message: String = self
            .message
            .split([':', '`', '\''])
            .next()
            .unwrap_or("")
            .chars()
            .take(70)
            .collect();
        format!("{} [{}] {}", self.kind, self.code, message.trim())
    }
}

/// Diagnostics about the file as a whole, which no position could improve.
const ABOUT_THE_WHOLE_FILE: &[&str] = &["input::empty", "input::not-utf8"];

/// The formats every input that transforms is written to: the two that
/// are read back and checked, and the three naga writes unchecked.
const FORMATS: [OutputFormat; 5] = [
    OutputFormat::Wgsl,
    OutputFormat::SpirvBinary,
    OutputFormat::Hlsl,
    OutputFormat::Msl,
    OutputFormat::Glsl,
];

/// Reads, transforms and writes `source` in every format; the violations
/// of the property, none when it holds.
pub fn check(compiler: &Compiler, source: &Source) -> Vec<Violation> {
    let transformed = match compiler.transform(source) {
        Ok(transformed) => transformed,
        Err(failure) => return violations(&failure, source),
    };
    FORMATS
        .into_iter()
        .filter_map(|format| compiler.emit(source, &transformed, format).err())
        .flat_map(|failure| violations(&failure, source))
        .collect()
}

fn violations(failure: &Failure, source: &Source) -> Vec<Violation> {
    let mut violations = Vec::new();
    for diagnostic in failure.diagnostics.iter().filter(|d| d.is_error()) {
        let code = diagnostic.code.clone().unwrap_or_default();
        let rendered = render(diagnostic, source, ColorChoice::Never);
        let violation = |kind| Violation {
            kind,
            code: code.clone(),
            message: diagnostic.message.clone(),
            rendered: rendered.clone(),
        };
        if failure.kind == FailureKind::Internal || code == "internal" {
            violations.push(violation("internal"));
            continue;
        }
        // A usage error is about the command (an entry point to choose
        // for GLSL output, say), not a place in the file.
        if ABOUT_THE_WHOLE_FILE.contains(&code.as_str()) || failure.kind == FailureKind::Usage {
            continue;
        }
        let json = DiagnosticJson::new(diagnostic, source);
        if source.format.is_text() {
            let placed = match (json.line, json.column) {
                (Some(line), Some(column)) => {
                    rendered.contains(&format!("{}:{line}:{column}", source.name))
                }
                _ => false,
            };
            if !placed {
                violations.push(violation("no-position"));
            }
        } else {
            let placed = json.word_offset.is_some_and(|word| {
                json.instruction.is_some() && rendered.contains(&format!("word {word}"))
            });
            if !placed {
                violations.push(violation("no-word-offset"));
            }
        }
    }
    violations
}
