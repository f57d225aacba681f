//! The last step of emission: the output is read back, as its readers will
//! read it, and checked against the module it was written from.
//!
//! naga's writers and shaderxform's fix-ups of their text are checked one
//! by one where they are made; this checks what they make together, on
//! the bytes that are returned:
//!
//! - WGSL is read with naga's WGSL front end (with `enable subgroups;`
//!   blanked, as shaderxform reads WGSL) and validated;
//! - SPIR-V is read with naga's SPIR-V reader. spirv-val has already
//!   validated it; naga's reader reads less than SPIR-V allows (it has no
//!   reading of some decorations and instructions naga's writer emits), so
//!   SPIR-V that it cannot read, that it reads into a module its validator
//!   refuses, or that it panics on, is not checked further: the check is
//!   skipped rather than failed, since spirv-val, the authority on SPIR-V,
//!   has accepted it. naga's `workgroupUniformLoad`, which its SPIR-V
//!   writer spells as a barrier, a load and a barrier, is recognised as
//!   such in what is read back;
//! - the entry points read back (name, stage, workgroup size) and the
//!   resources (group, binding, address space and kind) must be those of
//!   the module written;
//! - where the module read back has barriers, the uniformity analysis must
//!   find every one of them in uniform control flow: a barrier that a
//!   rewrite was said to fix must be fixed in the text.
//!
//! Anything else is an internal error (`emit::recheck`), and the output is
//! not returned.

use std::collections::BTreeMap;
use std::fmt;

use naga::valid::ModuleInfo;
use naga::{
    AddressSpace, Barrier, Block, Expression, Handle, ImageClass, Module, ShaderStage, Statement,
    TypeInner,
};
use shaderxform_passes::analysis::cache::Analyses;
use shaderxform_passes::analysis::{divergent_barriers, divergent_rule_ops};

use super::{EmitError, OutputFormat};
use crate::diagnostics::Diagnostic;

/// The note that marks a failure of the check as a barrier in non-uniform
/// control flow in the text written.
const DIVERGENT_BARRIER_NOTE: &str =
    "a barrier in non-uniform control flow is in the text written: whatever rewrote it did not make it uniform";

/// Whether a diagnostic is the check's finding of a barrier in non-uniform
/// control flow in the text written: where it is, no report may say that
/// a barrier was fixed.
pub fn finds_divergent_barrier(diagnostic: &Diagnostic) -> bool {
    diagnostic.code.as_deref() == Some(shaderxform_passes::codes::EMIT_RECHECK)
        && diagnostic.notes.iter().any(|n| n == DIVERGENT_BARRIER_NOTE)
}

/// Checks written WGSL against the module it was written from.
pub fn wgsl(written_from: &Module, text: &str) -> Result<(), EmitError> {
    let read = crate::front::parse_wgsl(text).map_err(|d| {
        let why = d.first().map_or_else(String::new, |d| d.message.clone());
        failure(
            OutputFormat::Wgsl,
            format!("naga cannot read it back: {why}"),
        )
    })?;
    validate(OutputFormat::Wgsl, &read)?;
    let expected = Interface::of(written_from, None, None);
    let found = Interface::of(&read, None, None);
    compare(OutputFormat::Wgsl, &expected, &found)?;
    same_static_uses(written_from, &read)?;
    let place = |span: naga::Span| {
        span.to_range().map(|range| {
            let (line, column) = crate::source::line_column(text, range.start);
            format!("line {line}, column {column} of the WGSL written")
        })
    };
    // Both checks read the same module: one analysis serves them.
    let analyses = Analyses::default();
    no_divergent_barriers(OutputFormat::Wgsl, &read, &analyses, place)?;
    no_rule_errors(&read, &analyses, place)
}

