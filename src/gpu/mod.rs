//! Differential validation on a real adapter (`shaderxform validate`): the
//! transformed shader (the candidate) and a reference run on the same
//! deterministic inputs through wgpu, and every buffer they write is
//! compared.
//!
//! - The candidate is the input compiled with the caller's options; its
//!   WGSL (or SPIR-V) output is what runs.
//! - The reference is `ValidateOptions::reference`, else the harness's
//!   `reference`, else the input itself compiled with no passes when it
//!   is valid as it is.
//! - A harness (`NAME.harness.toml` beside the input, see [`Harness`])
//!   pins inputs, sizes, the dispatch and how results compare.
//! - Where `float-atomics` keeps an ordered word instead of float bits
//!   (its report says `memory_holds_float_bits = false`), the candidate's
//!   atomics are written with the encoding of the reference's floats and
//!   decoded when read back.
//! - Shaders with a barrier that not every invocation of a workgroup may
//!   reach (one the uniformity analysis cannot prove uniform) are never
//!   dispatched: [`validate`] returns an [`Error`] instead.
//!
//! Like the rest of the library this never prints and never exits; a
//! dispatch that hangs leaks its device so that returning does not wait
//! for the GPU, and the caller should exit soon after.

pub mod bench;
pub mod bench_fresh;
pub mod bench_samples;
mod bench_timer;
pub(crate) mod compare;
pub mod device;
pub mod folder;
pub(crate) mod harness;
pub(crate) mod read_back;
pub mod reflect;
pub mod render;
pub mod suite;
pub(crate) mod values;

pub(crate) mod samplers;
pub(crate) mod texels;
pub(crate) mod textures;

mod bindings;
mod immediates;
mod render_device;
mod render_io;
mod render_plan;
mod render_report;
mod render_shaders;
mod report;
mod resources;
mod setup;
mod texture_compare;
mod texture_device;
mod texture_fill;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;

pub use compare::Mismatch;
pub use device::{AdapterJson, BackendChoice, SpirvReader};
pub use harness::Harness;

pub use report::{
    BindingJson, ReferenceJson, Timings, Validation, ValidationReport, Verdict, Warnings,
};
pub(crate) use setup::set_up;

use crate::pipeline::{Failure, Options};
use crate::report::Report;
use crate::source::Source;
use crate::OutputFormat;
use device::RunOutcome;

/// Elements of a runtime-sized array unless told otherwise.
pub const DEFAULT_SIZE: u64 = 1024;
/// Mismatches listed per binding (all are counted).
pub const MISMATCHES_LISTED: usize = 10;

/// Exit codes of `shaderxform validate`, which the `exit_code` methods of
/// the results return.
pub mod exit {
    /// The candidate agrees with the reference (every run of a module).
    pub const AGREE: i32 = 0;
    /// Bad input, a shader that cannot run, or a failure of wgpu or the
    /// device.
    pub const INPUT: i32 = 1;
    /// A value differs from the reference's, or a dispatch did not finish
    /// within the timeout.
    pub const MISMATCH: i32 = 3;
    /// No adapter (or none whose name matches).
    pub const NO_ADAPTER: i32 = 4;
}

/// What the shaders are handed to wgpu as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShaderFormat {
    /// The WGSL that shaderxform writes.
    Wgsl,
    /// The SPIR-V binary that shaderxform writes, read by wgpu's SPIR-V
    /// reader (naga's).
    Spirv,
}

impl ShaderFormat {
    /// `wgsl` or `spirv`, as `--shader-format` and the reports spell it.
    pub fn name(self) -> &'static str {
        match self {
            ShaderFormat::Wgsl => "wgsl",
            ShaderFormat::Spirv => "spirv",
        }
    }

    fn output(self) -> OutputFormat {
        match self {
            ShaderFormat::Wgsl => OutputFormat::Wgsl,
            ShaderFormat::Spirv => OutputFormat::SpirvBinary,
        }
    }
}

