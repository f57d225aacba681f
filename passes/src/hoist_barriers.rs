//! `hoist-barriers`: finds barriers that not every invocation of a
//! workgroup reaches, and moves them into uniform control flow where that
//! provably keeps the meaning of the invocations that did reach them.
//!
//! A control barrier (`workgroupBarrier`, `storageBarrier`,
//! `textureBarrier`, `workgroupUniformLoad`, SPIR-V `OpControlBarrier`)
//! waits for every invocation of the workgroup. Reached by only some, it
//! hangs the GPU or races, and naga accepts it without a word. The
//! [uniformity analysis](crate::analysis::uniformity) finds them; this pass
//! reports each one as an error that walks back to the cause, unless it can
//! split the `if` around it:
//!
//! ```text
//! if c { A; barrier(); B } else { R }
//!   =>  if c { A } else { R }  barrier();  if c { B }
//! ```
//!
//! `c` is evaluated once (naga expressions are values, computed where they
//! are emitted), so both halves see the same condition. This is safe when
//! `A` cannot leave the `if` early: every invocation that entered `A`
//! reaches the barrier, now together with those that did not take the
//! branch. Values `A` defines and `B` uses are carried through
//! function-local variables. Both branches may hold barriers when they hold
//! the same sequence of them. Anything else stays an error that says why
//! no rewrite was made, and the module is left as it was.

use naga::valid::ModuleInfo;
use naga::{Module, Span, Statement};

use crate::analysis::divergent_barriers;
use crate::analysis::uniformity::{
    FunctionRef, FunctionUniformity, RequirementKind, StatementPath, Uniformity,
    UniformityRequirement,
};
use crate::diagnostic::{Diagnostic, Severity};
use crate::ir::enclosing;
use crate::pass::{Change, Notes, Pass, PassContext};

mod cross_loop;
mod early_exit;
mod split_if;
mod tail_switch;
mod uniform_load;
mod uniform_loop;

use cross_loop::rewrite_across;
use early_exit::fold_early_exit;
use split_if::split_if;
use tail_switch::unwrap_tail_switch;
use uniform_load::load_uniformly;

/// The `hoist-barriers` pass, for a [`PassManager`](crate::PassManager).
pub struct HoistBarriers;

/// Barriers the splitter gave up on, with why. A barrier is known by its
/// span, which rewrites keep; by its place where it has none.
#[derive(Default)]
struct Refusals(Vec<(FunctionRef, Span, StatementPath, String)>);

impl Refusals {
    fn get(&self, function: FunctionRef, requirement: &UniformityRequirement) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, span, path, _)| {
                *f == function
                    && if span.is_defined() {
                        *span == requirement.span
                    } else {
                        *path == requirement.path
                    }
            })
            .map(|(.., reason)| reason.as_str())
    }

    fn insert(
        &mut self,
        function: FunctionRef,
        requirement: &UniformityRequirement,
        reason: String,
    ) {
        self.0
            .push((function, requirement.span, requirement.path.clone(), reason));
    }
}

/// More rounds than any real nesting needs; a bound against a rewrite that
/// would not converge.
const MAX_ROUNDS: usize = 256;

/// The pass's name in `--passes` and reports.
pub const NAME: &str = "hoist-barriers";

