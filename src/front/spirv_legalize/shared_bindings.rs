//! Resources of one entry point on one binding, used in code that
//! specialization constants choose between:
//!
//! ```glsl
//! layout(constant_id = 1) const bool TASK = false;
//! layout(binding = 2) buffer DrawCommands { uint drawCommands[]; };
//! layout(binding = 2) buffer TaskCommands { uvec2 taskCommands[]; };
//! ...
//! if (TASK) taskCommands[i] = ...; else drawCommands[i] = ...;
//! ```
//!
//! Vulkan binds one of them, the one the specialized pipeline uses; WGSL
//! and naga give each resource of an entry point a binding of its own.
//! The constants that choose are fixed at the value the host gives them
//! (`--override NAME=VALUE` or `ID=VALUE`), or else at their defaults;
//! SPIRV-Tools' dead-branch elimination then removes the code they leave
//! unreached, and the variables that only that code used go. Only the
//! constants needed to leave one resource on each binding are fixed, and
//! only where that leaves one: otherwise the module stays as it was and
//! the binding conflict is refused, with a note on what was tried.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use rspirv::binary::Assemble as _;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};

use super::spec_constants::{literal_of_override, ScalarKind};
use super::{id_operand, instruction_with_result, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;
use crate::spirv_tools::{self, OptimizerPass, TargetEnv};

/// A specialization constant fixed to choose between resources that
/// share a binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChosenSpecConstant {
    /// The constant's `OpName`; `None` when the SPIR-V gives it none.
    pub name: Option<String>,
    /// Its `SpecId`, by which a host overrides it.
    pub spec_id: Option<u32>,
    /// The value it now has, as SPIR-V spells it.
    pub value: String,
    /// Whether the host gave the value (`--override`); the default
    /// otherwise.
    pub overridden: bool,
    /// Whether it is a `bool`, whose other value gives the other variant.
    pub boolean: bool,
    /// The bindings it chooses the resource of.
    pub bindings: Vec<SharedBinding>,
}

/// Resources one entry point declares on one binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedBinding {
    /// `(set, binding)`.
    pub binding: (u32, u32),
    /// Their names, in the order they are declared (`None` for one the
    /// SPIR-V does not name).
    pub resources: Vec<Option<String>>,
    /// The one the shader written keeps; `None` when the fixed constants
    /// leave none of them used.
    pub kept: Option<Option<String>>,
}

/// What choosing between resources on one binding did.
#[derive(Debug, Default)]
pub(super) struct Chosen {
    /// The constants fixed.
    pub constants: Vec<ChosenSpecConstant>,
    /// Where resources still share a binding: what was tried, for the
    /// binding conflict that naga's validator then reports.
    pub notes: Vec<String>,
}

/// The value of a boolean or 32-bit integer constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Bool(bool),
    Int(u32),
}

/// A function's blocks, by label, and what each branches to.
struct FunctionCfg<'m> {
    blocks: Vec<&'m [Instruction]>,
    by_label: HashMap<Word, usize>,
}

/// What the analysis reads of the module, computed once.
struct Analysis<'m> {
    globals: HashMap<Word, &'m Instruction>,
    functions: HashMap<Word, FunctionCfg<'m>>,
    /// Resource variables and their `(set, binding)`.
    resources: HashMap<Word, (u32, u32)>,
    /// The value each specialization constant the analysis fixes takes:
    /// the host's, or its default.
    values: HashMap<Word, Value>,
}

/// A binding one entry point's variables share.
struct Conflict {
    entry_point: String,
    function: Word,
    binding: (u32, u32),
    variables: Vec<Word>,
}

