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

mod analysis;
mod rewrite;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, Word};

use super::spec_constants::{literal_of_override, ScalarKind};
use super::{id_operand, instruction_with_result, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;
use crate::spirv_tools::TargetEnv;
use analysis::{value_text_typed, Analysis, Conflict, Value};

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

impl Legalizer {
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
}

/// A resource's name in backquotes, or "an unnamed resource".
pub fn quoted(name: &Option<String>) -> String {
    name.as_deref()
        .map_or_else(|| "an unnamed resource".to_string(), |n| format!("`{n}`"))
}