impl Pass for HoistBarriers {
    fn name(&self) -> &'static str {
        NAME
    }

    fn makes_barriers_uniform(&self) -> bool {
        true
    }

    fn description(&self) -> &'static str {
        "diagnose barriers in non-uniform control flow; split the `if` around them where provably safe"
    }

    fn is_enabled(
        &self,
        module: &Module,
        _target: &crate::pass::Target,
        _selection: crate::pass::Selection,
    ) -> bool {
        divergent_barriers::has_barriers(module)
    }

    fn run(&self, module: &mut Module, cx: &mut PassContext<'_>) {
        let analysis = cx.analyses().take_uniformity(module);
        if analysis.violations().is_empty() {
            cx.analyses().restore_uniformity(analysis);
            return;
        }
        // The module is rewritten in place, and goes back to the
        // checkpoint unless every barrier ends up uniform.
        let input = cx.checkpoint(module);
        // naga wraps `for` bodies and `{ }` in blocks, which only scope
        // expressions; the rewrites look through none.
        // A loop read from SPIR-V tests its exit in an `if` around its body;
        // the barriers in it then sit under that test, and splitting it
        // would run them once more on the way out.
        for f in crate::ir::functions_mut(module) {
            crate::ir::splice_nested_blocks(&mut f.body);
            crate::ir::lift_loop_exit_tests(&mut f.body);
        }
        let mut changes = Vec::new();
        let mut refused = Refusals::default();
        let mut tried_loads = uniform_load::Tried::default();
        // The analysis of the module as the rounds leave it, where the
        // last round found nothing left to rewrite.
        let mut last_analysis = None;
        for _ in 0..MAX_ROUNDS {
            let analysis = Uniformity::analyze(module);
            let mut violations = analysis.violations();
            // Innermost first: an inner `if` is split before the one around it.
            violations.sort_by_key(|(_, r)| std::cmp::Reverse(r.path.len()));
            let next = violations
                .into_iter()
                .find(|(f, r)| refused.get(*f, r).is_none());
            let Some((function, requirement)) = next else {
                last_analysis = Some(analysis);
                break;
            };
            let info = match crate::ir::validate(module) {
                Ok(info) => info,
                Err(e) => {
                    cx.rollback(module, input, Notes::Keep);
                    let mut diagnostic = Diagnostic::error(format!(
                        "hoist-barriers produced an invalid module while rewriting: {}",
                        e.as_inner()
                    ))
                    .with_code(crate::codes::HOIST_BARRIERS_INTERNAL);
                    // What naga found, down to the expression or statement.
                    let mut cause = std::error::Error::source(e.as_inner());
                    while let Some(c) = cause {
                        diagnostic = diagnostic.with_note(c.to_string());
                        cause = c.source();
                    }
                    cx.report(diagnostic);
                    return;
                }
            };
            if let Some(change) = load_uniformly(module, &info, &analysis, &mut tried_loads) {
                changes.push(change);
                continue;
            }
            // An unwrapped `switch` leaves returns for the rewrites below.
            let rewritten = unwrap_tail_switch(module, function, requirement)
                .ok_or_else(String::new)
                .or_else(|_| {
                    split_if(
                        module,
                        &info,
                        analysis.function(function),
                        function,
                        requirement,
                        &requirement.path,
                    )
                })
                .or_else(|reason| fold_early_exit(module, function, requirement).ok_or(reason))
                .or_else(|reason| {
                    rewrite_across(module, &info, &analysis, function, requirement)
                        .unwrap_or(Err(reason))
                });
            match rewritten {
                Ok(change) => {
                    tried_loads.clear();
                    changes.push(change);
                }
                Err(reason) => refused.insert(function, requirement, reason),
            }
        }
        let analysed_after = last_analysis.unwrap_or_else(|| Uniformity::analyze(module));
        if refused.0.is_empty() && analysed_after.violations().is_empty() {
            // The input was wrong even though the output is right: a
            // warning for each barrier, speaking of the input as written.
            for (function, requirement) in analysis.violations() {
                cx.report(fixed(
                    input.module(),
                    analysis.function(function),
                    requirement,
                    &changes,
                ));
            }
            cx.analyses().keep_uniformity(analysed_after);
            for change in changes {
                if let Some(note) = loop_cost(&change) {
                    cx.report(note);
                }
                cx.record(change);
            }
            return;
        }
        // Nothing is rewritten when any barrier stays divergent: the
        // diagnostics speak of the input as written.
        cx.rollback(module, input, Notes::Keep);
        for (function, requirement) in analysis.violations() {
            let address = analysis
                .function(function)
                .is_address_non_uniform(requirement)
                .then(|| "no rewrite makes the address the same for every invocation".to_owned());
            let reason = address
                .or_else(|| refused.get(function, requirement).map(str::to_owned))
                .or_else(|| {
                    explain_unfixable(module, function, &requirement.path, &requirement.what)
                })
                .unwrap_or_else(|| {
                    "this barrier could be hoisted, but another one in the module cannot, and the module is rewritten only as a whole".into()
                });
            cx.report(diagnose(
                module,
                analysis.function(function),
                requirement,
                &reason,
            ));
        }
        cx.analyses().restore_uniformity(analysis);
    }
}

fn diagnose(
    module: &Module,
    analysed: &FunctionUniformity,
    requirement: &UniformityRequirement,
    reason: &str,
) -> Diagnostic {
    divergent_barriers::describe(module, analysed, requirement, Severity::Error)
        .with_code(crate::codes::HOIST_BARRIERS_DIVERGENT_BARRIER)
        .with_note(divergent_barriers::WHY_IT_MATTERS)
        .with_note(format!("no fix applied: {reason}"))
}

