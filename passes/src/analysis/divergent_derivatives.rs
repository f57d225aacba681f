//! Derivatives in non-uniform control flow, as diagnostics: the builtin
//! (or the call that reaches one) with the uniformity analysis'
//! explanation, from the builtin back to the source of non-uniformity, as
//! `divergent_barriers` says it of barriers.
//!
//! Which functions must turn `derivative_uniformity` off so that none is
//! reported: Tint takes the severity at the builtin, whatever the filters
//! of its callers, so the filter goes on the function that holds the
//! builtin, not on the caller whose control flow diverges.

use naga::diagnostic_filter::{
    DiagnosticFilter, DiagnosticFilterNode, FilterableTriggeringRule, Severity as FilterSeverity,
    StandardFilterableTriggeringRule,
};
use naga::{Function, Module, Span};

use crate::analysis::uniformity::{
    has_derivatives, DerivativeRequirement, DerivativeRequirementKind, FunctionRef,
    FunctionUniformity, Uniformity,
};
use crate::diagnostic::{Diagnostic, Severity};

/// The code of every diagnostic about a derivative in non-uniform
/// control flow.
pub const CODE: &str = "uniformity::divergent-derivative";

/// Why a derivative in non-uniform control flow matters, the first note
/// of every such diagnostic.
pub const WHY_IT_MATTERS: &str = "derivatives are differences between neighbouring fragments of a quad: where a neighbour does not reach this point, they are undefined";

/// A derivative in non-uniform control flow.
pub struct DivergentDerivative {
    /// The function whose control flow diverges.
    pub function: FunctionRef,
    /// The function holding the builtin.
    pub holder: FunctionRef,
    /// The severity of `derivative_uniformity` at the builtin.
    pub severity: FilterSeverity,
    /// What to say: the builtin, the call, and the explanation, as a
    /// diagnostic of `severity` (no code, no notes).
    pub diagnostic: Diagnostic,
}

/// Every derivative of the module in non-uniform control flow, at every
/// severity but `off`.
pub fn find(module: &Module) -> Vec<DivergentDerivative> {
    if !has_derivatives(module) {
        return Vec::new();
    }
    let analysis = Uniformity::analyze(module);
    analysis
        .derivative_violations()
        .into_iter()
        .map(|(function, requirement)| {
            let severity = match requirement.severity {
                FilterSeverity::Error => Severity::Error,
                FilterSeverity::Warning => Severity::Warning,
                FilterSeverity::Info | FilterSeverity::Off => Severity::Note,
            };
            DivergentDerivative {
                function,
                holder: holder_of(&analysis, function, requirement),
                severity: requirement.severity,
                diagnostic: describe(module, analysis.function(function), requirement, severity),
            }
        })
        .collect()
}

/// The function that holds the builtin a requirement is about: down the
/// calls, the callee whose own requirement is that builtin (the one with
/// the same span and builtin, the first where spans are undefined).
fn holder_of(
    analysis: &Uniformity,
    function: FunctionRef,
    requirement: &DerivativeRequirement,
) -> FunctionRef {
    let (op, span) = (requirement.op(), requirement.op_span());
    let mut holder = function;
    let mut what = requirement.what.clone();
    // Calls form no cycles, so the walk ends; the bound only guards it.
    for _ in 0..=analysis.iter().count() {
        let callee = match what {
            DerivativeRequirementKind::Builtin(_) => return holder,
            DerivativeRequirementKind::Call { callee, .. }
            | DerivativeRequirementKind::Argument { callee, .. } => callee,
        };
        holder = FunctionRef::Function(callee);
        let Some(next) = analysis
            .function(holder)
            .derivative_requirements
            .iter()
            .filter(|r| r.op() == op && r.op_span() == span)
            .min_by_key(|r| !matches!(r.what, DerivativeRequirementKind::Builtin(_)))
        else {
            return holder;
        };
        what = next.what.clone();
    }
    holder
}

/// The diagnostic of one broken requirement: the message, the builtin as
/// the primary label (and the call, for one reached through a call), then
/// every step of the explanation as a secondary label.
pub fn describe(
    module: &Module,
    analysed: &FunctionUniformity,
    requirement: &DerivativeRequirement,
    severity: Severity,
) -> Diagnostic {
    let op = requirement.op().name();
    let mut diagnostic = match requirement.what {
        DerivativeRequirementKind::Builtin(_) => Diagnostic::new(
            severity,
            format!("`{op}` is reached in non-uniform control flow"),
        )
        .with_primary(
            requirement.span,
            "not every fragment of the quad may reach this point",
        ),
        DerivativeRequirementKind::Call {
            callee, op_span, ..
        } => {
            let name = function_name(module, callee);
            Diagnostic::new(
                severity,
                format!("`{op}` is reached in non-uniform control flow through a call to `{name}`"),
            )
            .with_primary(op_span, format!("`{name}` reaches this `{op}`"))
            .with_secondary(
                requirement.span,
                format!("`{name}` is called here in non-uniform control flow"),
            )
        }
        DerivativeRequirementKind::Argument {
            callee,
            index,
            op_span,
            ..
        } => {
            let name = function_name(module, callee);
            Diagnostic::new(
                severity,
                format!(
                    "`{op}` is reached in non-uniform control flow: argument {index} of `{name}` decides whether it is reached, and it may differ between invocations"
                ),
            )
            .with_primary(
                op_span,
                format!("whether `{name}` reaches this `{op}` depends on its argument {index}"),
            )
            .with_secondary(requirement.span, "called here with a non-uniform argument")
        }
    };
    for cause in analysed.explain_derivative(requirement) {
        diagnostic = diagnostic.with_secondary(cause.span, cause.message);
    }
    diagnostic
}

/// Turns `derivative_uniformity` off on one function, as
/// `@diagnostic(off, derivative_uniformity)` would: a filter node whose
/// parent is what the function had (or the module's filters).
pub fn turn_off_in(module: &mut Module, function: FunctionRef) {
    let module_leaf = module.diagnostic_filter_leaf;
    let target = match function {
        FunctionRef::Function(h) => &mut module.functions[h],
        FunctionRef::EntryPoint(i) => &mut module.entry_points[i].function,
    };
    let parent = target.diagnostic_filter_leaf.or(module_leaf);
    let node = module.diagnostic_filters.append(
        DiagnosticFilterNode {
            inner: DiagnosticFilter {
                new_severity: FilterSeverity::Off,
                triggering_rule: FilterableTriggeringRule::Standard(
                    StandardFilterableTriggeringRule::DerivativeUniformity,
                ),
            },
            parent,
        },
        Span::UNDEFINED,
    );
    target.diagnostic_filter_leaf = Some(node);
}

/// The name of a function or entry point, for messages.
pub fn name_of(module: &Module, function: FunctionRef) -> String {
    match function {
        FunctionRef::Function(h) => function_name(module, h),
        FunctionRef::EntryPoint(i) => module.entry_points[i].name.clone(),
    }
}

fn function_name(module: &Module, function: naga::Handle<Function>) -> String {
    module.functions[function]
        .name
        .clone()
        .unwrap_or_else(|| "a function".into())
}
