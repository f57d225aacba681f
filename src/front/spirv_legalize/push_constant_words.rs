//! Push-constant blocks with 16-bit members (`uint16_t`, `int16_t`,
//! `float16_t` and their vectors, with `StoragePushConstant16`), which
//! Vulkan allows and naga's validator refuses: naga's IR has 16-bit types
//! everywhere but in immediates. The block becomes one of 32-bit words
//! (`uint`) over the same bytes, so the host pushes what it pushed before,
//! and each load of a 16-bit member becomes loads of its words, a shift
//! to the member's half of the word and a conversion: `OpUConvert` to 16
//! bits (and `OpBitcast` where the member is signed) for integers,
//! `UnpackHalf2x16` and `OpFConvert` for floats, which keeps a
//! `float16_t`-only shader free of 16-bit integers (WGSL has `f16`, but no
//! 16-bit integers). Vectors are recomposed; a component taken by an
//! access chain reads its word only. Members of 32 bits and more stay
//! as they are, at their offsets.
//!
//! Push constants are little-endian, as on every Vulkan implementation:
//! the member at byte offset 2 of a word is its upper half.
//!
//! Pointers copied (`OpCopyObject`) are followed. A 16-bit member used
//! other than by a load (a store, a pointer passed to a function) and a
//! 16-bit value in an array, structure or matrix are refused at their
//! instruction or at the block's declaration, by name. Blocks with 8-bit
//! members are left to the 8-bit storage step, which refuses them.

mod rewrite;

use std::collections::{BTreeMap, HashMap, HashSet};

use rspirv::binary::Assemble as _;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Capability, Decoration, Op, StorageClass, Word};

use super::{id_operand, instruction_with_result, variable_declaration, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;
use rewrite::{new_layout, Slot};

/// A push-constant block whose 16-bit members are read from 32-bit words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushConstantWords {
    /// The block variable's name, if it has one.
    pub variable: Option<String>,
    /// Each word that holds 16-bit members: its byte offset in the block
    /// and the members whose bytes it holds.
    pub words: Vec<(u32, Vec<String>)>,
}

/// What a 16-bit member holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Uint,
    Sint,
    Float,
}

/// A 16-bit scalar or vector member.
#[derive(Clone, Copy, Debug)]
struct Narrow {
    kind: Kind,
    components: u32,
    offset: u32,
}

/// A member of a block being rewritten, and where it is now.
#[derive(Clone, Copy, Debug)]
enum Member {
    /// Of 32 bits or more: the same type, at the same offset, at this
    /// index of the new block.
    Kept {
        ty: Word,
        offset: u32,
        index: u32,
    },
    Narrow(Narrow),
}

/// The block types with 16-bit members, each with its members (`None`
/// where one is refused) and its variables.
type Blocks = BTreeMap<Word, (Vec<Option<Member>>, Vec<Word>)>;

/// How the functions use the blocks' variables.
#[derive(Default)]
struct Uses {
    /// Pointers derived from the variables (copies, chains into 16-bit
    /// members), and the variables themselves.
    derived: HashMap<Word, Derived>,
    /// Loads through those pointers, with the pointer.
    loads: HashMap<Word, Derived>,
    /// Chains into members that stay, with their variable and the member's
    /// new index.
    kept_chains: HashMap<Word, (Word, u32)>,
}

/// A read of a 16-bit member of a variable (or of one component of it).
#[derive(Clone, Copy, Debug)]
struct NarrowRead {
    variable: Word,
    narrow: Narrow,
    component: Option<Component>,
}

/// A push-constant block type whose 16-bit members become words.
struct Rewrite {
    members: Vec<Member>,
    /// The new block's index of the word at each byte offset.
    word_index: HashMap<u32, u32>,
}

/// A component index of an access chain into a vector member.
#[derive(Clone, Copy, Debug)]
enum Component {
    Constant(u32),
    Dynamic(Word),
}

/// A pointer into a push-constant block being rewritten.
#[derive(Clone, Copy, Debug)]
struct Derived {
    /// The variable, and its block type.
    variable: Word,
    block: Word,
    /// `None`: the whole block; else a 16-bit member, and perhaps one of
    /// its components.
    member: Option<(u32, Option<Component>)>,
}

