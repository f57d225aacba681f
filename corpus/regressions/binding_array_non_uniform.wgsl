// A binding array of textures sampled by a value that differs between
// invocations: naga's SPIR-V writer declares `ShaderNonUniform`, which
// naga's own SPIR-V reader (wgpu's, for SPIR-V handed to it) refused,
// so the SPIR-V written could not be read back by it.
enable wgpu_binding_array;

@group(0) @binding(0) var textures: binding_array<texture_2d<f32>, 4>;
@group(0) @binding(1) var linear: sampler;

@fragment
fn main(@location(0) @interpolate(flat) which: u32, @location(1) uv: vec2<f32>) -> @location(0) vec4<f32> {
    return textureSample(textures[which], linear, uv);
}
