//! The rewrite of a push-constant block with 16-bit members: its block
//! of words, the loads that take the members from their words, and the
//! removal of the types nothing uses after it.

use std::collections::{BTreeMap, HashMap};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, GLOp, Op, StorageClass, Word};

use super::super::{id_operand, Legalizer};
use super::{Component, Kind, Member, NarrowRead, Rewrite};

impl Legalizer {
    /// Declares the block of words that replaces `block` for `variables`;
    /// returns the rewrite and, for the report, each word's offset and
    /// the members it holds.
    pub(super) fn block_of_words(
        &mut self,
        block: Word,
        mut members: Vec<Member>,
        variables: &[Word],
    ) -> (Rewrite, Vec<(u32, Vec<String>)>) {
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let layout = new_layout(&members);
        let mut word_index = HashMap::new();
        let mut member_types = Vec::new();
        let mut names = Vec::new();
        let mut offsets = Vec::new();
        let mut reported = Vec::new();
        for (index, slot) in layout.iter().enumerate() {
            match *slot {
                Slot::Kept(m) => {
                    let Member::Kept { ty, offset, .. } = members[m as usize] else {
                        unreachable!("a kept slot is a kept member");
                    };
                    members[m as usize] = Member::Kept {
                        ty,
                        offset,
                        index: index as u32,
                    };
                    member_types.push(ty);
                    names.push(self.member_name(block, m));
                    offsets.push(offset);
                }
                Slot::Word(offset) => {
                    word_index.insert(offset, index as u32);
                    let held: Vec<String> = narrow_members_in_word(&members, offset)
                        .map(|m| {
                            self.member_name(block, m)
                                .unwrap_or_else(|| format!("member{m}"))
                        })
                        .collect();
                    member_types.push(uint);
                    // A member over several words names each by its place.
                    let spans = narrow_members_in_word(&members, offset)
                        .filter_map(|m| match members[m as usize] {
                            Member::Narrow(n) => Some(n),
                            _ => None,
                        })
                        .find(|n| n.offset + 2 * n.components > offset + 4 || n.offset < offset);
                    let name = match spans {
                        Some(n) => {
                            format!("{}_bits{}", held.join("_"), (offset - n.offset / 4 * 4) / 4)
                        }
                        None => format!("{}_bits", held.join("_")),
                    };
                    names.push(Some(name));
                    offsets.push(offset);
                    reported.push((offset, held));
                }
            }
        }
        // A structure of its own, even where the module has one of these
        // members: it takes the block's decorations.
        let new = self.fresh_id();
        let inst = Instruction::new(
            Op::TypeStruct,
            None,
            Some(new),
            member_types.iter().map(|&t| Operand::IdRef(t)).collect(),
        );
        let at = self.position_after_operands(&inst);
        self.module.types_global_values.insert(at, inst);
        self.decorate(new, Decoration::Block, None);
        for (index, offset) in offsets.iter().enumerate() {
            self.member_decorate(new, index as u32, Decoration::Offset, vec![*offset]);
        }
        // The kept members' other decorations (matrix layout and stride).
        let copied: Vec<Instruction> = self
            .module
            .annotations
            .iter()
            .filter(|i| i.class.opcode == Op::MemberDecorate)
            .filter(|i| i.operands.first() == Some(&Operand::IdRef(block)))
            .filter(|i| i.operands.get(2) != Some(&Operand::Decoration(Decoration::Offset)))
            .filter_map(|i| {
                let Some(Operand::LiteralBit32(m)) = i.operands.get(1) else {
                    return None;
                };
                let Member::Kept { index, .. } = members.get(*m as usize)? else {
                    return None;
                };
                let mut copy = i.clone();
                copy.operands[0] = Operand::IdRef(new);
                copy.operands[1] = Operand::LiteralBit32(*index);
                Some(copy)
            })
            .collect();
        self.module.annotations.extend(copied);
        if let Some(name) = self.names.get(&block).cloned() {
            self.name(new, &name);
        }
        for (index, name) in names.into_iter().enumerate() {
            if let Some(name) = name {
                self.module.debug_names.push(Instruction::new(
                    Op::MemberName,
                    None,
                    None,
                    vec![
                        Operand::IdRef(new),
                        Operand::LiteralBit32(index as u32),
                        Operand::LiteralString(name),
                    ],
                ));
            }
        }
        let pointer = self.pointer_type(StorageClass::PushConstant, new);
        for &variable in variables {
            if let Some(at) = self
                .module
                .types_global_values
                .iter()
                .position(|i| i.result_id == Some(variable))
            {
                // After its new type, which comes after it.
                let mut declaration = self.module.types_global_values.remove(at);
                declaration.result_type = Some(pointer);
                let after = self
                    .module
                    .types_global_values
                    .iter()
                    .position(|i| i.result_id == Some(pointer))
                    .map_or(at, |p| p + 1);
                self.module
                    .types_global_values
                    .insert(after.max(at), declaration);
            }
        }
        (
            Rewrite {
                members,
                word_index,
            },
            reported,
        )
    }

