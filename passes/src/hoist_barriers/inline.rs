//! A call to a function that reaches a barrier, replaced by the function's
//! body, so that the barrier can be hoisted in the caller's control flow.
//!
//! The callee is left as it is for its other callers. Its locals become
//! locals of the caller, (re)initialised where the call was, as a call
//! would; its parameters become the argument values, which naga has
//! already evaluated before the call; a `return` that is not the last
//! statement becomes a cleared flag, with what it skipped guarded by it
//! (see [`super::exits`]), and a returned value goes through a local that
//! the call's result is read from.

use std::collections::HashMap;

use naga::{Block, Expression, Function, Handle, Literal, Module, Range, Span, Statement};

use super::exits::{Exit, Predicate};
use super::{block_of, function_mut, FunctionRef};
use crate::ir::{add_local, child_blocks_mut, ensure_type, for_each_operand};
use crate::ir::{for_each_statement_operand, substitute_uses};

/// Inlines the call statement at `path` of `caller`; returns the callee's
/// name.
pub(super) fn inline_call(
    module: &mut Module,
    caller: FunctionRef,
    path: &[u32],
) -> Result<String, String> {
    let (callee, arguments, result, call_span) = {
        let body = &mut function_mut(module, caller).body;
        let (block, index) = block_of(body, path).ok_or("the call could not be located")?;
        match block.span_iter().nth(index) {
            Some((
                &Statement::Call {
                    function,
                    ref arguments,
                    result,
                },
                &span,
            )) => (function, arguments.clone(), result, span),
            _ => return Err("the requirement does not point at a call".into()),
        }
    };
    let callee_function = module.functions[callee].clone();
    let name = callee_function
        .name
        .clone()
        .unwrap_or_else(|| "function".into());
    let bool_ty = ensure_type(
        &mut module.types,
        naga::TypeInner::Scalar(naga::Scalar::BOOL),
    );
    let f = function_mut(module, caller);
    let mut inliner = Inliner {
        caller: f,
        map: HashMap::new(),
        locals: HashMap::new(),
    };
    let mut inlined = inliner.prologue(&callee_function, &name, &arguments, call_span);
    let mut body = inliner.body(&callee_function.body);

    // Only a trailing `return` can be dropped; earlier ones leave through a
    // flag.
    let result_local = callee_function.result.as_ref().map(|r| {
        let local = add_local(
            &mut f.local_variables,
            format!("{name}_result"),
            r.ty,
            call_span,
        );
        f.expressions
            .append(Expression::LocalVariable(local), call_span)
    });
    if let Some((&Statement::Return { value }, &return_span)) = body.span_iter().last() {
        body.cull(body.len() - 1..);
        if let (Some(value), Some(pointer)) = (value, result_local) {
            body.push(Statement::Store { pointer, value }, return_span);
        }
    }
    if Predicate::has_exit(Exit::Return, &body) {
        let local = add_local(
            &mut f.local_variables,
            format!("{name}_active"),
            bool_ty,
            call_span,
        );
        let flag = f
            .expressions
            .append(Expression::LocalVariable(local), call_span);
        let yes = f
            .expressions
            .append(Expression::Literal(Literal::Bool(true)), call_span);
        inlined.push(
            Statement::Store {
                pointer: flag,
                value: yes,
            },
            call_span,
        );
        body = Predicate {
            expressions: &mut f.expressions,
            exit: Exit::Return,
            flag,
            result: result_local,
        }
        .block(body);
    }
    inlined.append(&mut body);

    // The call's result is now a load of the result variable.
    let mut substitution = HashMap::new();
    if let (Some(result), Some(pointer)) = (result, result_local) {
        let load = f
            .expressions
            .append(Expression::Load { pointer }, call_span);
        inlined.push(
            Statement::Emit(Range::new_from_bounds(load, load)),
            call_span,
        );
        substitution.insert(result, load);
        // The old result is visited by no statement any more; naga wants
        // every call result to be, so it becomes an unused constant.
        let ty = callee_function.result.as_ref().expect("a result").ty;
        f.expressions[result] = Expression::ZeroValue(ty);
    }
    // Spliced in, not nested in a block: the result's load must stay in
    // scope for the statements after the call.
    let (block, index) = block_of(&mut f.body, path).expect("located above");
    block.splice(index..index + 1, inlined);
    if !substitution.is_empty() {
        substitute_uses(&mut f.expressions, &mut f.body, &substitution)
            .map_err(|e| format!("the call's result is used by {}", e.0))?;
    }
    Ok(name)
}

