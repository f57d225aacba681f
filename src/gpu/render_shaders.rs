//! The shaders of a draw, compiled: each role's vertex and fragment
//! stages (from one file, or from a GLSL pair of files made to fit one
//! pipeline layout), their entry points, and what their interfaces,
//! buffers, immediates, textures and samplers are.

use naga::ShaderStage;

use super::device::Code;
use super::immediates;
use super::reflect::{self, Binding};
use super::render_io::{self, StageIo};
use super::setup::Instrumentation;
use super::textures::{self, HandleBinding, Handles};
use super::{Error, Role, ShaderFormat};
use crate::pipeline::{Compiled, Options};
use crate::source::Source;

use super::render::RenderPair;

/// One compiled file.
pub(super) struct Part {
    pub(super) source: Source,
    pub(super) compiled: Compiled,
    /// The binding arrays given a binding per element, described.
    pub(super) split_arrays: Vec<String>,
}

impl Part {
    pub(super) fn code(&self) -> Code<'_> {
        super::setup::code_of(&self.compiled)
    }

    /// The written shader read back as wgpu reads it.
    pub(super) fn driver_module(&self) -> Option<naga::Module> {
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

    pub(super) fn module(&self) -> &naga::Module {
        &self.compiled.transformed.module
    }
}

/// The two stages drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    Vertex,
    Fragment,
}

/// One role's compiled shader (and the file of its fragment stage, where
/// a GLSL pair keeps it apart) and the entry points drawn.
pub(super) struct Shader {
    pub(super) main: Part,
    pub(super) fragment_part: Option<Part>,
    pub(super) vertex: Option<usize>,
    pub(super) fragment: Option<usize>,
}

impl Shader {
    pub(super) fn part(&self, stage: Stage) -> &Part {
        match (stage, &self.fragment_part) {
            (Stage::Fragment, Some(part)) => part,
            _ => &self.main,
        }
    }

    pub(super) fn index(&self, stage: Stage) -> Option<usize> {
        match stage {
            Stage::Vertex => self.vertex,
            Stage::Fragment => self.fragment,
        }
    }

    pub(super) fn entry(&self, stage: Stage) -> Option<&naga::EntryPoint> {
        self.index(stage)
            .map(|i| &self.part(stage).module().entry_points[i])
    }