impl Legalizer {
    /// Rewrites every push-constant block with 16-bit members as one of
    /// 32-bit words; returns the blocks rewritten, or the refusals (then
    /// nothing is rewritten).
    pub(super) fn push_constant_words(
        &mut self,
        words: &[u32],
    ) -> (Vec<PushConstantWords>, Vec<Refusal>) {
        let mut refused = Vec::new();
        // Block types with 16-bit members, their members and variables.
        let mut blocks = Blocks::new();
        for (variable, pointer) in self.global_variables() {
            let Some((StorageClass::PushConstant, block)) = self.pointee(pointer) else {
                continue;
            };
            if let Some((_, variables)) = blocks.get_mut(&block) {
                variables.push(variable);
                continue;
            }
            let is_struct = self
                .global(block)
                .is_some_and(|b| b.class.opcode == Op::TypeStruct);
            // 8 bits: refused by `storage_8bit` before this step.
            if !is_struct || self.narrowest_scalar(block).is_none_or(|w| w != 16) {
                continue;
            }
            let Some(members) = self.narrow_members(block, variable, words, &mut refused) else {
                continue;
            };
            blocks.insert(block, (members, vec![variable]));
        }
        if blocks.is_empty() || !refused.is_empty() {
            return (Vec::new(), refused);
        }

        let uses = self.push_constant_uses(&blocks, words, &mut refused);
        if !refused.is_empty() {
            return (Vec::new(), refused);
        }

        let mut rewrites: HashMap<Word, Rewrite> = HashMap::new();
        let mut report = Vec::new();
        for (&block, (members, variables)) in &blocks {
            let members: Vec<Member> = members.iter().flatten().copied().collect();
            let (rewrite, block_words) = self.block_of_words(block, members, variables);
            for &variable in variables {
                report.push(PushConstantWords {
                    variable: self.names.get(&variable).cloned(),
                    words: block_words.clone(),
                });
            }
            rewrites.insert(block, rewrite);
        }

        let mut whole_block_loads = HashSet::new();
        let mut signed = false;
        self.rewrite_instructions(|l, inst, out| {
            let Some(result) = inst.result_id else {
                out.push(inst);
                return;
            };
            if let Some(&(variable, index)) = uses.kept_chains.get(&result) {
                // A chain into a member that stays: the member's new index.
                let mut inst = inst;
                let index_type = match inst.operands.get(1) {
                    Some(Operand::IdRef(c)) => l.global(*c).and_then(|c| c.result_type),
                    _ => None,
                };
                if let Some(index_type) = index_type {
                    inst.operands[0] = Operand::IdRef(variable);
                    inst.operands[1] = Operand::IdRef(l.uint_constant(index_type, index));
                }
                out.push(inst);
                return;
            }
            if uses.derived.contains_key(&result) {
                // Chains into 16-bit members are read by their loads.
                return;
            }
            let (Some(pointer), Some(ty)) = (uses.loads.get(&result), inst.result_type) else {
                out.push(inst);
                return;
            };
            let rewrite = &rewrites[&pointer.block];
            match pointer.member {
                Some((member, component)) => {
                    let Member::Narrow(narrow) = rewrite.members[member as usize] else {
                        unreachable!("only chains into 16-bit members are followed");
                    };
                    signed |= narrow.kind == Kind::Sint;
                    let read = NarrowRead {
                        variable: pointer.variable,
                        narrow,
                        component,
                    };
                    l.load_narrow(out, rewrite, read, ty, result);
                }
                None => {
                    whole_block_loads.insert(pointer.block);
                    let parts = (0..rewrite.members.len())
                        .map(|m| match rewrite.members[m] {
                            Member::Narrow(narrow) => {
                                let member_type = l.member_type(pointer.block, m as u32);
                                let value = l.fresh_id();
                                let read = NarrowRead {
                                    variable: pointer.variable,
                                    narrow,
                                    component: None,
                                };
                                l.load_narrow(out, rewrite, read, member_type, value);
                                value
                            }
                            Member::Kept { ty, index, .. } => {
                                l.load_member(out, pointer.variable, ty, index)
                            }
                        })
                        .map(Operand::IdRef)
                        .collect();
                    out.push(Instruction::new(
                        Op::CompositeConstruct,
                        Some(ty),
                        Some(result),
                        parts,
                    ));
                }
            }
        });

        // A whole block's value keeps the block's type, whose 16-bit
        // members are then computed on (constructed).
        for &block in &whole_block_loads {
            let (int16, float16) = self.narrow_kinds(block);
            if int16 {
                self.require_capability(Capability::Int16);
            }
            if float16 {
                self.require_capability(Capability::Float16);
            }
        }
        if signed {
            // `OpBitcast` of a 16-bit integer computes on it.
            self.require_capability(Capability::Int16);
        }
        self.remove_unused_narrow_push_constant_types();
        (report, Vec::new())
    }

