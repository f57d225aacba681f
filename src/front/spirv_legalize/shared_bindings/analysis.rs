//! What the choice between resources on one binding reads of the module:
//! the resources and their bindings, which variables the code an entry
//! point reaches uses, with the branches that fixed specialization
//! constants decide taken one way, and the values of the constant
//! expressions that decide them.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};

use super::super::{id_operand, Legalizer};

/// The value of a boolean or 32-bit integer constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Value {
    Bool(bool),
    Int(u32),
}

/// A function's blocks, by label, and what each branches to.
pub(super) struct FunctionCfg<'m> {
    blocks: Vec<&'m [Instruction]>,
    by_label: HashMap<Word, usize>,
}

/// What the analysis reads of the module, computed once.
pub(super) struct Analysis<'m> {
    /// The module's types, constants and global variables, by id.
    pub globals: HashMap<Word, &'m Instruction>,
    functions: HashMap<Word, FunctionCfg<'m>>,
    /// Resource variables and their `(set, binding)`.
    resources: HashMap<Word, (u32, u32)>,
    /// The value each specialization constant the analysis fixes takes:
    /// the host's, or its default.
    pub values: HashMap<Word, Value>,
}

/// A binding one entry point's variables share.
pub(super) struct Conflict {
    pub entry_point: String,
    pub function: Word,
    pub binding: (u32, u32),
    pub variables: Vec<Word>,
}

