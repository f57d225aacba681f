//! Helper functions that access record buffers, inlined into the entry
//! points that call them.
//!
//! `fn update(i: u32) { particles[i].vel += ...; }`, called as
//! `update(gid.x)`, hides both the access and its index from the pass:
//! only the entry point's own accesses are rewritten, and a buffer any
//! other function touches is left alone. Inlined, the access is the entry
//! point's, indexed by the argument. The pass keeps the inlined entry point
//! only where it then coalesces something.

use naga::{GlobalVariable, Handle, Module, Statement};

use crate::analysis::uniformity::FunctionRef;
use crate::ir::{
    child_blocks, function_uses_global, inline_call, remove_uncalled_function, CallSite,
};

use super::super::records;

/// The most expressions a helper may have to be inlined: past it, copies
/// at several call sites would swell the entry point.
const MAX_HELPER_EXPRESSIONS: usize = 1024;

/// The most calls inlined into one entry point.
const MAX_INLINED_CALLS: usize = 8;

/// Inlines the calls of the entry point at `index`, outside loops, to
/// functions that refer to a global holding records or words, and removes
/// the functions nothing calls any more. Whether it changed the module.
pub fn inline_record_helpers(module: &mut Module, index: usize) -> bool {
    let buffers: Vec<Handle<GlobalVariable>> = module
        .global_variables
        .iter()
        .filter(|(_, g)| records::layout(module, g).is_some())
        .map(|(h, _)| h)
        .collect();
    if buffers.is_empty() {
        return false;
    }
    let mut inlined = Vec::new();
    for _ in 0..MAX_INLINED_CALLS {
        let Some((path, callee)) = helper_call(module, index, &buffers) else {
            break;
        };
        let before = module.entry_points[index].function.clone();
        let caller = FunctionRef::EntryPoint(index);
        if inline_call(module, caller, &path, CallSite::Anywhere).is_err() {
            module.entry_points[index].function = before;
            break;
        }
        inlined.push(callee);
    }
    // From the last handle down: removing a function renumbers those after
    // it.
    inlined.sort();
    inlined.dedup();
    for &callee in inlined.iter().rev() {
        remove_uncalled_function(module, callee);
    }
    !inlined.is_empty()
}

/// The path of the first call of the entry point, outside loops, to a small
/// function that refers to one of `buffers`.
fn helper_call(
    module: &Module,
    index: usize,
    buffers: &[Handle<GlobalVariable>],
) -> Option<(Vec<u32>, Handle<naga::Function>)> {
    let is_helper = |callee: Handle<naga::Function>| {
        let f = &module.functions[callee];
        f.expressions.len() <= MAX_HELPER_EXPRESSIONS
            && buffers.iter().any(|&g| function_uses_global(f, g))
    };
    let mut path = Vec::new();
    find(
        &module.entry_points[index].function.body,
        &mut path,
        &is_helper,
    )
    .map(|callee| (path, callee))
}

/// Leaves `path` at the call found.
fn find(
    block: &naga::Block,
    path: &mut Vec<u32>,
    is_helper: &impl Fn(Handle<naga::Function>) -> bool,
) -> Option<Handle<naga::Function>> {
    for (n, statement) in block.iter().enumerate() {
        path.push(n as u32);
        match *statement {
            Statement::Call { function, .. } if is_helper(function) => return Some(function),
            // A call in a loop runs many times; inlined, its accesses would
            // be in the loop, which the pass leaves anyway.
            Statement::Loop { .. } => {}
            _ => {
                for (child, inner) in child_blocks(statement).into_iter().enumerate() {
                    path.push(child as u32);
                    if let Some(found) = find(inner, path, is_helper) {
                        return Some(found);
                    }
                    path.pop();
                }
            }
        }
        path.pop();
    }
    None
}

/// The names of the functions the entry point at `index` calls that refer
/// to `global`: after normalisation, the calls it could not inline.
pub fn callers_of_global_left(
    module: &Module,
    index: usize,
    global: Handle<GlobalVariable>,
) -> Vec<String> {
    let mut names = Vec::new();
    crate::ir::for_each_statement(
        &module.entry_points[index].function.body,
        &mut |statement, _| {
            let Statement::Call { function, .. } = *statement else {
                return;
            };
            let f = &module.functions[function];
            let refers = function_uses_global(f, global);
            let name = f.name.clone().unwrap_or_else(|| "a function".into());
            if refers && !names.contains(&name) {
                names.push(name);
            }
        },
    );
    names
}