    /// The members of `block`, classified; `None` (with refusals) where one
    /// cannot be read through words, or the block is not laid out.
    fn narrow_members(
        &self,
        block: Word,
        variable: Word,
        words: &[u32],
        refused: &mut Vec<Refusal>,
    ) -> Option<Vec<Option<Member>>> {
        let types: Vec<Word> = self
            .global(block)?
            .operands
            .iter()
            .filter_map(id_operand)
            .collect();
        let mut members = Vec::new();
        for (m, &ty) in types.iter().enumerate() {
            let m = m as u32;
            let offset = self.member_offset(block, m)?;
            let width = self.narrowest_scalar(ty);
            if width.is_some_and(|w| w >= 32) || width.is_none() {
                members.push(Some(Member::Kept {
                    ty,
                    offset,
                    index: 0,
                }));
                continue;
            }
            if let Some((kind, components)) = self.narrow_scalar_or_vector(ty) {
                members.push(Some(Member::Narrow(Narrow {
                    kind,
                    components,
                    offset,
                })));
                continue;
            }
            let name = self.push_constant_member(variable, block, m);
            let diagnostic = Diagnostic::error(format!(
                "{name} holds 16-bit values in an array, structure or matrix: naga's IR has no 16-bit push constants, and shaderxform reads them through 32-bit words only where they are scalar or vector members of the block"
            ))
            .with_note("declare the values as scalar or vector members of the block, or as 32-bit words taken apart in the shader");
            refused.push(Refusal {
                diagnostic: diagnostic
                    .with_code(shaderxform_passes::codes::SPIRV_16BIT_PUSH_CONSTANT),
                instruction: variable_declaration(words, variable),
                label: "declared here",
            });
            members.push(None);
        }
        Some(members)
    }

    /// Every pointer the functions derive from the blocks' variables, the
    /// loads through them, and the chains into members that stay (with
    /// their variable and new index); any other use is refused.
    fn push_constant_uses(
        &self,
        blocks: &Blocks,
        words: &[u32],
        refused: &mut Vec<Refusal>,
    ) -> Uses {
        let mut derived: HashMap<Word, Derived> = HashMap::new();
        for (&block, (_, variables)) in blocks {
            for &variable in variables {
                derived.insert(
                    variable,
                    Derived {
                        variable,
                        block,
                        member: None,
                    },
                );
            }
        }
        // New indices of the members that stay, as `block_of_words` gives
        // them: in the order of the members and words by offset.
        let kept_index = |block: Word, member: u32| -> u32 {
            let (members, _) = &blocks[&block];
            new_layout(
                members
                    .iter()
                    .flatten()
                    .copied()
                    .collect::<Vec<_>>()
                    .as_slice(),
            )
            .iter()
            .position(|slot| *slot == Slot::Kept(member))
            .unwrap_or(0) as u32
        };
        let mut loads = HashMap::new();
        let mut kept_chains = HashMap::new();
        // Blocks come before those they dominate: a chain before its uses.
        for inst in self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
        {
            let base = match inst.operands.first() {
                Some(Operand::IdRef(id)) => derived.get(id).copied(),
                _ => None,
            };
            match (inst.class.opcode, base, inst.result_id) {
                (Op::AccessChain | Op::InBoundsAccessChain, Some(base), Some(result)) => {
                    let indices: Vec<Word> =
                        inst.operands[1..].iter().filter_map(id_operand).collect();
                    match self.step_into(base, &indices, &blocks[&base.block].0) {
                        Step::Derived(d) => {
                            derived.insert(result, d);
                        }
                        Step::Kept(member) => {
                            kept_chains
                                .insert(result, (base.variable, kept_index(base.block, member)));
                        }
                        Step::Unknown => refused.push(self.use_refusal(words, inst, base)),
                    }
                }
                (Op::Load, Some(base), Some(result)) => {
                    loads.insert(result, base);
                }
                (Op::CopyObject, Some(base), Some(result)) => {
                    derived.insert(result, base);
                }
                _ => {
                    let used = inst
                        .operands
                        .iter()
                        .filter_map(id_operand)
                        .find_map(|id| derived.get(&id).copied());
                    if let Some(base) = used {
                        refused.push(self.use_refusal(words, inst, base));
                    }
                }
            }
        }
        Uses {
            derived,
            loads,
            kept_chains,
        }
    }

