//! Constructs naga writes in WGSL that only wgpu reads.
//!
//! naga's WGSL writer spells some of what naga IR holds with wgpu's own
//! extensions, which Tint (browsers, Dawn) refuses:
//!
//! - binding arrays (descriptor indexing: GLSL's `uniform texture2D t[];`
//!   or a sized array of textures indexed with `nonuniformEXT`) as
//!   `binding_array<T, N>` under `enable wgpu_binding_array;` (Tint has
//!   `binding_array` only behind a language feature browsers do not
//!   allow);
//! - fragment barycentrics (`gl_BaryCoordEXT`) as `@builtin(barycentric)`
//!   (Tint spells it `@builtin(barycentric_coord)` under
//!   `enable chromium_experimental_barycentric_coord;`, an extension that
//!   browsers do not allow either);
//! - the view index (`gl_ViewIndex`, multiview) as `@builtin(view_index)`
//!   without the `enable view_instancing;` Tint asks for, which naga does
//!   not read;
//! - 64-bit floats and integers (`f64`, `i64`, `u64`) and 16-bit integers
//!   (`i16`, `u16`), which WGSL does not have (it has `f16`) and naga
//!   writes under extensions of its own;
//! - any other `enable wgpu_...;` directive (16-bit integers, mesh
//!   shaders, cooperative matrices);
//! - push constants that hold an array: naga writes them in the
//!   `immediate` address space, where Tint refuses arrays.
//!
//! When WGSL is written for Tint (`--wgsl-for tint`, the default) these are
//! refused with the construct's place, and a note that `--wgsl-for wgpu`
//! writes them.

use naga::{Binding, BuiltIn, Expression, Module, Span, TypeInner};

use super::{EmitError, WgslTarget};
use crate::diagnostics::Diagnostic;

const FOR_WGPU: &str =
    "wgpu reads it: `--wgsl-for wgpu` writes it; SPIR-V, HLSL and Metal outputs hold it too";

