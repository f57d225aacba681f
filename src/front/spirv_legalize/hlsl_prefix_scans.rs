//! HLSL's `WavePrefixSum` and `WavePrefixProduct` are exclusive scans
//! (the lanes below this one), and glslang writes them as inclusive ones
//! (`InclusiveScan`, which counts this lane too): every invocation's
//! result would take its own value once more. HLSL has no inclusive scan,
//! so in SPIR-V that glslang wrote for HLSL each `InclusiveScan` of an
//! addition or a product is one of these, and becomes `ExclusiveScan`.

use rspirv::dr::Operand;
use rspirv::spirv::{GroupOperation, Op};

use super::Legalizer;

impl Legalizer {
    /// Makes each inclusive scan exclusive; returns how many.
    pub(super) fn exclusive_hlsl_prefix_scans(&mut self) -> usize {
        let mut count = 0;
        for inst in self
            .module
            .functions
            .iter_mut()
            .flat_map(|f| f.blocks.iter_mut().flat_map(|b| &mut b.instructions))
        {
            if !matches!(
                inst.class.opcode,
                Op::GroupNonUniformIAdd
                    | Op::GroupNonUniformFAdd
                    | Op::GroupNonUniformIMul
                    | Op::GroupNonUniformFMul
            ) {
                continue;
            }
            if let Some(operation @ Operand::GroupOperation(GroupOperation::InclusiveScan)) =
                inst.operands.get_mut(1)
            {
                *operation = Operand::GroupOperation(GroupOperation::ExclusiveScan);
                count += 1;
            }
        }
        count
    }
}
