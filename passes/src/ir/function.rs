//! Naming a function of a module, entry points included.

use std::collections::HashSet;

use naga::{Function, Handle, Module, Span};

/// A function or an entry point of the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FunctionRef {
    /// A function of `module.functions`.
    Function(Handle<Function>),
    /// The function of `module.entry_points[index]`.
    EntryPoint(usize),
}

/// The function `function` names in `module`.
pub fn function_of(module: &Module, function: FunctionRef) -> &Function {
    match function {
        FunctionRef::Function(h) => &module.functions[h],
        FunctionRef::EntryPoint(i) => &module.entry_points[i].function,
    }
}

/// The function `function` names in `module`.
pub fn function_mut(module: &mut Module, function: FunctionRef) -> &mut Function {
    match function {
        FunctionRef::Function(h) => &mut module.functions[h],
        FunctionRef::EntryPoint(i) => &mut module.entry_points[i].function,
    }
}

/// The functions that entry point `entry` calls, directly or through
/// other functions.
pub fn functions_called_from(module: &Module, entry: usize) -> HashSet<Handle<Function>> {
    let mut reached = HashSet::new();
    let mut pending = vec![&module.entry_points[entry].function];
    while let Some(function) = pending.pop() {
        super::for_each_statement(&function.body, &mut |statement, _| {
            if let naga::Statement::Call {
                function: callee, ..
            } = *statement
            {
                if reached.insert(callee) {
                    pending.push(&module.functions[callee]);
                }
            }
        });
    }
    reached
}

/// A place inside `function` for a diagnostic about the whole of it (an
/// entry point's name, a built-in of its interface), which naga gives no
/// span: the first of its expressions that has one.
pub fn place_in(function: &Function) -> Span {
    function
        .expressions
        .iter()
        .map(|(h, _)| function.expressions.get_span(h))
        .find(|span| span.is_defined())
        .unwrap_or_default()
}
