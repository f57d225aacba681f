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
//! - A harness (`NAME.harness.toml` beside the input, see [`harness`])
//!   pins inputs, sizes, the dispatch and how results compare.
//! - Where `float-atomics` keeps an ordered word instead of float bits
//!   (its report says `memory_holds_float_bits = false`), the candidate's
//!   atomics are written with the encoding of the reference's floats and
//!   decoded when read back.
//! - Shaders with a barrier that not every invocation of a workgroup may
//!   reach are never dispatched (see [`reflect::divergent_barrier`]).
//!
//! Like the rest of the library this never prints and never exits; a
//! dispatch that hangs leaks its device so that returning does not wait
//! for the GPU, and the caller should exit soon after.

pub mod bench;
pub mod compare;
pub mod device;
pub mod harness;
pub mod reflect;
pub mod values;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

pub use compare::Mismatch;
pub use device::{AdapterJson, BackendChoice};
pub use harness::{Compare, Harness, Rule};
pub use values::Encoding;

use crate::pipeline::{Compiled, Compiler, Failure, Options};
use crate::report::{PassJson, Report};
use crate::source::Source;
use crate::{OutputFormat, PassSelection};
use compare::Agreement;
use device::{Code, Gpu, OpenError, RunError, RunOutcome};
use reflect::{Binding, Leaf, Space};
use values::{Constant, Fill, Kind, RandomSpec, Rng, Scalar};

/// Elements of a runtime-sized array unless told otherwise.
pub const DEFAULT_SIZE: u64 = 1024;
/// Mismatches listed per binding (all are counted).
pub const MISMATCHES_LISTED: usize = 10;

/// Exit codes of `shaderxform validate`.
pub mod exit {
    pub const AGREE: i32 = 0;
    pub const INPUT: i32 = 1;
    pub const MISMATCH: i32 = 3;
    pub const NO_ADAPTER: i32 = 4;
}

/// What the shaders are handed to wgpu as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShaderFormat {
    Wgsl,
    Spirv,
}

impl ShaderFormat {
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
    pub shader_format: ShaderFormat,
    pub dispatch: Option<[u32; 3]>,
    /// Runtime-array elements by binding (`name`, `GROUP:BINDING` or
    /// `BINDING`).
    pub sizes: Vec<(String, u64)>,
    pub seed: Option<u64>,
    /// The harness; `NAME.harness.toml` beside the input when `None`.
    pub harness: Option<PathBuf>,
    pub reference: Option<PathBuf>,
    pub backend: Option<BackendChoice>,
    /// A substring of the adapter's name.
    pub adapter: Option<String>,
    /// How long one dispatch may take.
    pub timeout: Duration,
}

impl ValidateOptions {
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
        }
    }
}

/// Which of the two shaders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Reference,
    Candidate,
}

impl Role {
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
        role: Role,
        source: Box<Source>,
        failure: Failure,
    },
    /// No adapter: exit 4.
    NoAdapter(String),
    /// wgpu or the driver rejected a shader, or the device failed: exit 1.
    Gpu(String),
}

impl Error {
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
                let buffers = r.bindings.iter().filter(|b| b.read_back).count();
                format!(
                    "agree: {} values in {buffers} buffer{} match the reference\n",
                    r.values_compared,
                    if buffers == 1 { "" } else { "s" }
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
}

/// A compiled shader and what runs.
struct Prepared {
    source: Source,
    compiled: Compiled,
    ep_index: usize,
}

impl Prepared {
    fn entry_point(&self) -> &naga::EntryPoint {
        &self.compiled.transformed.module.entry_points[self.ep_index]
    }

    fn code(&self) -> Code<'_> {
        let output = &self.compiled.outputs[0];
        match output.format {
            OutputFormat::SpirvBinary => Code::SpirV(
                output
                    .bytes
                    .chunks_exact(4)
                    .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                    .collect(),
            ),
            _ => Code::Wgsl(output.text().unwrap_or_default()),
        }
    }
}

/// What `validate` and `bench` both set up before they dispatch: the two
/// compiled shaders, their inputs, the opened adapter and the dispatch.
pub(crate) struct Setup {
    candidate: Prepared,
    reference: Prepared,
    reference_path: PathBuf,
    reference_kind: &'static str,
    /// The passes that made the input its own reference (`lowering`).
    reference_lowering: Option<String>,
    harness_path: Option<PathBuf>,
    plans: Vec<BindingPlan>,
    seed: u64,
    constants: Vec<(String, f64)>,
    workgroup_size: [u32; 3],
    reference_bytes: Vec<Vec<u8>>,
    candidate_bytes: Vec<Vec<u8>>,
    gpu: Arc<Gpu>,
    dispatch: [u32; 3],
}

impl Setup {
    pub(crate) fn warnings(&self) -> Warnings {
        Warnings {
            source: self.candidate.source.clone(),
            diagnostics: self
                .candidate
                .compiled
                .transformed
                .diagnostics()
                .cloned()
                .collect(),
        }
    }

