//! A loop whose iterations differ between invocations, made to iterate
//! together.
//!
//! ```text
//!                                  active = ENTRY;
//!                                  seen = workgroupUniformLoad(&votes);
//! loop {                           loop {
//!     if !c { break; }                 if active { atomicAdd(&votes, 1u); }
//!     A; barrier(); B;       =>        let now = workgroupUniformLoad(&votes);
//!     continuing { C }                 if now == seen { break; }
//! }                                    seen = now;
//!                                      if active {
//!                                          if !c { active = false; }
//!                                          if active { A; barrier(); B; }
//!                                      }
//!                                      continuing { if active { C } }
//!                                  }
//! ```
//!
//! Every invocation runs the loop until none is active: each iteration
//! starts with a vote, in a workgroup counter that only this loop touches,
//! and the count read back through `workgroupUniformLoad` (a barrier on
//! each side of the load, so every invocation reads the same value and no
//! vote of the next iteration can slip in before a slow reader) is the same
//! in every invocation, and so is the decision to leave. An invocation's
//! own exits (`break`, `continue`, `break if`) clear its flags instead of
//! leaving, so it runs nothing it would not have run; the barriers inside
//! then sit in `if`s that the split hoists out. Counting rather than
//! flagging needs no reset between iterations: the count changes exactly
//! when some invocation voted, whatever it started at.
//!
//! `ENTRY` is `true` for a loop reached by every invocation, or the
//! condition of the `if` the loop was hoisted out of.

use std::collections::BTreeSet;

use naga::{
    Arena, AtomicFunction, Block, Expression, Handle, Literal, LocalVariable, Scalar, Span,
    Statement, TypeInner,
};

use super::exits::{Exit, Predicate};
use super::{defined_at_top, used_in};
use crate::ir::{add_local, ensure_type};

/// How the workgroup counters of uniform loops are named, followed by a
/// number.
pub(super) const VOTES_PREFIX: &str = "hoist_loop_votes_";

/// Types and the workgroup counter the rewrite uses, made by the caller,
/// which owns the module.
pub(super) struct LoopResources {
    pub bool_ty: Handle<naga::Type>,
    pub u32_ty: Handle<naga::Type>,
    pub votes: Handle<naga::GlobalVariable>,
}

impl LoopResources {
    pub fn new(module: &mut naga::Module, name: String, span: Span) -> LoopResources {
        let bool_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::BOOL));
        let u32_ty = ensure_type(&mut module.types, TypeInner::Scalar(Scalar::U32));
        let atomic = ensure_type(&mut module.types, TypeInner::Atomic(Scalar::U32));
        let votes = module.global_variables.append(
            naga::GlobalVariable {
                name: Some(name),
                space: naga::AddressSpace::WorkGroup,
                binding: None,
                ty: atomic,
                init: None,
                memory_decorations: Default::default(),
            },
            span,
        );
        LoopResources {
            bool_ty,
            u32_ty,
            votes,
        }
    }
}

/// Why a loop cannot be made uniform, if it cannot.
fn refusal(statement: &Statement) -> Option<String> {
    let Statement::Loop { body, .. } = statement else {
        return Some("the barrier is not directly inside a loop".into());
    };
    if Predicate::has_exit(Exit::Return, body) {
        return Some(
            "some invocations may return from inside the loop, in a function that returns a value"
                .into(),
        );
    }
    let mut kills = false;
    crate::ir::for_each_statement(body, &mut |s, _| kills |= matches!(s, Statement::Kill));
    if kills {
        return Some("the loop may `discard`".into());
    }
    None
}