impl Analysis<'_> {
    /// The specialization constants (booleans and 32-bit integers) that
    /// `id`, a constant expression, is computed from; `None` where it is
    /// not a constant expression the analysis evaluates.
    pub(super) fn leaves(&self, id: Word, depth: usize) -> Option<BTreeSet<Word>> {
        let inst = self.globals.get(&id)?;
        match inst.class.opcode {
            Op::SpecConstantTrue | Op::SpecConstantFalse => Some(BTreeSet::from([id])),
            Op::SpecConstant if self.int32(inst.result_type?).is_some() => {
                Some(BTreeSet::from([id]))
            }
            Op::ConstantTrue | Op::ConstantFalse => Some(BTreeSet::new()),
            Op::Constant if self.int32(inst.result_type?).is_some() => Some(BTreeSet::new()),
            Op::SpecConstantOp if depth < 64 => {
                let mut leaves = BTreeSet::new();
                for operand in inst.operands.iter().skip(1) {
                    leaves.extend(self.leaves(id_operand(operand)?, depth + 1)?);
                }
                Some(leaves)
            }
            _ => None,
        }
    }

    /// Whether `ty` is a 32-bit integer type, and its signedness.
    pub(super) fn int32(&self, ty: Word) -> Option<bool> {
        let inst = self.globals.get(&ty)?;
        match (inst.class.opcode, &inst.operands[..]) {
            (Op::TypeInt, [Operand::LiteralBit32(32), Operand::LiteralBit32(signed)]) => {
                Some(*signed == 1)
            }
            _ => None,
        }
    }

    /// The value of `id` with the constants of `fixed` at their values;
    /// `None` where it depends on another specialization constant or
    /// holds an operation the analysis does not evaluate.
    fn evaluate(&self, id: Word, fixed: &BTreeSet<Word>, depth: usize) -> Option<Value> {
        if fixed.contains(&id) {
            return self.values.get(&id).copied();
        }
        let inst = self.globals.get(&id)?;
        match inst.class.opcode {
            Op::ConstantTrue => Some(Value::Bool(true)),
            Op::ConstantFalse => Some(Value::Bool(false)),
            Op::Constant => match inst.operands.first() {
                Some(Operand::LiteralBit32(v)) if self.int32(inst.result_type?).is_some() => {
                    Some(Value::Int(*v))
                }
                _ => None,
            },
            Op::SpecConstantOp if depth < 64 => {
                let Some(Operand::LiteralSpecConstantOpInteger(op)) = inst.operands.first() else {
                    return None;
                };
                let args: Option<Vec<Value>> = inst.operands[1..]
                    .iter()
                    .map(|o| self.evaluate(id_operand(o)?, fixed, depth + 1))
                    .collect();
                apply(*op, &args?)
            }
            _ => None,
        }
    }

    /// The condition of a branch as the fixed constants decide it: `None`
    /// where no fixed constant is among what it is computed from, or
    /// another specialization constant is.
    fn decided(&self, condition: Word, fixed: &BTreeSet<Word>) -> Option<Value> {
        let leaves = self.leaves(condition, 0)?;
        if leaves.is_empty() || !leaves.is_subset(fixed) {
            return None;
        }
        self.evaluate(condition, fixed, 0)
    }

    /// The blocks a terminator may go to, with `fixed` deciding the
    /// branches on them.
    fn successors(&self, terminator: &Instruction, fixed: &BTreeSet<Word>) -> Vec<Word> {
        let ids: Vec<Word> = terminator.operands.iter().filter_map(id_operand).collect();
        match terminator.class.opcode {
            Op::Branch => ids,
            Op::BranchConditional if ids.len() >= 3 => match self.decided(ids[0], fixed) {
                Some(Value::Bool(true)) => vec![ids[1]],
                Some(Value::Bool(false)) => vec![ids[2]],
                _ => ids[1..3].to_vec(),
            },
            Op::Switch => {
                let Some(&selector) = ids.first() else {
                    return Vec::new();
                };
                let default = ids.get(1).copied();
                // Literal, label pairs after the selector and default.
                let cases: Vec<(u32, Word)> = terminator.operands[2..]
                    .chunks(2)
                    .filter_map(|pair| match pair {
                        [Operand::LiteralBit32(v), Operand::IdRef(label)] => Some((*v, *label)),
                        _ => None,
                    })
                    .collect();
                match self.decided(selector, fixed) {
                    Some(Value::Int(v)) => cases
                        .iter()
                        .find(|(literal, _)| *literal == v)
                        .map(|(_, label)| *label)
                        .or(default)
                        .into_iter()
                        .collect(),
                    _ => default
                        .into_iter()
                        .chain(cases.iter().map(|(_, label)| *label))
                        .collect(),
                }
            }
            _ => Vec::new(),
        }
    }

    /// What the code an entry point reaches with `fixed` deciding its
    /// branches references: the ids its instructions use, and the
    /// conditions of the branches left undecided that are computed from
    /// specialization constants.
    fn reached(&self, entry: Word, fixed: &BTreeSet<Word>) -> (HashSet<Word>, BTreeSet<Word>) {
        let mut used = HashSet::new();
        let mut spec_conditions = BTreeSet::new();
        let mut functions = vec![entry];
        let mut seen_functions = HashSet::from([entry]);
        while let Some(function) = functions.pop() {
            let Some(cfg) = self.functions.get(&function) else {
                continue;
            };
            let mut blocks = vec![0usize];
            let mut seen = HashSet::from([0usize]);
            while let Some(b) = blocks.pop() {
                let Some(instructions) = cfg.blocks.get(b) else {
                    continue;
                };
                for inst in instructions.iter() {
                    used.extend(inst.operands.iter().filter_map(id_operand));
                    if inst.class.opcode == Op::FunctionCall {
                        if let Some(callee) = inst.operands.first().and_then(id_operand) {
                            if seen_functions.insert(callee) {
                                functions.push(callee);
                            }
                        }
                    }
                }
                let Some(terminator) = instructions.last() else {
                    continue;
                };
                if matches!(terminator.class.opcode, Op::BranchConditional | Op::Switch) {
                    if let Some(condition) = terminator.operands.first().and_then(id_operand) {
                        if self
                            .leaves(condition, 0)
                            .is_some_and(|l| !l.is_empty() && !l.is_subset(fixed))
                        {
                            spec_conditions.insert(condition);
                        }
                    }
                }
                for label in self.successors(terminator, fixed) {
                    if let Some(&next) = cfg.by_label.get(&label) {
                        if seen.insert(next) {
                            blocks.push(next);
                        }
                    }
                }
            }
        }
        (used, spec_conditions)
    }

    /// The variables of `conflicts` that the code reached with `fixed`
    /// no longer uses.
    pub(super) fn unused(
        &self,
        conflicts: &[Conflict],
        fixed: &BTreeSet<Word>,
    ) -> BTreeSet<(usize, Word)> {
        let mut unused = BTreeSet::new();
        let mut reached: HashMap<Word, HashSet<Word>> = HashMap::new();
        for (n, conflict) in conflicts.iter().enumerate() {
            let used = reached
                .entry(conflict.function)
                .or_insert_with(|| self.reached(conflict.function, fixed).0);
            for &variable in &conflict.variables {
                if !used.contains(&variable) {
                    unused.insert((n, variable));
                }
            }
        }
        unused
    }
}

