//! A load of workgroup memory that decides whether a barrier is reached,
//! made uniform by reading it through `workgroupUniformLoad`.
//!
//! WGSL takes every load of workgroup memory to differ between
//! invocations, even where the program makes it the same for all: a tile
//! index that one invocation fetches and writes to workgroup memory, read
//! by every invocation after a barrier. `workgroupUniformLoad(&x)` is a
//! barrier, the load, and a barrier, and its result is uniform:
//!
//! ```text
//! workgroupBarrier();                 workgroupBarrier();
//! let tile = atomicLoad(&shared); =>  let tile = workgroupUniformLoad(&shared);
//! if tile != 0u { workgroupBarrier(); }
//! ```
//!
//! The rewrite is made only where the analysis of the rewritten function
//! finds the new `workgroupUniformLoad` reached in uniform control flow,
//! from a uniform address: then every invocation waits at its barriers,
//! in the same pass through the code. Those barriers only order what the
//! program left unordered. In a program without races every invocation
//! reads the same value there before the rewrite too (a write that one
//! invocation made after the last barrier would race with the loads of the
//! others), and reads the same value after it; where invocations race on
//! the word, each now reads the value that a schedule running every
//! invocation up to the load first gives. A load inside a loop whose exit
//! depends on it qualifies only when, read uniformly, it makes the loop
//! uniform: the analysis of the rewritten function decides.

use std::collections::HashSet;

use naga::valid::ModuleInfo;
use naga::{AddressSpace, Expression, Handle, Module, Statement, TypeInner};

use crate::analysis::uniformity::{
    BarrierKind, FunctionRef, FunctionUniformity, RequirementKind, StatementPath, Uniformity,
    UniformityRequirement,
};
use crate::ir::{block_of, ensure_type, for_each_statement_with_path, function_mut, function_of};
use crate::pass::Change;

use super::{function_info, span_text};

/// A load the rewrite may make: the expression and the path of the `Emit`
/// that evaluates it.
struct Candidate {
    load: Handle<Expression>,
    emit: StatementPath,
}

/// Loads already tried in the module as it is, which the analysis did not
/// prove uniform; tried again after any other rewrite.
pub(super) type Tried = HashSet<(FunctionRef, Handle<Expression>)>;

/// Reads through `workgroupUniformLoad` one load of workgroup memory that
/// the explanation of a divergent barrier names, where the analysis of
/// the result proves the new load uniform. Every violation's loads are
/// tried before any other rewrite: a load that stays non-uniform while a
/// loop around it depends on another one becomes uniform once that one
/// is.
pub(super) fn load_uniformly(
    module: &mut Module,
    info: &ModuleInfo,
    analysis: &Uniformity,
    tried: &mut Tried,
) -> Option<Change> {
    for (function, requirement) in analysis.violations() {
        let analysed = analysis.function(function);
        let causes: Vec<naga::Span> = analysed
            .explain_requirement(requirement)
            .into_iter()
            .map(|c| c.span)
            .collect();
        for candidate in candidates(module, analysed, function, &causes) {
            if !tried.insert((function, candidate.load)) {
                continue;
            }
            if let Some(change) = try_candidate(module, info, function, requirement, &candidate) {
                tried.clear();
                // Every barrier the load decided is fixed by this rewrite.
                let load_span = function_of(module, function)
                    .expressions
                    .get_span(candidate.load);
                let decided: Vec<String> = analysis
                    .violations()
                    .into_iter()
                    .filter(|(f, r)| {
                        *f == function
                            && analysed
                                .explain_requirement(r)
                                .iter()
                                .any(|c| c.span == load_span)
                    })
                    .map(|(_, r)| span_text(r.barrier_span()))
                    .collect();
                return Some(change.with_detail("barrier_spans", decided.join(",")));
            }
        }
    }
    None
}

