//! Which optional language features a module uses.

use naga::{Binding, BuiltIn, Function, Module, Statement, TypeInner};

use crate::ir::for_each_statement;

/// Whether the module uses subgroup operations or subgroup built-ins: WGSL
/// then needs `enable subgroups;` and SPIR-V needs version 1.3.
pub fn uses_subgroups(module: &Module) -> bool {
    for function in crate::ir::functions(module) {
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

/// Whether an f16 appears anywhere, values included: naga writes
/// `enable f16;` only for the types the module declares, not for a value
/// such as `f16(x)` that is never stored. WGSL then needs `enable f16;`,
/// and the GLSL and HLSL writers a 16-bit-capable version.
pub fn uses_f16(module: &Module, info: &naga::valid::ModuleInfo) -> bool {
    f16_use(module, info).is_some()
}

/// Where an f16 first appears (see [`crate::ir::first_place_using`]);
/// `None` when there is none.
pub fn f16_use(module: &Module, info: &naga::valid::ModuleInfo) -> Option<naga::Span> {
    crate::ir::first_place_using(module, info, |inner| {
        crate::ir::scalar_of(inner).is_some_and(|s| s == naga::Scalar::F16)
    })
}

/// Whether a function holds a subgroup operation of its own (not through
/// the functions it calls).
pub fn function_uses_subgroup_ops(function: &Function) -> bool {
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
