//! Atomic operations on a component of a vector (HLSL `InterlockedAdd` on
//! `buffer[i].lanes.y` of a `uint4`), which Vulkan allows and WGSL does not
//! (its atomics are scalars): naga's reader stops at them with an internal
//! error, so they are refused here, at their line.

use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};

use super::{Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

pub(super) const ATOMICS: &[Op] = &[
    Op::AtomicLoad,
    Op::AtomicStore,
    Op::AtomicExchange,
    Op::AtomicCompareExchange,
    Op::AtomicIIncrement,
    Op::AtomicIDecrement,
    Op::AtomicIAdd,
    Op::AtomicISub,
    Op::AtomicSMin,
    Op::AtomicUMin,
    Op::AtomicSMax,
    Op::AtomicUMax,
    Op::AtomicAnd,
    Op::AtomicOr,
    Op::AtomicXor,
    Op::AtomicFAddEXT,
    Op::AtomicFMinEXT,
    Op::AtomicFMaxEXT,
];

impl Legalizer {
    /// The atomic operations on vector components, as refusals at their
    /// instruction of `words` (the input, which this module still is).
    pub(super) fn refuse_atomic_vector_components(&self, words: &[u32]) -> Vec<Refusal> {
        // Access chains and what they point into.
        let value_types = self.value_types();
        let chains: std::collections::HashMap<Word, &rspirv::dr::Instruction> = self
            .defining_instructions()
            .filter(|i| matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain))
            .filter_map(|i| Some((i.result_id?, i)))
            .collect();
        let mut refused = Vec::new();
        let (instructions, _) = crate::spirv_words::split_instructions(words);
        let mut atomics_seen = 0;
        for inst in self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
        {
            if !ATOMICS.contains(&inst.class.opcode) {
                continue;
            }
            atomics_seen += 1;
            let Some(Operand::IdRef(pointer)) = inst.operands.first() else {
                continue;
            };
            let Some(vector) = chains
                .get(pointer)
                .and_then(|chain| self.vector_stepped_into(chain, &value_types))
            else {
                continue;
            };
            let within = match vector {
                Some((owner, member)) => format!(
                    " (in `{}.{}`)",
                    self.names.get(&owner).map_or("", String::as_str),
                    self.member_name(owner, member).unwrap_or_default()
                ),
                None => String::new(),
            };
            let d = Diagnostic::error(format!(
                "atomic operation on a vector component{within}: WGSL has atomics only on scalars (`atomic<u32>`, `atomic<i32>`), and naga's reader cannot read it"
            ))
            .with_code(shaderxform_passes::codes::SPIRV_ATOMIC_VECTOR_COMPONENT)
            .with_note(
                "declare the member an array of scalars (`uint lanes[4]` rather than `uint4 lanes`)",
            );
            // The atomic of that ordinal among the input's atomics.
            let at = instructions
                .iter()
                .enumerate()
                .filter(|(_, r)| {
                    let op = words[r.start] & 0xffff;
                    ATOMICS.iter().any(|a| *a as u32 == op)
                })
                .nth(atomics_seen - 1)
                .map(|(n, _)| n);
            refused.push(Refusal {
                diagnostic: d,
                instruction: at,
                label: "here",
            });
        }
        refused
    }

    /// Whether an access chain takes a component of a vector: then
    /// `Some`, with the struct and member that hold the vector where a
    /// struct does.
    pub(super) fn vector_stepped_into(
        &self,
        chain: &rspirv::dr::Instruction,
        value_types: &std::collections::HashMap<Word, Word>,
    ) -> Option<Option<(Word, u32)>> {
        let Some(Operand::IdRef(base)) = chain.operands.first() else {
            return None;
        };
        let (_, mut ty) = self.pointee(*value_types.get(base)?)?;
        let mut member_of = None;
        for index in &chain.operands[1..] {
            let inst = self.global(ty)?;
            ty = match inst.class.opcode {
                Op::TypeVector => return Some(member_of),
                Op::TypeArray | Op::TypeRuntimeArray | Op::TypeMatrix => {
                    match inst.operands.first() {
                        Some(Operand::IdRef(element)) => *element,
                        _ => return None,
                    }
                }
                Op::TypeStruct => {
                    let Operand::IdRef(index) = index else {
                        return None;
                    };
                    let member = match self.global(*index)?.operands.first() {
                        Some(Operand::LiteralBit32(n)) => *n as usize,
                        _ => return None,
                    };
                    member_of = Some((ty, member as u32));
                    match inst.operands.get(member) {
                        Some(Operand::IdRef(t)) => *t,
                        _ => return None,
                    }
                }
                _ => return None,
            };
        }
        None
    }
}
