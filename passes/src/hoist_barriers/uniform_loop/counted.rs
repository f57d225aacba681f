//! Counted loops: a loop whose header compares a counter the continuing
//! block steps against a bound runs, in every invocation, to the
//! workgroup's longest count, with the invocations past their own bound
//! taking no part.

use std::collections::{BTreeSet, HashMap, HashSet};

use naga::{
    Arena, AtomicFunction, Block, Expression, GlobalVariable, Handle, Literal, LocalVariable, Span,
    Statement,
};

use crate::analysis::uniformity::FunctionUniformity;
use crate::ir::exits::{Exit, Predicate};
use crate::ir::{add_local, defined_at_top, local_uses};

use super::{exit_test, push_if, Emitted, ExitTest, LoopResources, Surroundings};
use crate::ir::LoopLocals;

/// `for (var k = S; k < n; k = STEP) { BODY }` with a `u32` counter, a
/// bound `n` that the loop does not change, a continuing block that only
/// steps the counter, and no other way out of the body. The counter must
/// start from the same value `S` in every invocation, set just before the
/// loop, and step by the same `STEP` (computed from the counter and uniform
/// values) only in the continuing block: then its trip count is uniform
/// once the bound is: the workgroup's largest `n`, found once before the
/// loop, with each invocation running the body only while `k < n` holds
/// for it. Where the counter is read after the loop, a second counter runs
/// the loop and the first steps only in the invocation's own iterations.
/// Any other loop votes.
///
/// Where the bound is the same in every invocation too (a constant, a
/// uniform value), so is the whole of the loop's control: the loop runs as
/// written, with every invocation, and only its body is guarded. No vote,
/// no barrier is added; the header may compare the counter either way
/// (`s > 0u` of a reduction that halves `s`). A hand fix does the same.
///
/// ```text
///                                    atomicStore(&votes, 0u);
///                                    workgroupBarrier();
/// for (...; k < n; ...) {            atomicMax(&votes, select(0u, n, ENTRY));
///     BODY                   =>      let bound = workgroupUniformLoad(&votes);
/// }                                  for (...; k < bound; ...) {
///                                        if k < n && ENTRY { BODY }
///                                    }
/// ```
///
/// The counter goes on past an invocation's own `n` (nothing but the
/// continuing block writes it, and nothing after the loop reads it); an
/// invocation that does not take part asks for no iteration (`0u`, below
/// every `u32` counter).
pub(super) struct Counted {
    /// Where the header `if k < n {} else { break; }` is in the body.
    header: usize,
    counter: Handle<LocalVariable>,
    bound: Handle<Expression>,
    condition: Handle<Expression>,
    /// What the header emits.
    header_values: BTreeSet<Handle<Expression>>,
    /// Where the loop counts its iterations in a variable of its own,
    /// stepped like the counter, the counter's start.
    shadow_from: Option<Handle<Expression>>,
    /// The bound is the same in every invocation: so is the trip count.
    uniform_bound: bool,
    /// The header only computes the condition, and the body's last
    /// statement leaves on it (`if c { continue; } else { break; }`).
    tail_exit: bool,
    /// The loop runs while the counter is below the bound (`k < n`, `n >
    /// k`), the only test a vote on the largest bound keeps.
    counts_up: bool,
}

