//! What a validation finds, and its JSON (`validate --report`): the
//! verdict, the report of every binding compared, and the warnings of
//! the candidate's compilation. Kept apart from the run so that the
//! shape of the report can be read in one place.

use std::path::Path;

use serde::Serialize;

use super::{exit, AdapterJson, Error, Mismatch, Role, MISMATCHES_LISTED};
use crate::report::PassJson;
use crate::source::Source;

/// The outcome of a validation that ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every value compared agrees with the reference's.
    Agree,
    /// At least one value differs.
    Mismatch,
    /// A dispatch did not finish within the timeout.
    Hang(Role),
    /// The reference itself gave different results on two runs of the
    /// same inputs (a race: invocations that write one place without
    /// atomics, or read what others write without a barrier), so a
    /// difference of the candidate proves nothing.
    Nondeterministic,
}

/// A finished validation.
#[derive(Debug)]
pub struct Validation {
    /// Whether the candidate agrees.
    pub verdict: Verdict,
    /// What ran and what was compared: the JSON of `validate --report`.
    pub report: ValidationReport,
    /// The warnings of the candidate's compilation.
    pub warnings: Warnings,
}

/// The warnings of the candidate's compilation (a barrier that
/// `hoist-barriers` had to move, for one), for the command line to show.
#[derive(Clone, Debug)]
pub struct Warnings {
    /// The candidate's source, which the diagnostics' spans point into.
    pub source: Source,
    /// The warnings; empty when there were none.
    pub diagnostics: Vec<crate::Diagnostic>,
}

impl Validation {
    /// [`exit::AGREE`] when the candidate agrees, else
    /// [`exit::MISMATCH`] (a hang included).
    pub fn exit_code(&self) -> i32 {
        match self.verdict {
            Verdict::Agree => exit::AGREE,
            Verdict::Mismatch | Verdict::Hang(_) => exit::MISMATCH,
            Verdict::Nondeterministic => exit::INPUT,
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
            "reference: {} ({kind})\ncandidate: {} via {}{}\n",
            r.reference.path,
            r.input,
            r.shader_format,
            read_by(r.spirv_read_by)
        );
        out += &format!(
            "entry point `{}`, workgroup size {:?}, dispatch {:?}, seed {}{}\n",
            r.entry_point,
            r.workgroup_size,
            r.dispatch,
            r.seed,
            loops_bounded(r.loop_bound)
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
            } else {
                format!(
                    "{} ({})",
                    agreement(b.values_compared, b.mismatches),
                    b.compare
                )
            };
            out += &format!("  {} ({what}): {result}\n", b.label);
            if !b.seeded_small.is_empty() {
                out += &format!(
                    "    seeded in [0, {}], as they decide a loop's count or an index: {}\n",
                    super::bindings::SMALL_INPUT_MAX,
                    b.seeded_small.join(", ")
                );
            }
            if let Some(tolerance) = &b.tolerance {
                out += &format!("    compared: {tolerance}\n");
            }
        }
        out += &split_arrays_lines(&r.split_binding_arrays);
        for write in &r.shared_writes {
            out += &format!(
                "  note: every invocation of a workgroup stores to one place of {write}, without atomics, values that differ: what is left there depends on the order they run in\n"
            );
        }
        // A racing reference's differences are not the candidate's.
        let raced = self.verdict == Verdict::Nondeterministic;
        let listed: Vec<&Mismatch> = r
            .bindings
            .iter()
            .filter(|_| !raced)
            .flat_map(|b| b.first_mismatches.iter())
            .take(MISMATCHES_LISTED)
            .collect();
        for m in &listed {
            out += &format!("  mismatch: {m}\n");
        }
        if !raced && (r.mismatches as usize) > listed.len() {
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
                let reruns = match r.candidate_reruns_identical {
                    Some(n) => format!(
                        "; the candidate's fixed-point sums are the same bytes in {} runs (digest {})",
                        n + 1,
                        r.fixed_point_digest.as_deref().unwrap_or("none")
                    ),
                    None => String::new(),
                };
                format!(
                    "agree: {} values in {} match the reference{reruns}\n",
                    r.values_compared,
                    places.join(" and ")
                )
            }
            Verdict::Mismatch => format!(
                "mismatch: {} of {} values differ from the reference{}\n",
                r.mismatches,
                r.values_compared,
                r.error
                    .as_deref()
                    .map(|e| format!(": {e}"))
                    .unwrap_or_default()
            ),
            Verdict::Hang(role) => format!(
                "hang: the {} did not finish within {:.1} s\n",
                role.name(),
                r.timeout_s
            ),
            Verdict::Nondeterministic => {
                let moved: Vec<String> = r
                    .reference_runs_differ
                    .iter()
                    .flat_map(|b| b.first_mismatches.iter())
                    .take(MISMATCHES_LISTED)
                    .map(|m| format!("  moved between reference runs: {m}\n"))
                    .collect();
                format!(
                    "{}nondeterministic: {}\n",
                    moved.concat(),
                    r.error.as_deref().unwrap_or_default()
                )
            }
        };
        out
    }
}