struct Inliner<'f> {
    caller: &'f mut Function,
    map: HashMap<Handle<Expression>, Handle<Expression>>,
    locals: HashMap<Handle<naga::LocalVariable>, Handle<naga::LocalVariable>>,
}

impl Inliner<'_> {
    /// Copies the callee's locals and expressions into the caller; returns
    /// the statements that (re)initialise the locals.
    fn prologue(
        &mut self,
        callee: &Function,
        name: &str,
        arguments: &[Handle<Expression>],
        span: Span,
    ) -> Block {
        for (handle, local) in callee.local_variables.iter() {
            let new = add_local(
                &mut self.caller.local_variables,
                format!("{name}_{}", local.name.as_deref().unwrap_or("local")),
                local.ty,
                callee.local_variables.get_span(handle),
            );
            self.locals.insert(handle, new);
        }
        for (handle, expression) in callee.expressions.iter() {
            let new = match *expression {
                Expression::FunctionArgument(i) => arguments[i as usize],
                Expression::LocalVariable(l) => self.caller.expressions.append(
                    Expression::LocalVariable(self.locals[&l]),
                    callee.expressions.get_span(handle),
                ),
                _ => {
                    let mut copy = expression.clone();
                    for_each_operand(&mut copy, &mut |h| *h = self.map[h]);
                    self.caller
                        .expressions
                        .append(copy, callee.expressions.get_span(handle))
                }
            };
            self.map.insert(handle, new);
        }
        // A call starts with fresh locals: initialised, or zero.
        let mut prologue = Block::new();
        for (handle, local) in callee.local_variables.iter() {
            let pointer = self
                .caller
                .expressions
                .append(Expression::LocalVariable(self.locals[&handle]), span);
            let value = match local.init {
                Some(init) => self.materialize(callee, init, &mut prologue, span),
                None => self
                    .caller
                    .expressions
                    .append(Expression::ZeroValue(local.ty), span),
            };
            prologue.push(Statement::Store { pointer, value }, span);
        }
        prologue
    }

    /// A copy of the callee's constant expression `init`, emitted into
    /// `block` where it is not pre-emitted (a local's initialiser is
    /// evaluated by no statement of the callee).
    fn materialize(
        &mut self,
        callee: &Function,
        init: Handle<Expression>,
        block: &mut Block,
        span: Span,
    ) -> Handle<Expression> {
        let expression = &callee.expressions[init];
        if expression.needs_pre_emit() {
            return self.map[&init];
        }
        let mut copy = expression.clone();
        let mut operands = Vec::new();
        for_each_operand(&mut copy, &mut |h| operands.push(*h));
        let mut translated = HashMap::new();
        for operand in operands {
            let new = self.materialize(callee, operand, block, span);
            translated.insert(operand, new);
        }
        for_each_operand(&mut copy, &mut |h| *h = translated[h]);
        let new = self.caller.expressions.append(copy, span);
        block.push(Statement::Emit(Range::new_from_bounds(new, new)), span);
        new
    }

    /// The callee's body with its handles translated.
    fn body(&mut self, block: &Block) -> Block {
        let mut out = Block::with_capacity(block.len());
        for (statement, span) in block.span_iter() {
            let mut statement = statement.clone();
            self.translate(&mut statement);
            out.push(statement, *span);
        }
        out
    }

    fn translate(&mut self, statement: &mut Statement) {
        if let Statement::Emit(range) = statement {
            let (first, last) = range.first_and_last().expect("a non-empty emit");
            *range = Range::new_from_bounds(self.map[&first], self.map[&last]);
            return;
        }
        for_each_statement_operand(statement, &mut |h| *h = self.map[h])
            .expect("every statement of a valid callee can be translated");
        for child in child_blocks_mut(statement) {
            let translated = self.body(child);
            *child = translated;
        }
    }
}