impl Counted {
    pub(super) fn recognise(
        expressions: &Arena<Expression>,
        local_variables: &Arena<LocalVariable>,
        resources: &LoopResources,
        body: &Block,
        continuing: &Block,
        break_if: Option<Handle<Expression>>,
        site: &Surroundings,
    ) -> Option<Counted> {
        if break_if.is_some() {
            return None;
        }
        let header = body.iter().position(|s| !matches!(s, Statement::Emit(_)))?;
        let is_only = |b: &Block, what: fn(&Statement) -> bool| b.len() == 1 && what(&b[0]);
        let (condition, tail_exit) = match exit_test(&body[header]) {
            Some(ExitTest::StayWhile(condition)) => (condition, false),
            Some(ExitTest::LeaveIf(_)) => return None,
            // naga's SPIR-V reader tests the condition at the top and
            // leaves at the bottom: `let c = k < n; if c { A } B; if c {
            // continue; } else { break; }`.
            None => match body.last() {
                Some(&Statement::If {
                    condition,
                    ref accept,
                    ref reject,
                }) if is_only(accept, |s| matches!(s, Statement::Continue))
                    && is_only(reject, |s| matches!(s, Statement::Break))
                    && body.len() > header + 1 =>
                {
                    (condition, true)
                }
                _ => return None,
            },
        };
        let Expression::Binary { op, left, right } = expressions[condition] else {
            return None;
        };
        let is_load_of_local = |h: Handle<Expression>| match expressions[h] {
            Expression::Load { pointer } => {
                matches!(expressions[pointer], Expression::LocalVariable(_))
            }
            _ => false,
        };
        use naga::BinaryOperator as B;
        let compares = matches!(
            op,
            B::Less | B::LessEqual | B::Greater | B::GreaterEqual | B::NotEqual
        );
        // `k < n` or `n > k`: the counter below its bound, which a vote can
        // raise to the workgroup's largest.
        let (counter_load, bound, counts_up) = match op {
            B::Less => (left, right, true),
            B::Greater if is_load_of_local(right) => (right, left, true),
            _ if compares && is_load_of_local(left) => (left, right, false),
            _ if compares && is_load_of_local(right) => (right, left, false),
            _ => return None,
        };
        let Expression::Load { pointer } = expressions[counter_load] else {
            return None;
        };
        let Expression::LocalVariable(counter) = expressions[pointer] else {
            return None;
        };
        if local_variables[counter].ty != resources.u32_ty {
            return None;
        }
        let rest = if tail_exit {
            Block::from_vec(
                body.iter()
                    .take(body.len() - 1)
                    .skip(header)
                    .cloned()
                    .collect(),
            )
        } else {
            Block::from_vec(body.iter().skip(header + 1).cloned().collect())
        };
        if [Exit::Break, Exit::Continue, Exit::Return]
            .iter()
            .any(|&e| Predicate::has_exit(e, &rest))
        {
            return None;
        }
        // The continuing block only steps the counter.
        let steps_only = continuing.iter().all(|s| match *s {
            Statement::Emit(_) => true,
            Statement::Store { pointer, .. } => {
                matches!(expressions[pointer], Expression::LocalVariable(l) if l == counter)
            }
            _ => false,
        });
        if !steps_only || continuing.is_empty() {
            return None;
        }
        // Only the continuing block changes the counter.
        let body_uses = local_uses(expressions, body)?;
        if body_uses.get(&counter).is_some_and(|u| u.other > 0) {
            return None;
        }
        // Every invocation starts the counter from the same value: nothing
        // outside the loop stores into it but the reset just before it.
        let outside = site.locals.outside(counter)?;
        let start = match site.reset {
            Some((local, start)) if local == counter => (outside.other == 1
                && site.analysed.is_expression_uniform(start))
            .then_some(start)?,
            // `var k = 0u;` outside any loop: naga keeps a constant
            // initialiser on the variable.
            _ => {
                let init = local_variables[counter].init?;
                let constant = matches!(
                    expressions[init],
                    Expression::Literal(_) | Expression::Constant(_) | Expression::ZeroValue(_)
                );
                (outside.other == 0 && !site.in_loop && constant).then_some(init)?
            }
        };
        // ... and steps it by the same amount.
        let stepped: BTreeSet<_> = defined_at_top(continuing).into_iter().collect();
        let in_body: BTreeSet<_> = defined_at_top(body).into_iter().collect();
        let steps_uniformly = continuing.iter().all(|s| match *s {
            Statement::Store { value, .. } => steps_from(
                expressions,
                value,
                counter,
                &stepped,
                &in_body,
                site.analysed,
            ),
            _ => true,
        });
        if !steps_uniformly {
            return None;
        }
        // The bound is computed before the loop, or in the header from
        // values that do not change in the loop.
        let mut inside = BTreeSet::new();
        for statement in body.iter().take(header) {
            if let Statement::Emit(range) = statement {
                inside.extend(range.clone());
            }
        }
        let read_only = &resources.read_only;
        if !invariant(expressions, bound, &inside, read_only) {
            return None;
        }
        let uniform_bound = uniform_value(expressions, bound, &inside, site.analysed, read_only);
        // Decided at the top for the exit at the bottom: only a uniform
        // bound, where the loop keeps its shape.
        if (!counts_up || tail_exit) && !uniform_bound || tail_exit && !inside.contains(&condition)
        {
            return None;
        }
        Some(Counted {
            header,
            counter,
            bound,
            condition,
            header_values: inside,
            // Read after the loop, the counter must stop at each
            // invocation's own bound: a second counter runs the loop.
            shadow_from: (outside.reads > 0).then_some(start),
            uniform_bound,
            tail_exit,
            counts_up,
        })
    }