/// The warning for a divergent barrier that the rewrites made uniform,
/// with a note for each rewrite made at it.
fn fixed(
    module: &Module,
    analysed: &FunctionUniformity,
    requirement: &UniformityRequirement,
    changes: &[Change],
) -> Diagnostic {
    let mut diagnostic =
        divergent_barriers::describe(module, analysed, requirement, Severity::Warning)
            .with_code(crate::codes::HOIST_BARRIERS_DIVERGENT_BARRIER)
            .with_note(divergent_barriers::WHY_IT_MATTERS);
    // Every rewrite is recorded at the barrier it was made for, or at the
    // call it inlined; an inlined barrier keeps the span it has in the
    // callee. A split or a loop rewrite moves every barrier of the `if` or
    // loop at once, and is recorded at the first.
    let barrier_span = match requirement.what {
        RequirementKind::Barrier(_) => requirement.span,
        RequirementKind::Call { barrier_span, .. }
        | RequirementKind::Argument { barrier_span, .. } => barrier_span,
    };
    let encloses_barrier = |change: &Change| {
        ["if_span", "loop_span"].iter().any(|key| {
            change
                .details
                .get(*key)
                .and_then(|range| parse_span_text(range))
                .zip(barrier_span.to_range())
                .is_some_and(|(outer, inner)| outer.start <= inner.start && inner.end <= outer.end)
        })
    };
    // A load read uniformly fixes every barrier it decided.
    let decided_by = |change: &Change| {
        change.details.get("barrier_spans").is_some_and(|spans| {
            spans
                .split(',')
                .filter_map(parse_span_text)
                .zip(std::iter::repeat(barrier_span.to_range()))
                .any(|(decided, barrier)| barrier == Some(decided))
        })
    };
    // An early exit kept alive fixes every barrier its `return` made
    // divergent, all of which point at the return or at its condition.
    let cause_spans: Vec<_> = diagnostic
        .labels
        .iter()
        .filter_map(|l| l.span.to_range())
        .collect();
    let kept_alive_by = |change: &Change| {
        change.kind == "predicate-early-exit"
            && ["condition_span", "return_spans"].iter().any(|key| {
                change.details.get(*key).is_some_and(|spans| {
                    spans
                        .split(',')
                        .filter_map(parse_span_text)
                        .any(|s| cause_spans.contains(&s))
                })
            })
    };
    // Nested `if`s split around one barrier say the same thing once each.
    let mut said: Vec<(&str, usize)> = Vec::new();
    for change in changes {
        if change.span.is_defined()
            && (change.span == requirement.span
                || change.span == barrier_span
                || encloses_barrier(change)
                || decided_by(change)
                || kept_alive_by(change))
        {
            match said.iter_mut().find(|(m, _)| *m == change.message) {
                Some((_, n)) => *n += 1,
                None => said.push((&change.message, 1)),
            }
        }
    }
    for (message, times) in &said {
        let times = if *times > 1 {
            format!(" ({times} times)")
        } else {
            String::new()
        };
        diagnostic = diagnostic.with_note(format!("fixed by hoist-barriers: {message}{times}"));
    }
    let noted = said.len();
    if noted == 0 {
        diagnostic = diagnostic.with_note(
            "fixed by hoist-barriers, by the rewrites made for the other barriers of the module",
        );
    }
    diagnostic
}

fn function_info(info: &ModuleInfo, function: FunctionRef) -> &naga::valid::FunctionInfo {
    match function {
        FunctionRef::Function(h) => &info[h],
        FunctionRef::EntryPoint(i) => info.get_entry_point(i),
    }
}

/// Why a barrier that the splitter never got to cannot be hoisted, from
/// where it stands.
fn explain_unfixable(
    module: &Module,
    function: FunctionRef,
    path: &StatementPath,
    what: &RequirementKind,
) -> Option<String> {
    let body = &crate::ir::function_of(module, function).body;
    Some(unfixable_reason(what, enclosing(body, path)?.1))
}

fn unfixable_reason(what: &RequirementKind, parent: Option<&Statement>) -> String {
    if !matches!(what, RequirementKind::Barrier(_)) {
        return "the barrier is in a function called from non-uniform control flow, and inlining the call did not leave it in uniform control flow".into();
    }
    match parent {
        Some(Statement::Loop { .. }) => "the barrier is inside a loop whose iterations may differ between invocations, and the loop could not be made to iterate uniformly".into(),
        Some(Statement::Switch { .. }) => "the barrier is inside a `switch` on a value that may differ between invocations; only `if` is split".into(),
        _ => "some invocations may leave (return, break or continue) before this barrier, and the exit could not be turned into an active flag".into(),
    }
}

fn span_text(span: Span) -> String {
    span.to_range()
        .map_or_else(|| "undefined".into(), |r| format!("{}..{}", r.start, r.end))
}

/// The range [`span_text`] wrote into a change's details.
fn parse_span_text(text: &str) -> Option<std::ops::Range<usize>> {
    let (start, end) = text.split_once("..")?;
    Some(start.parse().ok()?..end.parse().ok()?)
}

#[cfg(test)]
mod tests;

/// A note for a rewrite that made a loop decide together what a hand fix
/// would not have to: where its trip count may differ between
/// invocations, every invocation runs it to the workgroup's longest, and
/// that costs barriers a hand fix has not.
fn loop_cost(change: &Change) -> Option<Diagnostic> {
    let strategies: Vec<&str> = change
        .details
        .get("strategy")
        .or_else(|| change.details.get("uniform_loops"))?
        .split(',')
        .collect();
    let (what, cost) = if strategies.contains(&"vote") {
        (
            "votes at every iteration on whether any invocation goes on",
            "a store and a `workgroupUniformLoad` (two more barriers) each iteration",
        )
    } else if strategies.contains(&"largest-count") {
        (
            "runs to the workgroup's largest bound, found before it",
            "an `atomicMax` and a `workgroupUniformLoad` (two more barriers) each time the loop starts",
        )
    } else {
        return None;
    };
    Some(
        Diagnostic::note(format!(
            "the loop around this barrier now {what}: its trip count may differ between the invocations"
        ))
        .with_code(crate::codes::HOIST_BARRIERS_LOOP_COST)
        .with_primary(change.span, format!("costs {cost}"))
        .with_note("a loop whose bound and counter are the same in every invocation (constants, uniform buffer values, a counter stepped alike) runs as written, with only its effects guarded, as a hand fix does"),
    )
}
