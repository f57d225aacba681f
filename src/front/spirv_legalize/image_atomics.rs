//! Atomic operations on a texel of a storage image (HLSL `InterlockedMax`
//! on a `RWTexture2D<uint>` element, GLSL `imageAtomicMax`): SPIR-V takes
//! a pointer to the texel (`OpImageTexelPointer`, in the `Image` storage
//! class) and applies the atomic to it. naga's reader does not read the
//! pointer ("unsupported storage class"); naga's IR has image atomics
//! (`Statement::ImageAtomic`) for add, min, max, and, or and xor, without
//! the value they return.
//!
//! Each atomic whose value is unused becomes a call to a function written
//! here, one per image, operation and operand types, which takes the
//! coordinate (without the array layer), the layer of an arrayed image and
//! the value, and whose body writes the image (so that naga's reader
//! names the image's global in it). After naga has read the module,
//! [`crate::front::spirv_image_atomics`] replaces each call by the image
//! atomic and removes the functions. Subtraction, increment and decrement
//! are additions of the negated value, of 1 and of -1 (two's complement
//! wraps alike).
//!
//! Refused at their line, naming the image: atomics whose value is used,
//! loads, stores, exchanges and float atomics on texels, texels of arrays
//! of images, and of cube, buffer and multisampled images.

use std::collections::{HashMap, HashSet};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Dim, Op, StorageClass, Word};

