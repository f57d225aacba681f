//! Structures without members (an HLSL `class` with methods only, whose
//! objects glslang passes to its methods as `this`), which Vulkan allows
//! and naga and WGSL do not ("Structure types must have at least one
//! member"). Nothing can read a member of one, so each gets one `uint`
//! member that nothing reads. A structure something constructs from
//! members is left alone.

use std::collections::HashSet;

use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};

use super::Legalizer;

impl Legalizer {
    /// Gives each structure without members an unused `uint` member;
    /// returns how many.
    pub(super) fn fill_empty_structs(&mut self) -> usize {
        let constructed: HashSet<Word> = self
            .defining_instructions()
            .filter(|i| {
                matches!(
                    i.class.opcode,
                    Op::CompositeConstruct | Op::ConstantComposite | Op::SpecConstantComposite
                )
            })
            .filter_map(|i| i.result_type)
            .collect();
        let empty: Vec<Word> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::TypeStruct && i.operands.is_empty())
            .filter_map(|i| i.result_id)
            .filter(|id| !constructed.contains(id))
            .collect();
        if empty.is_empty() {
            return 0;
        }
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let types = &mut self.module.types_global_values;
        // The member's type must come first: an integer type needs nothing
        // declared before it.
        let first_struct = types
            .iter()
            .position(|i| i.result_id.is_some_and(|id| empty.contains(&id)));
        let uint_at = types.iter().position(|i| i.result_id == Some(uint));
        if let (Some(first_struct), Some(uint_at)) = (first_struct, uint_at) {
            if uint_at > first_struct {
                let inst = types.remove(uint_at);
                types.insert(first_struct, inst);
            }
        }
        for inst in types
            .iter_mut()
            .filter(|i| i.result_id.is_some_and(|id| empty.contains(&id)))
        {
            inst.operands.push(Operand::IdRef(uint));
        }
        empty.len()
    }
}
