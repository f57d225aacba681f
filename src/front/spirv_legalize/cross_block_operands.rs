//! Operands of subgroup and atomic operations defined in another block:
//! glslang's HLSL output carries values across blocks in SSA form (an
//! `OpPhi` of a loop header used after the loop), and naga's reader reads
//! such an operand only where it brings the value into the block itself.
//! For subgroup operations it stops with an internal error (its emitter
//! is finished twice); for atomics it writes a module that does not
//! validate ("used by a statement before it was introduced"). An
//! `OpCopyObject` in the operation's block, just before it, brings the
//! value in as every other instruction does.

use std::collections::HashMap;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};

use super::Legalizer;

/// Whether naga reads the operation's operands only from its own block.
fn reads_operands_in_place(op: Op) -> bool {
    // `OpAtomicLoad` to `OpAtomicXor`, and `OpGroupNonUniformElect` to
    // `OpGroupNonUniformQuadSwap`, are numbered consecutively.
    matches!(
        op as u32,
        n if (Op::AtomicLoad as u32..=Op::AtomicXor as u32).contains(&n)
            || (Op::GroupNonUniformElect as u32..=Op::GroupNonUniformQuadSwap as u32)
                .contains(&n)
    ) || matches!(
        op,
        Op::AtomicFAddEXT | Op::AtomicFMinEXT | Op::AtomicFMaxEXT
    )
}

impl Legalizer {
    /// Copies each such operand into the block; returns how many.
    pub(super) fn copy_cross_block_operands(&mut self) -> usize {
        let mut count = 0;
        for f in 0..self.module.functions.len() {
            // Where each value of the function is defined, and its type.
            let mut defined: HashMap<Word, (usize, Word)> = HashMap::new();
            for (b, block) in self.module.functions[f].blocks.iter().enumerate() {
                for inst in &block.instructions {
                    if let (Some(id), Some(ty)) = (inst.result_id, inst.result_type) {
                        // Pointers are not values to copy: naga reads them
                        // through the variable they point into.
                        if self.pointee(ty).is_none() {
                            defined.insert(id, (b, ty));
                        }
                    }
                }
            }
            for b in 0..self.module.functions[f].blocks.len() {
                let old = std::mem::take(&mut self.module.functions[f].blocks[b].instructions);
                let mut new = Vec::with_capacity(old.len());
                for mut inst in old {
                    if reads_operands_in_place(inst.class.opcode) {
                        for operand in &mut inst.operands {
                            let Operand::IdRef(id) = operand else {
                                continue;
                            };
                            let Some(&(block, ty)) = defined.get(id) else {
                                continue;
                            };
                            if block == b {
                                continue;
                            }
                            let copy = self.fresh_id();
                            new.push(Instruction::new(
                                Op::CopyObject,
                                Some(ty),
                                Some(copy),
                                vec![Operand::IdRef(*id)],
                            ));
                            *id = copy;
                            count += 1;
                        }
                    }
                    new.push(inst);
                }
                self.module.functions[f].blocks[b].instructions = new;
            }
        }
        count
    }
}
