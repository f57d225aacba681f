//! One built-in declared by several input variables: glslang's HLSL
//! front end declares a `SubgroupSize` (`SubgroupLocalInvocationId`, ...)
//! input for each `WaveGetLaneCount()` (`WaveGetLaneIndex()`) call, and
//! naga refuses a built-in present more than once in an entry point. The
//! variables of one built-in and one type become the first of them.

use std::collections::HashMap;

use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, Decoration, Op, StorageClass, Word};

use super::Legalizer;

/// Input variables of one built-in merged into one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergedBuiltIn {
    /// The built-in, as SPIR-V spells it (`SubgroupSize`).
    pub built_in: String,
    /// How many variables declared it.
    pub variables: usize,
}

impl Legalizer {
    pub(super) fn merge_builtin_inputs(&mut self) -> Vec<MergedBuiltIn> {
        // (built-in, pointer type) → the variables declaring it, in order.
        let mut groups: Vec<((BuiltIn, Word), Vec<Word>)> = Vec::new();
        for inst in &self.module.types_global_values {
            let (Op::Variable, Some(var), Some(ty)) =
                (inst.class.opcode, inst.result_id, inst.result_type)
            else {
                continue;
            };
            if inst.operands.first() != Some(&Operand::StorageClass(StorageClass::Input)) {
                continue;
            }
            let Some(built_in) = self.built_in_of(var) else {
                continue;
            };
            match groups.iter_mut().find(|(key, _)| *key == (built_in, ty)) {
                Some((_, vars)) => vars.push(var),
                None => groups.push(((built_in, ty), vec![var])),
            }
        }
        let mut replaced: HashMap<Word, Word> = HashMap::new();
        let mut merged = Vec::new();
        for ((built_in, _), vars) in groups {
            if vars.len() < 2 {
                continue;
            }
            for &duplicate in &vars[1..] {
                replaced.insert(duplicate, vars[0]);
            }
            merged.push(MergedBuiltIn {
                built_in: format!("{built_in:?}"),
                variables: vars.len(),
            });
        }
        if replaced.is_empty() {
            return merged;
        }
        let declares_a_duplicate = |operands: &[Operand]| matches!(operands.first(), Some(Operand::IdRef(id)) if replaced.contains_key(id));
        let module = &mut self.module;
        module
            .types_global_values
            .retain(|i| !i.result_id.is_some_and(|id| replaced.contains_key(&id)));
        module
            .annotations
            .retain(|i| !declares_a_duplicate(&i.operands));
        module
            .debug_names
            .retain(|i| !declares_a_duplicate(&i.operands));
        for ep in &mut module.entry_points {
            // The interface lists each variable once.
            let mut seen = Vec::new();
            ep.operands.retain_mut(|o| match o {
                Operand::IdRef(id) => {
                    if let Some(&kept) = replaced.get(id) {
                        *id = kept;
                    }
                    if seen.contains(id) {
                        false
                    } else {
                        seen.push(*id);
                        true
                    }
                }
                _ => true,
            });
        }
        for inst in module
            .functions
            .iter_mut()
            .flat_map(|f| f.blocks.iter_mut().flat_map(|b| &mut b.instructions))
        {
            for operand in &mut inst.operands {
                if let Operand::IdRef(id) = operand {
                    if let Some(&kept) = replaced.get(id) {
                        *id = kept;
                    }
                }
            }
        }
        merged
    }

    fn built_in_of(&self, var: Word) -> Option<BuiltIn> {
        self.decorations(var)
            .find_map(|i| match (i.operands.get(1), i.operands.get(2)) {
                (Some(Operand::Decoration(Decoration::BuiltIn)), Some(Operand::BuiltIn(b))) => {
                    Some(*b)
                }
                _ => None,
            })
    }
}
