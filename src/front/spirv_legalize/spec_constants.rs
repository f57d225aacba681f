//! Specialization constants naga cannot keep as overrides (operands of
//! `OpSpecConstantOp`, array lengths) fixed at their default values, and
//! the `LocalSize` execution mode kept in step with a fixed
//! `WorkgroupSize` constant.

use std::collections::{HashMap, HashSet};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, Op, Word};

use super::{id_operand, FrozenSpecConstant, Legalizer};

impl Legalizer {
    fn builtin_of(&self, id: Word) -> Option<rspirv::spirv::BuiltIn> {
        self.decorations(id).find_map(|i| match i.operands.get(2) {
            Some(Operand::BuiltIn(b)) => Some(*b),
            _ => None,
        })
    }

    /// A constant decorated `WorkgroupSize` takes precedence over the
    /// `LocalSize` execution mode, which naga reads: once the constant is
    /// fixed, the mode says the same.
    fn workgroup_size_to_local_size(&mut self) {
        let Some(size) = self
            .module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::ConstantComposite)
            .find(|i| {
                i.result_id.is_some_and(|id| {
                    self.builtin_of(id) == Some(rspirv::spirv::BuiltIn::WorkgroupSize)
                })
            })
        else {
            return;
        };
        let values: Option<Vec<u32>> = size
            .operands
            .iter()
            .map(|o| {
                let c = self.global(id_operand(o)?)?;
                match (c.class.opcode, c.operands.first()) {
                    (Op::Constant, Some(Operand::LiteralBit32(v))) => Some(*v),
                    _ => None,
                }
            })
            .collect();
        let Some(values) = values.filter(|v| v.len() == 3) else {
            return;
        };
        for mode in &mut self.module.execution_modes {
            if mode.class.opcode == Op::ExecutionMode
                && mode.operands.get(1)
                    == Some(&Operand::ExecutionMode(
                        rspirv::spirv::ExecutionMode::LocalSize,
                    ))
            {
                mode.operands.truncate(2);
                mode.operands
                    .extend(values.iter().map(|&v| Operand::LiteralBit32(v)));
            }
        }
    }

    pub(super) fn freeze_spec_constants(&mut self) -> Vec<FrozenSpecConstant> {
        let is_spec = |op: Op| {
            matches!(
                op,
                Op::SpecConstant
                    | Op::SpecConstantTrue
                    | Op::SpecConstantFalse
                    | Op::SpecConstantComposite
                    | Op::SpecConstantOp
            )
        };
        let spec: HashMap<Word, Op> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| is_spec(i.class.opcode))
            .filter_map(|i| Some((i.result_id?, i.class.opcode)))
            .collect();
        if spec.is_empty() {
            return Vec::new();
        }
        let mut reasons: HashMap<Word, &'static str> = HashMap::new();
        let mut work: Vec<Word> = Vec::new();
        for i in &self.module.types_global_values {
            if i.class.opcode == Op::TypeArray {
                if let Some(length) = i.operands.get(1).and_then(id_operand) {
                    if spec.contains_key(&length)
                        && reasons.insert(length, "an array length").is_none()
                    {
                        work.push(length);
                    }
                }
            }
            // naga reads a composite as a constant, which may not hold
            // overrides; the workgroup size it takes from `LocalSize`.
            if i.class.opcode == Op::SpecConstantComposite {
                if let Some(id) = i.result_id {
                    let reason =
                        if self.builtin_of(id) == Some(rspirv::spirv::BuiltIn::WorkgroupSize) {
                            "the workgroup size"
                        } else {
                            "a member of a composite constant"
                        };
                    if reasons.insert(id, reason).is_none() {
                        work.push(id);
                    }
                }
            }
            if i.class.opcode == Op::SpecConstantOp {
                if let Some(id) = i.result_id {
                    if reasons
                        .insert(id, "an operand of a specialization-constant expression")
                        .is_none()
                    {
                        work.push(id);
                    }
                }
            }
        }
        while let Some(id) = work.pop() {
            let Some(inst) = self.global(id) else {
                continue;
            };
            let operands: Vec<Word> = inst
                .operands
                .iter()
                .filter_map(id_operand)
                .filter(|o| spec.contains_key(o))
                .collect();
            let reason = reasons[&id];
            for operand in operands {
                if let std::collections::hash_map::Entry::Vacant(e) = reasons.entry(operand) {
                    e.insert(
                        if reason == "an operand of a specialization-constant expression"
                            || spec[&id] == Op::SpecConstantOp
                        {
                            "an operand of a specialization-constant expression"
                        } else {
                            reason
                        },
                    );
                    work.push(operand);
                }
            }
        }
        let mut frozen = Vec::new();
        let mut spec_ids_dropped = HashSet::new();
        let kinds: HashMap<Word, ScalarKind> = self
            .module
            .types_global_values
            .iter()
            .filter_map(|i| Some((i.result_id?, scalar_kind(i)?)))
            .collect();
        for inst in &mut self.module.types_global_values {
            let Some(id) = inst.result_id else { continue };
            let Some(&reason) = reasons.get(&id) else {
                continue;
            };
            let constant = match inst.class.opcode {
                Op::SpecConstant => Op::Constant,
                Op::SpecConstantTrue => Op::ConstantTrue,
                Op::SpecConstantFalse => Op::ConstantFalse,
                Op::SpecConstantComposite => Op::ConstantComposite,
                // Folded once its operands are constants.
                _ => continue,
            };
            inst.class = rspirv::grammar::CoreInstructionTable::get(constant);
            spec_ids_dropped.insert(id);
            if constant == Op::ConstantComposite {
                continue;
            }
            let value = match (constant, inst.operands.first()) {
                (Op::ConstantTrue, _) => "true".to_string(),
                (Op::ConstantFalse, _) => "false".to_string(),
                (_, Some(Operand::LiteralBit32(v))) => {
                    let ty = inst.result_type.unwrap_or(0);
                    literal_text(*v, kinds.get(&ty).copied().unwrap_or(ScalarKind::Unsigned))
                }
                (_, Some(other)) => format!("{other}"),
                (_, None) => String::new(),
            };
            frozen.push((id, value, reason));
        }
        let mut out = Vec::new();
        for (id, value, reason) in frozen {
            let spec_id = self.decoration_value(id, Decoration::SpecId);
            out.push(FrozenSpecConstant {
                name: self.names.get(&id).cloned(),
                spec_id,
                value,
                reason,
            });
        }
        self.workgroup_size_to_local_size();
        self.module.annotations.retain(|i| {
            !(i.class.opcode == Op::Decorate
                && i.operands.get(1) == Some(&Operand::Decoration(Decoration::SpecId))
                && i.operands
                    .first()
                    .and_then(id_operand)
                    .is_some_and(|t| spec_ids_dropped.contains(&t)))
        });
        out
    }
}

#[derive(Clone, Copy)]
enum ScalarKind {
    Float,
    Signed,
    Unsigned,
}

fn scalar_kind(ty: &Instruction) -> Option<ScalarKind> {
    match ty.class.opcode {
        Op::TypeFloat => Some(ScalarKind::Float),
        Op::TypeInt if ty.operands.get(1) == Some(&Operand::LiteralBit32(1)) => {
            Some(ScalarKind::Signed)
        }
        Op::TypeInt => Some(ScalarKind::Unsigned),
        _ => None,
    }
}

fn literal_text(bits: u32, kind: ScalarKind) -> String {
    match kind {
        ScalarKind::Float => format!("{}", f32::from_bits(bits)),
        ScalarKind::Signed => format!("{}", bits as i32),
        ScalarKind::Unsigned => format!("{bits}"),
    }
}