    /// Where an access chain from `base` with `indices` leads.
    fn step_into(&self, base: Derived, indices: &[Word], members: &[Option<Member>]) -> Step {
        let Some((&first, rest)) = indices.split_first() else {
            return Step::Derived(base);
        };
        match base.member {
            None => {
                let Some(member) = self.constant_u32(first) else {
                    return Step::Unknown;
                };
                match (members.get(member as usize), rest) {
                    (Some(Some(Member::Kept { .. })), _) => Step::Kept(member),
                    (Some(Some(Member::Narrow(_))), []) => Step::Derived(Derived {
                        member: Some((member, None)),
                        ..base
                    }),
                    (Some(Some(Member::Narrow(_))), &[component]) => Step::Derived(Derived {
                        member: Some((member, Some(self.component(component)))),
                        ..base
                    }),
                    _ => Step::Unknown,
                }
            }
            Some((member, None)) if rest.is_empty() => Step::Derived(Derived {
                member: Some((member, Some(self.component(first)))),
                ..base
            }),
            _ => Step::Unknown,
        }
    }

    fn component(&self, index: Word) -> Component {
        match self.constant_u32(index) {
            Some(k) => Component::Constant(k),
            None => Component::Dynamic(index),
        }
    }

    /// A use of a pointer into a block with 16-bit members other than a
    /// load or copy, refused at its instruction. (spirv-val refuses the
    /// stores, calls and pointer comparisons of push constants that it
    /// knows before legalisation sees them.)
    fn use_refusal(&self, words: &[u32], inst: &Instruction, pointer: Derived) -> Refusal {
        let what = match pointer.member {
            Some((member, _)) => format!(
                "{}, a 16-bit push constant,",
                self.push_constant_member(pointer.variable, pointer.block, member)
            ),
            None => {
                let narrow: Vec<String> = self
                    .global(pointer.block)
                    .map(|b| b.operands.iter().filter_map(id_operand).collect::<Vec<_>>())
                    .unwrap_or_default()
                    .into_iter()
                    .enumerate()
                    .filter(|(_, ty)| self.narrowest_scalar(*ty).is_some_and(|w| w < 32))
                    .map(|(m, _)| {
                        format!(
                            "`{}`",
                            self.member_name(pointer.block, m as u32)
                                .unwrap_or_else(|| m.to_string())
                        )
                    })
                    .collect();
                format!(
                    "push-constant block `{}`, which holds 16-bit members ({}),",
                    self.variable_name(pointer.variable),
                    narrow.join(", ")
                )
            }
        };
        let how = match inst.class.opcode {
            Op::Store => "is stored to".to_string(),
            Op::FunctionCall => "is passed to a function".to_string(),
            op => format!("is used by Op{op:?}"),
        };
        // The instruction as the input has it: its result, or its words.
        let instruction = match inst.result_id {
            Some(id) => instruction_with_result(words, inst.class.opcode, id),
            None => {
                let mut own = Vec::new();
                inst.assemble_into(&mut own);
                let (instructions, _) = crate::spirv_words::split_instructions(words);
                instructions
                    .iter()
                    .position(|r| words[r.clone()] == own[..])
            }
        };
        Refusal {
            diagnostic: Diagnostic::error(format!(
                "{what} {how}: naga's IR has no 16-bit push constants, and shaderxform reads them only by loading the 32-bit words that hold them"
            ))
            .with_code(shaderxform_passes::codes::SPIRV_16BIT_PUSH_CONSTANT)
            .with_note("load the member into a local value and use that"),
            instruction,
            label: "here",
        }
    }

