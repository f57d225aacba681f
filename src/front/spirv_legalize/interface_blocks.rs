//! User-defined interface blocks and integer vertex outputs, which naga
//! 30's reader misreads.
//!
//! - **Interface blocks** (`out VertexData { vec4 color; vec2 uv; } v;`,
//!   `in VertexData { ... } v;`): a stage input or output variable of a
//!   structure whose members carry no built-in. naga reads an output
//!   block's members only where each has a `Location` of its own and
//!   silently drops the others (a vertex stage wrote nothing the fragment
//!   stage reads), and refuses an input block whose variable has no
//!   `Location`. Each member becomes a variable of its own at the location
//!   Vulkan gives it (its own `Location`, else the block's plus the
//!   locations the members before it take), with the block's and its own
//!   interpolation decorations; access chains, whole-block loads and
//!   stores follow. Members that are matrices, arrays or structures, which
//!   WGSL's stage interface cannot hold, are refused at the declaration.
//! - **Integer vertex outputs without `Flat`**: GLSL needs `flat` only on
//!   the fragment stage's inputs, and integers are never interpolated;
//!   naga's validator wants `@interpolate(flat)` on both sides. The
//!   output is decorated `Flat`.

use std::collections::HashMap;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, ExecutionModel, Op, StorageClass, Word};
use shaderxform_passes::Change;

