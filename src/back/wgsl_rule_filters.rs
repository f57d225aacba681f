//! Builtins of WGSL's filterable uniformity rules in non-uniform control
//! flow, before anything is written.
//!
//! WGSL requires the builtins computing implicit derivatives
//! (`textureSample`, `dpdx`, ...; the `derivative_uniformity` rule) and
//! every subgroup and quad builtin (`subgroup_uniformity`) to be reached
//! in uniform control flow, both errors by default; GLSL, HLSL and SPIR-V
//! have no such rule: fragment shaders commonly sample under branches on
//! varyings, and a subgroup operation there combines the invocations that
//! reach it. So:
//!
//! - for a module read from one of those, each function holding such a
//!   builtin gets `@diagnostic(off, RULE)` in the WGSL written (a filter
//!   in the module, which `wgsl_filters` writes back): the narrowest
//!   filter that keeps the source's meaning, as Tint takes the severity at
//!   the builtin. The report says so, with a note per builtin and its
//!   cause chain;
//! - a WGSL module keeps what its author wrote, and each builtin is
//!   reported at the severity its filters give it, as Tint would: an
//!   error by default, which fails the run like a divergent barrier.
//!
//! Passes that add subgroup operations (lane-transpose, float-atomics'
//! subgroup aggregation) turn `subgroup_uniformity` off themselves where
//! they need to, so what is found here is the source's.

use shaderxform_passes::analysis::cache::Analyses;
use shaderxform_passes::analysis::divergent_rule_ops::{
    self, code, name_of, turn_off_in, why_it_matters, DivergentRuleOp,
};
use shaderxform_passes::analysis::uniformity::{FunctionRef, Rule};
use shaderxform_passes::{Change, PassReport};

use crate::diagnostics::{Diagnostic, Severity};
use crate::source::InputFormat;

/// The name of the report of what was done about each rule.
pub fn report_name(rule: Rule) -> &'static str {
    match rule {
        Rule::DerivativeUniformity => "derivative-uniformity",
        Rule::SubgroupUniformity => "subgroup-uniformity",
    }
}

/// Checks the rule builtins of a module read from `format`, whose
/// analyses are `analyses`: a report per rule of what was found and done
/// (none for a rule where nothing was), or the errors of a WGSL module
/// that Tint would reject.
pub fn check_uniformity_rules(
    module: &mut naga::Module,
    analyses: &Analyses,
    format: InputFormat,
) -> Result<Vec<PassReport>, Vec<Diagnostic>> {
    let found = divergent_rule_ops::find_with(module, analyses);
    if found.is_empty() {
        return Ok(Vec::new());
    }
    if format == InputFormat::Wgsl {
        return as_wgsl_diagnostics(found);
    }
    let language = match format {
        InputFormat::Glsl(_) => "GLSL",
        InputFormat::Hlsl(_) => "HLSL",
        _ => "SPIR-V",
    };
    let mut reports = Vec::new();
    for rule in Rule::ALL {
        let found: Vec<&DivergentRuleOp> = found.iter().filter(|d| d.rule == rule).collect();
        if found.is_empty() {
            continue;
        }
        reports.push(turn_off_where_needed(module, rule, &found, language));
    }
    Ok(reports)
}

/// Turns `rule` off on each function holding one of `found`, and says so.
fn turn_off_where_needed(
    module: &mut naga::Module,
    rule: Rule,
    found: &[&DivergentRuleOp],
    language: &str,
) -> PassReport {
    let filter = format!("@diagnostic(off, {})", rule.wgsl_name());
    let what = match rule {
        Rule::DerivativeUniformity => "derivatives",
        Rule::SubgroupUniformity => "subgroup operations",
    };
    let mut holders: Vec<FunctionRef> = Vec::new();
    for d in found {
        if !holders.contains(&d.holder) {
            holders.push(d.holder);
        }
    }
    let mut changes = Vec::new();
    for &holder in &holders {
        turn_off_in(module, holder, rule);
        let name = name_of(module, holder);
        let span = found
            .iter()
            .find(|d| d.holder == holder)
            .and_then(|d| d.diagnostic.labels.iter().find(|l| l.primary))
            .map_or(naga::Span::UNDEFINED, |l| l.span);
        changes.push(Change::new(
            "diagnostic-filter",
            span,
            format!(
                "`{filter}` on `{name}` in the WGSL written: {language} has no {} rule, and {what} there are reached in non-uniform control flow",
                rule.wgsl_name()
            ),
        ));
    }
    let diagnostics = found
        .iter()
        .map(|d| {
            let name = name_of(module, d.holder);
            Diagnostic {
                severity: Severity::Note,
                ..d.diagnostic.clone()
            }
            .with_code(code(rule))
            .with_note(why_it_matters(rule))
            .with_note(format!(
                "{language} allows it; WGSL does not (`{}`): the WGSL written turns the rule off on `{name}` with `{filter}`, as the source's meaning needs",
                rule.wgsl_name()
            ))
        })
        .collect();
    PassReport {
        name: report_name(rule),
        skipped: None,
        changes,
        diagnostics,
    }
}

/// A WGSL module's rule builtins, as Tint reports them: errors fail the
/// run; warnings and notes go in the reports.
fn as_wgsl_diagnostics(found: Vec<DivergentRuleOp>) -> Result<Vec<PassReport>, Vec<Diagnostic>> {
    let with_notes = |d: DivergentRuleOp| {
        let rule = d.rule.wgsl_name();
        let remedy = match d.rule {
            Rule::DerivativeUniformity => {
                "the function holding it, or sampling with an explicit level, accepts it"
            }
            Rule::SubgroupUniformity => "the function holding it accepts it",
        };
        d.diagnostic
            .with_code(code(d.rule))
            .with_note(why_it_matters(d.rule))
            .with_note(format!(
                "WGSL requires it in uniform control flow (`{rule}`); `@diagnostic(off, {rule})` on {remedy}"
            ))
    };
    let (errors, others): (Vec<_>, Vec<_>) = found
        .into_iter()
        .partition(|d| d.diagnostic.severity == Severity::Error);
    if !errors.is_empty() {
        return Err(errors.into_iter().map(with_notes).collect());
    }
    let mut reports = Vec::new();
    for rule in Rule::ALL {
        let diagnostics: Vec<Diagnostic> = others
            .iter()
            .filter(|d| d.rule == rule)
            .map(|d| with_notes(d.clone()))
            .collect();
        if !diagnostics.is_empty() {
            reports.push(PassReport {
                name: report_name(rule),
                skipped: None,
                changes: Vec::new(),
                diagnostics,
            });
        }
    }
    Ok(reports)
}
