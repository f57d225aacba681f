//! Non-semantic extended instructions (`OpExtInstImport
//! "NonSemantic.DebugPrintf"`: GLSL `debugPrintfEXT`, HLSL `printf`),
//! which naga's reader refuses ("unsupported extension set"). By
//! `SPV_KHR_non_semantic_info` they change nothing the module computes
//! and may be removed: the instructions go, with their imports and the
//! extension.

use rspirv::dr::Operand;
use rspirv::spirv::Op;

use super::Legalizer;

impl Legalizer {
    /// Removes the instructions of every `NonSemantic.*` set; returns how
    /// many went.
    pub(super) fn strip_non_semantic_instructions(&mut self) -> usize {
        let sets: Vec<u32> = self
            .module
            .ext_inst_imports
            .iter()
            .filter(|i| {
                matches!(i.operands.first(), Some(Operand::LiteralString(name)) if name.starts_with("NonSemantic."))
            })
            .filter_map(|i| i.result_id)
            .collect();
        if sets.is_empty() {
            return 0;
        }
        let of_a_set = |i: &rspirv::dr::Instruction| {
            i.class.opcode == Op::ExtInst
                && matches!(i.operands.first(), Some(Operand::IdRef(set)) if sets.contains(set))
        };
        let mut removed = 0;
        for block in self
            .module
            .functions
            .iter_mut()
            .flat_map(|f| f.blocks.iter_mut())
        {
            let before = block.instructions.len();
            block.instructions.retain(|i| !of_a_set(i));
            removed += before - block.instructions.len();
        }
        let before = self.module.types_global_values.len();
        self.module.types_global_values.retain(|i| !of_a_set(i));
        removed += before - self.module.types_global_values.len();
        self.module
            .ext_inst_imports
            .retain(|i| !i.result_id.is_some_and(|id| sets.contains(&id)));
        self.module.extensions.retain(|i| {
            !matches!(i.operands.first(), Some(Operand::LiteralString(name)) if name == "SPV_KHR_non_semantic_info")
        });
        // The format strings `debugPrintfEXT` named stay as unused `OpString`s.
        removed
    }
}
