//! Builtins of WGSL's filterable uniformity rules (derivatives, subgroup
//! operations) in non-uniform control flow, as diagnostics: the builtin
//! (or the call that reaches one) with the uniformity analysis'
//! explanation, from the builtin back to the source of non-uniformity, as
//! `divergent_barriers` says it of barriers.
//!
//! Which functions must turn a rule off so that none is reported: Tint
//! takes the severity at the builtin, whatever the filters of its callers,
//! so the filter goes on the function that holds the builtin, not on the
//! caller whose control flow diverges.

use naga::diagnostic_filter::{DiagnosticFilter, DiagnosticFilterNode, Severity as FilterSeverity};
use naga::{Function, Module, Span};

use crate::analysis::cache::Analyses;
use crate::analysis::uniformity::{
    has_rule_ops, FunctionRef, FunctionUniformity, Rule, RuleRequirement, RuleRequirementKind,
    Uniformity,
};
use crate::diagnostic::{Diagnostic, Severity};

/// The code of every diagnostic about a builtin of `rule` in non-uniform
/// control flow.
pub fn code(rule: Rule) -> &'static str {
    match rule {
        Rule::DerivativeUniformity => crate::codes::UNIFORMITY_DIVERGENT_DERIVATIVE,
        Rule::SubgroupUniformity => crate::codes::UNIFORMITY_DIVERGENT_SUBGROUP_OP,
    }
}

/// Why a builtin of `rule` in non-uniform control flow matters, the first
/// note of every such diagnostic.
pub fn why_it_matters(rule: Rule) -> &'static str {
    match rule {
        Rule::DerivativeUniformity => "derivatives are differences between neighbouring fragments of a quad: where a neighbour does not reach this point, they are undefined",
        Rule::SubgroupUniformity => "a subgroup operation combines the invocations of the subgroup that reach it: where only some do, its result depends on which, and WGSL requires uniform control flow (`subgroup_uniformity`)",
    }
}

/// A builtin of a filterable rule in non-uniform control flow.
#[derive(Clone)]
pub struct DivergentRuleOp {
    /// The rule that requires it in uniform control flow.
    pub rule: Rule,
    /// The function whose control flow diverges.
    pub function: FunctionRef,
    /// The function holding the builtin.
    pub holder: FunctionRef,
    /// The severity of the rule at the builtin.
    pub severity: FilterSeverity,
    /// What to say: the builtin, the call, and the explanation, as a
    /// diagnostic of `severity` (no code, no notes).
    pub diagnostic: Diagnostic,
}

/// Every builtin of the filterable rules in non-uniform control flow (or
/// with a non-uniform operand the rule requires uniform), at every
/// severity but `off`.
pub fn find(module: &Module) -> Vec<DivergentRuleOp> {
    find_with(module, &Analyses::default())
}

/// [`find`], with the uniformity taken from (or left in) `analyses`, the
/// analyses of `module`.
pub fn find_with(module: &Module, analyses: &Analyses) -> Vec<DivergentRuleOp> {
    if !has_rule_ops(module) {
        return Vec::new();
    }
    let analysis = analyses.uniformity(module);
    analysis
        .rule_violations()
        .into_iter()
        .map(|(function, requirement)| {
            let severity = match requirement.severity {
                FilterSeverity::Error => Severity::Error,
                FilterSeverity::Warning => Severity::Warning,
                FilterSeverity::Info | FilterSeverity::Off => Severity::Note,
            };
            DivergentRuleOp {
                rule: requirement.rule(),
                function,
                holder: holder_of(analysis, function, requirement),
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
    requirement: &RuleRequirement,
) -> FunctionRef {
    let (op, span) = (requirement.op(), requirement.op_span());
    let mut holder = function;
    let mut what = requirement.what.clone();
    // Calls form no cycles, so the walk ends; the bound only guards it.
    for _ in 0..=analysis.iter().count() {
        let callee = match what {
            RuleRequirementKind::Builtin(_) | RuleRequirementKind::BuiltinOperand { .. } => {
                return holder
            }
            RuleRequirementKind::Call { callee, .. }
            | RuleRequirementKind::Argument { callee, .. } => callee,
        };
        holder = FunctionRef::Function(callee);
        let Some(next) = analysis
            .function(holder)
            .rule_requirements
            .iter()
            .filter(|r| r.op() == op && r.op_span() == span)
            .min_by_key(|r| !matches!(r.what, RuleRequirementKind::Builtin(_)))
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
    requirement: &RuleRequirement,
    severity: Severity,
) -> Diagnostic {
    let op = requirement.op().name();
    let mut diagnostic = match requirement.what {
        RuleRequirementKind::Builtin(_) => Diagnostic::new(
            severity,
            format!("`{op}` is reached in non-uniform control flow"),
        )
        .with_primary(
            requirement.span,
            match requirement.rule() {
                Rule::DerivativeUniformity => "not every fragment of the quad may reach this point",
                Rule::SubgroupUniformity => {
                    "not every invocation of the subgroup may reach this point"
                }
            },
        ),
        RuleRequirementKind::BuiltinOperand { index, .. } => Diagnostic::new(
            severity,
            format!("`{op}` requires argument {index} to be uniform"),
        )
        .with_primary(
            requirement.span,
            format!("argument {index} may differ between invocations"),
        ),
        RuleRequirementKind::Call {
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
        RuleRequirementKind::Argument {
            callee,
            index,
            op_span,
            ..
        } => {
            let name = function_name(module, callee);
            Diagnostic::new(
                severity,
                format!(
                    "`{op}` needs argument {index} of `{name}` to be uniform, and it may differ between invocations: it decides whether `{op}` is reached, or is an operand `{op}` requires uniform"
                ),
            )
            .with_primary(
                op_span,
                format!("this `{op}` in `{name}` depends on its argument {index}"),
            )
            .with_secondary(requirement.span, "called here with a non-uniform argument")
        }
    };
    for cause in analysed.explain_rule(requirement) {
        diagnostic = diagnostic.with_secondary(cause.span, cause.message);
    }
    diagnostic
}

/// Turns `rule` off on one function, as `@diagnostic(off, rule)` would: a
/// filter node whose parent is what the function had (or the module's
/// filters).
pub fn turn_off_in(module: &mut Module, function: FunctionRef, rule: Rule) {
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
                triggering_rule: rule.triggering_rule(),
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
