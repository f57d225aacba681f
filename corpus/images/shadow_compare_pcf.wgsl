// Shadow-map lookups in compute: points from a storage buffer are moved
// into the light's clip space by a matrix from a uniform buffer, and a
// comparison sampler reads the depth map with textureSampleCompareLevel
// (2x2 percentage-closer filtering with a depth bias). The lit fraction
// of each point goes to an r32float storage texture, one texel per point.
// The light's fields are wrapped into a plausible range (a tilt of the
// identity, a small bias), so that any values in the uniform buffer give
// points on the map.

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
    // Any floats: wrapped into [0, 1), then spread over the light's view.
    let p = fract(points[index]) * 2.0 - 1.0;
    let m = light.view_projection;
    let tilt = mat4x4<f32>(fract(m[0]), fract(m[1]), fract(m[2]), fract(m[3]));
    let identity = mat4x4<f32>(
        vec4<f32>(1.0, 0.0, 0.0, 0.0), vec4<f32>(0.0, 1.0, 0.0, 0.0),
        vec4<f32>(0.0, 0.0, 1.0, 0.0), vec4<f32>(0.0, 0.0, 0.0, 1.0));
    let view_projection = identity + (tilt - mat4x4<f32>(vec4<f32>(0.5), vec4<f32>(0.5), vec4<f32>(0.5), vec4<f32>(0.5))) * 0.25;
    let clip = view_projection * vec4<f32>(p.xyz, 1.0);
    let ndc = clip.xyz / max(abs(clip.w), 0.25);
    let bias = fract(abs(light.bias)) * 0.01;
    let texel = 0.5 + fract(abs(light.texel));
    let uv = ndc.xy * vec2<f32>(0.5, -0.5) + 0.5;
    let reference = ndc.z * 0.5 + 0.5 - bias;
    var sum = 0.0;
    for (var i = 0; i < 4; i++) {
        let offset = vec2<f32>(f32(i & 1), f32(i >> 1)) - 0.5;
        sum += textureSampleCompareLevel(shadow_map, shadow_sampler, uv + offset * texel / 32.0, reference);
    }
    textureStore(lit, gid.xy, vec4<f32>(sum * 0.25));
}
