//! Subgroup barriers that Vulkan accepts.
//!
//! naga writes WGSL's `subgroupBarrier()` as `OpControlBarrier Subgroup
//! Subgroup AcquireRelease|SubgroupMemory`. Vulkan ignores the
//! `SubgroupMemory` bit and requires semantics with an ordering to name
//! a storage class it knows (VUID-StandaloneSpirv-OpControlBarrier-04650),
//! so spirv-val rejects the barrier. It becomes what glslang writes for
//! GLSL's `subgroupBarrier()`: the ordering over buffer, workgroup and
//! image memory, still at subgroup scope. That orders at least what naga's
//! other writers order (Metal's `simdgroup_barrier(mem_threadgroup)`).
//! The same holds for `OpMemoryBarrier`.

use std::collections::HashMap;

use rspirv::binary::Assemble as _;
use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{MemorySemantics, Op, Word};

/// The semantics that stand for `SubgroupMemory` in Vulkan.
fn vulkan_semantics(bits: u32) -> Option<u32> {
    let semantics = MemorySemantics::from_bits_retain(bits);
    if !semantics.contains(MemorySemantics::SUBGROUP_MEMORY) {
        return None;
    }
    let replaced = (semantics - MemorySemantics::SUBGROUP_MEMORY)
        | MemorySemantics::UNIFORM_MEMORY
        | MemorySemantics::WORKGROUP_MEMORY
        | MemorySemantics::IMAGE_MEMORY;
    Some(replaced.bits())
}

/// Rewrites the semantics of barriers that name `SubgroupMemory`; `None`
/// when there are none.
pub fn vulkan_subgroup_barriers(words: &[u32]) -> Result<Option<Vec<u32>>, String> {
    let mut module = dr::load_words(words).map_err(|e| e.to_string())?;
    // 32-bit integer constants: (type, value) by id, and the reverse.
    let mut constants: HashMap<Word, (Word, u32)> = HashMap::new();
    let mut by_value: HashMap<(Word, u32), Word> = HashMap::new();
    for inst in &module.types_global_values {
        if let (Op::Constant, Some(id), Some(ty), [Operand::LiteralBit32(value)]) = (
            inst.class.opcode,
            inst.result_id,
            inst.result_type,
            inst.operands.as_slice(),
        ) {
            constants.insert(id, (ty, *value));
            by_value.entry((ty, *value)).or_insert(id);
        }
    }
    let mut bound = module.header.as_ref().map_or(1, |h| h.bound);
    let mut new_constants = Vec::new();
    let mut changed = false;
    for inst in module
        .functions
        .iter_mut()
        .flat_map(|f| f.blocks.iter_mut().flat_map(|b| b.instructions.iter_mut()))
    {
        let semantics_operand = match inst.class.opcode {
            Op::ControlBarrier => 2,
            Op::MemoryBarrier => 1,
            _ => continue,
        };
        let semantics = match inst.operands.get(semantics_operand) {
            Some(&Operand::IdMemorySemantics(id) | &Operand::IdRef(id)) => id,
            _ => continue,
        };
        let Some(&(ty, bits)) = constants.get(&semantics) else {
            return Err("a barrier's memory semantics are not a constant".into());
        };
        let Some(replaced) = vulkan_semantics(bits) else {
            continue;
        };
        let id = *by_value.entry((ty, replaced)).or_insert_with(|| {
            let id = bound;
            bound += 1;
            new_constants.push(Instruction::new(
                Op::Constant,
                Some(ty),
                Some(id),
                vec![Operand::LiteralBit32(replaced)],
            ));
            id
        });
        inst.operands[semantics_operand] = Operand::IdMemorySemantics(id);
        changed = true;
    }
    if !changed {
        return Ok(None);
    }
    // Constants go after their type, which precedes every function.
    module.types_global_values.extend(new_constants);
    if let Some(header) = module.header.as_mut() {
        header.bound = bound;
    }
    Ok(Some(module.assemble()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subgroup_memory_becomes_the_storage_classes_vulkan_knows() {
        // AcquireRelease | SubgroupMemory, as naga writes subgroupBarrier().
        assert_eq!(vulkan_semantics(0x88), Some(0x8 | 0x40 | 0x100 | 0x800));
        // Workgroup barriers are left alone.
        assert_eq!(vulkan_semantics(0x108), None);
    }
}
