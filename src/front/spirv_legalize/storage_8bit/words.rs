//! The rewrite: structures given word members, loads of 8-bit values
//! made loads of words and bit-field extracts.

use std::collections::{HashMap, HashSet};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Capability, Decoration, Op, Word};

use super::{BytePointer, Fate, LoadedBytes, NewMember, Plan, StructRewrite, WIDENING};
use crate::front::spirv_legalize::{id_operand, Legalizer};

/// Types and constants the rewrite uses.
struct Words {
    uint: Word,
    int: Word,
    eight: Word,
}

impl Legalizer {
    /// Applies `plan`: returns the names of the structures whose 8-bit
    /// members became words.
    pub(in crate::front::spirv_legalize) fn read_8bit_storage_as_words(
        &mut self,
        plan: Plan,
    ) -> Vec<Option<String>> {
        if plan.structs.is_empty() {
            return Vec::new();
        }
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let int = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(1)],
        );
        let eight = self.uint_constant(uint, 8);
        let w = Words { uint, int, eight };
        let value_types = self.value_types();
        let mut structs: Vec<Word> = plan.structs.keys().copied().collect();
        structs.sort_unstable();
        for &s in &structs {
            self.retype_struct(s, &plan.structs[&s], uint);
        }
        let mut byte_pointers: HashMap<Word, BytePointer> = HashMap::new();
        let mut loaded: HashMap<Word, LoadedBytes> = HashMap::new();
        let mut removed: HashSet<Word> = HashSet::new();
        self.rewrite_instructions(|l, mut inst, out| {
            let op = inst.class.opcode;
            let first = inst.operands.first().and_then(id_operand);
            match op {
                Op::AccessChain | Op::InBoundsAccessChain => {
                    if let Some(bytes) =
                        l.chain(&plan, &w, &value_types, &byte_pointers, &mut inst, out)
                    {
                        removed.extend(inst.result_id);
                        byte_pointers.insert(inst.result_id.unwrap_or_default(), bytes);
                    } else {
                        out.push(inst);
                    }
                }
                Op::Load if first.is_some_and(|p| byte_pointers.contains_key(&p)) => {
                    let pointer = byte_pointers[&first.unwrap_or_default()].clone();
                    let components = l.vector_size(pointer.ty);
                    let mut parts = Vec::new();
                    for k in 0..components {
                        parts.push(l.load_byte_word(&plan, &w, &pointer, k, out));
                    }
                    removed.extend(inst.result_id);
                    loaded.insert(inst.result_id.unwrap_or_default(), parts);
                }
                op if WIDENING.contains(&op) && first.is_some_and(|v| loaded.contains_key(&v)) => {
                    let parts = loaded[&first.unwrap_or_default()].clone();
                    l.widen(
                        &w,
                        op,
                        &parts,
                        inst.result_type.unwrap_or_default(),
                        inst.result_id.unwrap_or_default(),
                        out,
                    );
                }
                Op::ArrayLength => {
                    let pointee = first
                        .and_then(|p| value_types.get(&p))
                        .and_then(|t| l.pointee(*t))
                        .map(|(_, t)| t);
                    if let (Some(rewrite), Some(Operand::LiteralBit32(m))) = (
                        pointee.and_then(|s| plan.structs.get(&s)),
                        inst.operands.get(1),
                    ) {
                        if let Fate::Kept(n) = rewrite.fates[*m as usize] {
                            inst.operands[1] = Operand::LiteralBit32(n);
                        }
                    }
                    out.push(inst);
                }
                _ => out.push(inst),
            }
        });
        self.remove_8bit_declarations(&removed);
        self.order_global_declarations();
        structs.iter().map(|s| self.names.get(s).cloned()).collect()
    }

    /// Gives structure `s` its new members, with their decorations and
    /// names.
    fn retype_struct(&mut self, s: Word, rewrite: &StructRewrite, uint: Word) {
        let old: Vec<Operand> = self
            .global(s)
            .map(|i| i.operands.clone())
            .unwrap_or_default();
        // Each group's member types.
        let mut group_types: Vec<Vec<Word>> = Vec::new();
        for g in &rewrite.groups {
            group_types.push(match (rewrite.uniform, g.words) {
                (true, n) => vec![uint; n.unwrap_or(1) as usize],
                (false, Some(1)) => vec![uint],
                (false, words) => {
                    let id = self.fresh_id();
                    let inst = match words {
                        Some(n) => {
                            let length = self.uint_constant(uint, n);
                            Instruction::new(
                                Op::TypeArray,
                                None,
                                Some(id),
                                vec![Operand::IdRef(uint), Operand::IdRef(length)],
                            )
                        }
                        None => Instruction::new(
                            Op::TypeRuntimeArray,
                            None,
                            Some(id),
                            vec![Operand::IdRef(uint)],
                        ),
                    };
                    let at = self.position_after_operands(&inst);
                    self.module.types_global_values.insert(at, inst);
                    self.decorate(id, Decoration::ArrayStride, Some(4));
                    vec![id]
                }
            });
        }
        let mut operands = Vec::new();
        for member in &rewrite.layout {
            match *member {
                NewMember::Old(m) => operands.push(old[m as usize].clone()),
                NewMember::Group(g) => {
                    operands.extend(group_types[g].iter().map(|&t| Operand::IdRef(t)))
                }
            }
        }
        if let Some(inst) = self
            .module
            .types_global_values
            .iter_mut()
            .find(|i| i.result_id == Some(s))
        {
            inst.operands = operands;
        }
        // Member decorations and names: kept ones renumbered, the bytes'
        // replaced by the words'.
        let is_member_of_s = |i: &Instruction| {
            matches!(i.class.opcode, Op::MemberDecorate | Op::MemberName)
                && i.operands.first() == Some(&Operand::IdRef(s))
        };
        let member_of = |i: &Instruction| match i.operands.get(1) {
            Some(Operand::LiteralBit32(m)) => *m as usize,
            _ => usize::MAX,
        };
        let mut added = Vec::new();
        let mut added_names = Vec::new();
        for (g, group) in rewrite.groups.iter().enumerate() {
            let names: Vec<String> = group
                .members
                .iter()
                .map(|&m| self.member_name(s, m).unwrap_or_else(|| format!("m{m}")))
                .collect();
            let name = match names.as_slice() {
                [one] => format!("{one}_bytes"),
                [a, b] => format!("{a}_{b}"),
                [a, .., z] => format!("{a}_to_{z}"),
                [] => "bytes".to_string(),
            };
            // Decorations every covered member has (readonly above all).
            let shared: Vec<Operand> = self
                .module
                .annotations
                .iter()
                .filter(|i| i.class.opcode == Op::MemberDecorate && is_member_of_s(i))
                .filter(|i| member_of(i) == group.members[0] as usize)
                .filter_map(|i| i.operands.get(2).cloned())
                .filter(|d| !matches!(d, Operand::Decoration(Decoration::Offset)))
                .filter(|d| {
                    group.members.iter().all(|&m| {
                        self.module.annotations.iter().any(|i| {
                            is_member_of_s(i)
                                && member_of(i) == m as usize
                                && i.operands.get(2) == Some(d)
                        })
                    })
                })
                .collect();
            for (k, _) in group_types[g].iter().enumerate() {
                let index = group.index + k as u32;
                added.push(Instruction::new(
                    Op::MemberDecorate,
                    None,
                    None,
                    vec![
                        Operand::IdRef(s),
                        Operand::LiteralBit32(index),
                        Operand::Decoration(Decoration::Offset),
                        Operand::LiteralBit32(group.start + 4 * k as u32),
                    ],
                ));
                for d in &shared {
                    added.push(Instruction::new(
                        Op::MemberDecorate,
                        None,
                        None,
                        vec![Operand::IdRef(s), Operand::LiteralBit32(index), d.clone()],
                    ));
                }
                let name = if group_types[g].len() > 1 && rewrite.uniform {
                    format!("{name}{k}")
                } else {
                    name.clone()
                };
                added_names.push(Instruction::new(
                    Op::MemberName,
                    None,
                    None,
                    vec![
                        Operand::IdRef(s),
                        Operand::LiteralBit32(index),
                        Operand::LiteralString(name),
                    ],
                ));
            }
        }
        let renumber = |i: &mut Instruction| -> bool {
            if !is_member_of_s(i) {
                return true;
            }
            match rewrite.fates.get(member_of(i)) {
                Some(Fate::Kept(n)) => {
                    i.operands[1] = Operand::LiteralBit32(*n);
                    true
                }
                _ => false,
            }
        };
        self.module.annotations.retain_mut(renumber);
        self.module.debug_names.retain_mut(renumber);
        self.module.annotations.extend(added);
        self.module.debug_names.extend(added_names);
    }

    fn vector_size(&self, ty: Word) -> u32 {
        match self.global(ty).map(|i| (i.class.opcode, i.operands.get(1))) {
            Some((Op::TypeVector, Some(Operand::LiteralBit32(n)))) => *n,
            _ => 1,
        }
    }

    /// Rewrites an access chain: into 8-bit data, `Some` pointer, which
    /// the chain no longer computes (what does is pushed to `out`);
    /// otherwise its struct member indices renumbered in place.
    fn chain(
        &mut self,
        plan: &Plan,
        w: &Words,
        value_types: &HashMap<Word, Word>,
        byte_pointers: &HashMap<Word, BytePointer>,
        inst: &mut Instruction,
        out: &mut Vec<Instruction>,
    ) -> Option<BytePointer> {
        let base = inst.operands.first().and_then(id_operand)?;
        if let Some(bytes) = byte_pointers.get(&base) {
            let mut bytes = bytes.clone();
            let indices = inst.operands[1..].to_vec();
            self.step_into_bytes(&mut bytes, &indices, w, value_types, out);
            return Some(bytes);
        }
        let (class, mut ty) = value_types.get(&base).and_then(|t| self.pointee(*t))?;
        for n in 1..inst.operands.len() {
            let struct_member = self.global(ty).and_then(|t| {
                (t.class.opcode == Op::TypeStruct).then_some(())?;
                let m = id_operand(&inst.operands[n]).and_then(|i| self.constant_u32(i))?;
                Some(m)
            });
            let rewrite = plan.structs.get(&ty);
            if let (Some(m), Some(rewrite)) = (struct_member, rewrite) {
                match rewrite.fates[m as usize] {
                    Fate::Kept(new) => {
                        inst.operands[n] = Operand::IdRef(self.uint_constant(w.uint, new));
                    }
                    Fate::Bytes { group, offset } => {
                        let structure = if n == 1 {
                            base
                        } else {
                            let pointer = self.pointer_type(class, ty);
                            let id = self.fresh_id();
                            out.push(Instruction::new(
                                Op::AccessChain,
                                Some(pointer),
                                Some(id),
                                inst.operands[..n].to_vec(),
                            ));
                            id
                        };
                        let member_type = self.old_member_type(rewrite, m);
                        let mut bytes = BytePointer {
                            structure,
                            class,
                            struct_id: ty,
                            group,
                            constant: offset,
                            dynamic: None,
                            ty: member_type,
                        };
                        let rest = inst.operands[n + 1..].to_vec();
                        self.step_into_bytes(&mut bytes, &rest, w, value_types, out);
                        return Some(bytes);
                    }
                }
            }
            let next = match (self.global(ty), struct_member) {
                (Some(t), Some(m)) if t.class.opcode == Op::TypeStruct => {
                    // Already renumbered: the new member's type.
                    let new = match rewrite.map(|r| r.fates[m as usize]) {
                        Some(Fate::Kept(new)) => new,
                        _ => m,
                    };
                    t.operands.get(new as usize).and_then(id_operand)
                }
                (Some(t), _) => t.operands.first().and_then(id_operand),
                (None, _) => None,
            };
            ty = next?;
        }
        None
    }

    /// The type member `m` of structure `s` had before the rewrite: the
    /// 8-bit type, found from the member's group and offset.
    fn old_member_type(&self, rewrite: &StructRewrite, m: u32) -> Word {
        rewrite.old_members[m as usize]
    }
}