    fn name(&mut self, target: Word, name: &str) {
        self.module.debug_names.push(Instruction::new(
            Op::Name,
            None,
            None,
            vec![Operand::IdRef(target), Operand::LiteralString(name.into())],
        ));
    }

    fn member_decorate(
        &mut self,
        target: Word,
        member: u32,
        decoration: Decoration,
        values: Vec<u32>,
    ) {
        let mut operands = vec![
            Operand::IdRef(target),
            Operand::LiteralBit32(member),
            Operand::Decoration(decoration),
        ];
        operands.extend(values.into_iter().map(Operand::LiteralBit32));
        self.module
            .annotations
            .push(Instruction::new(Op::MemberDecorate, None, None, operands));
    }

    /// Loads the kept member at `index` of `variable`'s new block.
    pub(super) fn load_member(
        &mut self,
        out: &mut Vec<Instruction>,
        variable: Word,
        ty: Word,
        index: u32,
    ) -> Word {
        let pointer_type = self.pointer_type(StorageClass::PushConstant, ty);
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let index = self.uint_constant(uint, index);
        let chain = self.fresh_id();
        out.push(Instruction::new(
            Op::AccessChain,
            Some(pointer_type),
            Some(chain),
            vec![Operand::IdRef(variable), Operand::IdRef(index)],
        ));
        self.emit(out, Op::Load, ty, vec![chain])
    }

