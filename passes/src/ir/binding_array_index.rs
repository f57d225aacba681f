//! Indices into binding arrays held inside their arrays, for validation.
//!
//! An index past a binding array (`textures[i]` with `i` from a seeded
//! vertex attribute or push constant) is undefined behaviour: wgpu leaves
//! binding-array indices unchecked, and a driver may read another
//! descriptor or fault. Validation feeds shaders seeded inputs, so it
//! wraps every dynamic index of a binding array into the array
//! (`u32(i) % length`), in the shader and its reference alike, so that
//! both read the same element and every element is reached.

use std::collections::HashMap;

use naga::{
    BinaryOperator, Expression, GlobalVariable, Handle, Literal, Module, ScalarKind, TypeInner,
};

use super::{functions_mut, rebuild_function, BlockBuilder, Rewrite};

/// Wraps every dynamic index of a binding array of `module` into the
/// array: `length` elements for an array of that size, `unsized_length`
/// for a runtime-sized one. Returns how many indices were wrapped.
pub fn wrap_binding_array_indices(module: &mut Module, unsized_length: u32) -> usize {
    let lengths: HashMap<Handle<GlobalVariable>, u32> = module
        .global_variables
        .iter()
        .filter_map(|(handle, var)| match module.types[var.ty].inner {
            TypeInner::BindingArray { size, .. } => match size {
                naga::ArraySize::Constant(n) => Some((handle, n.get())),
                naga::ArraySize::Dynamic => Some((handle, unsized_length.max(1))),
                naga::ArraySize::Pending(_) => None,
            },
            _ => None,
        })
        .collect();
    if lengths.is_empty() {
        return 0;
    }
    let mut wrapped = 0;
    for function in functions_mut(module) {
        let mut wrap = Wrap {
            lengths: &lengths,
            wrapped: 0,
        };
        // A function that cannot be rebuilt (ray queries) keeps its
        // indices as written.
        if rebuild_function(function, &mut wrap).is_ok() {
            wrapped += wrap.wrapped;
        }
    }
    wrapped
}

struct Wrap<'a> {
    lengths: &'a HashMap<Handle<GlobalVariable>, u32>,
    wrapped: usize,
}

impl Rewrite for Wrap<'_> {
    fn expression(
        &mut self,
        b: &mut BlockBuilder<'_>,
        expression: &Expression,
    ) -> Option<Handle<Expression>> {
        let Expression::Access { base, index } = *expression else {
            return None;
        };
        let Expression::GlobalVariable(global) = b.expressions()[base] else {
            return None;
        };
        let length = *self.lengths.get(&global)?;
        let unsigned = b.expr(Expression::As {
            expr: index,
            kind: ScalarKind::Uint,
            convert: Some(4),
        });
        let length = b.expr(Expression::Literal(Literal::U32(length)));
        let inside = b.expr(Expression::Binary {
            op: BinaryOperator::Modulo,
            left: unsigned,
            right: length,
        });
        self.wrapped += 1;
        Some(b.expr(Expression::Access {
            base,
            index: inside,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dynamic_indices_of_binding_arrays_are_wrapped_and_the_module_validates() {
        let mut module = naga::front::wgsl::parse_str(
            "enable wgpu_binding_array;
             @group(0) @binding(0) var textures: binding_array<texture_2d<f32>, 3>;
             @group(0) @binding(1) var samplers: binding_array<sampler>;
             @group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;
             @compute @workgroup_size(1)
             fn main(@builtin(global_invocation_id) id: vec3<u32>) {
                 let i = i32(id.x) - 7;
                 out[id.x] = textureSampleLevel(textures[i], samplers[id.y], vec2<f32>(0.5), 0.0)
                     + textureLoad(textures[1], vec2<i32>(0), 0);
             }",
        )
        .unwrap();
        assert_eq!(wrap_binding_array_indices(&mut module, 4), 2);
        crate::ir::validate(&module).unwrap();
        let text = naga::back::wgsl::write_string(
            &module,
            &crate::ir::validate(&module).unwrap(),
            naga::back::wgsl::WriterFlags::empty(),
        )
        .unwrap();
        assert!(text.contains("textures[(u32(i) % 3u)]"), "{text}");
        assert!(text.contains("samplers[(u32(id.y) % 4u)]"), "{text}");
        // A constant index stays as written.
        assert!(text.contains("textures[1]"), "{text}");
    }

    #[test]
    fn a_module_without_binding_arrays_is_left_alone() {
        let mut module = naga::front::wgsl::parse_str(
            "@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
             @compute @workgroup_size(1)
             fn main(@builtin(global_invocation_id) id: vec3<u32>) { out[id.x] = 1u; }",
        )
        .unwrap();
        assert_eq!(wrap_binding_array_indices(&mut module, 4), 0);
    }
}