use super::{instruction_with_result, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

/// A function that stands for one kind of image atomic until naga has
/// read the module: each call is the atomic on the image the function's
/// body writes, with the call's arguments (the coordinate, the array
/// layer of an arrayed image, the value).
#[derive(Clone, Debug, PartialEq)]
pub struct ImageAtomicStandIn {
    /// The function's name, unique in the module.
    pub function: String,
    /// The operation.
    pub fun: naga::AtomicFunction,
    /// The atomics that call it.
    pub calls: usize,
}

/// An image atomic that naga's IR can hold.
struct Site {
    /// The atomic's result id (naga's IR gives it no value).
    result: Word,
    fun: naga::AtomicFunction,
    /// What the value becomes first.
    value: SiteValue,
    image: Word,
    coordinate: Word,
    arrayed: bool,
    /// The texel type: the atomic's result type and the image's sampled
    /// type.
    texel: Word,
}

enum SiteValue {
    Operand(Word),
    Negated(Word),
    Constant(u32),
}

/// The image type of a storage image variable, as its texels need it.
struct ImageShape {
    dim: Dim,
    arrayed: bool,
    multisampled: bool,
}

impl Legalizer {
    /// The image atomics naga's IR cannot hold, as refusals at their
    /// instruction of `words` (the input, which this module still is).
    pub(super) fn refuse_image_atomics(&self, words: &[u32]) -> Vec<Refusal> {
        self.image_atomic_sites()
            .into_iter()
            .filter_map(Result::err)
            .map(|(diagnostic, op, id)| Refusal {
                diagnostic,
                instruction: instruction_with_result(words, op, id),
                label: "here",
            })
            .collect()
    }

    /// Rewrites every image atomic into a call to its stand-in function
    /// (see the module documentation); [`Legalizer::refuse_image_atomics`]
    /// has found none that it cannot rewrite.
    pub(super) fn call_image_atomic_stand_ins(&mut self) -> Vec<ImageAtomicStandIn> {
        let sites: HashMap<Word, Site> = self
            .image_atomic_sites()
            .into_iter()
            .filter_map(Result::ok)
            .map(|s| (s.result, s))
            .collect();
        if sites.is_empty() {
            return Vec::new();
        }
        let value_types = self.value_types();
        let mut stand_ins: Vec<ImageAtomicStandIn> = Vec::new();
        // (image, operation, coordinate type, texel type) -> (function id,
        // index in `stand_ins`)
        let mut functions: HashMap<(Word, String, Word, Word), (Word, usize)> = HashMap::new();
        let mut texel_pointers = HashSet::new();
        self.rewrite_instructions(|l, inst, out| {
            let Some(site) = inst.result_id.and_then(|id| sites.get(&id)) else {
                out.push(inst);
                return;
            };
            if let Some(Operand::IdRef(pointer)) = inst.operands.first() {
                texel_pointers.insert(*pointer);
            }
            let coordinate_type = value_types[&site.coordinate];
            let key = (
                site.image,
                format!("{:?}", site.fun),
                coordinate_type,
                site.texel,
            );
            let (function, index) = match functions.get(&key) {
                Some(&found) => found,
                None => {
                    let name =
                        l.unused_name(&format!("shaderxform_image_atomic_{}", fun_name(site.fun)));
                    let f = l.add_stand_in(site, coordinate_type, &name);
                    stand_ins.push(ImageAtomicStandIn {
                        function: name,
                        fun: site.fun,
                        calls: 0,
                    });
                    functions.insert(key, (f, stand_ins.len() - 1));
                    (f, stand_ins.len() - 1)
                }
            };
            stand_ins[index].calls += 1;
            let mut arguments = Vec::new();
            if site.arrayed {
                let (without_layer, component, size) = l.coordinate_split(coordinate_type);
                let coordinate = l.fresh_id();
                out.push(match size {
                    2 => Instruction::new(
                        Op::CompositeExtract,
                        Some(component),
                        Some(coordinate),
                        vec![Operand::IdRef(site.coordinate), Operand::LiteralBit32(0)],
                    ),
                    _ => Instruction::new(
                        Op::VectorShuffle,
                        Some(without_layer),
                        Some(coordinate),
                        vec![
                            Operand::IdRef(site.coordinate),
                            Operand::IdRef(site.coordinate),
                            Operand::LiteralBit32(0),
                            Operand::LiteralBit32(1),
                        ],
                    ),
                });
                let layer = l.fresh_id();
                out.push(Instruction::new(
                    Op::CompositeExtract,
                    Some(component),
                    Some(layer),
                    vec![
                        Operand::IdRef(site.coordinate),
                        Operand::LiteralBit32(size - 1),
                    ],
                ));
                arguments.extend([coordinate, layer]);
            } else {
                arguments.push(site.coordinate);
            }
            let value = match site.value {
                SiteValue::Operand(v) => v,
                SiteValue::Negated(v) => {
                    // 0 - v, which naga reads on unsigned integers too
                    // (it has no negation of them).
                    let zero = l.constant(Op::Constant, site.texel, vec![Operand::LiteralBit32(0)]);
                    let negated = l.fresh_id();
                    out.push(Instruction::new(
                        Op::ISub,
                        Some(site.texel),
                        Some(negated),
                        vec![Operand::IdRef(zero), Operand::IdRef(v)],
                    ));
                    negated
                }
                SiteValue::Constant(bits) => {
                    l.constant(Op::Constant, site.texel, vec![Operand::LiteralBit32(bits)])
                }
            };
            arguments.push(value);
            let void = l.ensure_type(Op::TypeVoid, vec![]);
            let mut operands = vec![Operand::IdRef(function)];
            operands.extend(arguments.into_iter().map(Operand::IdRef));
            out.push(Instruction::new(
                Op::FunctionCall,
                Some(void),
                inst.result_id,
                operands,
            ));
        });
        // The texel pointers, now unused.
        for function in &mut self.module.functions {
            for block in &mut function.blocks {
                block
                    .instructions
                    .retain(|i| !i.result_id.is_some_and(|id| texel_pointers.contains(&id)));
            }
        }
        self.module.debug_names.retain(|i| {
            !matches!(i.operands.first(), Some(Operand::IdRef(id)) if texel_pointers.contains(id))
        });
        self.remove_unused_image_pointer_types();
        stand_ins
    }

    /// Removes the pointer types into the `Image` storage class that no
    /// texel pointer has any more: naga's reader refuses the storage
    /// class even where nothing uses it.
    fn remove_unused_image_pointer_types(&mut self) {
        self.remove_unused_types(|_, i| {
            i.class.opcode == Op::TypePointer
                && i.operands.first() == Some(&Operand::StorageClass(StorageClass::Image))
        });
    }

    /// Every image atomic of the module: what naga's IR can hold, else
    /// why not (with the opcode and result id of the instruction to
    /// place it at).
    #[allow(clippy::type_complexity)]
    fn image_atomic_sites(&self) -> Vec<Result<Site, (Diagnostic, Op, Word)>> {
        let instructions = || {
            self.module
                .functions
                .iter()
                .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
        };
        let texel_pointers: HashMap<Word, &Instruction> = instructions()
            .filter(|i| i.class.opcode == Op::ImageTexelPointer)
            .filter_map(|i| Some((i.result_id?, i)))
            .collect();
        if texel_pointers.is_empty() {
            return Vec::new();
        }
        let used: HashSet<Word> = instructions()
            .flat_map(|i| i.operands.iter().filter_map(super::id_operand))
            .collect();
        let mut sites = Vec::new();
        // Each texel pointer is refused once, at its first use that naga's
        // IR cannot hold; a pointer without such a use is refused where
        // its image cannot hold atomics.
        for inst in instructions() {
            let Some(Operand::IdRef(pointer)) = inst.operands.first() else {
                continue;
            };
            let Some(texel_pointer) = texel_pointers.get(pointer) else {
                continue;
            };
            let image = self.texel_pointer_image(texel_pointer);
            let described = self.described_image(texel_pointer);
            // An atomic store has no result: it is placed at the pointer.
            let place = |d: Diagnostic| match inst.result_id {
                Some(id) => (d, inst.class.opcode, id),
                None => (
                    d,
                    Op::ImageTexelPointer,
                    texel_pointer.result_id.unwrap_or_default(),
                ),
            };
            let op = inst.class.opcode;
            let Some(fun) = atomic_function(op) else {
                sites.push(Err(place(refusal(format!(
                    "Op{op:?} on a texel of {described}: naga's IR has image atomics only for add, subtract, min, max, and, or and xor"
                )))));
                continue;
            };
            let result = inst.result_id.unwrap_or_default();
            if used.contains(&result) {
                sites.push(Err(place(refusal(format!(
                    "the value of this atomic operation on a texel of {described} is used: naga's IR has image atomics that return no value"
                ))
                .with_note("where only the operation matters, leave its value unused (HLSL: the `Interlocked*` overload without `original_value`); where the value is needed, keep the counter in a storage buffer (`RWStructuredBuffer<uint>`, `buffer { uint v[]; }`)"))));
                continue;
            }
            let (variable, shape) = match image {
                Ok(found) => found,
                Err(why) => {
                    sites.push(Err(place(refusal(format!(
                        "atomic operation on a texel of {described}: {why}"
                    )))));
                    continue;
                }
            };
            if !matches!(shape.dim, Dim::Dim1D | Dim::Dim2D | Dim::Dim3D) || shape.multisampled {
                sites.push(Err(place(refusal(format!(
                    "atomic operation on a texel of {described}: naga's IR has image atomics on one-, two- and three-dimensional images that are not multisampled"
                )))));
                continue;
            }
            let texel = inst.result_type.unwrap_or_default();
            let (signed, width) = self.integer_type(texel).unwrap_or((false, 0));
            if width != 32 {
                sites.push(Err(place(refusal(format!(
                    "atomic operation on a texel of {described}: naga's IR has image atomics on 32-bit integer texels here"
                )))));
                continue;
            }
            let signed_op = matches!(op, Op::AtomicSMin | Op::AtomicSMax);
            let unsigned_op = matches!(op, Op::AtomicUMin | Op::AtomicUMax);
            if (signed_op && !signed) || (unsigned_op && signed) {
                let (op_kind, texel_kind) = if signed {
                    ("unsigned", "signed")
                } else {
                    ("signed", "unsigned")
                };
                sites.push(Err(place(refusal(format!(
                    "{op_kind} Op{op:?} on the {texel_kind} texels of {described}: naga's image atomics compare texels as their type says"
                )))));
                continue;
            }
            let value = match (op, inst.operands.get(3)) {
                (Op::AtomicIIncrement, _) => SiteValue::Constant(1),
                (Op::AtomicIDecrement, _) => SiteValue::Constant(u32::MAX),
                (Op::AtomicISub, Some(Operand::IdRef(v))) => SiteValue::Negated(*v),
                (_, Some(Operand::IdRef(v))) => SiteValue::Operand(*v),
                _ => continue,
            };
            let Some(Operand::IdRef(coordinate)) = texel_pointer.operands.get(1) else {
                continue;
            };
            sites.push(Ok(Site {
                result,
                fun,
                value,
                image: variable,
                coordinate: *coordinate,
                arrayed: shape.arrayed,
                texel,
            }));
        }
        sites
    }

    /// The image variable a texel pointer points into, and its image
    /// type; why naga cannot hold atomics on it otherwise.
    fn texel_pointer_image(
        &self,
        texel_pointer: &Instruction,
    ) -> Result<(Word, ImageShape), &'static str> {
        let Some(Operand::IdRef(image)) = texel_pointer.operands.first() else {
            return Err("its image is not a variable");
        };
        let Some(variable) = self
            .global(*image)
            .filter(|v| v.class.opcode == Op::Variable)
        else {
            let chained = self.defining_instructions().any(|i| {
                i.result_id == Some(*image)
                    && matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain)
            });
            return Err(match chained {
                true => "it is an element of an array of images, on which shaderxform reads no image atomics",
                false => "the image is not a global variable (a function parameter?), which naga's image atomics need",
            });
        };
        let image_type = variable
            .result_type
            .and_then(|t| self.pointee(t))
            .and_then(|(_, t)| self.global(t))
            .filter(|t| t.class.opcode == Op::TypeImage)
            .ok_or("its image is not a variable")?;
        let literal = |n: usize| match image_type.operands.get(n) {
            Some(Operand::LiteralBit32(v)) => *v,
            _ => 0,
        };
        let Some(Operand::Dim(dim)) = image_type.operands.get(1) else {
            return Err("its image has no dimension");
        };
        Ok((
            *image,
            ImageShape {
                dim: *dim,
                arrayed: literal(3) == 1,
                multisampled: literal(4) == 1,
            },
        ))
    }

    /// "`name`" of the image a texel pointer points into, through access
    /// chains (an array of images), or "a storage image".
    fn described_image(&self, texel_pointer: &Instruction) -> String {
        let mut pointer = match texel_pointer.operands.first() {
            Some(Operand::IdRef(p)) => *p,
            _ => return "a storage image".to_string(),
        };
        while let Some(chain) = self.defining_instructions().find(|i| {
            i.result_id == Some(pointer)
                && matches!(i.class.opcode, Op::AccessChain | Op::InBoundsAccessChain)
        }) {
            match chain.operands.first() {
                Some(Operand::IdRef(base)) => pointer = *base,
                _ => break,
            }
        }
        self.names
            .get(&pointer)
            .map_or_else(|| "a storage image".to_string(), |n| format!("`{n}`"))
    }

    /// `(signed, width)` of an integer type.
    fn integer_type(&self, ty: Word) -> Option<(bool, u32)> {
        let inst = self.global(ty)?;
        match (inst.class.opcode, inst.operands.as_slice()) {
            (Op::TypeInt, [Operand::LiteralBit32(width), Operand::LiteralBit32(signed)]) => {
                Some((*signed == 1, *width))
            }
            _ => None,
        }
    }

    /// The coordinate type of an arrayed image without its layer, its
    /// component type and the full coordinate's size.
    fn coordinate_split(&mut self, coordinate_type: Word) -> (Word, Word, u32) {
        let (component, size) = match self.global(coordinate_type).map(|i| i.operands.as_slice()) {
            Some([Operand::IdRef(component), Operand::LiteralBit32(size)]) => (*component, *size),
            _ => (coordinate_type, 1),
        };
        let without_layer = match size {
            2 => component,
            _ => self.ensure_type(
                Op::TypeVector,
                vec![Operand::IdRef(component), Operand::LiteralBit32(size - 1)],
            ),
        };
        (without_layer, component, size)
    }

    /// The stand-in function of the atomics like `site`, named `name`: it
    /// writes the image, so that naga knows the image is written.
    fn add_stand_in(&mut self, site: &Site, coordinate_type: Word, name: &str) -> Word {
        let mut parameter_types = if site.arrayed {
            let (without_layer, component, _) = self.coordinate_split(coordinate_type);
            vec![without_layer, component]
        } else {
            vec![coordinate_type]
        };
        parameter_types.push(site.texel);
        self.add_stand_in_function(name, None, &parameter_types, |l, parameters| {
            let image_type = l
                .global(site.image)
                .and_then(|v| v.result_type)
                .and_then(|t| l.pointee(t))
                .map_or(0, |(_, t)| t);
            let loaded = l.fresh_id();
            let mut body = vec![Instruction::new(
                Op::Load,
                Some(image_type),
                Some(loaded),
                vec![Operand::IdRef(site.image)],
            )];
            let coordinate = if site.arrayed {
                let full = l.fresh_id();
                body.push(Instruction::new(
                    Op::CompositeConstruct,
                    Some(coordinate_type),
                    Some(full),
                    vec![Operand::IdRef(parameters[0]), Operand::IdRef(parameters[1])],
                ));
                full
            } else {
                parameters[0]
            };
            body.push(Instruction::new(
                Op::ImageWrite,
                None,
                None,
                vec![
                    Operand::IdRef(loaded),
                    Operand::IdRef(coordinate),
                    Operand::IdRef(parameters[parameters.len() - 1]),
                ],
            ));
            body
        })
    }

    /// `base`, or `base_N`, whichever no id of the module is named.
    pub(super) fn unused_name(&self, base: &str) -> String {
        let taken: HashSet<&str> = self.names.values().map(String::as_str).collect();
        (0..)
            .map(|n| match n {
                0 => base.to_string(),
                n => format!("{base}_{n}"),
            })
            .find(|name| !taken.contains(name.as_str()))
            .expect("some name is free")
    }
}

/// The image atomic an opcode is, where naga's IR has it.
fn atomic_function(op: Op) -> Option<naga::AtomicFunction> {
    use naga::AtomicFunction as F;
    Some(match op {
        Op::AtomicIAdd | Op::AtomicISub | Op::AtomicIIncrement | Op::AtomicIDecrement => F::Add,
        Op::AtomicSMin | Op::AtomicUMin => F::Min,
        Op::AtomicSMax | Op::AtomicUMax => F::Max,
        Op::AtomicAnd => F::And,
        Op::AtomicOr => F::InclusiveOr,
        Op::AtomicXor => F::ExclusiveOr,
        _ => return None,
    })
}

fn fun_name(fun: naga::AtomicFunction) -> &'static str {
    use naga::AtomicFunction as F;
    match fun {
        F::Add => "add",
        F::Min => "min",
        F::Max => "max",
        F::And => "and",
        F::InclusiveOr => "or",
        F::ExclusiveOr => "xor",
        _ => "other",
    }
}

fn refusal(message: String) -> Diagnostic {
    Diagnostic::error(message).with_code(shaderxform_passes::codes::SPIRV_IMAGE_ATOMIC)
}
