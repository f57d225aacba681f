//! What a render validation finds, for people and as JSON: the verdict,
//! every target compared and the buffers read back.

use serde::Serialize;

use super::{AdapterJson, BindingJson, Mismatch, Verdict, Warnings, MISMATCHES_LISTED};

/// A finished render validation.
#[derive(Debug)]
pub struct RenderValidation {
    /// Whether the candidate's stages agree.
    pub verdict: Verdict,
    /// What was drawn and what was compared: the run's `report` in
    /// `validate --report`.
    pub report: RenderReport,
    /// The warnings of the candidate's compilation.
    pub warnings: Warnings,
}

/// One target compared.
#[derive(Clone, Debug, Serialize)]
pub struct TargetJson {
    /// `fragment @location(0)`, `vertex @location(1)`, `position`, `depth`.
    pub name: String,
    /// The texture format it was drawn or captured in, as WebGPU spells it
    /// (`rgba8unorm`, `r32float`, `depth32float`).
    pub format: String,
    /// Channels compared over every texel (one a texel for depth).
    pub values_compared: u64,
    /// How many of those differ.
    pub mismatches: u64,
    /// The first that differ, at most [`MISMATCHES_LISTED`].
    pub first_mismatches: Vec<Mismatch>,
}

/// The JSON of one render validation.
#[derive(Clone, Debug, Serialize)]
pub struct RenderReport {
    /// The input, the candidate's source, as given.
    pub input: String,
    /// The reference's file.
    pub reference: String,
    /// `file` (--reference), `harness` or `original` (the input itself),
    /// as a compute report's [`ReferenceJson::kind`](super::ReferenceJson::kind).
    pub reference_kind: &'static str,
    /// The adapter it ran on.
    pub adapter: AdapterJson,
    /// `wgsl` or `spirv`: what both shaders were handed to wgpu as.
    pub shader_format: &'static str,
    /// With `spirv`: who read it, `driver` (the Vulkan driver, as a
    /// Vulkan engine hands it SPIR-V) or `naga` (naga's SPIR-V reader, which
    /// wgpu translates it with elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spirv_read_by: Option<&'static str>,
    /// The vertex entry point, or `generated`.
    pub vertex: String,
    /// The fragment entry point, `capture` where only generated capture
    /// stages read the vertex stage.
    pub fragment: String,
    /// The file of the fragment entry point where it is not the input's
    /// (the `.frag` beside a GLSL `.vert`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fragment_file: Option<String>,
    /// Width and height of every target, in pixels ([`SIZE`](super::render::SIZE)).
    pub target_size: [u32; 2],
    /// Vertices of one instance ([`VERTICES`](super::render::VERTICES)).
    pub vertices: u32,
    /// Instances drawn ([`INSTANCES`](super::render::INSTANCES)).
    pub instances: u32,
    /// The seed of the generated inputs.
    pub seed: u64,
    /// The iterations after which every loop of both shaders left; `None`
    /// when loops ran as written.
    pub loop_bound: Option<u32>,
    /// `agree`, `mismatch` or `hang`.
    pub verdict: &'static str,
    /// Values compared over every target and buffer.
    pub values_compared: u64,
    /// How many of those differ.
    pub mismatches: u64,
    /// With `hang`: which stage did not finish in time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Every colour and depth target drawn and every output captured.
    pub targets: Vec<TargetJson>,
    /// Every buffer the stages bind, by group and binding.
    pub bindings: Vec<BindingJson>,
    /// The textures and samplers made for the draw, as the compute report
    /// describes them.
    pub resources: Vec<String>,
    /// Binding arrays both draws bound element by element, as the compute
    /// report's `split_binding_arrays`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub split_binding_arrays: Vec<String>,
    /// How long it took, in milliseconds: each side's draw and read-back,
    /// and the whole validation.
    pub timings_ms: super::Timings,
}

impl RenderValidation {
    /// [`exit::AGREE`](super::exit::AGREE) when the candidate agrees, else
    /// [`exit::MISMATCH`](super::exit::MISMATCH) (a hang included).
    pub fn exit_code(&self) -> i32 {
        match self.verdict {
            Verdict::Agree => super::exit::AGREE,
            _ => super::exit::MISMATCH,
        }
    }

    /// What happened, for people: the setup, every target and buffer
    /// read back, the first mismatches and a count.
    pub fn describe(&self) -> String {
        let r = &self.report;
        let mut out = format!(
            "adapter: {} ({}, {})\nreference: {} ({})\ncandidate: {} via {}{}\n",
            r.adapter.name,
            r.adapter.backend,
            r.adapter.driver_info.trim(),
            r.reference,
            r.reference_kind,
            r.input,
            r.shader_format,
            super::report::read_by(r.spirv_read_by)
        );
        let fragment_file = r
            .fragment_file
            .as_ref()
            .map(|f| format!(" of {f}"))
            .unwrap_or_default();
        out += &format!(
            "vertex `{}`, fragment `{}`{fragment_file}: {} vertices × {} instances into {}×{} targets, seed {}{}\n",
            r.vertex,
            r.fragment,
            r.vertices,
            r.instances,
            r.target_size[0],
            r.target_size[1],
            r.seed,
            super::report::loops_bounded(r.loop_bound)
        );
        for t in &r.targets {
            let result = super::report::agreement(t.values_compared, t.mismatches);
            out += &format!("  {} ({}): {result}\n", t.name, t.format);
        }
        for resource in &r.resources {
            out += &format!("  {resource}\n");
        }
        out += &super::report::split_arrays_lines(&r.split_binding_arrays);
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
            Verdict::Nondeterministic => {
                "nondeterministic: the reference's own results differ between runs\n".into()
            }
        };
        out
    }
}
