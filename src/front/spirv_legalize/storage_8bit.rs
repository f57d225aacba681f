//! 8-bit integers in storage and uniform buffers (GLSL
//! `GL_EXT_shader_8bit_storage`, `SPV_KHR_8bit_storage`), which naga's IR
//! and WGSL do not have: the buffers are read as 32-bit words.
//!
//! In every block type the 8-bit members (scalars, vectors, arrays of
//! them) become `uint` words covering their bytes, at the same offsets:
//! 8-bit members that share a word become one member, a `uint` (one
//! word), a `uint[n]` (several) or a `uint[]` (a runtime array). In a
//! uniform block, whose arrays have a stride of 16, each word is a member
//! of its own. A load of an 8-bit value becomes a load of its word, and
//! the conversion that widened it (`OpSConvert`, `OpUConvert`,
//! `OpConvertSToF`, `OpConvertUToF`) a bit-field extract of its 8 bits,
//! signed where the conversion is, at the byte's offset, computed from
//! the indices where they are dynamic. The layout the host writes stays as
//! it was.
//!
//! 8-bit values used otherwise (stored, kept in variables, loaded as a
//! whole array or structure, computed with), 8-bit integers in push
//! constants, workgroup or private memory, and members that share a word
//! with a member of another type are refused, at their line.

use std::collections::{HashMap, HashSet};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Capability, Decoration, Op, StorageClass, Word};

