//! What a validation finds, and its JSON (`validate --report`): the
//! verdict, the report of every binding compared, and the warnings of
//! the candidate's compilation. Kept apart from the run so that the
//! shape of the report can be read in one place.

use std::path::Path;

use serde::Serialize;

use super::{exit, AdapterJson, Error, Mismatch, Role, MISMATCHES_LISTED};
use crate::report::PassJson;
use crate::source::Source;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Agree,
    Mismatch,
    /// A dispatch did not finish within the timeout.
    Hang(Role),
}

/// A finished validation.
#[derive(Debug)]
pub struct Validation {
    pub verdict: Verdict,
    pub report: ValidationReport,
    pub warnings: Warnings,
}

/// The warnings of the candidate's compilation (a barrier that
/// `hoist-barriers` had to move, for one), for the command line to show.
#[derive(Clone, Debug)]
pub struct Warnings {
    pub source: Source,
    pub diagnostics: Vec<crate::Diagnostic>,
}

impl Validation {
    pub fn exit_code(&self) -> i32 {
        match self.verdict {
            Verdict::Agree => exit::AGREE,
            Verdict::Mismatch | Verdict::Hang(_) => exit::MISMATCH,
        }
    }

    /// What happened, for people: the setup, the first mismatches and a
    /// count.
    pub fn describe(&self) -> String {
        let r = &self.report;
        let mut out = String::new();
        if let Some(a) = &r.adapter {
            out += &format!(
                "adapter: {} ({}, {})\n",
                a.name,
                a.backend,
                a.driver_info.trim()
            );
        }
        let kind = match &r.reference.lowering {
            Some(lowering) => format!("the input through its reference lowering: {lowering}"),
            None => r.reference.kind.to_string(),
        };
        out += &format!(
            "reference: {} ({kind})\ncandidate: {} via {}\n",
            r.reference.path, r.input, r.shader_format
        );
        out += &format!(
            "entry point `{}`, workgroup size {:?}, dispatch {:?}, seed {}\n",
            r.entry_point, r.workgroup_size, r.dispatch, r.seed
        );
        for b in &r.bindings {
            let mut what = format!("{}, {}", b.space, b.type_name);
            if let Some(n) = b.elements {
                what += &format!(", {n} elements");
            }
            if b.encoding != "none" {
                what += &format!(", candidate holds {}", b.encoding);
            }
            let result = if !b.read_back {
                "input".to_string()
            } else if b.compare == "ignore" {
                "not compared".to_string()
            } else if b.mismatches == 0 {
                format!("{} values agree ({})", b.values_compared, b.compare)
            } else {
                format!(
                    "{} of {} values differ ({})",
                    b.mismatches, b.values_compared, b.compare
                )
            };
            out += &format!("  {} ({what}): {result}\n", b.label);
            if let Some(tolerance) = &b.tolerance {
                out += &format!("    compared: {tolerance}\n");
            }
        }
        let listed: Vec<&Mismatch> = r
            .bindings
            .iter()
            .flat_map(|b| b.first_mismatches.iter())
            .take(MISMATCHES_LISTED)
            .collect();
        for m in &listed {
            out += &format!("  mismatch: {m}\n");
        }
        if (r.mismatches as usize) > listed.len() {
            out += &format!("  ... and {} more\n", r.mismatches as usize - listed.len());
        }
        out += &match self.verdict {
            Verdict::Agree => {
                let written = |space: &str| {
                    r.bindings
                        .iter()
                        .filter(|b| {
                            b.read_back && (b.space == "storage texture") == (space != "buffer")
                        })
                        .count()
                };
                let count = |n: usize, what: &str| match n {
                    0 => None,
                    1 => Some(format!("1 {what}")),
                    _ => Some(format!("{n} {what}s")),
                };
                let places: Vec<String> = [
                    count(written("buffer"), "buffer"),
                    count(written("texture"), "storage texture"),
                ]
                .into_iter()
                .flatten()
                .collect();
                format!(
                    "agree: {} values in {} match the reference\n",
                    r.values_compared,
                    places.join(" and ")
                )
            }
            Verdict::Mismatch => format!(
                "mismatch: {} of {} values differ from the reference\n",
                r.mismatches, r.values_compared
            ),
            Verdict::Hang(role) => format!(
                "hang: the {} did not finish within {:.1} s\n",
                role.name(),
                r.timeout_s
            ),
        };
        out
    }
}

/// The JSON of `validate --report`.
#[derive(Clone, Debug, Serialize)]
pub struct ValidationReport {
    pub tool: &'static str,
    pub command: &'static str,
    pub version: &'static str,
    pub input: String,
    pub reference: ReferenceJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harness: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adapter: Option<AdapterJson>,
    pub shader_format: &'static str,
    pub entry_point: String,
    pub workgroup_size: [u32; 3],
    pub dispatch: [u32; 3],
    pub seed: u64,
    pub timeout_s: f64,
    /// `agree`, `mismatch`, `hang`, `error` or `no-adapter`.
    pub verdict: &'static str,
    pub values_compared: u64,
    pub mismatches: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub bindings: Vec<BindingJson>,
    pub timings_ms: Timings,
    /// What the passes did to the candidate.
    pub passes: Vec<PassJson>,
}

impl ValidationReport {
    /// The report of a validation that stopped before comparing.
    pub fn failed(input: &Path, error: &Error) -> Self {
        ValidationReport {
            tool: "shaderxform",
            command: "validate",
            version: env!("CARGO_PKG_VERSION"),
            input: input.display().to_string(),
            reference: ReferenceJson {
                path: String::new(),
                kind: "none",
                lowering: None,
            },
            harness: None,
            adapter: None,
            shader_format: "wgsl",
            entry_point: String::new(),
            workgroup_size: [0; 3],
            dispatch: [0; 3],
            seed: 0,
            timeout_s: 0.0,
            verdict: match error {
                Error::NoAdapter(_) => "no-adapter",
                _ => "error",
            },
            values_compared: 0,
            mismatches: 0,
            error: Some(error.to_string()),
            bindings: Vec::new(),
            timings_ms: Timings::default(),
            passes: Vec::new(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serializes") + "\n"
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct ReferenceJson {
    pub path: String,
    /// `file` (--reference), `harness`, `original` (the input itself), or
    /// `lowering` (the input through a pass's reference lowering, when it
    /// cannot run as it is).
    pub kind: &'static str,
    /// With `lowering`: the passes and options, as `--passes` and
    /// `--pass-option` spell them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lowering: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Timings {
    pub reference: f64,
    pub candidate: f64,
    pub total: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct BindingJson {
    pub name: String,
    pub group: u32,
    pub binding: u32,
    #[serde(skip)]
    pub label: String,
    pub space: &'static str,
    pub type_name: String,
    pub bytes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elements: Option<u64>,
    pub encoding: &'static str,
    pub compare: &'static str,
    pub read_back: bool,
    pub values_compared: u64,
    pub mismatches: u64,
    pub first_mismatches: Vec<Mismatch>,
    /// How a storage texture's texels compare (`exact`, or the tolerance
    /// that applied and why).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<String>,
}
