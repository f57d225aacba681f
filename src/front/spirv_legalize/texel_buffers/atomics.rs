//! Atomics on the texels of a texel buffer (`InterlockedAdd` on a
//! `RWBuffer<uint>`, `imageAtomicAdd` on an `r32ui` `uimageBuffer`): their
//! texel pointers are pointers to words of a storage buffer now, and their
//! memory semantics say so.

use std::collections::{HashMap, HashSet};

use rspirv::dr::Operand;
use rspirv::spirv::{MemorySemantics, Op, Word};

use super::super::atomic_vector_components::ATOMICS;
use super::super::{id_operand, Legalizer};
use crate::front::storage_format::TexelKind;

impl Legalizer {
    /// Makes the memory semantics of atomics on `pointers`, words of a
    /// storage buffer now, `UniformMemory` where they said `ImageMemory`.
    pub(super) fn atomics_on_buffer_memory(&mut self, pointers: &HashSet<Word>) {
        let constants: HashMap<Word, u32> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Constant)
            .filter_map(|i| match i.operands.first() {
                Some(Operand::LiteralBit32(v)) => Some((i.result_id?, *v)),
                _ => None,
            })
            .collect();
        let image = MemorySemantics::IMAGE_MEMORY.bits();
        let uniform = MemorySemantics::UNIFORM_MEMORY.bits();
        let mut retyped: Vec<(usize, usize, usize, usize, u32)> = Vec::new();
        for (f, function) in self.module.functions.iter().enumerate() {
            for (b, block) in function.blocks.iter().enumerate() {
                for (n, inst) in block.instructions.iter().enumerate() {
                    // Every atomic has its memory semantics after its pointer and
                    // scope; a compare-exchange has two.
                    let semantics = match inst.class.opcode {
                        Op::AtomicCompareExchange | Op::AtomicCompareExchangeWeak => &[2, 3][..],
                        op if ATOMICS.contains(&op) => &[2][..],
                        _ => continue,
                    };
                    if !inst
                        .operands
                        .first()
                        .and_then(id_operand)
                        .is_some_and(|p| pointers.contains(&p))
                    {
                        continue;
                    }
                    for &k in semantics {
                        if let Some(&value) = inst
                            .operands
                            .get(k)
                            .and_then(id_operand)
                            .and_then(|c| constants.get(&c))
                        {
                            if value & image != 0 {
                                retyped.push((f, b, n, k, (value & !image) | uniform));
                            }
                        }
                    }
                }
            }
        }
        let uint = self.texel_scalar(TexelKind::Uint);
        for (f, b, n, k, value) in retyped {
            let constant = self.uint_constant(uint, value);
            self.module.functions[f].blocks[b].instructions[n].operands[k] =
                Operand::IdRef(constant);
        }
    }
}
