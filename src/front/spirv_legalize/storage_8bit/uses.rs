//! Which uses of 8-bit integers the rewrite cannot keep: each refused at
//! its instruction.

use std::collections::{HashMap, HashSet};

use rspirv::dr::Operand;
use rspirv::spirv::{Op, Word};

use super::{nth_instruction, untyped_result, Fate, Plan, WIDENING};
use crate::front::spirv_legalize::{id_operand, instruction_with_result, Legalizer};

impl Legalizer {
    /// Where a chain from `base` (of pointee `ty`) with `indices` ends:
    /// its pointee, and the last structure member it stepped into.
    fn chain_end(&self, mut ty: Word, indices: &[Operand]) -> (Option<Word>, Option<(Word, u32)>) {
        let mut member = None;
        for index in indices {
            let Some(inst) = self.global(ty) else {
                return (None, member);
            };
            ty = match inst.class.opcode {
                Op::TypeStruct => {
                    let Some(m) = id_operand(index).and_then(|i| self.constant_u32(i)) else {
                        return (None, member);
                    };
                    member = Some((ty, m));
                    match inst.operands.get(m as usize).and_then(id_operand) {
                        Some(t) => t,
                        None => return (None, member),
                    }
                }
                Op::TypeArray | Op::TypeRuntimeArray | Op::TypeVector | Op::TypeMatrix => {
                    match inst.operands.first().and_then(id_operand) {
                        Some(t) => t,
                        None => return (None, member),
                    }
                }
                _ => return (None, member),
            };
        }
        (Some(ty), member)
    }

