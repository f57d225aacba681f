// A 64-bit array index (naga's `li` suffix), which WGSL's texture
// builtins do not take; naga's SPIR-V writer stopped on it. Refused at
// the builtin (`wgsl::texture-array-index`).
@group(0) @binding(0) var t: texture_storage_2d_array<rgba32float, write>;

@compute @workgroup_size(1)
fn main() {
    textureStore(t, vec2<i32>(0), 1li, vec4<f32>());
}