impl Analysis<'_> {
    /// The specialization constants (booleans and 32-bit integers) that
    /// `id`, a constant expression, is computed from; `None` where it is
    /// not a constant expression the analysis evaluates.
    fn leaves(&self, id: Word, depth: usize) -> Option<BTreeSet<Word>> {
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
    fn int32(&self, ty: Word) -> Option<bool> {
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
    fn unused(&self, conflicts: &[Conflict], fixed: &BTreeSet<Word>) -> BTreeSet<(usize, Word)> {
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
    fn resource_bindings(&self) -> HashMap<Word, (u32, u32)> {
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

    /// A resource as the shader names it, quoted: see
    /// [`Legalizer::resource_name`].
    fn quoted_resource_name(&self, variable: Word) -> String {
        quoted(&self.resource_name(variable))
    }

    /// A resource as the shader names it: the variable's name, else (an
    /// unnamed block) its only or runtime-sized member's, else its
    /// block's.
    fn resource_name(&self, variable: Word) -> Option<String> {
        if let Some(name) = self.names.get(&variable) {
            return Some(name.clone());
        }
        let block = self
            .global(variable)
            .and_then(|v| v.result_type)
            .and_then(|t| self.pointee(t))
            .map(|(_, pointee)| pointee);
        let member_name = |block: Word, member: u32| {
            self.module
                .debug_names
                .iter()
                .find_map(|i| match (i.class.opcode, &i.operands[..]) {
                    (
                        Op::MemberName,
                        [Operand::IdRef(t), Operand::LiteralBit32(m), Operand::LiteralString(s)],
                    ) if *t == block && *m == member && !s.is_empty() => Some(s.clone()),
                    _ => None,
                })
        };
        if let Some(block) = block {
            if let Some(members) = self
                .global(block)
                .filter(|t| t.class.opcode == Op::TypeStruct)
                .map(|t| t.operands.len() as u32)
            {
                let last_is_runtime_array = self
                    .global(block)
                    .and_then(|t| t.operands.last().and_then(id_operand))
                    .and_then(|m| self.global(m))
                    .is_some_and(|m| m.class.opcode == Op::TypeRuntimeArray);
                if members == 1 || last_is_runtime_array {
                    if let Some(name) = member_name(block, members - 1) {
                        return Some(name);
                    }
                }
            }
            if let Some(name) = self.names.get(&block) {
                return Some(name.clone());
            }
        }
        None
    }

    /// The value the host gives specialization constant `id` by its name
    /// or `SpecId`, where it gives one. A host specializes by `SpecId`,
    /// so the name of another constant with the same `SpecId` counts too
    /// (glslang declares `local_size_x_id`'s constant twice, named once).
    pub(super) fn given_value(
        &self,
        id: Word,
        overrides: &BTreeMap<String, f64>,
    ) -> Option<(String, f64)> {
        let given = |key: &String| Some((key.clone(), *overrides.get(key)?));
        if let Some(found) = self.names.get(&id).and_then(given) {
            return Some(found);
        }
        let spec_id = self.decoration_value(id, Decoration::SpecId)?;
        self.module
            .annotations
            .iter()
            .filter(|i| {
                i.class.opcode == Op::Decorate
                    && i.operands.get(1) == Some(&Operand::Decoration(Decoration::SpecId))
                    && i.operands.get(2) == Some(&Operand::LiteralBit32(spec_id))
            })
            .filter_map(|i| i.operands.first().and_then(id_operand))
            .find_map(|twin| self.names.get(&twin).and_then(given))
            .or_else(|| given(&spec_id.to_string()))
    }

    /// The value specialization constant `constant` takes: the host's,
    /// with the key it gave it by, or else its default; `None` for a
    /// constant the analysis does not evaluate. A value its type cannot
    /// hold is an error.
    fn specialized_value(
        &self,
        constant: Word,
        analysis: &Analysis,
        overrides: &BTreeMap<String, f64>,
    ) -> Result<Option<(Value, Option<String>)>, Diagnostic> {
        let inst = analysis.globals[&constant];
        let default = match (inst.class.opcode, inst.operands.first()) {
            (Op::SpecConstantTrue, _) => Value::Bool(true),
            (Op::SpecConstantFalse, _) => Value::Bool(false),
            (_, Some(Operand::LiteralBit32(v))) => Value::Int(*v),
            _ => return Ok(None),
        };
        let Some((key, value)) = self.given_value(constant, overrides) else {
            return Ok(Some((default, None)));
        };
        let signed = inst.result_type.and_then(|t| analysis.int32(t)) == Some(true);
        let kind = if signed {
            ScalarKind::Signed
        } else {
            ScalarKind::Unsigned
        };
        let converted = match (default, literal_of_override(value, kind)) {
            (Value::Bool(_), _) => Value::Bool(value != 0.0),
            (Value::Int(_), Some(bits)) => Value::Int(bits),
            (Value::Int(_), None) => {
                let name = self.names.get(&constant).map_or_else(
                    || "a specialization constant".to_string(),
                    |n| format!("specialization constant `{n}`"),
                );
                let kind = if signed { "int" } else { "uint" };
                return Err(Diagnostic::error(format!(
                    "--override {key}={value}: {name} is a 32-bit {kind}, which cannot hold {value}"
                ))
                .with_code(shaderxform_passes::codes::OPTIONS_OVERRIDE));
            }
        };
        Ok(Some((converted, Some(key))))
    }

    /// What the analysis reads of the module: its constants, the blocks
    /// of its functions and its resource variables.
    fn analysis(&self, resources: HashMap<Word, (u32, u32)>) -> Analysis<'_> {
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
    fn shared_binding_conflicts(&self, analysis: &Analysis) -> (Vec<Conflict>, BTreeSet<Word>) {
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

    /// `constants` with their values and where each came from.
    fn describe_values(
        &self,
        analysis: &Analysis,
        constants: &BTreeSet<Word>,
        given: &HashMap<Word, String>,
    ) -> String {
        let parts: Vec<String> = constants
            .iter()
            .map(|c| {
                let value = value_text_typed(analysis.values[c], analysis, *c);
                let name = match (
                    self.names.get(c),
                    self.decoration_value(*c, Decoration::SpecId),
                ) {
                    (Some(n), _) => format!("`{n}`"),
                    (None, Some(id)) => format!("constant_id {id}"),
                    (None, None) => "an unnamed constant".to_string(),
                };
                let whence = match given.get(c) {
                    Some(key) => format!("given with --override {key}={value}"),
                    None => "its default".to_string(),
                };
                format!("{name} at {value} ({whence})")
            })
            .collect();
        parts.join(", ")
    }

    /// `variables` by name, `a` and `b`.
    fn resource_names(&self, variables: &[Word]) -> String {
        let names: Vec<String> = variables
            .iter()
            .map(|v| self.quoted_resource_name(*v))
            .collect();
        names.join(" and ")
    }

    /// Fixes the specialization constants that choose between resources
    /// of one entry point on one binding, and removes the code and the
    /// variables they leave unused; see the module documentation.
    pub(super) fn choose_shared_binding_variants(
        &mut self,
        words: &[u32],
        env: TargetEnv,
        overrides: &BTreeMap<String, f64>,
    ) -> Result<Chosen, Vec<Refusal>> {
        let resources = self.resource_bindings();
        let mut bindings: HashMap<(u32, u32), usize> = HashMap::new();
        for binding in resources.values() {
            *bindings.entry(*binding).or_default() += 1;
        }
        if bindings.values().all(|&n| n < 2) {
            return Ok(Chosen::default());
        }
        let mut analysis = self.analysis(resources);
        let (conflicts, mut candidates) = self.shared_binding_conflicts(&analysis);
        if conflicts.is_empty() || candidates.is_empty() {
            return Ok(Chosen::default());
        }
        let mut given = HashMap::new();
        for &constant in &candidates {
            let Some((value, key)) = self
                .specialized_value(constant, &analysis, overrides)
                .map_err(|diagnostic| {
                    let op = analysis.globals[&constant].class.opcode;
                    vec![Refusal {
                        diagnostic,
                        instruction: instruction_with_result(words, op, constant),
                        label: "declared here",
                    }]
                })?
            else {
                continue;
            };
            if let Some(key) = key {
                given.insert(constant, key);
            }
            analysis.values.insert(constant, value);
        }
        candidates.retain(|c| analysis.values.contains_key(c));
        let target = analysis.unused(&conflicts, &candidates);
        // As few constants as leave the same variables unused.
        let mut fixed = candidates.clone();
        for &constant in &candidates {
            let mut without = fixed.clone();
            without.remove(&constant);
            if analysis.unused(&conflicts, &without) == target {
                fixed = without;
            }
        }
        let mut notes = Vec::new();
        for (n, conflict) in conflicts.iter().enumerate() {
            let still: Vec<Word> = conflict
                .variables
                .iter()
                .copied()
                .filter(|v| !target.contains(&(n, *v)))
                .collect();
            if still.len() > 1 {
                notes.push(format!(
                    "specialization constants that choose code of entry point `{}` were tried: with {}, {} (set {} binding {}) are still used together",
                    conflict.entry_point,
                    self.describe_values(&analysis, &candidates, &given),
                    self.resource_names(&still),
                    conflict.binding.0,
                    conflict.binding.1,
                ));
            }
        }
        if !notes.is_empty() || fixed.is_empty() {
            return Ok(Chosen {
                constants: Vec::new(),
                notes,
            });
        }
        let constants = self.chosen_constants(&analysis, &conflicts, &fixed, &target, &given);
        let values: HashMap<Word, Value> = fixed.iter().map(|c| (*c, analysis.values[c])).collect();
        let tried = self.describe_values(&analysis, &fixed, &given);
        drop(analysis);
        let unused: BTreeSet<Word> = target.iter().map(|&(_, v)| v).collect();
        let original = self.module.clone();
        self.apply_chosen_variants(env, &values)?;
        let still: Vec<Word> = unused
            .iter()
            .copied()
            .filter(|v| self.is_used_in_functions(*v))
            .collect();
        if !still.is_empty() {
            // SPIRV-Tools left code that the analysis found unreached (a
            // condition it does not fold): the module stays as it was.
            self.module = original;
            return Ok(Chosen {
                constants: Vec::new(),
                notes: vec![format!(
                    "with {tried}, SPIRV-Tools' dead-branch elimination did not remove the code that uses {}",
                    self.resource_names(&still)
                )],
            });
        }
        self.remove_variables(&unused);
        Ok(Chosen {
            constants,
            notes: Vec::new(),
        })
    }

    /// Each constant of `fixed` as reported, with the bindings it chooses
    /// the resource of: those where leaving it free would keep a variable
    /// used.
    fn chosen_constants(
        &self,
        analysis: &Analysis,
        conflicts: &[Conflict],
        fixed: &BTreeSet<Word>,
        unused: &BTreeSet<(usize, Word)>,
        given: &HashMap<Word, String>,
    ) -> Vec<ChosenSpecConstant> {
        let mut constants = Vec::new();
        for &constant in fixed {
            let mut without = fixed.clone();
            without.remove(&constant);
            let revived = analysis.unused(conflicts, &without);
            let mut chosen_bindings = Vec::new();
            for (n, conflict) in conflicts.iter().enumerate() {
                let matters = conflict
                    .variables
                    .iter()
                    .any(|v| unused.contains(&(n, *v)) && !revived.contains(&(n, *v)));
                let shared = SharedBinding {
                    binding: conflict.binding,
                    resources: conflict
                        .variables
                        .iter()
                        .map(|v| self.resource_name(*v))
                        .collect(),
                    kept: conflict
                        .variables
                        .iter()
                        .find(|v| !unused.contains(&(n, **v)))
                        .map(|v| self.resource_name(*v)),
                };
                if matters && !chosen_bindings.contains(&shared) {
                    chosen_bindings.push(shared);
                }
            }
            let value = analysis.values[&constant];
            constants.push(ChosenSpecConstant {
                name: self.names.get(&constant).cloned(),
                spec_id: self.decoration_value(constant, Decoration::SpecId),
                value: value_text_typed(value, analysis, constant),
                overridden: given.contains_key(&constant),
                boolean: matches!(value, Value::Bool(_)),
                bindings: chosen_bindings,
            });
        }
        constants
    }

    /// Makes the constants of `values` constants of those values, and
    /// runs dead-branch elimination (and dead-function elimination where
    /// a function only the removed code called stays).
    fn apply_chosen_variants(
        &mut self,
        env: TargetEnv,
        values: &HashMap<Word, Value>,
    ) -> Result<(), Vec<Refusal>> {
        for inst in &mut self.module.types_global_values {
            let Some(value) = inst.result_id.and_then(|id| values.get(&id)) else {
                continue;
            };
            let constant = match value {
                Value::Bool(true) => Op::ConstantTrue,
                Value::Bool(false) => Op::ConstantFalse,
                Value::Int(v) => {
                    inst.operands = vec![Operand::LiteralBit32(*v)];
                    Op::Constant
                }
            };
            inst.class = rspirv::grammar::CoreInstructionTable::get(constant);
        }
        self.module.annotations.retain(|i| {
            !(i.class.opcode == Op::Decorate
                && i.operands.get(1) == Some(&Operand::Decoration(Decoration::SpecId))
                && i.operands
                    .first()
                    .and_then(id_operand)
                    .is_some_and(|t| values.contains_key(&t)))
        });
        let mut passes = Vec::new();
        if self
            .module
            .types_global_values
            .iter()
            .any(|i| i.class.opcode == Op::SpecConstantOp)
        {
            // A condition computed from the constants (`!TASK`) becomes
            // one that dead-branch elimination reads.
            passes.push(OptimizerPass::FoldSpecConstants);
        }
        passes.push(OptimizerPass::DeadBranches);
        let calls_before = self.function_calls();
        self.run_optimizer(env, &passes)?;
        // A function that only the removed code called uses what it did.
        if self.function_calls() < calls_before {
            self.run_optimizer(env, &[OptimizerPass::DeadFunctions])?;
        }
        Ok(())
    }

    /// How many calls the module's functions make.
    fn function_calls(&self) -> usize {
        self.module
            .functions
            .iter()
            .flat_map(|f| &f.blocks)
            .flat_map(|b| &b.instructions)
            .filter(|i| i.class.opcode == Op::FunctionCall)
            .count()
    }

    /// Removes the variables of `unused`, which no function uses, with
    /// their names, decorations and places in entry-point interfaces.
    fn remove_variables(&mut self, unused: &BTreeSet<Word>) {
        let targets_unused = |i: &Instruction| {
            i.operands
                .first()
                .and_then(id_operand)
                .is_some_and(|t| unused.contains(&t))
        };
        self.module
            .types_global_values
            .retain(|i| !i.result_id.is_some_and(|id| unused.contains(&id)));
        self.module.debug_names.retain(|i| !targets_unused(i));
        self.module.annotations.retain(|i| !targets_unused(i));
        for entry_point in &mut self.module.entry_points {
            // Execution model, function, name, then the interface.
            let interface = entry_point
                .operands
                .split_off(3.min(entry_point.operands.len()));
            entry_point.operands.extend(
                interface
                    .into_iter()
                    .filter(|o| !id_operand(o).is_some_and(|id| unused.contains(&id))),
            );
        }
    }

    fn run_optimizer(
        &mut self,
        env: TargetEnv,
        passes: &[OptimizerPass],
    ) -> Result<(), Vec<Refusal>> {
        let words = self.module.assemble();
        let optimized = spirv_tools::optimize(&words, env, passes).map_err(|e| {
            vec![Refusal::from(
                e.diagnostic(
                    "cannot remove the code that fixed specialization constants leave unreached",
                )
                .with_code(shaderxform_passes::codes::SPIRV_LEGALIZE),
            )]
        })?;
        self.module = rspirv::dr::load_words(&optimized).map_err(|e| {
            vec![Refusal::from(
                Diagnostic::error(format!(
                    "internal error: SPIRV-Tools' optimizer wrote SPIR-V that cannot be loaded: {e}"
                ))
                .with_code(shaderxform_passes::codes::INTERNAL),
            )]
        })?;
        Ok(())
    }

    /// Whether an instruction of a function uses `id`.
    fn is_used_in_functions(&self, id: Word) -> bool {
        self.module.functions.iter().any(|f| {
            f.blocks.iter().any(|b| {
                b.instructions
                    .iter()
                    .any(|i| i.operands.contains(&Operand::IdRef(id)))
            })
        })
    }
}

/// A resource's name in backquotes, or "an unnamed resource".
pub fn quoted(name: &Option<String>) -> String {
    name.as_deref()
        .map_or_else(|| "an unnamed resource".to_string(), |n| format!("`{n}`"))
}

fn value_text(value: Value) -> String {
    match value {
        Value::Bool(b) => b.to_string(),
        Value::Int(v) => v.to_string(),
    }
}

/// The value as its type spells it: an `int` negative where it is.
fn value_text_typed(value: Value, analysis: &Analysis, constant: Word) -> String {
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
