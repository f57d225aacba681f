//! What `validate` and `bench` do before they dispatch: compile the
//! candidate and its reference, refuse divergent barriers, reflect and
//! plan their bindings, generate their inputs, open the adapter and
//! settle the dispatch. Both commands share it so that a benchmark runs
//! exactly what a validation would.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use super::bindings::{
    atomic_floats, find_binding, generate, pair_bindings, plan_binding, BindingPlan, Controlling,
};
use super::device::{self, Code, Gpu, OpenError, RunError};
use super::harness::{Harness, Rule};
use super::reflect::{self, Binding};
use super::resources::{self, Resources};
use super::{Error, Role, ShaderFormat, ValidateOptions, Warnings};
use crate::pipeline::{Compiled, Compiler, Failure, Options};
use crate::source::Source;
use crate::{OutputFormat, PassSelection};
use naga::ResourceBinding;
use shaderxform_passes::ir::{SplitArray, SplitArrays};

/// A compiled shader and what runs.
pub(super) struct Prepared {
    pub(super) source: Source,
    pub(super) compiled: Compiled,
    pub(super) ep_index: usize,
    /// The binding arrays given a binding per element, described.
    pub(super) split_arrays: Vec<String>,
}

impl Prepared {
    pub(super) fn entry_point(&self) -> &naga::EntryPoint {
        &self.compiled.transformed.module.entry_points[self.ep_index]
    }

    /// The stores of its entry point that every invocation of a workgroup
    /// makes to one place, of values that differ, each as `` `NAME`
    /// (FILE:LINE:COLUMN) `` where the source has the place.
    pub(super) fn shared_writes(&self) -> Vec<String> {
        let transformed = &self.compiled.transformed;
        shaderxform_passes::analysis::shared_writes::shared_writes(
            &transformed.module,
            transformed.uniformity(),
            self.ep_index,
        )
        .into_iter()
        .map(|write| {
            let name = shaderxform_passes::ir::global_name(&transformed.module, write.global);
            format!("`{name}`{}", self.place(write.span))
        })
        .collect()
    }

    /// ` (FILE:LINE:COLUMN)` of `span` in the source; empty where the
    /// source has no place for it.
    fn place(&self, span: naga::Span) -> String {
        self.source
            .text()
            .filter(|_| span.is_defined())
            .map(|text| {
                let loc = span.location(text);
                format!(
                    " ({}:{}:{})",
                    self.source.name, loc.line_number, loc.line_position
                )
            })
            .unwrap_or_default()
    }

    pub(super) fn code(&self) -> Code<'_> {
        code_of(&self.compiled)
    }
}

/// What `validate` and `bench` both set up before they dispatch: the two
/// compiled shaders, their inputs, the opened adapter and the dispatch.
pub(crate) struct Setup {
    pub(super) candidate: Prepared,
    pub(super) reference: Prepared,
    pub(super) reference_path: PathBuf,
    pub(super) reference_kind: &'static str,
    /// The passes that made the input its own reference (`lowering`).
    pub(super) reference_lowering: Option<String>,
    pub(super) harness_path: Option<PathBuf>,
    pub(super) plans: Vec<BindingPlan>,
    /// Textures, samplers and immediates, the same for both shaders.
    pub(super) resources: Resources,
    pub(super) seed: u64,
    pub(super) constants: Vec<(String, f64)>,
    pub(super) workgroup_size: [u32; 3],
    pub(super) reference_bytes: Vec<Vec<u8>>,
    pub(super) candidate_bytes: Vec<Vec<u8>>,
    pub(super) gpu: Arc<Gpu>,
    pub(super) dispatch: [u32; 3],
    /// Who reads the SPIR-V, where the shaders are SPIR-V.
    pub(super) spirv_reader: device::SpirvReader,
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
    pub(super) fn on_device<T>(
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
        // Only the overrides this shader declares (by name or @id): the
        // reference may have ones the candidate lacks.
        let declared = &prepared.compiled.transformed.module.overrides;
        let constants: Vec<(&str, f64)> = self
            .constants
            .iter()
            .filter(|(k, _)| {
                declared.iter().any(|(_, o)| {
                    o.name.as_deref() == Some(k.as_str())
                        || o.id.is_some_and(|id| id.to_string() == *k)
                })
            })
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
                spirv_reader: self.spirv_reader,
                constants: &constants,
                buffers: &buffers,
                resources: &self.resources.textures,
                immediates: self.resources.immediate_bytes(),
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
    let instrumentation = instrumentation(opts, opened.as_ref().ok());
    let mut candidate_options = opts.options.clone();
    // The harness's overrides, where the command line gives none.
    for (name, value) in &harness.overrides {
        candidate_options
            .emit
            .overrides
            .entry(name.clone())
            .or_insert(*value);
    }
    let overrides = candidate_options.emit.overrides.clone();
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
        instrumentation,
    )?;

