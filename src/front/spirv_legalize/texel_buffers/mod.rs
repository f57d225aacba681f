//! Texel buffers (`Dim Buffer`: GLSL `samplerBuffer`, `imageBuffer`, HLSL
//! `Buffer<T>`, `RWBuffer<T>`), which WGSL and naga's IR have not, become
//! storage buffers of their texels.
//!
//! A texel buffer is an array of texels in a format; a storage buffer of
//! the texels' words holds the same bytes. So each variable keeps its set
//! and binding and becomes a storage buffer (read-only for a uniform
//! texel buffer) of one runtime array, and each operation becomes what it
//! does to those bytes:
//!
//! - `OpImageFetch` and `OpImageRead`: the texel's words loaded and
//!   unpacked into the `vec4` the operation returns, missing channels
//!   filled as Vulkan fills them (0, and 1 for alpha);
//! - `OpImageWrite`: the `vec4` packed into the format's words and stored;
//! - `OpImageQuerySize`: the array's length (`OpArrayLength`);
//! - `OpImageTexelPointer` (atomics on `r32ui`, `r32i` and `r32f`
//!   texels): a pointer to the texel's word, the atomics' `ImageMemory`
//!   semantics made `UniformMemory`.
//!
//! Formats of 32-bit channels are stored as they are (`rgba32float` as
//! `vec4<f32>`); 8- and 16-bit channels are packed into 32-bit words and
//! read and written with `GLSL.std.450`'s pack and unpack instructions
//! (`rgba8unorm`, `rg16float`, ...) or bit-field extracts and inserts
//! (integer formats). Texels narrower than a word (`r8unorm`, `rg8uint`,
//! `r16float`) are read out of the word that holds them; written, they are
//! refused at the declaration (two invocations writing neighbouring texels
//! would write one word), and so are formats that do not split into
//! channels of one width (`rgb10a2unorm`, `rg11b10ufloat`).
//!
//! A texel buffer without a format (GLSL's `samplerBuffer`; the buffer
//! view names it) takes the one the host gives (`--storage-format
//! NAME=FORMAT`), else four 32-bit channels of its texel type, which is
//! what a fetch returns, and the report says which.
//!
//! An image value used otherwise (passed to a function, chosen by an
//! `OpSelect`, sampled) and an array of texel buffers are refused at the
//! instruction or the declaration.

use std::collections::{HashMap, HashSet};

use naga::StorageFormat;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Capability, Decoration, Dim, ImageFormat, Op, StorageClass, Word};

use shaderxform_passes::Change;

mod atomics;
mod packing;

use packing::{element_wgsl, Layout};

use super::{id_operand, instruction_with_result, variable_declaration, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;
use crate::front::storage_format::{self, TexelKind};

/// A texel buffer now read and written as a storage buffer of its texels.
struct TexelBuffer {
    /// The variable's name, if it has one.
    pub name: Option<String>,
    /// `(set, binding)`, where the variable has them.
    pub binding: Option<(u32, u32)>,
    /// The texels' format.
    pub format: StorageFormat,
    /// Where the format comes from.
    pub format_from: FormatFrom,
    /// The storage buffer's element, as WGSL spells it (`vec4<f32>`,
    /// `u32` for a packed `rgba8unorm` texel).
    pub element: String,
    /// The bytes of one texel: the array's stride.
    pub stride: u32,
    /// Whether the shader writes it (a storage texel buffer written or
    /// changed atomically); otherwise the storage buffer is read-only.
    pub writable: bool,
}

/// Where a texel buffer's format comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FormatFrom {
    /// The shader declares it (GLSL `layout(r32f)`; glslang infers it from
    /// HLSL's `Buffer<float2>`).
    Declared,
    /// The host gave it (`--storage-format NAME=FORMAT`).
    Given,
    /// The shader declares none and the host gave none: four 32-bit
    /// channels of the texel type.
    Default,
}

impl FormatFrom {
    /// How the report names it.
    fn name(self) -> &'static str {
        match self {
            FormatFrom::Declared => "declared",
            FormatFrom::Given => "given",
            FormatFrom::Default => "default",
        }
    }
}