/// Rewrites one candidate and keeps it where the module stays valid and
/// the analysis finds the new `workgroupUniformLoad` uniform; otherwise
/// puts the function back as it was.
fn try_candidate(
    module: &mut Module,
    info: &ModuleInfo,
    function: FunctionRef,
    requirement: &UniformityRequirement,
    candidate: &Candidate,
) -> Option<Change> {
    let saved = function_of(module, function).clone();
    let proven = rewrite(module, info, function, candidate).is_some_and(|at| {
        crate::ir::validate(module).is_ok()
            && !Uniformity::analyze(module)
                .function(function)
                .violations()
                .any(|r| {
                    r.path == at
                        && r.what == RequirementKind::Barrier(BarrierKind::WorkgroupUniformLoad)
                })
    });
    if !proven {
        *function_mut(module, function) = saved;
        return None;
    }
    let span = function_of(module, function)
        .expressions
        .get_span(candidate.load);
    Some(
        Change::new(
            "workgroup-uniform-load",
            requirement.span,
            "the load of workgroup memory that decides whether this barrier is reached is read through `workgroupUniformLoad`, which gives every invocation the same value",
        )
        .with_detail("load_span", span_text(span)),
    )
}

/// Loads of workgroup memory in the function whose span the explanation
/// names, that differ between invocations by the analysis, from an
/// address that does not; in program order.
fn candidates(
    module: &Module,
    analysed: &FunctionUniformity,
    function: FunctionRef,
    causes: &[naga::Span],
) -> Vec<Candidate> {
    let f = function_of(module, function);
    let mut found = Vec::new();
    for_each_statement_with_path(&f.body, &mut Vec::new(), &mut |s, path, _| {
        let Statement::Emit(ref range) = *s else {
            return;
        };
        for h in range.clone() {
            let Expression::Load { pointer } = f.expressions[h] else {
                continue;
            };
            let Some(global) = crate::ir::pointer_global(&f.expressions, pointer) else {
                continue;
            };
            if module.global_variables[global].space != AddressSpace::WorkGroup
                || analysed.is_expression_uniform(h)
                || !causes.contains(&f.expressions.get_span(h))
                || !address_is_uniform(&f.expressions, analysed, pointer)
            {
                continue;
            }
            found.push(Candidate {
                load: h,
                emit: path.clone(),
            });
        }
    });
    found
}

/// Whether every index on the way from the variable to `pointer` is the
/// same in every invocation.
fn address_is_uniform(
    expressions: &naga::Arena<Expression>,
    analysed: &FunctionUniformity,
    pointer: Handle<Expression>,
) -> bool {
    let mut at = pointer;
    loop {
        match expressions[at] {
            Expression::Access { base, index } => {
                if !analysed.is_expression_uniform(index) {
                    return false;
                }
                at = base;
            }
            Expression::AccessIndex { base, .. } => at = base,
            Expression::GlobalVariable(_) => return true,
            _ => return false,
        }
    }
}

/// Splits the candidate's `Emit` around it and puts a
/// `workgroupUniformLoad` in its place; the path of the new statement.
fn rewrite(
    module: &mut Module,
    info: &ModuleInfo,
    function: FunctionRef,
    candidate: &Candidate,
) -> Option<StatementPath> {
    let inner = function_info(info, function)[candidate.load]
        .ty
        .inner_with(&module.types)
        .clone();
    let value = match inner {
        TypeInner::Atomic(scalar) => TypeInner::Scalar(scalar),
        other => other,
    };
    let ty = ensure_type(&mut module.types, value);
    let f = function_mut(module, function);
    let Expression::Load { pointer } = f.expressions[candidate.load] else {
        return None;
    };
    let (block, index) = block_of(&mut f.body, &candidate.emit)?;
    let Statement::Emit(range) = block.get(index)?.clone() else {
        return None;
    };
    let handles: Vec<Handle<Expression>> = range.clone().collect();
    let position = handles.iter().position(|&h| h == candidate.load)?;
    let span = block.span_iter().nth(index).map(|(_, s)| *s)?;
    let old = std::mem::take(block);
    let mut at = candidate.emit.clone();
    for (i, (statement, statement_span)) in old.span_into_iter().enumerate() {
        if i != index {
            block.push(statement, statement_span);
            continue;
        }
        if position > 0 {
            block.push(
                Statement::Emit(naga::Range::new_from_bounds(
                    handles[0],
                    handles[position - 1],
                )),
                span,
            );
        }
        *at.last_mut()? = block.len() as u32;
        block.push(
            Statement::WorkGroupUniformLoad {
                pointer,
                result: candidate.load,
            },
            span,
        );
        if position + 1 < handles.len() {
            block.push(
                Statement::Emit(naga::Range::new_from_bounds(
                    handles[position + 1],
                    handles[handles.len() - 1],
                )),
                span,
            );
        }
    }
    f.expressions[candidate.load] = Expression::WorkGroupUniformLoadResult { ty };
    Some(at)
}
