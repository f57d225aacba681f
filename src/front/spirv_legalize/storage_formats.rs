//! Storage images without a format (`OpTypeImage ... 2 Unknown`: GLSL's
//! `writeonly image2D` without a format qualifier),
//! which Vulkan allows with `StorageImageWriteWithoutFormat` and naga
//! refuses: WGSL's storage textures have a format. The shader cannot say
//! which (a `vec4` store fits `rgba8unorm` as well as `rgba32float`), so
//! nothing is inferred: the host names it, with `--storage-format
//! NAME=FORMAT`, and an image given none is an error at its declaration.
//! Images of one type that take different formats get types of their own.

use std::collections::HashMap;

use naga::StorageFormat;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Capability, Decoration, ImageFormat, Op, Word};

use super::Legalizer;
use crate::diagnostics::Diagnostic;
use crate::front::storage_format::{self, TexelKind};

/// A format given to a storage image that declared none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChosenStorageFormat {
    /// The image variable's `OpName`, as `--storage-format` names it;
    /// empty when the variable has no name.
    pub name: String,
    /// The format it now declares.
    pub format: StorageFormat,
    /// `(set, binding)`, where the variable has them.
    pub binding: Option<(u32, u32)>,
}

/// A storage image refused, and the variable it is about.
pub(super) struct RefusedImage {
    pub diagnostic: Diagnostic,
    pub variable: Word,
}

/// How to reach the option from each way in.
const OPTION_NOTE: &str = "give the format of the texture the host binds: `--storage-format NAME=FORMAT` on the command line, `storage-formats` in `serve` options, `FrontOptions::storage_formats` in the library and build scripts; or declare it in the shader (GLSL `layout(rgba8)`)";