/// Refuses, for Tint, what the module holds that naga writes only for
/// wgpu.
pub fn refuse_for_tint(
    module: &Module,
    info: &naga::valid::ModuleInfo,
    reader: WgslTarget,
) -> Result<(), EmitError> {
    if reader != WgslTarget::Tint {
        return Ok(());
    }
    if let Some((handle, scalar)) = module
        .types
        .iter()
        .find_map(|(h, t)| scalar_without_wgsl(&t.inner).map(|s| (h, s)))
    {
        let name = naga::common::wgsl::TypeContext::type_to_string(&module.to_ctx(), handle);
        let note = if scalar.starts_with("16") {
            "WGSL has no 16-bit integers (it has `f16`): naga writes them under `enable wgpu_int16;`, which Tint (browsers, Dawn) refuses"
        } else {
            "WGSL has no 64-bit types: naga writes them as an extension of its own, which Tint (browsers, Dawn) refuses"
        };
        let mut diagnostic =
            Diagnostic::error(format!("WGSL for Tint cannot hold {scalar} (`{name}`)"))
                .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
                .with_note(note)
                .with_note(FOR_WGPU);
        // Where the shader holds or computes one: a type's own place (an
        // `OpTypeInt` of SPIR-V) has no source line where glslang read it.
        let span = shaderxform_passes::ir::first_place_using(module, info, |inner| {
            scalar_without_wgsl(inner) == Some(scalar)
        })
        .filter(|span| span.is_defined())
        .unwrap_or_else(|| module.types.get_span(handle));
        diagnostic = diagnostic.with_primary(span, format!("holds `{name}`"));
        return Err(EmitError::Unsupported(diagnostic));
    }
    for (handle, global) in module.global_variables.iter() {
        if matches!(
            module.types[global.ty].inner,
            TypeInner::BindingArray { .. }
        ) {
            let name = global.name.as_deref().unwrap_or("an unnamed resource");
            return Err(EmitError::Unsupported(
                Diagnostic::error(format!(
                    "WGSL for Tint cannot hold the binding array `{name}`"
                ))
                .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
                .with_primary(
                    module.global_variables.get_span(handle),
                    "an array of resources (descriptor indexing): naga writes it as `binding_array`, under `enable wgpu_binding_array;`",
                )
                .with_secondary(first_use(module, handle), format!("`{name}` is used here"))
                .with_note("Tint (browsers, Dawn) refuses `wgpu_binding_array`, and allows its own `binding_array` nowhere a browser runs")
                .with_note(FOR_WGPU),
            ));
        }
    }
    for (handle, global) in module.global_variables.iter() {
        if global.space != naga::AddressSpace::Immediate || !holds_array(module, global.ty) {
            continue;
        }
        let name = shaderxform_passes::ir::global_name(module, handle);
        return Err(EmitError::Unsupported(
            Diagnostic::error(format!(
                "WGSL for Tint cannot hold the immediate data (push constants) `{name}`: it holds an array"
            ))
            .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
            .with_primary(
                module.global_variables.get_span(handle),
                "push constants with an array: Tint refuses arrays in the `immediate` address space",
            )
            .with_secondary(first_use(module, handle), format!("`{name}` is used here"))
            .with_note("move the array into a uniform buffer, or spell it as vectors or scalars")
            .with_note(FOR_WGPU),
        ));
    }
    for entry_point in &module.entry_points {
        let function = &entry_point.function;
        for (index, argument) in function.arguments.iter().enumerate() {
            let Some(&(_, what, label, tint_note)) =
                WGPU_ONLY_BUILTINS.iter().find(|(wanted, ..)| {
                    uses_builtin(module, argument.binding.as_ref(), argument.ty, *wanted)
                })
            else {
                continue;
            };
            let name = argument.name.as_deref().unwrap_or("an argument");
            let mut diagnostic = Diagnostic::error(format!(
                "WGSL for Tint cannot hold {what} (`{name}` of `{}`)",
                entry_point.name
            ))
            .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED);
            let span = argument_span(function, index);
            if span.is_defined() {
                diagnostic = diagnostic.with_primary(span, label);
            }
            // A module read from SPIR-V passes the input through a private
            // variable of the same name, which the shader reads: where the
            // argument's span is in the binary, that read has a line.
            let stand_in = module
                .global_variables
                .iter()
                .find(|(_, g)| g.name == argument.name && g.space == naga::AddressSpace::Private);
            if let Some((handle, _)) = stand_in {
                diagnostic = diagnostic
                    .with_secondary(first_use(module, handle), format!("`{name}` is read here"));
            }
            return Err(EmitError::Unsupported(
                diagnostic.with_note(tint_note).with_note(FOR_WGPU),
            ));
        }
    }
    Ok(())
}

/// Refuses, for Tint, a text naga wrote with a wgpu extension that
/// [`refuse_for_tint`] did not name.
pub fn refuse_wgpu_extensions(text: &str, reader: WgslTarget) -> Result<(), EmitError> {
    if reader != WgslTarget::Tint {
        return Ok(());
    }
    let directives = text
        .lines()
        .take_while(|l| l.starts_with("enable ") || l.starts_with("requires ") || l.is_empty());
    for line in directives {
        let Some(list) = line.strip_prefix("enable ") else {
            continue;
        };
        let list = list.trim_end_matches(';');
        if let Some(extension) = list
            .split(',')
            .map(str::trim)
            .find(|e| e.starts_with("wgpu_"))
        {
            return Err(EmitError::Unsupported(
                Diagnostic::error(format!(
                    "WGSL for Tint cannot hold this shader: naga writes it with `enable {extension};`, a wgpu extension"
                ))
                .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
                .with_note("Tint (browsers, Dawn) refuses wgpu's extensions")
                .with_note(FOR_WGPU),
            ));
        }
    }
    Ok(())
}

/// Whether a type is, or holds, an array.
fn holds_array(module: &Module, ty: naga::Handle<naga::Type>) -> bool {
    match module.types[ty].inner {
        TypeInner::Array { .. } | TypeInner::BindingArray { .. } => true,
        TypeInner::Struct { ref members, .. } => members.iter().any(|m| holds_array(module, m.ty)),
        _ => false,
    }
}

/// Whether an entry point argument is, or holds, a built-in `wanted`
/// picks.
fn uses_builtin(
    module: &Module,
    binding: Option<&Binding>,
    ty: naga::Handle<naga::Type>,
    wanted: fn(&BuiltIn) -> bool,
) -> bool {
    match binding {
        Some(Binding::BuiltIn(built_in)) => wanted(built_in),
        Some(_) => false,
        None => match module.types[ty].inner {
            TypeInner::Struct { ref members, .. } => members
                .iter()
                .any(|m| uses_builtin(module, m.binding.as_ref(), m.ty, wanted)),
            _ => false,
        },
    }
}

