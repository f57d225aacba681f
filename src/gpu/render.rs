//! Validation of render stages: a vertex and a fragment entry point (or
//! either alone, with a generated partner) of the candidate and of the
//! reference are drawn the same way into offscreen targets, and every
//! texel they write is compared.
//!
//! - The draw: a grid of triangles (see [`GRID`]) covering a
//!   [`SIZE`]×[`SIZE`] target, [`INSTANCES`] instances, triangle lists,
//!   counter-clockwise front faces, no culling, no blending.
//! - The fragment stage's colour outputs go to 32-bit targets of their
//!   kind (`r32float` to `rgba32float`, `…sint`, `…uint`), and its
//!   `frag_depth` to a `depth32float` target (compare `always`).
//! - The vertex stage's outputs are captured by drawing them again with
//!   generated fragment stages that write each `@location` output, as the
//!   vertex stage declares it, into a four-component 32-bit target, and
//!   the position's depth, `1/w` and facing into another: the values the
//!   fragment stage would see, where it sees them.
//! - Buffers are bound as compute validation binds them (see
//!   [`super::bindings`]); writable storage buffers are compared too.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use naga::{ScalarKind, ShaderStage};
use serde::Serialize;

use super::bindings::{find_binding, generate, pair_bindings, plan_binding, BindingPlan};
use super::compare::{self, Agreement};
use super::device::{Code, Gpu, OpenError};
use super::harness::{Harness, Rule};
use super::reflect::{self, Binding, Space};
pub use super::render_io::RenderPair;
use super::render_io::{self, IoVar, StageIo};
use super::values::{self, Rng, Scalar};
use super::{
    AdapterJson, BindingJson, Error, Mismatch, Role, ShaderFormat, ValidateOptions, Verdict,
    Warnings, MISMATCHES_LISTED,
};
use crate::pipeline::{Compiled, Compiler, Failure, Options};
use crate::source::Source;
use crate::{OutputFormat, PassSelection};

/// Width and height of every target, in pixels.
pub const SIZE: u32 = 32;
/// Cells of the triangle grid along each axis (two triangles a cell).
pub const GRID: u32 = 4;
/// Instances drawn (the later ones over the earlier).
pub const INSTANCES: u32 = 2;
/// Vertices of one instance.
pub const VERTICES: u32 = 6 * GRID * GRID;

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

/// One compiled file.
struct Part {
    source: Source,
    compiled: Compiled,
}

impl Part {
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

    /// The written shader read back as wgpu reads it.
    fn driver_module(&self) -> Option<naga::Module> {
        match self.code() {
            Code::Wgsl(text) => naga::front::wgsl::parse_str(text).ok(),
            Code::SpirV(words) => {
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                naga::front::spv::parse_u8_slice(
                    &bytes,
                    &naga::front::spv::Options {
                        adjust_coordinate_space: false,
                        ..Default::default()
                    },
                )
                .ok()
            }
        }
    }

    fn module(&self) -> &naga::Module {
        &self.compiled.transformed.module
    }
}

/// The two stages drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Vertex,
    Fragment,
}

/// One role's compiled shader (and the file of its fragment stage, where
/// a GLSL pair keeps it apart) and the entry points drawn.
struct Shader {
    main: Part,
    fragment_part: Option<Part>,
    vertex: Option<usize>,
    fragment: Option<usize>,
}

impl Shader {
    fn part(&self, stage: Stage) -> &Part {
        match (stage, &self.fragment_part) {
            (Stage::Fragment, Some(part)) => part,
            _ => &self.main,
        }
    }

    fn index(&self, stage: Stage) -> Option<usize> {
        match stage {
            Stage::Vertex => self.vertex,
            Stage::Fragment => self.fragment,
        }
    }

    fn entry(&self, stage: Stage) -> Option<&naga::EntryPoint> {
        self.index(stage)
            .map(|i| &self.part(stage).module().entry_points[i])
    }

