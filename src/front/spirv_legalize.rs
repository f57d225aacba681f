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

use std::collections::{BTreeMap, HashMap, HashSet};

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
        .with_code("internal")
        .with_note("this is a bug in shaderxform, not in the shader"));
    }
    out.words = rewritten;
    Ok(out)
}

fn fold_spec_constant_ops(words: &[u32], env: TargetEnv) -> Result<Vec<u32>, Diagnostic> {
    spirv_tools::fold_spec_constants(words, env).map_err(|e| {
        e.diagnostic("cannot fold the specialization-constant expressions of this SPIR-V")
            .with_code("spirv::legalize")
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

    // ---- read-only / write-only blocks ----

    fn block_access(&mut self) -> Vec<(Option<String>, &'static str)> {
        let mut added = Vec::new();
        let variables: Vec<(Word, Word)> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable)
            .filter_map(|i| Some((i.result_id?, i.result_type?)))
            .collect();
        for &(var, ty) in &variables {
            let Some((class, pointee)) = self.pointee(ty) else {
                continue;
            };
            if !matches!(class, StorageClass::StorageBuffer | StorageClass::Uniform) {
                continue;
            }
            let Some(block) = self.global(pointee) else {
                continue;
            };
            if block.class.opcode != Op::TypeStruct || block.operands.is_empty() {
                continue;
            }
            // A struct that is no block (the universal environment allows
            // one) cannot give its members' access to the variable.
            let is_block = |d| self.has_decoration(pointee, d);
            if !is_block(Decoration::Block) && !is_block(Decoration::BufferBlock) {
                continue;
            }
            let members = block.operands.len() as u32;
            // Only read-only: WGSL and naga have no write-only storage
            // buffers, so a `writeonly` block stays read-write.
            let decoration = Decoration::NonWritable;
            {
                let decorated: HashSet<u32> = self
                    .module
                    .annotations
                    .iter()
                    .filter(|i| i.class.opcode == Op::MemberDecorate)
                    .filter(|i| i.operands.first() == Some(&Operand::IdRef(pointee)))
                    .filter(|i| i.operands.get(2) == Some(&Operand::Decoration(decoration)))
                    .filter_map(|i| match i.operands.get(1) {
                        Some(Operand::LiteralBit32(m)) => Some(*m),
                        _ => None,
                    })
                    .collect();
                if (0..members).all(|m| decorated.contains(&m))
                    && !self.has_decoration(var, decoration)
                {
                    let sharing = variables
                        .iter()
                        .filter(|(_, t)| self.pointee(*t).map(|(_, p)| p) == Some(pointee))
                        .count();
                    let member_decoration = self.module.annotations.iter().position(|i| {
                        i.class.opcode == Op::MemberDecorate
                            && i.operands.first() == Some(&Operand::IdRef(pointee))
                            && i.operands.get(2) == Some(&Operand::Decoration(decoration))
                    });
                    match member_decoration {
                        // naga reads no member's `NonWritable`: the variable's
                        // decoration takes the place of one, so that every
                        // other instruction keeps its position (diagnostics
                        // on SPIR-V assembly point at the text by it).
                        Some(at) if sharing == 1 => {
                            self.module.annotations[at] = Instruction::new(
                                Op::Decorate,
                                None,
                                None,
                                vec![Operand::IdRef(var), Operand::Decoration(decoration)],
                            );
                        }
                        _ => self.decorate(var, decoration, None),
                    }
                    added.push((self.names.get(&var).cloned(), "read-only"));
                }
            }
        }
        added
    }

    fn builtin_of(&self, id: Word) -> Option<rspirv::spirv::BuiltIn> {
        self.decorations(id).find_map(|i| match i.operands.get(2) {
            Some(Operand::BuiltIn(b)) => Some(*b),
            _ => None,
        })
    }

    /// A constant decorated `WorkgroupSize` takes precedence over the
    /// `LocalSize` execution mode, which naga reads: once the constant is
    /// fixed, the mode says the same.
    fn workgroup_size_to_local_size(&mut self) {
        let Some(size) = self
            .module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::ConstantComposite)
            .find(|i| {
                i.result_id.is_some_and(|id| {
                    self.builtin_of(id) == Some(rspirv::spirv::BuiltIn::WorkgroupSize)
                })
            })
        else {
            return;
        };
        let values: Option<Vec<u32>> = size
            .operands
            .iter()
            .map(|o| {
                let c = self.global(id_operand(o)?)?;
                match (c.class.opcode, c.operands.first()) {
                    (Op::Constant, Some(Operand::LiteralBit32(v))) => Some(*v),
                    _ => None,
                }
            })
            .collect();
        let Some(values) = values.filter(|v| v.len() == 3) else {
            return;
        };
        for mode in &mut self.module.execution_modes {
            if mode.class.opcode == Op::ExecutionMode
                && mode.operands.get(1)
                    == Some(&Operand::ExecutionMode(
                        rspirv::spirv::ExecutionMode::LocalSize,
                    ))
            {
                mode.operands.truncate(2);
                mode.operands
                    .extend(values.iter().map(|&v| Operand::LiteralBit32(v)));
            }
        }
    }

    // ---- OpCopyLogical ----

    fn split_copy_logical(&mut self) -> usize {
        let mut types_of: HashMap<Word, Word> = HashMap::new();
        for i in &self.module.types_global_values {
            if let (Some(r), Some(t)) = (i.result_id, i.result_type) {
                types_of.insert(r, t);
            }
        }
        for f in &self.module.functions {
            for i in f
                .parameters
                .iter()
                .chain(f.blocks.iter().flat_map(|b| &b.instructions))
            {
                if let (Some(r), Some(t)) = (i.result_id, i.result_type) {
                    types_of.insert(r, t);
                }
            }
        }
        let mut count = 0;
        for f in 0..self.module.functions.len() {
            for b in 0..self.module.functions[f].blocks.len() {
                let old = std::mem::take(&mut self.module.functions[f].blocks[b].instructions);
                let mut new = Vec::with_capacity(old.len());
                for inst in old {
                    if inst.class.opcode != Op::CopyLogical {
                        new.push(inst);
                        continue;
                    }
                    let (Some(target), Some(result), Some(src)) = (
                        inst.result_type,
                        inst.result_id,
                        inst.operands.first().and_then(id_operand),
                    ) else {
                        new.push(inst);
                        continue;
                    };
                    let Some(&source_ty) = types_of.get(&src) else {
                        new.push(inst);
                        continue;
                    };
                    count += 1;
                    self.copy_logical(&mut new, src, source_ty, target, Some(result));
                }
                self.module.functions[f].blocks[b].instructions = new;
            }
        }
        count
    }

    /// Emits instructions that copy `value` of type `from` into a value of
    /// the logically matching type `to`, into `result` if given; returns
    /// the id of the copy.
    fn copy_logical(
        &mut self,
        out: &mut Vec<Instruction>,
        value: Word,
        from: Word,
        to: Word,
        result: Option<Word>,
    ) -> Word {
        let result = result.unwrap_or_else(|| self.fresh_id());
        if from == to {
            out.push(Instruction::new(
                Op::CopyObject,
                Some(to),
                Some(result),
                vec![Operand::IdRef(value)],
            ));
            return result;
        }
        let (Some(from_inst), Some(to_inst)) =
            (self.global(from).cloned(), self.global(to).cloned())
        else {
            return value;
        };
        let pairs: Vec<(Word, Word)> = match (from_inst.class.opcode, to_inst.class.opcode) {
            (Op::TypeStruct, Op::TypeStruct) => from_inst
                .operands
                .iter()
                .zip(&to_inst.operands)
                .filter_map(|(a, b)| Some((id_operand(a)?, id_operand(b)?)))
                .collect(),
            (Op::TypeArray, Op::TypeArray) => {
                let length = from_inst
                    .operands
                    .get(1)
                    .and_then(id_operand)
                    .and_then(|id| self.global(id))
                    .and_then(|c| match c.operands.first() {
                        Some(Operand::LiteralBit32(n)) => Some(*n),
                        _ => None,
                    })
                    .unwrap_or(0);
                let (Some(a), Some(b)) = (
                    from_inst.operands.first().and_then(id_operand),
                    to_inst.operands.first().and_then(id_operand),
                ) else {
                    return value;
                };
                vec![(a, b); length as usize]
            }
            _ => return value,
        };
        let mut parts = Vec::with_capacity(pairs.len());
        for (index, (member_from, member_to)) in pairs.into_iter().enumerate() {
            let extracted = self.fresh_id();
            out.push(Instruction::new(
                Op::CompositeExtract,
                Some(member_from),
                Some(extracted),
                vec![Operand::IdRef(value), Operand::LiteralBit32(index as u32)],
            ));
            let part = if member_from == member_to {
                extracted
            } else {
                self.copy_logical(out, extracted, member_from, member_to, None)
            };
            parts.push(Operand::IdRef(part));
        }
        out.push(Instruction::new(
            Op::CompositeConstruct,
            Some(to),
            Some(result),
            parts,
        ));
        result
    }

    // ---- combined image samplers ----

    /// The sampler-side and image-side types of a combined type (a sampled
    /// image, or an array of them), or `None` for any other type.
    fn split_type(&mut self, ty: Word) -> Option<(Word, Word)> {
        let inst = self.global(ty)?.clone();
        match inst.class.opcode {
            Op::TypeSampledImage => {
                let image = inst.operands.first().and_then(id_operand)?;
                let sampler = self.ensure_type(Op::TypeSampler, vec![]);
                Some((image, sampler))
            }
            Op::TypeArray | Op::TypeRuntimeArray => {
                let element = inst.operands.first().and_then(id_operand)?;
                let (image, sampler) = self.split_type(element)?;
                let mut rest = inst.operands[1..].to_vec();
                let mut image_ops = vec![Operand::IdRef(image)];
                image_ops.append(&mut rest.clone());
                let mut sampler_ops = vec![Operand::IdRef(sampler)];
                sampler_ops.append(&mut rest);
                Some((
                    self.ensure_type(inst.class.opcode, image_ops),
                    self.ensure_type(inst.class.opcode, sampler_ops),
                ))
            }
            _ => None,
        }
    }

    /// For a pointer to a combined type: the pointer types to its image
    /// and sampler parts.
    fn split_pointer_type(&mut self, pointer: Word) -> Option<(Word, Word)> {
        let (class, pointee) = self.pointee(pointer)?;
        let (image, sampler) = self.split_type(pointee)?;
        Some((
            self.pointer_type(class, image),
            self.pointer_type(class, sampler),
        ))
    }

    fn split_combined_samplers(&mut self) -> Vec<SamplerSplit> {
        if !self
            .module
            .types_global_values
            .iter()
            .any(|i| i.class.opcode == Op::TypeSampledImage)
        {
            return Vec::new();
        }
        // Pointer id -> (image pointer id, sampler pointer id).
        let mut split: HashMap<Word, (Word, Word)> = HashMap::new();
        let mut splits = Vec::new();

        let mut next_binding: BTreeMap<u32, u32> = BTreeMap::new();
        let bound_variables: Vec<Word> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable)
            .filter_map(|i| i.result_id)
            .collect();
        for &var in &bound_variables {
            if let (Some(set), Some(binding)) = (
                self.decoration_value(var, Decoration::DescriptorSet),
                self.decoration_value(var, Decoration::Binding),
            ) {
                let next = next_binding.entry(set).or_insert(0);
                *next = (*next).max(binding + 1);
            }
        }

        for var in bound_variables {
            let Some(inst) = self.global(var) else {
                continue;
            };
            let Some(pointer) = inst.result_type else {
                continue;
            };
            let Some((image_ptr, sampler_ptr)) = self.split_pointer_type(pointer) else {
                continue;
            };
            let sampler_var = self.fresh_id();
            let position = self
                .module
                .types_global_values
                .iter()
                .position(|i| i.result_id == Some(var))
                .expect("the variable is declared");
            self.module.types_global_values[position].result_type = Some(image_ptr);
            let class = self.module.types_global_values[position].operands[0].clone();
            // After the variable and after its new pointer type.
            let sampler_inst = Instruction::new(
                Op::Variable,
                Some(sampler_ptr),
                Some(sampler_var),
                vec![class],
            );
            let at = self.position_after_operands(&Instruction::new(
                Op::Nop,
                None,
                None,
                vec![Operand::IdRef(var), Operand::IdRef(sampler_ptr)],
            ));
            self.module.types_global_values.insert(at, sampler_inst);

            let set = self.decoration_value(var, Decoration::DescriptorSet);
            let binding = self.decoration_value(var, Decoration::Binding);
            if let (Some(set), Some(binding)) = (set, binding) {
                let next = next_binding.entry(set).or_insert(0);
                let sampler_binding = *next;
                *next += 1;
                self.decorate(sampler_var, Decoration::DescriptorSet, Some(set));
                self.decorate(sampler_var, Decoration::Binding, Some(sampler_binding));
                splits.push(SamplerSplit {
                    name: self.names.get(&var).cloned(),
                    combined: (set, binding),
                    texture: (set, binding),
                    sampler: (set, sampler_binding),
                });
            }
            if let Some(name) = self.names.get(&var).cloned() {
                self.module.debug_names.push(Instruction::new(
                    Op::Name,
                    None,
                    None,
                    vec![
                        Operand::IdRef(sampler_var),
                        Operand::LiteralString(format!("{name}_sampler")),
                    ],
                ));
            }
            for ep in &mut self.module.entry_points {
                if ep.operands.contains(&Operand::IdRef(var)) {
                    ep.operands.push(Operand::IdRef(sampler_var));
                }
            }
            split.insert(var, (var, sampler_var));
        }

        // Function parameters of combined types take an image and a
        // sampler; the function types follow.
        for f in 0..self.module.functions.len() {
            let mut changed = false;
            let old = std::mem::take(&mut self.module.functions[f].parameters);
            let mut parameters = Vec::with_capacity(old.len());
            for mut param in old {
                let pair = param.result_type.and_then(|t| self.split_pointer_type(t));
                match (pair, param.result_id) {
                    (Some((image_ptr, sampler_ptr)), Some(id)) => {
                        param.result_type = Some(image_ptr);
                        let sampler_param = self.fresh_id();
                        parameters.push(param);
                        parameters.push(Instruction::new(
                            Op::FunctionParameter,
                            Some(sampler_ptr),
                            Some(sampler_param),
                            vec![],
                        ));
                        split.insert(id, (id, sampler_param));
                        if let Some(name) = self.names.get(&id).cloned() {
                            self.module.debug_names.push(Instruction::new(
                                Op::Name,
                                None,
                                None,
                                vec![
                                    Operand::IdRef(sampler_param),
                                    Operand::LiteralString(format!("{name}_sampler")),
                                ],
                            ));
                        }
                        changed = true;
                    }
                    _ => parameters.push(param),
                }
            }
            if changed {
                let return_type = self.module.functions[f]
                    .def
                    .as_ref()
                    .and_then(|d| d.result_type)
                    .unwrap_or(0);
                let mut operands = vec![Operand::IdRef(return_type)];
                operands.extend(
                    parameters
                        .iter()
                        .filter_map(|p| p.result_type.map(Operand::IdRef)),
                );
                let function_type = self.ensure_type(Op::TypeFunction, operands);
                if let Some(def) = self.module.functions[f].def.as_mut() {
                    if let Some(op) = def.operands.get_mut(1) {
                        *op = Operand::IdRef(function_type);
                    }
                }
            }
            self.module.functions[f].parameters = parameters;
        }

        if split.is_empty() {
            return splits;
        }
        for f in 0..self.module.functions.len() {
            for b in 0..self.module.functions[f].blocks.len() {
                let old = std::mem::take(&mut self.module.functions[f].blocks[b].instructions);
                let mut new = Vec::with_capacity(old.len());
                for mut inst in old {
                    match inst.class.opcode {
                        Op::Load => {
                            let source = inst.operands.first().and_then(id_operand);
                            if let Some(&(image_ptr, sampler_ptr)) =
                                source.and_then(|s| split.get(&s))
                            {
                                let sampled_type = inst.result_type.unwrap_or(0);
                                let image_type = self
                                    .global(sampled_type)
                                    .and_then(|t| t.operands.first())
                                    .and_then(id_operand)
                                    .unwrap_or(0);
                                let sampler_type = self.ensure_type(Op::TypeSampler, vec![]);
                                let image = self.fresh_id();
                                let sampler = self.fresh_id();
                                new.push(Instruction::new(
                                    Op::Load,
                                    Some(image_type),
                                    Some(image),
                                    vec![Operand::IdRef(image_ptr)],
                                ));
                                new.push(Instruction::new(
                                    Op::Load,
                                    Some(sampler_type),
                                    Some(sampler),
                                    vec![Operand::IdRef(sampler_ptr)],
                                ));
                                inst = Instruction::new(
                                    Op::SampledImage,
                                    inst.result_type,
                                    inst.result_id,
                                    vec![Operand::IdRef(image), Operand::IdRef(sampler)],
                                );
                            }
                            new.push(inst);
                        }
                        Op::AccessChain | Op::InBoundsAccessChain => {
                            let base = inst.operands.first().and_then(id_operand);
                            let pair = base.and_then(|b| split.get(&b)).copied();
                            let types = inst.result_type.and_then(|t| self.split_pointer_type(t));
                            match (pair, types, inst.result_id) {
                                (
                                    Some((image_base, sampler_base)),
                                    Some((image_ptr, sampler_ptr)),
                                    Some(id),
                                ) => {
                                    let sampler_chain = self.fresh_id();
                                    let mut sampler_ops = inst.operands.clone();
                                    sampler_ops[0] = Operand::IdRef(sampler_base);
                                    inst.operands[0] = Operand::IdRef(image_base);
                                    inst.result_type = Some(image_ptr);
                                    let opcode = inst.class.opcode;
                                    new.push(inst);
                                    new.push(Instruction::new(
                                        opcode,
                                        Some(sampler_ptr),
                                        Some(sampler_chain),
                                        sampler_ops,
                                    ));
                                    split.insert(id, (id, sampler_chain));
                                }
                                _ => new.push(inst),
                            }
                        }
                        Op::FunctionCall => {
                            let mut operands = Vec::with_capacity(inst.operands.len() + 1);
                            for (i, operand) in inst.operands.iter().enumerate() {
                                operands.push(operand.clone());
                                if i > 0 {
                                    if let Some(&(_, sampler)) =
                                        id_operand(operand).and_then(|a| split.get(&a))
                                    {
                                        operands.push(Operand::IdRef(sampler));
                                    }
                                }
                            }
                            inst.operands = operands;
                            new.push(inst);
                        }
                        _ => new.push(inst),
                    }
                }
                self.module.functions[f].blocks[b].instructions = new;
            }
        }
        splits
    }

    // ---- specialization constants ----

    fn freeze_spec_constants(&mut self) -> Vec<FrozenSpecConstant> {
        let is_spec = |op: Op| {
            matches!(
                op,
                Op::SpecConstant
                    | Op::SpecConstantTrue
                    | Op::SpecConstantFalse
                    | Op::SpecConstantComposite
                    | Op::SpecConstantOp
            )
        };
        let spec: HashMap<Word, Op> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| is_spec(i.class.opcode))
            .filter_map(|i| Some((i.result_id?, i.class.opcode)))
            .collect();
        if spec.is_empty() {
            return Vec::new();
        }
        let mut reasons: HashMap<Word, &'static str> = HashMap::new();
        let mut work: Vec<Word> = Vec::new();
        for i in &self.module.types_global_values {
            if i.class.opcode == Op::TypeArray {
                if let Some(length) = i.operands.get(1).and_then(id_operand) {
                    if spec.contains_key(&length)
                        && reasons.insert(length, "an array length").is_none()
                    {
                        work.push(length);
                    }
                }
            }
            // naga reads a composite as a constant, which may not hold
            // overrides; the workgroup size it takes from `LocalSize`.
            if i.class.opcode == Op::SpecConstantComposite {
                if let Some(id) = i.result_id {
                    let reason =
                        if self.builtin_of(id) == Some(rspirv::spirv::BuiltIn::WorkgroupSize) {
                            "the workgroup size"
                        } else {
                            "a member of a composite constant"
                        };
                    if reasons.insert(id, reason).is_none() {
                        work.push(id);
                    }
                }
            }
            if i.class.opcode == Op::SpecConstantOp {
                if let Some(id) = i.result_id {
                    if reasons
                        .insert(id, "an operand of a specialization-constant expression")
                        .is_none()
                    {
                        work.push(id);
                    }
                }
            }
        }
        while let Some(id) = work.pop() {
            let Some(inst) = self.global(id) else {
                continue;
            };
            let operands: Vec<Word> = inst
                .operands
                .iter()
                .filter_map(id_operand)
                .filter(|o| spec.contains_key(o))
                .collect();
            let reason = reasons[&id];
            for operand in operands {
                if let std::collections::hash_map::Entry::Vacant(e) = reasons.entry(operand) {
                    e.insert(
                        if reason == "an operand of a specialization-constant expression"
                            || spec[&id] == Op::SpecConstantOp
                        {
                            "an operand of a specialization-constant expression"
                        } else {
                            reason
                        },
                    );
                    work.push(operand);
                }
            }
        }
        let mut frozen = Vec::new();
        let mut spec_ids_dropped = HashSet::new();
        let kinds: HashMap<Word, ScalarKind> = self
            .module
            .types_global_values
            .iter()
            .filter_map(|i| Some((i.result_id?, scalar_kind(i)?)))
            .collect();
        for inst in &mut self.module.types_global_values {
            let Some(id) = inst.result_id else { continue };
            let Some(&reason) = reasons.get(&id) else {
                continue;
            };
            let constant = match inst.class.opcode {
                Op::SpecConstant => Op::Constant,
                Op::SpecConstantTrue => Op::ConstantTrue,
                Op::SpecConstantFalse => Op::ConstantFalse,
                Op::SpecConstantComposite => Op::ConstantComposite,
                // Folded once its operands are constants.
                _ => continue,
            };
            inst.class = rspirv::grammar::CoreInstructionTable::get(constant);
            spec_ids_dropped.insert(id);
            if constant == Op::ConstantComposite {
                continue;
            }
            let value = match (constant, inst.operands.first()) {
                (Op::ConstantTrue, _) => "true".to_string(),
                (Op::ConstantFalse, _) => "false".to_string(),
                (_, Some(Operand::LiteralBit32(v))) => {
                    let ty = inst.result_type.unwrap_or(0);
                    literal_text(*v, kinds.get(&ty).copied().unwrap_or(ScalarKind::Unsigned))
                }
                (_, Some(other)) => format!("{other}"),
                (_, None) => String::new(),
            };
            frozen.push((id, value, reason));
        }
        let mut out = Vec::new();
        for (id, value, reason) in frozen {
            let spec_id = self.decoration_value(id, Decoration::SpecId);
            out.push(FrozenSpecConstant {
                name: self.names.get(&id).cloned(),
                spec_id,
                value,
                reason,
            });
        }
        self.workgroup_size_to_local_size();
        self.module.annotations.retain(|i| {
            !(i.class.opcode == Op::Decorate
                && i.operands.get(1) == Some(&Operand::Decoration(Decoration::SpecId))
                && i.operands
                    .first()
                    .and_then(id_operand)
                    .is_some_and(|t| spec_ids_dropped.contains(&t)))
        });
        out
    }
}

#[derive(Clone, Copy)]
enum ScalarKind {
    Float,
    Signed,
    Unsigned,
}

fn scalar_kind(ty: &Instruction) -> Option<ScalarKind> {
    match ty.class.opcode {
        Op::TypeFloat => Some(ScalarKind::Float),
        Op::TypeInt if ty.operands.get(1) == Some(&Operand::LiteralBit32(1)) => {
            Some(ScalarKind::Signed)
        }
        Op::TypeInt => Some(ScalarKind::Unsigned),
        _ => None,
    }
}

fn literal_text(bits: u32, kind: ScalarKind) -> String {
    match kind {
        ScalarKind::Float => format!("{}", f32::from_bits(bits)),
        ScalarKind::Signed => format!("{}", bits as i32),
        ScalarKind::Unsigned => format!("{bits}"),
    }
}
