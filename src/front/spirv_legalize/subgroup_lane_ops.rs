//! Subgroup operations naga's reader does not read, written with ones it
//! does and the invocation's lane: glslang's HLSL output of
//! `WaveIsFirstLane()` (`OpGroupNonUniformElect`), `WaveActiveCountBits`
//! and `WavePrefixCountBits` (`OpGroupNonUniformBallotBitCount`).
//!
//! - Elect: the lane is the first active one, `subgroupBroadcastFirst(lane)
//!   == lane`.
//! - Ballot bit count, `Reduce`: the bits set in the ballot, summed over
//!   its four words. `ExclusiveScan` (`InclusiveScan`): the same of the
//!   ballot masked to the lanes below (up to) this one; word `i` holds
//!   lanes `32 i` to `32 i + 31`.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{BuiltIn, Capability, Decoration, GroupOperation, Op, StorageClass, Word};

use super::Legalizer;

impl Legalizer {
    /// Rewrites every elect and ballot bit count; returns how many.
    pub(super) fn lower_subgroup_lane_ops(&mut self) -> usize {
        let wanted = |i: &Instruction| {
            matches!(
                i.class.opcode,
                Op::GroupNonUniformElect | Op::GroupNonUniformBallotBitCount
            )
        };
        if !self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .any(wanted)
        {
            return 0;
        }
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let lane_var = self.subgroup_lane_variable(uint);
        let mut count = 0;
        self.rewrite_instructions(|l, inst, new| {
            let (true, Some(result_type), Some(result)) =
                (wanted(&inst), inst.result_type, inst.result_id)
            else {
                new.push(inst);
                return;
            };
            let lane = l.fresh_id();
            let load_lane = Instruction::new(
                Op::Load,
                Some(uint),
                Some(lane),
                vec![Operand::IdRef(lane_var)],
            );
            if inst.class.opcode == Op::GroupNonUniformElect {
                // Elect needs only `GroupNonUniform`; a broadcast, more.
                l.require_capability(Capability::GroupNonUniformBallot);
                let first = l.fresh_id();
                new.push(load_lane);
                new.push(Instruction::new(
                    Op::GroupNonUniformBroadcastFirst,
                    Some(uint),
                    Some(first),
                    vec![inst.operands[0].clone(), Operand::IdRef(lane)],
                ));
                new.push(Instruction::new(
                    Op::IEqual,
                    Some(result_type),
                    Some(result),
                    vec![Operand::IdRef(first), Operand::IdRef(lane)],
                ));
                count += 1;
                return;
            }
            let (Some(Operand::GroupOperation(operation)), Some(Operand::IdRef(ballot))) =
                (inst.operands.get(1), inst.operands.get(2))
            else {
                new.push(inst);
                return;
            };
            new.push(load_lane);
            l.ballot_bit_count(new, *operation, *ballot, lane, (uint, result_type, result));
            count += 1;
        });
        count
    }

    /// Emits the bit count of `ballot` (a `uvec4`) for `operation`, into
    /// `result` of `result_type`.
    fn ballot_bit_count(
        &mut self,
        out: &mut Vec<Instruction>,
        operation: GroupOperation,
        ballot: Word,
        lane: Word,
        (uint, result_type, result): (Word, Word, Word),
    ) {
        let uvec4 = self.ensure_type(
            Op::TypeVector,
            vec![Operand::IdRef(uint), Operand::LiteralBit32(4)],
        );
        let counted = match operation {
            GroupOperation::InclusiveScan | GroupOperation::ExclusiveScan => {
                // Lanes counted: those below `edge`.
                let edge = if operation == GroupOperation::InclusiveScan {
                    let one = self.uint_constant(uint, 1);
                    self.emit(out, Op::IAdd, uint, vec![lane, one])
                } else {
                    lane
                };
                let mask = self.lanes_below(out, uint, edge);
                let masked = self.emit(out, Op::BitwiseAnd, uvec4, vec![ballot, mask]);
                self.emit(out, Op::BitCount, uvec4, vec![masked])
            }
            _ => self.emit(out, Op::BitCount, uvec4, vec![ballot]),
        };
        let mut sum = None;
        for i in 0..4 {
            let id = self.fresh_id();
            out.push(Instruction::new(
                Op::CompositeExtract,
                Some(uint),
                Some(id),
                vec![Operand::IdRef(counted), Operand::LiteralBit32(i)],
            ));
            sum = Some(match sum {
                None => id,
                Some(s) => {
                    let (ty, into) = if i == 3 {
                        (result_type, result)
                    } else {
                        (uint, self.fresh_id())
                    };
                    out.push(Instruction::new(
                        Op::IAdd,
                        Some(ty),
                        Some(into),
                        vec![Operand::IdRef(s), Operand::IdRef(id)],
                    ));
                    into
                }
            });
        }
    }

