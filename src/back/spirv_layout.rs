//! Removes explicit layout from types that live in workgroup memory.
//!
//! naga decorates every array with `ArrayStride` and every struct member
//! with `Offset`, and uses one SPIR-V type wherever the WGSL type appears.
//! Vulkan forbids explicit layout on `Workgroup` variables unless the
//! device enables `workgroupMemoryExplicitLayout`
//! (VUID-StandaloneSpirv-None-10684), and spirv-val rejects such modules.
//! This rewrite strips the layout from types that only workgroup (or
//! function and private) memory uses, and gives workgroup pointers
//! undecorated copies of types that buffers share, retyping the loads,
//! stores and null constants that touch them. A whole struct or array
//! loaded from workgroup memory and used anywhere but in another store
//! there (a local, a call, a buffer), or stored there from anywhere else,
//! is converted between the two types (`values`).

use std::collections::{HashMap, HashSet};

use rspirv::binary::Assemble as _;
use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};

mod values;

/// Returns the module unchanged (`None`) when no workgroup type carries
/// layout, else the rewritten words.
pub fn strip_workgroup_layout(words: &[u32]) -> Result<Option<Vec<u32>>, String> {
    let mut module = dr::load_words(words).map_err(|e| e.to_string())?;
    let laid_out = layout_decorated_ids(&module);
    let types: HashMap<Word, Instruction> = module
        .types_global_values
        .iter()
        .filter_map(|i| i.result_id.map(|id| (id, i.clone())))
        .collect();

    let layout_required = types_in_laid_out_memory(&module, &types);
    let mut rewrite = Rewrite {
        laid_out,
        layout_required,
        stripped: HashSet::new(),
        replaced: HashMap::new(),
        types,
        needs_copy: HashMap::new(),
        copies: HashMap::new(),
        new_after: HashMap::new(),
        next_id: module.header.as_ref().map_or(1, |h| h.bound),
    };

    // Pointer types into workgroup memory get undecorated pointees.
    let mut retyped_pointers: HashMap<Word, (Word, Word)> = HashMap::new();
    for inst in module.types_global_values.iter_mut() {
        if inst.class.opcode != Op::TypePointer {
            continue;
        }
        let (Some(Operand::StorageClass(StorageClass::Workgroup)), Some(Operand::IdRef(pointee))) =
            (inst.operands.first(), inst.operands.get(1))
        else {
            continue;
        };
        let pointee = *pointee;
        if rewrite.needs_copy(pointee) {
            let copy = rewrite.copy(pointee);
            if copy != pointee {
                inst.operands[1] = Operand::IdRef(copy);
                retyped_pointers.insert(inst.result_id.expect("types have ids"), (pointee, copy));
            }
        }
    }
    if retyped_pointers.is_empty() && rewrite.stripped.is_empty() {
        return Ok(None);
    }
    let stripped = rewrite.stripped.clone();
    module.annotations.retain(|inst| {
        !(annotation_target(inst).is_some_and(|t| stripped.contains(&t)) && is_layout(inst))
    });

    // The type of every id, to find what points at retyped memory.
    let mut type_of: HashMap<Word, Word> = HashMap::new();
    let all = module
        .types_global_values
        .iter()
        .chain(module.functions.iter().flat_map(|f| {
            f.parameters
                .iter()
                .chain(f.blocks.iter().flat_map(|b| b.instructions.iter()))
        }));
    for inst in all {
        if let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) {
            type_of.insert(id, ty);
        }
    }
    let retyped_pointee = |pointer: Word| -> Option<(Word, Word)> {
        type_of
            .get(&pointer)
            .and_then(|ty| retyped_pointers.get(ty))
            .copied()
    };

    // Global variables with initializers, then loads and stores.
    let mut null_copies: HashMap<Word, Word> = HashMap::new();
    let constants: HashMap<Word, Instruction> = module
        .types_global_values
        .iter()
        .filter(|i| matches!(i.class.opcode, Op::ConstantNull))
        .filter_map(|i| i.result_id.map(|id| (id, i.clone())))
        .collect();
    let mut retype_null = |value: Word, copy: Word, rewrite: &mut Rewrite| -> Option<Word> {
        let constant = constants.get(&value)?;
        Some(*null_copies.entry(value).or_insert_with(|| {
            let id = rewrite.fresh_id();
            rewrite
                .new_after
                .entry(copy)
                .or_default()
                .push(Instruction::new(
                    Op::ConstantNull,
                    Some(copy),
                    Some(id),
                    vec![],
                ));
            let _ = constant;
            id
        }))
    };
    for inst in module.types_global_values.iter_mut() {
        if inst.class.opcode == Op::Variable && inst.operands.len() > 1 {
            if let (Some(ty), Some(Operand::IdRef(init))) = (inst.result_type, inst.operands.get(1))
            {
                if let Some(&(_, copy)) = retyped_pointers.get(&ty) {
                    let init = *init;
                    let new = retype_null(init, copy, &mut rewrite).ok_or(
                        "a workgroup variable has an initializer that is not a null constant",
                    )?;
                    inst.operands[1] = Operand::IdRef(new);
                }
            }
        }
    }
    let converter_types = rewrite.all_types();
    let integer_constants: HashMap<Word, u32> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::Constant)
        .filter_map(|i| match (i.result_id, i.operands.as_slice()) {
            (Some(id), [Operand::LiteralBit32(value)]) => Some((id, *value)),
            _ => None,
        })
        .collect();
    let converter = values::Converter {
        types: &converter_types,
        constants: &integer_constants,
        copy_logical: module
            .header
            .as_ref()
            .is_some_and(|h| h.version() >= (1, 4)),
    };
    // A value loaded whole from workgroup memory has the copy's type. Where
    // it goes nowhere but into workgroup memory again it keeps it; anywhere
    // else (a local, a call, a buffer, a composite) it is converted to the
    // original type that those users have.
    let mut used_elsewhere: HashSet<Word> = HashSet::new();
    for inst in module
        .functions
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.instructions.iter()))
    {
        let stored_into_workgroup = inst.class.opcode == Op::Store
            && matches!(inst.operands.first(), Some(Operand::IdRef(p)) if retyped_pointee(*p).is_some());
        for (index, operand) in inst.operands.iter().enumerate() {
            if let Operand::IdRef(id) = operand {
                if !(stored_into_workgroup && index == 1) {
                    used_elsewhere.insert(*id);
                }
            }
        }
    }
    let mut holds_copy: HashSet<Word> = HashSet::new();
    for function in module.functions.iter_mut() {
        for block in function.blocks.iter_mut() {
            let old = std::mem::take(&mut block.instructions);
            for mut inst in old {
                match inst.class.opcode {
                    Op::Load => {
                        let retyped = match inst.operands.first() {
                            Some(Operand::IdRef(pointer)) => retyped_pointee(*pointer),
                            _ => None,
                        };
                        if let (Some((original, copy)), Some(result)) = (retyped, inst.result_id) {
                            if inst.result_type == Some(original) {
                                inst.result_type = Some(copy);
                                if used_elsewhere.contains(&result) {
                                    let loaded = rewrite.fresh_id();
                                    inst.result_id = Some(loaded);
                                    block.instructions.push(inst);
                                    converter.convert(
                                        loaded,
                                        copy,
                                        original,
                                        result,
                                        &mut || rewrite.fresh_id(),
                                        &mut block.instructions,
                                    )?;
                                    continue;
                                }
                                holds_copy.insert(result);
                            }
                        }
                    }
                    Op::Store => {
                        if let (Some(Operand::IdRef(pointer)), Some(Operand::IdRef(object))) =
                            (inst.operands.first(), inst.operands.get(1))
                        {
                            let object = *object;
                            if let Some((original, copy)) = retyped_pointee(*pointer) {
                                if let Some(new) = retype_null(object, copy, &mut rewrite) {
                                    inst.operands[1] = Operand::IdRef(new);
                                } else if !holds_copy.contains(&object) {
                                    let converted = rewrite.fresh_id();
                                    converter.convert(
                                        object,
                                        original,
                                        copy,
                                        converted,
                                        &mut || rewrite.fresh_id(),
                                        &mut block.instructions,
                                    )?;
                                    inst.operands[1] = Operand::IdRef(converted);
                                }
                            }
                        }
                    }
                    _ => {}
                }
                block.instructions.push(inst);
            }
        }
    }

    // Insert each copy right after its original, so that definitions still
    // come before uses.
    let originals = std::mem::take(&mut module.types_global_values);
    for inst in originals {
        let id = inst.result_id;
        let inst = id
            .and_then(|id| rewrite.replaced.remove(&id))
            .unwrap_or(inst);
        module.types_global_values.push(inst);
        if let Some(id) = id {
            rewrite.emit_after(id, &mut module.types_global_values);
        }
    }
    if let Some(header) = module.header.as_mut() {
        header.bound = rewrite.next_id;
    }
    Ok(Some(module.assemble()))
}