impl TexelBuffer {
    /// The report's change: the storage buffer the host binds.
    fn change(&self) -> Change {
        let format = storage_format::wgsl_name(self.format);
        let name = self.name.as_deref();
        let whence = match self.format_from {
            FormatFrom::Declared => String::new(),
            FormatFrom::Given => " (the format given with --storage-format)".into(),
            FormatFrom::Default => format!(
                " (it declares no format: four 32-bit channels, what a fetch returns; name the view's with `--storage-format {}=FORMAT`)",
                name.unwrap_or("NAME")
            ),
        };
        let mut c = Change::new(
            "texel-buffer",
            naga::Span::default(),
            format!(
                "texel buffer {}: WGSL has no texel buffers, so it is a {} storage buffer of its `{format}` texels{whence}, {}; the host binds a buffer of the texels' bytes where it bound a buffer view",
                name.map_or_else(|| "(unnamed)".to_string(), |n| format!("`{n}`")),
                if self.writable { "read-write" } else { "read-only" },
                if self.stride < 4 {
                    format!("{} to a `u32` word, {} byte{} each", 4 / self.stride, self.stride, if self.stride == 1 { "" } else { "s" })
                } else {
                    format!("each texel a `{}` of {} bytes", self.element, self.stride)
                }
            ),
        );
        if let Some(name) = name {
            c.details.insert("name".into(), name.into());
        }
        if let Some((set, binding)) = self.binding {
            c.details
                .insert("binding".into(), format!("{set}:{binding}"));
        }
        c.details.insert("format".into(), format.into());
        c.details
            .insert("format_from".into(), self.format_from.name().into());
        c.details.insert("element".into(), self.element.clone());
        c.details.insert("stride".into(), self.stride.to_string());
        c
    }
}

/// A texel buffer variable and what it becomes.
#[derive(Clone, Copy, Debug)]
struct Plan {
    variable: Word,
    layout: Layout,
    /// The texel type's scalar (`OpTypeFloat 32`, `OpTypeInt 32 s`).
    scalar: Word,
    kind: TexelKind,
    /// The runtime array's element.
    element: Word,
    /// A `StorageBuffer` pointer to the element.
    element_pointer: Word,
}

/// A texel buffer that can be lowered: its variable and image type, its
/// format and where that comes from, and whether the shader writes it.
struct Found {
    variable: Word,
    image: Word,
    format: StorageFormat,
    from: FormatFrom,
    writable: bool,
}

impl Legalizer {
    /// Makes every texel buffer a storage buffer of its texels; see the
    /// module documentation. Returns a change for each, and what it refused
    /// (then the module is left half rewritten, for nothing: legalisation
    /// stops).
    pub(super) fn lower_texel_buffers(
        &mut self,
        words: &[u32],
        given: &[(String, StorageFormat)],
    ) -> (Vec<Change>, Vec<Refusal>) {
        let (found, mut refused) = self.find_texel_buffers(words, given);
        if found.is_empty() {
            return (Vec::new(), refused);
        }
        refused.extend(self.refuse_other_uses(words, &found));
        if !refused.is_empty() {
            return (Vec::new(), refused);
        }
        let mut lowered = Vec::new();
        let mut plans = HashMap::new();
        for f in &found {
            let plan = self.storage_buffer_for(f);
            plans.insert(f.variable, plan);
            lowered.push(TexelBuffer {
                name: self.names.get(&f.variable).cloned(),
                binding: self
                    .decoration_value(f.variable, Decoration::DescriptorSet)
                    .zip(self.decoration_value(f.variable, Decoration::Binding)),
                format: f.format,
                format_from: f.from,
                element: element_wgsl(plan.layout, plan.kind),
                stride: plan.layout.texel_bytes(),
                writable: f.writable,
            });
        }
        self.rewrite_texel_operations(&plans);
        let images: HashSet<Word> = found.iter().map(|f| f.image).collect();
        self.remove_unused_types(|l, i| match i.class.opcode {
            Op::TypeImage | Op::TypeSampledImage => i.result_id.is_some_and(|t| {
                images.contains(&t) || l.sampled_image_of(t).is_some_and(|t| images.contains(&t))
            }),
            // Texel pointers' types too: naga's reader refuses the
            // `Image` storage class even where nothing uses it.
            Op::TypePointer => {
                i.operands.first() == Some(&Operand::StorageClass(StorageClass::Image))
                    || i.operands.get(1).and_then(id_operand).is_some_and(|t| {
                        images.contains(&t)
                            || l.sampled_image_of(t).is_some_and(|t| images.contains(&t))
                    })
            }
            _ => false,
        });
        let buffers_left = self.module.types_global_values.iter().any(|i| {
            i.class.opcode == Op::TypeImage
                && i.operands.get(1) == Some(&Operand::Dim(Dim::DimBuffer))
        });
        if !buffers_left {
            self.module.capabilities.retain(|i| {
                !matches!(
                    i.operands.first(),
                    Some(Operand::Capability(
                        Capability::SampledBuffer | Capability::ImageBuffer
                    ))
                )
            });
        }
        (
            lowered.iter().map(TexelBuffer::change).collect(),
            Vec::new(),
        )
    }