    /// `variable.member`, by name, in backquotes.
    fn push_constant_member(&self, variable: Word, block: Word, member: u32) -> String {
        format!(
            "`{}.{}`",
            self.variable_name(variable),
            self.member_name(block, member)
                .unwrap_or_else(|| member.to_string())
        )
    }

    fn variable_name(&self, variable: Word) -> String {
        self.names
            .get(&variable)
            .cloned()
            .unwrap_or_else(|| "(unnamed)".into())
    }

    fn member_offset(&self, block: Word, member: u32) -> Option<u32> {
        self.module.annotations.iter().find_map(|i| {
            match (i.class.opcode, i.operands.as_slice()) {
                (
                    Op::MemberDecorate,
                    [Operand::IdRef(b), Operand::LiteralBit32(m), Operand::Decoration(Decoration::Offset), Operand::LiteralBit32(offset)],
                ) if *b == block && *m == member => Some(*offset),
                _ => None,
            }
        })
    }

    fn member_type(&self, block: Word, member: u32) -> Word {
        self.global(block)
            .and_then(|b| b.operands.get(member as usize))
            .and_then(id_operand)
            .expect("a member of a block being rewritten")
    }

    /// The width in bits of the narrowest scalar in `ty`.
    fn narrowest_scalar(&self, ty: Word) -> Option<u32> {
        let inst = self.global(ty)?;
        match inst.class.opcode {
            Op::TypeInt | Op::TypeFloat => match inst.operands.first() {
                Some(Operand::LiteralBit32(width)) => Some(*width),
                _ => None,
            },
            Op::TypeVector | Op::TypeMatrix | Op::TypeArray | Op::TypeRuntimeArray => {
                self.narrowest_scalar(id_operand(inst.operands.first()?)?)
            }
            Op::TypeStruct => inst
                .operands
                .iter()
                .filter_map(id_operand)
                .filter_map(|t| self.narrowest_scalar(t))
                .min(),
            _ => None,
        }
    }

    /// What a 16-bit scalar or vector holds, and its component count.
    fn narrow_scalar_or_vector(&self, ty: Word) -> Option<(Kind, u32)> {
        let inst = self.global(ty)?;
        let (scalar, components) = match (inst.class.opcode, inst.operands.as_slice()) {
            (Op::TypeVector, [Operand::IdRef(c), Operand::LiteralBit32(n)]) => (*c, *n),
            _ => (ty, 1),
        };
        let scalar = self.global(scalar)?;
        let kind = match (scalar.class.opcode, scalar.operands.as_slice()) {
            (Op::TypeInt, [Operand::LiteralBit32(16), Operand::LiteralBit32(0)]) => Kind::Uint,
            (Op::TypeInt, [Operand::LiteralBit32(16), Operand::LiteralBit32(1)]) => Kind::Sint,
            (Op::TypeFloat, [Operand::LiteralBit32(16), ..]) => Kind::Float,
            _ => return None,
        };
        Some((kind, components))
    }

    /// Whether `block` has 16-bit integer and 16-bit float members.
    fn narrow_kinds(&self, block: Word) -> (bool, bool) {
        let members: Vec<Word> = self
            .global(block)
            .map(|b| b.operands.iter().filter_map(id_operand).collect())
            .unwrap_or_default();
        let kinds: Vec<Kind> = members
            .iter()
            .filter_map(|&ty| self.narrow_scalar_or_vector(ty))
            .map(|(kind, _)| kind)
            .collect();
        (
            kinds.iter().any(|k| *k != Kind::Float),
            kinds.contains(&Kind::Float),
        )
    }
}

/// Where an access chain into a block leads.
enum Step {
    Derived(Derived),
    /// Into a member that stays, by its index in the block as declared.
    Kept(u32),
    Unknown,
}
