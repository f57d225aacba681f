//! Storage images: size queries and formats.
//!
//! naga answers `textureDimensions` on some storage textures (3D, arrays)
//! with `OpImageQuerySizeLod` at level 0. That instruction is only valid on
//! sampled images (VUID-StandaloneSpirv-OpImageQuerySizeLod-04659); a
//! storage image has a single level, so `OpImageQuerySize` gives the same
//! answer and is what Vulkan allows.
//!
//! Texel formats that SPIR-V has no name for (`bgra8unorm`) are written as
//! `Unknown`, and reading or writing such an image needs the
//! `StorageImageReadWithoutFormat` or `StorageImageWriteWithoutFormat`
//! capability, which naga does not declare.

use std::collections::HashMap;

use rspirv::binary::Assemble as _;
use rspirv::dr::{self, Instruction, Operand};
use rspirv::spirv::{Capability, ImageFormat, Op, Word};

/// The module with every level-0 size query on a non-sampled image turned
/// into a plain size query, or `None` when there is none.
pub fn query_storage_image_size_without_lod(words: &[u32]) -> Result<Option<Vec<u32>>, String> {
    let mut module = dr::load_words(words).map_err(|e| e.to_string())?;
    let sampled_of_image_type: HashMap<Word, u32> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeImage)
        .filter_map(|i| match (i.result_id, i.operands.get(5)) {
            (Some(id), Some(&Operand::LiteralBit32(sampled))) => Some((id, sampled)),
            _ => None,
        })
        .collect();
    if !sampled_of_image_type.values().any(|&s| s != 1) {
        return Ok(None);
    }
    let mut changed = false;
    for function in &mut module.functions {
        let result_types: HashMap<Word, Word> = function
            .blocks
            .iter()
            .flat_map(|b| b.instructions.iter())
            .filter_map(|i| Some((i.result_id?, i.result_type?)))
            .collect();
        for inst in function
            .blocks
            .iter_mut()
            .flat_map(|b| b.instructions.iter_mut())
        {
            if inst.class.opcode != Op::ImageQuerySizeLod {
                continue;
            }
            let Some(&Operand::IdRef(image)) = inst.operands.first() else {
                continue;
            };
            let non_sampled = result_types
                .get(&image)
                .and_then(|ty| sampled_of_image_type.get(ty))
                .is_some_and(|&sampled| sampled != 1);
            if non_sampled {
                *inst = Instruction::new(
                    Op::ImageQuerySize,
                    inst.result_type,
                    inst.result_id,
                    vec![Operand::IdRef(image)],
                );
                changed = true;
            }
        }
    }
    Ok(changed.then(|| module.assemble()))
}

/// The module with the capabilities that reading and writing storage
/// images of unknown format need, or `None` when none is missing.
pub fn declare_formatless_storage_access(words: &[u32]) -> Result<Option<Vec<u32>>, String> {
    let mut module = dr::load_words(words).map_err(|e| e.to_string())?;
    let formatless: Vec<Word> = module
        .types_global_values
        .iter()
        .filter(|i| {
            i.class.opcode == Op::TypeImage
                && i.operands.get(6) == Some(&Operand::ImageFormat(ImageFormat::Unknown))
                && i.operands.get(5) == Some(&Operand::LiteralBit32(2))
        })
        .filter_map(|i| i.result_id)
        .collect();
    if formatless.is_empty() {
        return Ok(None);
    }
    let mut needed = Vec::new();
    for function in &module.functions {
        let result_types: HashMap<Word, Word> = function
            .blocks
            .iter()
            .flat_map(|b| b.instructions.iter())
            .filter_map(|i| Some((i.result_id?, i.result_type?)))
            .collect();
        for inst in function.blocks.iter().flat_map(|b| b.instructions.iter()) {
            let capability = match inst.class.opcode {
                Op::ImageRead => Capability::StorageImageReadWithoutFormat,
                Op::ImageWrite => Capability::StorageImageWriteWithoutFormat,
                _ => continue,
            };
            let image = match (inst.class.opcode, inst.operands.first()) {
                (_, Some(&Operand::IdRef(image))) => image,
                _ => continue,
            };
            let is_formatless = result_types
                .get(&image)
                .is_some_and(|ty| formatless.contains(ty));
            if is_formatless && !needed.contains(&capability) {
                needed.push(capability);
            }
        }
    }
    needed.retain(|cap| {
        !module
            .capabilities
            .iter()
            .any(|i| i.operands.first() == Some(&Operand::Capability(*cap)))
    });
    if needed.is_empty() {
        return Ok(None);
    }
    for capability in needed {
        module.capabilities.push(Instruction::new(
            Op::Capability,
            None,
            None,
            vec![Operand::Capability(capability)],
        ));
    }
    Ok(Some(module.assemble()))
}
