use std::collections::HashSet;

use naga::{Block, Expression, Handle, Span, Statement};

/// Calls `f` on every statement of `block` and of the blocks nested in it,
/// outer statements before the blocks they contain.
pub fn for_each_statement(block: &Block, f: &mut impl FnMut(&Statement, Span)) {
    for (statement, span) in block.span_iter() {
        f(statement, *span);
        for child in child_blocks(statement) {
            for_each_statement(child, f);
        }
    }
}

/// Calls `f` on `block` and every block nested in it, innermost first.
pub fn for_each_block_mut(block: &mut Block, f: &mut impl FnMut(&mut Block)) {
    for statement in block.iter_mut() {
        for child in child_blocks_mut(statement) {
            for_each_block_mut(child, f);
        }
    }
    f(block);
}

/// Replaces every `Block` statement, in `block` and all nested blocks, by
/// its statements: a block only scopes its expressions, and widening their
/// scope changes nothing.
pub fn splice_nested_blocks(block: &mut Block) {
    for_each_block_mut(block, &mut |block: &mut Block| {
        let old = std::mem::take(block);
        for (statement, span) in old.span_into_iter() {
            match statement {
                Statement::Block(mut inner) => block.append(&mut inner),
                other => block.push(other, span),
            }
        }
    });
}

/// Replaces statements, in `block` and all nested blocks: `f` returns the
/// statements that stand for one statement, or `None` to keep it.
pub fn rewrite_statements(
    block: &mut Block,
    f: &mut impl FnMut(&Statement, Span) -> Option<Block>,
) {
    for_each_block_mut(block, &mut |block: &mut Block| {
        let old = std::mem::take(block);
        for (statement, span) in old.span_into_iter() {
            match f(&statement, span) {
                Some(mut replacement) => block.append(&mut replacement),
                None => block.push(statement, span),
            }
        }
    });
}

/// The blocks nested directly in a statement.
pub fn child_blocks(statement: &Statement) -> Vec<&Block> {
    match *statement {
        Statement::Block(ref b) => vec![b],
        Statement::If {
            ref accept,
            ref reject,
            ..
        } => vec![accept, reject],
        Statement::Switch { ref cases, .. } => cases.iter().map(|c| &c.body).collect(),
        Statement::Loop {
            ref body,
            ref continuing,
            ..
        } => vec![body, continuing],
        _ => Vec::new(),
    }
}

pub(crate) fn child_blocks_mut(statement: &mut Statement) -> Vec<&mut Block> {
    match *statement {
        Statement::Block(ref mut b) => vec![b],
        Statement::If {
            ref mut accept,
            ref mut reject,
            ..
        } => vec![accept, reject],
        Statement::Switch { ref mut cases, .. } => cases.iter_mut().map(|c| &mut c.body).collect(),
        Statement::Loop {
            ref mut body,
            ref mut continuing,
            ..
        } => vec![body, continuing],
        _ => Vec::new(),
    }
}

/// Every expression that some expression or statement of `function` reads;
/// `None` where the function holds a statement whose operands are not
/// known (ray tracing, cooperative matrices), so that callers assume
/// everything is read.
pub fn read_expressions(function: &naga::Function) -> Option<HashSet<Handle<Expression>>> {
    let mut read = HashSet::new();
    for (_, expression) in function.expressions.iter() {
        visit_operands(expression, |operand| {
            read.insert(operand);
        });
    }
    let mut known = true;
    for_each_statement(&function.body, &mut |statement, _| {
        let produced = crate::ir::statement_result(statement);
        let visited = visit_statement_operands(statement, |operand| {
            if Some(operand) != produced {
                read.insert(operand);
            }
        });
        known &= visited.is_ok();
    });
    known.then_some(read)
}

/// Every function of the module, entry points included.
pub fn functions(module: &naga::Module) -> impl Iterator<Item = &naga::Function> {
    module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|ep| &ep.function))
}

/// [`functions`], mutably.
pub fn functions_mut(module: &mut naga::Module) -> impl Iterator<Item = &mut naga::Function> {
    module
        .functions
        .iter_mut()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter_mut().map(|ep| &mut ep.function))
}

/// Calls `f` on each operand of `expression`, in the order
/// [`for_each_operand`](crate::ir::for_each_operand) visits them, for
/// callers that only read them.
pub fn visit_operands(expression: &Expression, mut f: impl FnMut(Handle<Expression>)) {
    // The operand walker hands out places to rewrite; a copy lends it one.
    let mut copy = expression.clone();
    crate::ir::for_each_operand(&mut copy, &mut |h| f(*h));
}

/// The operands of `expression`, in the order [`visit_operands`] gives.
pub fn operands(expression: &Expression) -> Vec<Handle<Expression>> {
    let mut out = Vec::new();
    visit_operands(expression, |h| out.push(h));
    out
}

/// Calls `f` on each operand of `statement` (not of its nested blocks), for
/// callers that only read them; `Err` where some are beyond the IR
/// helpers, as [`for_each_statement_operand`](crate::ir::for_each_statement_operand) says.
pub fn visit_statement_operands(
    statement: &Statement,
    mut f: impl FnMut(Handle<Expression>),
) -> Result<(), crate::ir::Unsupported> {
    let mut copy = statement.clone();
    crate::ir::for_each_statement_operand(&mut copy, &mut |h| f(*h))
}

/// Rewrites each loop whose body ends in `if c { X } else { break; }` (the
/// shape naga's SPIR-V reader gives a loop that tests at its top) as `if c
/// {} else { break; } X`: the exit test first, then the body, as WGSL's
/// `for` and `while` read. `c` is computed before the `if`, so leaving on
/// it first and running `X` after is the same; a `continue` that ends `X`
/// is dropped, as the end of the body continues anyway. A barrier in `X`
/// then sits in the loop's body itself, not under `c`.
pub fn lift_loop_exit_tests(block: &mut Block) {
    for statement in block.iter_mut() {
        match statement {
            Statement::Loop {
                body, continuing, ..
            } => {
                lift_loop_exit_tests(body);
                lift_loop_exit_tests(continuing);
                lift_exit_test(body);
            }
            Statement::If { accept, reject, .. } => {
                lift_loop_exit_tests(accept);
                lift_loop_exit_tests(reject);
            }
            Statement::Switch { cases, .. } => {
                for case in cases.iter_mut() {
                    lift_loop_exit_tests(&mut case.body);
                }
            }
            Statement::Block(inner) => lift_loop_exit_tests(inner),
            _ => {}
        }
    }
}

fn lift_exit_test(body: &mut Block) {
    let lifts = matches!(
        body.last(),
        Some(Statement::If { accept, reject, .. })
            if !accept.is_empty() && reject.len() == 1 && matches!(reject[0], Statement::Break)
    );
    if !lifts {
        return;
    }
    let mut statements: Vec<(Statement, Span)> = std::mem::take(body).span_into_iter().collect();
    let (
        Statement::If {
            condition,
            accept,
            reject,
        },
        span,
    ) = statements.pop().expect("checked")
    else {
        unreachable!("checked above");
    };
    for (s, sp) in statements {
        body.push(s, sp);
    }
    body.push(
        Statement::If {
            condition,
            accept: Block::new(),
            reject,
        },
        span,
    );
    let mut rest: Vec<(Statement, Span)> = accept.span_into_iter().collect();
    if matches!(rest.last(), Some((Statement::Continue, _))) {
        rest.pop();
    }
    for (s, sp) in rest {
        body.push(s, sp);
    }
}