/// No derivative or subgroup operation of the WGSL read back is where
/// its rule is an error: Tint would refuse the text.
fn no_rule_errors(
    read: &Module,
    analyses: &Analyses,
    place: impl Fn(naga::Span) -> Option<String>,
) -> Result<(), EmitError> {
    let found = divergent_rule_ops::find_with(read, analyses);
    let mut errors = found
        .iter()
        .filter(|d| d.severity == naga::diagnostic_filter::Severity::Error);
    let Some(first) = errors.next() else {
        return Ok(());
    };
    let mut diagnostic = failure_diagnostic(
        OutputFormat::Wgsl,
        format!(
            "Tint would refuse it (`{}`): {}",
            first.rule.wgsl_name(),
            first.diagnostic.message
        ),
    );
    for label in &first.diagnostic.labels {
        let at = place(label.span).map_or_else(String::new, |p| format!("{p}: "));
        if !label.message.is_empty() {
            diagnostic = diagnostic.with_note(format!("{at}{}", label.message));
        }
    }
    Err(EmitError::Backend(diagnostic))
}

/// Checks written SPIR-V against the module it was written from, where
/// naga's reader can read it (see the module's documentation). With an
/// entry point selected, only that one was written.
pub fn spirv(
    written_from: &Module,
    written_from_info: &ModuleInfo,
    entry_point: Option<&naga::EntryPoint>,
    words: &[u32],
) -> Result<(), EmitError> {
    let options = naga::front::spv::Options {
        adjust_coordinate_space: false,
        strict_capabilities: false,
        block_ctx_dump_prefix: None,
    };
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    // What naga's reader cannot read, reads into an invalid module or
    // panics on is not checked: spirv-val has accepted the SPIR-V.
    let read = std::panic::catch_unwind(|| {
        let read = naga::front::spv::parse_u8_slice(&bytes, &options).ok()?;
        let info = shaderxform_passes::manager::validate(&read).ok()?;
        Some((read, info))
    });
    let Ok(Some((read, info))) = read else {
        return Ok(());
    };
    let expected = Interface::of(
        written_from,
        entry_point.map(|ep| ep.name.as_str()),
        Some(written_from_info),
    );
    let found = Interface::of(&read, None, None);
    compare(OutputFormat::SpirvBinary, &expected, &found)?;
    // A barrier, a load and a barrier may be the user's own, loading an
    // address that differs between invocations, which is no
    // `workgroupUniformLoad`: the module as read is checked first, and the
    // loads are raised only for what that finds divergent.
    let analyses = Analyses::default();
    if no_divergent_barriers(OutputFormat::SpirvBinary, &read, &analyses, |_| None).is_ok() {
        return Ok(());
    }
    let mut read = read;
    raise_workgroup_uniform_loads(&mut read, &info);
    no_divergent_barriers(
        OutputFormat::SpirvBinary,
        &read,
        &Analyses::default(),
        |_| None,
    )
}

fn validate(format: OutputFormat, module: &Module) -> Result<ModuleInfo, EmitError> {
    shaderxform_passes::manager::validate(module).map_err(|e| {
        failure(
            format,
            format!("the module read back does not validate: {}", e.as_inner()),
        )
    })
}

/// What a host binds to and calls: the entry points and the resources.
#[derive(Debug, PartialEq)]
struct Interface {
    entry_points: Vec<EntryPointInterface>,
    /// `(group, binding) -> what is bound there`: several things where
    /// entry points that never run together share a slot (a texture one
    /// entry point samples and another stores to).
    resources: BTreeMap<(u32, u32), Vec<Resource>>,
    /// The resources some entry point of `entry_points` uses, where only
    /// those must be written (`None`: all of them).
    used: Option<Vec<(u32, u32)>>,
}

#[derive(Debug, PartialEq)]
struct EntryPointInterface {
    name: String,
    stage: ShaderStage,
    /// Each dimension: its size, or `None` where an override sets it.
    workgroup_size: [Option<u32>; 3],
}