/// Everything a validation is told; command-line values win over the
/// harness's, which win over the defaults.
#[derive(Clone, Debug)]
pub struct ValidateOptions {
    /// How the candidate is compiled (its entry point, if any, is the one
    /// dispatched).
    pub options: Options,
    /// The stage of GLSL inputs.
    pub stage: Option<naga::ShaderStage>,
    /// What both shaders are handed to wgpu as.
    pub shader_format: ShaderFormat,
    /// Workgroups to dispatch along x, y and z; the harness's when `None`,
    /// else enough to cover the largest storage texture written (one
    /// invocation a texel), else the largest runtime array along x.
    pub dispatch: Option<[u32; 3]>,
    /// Runtime-array elements by binding (`name`, `GROUP:BINDING` or
    /// `BINDING`).
    pub sizes: Vec<(String, u64)>,
    /// The seed of every generated input; the harness's when `None`,
    /// else 0.
    pub seed: Option<u64>,
    /// The harness; `NAME.harness.toml` beside the input when `None`.
    pub harness: Option<PathBuf>,
    /// The reference shader; when `None`, the harness's `reference`, else
    /// the input itself compiled with no passes (or, where it is not valid
    /// as it is, through the reference lowering of the pass that makes it
    /// valid).
    pub reference: Option<PathBuf>,
    /// The wgpu back end; when `None`, those `WGPU_BACKEND` names, else
    /// Vulkan, Metal and DX12, else GL.
    pub backend: Option<BackendChoice>,
    /// A substring of the adapter's name.
    pub adapter: Option<String>,
    /// How long one dispatch may take.
    pub timeout: Duration,
    /// The iterations after which every loop of both shaders whose trip
    /// count the input decides leaves ([`LOOP_BOUND`] by default; `None`
    /// runs loops as written). A GPU never stops such a loop, so without a
    /// bound one shader whose input says 2^32 turns into a hang.
    pub loop_bound: Option<u32>,
    /// Who reads SPIR-V in compute runs: naga's reader (wgpu's translation,
    /// the default) or the Vulkan driver itself, where wgpu can pass it
    /// through. Draws always read it through naga.
    pub spirv_reader: SpirvReader,
}

/// The iterations every loop of a validated shader runs at most, unless
/// told otherwise: the bound a CPU driver (lavapipe) puts on every loop, so
/// that results agree between it and a GPU.
pub const LOOP_BOUND: u32 = 65535;

impl ValidateOptions {
    /// The candidate compiled with `options`, as WGSL, with a 10 s
    /// timeout; everything else comes from the harness or the defaults.
    pub fn new(options: Options) -> Self {
        ValidateOptions {
            options,
            stage: None,
            shader_format: ShaderFormat::Wgsl,
            dispatch: None,
            sizes: Vec::new(),
            seed: None,
            harness: None,
            reference: None,
            backend: None,
            adapter: None,
            timeout: Duration::from_secs(10),
            loop_bound: Some(LOOP_BOUND),
            spirv_reader: SpirvReader::Naga,
        }
    }
}

/// Which of the two shaders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The shader the candidate is compared with.
    Reference,
    /// The transformed shader under test.
    Candidate,
}

impl Role {
    /// `reference` or `candidate`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Reference => "reference",
            Role::Candidate => "candidate",
        }
    }
}

/// Why a validation could not compare anything.
#[derive(Debug)]
pub enum Error {
    /// Unreadable files, a wrong harness, a shader validate cannot run or
    /// must not dispatch: exit 1.
    Input(String),
    /// A shader does not compile; its diagnostics are in `failure`.
    Compile {
        /// Which of the two shaders.
        role: Role,
        /// Its source, which the diagnostics' spans point into.
        source: Box<Source>,
        /// What the compiler said.
        failure: Failure,
    },
    /// No adapter: exit 4.
    NoAdapter(String),
    /// wgpu or the driver rejected a shader, or the device failed: exit 1.
    Gpu(String),
}

impl Error {
    /// The exit code of `shaderxform validate` for this error:
    /// [`exit::NO_ADAPTER`] without an adapter, else [`exit::INPUT`].
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::NoAdapter(_) => exit::NO_ADAPTER,
            _ => exit::INPUT,
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Input(m) | Error::NoAdapter(m) | Error::Gpu(m) => f.write_str(m),
            Error::Compile {
                role,
                source,
                failure,
            } => write!(
                f,
                "the {} {} does not compile: {failure}",
                role.name(),
                source.name
            ),
        }
    }
}

impl std::error::Error for Error {}

