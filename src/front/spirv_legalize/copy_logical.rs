//! `OpCopyLogical` (SPIR-V 1.4), which naga does not read, written as
//! member-wise extracts and a construct.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};

use super::{id_operand, Legalizer};

impl Legalizer {
    pub(super) fn split_copy_logical(&mut self) -> usize {
        let types_of = self.value_types();
        let mut count = 0;
        self.rewrite_instructions(|l, inst, new| {
            if inst.class.opcode != Op::CopyLogical {
                new.push(inst);
                return;
            }
            let (Some(target), Some(result), Some(src)) = (
                inst.result_type,
                inst.result_id,
                inst.operands.first().and_then(id_operand),
            ) else {
                new.push(inst);
                return;
            };
            let Some(&source_ty) = types_of.get(&src) else {
                new.push(inst);
                return;
            };
            count += 1;
            l.copy_logical(new, src, source_ty, target, Some(result));
        });
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
}
