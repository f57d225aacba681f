//! Barriers in a loop that not every invocation iterates alike: the loop
//! is made to iterate uniformly (see `uniform_loop`), or moved out of the
//! `if` that holds it first.

use naga::valid::ModuleInfo;
use naga::{Module, Statement};

use crate::analysis::uniformity::{
    FunctionRef, RequirementKind, StatementPath, Uniformity, UniformityRequirement,
};
use crate::ir::exits::{Exit, Predicate};
use crate::ir::{
    block_of, enclosing, enclosing_loop, function_mut, inline_call, local_uses, stored_local,
    CallSite, LoopLocals,
};
use crate::pass::Change;

use super::early_exit::predicate_returns;
use super::split_if::{new_loop_resources, split_if};
use super::{span_text, uniform_loop};

/// The rewrites for a barrier that no split of its own `if` reaches: a
/// call to it is inlined, a loop around it made uniform, early returns
/// before it predicated. `None` where none applies.
pub(super) fn rewrite_across(
    module: &mut Module,
    info: &ModuleInfo,
    analysis: &Uniformity,
    function: FunctionRef,
    requirement: &UniformityRequirement,
) -> Option<Result<Change, String>> {
    if let RequirementKind::Call { barrier_span, .. }
    | RequirementKind::Argument { barrier_span, .. } = requirement.what
    {
        return Some(
            inline_call(module, function, &requirement.path, CallSite::Anywhere).map(|name| {
                Change::new(
                    "inline-call",
                    requirement.span,
                    format!(
                        "inlined `{name}`, which reaches `{}`, so that the barrier can be hoisted where it is called",
                        requirement.barrier().name()
                    ),
                )
                .with_detail("callee", name)
                .with_detail("barrier_span", span_text(barrier_span))
            }),
        );
    }
    let loop_path = {
        let body = &function_mut(module, function).body;
        enclosing_loop(body, &requirement.path)
    };
    // Returns inside the loop are predicated first: they leave it through a
    // `break`, which the loop's rewrite then takes care of.
    let loop_returns = loop_path.as_ref().is_some_and(|p| {
        let body = &function_mut(module, function).body;
        matches!(
            enclosing(body, p),
            Some((Statement::Loop { body, .. }, _))
                if Predicate::has_exit(Exit::Return, body)
        )
    });
    if loop_path.is_none() || loop_returns {
        if let Some(change) = predicate_returns(module, function, requirement) {
            return Some(Ok(change));
        }
    }
    let path = loop_path?;
    Some(make_loop_uniform(
        module,
        info,
        analysis,
        function,
        requirement,
        path,
    ))
}

/// Makes the loop at `loop_path` (or, where it is itself in a loop reached
/// non-uniformly, that one) iterate uniformly; a loop inside an `if` is
/// moved out of it by a split.
fn make_loop_uniform(
    module: &mut Module,
    info: &ModuleInfo,
    analysis: &Uniformity,
    function: FunctionRef,
    requirement: &UniformityRequirement,
    mut loop_path: StatementPath,
) -> Result<Change, String> {
    let analysed = analysis.function(function);
    loop {
        if analysed.is_control_flow_uniform_at(&loop_path) == Some(true) {
            // A loop that all invocations iterate together (one made so
            // already) is not what makes the barrier divergent.
            let mut first = loop_path.clone();
            first.extend([0, 0]);
            if analysed.is_control_flow_uniform_at(&first) != Some(false) {
                return Err("the barrier is inside a loop that every invocation iterates together, but something inside the loop cannot be hoisted".into());
            }
            break;
        }
        let body = &function_mut(module, function).body;
        let (_, parent) = enclosing(body, &loop_path).ok_or("the loop could not be located")?;
        match parent {
            Some(Statement::If { .. }) => {
                return split_if(module, info, analysed, function, requirement, &loop_path);
            }
            Some(Statement::Loop { .. }) => {
                loop_path =
                    enclosing_loop(body, &loop_path).ok_or("the loop could not be located")?;
            }
            _ => {
                return Err("the loop around the barrier is itself reached by only some invocations, and not through an `if` that can be split".into());
            }
        }
    }
    let resources = new_loop_resources(module, requirement.span);
    let f = function_mut(module, function);
    let in_loop = enclosing_loop(&f.body, &loop_path).is_some();
    let all_uses = local_uses(&f.expressions, &f.body);
    let (block, index) =
        block_of(&mut f.body, &loop_path).ok_or("the loop could not be located")?;
    let (the_loop, loop_span) = block
        .span_iter()
        .nth(index)
        .map(|(s, span)| (s.clone(), *span))
        .ok_or("the loop could not be located")?;
    // The statement before the loop, past what it emits.
    let reset = block
        .iter()
        .take(index)
        .rev()
        .find(|s| !matches!(s, Statement::Emit(_)))
        .and_then(|s| stored_local(&f.expressions, s));
    let locals = LoopLocals::new(&f.expressions, all_uses.as_ref(), &the_loop);
    let site = uniform_loop::Surroundings {
        entry: None,
        reset,
        locals: &locals,
        analysed,
        in_loop,
    };
    let (made, strategy) = uniform_loop::make_uniform(
        &mut f.expressions,
        &mut f.local_variables,
        &resources,
        the_loop,
        loop_span,
        &site,
    )?;
    let (block, _) = block_of(&mut f.body, &loop_path).expect("located above");
    block.splice(index..index + 1, made);
    resources.drop_votes_if_unused(module);
    Ok(Change::new(
        "uniform-loop",
        requirement.span,
        format!(
            "every invocation of the workgroup now runs the loop around `{}` as long as any does, each running the body only in its own iterations",
            requirement.barrier().name()
        ),
    )
    .with_detail("loop_span", span_text(loop_span))
    .with_detail("strategy", strategy.name()))
}