    fn io(&self, stage: Stage) -> Result<Option<StageIo>, Error> {
        let part = self.part(stage);
        self.entry(stage)
            .map(|ep| {
                render_io::stage_io(part.module(), ep)
                    .map_err(|e| Error::Input(format!("{}: `{}`: {e}", part.source.name, ep.name)))
            })
            .transpose()
    }

    /// The buffers the drawn entry points use, with the stages that use
    /// each.
    fn bindings(&self, role: Role) -> Result<Vec<(Binding, wgpu::ShaderStages)>, Error> {
        let mut out: Vec<(Binding, wgpu::ShaderStages)> = Vec::new();
        for (stage, stages) in [
            (Stage::Vertex, wgpu::ShaderStages::VERTEX),
            (Stage::Fragment, wgpu::ShaderStages::FRAGMENT),
        ] {
            let Some(index) = self.index(stage) else {
                continue;
            };
            let part = self.part(stage);
            let found = reflect::bindings(part.module(), &part.compiled.transformed.info, index)
                .map_err(|e| Error::Input(format!("the {}: {e}", role.name())))?;
            for b in found {
                match out
                    .iter_mut()
                    .find(|(o, _)| (o.group, o.binding) == (b.group, b.binding))
                {
                    Some((_, used)) => *used |= stages,
                    None => out.push((b, stages)),
                }
            }
        }
        out.sort_by_key(|(b, _)| (b.group, b.binding));
        Ok(out)
    }

    /// The interface of a stage as the driver's reader reads the written
    /// shader (defaults an emitter leaves out, such as a `center`
    /// sampling, are what that reader fills in, not what the IR held).
    fn driver_io(&self, stage: Stage) -> Result<Option<StageIo>, Error> {
        let Some(ep) = self.entry(stage) else {
            return Ok(None);
        };
        let part = self.part(stage);
        let Some(module) = part.driver_module() else {
            return self.io(stage);
        };
        match module
            .entry_points
            .iter()
            .find(|e| e.name == ep.name && e.stage == ep.stage)
        {
            Some(found) => render_io::stage_io(&module, found)
                .map(Some)
                .map_err(|e| Error::Input(format!("{}: `{}`: {e}", part.source.name, ep.name))),
            None => self.io(stage),
        }
    }
}

fn compile(
    source: Source,
    options: Options,
    format: ShaderFormat,
    role: Role,
) -> Result<(Source, Compiled), Error> {
    let fail = |source: &Source, failure: Failure| Error::Compile {
        role,
        source: Box::new(source.clone()),
        failure,
    };
    let compiler = Compiler::new(options).map_err(|f| fail(&source, f))?;
    let output = match format {
        ShaderFormat::Wgsl => OutputFormat::Wgsl,
        ShaderFormat::Spirv => OutputFormat::SpirvBinary,
    };
    let compiled = compiler
        .compile(&source, &[output])
        .map_err(|f| fail(&source, f))?;
    Ok((source, compiled))
}

/// Compiles one role's shader: `source`, and the fragment stage's own
/// file where the pair names one (read as it is for both roles).
fn shader(
    source: Source,
    pair: &RenderPair,
    options: Options,
    format: ShaderFormat,
    role: Role,
) -> Result<Shader, Error> {
    let what = role.name();
    let (source, compiled) = compile(source, options.clone(), format, role)?;
    let main = Part { source, compiled };
    let fragment_part = match &pair.fragment_file {
        Some(path) => {
            let source = Source::read(path, None).map_err(|e| Error::Input(e.to_string()))?;
            let (source, compiled) = compile(source, options, format, role)?;
            Some(Part { source, compiled })
        }
        None => None,
    };
    let vertex = find_entry(
        main.module(),
        pair.vertex.as_deref(),
        ShaderStage::Vertex,
        what,
    )?;
    let fragment = find_entry(
        fragment_part.as_ref().unwrap_or(&main).module(),
        pair.fragment.as_deref(),
        ShaderStage::Fragment,
        what,
    )?;
    Ok(Shader {
        main,
        fragment_part,
        vertex,
        fragment,
    })
}

