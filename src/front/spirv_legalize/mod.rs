//! SPIR-V that Vulkan accepts but naga 30's reader does not, made readable.
//!
//! glslang and other Vulkan compilers write forms that naga's reader
//! refuses or misreads. Each rewrite here keeps what the shader means and
//! says what it changed for the host (a binding added, a specialization
//! constant fixed at its default):
//!
//! - **Read-only and write-only blocks.** glslang writes `readonly buffer`
//!   as `NonWritable` on every member of the block, not on the variable.
//!   naga looks at members only for `BufferBlock` structs (SPIR-V 1.0) and
//!   at the variable otherwise, so a `StorageBuffer` block came out
//!   `read_write` and no longer matched a read-only bind group layout. A
//!   variable whose block has every member `NonWritable` (`NonReadable`)
//!   gets the decoration itself. (`writeonly` blocks stay read-write:
//!   WGSL has no write-only storage buffers.)
//! - **Combined image samplers** (`sampler2D`): naga reads a sampled image
//!   only from `OpSampledImage` of a separate image and sampler, as WGSL
//!   has them. Each combined variable becomes an image variable (keeping
//!   its set and binding) and a sampler variable at the next free binding
//!   of its set; loads, access chains and function parameters follow.
//! - **Specialization constants naga cannot keep as overrides**: operands
//!   of `OpSpecConstantOp` (naga reads no `OpSpecConstantOp`) and array
//!   lengths (naga sizes arrays by constants only). These are fixed at
//!   the host's `--override` values or else their defaults, and the
//!   expressions folded by SPIRV-Tools'
//!   `FoldSpecConstantOpAndComposite`; every other specialization
//!   constant stays a pipeline-overridable constant.
//! - **Resources that share a binding, chosen between by specialization
//!   constants** (`if (TASK)` one buffer, else another, both on binding
//!   2), which one WGSL entry point cannot bind: the constants that
//!   choose are fixed at the host's `--override` value or else their
//!   defaults, SPIRV-Tools' `DeadBranchElim` removes the code left
//!   unreached, and the variables only it used go.
//! - **`OpCopyLogical`** (SPIR-V 1.4), which naga does not read: member-wise
//!   extracts and a construct.
//! - **One built-in declared by several input variables** (glslang's HLSL
//!   output for each `WaveGetLaneCount()` call), which naga refuses: the
//!   variables become one.
//! - **Texel buffers** (`samplerBuffer`, `imageBuffer`, `Buffer<T>`,
//!   `RWBuffer<T>`), which WGSL has not: storage buffers of their texels,
//!   unpacked on fetch and packed on store (`texel_buffers/`).
//! - **Storage images without a format**, which naga refuses: the host
//!   names the format (`--storage-format NAME=FORMAT`); an image given
//!   none is an error at its declaration.
//! - **Coherent storage images** (`globallycoherent RWTexture2D`), whose
//!   decoration naga refuses on a texture: dropped where the shader only
//!   writes the image (no invocation of the dispatch reads what another
//!   wrote), refused at the declaration where it reads it.
//! - **Atomic operations on vector components**, which WGSL has not and
//!   naga's reader stops at: in workgroup memory the vectors become arrays
//!   of their components; elsewhere refused at their line.
//! - **Atomic operations on storage image texels** (`OpImageTexelPointer`),
//!   which naga's reader does not read: where their value is unused, calls
//!   to functions that stand for them, which become naga's image atomics
//!   after reading; refused at their line where the value is used.
//! - **Ray queries** (`SPV_KHR_ray_query`), which naga's reader does not
//!   read: samplers, `uint` variables and calls to functions that stand
//!   for them, which become naga's ray queries after reading; what naga's
//!   IR has no equivalent of refused at its line.
//! - **Subgroup elect and ballot bit counts** (HLSL `WaveIsFirstLane`,
//!   `WaveActiveCountBits`, `WavePrefixCountBits`), which naga does not
//!   read: written from the lane, a broadcast and bit counts.
//! - **Operands of subgroup and atomic operations from another block**
//!   (an `OpPhi` of a loop used after it), which naga's reader does not
//!   bring into the block: copied in with `OpCopyObject`.
//! - **HLSL's prefix sums and products**, exclusive in HLSL, which glslang
//!   writes as inclusive scans: made exclusive, for glslang's HLSL output.
//! - **Shifts of mixed signedness** (`OpShiftRightLogical %int %uint ...`),
//!   which naga reads with the base's type and records with the result's:
//!   the base and result are bitcast to the shift's signedness.
//! - **Ballot queries and all-equal** (`subgroupBallotBitExtract`,
//!   `subgroupInverseBallot`, `subgroupBallotFindLSB`/`MSB`,
//!   `subgroupAllEqual`, HLSL `WaveActiveAllEqual`), which naga does not
//!   read: written with bit operations, a broadcast and `subgroupAll`.
//! - **Subgroup mask built-ins** (`gl_SubgroupLtMask` and the others),
//!   which naga does not read: computed from the lane.
//! - **Clustered reductions** (`subgroupClusteredAdd`), which WGSL has
//!   not: refused at their line.
//! - **8-bit integers in storage and uniform buffers**, which naga has
//!   not: read from 32-bit words at the same offsets with bit-field
//!   extracts (`storage_8bit/`); other uses refused at their line.
//! - **Push-constant blocks with a set and a binding** (HLSL's
//!   `[[vk::push_constant]]` on a `cbuffer` with a register), which naga
//!   refuses and Vulkan ignores: the decorations are dropped.
//! - **Counter buffers** of HLSL structured buffers, which glslang names
//!   `NAME@count`: named `NAME_counter` and listed with their bindings.
//! - **16-bit push constants** (`uint16_t`, `int16_t`, `float16_t` and
//!   their vectors), which naga's IR has not: the block becomes one of
//!   32-bit words over the same bytes, each load of a 16-bit member a load
//!   of its words, a shift and a conversion; other uses are refused.
//! - **Interface blocks** (`out VertexData { ... } v;`), whose output
//!   members naga dropped silently and whose inputs it refused: a
//!   variable per member at its location (`interface_blocks.rs`), which
//!   also decorates integer vertex outputs `Flat`.
//! - **Input attachments** (`subpassInput`), which WGSL has not: sampled
//!   textures read at the fragment's position.
//! - **`OpSourceContinued`**, which naga does not read: the source text
//!   embedded by `-g` is dropped where it is continued (positions come
//!   from `OpLine`, which stays).
//!
//! The result is validated with spirv-val before naga reads it.
//!
//! This file holds the driver and the module helpers every step uses;
//! each step is a file of its own, an `impl Legalizer` block.

