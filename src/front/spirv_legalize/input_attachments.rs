//! Input attachments (`Dim SubpassData`: GLSL `subpassInput`,
//! `subpassInputMS`, HLSL `SubpassInput<T>`), which naga's IR and WGSL
//! have not: naga takes them for storage images without a format. A
//! subpass load reads the attachment's texel at the fragment's own
//! position (plus the load's offset, which Vulkan makes zero), so each
//! becomes a sampled 2D texture at the same set and binding, and each
//! `subpassLoad` a `textureLoad` at `vec2<i32>(position.xy)`, of level 0
//! (of its sample, for a multisampled attachment). The host binds the
//! attachment's view as a texture, as a renderer without subpasses does.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{
    BuiltIn, Capability, Decoration, Dim, ExecutionModel, ImageOperands, Op, Word,
};
use shaderxform_passes::Change;

use super::{id_operand, Legalizer};

impl Legalizer {
    /// Reads every input attachment as a sampled texture at the
    /// fragment's position; a change for each attachment variable.
    pub(super) fn read_input_attachments_as_textures(&mut self) -> Vec<Change> {
        let subpass_types: Vec<Word> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| {
                i.class.opcode == Op::TypeImage
                    && i.operands.get(1) == Some(&Operand::Dim(Dim::DimSubpassData))
            })
            .filter_map(|i| i.result_id)
            .collect();
        if subpass_types.is_empty() {
            return Vec::new();
        }
        let attachments: Vec<Word> = self
            .global_variables()
            .into_iter()
            .filter(|&(_, pointer)| {
                self.pointee(pointer)
                    .is_some_and(|(_, t)| subpass_types.contains(&t))
            })
            .map(|(v, _)| v)
            .collect();
        let changes = attachments
            .iter()
            .map(|&v| self.input_attachment_change(v))
            .collect();

        // The loads: a fetch at the fragment's position.
        let value_types = self.value_types();
        let float = self.ensure_type(Op::TypeFloat, vec![Operand::LiteralBit32(32)]);
        let int = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(1)],
        );
        let vec4 = self.vector_type(float, 4);
        let vec2 = self.vector_type(float, 2);
        let ivec2 = self.vector_type(int, 2);
        let position = self.builtin_input(BuiltIn::FragCoord, vec4, "gl_FragCoord");
        for ep in &mut self.module.entry_points {
            if ep.operands.first() != Some(&Operand::ExecutionModel(ExecutionModel::Fragment)) {
                ep.operands.retain(|o| *o != Operand::IdRef(position));
            }
        }
        let zero = self.constant(Op::Constant, int, vec![Operand::LiteralBit32(0)]);
        self.rewrite_instructions(|l, inst, out| {
            let image = inst.operands.first().and_then(id_operand);
            let is_subpass = image
                .and_then(|i| value_types.get(&i))
                .is_some_and(|t| subpass_types.contains(t));
            if inst.class.opcode != Op::ImageRead || !is_subpass {
                out.push(inst);
                return;
            }
            let (Some(image), Some(offset)) = (image, inst.operands.get(1).and_then(id_operand))
            else {
                out.push(inst);
                return;
            };
            let fragment = l.emit(out, Op::Load, vec4, vec![position]);
            let xy = l.fresh_id();
            out.push(Instruction::new(
                Op::VectorShuffle,
                Some(vec2),
                Some(xy),
                vec![
                    Operand::IdRef(fragment),
                    Operand::IdRef(fragment),
                    Operand::LiteralBit32(0),
                    Operand::LiteralBit32(1),
                ],
            ));
            let mut texel = l.emit(out, Op::ConvertFToS, ivec2, vec![xy]);
            if !l.is_zero_constant(offset) {
                texel = l.emit(out, Op::IAdd, ivec2, vec![texel, offset]);
            }
            let sample = match inst.operands.get(2) {
                Some(Operand::ImageOperands(o)) if o.contains(ImageOperands::SAMPLE) => {
                    inst.operands.get(3).and_then(id_operand)
                }
                _ => None,
            };
            let (operands, value) = match sample {
                Some(sample) => (ImageOperands::SAMPLE, sample),
                None => (ImageOperands::LOD, zero),
            };
            out.push(Instruction::new(
                Op::ImageFetch,
                inst.result_type,
                inst.result_id,
                vec![
                    Operand::IdRef(image),
                    Operand::IdRef(texel),
                    Operand::ImageOperands(operands),
                    Operand::IdRef(value),
                ],
            ));
        });

        // The types: sampled 2D images; the attachment decorations and
        // capabilities go.
        for inst in &mut self.module.types_global_values {
            if inst.result_id.is_some_and(|id| subpass_types.contains(&id)) {
                inst.operands[1] = Operand::Dim(Dim::Dim2D);
                inst.operands[5] = Operand::LiteralBit32(1);
            }
        }
        self.module.annotations.retain(|i| {
            i.operands.get(1) != Some(&Operand::Decoration(Decoration::InputAttachmentIndex))
        });
        self.module.capabilities.retain(|i| {
            !matches!(
                i.operands.first(),
                Some(Operand::Capability(
                    Capability::InputAttachment
                        | Capability::InputAttachmentArrayDynamicIndexing
                        | Capability::InputAttachmentArrayNonUniformIndexing
                ))
            )
        });
        self.merge_duplicate_types();
        changes
    }

    /// Whether `id` is a constant whose every component is zero.
    fn is_zero_constant(&self, id: Word) -> bool {
        let Some(inst) = self.global(id) else {
            return false;
        };
        match inst.class.opcode {
            Op::ConstantNull => true,
            Op::Constant => inst.operands.first() == Some(&Operand::LiteralBit32(0)),
            Op::ConstantComposite => inst
                .operands
                .iter()
                .filter_map(id_operand)
                .all(|part| self.is_zero_constant(part)),
            _ => false,
        }
    }

    fn input_attachment_change(&self, variable: Word) -> Change {
        let name = self.names.get(&variable).cloned();
        let index = self.decoration_value(variable, Decoration::InputAttachmentIndex);
        let set = self.decoration_value(variable, Decoration::DescriptorSet);
        let binding = self.decoration_value(variable, Decoration::Binding);
        let mut change = Change::new(
            "input-attachment",
            naga::Span::default(),
            format!(
                "input attachment {}{}: a sampled texture read at the fragment's own position (`textureLoad(image, vec2<i32>(position.xy), 0)`), as WGSL has no subpass inputs; the host binds the attachment's view as a texture",
                name.as_deref().map_or_else(|| "(unnamed)".into(), |n| format!("`{n}`")),
                index.map_or_else(String::new, |i| format!(" (index {i})")),
            ),
        );
        if let Some(name) = name {
            change.details.insert("name".into(), name);
        }
        if let Some(index) = index {
            change.details.insert("index".into(), index.to_string());
        }
        if let (Some(set), Some(binding)) = (set, binding) {
            change
                .details
                .insert("binding".into(), format!("{set}:{binding}"));
        }
        change
    }
}