/// The JSON of `validate --report`.
#[derive(Clone, Debug, Serialize)]
pub struct ValidationReport {
    /// `shaderxform`.
    pub tool: &'static str,
    /// `validate`.
    pub command: &'static str,
    /// The version of shaderxform that wrote it.
    pub version: &'static str,
    /// The input, the candidate's source, as given.
    pub input: String,
    /// What the candidate was compared with.
    pub reference: ReferenceJson,
    /// The harness file read; `None` without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harness: Option<String>,
    /// The adapter it ran on; `None` when the validation stopped before
    /// opening one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adapter: Option<AdapterJson>,
    /// `wgsl` or `spirv`: what both shaders were handed to wgpu as.
    pub shader_format: &'static str,
    /// With `spirv`: who read it, `driver` (the Vulkan driver, as a
    /// Vulkan engine hands it SPIR-V) or `naga` (naga's SPIR-V reader, which
    /// wgpu translates it with elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spirv_read_by: Option<&'static str>,
    /// The compute entry point dispatched; empty when the validation
    /// stopped before choosing one.
    pub entry_point: String,
    /// The entry point's workgroup size.
    pub workgroup_size: [u32; 3],
    /// Workgroups dispatched along x, y and z.
    pub dispatch: [u32; 3],
    /// The seed of the generated inputs.
    pub seed: u64,
    /// The iterations after which every loop of both shaders left; `None`
    /// when loops ran as written.
    pub loop_bound: Option<u32>,
    /// How long one dispatch could take, in seconds.
    pub timeout_s: f64,
    /// `agree`, `mismatch`, `hang`, `error` or `no-adapter`.
    pub verdict: &'static str,
    /// Values compared over every binding: scalars of buffers, channels
    /// of texels.
    pub values_compared: u64,
    /// How many of those differ.
    pub mismatches: u64,
    /// With `nondeterministic`: each binding's first run of the reference
    /// compared with the run that gave other values.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reference_runs_differ: Vec<BindingJson>,
    /// Where the candidate holds fixed-point sums (`sum=fixed`), which must
    /// be the same bits in any order of the adds: how many more runs of
    /// it gave the same bytes as its first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidate_reruns_identical: Option<u32>,
    /// FNV-1a (64-bit) of the bytes of the candidate's fixed-point sums,
    /// in binding order: the same on every GPU that computes the same
    /// addends.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fixed_point_digest: Option<String>,
    /// Stores of the reference that every invocation of a workgroup makes
    /// to one place of a storage buffer, without atomics, of values that
    /// differ (`shaderxform_passes::analysis::shared_writes`), as `` `NAME`
    /// (FILE:LINE:COLUMN) ``: what such a place holds after the dispatch
    /// depends on the order the invocations ran in.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shared_writes: Vec<String>,
    /// Binding arrays of textures and samplers that both shaders bound
    /// element by element, each element at a binding of its own
    /// (`shaderxform_passes::ir::split_binding_arrays`): the adapter has
    /// no binding arrays, or wgpu refuses them beside a uniform buffer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub split_binding_arrays: Vec<String>,
    /// Why the validation stopped: with `hang`, `error` and `no-adapter`;
    /// with `nondeterministic`, why nothing could be compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Every buffer the entry point binds (by group and binding), then its
    /// immediates, then its textures and samplers.
    pub bindings: Vec<BindingJson>,
    /// How long it took, in milliseconds.
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
            spirv_read_by: None,
            entry_point: String::new(),
            workgroup_size: [0; 3],
            dispatch: [0; 3],
            seed: 0,
            loop_bound: None,
            timeout_s: 0.0,
            verdict: match error {
                Error::NoAdapter(_) => "no-adapter",
                _ => "error",
            },
            values_compared: 0,
            mismatches: 0,
            reference_runs_differ: Vec::new(),
            candidate_reruns_identical: None,
            fixed_point_digest: None,
            shared_writes: Vec::new(),
            split_binding_arrays: Vec::new(),
            error: Some(error.to_string()),
            bindings: Vec::new(),
            timings_ms: Timings::default(),
            passes: Vec::new(),
        }
    }

    /// The report as pretty-printed JSON, ending in a newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serializes") + "\n"
    }
}