mod atomic_vector_components;
mod block_access;
mod buffer_addresses;
mod builtin_inputs;
mod clustered_reductions;
mod coherent_images;
mod combined_samplers;
mod copy_logical;
mod counter_buffers;
mod cross_block_operands;
mod empty_structs;
mod hlsl_prefix_scans;
mod image_atomics;
mod input_attachments;
mod interface_blocks;
mod non_semantic;
mod push_constant_bindings;
mod push_constant_words;
mod ray_queries;
mod shared_bindings;
mod shift_signedness;
mod source_text;
mod spec_constants;
mod stand_ins;
mod storage_8bit;
mod storage_formats;
mod subgroup_ballot_queries;
mod subgroup_lane_ops;
mod subgroup_masks;
mod texel_buffers;
mod workgroup_vector_atomics;

use std::collections::HashMap;

use rspirv::binary::Assemble as _;
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};
use shaderxform_passes::Change;

pub use builtin_inputs::MergedBuiltIn;
pub use image_atomics::ImageAtomicStandIn;
pub use push_constant_words::PushConstantWords;
pub use ray_queries::{IntersectionMember, RayQueries, RayQueryStandInKind};
pub use shared_bindings::{quoted as quoted_resource, ChosenSpecConstant};
pub use storage_formats::ChosenStorageFormat;

