//! Private variables that hold a uniform built-in for the whole
//! invocation: what naga's SPIR-V reader makes of a built-in input. It
//! reads `OpVariable Input` built-ins into private variables that the
//! entry point's wrapper stores once from its arguments before calling the
//! shader's own `main`, so every load of `gl_WorkGroupID` in the module
//! read is a load of a private variable, which WGSL's rules (and Tint)
//! take to differ between invocations.
//!
//! WGSL input never gets this assumption: Tint judges a private variable
//! non-uniform whatever was stored in it, and so does the analysis. It is
//! for modules read back from SPIR-V, where the private variable is the
//! reader's stand-in for an input that is uniform.

use std::collections::HashSet;

use naga::{
    AddressSpace, Binding, BuiltIn, Expression, Function, GlobalVariable, Handle, Module, Statement,
};

use crate::ir::{for_each_statement, pointer_global};

/// Private variables stored only by entry points, at the top of their
/// body before anything else runs, each time from a built-in argument
/// that is uniform in a workgroup (`workgroup_id`, `num_workgroups`,
/// `subgroup_size`, `num_subgroups`), and otherwise only loaded.
pub fn uniform_entry_copies(module: &Module) -> HashSet<Handle<GlobalVariable>> {
    let mut candidates: HashSet<Handle<GlobalVariable>> = HashSet::new();
    let mut disqualified: HashSet<Handle<GlobalVariable>> = HashSet::new();
    for entry_point in &module.entry_points {
        let function = &entry_point.function;
        let mut prologue = true;
        for (statement, _) in function.body.span_iter() {
            match *statement {
                Statement::Emit(_) => {}
                Statement::Store { pointer, value } if prologue => {
                    match copied_builtin(module, function, pointer, value) {
                        Some((global, true)) => {
                            candidates.insert(global);
                        }
                        // Another input copied in: still the prologue.
                        Some((_, false)) => {}
                        None => prologue = false,
                    }
                }
                _ => prologue = false,
            }
        }
    }
    let mut check = |function: &Function, allowed_prologue: bool| {
        let mut prologue = allowed_prologue;
        for_each_statement(&function.body, &mut |statement, _| {
            let written = match *statement {
                Statement::Emit(_) => return,
                Statement::Store { pointer, value } => {
                    if prologue && copied_builtin(module, function, pointer, value).is_some() {
                        return;
                    }
                    vec![pointer]
                }
                Statement::Atomic { pointer, .. } => vec![pointer],
                Statement::Call { ref arguments, .. } => arguments.clone(),
                _ => Vec::new(),
            };
            prologue = false;
            for pointer in written {
                if let Some(global) = pointer_global(&function.expressions, pointer) {
                    disqualified.insert(global);
                }
            }
        });
    };
    for (_, function) in module.functions.iter() {
        check(function, false);
    }
    for entry_point in &module.entry_points {
        check(&entry_point.function, true);
    }
    candidates.retain(|g| !disqualified.contains(g));
    candidates
}

/// The private variable `pointer` names, where the statement stores into
/// it an argument of `function` with a binding, and whether that argument
/// is a built-in uniform in a workgroup.
fn copied_builtin(
    module: &Module,
    function: &Function,
    pointer: Handle<Expression>,
    value: Handle<Expression>,
) -> Option<(Handle<GlobalVariable>, bool)> {
    let Expression::GlobalVariable(global) = function.expressions[pointer] else {
        return None;
    };
    if module.global_variables[global].space != AddressSpace::Private {
        return None;
    }
    let Expression::FunctionArgument(index) = function.expressions[value] else {
        return None;
    };
    match function.arguments[index as usize].binding {
        Some(Binding::BuiltIn(
            BuiltIn::WorkGroupId
            | BuiltIn::NumWorkGroups
            | BuiltIn::SubgroupSize
            | BuiltIn::NumSubgroups,
        )) => Some((global, true)),
        Some(_) => Some((global, false)),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn copies(text: &str) -> Vec<String> {
        let module = naga::front::wgsl::parse_str(text).unwrap();
        let mut names: Vec<String> = uniform_entry_copies(&module)
            .into_iter()
            .map(|g| module.global_variables[g].name.clone().unwrap())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_builtin_stored_first_and_only_loaded_after_is_a_copy() {
        let text = "var<private> wid: vec3<u32>;
            var<private> lid: vec3<u32>;
            var<private> later: vec3<u32>;
            var<private> again: vec3<u32>;
            fn body() -> u32 { return wid.x + lid.x + later.x + again.x; }
            @compute @workgroup_size(1)
            fn main(@builtin(workgroup_id) w: vec3<u32>, @builtin(local_invocation_id) l: vec3<u32>) {
                lid = l;
                wid = w;
                again = w;
                let x = body();
                later = w;
            }
            fn elsewhere() { again = vec3(1u); }";
        // `lid` holds a value that differs; `later` is stored after code
        // ran; `again` is stored elsewhere too.
        assert_eq!(copies(text), ["wid"]);
    }
}