impl Legalizer {
    /// Moves `bytes` by the chain's `indices` into 8-bit arrays and
    /// vectors, pushing what computes dynamic offsets to `out`.
    fn step_into_bytes(
        &mut self,
        bytes: &mut BytePointer,
        indices: &[Operand],
        w: &Words,
        value_types: &HashMap<Word, Word>,
        out: &mut Vec<Instruction>,
    ) {
        for index in indices {
            let Some(inst) = self.global(bytes.ty) else {
                return;
            };
            let element = inst
                .operands
                .first()
                .and_then(id_operand)
                .unwrap_or_default();
            let stride = match inst.class.opcode {
                Op::TypeVector => 1,
                _ => self
                    .decoration_value(bytes.ty, Decoration::ArrayStride)
                    .unwrap_or(1),
            };
            bytes.ty = element;
            let Some(index) = id_operand(index) else {
                continue;
            };
            if let Some(value) = self.constant_u32(index) {
                bytes.constant = bytes.constant.wrapping_add(value.wrapping_mul(stride));
                continue;
            }
            // A dynamic index, as a `uint`, times the stride.
            let index_type = value_types.get(&index).copied().unwrap_or(w.uint);
            let as_uint = if index_type == w.uint {
                index
            } else {
                let signed = self
                    .global(index_type)
                    .is_some_and(|t| t.operands.get(1) == Some(&Operand::LiteralBit32(1)));
                let width_32 = self
                    .global(index_type)
                    .is_some_and(|t| t.operands.first() == Some(&Operand::LiteralBit32(32)));
                let op = match (width_32, signed) {
                    (true, _) => Op::Bitcast,
                    (false, true) => Op::SConvert,
                    (false, false) => Op::UConvert,
                };
                self.emit(out, op, w.uint, vec![index])
            };
            let scaled = if stride == 1 {
                as_uint
            } else {
                let stride = self.uint_constant(w.uint, stride);
                self.emit(out, Op::IMul, w.uint, vec![as_uint, stride])
            };
            bytes.dynamic = Some(match bytes.dynamic {
                Some(d) => self.emit(out, Op::IAdd, w.uint, vec![d, scaled]),
                None => scaled,
            });
        }
    }

