//! Rules of WGSL that naga's reader does not check, refused at the
//! construct that breaks them, as Tint refuses them.
//!
//! What passes naga's reader and validator is not always WGSL: a module
//! that breaks one of these rules would be transformed and written as
//! text that every browser refuses, or would stop a writer on an
//! `unreachable!` (a 64-bit array index reaches one in naga's SPIR-V
//! writer). Only a WGSL input is held to them; the other languages have
//! their own rules, and their readers check them.
//!
//! The rules: every loop has a way out; an atomic in storage memory is
//! `read_write`; `clamp`'s constant bounds are in order; a constant
//! subgroup lane, mask or delta is below 128 (a quad's below 4); no vertex
//! shader reaches a subgroup operation; a texture offset's constant
//! components lie in -8 to 7; a texture array index is an `i32` or `u32`;
//! an array in function, private or workgroup memory has fewer than
//! 65,536 elements.

use naga::{Block, Expression, Function, Handle, Module, Scalar, Span, Statement};
use shaderxform_passes::ir;

use crate::diagnostics::Diagnostic;

/// Refuses the first construct of `module` that breaks a WGSL rule naga
/// does not check.
pub fn refuse_what_wgsl_forbids(module: &Module) -> Result<(), Diagnostic> {
    for (handle, global) in module.global_variables.iter() {
        let read_only = matches!(global.space, naga::AddressSpace::Storage { access }
            if !access.contains(naga::StorageAccess::STORE));
        if read_only && !ir::atomic_scalars(&module.types, global.ty).is_empty() {
            let name = global.name.as_deref().unwrap_or("a buffer");
            return Err(Diagnostic::error(format!(
                "the read-only storage buffer `{name}` holds an atomic"
            ))
            .with_code(shaderxform_passes::codes::WGSL_READ_ONLY_ATOMIC)
            .with_primary(module.global_variables.get_span(handle), "declared `read`")
            .with_note("WGSL requires atomics in storage memory to be declared `read_write` (Tint: \"atomic variables in 'storage' address space must have 'read_write' access mode\")"));
        }
    }
    if let Some(oversized) = oversized_array(module) {
        return Err(oversized
            .diagnostic()
            .with_code(shaderxform_passes::codes::WGSL_ARRAY_COUNT));
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
        if let Some((span, what, limit)) = constant_lane_out_of_range(module, function) {
            return Err(Diagnostic::error(format!(
                "the lane argument of `{what}` is a constant of {limit} or more"
            ))
            .with_code(shaderxform_passes::codes::WGSL_CONSTANT_LANE)
            .with_primary(span, what.to_string())
            .with_note(format!("WGSL refuses a constant lane, mask or delta of {limit} or more here (Tint: \"must be less than {limit}\"): no subgroup is that wide")));
        }
        if let Some(span) = texture_offset_out_of_range(module, function) {
            return Err(Diagnostic::error("a texture offset outside -8 to 7")
                .with_code(shaderxform_passes::codes::WGSL_TEXTURE_OFFSET)
                .with_primary(span, "the sampling with this offset")
                .with_note("WGSL requires each component of a texture builtin's constant offset to be at least -8 and at most 7"));
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
    for (index, ep) in module.entry_points.iter().enumerate() {
        if ep.stage != naga::ShaderStage::Vertex {
            continue;
        }
        // In the module's order: the same operation is named every run.
        let mut called: Vec<_> = ir::functions_called_from(module, index)
            .into_iter()
            .collect();
        called.sort();
        let reached =
            std::iter::once(&ep.function).chain(called.iter().map(|&f| &module.functions[f]));
        for function in reached {
            let mut found = None;
            ir::for_each_statement(&function.body, &mut |statement, span| {
                if matches!(
                    statement,
                    Statement::SubgroupBallot { .. }
                        | Statement::SubgroupCollectiveOperation { .. }
                        | Statement::SubgroupGather { .. }
                ) {
                    found = found.or(Some(span));
                }
            });
            if let Some(span) = found {
                return Err(Diagnostic::error(format!(
                    "the vertex shader `{}` reaches a subgroup operation",
                    ep.name
                ))
                .with_code(shaderxform_passes::codes::WGSL_SUBGROUP_IN_VERTEX)
                .with_primary(span, "a subgroup operation")
                .with_note("WGSL allows subgroup operations and built-ins in compute and fragment shaders only (Tint: \"built-in cannot be used by vertex pipeline stage\")"));
            }
        }
    }
    Ok(())
}

/// The most elements Tint allows an array in function, private or
/// workgroup memory, plus one.
const ARRAY_COUNT_LIMIT: u32 = 65536;

/// A variable in function, private or workgroup memory whose type holds
/// an array of [`ARRAY_COUNT_LIMIT`] elements or more.
pub(crate) struct OversizedArray {
    count: u32,
    variable: String,
    span: Span,
}

impl OversizedArray {
    /// The error, without its code: WGSL input breaks a rule, other input
    /// cannot be written as WGSL.
    pub(crate) fn diagnostic(&self) -> Diagnostic {
        Diagnostic::error(format!(
            "`{}` holds an array of {} elements",
            self.variable, self.count
        ))
        .with_primary(self.span, "declared here")
        .with_note(format!("WGSL, as Tint reads it, allows arrays of fewer than {ARRAY_COUNT_LIMIT} elements in function, private and workgroup memory (Tint: \"array count ({}) must be less than {ARRAY_COUNT_LIMIT}\"); nest two arrays, or keep it in a storage buffer", self.count))
    }
}

/// The first variable of `module` in function, private or workgroup
/// memory with an array of [`ARRAY_COUNT_LIMIT`] elements or more in its
/// type.
pub(crate) fn oversized_array(module: &Module) -> Option<OversizedArray> {
    fn count(module: &Module, ty: Handle<naga::Type>) -> Option<u32> {
        match module.types[ty].inner {
            naga::TypeInner::Array { base, size, .. } => match size {
                naga::ArraySize::Constant(n) if n.get() >= ARRAY_COUNT_LIMIT => Some(n.get()),
                _ => count(module, base),
            },
            naga::TypeInner::Struct { ref members, .. } => {
                members.iter().find_map(|m| count(module, m.ty))
            }
            _ => None,
        }
    }
    let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "a variable".to_string());
    let globals = module.global_variables.iter().filter(|(_, g)| {
        matches!(
            g.space,
            naga::AddressSpace::Private | naga::AddressSpace::WorkGroup
        )
    });
    for (handle, global) in globals {
        if let Some(n) = count(module, global.ty) {
            return Some(OversizedArray {
                count: n,
                variable: name(&global.name),
                span: module.global_variables.get_span(handle),
            });
        }
    }
    for function in ir::functions(module) {
        for (handle, local) in function.local_variables.iter() {
            if let Some(n) = count(module, local.ty) {
                // A module read from SPIR-V may have no place for a local:
                // the function's, then.
                let span = Some(function.local_variables.get_span(handle))
                    .filter(|s| s.is_defined())
                    .unwrap_or_else(|| ir::place_in(function));
                return Some(OversizedArray {
                    count: n,
                    variable: name(&local.name),
                    span,
                });
            }
        }
    }
    None
}

/// The literal a constant expression of `function` is: a literal, or a
/// constant initialised with one.
fn constant_literal(
    module: &Module,
    function: &Function,
    h: Handle<Expression>,
) -> Option<naga::Literal> {
    match function.expressions[h] {
        Expression::Literal(l) => Some(l),
        Expression::Constant(c) => match module.global_expressions[module.constants[c].init] {
            Expression::Literal(l) => Some(l),
            _ => None,
        },
        _ => None,
    }
}

/// The value of a constant integer expression of `function`.
fn constant_integer(module: &Module, function: &Function, h: Handle<Expression>) -> Option<i64> {
    match constant_literal(module, function, h)? {
        naga::Literal::I32(v) => Some(v.into()),
        naga::Literal::U32(v) => Some(v.into()),
        naga::Literal::AbstractInt(v) => Some(v),
        _ => None,
    }
}

/// The first subgroup or quad operation of `function` whose lane, mask or
/// delta is a constant past what WGSL allows: its span, name and bound.
fn constant_lane_out_of_range(
    module: &Module,
    function: &Function,
) -> Option<(Span, &'static str, i64)> {
    use naga::GatherMode as G;
    let mut found = None;
    ir::for_each_statement(&function.body, &mut |statement, span| {
        let Statement::SubgroupGather { mode, .. } = *statement else {
            return;
        };
        let (lane, what, limit) = match mode {
            G::Broadcast(l) => (l, "subgroupBroadcast", 128),
            G::Shuffle(l) => (l, "subgroupShuffle", 128),
            G::ShuffleDown(l) => (l, "subgroupShuffleDown", 128),
            G::ShuffleUp(l) => (l, "subgroupShuffleUp", 128),
            G::ShuffleXor(l) => (l, "subgroupShuffleXor", 128),
            G::QuadBroadcast(l) => (l, "quadBroadcast", 4),
            G::BroadcastFirst | G::QuadSwap(_) => return,
        };
        if found.is_none() && constant_integer(module, function, lane).is_some_and(|v| v >= limit) {
            found = Some((span, what, limit));
        }
    });
    found
}

/// The first texture sampling of `function` with a constant offset
/// component outside -8 to 7.
fn texture_offset_out_of_range(module: &Module, function: &Function) -> Option<Span> {
    function.expressions.iter().find_map(|(h, e)| {
        let Expression::ImageSample {
            offset: Some(offset),
            ..
        } = *e
        else {
            return None;
        };
        let components: Vec<Handle<Expression>> = match function.expressions[offset] {
            Expression::Compose { ref components, .. } => components.clone(),
            Expression::Splat { value, .. } => vec![value],
            _ => vec![offset],
        };
        components
            .into_iter()
            .any(|c| constant_integer(module, function, c).is_some_and(|v| !(-8..=7).contains(&v)))
            .then(|| function.expressions.get_span(h))
    })
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

/// The first `clamp` of `function` whose bounds are both constants, the
/// low one above the high one: its span and the two bounds, as written.
fn clamp_bounds_reversed(module: &Module, function: &Function) -> Option<(Span, String, String)> {
    let constant = |h: Handle<Expression>| -> Option<f64> {
        Some(match constant_literal(module, function, h)? {
            naga::Literal::F32(v) => v as f64,
            naga::Literal::F64(v) => v,
            naga::Literal::F16(v) => f64::from(f32::from(v)),
            naga::Literal::AbstractFloat(v) => v,
            _ => constant_integer(module, function, h)? as f64,
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
    fn subgroup_lanes_vertex_subgroups_and_texture_offsets_are_checked() {
        let (code, at) = refused(
            "@group(0) @binding(0) var<storage, read_write> o: array<u32>;
            @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
                o[i] = subgroupShuffle(o[i], 200u);
            }",
        )
        .expect("refused");
        assert_eq!(code, shaderxform_passes::codes::WGSL_CONSTANT_LANE);
        assert!(at.starts_with("subgroupShuffle"), "{at}");
        assert_eq!(
            refused(
                "@group(0) @binding(0) var<storage, read_write> o: array<u32>;
                @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
                    o[i] = subgroupShuffle(o[i], 127u) + subgroupShuffle(o[i], i);
                }"
            ),
            None
        );
        let (code, at) = refused(
            "@group(0) @binding(0) var<storage, read> o: array<f32>;
            fn total(i: u32) -> f32 { return subgroupAdd(o[i]); }
            @vertex fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
                return vec4<f32>(total(i));
            }",
        )
        .expect("refused");
        assert_eq!(code, shaderxform_passes::codes::WGSL_SUBGROUP_IN_VERTEX);
        assert!(at.starts_with("subgroupAdd"), "{at}");
        let (code, _) = refused(
            "@group(0) @binding(0) var t: texture_2d<f32>;
            @group(0) @binding(1) var s: sampler;
            @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
                return textureSample(t, s, uv, vec2<i32>(9, -9));
            }",
        )
        .expect("refused");
        assert_eq!(code, shaderxform_passes::codes::WGSL_TEXTURE_OFFSET);
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
