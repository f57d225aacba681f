//! Clustered subgroup reductions (`OpGroupNonUniform* ClusteredReduce`:
//! GLSL `subgroupClusteredAdd` and the like), which WGSL has not and
//! naga's reader stops at with "invalid operand count": refused here at
//! their line, by name. (Shuffles could sum a cluster only where every
//! lane of it is active, which the module cannot promise.)

use rspirv::dr::Operand;
use rspirv::spirv::GroupOperation;

use super::{instruction_with_result, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

impl Legalizer {
    pub(super) fn refuse_clustered_reductions(&self, words: &[u32]) -> Vec<Refusal> {
        self.module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .filter(|i| {
                i.operands.get(1) == Some(&Operand::GroupOperation(GroupOperation::ClusteredReduce))
            })
            .map(|i| {
                let operation = format!("{:?}", i.class.opcode);
                let operation = operation.trim_start_matches("GroupNonUniform");
                Refusal {
                    diagnostic: Diagnostic::error(format!(
                        "clustered subgroup reduction ({operation} over clusters of lanes): WGSL has no clustered subgroup operations"
                    ))
                    .with_code(shaderxform_passes::codes::SPIRV_CLUSTERED_REDUCTION)
                    .with_note("reduce over the whole subgroup, or combine the lanes of a cluster with `subgroupShuffleXor` where all of them are active"),
                    instruction: i
                        .result_id
                        .and_then(|id| instruction_with_result(words, i.class.opcode, id)),
                    label: "here",
                }
            })
            .collect()
    }
}