    /// Whether every invocation runs the same iterations: the bound is
    /// uniform, and the counter, if read after the loop, need not stop
    /// at an invocation's own count.
    pub(super) fn is_uniform(&self) -> bool {
        self.uniform_bound && self.shadow_from.is_none()
    }

    /// Whether [`Counted::rewrite`] can take the loop: it reads the exit
    /// test at the top, as `k < n`.
    pub(super) fn fits_largest_count(&self) -> bool {
        !self.tail_exit && self.counts_up
    }

    /// The loop as written, its body after the header guarded by `entry`:
    /// the trip count is the same in every invocation. What the body does
    /// that no other invocation and nothing after the loop can see runs
    /// unguarded ([`guard_effects`]).
    pub(super) fn guard_body(
        self,
        expressions: &mut Arena<Expression>,
        body: Block,
        continuing: Block,
        span: Span,
        entry: Option<(Handle<Expression>, bool)>,
        locals: &LoopLocals,
    ) -> Block {
        let mut b = Emitted::new(expressions, span);
        let mut before = Block::new();
        let mut statements: Vec<(Statement, Span)> = body.span_into_iter().collect();
        let exit = self.tail_exit.then(|| statements.pop().expect("the exit"));
        let first = if self.tail_exit {
            self.header
        } else {
            self.header + 1
        };
        let rest: Vec<(Statement, Span)> = statements.drain(first..).collect();
        let mut head = Block::new();
        for (s, sp) in statements {
            head.push(s, sp);
        }
        let mut guarded = Block::new();
        for (s, sp) in rest {
            guarded.push(s, sp);
        }
        match b.entry(&mut before, entry) {
            Some(entry) => {
                let mut guarded = guard_effects(&mut b, entry, guarded, locals, span);
                head.append(&mut guarded);
            }
            None => head.append(&mut guarded),
        }
        if let Some((exit, exit_span)) = exit {
            head.push(exit, exit_span);
        }
        before.push(
            Statement::Loop {
                body: head,
                continuing,
                break_if: None,
            },
            span,
        );
        before
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn rewrite(
        self,
        expressions: &mut Arena<Expression>,
        local_variables: &mut Arena<LocalVariable>,
        resources: &LoopResources,
        body: Block,
        continuing: Block,
        span: Span,
        entry: Option<(Handle<Expression>, bool)>,
    ) -> Block {
        let mut b = Emitted::new(expressions, span);
        let mut before = Block::new();
        let bound = b.copy_before(&mut before, self.bound, &self.header_values);
        let entry = b.entry(&mut before, entry);
        let zero = b.pre(Expression::Literal(Literal::U32(0)));
        let asked = match entry {
            None => bound,
            Some(entry) => b.emit(
                &mut before,
                Expression::Select {
                    condition: entry,
                    accept: bound,
                    reject: zero,
                },
            ),
        };
        let votes = b.pre(Expression::GlobalVariable(resources.votes));
        // Every invocation resets the counter (the same value, atomically),
        // and the barrier orders the resets before any vote.
        before.push(
            Statement::Store {
                pointer: votes,
                value: zero,
            },
            span,
        );
        before.push(Statement::ControlBarrier(naga::Barrier::WORK_GROUP), span);
        before.push(
            Statement::Atomic {
                pointer: votes,
                fun: AtomicFunction::Max,
                value: asked,
                result: None,
            },
            span,
        );
        let trips = b.pre(Expression::WorkGroupUniformLoadResult {
            ty: resources.u32_ty,
        });
        before.push(
            Statement::WorkGroupUniformLoad {
                pointer: votes,
                result: trips,
            },
            span,
        );

        let mut statements: Vec<(Statement, Span)> = body.span_into_iter().collect();
        let rest: Vec<(Statement, Span)> = statements.drain(self.header + 1..).collect();
        let (_, header_span) = statements.pop().expect("the header");
        let mut head = Block::new();
        for (s, sp) in statements {
            head.push(s, sp);
        }
        let counter = b.pre(Expression::LocalVariable(self.counter));
        let runs = match self.shadow_from {
            None => counter,
            Some(start) => {
                let local = add_local(local_variables, "loop_iteration", resources.u32_ty, span);
                let shadow = b.pre(Expression::LocalVariable(local));
                before.push(
                    Statement::Store {
                        pointer: shadow,
                        value: start,
                    },
                    span,
                );
                shadow
            }
        };
        let k = b.emit(&mut head, Expression::Load { pointer: runs });
        let within = b.emit(
            &mut head,
            Expression::Binary {
                op: naga::BinaryOperator::Less,
                left: k,
                right: trips,
            },
        );
        b.leave_if(&mut head, within, false, header_span);
        let mine = match entry {
            None => self.condition,
            Some(entry) => b.emit(
                &mut head,
                Expression::Binary {
                    op: naga::BinaryOperator::LogicalAnd,
                    left: self.condition,
                    right: entry,
                },
            ),
        };
        let mut guarded = Block::new();
        for (s, sp) in rest {
            guarded.push(s, sp);
        }
        push_if(&mut head, mine, guarded, span);
        let continuing = if runs == counter {
            continuing
        } else {
            // The counter steps only in the invocation's own iterations,
            // the loop's own count in all of them.
            let mut both = Block::new();
            let mut shadow_steps = b.copy_steps(&continuing, self.counter, runs);
            push_if(&mut both, mine, continuing, span);
            both.append(&mut shadow_steps);
            both
        };
        before.push(
            Statement::Loop {
                body: head,
                continuing,
                break_if: None,
            },
            span,
        );
        before
    }
}

/// Whether `value` can be computed before the loop: it, and what it is
/// computed from, are either from before the loop or pure arithmetic
/// emitted in the header (`inside`) on such values.
fn invariant(
    expressions: &Arena<Expression>,
    value: Handle<Expression>,
    inside: &BTreeSet<Handle<Expression>>,
    read_only: &HashSet<Handle<GlobalVariable>>,
) -> bool {
    if !inside.contains(&value) {
        return true;
    }
    if let Expression::Load { pointer } = expressions[value] {
        // What no invocation writes is the same on every iteration.
        return read_only_indices(expressions, pointer, read_only).is_some_and(|indices| {
            indices
                .into_iter()
                .all(|i| invariant(expressions, i, inside, read_only))
        });
    }
    let pure = (is_arithmetic(&expressions[value])
        || matches!(
            expressions[value],
            Expression::Compose { .. } | Expression::AccessIndex { .. }
        ))
        && !matches!(
            expressions[value],
            Expression::AccessIndex { base, .. } if !is_value(expressions, base)
        );
    if !pure {
        return false;
    }
    crate::ir::operands(&expressions[value])
        .into_iter()
        .all(|o| invariant(expressions, o, inside, read_only))
}

/// The dynamic indices of `pointer`, a chain of accesses into a global
/// that no invocation writes during the dispatch; `None` for any other
/// pointer.
fn read_only_indices(
    expressions: &Arena<Expression>,
    pointer: Handle<Expression>,
    read_only: &HashSet<Handle<GlobalVariable>>,
) -> Option<Vec<Handle<Expression>>> {
    let mut indices = Vec::new();
    let mut at = pointer;
    loop {
        match expressions[at] {
            Expression::GlobalVariable(g) => return read_only.contains(&g).then_some(indices),
            Expression::AccessIndex { base, .. } => at = base,
            Expression::Access { base, index } => {
                indices.push(index);
                at = base;
            }
            _ => return None,
        }
    }
}

/// Whether `value`, invariant in the loop, is the same in every invocation:
/// uniform by the analysis of the function as it was, or arithmetic the
/// header computes from such values, or a load at such indices from what
/// no invocation writes.
fn uniform_value(
    expressions: &Arena<Expression>,
    value: Handle<Expression>,
    inside: &BTreeSet<Handle<Expression>>,
    analysed: &FunctionUniformity,
    read_only: &HashSet<Handle<GlobalVariable>>,
) -> bool {
    if matches!(
        expressions[value],
        Expression::Literal(_) | Expression::Constant(_) | Expression::ZeroValue(_)
    ) {
        return true;
    }
    if !inside.contains(&value) {
        return analysed.is_expression_uniform(value);
    }
    if let Expression::Load { pointer } = expressions[value] {
        return read_only_indices(expressions, pointer, read_only).is_some_and(|indices| {
            indices
                .into_iter()
                .all(|i| uniform_value(expressions, i, inside, analysed, read_only))
        });
    }
    is_arithmetic(&expressions[value])
        && crate::ir::operands(&expressions[value])
            .into_iter()
            .all(|o| uniform_value(expressions, o, inside, analysed, read_only))
}

/// Whether the continuing block's `value` (computed in it: `stepped`) is the
/// same in every invocation whose counter is: pure arithmetic on the
/// counter and on uniform values from before the loop.
fn steps_from(
    expressions: &Arena<Expression>,
    value: Handle<Expression>,
    counter: Handle<LocalVariable>,
    stepped: &BTreeSet<Handle<Expression>>,
    in_body: &BTreeSet<Handle<Expression>>,
    analysed: &FunctionUniformity,
) -> bool {
    if in_body.contains(&value) {
        return false;
    }
    if !stepped.contains(&value) {
        return analysed.is_expression_uniform(value);
    }
    match expressions[value] {
        Expression::Load { pointer } => {
            matches!(expressions[pointer], Expression::LocalVariable(l) if l == counter)
        }
        ref e if is_arithmetic(e) => crate::ir::operands(&expressions[value])
            .into_iter()
            .all(|o| steps_from(expressions, o, counter, stepped, in_body, analysed)),
        _ => false,
    }
}

/// `body`, a loop body that only the invocations where `entry` holds
/// took part in, with every statement that has an effect run only where
/// `entry` holds, as a hand fix guards it, and the rest run by every
/// invocation: the trip count is the same in all of them, and only
/// effects need the guard.
///
/// The body is cut at its top-level barriers. In each piece between two,
/// a leading run of statements whose effects no other invocation and
/// nothing after the loop can see stays unguarded: emits of arithmetic
/// and of loads from the invocation's own variables, and stores into
/// variables that nothing outside the loop names (an invocation that did
/// not take part writes only values it alone reads again, and it reads
/// them only into statements that stay guarded). An `if` with nothing in
/// its `else` there becomes `if entry && condition`: one branch where a
/// guard around it would make two. From the first statement that has an
/// effect, the rest of the piece is guarded as one block, so that what it
/// emits stays in scope for what uses it.
/// Where a value one guarded block emits is used outside it (a value
/// carried across a barrier), the body is guarded whole, as before, and
/// the split around its barriers carries the value.
fn guard_effects(
    b: &mut Emitted,
    entry: Handle<Expression>,
    body: Block,
    locals: &LoopLocals,
    span: Span,
) -> Block {
    let whole = body.clone();
    let out = guard_effects_only(b, entry, body, locals, span);
    if guarded_values_stay_inside(b.expressions, entry, &out) {
        return out;
    }
    let mut guarded = Block::new();
    push_if(&mut guarded, entry, whole, span);
    guarded
}

/// Whether every value that a block guarded by `entry` in `body` emits at
/// its top is used inside that block alone.
fn guarded_values_stay_inside(
    expressions: &Arena<Expression>,
    entry: Handle<Expression>,
    body: &Block,
) -> bool {
    // Which top-level statement (a guarded block) defines each such value.
    let mut defined_by: HashMap<Handle<Expression>, usize> = HashMap::new();
    for (i, statement) in body.iter().enumerate() {
        if let Statement::If {
            condition, accept, ..
        } = statement
        {
            if *condition == entry {
                defined_by.extend(defined_at_top(accept).into_iter().map(|v| (v, i)));
            }
        }
    }
    defined_by.is_empty()
        || body.iter().enumerate().all(|(i, statement)| {
            let mut used = BTreeSet::new();
            crate::ir::used_in(
                expressions,
                &Block::from_vec(vec![statement.clone()]),
                &mut used,
            );
            used.iter()
                .all(|v| defined_by.get(v).is_none_or(|&by| by == i))
        })
}

fn guard_effects_only(
    b: &mut Emitted,
    entry: Handle<Expression>,
    body: Block,
    locals: &LoopLocals,
    span: Span,
) -> Block {
    let mut out = Block::new();
    let mut guarded = Block::new();
    let flush = |out: &mut Block, guarded: &mut Block| {
        if !guarded.is_empty() {
            push_if(out, entry, std::mem::take(guarded), span);
        }
    };
    for (statement, statement_span) in body.span_into_iter() {
        if matches!(statement, Statement::ControlBarrier(_)) {
            flush(&mut out, &mut guarded);
            out.push(statement, statement_span);
            continue;
        }
        if !guarded.is_empty() {
            guarded.push(statement, statement_span);
            continue;
        }
        match statement {
            Statement::Emit(ref range)
                if range.clone().all(|h| is_private_value(b.expressions, h)) =>
            {
                out.push(statement, statement_span);
            }
            Statement::Store { pointer, .. }
                if matches!(b.expressions[pointer], Expression::LocalVariable(local)
                    if locals.outside(local).is_some_and(|u| u.reads == 0 && u.other == 0)) =>
            {
                out.push(statement, statement_span);
            }
            Statement::If {
                condition,
                accept,
                reject,
            } if reject.is_empty() => {
                let both = b.emit(
                    &mut out,
                    Expression::Binary {
                        op: naga::BinaryOperator::LogicalAnd,
                        left: entry,
                        right: condition,
                    },
                );
                out.push(
                    Statement::If {
                        condition: both,
                        accept,
                        reject,
                    },
                    statement_span,
                );
            }
            other => guarded.push(other, statement_span),
        }
    }
    flush(&mut out, &mut guarded);
    out
}

/// Whether evaluating `handle` reads nothing but the invocation's own
/// variables and cannot fault: arithmetic, and loads from a local variable
/// or a member of one.
fn is_private_value(expressions: &Arena<Expression>, handle: Handle<Expression>) -> bool {
    match expressions[handle] {
        Expression::Load { pointer } => {
            let mut pointer = pointer;
            loop {
                match expressions[pointer] {
                    Expression::LocalVariable(_) => return true,
                    Expression::AccessIndex { base, .. } => pointer = base,
                    _ => return false,
                }
            }
        }
        Expression::Literal(_)
        | Expression::Constant(_)
        | Expression::ZeroValue(_)
        | Expression::Compose { .. }
        | Expression::Relational { .. } => true,
        Expression::AccessIndex { base, .. } => is_value(expressions, base),
        ref e => is_arithmetic(e),
    }
}

/// Arithmetic on values: the same operands give the same result, and
/// nothing can fault.
pub(super) fn is_arithmetic(expression: &Expression) -> bool {
    matches!(
        expression,
        Expression::Binary { .. }
            | Expression::Unary { .. }
            | Expression::As { .. }
            | Expression::Math { .. }
            | Expression::Select { .. }
            | Expression::Splat { .. }
            | Expression::Swizzle { .. }
    )
}

/// Whether an expression is a value rather than a pointer, as far as an
/// `AccessIndex` on it goes.
fn is_value(expressions: &Arena<Expression>, handle: Handle<Expression>) -> bool {
    !matches!(
        expressions[handle],
        Expression::GlobalVariable(_)
            | Expression::LocalVariable(_)
            | Expression::Access { .. }
            | Expression::AccessIndex { .. }
    )
}
