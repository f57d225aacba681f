//! Which optional language features a module uses.

use naga::{Binding, BuiltIn, Function, Module, Statement, TypeInner};

use crate::ir::for_each_statement;

/// Whether the module uses subgroup operations or subgroup built-ins: WGSL
/// then needs `enable subgroups;` and SPIR-V needs version 1.3.
pub fn uses_subgroups(module: &Module) -> bool {
    let functions = module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|ep| &ep.function));
    for function in functions {
        if function_uses_subgroup_ops(function) {
            return true;
        }
    }
    module.entry_points.iter().any(|ep| {
        ep.function.arguments.iter().any(|arg| {
            arg.binding.as_ref().is_some_and(is_subgroup_builtin)
                || match module.types[arg.ty].inner {
                    TypeInner::Struct { ref members, .. } => members
                        .iter()
                        .any(|m| m.binding.as_ref().is_some_and(is_subgroup_builtin)),
                    _ => false,
                }
        })
    })
}

fn function_uses_subgroup_ops(function: &Function) -> bool {
    let mut found = false;
    for_each_statement(&function.body, &mut |statement, _| {
        found |= matches!(
            statement,
            Statement::SubgroupBallot { .. }
                | Statement::SubgroupCollectiveOperation { .. }
                | Statement::SubgroupGather { .. }
        );
    });
    found
}

fn is_subgroup_builtin(binding: &Binding) -> bool {
    matches!(
        binding,
        Binding::BuiltIn(
            BuiltIn::SubgroupSize
                | BuiltIn::SubgroupInvocationId
                | BuiltIn::SubgroupId
                | BuiltIn::NumSubgroups
        )
    )
}