/// How many times the reference runs again, at most, when the candidate
/// differs from it, to tell a race from a wrong candidate. Only a
/// candidate that differs pays for them; on a busy 2-core machine four
/// were seen to miss a race that the candidate's run had shown.
const REFERENCE_RERUNS: usize = 12;
/// Runs of a candidate with fixed-point sums after its first, each of
/// which must give the same bytes.
const CANDIDATE_RERUNS: u32 = 2;

/// Compares what two runs read back, binding by binding (buffers, the
/// immediates, then storage textures): how many values differ, and each
/// binding's account. `first` is a run of the reference; `second` one of
/// the shader of `second_role`, whose encoding its buffers hold.
fn compare(
    s: &setup::Setup,
    first: &[Option<Vec<u8>>],
    second: &[Option<Vec<u8>>],
    second_role: Role,
) -> (u64, Vec<report::BindingJson>) {
    let mut bindings = Vec::new();
    for (i, plan) in s.plans.iter().enumerate() {
        bindings.push(plan.compare_as(first[i].as_deref(), second[i].as_deref(), second_role));
    }
    if let Some(immediates) = &s.resources.immediates {
        bindings.push(immediates.report());
    }
    for (i, plan) in s.resources.textures.iter().enumerate() {
        let i = s.plans.len() + i;
        bindings.push(plan.compare(first[i].as_deref(), second[i].as_deref()));
    }
    (bindings.iter().map(|b| b.mismatches).sum(), bindings)
}

