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
//!   their default values and the expressions folded by SPIRV-Tools'
//!   `FoldSpecConstantOpAndComposite`; every other specialization
//!   constant stays a pipeline-overridable constant.
//! - **`OpCopyLogical`** (SPIR-V 1.4), which naga does not read: member-wise
//!   extracts and a construct.
//!
//! The result is validated with spirv-val before naga reads it.
//!
//! This file holds the driver and the module helpers every step uses;
//! each step is a file of its own, an `impl Legalizer` block.

mod block_access;
mod combined_samplers;
mod copy_logical;
mod spec_constants;

use std::collections::HashMap;

use rspirv::binary::Assemble as _;
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};

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

/// A specialization constant fixed at its default value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrozenSpecConstant {
    pub name: Option<String>,
    pub spec_id: Option<u32>,
    /// The default value, as SPIR-V spells it.
    pub value: String,
    /// Why it could not stay overridable.
    pub reason: &'static str,
}

/// What legalisation did to a module.
#[derive(Clone, Debug, Default)]
pub struct Legalized {
    pub words: Vec<u32>,
    pub samplers: Vec<SamplerSplit>,
    pub frozen: Vec<FrozenSpecConstant>,
    /// Variables given `NonWritable` from their members.
    pub access: Vec<(Option<String>, &'static str)>,
    pub copy_logical: usize,
}

impl Legalized {
    pub fn changed(&self) -> bool {
        !self.samplers.is_empty()
            || !self.frozen.is_empty()
            || !self.access.is_empty()
            || self.copy_logical > 0
    }
}

/// Whether `SHADERXFORM_NO_SPIRV_LEGALIZE` is set: naga then reads SPIR-V
/// as given, to measure what legalisation gains.
pub fn disabled() -> bool {
    std::env::var_os("SHADERXFORM_NO_SPIRV_LEGALIZE").is_some()
}

/// Rewrites `words` (valid SPIR-V, checked by spirv-val) into SPIR-V that
/// naga reads; see the module documentation. A module rspirv cannot load
/// is returned as it is, for naga to judge.
pub fn legalize(words: Vec<u32>, env: TargetEnv) -> Result<Legalized, Diagnostic> {
    let Ok(module) = rspirv::dr::load_words(&words) else {
        return Ok(Legalized {
            words,
            ..Default::default()
        });
    };
    let mut l = Legalizer::new(module);
    let mut out = Legalized {
        access: l.block_access(),
        copy_logical: l.split_copy_logical(),
        samplers: l.split_combined_samplers(),
        frozen: l.freeze_spec_constants(),
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
        rewritten = fold_spec_constant_ops(&rewritten, env)?;
    }
    if let Err(e) = spirv_tools::validate(&rewritten, env, ValidateOptions::default()) {
        return Err(Diagnostic::error(format!(
            "internal error: the SPIR-V rewritten for naga's reader is invalid: {}",
            e.message
        ))
        .with_code(shaderxform_passes::codes::INTERNAL)
        .with_note("this is a bug in shaderxform, not in the shader"));
    }
    out.words = rewritten;
    Ok(out)
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

    fn pointer_type(&mut self, class: StorageClass, pointee: Word) -> Word {
        self.ensure_type(
            Op::TypePointer,
            vec![Operand::StorageClass(class), Operand::IdRef(pointee)],
        )
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