use super::{id_operand, instruction_with_result, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

/// The conversions from an 8-bit value that become bit-field extracts.
const WIDENING: &[Op] = &[Op::SConvert, Op::UConvert, Op::ConvertSToF, Op::ConvertUToF];

/// What 8-bit storage to rewrite: the structures and their new members.
#[derive(Default)]
pub(super) struct Plan {
    structs: HashMap<Word, StructRewrite>,
}

/// One structure with 8-bit members.
struct StructRewrite {
    /// Each old member: where it went.
    fates: Vec<Fate>,
    /// The words that stand for the 8-bit members.
    groups: Vec<Group>,
    /// The members kept, old index by new position (the groups are
    /// placed among them by offset).
    layout: Vec<NewMember>,
    /// Whether a uniform block holds the structure (then its words are
    /// members of their own, uniform arrays having a stride of 16).
    uniform: bool,
    /// The old members' types.
    old_members: Vec<Word>,
}

#[derive(Clone, Copy)]
enum Fate {
    /// Kept, at this new index.
    Kept(u32),
    /// Within the word group `group`, at `offset` bytes from its first
    /// word.
    Bytes { group: usize, offset: u32 },
}

#[derive(Clone, Copy)]
enum NewMember {
    Old(u32),
    Group(usize),
}

struct Group {
    /// Offset of the first word in the structure.
    start: u32,
    /// How many words; `None` for a runtime array.
    words: Option<u32>,
    /// The old members it covers.
    members: Vec<u32>,
    /// The new index of its (first) member.
    index: u32,
}

/// A pointer into 8-bit data, after a rewritten access chain.
#[derive(Clone)]
struct BytePointer {
    /// A pointer to the structure that holds the group.
    structure: Word,
    class: StorageClass,
    struct_id: Word,
    group: usize,
    /// Byte offset from the group's first word: a constant and a `uint`
    /// value computed from dynamic indices.
    constant: u32,
    dynamic: Option<Word>,
    /// The 8-bit type pointed to.
    ty: Word,
}

/// The words and bit offsets of a loaded 8-bit scalar or vector, one per
/// component.
type LoadedBytes = Vec<(Word, Word)>;

impl Legalizer {
    /// The ids of every type, constant and value type that holds an 8-bit
    /// integer.
    fn types_with_8bit(&self) -> HashSet<Word> {
        let mut with = HashSet::new();
        for inst in &self.module.types_global_values {
            let Some(id) = inst.result_id else { continue };
            let holds = match inst.class.opcode {
                Op::TypeInt => inst.operands.first() == Some(&Operand::LiteralBit32(8)),
                Op::TypeVector
                | Op::TypeArray
                | Op::TypeRuntimeArray
                | Op::TypeStruct
                | Op::TypeMatrix
                | Op::TypePointer
                | Op::TypeFunction => inst
                    .operands
                    .iter()
                    .filter_map(id_operand)
                    .any(|t| with.contains(&t)),
                _ => false,
            };
            if holds {
                with.insert(id);
            }
        }
        with
    }

    /// Whether `ty` is 8-bit data: an 8-bit integer, a vector of them, or
    /// arrays of those.
    fn is_byte_data(&self, ty: Word) -> bool {
        let Some(inst) = self.global(ty) else {
            return false;
        };
        match inst.class.opcode {
            Op::TypeInt => inst.operands.first() == Some(&Operand::LiteralBit32(8)),
            Op::TypeVector | Op::TypeArray | Op::TypeRuntimeArray => inst
                .operands
                .first()
                .and_then(id_operand)
                .is_some_and(|t| self.is_byte_data(t)),
            _ => false,
        }
    }

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

    fn constant_u32(&self, id: Word) -> Option<u32> {
        let inst = self.global(id)?;
        match (inst.class.opcode, inst.operands.first()) {
            (Op::Constant, Some(Operand::LiteralBit32(v))) => Some(*v),
            _ => None,
        }
    }

    /// The bytes a value of `ty` spans in a block (the last array element
    /// without padding after it); `None` where unknown.
    fn layout_size(&self, ty: Word) -> Option<u32> {
        let inst = self.global(ty)?;
        let first = inst.operands.first().and_then(id_operand);
        match inst.class.opcode {
            Op::TypeInt | Op::TypeFloat => match inst.operands.first() {
                Some(Operand::LiteralBit32(w)) => Some(w / 8),
                _ => None,
            },
            Op::TypeBool => Some(4),
            Op::TypeVector => match inst.operands.get(1) {
                Some(Operand::LiteralBit32(n)) => Some(self.layout_size(first?)? * n),
                _ => None,
            },
            Op::TypeArray => {
                let length = self.constant_u32(inst.operands.get(1).and_then(id_operand)?)?;
                let stride = self.decoration_value(ty, Decoration::ArrayStride)?;
                Some(stride * length.saturating_sub(1) + self.layout_size(first?)?)
            }
            Op::TypeStruct => {
                let mut end = 0;
                for (m, t) in inst.operands.iter().enumerate() {
                    let offset = self.member_decoration(ty, m as u32, Decoration::Offset)?;
                    end = end.max(offset + self.layout_size(id_operand(t)?)?);
                }
                Some(end)
            }
            _ => None,
        }
    }

    fn described_member(&self, s: Word, member: u32) -> String {
        format!(
            "`{}.{}`",
            self.names.get(&s).map_or("", String::as_str),
            self.member_name(s, member)
                .unwrap_or_else(|| format!("member {member}"))
        )
    }

    /// What to rewrite, or why it cannot be: the 8-bit integers of the
    /// module, which is still the input (`words`).
    pub(super) fn plan_8bit_storage(&self, words: &[u32]) -> Result<Plan, Vec<Refusal>> {
        let with_8bit = self.types_with_8bit();
        if with_8bit.is_empty() {
            return Ok(Plan::default());
        }
        let mut refused = Vec::new();
        let refuse_at = |refused: &mut Vec<Refusal>, inst: Option<usize>, message: String| {
            refused.push(Refusal {
                diagnostic: Diagnostic::error(message)
                    .with_code(shaderxform_passes::codes::SPIRV_8BIT_STORAGE)
                    .with_note(
                        "WGSL has no 8-bit integers: 8-bit members of storage and uniform buffers are read as 32-bit words, and only loads converted to 32 bits can be rewritten so",
                    ),
                instruction: inst,
                label: "here",
            });
        };
        // The structures buffers hold, and whether a uniform block does.
        let mut reachable: HashMap<Word, bool> = HashMap::new();
        for (variable, pointer) in self.global_variables() {
            let Some((class, pointee)) = self.pointee(pointer) else {
                continue;
            };
            if !with_8bit.contains(&pointee) {
                continue;
            }
            if !matches!(class, StorageClass::StorageBuffer | StorageClass::Uniform) {
                let name = self
                    .names
                    .get(&variable)
                    .map_or_else(|| "a variable".to_string(), |n| format!("`{n}`"));
                refuse_at(
                    &mut refused,
                    instruction_with_result(words, Op::Variable, variable),
                    format!("8-bit integers in {name}, a {class:?} variable: only storage and uniform buffers can hold them"),
                );
                continue;
            }
            let mut stack = vec![pointee];
            while let Some(ty) = stack.pop() {
                let Some(inst) = self.global(ty) else {
                    continue;
                };
                match inst.class.opcode {
                    Op::TypeStruct => {
                        let uniform = reachable.entry(ty).or_insert(false);
                        *uniform |= class == StorageClass::Uniform
                            && !self.has_decoration(pointee, Decoration::BufferBlock);
                        stack.extend(inst.operands.iter().filter_map(id_operand));
                    }
                    Op::TypeArray | Op::TypeRuntimeArray => {
                        stack.extend(inst.operands.first().and_then(id_operand));
                    }
                    _ => {}
                }
            }
        }
        let mut plan = Plan::default();
        let mut struct_ids: Vec<Word> = reachable.keys().copied().collect();
        struct_ids.sort_unstable();
        for s in struct_ids {
            match self.struct_rewrite(s, reachable[&s]) {
                Ok(Some(rewrite)) => {
                    plan.structs.insert(s, rewrite);
                }
                Ok(None) => {}
                Err(message) => refuse_at(
                    &mut refused,
                    untyped_result(words, Op::TypeStruct, s),
                    message,
                ),
            }
        }
        self.refuse_8bit_uses(words, &with_8bit, &plan, &mut |at, message| {
            refuse_at(&mut refused, at, message)
        });
        if refused.is_empty() {
            Ok(plan)
        } else {
            Err(refused)
        }
    }

    /// The new members of structure `s`, if it has 8-bit members.
    fn struct_rewrite(&self, s: Word, uniform: bool) -> Result<Option<StructRewrite>, String> {
        let members: Vec<Word> = self
            .global(s)
            .map(|i| i.operands.iter().filter_map(id_operand).collect())
            .unwrap_or_default();
        if !members.iter().any(|&t| self.is_byte_data(t)) {
            return Ok(None);
        }
        let offset = |m: usize| {
            self.member_decoration(s, m as u32, Decoration::Offset)
                .ok_or_else(|| format!("{} has no offset", self.described_member(s, m as u32)))
        };
        // The byte ranges of the 8-bit members, as word ranges, merged.
        let mut groups: Vec<Group> = Vec::new();
        let mut fates = vec![Fate::Kept(0); members.len()];
        let mut order: Vec<usize> = (0..members.len()).collect();
        let offsets: Vec<u32> = (0..members.len()).map(offset).collect::<Result<_, _>>()?;
        order.sort_by_key(|&m| offsets[m]);
        for &m in &order {
            let ty = members[m];
            if !self.is_byte_data(ty) {
                continue;
            }
            let start = offsets[m];
            let runtime = self
                .global(ty)
                .is_some_and(|i| i.class.opcode == Op::TypeRuntimeArray);
            let end = if runtime {
                None
            } else {
                Some(
                    start
                        + self.layout_size(ty).ok_or_else(|| {
                            format!(
                                "the layout of {} is not known",
                                self.described_member(s, m as u32)
                            )
                        })?,
                )
            };
            let word_start = start & !3;
            let word_end = end.map(|e| (e + 3) & !3);
            match groups.last_mut() {
                Some(g) if g.words.is_some_and(|w| g.start + 4 * w > word_start) => {
                    g.words = word_end.map(|e| (e - g.start) / 4);
                    g.members.push(m as u32);
                }
                _ => groups.push(Group {
                    start: word_start,
                    words: word_end.map(|e| (e - word_start) / 4),
                    members: vec![m as u32],
                    index: 0,
                }),
            }
            fates[m] = Fate::Bytes {
                group: groups.len() - 1,
                offset: start - groups.last().map_or(0, |g| g.start),
            };
        }
        // Members of other types must not share a word with the bytes.
        for &m in &order {
            if self.is_byte_data(members[m]) {
                continue;
            }
            let start = offsets[m];
            let end = start + self.layout_size(members[m]).unwrap_or(1);
            if let Some(g) = groups.iter().find(|g| {
                let g_end = g.words.map_or(u32::MAX, |w| g.start + 4 * w);
                start < g_end && end > g.start
            }) {
                return Err(format!(
                    "{} shares a 32-bit word with the 8-bit member {}: the bytes cannot be read as words",
                    self.described_member(s, m as u32),
                    self.described_member(s, g.members[0])
                ));
            }
        }
        if uniform && groups.iter().any(|g| g.words.is_none()) {
            return Err(format!(
                "{} is a runtime array of 8-bit integers in a uniform block",
                self.described_member(s, groups[0].members[0])
            ));
        }
        // The new members, in the old order, each group where its first
        // member was.
        let mut layout = Vec::new();
        let mut index = 0;
        for m in 0..members.len() {
            match fates[m] {
                Fate::Kept(_) => {
                    fates[m] = Fate::Kept(index);
                    layout.push(NewMember::Old(m as u32));
                    index += 1;
                }
                Fate::Bytes { group, .. } if groups[group].members[0] == m as u32 => {
                    groups[group].index = index;
                    layout.push(NewMember::Group(group));
                    index += if uniform {
                        groups[group].words.unwrap_or(1)
                    } else {
                        1
                    };
                }
                Fate::Bytes { .. } => {}
            }
        }
        Ok(Some(StructRewrite {
            fates,
            groups,
            layout,
            uniform,
            old_members: members,
        }))
    }
}

/// The index of the instruction of `words`, an `op` without a result
/// type, whose result is `id`.
fn untyped_result(words: &[u32], op: Op, id: Word) -> Option<usize> {
    let (instructions, _) = crate::spirv_words::split_instructions(words);
    instructions.iter().position(|range| {
        let instruction = &words[range.clone()];
        instruction[0] & 0xffff == op as u32 && instruction.get(1) == Some(&id)
    })
}

/// The index of the `n`th (from 0) instruction `op` of `words`.
fn nth_instruction(words: &[u32], op: Op, n: usize) -> Option<usize> {
    let (instructions, _) = crate::spirv_words::split_instructions(words);
    instructions
        .iter()
        .enumerate()
        .filter(|(_, r)| words[r.start] & 0xffff == op as u32)
        .nth(n)
        .map(|(at, _)| at)
}

impl Legalizer {
    /// Where a chain from `base` (of pointee `ty`) with `indices` ends:
    /// its pointee, and the last structure member it stepped into.
    fn chain_end(&self, mut ty: Word, indices: &[Operand]) -> (Option<Word>, Option<(Word, u32)>) {
        let mut member = None;
        for index in indices {
            let Some(inst) = self.global(ty) else {
                return (None, member);
            };
            ty = match inst.class.opcode {
                Op::TypeStruct => {
                    let Some(m) = id_operand(index).and_then(|i| self.constant_u32(i)) else {
                        return (None, member);
                    };
                    member = Some((ty, m));
                    match inst.operands.get(m as usize).and_then(id_operand) {
                        Some(t) => t,
                        None => return (None, member),
                    }
                }
                Op::TypeArray | Op::TypeRuntimeArray | Op::TypeVector | Op::TypeMatrix => {
                    match inst.operands.first().and_then(id_operand) {
                        Some(t) => t,
                        None => return (None, member),
                    }
                }
                _ => return (None, member),
            };
        }
        (Some(ty), member)
    }

    /// The indices of a chain from a pointer to `pointee` (`None` when
    /// it is already in 8-bit data) after the last structure member.
    fn indices_after_last_member<'a>(
        &self,
        pointee: Option<Word>,
        indices: &'a [Operand],
    ) -> &'a [Operand] {
        let Some(mut ty) = pointee else {
            return indices;
        };
        let mut after = 0;
        for (n, index) in indices.iter().enumerate() {
            let Some(inst) = self.global(ty) else { break };
            let next = match inst.class.opcode {
                Op::TypeStruct => {
                    after = n + 1;
                    id_operand(index)
                        .and_then(|i| self.constant_u32(i))
                        .and_then(|m| inst.operands.get(m as usize))
                        .and_then(id_operand)
                }
                _ => inst.operands.first().and_then(id_operand),
            };
            let Some(next) = next else { break };
            ty = next;
        }
        &indices[after..]
    }

    fn is_8bit_scalar_or_vector(&self, ty: Word) -> bool {
        self.global(ty).is_some_and(|i| match i.class.opcode {
            Op::TypeInt => i.operands.first() == Some(&Operand::LiteralBit32(8)),
            Op::TypeVector => i
                .operands
                .first()
                .and_then(id_operand)
                .is_some_and(|c| self.is_8bit_scalar_or_vector(c)),
            _ => false,
        })
    }

    /// Refuses, through `refuse`, every use of 8-bit data but loads of
    /// 8-bit scalars and vectors from buffers that are then widened.
    fn refuse_8bit_uses(
        &self,
        words: &[u32],
        with_8bit: &HashSet<Word>,
        plan: &Plan,
        refuse: &mut dyn FnMut(Option<usize>, String),
    ) {
        let value_types = self.value_types();
        // Pointers into buffers holding 8-bit data, and what they point
        // at; those to 8-bit data; loaded 8-bit values.
        let mut pointers: HashMap<Word, String> = HashMap::new();
        for (variable, pointer) in self.global_variables() {
            if with_8bit.contains(&pointer) {
                let name = self
                    .names
                    .get(&variable)
                    .map_or_else(|| "a buffer".to_string(), |n| format!("`{n}`"));
                pointers.insert(variable, name);
            }
        }
        let mut byte_pointers = HashSet::new();
        let mut uniform_bytes = HashSet::new();
        let mut values: HashMap<Word, String> = HashMap::new();
        let mut seen: HashMap<Op, usize> = HashMap::new();
        for inst in self.module.functions.iter().flat_map(|f| {
            f.parameters
                .iter()
                .chain(f.blocks.iter().flat_map(|b| &b.instructions))
        }) {
            let op = inst.class.opcode;
            let nth = {
                let n = seen.entry(op).or_insert(0);
                *n += 1;
                *n - 1
            };
            let at = || match (inst.result_type, inst.result_id) {
                (Some(_), Some(id)) => instruction_with_result(words, op, id),
                (None, Some(id)) => untyped_result(words, op, id),
                _ => nth_instruction(words, op, nth),
            };
            let first = inst.operands.first().and_then(id_operand);
            match op {
                Op::AccessChain | Op::InBoundsAccessChain
                    if first.is_some_and(|b| pointers.contains_key(&b)) =>
                {
                    let base = first.unwrap_or_default();
                    let pointee = value_types
                        .get(&base)
                        .and_then(|t| self.pointee(*t))
                        .map(|(_, t)| t);
                    let (end, member) = match pointee {
                        Some(t) => self.chain_end(t, &inst.operands[1..]),
                        None => (None, None),
                    };
                    let what = match member {
                        Some((s, m)) if end.is_some_and(|e| self.is_byte_data(e)) => {
                            self.described_member(s, m)
                        }
                        _ => pointers[&base].clone(),
                    };
                    let holds_8bit = inst.result_type.is_some_and(|t| with_8bit.contains(&t));
                    if let (true, Some(result)) = (holds_8bit, inst.result_id) {
                        let into_bytes = byte_pointers.contains(&base)
                            || member.is_some_and(|(s, m)| {
                                matches!(
                                    plan.structs.get(&s).map(|r| r.fates[m as usize]),
                                    Some(Fate::Bytes { .. })
                                )
                            });
                        if into_bytes {
                            byte_pointers.insert(result);
                            let uniform = uniform_bytes.contains(&base)
                                || member.is_some_and(|(s, _)| {
                                    plan.structs.get(&s).is_some_and(|r| r.uniform)
                                });
                            if uniform {
                                uniform_bytes.insert(result);
                                // The indices after the last member.
                                let after =
                                    self.indices_after_last_member(pointee, &inst.operands[1..]);
                                if after.iter().any(|i| {
                                    id_operand(i).is_none_or(|i| self.constant_u32(i).is_none())
                                }) {
                                    refuse(
                                        at(),
                                        format!("{what}, in a uniform block, is indexed dynamically: its words are members of their own there"),
                                    );
                                }
                            }
                        }
                        pointers.insert(result, what);
                    }
                    continue;
                }
                Op::Load if first.is_some_and(|p| pointers.contains_key(&p)) => {
                    let pointer = first.unwrap_or_default();
                    let what = pointers[&pointer].clone();
                    if byte_pointers.contains(&pointer)
                        && inst
                            .result_type
                            .is_some_and(|t| self.is_8bit_scalar_or_vector(t))
                    {
                        values.extend(inst.result_id.map(|r| (r, what)));
                    } else if inst.result_type.is_some_and(|t| with_8bit.contains(&t)) {
                        refuse(
                            at(),
                            format!("{what} is loaded as a whole with 8-bit integers in it: only 8-bit scalars and vectors can be read, one at a time"),
                        );
                    }
                    continue;
                }
                op if WIDENING.contains(&op)
                    && inst
                        .operands
                        .get(0)
                        .and_then(id_operand)
                        .is_some_and(|v| values.contains_key(&v))
                    && inst.result_type.is_some_and(|t| !with_8bit.contains(&t)) =>
                {
                    continue;
                }
                Op::ArrayLength if first.is_some_and(|p| pointers.contains_key(&p)) => {
                    let member = match inst.operands.get(1) {
                        Some(Operand::LiteralBit32(m)) => *m,
                        _ => 0,
                    };
                    let pointee = first
                        .and_then(|p| value_types.get(&p))
                        .and_then(|t| self.pointee(*t))
                        .map(|(_, t)| t);
                    if let Some(s) = pointee {
                        if matches!(
                            plan.structs.get(&s).map(|r| r.fates[member as usize]),
                            Some(Fate::Bytes { .. })
                        ) {
                            refuse(
                                at(),
                                format!("the length of {}, a runtime array of 8-bit integers, is taken: read as words, it has another length", self.described_member(s, member)),
                            );
                        }
                    }
                    continue;
                }
                _ => {}
            }
            let used = inst
                .operands
                .iter()
                .filter_map(id_operand)
                .find_map(|id| pointers.get(&id).or_else(|| values.get(&id)).cloned());
            match (op, used) {
                (Op::Store, Some(what)) => refuse(
                    at(),
                    format!("store to the 8-bit {what}: only reads of 8-bit integers can be rewritten"),
                ),
                (_, Some(what)) => refuse(
                    at(),
                    format!("{what} is used by `Op{op:?}`: 8-bit integers can only be loaded and widened to 32 bits"),
                ),
                (_, None) if inst.result_type.is_some_and(|t| with_8bit.contains(&t)) => refuse(
                    at(),
                    format!("an 8-bit integer value computed by `Op{op:?}`: only loads of 8-bit members of buffers widened to 32 bits can be rewritten"),
                ),
                _ => {}
            }
        }
    }
}