/// `op` of SPIR-V on constant operands, for the operations that choose
/// between variants (logic, comparisons, integer arithmetic).
fn apply(op: Op, args: &[Value]) -> Option<Value> {
    use Value::{Bool, Int};
    Some(match (op, args) {
        (Op::LogicalNot, [Bool(a)]) => Bool(!a),
        (Op::LogicalAnd, [Bool(a), Bool(b)]) => Bool(*a && *b),
        (Op::LogicalOr, [Bool(a), Bool(b)]) => Bool(*a || *b),
        (Op::LogicalEqual, [Bool(a), Bool(b)]) => Bool(a == b),
        (Op::LogicalNotEqual, [Bool(a), Bool(b)]) => Bool(a != b),
        (Op::Select, [Bool(c), a, b]) => {
            if *c {
                *a
            } else {
                *b
            }
        }
        (Op::IEqual, [Int(a), Int(b)]) => Bool(a == b),
        (Op::INotEqual, [Int(a), Int(b)]) => Bool(a != b),
        (Op::ULessThan, [Int(a), Int(b)]) => Bool(a < b),
        (Op::ULessThanEqual, [Int(a), Int(b)]) => Bool(a <= b),
        (Op::UGreaterThan, [Int(a), Int(b)]) => Bool(a > b),
        (Op::UGreaterThanEqual, [Int(a), Int(b)]) => Bool(a >= b),
        (Op::SLessThan, [Int(a), Int(b)]) => Bool((*a as i32) < (*b as i32)),
        (Op::SLessThanEqual, [Int(a), Int(b)]) => Bool((*a as i32) <= (*b as i32)),
        (Op::SGreaterThan, [Int(a), Int(b)]) => Bool((*a as i32) > (*b as i32)),
        (Op::SGreaterThanEqual, [Int(a), Int(b)]) => Bool((*a as i32) >= (*b as i32)),
        (Op::IAdd, [Int(a), Int(b)]) => Int(a.wrapping_add(*b)),
        (Op::ISub, [Int(a), Int(b)]) => Int(a.wrapping_sub(*b)),
        (Op::IMul, [Int(a), Int(b)]) => Int(a.wrapping_mul(*b)),
        (Op::BitwiseAnd, [Int(a), Int(b)]) => Int(a & b),
        (Op::BitwiseOr, [Int(a), Int(b)]) => Int(a | b),
        (Op::BitwiseXor, [Int(a), Int(b)]) => Int(a ^ b),
        (Op::Not, [Int(a)]) => Int(!a),
        (Op::SNegate, [Int(a)]) => Int((*a as i32).wrapping_neg() as u32),
        _ => return None,
    })
}