    /// Describes the dispatch of one of the two shaders (reading back
    /// what it writes only with `read_back`) and hands it to `f` with the
    /// adapter; `failing` says what the device was doing should it fail.
    fn on_device<T>(
        &self,
        role: Role,
        read_back: bool,
        timeout: Duration,
        failing: &str,
        f: impl FnOnce(&Gpu, &device::Dispatch<'_>) -> Result<T, RunError>,
    ) -> Result<T, Error> {
        let (prepared, bytes) = match role {
            Role::Reference => (&self.reference, &self.reference_bytes),
            Role::Candidate => (&self.candidate, &self.candidate_bytes),
        };
        let constants: Vec<(&str, f64)> = self
            .constants
            .iter()
            .map(|(k, v)| (k.as_str(), *v))
            .collect();
        let buffers: Vec<device::Buffer> = self
            .plans
            .iter()
            .zip(bytes)
            .map(|(plan, bytes)| device::Buffer {
                group: plan.group,
                binding: plan.binding,
                space: plan.space,
                bytes,
                read_back: read_back && plan.read_back(),
            })
            .collect();
        let label = format!("{} {}", role.name(), prepared.source.name);
        f(
            &self.gpu,
            &device::Dispatch {
                label: &label,
                code: prepared.code(),
                entry_point: &prepared.entry_point().name,
                constants: &constants,
                buffers: &buffers,
                workgroups: self.dispatch,
                timeout,
            },
        )
        .map_err(|e| match e {
            RunError::Rejected(m) => Error::Gpu(format!(
                "wgpu rejected the {} ({}): {m}",
                role.name(),
                prepared.source.name
            )),
            RunError::Device(m) => Error::Gpu(format!(
                "the device failed {failing} the {}: {m}",
                role.name()
            )),
        })
    }
}

/// Reads, compiles, reflects and plans the shader at `input` and its
/// reference, generates their inputs, opens the adapter and settles the
/// dispatch. With `require_read_back`, an entry point that writes no
/// storage buffer is an error (there is nothing to compare).
pub(crate) fn set_up(
    input: &Path,
    opts: &ValidateOptions,
    require_read_back: bool,
) -> Result<Setup, Error> {
    let source = Source::read(input, opts.stage).map_err(|e| Error::Input(e.to_string()))?;
    let harness_path = opts.harness.clone().or_else(|| Harness::beside(input));
    let harness = match &harness_path {
        Some(path) => Harness::load(path).map_err(Error::Input)?,
        None => Harness::default(),
    };

    let ep_name = opts
        .options
        .emit
        .entry_point
        .clone()
        .or_else(|| harness.entry_point.clone());
    // The adapter completes the target (subgroups, f64, 64-bit atomics), so
    // that passes rewrite for what it can run; without one, input errors
    // still come first.
    let opened = Gpu::shared(opts.backend, opts.adapter.as_deref());
    let mut target = opts.options.target.clone();
    if let Ok(gpu) = &opened {
        gpu.extend_target(&mut target);
    }
    let mut candidate_options = opts.options.clone();
    candidate_options.target = target.clone();
    candidate_options.emit.entry_point = ep_name.clone();
    // The shaders are handed to wgpu, whose WGSL reader is naga's.
    candidate_options.emit.wgsl_for = crate::WgslTarget::Wgpu;
    let candidate = prepare(
        source,
        candidate_options,
        opts.shader_format,
        Role::Candidate,
        ep_name.as_deref(),
    )?;

    let reference_options = Options {
        passes: PassSelection::None,
        pass_options: BTreeMap::new(),
        target,
        emit: crate::EmitOptions {
            entry_point: None,
            wgsl_for: crate::WgslTarget::Wgpu,
            ..opts.options.emit.clone()
        },
        deny_warnings: false,
        front: opts.options.front.clone(),
    };
    let (reference_path, reference_kind) = match (&opts.reference, &harness.reference) {
        (Some(path), _) => (path.clone(), "file"),
        (None, Some(relative)) => (harness.resolve(relative), "harness"),
        (None, None) => (input.to_path_buf(), "original"),
    };
    let reference_source = Source::read(&reference_path, opts.stage)
        .map_err(|e| Error::Input(format!("the reference: {e}")))?;
    let ep_for_reference = Some(candidate.entry_point().name.clone());
    let mut reference_kind = reference_kind;
    let mut reference_lowering = None;
    let reference = match prepare(
        reference_source.clone(),
        reference_options.clone(),
        opts.shader_format,
        Role::Reference,
        ep_for_reference.as_deref(),
    ) {
        Err(Error::Compile {
            failure, source, ..
        }) if reference_kind == "original" && is_divergent_barrier(&failure) => {
            return Err(Error::Input(format!(
                "refusing to dispatch the reference: {}; a barrier that not every invocation of a workgroup reaches is undefined behaviour and can hang the GPU, so {} cannot be its own reference: give --reference FILE or `reference = \"FILE\"` in a harness. `shaderxform check --passes none` says why it is divergent",
                failure_position(&failure, &source),
                input.display()
            )))
        }
        Err(Error::Compile { failure, .. }) if reference_kind == "original" => {
            // An input naga rejects as it is (float atomics) is made
            // runnable by a pass of its own; where the candidate runs that
            // pass, its reference lowering is the reference.
            let Some(lowering) = reference_lowering_for(&opts.options) else {
                return Err(Error::Input(format!(
                    "no reference: {} is not valid as it is ({failure}), so it cannot be its own reference; give --reference FILE or `reference = \"FILE\"` in a harness",
                    input.display()
                )));
            };
            let lowered = prepare(
                reference_source,
                Options {
                    passes: lowering.passes,
                    pass_options: lowering.pass_options,
                    ..reference_options
                },
                opts.shader_format,
                Role::Reference,
                ep_for_reference.as_deref(),
            )?;
            reference_kind = "lowering";
            reference_lowering = Some(lowering.spelled);
            lowered
        }
        other => other?,
    };

    refuse_divergent_barriers([(&reference, Role::Reference), (&candidate, Role::Candidate)])?;

    let reflect = |p: &Prepared, role: Role| {
        reflect::bindings(
            &p.compiled.transformed.module,
            &p.compiled.transformed.info,
            p.ep_index,
        )
        .map_err(|e| Error::Input(format!("the {}: {e}", role.name())))
    };
    let reference_bindings = reflect(&reference, Role::Reference)?;
    let candidate_bindings = reflect(&candidate, Role::Candidate)?;
    let pairs = pair_bindings(reference_bindings, candidate_bindings)?;

    let seed = opts.seed.or(harness.seed).unwrap_or(0);
    let atomic_floats = atomic_floats(&candidate.compiled.transformed.passes);
    let mut plans = Vec::with_capacity(pairs.len());
    let keys: Vec<(&Binding, &Binding)> = pairs.iter().map(|(r, c)| (r, c)).collect();
    let resolve_key = |key: &str, what: &str| -> Result<usize, Error> {
        find_binding(&keys, key).ok_or_else(|| {
            Error::Input(format!(
                "{what} names the binding `{key}`, which the entry point does not use (it uses {})",
                keys.iter()
                    .map(|(r, _)| format!("`{}` ({}:{})", r.name, r.group, r.binding))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    };
    let mut rules: Vec<Option<&Rule>> = vec![None; pairs.len()];
    for (key, rule) in &harness.binding {
        rules[resolve_key(key, "the harness")?] = Some(rule);
    }
    let mut sizes: Vec<Option<u64>> = rules.iter().map(|r| r.and_then(|r| r.size)).collect();
    for (key, n) in &opts.sizes {
        sizes[resolve_key(key, "--size")?] = Some(*n);
    }
    for (i, (reference_binding, candidate_binding)) in pairs.iter().enumerate() {
        plans.push(plan_binding(
            reference_binding,
            candidate_binding,
            rules[i],
            sizes[i],
            &harness,
            atomic_floats.get(&(candidate_binding.group, candidate_binding.binding)),
        )?);
    }

    if require_read_back && !plans.iter().any(|p| p.read_back()) {
        return Err(Error::Input(format!(
            "nothing to compare: the entry point `{}` writes no storage buffer",
            candidate.entry_point().name
        )));
    }

    let constants: Vec<(String, f64)> = match opts.shader_format {
        ShaderFormat::Wgsl => opts
            .options
            .emit
            .overrides
            .iter()
            .map(|(k, v)| (k.clone(), *v))
            .collect(),
        // SPIR-V output has the overrides' values written in.
        ShaderFormat::Spirv => Vec::new(),
    };
    let workgroup_size = workgroup_size(&candidate, &constants);

    // Inputs, identical for both shaders (up to the candidate's encoding).
    let mut reference_bytes = Vec::with_capacity(plans.len());
    let mut candidate_bytes = Vec::with_capacity(plans.len());
    for plan in &plans {
        let logical = generate(plan, seed)?;
        reference_bytes.push(plan.write(&logical, Role::Reference));
        candidate_bytes.push(plan.write(&logical, Role::Candidate));
    }

    let gpu = opened.map_err(|e| match e {
        OpenError::NoAdapter(m) => Error::NoAdapter(m),
        OpenError::Device(m) => Error::Gpu(m),
    })?;
    let limits = gpu.limits();
    let dispatch = opts.dispatch.or(harness.dispatch).unwrap_or_else(|| {
        let elements = plans.iter().filter_map(|p| p.elements).max().unwrap_or(1);
        let x = elements
            .div_ceil(workgroup_size[0].max(1) as u64)
            .clamp(1, limits.max_compute_workgroups_per_dimension as u64);
        [x as u32, 1, 1]
    });
    if dispatch
        .iter()
        .any(|&n| n == 0 || n > limits.max_compute_workgroups_per_dimension)
    {
        return Err(Error::Input(format!(
            "dispatch {dispatch:?}: each count must be between 1 and {}",
            limits.max_compute_workgroups_per_dimension
        )));
    }

    Ok(Setup {
        candidate,
        reference,
        reference_path,
        reference_kind,
        reference_lowering,
        harness_path,
        plans,
        seed,
        constants,
        workgroup_size,
        reference_bytes,
        candidate_bytes,
        gpu,
        dispatch,
    })
}

/// How an input that cannot run as it is becomes its own reference.
struct ReferenceLowering {
    passes: PassSelection,
    pass_options: BTreeMap<String, BTreeMap<String, String>>,
    /// The passes and options as the command line spells them.
    spelled: String,
}

/// The passes that make an input naga rejects as it is into its own
/// reference, when the candidate's passes include one that can: the
/// float-atomics pass with its compare-exchange lowering (the candidate's
/// NaN mode kept).
fn reference_lowering_for(options: &Options) -> Option<ReferenceLowering> {
    const PASS: &str = "float-atomics";
    let runs = match &options.passes {
        PassSelection::All => true,
        PassSelection::None => false,
        PassSelection::Named(names) => names.iter().any(|n| n == PASS),
    };
    if !runs {
        return None;
    }
    let mut pass_options = BTreeMap::new();
    let mut own = options.pass_options.get(PASS).cloned().unwrap_or_default();
    own.insert("strategy".to_string(), "cas".to_string());
    let spelled: Vec<String> = own
        .iter()
        .map(|(k, v)| format!("--pass-option {PASS}.{k}={v}"))
        .collect();
    pass_options.insert(PASS.to_string(), own);
    Some(ReferenceLowering {
        passes: PassSelection::Named(vec![PASS.to_string()]),
        pass_options,
        spelled: format!("--passes {PASS} {}", spelled.join(" ")),
    })
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
        entry_point: s.candidate.entry_point().name.clone(),
        workgroup_size: s.workgroup_size,
        dispatch: s.dispatch,
        seed: s.seed,
        timeout_s: opts.timeout.as_secs_f64(),
        verdict: "agree",
        values_compared: 0,
        mismatches: 0,
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

    let mut results = Vec::new();
    for role in [Role::Reference, Role::Candidate] {
        let outcome = s.on_device(role, true, opts.timeout, "running", |gpu, d| gpu.run(d))?;
        match outcome {
            RunOutcome::Done { contents, elapsed } => {
                let ms = elapsed.as_secs_f64() * 1000.0;
                match role {
                    Role::Reference => report.timings_ms.reference = ms,
                    Role::Candidate => report.timings_ms.candidate = ms,
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

    for (i, plan) in s.plans.iter().enumerate() {
        let json = plan.compare(results[0][i].as_deref(), results[1][i].as_deref());
        report.values_compared += json.values_compared;
        report.mismatches += json.mismatches;
        report.bindings.push(json);
    }
    let verdict = if report.mismatches == 0 {
        Verdict::Agree
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

/// Whether a compilation failed on the check for barriers in non-uniform
/// control flow.
fn is_divergent_barrier(failure: &Failure) -> bool {
    failure.diagnostics.iter().any(|d| {
        d.code.as_deref() == Some(shaderxform_passes::analysis::divergent_barriers::UNCHECKED_CODE)
    })
}

/// The first error of a failure, with its `file:line:col` where it has one.
fn failure_position(failure: &Failure, source: &Source) -> String {
    let Some(first) = failure.diagnostics.first() else {
        return failure.to_string();
    };
    let at = first
        .primary_span()
        .zip(source.span_text())
        .map(|(span, text)| {
            let loc = span.location(text);
            format!(
                " ({}:{}:{})",
                source.name, loc.line_number, loc.line_position
            )
        })
        .unwrap_or_default();
    format!("{}{at}", first.message)
}

/// Validate's barrier guard: an error, before anything is dispatched, when
/// a shader has a barrier that the uniformity analysis cannot prove every
/// invocation of a workgroup reaches. There is no way around it: such a
/// dispatch can hang the device. Compiling already refuses such shaders;
/// this check of the very module about to be dispatched stays because a
/// hang costs the whole device, whatever path produced the module.
fn refuse_divergent_barriers(shaders: [(&Prepared, Role); 2]) -> Result<(), Error> {
    for (prepared, role) in shaders {
        let module = &prepared.compiled.transformed.module;
        if let Some((what, span)) = reflect::divergent_barrier(module, prepared.entry_point()) {
            let at = prepared
                .source
                .text()
                .filter(|_| span.is_defined())
                .map(|text| {
                    let loc = span.location(text);
                    format!(
                        " ({}:{}:{})",
                        prepared.source.name, loc.line_number, loc.line_position
                    )
                })
                .unwrap_or_default();
            return Err(Error::Input(format!(
                "refusing to dispatch the {}: {what}{at}; a barrier that not every invocation of a workgroup reaches is undefined behaviour and can hang the GPU. `shaderxform check --passes hoist-barriers` says why it is divergent and hoists it where that is provably safe",
                role.name()
            )));
        }
    }
    Ok(())
}

fn prepare(
    source: Source,
    options: Options,
    format: ShaderFormat,
    role: Role,
    entry_point: Option<&str>,
) -> Result<Prepared, Error> {
    let fail = |source: &Source, failure: Failure| Error::Compile {
        role,
        source: Box::new(source.clone()),
        failure,
    };
    let compiler = Compiler::new(options).map_err(|f| fail(&source, f))?;
    let compiled = compiler
        .compile(&source, &[format.output()])
        .map_err(|f| fail(&source, f))?;
    let ep_index = reflect::entry_point(&compiled.transformed.module, entry_point, role.name())
        .map_err(|e| Error::Input(format!("{}: {e}", source.name)))?;
    Ok(Prepared {
        source,
        compiled,
        ep_index,
    })
}

/// The workgroup size, with overrides resolved where it depends on them.
fn workgroup_size(p: &Prepared, constants: &[(String, f64)]) -> [u32; 3] {
    let ep = p.entry_point();
    if ep.workgroup_size_overrides.is_none() {
        return ep.workgroup_size;
    }
    let mut pipeline_constants = naga::back::PipelineConstants::default();
    for (k, v) in constants {
        pipeline_constants.insert(k.clone(), *v);
    }
    naga::back::pipeline_constants::process_overrides(
        &p.compiled.transformed.module,
        &p.compiled.transformed.info,
        Some((ep.stage, &ep.name)),
        &pipeline_constants,
    )
    .ok()
    .and_then(|(m, _)| {
        m.entry_points
            .iter()
            .find(|e| e.name == ep.name)
            .map(|e| e.workgroup_size)
    })
    .unwrap_or([1, 1, 1])
}

/// Pairs the bindings of the two shaders; both must bind the same slots
/// with the same layout.
fn pair_bindings(
    reference: Vec<Binding>,
    candidate: Vec<Binding>,
) -> Result<Vec<(Binding, Binding)>, Error> {
    let slots = |b: &[Binding]| b.iter().map(|b| (b.group, b.binding)).collect::<Vec<_>>();
    if slots(&reference) != slots(&candidate) {
        let list = |b: &[Binding]| {
            b.iter()
                .map(|b| format!("`{}` ({}:{})", b.name, b.group, b.binding))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(Error::Input(format!(
            "the reference and the candidate bind different buffers: the reference uses {}; the candidate uses {}",
            list(&reference),
            list(&candidate)
        )));
    }
    let mut pairs = Vec::new();
    for (r, mut c) in reference.into_iter().zip(candidate) {
        if holds_the_same_words(&r, &c) {
            // lane-transpose accesses an array of records as the words it
            // is made of: the bytes are the reference's.
            c = Binding {
                name: c.name,
                ..r.clone()
            };
        }
        let shape = |b: &Binding| {
            (
                b.space,
                b.fixed_size,
                b.fixed
                    .iter()
                    .map(|l| (l.offset, l.scalar.width))
                    .collect::<Vec<_>>(),
                b.runtime.as_ref().map(|r| {
                    (
                        r.offset,
                        r.stride,
                        r.leaves
                            .iter()
                            .map(|l| (l.offset, l.scalar.width))
                            .collect::<Vec<_>>(),
                    )
                }),
            )
        };
        if shape(&r) != shape(&c) {
            return Err(Error::Input(format!(
                "{}: the reference ({}, {}) and the candidate ({}, {}) lay it out differently; validate compares the buffers byte for byte",
                r.label(),
                r.space.name(),
                r.type_name,
                c.space.name(),
                c.type_name
            )));
        }
        pairs.push((r, c));
    }
    Ok(pairs)
}

/// Whether `candidate` is a runtime array of 32-bit words and `reference`
/// a runtime array of records of 32-bit words, packed, at the same offset.
fn holds_the_same_words(reference: &Binding, candidate: &Binding) -> bool {
    let (Some(r), Some(c)) = (&reference.runtime, &candidate.runtime) else {
        return false;
    };
    let words = |leaves: &[reflect::Leaf], stride: u64| {
        leaves.len() as u64 * 4 == stride
            && leaves
                .iter()
                .enumerate()
                .all(|(i, l)| l.offset == 4 * i as u64 && l.scalar.width == 4 && !l.atomic)
    };
    // Members before the array (a GLSL block's `uint count;`) stay as
    // they are.
    let same_fixed = reference.fixed.len() == candidate.fixed.len()
        && reference.fixed.iter().zip(&candidate.fixed).all(|(a, b)| {
            a.offset == b.offset && a.scalar == b.scalar && a.atomic == b.atomic && a.path == b.path
        });
    same_fixed
        && r.offset == c.offset
        && c.stride == 4
        && words(&c.leaves, c.stride)
        && r.stride > 4
        && r.stride % 4 == 0
        // The reference's records may hold padding (after a `vec3`): its
        // leaves are 32-bit words at word offsets, compared one by one.
        && r
            .leaves
            .iter()
            .all(|l| l.offset % 4 == 0 && l.offset < r.stride && l.scalar.width == 4 && !l.atomic)
}

/// A binding named by `name`, `GROUP:BINDING` or `BINDING` (group 0).
fn find_binding(bindings: &[(&Binding, &Binding)], key: &str) -> Option<usize> {
    let slot = match key.split_once(':') {
        Some((g, b)) => g.trim().parse().ok().zip(b.trim().parse().ok()),
        None => key.trim().parse().ok().map(|b| (0u32, b)),
    };
    bindings
        .iter()
        .position(|(r, c)| r.name == key || c.name == key || slot == Some((r.group, r.binding)))
}

/// `(group, binding) -> how the candidate's atomics hold floats`, from
/// `float-atomics`' report.
fn atomic_floats(passes: &[shaderxform_passes::PassReport]) -> HashMap<(u32, u32), Encoding> {
    let mut out = HashMap::new();
    for change in passes.iter().flat_map(|p| p.changes.iter()) {
        if change.kind != "retype-atomic" {
            continue;
        }
        let d = &change.details;
        let slot = d
            .get("group")
            .and_then(|g| g.parse().ok())
            .zip(d.get("binding").and_then(|b| b.parse().ok()));
        let Some(slot) = slot else { continue };
        let encoded = d.get("memory_holds_float_bits").map(String::as_str) == Some("false");
        out.insert(
            slot,
            if encoded {
                Encoding::OrderedF32
            } else {
                Encoding::None
            },
        );
    }
    out
}

/// How one leaf is filled and compared.
#[derive(Clone, Debug)]
struct LeafPlan {
    /// The type of the values (the reference's, or what the harness or
    /// the candidate's encoding says).
    logical: Scalar,
    /// How the candidate holds it.
    encoding: Encoding,
    fill: Fill,
    /// Explicit values and the key of the rule they belong to.
    values: Option<(usize, Vec<Constant>)>,
    /// The key of the most specific rule, whose leaves `index` counts.
    scope: usize,
    random: RandomSpec,
    compare: Compare,
    tolerance: u32,
}

/// A leaf in the buffer: which template, and which runtime element.
struct Slot<'a> {
    leaf: &'a Leaf,
    plan: &'a LeafPlan,
    offset: u64,
    element: Option<u64>,
}

struct BindingPlan {
    name: String,
    label: String,
    group: u32,
    binding: u32,
    space: Space,
    type_name: String,
    encoding: Encoding,
    compare: Compare,
    /// Runtime-array elements.
    elements: Option<u64>,
    bytes: u64,
    reference: Binding,
    fixed: Vec<LeafPlan>,
    runtime: Vec<LeafPlan>,
}

fn plan_binding(
    reference: &Binding,
    candidate: &Binding,
    rule: Option<&Rule>,
    size: Option<u64>,
    harness: &Harness,
    atomic_float: Option<&Encoding>,
) -> Result<BindingPlan, Error> {
    let label = reference.label();
    let input = |m: String| Error::Input(format!("{label}: {m}"));
    let encoding = match rule.and_then(|r| r.encoding) {
        Some(e) => e,
        None => match atomic_float {
            // The ordered encoding of the candidate's atomic words.
            Some(Encoding::OrderedF32) => {
                let width = candidate
                    .fixed
                    .iter()
                    .chain(candidate.runtime.iter().flat_map(|r| r.leaves.iter()))
                    .find(|l| l.atomic)
                    .map_or(4, |l| l.scalar.width);
                if width == 8 {
                    Encoding::OrderedF64
                } else {
                    Encoding::OrderedF32
                }
            }
            _ => Encoding::None,
        },
    };
    let compare = rule.and_then(|r| r.compare).unwrap_or(Compare::Exact);
    if compare == Compare::Sorted && !reference.is_array() && reference.runtime.is_none() {
        return Err(input(
            "`compare = \"sorted\"` needs an array to sort".to_string(),
        ));
    }
    let elements = match (&reference.runtime, size) {
        (Some(r), n) => {
            let mut n = n.unwrap_or(DEFAULT_SIZE).max(1);
            // Storage bindings are a multiple of four bytes long.
            while (r.offset + n * r.stride) % 4 != 0 {
                n += 1;
            }
            Some(n)
        }
        (None, Some(_)) => {
            return Err(input(format!(
                "has a fixed size ({}), so it takes no size",
                reference.type_name
            )))
        }
        (None, None) => None,
    };
    if let Some(rule) = rule {
        check_fields(rule, reference, &label)?;
    }

    let plan_leaf = |r: &Leaf, c: &Leaf, prefix: &[String]| -> Result<LeafPlan, Error> {
        let mut chain: Vec<&Rule> = Vec::new();
        if let Some(rule) = rule {
            chain.push(rule);
            for name in prefix.iter().chain(r.path.iter()) {
                match chain.last().and_then(|r| r.fields.get(name)) {
                    Some(next) => chain.push(next),
                    None => break,
                }
            }
        }
        let last = |f: &dyn Fn(&Rule) -> bool| chain.iter().rev().find(|r| f(r)).copied();
        let where_ = format!("{}{}", reference.name, r.suffix);
        let leaf_error = |m: String| Error::Input(format!("{label}, {where_}: {m}"));
        let explicit = match last(&|r| r.ty.is_some()).and_then(|r| r.ty.as_deref()) {
            Some(name) => Some(Scalar::parse(name).ok_or_else(|| {
                leaf_error(format!(
                    "`type = \"{name}\"` is not a scalar type (f16, f32, f64, i32, u32, i64, u64)"
                ))
            })?),
            None => None,
        };
        let encoded = c.atomic && c.scalar.kind != Kind::Float && atomic_float.is_some();
        let leaf_encoding = if c.atomic && c.scalar.kind != Kind::Float {
            encoding
        } else {
            Encoding::None
        };
        let logical = explicit
            .or(leaf_encoding.logical())
            .or(encoded.then(|| Scalar::float(c.scalar.width)))
            .or((r.scalar.kind == Kind::Float).then_some(r.scalar))
            .or((c.scalar.kind == Kind::Float).then_some(c.scalar))
            .unwrap_or(r.scalar);
        if logical.width != r.scalar.width {
            return Err(leaf_error(format!(
                "{logical} values do not fit the {} the shaders hold",
                r.scalar
            )));
        }
        let fill = match last(&|r| r.fill.is_some()).and_then(|r| r.fill.as_ref()) {
            Some(v) => values::parse_fill(v).map_err(|e| leaf_error(format!("fill: {e}")))?,
            None => Fill::Random,
        };
        if let Fill::Constant(c) = fill {
            values::constant_bits(c, logical).map_err(|e| leaf_error(format!("fill: {e}")))?;
        }
        let values = match last(&|r| r.values.is_some()) {
            Some(rule) => {
                let constants = rule
                    .values
                    .iter()
                    .flatten()
                    .map(|v| {
                        let c = values::parse_constant(v)?;
                        values::constant_bits(c, logical)?;
                        Ok(c)
                    })
                    .collect::<Result<Vec<_>, String>>()
                    .map_err(|e| leaf_error(format!("values: {e}")))?;
                Some((rule as *const Rule as usize, constants))
            }
            None => None,
        };
        let compare = match last(&|r| r.compare.is_some()).and_then(|r| r.compare) {
            Some(Compare::Sorted) if chain.len() > 1 => {
                return Err(leaf_error(
                    "`compare = \"sorted\"` goes on the binding, not on a field".into(),
                ))
            }
            Some(Compare::Ignore) => Compare::Ignore,
            _ => Compare::Exact,
        };
        let range = last(&|r| r.range.is_some())
            .and_then(|r| r.range)
            .map(|[lo, hi]| (lo, hi));
        Ok(LeafPlan {
            logical,
            encoding: leaf_encoding,
            fill,
            values,
            scope: chain.last().map_or(0, |r| *r as *const Rule as usize),
            random: RandomSpec {
                allow_infinities: last(&|r| r.allow_infinities.is_some())
                    .and_then(|r| r.allow_infinities)
                    .unwrap_or(harness.allow_infinities),
                allow_nan: last(&|r| r.allow_nan.is_some())
                    .and_then(|r| r.allow_nan)
                    .unwrap_or(harness.allow_nan),
                range,
            },
            compare,
            tolerance: last(&|r| r.tolerance_ulps.is_some())
                .and_then(|r| r.tolerance_ulps)
                .or(harness.tolerance_ulps)
                .unwrap_or(0),
        })
    };
    let fixed = reference
        .fixed
        .iter()
        .zip(&candidate.fixed)
        .map(|(r, c)| plan_leaf(r, c, &[]))
        .collect::<Result<Vec<_>, _>>()?;
    let runtime = match (&reference.runtime, &candidate.runtime) {
        (Some(r), Some(c)) => r
            .leaves
            .iter()
            .zip(&c.leaves)
            .map(|(rl, cl)| plan_leaf(rl, cl, &r.path))
            .collect::<Result<Vec<_>, _>>()?,
        _ => Vec::new(),
    };
    Ok(BindingPlan {
        name: reference.name.clone(),
        label,
        group: reference.group,
        binding: reference.binding,
        space: reference.space,
        type_name: reference.type_name.clone(),
        encoding,
        compare,
        elements,
        bytes: reference.byte_size(elements.unwrap_or(0)),
        reference: reference.clone(),
        fixed,
        runtime,
    })
}

/// Every `fields` key of a rule names a member.
fn check_fields(rule: &Rule, binding: &Binding, label: &str) -> Result<(), Error> {
    let mut paths: Vec<Vec<String>> = binding.fixed.iter().map(|l| l.path.clone()).collect();
    if let Some(r) = &binding.runtime {
        for l in &r.leaves {
            paths.push(r.path.iter().chain(&l.path).cloned().collect());
        }
    }
    fn walk(
        rule: &Rule,
        prefix: &mut Vec<String>,
        paths: &[Vec<String>],
        label: &str,
    ) -> Result<(), Error> {
        for (name, nested) in &rule.fields {
            prefix.push(name.clone());
            if !paths.iter().any(|p| p.starts_with(prefix)) {
                return Err(Error::Input(format!(
                    "{label}: the harness names the field `{}`, which it does not have",
                    prefix.join(".")
                )));
            }
            walk(nested, prefix, paths, label)?;
            prefix.pop();
        }
        Ok(())
    }
    walk(rule, &mut Vec::new(), &paths, label)
}

impl BindingPlan {
    fn read_back(&self) -> bool {
        self.space == (Space::Storage { writable: true })
    }

    /// Every leaf in buffer order.
    fn slots(&self) -> impl Iterator<Item = Slot<'_>> {
        let fixed = self
            .reference
            .fixed
            .iter()
            .zip(&self.fixed)
            .map(|(leaf, plan)| Slot {
                leaf,
                plan,
                offset: leaf.offset,
                element: leaf.element,
            });
        let runtime = self.reference.runtime.iter().flat_map(move |r| {
            (0..self.elements.unwrap_or(0)).flat_map(move |e| {
                r.leaves
                    .iter()
                    .zip(&self.runtime)
                    .map(move |(leaf, plan)| Slot {
                        leaf,
                        plan,
                        offset: r.offset + e * r.stride + leaf.offset,
                        element: Some(e),
                    })
            })
        });
        fixed.chain(runtime)
    }

    fn location(&self, slot: &Slot<'_>, sorted: Option<u64>) -> String {
        match &self.reference.runtime {
            Some(r) if slot.leaf.element.is_none() && slot.element.is_some() => {
                let index = match sorted {
                    Some(k) => format!("sorted {k}"),
                    None => slot.element.unwrap_or(0).to_string(),
                };
                format!("{}{}[{index}]{}", self.name, r.prefix, slot.leaf.suffix)
            }
            _ => match sorted {
                // A fixed array's elements: swap the index for the rank.
                Some(k) => {
                    let suffix = &slot.leaf.suffix;
                    let rest = suffix.find(']').map_or("", |i| &suffix[i + 1..]);
                    format!("{}[sorted {k}]{rest}", self.name)
                }
                None => format!("{}{}", self.name, slot.leaf.suffix),
            },
        }
    }

    /// The bytes of one shader's buffer holding `logical`.
    fn write(&self, logical: &[u64], role: Role) -> Vec<u8> {
        let mut bytes = vec![0u8; self.bytes as usize];
        for (slot, &value) in self.slots().zip(logical) {
            let word = match role {
                Role::Candidate => slot.plan.encoding.encode(value),
                Role::Reference => value,
            };
            let width = slot.leaf.scalar.width as usize;
            let at = slot.offset as usize;
            bytes[at..at + width].copy_from_slice(&word.to_le_bytes()[..width]);
        }
        bytes
    }

    /// The values a shader's buffer holds.
    fn read(&self, bytes: &[u8], role: Role) -> Vec<u64> {
        self.slots()
            .map(|slot| {
                let width = slot.leaf.scalar.width as usize;
                let at = slot.offset as usize;
                let mut word = [0u8; 8];
                word[..width].copy_from_slice(&bytes[at..at + width]);
                let word = u64::from_le_bytes(word);
                match role {
                    Role::Candidate => slot.plan.encoding.decode(word),
                    Role::Reference => word,
                }
            })
            .collect()
    }

    fn compare(&self, reference: Option<&[u8]>, candidate: Option<&[u8]>) -> BindingJson {
        let mut json = BindingJson {
            name: self.name.clone(),
            group: self.group,
            binding: self.binding,
            label: self.label.clone(),
            space: self.space.name(),
            type_name: self.type_name.clone(),
            bytes: self.bytes,
            elements: self.elements,
            encoding: self.encoding.name(),
            compare: self.compare.name(),
            read_back: self.read_back(),
            values_compared: 0,
            mismatches: 0,
            first_mismatches: Vec::new(),
        };
        let (Some(reference), Some(candidate)) = (reference, candidate) else {
            return json;
        };
        if self.compare == Compare::Ignore {
            return json;
        }
        let expected = self.read(reference, Role::Reference);
        let got = self.read(candidate, Role::Candidate);
        let slots: Vec<Slot> = self.slots().collect();
        let check = |i: usize, j: usize, sorted: Option<u64>, json: &mut BindingJson| {
            let slot = &slots[i];
            let plan = slot.plan;
            if plan.compare == Compare::Ignore {
                return;
            }
            json.values_compared += 1;
            if let Agreement::Differ { ulps } =
                compare::agree(plan.logical, plan.tolerance, expected[i], got[j])
            {
                json.mismatches += 1;
                if json.first_mismatches.len() < MISMATCHES_LISTED {
                    json.first_mismatches.push(Mismatch {
                        binding: self.name.clone(),
                        location: self.location(slot, sorted),
                        expected: values::format_value(plan.logical, expected[i]),
                        got: values::format_value(plan.logical, got[j]),
                        ulps,
                    });
                }
            }
        };
        if self.compare != Compare::Sorted {
            for i in 0..slots.len() {
                check(i, i, None, &mut json);
            }
            return json;
        }
        // Sorted: leaves outside the elements compare in place; the
        // elements are sorted on both sides and compared rank by rank.
        let mut elements: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (i, slot) in slots.iter().enumerate() {
            match slot.element {
                Some(e) => elements.entry(e).or_default().push(i),
                None => check(i, i, None, &mut json),
            }
        }
        let groups: Vec<Vec<usize>> = elements.into_values().collect();
        // Coarse keys of every leaf first, exact ones to break ties.
        let key = |values: &[u64], group: &[usize]| -> Vec<i128> {
            let keys: Vec<(i128, i128)> = group
                .iter()
                .filter(|&&i| slots[i].plan.compare != Compare::Ignore)
                .map(|&i| values::sort_key(slots[i].plan.logical, values[i]))
                .collect();
            keys.iter()
                .map(|k| k.0)
                .chain(keys.iter().map(|k| k.1))
                .collect()
        };
        let mut by_expected: Vec<&Vec<usize>> = groups.iter().collect();
        let mut by_got: Vec<&Vec<usize>> = groups.iter().collect();
        by_expected.sort_by_cached_key(|g| key(&expected, g));
        by_got.sort_by_cached_key(|g| key(&got, g));
        for (rank, (e, g)) in by_expected.iter().zip(&by_got).enumerate() {
            for (&i, &j) in e.iter().zip(g.iter()) {
                check(i, j, Some(rank as u64), &mut json);
            }
        }
        json
    }
}

/// The logical values of a binding's leaves, in buffer order.
fn generate(plan: &BindingPlan, seed: u64) -> Result<Vec<u64>, Error> {
    let mut rng = Rng::stream(seed, ((plan.group as u64) << 32) | plan.binding as u64);
    let mut ordinals: HashMap<usize, u64> = HashMap::new();
    let mut value_ordinals: HashMap<usize, usize> = HashMap::new();
    let mut out = Vec::new();
    for slot in plan.slots() {
        let p = slot.plan;
        let ordinal = ordinals.entry(p.scope).or_insert(0);
        let index = *ordinal;
        *ordinal += 1;
        let explicit = p.values.as_ref().and_then(|(key, values)| {
            let k = value_ordinals.entry(*key).or_insert(0);
            let value = values.get(*k).copied();
            *k += 1;
            value
        });
        let bits = match (explicit, p.fill) {
            (Some(c), _) | (None, Fill::Constant(c)) => values::constant_bits(c, p.logical)
                .map_err(|e| Error::Input(format!("{}: {e}", plan.label)))?,
            (None, Fill::Index) => match p.logical.kind {
                Kind::Float => values::from_f64(p.logical, index as f64),
                _ => index & p.logical.mask(),
            },
            (None, Fill::Random) => values::random_bits(p.logical, &p.random, &mut rng),
        };
        out.push(bits);
    }
    Ok(out)
}