struct Rewrite {
    laid_out: HashSet<Word>,
    /// Types that buffers use, which must keep their layout.
    layout_required: HashSet<Word>,
    /// Types whose layout decorations are dropped in place.
    stripped: HashSet<Word>,
    /// Types rewritten in place (their members now undecorated).
    replaced: HashMap<Word, Instruction>,
    types: HashMap<Word, Instruction>,
    needs_copy: HashMap<Word, bool>,
    copies: HashMap<Word, Word>,
    /// New instructions to place after the instruction with this id.
    new_after: HashMap<Word, Vec<Instruction>>,
    next_id: Word,
}

impl Rewrite {
    fn fresh_id(&mut self) -> Word {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Every type, originals (as rewritten in place) and copies, by id.
    fn all_types(&self) -> HashMap<Word, Instruction> {
        let mut all = self.types.clone();
        all.extend(self.replaced.iter().map(|(&id, inst)| (id, inst.clone())));
        for inst in self.new_after.values().flatten() {
            if let Some(id) = inst.result_id {
                all.insert(id, inst.clone());
            }
        }
        all
    }

    fn members(&self, ty: Word) -> Vec<Word> {
        let Some(inst) = self.types.get(&ty) else {
            return Vec::new();
        };
        match inst.class.opcode {
            Op::TypeArray | Op::TypeRuntimeArray => match inst.operands.first() {
                Some(Operand::IdRef(element)) => vec![*element],
                _ => Vec::new(),
            },
            Op::TypeStruct => inst
                .operands
                .iter()
                .filter_map(|o| match o {
                    Operand::IdRef(id) => Some(*id),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    fn needs_copy(&mut self, ty: Word) -> bool {
        if let Some(&known) = self.needs_copy.get(&ty) {
            return known;
        }
        let needed =
            self.laid_out.contains(&ty) || self.members(ty).into_iter().any(|m| self.needs_copy(m));
        self.needs_copy.insert(ty, needed);
        needed
    }

    /// The undecorated version of `ty`, made on first request: `ty` itself
    /// with its decorations dropped when no buffer uses it, else a copy.
    fn copy(&mut self, ty: Word) -> Word {
        if let Some(&copy) = self.copies.get(&ty) {
            return copy;
        }
        let mut inst = self.types[&ty].clone();
        let mut members_copied = false;
        for operand in inst.operands.iter_mut() {
            if let Operand::IdRef(member) = *operand {
                // Array lengths are constants, never copied.
                if self.types.contains_key(&member) && self.needs_copy(member) {
                    let copy = self.copy(member);
                    members_copied |= copy != member;
                    *operand = Operand::IdRef(copy);
                }
            }
        }
        // A type no buffer uses loses its decorations in place, unless a
        // member becomes a distinct copy: values of the type are still
        // built from and taken apart into values of the original members
        // (locals, parameters), so it keeps its own, and workgroup memory
        // gets a copy.
        if !self.layout_required.contains(&ty) && !members_copied {
            self.stripped.insert(ty);
            self.copies.insert(ty, ty);
            self.replaced.insert(ty, inst);
            return ty;
        }
        let id = self.fresh_id();
        inst.result_id = Some(id);
        self.copies.insert(ty, id);
        self.new_after.entry(ty).or_default().push(inst);
        id
    }

    fn emit_after(&mut self, id: Word, out: &mut Vec<Instruction>) {
        if let Some(new) = self.new_after.remove(&id) {
            for inst in new {
                let new_id = inst.result_id;
                out.push(inst);
                if let Some(new_id) = new_id {
                    self.emit_after(new_id, out);
                }
            }
        }
    }
}

/// Types reachable from pointers into memory with explicit layout
/// (buffers, push constants): they keep their decorations.
fn types_in_laid_out_memory(
    module: &dr::Module,
    types: &HashMap<Word, Instruction>,
) -> HashSet<Word> {
    let mut required = HashSet::new();
    let mut stack: Vec<Word> = module
        .types_global_values
        .iter()
        .filter(|inst| inst.class.opcode == Op::TypePointer)
        .filter_map(|inst| match (inst.operands.first(), inst.operands.get(1)) {
            (Some(Operand::StorageClass(class)), Some(Operand::IdRef(pointee)))
                if matches!(
                    *class,
                    StorageClass::StorageBuffer
                        | StorageClass::Uniform
                        | StorageClass::PushConstant
                        | StorageClass::PhysicalStorageBuffer
                        | StorageClass::ShaderRecordBufferKHR
                ) =>
            {
                Some(*pointee)
            }
            _ => None,
        })
        .collect();
    while let Some(ty) = stack.pop() {
        if !required.insert(ty) {
            continue;
        }
        if let Some(inst) = types.get(&ty) {
            if matches!(
                inst.class.opcode,
                Op::TypeArray | Op::TypeRuntimeArray | Op::TypeStruct
            ) {
                for operand in &inst.operands {
                    if let Operand::IdRef(member) = operand {
                        if types.contains_key(member) {
                            stack.push(*member);
                        }
                    }
                }
            }
        }
    }
    required
}

fn annotation_target(inst: &Instruction) -> Option<Word> {
    match inst.operands.first() {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    }
}

fn is_layout(inst: &Instruction) -> bool {
    let decoration = match (
        inst.class.opcode,
        inst.operands.get(1),
        inst.operands.get(2),
    ) {
        (Op::Decorate, Some(Operand::Decoration(d)), _) => *d,
        (Op::MemberDecorate, _, Some(Operand::Decoration(d))) => *d,
        _ => return false,
    };
    matches!(
        decoration,
        Decoration::ArrayStride
            | Decoration::Offset
            | Decoration::MatrixStride
            | Decoration::RowMajor
            | Decoration::ColMajor
            | Decoration::Block
            | Decoration::BufferBlock
    )
}

/// Ids of types that carry explicit layout: array strides, member offsets
/// and matrix layouts, and the Block decoration.
fn layout_decorated_ids(module: &dr::Module) -> HashSet<Word> {
    module
        .annotations
        .iter()
        .filter(|inst| is_layout(inst))
        .filter_map(annotation_target)
        .collect()
}
