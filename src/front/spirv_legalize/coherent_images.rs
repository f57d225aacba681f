//! Storage images decorated `Coherent` or `Volatile` (HLSL
//! `globallycoherent RWTexture2D`, GLSL `coherent image2D`). naga's IR has
//! memory decorations for storage buffers only, and its validator refuses
//! them on a texture ("Memory decorations ... are only valid for variables
//! in the `storage` address space").
//!
//! Coherence says when one invocation's writes become visible to another's
//! reads within the dispatch. An image the shader only writes (and queries
//! the size of) is read by no invocation of the dispatch, and the writes
//! reach later dispatches through the host's barriers either way: the
//! decoration changes nothing and is dropped. An image the shader also
//! reads (or reaches atomically, or hands to a function, which this step
//! does not follow) keeps it, and is refused at its declaration by name:
//! dropping the decoration there could let a read see a stale texel.

use std::collections::HashSet;

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, Word};

use super::{id_operand, variable_declaration, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

/// A storage image with a memory decoration, and whether the shader only
/// writes it.
struct CoherentImage {
    variable: Word,
    write_only: bool,
}

impl Legalizer {
    fn coherent_images(&self) -> Vec<CoherentImage> {
        let decorated: HashSet<Word> = self
            .module
            .annotations
            .iter()
            .filter(|i| i.class.opcode == Op::Decorate)
            .filter(|i| {
                matches!(
                    i.operands.get(1),
                    Some(Operand::Decoration(
                        Decoration::Coherent | Decoration::Volatile
                    ))
                )
            })
            .filter_map(|i| i.operands.first().and_then(id_operand))
            .collect();
        let image_variables: Vec<Word> = self
            .global_variables()
            .into_iter()
            .filter(|(id, pointer)| {
                decorated.contains(id) && self.points_to_storage_image(*pointer)
            })
            .map(|(id, _)| id)
            .collect();
        image_variables
            .into_iter()
            .map(|variable| CoherentImage {
                variable,
                write_only: self.only_written(variable),
            })
            .collect()
    }

    /// Whether `pointer` (a pointer type) leads, through arrays, to a
    /// storage image (`Sampled` 2).
    fn points_to_storage_image(&self, pointer: Word) -> bool {
        let mut ty = match self.global(pointer).map(|i| (i.class.opcode, &i.operands)) {
            Some((Op::TypePointer, operands)) => operands.get(1).and_then(id_operand),
            _ => None,
        };
        while let Some(inst) = ty.and_then(|t| self.global(t)) {
            match inst.class.opcode {
                Op::TypeArray | Op::TypeRuntimeArray => {
                    ty = inst.operands.first().and_then(id_operand)
                }
                Op::TypeImage => {
                    return matches!(inst.operands.get(5), Some(Operand::LiteralBit32(2)))
                }
                _ => return false,
            }
        }
        false
    }

    /// Whether every use of `variable` is a load (through access chains into
    /// an array of images) whose image is only written or queried.
    fn only_written(&self, variable: Word) -> bool {
        let mut pointers = HashSet::from([variable]);
        let mut images = HashSet::new();
        let instructions: Vec<_> = self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .collect();
        // Access chains and copies come before their uses within a block,
        // but blocks need not be in order: collect to a fixed point.
        loop {
            let before = pointers.len() + images.len();
            for i in &instructions {
                let Some(result) = i.result_id else { continue };
                let first = i.operands.first().and_then(id_operand);
                match i.class.opcode {
                    Op::AccessChain | Op::InBoundsAccessChain
                        if first.is_some_and(|p| pointers.contains(&p)) =>
                    {
                        pointers.insert(result);
                    }
                    Op::Load if first.is_some_and(|p| pointers.contains(&p)) => {
                        images.insert(result);
                    }
                    Op::CopyObject if first.is_some_and(|v| images.contains(&v)) => {
                        images.insert(result);
                    }
                    _ => {}
                }
            }
            if pointers.len() + images.len() == before {
                break;
            }
        }
        instructions.iter().all(|i| {
            let uses = i
                .operands
                .iter()
                .enumerate()
                .filter_map(|(at, o)| id_operand(o).map(|id| (at, id)));
            uses.filter(|(_, id)| pointers.contains(id) || images.contains(id))
                .all(|(at, _)| match i.class.opcode {
                    Op::AccessChain | Op::InBoundsAccessChain | Op::Load => at == 0,
                    Op::CopyObject => at == 0,
                    Op::ImageWrite => at == 0,
                    Op::ImageQuerySize
                    | Op::ImageQuerySizeLod
                    | Op::ImageQueryLevels
                    | Op::ImageQuerySamples => true,
                    _ => false,
                })
        })
    }

    /// Storage images decorated `Coherent` or `Volatile` that the shader
    /// also reads: refused at their declaration.
    pub(super) fn refuse_read_coherent_images(&self, words: &[u32]) -> Vec<Refusal> {
        self.coherent_images()
            .into_iter()
            .filter(|image| !image.write_only)
            .map(|image| {
                let name = self
                    .names
                    .get(&image.variable)
                    .map_or_else(|| "a storage image".to_string(), |n| format!("`{n}`"));
                Refusal {
                    diagnostic: Diagnostic::error(format!(
                        "{name} is a coherent storage image (`globallycoherent`, `coherent`) that the shader reads: naga's IR has memory coherence for storage buffers only"
                    ))
                    .with_code(shaderxform_passes::codes::SPIRV_COHERENT_IMAGE)
                    .with_note("an image the shader only writes loses nothing without the qualifier, and is read; keep data that invocations of one dispatch exchange in a `globallycoherent` (`coherent`) storage buffer"),
                    instruction: variable_declaration(words, image.variable),
                    label: "declared here",
                }
            })
            .collect()
    }

    /// Drops `Coherent` and `Volatile` from storage images the shader only
    /// writes; returns their names.
    pub(super) fn drop_coherence_of_write_only_images(&mut self) -> Vec<Option<String>> {
        let write_only: Vec<Word> = self
            .coherent_images()
            .into_iter()
            .filter(|image| image.write_only)
            .map(|image| image.variable)
            .collect();
        self.module.annotations.retain(|i| {
            !(i.class.opcode == Op::Decorate
                && i.operands
                    .first()
                    .and_then(id_operand)
                    .is_some_and(|id| write_only.contains(&id))
                && matches!(
                    i.operands.get(1),
                    Some(Operand::Decoration(
                        Decoration::Coherent | Decoration::Volatile
                    ))
                ))
        });
        write_only
            .iter()
            .map(|id| self.names.get(id).cloned())
            .collect()
    }
}
