//! A compute entry point has built-in inputs only, and no outputs.
//!
//! naga's GLSL reader accepts `out` variables in a compute shader (an
//! `out gl_PerVertex { vec4 gl_Position; }` block, a plain `out vec4 c;`)
//! and `in` variables with a location, and glslang gives an HLSL compute
//! shader a user input for a semantic it does not know (`SV_GroDpID`).
//! Either way the compute entry point gets inputs or outputs at a
//! location, which no target can write: naga's writers stop at
//! `unreachable!` or fail, and its SPIR-V is invalid. They are refused at
//! the declaration of the variable that carries them.
//!
//! Workgroup memory is compute's alone: naga's WGSL reader lets a vertex
//! or fragment entry point reach a `var<workgroup>` (itself or through a
//! function it calls), which Tint refuses, and the SPIR-V written for it
//! is refused by spirv-val. It is refused at the variable's declaration.

use naga::{Binding, Expression, Function, GlobalVariable, Handle, Module, ShaderStage, Statement};

use crate::diagnostics::Diagnostic;

const STAGES: &str = "compute shaders write buffers and images; inputs and outputs at locations belong to the vertex and fragment stages";

/// Refuses a compute entry point with an output, an input at a location,
/// or a workgroup size with a dimension of zero. `wgsl_text`, the source
/// of a WGSL input, places the last at the entry point's declaration.
pub fn refuse_compute_interface(
    module: &Module,
    wgsl_text: Option<&str>,
) -> Result<(), Diagnostic> {
    let place = |global: Option<Handle<GlobalVariable>>| {
        global
            .map(|g| module.global_variables.get_span(g))
            .unwrap_or_default()
    };
    for ep in module
        .entry_points
        .iter()
        .filter(|ep| ep.stage == ShaderStage::Compute)
    {
        let function = &ep.function;
        let zero = |i: usize| {
            ep.workgroup_size[i] == 0 && ep.workgroup_size_overrides.is_none_or(|o| o[i].is_none())
        };
        if (0..3).any(zero) {
            let [x, y, z] = ep.workgroup_size;
            let mut d = Diagnostic::error(format!(
                "the compute shader `{}` has a workgroup size of {x} x {y} x {z}",
                ep.name
            ))
            .with_code(shaderxform_passes::codes::INPUT_WORKGROUP_SIZE_ZERO)
            .with_note("each dimension of a workgroup size is at least 1");
            if let Some(span) =
                wgsl_text.and_then(|text| super::function_declaration(text, &ep.name))
            {
                d = d.with_primary(span, "declared with a dimension of zero");
            } else {
                // Read from SPIR-V (or GLSL through it): a size of zero is
                // most often no `LocalSize` at all. The entry point's code
                // is the place naga keeps.
                let place = shaderxform_passes::ir::place_in(function);
                if place.is_defined() {
                    d = d.with_primary(
                        place,
                        format!("where `{}` is read; its workgroup size has a dimension of zero (is its `OpExecutionMode ... LocalSize` missing?)", ep.name),
                    );
                }
            }
            return Err(d);
        }
        if function.result.is_some() {
            return Err(Diagnostic::error(format!(
                "the compute shader `{}` has an output",
                ep.name
            ))
            .with_code(shaderxform_passes::codes::INPUT_COMPUTE_OUTPUT)
            .with_primary(
                place(returned_global(function)),
                "an output of a compute shader",
            )
            .with_note(STAGES));
        }
        let at_location = function
            .arguments
            .iter()
            .position(|a| matches!(a.binding, Some(Binding::Location { .. })));
        if let Some(index) = at_location {
            let name = function.arguments[index]
                .name
                .as_deref()
                .unwrap_or("an input");
            return Err(Diagnostic::error(format!(
                "the compute shader `{}` has an input at a location (`{name}`)",
                ep.name
            ))
            .with_code(shaderxform_passes::codes::INPUT_COMPUTE_INPUT)
            .with_primary(
                // A WGSL parameter is placed in the text; one from
                // another format by the variable it was read from.
                wgsl_text
                    .and_then(|text| super::function_parameter(text, &ep.name, name))
                    .unwrap_or_else(|| place(argument_global(function, index as u32))),
                "an input of a compute shader, which has built-in inputs only",
            )
            .with_note(STAGES)
            .with_note("in HLSL, an unknown semantic on a parameter makes such an input: check its spelling (`SV_GroupID`, `SV_DispatchThreadID`, ...)"));
        }
    }
    Ok(())
}

/// Refuses a vertex or fragment entry point that uses a workgroup
/// variable, itself or through the functions it calls.
pub fn refuse_workgroup_memory_outside_compute(module: &Module) -> Result<(), Diagnostic> {
    for (index, ep) in module.entry_points.iter().enumerate() {
        if matches!(
            ep.stage,
            ShaderStage::Compute | ShaderStage::Task | ShaderStage::Mesh
        ) {
            continue;
        }
        let mut used: Vec<Handle<GlobalVariable>> =
            shaderxform_passes::ir::entry_point_static_uses(module, index)
                .into_iter()
                .filter(|&g| module.global_variables[g].space == naga::AddressSpace::WorkGroup)
                .collect();
        used.sort();
        if let Some(&global) = used.first() {
            let name = module.global_variables[global]
                .name
                .as_deref()
                .unwrap_or("a workgroup variable");
            return Err(Diagnostic::error(format!(
                "the {} shader `{}` uses the workgroup variable `{name}`",
                format!("{:?}", ep.stage).to_lowercase(),
                ep.name
            ))
            .with_code(shaderxform_passes::codes::INPUT_WORKGROUP_OUTSIDE_COMPUTE)
            .with_primary(
                module.global_variables.get_span(global),
                "workgroup memory, which only compute shaders have",
            )
            .with_note("a workgroup is compute's: vertex and fragment invocations share no memory but buffers and textures"));
        }
    }
    Ok(())
}

/// The first variable an entry point's wrapper returns: naga's readers
/// return outputs as loads of the globals the shader wrote.
fn returned_global(function: &Function) -> Option<Handle<GlobalVariable>> {
    let returned = function.body.iter().find_map(|s| match *s {
        Statement::Return { value } => value,
        _ => None,
    })?;
    let mut pending = vec![returned];
    while let Some(handle) = pending.pop() {
        match function.expressions[handle] {
            Expression::GlobalVariable(g) => return Some(g),
            Expression::Compose { ref components, .. } => {
                pending.extend(components.iter().rev().copied())
            }
            Expression::Load { pointer } => pending.push(pointer),
            Expression::AccessIndex { base, .. } | Expression::Access { base, .. } => {
                pending.push(base)
            }
            _ => {}
        }
    }
    None
}

/// The variable an entry point's wrapper stores its argument `index`
/// into: naga's readers pass inputs to the shader's body that way.
fn argument_global(function: &Function, index: u32) -> Option<Handle<GlobalVariable>> {
    use shaderxform_passes::ir::{pointer_global, pointer_root, PointerRoot};
    // The walk from a part to its whole is the same for the argument's
    // value as for a pointer.
    let expressions = &function.expressions;
    function.body.iter().find_map(|s| match *s {
        Statement::Store { pointer, value }
            if pointer_root(expressions, value) == PointerRoot::Argument(index) =>
        {
            pointer_global(expressions, pointer)
        }
        _ => None,
    })
}