    /// Loads the word that holds component `k` of what `bytes` points
    /// to; the word and the bit offset of the byte in it.
    fn load_byte_word(
        &mut self,
        plan: &Plan,
        w: &Words,
        bytes: &BytePointer,
        k: u32,
        out: &mut Vec<Instruction>,
    ) -> (Word, Word) {
        let constant = bytes.constant.wrapping_add(k);
        let (word, constant_word, bit) = match bytes.dynamic {
            None => (
                self.uint_constant(w.uint, constant / 4),
                Some(constant / 4),
                self.uint_constant(w.uint, constant % 4 * 8),
            ),
            Some(dynamic) => {
                let byte = if constant == 0 {
                    dynamic
                } else {
                    let c = self.uint_constant(w.uint, constant);
                    self.emit(out, Op::IAdd, w.uint, vec![dynamic, c])
                };
                let two = self.uint_constant(w.uint, 2);
                let three = self.uint_constant(w.uint, 3);
                let word = self.emit(out, Op::ShiftRightLogical, w.uint, vec![byte, two]);
                let in_word = self.emit(out, Op::BitwiseAnd, w.uint, vec![byte, three]);
                let bit = self.emit(out, Op::ShiftLeftLogical, w.uint, vec![in_word, three]);
                (word, None, bit)
            }
        };
        let rewrite = &plan.structs[&bytes.struct_id];
        let group = &rewrite.groups[bytes.group];
        let (uniform, words, first) = (rewrite.uniform, group.words, group.index);
        let mut indices = Vec::new();
        if uniform {
            // Refused before where the word is not constant.
            let index = self.uint_constant(w.uint, first + constant_word.unwrap_or(0));
            indices.push(index);
        } else {
            indices.push(self.uint_constant(w.uint, first));
            if words != Some(1) {
                indices.push(word);
            }
        }
        let pointer = self.pointer_type(bytes.class, w.uint);
        let mut operands = vec![bytes.structure];
        operands.extend(indices);
        let chained = self.emit(out, Op::AccessChain, pointer, operands);
        let loaded = self.emit(out, Op::Load, w.uint, vec![chained]);
        (loaded, bit)
    }