/// Validates the shader at `input` against its reference.
pub fn validate(input: &Path, opts: &ValidateOptions) -> Result<Validation, Error> {
    let started = Instant::now();
    let s = set_up(input, opts, true)?;
    let warnings = s.warnings();

    let mut report = ValidationReport {
        tool: "shaderxform",
        command: "validate",
        version: env!("CARGO_PKG_VERSION"),
        input: input.display().to_string(),
        reference: ReferenceJson {
            path: s.reference_path.display().to_string(),
            kind: s.reference_kind,
            lowering: s.reference_lowering.clone(),
        },
        harness: s.harness_path.as_ref().map(|p| p.display().to_string()),
        adapter: Some(s.gpu.adapter.clone()),
        shader_format: opts.shader_format.name(),
        spirv_read_by: (opts.shader_format == ShaderFormat::Spirv).then(|| s.spirv_reader.name()),
        entry_point: s.candidate.entry_point().name.clone(),
        workgroup_size: s.workgroup_size,
        dispatch: s.dispatch,
        seed: s.seed,
        loop_bound: opts.loop_bound,
        timeout_s: opts.timeout.as_secs_f64(),
        verdict: "agree",
        values_compared: 0,
        mismatches: 0,
        reference_runs_differ: Vec::new(),
        candidate_reruns_identical: None,
        fixed_point_digest: None,
        shared_writes: s.reference.shared_writes(),
        split_binding_arrays: s.candidate.split_arrays.clone(),
        error: None,
        bindings: Vec::new(),
        timings_ms: Timings::default(),
        passes: {
            let mut r = Report::new(&s.candidate.source);
            r.add_passes(
                &s.candidate.source,
                &s.candidate.compiled.transformed.passes,
            );
            r.passes
        },
    };

    let mut results: Vec<Vec<Option<Vec<u8>>>> = Vec::new();
    // Where the candidate differs, the reference runs again: one that
    // differs from itself on the same inputs says the shader races, not
    // the candidate. A race shows only when invocations overlap, so a few
    // runs are given the chance.
    let reruns = std::iter::repeat_n(Role::Reference, REFERENCE_RERUNS);
    for role in [Role::Reference, Role::Candidate].into_iter().chain(reruns) {
        match results.len() {
            2 if compare(&s, &results[0], &results[1], Role::Candidate).0 == 0 => break,
            n if n > 2 && compare(&s, &results[0], &results[n - 1], Role::Reference).0 > 0 => break,
            _ => {}
        }
        let outcome = s.on_device(role, true, opts.timeout, "running", |gpu, d| gpu.run(d))?;
        match outcome {
            RunOutcome::Done { contents, elapsed } => {
                let ms = elapsed.as_secs_f64() * 1000.0;
                match results.len() {
                    0 => report.timings_ms.reference = ms,
                    1 => report.timings_ms.candidate = ms,
                    _ => {}
                }
                results.push(contents);
            }
            RunOutcome::Hang => {
                // Dropping the device would wait for the dispatch.
                std::mem::forget(s.gpu);
                report.verdict = "hang";
                report.error = Some(format!(
                    "the {} did not finish within {:.1} s",
                    role.name(),
                    opts.timeout.as_secs_f64()
                ));
                report.timings_ms.total = started.elapsed().as_secs_f64() * 1000.0;
                return Ok(Validation {
                    verdict: Verdict::Hang(role),
                    report,
                    warnings,
                });
            }
        }
    }

    let (mismatches, bindings) = compare(&s, &results[0], &results[1], Role::Candidate);
    report.values_compared = bindings.iter().map(|b| b.values_compared).sum();
    report.mismatches = mismatches;
    report.bindings = bindings;
    let overflowed = report.bindings.iter().any(|b| {
        b.name == shaderxform_passes::float_atomics::OVERFLOW_FLAG_NAME && b.mismatches > 0
    });
    if overflowed {
        report.error = Some(format!(
            "a fixed-point sum overflowed: `{}` has a bit set (see each sum's `overflow_bit` in the report); choose a format with more integer bits (`float-atomics.fixed-point`)",
            shaderxform_passes::float_atomics::OVERFLOW_FLAG_NAME
        ));
    }
    // Fixed-point sums are the same bits in any order of the adds: the
    // candidate runs again and must give the same bytes.
    if mismatches == 0 && s.plans.iter().any(|p| p.holds_fixed_point()) {
        let mut identical = 0;
        for _ in 0..CANDIDATE_RERUNS {
            let outcome =
                s.on_device(Role::Candidate, true, opts.timeout, "running", |gpu, d| {
                    gpu.run(d)
                })?;
            let RunOutcome::Done { contents, .. } = outcome else {
                std::mem::forget(s.gpu);
                return Err(Error::Gpu(
                    "the candidate did not finish when run again to check that its fixed-point sums are the same bits".into(),
                ));
            };
            if contents != results[1] {
                report.verdict = "mismatch";
                report.error = Some(format!(
                    "the candidate gave other bytes on run {} of the same inputs, although its fixed-point sums are the same bits in any order of the adds",
                    identical + 2
                ));
                report.candidate_reruns_identical = Some(identical);
                report.timings_ms.total = started.elapsed().as_secs_f64() * 1000.0;
                return Ok(Validation {
                    verdict: Verdict::Mismatch,
                    report,
                    warnings,
                });
            }
            identical += 1;
        }
        report.candidate_reruns_identical = Some(identical);
        let fixed_point_bytes = s
            .plans
            .iter()
            .zip(&results[1])
            .filter(|(plan, _)| plan.holds_fixed_point())
            .filter_map(|(_, bytes)| bytes.as_deref());
        report.fixed_point_digest = Some(format!("{:016x}", fnv1a(fixed_point_bytes)));
    }
    let reference_moved = results
        .get(2..)
        .unwrap_or_default()
        .iter()
        .map(|again| compare(&s, &results[0], again, Role::Reference))
        .find(|(moved, _)| *moved > 0);
    let verdict = if report.mismatches == 0 {
        Verdict::Agree
    } else if let Some((moved, bindings)) = reference_moved {
        report.verdict = "nondeterministic";
        report.error = Some(format!(
            "the reference gave other results on a second run of the same inputs ({moved} {} moved), so the candidate's cannot be compared: its result depends on the order its invocations run in (several invocations write one place without atomics, or read what another writes without a barrier between)",
            if moved == 1 { "value" } else { "values" }
        ));
        report.reference_runs_differ = bindings.into_iter().filter(|b| b.mismatches > 0).collect();
        Verdict::Nondeterministic
    } else {
        report.verdict = "mismatch";
        Verdict::Mismatch
    };
    report.timings_ms.total = started.elapsed().as_secs_f64() * 1000.0;
    Ok(Validation {
        verdict,
        report,
        warnings,
    })
}

/// FNV-1a, 64-bit, over `chunks` one after the other: a digest to compare
/// results between machines, not a defence against anyone.
fn fnv1a<'a>(chunks: impl Iterator<Item = &'a [u8]>) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for byte in chunks.flatten() {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}