impl fmt::Display for EntryPointInterface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` ({}", self.name, super::stage_name(self.stage))?;
        if self.stage == ShaderStage::Compute {
            let sizes: Vec<String> = self
                .workgroup_size
                .iter()
                .map(|s| s.map_or_else(|| "an override".to_string(), |s| s.to_string()))
                .collect();
            write!(f, ", workgroup size {}", sizes.join(" x "))?;
        }
        f.write_str(")")
    }
}

/// The address space and kind of a bound resource.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Resource {
    Uniform,
    Storage { writable: bool },
    Sampler { comparison: bool },
    Texture(&'static str),
    BindingArray(Box<Resource>),
    Other(String),
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Resource::Uniform => f.write_str("a uniform buffer"),
            Resource::Storage { writable: true } => f.write_str("a read-write storage buffer"),
            Resource::Storage { writable: false } => f.write_str("a read-only storage buffer"),
            Resource::Sampler { comparison: true } => f.write_str("a comparison sampler"),
            Resource::Sampler { comparison: false } => f.write_str("a sampler"),
            Resource::Texture(kind) => write!(f, "a {kind} texture"),
            Resource::BindingArray(of) => write!(f, "a binding array of {of}"),
            Resource::Other(what) => f.write_str(what),
        }
    }
}

impl Resource {
    fn of(module: &Module, space: AddressSpace, ty: naga::Handle<naga::Type>) -> Resource {
        match space {
            AddressSpace::Uniform => Resource::Uniform,
            AddressSpace::Storage { access } => Resource::Storage {
                writable: access.contains(naga::StorageAccess::STORE),
            },
            AddressSpace::Handle => Self::handle(module, ty),
            other => Resource::Other(format!("a variable in {other:?}")),
        }
    }

    fn handle(module: &Module, ty: naga::Handle<naga::Type>) -> Resource {
        match module.types[ty].inner {
            TypeInner::Sampler { comparison } => Resource::Sampler { comparison },
            TypeInner::Image { class, .. } => Resource::Texture(match class {
                ImageClass::Sampled { .. } => "sampled",
                ImageClass::Depth { .. } => "depth",
                ImageClass::Storage { .. } => "storage",
                ImageClass::External => "external",
            }),
            TypeInner::BindingArray { base, .. } => {
                Resource::BindingArray(Box::new(Self::handle(module, base)))
            }
            ref other => Resource::Other(format!("a handle of type {other:?}")),
        }
    }
}

impl Interface {
    /// The interface of `module`, or of its entry point `only` alone.
    /// With `info`, the resources the entry points use are noted.
    fn of(module: &Module, only: Option<&str>, info: Option<&ModuleInfo>) -> Interface {
        let chosen: Vec<(usize, &naga::EntryPoint)> = module
            .entry_points
            .iter()
            .enumerate()
            .filter(|(_, ep)| only.is_none_or(|name| ep.name == name))
            .collect();
        let entry_points = chosen
            .iter()
            .map(|(_, ep)| EntryPointInterface {
                name: ep.name.clone(),
                stage: ep.stage,
                workgroup_size: std::array::from_fn(|i| {
                    let overridden = ep.workgroup_size_overrides.is_some_and(|o| o[i].is_some());
                    (!overridden).then_some(ep.workgroup_size[i])
                }),
            })
            .collect();
        let mut resources = BTreeMap::new();
        let mut used = info.map(|_| Vec::new());
        for (handle, global) in module.global_variables.iter() {
            let Some(ref binding) = global.binding else {
                continue;
            };
            let key = (binding.group, binding.binding);
            resources
                .entry(key)
                .or_insert_with(Vec::new)
                .push(Resource::of(module, global.space, global.ty));
            if let (Some(info), Some(used)) = (info, used.as_mut()) {
                if chosen
                    .iter()
                    .any(|&(i, _)| !info.get_entry_point(i)[handle].is_empty())
                {
                    used.push(key);
                }
            }
        }
        Interface {
            entry_points,
            resources,
            used,
        }
    }
}

fn compare(format: OutputFormat, expected: &Interface, found: &Interface) -> Result<(), EmitError> {
    if expected.entry_points != found.entry_points {
        let list = |i: &Interface| {
            let names: Vec<String> = i.entry_points.iter().map(|e| e.to_string()).collect();
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        };
        return Err(failure(
            format,
            format!(
                "its entry points are not the module's: written {}, read back {}",
                list(expected),
                list(found)
            ),
        ));
    }
    let found_resources = found
        .resources
        .iter()
        .flat_map(|(key, all)| all.iter().map(move |r| (key, r)));
    for (&(group, binding), resource) in found_resources {
        let wanted = expected.resources.get(&(group, binding));
        let matches = |wanted: &Resource| {
            wanted == resource
                // SPIR-V has one sampler type (the comparison is the
                // sampling's, `OpImageSampleDref*`): naga's reader makes
                // a sampler a comparison sampler where a depth-compare
                // sampling uses it, so one that no such sampling uses
                // (`_ = s;`, or no use at all) reads back as a plain one.
                || (*wanted == Resource::Sampler { comparison: true }
                    && format == OutputFormat::SpirvBinary
                    && *resource == (Resource::Sampler { comparison: false }))
        };
        match wanted.and_then(|all| all.first().map(|first| (all, first))) {
            Some((all, _)) if all.iter().any(matches) => {}
            Some((_, wanted)) => {
                return Err(failure(
                    format,
                    format!(
                        "@group({group}) @binding({binding}) is {wanted} in the module, but {resource} in the text"
                    ),
                ))
            }
            None => {
                return Err(failure(
                    format,
                    format!(
                        "@group({group}) @binding({binding}) is {resource} in the text, and nothing in the module"
                    ),
                ))
            }
        }
    }
    let required: Vec<(u32, u32)> = match &expected.used {
        Some(used) => used.clone(),
        None => expected.resources.keys().copied().collect(),
    };
    for (group, binding) in required {
        if !found.resources.contains_key(&(group, binding)) {
            return Err(failure(
                format,
                format!(
                    "@group({group}) @binding({binding}) ({}) is missing from the text",
                    expected.resources[&(group, binding)][0]
                ),
            ));
        }
    }
    Ok(())
}

/// Each entry point of the WGSL read back uses (statically, as WebGPU's
/// automatic layouts count) the resources it uses in the module: a host
/// that lays out its bind groups from the reflection, or lets the
/// implementation do it, binds the same resources for both.
fn same_static_uses(module: &Module, read: &Module) -> Result<(), EmitError> {
    let used = |module: &Module, index: usize| -> Vec<(u32, u32)> {
        let uses = shaderxform_passes::ir::entry_point_static_uses(module, index);
        let mut keys: Vec<(u32, u32)> = uses
            .into_iter()
            .filter_map(|g| module.global_variables[g].binding.as_ref())
            .map(|b| (b.group, b.binding))
            .collect();
        keys.sort_unstable();
        keys
    };
    for (index, ep) in module.entry_points.iter().enumerate() {
        let Some(read_index) = read.entry_points.iter().position(|r| r.name == ep.name) else {
            continue; // `compare` has said so
        };
        let (wanted, found) = (used(module, index), used(read, read_index));
        if wanted != found {
            let show = |keys: &[(u32, u32)]| {
                let list: Vec<String> = keys
                    .iter()
                    .map(|(g, b)| format!("@group({g}) @binding({b})"))
                    .collect();
                if list.is_empty() {
                    "none".to_string()
                } else {
                    list.join(", ")
                }
            };
            return Err(failure(
                OutputFormat::Wgsl,
                format!(
                    "entry point `{}` uses {} in the module, but {} in the text",
                    ep.name,
                    show(&wanted),
                    show(&found)
                ),
            ));
        }
    }
    Ok(())
}

/// Every barrier of the module read back is in uniform control flow.
/// `analyses` are those of `read`; `place` says where a span of the read
/// module is in the output.
fn no_divergent_barriers(
    format: OutputFormat,
    read: &Module,
    analyses: &Analyses,
    place: impl Fn(naga::Span) -> Option<String>,
) -> Result<(), EmitError> {
    if !divergent_barriers::has_barriers(read) {
        return Ok(());
    }
    // naga's SPIR-V reader copies built-in inputs into private variables;
    // those of uniform built-ins stay uniform.
    let divergent = match format {
        OutputFormat::SpirvBinary | OutputFormat::SpirvAssembly => {
            let entry_copies = shaderxform_passes::analysis::uniformity::uniform_entry_copies(read);
            divergent_barriers::errors_assuming(read, "", &entry_copies)
        }
        _ => divergent_barriers::errors_with(read, analyses, ""),
    };
    let Some(first) = divergent.first() else {
        return Ok(());
    };
    let mut diagnostic = failure_diagnostic(
        format,
        format!(
            "it has a barrier in non-uniform control flow: {}",
            first.message
        ),
    )
    .with_note(DIVERGENT_BARRIER_NOTE);
    for label in &first.labels {
        let at = place(label.span).map_or_else(String::new, |p| format!("{p}: "));
        if !label.message.is_empty() {
            diagnostic = diagnostic.with_note(format!("{at}{}", label.message));
        }
    }
    if divergent.len() > 1 {
        diagnostic = diagnostic.with_note(format!(
            "and {} more barriers in non-uniform control flow",
            divergent.len() - 1
        ));
    }
    Err(EmitError::Backend(diagnostic))
}

fn failure(format: OutputFormat, why: String) -> EmitError {
    EmitError::Backend(failure_diagnostic(format, why))
}

fn failure_diagnostic(format: OutputFormat, why: String) -> Diagnostic {
    let name = if format.is_spirv() { "SPIR-V" } else { "WGSL" };
    Diagnostic::error(format!(
        "internal error: the {name} written does not hold what was compiled: {why}"
    ))
    .with_code(shaderxform_passes::codes::EMIT_RECHECK)
    .with_note("the output was read back and checked before being returned; nothing is written")
    .with_note("this is a bug in shaderxform or naga, not in the shader")
}

/// naga writes `workgroupUniformLoad(p)` in SPIR-V as a control barrier,
/// a load and a control barrier, and reads that back as a plain load of
/// workgroup memory, which the uniformity analysis takes to differ between
/// invocations. Each such sequence becomes the `workgroupUniformLoad` it
/// was again, so that the analysis sees what was written: a load that
/// every invocation makes together, between two barriers, is uniform where
/// its address is (which the analysis checks, as it does in WGSL).
fn raise_workgroup_uniform_loads(module: &mut Module, info: &ModuleInfo) {
    let Module {
        ref mut functions,
        ref mut entry_points,
        ref global_variables,
        ref types,
        ..
    } = *module;
    let spaces = |g: Handle<naga::GlobalVariable>| global_variables[g].space;
    for (handle, function) in functions.iter_mut() {
        raise_in(function, &info[handle], types, &spaces);
    }
    for (index, entry_point) in entry_points.iter_mut().enumerate() {
        raise_in(
            &mut entry_point.function,
            info.get_entry_point(index),
            types,
            &spaces,
        );
    }
}

fn raise_in(
    function: &mut naga::Function,
    function_info: &naga::valid::FunctionInfo,
    types: &naga::UniqueArena<naga::Type>,
    space_of: &impl Fn(Handle<naga::GlobalVariable>) -> AddressSpace,
) {
    let naga::Function {
        ref mut body,
        ref mut expressions,
        ..
    } = *function;
    let mut raised: Vec<(Handle<Expression>, Handle<naga::Type>)> = Vec::new();
    shaderxform_passes::ir::for_each_block_mut(body, &mut |block: &mut Block| {
        let mut i = 0;
        while i + 2 < block.len() {
            let found = match (&block[i], &block[i + 1], &block[i + 2]) {
                (
                    &Statement::ControlBarrier(before),
                    Statement::Emit(range),
                    &Statement::ControlBarrier(after),
                ) if before.contains(Barrier::WORK_GROUP)
                    && after.contains(Barrier::WORK_GROUP) =>
                {
                    single_workgroup_load(expressions, function_info, types, space_of, range)
                }
                _ => None,
            };
            let Some(UniformLoad {
                load,
                pointer,
                ty,
                range,
            }) = found
            else {
                i += 1;
                continue;
            };
            let old = std::mem::take(block);
            for (at, (statement, span)) in old.span_into_iter().enumerate() {
                if at == i || at == i + 2 {
                    continue;
                }
                if at != i + 1 {
                    block.push(statement, span);
                    continue;
                }
                let (before, after) = split_range(&range, load);
                if let Some(before) = before {
                    block.push(Statement::Emit(before), span);
                }
                block.push(
                    Statement::WorkGroupUniformLoad {
                        pointer,
                        result: load,
                    },
                    span,
                );
                if let Some(after) = after {
                    block.push(Statement::Emit(after), span);
                }
            }
            raised.push((load, ty));
            i += 1;
        }
    });
    for (load, ty) in raised {
        expressions[load] = Expression::WorkGroupUniformLoadResult { ty };
    }
}

/// A load between two barriers that every invocation makes together.
struct UniformLoad {
    load: Handle<Expression>,
    pointer: Handle<Expression>,
    /// The type loaded.
    ty: Handle<naga::Type>,
    /// The `Emit` range that holds the load.
    range: naga::Range<Expression>,
}

/// The only load of an `Emit` range, where it loads from workgroup
/// memory.
fn single_workgroup_load(
    expressions: &naga::Arena<Expression>,
    function_info: &naga::valid::FunctionInfo,
    types: &naga::UniqueArena<naga::Type>,
    space_of: &impl Fn(Handle<naga::GlobalVariable>) -> AddressSpace,
    range: &naga::Range<Expression>,
) -> Option<UniformLoad> {
    let mut loads = range
        .clone()
        .filter(|&e| matches!(expressions[e], Expression::Load { .. }));
    let load = loads.next()?;
    if loads.next().is_some() {
        return None;
    }
    let Expression::Load { pointer } = expressions[load] else {
        return None;
    };
    match shaderxform_passes::ir::pointer_root(expressions, pointer) {
        shaderxform_passes::ir::PointerRoot::Global(g)
            if space_of(g) == AddressSpace::WorkGroup => {}
        _ => return None,
    }
    let pointee = match *function_info[pointer].ty.inner_with(types) {
        TypeInner::Pointer { base, .. } => base,
        _ => return None,
    };
    // naga's WGSL front end unwraps atomics in `workgroupUniformLoad`.
    let ty = match types[pointee].inner {
        TypeInner::Atomic(scalar) => types.get(&naga::Type {
            name: None,
            inner: TypeInner::Scalar(scalar),
        })?,
        _ => pointee,
    };
    Some(UniformLoad {
        load,
        pointer,
        ty,
        range: range.clone(),
    })
}

/// The parts of `range` before and after `at`.
fn split_range(
    range: &naga::Range<Expression>,
    at: Handle<Expression>,
) -> (
    Option<naga::Range<Expression>>,
    Option<naga::Range<Expression>>,
) {
    let handles: Vec<Handle<Expression>> = range.clone().collect();
    let position = handles.iter().position(|&h| h == at).expect("in the range");
    let part = |part: &[Handle<Expression>]| {
        Some(naga::Range::new_from_bounds(*part.first()?, *part.last()?))
    };
    (part(&handles[..position]), part(&handles[position + 1..]))
}
