//! What naga's SPIR-V writer writes as SPIR-V that Vulkan refuses, refused
//! at the construct before anything is written (spirv-val would refuse the
//! output without a place in the source).
//!
//! - A `discard` in a loop's `continuing` block: the writer leaves the
//!   continue construct through `OpKill` (or a demote and a branch out),
//!   and the construct is then not post-dominated by its back edge.
//! - The `sample_mask` built-in, as an input or an output: Vulkan declares
//!   `SampleMask` as an array of 32-bit integers, and the writer declares
//!   a scalar (VUID-SampleMask-SampleMask-04359).
//! - A `@location` of 2^30 - 4 or more: Vulkan counts interface locations
//!   in 32-bit components (four per location), which such a location
//!   overflows, so it aliases a low one (spirv-val: "conflicting input
//!   location assignment at location 0"). WGSL allows any `u32`, and
//!   every API's limit is a few dozen.

use naga::{Binding, BuiltIn, Module, Span, Statement};
use shaderxform_passes::ir;

use super::EmitError;
use crate::diagnostics::Diagnostic;

/// Refuses the first construct of `module` that naga's SPIR-V writer
/// writes as SPIR-V Vulkan refuses.
pub fn refuse(module: &Module) -> Result<(), EmitError> {
    for function in ir::functions(module) {
        if let Some(span) = discard_in_continuing(&function.body) {
            return Err(unsupported(
                Diagnostic::error("SPIR-V output cannot hold a `discard` in a loop's `continuing` block")
                    .with_primary(span, "a discard in the continue construct")
                    .with_note("naga's SPIR-V writer leaves the continue construct there, which Vulkan refuses; move the `discard` into the loop's body (before `continuing`), or write another target"),
            ));
        }
    }
    for ep in &module.entry_points {
        let function = &ep.function;
        let in_arguments = function
            .arguments
            .iter()
            .any(|a| is_sample_mask(a.binding.as_ref()) || struct_has_sample_mask(module, a.ty));
        let in_result = function.result.as_ref().is_some_and(|r| {
            is_sample_mask(r.binding.as_ref()) || struct_has_sample_mask(module, r.ty)
        });
        if let Some((location, span)) = huge_location(module, function) {
            return Err(unsupported(
                Diagnostic::error(format!(
                    "SPIR-V output cannot hold `@location({location})` of `{}`",
                    ep.name
                ))
                .with_primary(span, format!("in the entry point `{}`", ep.name))
                .with_note(format!("Vulkan counts locations in 32-bit components, four per location, and a location of {LOCATION_LIMIT} or more aliases a low one; every API allows a few dozen locations at most")),
            ));
        }
        if in_arguments || in_result {
            let place = shaderxform_passes::ir::place_in(function);
            return Err(unsupported(
                Diagnostic::error(format!(
                    "SPIR-V output cannot hold the `sample_mask` built-in of `{}`",
                    ep.name
                ))
                .with_primary(place, format!("in the entry point `{}`", ep.name))
                .with_note("Vulkan declares `SampleMask` as an array of 32-bit integers, and naga's SPIR-V writer declares a scalar; write another target"),
            ));
        }
    }
    Ok(())
}

/// The first location that overflows Vulkan's count of components.
const LOCATION_LIMIT: u32 = (1 << 30) - 4;

/// The first location of `function`'s arguments or result (struct members
/// included) at [`LOCATION_LIMIT`] or above, with its place: the entry
/// point's, or the struct's for a member.
fn huge_location(module: &Module, function: &naga::Function) -> Option<(u32, Span)> {
    let huge = |binding: Option<&Binding>| match binding {
        Some(&Binding::Location { location, .. }) if location >= LOCATION_LIMIT => Some(location),
        _ => None,
    };
    let in_type = |ty: naga::Handle<naga::Type>| match module.types[ty].inner {
        naga::TypeInner::Struct { ref members, .. } => members
            .iter()
            .find_map(|m| huge(m.binding.as_ref()))
            .map(|location| (location, module.types.get_span(ty))),
        _ => None,
    };
    let place = ir::place_in(function);
    function
        .arguments
        .iter()
        .map(|a| (a.binding.as_ref(), a.ty))
        .chain(function.result.as_ref().map(|r| (r.binding.as_ref(), r.ty)))
        .find_map(|(binding, ty)| huge(binding).map(|l| (l, place)).or_else(|| in_type(ty)))
}

fn unsupported(d: Diagnostic) -> EmitError {
    EmitError::Unsupported(d.with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED))
}

fn is_sample_mask(binding: Option<&Binding>) -> bool {
    matches!(binding, Some(Binding::BuiltIn(BuiltIn::SampleMask)))
}

fn struct_has_sample_mask(module: &Module, ty: naga::Handle<naga::Type>) -> bool {
    match module.types[ty].inner {
        naga::TypeInner::Struct { ref members, .. } => {
            members.iter().any(|m| is_sample_mask(m.binding.as_ref()))
        }
        _ => false,
    }
}

/// The first `discard` inside some loop's `continuing` block in `block`.
fn discard_in_continuing(block: &naga::Block) -> Option<Span> {
    let mut found = None;
    ir::for_each_statement(block, &mut |statement, _| {
        if found.is_some() {
            return;
        }
        if let Statement::Loop { ref continuing, .. } = *statement {
            ir::for_each_statement(continuing, &mut |inner, span| {
                if found.is_none() && matches!(inner, Statement::Kill) {
                    found = Some(span);
                }
            });
        }
    });
    found
}
