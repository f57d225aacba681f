//! The globals a function uses statically, as WGSL defines it: those an
//! expression it evaluates names, through the functions it calls.
//!
//! naga keeps the operand of a phony assignment (`_ = &buf;`) as a named
//! expression, so that the global stays used; an expression that no
//! statement and no named expression reaches is dead (naga's GLSL reader
//! leaves some behind, and compaction drops them). naga's `ModuleInfo`
//! counts dead expressions too, so it may call a global used that no
//! written shader names.
//!
//! Whether a rewrite of a global's type could break a function is another
//! question, [`function_uses_global`](crate::ir::function_uses_global):
//! naga validates dead expressions too, so there every operand counts.

use std::collections::HashSet;

use naga::{Expression, Function, GlobalVariable, Handle, Module, Statement};

use crate::ir::{for_each_statement, visit_operands, visit_statement_operands};

/// The expressions `function` evaluates: those its statements and its
/// named expressions reach, with their operands. `None` where a statement's
/// operands are beyond the IR helpers.
pub fn live_expressions(function: &Function) -> Option<HashSet<Handle<Expression>>> {
    let mut roots: Vec<Handle<Expression>> = function.named_expressions.keys().copied().collect();
    let mut known = true;
    for_each_statement(&function.body, &mut |statement, _| {
        known &= visit_statement_operands(statement, |h| roots.push(h)).is_ok();
    });
    if !known {
        return None;
    }
    let mut live = HashSet::new();
    while let Some(h) = roots.pop() {
        if live.insert(h) {
            visit_operands(&function.expressions[h], |operand| roots.push(operand));
        }
    }
    Some(live)
}

/// The globals `function` names in an expression it evaluates, not
/// counting the functions it calls. Where its statements are beyond the
/// IR helpers, every global its expressions name.
pub fn globals_named_by(function: &Function) -> Vec<Handle<GlobalVariable>> {
    let live = live_expressions(function);
    let mut out = Vec::new();
    for (h, expression) in function.expressions.iter() {
        if let Expression::GlobalVariable(g) = *expression {
            if live.as_ref().is_none_or(|live| live.contains(&h)) && !out.contains(&g) {
                out.push(g);
            }
        }
    }
    out
}

/// The globals the entry point `index` of `module` uses statically: those
/// it names and those every function it calls, directly or not, names.
pub fn entry_point_static_uses(module: &Module, index: usize) -> HashSet<Handle<GlobalVariable>> {
    let mut used: HashSet<Handle<GlobalVariable>> = HashSet::new();
    let mut pending = vec![&module.entry_points[index].function];
    let mut visited = HashSet::new();
    while let Some(function) = pending.pop() {
        used.extend(globals_named_by(function));
        for_each_statement(&function.body, &mut |statement, _| {
            if let Statement::Call {
                function: callee, ..
            } = *statement
            {
                if visited.insert(callee) {
                    pending.push(&module.functions[callee]);
                }
            }
        });
    }
    used
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(text: &str) -> Module {
        naga::front::wgsl::parse_str(text).unwrap()
    }

    #[test]
    fn phony_assignments_use_their_globals_through_calls() {
        let m = module(
            "@group(0) @binding(0) var<storage, read> a: array<f32>;
             @group(0) @binding(1) var<uniform> u: vec4f;
             @group(0) @binding(2) var<storage, read_write> o: array<f32>;
             @group(0) @binding(3) var<storage, read> unused: array<f32>;
             fn helper() { _ = &u; }
             @compute @workgroup_size(1) fn main() { _ = &a; helper(); o[0] = 1.0; }
             @compute @workgroup_size(1) fn other() { o[1] = 2.0; }",
        );
        let names = |index| {
            let mut names: Vec<String> = entry_point_static_uses(&m, index)
                .into_iter()
                .map(|g| m.global_variables[g].name.clone().unwrap())
                .collect();
            names.sort();
            names
        };
        assert_eq!(names(0), ["a", "o", "u"]);
        assert_eq!(names(1), ["o"]);
    }

    #[test]
    fn a_dead_expression_naming_a_global_is_no_use() {
        let mut m = module(
            "@group(0) @binding(0) var<storage, read> a: array<f32>;
             @group(0) @binding(1) var<storage, read_write> o: array<f32>;
             @compute @workgroup_size(1) fn main() { o[0] = 1.0; }",
        );
        let a = m.global_variables.iter().next().unwrap().0;
        let function = &mut m.entry_points[0].function;
        function
            .expressions
            .append(Expression::GlobalVariable(a), naga::Span::UNDEFINED);
        assert_eq!(globals_named_by(function).len(), 1, "only `o`");
    }
}