    /// Writes the value `read` takes, of type `ty`, as `result`, from the
    /// words that hold it.
    pub(super) fn load_narrow(
        &mut self,
        out: &mut Vec<Instruction>,
        rewrite: &Rewrite,
        read: NarrowRead,
        ty: Word,
        result: Word,
    ) {
        let NarrowRead {
            variable,
            narrow,
            component,
        } = read;
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let float = self.ensure_type(Op::TypeFloat, vec![Operand::LiteralBit32(32)]);
        let wide = if narrow.kind == Kind::Float {
            float
        } else {
            uint
        };
        let components: Vec<u32> = match component {
            Some(Component::Constant(k)) => vec![k],
            _ => (0..narrow.components).collect(),
        };
        // Each word once, and for floats its two halves as `vec2<f32>`.
        let mut loaded: HashMap<u32, Word> = HashMap::new();
        let mut parts = Vec::new();
        for k in components {
            let byte = narrow.offset + 2 * k;
            let word_offset = byte / 4 * 4;
            let upper = byte % 4 == 2;
            let word = match loaded.get(&word_offset) {
                Some(&w) => w,
                None => {
                    let index = rewrite.word_index[&word_offset];
                    let mut w = self.load_member(out, variable, uint, index);
                    if narrow.kind == Kind::Float {
                        let v2float = self.vector_type(float, 2);
                        let glsl = self.glsl_std_450();
                        let unpacked = self.fresh_id();
                        out.push(Instruction::new(
                            Op::ExtInst,
                            Some(v2float),
                            Some(unpacked),
                            vec![
                                Operand::IdRef(glsl),
                                Operand::LiteralExtInstInteger(GLOp::UnpackHalf2x16 as u32),
                                Operand::IdRef(w),
                            ],
                        ));
                        w = unpacked;
                    }
                    loaded.insert(word_offset, w);
                    w
                }
            };
            let part = if narrow.kind == Kind::Float {
                let half = self.fresh_id();
                out.push(Instruction::new(
                    Op::CompositeExtract,
                    Some(float),
                    Some(half),
                    vec![Operand::IdRef(word), Operand::LiteralBit32(upper as u32)],
                ));
                half
            } else if upper {
                let sixteen = self.uint_constant(uint, 16);
                self.emit(out, Op::ShiftRightLogical, uint, vec![word, sixteen])
            } else {
                // `OpUConvert` to 16 bits keeps the lower half.
                word
            };
            parts.push(part);
        }
        // The member's value (or component) in 32 bits.
        let value = match component {
            Some(Component::Dynamic(index)) => {
                let vector_type = self.vector_type(wide, narrow.components);
                let vector = self.emit(out, Op::CompositeConstruct, vector_type, parts);
                self.emit(out, Op::VectorExtractDynamic, wide, vec![vector, index])
            }
            _ if parts.len() == 1 => parts[0],
            _ => {
                let vector_type = self.vector_type(wide, parts.len() as u32);
                self.emit(out, Op::CompositeConstruct, vector_type, parts)
            }
        };
        let count = if component.is_some() {
            1
        } else {
            narrow.components
        };
        let (op, to) = match narrow.kind {
            Kind::Float => (Op::FConvert, ty),
            Kind::Uint => (Op::UConvert, ty),
            Kind::Sint => {
                let ushort = self.ensure_type(
                    Op::TypeInt,
                    vec![Operand::LiteralBit32(16), Operand::LiteralBit32(0)],
                );
                (Op::UConvert, self.vector_type(ushort, count))
            }
        };
        let converted = if to == ty { result } else { self.fresh_id() };
        out.push(Instruction::new(
            op,
            Some(to),
            Some(converted),
            vec![Operand::IdRef(value)],
        ));
        if converted != result {
            out.push(Instruction::new(
                Op::Bitcast,
                Some(ty),
                Some(result),
                vec![Operand::IdRef(converted)],
            ));
        }
    }

    /// Removes the push-constant pointer types to 16-bit types and the
    /// blocks that nothing uses any more, with their names and
    /// decorations. `StoragePushConstant16` stays: it declares the 16-bit
    /// types the shader computes with.
    pub(super) fn remove_unused_narrow_push_constant_types(&mut self) {
        self.remove_unused_types(|l, i| {
            let narrow = |ty: Word| l.narrowest_scalar(ty).is_some_and(|w| w < 32);
            match i.class.opcode {
                Op::TypePointer => {
                    i.operands.first() == Some(&Operand::StorageClass(StorageClass::PushConstant))
                        && i.operands.get(1).and_then(id_operand).is_some_and(narrow)
                }
                Op::TypeStruct => {
                    i.result_id
                        .is_some_and(|s| l.has_decoration(s, Decoration::Block))
                        && i.result_id.is_some_and(narrow)
                }
                _ => false,
            }
        });
    }
}

/// A member of the new block: a kept member (by its index in the block as
/// declared) or a word (by its byte offset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    Kept(u32),
    Word(u32),
}

/// The members of the block of words, in the order of their offsets.
pub(super) fn new_layout(members: &[Member]) -> Vec<Slot> {
    let mut slots: BTreeMap<u32, Slot> = BTreeMap::new();
    for (m, member) in members.iter().enumerate() {
        if let Member::Narrow(n) = member {
            let mut word = n.offset / 4 * 4;
            while word < n.offset + 2 * n.components {
                slots.insert(word, Slot::Word(word));
                word += 4;
            }
        }
        if let Member::Kept { offset, .. } = member {
            // Its bytes are no word's: a word holds 16-bit members only.
            slots.insert(*offset, Slot::Kept(m as u32));
        }
    }
    slots.into_values().collect()
}

/// The 16-bit members with bytes in the word at `offset`.
fn narrow_members_in_word(members: &[Member], offset: u32) -> impl Iterator<Item = u32> + '_ {
    members
        .iter()
        .enumerate()
        .filter(move |(_, m)| match m {
            Member::Narrow(n) => n.offset < offset + 4 && n.offset + 2 * n.components > offset,
            Member::Kept { .. } => false,
        })
        .map(|(m, _)| m as u32)
}