/// The entry point of `stage` named `name`, or, in a reference that has
/// no entry point of that name, its only one of that stage.
fn find_entry(
    module: &naga::Module,
    name: Option<&str>,
    stage: ShaderStage,
    what: &str,
) -> Result<Option<usize>, Error> {
    let Some(name) = name else { return Ok(None) };
    let of_stage: Vec<usize> = (0..module.entry_points.len())
        .filter(|&i| module.entry_points[i].stage == stage)
        .collect();
    if let Some(i) = of_stage
        .iter()
        .find(|&&i| module.entry_points[i].name == name)
    {
        return Ok(Some(*i));
    }
    match of_stage.as_slice() {
        [i] if what == "reference" => Ok(Some(*i)),
        _ => Err(Error::Input(format!(
            "the {what} has no {stage:?} entry point `{name}`"
        ))),
    }
}

/// Validates the render stages `pair` of the shader at `input`.
pub fn validate_render(
    input: &Path,
    opts: &ValidateOptions,
    pair: &RenderPair,
) -> Result<RenderValidation, Error> {
    let started = Instant::now();
    let source = Source::read(input, opts.stage).map_err(|e| Error::Input(e.to_string()))?;
    let harness_path = opts.harness.clone().or_else(|| Harness::beside(input));
    let harness = match &harness_path {
        Some(path) => Harness::load(path).map_err(Error::Input)?,
        None => Harness::default(),
    };
    let opened = Gpu::shared(opts.backend, opts.adapter.as_deref());
    let mut target = opts.options.target.clone();
    if let Ok(gpu) = &opened {
        gpu.extend_target(&mut target);
    }
    let mut candidate_options = opts.options.clone();
    candidate_options.target = target.clone();
    // Both stages of a pair are written, whichever was named.
    candidate_options.emit.entry_point = None;
    candidate_options.emit.wgsl_for = crate::WgslTarget::Wgpu;
    let candidate = shader(
        source,
        pair,
        candidate_options,
        opts.shader_format,
        Role::Candidate,
    )?;

    let (reference_path, reference_kind) = match (&opts.reference, &harness.reference) {
        (Some(path), _) => (path.clone(), "file"),
        (None, Some(relative)) => (harness.resolve(relative), "harness"),
        (None, None) => (input.to_path_buf(), "original"),
    };
    let reference_source = Source::read(&reference_path, opts.stage)
        .map_err(|e| Error::Input(format!("the reference: {e}")))?;
    let reference_options = Options {
        passes: PassSelection::None,
        pass_options: Default::default(),
        target,
        emit: crate::EmitOptions {
            entry_point: None,
            wgsl_for: crate::WgslTarget::Wgpu,
            ..opts.options.emit.clone()
        },
        deny_warnings: false,
        front: opts.options.front.clone(),
    };
    let reference = shader(
        reference_source,
        pair,
        reference_options,
        opts.shader_format,
        Role::Reference,
    )?;

    // The interfaces must agree: the generated stages and the vertex
    // buffers are made once, from the reference's as the driver reads it.
    let vertex_io = reference.driver_io(Stage::Vertex)?;
    let fragment_io = reference.driver_io(Stage::Fragment)?;
    let same = |a: &Option<StageIo>, b: &Option<StageIo>| match (a, b) {
        (Some(a), Some(b)) => {
            let key = |v: &[IoVar]| {
                v.iter()
                    .map(|v| (v.location, v.scalar, v.size))
                    .collect::<Vec<_>>()
            };
            key(&a.inputs) == key(&b.inputs)
                && key(&a.outputs) == key(&b.outputs)
                && a.builtin_outputs == b.builtin_outputs
        }
        (None, None) => true,
        _ => false,
    };
    if !same(&vertex_io, &candidate.io(Stage::Vertex)?)
        || !same(&fragment_io, &candidate.io(Stage::Fragment)?)
    {
        return Err(Error::Input(
            "the reference and the candidate have different stage interfaces (@location inputs and outputs)".into(),
        ));
    }

    // Buffers, planned and filled as compute validation does.
    let reference_bindings = reference.bindings(Role::Reference)?;
    let candidate_bindings = candidate.bindings(Role::Candidate)?;
    let visibility: Vec<wgpu::ShaderStages> = reference_bindings
        .iter()
        .zip(&candidate_bindings)
        .map(|((_, a), (_, b))| *a | *b)
        .collect();
    let pairs = pair_bindings(
        reference_bindings.into_iter().map(|(b, _)| b).collect(),
        candidate_bindings.into_iter().map(|(b, _)| b).collect(),
    )?;
    let keys: Vec<(&Binding, &Binding)> = pairs.iter().map(|(r, c)| (r, c)).collect();
    let mut rules: Vec<Option<&Rule>> = vec![None; pairs.len()];
    for (key, rule) in &harness.binding {
        let i = find_binding(&keys, key).ok_or_else(|| {
            Error::Input(format!(
                "the harness names the binding `{key}`, which the entry points do not use"
            ))
        })?;
        rules[i] = Some(rule);
    }
    // Without a rule, values stay in [0, 1]: colours, coordinates and
    // matrices that keep the geometry on the target.
    let unit_range = Rule {
        range: Some([0.0, 1.0]),
        ..Rule::default()
    };
    let seed = opts.seed.or(harness.seed).unwrap_or(0);
    let mut plans: Vec<BindingPlan> = Vec::new();
    for (i, (r, c)) in pairs.iter().enumerate() {
        let size = opts
            .sizes
            .iter()
            .find(|(k, _)| find_binding(&keys[i..=i], k).is_some())
            .map(|(_, n)| *n)
            .or(rules[i].and_then(|r| r.size));
        plans.push(plan_binding(
            r,
            c,
            Some(rules[i].unwrap_or(&unit_range)),
            size,
            &harness,
            None,
        )?);
    }
    let mut reference_bytes = Vec::new();
    let mut candidate_bytes = Vec::new();
    for plan in &plans {
        let logical = generate(plan, seed)?;
        reference_bytes.push(plan.write(&logical, Role::Reference));
        candidate_bytes.push(plan.write(&logical, Role::Candidate));
    }

    // Vertex inputs: the real vertex stage's, or the generated stage's
    // position and the fragment's inputs.
    let fed: Vec<IoVar> = match (&vertex_io, &fragment_io) {
        (Some(v), _) => v.inputs.clone(),
        (None, Some(f)) => generated_inputs(f),
        (None, None) => return Err(Error::Input("nothing to draw".into())),
    };
    let vertex_buffer = VertexData::new(&fed, vertex_io.is_none(), seed)?;

    // The passes: the pair itself, then one per vertex output and one for
    // the position.
    let mut passes: Vec<PassPlan> = Vec::new();
    let generated_vertex = fragment_io
        .as_ref()
        .filter(|_| vertex_io.is_none())
        .map(render_io::pass_through_vertex);
    if let Some(f) = &fragment_io {
        let mut targets: Vec<TargetPlan> = f
            .outputs
            .iter()
            .map(|o| TargetPlan::color(format!("fragment @location({})", o.location), o))
            .collect::<Result<_, _>>()?;
        if f.writes_depth() {
            targets.push(TargetPlan::depth());
        }
        passes.push(PassPlan {
            fragment: FragmentChoice::Shader,
            targets,
        });
    }
    if let Some(v) = &vertex_io {
        for o in &v.outputs {
            passes.push(PassPlan {
                fragment: FragmentChoice::Generated(render_io::capture_fragment(o)),
                targets: vec![TargetPlan::capture(
                    format!("vertex @location({})", o.location),
                    o.kind(),
                )],
            });
        }
        passes.push(PassPlan {
            fragment: FragmentChoice::Generated(render_io::capture_position()),
            targets: vec![TargetPlan::capture(
                "vertex position (depth, 1/w, front facing, covered)".into(),
                ScalarKind::Float,
            )],
        });
    }

    let gpu = opened.map_err(|e| match e {
        OpenError::NoAdapter(m) => Error::NoAdapter(m),
        OpenError::Device(m) => Error::Gpu(m),
    })?;
    let limit = gpu.limits().max_color_attachment_bytes_per_sample;
    for pass in &passes {
        let bytes: u32 = pass
            .targets
            .iter()
            .filter(|t| !t.is_depth())
            .map(|t| t.texel_bytes())
            .sum();
        if bytes > limit {
            return Err(Error::Input(format!(
                "the fragment stage writes {bytes} bytes a pixel into 32-bit targets; the adapter takes {limit}"
            )));
        }
    }

    let mut report = RenderReport {
        input: input.display().to_string(),
        reference: reference_path.display().to_string(),
        reference_kind,
        adapter: gpu.adapter.clone(),
        shader_format: opts.shader_format.name(),
        vertex: candidate
            .entry(Stage::Vertex)
            .map_or("generated".into(), |e| e.name.clone()),
        fragment: candidate
            .entry(Stage::Fragment)
            .map_or("capture".into(), |e| e.name.clone()),
        fragment_file: pair.fragment_file.as_ref().map(|p| p.display().to_string()),
        target_size: [SIZE, SIZE],
        vertices: VERTICES,
        instances: INSTANCES,
        seed,
        verdict: "agree",
        values_compared: 0,
        mismatches: 0,
        error: None,
        targets: Vec::new(),
        bindings: Vec::new(),
        timings_ms: super::Timings::default(),
    };
    let warnings = Warnings {
        source: candidate.main.source.clone(),
        diagnostics: candidate
            .main
            .compiled
            .transformed
            .diagnostics()
            .cloned()
            .collect(),
    };

    let mut results = Vec::new();
    for (role, shader, bytes) in [
        (Role::Reference, &reference, &reference_bytes),
        (Role::Candidate, &candidate, &candidate_bytes),
    ] {
        let draw = Draw {
            label: format!("{} {}", role.name(), shader.main.source.name),
            code: shader.main.code(),
            fragment_code: shader.fragment_part.as_ref().map(Part::code),
            vertex: shader.entry(Stage::Vertex).map(|e| e.name.as_str()),
            fragment: shader.entry(Stage::Fragment).map(|e| e.name.as_str()),
            generated_vertex: generated_vertex.as_deref(),
            vertex_buffer: &vertex_buffer,
            passes: &passes,
            buffers: plans
                .iter()
                .zip(bytes)
                .zip(&visibility)
                .map(|((plan, bytes), stages)| DrawBuffer {
                    group: plan.group,
                    binding: plan.binding,
                    space: plan.space,
                    bytes,
                    stages: *stages,
                    read_back: plan.read_back(),
                })
                .collect(),
            timeout: opts.timeout,
        };
        let began = Instant::now();
        match super::render_device::draw(&gpu, &draw).map_err(|e| match e {
            super::device::RunError::Rejected(m) => Error::Gpu(format!(
                "wgpu rejected the {} ({}): {m}",
                role.name(),
                shader.main.source.name
            )),
            super::device::RunError::Device(m) => Error::Gpu(format!(
                "the device failed drawing the {}: {m}",
                role.name()
            )),
        })? {
            Some(read) => {
                let ms = began.elapsed().as_secs_f64() * 1000.0;
                match role {
                    Role::Reference => report.timings_ms.reference = ms,
                    Role::Candidate => report.timings_ms.candidate = ms,
                }
                results.push(read);
            }
            None => {
                report.verdict = "hang";
                report.error = Some(format!(
                    "the {} did not finish within {:.1} s",
                    role.name(),
                    opts.timeout.as_secs_f64()
                ));
                return Ok(RenderValidation {
                    verdict: Verdict::Hang(role),
                    report,
                    warnings,
                });
            }
        }
    }

    let tolerance = harness.tolerance_ulps.unwrap_or(0);
    let (expected, got) = (&results[0], &results[1]);
    let mut targets = passes.iter().flat_map(|p| p.targets.iter());
    for (e, g) in expected.targets.iter().zip(&got.targets) {
        let plan = targets.next().expect("one read-back per target");
        let json = plan.compare(e, g, tolerance);
        report.values_compared += json.values_compared;
        report.mismatches += json.mismatches;
        report.targets.push(json);
    }
    for (i, plan) in plans.iter().enumerate() {
        let json = plan.compare(expected.buffers[i].as_deref(), got.buffers[i].as_deref());
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
    Ok(RenderValidation {
        verdict,
        report,
        warnings,
    })
}

/// The inputs of the generated vertex stage: the position at location 0,
/// then the fragment's inputs (f16 fed as f32).
fn generated_inputs(fragment: &StageIo) -> Vec<IoVar> {
    let mut fed = vec![IoVar {
        location: 0,
        name: "position".into(),
        scalar: naga::Scalar::F32,
        size: 4,
        interpolation: None,
        sampling: None,
    }];
    for (i, v) in fragment.inputs.iter().enumerate() {
        fed.push(IoVar {
            location: i as u32 + 1,
            scalar: naga::Scalar {
                width: 4,
                ..v.scalar
            },
            ..v.clone()
        });
    }
    fed
}

/// One interleaved vertex buffer and its attributes.
pub(super) struct VertexData {
    pub(super) bytes: Vec<u8>,
    pub(super) stride: u64,
    pub(super) attributes: Vec<wgpu::VertexAttribute>,
}

impl VertexData {
    /// Seeded values for every input of `inputs`: the position (the
    /// generated stage's location 0, else the first float vector input)
    /// walks the grid; other floats are uniform in [0, 1], signed integers
    /// in [-8, 8), unsigned ones in [0, 16).
    fn new(inputs: &[IoVar], generated: bool, seed: u64) -> Result<Self, Error> {
        let position = if generated {
            Some(0)
        } else {
            inputs
                .iter()
                .position(|v| v.scalar.kind == ScalarKind::Float && v.size >= 2)
        };
        let mut attributes = Vec::new();
        let mut offset = 0u64;
        for v in inputs {
            use wgpu::VertexFormat as F;
            let format = match (v.scalar.kind, v.scalar.width, v.size) {
                (ScalarKind::Float, 4, 1) => F::Float32,
                (ScalarKind::Float, 4, 2) => F::Float32x2,
                (ScalarKind::Float, 4, 3) => F::Float32x3,
                (ScalarKind::Float, 4, 4) => F::Float32x4,
                (ScalarKind::Sint, 4, 1) => F::Sint32,
                (ScalarKind::Sint, 4, 2) => F::Sint32x2,
                (ScalarKind::Sint, 4, 3) => F::Sint32x3,
                (ScalarKind::Sint, 4, 4) => F::Sint32x4,
                (ScalarKind::Uint, 4, 1) => F::Uint32,
                (ScalarKind::Uint, 4, 2) => F::Uint32x2,
                (ScalarKind::Uint, 4, 3) => F::Uint32x3,
                (ScalarKind::Uint, 4, 4) => F::Uint32x4,
                _ => {
                    return Err(Error::Input(format!(
                        "the vertex input `{}` (@location({})) is a {}; validate feeds 32-bit vertex inputs only",
                        v.name,
                        v.location,
                        v.wgsl_type()
                    )))
                }
            };
            attributes.push(wgpu::VertexAttribute {
                format,
                offset,
                shader_location: v.location,
            });
            offset += 4 * v.size as u64;
        }
        let stride = offset.max(4);
        let mut bytes = vec![0u8; (stride * VERTICES as u64) as usize];
        let mut rng = Rng::stream(seed, 0x7665_7274);
        for vertex in 0..VERTICES as usize {
            let corner = grid_corner(vertex as u32);
            for (i, v) in inputs.iter().enumerate() {
                let at = vertex * stride as usize + attributes[i].offset as usize;
                for c in 0..v.size as usize {
                    let word: u32 = if Some(i) == position {
                        // x, y on the grid; z a depth in (0, 1); w 1.
                        match c {
                            0 => corner[0].to_bits(),
                            1 => corner[1].to_bits(),
                            2 => (0.125 + 0.75 * rng.unit() as f32).to_bits(),
                            _ => 1.0f32.to_bits(),
                        }
                    } else {
                        match v.scalar.kind {
                            ScalarKind::Float => (rng.unit() as f32).to_bits(),
                            ScalarKind::Sint => (rng.below(16) as i32 - 8) as u32,
                            _ => rng.below(16) as u32,
                        }
                    };
                    bytes[at + 4 * c..at + 4 * c + 4].copy_from_slice(&word.to_le_bytes());
                }
            }
        }
        Ok(VertexData {
            bytes,
            stride,
            attributes,
        })
    }
}

/// The clip-space x and y of a vertex of the grid: cell by cell, two
/// counter-clockwise triangles each, covering [-1, 1]².
fn grid_corner(vertex: u32) -> [f32; 2] {
    let cell = vertex / 6;
    let (cx, cy) = (cell % GRID, cell / GRID);
    let (dx, dy) = [(0, 0), (1, 0), (1, 1), (0, 0), (1, 1), (0, 1)][(vertex % 6) as usize];
    let at = |c: u32| -1.0 + 2.0 * c as f32 / GRID as f32;
    [at(cx + dx), at(cy + dy)]
}

/// What draws the fragments of a pass.
pub(super) enum FragmentChoice {
    /// The shader's own fragment entry point.
    Shader,
    /// A generated capture stage (WGSL).
    Generated(String),
}

pub(super) struct PassPlan {
    pub(super) fragment: FragmentChoice,
    pub(super) targets: Vec<TargetPlan>,
}

/// One colour or depth target.
pub(super) struct TargetPlan {
    pub(super) name: String,
    pub(super) format: wgpu::TextureFormat,
    /// Components a texel.
    pub(super) components: u32,
    pub(super) scalar: Scalar,
}

impl TargetPlan {
    fn color(name: String, v: &IoVar) -> Result<Self, Error> {
        let components = match v.size {
            1 => 1,
            2 => 2,
            _ => 4,
        };
        Ok(Self::of_kind(name, v.kind(), components))
    }

    fn capture(name: String, kind: ScalarKind) -> Self {
        Self::of_kind(name, kind, 4)
    }

    fn of_kind(name: String, kind: ScalarKind, components: u32) -> Self {
        use wgpu::TextureFormat as T;
        let (format, scalar) = match (kind, components) {
            (ScalarKind::Sint, 1) => (T::R32Sint, "i32"),
            (ScalarKind::Sint, 2) => (T::Rg32Sint, "i32"),
            (ScalarKind::Sint, _) => (T::Rgba32Sint, "i32"),
            (ScalarKind::Uint, 1) => (T::R32Uint, "u32"),
            (ScalarKind::Uint, 2) => (T::Rg32Uint, "u32"),
            (ScalarKind::Uint, _) => (T::Rgba32Uint, "u32"),
            (_, 1) => (T::R32Float, "f32"),
            (_, 2) => (T::Rg32Float, "f32"),
            (_, _) => (T::Rgba32Float, "f32"),
        };
        TargetPlan {
            name,
            format,
            components,
            scalar: Scalar::parse(scalar).expect("a scalar type"),
        }
    }

    fn depth() -> Self {
        TargetPlan {
            name: "fragment depth".into(),
            format: wgpu::TextureFormat::Depth32Float,
            components: 1,
            scalar: Scalar::F32,
        }
    }

    pub(super) fn is_depth(&self) -> bool {
        self.format == wgpu::TextureFormat::Depth32Float
    }

    pub(super) fn texel_bytes(&self) -> u32 {
        4 * self.components
    }

    /// Every component of every texel, tightly packed rows.
    fn compare(&self, expected: &[u8], got: &[u8], tolerance: u32) -> TargetJson {
        let mut json = TargetJson {
            name: self.name.clone(),
            format: format!("{:?}", self.format).to_lowercase(),
            values_compared: 0,
            mismatches: 0,
            first_mismatches: Vec::new(),
        };
        const COMPONENTS: [&str; 4] = ["r", "g", "b", "a"];
        let word = |b: &[u8], i: usize| {
            b.get(4 * i..4 * i + 4)
                .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]) as u64)
        };
        let n = (SIZE * SIZE * self.components) as usize;
        for i in 0..n {
            let (e, g) = (word(expected, i), word(got, i));
            json.values_compared += 1;
            if let Agreement::Differ { ulps } = compare::agree(self.scalar, tolerance, e, g) {
                json.mismatches += 1;
                if json.first_mismatches.len() < MISMATCHES_LISTED {
                    let texel = i as u32 / self.components;
                    let component = if self.is_depth() {
                        String::new()
                    } else {
                        format!(".{}", COMPONENTS[i % self.components as usize])
                    };
                    json.first_mismatches.push(Mismatch {
                        binding: self.name.clone(),
                        location: format!(
                            "{} ({}, {}){component}",
                            self.name,
                            texel % SIZE,
                            texel / SIZE
                        ),
                        expected: values::format_value(self.scalar, e),
                        got: values::format_value(self.scalar, g),
                        ulps,
                    });
                }
            }
        }
        json
    }
}