use super::{id_operand, variable_declaration, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

/// The decorations a block or its member passes to the member's variable.
const INTERPOLATION: [Decoration; 4] = [
    Decoration::Flat,
    Decoration::NoPerspective,
    Decoration::Centroid,
    Decoration::Sample,
];

/// One interface block to split: the variable, its structure, and a
/// variable for each member.
struct Block {
    variable: Word,
    structure: Word,
    members: Vec<Member>,
}

struct Member {
    variable: Word,
    ty: Word,
    location: u32,
}

impl Legalizer {
    /// Splits every user-defined interface block into a variable per
    /// member; a change for each block, or the refusals of blocks that
    /// cannot be split.
    pub(super) fn split_interface_blocks(&mut self, words: &[u32]) -> (Vec<Change>, Vec<Refusal>) {
        let mut changes = Vec::new();
        let mut refused = Vec::new();
        let mut blocks = Vec::new();
        for (variable, pointer) in self.global_variables() {
            let Some((class @ (StorageClass::Input | StorageClass::Output), structure)) =
                self.pointee(pointer)
            else {
                continue;
            };
            if !self.is_user_block(variable, structure) {
                continue;
            }
            match self.plan_block(variable, class, structure) {
                Ok(block) => blocks.push(block),
                Err(message) => refused.push(Refusal {
                    diagnostic: Diagnostic::error(message)
                        .with_code(shaderxform_passes::codes::SPIRV_PARSE)
                        .with_note("declare the member as variables of their own, a matrix as its columns and an array as its elements"),
                    instruction: variable_declaration(words, variable),
                    label: "declared here",
                }),
            }
        }
        if !refused.is_empty() {
            return (changes, refused);
        }
        for block in blocks {
            if let Err(message) = self.rewrite_block_uses(&block) {
                refused.push(Refusal {
                    diagnostic: Diagnostic::error(message)
                        .with_code(shaderxform_passes::codes::SPIRV_PARSE),
                    instruction: variable_declaration(words, block.variable),
                    label: "declared here",
                });
                continue;
            }
            changes.push(self.finish_block(&block));
        }
        (changes, refused)
    }

    /// Whether `variable`, of `structure`, is an interface block of the
    /// shader's own: a structure with no built-in member.
    fn is_user_block(&self, variable: Word, structure: Word) -> bool {
        let is_struct = self
            .global(structure)
            .is_some_and(|i| i.class.opcode == Op::TypeStruct);
        let built_in_member = self.module.annotations.iter().any(|i| {
            i.class.opcode == Op::MemberDecorate
                && i.operands.first() == Some(&Operand::IdRef(structure))
                && i.operands.get(2) == Some(&Operand::Decoration(Decoration::BuiltIn))
        });
        is_struct && !built_in_member && !self.has_decoration(variable, Decoration::BuiltIn)
    }

    /// A variable for each member of the block, at its location, with
    /// its interpolation; an error naming a member WGSL's interface
    /// cannot hold.
    fn plan_block(
        &mut self,
        variable: Word,
        class: StorageClass,
        structure: Word,
    ) -> Result<Block, String> {
        let block_name = self
            .names
            .get(&variable)
            .cloned()
            .unwrap_or_else(|| "block".into());
        let member_types: Vec<Word> = self
            .global(structure)
            .map(|i| i.operands.iter().filter_map(id_operand).collect())
            .unwrap_or_default();
        let mut next = self.decoration_value(variable, Decoration::Location);
        let block_decorations: Vec<Decoration> = INTERPOLATION
            .into_iter()
            .filter(|&d| self.has_decoration(variable, d))
            .collect();
        let mut members = Vec::new();
        for (index, &ty) in member_types.iter().enumerate() {
            let index = index as u32;
            let member_name = self
                .member_name(structure, index)
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| format!("member{index}"));
            let Some(slots) = self.interface_slots(ty) else {
                return Err(format!(
                    "member `{member_name}` of the interface block `{block_name}` is a matrix, an array or a structure: WGSL's stage inputs and outputs are scalars and vectors"
                ));
            };
            let location = match self.member_decoration(structure, index, Decoration::Location) {
                Some(location) => location,
                None => next.ok_or_else(|| {
                    format!(
                        "the interface block `{block_name}` has no location for `{member_name}`"
                    )
                })?,
            };
            next = Some(location + slots);
            let pointer = self.pointer_type(class, ty);
            let member_variable = self.fresh_id();
            let declaration = Instruction::new(
                Op::Variable,
                Some(pointer),
                Some(member_variable),
                vec![Operand::StorageClass(class)],
            );
            // After the block's variable and the pointer type, which
            // glslang may declare later.
            let after = |id: Word| {
                self.module
                    .types_global_values
                    .iter()
                    .position(|i| i.result_id == Some(id))
                    .map_or(0, |p| p + 1)
            };
            let position = after(variable).max(after(pointer));
            self.module
                .types_global_values
                .insert(position, declaration);
            self.decorate(member_variable, Decoration::Location, Some(location));
            let own: Vec<Decoration> = INTERPOLATION
                .into_iter()
                .filter(|&d| self.member_decoration(structure, index, d).is_some())
                .collect();
            for &decoration in block_decorations.iter().chain(&own) {
                if !self.has_decoration(member_variable, decoration) {
                    self.decorate(member_variable, decoration, None);
                }
            }
            self.module.debug_names.push(Instruction::new(
                Op::Name,
                None,
                None,
                vec![
                    Operand::IdRef(member_variable),
                    Operand::LiteralString(format!("{block_name}_{member_name}")),
                ],
            ));
            members.push(Member {
                variable: member_variable,
                ty,
                location,
            });
        }
        Ok(Block {
            variable,
            structure,
            members,
        })
    }

    /// The locations a stage interface value of `ty` takes, where WGSL's
    /// interface can hold it (a scalar or vector); `None` otherwise.
    fn interface_slots(&self, ty: Word) -> Option<u32> {
        let inst = self.global(ty)?;
        let (scalar, count) = match inst.class.opcode {
            Op::TypeInt | Op::TypeFloat => (inst, 1),
            Op::TypeVector => {
                let component = self.global(inst.operands.first().and_then(id_operand)?)?;
                let count = match inst.operands.get(1) {
                    Some(Operand::LiteralBit32(n)) => *n,
                    _ => return None,
                };
                (component, count)
            }
            _ => return None,
        };
        let wide = scalar.operands.first() == Some(&Operand::LiteralBit32(64));
        Some(if wide && count > 2 { 2 } else { 1 })
    }

    /// Makes every use of the block's variable a use of its members'.
    fn rewrite_block_uses(&mut self, block: &Block) -> Result<(), String> {
        let mut chain_results: HashMap<Word, Word> = HashMap::new();
        let mut unread = None;
        self.rewrite_instructions(|l, inst, out| {
            let base = inst.operands.first().and_then(id_operand);
            match inst.class.opcode {
                Op::AccessChain | Op::InBoundsAccessChain if base == Some(block.variable) => {
                    let member = inst
                        .operands
                        .get(1)
                        .and_then(id_operand)
                        .and_then(|c| l.constant_u32(c))
                        .and_then(|m| block.members.get(m as usize));
                    let Some(member) = member else {
                        unread = Some("an access chain with no constant member index");
                        out.push(inst);
                        return;
                    };
                    if inst.operands.len() == 2 {
                        if let Some(result) = inst.result_id {
                            chain_results.insert(result, member.variable);
                        }
                    } else {
                        let mut rest = inst.operands[2..].to_vec();
                        rest.insert(0, Operand::IdRef(member.variable));
                        out.push(Instruction::new(
                            inst.class.opcode,
                            inst.result_type,
                            inst.result_id,
                            rest,
                        ));
                    }
                }
                Op::Load if inst.operands.first().and_then(id_operand) == Some(block.variable) => {
                    let parts: Vec<Word> = block
                        .members
                        .iter()
                        .map(|m| l.emit(out, Op::Load, m.ty, vec![m.variable]))
                        .collect();
                    out.push(Instruction::new(
                        Op::CompositeConstruct,
                        inst.result_type,
                        inst.result_id,
                        parts.into_iter().map(Operand::IdRef).collect(),
                    ));
                }
                Op::Store if base == Some(block.variable) => {
                    let Some(value) = inst.operands.get(1).and_then(id_operand) else {
                        out.push(inst);
                        return;
                    };
                    for (index, m) in block.members.iter().enumerate() {
                        let id = l.fresh_id();
                        out.push(Instruction::new(
                            Op::CompositeExtract,
                            Some(m.ty),
                            Some(id),
                            vec![Operand::IdRef(value), Operand::LiteralBit32(index as u32)],
                        ));
                        out.push(Instruction::new(
                            Op::Store,
                            None,
                            None,
                            vec![Operand::IdRef(m.variable), Operand::IdRef(id)],
                        ));
                    }
                }
                _ => {
                    if inst.operands.contains(&Operand::IdRef(block.variable)) {
                        unread = Some("a use other than a member access, a load or a store (a copy, or a call)");
                    }
                    out.push(inst);
                }
            }
        });
        if let Some(what) = unread {
            return Err(format!(
                "the interface block `{}` is reached by {what}, which its split into variables does not follow",
                self.names.get(&block.variable).map_or("(unnamed)", |n| n.as_str())
            ));
        }
        for (result, member) in chain_results {
            self.replace_id(result, member);
        }
        Ok(())
    }

    /// Puts the members' variables in the block's place in every entry
    /// point's interface, removes the block's variable, and says so.
    fn finish_block(&mut self, block: &Block) -> Change {
        let members: Vec<Operand> = block
            .members
            .iter()
            .map(|m| Operand::IdRef(m.variable))
            .collect();
        for ep in &mut self.module.entry_points {
            if let Some(at) = ep
                .operands
                .iter()
                .position(|o| *o == Operand::IdRef(block.variable))
            {
                ep.operands.splice(at..=at, members.iter().cloned());
            }
        }
        let name = self.names.get(&block.variable).cloned();
        let variable = block.variable;
        self.module
            .types_global_values
            .retain(|i| i.result_id != Some(variable));
        let names_variable =
            |i: &Instruction| i.operands.first() == Some(&Operand::IdRef(variable));
        self.module.debug_names.retain(|i| !names_variable(i));
        self.module.annotations.retain(|i| !names_variable(i));
        let structure = block.structure;
        self.remove_unused_types(|_, i| {
            i.result_id == Some(structure)
                || (i.class.opcode == Op::TypePointer
                    && i.operands.get(1) == Some(&Operand::IdRef(structure)))
        });
        let name = name.unwrap_or_else(|| "(unnamed)".into());
        let locations = block
            .members
            .iter()
            .map(|m| m.location.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let mut change = Change::new(
            "split-interface-block",
            naga::Span::default(),
            format!(
                "interface block `{name}`: each of its {} members a stage input or output of its own, at locations {locations}, as Vulkan assigns them (naga reads an interface of variables)",
                block.members.len()
            ),
        );
        change.details.insert("name".into(), name);
        change.details.insert("locations".into(), locations);
        change
    }

    /// Decorates `Flat` the integer outputs of vertex entry points that
    /// lack it; a change naming them.
    pub(super) fn flat_integer_vertex_outputs(&mut self) -> Option<Change> {
        let outputs: Vec<Word> = self
            .module
            .entry_points
            .iter()
            .filter(|ep| {
                ep.operands.first() == Some(&Operand::ExecutionModel(ExecutionModel::Vertex))
            })
            .flat_map(|ep| ep.operands.iter().skip(3).filter_map(id_operand))
            .collect();
        let mut flattened = Vec::new();
        for variable in outputs {
            let Some(pointer) = self.global(variable).and_then(|i| i.result_type) else {
                continue;
            };
            let Some((StorageClass::Output, ty)) = self.pointee(pointer) else {
                continue;
            };
            if self.has_decoration(variable, Decoration::BuiltIn)
                || self.has_decoration(variable, Decoration::Flat)
                || flattened.contains(&variable)
                || !self.is_integer(ty)
            {
                continue;
            }
            self.decorate(variable, Decoration::Flat, None);
            flattened.push(variable);
        }
        if flattened.is_empty() {
            return None;
        }
        let names: Vec<String> = flattened
            .iter()
            .map(|v| {
                self.names
                    .get(v)
                    .cloned()
                    .unwrap_or_else(|| format!("%{v}"))
            })
            .collect();
        let mut change = Change::new(
            "flat-integer-output",
            naga::Span::default(),
            format!(
                "integer vertex output{} {}: decorated `Flat`, as the fragment stage reads integers (WGSL writes `@interpolate(flat)` on both sides)",
                if names.len() == 1 { "" } else { "s" },
                names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
            ),
        );
        change.details.insert("outputs".into(), names.join(","));
        Some(change)
    }

    /// Whether `ty` is an integer scalar or a vector of integers.
    fn is_integer(&self, ty: Word) -> bool {
        let Some(inst) = self.global(ty) else {
            return false;
        };
        match inst.class.opcode {
            Op::TypeInt => true,
            Op::TypeVector => inst
                .operands
                .first()
                .and_then(id_operand)
                .is_some_and(|c| self.is_integer(c)),
            _ => false,
        }
    }
}
