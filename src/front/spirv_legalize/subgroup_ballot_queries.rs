//! Subgroup operations on ballots and values that naga's reader does not
//! read (GLSL's `subgroupBallotBitExtract`, `subgroupInverseBallot`,
//! `subgroupBallotFindLSB`/`FindMSB`, `subgroupAllEqual`; HLSL's
//! `WaveActiveAllEqual`), written with operations it does. A ballot is
//! four words; word `i` holds lanes `32 i` to `32 i + 31`.
//!
//! - Bit extract of lane `n`: bit `n % 32` of word `n / 32`; inverse
//!   ballot: the bit of the invocation's own lane.
//! - Find LSB (MSB): the lowest (highest) set bit of the first (last)
//!   word that has one, plus 32 for each word before it
//!   (`GLSL.std.450` `FindILsb`, `FindUMsb`).
//! - All equal: `subgroupAll(value == subgroupBroadcastFirst(value))`.

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Capability, GLOp, Op, Word};

use super::Legalizer;

impl Legalizer {
    /// Rewrites every such operation; returns how many.
    pub(super) fn lower_subgroup_ballot_queries(&mut self) -> usize {
        let wanted = |op: Op| {
            matches!(
                op,
                Op::GroupNonUniformBallotBitExtract
                    | Op::GroupNonUniformInverseBallot
                    | Op::GroupNonUniformBallotFindLSB
                    | Op::GroupNonUniformBallotFindMSB
                    | Op::GroupNonUniformAllEqual
            )
        };
        let present: Vec<Op> = self
            .module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .map(|i| i.class.opcode)
            .filter(|&op| wanted(op))
            .collect();
        if present.is_empty() {
            return 0;
        }
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let lane_var = present
            .contains(&Op::GroupNonUniformInverseBallot)
            .then(|| self.subgroup_lane_variable(uint));
        let glsl = present
            .iter()
            .any(|op| {
                matches!(
                    op,
                    Op::GroupNonUniformBallotFindLSB | Op::GroupNonUniformBallotFindMSB
                )
            })
            .then(|| self.glsl_std_450());
        let value_types = self.value_types();
        let mut count = 0;
        self.rewrite_instructions(|l, inst, out| {
            let (true, Some(result_type), Some(result)) =
                (wanted(inst.class.opcode), inst.result_type, inst.result_id)
            else {
                out.push(inst);
                return;
            };
            let id = |n: usize| match inst.operands.get(n) {
                Some(Operand::IdRef(id)) => *id,
                _ => 0,
            };
            let scope = inst.operands[0].clone();
            count += 1;
            match inst.class.opcode {
                Op::GroupNonUniformBallotBitExtract => {
                    l.ballot_bit(out, uint, id(1), id(2), (result_type, result));
                }
                Op::GroupNonUniformInverseBallot => {
                    let lane = l.emit(out, Op::Load, uint, vec![lane_var.unwrap_or(0)]);
                    l.ballot_bit(out, uint, id(1), lane, (result_type, result));
                }
                Op::GroupNonUniformBallotFindLSB | Op::GroupNonUniformBallotFindMSB => {
                    let lowest = inst.class.opcode == Op::GroupNonUniformBallotFindLSB;
                    l.ballot_find_bit(out, uint, glsl.unwrap_or(0), id(1), lowest, result);
                }
                _ => {
                    let value = id(1);
                    let Some(&ty) = value_types.get(&value) else {
                        count -= 1;
                        out.push(inst);
                        return;
                    };
                    l.require_capability(Capability::GroupNonUniformBallot);
                    let same = l.equal_to_first(out, &scope, ty, value, result_type);
                    out.push(Instruction::new(
                        Op::GroupNonUniformAll,
                        Some(result_type),
                        Some(result),
                        vec![scope, Operand::IdRef(same)],
                    ));
                }
            }
        });
        count
    }

    /// Whether bit `lane` of `ballot` is set, into `result` (a bool).
    fn ballot_bit(
        &mut self,
        out: &mut Vec<Instruction>,
        uint: Word,
        ballot: Word,
        lane: Word,
        (result_type, result): (Word, Word),
    ) {
        let five = self.uint_constant(uint, 5);
        let low_bits = self.uint_constant(uint, 31);
        let one = self.uint_constant(uint, 1);
        let zero = self.uint_constant(uint, 0);
        let word_index = self.emit(out, Op::ShiftRightLogical, uint, vec![lane, five]);
        let word = self.emit(
            out,
            Op::VectorExtractDynamic,
            uint,
            vec![ballot, word_index],
        );
        let bit_index = self.emit(out, Op::BitwiseAnd, uint, vec![lane, low_bits]);
        let shifted = self.emit(out, Op::ShiftRightLogical, uint, vec![word, bit_index]);
        let bit = self.emit(out, Op::BitwiseAnd, uint, vec![shifted, one]);
        out.push(Instruction::new(
            Op::INotEqual,
            Some(result_type),
            Some(result),
            vec![Operand::IdRef(bit), Operand::IdRef(zero)],
        ));
    }