/// What a validation compared the candidate with.
#[derive(Clone, Debug, Serialize)]
pub struct ReferenceJson {
    /// The reference's file: the input's for `original` and `lowering`;
    /// empty for `none`.
    pub path: String,
    /// `file` (--reference), `harness`, `original` (the input itself),
    /// `lowering` (the input through a pass's reference lowering, when it
    /// cannot run as it is), or `none` (the validation stopped before
    /// choosing one).
    pub kind: &'static str,
    /// With `lowering`: the passes and options, as `--passes` and
    /// `--pass-option` spell them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lowering: Option<String>,
}

/// Wall-clock times of a validation, in milliseconds.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Timings {
    /// The reference's dispatch and read-back, from submission.
    pub reference: f64,
    /// The candidate's, likewise.
    pub candidate: f64,
    /// The whole validation: compiling, opening the device, making the
    /// inputs, both runs and the comparison.
    pub total: f64,
}

/// What a binding was made of and how its values compared.
#[derive(Clone, Debug, Serialize)]
pub struct BindingJson {
    /// The variable's name.
    pub name: String,
    /// Its `@group`.
    pub group: u32,
    /// Its `@binding`.
    pub binding: u32,
    /// The binding for people, as `` `name` (@group(0) @binding(1)) ``;
    /// not in the JSON.
    #[serde(skip)]
    pub label: String,
    /// `uniform`, `storage, read`, `storage, read_write`, `immediate`,
    /// `texture`, `storage texture` or `sampler`.
    pub space: &'static str,
    /// Its WGSL type; for textures with the format, extent, mip levels
    /// and samples made, for samplers with their modes.
    pub type_name: String,
    /// Bytes of the buffer, or of a texture's texels; 0 for a sampler.
    pub bytes: u64,
    /// Elements of the runtime-sized array, or texels of a texture's first
    /// mip level; `None` for the rest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elements: Option<u64>,
    /// How the candidate holds the values: `none`, or `ordered-f32` and
    /// `ordered-f64` where `float-atomics` keeps ordered words instead of
    /// float bits.
    pub encoding: &'static str,
    /// `exact`, `ignore` or `sorted`.
    pub compare: &'static str,
    /// Whether it was read back and compared after the dispatch: the
    /// read-write buffers and the storage textures written; the others
    /// are inputs.
    pub read_back: bool,
    /// Values compared: scalars of a buffer, channels of texels.
    pub values_compared: u64,
    /// How many of those differ.
    pub mismatches: u64,
    /// The first that differ, at most [`MISMATCHES_LISTED`].
    pub first_mismatches: Vec<Mismatch>,
    /// How a storage texture's texels compare (`exact`, or the tolerance
    /// that applied and why).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<String>,
    /// Its integers seeded in `[0, 63]` rather than over every value,
    /// as `name.member`: they decide how long a loop runs or which element
    /// an index picks, and no harness rule says what they hold.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seeded_small: Vec<String>,
}

/// `, loops bounded at N iterations` where validation bounded them.
pub(super) fn loops_bounded(bound: Option<u32>) -> String {
    bound
        .map(|n| format!(", loops bounded at {n} iterations"))
        .unwrap_or_default()
}

/// ` (read by the driver)` or ` (read by naga)` for SPIR-V.
pub(super) fn read_by(reader: Option<&str>) -> String {
    match reader {
        Some("driver") => " (read by the driver)".into(),
        Some(other) => format!(" (read by {other})"),
        None => String::new(),
    }
}

/// `256 values agree`, `1 value agrees`, `3 of 256 values differ`, `1 of 1
/// value differs`: how many of a place's compared values agree.
pub(super) fn agreement(compared: u64, mismatches: u64) -> String {
    let values = if compared == 1 { "value" } else { "values" };
    match mismatches {
        0 if compared == 1 => "1 value agrees".to_string(),
        0 => format!("{compared} values agree"),
        1 => format!("1 of {compared} {values} differs"),
        n => format!("{n} of {compared} {values} differ"),
    }
}

/// The note on binding arrays bound element by element, one line each.
pub(super) fn split_arrays_lines(split: &[String]) -> String {
    split
        .iter()
        .map(|array| {
            format!("  note: binding array {array} bound element by element, in both shaders\n")
        })
        .collect()
}
