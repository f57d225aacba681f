//! Image atomics (`Statement::ImageAtomic`) where a target's writer cannot
//! hold them as naga writes them:
//!
//! - WGSL for Tint: WGSL has no texture atomics; naga writes
//!   `textureAtomicMax(t, coords, value)` on a
//!   `texture_storage_2d<r32uint, atomic>`, wgpu's extension, which Tint
//!   (browsers, Dawn) does not know;
//! - Metal, on an arrayed image: naga's Metal writer leaves the array
//!   layer out of the call (`atomic_fetch_max(coords, value)`), which
//!   would change the texel.
//!
//! Each is refused at the first such atomic, naming it and its image.

use naga::{Expression, Function, Module, Span, Statement};

use super::{EmitError, WgslTarget};
use crate::diagnostics::Diagnostic;

/// An image atomic of the module: the operation's WGSL name, the image's
/// name and the statement's place.
struct Found {
    function: &'static str,
    image: String,
    span: Span,
}

/// Refuses image atomics in WGSL for Tint.
pub fn refuse_for_tint(module: &Module, reader: WgslTarget) -> Result<(), EmitError> {
    if reader != WgslTarget::Tint {
        return Ok(());
    }
    let Some(found) = first_image_atomic(module, |_| true) else {
        return Ok(());
    };
    Err(EmitError::Unsupported(
        Diagnostic::error(format!(
            "WGSL for Tint cannot hold the texture atomic `{}` on `{}`",
            found.function, found.image
        ))
        .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
        .with_primary(found.span, "an atomic operation on a storage texture texel")
        .with_note("WGSL has no texture atomics: naga writes them as wgpu's extension (an `atomic` storage texture), which Tint (browsers, Dawn) does not know")
        .with_note("wgpu reads it: `--wgsl-for wgpu` writes it; SPIR-V, HLSL and Metal outputs hold it too"),
    ))
}

/// Refuses image atomics on arrayed images in Metal output.
pub fn refuse_arrayed_for_metal(module: &Module) -> Result<(), EmitError> {
    let Some(found) = first_image_atomic(module, |array_index| array_index.is_some()) else {
        return Ok(());
    };
    Err(EmitError::Unsupported(
        Diagnostic::error(format!(
            "Metal output cannot hold the atomic `{}` on a texel of the arrayed image `{}`",
            found.function, found.image
        ))
        .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
        .with_primary(found.span, "an atomic operation on a texel of an arrayed image")
        .with_note("naga's Metal writer leaves the array layer out of texture atomics, which would change another texel")
        .with_note("SPIR-V, HLSL, GLSL and WGSL for wgpu hold it"),
    ))
}

/// The first image atomic (in functions, then entry points) whose array
/// index `wanted` accepts.
fn first_image_atomic(
    module: &Module,
    wanted: impl Fn(Option<naga::Handle<Expression>>) -> bool,
) -> Option<Found> {
    let mut found = None;
    for function in shaderxform_passes::ir::functions(module) {
        shaderxform_passes::ir::for_each_statement(&function.body, &mut |s, span| {
            if found.is_some() {
                return;
            }
            if let Statement::ImageAtomic {
                image,
                array_index,
                fun,
                ..
            } = *s
            {
                if wanted(array_index) {
                    found = Some(Found {
                        function: wgsl_name(fun),
                        image: image_name(module, function, image),
                        span,
                    });
                }
            }
        });
    }
    found
}

fn image_name(module: &Module, function: &Function, image: naga::Handle<Expression>) -> String {
    match function.expressions[image] {
        Expression::GlobalVariable(g) => shaderxform_passes::ir::global_name(module, g),
        Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => {
            image_name(module, function, base)
        }
        _ => "an image".to_string(),
    }
}

fn wgsl_name(fun: naga::AtomicFunction) -> &'static str {
    use naga::AtomicFunction as F;
    match fun {
        F::Add => "textureAtomicAdd",
        F::Subtract => "textureAtomicSub",
        F::And => "textureAtomicAnd",
        F::ExclusiveOr => "textureAtomicXor",
        F::InclusiveOr => "textureAtomicOr",
        F::Min => "textureAtomicMin",
        F::Max => "textureAtomicMax",
        F::Exchange { .. } => "textureAtomicExchange",
    }
}