/// Rewrites `statement`, a loop at `span`, into statements that run it
/// with a uniform trip count. `entry`, an expression emitted before the
/// loop, and whether to negate it, says which invocations take part (all
/// when `None`).
pub(super) fn make_uniform(
    expressions: &mut Arena<Expression>,
    local_variables: &mut Arena<LocalVariable>,
    resources: &LoopResources,
    statement: Statement,
    span: Span,
    entry: Option<(Handle<Expression>, bool)>,
) -> Result<(Block, LoopStrategy), String> {
    if let Some(reason) = refusal(&statement) {
        return Err(reason);
    }
    let Statement::Loop {
        body,
        mut continuing,
        break_if,
    } = statement
    else {
        unreachable!("refusal checks for a loop");
    };
    let counted = Counted::recognise(
        expressions,
        local_variables,
        resources,
        &body,
        &continuing,
        break_if,
    );
    if let Some(counted) = counted {
        return Ok((
            counted.rewrite(expressions, resources, body, continuing, span, entry),
            LoopStrategy::LargestCount,
        ));
    }
    // The continuing block moves under an `if`: what it reads of the body
    // must not be scoped to the body.
    let mut read_by_continuing = BTreeSet::new();
    used_in(expressions, &continuing, &mut read_by_continuing);
    if let Some(b) = break_if {
        read_by_continuing.insert(b);
    }
    if defined_at_top(&body)
        .iter()
        .any(|d| read_by_continuing.contains(d))
    {
        return Err("the loop's continuing block reads a value computed in the loop body".into());
    }
    let active_local = add_local(local_variables, "loop_active", resources.bool_ty, span);
    let seen_local = add_local(local_variables, "loop_votes_seen", resources.u32_ty, span);
    let active = expressions.append(Expression::LocalVariable(active_local), span);
    let seen = expressions.append(Expression::LocalVariable(seen_local), span);
    let votes = expressions.append(Expression::GlobalVariable(resources.votes), span);
    let has_continue = Predicate::has_exit(Exit::Continue, &body);

    let mut predicate = Predicate {
        expressions,
        exit: Exit::Break,
        flag: active,
        result: None,
    };
    let mut body = predicate.block(body);
    let iterating = if has_continue {
        let local = add_local(local_variables, "loop_iterating", resources.bool_ty, span);
        let flag = expressions.append(Expression::LocalVariable(local), span);
        let mut predicate = Predicate {
            expressions,
            exit: Exit::Continue,
            flag,
            result: None,
        };
        body = predicate.block(body);
        Some(flag)
    } else {
        None
    };

    let mut b = Emitted::new(expressions, span);
    let mut before = Block::new();
    let entry = match b.entry(&mut before, entry) {
        Some(entry) => entry,
        None => b.pre(Expression::Literal(Literal::Bool(true))),
    };
    before.push(
        Statement::Store {
            pointer: active,
            value: entry,
        },
        span,
    );
    let first = b.pre(Expression::WorkGroupUniformLoadResult {
        ty: resources.u32_ty,
    });
    before.push(
        Statement::WorkGroupUniformLoad {
            pointer: votes,
            result: first,
        },
        span,
    );
    before.push(
        Statement::Store {
            pointer: seen,
            value: first,
        },
        span,
    );

    let mut head = Block::new();
    let one = b.pre(Expression::Literal(Literal::U32(1)));
    let is_active = b.emit(&mut head, Expression::Load { pointer: active });
    let mut vote = Block::new();
    vote.push(
        Statement::Atomic {
            pointer: votes,
            fun: AtomicFunction::Add,
            value: one,
            result: None,
        },
        span,
    );
    push_if(&mut head, is_active, vote, span);
    let now = b.pre(Expression::WorkGroupUniformLoadResult {
        ty: resources.u32_ty,
    });
    head.push(
        Statement::WorkGroupUniformLoad {
            pointer: votes,
            result: now,
        },
        span,
    );
    let previous = b.emit(&mut head, Expression::Load { pointer: seen });
    let nobody_voted = b.emit(
        &mut head,
        Expression::Binary {
            op: naga::BinaryOperator::Equal,
            left: now,
            right: previous,
        },
    );
    b.leave_if(&mut head, nobody_voted, true, span);
    head.push(
        Statement::Store {
            pointer: seen,
            value: now,
        },
        span,
    );
    if let Some(iterating) = iterating {
        let yes = b.pre(Expression::Literal(Literal::Bool(true)));
        head.push(
            Statement::Store {
                pointer: iterating,
                value: yes,
            },
            span,
        );
    }
    let is_active = b.emit(&mut head, Expression::Load { pointer: active });
    push_if(&mut head, is_active, body, span);

    // `break if` ends only the invocation that takes it.
    if let Some(condition) = break_if {
        let no = b.pre(Expression::Literal(Literal::Bool(false)));
        let mut stop = Block::new();
        stop.push(
            Statement::Store {
                pointer: active,
                value: no,
            },
            span,
        );
        push_if(&mut continuing, condition, stop, span);
    }
    let mut guarded_continuing = Block::new();
    if !continuing.is_empty() {
        let is_active = b.emit(
            &mut guarded_continuing,
            Expression::Load { pointer: active },
        );
        push_if(&mut guarded_continuing, is_active, continuing, span);
    }
    before.push(
        Statement::Loop {
            body: head,
            continuing: guarded_continuing,
            break_if: None,
        },
        span,
    );
    Ok((before, LoopStrategy::Vote))
}

