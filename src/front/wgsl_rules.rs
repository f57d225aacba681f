//! Rules of WGSL that naga's reader does not check, refused at the
//! construct that breaks them, as Tint refuses them.
//!
//! What passes naga's reader and validator is not always WGSL: a module
//! that breaks one of these rules would be transformed and written as
//! text that every browser refuses, or would stop a writer on an
//! `unreachable!` (a 64-bit array index reaches one in naga's SPIR-V
//! writer). Only a WGSL input is held to them; the other languages have
//! their own rules, and their readers check them.

use naga::{Block, Expression, Function, Handle, Module, Scalar, Span, Statement};
use shaderxform_passes::ir;

use crate::diagnostics::Diagnostic;

/// Refuses the first construct of `module` that breaks a WGSL rule naga
/// does not check.
pub fn refuse_what_wgsl_forbids(module: &Module) -> Result<(), Diagnostic> {
    for (handle, global) in module.global_variables.iter() {
        let read_only = matches!(global.space, naga::AddressSpace::Storage { access }
            if !access.contains(naga::StorageAccess::STORE));
        if read_only && holds_atomic(module, global.ty) {
            let name = global.name.as_deref().unwrap_or("a buffer");
            return Err(Diagnostic::error(format!(
                "the read-only storage buffer `{name}` holds an atomic"
            ))
            .with_code(shaderxform_passes::codes::WGSL_READ_ONLY_ATOMIC)
            .with_primary(module.global_variables.get_span(handle), "declared `read`")
            .with_note("WGSL requires atomics in storage memory to be declared `read_write` (Tint: \"atomic variables in 'storage' address space must have 'read_write' access mode\")"));
        }
    }
    for function in ir::functions(module) {
        if let Some(span) = loop_without_exit(&function.body) {
            return Err(Diagnostic::error("this loop never exits")
                .with_code(shaderxform_passes::codes::WGSL_LOOP_WITHOUT_EXIT)
                .with_primary(span, "no `break`, `break if` or `return` leaves it")
                .with_note("WGSL requires every loop to have a way out (Tint: \"loop does not exit\"); a statement after a loop that never exits is unreachable"));
        }
        if let Some((span, low, high)) = clamp_bounds_reversed(module, function) {
            return Err(Diagnostic::error(format!(
                "`clamp` with a low bound ({low}) above its high bound ({high})"
            ))
            .with_code(shaderxform_passes::codes::WGSL_CLAMP_BOUNDS)
            .with_primary(span, "this clamp")
            .with_note("WGSL refuses constant bounds of `clamp` where low > high (Tint: \"clamp called with 'low' greater than 'high'\"); GPUs differ on what it gives"));
        }
        if let Some((span, scalar)) = wide_array_index(module, function) {
            return Err(Diagnostic::error(format!(
                "a texture array index of type {}",
                scalar_name(scalar)
            ))
            .with_code(shaderxform_passes::codes::WGSL_TEXTURE_ARRAY_INDEX)
            .with_primary(span, "the array index of this texture builtin")
            .with_note("WGSL's texture builtins take an `i32` or `u32` array index; convert it with `i32(...)` or `u32(...)`"));
        }
    }
    Ok(())
}

/// The first `loop` in `block` (nested ones included) with no way out, as
/// WGSL's behaviour analysis counts them.
fn loop_without_exit(block: &Block) -> Option<Span> {
    let mut found = None;
    ir::for_each_statement(block, &mut |statement, span| {
        if found.is_some() {
            return;
        }
        if let Statement::Loop {
            ref body,
            ref continuing,
            break_if,
        } = *statement
        {
            if !ir::loop_has_exit(body, continuing, break_if) {
                found = Some(span);
            }
        }
    });
    found
}

/// The first texture builtin of `function` whose array index is 64-bit.
fn wide_array_index(module: &Module, function: &Function) -> Option<(Span, Scalar)> {
    let mut indices: Vec<(Handle<Expression>, Span)> = function
        .expressions
        .iter()
        .filter_map(|(handle, expression)| match *expression {
            Expression::ImageSample { array_index, .. }
            | Expression::ImageLoad { array_index, .. } => {
                Some((array_index?, function.expressions.get_span(handle)))
            }
            _ => None,
        })
        .collect();
    ir::for_each_statement(&function.body, &mut |statement, span| {
        if let Statement::ImageStore {
            array_index: Some(index),
            ..
        }
        | Statement::ImageAtomic {
            array_index: Some(index),
            ..
        } = *statement
        {
            indices.push((index, span));
        }
    });
    if indices.is_empty() {
        return None;
    }
    let scalars = ir::expression_scalars(module, function)?;
    indices.sort_by_key(|&(index, _)| index);
    indices.into_iter().find_map(|(index, span)| {
        let scalar = scalars[index.index()]?;
        (scalar.width != 4).then_some((span, scalar))
    })
}

fn holds_atomic(module: &Module, ty: naga::Handle<naga::Type>) -> bool {
    match module.types[ty].inner {
        naga::TypeInner::Atomic(_) => true,
        naga::TypeInner::Array { base, .. } => holds_atomic(module, base),
        naga::TypeInner::Struct { ref members, .. } => {
            members.iter().any(|m| holds_atomic(module, m.ty))
        }
        _ => false,
    }
}

