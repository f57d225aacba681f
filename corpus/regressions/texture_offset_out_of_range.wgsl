// A texture offset outside -8 to 7, which WGSL refuses and naga reads.
// Refused at the sampling (`wgsl::texture-offset`).
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    return textureSample(t, s, uv, vec2<i32>(9, -9));
}
