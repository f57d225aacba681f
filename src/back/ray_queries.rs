//! Ray queries (`Statement::RayQuery`, an acceleration structure binding)
//! where a target's writer cannot hold them:
//!
//! - WGSL: naga 30's WGSL writer writes the types (`acceleration_structure`,
//!   `ray_query`) but stops at `unreachable!` on the statements, for wgpu
//!   and Tint alike (Tint has no ray queries either);
//! - GLSL: naga's GLSL writer stops at `unreachable!` on them too;
//! - HLSL below shader model 6.5, which has no inline ray tracing
//!   (`RayQuery`); without a shader model given, HLSL is written for 6.5.
//!
//! Each is refused at the first ray query statement (or the acceleration
//! structure's declaration where the module has no statement).

use naga::{Module, Span, Statement};

use super::EmitError;
use crate::diagnostics::Diagnostic;

/// Whether the module holds ray queries or acceleration structures.
pub fn holds_ray_queries(module: &Module) -> bool {
    first_ray_query(module).is_some()
}

/// Refuses ray queries where `target` (WGSL or GLSL) cannot hold them.
pub fn refuse_for(module: &Module, target: &'static str) -> Result<(), EmitError> {
    let Some(span) = first_ray_query(module) else {
        return Ok(());
    };
    Err(EmitError::Unsupported(
        Diagnostic::error(format!("{target} output cannot hold ray queries"))
            .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
            .with_primary(span, "a ray query")
            .with_note(match target {
                "WGSL" => "naga's WGSL writer has no ray queries (WGSL has them only as an extension of wgpu's, which Tint does not know either)",
                _ => "naga's GLSL writer has no ray queries",
            })
            .with_note("SPIR-V, HLSL (shader model 6.5) and Metal (2.4) outputs hold them"),
    ))
}

/// Refuses ray queries in HLSL below shader model 6.5.
pub fn refuse_for_shader_model(
    module: &Module,
    shader_model: naga::back::hlsl::ShaderModel,
) -> Result<(), EmitError> {
    if shader_model >= naga::back::hlsl::ShaderModel::V6_5 {
        return Ok(());
    }
    let Some(span) = first_ray_query(module) else {
        return Ok(());
    };
    Err(EmitError::Unsupported(
        Diagnostic::error(format!(
            "HLSL shader model {} cannot hold ray queries",
            shader_model.to_str().replace('_', ".")
        ))
        .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
        .with_primary(span, "a ray query")
        .with_note("inline ray tracing (`RayQuery`) needs shader model 6.5; leave the shader model out to get it"),
    ))
}

/// The place of the first ray query statement (in functions, then entry
/// points), else of the first acceleration structure or ray query
/// declaration; `None` where the module has neither.
fn first_ray_query(module: &Module) -> Option<Span> {
    let mut found = None;
    for function in shaderxform_passes::ir::functions(module) {
        shaderxform_passes::ir::for_each_statement(&function.body, &mut |s, span| {
            if found.is_none() && matches!(s, Statement::RayQuery { .. }) {
                found = Some(span);
            }
        });
    }
    found.or_else(|| {
        module
            .global_variables
            .iter()
            .find(|(_, g)| {
                matches!(
                    module.types[g.ty].inner,
                    naga::TypeInner::AccelerationStructure { .. }
                )
            })
            .map(|(h, _)| module.global_variables.get_span(h))
    })
}
