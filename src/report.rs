//! The JSON report of a run (`--report FILE`): the input, the outputs, and
//! for each pass what it changed and what it said.

use std::collections::BTreeMap;

use serde::Serialize;
use shaderxform_passes::{Change, PassReport, Skipped};

use crate::diagnostics::{Diagnostic, DiagnosticJson};
use crate::source::{line_column, Source};
use crate::spirv_tools::Validators;

/// The report of one shader's run, serialized by [`Report::to_json`].
///
/// Built with [`Report::new`] and the `add_*` methods; fields may be added
/// in any version, hence `#[non_exhaustive]`.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The version of the report's form: it changes only when a field
    /// changes meaning or goes away (fields may be added within one).
    pub schema: u32,
    /// `shaderxform`.
    pub tool: &'static str,
    /// The version of the shaderxform crate that wrote it.
    pub version: &'static str,
    /// The shader read.
    pub input: InputJson,
    /// Every file written, in the order written; empty on failure.
    pub outputs: Vec<OutputJson>,
    /// The validators that check this shader: naga's, and SPIRV-Tools'
    /// where SPIR-V is read or written and a `spirv-val` is available.
    pub validators: Validators,
    /// Every selected pass in the order it ran, then the front end's own
    /// rewrites (SPIR-V legalisation).
    pub passes: Vec<PassJson>,
    /// Every diagnostic of the run, those of the passes included.
    pub diagnostics: Vec<DiagnosticJson>,
    /// Combined image samplers split into a texture and a sampler binding
    /// on the way in: the host's bind group layouts must follow.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bindings: Vec<BindingSplitJson>,
    /// The interface of the shader as written (`docs/reflection.md`), on
    /// success.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reflection: Option<crate::Reflection>,
    /// Whether the run succeeded: the `add_*` methods make it `false` as
    /// soon as they add an error diagnostic.
    pub success: bool,
}

/// The version of the report's JSON form.
pub const REPORT_SCHEMA_VERSION: u32 = 1;

/// Where a combined image sampler went, `[set, binding]` each.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize)]
pub struct BindingSplitJson {
    /// The combined image sampler's name in the input; `None` where it had
    /// none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The combined image sampler's binding in the input.
    pub combined: [u32; 2],
    /// The texture's binding in the output.
    pub texture: [u32; 2],
    /// The sampler's binding in the output.
    pub sampler: [u32; 2],
}

/// The shader a report is about.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize)]
pub struct InputJson {
    /// Its name ([`Source::name`]): the path as given.
    pub path: String,
    /// Its format's name ([`InputFormat::name`](crate::InputFormat::name)).
    pub format: &'static str,
}

/// A file a run wrote.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize)]
pub struct OutputJson {
    /// The path written, as given (the command line's `<stdout>` for
    /// standard output).
    pub path: String,
    /// Its format's name ([`OutputFormat::extension`](crate::OutputFormat::extension)).
    pub format: &'static str,
    /// Its size in bytes.
    pub bytes: usize,
}

/// What one pass did, in a report.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize)]
pub struct PassJson {
    /// The pass's name (`float-atomics`, ...).
    pub name: &'static str,
    /// `changed`, `unchanged` or `skipped`.
    pub status: &'static str,
    /// Why it was skipped (`nothing to do`, `the target lacks ...`);
    /// `None` when it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Its rewrites, in the order made.
    pub changes: Vec<ChangeJson>,
    /// What it reported; also in [`Report::diagnostics`].
    pub diagnostics: Vec<DiagnosticJson>,
}

/// One rewrite, in a report: a [`Change`] placed in the source text.
#[non_exhaustive]
#[derive(Clone, Debug, Serialize)]
pub struct ChangeJson {
    /// What kind of rewrite ([`Change::kind`]: `retype-atomic`, ...).
    pub kind: String,
    /// The shader's name ([`Source::name`]).
    pub file: String,
    /// The 1-based line of the rewritten code; `None` where the change has
    /// no span or the input is no text the spans index (binary SPIR-V).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The 1-based column, in characters; `None` with `line`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The strategy chosen for the site ([`Change::strategy`]); `None`
    /// where the pass had no choice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
    /// What was rewritten and how, one line.
    pub message: String,
    /// Further facts a host may need ([`Change::details`]).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub details: BTreeMap<String, String>,
}

impl ChangeJson {
    /// `change`, placed in `source`'s text.
    pub fn new(change: &Change, source: &Source) -> Self {
        let position = source
            .span_text()
            .zip(change.span.to_range())
            .filter(|(text, range)| range.start <= text.len())
            .map(|(text, range)| line_column(text, range.start));
        ChangeJson {
            kind: change.kind.clone(),
            file: source.name.clone(),
            line: position.map(|p| p.0),
            column: position.map(|p| p.1),
            strategy: change.strategy.clone(),
            message: change.message.clone(),
            details: change
                .details
                .iter()
                .filter_map(|(key, value)| {
                    let is_span = key.ends_with("_span") || key.ends_with("_spans");
                    match (is_span, source.span_text()) {
                        (true, Some(text)) => {
                            spans_as_positions(text, value).map(|v| (key.clone(), v))
                        }
                        _ => Some((key.clone(), value.clone())),
                    }
                })
                .collect(),
        }
    }
}

