//! Atomic operations on a texel of a storage image (HLSL `InterlockedAdd`
//! on a `RWTexture2D<uint>` element, GLSL `imageAtomicAdd`): SPIR-V takes
//! a pointer to the texel (`OpImageTexelPointer`, in the `Image` storage
//! class), which naga's reader does not read ("unsupported storage class"),
//! and naga's IR holds image atomics only without the value they return.
//! Refused here at their line, naming the image.

use rspirv::dr::Operand;
use rspirv::spirv::Op;

use super::{instruction_with_result, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

impl Legalizer {
    pub(super) fn refuse_image_atomics(&self, words: &[u32]) -> Vec<Refusal> {
        let chains: std::collections::HashMap<_, _> = self
            .defining_instructions()
            .filter(|i| matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain))
            .filter_map(|i| Some((i.result_id?, i)))
            .collect();
        // The variable a pointer starts from, through access chains (an
        // array of images).
        let variable_of = |mut pointer| {
            while let Some(Some(Operand::IdRef(base))) =
                chains.get(&pointer).map(|c| c.operands.first())
            {
                pointer = *base;
            }
            pointer
        };
        self.module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .filter(|i| i.class.opcode == Op::ImageTexelPointer)
            .map(|i| {
                let image = match i.operands.first() {
                    Some(Operand::IdRef(pointer)) => self
                        .names
                        .get(&variable_of(*pointer))
                        .filter(|n| !n.is_empty())
                        .map_or_else(|| "a storage image".to_string(), |n| format!("`{n}`")),
                    _ => "a storage image".to_string(),
                };
                Refusal {
                    diagnostic: Diagnostic::error(format!(
                        "atomic operation on a texel of {image}: naga's reader does not read image atomics, and WGSL has them only as a wgpu extension that returns no value"
                    ))
                    .with_code(shaderxform_passes::codes::SPIRV_IMAGE_ATOMIC)
                    .with_note("keep the counter or the bins in a storage buffer (`RWStructuredBuffer<uint>`, `buffer { uint v[]; }`) and use atomics on its elements"),
                    instruction: i
                        .result_id
                        .and_then(|id| instruction_with_result(words, i.class.opcode, id)),
                    label: "here",
                }
            })
            .collect()
    }
}
