//! Specialization constants naga cannot keep as overrides (operands of
//! `OpSpecConstantOp`, array lengths) fixed at the value the host gives
//! them (`--override`) or else their defaults, and the `LocalSize`
//! execution mode kept in step with a fixed `WorkgroupSize` constant.

use std::collections::{BTreeMap, HashMap, HashSet};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, Op, Word};

use super::{id_operand, instruction_with_result, FrozenSpecConstant, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

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

    pub(super) fn freeze_spec_constants(
        &mut self,
        words: &[u32],
        overrides: &BTreeMap<String, f64>,
    ) -> Result<Vec<FrozenSpecConstant>, Vec<Refusal>> {
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
            return Ok(Vec::new());
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
        // The host's values, as the literal (or `true`/`false`) each
        // constant takes instead of its default.
        let mut given: HashMap<Word, (Op, Vec<Operand>)> = HashMap::new();
        for inst in &self.module.types_global_values {
            let Some(id) = inst.result_id.filter(|id| reasons.contains_key(id)) else {
                continue;
            };
            if !matches!(
                inst.class.opcode,
                Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse
            ) {
                continue;
            }
            let Some((key, value)) = self.given_value(id, overrides) else {
                continue;
            };
            let kind = inst.result_type.and_then(|t| kinds.get(&t).copied());
            let constant = match (inst.class.opcode, kind, &inst.operands[..]) {
                (Op::SpecConstantTrue | Op::SpecConstantFalse, ..) => Some(if value != 0.0 {
                    (Op::ConstantTrue, Vec::new())
                } else {
                    (Op::ConstantFalse, Vec::new())
                }),
                (_, Some(kind), [Operand::LiteralBit32(_)]) => literal_of_override(value, kind)
                    .map(|bits| (Op::Constant, vec![Operand::LiteralBit32(bits)])),
                _ => None,
            };
            let Some(constant) = constant else {
                let name = self.names.get(&id).map_or_else(
                    || "a specialization constant".to_string(),
                    |n| format!("specialization constant `{n}`"),
                );
                let kind = match kind {
                    Some(ScalarKind::Float) => "a 32-bit float",
                    Some(ScalarKind::Signed) => "a 32-bit int",
                    Some(ScalarKind::Unsigned) => "a 32-bit uint",
                    None => "of a type whose values --override does not give",
                };
                return Err(vec![Refusal {
                    diagnostic: Diagnostic::error(format!(
                        "--override {key}={value}: {name} is {kind}, which cannot take {value}"
                    ))
                    .with_code(shaderxform_passes::codes::OPTIONS_OVERRIDE),
                    instruction: instruction_with_result(words, inst.class.opcode, id),
                    label: "declared here",
                }]);
            };
            given.insert(id, constant);
        }
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
            let overridden = match given.remove(&id) {
                Some((op, operands)) => {
                    inst.operands = operands;
                    inst.class = rspirv::grammar::CoreInstructionTable::get(op);
                    true
                }
                None => {
                    inst.class = rspirv::grammar::CoreInstructionTable::get(constant);
                    false
                }
            };
            let constant = inst.class.opcode;
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
            frozen.push((id, value, reason, overridden));
        }
        let mut out = Vec::new();
        for (id, value, reason, overridden) in frozen {
            let spec_id = self.decoration_value(id, Decoration::SpecId);
            out.push(FrozenSpecConstant {
                name: self.names.get(&id).cloned(),
                spec_id,
                value,
                reason,
                overridden,
            });
        }
        self.workgroup_size_to_local_size();
        self.remove_spec_ids(|id| spec_ids_dropped.contains(&id));
        Ok(out)
    }

    /// Removes the `SpecId` decorations of the constants `fixed` says
    /// are constants now: a host can no longer specialize them.
    pub(super) fn remove_spec_ids(&mut self, fixed: impl Fn(Word) -> bool) {
        self.module.annotations.retain(|i| {
            !(i.class.opcode == Op::Decorate
                && i.operands.get(1) == Some(&Operand::Decoration(Decoration::SpecId))
                && i.operands.first().and_then(id_operand).is_some_and(&fixed))
        });
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum ScalarKind {
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

/// The 32-bit literal an `--override` value gives a constant of `kind`;
/// `None` where the type cannot hold it (a fraction, or out of range, for
/// an integer; a value beyond `f32` for a float).
pub(super) fn literal_of_override(value: f64, kind: ScalarKind) -> Option<u32> {
    let integral = value.fract() == 0.0;
    match kind {
        ScalarKind::Float => {
            let narrowed = value as f32;
            narrowed.is_finite().then_some(narrowed.to_bits())
        }
        ScalarKind::Signed => (integral
            && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&value))
        .then_some(value as i32 as u32),
        ScalarKind::Unsigned => {
            (integral && (0.0..=f64::from(u32::MAX)).contains(&value)).then_some(value as u32)
        }
    }
}

fn literal_text(bits: u32, kind: ScalarKind) -> String {
    match kind {
        ScalarKind::Float => format!("{}", f32::from_bits(bits)),
        ScalarKind::Signed => format!("{}", bits as i32),
        ScalarKind::Unsigned => format!("{bits}"),
    }
}
