//! Shifts whose operand or result has another signedness than the shift
//! works in: SPIR-V lets `OpShiftRightLogical` take a signed base and
//! give a signed result (glslang's HLSL output computes `ByteAddressBuffer`
//! indices as `OpShiftRightLogical %int %uint_offset %int_2`), and naga's
//! reader takes the shift's type from the base while recording the
//! result's, so the next operation sees an `int` that is a `u32` (a module
//! that does not validate), and a logical shift of a signed base becomes
//! WGSL's arithmetic `>>`. The base is bitcast to the shift's signedness
//! (unsigned for `OpShiftRightLogical`, signed for
//! `OpShiftRightArithmetic`, the result's for `OpShiftLeftLogical`) and
//! the result back to its type.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};

use super::Legalizer;

impl Legalizer {
    /// Rewrites every such shift; returns how many.
    pub(super) fn match_shift_signedness(&mut self) -> usize {
        let shifts = |op| {
            matches!(
                op,
                Op::ShiftRightLogical | Op::ShiftRightArithmetic | Op::ShiftLeftLogical
            )
        };
        let has_shift = self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .any(|i| shifts(i.class.opcode));
        if !has_shift {
            return 0;
        }
        let value_types = self.value_types();
        let mut count = 0;
        self.rewrite_instructions(|l, mut inst, new| {
            let (true, Some(result_type), Some(result), Some(Operand::IdRef(base))) = (
                shifts(inst.class.opcode),
                inst.result_type,
                inst.result_id,
                inst.operands.first().cloned(),
            ) else {
                new.push(inst);
                return;
            };
            let Some(&base_type) = value_types.get(&base) else {
                new.push(inst);
                return;
            };
            let signed = match inst.class.opcode {
                Op::ShiftRightLogical => false,
                Op::ShiftRightArithmetic => true,
                _ => match l.int_signedness(result_type) {
                    Some(signed) => signed,
                    None => {
                        new.push(inst);
                        return;
                    }
                },
            };
            let (Some(shift_type), Some(_)) = (
                l.int_type_signed(result_type, signed),
                l.int_signedness(base_type),
            ) else {
                new.push(inst);
                return;
            };
            let base_fits = l.int_signedness(base_type) == Some(signed);
            if base_fits && shift_type == result_type {
                new.push(inst);
                return;
            }
            count += 1;
            if !base_fits {
                if let Some(cast_type) = l.int_type_signed(base_type, signed) {
                    let cast = l.fresh_id();
                    new.push(Instruction::new(
                        Op::Bitcast,
                        Some(cast_type),
                        Some(cast),
                        vec![Operand::IdRef(base)],
                    ));
                    inst.operands[0] = Operand::IdRef(cast);
                }
            }
            if shift_type == result_type {
                new.push(inst);
                return;
            }
            let shifted = l.fresh_id();
            inst.result_type = Some(shift_type);
            inst.result_id = Some(shifted);
            new.push(inst);
            new.push(Instruction::new(
                Op::Bitcast,
                Some(result_type),
                Some(result),
                vec![Operand::IdRef(shifted)],
            ));
        });
        count
    }

    /// Whether `ty`, an integer or a vector of integers, is signed.
    fn int_signedness(&self, ty: Word) -> Option<bool> {
        let inst = self.global(ty)?;
        match (
            inst.class.opcode,
            inst.operands.first(),
            inst.operands.get(1),
        ) {
            (Op::TypeInt, _, Some(Operand::LiteralBit32(signed))) => Some(*signed == 1),
            (Op::TypeVector, Some(Operand::IdRef(component)), _) => self.int_signedness(*component),
            _ => None,
        }
    }

    /// `ty` (an integer or a vector of them) with the signedness `signed`.
    fn int_type_signed(&mut self, ty: Word, signed: bool) -> Option<Word> {
        let inst = self.global(ty)?.clone();
        match (
            inst.class.opcode,
            inst.operands.first(),
            inst.operands.get(1),
        ) {
            (Op::TypeInt, Some(width), _) => Some(self.ensure_type(
                Op::TypeInt,
                vec![width.clone(), Operand::LiteralBit32(signed as u32)],
            )),
            (Op::TypeVector, Some(Operand::IdRef(component)), Some(count)) => {
                let component = self.int_type_signed(*component, signed)?;
                Some(self.ensure_type(
                    Op::TypeVector,
                    vec![Operand::IdRef(component), count.clone()],
                ))
            }
            _ => None,
        }
    }
}