/// How a loop was made uniform, as the report names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LoopStrategy {
    /// The workgroup's largest trip count, computed once before the loop.
    LargestCount,
    /// A workgroup vote at the start of every iteration.
    Vote,
}

impl LoopStrategy {
    pub fn name(self) -> &'static str {
        match self {
            LoopStrategy::LargestCount => "largest-count",
            LoopStrategy::Vote => "vote",
        }
    }
}

/// Appends expressions with one span, emitting each where it is needed.
struct Emitted<'a> {
    expressions: &'a mut naga::Arena<Expression>,
    span: Span,
}

impl<'a> Emitted<'a> {
    fn new(expressions: &'a mut naga::Arena<Expression>, span: Span) -> Self {
        Emitted { expressions, span }
    }

    /// An expression no `Emit` covers: a literal or a variable, usable
    /// anywhere, or a statement's result, created by the statement that
    /// follows.
    fn pre(&mut self, expression: Expression) -> Handle<Expression> {
        self.expressions.append(expression, self.span)
    }

    /// `value` usable at the end of `block`: itself if it comes from
    /// before, else a copy of what the loop header computes it from,
    /// emitted there.
    fn copy_before(
        &mut self,
        block: &mut Block,
        value: Handle<Expression>,
        header: &BTreeSet<Handle<Expression>>,
    ) -> Handle<Expression> {
        let mut copies = std::collections::HashMap::new();
        self.copy_into(block, value, header, &mut copies)
    }

    fn copy_into(
        &mut self,
        block: &mut Block,
        value: Handle<Expression>,
        header: &BTreeSet<Handle<Expression>>,
        copies: &mut std::collections::HashMap<Handle<Expression>, Handle<Expression>>,
    ) -> Handle<Expression> {
        if let Some(&copy) = copies.get(&value) {
            return copy;
        }
        if !header.contains(&value) {
            return value;
        }
        let mut copy = self.expressions[value].clone();
        let mut operands = Vec::new();
        crate::ir::for_each_operand(&mut copy, &mut |h| operands.push(*h));
        for operand in operands {
            let c = self.copy_into(block, operand, header, copies);
            copies.insert(operand, c);
        }
        crate::ir::for_each_operand(&mut copy, &mut |h| {
            if let Some(&c) = copies.get(h) {
                *h = c;
            }
        });
        let new = self.emit(block, copy);
        copies.insert(value, new);
        new
    }

    /// The flag of the invocations that take part, emitted at the end of
    /// `block`: the condition, or its negation; `None` for all of them.
    fn entry(
        &mut self,
        block: &mut Block,
        entry: Option<(Handle<Expression>, bool)>,
    ) -> Option<Handle<Expression>> {
        match entry? {
            (condition, false) => Some(condition),
            (condition, true) => Some(self.emit(
                block,
                Expression::Unary {
                    op: naga::UnaryOperator::LogicalNot,
                    expr: condition,
                },
            )),
        }
    }