/// Types and constants the rewrite uses.
struct Words {
    uint: Word,
    int: Word,
    eight: Word,
}

impl Legalizer {
    /// Applies `plan`: returns the names of the structures whose 8-bit
    /// members became words.
    pub(super) fn read_8bit_storage_as_words(&mut self, plan: Plan) -> Vec<Option<String>> {
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
                    let base = first.unwrap_or_default();
                    if let Some(bytes) =
                        l.chain(&plan, &w, &value_types, &byte_pointers, &mut inst, out)
                    {
                        removed.extend(inst.result_id);
                        byte_pointers.insert(inst.result_id.unwrap_or_default(), bytes);
                    } else {
                        let _ = base;
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
                bytes.constant += value * stride;
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
                self.push_op(out, op, w.uint, vec![index])
            };
            let scaled = if stride == 1 {
                as_uint
            } else {
                let stride = self.uint_constant(w.uint, stride);
                self.push_op(out, Op::IMul, w.uint, vec![as_uint, stride])
            };
            bytes.dynamic = Some(match bytes.dynamic {
                Some(d) => self.push_op(out, Op::IAdd, w.uint, vec![d, scaled]),
                None => scaled,
            });
        }
    }

    /// Pushes `op` of `ty` on `operands` to `out`; its result.
    fn push_op(
        &mut self,
        out: &mut Vec<Instruction>,
        op: Op,
        ty: Word,
        operands: Vec<Word>,
    ) -> Word {
        let id = self.fresh_id();
        out.push(Instruction::new(
            op,
            Some(ty),
            Some(id),
            operands.into_iter().map(Operand::IdRef).collect(),
        ));
        id
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
        let constant = bytes.constant + k;
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
                    self.push_op(out, Op::IAdd, w.uint, vec![dynamic, c])
                };
                let two = self.uint_constant(w.uint, 2);
                let three = self.uint_constant(w.uint, 3);
                let word = self.push_op(out, Op::ShiftRightLogical, w.uint, vec![byte, two]);
                let in_word = self.push_op(out, Op::BitwiseAnd, w.uint, vec![byte, three]);
                let bit = self.push_op(out, Op::ShiftLeftLogical, w.uint, vec![in_word, three]);
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
        let chained = self.push_op(out, Op::AccessChain, pointer, operands);
        let loaded = self.push_op(out, Op::Load, w.uint, vec![chained]);
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
                self.push_op(out, Op::Bitcast, w.int, vec![word])
            } else {
                word
            };
            let extract = if signed {
                Op::BitFieldSExtract
            } else {
                Op::BitFieldUExtract
            };
            components.push(self.push_op(out, extract, scalar, vec![base, bit, w.eight]));
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
                self.push_op(out, Op::CompositeConstruct, vector, components),
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
