//! Private variables that hold one of the entry point's arguments for the
//! whole invocation, passed instead as arguments to the functions that
//! read them.
//!
//! naga's SPIR-V reader keeps every built-in input in a private variable
//! that the entry point stores before it calls the shader's own `main`.
//! WGSL's uniformity rules (and Tint's) take every load of a private
//! variable as non-uniform, so `gl_WorkGroupID` or HLSL's
//! `WaveGetLaneCount()` read that way make every barrier after a condition
//! on them divergent. A function argument is uniform where every call
//! passes a uniform value, and a function-scope variable stored once from
//! it is too: the rewritten module says what the shader meant, in a form
//! both the analysis and Tint accept.

use std::collections::{BTreeSet, HashMap, HashSet};

use naga::{
    Block, Expression, Function, FunctionArgument, GlobalVariable, Handle, LocalVariable, Module,
    Span, Statement,
};

use super::walk::{for_each_block_mut, for_each_statement};

/// Passes each of `copies` (private variables that entry points store
/// from an argument before anything else runs, and that are otherwise
/// only loaded) as an argument to every function that reads it, directly
/// or through the functions it calls; inside, a function-scope variable
/// stored from the argument stands for it. A copy that some entry point
/// reaches without storing it stays as it is. Returns the variables
/// passed.
pub fn pass_entry_copies_as_arguments(
    module: &mut Module,
    copies: &HashSet<Handle<GlobalVariable>>,
) -> Vec<Handle<GlobalVariable>> {
    // The argument each entry point stores in each copy.
    let stored: Vec<HashMap<Handle<GlobalVariable>, u32>> = module
        .entry_points
        .iter()
        .map(|ep| prologue_stores(&ep.function, copies))
        .collect();
    let mut passed: BTreeSet<Handle<GlobalVariable>> = copies.iter().copied().collect();
    let needs = loop {
        let needs = needed_copies(module, &passed);
        // An entry point that calls a function needing a copy it did not
        // store has no value to pass: that copy stays a variable.
        let mut unstored = BTreeSet::new();
        for (ep, stores) in module.entry_points.iter().zip(&stored) {
            for callee in callees(&ep.function) {
                for global in &needs[callee.index()] {
                    if !stores.contains_key(global) {
                        unstored.insert(*global);
                    }
                }
            }
        }
        if unstored.is_empty() {
            break needs;
        }
        passed.retain(|g| !unstored.contains(g));
    };
    if passed.is_empty() {
        return Vec::new();
    }
    // Each function's argument index for each copy it needs.
    let mut argument_of: Vec<HashMap<Handle<GlobalVariable>, u32>> = Vec::new();
    let handles: Vec<Handle<Function>> = module.functions.iter().map(|(h, _)| h).collect();
    for handle in &handles {
        let globals = &needs[handle.index()];
        let mut indices = HashMap::new();
        for &global in globals {
            let var = &module.global_variables[global];
            let (name, ty) = (var.name.clone(), var.ty);
            let function = &mut module.functions[*handle];
            let index = function.arguments.len() as u32;
            function.arguments.push(FunctionArgument {
                name: name.clone(),
                ty,
                binding: None,
            });
            let local = function.local_variables.append(
                LocalVariable {
                    name,
                    ty,
                    init: None,
                },
                Span::UNDEFINED,
            );
            // Every reference to the variable now names the local one.
            for (_, expression) in function.expressions.iter_mut() {
                if *expression == Expression::GlobalVariable(global) {
                    *expression = Expression::LocalVariable(local);
                }
            }
            let pointer = function
                .expressions
                .append(Expression::LocalVariable(local), Span::UNDEFINED);
            let value = function
                .expressions
                .append(Expression::FunctionArgument(index), Span::UNDEFINED);
            let mut body = Block::new();
            body.push(Statement::Store { pointer, value }, Span::UNDEFINED);
            body.append(&mut function.body);
            function.body = body;
            indices.insert(global, index);
        }
        argument_of.push(indices);
    }
    let add_call_arguments = |function: &mut Function, source: &HashMap<_, u32>| {
        let Function {
            body, expressions, ..
        } = function;
        for_each_block_mut(body, &mut |block: &mut Block| {
            for statement in block.iter_mut() {
                if let Statement::Call {
                    function: callee,
                    ref mut arguments,
                    ..
                } = *statement
                {
                    for global in &needs[callee.index()] {
                        let expression = Expression::FunctionArgument(source[global]);
                        arguments.push(expressions.append(expression, Span::UNDEFINED));
                    }
                }
            }
        });
    };
    for (handle, indices) in handles.iter().zip(&argument_of) {
        add_call_arguments(&mut module.functions[*handle], indices);
    }
    for (ep, stores) in module.entry_points.iter_mut().zip(&stored) {
        add_call_arguments(&mut ep.function, stores);
    }
    passed.into_iter().collect()
}

/// The copies among `copies` that `function` stores from one of its
/// arguments at the top of its body, with that argument's index.
fn prologue_stores(
    function: &Function,
    copies: &HashSet<Handle<GlobalVariable>>,
) -> HashMap<Handle<GlobalVariable>, u32> {
    let mut stores = HashMap::new();
    for statement in function.body.iter() {
        match *statement {
            Statement::Emit(_) => {}
            Statement::Store { pointer, value } => {
                if let (Expression::GlobalVariable(global), Expression::FunctionArgument(index)) =
                    (&function.expressions[pointer], &function.expressions[value])
                {
                    if copies.contains(global) {
                        stores.insert(*global, *index);
                    }
                }
            }
            _ => break,
        }
    }
    stores
}

/// The functions `function` calls.
fn callees(function: &Function) -> BTreeSet<Handle<Function>> {
    let mut callees = BTreeSet::new();
    for_each_statement(&function.body, &mut |statement, _| {
        if let Statement::Call { function, .. } = *statement {
            callees.insert(function);
        }
    });
    callees
}

/// For each function (by index), the copies among `passed` it reads
/// directly or through the functions it calls.
fn needed_copies(
    module: &Module,
    passed: &BTreeSet<Handle<GlobalVariable>>,
) -> Vec<BTreeSet<Handle<GlobalVariable>>> {
    let mut needs: Vec<BTreeSet<Handle<GlobalVariable>>> = module
        .functions
        .iter()
        .map(|(_, function)| {
            function
                .expressions
                .iter()
                .filter_map(|(_, e)| match *e {
                    Expression::GlobalVariable(g) if passed.contains(&g) => Some(g),
                    _ => None,
                })
                .collect()
        })
        .collect();
    let calls: Vec<BTreeSet<Handle<Function>>> =
        module.functions.iter().map(|(_, f)| callees(f)).collect();
    loop {
        let mut changed = false;
        for (index, callees) in calls.iter().enumerate() {
            for callee in callees {
                let more: Vec<_> = needs[callee.index()]
                    .difference(&needs[index])
                    .copied()
                    .collect();
                changed |= !more.is_empty();
                needs[index].extend(more);
            }
        }
        if !changed {
            break needs;
        }
    }
}