    pub(super) fn io(&self, stage: Stage) -> Result<Option<StageIo>, Error> {
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
    pub(super) fn bindings(&self, role: Role) -> Result<Vec<(Binding, wgpu::ShaderStages)>, Error> {
        let mut out: Vec<(Binding, wgpu::ShaderStages)> = Vec::new();
        for (stage, stages) in [
            (Stage::Vertex, wgpu::ShaderStages::VERTEX),
            (Stage::Fragment, wgpu::ShaderStages::FRAGMENT),
        ] {
            let Some(index) = self.index(stage) else {
                continue;
            };
            let part = self.part(stage);
            let info = &part.compiled.transformed.info;
            let found = reflect::bindings(part.module(), info, index)
                .map_err(|e| Error::Input(format!("the {}: {e}", role.name())))?;
            for b in found {
                match out
                    .iter_mut()
                    .find(|(o, _)| (o.group, o.binding) == (b.group, b.binding))
                {
                    // The stages may declare one buffer with types of
                    // their own (a vertex stage's three matrices, the
                    // fragment stage's with two floats more): the buffer
                    // is as large as the larger, laid out as it is.
                    Some((o, used)) => {
                        if b.byte_size(0) > o.byte_size(0) {
                            *o = b;
                        }
                        *used |= stages;
                    }
                    None => out.push((b, stages)),
                }
            }
        }
        out.sort_by_key(|(b, _)| (b.group, b.binding));
        Ok(out)
    }

    /// The immediate variable (push constants) the drawn entry points use,
    /// laid out as a buffer: one for both stages, as a pipeline has one
    /// block of immediates (the larger where the stages declare it
    /// differently).
    pub(super) fn immediates(&self, role: Role) -> Result<Option<Binding>, Error> {
        let mut found: Option<Binding> = None;
        for stage in [Stage::Vertex, Stage::Fragment] {
            let Some(index) = self.index(stage) else {
                continue;
            };
            let part = self.part(stage);
            let Some(b) =
                immediates::reflect(part.module(), &part.compiled.transformed.info, index)
                    .map_err(|e| Error::Input(format!("the {}: {e}", role.name())))?
            else {
                continue;
            };
            // The stages may declare the block each its own way (Vulkan's
            // push constants: a vertex stage's `vec3` at offset 0, the
            // fragment stage's floats from offset 12): one block of bytes
            // as large as the larger, seeded as it is laid out.
            match &found {
                Some(first) if first.byte_size(0) >= b.byte_size(0) => {}
                _ => found = Some(b),
            }
        }
        Ok(found)
    }

    /// The textures and samplers the drawn entry points use, sorted by
    /// slot, which of them they sample together, and the stages that use
    /// each.
    pub(super) fn handles(&self, role: Role) -> Result<(Handles, Vec<wgpu::ShaderStages>), Error> {
        let mut all: Vec<(HandleBinding, wgpu::ShaderStages)> = Vec::new();
        let mut together: Vec<((u32, u32), (u32, u32))> = Vec::new();
        for (stage, stages) in [
            (Stage::Vertex, wgpu::ShaderStages::VERTEX),
            (Stage::Fragment, wgpu::ShaderStages::FRAGMENT),
        ] {
            let Some(index) = self.index(stage) else {
                continue;
            };
            let part = self.part(stage);
            let (found, sampled) =
                textures::reflect(part.module(), &part.compiled.transformed.info, index)
                    .map_err(|e| Error::Input(format!("the {}: {e}", role.name())))?;
            let slot = |h: &HandleBinding| (h.group, h.binding);
            together.extend(
                sampled
                    .iter()
                    .map(|&(t, s)| (slot(&found[t]), slot(&found[s]))),
            );
            for h in found {
                match all.iter_mut().find(|(o, _)| slot(o) == slot(&h)) {
                    Some((_, used)) => *used |= stages,
                    None => all.push((h, stages)),
                }
            }
        }
        all.sort_by_key(|(h, _)| (h.group, h.binding));
        let position = |slot: (u32, u32)| {
            all.iter()
                .position(|(h, _)| (h.group, h.binding) == slot)
                .expect("every sampled slot is listed")
        };
        let mut sampled: Vec<(usize, usize)> = together
            .into_iter()
            .map(|(t, s)| (position(t), position(s)))
            .collect();
        sampled.sort_unstable();
        sampled.dedup();
        let stages = all.iter().map(|(_, s)| *s).collect();
        Ok(((all.into_iter().map(|(h, _)| h).collect(), sampled), stages))
    }

    /// The interface of a stage as the driver's reader reads the written
    /// shader (defaults an emitter leaves out, such as a `center`
    /// sampling, are what that reader fills in, not what the IR held).
    pub(super) fn driver_io(&self, stage: Stage) -> Result<Option<StageIo>, Error> {
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
    instrumentation: Instrumentation,
) -> Result<Part, Error> {
    let (compiled, split_arrays) =
        super::setup::compile_for_device(&source, options, format, role, instrumentation)?;
    Ok(Part {
        source,
        compiled,
        split_arrays,
    })
}

/// Compiles one role's shader: `source`, and the fragment stage's own
/// file where the pair names one (read as it is for both roles).
pub(super) fn shader(
    source: Source,
    pair: &RenderPair,
    options: Options,
    format: ShaderFormat,
    role: Role,
    instrumentation: Instrumentation,
) -> Result<Shader, Error> {
    let what = role.name();
    let main = compile(
        source.clone(),
        options.clone(),
        format,
        role,
        instrumentation,
    )?;
    let (main, fragment_part) = match &pair.fragment_file {
        Some(path) => {
            let fragment_source =
                Source::read(path, None).map_err(|e| Error::Input(e.to_string()))?;
            let (main, fragment) = compile_stages(
                main,
                source,
                fragment_source,
                &options,
                format,
                role,
                instrumentation,
            )?;
            (main, Some(fragment))
        }
        None => (main, None),
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

/// The `(group, binding)` of every resource of `module`.
fn bindings_of(module: &naga::Module) -> Vec<(u32, u32)> {
    module
        .global_variables
        .iter()
        .filter_map(|(_, v)| v.binding.map(|b| (b.group, b.binding)))
        .collect()
}

/// Whether two modules hold a sampler and something else at one binding.
fn clashing(a: &naga::Module, b: &naga::Module) -> bool {
    let kinds = |m: &naga::Module| -> Vec<((u32, u32), bool)> {
        m.global_variables
            .iter()
            .filter_map(|(_, v)| {
                let sampler = matches!(m.types[v.ty].inner, naga::TypeInner::Sampler { .. });
                v.binding.map(|r| ((r.group, r.binding), sampler))
            })
            .collect()
    };
    let of_b = kinds(b);
    kinds(a).iter().any(|(at, sampler)| {
        of_b.iter()
            .any(|(other_at, other_sampler)| at == other_at && sampler != other_sampler)
    })
}

/// Compiles the fragment stage's own file beside the vertex stage's
/// (`main`, compiled from `main_source`) so that the two fit one pipeline
/// layout, as wgpu makes one of both: each stage's split samplers take
/// bindings the other leaves free, and a stage's binding arrays are bound
/// element by element where the other has a uniform buffer in their
/// group. Recompiles the vertex stage where the first try clashes.
fn compile_stages(
    main: Part,
    main_source: Source,
    fragment_source: Source,
    options: &Options,
    format: ShaderFormat,
    role: Role,
    instrumentation: Instrumentation,
) -> Result<(Part, Part), Error> {
    let beside = |other: &Part| {
        let mut options = options.clone();
        options.front.reserved_bindings = bindings_of(other.module());
        options
    };
    let mut fragment = compile(
        fragment_source.clone(),
        beside(&main),
        format,
        role,
        instrumentation,
    )?;
    let mut main = main;
    if clashing(main.module(), fragment.module())
        || arrays_beside_uniforms(main.module(), fragment.module())
    {
        let instrumentation = split_every_array(main.module(), fragment.module(), instrumentation);
        main = compile(
            main_source,
            beside(&fragment),
            format,
            role,
            instrumentation,
        )?;
    }
    if arrays_beside_uniforms(fragment.module(), main.module()) {
        let instrumentation = split_every_array(fragment.module(), main.module(), instrumentation);
        fragment = compile(
            fragment_source,
            beside(&main),
            format,
            role,
            instrumentation,
        )?;
    }
    Ok((main, fragment))
}

/// Whether `arrays` binds a binding array in a bind group where `uniforms`
/// binds a uniform buffer: wgpu refuses the two in one layout, so the
/// stage of `arrays` binds them element by element.
fn arrays_beside_uniforms(arrays: &naga::Module, uniforms: &naga::Module) -> bool {
    let uniform_groups = shaderxform_passes::ir::uniform_buffer_groups(uniforms);
    arrays.global_variables.iter().any(|(_, v)| {
        matches!(
            arrays.types[v.ty].inner,
            naga::TypeInner::BindingArray { .. }
        ) && v.binding.is_some_and(|b| uniform_groups.contains(&b.group))
    })
}

/// `instrumentation`, with every binding array split where `module` has
/// one beside a uniform buffer of `other`'s.
fn split_every_array(
    module: &naga::Module,
    other: &naga::Module,
    instrumentation: Instrumentation,
) -> Instrumentation {
    if arrays_beside_uniforms(module, other) {
        Instrumentation {
            split_arrays: shaderxform_passes::ir::SplitArrays::Every,
            ..instrumentation
        }
    } else {
        instrumentation
    }
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
