//! SPIR-V that glslang writes invalid, repaired before it is validated.
//!
//! glslang's HLSL front gives the methods of `RWByteAddressBuffer`
//! (`counters.InterlockedAdd(0, 1)`) a literal value of HLSL's literal
//! type, `int`, while the atomic works on `uint`:
//! `OpAtomicIAdd %uint %p %uint_1 %uint_0 %int_1`, which spirv-val
//! refuses ("expected Value to be of type Result Type"). The value is
//! bitcast to the atomic's type, which is what HLSL converts it to.

use std::collections::HashMap;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};

/// `words` with every integer value operand of an atomic operation whose
/// signedness differs from the atomic's bitcast to it; the number of
/// bitcasts added. `words` as they are where there is none.
pub fn bitcast_atomic_values(words: Vec<u32>) -> (Vec<u32>, usize) {
    let Ok(mut module) = rspirv::dr::load_words(&words) else {
        return (words, 0);
    };
    let ints: HashMap<Word, (u32, u32)> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeInt)
        .filter_map(|i| match i.operands.as_slice() {
            [Operand::LiteralBit32(width), Operand::LiteralBit32(signed)] => {
                Some((i.result_id?, (*width, *signed)))
            }
            _ => None,
        })
        .collect();
    let pointees: HashMap<Word, Word> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypePointer)
        .filter_map(|i| match i.operands.get(1) {
            Some(Operand::IdRef(pointee)) => Some((i.result_id?, *pointee)),
            _ => None,
        })
        .collect();
    let mut types: HashMap<Word, Word> = module
        .types_global_values
        .iter()
        .chain(module.functions.iter().flat_map(|f| {
            f.parameters
                .iter()
                .chain(f.blocks.iter().flat_map(|b| &b.instructions))
        }))
        .filter_map(|i| Some((i.result_id?, i.result_type?)))
        .collect();
    let mut bound = module.header.as_ref().map_or(0, |h| h.bound);
    let mut added = 0;
    for block in module
        .functions
        .iter_mut()
        .flat_map(|f| f.blocks.iter_mut())
    {
        let old = std::mem::take(&mut block.instructions);
        for mut inst in old {
            let (target, values): (Option<Word>, &[usize]) = match inst.class.opcode {
                Op::AtomicExchange
                | Op::AtomicIAdd
                | Op::AtomicISub
                | Op::AtomicSMin
                | Op::AtomicUMin
                | Op::AtomicSMax
                | Op::AtomicUMax
                | Op::AtomicAnd
                | Op::AtomicOr
                | Op::AtomicXor => (inst.result_type, &[3]),
                Op::AtomicCompareExchange => (inst.result_type, &[4, 5]),
                Op::AtomicStore => {
                    let pointer = match inst.operands.first() {
                        Some(Operand::IdRef(p)) => types.get(p).and_then(|t| pointees.get(t)),
                        _ => None,
                    };
                    (pointer.copied(), &[3])
                }
                _ => (None, &[]),
            };
            if let Some(target) = target.filter(|t| ints.contains_key(t)) {
                for &index in values {
                    let Some(Operand::IdRef(value)) = inst.operands.get(index).cloned() else {
                        continue;
                    };
                    let (Some(have), Some(want)) = (
                        types.get(&value).and_then(|t| ints.get(t)),
                        ints.get(&target),
                    ) else {
                        continue;
                    };
                    if have.0 != want.0 || have.1 == want.1 {
                        continue;
                    }
                    let cast = bound;
                    bound += 1;
                    block.instructions.push(Instruction::new(
                        Op::Bitcast,
                        Some(target),
                        Some(cast),
                        vec![Operand::IdRef(value)],
                    ));
                    types.insert(cast, target);
                    inst.operands[index] = Operand::IdRef(cast);
                    added += 1;
                }
            }
            block.instructions.push(inst);
        }
    }
    if added == 0 {
        return (words, 0);
    }
    if let Some(header) = module.header.as_mut() {
        header.bound = bound;
    }
    use rspirv::binary::Assemble;
    (module.assemble(), added)
}