    /// The image type under a sampled image type.
    fn sampled_image_of(&self, ty: Word) -> Option<Word> {
        let inst = self.global(ty)?;
        match (inst.class.opcode, inst.operands.first()) {
            (Op::TypeSampledImage, Some(Operand::IdRef(image))) => Some(*image),
            _ => None,
        }
    }

    /// Every texel buffer variable that can be lowered, and a refusal for
    /// each that cannot.
    fn find_texel_buffers(
        &self,
        words: &[u32],
        given: &[(String, StorageFormat)],
    ) -> (Vec<Found>, Vec<Refusal>) {
        let mut found = Vec::new();
        let mut refused = Vec::new();
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
            let Some(image) = self
                .global(ty)
                .filter(|i| i.class.opcode == Op::TypeImage)
                .filter(|i| i.operands.get(1) == Some(&Operand::Dim(Dim::DimBuffer)))
            else {
                continue;
            };
            let name = self.names.get(&variable).cloned();
            let quoted = name
                .as_deref()
                .map_or_else(|| "a texel buffer".to_string(), |n| format!("`{n}`"));
            // Written where it is a storage texel buffer that the shader
            // writes or changes atomically.
            let writable = image.operands.get(5) == Some(&Operand::LiteralBit32(2))
                && !self.only_read(variable);
            let refuse = |why: String, note: &str| Refusal {
                diagnostic: Diagnostic::error(why)
                    .with_code(shaderxform_passes::codes::SPIRV_UNSUPPORTED_IMAGE)
                    .with_note(note.to_string()),
                instruction: variable_declaration(words, variable),
                label: "declared here",
            };
            if arrayed {
                refused.push(refuse(
                    format!("{quoted} is an array of texel buffers: one storage buffer of texels stands for one texel buffer"),
                    "declare each texel buffer at a binding of its own",
                ));
                continue;
            }
            let scalar = image
                .operands
                .first()
                .and_then(|t| self.global(id_operand(t)?));
            let kind = match scalar.map(|t| (t.class.opcode, t.operands.as_slice())) {
                Some((Op::TypeFloat, [Operand::LiteralBit32(32), ..])) => TexelKind::Float,
                Some((Op::TypeInt, [Operand::LiteralBit32(32), Operand::LiteralBit32(1)])) => {
                    TexelKind::Sint
                }
                Some((Op::TypeInt, [Operand::LiteralBit32(32), Operand::LiteralBit32(0)])) => {
                    TexelKind::Uint
                }
                _ => {
                    refused.push(refuse(
                        format!("texel buffer {quoted} holds texels of a type other than 32-bit floats and integers"),
                        "declare a storage buffer of the texel type and index it",
                    ));
                    continue;
                }
            };
            let declared = match image.operands.get(6) {
                Some(Operand::ImageFormat(ImageFormat::Unknown)) | None => None,
                Some(Operand::ImageFormat(f)) => storage_format::from_spirv(*f),
                _ => None,
            };
            let host = name
                .as_ref()
                .and_then(|n| given.iter().rev().find(|(g, _)| g == n))
                .map(|&(_, f)| f);
            let (format, from) = match (declared, host) {
                (Some(f), _) => (f, FormatFrom::Declared),
                (None, Some(f)) => (f, FormatFrom::Given),
                (None, None) => (
                    match kind {
                        TexelKind::Float => StorageFormat::Rgba32Float,
                        TexelKind::Sint => StorageFormat::Rgba32Sint,
                        TexelKind::Uint => StorageFormat::Rgba32Uint,
                    },
                    FormatFrom::Default,
                ),
            };
            if let Some((_, texels, _)) = storage_format::spirv_format(format) {
                if texels != kind {
                    refused.push(refuse(
                        format!(
                            "the format of texel buffer {quoted}, `{}`, holds {}, the buffer's texels are {}",
                            storage_format::wgsl_name(format),
                            texels.name(),
                            kind.name()
                        ),
                        "give a format of the texel type with `--storage-format NAME=FORMAT`",
                    ));
                    continue;
                }
            }
            if writable && Layout::of(format).is_ok_and(|l| l.texels_per_word().is_some()) {
                refused.push(refuse(
                    format!(
                        "texel buffer {quoted} of format `{}` is written: its texels are narrower than a 32-bit word, which two invocations writing neighbouring texels would share",
                        storage_format::wgsl_name(format)
                    ),
                    "read such a buffer only, or declare a storage buffer of words and pack them in the shader",
                ));
                continue;
            }
            if let Err(why) = Layout::of(format) {
                refused.push(refuse(
                    format!(
                        "texel buffer {quoted} is of format `{}`, which a storage buffer cannot stand for: {why}",
                        storage_format::wgsl_name(format)
                    ),
                    "declare a storage buffer of the texel's words and pack and unpack them in the shader",
                ));
                continue;
            }
            let Some(image) = image.result_id else {
                continue;
            };
            found.push(Found {
                variable,
                image,
                format,
                from,
                writable,
            });
        }
        (found, refused)
    }

    /// Refusals for uses of the texel buffers, and of the images loaded
    /// from them, other than the operations rewritten.
    fn refuse_other_uses(&self, words: &[u32], found: &[Found]) -> Vec<Refusal> {
        let mut derived: HashMap<Word, Word> =
            found.iter().map(|f| (f.variable, f.variable)).collect();
        let mut refused = Vec::new();
        let mut reported = HashSet::new();
        for f in &self.module.functions {
            for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
                let op = inst.class.opcode;
                for (position, operand) in inst.operands.iter().enumerate() {
                    let Some(&variable) = id_operand(operand).and_then(|id| derived.get(&id))
                    else {
                        continue;
                    };
                    let allowed = position == 0
                        && matches!(
                            op,
                            Op::Load
                                | Op::Image
                                | Op::CopyObject
                                | Op::ImageFetch
                                | Op::ImageRead
                                | Op::ImageWrite
                                | Op::ImageQuerySize
                                | Op::ImageTexelPointer
                        );
                    if allowed {
                        if matches!(op, Op::Load | Op::Image | Op::CopyObject) {
                            if let Some(result) = inst.result_id {
                                derived.insert(result, variable);
                            }
                        }
                        continue;
                    }
                    if !reported.insert(variable) {
                        continue;
                    }
                    let name = self
                        .names
                        .get(&variable)
                        .map_or_else(|| "a texel buffer".to_string(), |n| format!("`{n}`"));
                    let instruction = inst
                        .result_id
                        .and_then(|id| instruction_with_result(words, op, id))
                        .or_else(|| variable_declaration(words, variable));
                    refused.push(Refusal {
                        diagnostic: Diagnostic::error(format!(
                            "texel buffer {name} is used by `Op{op:?}`, which a storage buffer of its texels has no equivalent of"
                        ))
                        .with_code(shaderxform_passes::codes::SPIRV_UNSUPPORTED_IMAGE)
                        .with_note("use the texel buffer directly (fetch, load, store, size, atomics) rather than through a function parameter or a chosen value"),
                        instruction,
                        label: "used here",
                    });
                }
            }
        }
        refused
    }

    /// Retypes `found`'s variable as a storage buffer of its texels.
    fn storage_buffer_for(&mut self, found: &Found) -> Plan {
        let layout = Layout::of(found.format).expect("checked when found");
        let (_, kind, _) =
            storage_format::spirv_format(found.format).expect("every format has a SPIR-V name");
        let scalar = self.texel_scalar(kind);
        let uint = self.texel_scalar(TexelKind::Uint);
        let (word, count) = match layout {
            Layout::Words { channels } => (scalar, channels),
            Layout::Packed { .. } | Layout::Narrow { .. } => (uint, layout.words()),
        };
        let element = self.vector_type(word, count);
        let array = self.fresh_id();
        self.module.types_global_values.push(Instruction::new(
            Op::TypeRuntimeArray,
            None,
            Some(array),
            vec![Operand::IdRef(element)],
        ));
        self.decorate(array, Decoration::ArrayStride, Some(4 * layout.words()));
        let block = self.fresh_id();
        self.module.types_global_values.push(Instruction::new(
            Op::TypeStruct,
            None,
            Some(block),
            vec![Operand::IdRef(array)],
        ));
        self.decorate(block, Decoration::Block, None);
        self.module.annotations.push(Instruction::new(
            Op::MemberDecorate,
            None,
            None,
            vec![
                Operand::IdRef(block),
                Operand::LiteralBit32(0),
                Operand::Decoration(Decoration::Offset),
                Operand::LiteralBit32(0),
            ],
        ));
        // Named after the variable, so that the WGSL written says whose
        // texels the structure holds.
        if let Some(name) = self.names.get(&found.variable).cloned() {
            self.module.debug_names.push(Instruction::new(
                Op::Name,
                None,
                None,
                vec![
                    Operand::IdRef(block),
                    Operand::LiteralString(format!("{name}Texels")),
                ],
            ));
        }
        self.module.debug_names.push(Instruction::new(
            Op::MemberName,
            None,
            None,
            vec![
                Operand::IdRef(block),
                Operand::LiteralBit32(0),
                Operand::LiteralString("texels".into()),
            ],
        ));
        let pointer = self.pointer_type(StorageClass::StorageBuffer, block);
        let element_pointer = self.pointer_type(StorageClass::StorageBuffer, element);
        // The variable, retyped, moves after its new type.
        let at = self
            .module
            .types_global_values
            .iter()
            .position(|i| i.result_id == Some(found.variable))
            .expect("a global variable");
        let mut variable = self.module.types_global_values.remove(at);
        variable.result_type = Some(pointer);
        variable.operands[0] = Operand::StorageClass(StorageClass::StorageBuffer);
        let after = self
            .module
            .types_global_values
            .iter()
            .position(|i| i.result_id == Some(pointer))
            .expect("just declared")
            .max(
                self.module
                    .types_global_values
                    .iter()
                    .position(|i| i.result_id == Some(element_pointer))
                    .expect("just declared"),
            );
        self.module.types_global_values.insert(after + 1, variable);
        // A storage buffer is read-write or read-only; what an image's
        // access decorations said of its texels is said of the buffer.
        self.module.annotations.retain(|i| {
            !(i.class.opcode == Op::Decorate
                && i.operands.first() == Some(&Operand::IdRef(found.variable))
                && matches!(
                    i.operands.get(1),
                    Some(Operand::Decoration(
                        Decoration::NonReadable
                            | Decoration::NonWritable
                            | Decoration::Coherent
                            | Decoration::Volatile
                            | Decoration::Restrict
                    ))
                ))
        });
        if !found.writable {
            self.decorate(found.variable, Decoration::NonWritable, None);
        }
        self.require_storage_buffer_class();
        Plan {
            variable: found.variable,
            layout,
            scalar,
            kind,
            element,
            element_pointer,
        }
    }

    /// Whether no image written or atomically changed comes from `variable`.
    fn only_read(&self, variable: Word) -> bool {
        let mut derived = HashSet::from([variable]);
        for inst in self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
        {
            let Some(first) = inst.operands.first().and_then(id_operand) else {
                continue;
            };
            if !derived.contains(&first) {
                continue;
            }
            match inst.class.opcode {
                Op::ImageWrite | Op::ImageTexelPointer => return false,
                Op::Load | Op::Image | Op::CopyObject => {
                    derived.extend(inst.result_id);
                }
                _ => {}
            }
        }
        true
    }

    /// Declares `SPV_KHR_storage_buffer_storage_class` where the module's
    /// version (before 1.3) does not have the storage class.
    fn require_storage_buffer_class(&mut self) {
        let (major, minor) = self.module.header.as_ref().map_or((1, 0), |h| h.version());
        const EXTENSION: &str = "SPV_KHR_storage_buffer_storage_class";
        let declared = self
            .module
            .extensions
            .iter()
            .any(|i| i.operands.first() == Some(&Operand::LiteralString(EXTENSION.into())));
        if (major, minor) < (1, 3) && !declared {
            self.module.extensions.push(Instruction::new(
                Op::Extension,
                None,
                None,
                vec![Operand::LiteralString(EXTENSION.into())],
            ));
        }
    }

    /// The 32-bit scalar type of `kind`.
    fn texel_scalar(&mut self, kind: TexelKind) -> Word {
        match kind {
            TexelKind::Float => self.ensure_type(Op::TypeFloat, vec![Operand::LiteralBit32(32)]),
            TexelKind::Sint | TexelKind::Uint => self.ensure_type(
                Op::TypeInt,
                vec![
                    Operand::LiteralBit32(32),
                    Operand::LiteralBit32(u32::from(kind == TexelKind::Sint)),
                ],
            ),
        }
    }

    /// Rewrites every operation on the planned texel buffers.
    fn rewrite_texel_operations(&mut self, plans: &HashMap<Word, Plan>) {
        // Images loaded from the variables (and the images of sampled
        // images loaded), to the variable.
        let mut images: HashMap<Word, Word> = plans.keys().map(|&v| (v, v)).collect();
        let mut texel_pointers = HashSet::new();
        let value_types = self.value_types();
        self.rewrite_instructions(|l, inst, out| {
            let op = inst.class.opcode;
            let Some(plan) = inst
                .operands
                .first()
                .and_then(id_operand)
                .and_then(|id| images.get(&id))
                .map(|v| plans[v])
            else {
                out.push(inst);
                return;
            };
            let operand = |n: usize| inst.operands.get(n).and_then(id_operand);
            match op {
                Op::Load | Op::Image | Op::CopyObject => {
                    if let Some(result) = inst.result_id {
                        images.insert(result, plan.variable);
                    }
                }
                Op::ImageFetch | Op::ImageRead => {
                    let (Some(ty), Some(result), Some(index)) =
                        (inst.result_type, inst.result_id, operand(1))
                    else {
                        out.push(inst);
                        return;
                    };
                    let (index, shift) = match plan.layout.texels_per_word() {
                        Some(per_word) => {
                            let (word, shift) =
                                l.narrow_texel_place(out, plan, index, per_word, &value_types);
                            (word, Some(shift))
                        }
                        None => (index, None),
                    };
                    let pointer = l.texel_pointer(out, plan, index);
                    let mut words = l.emit(out, Op::Load, plan.element, vec![pointer]);
                    if let Some(shift) = shift {
                        // The texel, moved to the lowest bits.
                        let uint = l.texel_scalar(TexelKind::Uint);
                        let width = l.uint_constant(uint, 8 * plan.layout.texel_bytes());
                        words = l.emit(out, Op::BitFieldUExtract, uint, vec![words, shift, width]);
                    }
                    let texel = l.unpack_texel(out, plan, words, ty);
                    out.push(Instruction::new(
                        Op::CopyObject,
                        Some(ty),
                        Some(result),
                        vec![Operand::IdRef(texel)],
                    ));
                }
                Op::ImageWrite => {
                    let (Some(index), Some(texel)) = (operand(1), operand(2)) else {
                        out.push(inst);
                        return;
                    };
                    let pointer = l.texel_pointer(out, plan, index);
                    let components = value_types
                        .get(&texel)
                        .and_then(|&t| l.global(t))
                        .filter(|t| t.class.opcode == Op::TypeVector)
                        .and_then(|t| match t.operands.get(1) {
                            Some(Operand::LiteralBit32(n)) => Some(*n),
                            _ => None,
                        })
                        .unwrap_or(1);
                    let words = l.pack_texel(out, plan, texel, components);
                    out.push(Instruction::new(
                        Op::Store,
                        None,
                        None,
                        vec![Operand::IdRef(pointer), Operand::IdRef(words)],
                    ));
                }
                Op::ImageQuerySize => {
                    let (Some(ty), Some(result)) = (inst.result_type, inst.result_id) else {
                        out.push(inst);
                        return;
                    };
                    let uint = l.texel_scalar(TexelKind::Uint);
                    let per_word = plan.layout.texels_per_word();
                    let length = if ty == uint && per_word.is_none() {
                        result
                    } else {
                        l.fresh_id()
                    };
                    out.push(Instruction::new(
                        Op::ArrayLength,
                        Some(uint),
                        Some(length),
                        vec![Operand::IdRef(plan.variable), Operand::LiteralBit32(0)],
                    ));
                    // Narrow texels: every texel the words hold.
                    let length = match per_word {
                        Some(per_word) => {
                            let per_word = l.uint_constant(uint, per_word);
                            if ty == uint {
                                out.push(Instruction::new(
                                    Op::IMul,
                                    Some(uint),
                                    Some(result),
                                    vec![Operand::IdRef(length), Operand::IdRef(per_word)],
                                ));
                                return;
                            }
                            l.emit(out, Op::IMul, uint, vec![length, per_word])
                        }
                        None => length,
                    };
                    if ty != uint {
                        out.push(Instruction::new(
                            Op::Bitcast,
                            Some(ty),
                            Some(result),
                            vec![Operand::IdRef(length)],
                        ));
                    }
                }
                Op::ImageTexelPointer => {
                    let (Some(result), Some(index)) = (inst.result_id, operand(1)) else {
                        out.push(inst);
                        return;
                    };
                    let zero = l.uint_zero();
                    out.push(Instruction::new(
                        Op::AccessChain,
                        Some(plan.element_pointer),
                        Some(result),
                        vec![
                            Operand::IdRef(plan.variable),
                            Operand::IdRef(zero),
                            Operand::IdRef(index),
                        ],
                    ));
                    texel_pointers.insert(result);
                }
                _ => out.push(inst),
            }
        });
        if !texel_pointers.is_empty() {
            self.atomics_on_buffer_memory(&texel_pointers);
        }
    }

    /// The word that holds narrow texel `index` of `plan`'s buffer, and
    /// the bit the texel starts at in it.
    fn narrow_texel_place(
        &mut self,
        out: &mut Vec<Instruction>,
        plan: Plan,
        index: Word,
        per_word: u32,
        value_types: &HashMap<Word, Word>,
    ) -> (Word, Word) {
        let uint = self.texel_scalar(TexelKind::Uint);
        let index = if value_types.get(&index) == Some(&uint) {
            index
        } else {
            self.emit(out, Op::Bitcast, uint, vec![index])
        };
        let count = self.uint_constant(uint, per_word);
        let word = self.emit(out, Op::UDiv, uint, vec![index, count]);
        let within = self.emit(out, Op::UMod, uint, vec![index, count]);
        let bits = self.uint_constant(uint, 8 * plan.layout.texel_bytes());
        let shift = self.emit(out, Op::IMul, uint, vec![within, bits]);
        (word, shift)
    }

    fn uint_zero(&mut self) -> Word {
        let uint = self.texel_scalar(TexelKind::Uint);
        self.uint_constant(uint, 0)
    }

    /// A pointer to the words of texel `index`.
    fn texel_pointer(&mut self, out: &mut Vec<Instruction>, plan: Plan, index: Word) -> Word {
        let zero = self.uint_zero();
        let pointer = self.fresh_id();
        out.push(Instruction::new(
            Op::AccessChain,
            Some(plan.element_pointer),
            Some(pointer),
            vec![
                Operand::IdRef(plan.variable),
                Operand::IdRef(zero),
                Operand::IdRef(index),
            ],
        ));
        pointer
    }
}
