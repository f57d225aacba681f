//! The subgroup mask built-ins (`gl_SubgroupEqMask`, `GeMask`, `GtMask`,
//! `LeMask`, `LtMask`), which naga's reader does not read ("unsupported
//! builtin"), computed from the invocation's lane: `LtMask` holds the
//! lanes below it, `LeMask` those up to it, `EqMask` its own, and `GeMask`
//! (`GtMask`) the others below the subgroup's size.

use std::collections::HashMap;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{BuiltIn, Op, Word};

use super::Legalizer;

impl Legalizer {
    /// Replaces every load of a mask built-in; returns how many.
    pub(super) fn compute_subgroup_masks(&mut self) -> usize {
        let masks: HashMap<Word, BuiltIn> = self
            .global_variables()
            .into_iter()
            .filter_map(|(var, _)| {
                let built_in = self
                    .decorations(var)
                    .find_map(|d| match d.operands.get(2) {
                        Some(Operand::BuiltIn(
                            b @ (BuiltIn::SubgroupEqMask
                            | BuiltIn::SubgroupGeMask
                            | BuiltIn::SubgroupGtMask
                            | BuiltIn::SubgroupLeMask
                            | BuiltIn::SubgroupLtMask),
                        )) => Some(*b),
                        _ => None,
                    })?;
                Some((var, built_in))
            })
            .collect();
        if masks.is_empty() {
            return 0;
        }
        // Every use must be a load, or a load of one word: else the
        // variables stay, for naga to refuse.
        let mut chains: HashMap<Word, (BuiltIn, Word)> = HashMap::new();
        let mut other_use = false;
        for inst in self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
        {
            let uses = |id: &Word| masks.contains_key(id) || chains.contains_key(id);
            let used: Vec<Word> = inst
                .operands
                .iter()
                .filter_map(|o| match o {
                    Operand::IdRef(id) if uses(id) => Some(*id),
                    _ => None,
                })
                .collect();
            match (inst.class.opcode, used.as_slice(), inst.operands.as_slice()) {
                (_, [], _) => {}
                (Op::Load, [_], _) => {}
                (
                    Op::AccessChain | Op::InBoundsAccessChain,
                    [var],
                    [Operand::IdRef(base), Operand::IdRef(index)],
                ) if base == var && masks.contains_key(var) => {
                    if let Some(id) = inst.result_id {
                        chains.insert(id, (masks[var], *index));
                    }
                }
                _ => other_use = true,
            }
        }
        if other_use {
            return 0;
        }
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let lane_var = self.subgroup_lane_variable(uint);
        let size_var = self.builtin_input(BuiltIn::SubgroupSize, uint, "gl_SubgroupSize");
        let mut count = 0;
        self.rewrite_instructions(|l, inst, out| {
            let pointer = match inst.operands.first() {
                Some(Operand::IdRef(id)) => *id,
                _ => 0,
            };
            match (inst.class.opcode, inst.result_id) {
                (Op::AccessChain | Op::InBoundsAccessChain, Some(id))
                    if chains.contains_key(&id) => {}
                (Op::Load, Some(result)) if masks.contains_key(&pointer) => {
                    let mask = l.subgroup_mask(out, uint, lane_var, size_var, masks[&pointer]);
                    out.push(Instruction::new(
                        Op::CopyObject,
                        inst.result_type,
                        Some(result),
                        vec![Operand::IdRef(mask)],
                    ));
                    count += 1;
                }
                (Op::Load, Some(result)) if chains.contains_key(&pointer) => {
                    let (built_in, index) = chains[&pointer];
                    let mask = l.subgroup_mask(out, uint, lane_var, size_var, built_in);
                    out.push(Instruction::new(
                        Op::VectorExtractDynamic,
                        inst.result_type,
                        Some(result),
                        vec![Operand::IdRef(mask), Operand::IdRef(index)],
                    ));
                    count += 1;
                }
                _ => out.push(inst),
            }
        });
        let module = &mut self.module;
        let is_mask = |operands: &[Operand]| matches!(operands.first(), Some(Operand::IdRef(id)) if masks.contains_key(id));
        module
            .types_global_values
            .retain(|i| !i.result_id.is_some_and(|id| masks.contains_key(&id)));
        module.annotations.retain(|i| !is_mask(&i.operands));
        module.debug_names.retain(|i| !is_mask(&i.operands));
        for ep in &mut module.entry_points {
            ep.operands
                .retain(|o| !matches!(o, Operand::IdRef(id) if masks.contains_key(id)));
        }
        count
    }

    /// The mask `built_in` of the invocation, a `uvec4`.
    fn subgroup_mask(
        &mut self,
        out: &mut Vec<Instruction>,
        uint: Word,
        lane_var: Word,
        size_var: Word,
        built_in: BuiltIn,
    ) -> Word {
        let uvec4 = self.ensure_type(
            Op::TypeVector,
            vec![Operand::IdRef(uint), Operand::LiteralBit32(4)],
        );
        let lane = self.emit(out, Op::Load, uint, vec![lane_var]);
        let below = self.lanes_below(out, uint, lane);
        if built_in == BuiltIn::SubgroupLtMask {
            return below;
        }
        let one = self.uint_constant(uint, 1);
        let next = self.emit(out, Op::IAdd, uint, vec![lane, one]);
        let up_to = self.lanes_below(out, uint, next);
        match built_in {
            BuiltIn::SubgroupLeMask => up_to,
            BuiltIn::SubgroupEqMask => self.emit(out, Op::BitwiseXor, uvec4, vec![up_to, below]),
            _ => {
                let size = self.emit(out, Op::Load, uint, vec![size_var]);
                let in_subgroup = self.lanes_below(out, uint, size);
                let from = if built_in == BuiltIn::SubgroupGeMask {
                    below
                } else {
                    up_to
                };
                let above = self.emit(out, Op::Not, uvec4, vec![from]);
                self.emit(out, Op::BitwiseAnd, uvec4, vec![above, in_subgroup])
            }
        }
    }
}