use crate::diagnostics::Diagnostic;
use crate::spirv_tools::{self, TargetEnv, ValidateOptions};

/// A combined image sampler split into an image and a sampler binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SamplerSplit {
    /// The variable's name in the SPIR-V, if it has one.
    pub name: Option<String>,
    /// The combined binding, `(set, binding)`.
    pub combined: (u32, u32),
    /// Where the image is now (the combined binding itself).
    pub texture: (u32, u32),
    /// Where the sampler is now.
    pub sampler: (u32, u32),
}

/// A specialization constant fixed at a value: the host's, or its
/// default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrozenSpecConstant {
    /// The constant's `OpName`; `None` when the SPIR-V gives it none.
    pub name: Option<String>,
    /// Its `SpecId` decoration, by which a host would override it; `None`
    /// when it has none (`OpSpecConstantOp` and `OpSpecConstantComposite`
    /// usually do not).
    pub spec_id: Option<u32>,
    /// The value it now has, as SPIR-V spells it: its default, or the
    /// host's.
    pub value: String,
    /// Why it could not stay overridable.
    pub reason: &'static str,
    /// Whether the host gave the value (`--override`).
    pub overridden: bool,
}

/// What legalisation did to a module.
#[derive(Clone, Debug, Default)]
pub struct Legalized {
    /// The SPIR-V for naga to read: the input words unchanged when
    /// [`Legalized::changed`] is false, the rewritten module otherwise.
    pub words: Vec<u32>,
    /// Combined image samplers split into an image and a sampler.
    pub samplers: Vec<SamplerSplit>,
    /// Specialization constants that naga could not keep overridable and
    /// that now hold the host's value or their default.
    pub frozen: Vec<FrozenSpecConstant>,
    /// Specialization constants fixed to choose between resources of one
    /// entry point on one binding.
    pub chosen: Vec<ChosenSpecConstant>,
    /// Where resources of one entry point still share a binding after
    /// specialization constants were tried: what was tried, for the
    /// binding conflict that naga's validator then reports.
    pub binding_conflict_notes: Vec<String>,
    /// Variables given `NonWritable` from their members.
    pub access: Vec<(Option<String>, &'static str)>,
    /// `OpCopyLogical` instructions written as member-wise extracts and
    /// a construct.
    pub copy_logical: usize,
    /// Built-in inputs declared more than once, now once.
    pub builtins: Vec<MergedBuiltIn>,
    /// Subgroup elects and ballot bit counts rewritten.
    pub subgroup_lane_ops: usize,
    /// Operands of subgroup and atomic operations copied into their block.
    pub cross_block_operands: usize,
    /// `WavePrefixSum`/`WavePrefixProduct` that glslang wrote inclusive,
    /// made exclusive.
    pub hlsl_prefix_scans: usize,
    /// Shifts given the signedness they work in.
    pub shift_signedness: usize,
    /// Formats given to storage images that declared none.
    pub storage_formats: Vec<ChosenStorageFormat>,
    /// `OpSourceContinued` removed, with the source text they continued.
    pub source_continued: usize,
    /// Instructions of `NonSemantic.*` sets (`debugPrintfEXT`) removed.
    pub non_semantic: usize,
    /// Structures without members given an unused `uint` member.
    pub empty_structs: usize,
    /// Storage images, by name, whose `Coherent` or `Volatile` decoration
    /// was dropped because the shader only writes them.
    pub coherent_images: Vec<Option<String>>,
    /// Workgroup variables, by name, whose vectors became arrays of their
    /// components because components are accessed atomically.
    pub workgroup_vector_atomics: Vec<Option<String>>,
    /// Functions that stand for image atomics until naga has read the
    /// module, when they become `Statement::ImageAtomic`.
    pub image_atomics: Vec<ImageAtomicStandIn>,
    /// Structures, by name, whose 8-bit members became 32-bit words.
    pub storage_8bit: Vec<Option<String>>,
    /// Push-constant blocks whose 16-bit members are read from 32-bit words.
    pub push_constant_words: Vec<PushConstantWords>,
    /// The changes of the steps that record their own, as a pass does
    /// (texel buffers, counter buffers, push-constant bindings); the
    /// report makes the fields above into changes for the others.
    pub changes: Vec<Change>,
    /// Ray queries and acceleration structures written as what naga
    /// reads, turned back after reading.
    pub ray_queries: RayQueries,
}

impl Legalized {
    /// Whether any rewrite applied; when not, `words` is the input as it
    /// was and nothing is reported.
    pub fn changed(&self) -> bool {
        !self.samplers.is_empty()
            || !self.frozen.is_empty()
            || !self.chosen.is_empty()
            || !self.access.is_empty()
            || self.copy_logical > 0
            || self.source_continued > 0
            || self.non_semantic > 0
            || self.empty_structs > 0
            || !self.coherent_images.is_empty()
            || !self.workgroup_vector_atomics.is_empty()
            || !self.image_atomics.is_empty()
            || !self.push_constant_words.is_empty()
            || !self.changes.is_empty()
            || !self.ray_queries.is_empty()
            || !self.builtins.is_empty()
            || !self.storage_formats.is_empty()
            || self.subgroup_lane_ops > 0
            || self.cross_block_operands > 0
            || self.hlsl_prefix_scans > 0
            || self.shift_signedness > 0
            || !self.storage_8bit.is_empty()
    }
}

/// Whether `SHADERXFORM_NO_SPIRV_LEGALIZE` is set: naga then reads SPIR-V
/// as given, to measure what legalisation gains.
pub fn disabled() -> bool {
    std::env::var_os("SHADERXFORM_NO_SPIRV_LEGALIZE").is_some()
}

/// Why legalisation stopped: a diagnostic, about an instruction of the
/// input (from 0) where it concerns one.
#[derive(Debug)]
pub struct Refusal {
    /// What cannot be read, and why. Without a span of its own, the
    /// reader places it at `instruction` in the input (the binary's words,
    /// the assembly's line, or the glslang source line before it).
    pub diagnostic: Diagnostic,
    /// The index (from 0) of the refused instruction among the input
    /// module's instructions; `None` when the refusal concerns the module
    /// as a whole.
    pub instruction: Option<usize>,
    /// What the instruction is to the diagnostic.
    pub label: &'static str,
}

impl From<Diagnostic> for Refusal {
    fn from(diagnostic: Diagnostic) -> Self {
        Refusal {
            diagnostic,
            instruction: None,
            label: "in this module",
        }
    }
}

/// What legalisation needs to know besides the module.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context<'a> {
    /// The formats of storage images that declare none, by name.
    pub storage_formats: &'a [(String, naga::StorageFormat)],
    /// The module is glslang's compilation of HLSL.
    pub hlsl_through_glslang: bool,
    /// The values the host gives specialization constants, by name or
    /// `SpecId` (`--override`): those fixed to choose between resources
    /// on one binding take them.
    pub overrides: Option<&'a std::collections::BTreeMap<String, f64>>,
    /// Bindings another stage of the pipeline holds, which split samplers
    /// leave free ([`crate::front::FrontOptions::reserved_bindings`]).
    pub reserved_bindings: &'a [(u32, u32)],
}

