//! Built-ins that WGSL has no spelling for: GLSL's `gl_PointSize` and
//! `gl_PointCoord` (WGSL draws points one pixel wide), and the like. naga's
//! WGSL writer fails on them with no place; they are refused where the
//! shader writes or reads them.

use naga::common::wgsl::TryToWgsl;
use naga::{Binding, BuiltIn, Module, Span, TypeInner};

use super::wgsl_wgpu_only::{argument_span, first_use};
use super::EmitError;
use crate::diagnostics::Diagnostic;

/// Refuses the first entry point input or output that is a built-in WGSL
/// cannot name.
pub fn refuse_builtins_wgsl_lacks(module: &Module) -> Result<(), EmitError> {
    for entry_point in &module.entry_points {
        let function = &entry_point.function;
        let inputs = function
            .arguments
            .iter()
            .enumerate()
            .flat_map(|(index, a)| {
                lacking(module, a.binding.as_ref(), a.ty, a.name.as_deref())
                    .into_iter()
                    .map(move |(builtin, name)| (builtin, name, Some(index)))
            });
        let outputs = function.result.iter().flat_map(|r| {
            lacking(module, r.binding.as_ref(), r.ty, None)
                .into_iter()
                .map(|(b, name)| (b, name, None))
        });
        let Some((builtin, name, argument)) = inputs.chain(outputs).next() else {
            continue;
        };
        // A module read from SPIR-V or GLSL moves the built-in through a
        // private variable of its name, which the shader reads or writes.
        // GLSL's `gl_PerVertex` block comes through as a private struct
        // holding a member of that name.
        let stand_in = name.and_then(|name| {
            let private = || {
                module
                    .global_variables
                    .iter()
                    .filter(|(_, g)| g.space == naga::AddressSpace::Private)
            };
            if let Some((global, _)) = private().find(|(_, g)| g.name.as_deref() == Some(name)) {
                return Some(first_use(module, global));
            }
            private().find_map(|(global, g)| match &module.types[g.ty].inner {
                TypeInner::Struct { members, .. } => members
                    .iter()
                    .position(|m| m.name.as_deref() == Some(name))
                    .map(|member| first_member_use(module, global, member as u32)),
                _ => None,
            })
        });
        let place = stand_in
            .filter(|s| s.is_defined())
            .or_else(|| argument.map(|i| argument_span(function, i)))
            .unwrap_or(Span::UNDEFINED);
        let what = name.map_or_else(String::new, |n| format!(" (`{n}`)"));
        return Err(EmitError::Unsupported(
            Diagnostic::error(format!(
                "WGSL has no built-in for {builtin:?}{what} of `{}`",
                entry_point.name
            ))
            .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
            .with_primary(place, format!("{builtin:?} is used here"))
            .with_note(match builtin {
                BuiltIn::PointSize | BuiltIn::PointCoord => {
                    "WebGPU draws points one pixel wide, with no point size or point coordinate; draw quads for larger points"
                }
                _ => "WGSL cannot name it; write SPIR-V, HLSL, Metal or GLSL",
            }),
        ));
    }
    Ok(())
}

/// Where member `member` of a global struct is first reached (its
/// `AccessIndex`), else where the global is first used.
fn first_member_use(
    module: &Module,
    global: naga::Handle<naga::GlobalVariable>,
    member: u32,
) -> Span {
    use naga::Expression;
    shaderxform_passes::ir::functions(module)
        .find_map(|function| {
            let expressions = &function.expressions;
            let (variable, _) = expressions
                .iter()
                .find(|(_, e)| **e == Expression::GlobalVariable(global))?;
            expressions.iter().find_map(|(h, e)| match *e {
                Expression::AccessIndex { base, index } if base == variable && index == member => {
                    Some(expressions.get_span(h)).filter(|s| s.is_defined())
                }
                _ => None,
            })
        })
        .unwrap_or_else(|| first_use(module, global))
}

/// The built-ins of a binding, or of the members of a struct without one,
/// that WGSL cannot name, with the name they carry.
fn lacking<'m>(
    module: &'m Module,
    binding: Option<&'m Binding>,
    ty: naga::Handle<naga::Type>,
    name: Option<&'m str>,
) -> Vec<(BuiltIn, Option<&'m str>)> {
    match binding {
        Some(&Binding::BuiltIn(builtin)) if builtin.try_to_wgsl().is_none() => {
            vec![(builtin, name)]
        }
        Some(_) => Vec::new(),
        None => match module.types[ty].inner {
            TypeInner::Struct { ref members, .. } => members
                .iter()
                .flat_map(|m| lacking(module, m.binding.as_ref(), m.ty, m.name.as_deref()))
                .collect(),
            _ => Vec::new(),
        },
    }
}