    /// The indices of a chain from a pointer to `pointee` (`None` when
    /// it is already in 8-bit data) after the last structure member.
    fn indices_after_last_member<'a>(
        &self,
        pointee: Option<Word>,
        indices: &'a [Operand],
    ) -> &'a [Operand] {
        let Some(mut ty) = pointee else {
            return indices;
        };
        let mut after = 0;
        for (n, index) in indices.iter().enumerate() {
            let Some(inst) = self.global(ty) else { break };
            let next = match inst.class.opcode {
                Op::TypeStruct => {
                    after = n + 1;
                    id_operand(index)
                        .and_then(|i| self.constant_u32(i))
                        .and_then(|m| inst.operands.get(m as usize))
                        .and_then(id_operand)
                }
                _ => inst.operands.first().and_then(id_operand),
            };
            let Some(next) = next else { break };
            ty = next;
        }
        &indices[after..]
    }

    fn is_8bit_scalar_or_vector(&self, ty: Word) -> bool {
        self.global(ty).is_some_and(|i| match i.class.opcode {
            Op::TypeInt => i.operands.first() == Some(&Operand::LiteralBit32(8)),
            Op::TypeVector => i
                .operands
                .first()
                .and_then(id_operand)
                .is_some_and(|c| self.is_8bit_scalar_or_vector(c)),
            _ => false,
        })
    }

    /// Refuses, through `refuse`, every use of 8-bit data but loads of
    /// 8-bit scalars and vectors from buffers that are then widened.
    pub(super) fn refuse_8bit_uses(
        &self,
        words: &[u32],
        with_8bit: &HashSet<Word>,
        plan: &Plan,
        refuse: &mut dyn FnMut(Option<usize>, String),
    ) {
        let value_types = self.value_types();
        // Pointers into buffers holding 8-bit data, and what they point
        // at; those to 8-bit data; loaded 8-bit values.
        let mut pointers: HashMap<Word, String> = HashMap::new();
        for (variable, pointer) in self.global_variables() {
            if with_8bit.contains(&pointer) {
                let name = self
                    .names
                    .get(&variable)
                    .map_or_else(|| "a buffer".to_string(), |n| format!("`{n}`"));
                pointers.insert(variable, name);
            }
        }
        let mut byte_pointers = HashSet::new();
        let mut uniform_bytes = HashSet::new();
        let mut values: HashMap<Word, String> = HashMap::new();
        let mut seen: HashMap<Op, usize> = HashMap::new();
        // Results of refused instructions: their uses are not refused
        // again.
        let mut tainted: HashSet<Word> = HashSet::new();
        for inst in self.module.functions.iter().flat_map(|f| {
            f.parameters
                .iter()
                .chain(f.blocks.iter().flat_map(|b| &b.instructions))
        }) {
            let op = inst.class.opcode;
            let nth = {
                let n = seen.entry(op).or_insert(0);
                *n += 1;
                *n - 1
            };
            let at = || match (inst.result_type, inst.result_id) {
                (Some(_), Some(id)) => instruction_with_result(words, op, id),
                (None, Some(id)) => untyped_result(words, op, id),
                _ => nth_instruction(words, op, nth),
            };
            if inst
                .operands
                .iter()
                .filter_map(id_operand)
                .any(|id| tainted.contains(&id))
            {
                tainted.extend(inst.result_id);
                continue;
            }
            let first = inst.operands.first().and_then(id_operand);
            match op {
                Op::AccessChain | Op::InBoundsAccessChain
                    if first.is_some_and(|b| pointers.contains_key(&b)) =>
                {
                    let base = first.unwrap_or_default();
                    let pointee = value_types
                        .get(&base)
                        .and_then(|t| self.pointee(*t))
                        .map(|(_, t)| t);
                    let (end, member) = match pointee {
                        Some(t) => self.chain_end(t, &inst.operands[1..]),
                        None => (None, None),
                    };
                    let what = match member {
                        Some((s, m)) if end.is_some_and(|e| self.is_byte_data(e)) => {
                            self.described_member(s, m)
                        }
                        _ => pointers[&base].clone(),
                    };
                    let holds_8bit = inst.result_type.is_some_and(|t| with_8bit.contains(&t));
                    if let (true, Some(result)) = (holds_8bit, inst.result_id) {
                        let into_bytes = byte_pointers.contains(&base)
                            || member.is_some_and(|(s, m)| {
                                matches!(
                                    plan.structs.get(&s).map(|r| r.fates[m as usize]),
                                    Some(Fate::Bytes { .. })
                                )
                            });
                        if into_bytes {
                            byte_pointers.insert(result);
                            let uniform = uniform_bytes.contains(&base)
                                || member.is_some_and(|(s, _)| {
                                    plan.structs.get(&s).is_some_and(|r| r.uniform)
                                });
                            if uniform {
                                uniform_bytes.insert(result);
                                // The indices after the last member.
                                let after =
                                    self.indices_after_last_member(pointee, &inst.operands[1..]);
                                if after.iter().any(|i| {
                                    id_operand(i).is_none_or(|i| self.constant_u32(i).is_none())
                                }) {
                                    refuse(
                                        at(),
                                        format!("{what}, in a uniform block, is indexed dynamically: its words are members of their own there"),
                                    );
                                }
                            }
                        }
                        pointers.insert(result, what);
                    }
                    continue;
                }
                Op::Load if first.is_some_and(|p| pointers.contains_key(&p)) => {
                    let pointer = first.unwrap_or_default();
                    let what = pointers[&pointer].clone();
                    if byte_pointers.contains(&pointer)
                        && inst
                            .result_type
                            .is_some_and(|t| self.is_8bit_scalar_or_vector(t))
                    {
                        values.extend(inst.result_id.map(|r| (r, what)));
                    } else if let Some(ty) = inst.result_type.filter(|t| with_8bit.contains(t)) {
                        let loaded = self.names.get(&ty).map_or_else(
                            || "8-bit data".to_string(),
                            |n| format!("a `{n}`, which holds 8-bit integers,"),
                        );
                        refuse(
                            at(),
                            format!("{loaded} is loaded whole from {what}: only 8-bit scalars and vectors can be read, one at a time"),
                        );
                        tainted.extend(inst.result_id);
                    }
                    continue;
                }
                op if WIDENING.contains(&op)
                    && inst
                        .operands
                        .first()
                        .and_then(id_operand)
                        .is_some_and(|v| values.contains_key(&v))
                    && inst.result_type.is_some_and(|t| !with_8bit.contains(&t)) =>
                {
                    continue;
                }
                Op::ArrayLength if first.is_some_and(|p| pointers.contains_key(&p)) => {
                    let member = match inst.operands.get(1) {
                        Some(Operand::LiteralBit32(m)) => *m,
                        _ => 0,
                    };
                    let pointee = first
                        .and_then(|p| value_types.get(&p))
                        .and_then(|t| self.pointee(*t))
                        .map(|(_, t)| t);
                    if let Some(s) = pointee {
                        if matches!(
                            plan.structs.get(&s).map(|r| r.fates[member as usize]),
                            Some(Fate::Bytes { .. })
                        ) {
                            refuse(
                                at(),
                                format!("the length of {}, a runtime array of 8-bit integers, is taken: read as words, it has another length", self.described_member(s, member)),
                            );
                        }
                    }
                    continue;
                }
                _ => {}
            }
            let used = inst
                .operands
                .iter()
                .filter_map(id_operand)
                .find_map(|id| pointers.get(&id).or_else(|| values.get(&id)).cloned());
            let holds_8bit = inst.result_type.is_some_and(|t| with_8bit.contains(&t));
            if used.is_some() || holds_8bit {
                tainted.extend(inst.result_id);
            }
            match (op, used) {
                (Op::Variable, _) if holds_8bit => refuse(
                    at(),
                    format!(
                        "8-bit integers in the local variable {}: only storage and uniform buffers can hold them",
                        inst.result_id
                            .and_then(|v| self.names.get(&v))
                            .map_or_else(|| "(unnamed)".to_string(), |n| format!("`{n}`"))
                    ),
                ),
                (Op::Store, Some(what)) => refuse(
                    at(),
                    format!("store to the 8-bit {what}: only reads of 8-bit integers can be rewritten"),
                ),
                (_, Some(what)) => refuse(
                    at(),
                    format!("{what} is used by `Op{op:?}`: 8-bit integers can only be loaded and widened to 32 bits"),
                ),
                (_, None) if holds_8bit => refuse(
                    at(),
                    format!("an 8-bit integer value computed by `Op{op:?}`: only loads of 8-bit members of buffers widened to 32 bits can be rewritten"),
                ),
                _ => {}
            }
        }
    }
}