/// Rewrites `words` (valid SPIR-V, checked by spirv-val) into SPIR-V that
/// naga reads; see the module documentation. A module rspirv cannot load
/// is returned as it is, for naga to judge.
pub fn legalize(
    words: Vec<u32>,
    env: TargetEnv,
    context: Context,
) -> Result<Legalized, Vec<Refusal>> {
    let Ok(module) = rspirv::dr::load_words(&words) else {
        return Ok(Legalized {
            words,
            ..Default::default()
        });
    };
    let mut l = Legalizer::new(module);
    // First: the code it removes is neither rewritten nor refused.
    let no_overrides = std::collections::BTreeMap::new();
    let overrides = context.overrides.unwrap_or(&no_overrides);
    let chosen = l.choose_shared_binding_variants(&words, env, overrides)?;
    let storage_8bit = l.plan_8bit_storage(&words)?;
    // Before the refusals: what it rewrites is no longer refused.
    let workgroup_vector_atomics = l.split_workgroup_vectors_with_atomics();
    let (push_constant_words, mut refused) = l.push_constant_words(&words);
    // Before the image refusals: texel pointers into texel buffers become
    // pointers into storage buffers.
    let (mut changes, texel_refusals) = l.lower_texel_buffers(&words, context.storage_formats);
    refused.extend(texel_refusals);
    let (block_changes, block_refusals) = l.split_interface_blocks(&words);
    changes.extend(block_changes);
    refused.extend(block_refusals);
    refused.extend(l.refuse_atomic_vector_components(&words));
    refused.extend(l.refuse_clustered_reductions(&words));
    refused.extend(l.refuse_image_atomics(&words));
    refused.extend(l.refuse_ray_queries(&words));
    refused.extend(l.refuse_buffer_device_addresses(&words));
    refused.extend(l.refuse_read_coherent_images(&words));
    if !refused.is_empty() {
        return Err(refused);
    }
    // Before the formats: naga takes input attachments for storage
    // images without one.
    changes.extend(l.read_input_attachments_as_textures());
    let storage_formats = l
        .set_storage_formats(context.storage_formats)
        .map_err(|refused| {
            refused
                .into_iter()
                .map(|r| Refusal {
                    diagnostic: r.diagnostic,
                    instruction: variable_declaration(&words, r.variable),
                    label: "declared here",
                })
                .collect::<Vec<_>>()
        })?;
    let mut out = Legalized {
        storage_8bit: l.read_8bit_storage_as_words(storage_8bit),
        storage_formats,
        source_continued: l.strip_continued_source_text(),
        non_semantic: l.strip_non_semantic_instructions(),
        empty_structs: l.fill_empty_structs(),
        coherent_images: l.drop_coherence_of_write_only_images(),
        workgroup_vector_atomics,
        image_atomics: l.call_image_atomic_stand_ins(),
        push_constant_words,
        ray_queries: l.call_ray_query_stand_ins(),
        builtins: l.merge_builtin_inputs(),
        subgroup_lane_ops: l.lower_subgroup_lane_ops()
            + l.lower_subgroup_ballot_queries()
            + l.compute_subgroup_masks(),
        shift_signedness: l.match_shift_signedness(),
        cross_block_operands: l.copy_cross_block_operands(),
        hlsl_prefix_scans: if context.hlsl_through_glslang {
            l.exclusive_hlsl_prefix_scans()
        } else {
            0
        },
        access: l.block_access(),
        copy_logical: l.split_copy_logical(),
        samplers: l.split_combined_samplers(context.reserved_bindings),
        frozen: l.freeze_spec_constants(&words, overrides)?,
        chosen: chosen.constants,
        binding_conflict_notes: chosen.notes,
        changes: {
            changes.extend(l.drop_push_constant_bindings());
            changes.extend(l.name_counter_buffers());
            changes.extend(l.flat_integer_vertex_outputs());
            changes
        },
        words: Vec::new(),
    };
    if !out.changed() {
        out.words = words;
        return Ok(out);
    }
    let has_spec_op = l
        .module
        .types_global_values
        .iter()
        .any(|i| i.class.opcode == Op::SpecConstantOp);
    let mut rewritten = l.module.assemble();
    if has_spec_op {
        rewritten = fold_spec_constant_ops(&rewritten, env).map_err(|d| vec![d.into()])?;
    }
    if let Err(e) = spirv_tools::validate(&rewritten, env, ValidateOptions::default()) {
        return Err(vec![Diagnostic::error(format!(
            "internal error: the SPIR-V rewritten for naga's reader is invalid: {}",
            e.message
        ))
        .with_code(shaderxform_passes::codes::INTERNAL)
        .with_note("this is a bug in shaderxform, not in the shader")
        .into()]);
    }
    out.words = rewritten;
    Ok(out)
}

