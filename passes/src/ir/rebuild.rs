//! Rebuilding a function's expression arena with rewrites.
//!
//! naga requires an expression's operands to have smaller handles than the
//! expression itself, so a rewrite cannot put new expressions "before" an
//! existing one in place. [`rebuild_function`] instead walks the body in
//! order and re-creates every expression in a fresh arena, letting a
//! [`Rewrite`] replace expressions and statements as they are reached; the
//! emit ranges, statement results and named expressions follow.

use std::collections::HashMap;

use naga::{
    Arena, Block, Expression, Function, GatherMode, Handle, ImageQuery, RayQueryFunction,
    SampleLevel, Span, Statement, SwitchCase,
};

use super::BlockBuilder;

/// The replacements a pass makes while a function is rebuilt. Operands are
/// already translated into the new arena when a hook sees them.
pub trait Rewrite {
    /// Replaces an expression: build the replacement with `b` and return
    /// its handle, or `None` to keep the expression as it is.
    fn expression(
        &mut self,
        b: &mut BlockBuilder<'_>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        let _ = (b, expression);
        None
    }

    /// Replaces a statement: push the replacement onto `b` and return
    /// `Some(result)`, where `result` stands for the statement's result
    /// expression in later uses (if it has one); `None` keeps it.
    ///
    /// A statement result (atomic, call) is already created in the new
    /// arena when the hook runs, as the statement refers to it.
    fn statement(
        &mut self,
        b: &mut BlockBuilder<'_>,
        statement: &Statement,
    ) -> Option<Option<Handle<Expression>>> {
        let _ = (b, statement);
        None
    }

    /// [`Rewrite::expression`], told which expression of the original
    /// function is being rebuilt.
    fn expression_from(
        &mut self,
        b: &mut BlockBuilder<'_>,
        original: Handle<Expression>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        let _ = original;
        self.expression(b, expression)
    }

    /// [`Rewrite::statement`], told where the statement stood in the
    /// original function, as a path of statement and child-block indices
    /// (the paths of the uniformity analysis).
    fn statement_at(
        &mut self,
        b: &mut BlockBuilder<'_>,
        path: &[u32],
        statement: &Statement,
    ) -> Option<Option<Handle<Expression>>> {
        let _ = path;
        self.statement(b, statement)
    }
}

/// Why a function could not be rebuilt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub &'static str);

/// Re-creates `function`'s expressions in a fresh arena in body order,
/// letting `rewrite` replace expressions and statements as they are reached
/// (see the module's documentation). Fails, leaving `function` as it was,
/// on a statement it cannot rebuild (ray queries, cooperative matrices).
pub fn rebuild_function(
    function: &mut Function,
    rewrite: &mut impl Rewrite,
) -> Result<(), Unsupported> {
    let old_inits: Vec<_> = function
        .local_variables
        .iter()
        .map(|(h, l)| (h, l.init))
        .collect();
    let old = std::mem::take(&mut function.expressions);
    let mut rebuilder = Rebuilder {
        old: &old,
        new: Arena::new(),
        map: HashMap::new(),
        locals: std::mem::take(&mut function.local_variables),
        path: Vec::new(),
    };
    let inits: Vec<_> = rebuilder
        .locals
        .iter()
        .filter_map(|(h, l)| l.init.map(|i| (h, i)))
        .collect();
    for (local, init) in inits {
        rebuilder.locals[local].init = Some(rebuilder.constant(init));
    }
    let body = std::mem::take(&mut function.body);
    let result = rebuilder.block(&body, rewrite);
    let Rebuilder {
        new, map, locals, ..
    } = rebuilder;
    let new_body = match result {
        Ok(body) => body,
        Err(e) => {
            function.expressions = old;
            function.body = body;
            // Locals added by the rewrite stay unused; the originals keep
            // their handles and get their initializers back.
            let mut locals = locals;
            for (h, l) in locals.iter_mut() {
                l.init = function_init(&old_inits, h);
            }
            function.local_variables = locals;
            return Err(e);
        }
    };
    function.local_variables = locals;
    function.expressions = new;
    function.body = new_body;
    let named = std::mem::take(&mut function.named_expressions);
    for (handle, name) in named {
        if let Some(&new) = map.get(&handle) {
            function.named_expressions.insert(new, name);
        }
    }
    Ok(())
}

fn function_init(
    inits: &[(Handle<naga::LocalVariable>, Option<Handle<Expression>>)],
    local: Handle<naga::LocalVariable>,
) -> Option<Handle<Expression>> {
    inits
        .iter()
        .find(|(h, _)| *h == local)
        .and_then(|(_, i)| *i)
}