    /// The lowest (or highest) set bit of `ballot`, into `result` (a
    /// `uint`).
    fn ballot_find_bit(
        &mut self,
        out: &mut Vec<Instruction>,
        uint: Word,
        glsl: Word,
        ballot: Word,
        lowest: bool,
        result: Word,
    ) {
        let boolean = self.ensure_type(Op::TypeBool, vec![]);
        let zero = self.uint_constant(uint, 0);
        let words: Vec<Word> = (0..4)
            .map(|i| {
                let id = self.fresh_id();
                out.push(Instruction::new(
                    Op::CompositeExtract,
                    Some(uint),
                    Some(id),
                    vec![Operand::IdRef(ballot), Operand::LiteralBit32(i)],
                ));
                id
            })
            .collect();
        let bit_in = |l: &mut Self, out: &mut Vec<Instruction>, i: usize| -> (Word, Word) {
            let found = l.fresh_id();
            let instruction = if lowest {
                GLOp::FindILsb
            } else {
                GLOp::FindUMsb
            };
            out.push(Instruction::new(
                Op::ExtInst,
                Some(uint),
                Some(found),
                vec![
                    Operand::IdRef(glsl),
                    Operand::LiteralExtInstInteger(instruction as u32),
                    Operand::IdRef(words[i]),
                ],
            ));
            let offset = l.uint_constant(uint, 32 * i as u32);
            let at = l.emit(out, Op::IAdd, uint, vec![found, offset]);
            let set = l.emit(out, Op::INotEqual, boolean, vec![words[i], zero]);
            (at, set)
        };
        // From the word searched last to the one searched first, each
        // taking the place of those after it where it has a bit set.
        let order: Vec<usize> = if lowest {
            vec![3, 2, 1, 0]
        } else {
            vec![0, 1, 2, 3]
        };
        let (mut chosen, _) = bit_in(self, out, order[0]);
        for (n, &i) in order.iter().enumerate().skip(1) {
            let (at, set) = bit_in(self, out, i);
            let into = if n == 3 { result } else { self.fresh_id() };
            out.push(Instruction::new(
                Op::Select,
                Some(uint),
                Some(into),
                vec![
                    Operand::IdRef(set),
                    Operand::IdRef(at),
                    Operand::IdRef(chosen),
                ],
            ));
            chosen = into;
        }
    }

    /// Whether `value` (of `ty`: a scalar or vector of integers, floats or
    /// booleans) equals the first active lane's, as one boolean. Vectors
    /// are broadcast component by component: llvmpipe (Mesa 22) fails to
    /// compile a broadcast of a vector.
    fn equal_to_first(
        &mut self,
        out: &mut Vec<Instruction>,
        scope: &Operand,
        ty: Word,
        value: Word,
        boolean: Word,
    ) -> Word {
        let vector = self.global(ty).and_then(|i| {
            match (i.class.opcode, i.operands.first(), i.operands.get(1)) {
                (Op::TypeVector, Some(Operand::IdRef(c)), Some(Operand::LiteralBit32(n))) => {
                    Some((*c, *n))
                }
                _ => None,
            }
        });
        let (component, count) = vector.unwrap_or((ty, 0));
        let compare = match self.global(component).map(|i| i.class.opcode) {
            Some(Op::TypeFloat) => Op::FOrdEqual,
            Some(Op::TypeBool) => Op::LogicalEqual,
            _ => Op::IEqual,
        };
        let equal_component = |l: &mut Self, out: &mut Vec<Instruction>, part: Word| {
            let first = l.fresh_id();
            out.push(Instruction::new(
                Op::GroupNonUniformBroadcastFirst,
                Some(component),
                Some(first),
                vec![scope.clone(), Operand::IdRef(part)],
            ));
            l.emit(out, compare, boolean, vec![part, first])
        };
        if vector.is_none() {
            return equal_component(self, out, value);
        }
        let mut all = None;
        for k in 0..count {
            let part = self.fresh_id();
            out.push(Instruction::new(
                Op::CompositeExtract,
                Some(component),
                Some(part),
                vec![Operand::IdRef(value), Operand::LiteralBit32(k)],
            ));
            let same = equal_component(self, out, part);
            all = Some(match all {
                None => same,
                Some(before) => self.emit(out, Op::LogicalAnd, boolean, vec![before, same]),
            });
        }
        all.unwrap_or(value)
    }

    /// The id of the `GLSL.std.450` instruction set, imported where the
    /// module does not.
    pub(super) fn glsl_std_450(&mut self) -> Word {
        let existing = self.module.ext_inst_imports.iter().find_map(|i| {
            match (i.result_id, i.operands.first()) {
                (Some(id), Some(Operand::LiteralString(name))) if name == "GLSL.std.450" => {
                    Some(id)
                }
                _ => None,
            }
        });
        existing.unwrap_or_else(|| {
            let id = self.fresh_id();
            self.module.ext_inst_imports.push(Instruction::new(
                Op::ExtInstImport,
                None,
                Some(id),
                vec![Operand::LiteralString("GLSL.std.450".into())],
            ));
            id
        })
    }

    /// Appends `op` of `ty` on `operands` to `out`; returns its result.
    pub(super) fn emit(
        &mut self,
        out: &mut Vec<Instruction>,
        op: Op,
        ty: Word,
        operands: Vec<Word>,
    ) -> Word {
        let id = self.fresh_id();
        out.push(Instruction::new(
            op,
            Some(ty),
            Some(id),
            operands.into_iter().map(Operand::IdRef).collect(),
        ));
        id
    }
}
