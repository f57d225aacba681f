//! Derivatives in non-uniform control flow, before anything is written.
//!
//! WGSL requires the builtins computing implicit derivatives
//! (`textureSample`, `dpdx`, ...) to be reached in uniform control flow
//! (its `derivative_uniformity` diagnostic, an error by default); GLSL,
//! HLSL and SPIR-V have no such rule, and fragment shaders commonly sample
//! under branches on varyings. So:
//!
//! - for a module read from one of those, each function holding such a
//!   builtin gets `@diagnostic(off, derivative_uniformity)` in the WGSL
//!   written (a filter in the module, which `wgsl_filters` writes back):
//!   the narrowest filter that keeps the source's meaning, as Tint takes
//!   the severity at the builtin. The report says so, with a note per
//!   derivative and its cause chain;
//! - a WGSL module keeps what its author wrote, and each derivative is
//!   reported at the severity its filters give it, as Tint would: an
//!   error by default, which fails the run like a divergent barrier.

use shaderxform_passes::analysis::divergent_derivatives::{
    self, name_of, turn_off_in, DivergentDerivative, CODE, WHY_IT_MATTERS,
};
use shaderxform_passes::analysis::uniformity::FunctionRef;
use shaderxform_passes::{Change, PassReport};

use crate::diagnostics::{Diagnostic, Severity};
use crate::source::InputFormat;

/// The name of the report of what was done about derivatives.
pub const REPORT: &str = "derivative-uniformity";

/// Checks the derivatives of a module read from `format`: the report of
/// what was found and done (none when nothing was), or the errors of a
/// WGSL module whose derivatives Tint would reject.
pub fn check_derivatives(
    module: &mut naga::Module,
    format: InputFormat,
) -> Result<Option<PassReport>, Vec<Diagnostic>> {
    let found = divergent_derivatives::find(module);
    if found.is_empty() {
        return Ok(None);
    }
    if format == InputFormat::Wgsl {
        return as_wgsl_diagnostics(found);
    }
    let language = match format {
        InputFormat::Glsl(_) => "GLSL",
        InputFormat::Hlsl(_) => "HLSL",
        _ => "SPIR-V",
    };
    let mut holders: Vec<FunctionRef> = Vec::new();
    for d in &found {
        if !holders.contains(&d.holder) {
            holders.push(d.holder);
        }
    }
    let mut changes = Vec::new();
    for &holder in &holders {
        turn_off_in(module, holder);
        let name = name_of(module, holder);
        let span = found
            .iter()
            .find(|d| d.holder == holder)
            .and_then(|d| d.diagnostic.labels.iter().find(|l| l.primary))
            .map_or(naga::Span::UNDEFINED, |l| l.span);
        changes.push(Change::new(
            "diagnostic-filter",
            span,
            format!("`@diagnostic(off, derivative_uniformity)` on `{name}` in the WGSL written: {language} has no derivative uniformity rule, and derivatives there are reached in non-uniform control flow"),
        ));
    }
    let diagnostics = found
        .into_iter()
        .map(|d| {
            let name = name_of(module, d.holder);
            Diagnostic {
                severity: Severity::Note,
                ..d.diagnostic
            }
            .with_code(CODE)
            .with_note(WHY_IT_MATTERS)
            .with_note(format!(
                "{language} allows it; WGSL does not (`derivative_uniformity`): the WGSL written turns the rule off on `{name}` with `@diagnostic(off, derivative_uniformity)`, as the source's meaning needs"
            ))
        })
        .collect();
    Ok(Some(PassReport {
        name: REPORT,
        skipped: None,
        changes,
        diagnostics,
    }))
}

/// A WGSL module's derivatives, as Tint reports them: errors fail the
/// run; warnings and notes go in the report.
fn as_wgsl_diagnostics(
    found: Vec<DivergentDerivative>,
) -> Result<Option<PassReport>, Vec<Diagnostic>> {
    let with_notes = |d: DivergentDerivative| {
        d.diagnostic.with_code(CODE).with_note(WHY_IT_MATTERS).with_note(
            "WGSL requires it in uniform control flow (`derivative_uniformity`); `@diagnostic(off, derivative_uniformity)` on the function holding it, or sampling with an explicit level, accepts it",
        )
    };
    let (errors, others): (Vec<_>, Vec<_>) = found
        .into_iter()
        .partition(|d| d.diagnostic.severity == Severity::Error);
    if !errors.is_empty() {
        return Err(errors.into_iter().map(with_notes).collect());
    }
    Ok(Some(PassReport {
        name: REPORT,
        skipped: None,
        changes: Vec::new(),
        diagnostics: others.into_iter().map(with_notes).collect(),
    }))
}