impl Legalizer {
    /// Resource variables (buffers, textures, samplers) with their
    /// `(set, binding)`.
    pub(super) fn resource_bindings(&self) -> HashMap<Word, (u32, u32)> {
        self.module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable)
            .filter(|i| {
                matches!(
                    i.operands.first(),
                    Some(Operand::StorageClass(
                        StorageClass::Uniform
                            | StorageClass::UniformConstant
                            | StorageClass::StorageBuffer
                    ))
                )
            })
            .filter_map(|i| {
                let id = i.result_id?;
                let binding = self.decoration_value(id, Decoration::Binding)?;
                let set = self
                    .decoration_value(id, Decoration::DescriptorSet)
                    .unwrap_or(0);
                Some((id, (set, binding)))
            })
            .collect()
    }

    /// What the analysis reads of the module: its constants, the blocks
    /// of its functions and its resource variables.
    pub(super) fn analysis(&self, resources: HashMap<Word, (u32, u32)>) -> Analysis<'_> {
        let module = &self.module;
        let functions = module
            .functions
            .iter()
            .filter_map(|f| {
                let id = f.def.as_ref()?.result_id?;
                let blocks: Vec<&[Instruction]> =
                    f.blocks.iter().map(|b| &b.instructions[..]).collect();
                let by_label = f
                    .blocks
                    .iter()
                    .enumerate()
                    .filter_map(|(n, b)| Some((b.label.as_ref()?.result_id?, n)))
                    .collect();
                Some((id, FunctionCfg { blocks, by_label }))
            })
            .collect();
        Analysis {
            globals: module
                .types_global_values
                .iter()
                .filter_map(|i| Some((i.result_id?, i)))
                .collect(),
            functions,
            resources,
            values: HashMap::new(),
        }
    }

    /// The bindings each entry point uses more than one variable of (its
    /// code as written, every branch taken), and the specialization
    /// constants the conditions of its branches are computed from.
    pub(super) fn shared_binding_conflicts(
        &self,
        analysis: &Analysis,
    ) -> (Vec<Conflict>, BTreeSet<Word>) {
        let declaration_order: HashMap<Word, usize> = self
            .module
            .types_global_values
            .iter()
            .enumerate()
            .filter_map(|(n, i)| Some((i.result_id?, n)))
            .collect();
        let mut conflicts = Vec::new();
        let mut candidates = BTreeSet::new();
        for entry_point in &self.module.entry_points {
            let (Some(function), Some(Operand::LiteralString(name))) = (
                entry_point.operands.get(1).and_then(id_operand),
                entry_point.operands.get(2),
            ) else {
                continue;
            };
            let (used, spec_conditions) = analysis.reached(function, &BTreeSet::new());
            let mut by_binding: BTreeMap<(u32, u32), Vec<Word>> = BTreeMap::new();
            for (&variable, &binding) in &analysis.resources {
                if used.contains(&variable) {
                    by_binding.entry(binding).or_default().push(variable);
                }
            }
            let before = conflicts.len();
            for (binding, mut variables) in by_binding {
                if variables.len() > 1 {
                    variables.sort_by_key(|v| declaration_order.get(v).copied());
                    conflicts.push(Conflict {
                        entry_point: name.clone(),
                        function,
                        binding,
                        variables,
                    });
                }
            }
            if conflicts.len() > before {
                for condition in spec_conditions {
                    candidates.extend(analysis.leaves(condition, 0).unwrap_or_default());
                }
            }
        }
        (conflicts, candidates)
    }
}

fn value_text(value: Value) -> String {
    match value {
        Value::Bool(b) => b.to_string(),
        Value::Int(v) => v.to_string(),
    }
}

/// The value as its type spells it: an `int` negative where it is.
pub(super) fn value_text_typed(value: Value, analysis: &Analysis, constant: Word) -> String {
    let signed = analysis
        .globals
        .get(&constant)
        .and_then(|i| i.result_type)
        .and_then(|t| analysis.int32(t));
    match (value, signed) {
        (Value::Int(v), Some(true)) => (v as i32).to_string(),
        _ => value_text(value),
    }
}