    /// Pushes the extract of the 8 bits of each `parts` (signed where
    /// `op` is), converted to `ty` as `result`.
    fn widen(
        &mut self,
        w: &Words,
        op: Op,
        parts: &[(Word, Word)],
        ty: Word,
        result: Word,
        out: &mut Vec<Instruction>,
    ) {
        let signed = matches!(op, Op::SConvert | Op::ConvertSToF);
        let scalar = if signed { w.int } else { w.uint };
        let mut components = Vec::new();
        for &(word, bit) in parts {
            let base = if signed {
                self.emit(out, Op::Bitcast, w.int, vec![word])
            } else {
                word
            };
            let extract = if signed {
                Op::BitFieldSExtract
            } else {
                Op::BitFieldUExtract
            };
            components.push(self.emit(out, extract, scalar, vec![base, bit, w.eight]));
        }
        let (value, value_type) = if components.len() == 1 {
            (components[0], scalar)
        } else {
            let vector = self.ensure_type(
                Op::TypeVector,
                vec![
                    Operand::IdRef(scalar),
                    Operand::LiteralBit32(components.len() as u32),
                ],
            );
            (
                self.emit(out, Op::CompositeConstruct, vector, components),
                vector,
            )
        };
        let component_type = match self.global(ty) {
            Some(t) if t.class.opcode == Op::TypeVector => {
                t.operands.first().and_then(id_operand).unwrap_or(ty)
            }
            _ => ty,
        };
        let is_int_32 = self.global(component_type).is_some_and(|t| {
            t.class.opcode == Op::TypeInt && t.operands.first() == Some(&Operand::LiteralBit32(32))
        });
        let last = match (value_type == ty, is_int_32) {
            (true, _) => Op::CopyObject,
            (false, true) => Op::Bitcast,
            (false, false) => op,
        };
        out.push(Instruction::new(
            last,
            Some(ty),
            Some(result),
            vec![Operand::IdRef(value)],
        ));
    }