/// A built-in naga writes for wgpu only: which it is, what Tint is told
/// of it, at it, and how Tint would spell it.
type WgpuOnlyBuiltIn = (
    fn(&BuiltIn) -> bool,
    &'static str,
    &'static str,
    &'static str,
);

/// The built-ins naga writes for wgpu only.
const WGPU_ONLY_BUILTINS: [WgpuOnlyBuiltIn; 2] = [
    (
        |b| matches!(b, BuiltIn::Barycentric { .. }),
        "fragment barycentrics",
        "barycentric coordinates: naga writes `@builtin(barycentric)`, which Tint does not know",
        "Tint spells them `@builtin(barycentric_coord)` under `enable chromium_experimental_barycentric_coord;`, an extension browsers do not allow",
    ),
    (
        |b| matches!(b, BuiltIn::ViewIndex),
        "the view index",
        "the view index (multiview): naga writes `@builtin(view_index)` without the extension Tint asks for it",
        "Tint reads `@builtin(view_index)` only under `enable view_instancing;`, which naga does not read back",
    ),
];

/// Where an argument is read: naga keeps no span for the argument itself,
/// but for its `FunctionArgument` expression.
pub(super) fn argument_span(function: &naga::Function, index: usize) -> Span {
    function
        .expressions
        .iter()
        .find(|(_, e)| matches!(**e, Expression::FunctionArgument(i) if i as usize == index))
        .map_or_else(Span::default, |(h, _)| function.expressions.get_span(h))
}

/// Where a global variable is first used in the module's functions: the
/// first expression that reads it (a load, an access: a module read from
/// SPIR-V has the source line of those, not of the variable's own
/// expression), else that expression; no span where it is not used.
pub(super) fn first_use(module: &Module, global: naga::Handle<naga::GlobalVariable>) -> Span {
    let defined = |span: Span| span.is_defined().then_some(span);
    shaderxform_passes::ir::functions(module)
        .find_map(|function| {
            let expressions = &function.expressions;
            let (variable, _) = expressions
                .iter()
                .find(|(_, e)| **e == Expression::GlobalVariable(global))?;
            let reader = expressions.iter().find_map(|(h, e)| {
                let mut reads = false;
                shaderxform_passes::ir::for_each_operand(&mut e.clone(), &mut |operand| {
                    reads |= *operand == variable
                });
                reads.then(|| defined(expressions.get_span(h))).flatten()
            });
            reader.or_else(|| defined(expressions.get_span(variable)))
        })
        .unwrap_or_default()
}

/// The scalars of a type that WGSL has not: `64-bit floats`, `64-bit
/// integers` or `16-bit integers`.
fn scalar_without_wgsl(inner: &TypeInner) -> Option<&'static str> {
    let scalar = match *inner {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => s,
        TypeInner::Vector { scalar, .. } | TypeInner::Matrix { scalar, .. } => scalar,
        _ => return None,
    };
    match (scalar.width, scalar.kind) {
        (8, naga::ScalarKind::Float) => Some("64-bit floats"),
        (8, _) => Some("64-bit integers"),
        (2, naga::ScalarKind::Sint | naga::ScalarKind::Uint) => Some("16-bit integers"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{refuse_wgpu_extensions, EmitError, WgslTarget};

    #[test]
    fn a_wgpu_extension_in_the_directives_is_refused_for_tint_only() {
        let text = "enable f16;\nenable wgpu_int16;\n\nfn f() {}\n";
        match refuse_wgpu_extensions(text, WgslTarget::Tint) {
            Err(EmitError::Unsupported(d)) => {
                assert!(d.message.contains("`enable wgpu_int16;`"), "{}", d.message)
            }
            other => panic!("{other:?}"),
        }
        assert!(refuse_wgpu_extensions(text, WgslTarget::Wgpu).is_ok());
        let plain = "enable f16, subgroups;\n\nfn wgpu_f() {}\n";
        assert!(refuse_wgpu_extensions(plain, WgslTarget::Tint).is_ok());
    }
}
