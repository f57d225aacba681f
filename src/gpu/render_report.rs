//! What a render validation finds, for people and as JSON: the verdict,
//! every target compared and the buffers read back.

use serde::Serialize;

use super::{AdapterJson, BindingJson, Mismatch, Verdict, Warnings, MISMATCHES_LISTED};

/// A finished render validation.
#[derive(Debug)]
pub struct RenderValidation {
    pub verdict: Verdict,
    pub report: RenderReport,
    pub warnings: Warnings,
}

/// One target compared.
#[derive(Clone, Debug, Serialize)]
pub struct TargetJson {
    /// `fragment @location(0)`, `vertex @location(1)`, `position`, `depth`.
    pub name: String,
    pub format: String,
    pub values_compared: u64,
    pub mismatches: u64,
    pub first_mismatches: Vec<Mismatch>,
}

/// The JSON of one render validation.
#[derive(Clone, Debug, Serialize)]
pub struct RenderReport {
    pub input: String,
    pub reference: String,
    pub reference_kind: &'static str,
    pub adapter: AdapterJson,
    pub shader_format: &'static str,
    /// The vertex entry point, or `generated`.
    pub vertex: String,
    /// The fragment entry point, `capture` where only generated capture
    /// stages read the vertex stage.
    pub fragment: String,
    /// The file of the fragment entry point where it is not the input's
    /// (the `.frag` beside a GLSL `.vert`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fragment_file: Option<String>,
    pub target_size: [u32; 2],
    pub vertices: u32,
    pub instances: u32,
    pub seed: u64,
    pub verdict: &'static str,
    pub values_compared: u64,
    pub mismatches: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub targets: Vec<TargetJson>,
    pub bindings: Vec<BindingJson>,
    /// The textures and samplers made for the draw, as the compute report
    /// describes them.
    pub resources: Vec<String>,
    pub timings_ms: super::Timings,
}

impl RenderValidation {
    pub fn exit_code(&self) -> i32 {
        match self.verdict {
            Verdict::Agree => super::exit::AGREE,
            _ => super::exit::MISMATCH,
        }
    }

    pub fn describe(&self) -> String {
        let r = &self.report;
        let mut out = format!(
            "adapter: {} ({}, {})\nreference: {} ({})\ncandidate: {} via {}\n",
            r.adapter.name,
            r.adapter.backend,
            r.adapter.driver_info.trim(),
            r.reference,
            r.reference_kind,
            r.input,
            r.shader_format
        );
        let fragment_file = r
            .fragment_file
            .as_ref()
            .map(|f| format!(" of {f}"))
            .unwrap_or_default();
        out += &format!(
            "vertex `{}`, fragment `{}`{fragment_file}: {} vertices × {} instances into {}×{} targets, seed {}\n",
            r.vertex,
            r.fragment,
            r.vertices,
            r.instances,
            r.target_size[0],
            r.target_size[1],
            r.seed
        );
        for t in &r.targets {
            let result = if t.mismatches == 0 {
                format!("{} values agree", t.values_compared)
            } else {
                format!("{} of {} values differ", t.mismatches, t.values_compared)
            };
            out += &format!("  {} ({}): {result}\n", t.name, t.format);
        }
        for resource in &r.resources {
            out += &format!("  {resource}\n");
        }
        for b in r.bindings.iter().filter(|b| b.read_back) {
            out += &format!(
                "  {}: {} of {} values differ\n",
                b.label, b.mismatches, b.values_compared
            );
        }
        let listed: Vec<&Mismatch> = r
            .targets
            .iter()
            .flat_map(|t| t.first_mismatches.iter())
            .chain(r.bindings.iter().flat_map(|b| b.first_mismatches.iter()))
            .take(MISMATCHES_LISTED)
            .collect();
        for m in &listed {
            out += &format!("  mismatch: {m}\n");
        }
        if (r.mismatches as usize) > listed.len() {
            out += &format!("  ... and {} more\n", r.mismatches as usize - listed.len());
        }
        out += &match self.verdict {
            Verdict::Agree => format!(
                "agree: {} values in {} targets match the reference\n",
                r.values_compared,
                r.targets.len()
            ),
            Verdict::Mismatch => format!(
                "mismatch: {} of {} values differ from the reference\n",
                r.mismatches, r.values_compared
            ),
            Verdict::Hang(role) => format!("hang: the {} did not finish\n", role.name()),
        };
        out
    }
}