/// The first `clamp` of `function` whose bounds are both constants, the
/// low one above the high one: its span and the two bounds, as written.
fn clamp_bounds_reversed(module: &Module, function: &Function) -> Option<(Span, String, String)> {
    let constant = |h: Handle<Expression>| -> Option<f64> {
        let literal = match function.expressions[h] {
            Expression::Literal(l) => l,
            Expression::Constant(c) => match module.global_expressions[module.constants[c].init] {
                Expression::Literal(l) => l,
                _ => return None,
            },
            _ => return None,
        };
        Some(match literal {
            naga::Literal::F32(v) => v as f64,
            naga::Literal::F64(v) => v,
            naga::Literal::F16(v) => f64::from(f32::from(v)),
            naga::Literal::I32(v) => v as f64,
            naga::Literal::U32(v) => v as f64,
            naga::Literal::AbstractInt(v) => v as f64,
            naga::Literal::AbstractFloat(v) => v,
            _ => return None,
        })
    };
    function.expressions.iter().find_map(|(h, e)| match *e {
        Expression::Math {
            fun: naga::MathFunction::Clamp,
            arg1: Some(low),
            arg2: Some(high),
            ..
        } => {
            let (l, hi) = (constant(low)?, constant(high)?);
            (l > hi).then(|| {
                (
                    function.expressions.get_span(h),
                    l.to_string(),
                    hi.to_string(),
                )
            })
        }
        _ => None,
    })
}

fn scalar_name(scalar: Scalar) -> String {
    match scalar.kind {
        naga::ScalarKind::Sint => format!("i{}", scalar.width * 8),
        naga::ScalarKind::Uint => format!("u{}", scalar.width * 8),
        _ => format!("{scalar:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(source: &str) -> Option<(String, String)> {
        let module = naga::front::wgsl::parse_str(source).expect("naga reads it");
        refuse_what_wgsl_forbids(&module).err().map(|d| {
            let span = d.primary_span().expect("a place");
            (
                d.code.clone().unwrap_or_default(),
                source[span.to_range().unwrap()].to_string(),
            )
        })
    }

    #[test]
    fn a_loop_without_a_way_out_is_refused_at_the_loop() {
        let (code, at) = refused(
            "@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) lid: u32) {
                loop { workgroupBarrier(); }
                if (lid == 0u) { workgroupBarrier(); }
            }",
        )
        .expect("refused");
        assert_eq!(code, shaderxform_passes::codes::WGSL_LOOP_WITHOUT_EXIT);
        assert!(at.starts_with("loop {"), "{at}");
    }

    #[test]
    fn loops_that_leave_are_kept() {
        for body in [
            "loop { if (x > 3u) { break; } }",
            "loop { if (x > 3u) { return; } }",
            "loop { continuing { break if x > 3u; } }",
            "for (var i = 0u; i < x; i++) {}",
            "while (true) {}",
            // The break leaves the loop, not the switch around it.
            "switch x { default: { loop { break; } } }",
        ] {
            let source = format!("fn f(x: u32) {{ {body} }}");
            assert_eq!(refused(&source), None, "{body}");
        }
        // A break inside a switch leaves the switch, not the loop.
        let (code, _) =
            refused("fn f(x: u32) { loop { switch x { default: { break; } } } }").expect("refused");
        assert_eq!(code, shaderxform_passes::codes::WGSL_LOOP_WITHOUT_EXIT);
    }

    #[test]
    fn reversed_constant_clamp_bounds_and_read_only_atomics_are_refused() {
        let (code, at) = refused(
            "@group(0) @binding(0) var<storage, read_write> o: array<f32>;
            @compute @workgroup_size(1) fn main() { o[0] = clamp(o[1], 65.0, 1.0); }",
        )
        .expect("refused");
        assert_eq!(code, shaderxform_passes::codes::WGSL_CLAMP_BOUNDS);
        assert!(at.starts_with("clamp"), "{at}");
        assert_eq!(
            refused(
                "@group(0) @binding(0) var<storage, read_write> o: array<f32>;
                @compute @workgroup_size(1) fn main() { o[0] = clamp(o[1], 1.0, 65.0); }"
            ),
            None
        );
        let (code, at) = refused(
            "@group(0) @binding(0) var<storage, read> a: atomic<u32>;
            @group(0) @binding(1) var<storage, read_write> o: array<u32>;
            @compute @workgroup_size(1) fn main() { o[0] = atomicLoad(&a); }",
        )
        .expect("refused");
        assert_eq!(code, shaderxform_passes::codes::WGSL_READ_ONLY_ATOMIC);
        assert!(at.contains("var<storage, read> a"), "{at}");
    }

    #[test]
    fn a_64_bit_array_index_is_refused_at_the_builtin() {
        let (code, at) = refused(
            "@group(0) @binding(0) var t: texture_storage_2d_array<rgba32float, write>;
            @compute @workgroup_size(1) fn main() { textureStore(t, vec2<i32>(0), 1li, vec4<f32>()); }",
        )
        .expect("refused");
        assert_eq!(code, shaderxform_passes::codes::WGSL_TEXTURE_ARRAY_INDEX);
        assert!(at.starts_with("textureStore"), "{at}");
        assert_eq!(
            refused(
                "@group(0) @binding(0) var t: texture_storage_2d_array<rgba32float, write>;
                @compute @workgroup_size(1) fn main() { textureStore(t, vec2<i32>(0), 1u, vec4<f32>()); }"
            ),
            None
        );
    }
}
