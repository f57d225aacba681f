//! The chosen variant written: the constants fixed, SPIRV-Tools'
//! dead-branch elimination run, and the variables left unused removed.

use std::collections::{BTreeSet, HashMap};

use rspirv::binary::Assemble as _;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};

use super::super::{id_operand, Legalizer, Refusal};
use super::analysis::Value;
use crate::diagnostics::Diagnostic;
use crate::spirv_tools::{self, OptimizerPass, TargetEnv};

impl Legalizer {
    /// Makes the constants of `values` constants of those values, and
    /// runs dead-branch elimination (and dead-function elimination where
    /// a function only the removed code called stays).
    pub(super) fn apply_chosen_variants(
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
        self.remove_spec_ids(|id| values.contains_key(&id));
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
    pub(super) fn remove_variables(&mut self, unused: &BTreeSet<Word>) {
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
    pub(super) fn is_used_in_functions(&self, id: Word) -> bool {
        self.module.functions.iter().any(|f| {
            f.blocks.iter().any(|b| {
                b.instructions
                    .iter()
                    .any(|i| i.operands.contains(&Operand::IdRef(id)))
            })
        })
    }
}
