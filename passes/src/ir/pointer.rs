//! What a pointer expression points into.
//!
//! naga builds a pointer to part of a variable as a chain of `Access` and
//! `AccessIndex` expressions over the variable's own pointer; the root of
//! that chain says which variable, and so which address space, a load,
//! store or atomic reaches.

use naga::{Arena, Expression, GlobalVariable, Handle, LocalVariable};

/// The root of a pointer expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerRoot {
    /// A local variable of the function.
    Local(Handle<LocalVariable>),
    /// A global variable of the module.
    Global(Handle<GlobalVariable>),
    /// A pointer argument of the function, by its index.
    Argument(u32),
    /// Any other expression (a call result, a pointer that is not to a
    /// variable).
    Other(Handle<Expression>),
}

/// The root `pointer` is a part of.
pub fn pointer_root(expressions: &Arena<Expression>, pointer: Handle<Expression>) -> PointerRoot {
    let mut at = pointer;
    loop {
        match expressions[at] {
            Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => at = base,
            Expression::LocalVariable(local) => return PointerRoot::Local(local),
            Expression::GlobalVariable(global) => return PointerRoot::Global(global),
            Expression::FunctionArgument(index) => return PointerRoot::Argument(index),
            _ => return PointerRoot::Other(at),
        }
    }
}

/// The global variable `pointer` is a part of, if it is one.
pub fn pointer_global(
    expressions: &Arena<Expression>,
    pointer: Handle<Expression>,
) -> Option<Handle<GlobalVariable>> {
    match pointer_root(expressions, pointer) {
        PointerRoot::Global(global) => Some(global),
        _ => None,
    }
}

/// The root of `pointer` and the steps from it down to `pointer`, root
/// first: `Some(i)` for a constant index or member `i` (`AccessIndex`),
/// `None` for an index computed at run time (`Access`).
pub fn pointer_steps(
    expressions: &Arena<Expression>,
    pointer: Handle<Expression>,
) -> (PointerRoot, Vec<Option<u32>>) {
    let mut steps = Vec::new();
    let mut at = pointer;
    loop {
        match expressions[at] {
            Expression::Access { base, .. } => {
                steps.push(None);
                at = base;
            }
            Expression::AccessIndex { base, index } => {
                steps.push(Some(index));
                at = base;
            }
            _ => break,
        }
    }
    steps.reverse();
    (pointer_root(expressions, at), steps)
}

/// Whether `function` uses `global`: an expression or statement takes it,
/// or a pointer into it, as an operand. An expression naming the global is
/// not enough: naga's SPIR-V reader gives every function one for every
/// global, used or not.
pub fn function_uses_global(function: &naga::Function, global: Handle<GlobalVariable>) -> bool {
    let e = &function.expressions;
    let is_global = |h: Handle<Expression>| pointer_global(e, h) == Some(global);
    let mut used = e.iter().any(|(_, x)| {
        let mut uses = false;
        crate::ir::visit_operands(x, |o| uses |= is_global(o));
        uses
    });
    crate::ir::for_each_statement(&function.body, &mut |statement, _| {
        let _ = crate::ir::visit_statement_operands(statement, |o| used |= is_global(o));
    });
    used
}
