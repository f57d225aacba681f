//! A call statement replaced by the body of the function it calls.
//!
//! The callee is left as it is for its other callers. Its locals become
//! locals of the caller, (re)initialised where the call was, as a call
//! would; its parameters become the argument values, which naga has
//! already evaluated before the call; a `return` that is not the last
//! statement becomes a cleared flag, with what it skipped guarded by it
//! (see `ir::exits`), and a returned value goes through a
//! local that the call's result is read from.
//!
//! A call that ends its caller ([`CallSite::Tail`]) is simpler: the
//! callee's returns are the caller's, and its locals start as the caller's
//! do, so the body is copied as it is.

use std::collections::HashMap;

use naga::{Block, Expression, Function, Handle, Module, Range, Span, Statement};

use crate::ir::exits::{predicate_exits, Exit, Predicate};
use crate::ir::{
    add_local, child_blocks_mut, ensure_type, for_each_operand, function_mut, FunctionRef,
};
use crate::ir::{block_of, for_each_statement_operand, substitute_uses};

/// Where the call to inline stands in its caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallSite {
    /// Anywhere: statements may follow it, and it may return a value.
    Anywhere,
    /// At the top level of the caller, followed by nothing but a `return`
    /// without a value, and returning none itself.
    Tail,
}

/// Inlines the call statement at `path` of `caller`; returns the callee's
/// name.
pub fn inline_call(
    module: &mut Module,
    caller: FunctionRef,
    path: &[u32],
    site: CallSite,
) -> Result<String, String> {
    if site == CallSite::Tail {
        return inline_tail_call(module, caller, path);
    }
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
        let (_, predicated) = predicate_exits(
            f,
            format!("{name}_active"),
            bool_ty,
            call_span,
            body,
            result_local,
        );
        body = predicated;
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

fn inline_tail_call(
    module: &mut Module,
    caller: FunctionRef,
    path: &[u32],
) -> Result<String, String> {
    let &[index] = path else {
        return Err("the call is not at the top level of its caller".into());
    };
    let index = index as usize;
    let (callee, arguments) = {
        let body = &function_mut(module, caller).body;
        match body.get(index) {
            Some(&Statement::Call {
                function,
                ref arguments,
                result: None,
            }) => (function, arguments.clone()),
            _ => return Err("the path does not point at a call without a result".into()),
        }
    };
    let callee_function = module.functions[callee].clone();
    if callee_function.result.is_some() {
        return Err("the callee returns a value".into());
    }
    let name = callee_function
        .name
        .clone()
        .unwrap_or_else(|| "function".into());
    let f = function_mut(module, caller);
    let ends_caller = f
        .body
        .iter()
        .skip(index + 1)
        .all(|s| matches!(s, Statement::Emit(_) | Statement::Return { value: None }));
    if !ends_caller {
        return Err("statements follow the call".into());
    }
    let mut inliner = Inliner {
        caller: f,
        map: HashMap::new(),
        locals: HashMap::new(),
    };
    inliner.copy_expressions(&callee_function, &name, &arguments);
    // The caller's locals start as a call's would: initialised, or zero.
    for (handle, local) in callee_function.local_variables.iter() {
        if let Some(init) = local.init {
            let new = inliner.locals[&handle];
            inliner.caller.local_variables[new].init = Some(inliner.map[&init]);
        }
    }
    let body = inliner.body(&callee_function.body);
    let mut statements = std::mem::take(&mut f.body);
    statements.cull(index..);
    let mut body = body;
    statements.append(&mut body);
    f.body = statements;
    Ok(name)
}

struct Inliner<'f> {
    caller: &'f mut Function,
    map: HashMap<Handle<Expression>, Handle<Expression>>,
    locals: HashMap<Handle<naga::LocalVariable>, Handle<naga::LocalVariable>>,
}

impl Inliner<'_> {
    /// Copies the callee's locals and expressions into the caller.
    fn copy_expressions(
        &mut self,
        callee: &Function,
        name: &str,
        arguments: &[Handle<Expression>],
    ) {
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
    }

    /// Copies the callee's locals and expressions into the caller; returns
    /// the statements that (re)initialise the locals.
    fn prologue(
        &mut self,
        callee: &Function,
        name: &str,
        arguments: &[Handle<Expression>],
        span: Span,
    ) -> Block {
        self.copy_expressions(callee, name, arguments);
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
            // naga's WGSL reader leaves an empty emit where it evaluated
            // an expression as a constant (`var r = vec4(0.0);`); it emits
            // nothing.
            if matches!(statement, Statement::Emit(range) if range.first_and_last().is_none()) {
                continue;
            }
            let mut statement = statement.clone();
            self.translate(&mut statement);
            out.push(statement, *span);
        }
        out
    }

    fn translate(&mut self, statement: &mut Statement) {
        if let Statement::Emit(range) = statement {
            let (first, last) = range.first_and_last().expect("empty emits are dropped");
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

/// Removes `function`, which nothing calls, from `module`, renumbering the
/// calls to the functions after it. `false` where something calls it.
pub fn remove_uncalled_function(module: &mut Module, function: Handle<Function>) -> bool {
    let calls = |f: &Function| {
        let mut calls = false;
        crate::ir::for_each_statement(&f.body, &mut |s, _| {
            calls |= matches!(*s, Statement::Call { function: callee, .. } if callee == function);
        });
        calls
    };
    if module.functions.iter().any(|(_, f)| calls(f))
        || module.entry_points.iter().any(|ep| calls(&ep.function))
    {
        return false;
    }
    let mut renumbered = HashMap::new();
    let old: Vec<_> = module.functions.drain().collect();
    for (handle, f, span) in old {
        if handle != function {
            renumbered.insert(handle, module.functions.append(f, span));
        }
    }
    let renumber = |f: &mut Function| {
        crate::ir::for_each_block_mut(&mut f.body, &mut |block| {
            for statement in block.iter_mut() {
                if let Statement::Call { function, .. } = statement {
                    *function = renumbered[function];
                }
            }
        });
        for (_, e) in f.expressions.iter_mut() {
            if let Expression::CallResult(function) = e {
                *function = renumbered[function];
            }
        }
    };
    for (_, f) in module.functions.iter_mut() {
        renumber(f);
    }
    for ep in module.entry_points.iter_mut() {
        renumber(&mut ep.function);
    }
    true
}
