// Shadow-map lookups in compute: points from a storage buffer are moved
// into the light's clip space by a matrix from a uniform buffer, and a
// comparison sampler reads the depth map with textureSampleCompareLevel
// (2x2 percentage-closer filtering with a depth bias). The lit fraction
// of each point goes to an r32float storage texture, one texel per point.

struct Light {
    view_projection: mat4x4<f32>,
    bias: f32,
    texel: f32,
}

@group(0) @binding(0) var shadow_map: texture_depth_2d;
@group(0) @binding(1) var shadow_sampler: sampler_comparison;
@group(0) @binding(2) var<uniform> light: Light;
@group(0) @binding(3) var<storage, read> points: array<vec4<f32>>;
@group(0) @binding(4) var lit: texture_storage_2d<r32float, write>;

@compute @workgroup_size(16, 4)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let size = textureDimensions(lit);
    if (gid.x >= size.x || gid.y >= size.y) {
        return;
    }
    let index = (gid.y * size.x + gid.x) % arrayLength(&points);
    // The buffer holds values in [0, 1): spread them over the light's view.
    let p = points[index] * 2.0 - 1.0;
    let clip = light.view_projection * vec4<f32>(p.xyz, 1.0);
    let ndc = clip.xyz / max(abs(clip.w), 0.25);
    let uv = ndc.xy * vec2<f32>(0.5, -0.5) + 0.5;
    let reference = ndc.z * 0.5 + 0.5 - light.bias;
    var sum = 0.0;
    for (var i = 0; i < 4; i++) {
        let offset = vec2<f32>(f32(i & 1), f32(i >> 1)) - 0.5;
        sum += textureSampleCompareLevel(shadow_map, shadow_sampler, uv + offset * light.texel, reference);
    }
    textureStore(lit, gid.xy, vec4<f32>(sum * 0.25));
}