impl Legalizer {
    pub(super) fn set_storage_formats(
        &mut self,
        given: &[(String, StorageFormat)],
    ) -> Result<Vec<ChosenStorageFormat>, Vec<RefusedImage>> {
        // Format-less storage image types, with what their texels read as.
        let formatless: HashMap<Word, Option<TexelKind>> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::TypeImage)
            .filter(|i| {
                i.operands.get(5) == Some(&Operand::LiteralBit32(2))
                    && i.operands.get(6) == Some(&Operand::ImageFormat(ImageFormat::Unknown))
            })
            .filter_map(|i| {
                let sampled = match i.operands.first() {
                    Some(Operand::IdRef(t)) => self.global(*t),
                    _ => None,
                };
                let kind = sampled.and_then(|t| match (t.class.opcode, t.operands.get(1)) {
                    (Op::TypeFloat, _) => Some(TexelKind::Float),
                    (Op::TypeInt, Some(Operand::LiteralBit32(1))) => Some(TexelKind::Sint),
                    (Op::TypeInt, Some(Operand::LiteralBit32(0))) => Some(TexelKind::Uint),
                    _ => None,
                });
                Some((i.result_id?, kind))
            })
            .collect();
        if formatless.is_empty() {
            return Ok(Vec::new());
        }
        // Each variable of such an image (or array of them), with its
        // image type and the format given to it.
        let mut refused = Vec::new();
        let mut chosen: Vec<(Word, Word, StorageFormat)> = Vec::new();
        for (var, pointer) in self.global_variables() {
            let Some(image) = self
                .pointee(pointer)
                .and_then(|(_, t)| self.image_of(t))
                .filter(|t| formatless.contains_key(t))
            else {
                continue;
            };
            let name = self.names.get(&var).cloned();
            let Some(format) = name
                .as_ref()
                .and_then(|n| given.iter().rev().find(|(g, _)| g == n))
                .map(|&(_, f)| f)
            else {
                refused.push(RefusedImage {
                    diagnostic: missing_format(name.as_deref()),
                    variable: var,
                });
                continue;
            };
            let Some((_, kind, _)) = storage_format::spirv_format(format) else {
                continue;
            };
            if let Some(texels) = formatless[&image].filter(|t| *t != kind) {
                let name = name.unwrap_or_default();
                refused.push(RefusedImage {
                    diagnostic: Diagnostic::error(format!(
                        "`--storage-format {name}={}` does not fit `{name}`: the format holds {}, the image {}",
                        storage_format::wgsl_name(format),
                        kind.name(),
                        texels.name()
                    ))
                    .with_code(shaderxform_passes::codes::INPUT_STORAGE_FORMAT)
                    .with_note(OPTION_NOTE),
                    variable: var,
                });
                continue;
            }
            chosen.push((var, image, format));
        }
        if !refused.is_empty() {
            return Err(refused);
        }
        // The first format of each image type is written into the type;
        // variables of another format get types of their own.
        let mut first: HashMap<Word, StorageFormat> = HashMap::new();
        for &(_, image, format) in &chosen {
            first.entry(image).or_insert(format);
        }
        let retyped: HashMap<Word, (Word, StorageFormat)> = chosen
            .iter()
            .filter(|&&(_, image, format)| first[&image] != format)
            .map(|&(var, image, format)| (var, (image, format)))
            .collect();
        if let Err(var) = self.retype_uses(&retyped) {
            let name = self.names.get(&var).cloned().unwrap_or_default();
            return Err(vec![RefusedImage {
                diagnostic: Diagnostic::error(format!(
                    "storage image `{name}` is passed to a function or stored where images of its type take another format: an image type has one format"
                ))
                .with_code(shaderxform_passes::codes::INPUT_STORAGE_FORMAT)
                .with_note("give these images one format, or use each image directly rather than through a function"),
                variable: var,
            }]);
        }
        for (image, format) in first {
            let Some((spirv, ..)) = storage_format::spirv_format(format) else {
                continue;
            };
            if let Some(inst) = self
                .module
                .types_global_values
                .iter_mut()
                .find(|i| i.result_id == Some(image))
            {
                inst.operands[6] = Operand::ImageFormat(spirv);
            }
        }
        self.merge_duplicate_types();
        if chosen
            .iter()
            .any(|&(_, _, f)| storage_format::spirv_format(f).is_some_and(|(_, _, ext)| ext))
        {
            self.require_capability(Capability::StorageImageExtendedFormats);
        }
        Ok(chosen
            .into_iter()
            .map(|(var, _, format)| ChosenStorageFormat {
                name: self.names.get(&var).cloned().unwrap_or_default(),
                format,
                binding: self
                    .decoration_value(var, Decoration::DescriptorSet)
                    .zip(self.decoration_value(var, Decoration::Binding)),
            })
            .collect())
    }

    /// The image type of `ty`, an image or an array of images.
    fn image_of(&self, ty: Word) -> Option<Word> {
        let inst = self.global(ty)?;
        match inst.class.opcode {
            Op::TypeImage => Some(ty),
            Op::TypeArray | Op::TypeRuntimeArray => match inst.operands.first() {
                Some(Operand::IdRef(element)) => self.image_of(*element),
                _ => None,
            },
            _ => None,
        }
    }

    /// `ty` with `image` in it replaced by the same image of `format`:
    /// through pointers and arrays.
    fn with_format(&mut self, ty: Word, image: Word, format: StorageFormat) -> Word {
        let Some(inst) = self.global(ty).cloned() else {
            return ty;
        };
        match inst.class.opcode {
            Op::TypeImage if ty == image => {
                let mut operands = inst.operands.clone();
                if let Some((spirv, ..)) = storage_format::spirv_format(format) {
                    operands[6] = Operand::ImageFormat(spirv);
                }
                self.ensure_type(Op::TypeImage, operands)
            }
            Op::TypePointer => match self.pointee(ty) {
                Some((class, pointee)) => {
                    let pointee = self.with_format(pointee, image, format);
                    self.pointer_type(class, pointee)
                }
                None => ty,
            },
            Op::TypeArray | Op::TypeRuntimeArray => {
                let mut operands = inst.operands.clone();
                if let Some(Operand::IdRef(element)) = operands.first().cloned() {
                    operands[0] = Operand::IdRef(self.with_format(element, image, format));
                }
                self.ensure_type(inst.class.opcode, operands)
            }
            _ => ty,
        }
    }

    /// Gives each variable of `retyped` its new pointer type, and the
    /// pointers and images loaded from it theirs. An image value that
    /// leaves these (stored, passed to a function) keeps the one type
    /// every image of its kind has: `Err` with the variable.
    fn retype_uses(&mut self, retyped: &HashMap<Word, (Word, StorageFormat)>) -> Result<(), Word> {
        if retyped.is_empty() {
            return Ok(());
        }
        // Values derived from each variable, with the variable.
        let mut derived: HashMap<Word, Word> = retyped.keys().map(|&v| (v, v)).collect();
        let mut new_types: Vec<(usize, usize, usize, Word)> = Vec::new();
        let mut escaped = None;
        for (f, function) in self.module.functions.iter().enumerate() {
            for (b, block) in function.blocks.iter().enumerate() {
                for (i, inst) in block.instructions.iter().enumerate() {
                    let base = match inst.operands.first() {
                        Some(Operand::IdRef(id)) => derived.get(id).copied(),
                        _ => None,
                    };
                    match (inst.class.opcode, base) {
                        (
                            Op::Load | Op::AccessChain | Op::InBoundsAccessChain | Op::CopyObject,
                            Some(var),
                        ) => {
                            if let Some(result) = inst.result_id {
                                derived.insert(result, var);
                                new_types.push((f, b, i, var));
                            }
                        }
                        // Images are read, written and queried by value.
                        (
                            Op::ImageRead
                            | Op::ImageWrite
                            | Op::ImageQuerySize
                            | Op::ImageQuerySizeLod
                            | Op::ImageQuerySamples
                            | Op::ImageQueryLevels
                            | Op::ImageTexelPointer,
                            _,
                        ) => {}
                        _ => {
                            if let Some(var) = inst.operands.iter().find_map(|o| match o {
                                Operand::IdRef(id) => derived.get(id).copied(),
                                _ => None,
                            }) {
                                escaped.get_or_insert(var);
                            }
                        }
                    }
                }
            }
        }
        if let Some(var) = escaped {
            return Err(var);
        }
        for (&var, &(image, format)) in retyped {
            let Some(old) = self.global(var).and_then(|v| v.result_type) else {
                continue;
            };
            // Declared before the variable is looked for: a new type is
            // inserted among the globals.
            let new = self.with_format(old, image, format);
            if let Some(at) = self
                .module
                .types_global_values
                .iter()
                .position(|i| i.result_id == Some(var))
            {
                // After its new type, which may come after it.
                let mut variable = self.module.types_global_values.remove(at);
                variable.result_type = Some(new);
                self.module.types_global_values.push(variable);
            }
        }
        for (f, b, i, var) in new_types {
            let (image, format) = retyped[&var];
            let inst = &self.module.functions[f].blocks[b].instructions[i];
            if let Some(old) = inst.result_type {
                let new = self.with_format(old, image, format);
                self.module.functions[f].blocks[b].instructions[i].result_type = Some(new);
            }
        }
        Ok(())
    }

    pub(super) fn require_capability(&mut self, capability: Capability) {
        let declared = self
            .module
            .capabilities
            .iter()
            .any(|i| i.operands.first() == Some(&Operand::Capability(capability)));
        if !declared {
            self.module.capabilities.push(Instruction::new(
                Op::Capability,
                None,
                None,
                vec![Operand::Capability(capability)],
            ));
        }
    }
}

fn missing_format(name: Option<&str>) -> Diagnostic {
    let (what, fix) = match name {
        Some(name) => (
            format!("storage image `{name}` declares no format"),
            format!("e.g. `--storage-format {name}=rgba8unorm`"),
        ),
        None => (
            "a storage image without a name declares no format".to_string(),
            "the image has no name to give a format to: declare the format in the shader"
                .to_string(),
        ),
    };
    Diagnostic::error(format!(
        "{what}, and naga needs one: WGSL's storage textures have a format"
    ))
    .with_code(shaderxform_passes::codes::INPUT_STORAGE_FORMAT)
    .with_note(format!("{OPTION_NOTE}; {fix}"))
}