/// The index of the instruction of `words` that declares variable `id`.
fn variable_declaration(words: &[u32], id: Word) -> Option<usize> {
    instruction_with_result(words, Op::Variable, id)
}

/// The index of the instruction of `words`, an `op` with a result type,
/// whose result is `id`.
fn instruction_with_result(words: &[u32], op: Op, id: Word) -> Option<usize> {
    let (instructions, _) = crate::spirv_words::split_instructions(words);
    instructions.iter().position(|range| {
        let instruction = &words[range.clone()];
        instruction[0] & 0xffff == op as u32 && instruction.get(2) == Some(&id)
    })
}

fn fold_spec_constant_ops(words: &[u32], env: TargetEnv) -> Result<Vec<u32>, Diagnostic> {
    spirv_tools::fold_spec_constants(words, env).map_err(|e| {
        e.diagnostic("cannot fold the specialization-constant expressions of this SPIR-V")
            .with_code(shaderxform_passes::codes::SPIRV_LEGALIZE)
    })
}

struct Legalizer {
    module: Module,
    names: HashMap<Word, String>,
}

fn id_operand(operand: &Operand) -> Option<Word> {
    match *operand {
        Operand::IdRef(id) => Some(id),
        _ => None,
    }
}

impl Legalizer {
    fn new(module: Module) -> Self {
        let names = module
            .debug_names
            .iter()
            .filter(|i| i.class.opcode == Op::Name)
            .filter_map(|i| match (i.operands.first(), i.operands.get(1)) {
                (Some(Operand::IdRef(id)), Some(Operand::LiteralString(s))) if !s.is_empty() => {
                    Some((*id, s.clone()))
                }
                _ => None,
            })
            .collect();
        Legalizer { module, names }
    }

