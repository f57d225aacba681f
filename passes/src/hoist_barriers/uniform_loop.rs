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
pub(super) fn refusal(statement: &Statement) -> Option<String> {
    let Statement::Loop {
        body, continuing, ..
    } = statement
    else {
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
    let _ = continuing;
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
) -> Result<Block, String> {
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
        rewrote: false,
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
            rewrote: false,
        };
        body = predicate.block(body);
        Some(flag)
    } else {
        None
    };

    let mut b = Emitted::new(expressions, span);
    let mut before = Block::new();
    let entry = match entry {
        None => b.pre(Expression::Literal(Literal::Bool(true))),
        Some((condition, false)) => condition,
        Some((condition, true)) => b.emit(
            &mut before,
            Expression::Unary {
                op: naga::UnaryOperator::LogicalNot,
                expr: condition,
            },
        ),
    };
    before.push(
        Statement::Store {
            pointer: active,
            value: entry,
        },
        span,
    );
    let first = b.result(Expression::WorkGroupUniformLoadResult {
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
    head.push(
        Statement::If {
            condition: is_active,
            accept: vote,
            reject: Block::new(),
        },
        span,
    );
    let now = b.result(Expression::WorkGroupUniformLoadResult {
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
    let mut leave = Block::new();
    leave.push(Statement::Break, span);
    head.push(
        Statement::If {
            condition: nobody_voted,
            accept: leave,
            reject: Block::new(),
        },
        span,
    );
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
    head.push(
        Statement::If {
            condition: is_active,
            accept: body,
            reject: Block::new(),
        },
        span,
    );

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
        continuing.push(
            Statement::If {
                condition,
                accept: stop,
                reject: Block::new(),
            },
            span,
        );
    }
    let mut guarded_continuing = Block::new();
    if !continuing.is_empty() {
        let is_active = b.emit(
            &mut guarded_continuing,
            Expression::Load { pointer: active },
        );
        guarded_continuing.push(
            Statement::If {
                condition: is_active,
                accept: continuing,
                reject: Block::new(),
            },
            span,
        );
    }
    before.push(
        Statement::Loop {
            body: head,
            continuing: guarded_continuing,
            break_if: None,
        },
        span,
    );
    Ok(before)
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

    /// A pre-emitted expression (a literal), usable anywhere.
    fn pre(&mut self, expression: Expression) -> Handle<Expression> {
        self.expressions.append(expression, self.span)
    }

    /// A statement's result, created by the statement that follows.
    fn result(&mut self, expression: Expression) -> Handle<Expression> {
        self.expressions.append(expression, self.span)
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
