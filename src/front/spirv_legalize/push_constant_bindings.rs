//! Push-constant blocks decorated with a set and a binding, which naga's
//! validator refuses ("Binding decoration is missing or not applicable").
//! glslang writes both for HLSL's `[[vk::push_constant]]` on a
//! `cbuffer` or `ConstantBuffer<T>` that also has a register; Vulkan
//! ignores them, as push constants are bound by the pipeline layout, not
//! by a descriptor. They are dropped.

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, StorageClass};

use shaderxform_passes::Change;

use super::Legalizer;

impl Legalizer {
    /// Drops the set and binding of push-constant variables; a change for
    /// each.
    pub(super) fn drop_push_constant_bindings(&mut self) -> Vec<Change> {
        let push_constants: Vec<_> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| {
                i.class.opcode == Op::Variable
                    && i.operands.first()
                        == Some(&Operand::StorageClass(StorageClass::PushConstant))
            })
            .filter_map(|i| i.result_id)
            .collect();
        let mut dropped = Vec::new();
        for variable in push_constants {
            let bound = |i: &rspirv::dr::Instruction| {
                i.class.opcode == Op::Decorate
                    && i.operands.first() == Some(&Operand::IdRef(variable))
                    && matches!(
                        i.operands.get(1),
                        Some(Operand::Decoration(
                            Decoration::DescriptorSet | Decoration::Binding
                        ))
                    )
            };
            if self.module.annotations.iter().any(bound) {
                self.module.annotations.retain(|i| !bound(i));
                let name = self.names.get(&variable).cloned();
                let mut c = Change::new(
                    "push-constant-binding",
                    naga::Span::default(),
                    format!(
                        "push-constant block {}: its set and binding (glslang writes them for `[[vk::push_constant]]` on a `cbuffer` with a register) dropped, as push constants are bound by the pipeline layout, not a descriptor",
                        name.as_deref().map_or_else(|| "(unnamed)".to_string(), |n| format!("`{n}`"))
                    ),
                );
                if let Some(name) = name {
                    c.details.insert("name".into(), name);
                }
                dropped.push(c);
            }
        }
        dropped
    }
}