struct Rebuilder<'o> {
    old: &'o Arena<Expression>,
    new: Arena<Expression>,
    map: HashMap<Handle<Expression>, Handle<Expression>>,
    locals: Arena<naga::LocalVariable>,
    /// Where the statement being rebuilt stood in the original function.
    path: Vec<u32>,
}

impl Rebuilder<'_> {
    /// Translates a constant expression (a local's initializer), which is
    /// never emitted.
    fn constant(&mut self, old: Handle<Expression>) -> Handle<Expression> {
        if let Some(&new) = self.map.get(&old) {
            return new;
        }
        let mut expression = self.old[old].clone();
        let mut operands = Vec::new();
        for_each_operand(&mut expression, &mut |h| operands.push(*h));
        for operand in operands {
            self.constant(operand);
        }
        let map = &self.map;
        for_each_operand(&mut expression, &mut |h| *h = map[h]);
        let new = self.new.append(expression, self.old.get_span(old));
        self.map.insert(old, new);
        new
    }

    fn block(&mut self, block: &Block, rewrite: &mut impl Rewrite) -> Result<Block, Unsupported> {
        let mut out = Block::with_capacity(block.len());
        for (index, (statement, span)) in block.span_iter().enumerate() {
            self.path.push(index as u32);
            self.statement(statement, span, rewrite, &mut out)?;
            self.path.pop();
        }
        Ok(out)
    }

    /// A child block of the statement at the current path.
    fn nested(
        &mut self,
        child: u32,
        block: &Block,
        rewrite: &mut impl Rewrite,
    ) -> Result<Block, Unsupported> {
        self.path.push(child);
        let result = self.block(block, rewrite);
        self.path.pop();
        result
    }

    fn statement(
        &mut self,
        statement: &Statement,
        span: &Span,
        rewrite: &mut impl Rewrite,
        out: &mut Block,
    ) -> Result<(), Unsupported> {
        {
            match statement {
                Statement::Emit(range) => {
                    let mut b =
                        BlockBuilder::new(&mut self.new, *span).with_locals(&mut self.locals);
                    for old in range.clone() {
                        let mut expression = self.old[old].clone();
                        translate_operands(&mut expression, &mut self.map, self.old, &mut b);
                        let new = match rewrite.expression_from(&mut b, old, &expression) {
                            Some(new) => new,
                            None => b.expr_with_span(expression, self.old.get_span(old)),
                        };
                        self.map.insert(old, new);
                    }
                    out.append(&mut b.finish());
                }
                Statement::Block(inner) => {
                    out.push(Statement::Block(self.nested(0, inner, rewrite)?), *span)
                }
                Statement::If {
                    condition,
                    accept,
                    reject,
                } => {
                    let condition = self.operand(*condition);
                    let accept = self.nested(0, accept, rewrite)?;
                    let reject = self.nested(1, reject, rewrite)?;
                    out.push(
                        Statement::If {
                            condition,
                            accept,
                            reject,
                        },
                        *span,
                    );
                }
                Statement::Switch { selector, cases } => {
                    let selector = self.operand(*selector);
                    let mut new_cases = Vec::with_capacity(cases.len());
                    for (i, case) in cases.iter().enumerate() {
                        new_cases.push(SwitchCase {
                            value: case.value,
                            body: self.nested(i as u32, &case.body, rewrite)?,
                            fall_through: case.fall_through,
                        });
                    }
                    out.push(
                        Statement::Switch {
                            selector,
                            cases: new_cases,
                        },
                        *span,
                    );
                }
                Statement::Loop {
                    body,
                    continuing,
                    break_if,
                } => {
                    let body = self.nested(0, body, rewrite)?;
                    let continuing = self.nested(1, continuing, rewrite)?;
                    let break_if = break_if.map(|h| self.operand(h));
                    out.push(
                        Statement::Loop {
                            body,
                            continuing,
                            break_if,
                        },
                        *span,
                    );
                }
                other => {
                    let mut statement = other.clone();
                    let old_result = statement_result(&statement);
                    if let Some(old_result) = old_result {
                        let mut result = self.old[old_result].clone();
                        for_each_operand(&mut result, &mut |h| *h = self.map[h]);
                        let new = self.new.append(result, self.old.get_span(old_result));
                        self.map.insert(old_result, new);
                    }
                    remap_statement(&mut statement, &mut |h| *h = self.operand(*h))?;
                    let mut b =
                        BlockBuilder::new(&mut self.new, *span).with_locals(&mut self.locals);
                    match rewrite.statement_at(&mut b, &self.path, &statement) {
                        Some(result) => {
                            if let (Some(old_result), Some(result)) = (old_result, result) {
                                self.map.insert(old_result, result);
                            }
                            out.append(&mut b.finish());
                        }
                        None => {
                            drop(b.finish());
                            out.push(statement, *span);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The new handle of an operand that was emitted (or pre-emitted)
    /// earlier.
    fn operand(&mut self, old: Handle<Expression>) -> Handle<Expression> {
        if let Some(&new) = self.map.get(&old) {
            return new;
        }
        assert!(
            self.old[old].needs_pre_emit(),
            "operand {old:?} was used before it was emitted"
        );
        let new = self
            .new
            .append(self.old[old].clone(), self.old.get_span(old));
        self.map.insert(old, new);
        new
    }
}

/// Maps the operands of an expression being emitted; pre-emitted operands
/// (literals, variables) seen for the first time are created on the way,
/// outside the emit range.
fn translate_operands(
    expression: &mut Expression,
    map: &mut HashMap<Handle<Expression>, Handle<Expression>>,
    old: &Arena<Expression>,
    b: &mut BlockBuilder<'_>,
) {
    let mut pending = Vec::new();
    for_each_operand(expression, &mut |h| {
        if !map.contains_key(h) {
            pending.push(*h);
        }
    });
    for h in pending {
        if map.contains_key(&h) {
            continue;
        }
        assert!(
            old[h].needs_pre_emit(),
            "operand {h:?} was used before it was emitted"
        );
        let new = b.expr_with_span(old[h].clone(), old.get_span(h));
        map.insert(h, new);
    }
    for_each_operand(expression, &mut |h| *h = map[h]);
}

/// The result expression a statement defines (an atomic's, a call's, a
/// subgroup operation's...); `None` for statements with none.
pub fn statement_result(statement: &Statement) -> Option<Handle<Expression>> {
    match *statement {
        Statement::Atomic { result, .. } | Statement::Call { result, .. } => result,
        Statement::WorkGroupUniformLoad { result, .. }
        | Statement::SubgroupBallot { result, .. }
        | Statement::SubgroupGather { result, .. }
        | Statement::SubgroupCollectiveOperation { result, .. } => Some(result),
        Statement::RayQuery {
            fun: RayQueryFunction::Proceed { result },
            ..
        } => Some(result),
        _ => None,
    }
}

/// Calls `f` on every expression handle an expression refers to.
pub fn for_each_operand(expression: &mut Expression, f: &mut impl FnMut(&mut Handle<Expression>)) {
    use Expression as E;
    let opt = |h: &mut Option<Handle<Expression>>, f: &mut dyn FnMut(&mut Handle<Expression>)| {
        if let Some(h) = h {
            f(h)
        }
    };
    match expression {
        E::Literal(_)
        | E::Constant(_)
        | E::Override(_)
        | E::ZeroValue(_)
        | E::FunctionArgument(_)
        | E::GlobalVariable(_)
        | E::LocalVariable(_)
        | E::CallResult(_)
        | E::AtomicResult { .. }
        | E::WorkGroupUniformLoadResult { .. }
        | E::RayQueryProceedResult
        | E::SubgroupBallotResult
        | E::SubgroupOperationResult { .. } => {}
        E::Compose { components, .. } => components.iter_mut().for_each(&mut *f),
        E::Access { base, index } => {
            f(base);
            f(index);
        }
        E::AccessIndex { base, .. } => f(base),
        E::Splat { value, .. } => f(value),
        E::Swizzle { vector, .. } => f(vector),
        E::Load { pointer } => f(pointer),
        E::ImageSample {
            image,
            sampler,
            coordinate,
            array_index,
            offset,
            level,
            depth_ref,
            ..
        } => {
            f(image);
            f(sampler);
            f(coordinate);
            opt(array_index, f);
            opt(offset, f);
            match level {
                SampleLevel::Auto | SampleLevel::Zero => {}
                SampleLevel::Exact(h) | SampleLevel::Bias(h) => f(h),
                SampleLevel::Gradient { x, y } => {
                    f(x);
                    f(y);
                }
            }
            opt(depth_ref, f);
        }
        E::ImageLoad {
            image,
            coordinate,
            array_index,
            sample,
            level,
        } => {
            f(image);
            f(coordinate);
            opt(array_index, f);
            opt(sample, f);
            opt(level, f);
        }
        E::ImageQuery { image, query } => {
            f(image);
            if let ImageQuery::Size { level } = query {
                opt(level, f);
            }
        }
        E::Unary { expr, .. } => f(expr),
        E::Binary { left, right, .. } => {
            f(left);
            f(right);
        }
        E::Select {
            condition,
            accept,
            reject,
        } => {
            f(condition);
            f(accept);
            f(reject);
        }
        E::Derivative { expr, .. } => f(expr),
        E::Relational { argument, .. } => f(argument),
        E::Math {
            arg,
            arg1,
            arg2,
            arg3,
            ..
        } => {
            f(arg);
            opt(arg1, f);
            opt(arg2, f);
            opt(arg3, f);
        }
        E::As { expr, .. } => f(expr),
        E::ArrayLength(h) => f(h),
        E::RayQueryVertexPositions { query, .. } | E::RayQueryGetIntersection { query, .. } => {
            f(query)
        }
        E::CooperativeLoad { data, .. } => {
            f(&mut data.pointer);
            f(&mut data.stride);
        }
        E::CooperativeMultiplyAdd { a, b, c } => {
            f(a);
            f(b);
            f(c);
        }
    }
}

/// Calls `f` on every expression handle a statement (not a nested block)
/// refers to, results included.
fn remap_statement(
    statement: &mut Statement,
    f: &mut impl FnMut(&mut Handle<Expression>),
) -> Result<(), Unsupported> {
    use Statement as S;
    match statement {
        S::Emit(_) | S::Block(_) | S::If { .. } | S::Switch { .. } | S::Loop { .. } => {
            unreachable!("handled by the rebuilder")
        }
        S::Break | S::Continue | S::Kill | S::ControlBarrier(_) | S::MemoryBarrier(_) => {}
        S::Return { value } => {
            if let Some(v) = value {
                f(v)
            }
        }
        S::Store { pointer, value } => {
            f(pointer);
            f(value);
        }
        S::ImageStore {
            image,
            coordinate,
            array_index,
            value,
        } => {
            f(image);
            f(coordinate);
            if let Some(a) = array_index {
                f(a)
            }
            f(value);
        }
        S::Atomic {
            pointer,
            fun,
            value,
            result,
        } => {
            f(pointer);
            if let naga::AtomicFunction::Exchange { compare: Some(c) } = fun {
                f(c)
            }
            f(value);
            if let Some(r) = result {
                f(r)
            }
        }
        S::ImageAtomic {
            image,
            coordinate,
            array_index,
            value,
            ..
        } => {
            f(image);
            f(coordinate);
            if let Some(a) = array_index {
                f(a)
            }
            f(value);
        }
        S::WorkGroupUniformLoad { pointer, result } => {
            f(pointer);
            f(result);
        }
        S::Call {
            arguments, result, ..
        } => {
            arguments.iter_mut().for_each(&mut *f);
            if let Some(r) = result {
                f(r)
            }
        }
        S::SubgroupBallot { result, predicate } => {
            if let Some(p) = predicate {
                f(p)
            }
            f(result);
        }
        S::SubgroupGather {
            mode,
            argument,
            result,
        } => {
            match mode {
                GatherMode::BroadcastFirst | GatherMode::QuadSwap(_) => {}
                GatherMode::Broadcast(h)
                | GatherMode::Shuffle(h)
                | GatherMode::ShuffleDown(h)
                | GatherMode::ShuffleUp(h)
                | GatherMode::ShuffleXor(h)
                | GatherMode::QuadBroadcast(h) => f(h),
            }
            f(argument);
            f(result);
        }
        S::SubgroupCollectiveOperation {
            argument, result, ..
        } => {
            f(argument);
            f(result);
        }
        S::RayQuery { .. } => return Err(Unsupported("ray queries")),
        S::RayPipelineFunction(_) => return Err(Unsupported("ray tracing pipeline functions")),
        S::CooperativeStore { .. } => return Err(Unsupported("cooperative matrices")),
    }
    Ok(())
}

impl BlockBuilder<'_> {
    /// Adds an expression with its own span (kept from the original).
    pub(crate) fn expr_with_span(
        &mut self,
        expression: Expression,
        span: Span,
    ) -> Handle<Expression> {
        let saved = self.span;
        self.span = span;
        let h = self.expr(expression);
        self.span = saved;
        h
    }
}

/// Calls `f` on every expression handle a statement refers to itself:
/// operands and results, and the condition, selector or `break if` of a
/// compound statement, but nothing of its nested blocks or `Emit` ranges.
pub fn for_each_statement_operand(
    statement: &mut Statement,
    f: &mut impl FnMut(&mut Handle<Expression>),
) -> Result<(), Unsupported> {
    match statement {
        Statement::Emit(_) | Statement::Block(_) => Ok(()),
        Statement::If { condition, .. } => {
            f(condition);
            Ok(())
        }
        Statement::Switch { selector, .. } => {
            f(selector);
            Ok(())
        }
        Statement::Loop { break_if, .. } => {
            if let Some(b) = break_if {
                f(b)
            }
            Ok(())
        }
        _ => remap_statement(statement, f),
    }
}