    /// Removes what declares or decorates 8-bit integers, now unused,
    /// and the ids in `removed`; with them the capabilities and the
    /// extension, when no 8-bit integer is left.
    fn remove_8bit_declarations(&mut self, removed: &HashSet<Word>) {
        let with_8bit = self.types_with_8bit();
        let gone: HashSet<Word> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| {
                i.result_id.is_some_and(|r| with_8bit.contains(&r))
                    || i.result_type.is_some_and(|t| with_8bit.contains(&t))
            })
            .filter_map(|i| i.result_id)
            .chain(removed.iter().copied())
            .collect();
        self.module
            .types_global_values
            .retain(|i| !i.result_id.is_some_and(|r| gone.contains(&r)));
        let targets_gone = |i: &Instruction| {
            i.operands
                .first()
                .and_then(id_operand)
                .is_some_and(|t| gone.contains(&t))
        };
        self.module.annotations.retain(|i| !targets_gone(i));
        self.module.debug_names.retain(|i| !targets_gone(i));
        if self.types_with_8bit().is_empty() {
            self.module.capabilities.retain(|i| {
                !matches!(
                    i.operands.first(),
                    Some(Operand::Capability(
                        Capability::Int8
                            | Capability::StorageBuffer8BitAccess
                            | Capability::UniformAndStorageBuffer8BitAccess
                            | Capability::StoragePushConstant8
                    ))
                )
            });
            self.module.extensions.retain(|i| {
                !matches!(i.operands.first(), Some(Operand::LiteralString(e)) if e == "SPV_KHR_8bit_storage")
            });
        }
    }

    /// Orders the global declarations so that each follows what it
    /// uses (new word arrays may be needed before they were declared),
    /// keeping the order where it already does.
    fn order_global_declarations(&mut self) {
        if self
            .module
            .types_global_values
            .iter()
            .any(|i| i.class.opcode == Op::TypeForwardPointer)
        {
            return;
        }
        let old = std::mem::take(&mut self.module.types_global_values);
        let position: HashMap<Word, usize> = old
            .iter()
            .enumerate()
            .filter_map(|(n, i)| Some((i.result_id?, n)))
            .collect();
        let mut placed = vec![false; old.len()];
        let mut order = Vec::with_capacity(old.len());
        fn place(
            n: usize,
            old: &[Instruction],
            position: &HashMap<Word, usize>,
            placed: &mut [bool],
            order: &mut Vec<usize>,
        ) {
            if placed[n] {
                return;
            }
            placed[n] = true;
            let inst = &old[n];
            for id in inst
                .result_type
                .into_iter()
                .chain(inst.operands.iter().filter_map(id_operand))
            {
                if let Some(&m) = position.get(&id) {
                    place(m, old, position, placed, order);
                }
            }
            order.push(n);
        }
        for n in 0..old.len() {
            place(n, &old, &position, &mut placed, &mut order);
        }
        let mut old: Vec<Option<Instruction>> = old.into_iter().map(Some).collect();
        self.module.types_global_values = order.into_iter().filter_map(|n| old[n].take()).collect();
    }
}