    /// `if condition == when { break; }` at the end of `block`.
    fn leave_if(
        &mut self,
        block: &mut Block,
        condition: Handle<Expression>,
        when: bool,
        span: Span,
    ) {
        let mut leave = Block::new();
        leave.push(Statement::Break, span);
        let (accept, reject) = if when {
            (leave, Block::new())
        } else {
            (Block::new(), leave)
        };
        block.push(
            Statement::If {
                condition,
                accept,
                reject,
            },
            span,
        );
    }

    /// An expression emitted at the end of `block`.
    fn emit(&mut self, block: &mut Block, expression: Expression) -> Handle<Expression> {
        let handle = self.expressions.append(expression, self.span);
        block.push(
            Statement::Emit(naga::Range::new_from_bounds(handle, handle)),
            self.span,
        );
        handle
    }
}

/// `for (var k = ...; k < n; k += ...) { BODY }` with a `u32` counter, a
/// bound `n` that the loop does not change, a continuing block that only
/// steps the counter, and no other way out of the body. Its trip count is
/// uniform once the bound is: the workgroup's largest `n`, found once
/// before the loop, with each invocation running the body only while
/// `k < n` holds for it.
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
struct Counted {
    /// Where the header `if k < n {} else { break; }` is in the body.
    header: usize,
    counter: Handle<LocalVariable>,
    bound: Handle<Expression>,
    condition: Handle<Expression>,
    /// What the header emits.
    header_values: BTreeSet<Handle<Expression>>,
}

impl Counted {
    fn recognise(
        expressions: &Arena<Expression>,
        local_variables: &Arena<LocalVariable>,
        resources: &LoopResources,
        body: &Block,
        continuing: &Block,
        break_if: Option<Handle<Expression>>,
    ) -> Option<Counted> {
        if break_if.is_some() {
            return None;
        }
        let header = body.iter().position(|s| !matches!(s, Statement::Emit(_)))?;
        let Statement::If {
            condition,
            accept,
            reject,
        } = &body[header]
        else {
            return None;
        };
        if !accept.is_empty() || reject.len() != 1 || !matches!(reject[0], Statement::Break) {
            return None;
        }
        let (counter_load, bound) = match expressions[*condition] {
            Expression::Binary {
                op: naga::BinaryOperator::Less,
                left,
                right,
            } => (left, right),
            Expression::Binary {
                op: naga::BinaryOperator::Greater,
                left,
                right,
            } => (right, left),
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
        let rest = Block::from_vec(body.iter().skip(header + 1).cloned().collect());
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
        // The bound is computed before the loop, or in the header from
        // values that do not change in the loop.
        let mut inside = BTreeSet::new();
        for statement in body.iter().take(header) {
            if let Statement::Emit(range) = statement {
                inside.extend(range.clone());
            }
        }
        if !invariant(expressions, bound, &inside) {
            return None;
        }
        Some(Counted {
            header,
            counter,
            bound,
            condition: *condition,
            header_values: inside,
        })
    }

    fn rewrite(
        self,
        expressions: &mut Arena<Expression>,
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
        let k = b.emit(&mut head, Expression::Load { pointer: counter });
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
) -> bool {
    if !inside.contains(&value) {
        return true;
    }
    let pure = matches!(
        expressions[value],
        Expression::Binary { .. }
            | Expression::Unary { .. }
            | Expression::As { .. }
            | Expression::Math { .. }
            | Expression::Select { .. }
            | Expression::Splat { .. }
            | Expression::Swizzle { .. }
            | Expression::Compose { .. }
            | Expression::AccessIndex { .. }
    ) && !matches!(
        expressions[value],
        Expression::AccessIndex { base, .. } if !is_value(expressions, base)
    );
    if !pure {
        return false;
    }
    let mut operands = Vec::new();
    let mut copy = expressions[value].clone();
    crate::ir::for_each_operand(&mut copy, &mut |h| operands.push(*h));
    operands
        .into_iter()
        .all(|o| invariant(expressions, o, inside))
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

/// `if condition { accept }` at the end of `block`.
fn push_if(block: &mut Block, condition: Handle<Expression>, accept: Block, span: Span) {
    block.push(
        Statement::If {
            condition,
            accept,
            reject: Block::new(),
        },
        span,
    );
}
