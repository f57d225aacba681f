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
//!   `bindings`); writable storage buffers are compared too.

use std::path::Path;
use std::time::Instant;

use naga::ScalarKind;

use super::bindings::{find_binding, generate, pair_bindings, plan_binding, BindingPlan};
use super::device::{Gpu, OpenError};
use super::harness::{Harness, Rule};
use super::immediates;
use super::reflect::Binding;
use super::render_device::{Draw, DrawBuffer};
pub use super::render_io::RenderPair;
use super::render_io::{self, IoVar, StageIo};
use super::render_plan::{generated_inputs, FragmentChoice, PassPlan, TargetPlan, VertexData};
pub use super::render_report::{RenderReport, RenderValidation, TargetJson};
use super::render_shaders::{shader, Part, Stage};
use super::textures;
use super::{Error, Role, ShaderFormat, ValidateOptions, Verdict, Warnings};
use crate::pipeline::Options;
use crate::source::Source;
use crate::PassSelection;

pub use super::render_plan::{GRID, INSTANCES, SIZE, VERTICES};

/// A texture or sampler as the report lists it: its label and what was
/// made.
fn describe_resource(r: &textures::ResourcePlan) -> String {
    match &r.made {
        textures::Made::Texture { shape, .. } => format!("{}: {}", r.label, shape.describe()),
        textures::Made::Sampler(modes) => format!("{}: {}", r.label, modes.describe()),
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
    let instrumentation = super::setup::instrumentation(opts, opened.as_ref().ok());
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
        instrumentation,
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
        allow: opts.options.allow.clone(),
        // The reference is compiled as it is: nothing of it is denied.
        deny: Vec::new(),
        front: opts.options.front.clone(),
    };
    let reference = shader(
        reference_source,
        pair,
        reference_options,
        opts.shader_format,
        Role::Reference,
        instrumentation,
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
            .or(rules[i]
                .and_then(|r| r.size.as_ref())
                .and_then(|s| s.elements()));
        plans.push(plan_binding(
            r,
            c,
            Some(rules[i].unwrap_or(&unit_range)),
            size,
            &harness,
            None,
            // Every value of a draw's buffers is in [0, 1] already.
            &[],
        )?);
    }
    // Textures and samplers, planned as for compute.
    let (reference_handles, reference_stages) = reference.handles(Role::Reference)?;
    let (candidate_handles, candidate_stages) = candidate.handles(Role::Candidate)?;
    let slot_stages: Vec<((u32, u32), wgpu::ShaderStages)> = reference_handles
        .0
        .iter()
        .map(|h| (h.group, h.binding))
        .zip(reference_stages.iter().zip(&candidate_stages))
        .map(|(slot, (a, b))| (slot, *a | *b))
        .collect();
    let features = opened
        .as_ref()
        .map_or(wgpu::Features::empty(), |g| g.features);
    let resources = textures::plan(
        reference_handles,
        candidate_handles,
        &harness,
        seed,
        features,
    )?;
    // The stages of each resource (each element of a binding array).
    let resource_stages: Vec<wgpu::ShaderStages> = resources
        .iter()
        .map(|r| {
            slot_stages
                .iter()
                .find(|(slot, _)| *slot == (r.group, r.binding))
                .map_or(wgpu::ShaderStages::empty(), |(_, s)| *s)
        })
        .collect();
    // Immediates (push constants), set on every pass before its draw.
    let gpu_limits = opened.as_ref().ok().map(|g| g.limits());
    let mut controlling_immediates: Vec<Vec<String>> = Vec::new();
    for stage in [Stage::Vertex, Stage::Fragment] {
        if let Some(index) = reference.index(stage) {
            let module = reference.part(stage).module();
            for path in super::bindings::Controlling::of(module, &[index]).immediates() {
                if !controlling_immediates.contains(path) {
                    controlling_immediates.push(path.clone());
                }
            }
        }
    }
    let immediates = immediates::plan(
        reference.immediates(Role::Reference)?,
        candidate.immediates(Role::Candidate)?,
        &harness,
        seed,
        opened
            .as_ref()
            .ok()
            .zip(gpu_limits.as_ref())
            .map(|(g, l)| (&g.features, l, g.adapter.name.as_str())),
        &controlling_immediates,
    )?;
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
        let mut targets: Vec<TargetPlan> = f.outputs.iter().map(TargetPlan::color).collect();
        if f.writes_depth() {
            targets.push(TargetPlan::depth("fragment depth"));
        } else if targets.is_empty() {
            // A fragment stage that only writes storage buffers: the pass
            // still needs an attachment.
            targets.push(TargetPlan::depth("depth (no colour output)"));
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
        // Draws read SPIR-V through naga (see `render_device::draw`).
        spirv_read_by: (opts.shader_format == ShaderFormat::Spirv)
            .then_some(super::device::SpirvReader::Naga.name()),
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
        loop_bound: opts.loop_bound,
        verdict: "agree",
        values_compared: 0,
        mismatches: 0,
        error: None,
        targets: Vec::new(),
        bindings: Vec::new(),
        resources: resources.iter().map(describe_resource).collect(),
        split_binding_arrays: candidate
            .main
            .split_arrays
            .iter()
            .chain(candidate.fragment_part.iter().flat_map(|p| &p.split_arrays))
            .cloned()
            .collect(),
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

    let constants: Vec<(&str, f64)> = match opts.shader_format {
        ShaderFormat::Wgsl => opts
            .options
            .emit
            .overrides
            .iter()
            .map(|(k, v)| (k.as_str(), *v))
            .collect(),
        // SPIR-V output has the overrides' values written in.
        ShaderFormat::Spirv => Vec::new(),
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
            constants: &constants,
            resources: &resources,
            resource_stages: &resource_stages,
            immediates: immediates.as_ref().map_or(&[], |i| &i.bytes),
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
    for (i, resource) in resources.iter().enumerate() {
        if resource.read_back {
            let json =
                resource.compare(expected.textures[i].as_deref(), got.textures[i].as_deref());
            report.values_compared += json.values_compared;
            report.mismatches += json.mismatches;
            report.bindings.push(json);
        }
    }
    if let Some(immediates) = &immediates {
        report.bindings.push(immediates.report());
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
