// A shadow-map lookup: the fragment stage compares its depth in light
// space with a depth texture through a comparison sampler, four taps
// around the texel, and shades by the fraction lit.

struct Light {
    view_proj: mat4x4<f32>,
    bias: f32,
}

@group(0) @binding(0) var shadow_map: texture_depth_2d;
@group(0) @binding(1) var shadow_sampler: sampler_comparison;
@group(0) @binding(2) var<uniform> light: Light;

@fragment
fn main(@location(0) world: vec3<f32>, @location(1) albedo: vec3<f32>) -> @location(0) vec4<f32> {
    let clip = light.view_proj * vec4<f32>(world, 1.0);
    let ndc = clip.xyz / max(clip.w, 0.0001);
    let uv = ndc.xy * vec2<f32>(0.5, -0.5) + 0.5;
    let depth = ndc.z - light.bias;
    var lit = 0.0;
    for (var i = 0; i < 4; i++) {
        let offset = vec2<f32>(f32(i % 2) - 0.5, f32(i / 2) - 0.5) / 64.0;
        lit += textureSampleCompare(shadow_map, shadow_sampler, uv + offset, depth);
    }
    return vec4<f32>(albedo * (0.25 + 0.75 * lit / 4.0), 1.0);
}
