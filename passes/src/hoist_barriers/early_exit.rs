//! Barriers after an early `return`: a guard at the top folds into an
//! `if` around the rest, other returns clear a per-invocation active flag.

use naga::{Block, Module, Span, Statement, TypeInner};

use crate::analysis::uniformity::{FunctionRef, RequirementKind, UniformityRequirement};
use crate::ir::exits::predicate_exits;
use crate::ir::{block_of, child_blocks, ensure_type, for_each_statement, function_mut};
use crate::pass::Change;

use super::span_text;

/// Keeps invocations that return early alive, with an active flag: every
/// `return` but a trailing one clears it, and what it skipped runs only
/// where the flag holds. For functions that return no value.
pub(super) fn predicate_returns(
    module: &mut Module,
    function: FunctionRef,
    requirement: &UniformityRequirement,
) -> Option<Change> {
    let bool_ty = ensure_type(&mut module.types, TypeInner::Scalar(naga::Scalar::BOOL));
    let f = function_mut(module, function);
    if f.result.is_some() {
        return None;
    }
    let mut returns = Vec::new();
    for_each_statement(&f.body, &mut |s, span| {
        if matches!(s, Statement::Return { .. }) {
            returns.push(span);
        }
    });
    // A trailing `return`, the last statement visited, is where every
    // invocation ends anyway.
    let trailing = matches!(f.body.last(), Some(Statement::Return { value: None }));
    if trailing {
        returns.pop();
    }
    if returns.is_empty() {
        return None;
    }
    let mut body = std::mem::take(&mut f.body);
    if trailing {
        body.cull(body.len() - 1..);
    }
    let span = returns[0];
    let (_, predicated) = predicate_exits(f, "invocation_active", bool_ty, span, body, None);
    f.body = predicated;
    let change = Change::new(
        "predicate-early-exit",
        requirement.span,
        format!(
            "the invocations that return early stay alive to `{}`: each `return` clears a per-invocation active flag, and what it skipped runs only where the flag is set",
            requirement.barrier().name()
        ),
    )
    .with_detail("strategy", "active-flag")
    .with_detail("returns", returns.len())
    .with_detail(
        "return_spans",
        returns
            .iter()
            .map(|s| span_text(*s))
            .collect::<Vec<_>>()
            .join(","),
    );
    Some(change)
}

/// Whether a statement is a `return` without a value.
fn is_plain_return(statement: &Statement) -> bool {
    matches!(statement, Statement::Return { value: None })
}

/// Keeps invocations that leave through an early `return` alive to the
/// barriers after it:
///
/// ```text
/// if c { A; return; } REST   =>   if c { A } else { REST }
/// ```
///
/// Exact where the block is in tail position (nothing but the end of the
/// function follows it): the invocations that took the guard did nothing
/// after it, and now do nothing but fall through to the end. With the
/// barrier in a branch, the next rounds split that `if`; the guard's
/// condition, evaluated once, is each invocation's active flag. The guard
/// nearest the barrier is folded first.
pub(super) fn fold_early_exit(
    module: &mut Module,
    function: FunctionRef,
    requirement: &UniformityRequirement,
) -> Option<Change> {
    if !matches!(requirement.what, RequirementKind::Barrier(_)) {
        return None;
    }
    let f = function_mut(module, function);
    if f.result.is_some() {
        return None;
    }
    let path = &requirement.path;
    // The levels of the path whose block is in tail position.
    let mut tail_levels = Vec::new();
    {
        let mut block: &Block = &f.body;
        let mut level = 0;
        loop {
            tail_levels.push(level);
            let index = path[level] as usize;
            if level + 1 >= path.len() {
                break;
            }
            let statement = block.get(index)?;
            let rest_returns_only = block.iter().skip(index + 1).all(is_plain_return);
            if !matches!(statement, Statement::If { .. }) || !rest_returns_only {
                break;
            }
            block = child_blocks(statement).get(path[level + 1] as usize)?;
            level += 2;
        }
    }
    for &level in tail_levels.iter().rev() {
        let (block, index) = block_of(&mut f.body, &path[..=level])?;
        let guard = (0..index).rev().find(|&j| {
            matches!(
                block.get(j),
                Some(Statement::If { accept, reject, .. })
                    if accept.last().is_some_and(is_plain_return)
                        || reject.last().is_some_and(is_plain_return)
            )
        });
        let Some(guard) = guard else {
            continue;
        };
        let old = std::mem::take(block);
        let mut statements: Vec<(Statement, Span)> = old.span_into_iter().collect();
        let rest: Vec<(Statement, Span)> = statements.drain(guard + 1..).collect();
        let (mut guard_statement, guard_span) = statements.pop()?;
        let Statement::If {
            condition,
            ref mut accept,
            ref mut reject,
        } = guard_statement
        else {
            return None;
        };
        let (leaving, staying) = if accept.last().is_some_and(is_plain_return) {
            (accept, reject)
        } else {
            (reject, accept)
        };
        let mut kept = Block::new();
        let count = leaving.len();
        for (i, (s, span)) in std::mem::take(leaving).span_into_iter().enumerate() {
            if i + 1 < count {
                kept.push(s, span);
            }
        }
        *leaving = kept;
        for (s, span) in rest {
            staying.push(s, span);
        }
        for (s, span) in statements {
            block.push(s, span);
        }
        block.push(guard_statement, guard_span);
        let expressions = &f.expressions;
        return Some(
            Change::new(
                "predicate-early-exit",
                requirement.span,
                format!(
                    "the invocations that return early stay alive to `{}`: what followed the `return` now runs only where its condition is false",
                    requirement.barrier().name()
                ),
            )
            .with_detail("condition_span", span_text(expressions.get_span(condition)))
            .with_detail("return_span", span_text(guard_span)),
        );
    }
    None
}
