//! The options naga's HLSL writer gets, for the output and for the
//! reflection's entry-point names alike, so that both name entry points
//! the same way.

use naga::back::hlsl;
use naga::Module;

/// The writer's options for `module` at `shader_model`.
///
/// Push constants (Vulkan GLSL's `push_constant`) need a register, which
/// naga's writer does not choose (it panics without one): they take
/// `b0` in the space after every bind group's, which no binding can take.
pub(crate) fn writer_options(module: &Module, shader_model: hlsl::ShaderModel) -> hlsl::Options {
    let immediates_space = module
        .global_variables
        .iter()
        .filter_map(|(_, v)| v.binding.as_ref().map(|b| b.group))
        .max()
        .map_or(0, |g| g + 1);
    hlsl::Options {
        shader_model,
        fake_missing_bindings: true,
        // Ray queries as DXR defines them (see `spirv::write`).
        ray_query_initialization_tracking: false,
        immediates_target: u8::try_from(immediates_space)
            .ok()
            .map(|space| hlsl::BindTarget {
                space,
                register: 0,
                ..Default::default()
            }),
        ..Default::default()
    }
}
