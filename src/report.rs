//! The JSON report of a run (`--report FILE`): the input, the outputs, and
//! for each pass what it changed and what it said.

use std::collections::BTreeMap;

use serde::Serialize;
use shaderxform_passes::{Change, PassReport, Skipped};

use crate::diagnostics::{Diagnostic, DiagnosticJson};
use crate::source::{line_column, Source};
use crate::spirv_tools::Validators;

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The version of the report's form: it changes only when a field
    /// changes meaning or goes away (fields may be added within one).
    pub schema: u32,
    pub tool: &'static str,
    pub version: &'static str,
    pub input: InputJson,
    pub outputs: Vec<OutputJson>,
    /// The validators that check this shader: naga's, and SPIRV-Tools'
    /// where SPIR-V is read or written and a `spirv-val` is available.
    pub validators: Validators,
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
    pub success: bool,
}

/// The version of the report's JSON form.
pub const REPORT_SCHEMA_VERSION: u32 = 1;

/// Where a combined image sampler went, `[set, binding]` each.
#[derive(Clone, Debug, Serialize)]
pub struct BindingSplitJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub combined: [u32; 2],
    pub texture: [u32; 2],
    pub sampler: [u32; 2],
}

#[derive(Clone, Debug, Serialize)]
pub struct InputJson {
    pub path: String,
    pub format: &'static str,
}

#[derive(Clone, Debug, Serialize)]
pub struct OutputJson {
    pub path: String,
    pub format: &'static str,
    pub bytes: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct PassJson {
    pub name: &'static str,
    /// `changed`, `unchanged` or `skipped`.
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub changes: Vec<ChangeJson>,
    pub diagnostics: Vec<DiagnosticJson>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ChangeJson {
    pub kind: String,
    pub file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<String>,
    pub message: String,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub details: BTreeMap<String, String>,
}

impl ChangeJson {
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
            details: change.details.clone(),
        }
    }
}

impl Report {
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

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report always serializes")
    }
}