    let reference_options = Options {
        passes: PassSelection::None,
        pass_options: BTreeMap::new(),
        target,
        emit: crate::EmitOptions {
            entry_point: None,
            wgsl_for: crate::WgslTarget::Wgpu,
            overrides: overrides.clone(),
            ..opts.options.emit.clone()
        },
        deny_warnings: false,
        allow: opts.options.allow.clone(),
        // The reference is compiled as it is: nothing of it is denied.
        deny: Vec::new(),
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
        instrumentation,
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
                instrumentation,
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
    let mut reference_bindings = reflect(&reference, Role::Reference)?;
    let candidate_bindings = reflect(&candidate, Role::Candidate)?;
    // The word `sum=fixed` records overflows in is the candidate's alone:
    // the reference gets the same buffer, cleared and never written, so
    // that a set bit reads as a mismatch.
    let flags = overflow_flags(&candidate.compiled.transformed.passes);
    for (i, flag) in candidate_bindings.iter().enumerate() {
        let slot = (flag.group, flag.binding);
        let in_reference = reference_bindings
            .iter()
            .any(|r| (r.group, r.binding) == slot);
        if flags.contains(&slot) && !in_reference {
            reference_bindings.insert(i.min(reference_bindings.len()), flag.clone());
        }
    }
    let pairs = pair_bindings(reference_bindings, candidate_bindings)?;
    let handles = resources::reflect(&reference, &candidate)?;

    let seed = opts.seed.or(harness.seed).unwrap_or(0);
    let atomic_floats = atomic_floats(&candidate.compiled.transformed.passes);
    let controlling = Controlling::of(
        &reference.compiled.transformed.module,
        &[reference.ep_index],
    );
    let mut plans = Vec::with_capacity(pairs.len());
    let keys: Vec<(&Binding, &Binding)> = pairs.iter().map(|(r, c)| (r, c)).collect();
    let resolve_key = |key: &str, what: &str| -> Result<usize, Error> {
        find_binding(&keys, key).ok_or_else(|| {
            Error::Input(format!(
                "{what} names the binding `{key}`, which the entry point does not use (it uses {})",
                keys.iter()
                    .map(|(r, _)| format!("`{}` ({}:{})", r.name, r.group, r.binding))
                    .chain(handles.listed())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    };
    let flag_rule = Rule {
        fill: Some(toml::Value::Integer(0)),
        ..Rule::default()
    };
    let mut rules: Vec<Option<&Rule>> = pairs
        .iter()
        .map(|(_, c)| flags.contains(&(c.group, c.binding)).then_some(&flag_rule))
        .collect();
    for (key, rule) in &harness.binding {
        if find_binding(&keys, key).is_none() && handles.names(key) {
            continue;
        }
        let i = resolve_key(key, "the harness")?;
        super::textures::check_buffer_rule(rule, &pairs[i].0.label())?;
        rules[i] = Some(rule);
    }
    let mut sizes: Vec<Option<u64>> = rules
        .iter()
        .map(|r| r.and_then(|r| r.size.as_ref()).and_then(|s| s.elements()))
        .collect();
    for (key, n) in &opts.sizes {
        if find_binding(&keys, key).is_none() && handles.names(key) {
            return Err(Error::Input(format!(
                "--size {key}={n}: `{key}` is not a buffer; a texture's extent is `size = [width, height, ...]` in a harness"
            )));
        }
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
            controlling.buffer(reference_binding.group, reference_binding.binding),
        )?);
    }

    let resources = handles.plan(
        &harness,
        seed,
        opened.as_ref().ok().map(|g| &**g),
        controlling.immediates(),
    )?;

    if require_read_back && !plans.iter().any(|p| p.read_back()) && !resources.read_back() {
        return Err(Error::Input(format!(
            "nothing to compare: the entry point `{}` writes no storage buffer or storage texture",
            candidate.entry_point().name
        )));
    }

    let constants: Vec<(String, f64)> = match opts.shader_format {
        ShaderFormat::Wgsl => overrides.iter().map(|(k, v)| (k.clone(), *v)).collect(),
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
    // A shader that writes a storage texture runs an invocation per texel.
    let texture_dispatch = super::textures::dispatch_for(&resources.textures, workgroup_size);
    let dispatch = opts
        .dispatch
        .or(harness.dispatch)
        .or(texture_dispatch)
        .unwrap_or_else(|| {
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

    // A fixed-point sum whose harness gives no `sum_terms` is bounded as
    // if every invocation of the dispatch added once into each value.
    let invocations = dispatch
        .iter()
        .chain(&workgroup_size)
        .map(|&n| u64::from(n))
        .product();
    for plan in &mut plans {
        plan.bound_fixed_point_sums(invocations);
    }

    Ok(Setup {
        candidate,
        reference,
        reference_path,
        reference_kind,
        reference_lowering,
        harness_path,
        plans,
        resources,
        seed,
        constants,
        workgroup_size,
        reference_bytes,
        candidate_bytes,
        spirv_reader: gpu.spirv_reader(opts.spirv_reader),
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
/// float-atomics pass with its compare-exchange lowering on float words,
/// one atomic per invocation (the candidate's NaN mode kept).
fn reference_lowering_for(options: &Options) -> Option<ReferenceLowering> {
    use shaderxform_passes::float_atomics::{
        Aggregation, RequestedStrategy, SumLowering, AGGREGATE_OPTION, FIXED_POINT_OPTION,
        NAME as PASS, STRATEGY_OPTION, SUM_OPTION,
    };

    let runs = match &options.passes {
        PassSelection::All => true,
        PassSelection::None => false,
        PassSelection::Named(names) => names.iter().any(|n| n == PASS),
        // A selection added later: the pass may run.
        _ => true,
    };
    if !runs {
        return None;
    }
    let mut pass_options = BTreeMap::new();
    let mut own = options.pass_options.get(PASS).cloned().unwrap_or_default();
    own.insert(
        STRATEGY_OPTION.to_string(),
        RequestedStrategy::Cas.name().to_string(),
    );
    own.insert(
        AGGREGATE_OPTION.to_string(),
        Aggregation::None.name().to_string(),
    );
    // Float words, whatever the candidate's sums hold (fixed point).
    own.insert(
        SUM_OPTION.to_string(),
        SumLowering::CompareExchange.name().to_string(),
    );
    own.remove(FIXED_POINT_OPTION);
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

/// Whether a compilation failed on the check for barriers in non-uniform
/// control flow.
fn is_divergent_barrier(failure: &Failure) -> bool {
    failure
        .diagnostics
        .iter()
        .any(|d| d.code.as_deref() == Some(shaderxform_passes::codes::UNIFORMITY_DIVERGENT_BARRIER))
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
        let transformed = &prepared.compiled.transformed;
        if let Some((what, span)) = reflect::divergent_barrier(
            &transformed.module,
            transformed.uniformity(),
            prepared.entry_point(),
        ) {
            let at = prepared.place(span);
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
    instrumentation: Instrumentation,
) -> Result<Prepared, Error> {
    let (compiled, split_arrays) =
        compile_for_device(&source, options, format, role, instrumentation)?;
    let ep_index = reflect::entry_point(&compiled.transformed.module, entry_point, role.name())
        .map_err(|e| Error::Input(format!("{}: {e}", source.name)))?;
    Ok(Prepared {
        source,
        compiled,
        ep_index,
        split_arrays,
    })
}

/// What validation adds to the reference and the candidate alike before
/// they run, so that both run on the adapter and stay comparable.
#[derive(Clone, Copy, Debug)]
pub(super) struct Instrumentation {
    /// Every loop whose way out the input decides leaves after this many
    /// iterations.
    pub(super) loop_bound: Option<u32>,
    /// The binding arrays of textures and samplers given a binding per
    /// element: every one on an adapter without binding arrays, else
    /// those sharing a bind group with a uniform buffer (wgpu refuses the
    /// pair).
    pub(super) split_arrays: SplitArrays,
}

/// The instrumentation for `gpu`'s adapter.
pub(super) fn instrumentation(opts: &ValidateOptions, gpu: Option<&Arc<Gpu>>) -> Instrumentation {
    let has_arrays =
        gpu.is_some_and(|g| g.features.contains(wgpu::Features::TEXTURE_BINDING_ARRAY));
    Instrumentation {
        loop_bound: loop_bound_to_add(opts, gpu),
        split_arrays: if has_arrays {
            SplitArrays::BesideUniformBuffers
        } else {
            SplitArrays::Every
        },
    }
}

/// The bound to add to the shaders' loops: none on a CPU driver whose own
/// bound it is (lavapipe stops every loop after [`super::LOOP_BOUND`]
/// iterations, and its compiler takes up to a minute over a kernel whose
/// loops carry a second count, read back from SPIR-V), else
/// [`ValidateOptions::loop_bound`].
fn loop_bound_to_add(opts: &ValidateOptions, gpu: Option<&Arc<Gpu>>) -> Option<u32> {
    let drivers_own = gpu.is_some_and(|g| g.adapter.device_type == "Cpu");
    opts.loop_bound
        .filter(|&n| !(drivers_own && n == super::LOOP_BOUND))
}

/// Compiles one shader to run on the device: transformed, instrumented
/// (after the passes, so that the reference and the candidate are
/// instrumented alike), and emitted in `format`, validated. Returns the
/// binding arrays it split, described.
pub(super) fn compile_for_device(
    source: &Source,
    options: Options,
    format: ShaderFormat,
    role: Role,
    instrumentation: Instrumentation,
) -> Result<(Compiled, Vec<String>), Error> {
    let fail = |failure: Failure| Error::Compile {
        role,
        source: Box::new(source.clone()),
        failure,
    };
    let compiler = Compiler::new(options).map_err(fail)?;
    let mut transformed = compiler.transform(source).map_err(fail)?;
    let has_binding_arrays = transformed.module.global_variables.iter().any(|(_, v)| {
        matches!(
            transformed.module.types[v.ty].inner,
            naga::TypeInner::BindingArray { .. }
        )
    });
    let mut split_arrays = Vec::new();
    if has_binding_arrays {
        // Seeded inputs index binding arrays anywhere; wgpu does not check.
        // Then the arrays the adapter or wgpu cannot bind are split.
        let mut split = Ok(Vec::new());
        transformed
            .instrument(|module| {
                let elements = super::textures::UNSIZED_BINDING_ARRAY_ELEMENTS;
                shaderxform_passes::ir::wrap_binding_array_indices(module, elements);
                split = shaderxform_passes::ir::split_binding_arrays(
                    module,
                    elements,
                    instrumentation.split_arrays,
                );
            })
            .map_err(fail)?;
        split_arrays = match split {
            Ok(split) => split.iter().map(describe_split).collect(),
            // An adapter without binding arrays cannot run the shader
            // unsplit.
            Err(why) if instrumentation.split_arrays == SplitArrays::Every => {
                return Err(Error::Input(format!(
                    "{}: a binding array cannot be split into one binding per element, which an adapter without binding arrays (`TEXTURE_BINDING_ARRAY`) needs: {why}",
                    source.name
                )))
            }
            // wgpu says why it refuses the shader as it is.
            Err(_) => Vec::new(),
        };
    }
    if let Some(max) = instrumentation.loop_bound {
        transformed
            .instrument(|module| {
                shaderxform_passes::ir::bound_loops(module, max);
            })
            .map_err(fail)?;
    }
    let output = compiler
        .emit(source, &transformed, format.output())
        .map_err(fail)?;
    Ok((
        Compiled {
            transformed,
            outputs: vec![output],
        },
        split_arrays,
    ))
}

/// What the device is handed of a shader compiled for it: its WGSL text,
/// or its SPIR-V words.
pub(super) fn code_of(compiled: &Compiled) -> Code<'_> {
    let output = &compiled.outputs[0];
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

/// `` `textures` (@group(0) @binding(1), 4 elements: 1 to 3 at @binding(500) to @binding(502)) ``.
fn describe_split(split: &SplitArray) -> String {
    let ResourceBinding { group, binding } = split.binding;
    let rest = match (split.elements.first(), split.elements.last()) {
        (Some(first), Some(last)) if first == last => {
            format!(", element 1 at @binding({})", first.binding)
        }
        (Some(first), Some(last)) => format!(
            ", elements 1 to {} at @binding({}) to @binding({})",
            split.elements.len(),
            first.binding,
            last.binding
        ),
        _ => String::new(),
    };
    format!(
        "`{}` (@group({group}) @binding({binding}), {} elements{rest})",
        split.name,
        split.elements.len() + 1
    )
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

/// `(group, binding)` of the words `float-atomics` records fixed-point
/// sums' overflows in, from its report.
fn overflow_flags(passes: &[shaderxform_passes::PassReport]) -> Vec<(u32, u32)> {
    let mut flags: Vec<(u32, u32)> = passes
        .iter()
        .flat_map(|p| p.changes.iter())
        .filter_map(|c| {
            let group = c.details.get("overflow_group")?.parse().ok()?;
            let binding = c.details.get("overflow_binding")?.parse().ok()?;
            Some((group, binding))
        })
        .collect();
    flags.sort_unstable();
    flags.dedup();
    flags
}