/// A buffer bound to a draw.
pub(super) struct DrawBuffer<'a> {
    pub(super) group: u32,
    pub(super) binding: u32,
    pub(super) space: Space,
    pub(super) bytes: &'a [u8],
    pub(super) stages: wgpu::ShaderStages,
    pub(super) read_back: bool,
}

/// Everything one shader's draws need.
pub(super) struct Draw<'a> {
    pub(super) label: String,
    pub(super) code: Code<'a>,
    /// The fragment stage's own code, where it is in another file.
    pub(super) fragment_code: Option<Code<'a>>,
    pub(super) vertex: Option<&'a str>,
    pub(super) fragment: Option<&'a str>,
    /// The pass-through stage, where `vertex` is `None`.
    pub(super) generated_vertex: Option<&'a str>,
    pub(super) vertex_buffer: &'a VertexData,
    pub(super) passes: &'a [PassPlan],
    pub(super) buffers: Vec<DrawBuffer<'a>>,
    pub(super) timeout: Duration,
}

/// What one shader's draws wrote: each target's texels (rows packed), in
/// pass order, and each read-back buffer.
pub(super) struct ReadBack {
    pub(super) targets: Vec<Vec<u8>>,
    pub(super) buffers: Vec<Option<Vec<u8>>>,
}

/// Counts the maps still pending and the errors they reported.
pub(super) struct Pending {
    pub(super) mapped: Arc<AtomicUsize>,
    pub(super) errors: Arc<Mutex<Vec<String>>>,
}

impl Pending {
    pub(super) fn new() -> Self {
        Pending {
            mapped: Arc::new(AtomicUsize::new(0)),
            errors: Arc::new(Mutex::new(Vec::new())),
        }
    }

    pub(super) fn map(&self, buffer: &wgpu::Buffer) {
        let mapped = self.mapped.clone();
        let errors = self.errors.clone();
        buffer
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |result| {
                if let Err(e) = result {
                    if let Ok(mut errors) = errors.lock() {
                        errors.push(e.to_string());
                    }
                }
                mapped.fetch_add(1, Ordering::SeqCst);
            });
    }

    pub(super) fn done(&self) -> usize {
        self.mapped.load(Ordering::SeqCst)
    }
}
