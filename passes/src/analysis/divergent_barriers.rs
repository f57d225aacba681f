//! Barriers in non-uniform control flow, as diagnostics: the barrier (or
//! the call that reaches one) with the uniformity analysis' explanation,
//! from the barrier back to the source of non-uniformity.
//!
//! `hoist-barriers` says with these what it fixed (a warning) or could not
//! fix (an error); the pass manager checks every module with them when no
//! pass made its barriers uniform, so that a translation never writes a
//! shader whose barriers not every invocation reaches.

use naga::{Function, Handle, Module};

use crate::analysis::cache::Analyses;
use crate::analysis::uniformity::{
    BarrierKind, FunctionUniformity, RequirementKind, Uniformity, UniformityRequirement,
};
use crate::diagnostic::{Diagnostic, Severity};
use crate::ir::for_each_statement;

/// Why a divergent barrier matters, the first note of every such diagnostic.
pub const WHY_IT_MATTERS: &str = "a barrier waits for every invocation of the workgroup: reached by only some, it hangs the GPU on some hardware and races on others";

/// Whether the module holds a barrier at all; the analysis is not needed
/// when it does not.
pub fn has_barriers(module: &Module) -> bool {
    let mut found = false;
    let mut look = |f: &Function| {
        for_each_statement(&f.body, &mut |s, _| found |= BarrierKind::of(s).is_some())
    };
    module.functions.iter().for_each(|(_, f)| look(f));
    module.entry_points.iter().for_each(|ep| look(&ep.function));
    found
}

/// The diagnostic of one broken requirement: the message, the barrier as the
/// primary label (and the call, for a barrier reached through one), then
/// every step of the explanation as a secondary label. No code and no
/// notes: the caller says what was done about it.
pub fn describe(
    module: &Module,
    analysed: &FunctionUniformity,
    requirement: &UniformityRequirement,
    severity: Severity,
) -> Diagnostic {
    let barrier = requirement.barrier().name();
    let mut diagnostic = match requirement.what {
        RequirementKind::Barrier(_) if analysed.is_address_non_uniform(requirement) => {
            Diagnostic::new(
                severity,
                format!("`{barrier}` loads from an address that may differ between invocations"),
            )
            .with_primary(
                requirement.span,
                "every invocation of the workgroup must load the same address",
            )
        }
        RequirementKind::Barrier(_) => Diagnostic::new(
            severity,
            format!("`{barrier}` is reached in non-uniform control flow"),
        )
        .with_primary(
            requirement.span,
            "not every invocation of the workgroup may reach this barrier",
        ),
        RequirementKind::Call {
            callee,
            barrier_span,
            ..
        } => {
            let name = function_name(module, callee);
            Diagnostic::new(
                severity,
                format!(
                    "`{barrier}` is reached in non-uniform control flow through a call to `{name}`"
                ),
            )
            .with_primary(barrier_span, format!("`{name}` reaches this barrier"))
            .with_secondary(
                requirement.span,
                format!("`{name}` is called here in non-uniform control flow"),
            )
        }
        RequirementKind::Argument {
            callee,
            index,
            barrier_span,
            ..
        } => {
            let name = function_name(module, callee);
            Diagnostic::new(
                severity,
                format!(
                    "`{barrier}` is reached in non-uniform control flow: argument {index} of `{name}` decides whether it is reached, and it may differ between invocations"
                ),
            )
            .with_primary(
                barrier_span,
                format!("whether `{name}` reaches this barrier depends on its argument {index}"),
            )
            .with_secondary(requirement.span, "called here with a non-uniform argument")
        }
    };
    for cause in analysed.explain_requirement(requirement) {
        diagnostic = diagnostic.with_secondary(cause.span, cause.message);
    }
    diagnostic
}

/// An error for every barrier of the module that the analysis cannot prove
/// uniform, each with its explanation and `why_unfixed` as its last note.
pub fn errors(module: &Module, why_unfixed: &str) -> Vec<Diagnostic> {
    errors_with(module, &Analyses::default(), why_unfixed)
}

/// [`errors`], with the uniformity taken from (or left in) `analyses`, the
/// analyses of `module`.
pub fn errors_with(module: &Module, analyses: &Analyses, why_unfixed: &str) -> Vec<Diagnostic> {
    if !has_barriers(module) {
        return Vec::new();
    }
    errors_in(module, analyses.uniformity(module), why_unfixed)
}

/// [`errors`] with loads of `uniform_privates` taken as uniform
/// ([`Uniformity::analyze_assuming`]).
pub fn errors_assuming(
    module: &Module,
    why_unfixed: &str,
    uniform_privates: &std::collections::HashSet<naga::Handle<naga::GlobalVariable>>,
) -> Vec<Diagnostic> {
    if !has_barriers(module) {
        return Vec::new();
    }
    errors_in(
        module,
        &Uniformity::analyze_assuming(module, uniform_privates),
        why_unfixed,
    )
}

/// [`errors`], from the analysis of `module`.
pub fn errors_in(module: &Module, analysis: &Uniformity, why_unfixed: &str) -> Vec<Diagnostic> {
    analysis
        .violations()
        .into_iter()
        .map(|(function, requirement)| {
            describe(
                module,
                analysis.function(function),
                requirement,
                Severity::Error,
            )
            .with_code(crate::codes::UNIFORMITY_DIVERGENT_BARRIER)
            .with_note(WHY_IT_MATTERS)
            .with_note(why_unfixed)
        })
        .collect()
}

/// The name of a function, for messages.
pub fn function_name(module: &Module, function: Handle<Function>) -> String {
    module.functions[function]
        .name
        .clone()
        .unwrap_or_else(|| "a function".into())
}