/// A detail that holds byte ranges of the source (`3280..3300`, several
/// joined by commas), as `line:column..line:column` each; `None` for a
/// range the pass could not place (`undefined`), which is left out.
fn spans_as_positions(text: &str, value: &str) -> Option<String> {
    let positions: Option<Vec<String>> = value
        .split(',')
        .map(|range| {
            let (start, end) = range.trim().split_once("..")?;
            let (start, end): (usize, usize) = (start.parse().ok()?, end.parse().ok()?);
            if start > end || end > text.len() {
                return None;
            }
            let (l0, c0) = line_column(text, start);
            let (l1, c1) = line_column(text, end);
            Some(format!("{l0}:{c0}..{l1}:{c1}"))
        })
        .collect();
    positions.map(|p| p.join(", "))
}

impl Report {
    /// The report of a run on `source` that has done nothing yet: no
    /// output, no pass, successful.
    pub fn new(source: &Source) -> Self {
        Report {
            schema: REPORT_SCHEMA_VERSION,
            tool: "shaderxform",
            version: env!("CARGO_PKG_VERSION"),
            input: InputJson {
                path: source.name.clone(),
                format: source.format.name(),
            },
            outputs: Vec::new(),
            validators: Validators::for_run(source.format, &[]),
            passes: Vec::new(),
            diagnostics: Vec::new(),
            bindings: Vec::new(),
            reflection: None,
            success: true,
        }
    }

    /// What a successful compilation did, and the interface it wrote.
    pub fn add_compiled(&mut self, source: &Source, compiled: &crate::Compiled) {
        self.add_passes(source, &compiled.transformed.passes);
        self.reflection = Some(compiled.reflection());
    }

    /// Adds what the passes did (in their order) and their diagnostics,
    /// and the combined image samplers the front end split; an error of
    /// any pass makes the run unsuccessful.
    pub fn add_passes(&mut self, source: &Source, passes: &[PassReport]) {
        let pair = crate::reflect::binding_pair;
        for change in passes
            .iter()
            .filter(|p| p.name == crate::front::LEGALIZE_REPORT)
            .flat_map(|p| &p.changes)
            .filter(|c| c.kind == "split-combined-sampler")
        {
            if let (Some(combined), Some(texture), Some(sampler)) = (
                pair(change.details.get("combined")),
                pair(change.details.get("texture")),
                pair(change.details.get("sampler")),
            ) {
                self.bindings.push(BindingSplitJson {
                    name: change.details.get("name").cloned(),
                    combined,
                    texture,
                    sampler,
                });
            }
        }
        for pass in passes {
            let (status, reason) = match &pass.skipped {
                Some(Skipped::TargetLacks(what)) => {
                    ("skipped", Some(format!("the target lacks {what}")))
                }
                Some(Skipped::NotApplicable) => ("skipped", Some("nothing to do".to_string())),
                Some(_) => ("skipped", None),
                None if pass.changes.is_empty() => ("unchanged", None),
                None => ("changed", None),
            };
            let diagnostics: Vec<DiagnosticJson> = pass
                .diagnostics
                .iter()
                .map(|d| DiagnosticJson::new(d, source))
                .collect();
            self.diagnostics.extend(diagnostics.iter().cloned());
            self.passes.push(PassJson {
                name: pass.name,
                status,
                reason,
                changes: pass
                    .changes
                    .iter()
                    .map(|c| ChangeJson::new(c, source))
                    .collect(),
                diagnostics,
            });
        }
        if passes.iter().any(PassReport::has_errors) {
            self.success = false;
        }
    }

    /// Adds diagnostics that no pass made (parse and validation errors,
    /// emission failures).
    pub fn add_diagnostics<'d>(
        &mut self,
        source: &Source,
        diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    ) {
        for d in diagnostics {
            if d.is_error() {
                self.success = false;
            }
            let json = DiagnosticJson::new(d, source);
            if !self.diagnostics.contains(&json) {
                self.diagnostics.push(json);
            }
        }
    }

    /// Names the validators of a run that writes `formats`.
    pub fn set_output_formats(&mut self, source: &Source, formats: &[crate::OutputFormat]) {
        self.validators = Validators::for_run(source.format, formats);
    }

    /// Adds a file written: its path as given, its format and its size in
    /// bytes.
    pub fn add_output(
        &mut self,
        path: impl Into<String>,
        format: crate::OutputFormat,
        bytes: usize,
    ) {
        self.outputs.push(OutputJson {
            path: path.into(),
            format: format.extension(),
            bytes,
        });
    }

    /// The report as pretty-printed JSON, the form `--report` writes.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always serializes")
    }
}

#[cfg(test)]
mod tests {
    use super::spans_as_positions;

    #[test]
    fn byte_ranges_in_details_are_told_as_lines_and_columns() {
        let text = "fn a() {}\nfn main() {\n  if x { return; }\n}\n";
        let start = text.find("return").unwrap();
        let value = format!("{start}..{}", start + 7);
        assert_eq!(
            spans_as_positions(text, &value).as_deref(),
            Some("3:10..3:17")
        );
        let two = format!("0..2,{value}");
        assert_eq!(
            spans_as_positions(text, &two).as_deref(),
            Some("1:1..1:3, 3:10..3:17")
        );
        assert_eq!(spans_as_positions(text, "undefined"), None);
        assert_eq!(spans_as_positions(text, "5..999"), None);
    }
}