    fn fresh_id(&mut self) -> Word {
        let header = self
            .module
            .header
            .as_mut()
            .expect("a loaded module has a header");
        let id = header.bound;
        header.bound += 1;
        id
    }

    /// Every instruction of the module that defines a value or type:
    /// globals, then each function's parameters and block instructions.
    fn defining_instructions(&self) -> impl Iterator<Item = &Instruction> {
        self.module
            .types_global_values
            .iter()
            .chain(self.module.functions.iter().flat_map(|f| {
                f.parameters
                    .iter()
                    .chain(f.blocks.iter().flat_map(|b| &b.instructions))
            }))
    }

    /// The type of every value of the module, by its id.
    fn value_types(&self) -> HashMap<Word, Word> {
        self.defining_instructions()
            .filter_map(|i| Some((i.result_id?, i.result_type?)))
            .collect()
    }

    /// Every global variable, with its pointer type.
    fn global_variables(&self) -> Vec<(Word, Word)> {
        self.module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable)
            .filter_map(|i| Some((i.result_id?, i.result_type?)))
            .collect()
    }

    /// Rebuilds every block's instructions, each through `rewrite`, which
    /// pushes what stands for it.
    fn rewrite_instructions(
        &mut self,
        mut rewrite: impl FnMut(&mut Self, Instruction, &mut Vec<Instruction>),
    ) {
        for f in 0..self.module.functions.len() {
            for b in 0..self.module.functions[f].blocks.len() {
                let old = std::mem::take(&mut self.module.functions[f].blocks[b].instructions);
                let mut new = Vec::with_capacity(old.len());
                for inst in old {
                    rewrite(self, inst, &mut new);
                }
                self.module.functions[f].blocks[b].instructions = new;
            }
        }
    }

    fn global(&self, id: Word) -> Option<&Instruction> {
        self.module
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(id))
    }

    fn decorations(&self, target: Word) -> impl Iterator<Item = &Instruction> {
        self.module.annotations.iter().filter(move |i| {
            i.class.opcode == Op::Decorate && i.operands.first() == Some(&Operand::IdRef(target))
        })
    }

    fn decoration_value(&self, target: Word, decoration: Decoration) -> Option<u32> {
        self.decorations(target)
            .find_map(|i| match (i.operands.get(1), i.operands.get(2)) {
                (Some(Operand::Decoration(d)), Some(Operand::LiteralBit32(v)))
                    if *d == decoration =>
                {
                    Some(*v)
                }
                _ => None,
            })
    }

    fn has_decoration(&self, target: Word, decoration: Decoration) -> bool {
        self.decorations(target)
            .any(|i| i.operands.get(1) == Some(&Operand::Decoration(decoration)))
    }

    fn decorate(&mut self, target: Word, decoration: Decoration, value: Option<u32>) {
        let mut operands = vec![Operand::IdRef(target), Operand::Decoration(decoration)];
        operands.extend(value.map(Operand::LiteralBit32));
        self.module
            .annotations
            .push(Instruction::new(Op::Decorate, None, None, operands));
    }

    /// The id of a type equal to `inst` (opcode and operands), declared
    /// at the end of the types if there is none yet.
    fn ensure_type(&mut self, op: Op, operands: Vec<Operand>) -> Word {
        if let Some(existing) = self
            .module
            .types_global_values
            .iter()
            .find(|i| i.class.opcode == op && i.operands == operands)
            .and_then(|i| i.result_id)
        {
            return existing;
        }
        let id = self.fresh_id();
        let inst = Instruction::new(op, None, Some(id), operands);
        // After the last operand's definition, so that it is declared
        // before use.
        let position = self.position_after_operands(&inst);
        self.module.types_global_values.insert(position, inst);
        id
    }

    fn position_after_operands(&self, inst: &Instruction) -> usize {
        let ids: Vec<Word> = inst.operands.iter().filter_map(id_operand).collect();
        self.module
            .types_global_values
            .iter()
            .rposition(|i| i.result_id.is_some_and(|r| ids.contains(&r)))
            .map_or(0, |p| p + 1)
    }

    /// `component` itself for one component, else its vector of `count`.
    fn vector_type(&mut self, component: Word, count: u32) -> Word {
        if count == 1 {
            return component;
        }
        self.ensure_type(
            Op::TypeVector,
            vec![Operand::IdRef(component), Operand::LiteralBit32(count)],
        )
    }

    fn pointer_type(&mut self, class: StorageClass, pointee: Word) -> Word {
        self.ensure_type(
            Op::TypePointer,
            vec![Operand::StorageClass(class), Operand::IdRef(pointee)],
        )
    }

    /// Makes every use of `from` (operand or result type) a use of `to`.
    fn replace_id(&mut self, from: Word, to: Word) {
        let module = &mut self.module;
        let instructions = module
            .capabilities
            .iter_mut()
            .chain(&mut module.entry_points)
            .chain(&mut module.execution_modes)
            .chain(&mut module.debug_names)
            .chain(&mut module.annotations)
            .chain(&mut module.types_global_values)
            .chain(module.functions.iter_mut().flat_map(|f| {
                f.def.iter_mut().chain(&mut f.parameters).chain(
                    f.blocks
                        .iter_mut()
                        .flat_map(|b| b.label.iter_mut().chain(&mut b.instructions)),
                )
            }));
        for inst in instructions {
            if inst.result_type == Some(from) {
                inst.result_type = Some(to);
            }
            for operand in &mut inst.operands {
                if *operand == Operand::IdRef(from) {
                    *operand = Operand::IdRef(to);
                }
            }
        }
    }

    /// Merges image and pointer types declared twice (which SPIR-V
    /// forbids) into the first declaration: a rewritten type can become
    /// equal to one the module has.
    fn merge_duplicate_types(&mut self) {
        loop {
            let types = &self.module.types_global_values;
            let duplicate = types.iter().enumerate().find_map(|(n, later)| {
                if !matches!(later.class.opcode, Op::TypeImage | Op::TypePointer) {
                    return None;
                }
                let first = types[..n].iter().find(|earlier| {
                    earlier.class.opcode == later.class.opcode && earlier.operands == later.operands
                })?;
                Some((later.result_id?, first.result_id?))
            });
            let Some((later, first)) = duplicate else {
                return;
            };
            if self.decorations(later).next().is_some() {
                return;
            }
            self.module
                .types_global_values
                .retain(|i| i.result_id != Some(later));
            self.replace_id(later, first);
        }
    }

    /// Removes the types `candidate` picks that nothing uses any more,
    /// with their names and decorations, again until none is left: a type
    /// removed can leave the types it used unused.
    fn remove_unused_types(&mut self, candidate: impl Fn(&Self, &Instruction) -> bool) {
        loop {
            let used: std::collections::HashSet<Word> = self
                .module
                .entry_points
                .iter()
                .chain(&self.module.execution_modes)
                .chain(&self.module.types_global_values)
                .chain(self.module.functions.iter().flat_map(|f| {
                    f.def
                        .iter()
                        .chain(&f.parameters)
                        .chain(f.blocks.iter().flat_map(|b| &b.instructions))
                }))
                .flat_map(|i| {
                    i.result_type
                        .into_iter()
                        .chain(i.operands.iter().filter_map(id_operand))
                })
                .collect();
            let unused: Vec<Word> = self
                .module
                .types_global_values
                .iter()
                .filter(|i| candidate(self, i))
                .filter_map(|i| i.result_id)
                .filter(|id| !used.contains(id))
                .collect();
            if unused.is_empty() {
                return;
            }
            self.module
                .types_global_values
                .retain(|i| !i.result_id.is_some_and(|id| unused.contains(&id)));
            let targets = |i: &Instruction| {
                i.operands
                    .first()
                    .and_then(id_operand)
                    .is_some_and(|id| unused.contains(&id))
            };
            self.module.debug_names.retain(|i| !targets(i));
            self.module.annotations.retain(|i| !targets(i));
        }
    }

    /// The value of decoration `decoration` of member `member` of
    /// structure `s` (0 for a decoration without one); `None` where the
    /// member has none.
    fn member_decoration(&self, s: Word, member: u32, decoration: Decoration) -> Option<u32> {
        self.module.annotations.iter().find_map(|i| {
            match (i.class.opcode, i.operands.as_slice()) {
                (
                    Op::MemberDecorate,
                    [Operand::IdRef(t), Operand::LiteralBit32(m), Operand::Decoration(d), rest @ ..],
                ) if *t == s && *m == member && *d == decoration => match rest.first() {
                    Some(Operand::LiteralBit32(v)) => Some(*v),
                    _ => Some(0),
                },
                _ => None,
            }
        })
    }

    /// The `OpMemberName` of member `member` of structure `owner`.
    fn member_name(&self, owner: Word, member: u32) -> Option<String> {
        self.module
            .debug_names
            .iter()
            .find_map(|i| match (i.class.opcode, i.operands.as_slice()) {
                (
                    Op::MemberName,
                    [Operand::IdRef(o), Operand::LiteralBit32(m), Operand::LiteralString(name), ..],
                ) if *o == owner && *m == member => Some(name.clone()),
                _ => None,
            })
    }

    /// The value of `id` where it is a 32-bit integer `OpConstant`.
    fn constant_u32(&self, id: Word) -> Option<u32> {
        let inst = self.global(id)?;
        match (inst.class.opcode, inst.operands.first()) {
            (Op::Constant, Some(Operand::LiteralBit32(v))) => Some(*v),
            _ => None,
        }
    }

    fn pointee(&self, pointer_type: Word) -> Option<(StorageClass, Word)> {
        let inst = self.global(pointer_type)?;
        match (
            inst.class.opcode,
            inst.operands.first(),
            inst.operands.get(1),
        ) {
            (Op::TypePointer, Some(Operand::StorageClass(c)), Some(Operand::IdRef(t))) => {
                Some((*c, *t))
            }
            _ => None,
        }
    }
}