    /// The ballot (a `uvec4`) of the lanes below `edge`: word `i` holds
    /// lanes `32 i` to `32 i + 31`.
    pub(super) fn lanes_below(
        &mut self,
        out: &mut Vec<Instruction>,
        uint: Word,
        edge: Word,
    ) -> Word {
        let uvec4 = self.ensure_type(
            Op::TypeVector,
            vec![Operand::IdRef(uint), Operand::LiteralBit32(4)],
        );
        let boolean = self.ensure_type(Op::TypeBool, vec![]);
        let bvec4 = self.ensure_type(
            Op::TypeVector,
            vec![Operand::IdRef(boolean), Operand::LiteralBit32(4)],
        );
        let splat = |l: &mut Self, value: u32| {
            let c = l.uint_constant(uint, value);
            l.constant_composite(uvec4, &[c; 4])
        };
        let word_of = |l: &mut Self, offset: u32| {
            let words: Vec<Word> = (0..4)
                .map(|i| l.uint_constant(uint, 32 * i + offset))
                .collect();
            l.constant_composite(uvec4, &words)
        };
        let first_lanes = word_of(self, 0);
        let past_lanes = word_of(self, 32);
        let zeros = splat(self, 0);
        let ones = splat(self, 1);
        let all = splat(self, u32::MAX);
        let edges = self.emit(out, Op::CompositeConstruct, uvec4, vec![edge; 4]);
        let below = self.emit(out, Op::ULessThan, bvec4, vec![edges, first_lanes]);
        let beyond = self.emit(out, Op::UGreaterThanEqual, bvec4, vec![edges, past_lanes]);
        let shift = self.emit(out, Op::ISub, uvec4, vec![edges, first_lanes]);
        let bit = self.emit(out, Op::ShiftLeftLogical, uvec4, vec![ones, shift]);
        let partial = self.emit(out, Op::ISub, uvec4, vec![bit, ones]);
        let upper = self.emit(out, Op::Select, uvec4, vec![beyond, all, partial]);
        self.emit(out, Op::Select, uvec4, vec![below, zeros, upper])
    }

    /// The input variable of the invocation's lane in its subgroup: the
    /// module's own, or one added to every entry point.
    pub(super) fn subgroup_lane_variable(&mut self, uint: Word) -> Word {
        self.builtin_input(
            BuiltIn::SubgroupLocalInvocationId,
            uint,
            "gl_SubgroupInvocationID",
        )
    }

    /// The input variable of `built_in`, of type `ty`: the module's own,
    /// or one named `name` added to every entry point.
    pub(super) fn builtin_input(&mut self, built_in: BuiltIn, ty: Word, name: &str) -> Word {
        let pointer = self.pointer_type(StorageClass::Input, ty);
        let existing = self
            .module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable && i.result_type == Some(pointer))
            .filter_map(|i| i.result_id)
            .find(|&v| {
                self.decorations(v)
                    .any(|d| d.operands.get(2) == Some(&Operand::BuiltIn(built_in)))
            });
        if let Some(var) = existing {
            return var;
        }
        let var = self.fresh_id();
        let variable = Instruction::new(
            Op::Variable,
            Some(pointer),
            Some(var),
            vec![Operand::StorageClass(StorageClass::Input)],
        );
        let position = self.position_after_operands(&variable).max(
            self.module
                .types_global_values
                .iter()
                .position(|i| i.result_id == Some(pointer))
                .map_or(0, |p| p + 1),
        );
        self.module.types_global_values.insert(position, variable);
        self.module.annotations.push(Instruction::new(
            Op::Decorate,
            None,
            None,
            vec![
                Operand::IdRef(var),
                Operand::Decoration(Decoration::BuiltIn),
                Operand::BuiltIn(built_in),
            ],
        ));
        self.module.debug_names.push(Instruction::new(
            Op::Name,
            None,
            None,
            vec![Operand::IdRef(var), Operand::LiteralString(name.into())],
        ));
        for ep in &mut self.module.entry_points {
            ep.operands.push(Operand::IdRef(var));
        }
        var
    }

    pub(super) fn uint_constant(&mut self, uint: Word, value: u32) -> Word {
        self.constant(Op::Constant, uint, vec![Operand::LiteralBit32(value)])
    }

    fn constant_composite(&mut self, ty: Word, parts: &[Word]) -> Word {
        let operands = parts.iter().map(|&p| Operand::IdRef(p)).collect();
        self.constant(Op::ConstantComposite, ty, operands)
    }

    /// The id of a constant of `ty` with `operands`, declared after its
    /// type and parts where the module has none.
    pub(super) fn constant(&mut self, op: Op, ty: Word, operands: Vec<Operand>) -> Word {
        if let Some(existing) = self
            .module
            .types_global_values
            .iter()
            .find(|i| i.class.opcode == op && i.result_type == Some(ty) && i.operands == operands)
            .and_then(|i| i.result_id)
        {
            return existing;
        }
        let id = self.fresh_id();
        let mut inst = Instruction::new(op, Some(ty), Some(id), operands);
        let mut position = self.position_after_operands(&inst);
        inst.operands.push(Operand::IdRef(ty));
        position = position.max(self.position_after_operands(&inst));
        inst.operands.pop();
        self.module.types_global_values.insert(position, inst);
        id
    }
}
