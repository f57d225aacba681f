//! Images naga's reader cannot read, refused here by name at their line
//! rather than at naga's "invalid image" (texel buffers, which naga's
//! reader cannot read either, are storage buffers by now, or refused by
//! `texel_buffers`):
//!
//! - arrays of storage images (`uniform image2D outs[4]`) where an element
//!   is loaded: naga reads the array as a binding array, but not an image
//!   operation on one of its storage images.

use rspirv::dr::Operand;
use rspirv::spirv::{Dim, Op, Word};

use super::{instruction_with_result, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

impl Legalizer {
    pub(super) fn refuse_unreadable_images(&self, words: &[u32]) -> Vec<Refusal> {
        let mut refused = Vec::new();
        let mut storage_arrays = std::collections::HashMap::new();
        for (variable, pointer_type) in self.global_variables() {
            let Some((_, mut ty)) = self.pointee(pointer_type) else {
                continue;
            };
            let mut arrayed = false;
            while let Some(inst) = self.global(ty) {
                match (inst.class.opcode, inst.operands.first()) {
                    (Op::TypeArray | Op::TypeRuntimeArray, Some(Operand::IdRef(element))) => {
                        arrayed = true;
                        ty = *element;
                    }
                    (Op::TypeSampledImage, Some(Operand::IdRef(image))) => ty = *image,
                    _ => break,
                }
            }
            let Some(image) = self.global(ty).filter(|i| i.class.opcode == Op::TypeImage) else {
                continue;
            };
            let name = self
                .names
                .get(&variable)
                .filter(|n| !n.is_empty())
                .map_or_else(|| "an image".to_string(), |n| format!("`{n}`"));
            let storage = image.operands.get(5) == Some(&Operand::LiteralBit32(2));
            if storage && arrayed && image.operands.get(1) != Some(&Operand::Dim(Dim::DimBuffer)) {
                storage_arrays.insert(variable, name);
            }
        }
        if storage_arrays.is_empty() {
            return refused;
        }
        // An element of the array taken (an access chain on it), then
        // loaded: the image operation naga stops at follows.
        let chains: std::collections::HashMap<Word, Word> = self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .filter(|i| matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain))
            .filter_map(|i| match i.operands.first() {
                Some(Operand::IdRef(base)) if storage_arrays.contains_key(base) => {
                    Some((i.result_id?, *base))
                }
                _ => None,
            })
            .collect();
        let mut reported = std::collections::HashSet::new();
        for load in self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .filter(|i| i.class.opcode == Op::Load)
        {
            let Some(Operand::IdRef(pointer)) = load.operands.first() else {
                continue;
            };
            let Some(variable) = chains.get(pointer) else {
                continue;
            };
            if !reported.insert(*variable) {
                continue;
            }
            refused.push(Refusal {
                diagnostic: Diagnostic::error(format!(
                    "{} is an array of storage images: naga's reader cannot read an image operation on one of them",
                    storage_arrays[variable]
                ))
                .with_code(shaderxform_passes::codes::SPIRV_UNSUPPORTED_IMAGE)
                .with_note("declare each storage image at a binding of its own"),
                instruction: load
                    .result_id
                    .and_then(|id| instruction_with_result(words, Op::Load, id)),
                label: "an element is used here",
            });
        }
        refused
    }
}
