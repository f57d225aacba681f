//! Image atomics, after naga has read a module: SPIR-V legalisation wrote
//! each atomic on a storage image texel as a call to a function that
//! stands for it (`spirv_legalize/image_atomics.rs`), since naga's reader
//! does not read `OpImageTexelPointer`. Each call becomes the
//! `Statement::ImageAtomic` it stands for, on the image the function's
//! body writes; the image's access gains `atomic`, and the functions go.

use std::collections::HashMap;

use naga::{Expression, Handle, ImageClass, Module, Statement, StorageAccess, StorageFormat};

use super::spirv_legalize::ImageAtomicStandIn;
use crate::diagnostics::Diagnostic;

/// One stand-in function, as read.
struct StandIn {
    fun: naga::AtomicFunction,
    image: Handle<naga::GlobalVariable>,
}

/// Replaces the calls of the stand-in functions by image atomics and
/// removes the functions. An image whose format holds no atomics
/// (naga's image atomics need `r32uint` or `r32sint` matching the texel
/// type) is an error at the first atomic on it.
pub fn image_atomics_from_stand_ins(
    module: &mut Module,
    stand_ins: &[ImageAtomicStandIn],
) -> Result<(), Diagnostic> {
    if stand_ins.is_empty() {
        return Ok(());
    }
    let mut read: HashMap<Handle<naga::Function>, StandIn> = HashMap::new();
    for stand_in in stand_ins {
        let (handle, function) = super::stand_ins::stand_in_function(module, &stand_in.function)
            .ok_or_else(|| internal(&format!("no function `{}`", stand_in.function)))?;
        let image = function
            .body
            .iter()
            .find_map(|s| match *s {
                Statement::ImageStore { image, .. } => match function.expressions[image] {
                    Expression::GlobalVariable(g) => Some(g),
                    _ => None,
                },
                _ => None,
            })
            .ok_or_else(|| internal(&format!("`{}` writes no image", stand_in.function)))?;
        let texel = function
            .arguments
            .last()
            .and_then(|a| module.types[a.ty].inner.scalar_kind());
        check_format(module, image, texel, stand_in, first_call(module, handle))?;
        read.insert(
            handle,
            StandIn {
                fun: stand_in.fun,
                image,
            },
        );
    }
    for stand_in in read.values() {
        make_atomic(module, stand_in.image);
    }
    for function in shaderxform_passes::ir::functions_mut(module) {
        let naga::Function {
            body, expressions, ..
        } = function;
        shaderxform_passes::ir::for_each_block_mut(body, &mut |block| {
            for statement in block.iter_mut() {
                let Statement::Call {
                    function,
                    ref arguments,
                    result: None,
                } = *statement
                else {
                    continue;
                };
                let Some(stand_in) = read.get(&function) else {
                    continue;
                };
                let image = global_expression(expressions, stand_in.image);
                *statement = Statement::ImageAtomic {
                    image,
                    coordinate: arguments[0],
                    array_index: (arguments.len() == 3).then(|| arguments[1]),
                    fun: stand_in.fun,
                    value: arguments[arguments.len() - 1],
                };
            }
        });
    }
    super::stand_ins::remove_stand_in_functions(
        module,
        stand_ins.iter().map(|s| s.function.as_str()),
    )
    .map_err(|name| internal(&format!("`{name}` is still called")))
}

/// The image's format holds atomics on the texel type.
fn check_format(
    module: &Module,
    image: Handle<naga::GlobalVariable>,
    texel: Option<naga::ScalarKind>,
    stand_in: &ImageAtomicStandIn,
    call: naga::Span,
) -> Result<(), Diagnostic> {
    let naga::TypeInner::Image {
        class: ImageClass::Storage { format, .. },
        ..
    } = module.types[module.global_variables[image].ty].inner
    else {
        return Err(internal(&format!(
            "`{}` writes no storage image",
            stand_in.function
        )));
    };
    let holds = match format {
        StorageFormat::R32Uint => texel == Some(naga::ScalarKind::Uint),
        StorageFormat::R32Sint => texel == Some(naga::ScalarKind::Sint),
        _ => false,
    };
    if holds {
        return Ok(());
    }
    let name = shaderxform_passes::ir::global_name(module, image);
    let format = super::storage_format::wgsl_name(format);
    let mut d = Diagnostic::error(format!(
        "atomic operation on a texel of `{name}`, a storage image of format {format}: image atomics need the format r32uint (on `uint` texels) or r32sint (on `int` texels)"
    ))
    .with_code(shaderxform_passes::codes::SPIRV_IMAGE_ATOMIC)
    .with_note("declare the image `r32ui` or `r32i` (GLSL), or give it with `--storage-format NAME=r32uint`");
    if call.is_defined() {
        d = d.with_primary(call, "here");
    }
    Err(d)
}

/// Where a function is first called, if its call has a place.
fn first_call(module: &Module, function: Handle<naga::Function>) -> naga::Span {
    let mut found = naga::Span::default();
    for caller in shaderxform_passes::ir::functions(module) {
        shaderxform_passes::ir::for_each_statement(&caller.body, &mut |s, span| {
            if !found.is_defined()
                && matches!(*s, Statement::Call { function: f, .. } if f == function)
            {
                found = span;
            }
        });
    }
    found
}

/// Gives the image's storage access `atomic` (which holds load and store).
fn make_atomic(module: &mut Module, image: Handle<naga::GlobalVariable>) {
    let ty = module.global_variables[image].ty;
    let mut inner = module.types[ty].inner.clone();
    if let naga::TypeInner::Image {
        class: ImageClass::Storage { ref mut access, .. },
        ..
    } = inner
    {
        *access |= StorageAccess::LOAD | StorageAccess::STORE | StorageAccess::ATOMIC;
    }
    let name = module.types[ty].name.clone();
    let span = module.types.get_span(ty);
    let atomic = module.types.insert(naga::Type { name, inner }, span);
    module.global_variables.get_mut(image).ty = atomic;
}

/// The function's expression of the global, added where it has none.
fn global_expression(
    expressions: &mut naga::Arena<Expression>,
    global: Handle<naga::GlobalVariable>,
) -> Handle<Expression> {
    expressions
        .fetch_if(|e| *e == Expression::GlobalVariable(global))
        .unwrap_or_else(|| {
            expressions.append(Expression::GlobalVariable(global), naga::Span::default())
        })
}

fn internal(why: &str) -> Diagnostic {
    Diagnostic::error(format!(
        "internal error: the image atomics written for naga's reader were misread: {why}"
    ))
    .with_code(shaderxform_passes::codes::INTERNAL)
    .with_note("this is a bug in shaderxform, not in the shader")
}
