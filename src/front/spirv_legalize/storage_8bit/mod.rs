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

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, StorageClass, Word};

mod uses;
mod words;

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
                stride
                    .checked_mul(length.saturating_sub(1))?
                    .checked_add(self.layout_size(first?)?)
            }
            Op::TypeStruct => {
                let mut end = 0;
                for (m, t) in inst.operands.iter().enumerate() {
                    let offset = self.member_decoration(ty, m as u32, Decoration::Offset)?;
                    end = end.max(offset.checked_add(self.layout_size(id_operand(t)?)?)?);
                }
                Some(end)
            }
            _ => None,
        }
    }

    fn described_member(&self, s: Word, member: u32) -> String {
        format!(
            "member `{}.{}`",
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
        // The first buffer holding each structure, where its refusal goes.
        let mut held_by: HashMap<Word, Word> = HashMap::new();
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
                        held_by.entry(ty).or_insert(variable);
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
                    held_by
                        .get(&s)
                        .and_then(|v| instruction_with_result(words, Op::Variable, *v)),
                    message,
                ),
            }
        }
        for (s, message) in self.misaligned_word_structures(&plan, &reachable) {
            let at = held_by
                .get(&s)
                .and_then(|v| instruction_with_result(words, Op::Variable, *v));
            refuse_at(&mut refused, at, message);
        }
        // Uses are judged against the rewrite, which needs every
        // structure and variable.
        if !refused.is_empty() {
            return Err(refused);
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

    /// The structures given words that an array or another structure
    /// holds where a word cannot be: an array stride that is not a
    /// multiple of 4 or is shorter than the words (`struct { uint8_t x,
    /// y; }` has a stride of 2), an offset that is not, a member that
    /// follows within the last word.
    fn misaligned_word_structures(
        &self,
        plan: &Plan,
        reachable: &HashMap<Word, bool>,
    ) -> Vec<(Word, String)> {
        let mut misaligned = Vec::new();
        let name = |s: Word| self.names.get(&s).map_or("(unnamed)", String::as_str);
        for (&s, rewrite) in &plan.structs {
            let end = rewrite
                .groups
                .iter()
                .filter_map(|g| Some(g.start.saturating_add(g.words?.saturating_mul(4))))
                .max()
                .unwrap_or(0);
            for array in self.module.types_global_values.iter().filter(|i| {
                matches!(i.class.opcode, Op::TypeArray | Op::TypeRuntimeArray)
                    && i.operands.first() == Some(&Operand::IdRef(s))
            }) {
                let stride = array
                    .result_id
                    .and_then(|a| self.decoration_value(a, Decoration::ArrayStride));
                if let Some(stride) = stride.filter(|&st| st % 4 != 0 || st < end) {
                    misaligned.push((s, format!(
                        "an array of `{}` has a stride of {stride} bytes: its 8-bit members, read as 32-bit words, need a stride that is a multiple of 4",
                        name(s)
                    )));
                }
            }
            for &holder in reachable.keys() {
                let members = self
                    .global(holder)
                    .map(|i| i.operands.clone())
                    .unwrap_or_default();
                for (m, t) in members.iter().enumerate() {
                    let offset = self.member_decoration(holder, m as u32, Decoration::Offset);
                    let next = (0..members.len() as u32)
                        .filter_map(|n| self.member_decoration(holder, n, Decoration::Offset))
                        .filter(|&n| offset.is_some_and(|o| n > o))
                        .min();
                    let overlaps =
                        matches!((offset, next), (Some(o), Some(n)) if o.saturating_add(end) > n);
                    if *t == Operand::IdRef(s) && offset.is_some_and(|o| o % 4 != 0 || overlaps) {
                        misaligned.push((s, format!(
                            "{} of type `{}` is not at a multiple of 4 bytes, or the next member follows within its last word: its 8-bit members, read as 32-bit words, need whole words",
                            self.described_member(holder, m as u32),
                            name(s)
                        )));
                    }
                }
            }
        }
        misaligned.sort_by_key(|(s, _)| *s);
        misaligned
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
                let size = self.layout_size(ty).ok_or_else(|| {
                    format!(
                        "the layout of {} is not known",
                        self.described_member(s, m as u32)
                    )
                })?;
                Some(start.saturating_add(size))
            };
            let word_start = start & !3;
            let word_end = end.map(|e| e.saturating_add(3) & !3);
            match groups.last_mut() {
                Some(g)
                    if g.words
                        .is_some_and(|w| g.start.saturating_add(4 * w) > word_start) =>
                {
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
            let end = start.saturating_add(self.layout_size(members[m]).unwrap_or(1));
            if let Some(g) = groups.iter().find(|g| {
                let g_end = g.words.map_or(u32::MAX, |w| g.start.saturating_add(4 * w));
                start < g_end && end > g.start
            }) {
                return Err(format!(
                    "{} shares a 32-bit word with the 8-bit {}: the bytes cannot be read as words",
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
        for (m, fate) in fates.iter_mut().enumerate() {
            match *fate {
                Fate::Kept(_) => {
                    *fate = Fate::Kept(index);
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
