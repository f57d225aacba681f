//! Buffer device addresses (GLSL `GL_EXT_buffer_reference`, SPIR-V
//! `SPV_KHR_physical_storage_buffer`), which naga's IR cannot hold: it
//! has no pointer made from an address. naga's reader refuses the
//! extension itself, which has no line; here the refusal is placed at the
//! first instruction that makes such a pointer, in the function that
//! uses it.

use rspirv::spirv::StorageClass;

use super::{instruction_with_result, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

impl Legalizer {
    pub(super) fn refuse_buffer_device_addresses(&self, words: &[u32]) -> Vec<Refusal> {
        let is_address_pointer = |ty| {
            self.pointee(ty)
                .is_some_and(|(class, _)| class == StorageClass::PhysicalStorageBuffer)
        };
        let first_use = self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .find(|i| i.result_type.is_some_and(is_address_pointer));
        let Some(first_use) = first_use else {
            return Vec::new();
        };
        vec![Refusal {
            diagnostic: Diagnostic::error(
                "a buffer device address (`GL_EXT_buffer_reference`, `SPV_KHR_physical_storage_buffer`): naga's IR has no pointer made from an address",
            )
            .with_code(shaderxform_passes::codes::SPIRV_PARSE)
            .with_note("bind the buffer as a storage buffer and index it instead"),
            instruction: first_use
                .result_id
                .and_then(|id| instruction_with_result(words, first_use.class.opcode, id)),
            label: "a pointer made from an address",
        }]
    }
}
