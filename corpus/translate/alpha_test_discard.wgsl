// Alpha-tested foliage: the fragment samples a texture (in uniform control
// flow) and discards fragments below the cutoff.

struct Material {
    cutoff: f32,
    fade: f32,
    pad0: vec2<f32>,
    base_color: vec4<f32>,
}

@group(0) @binding(0) var<uniform> material: Material;
@group(0) @binding(1) var leaf_texture: texture_2d<f32>;
@group(0) @binding(2) var leaf_sampler: sampler;

struct FragIn {
    @location(0) uv: vec2<f32>,
    @location(1) distance_to_camera: f32,
}

@fragment
fn fs_main(f: FragIn) -> @location(0) vec4<f32> {
    let texel = textureSample(leaf_texture, leaf_sampler, f.uv);
    let fade = clamp(1.0 - (f.distance_to_camera * material.fade), 0.0, 1.0);
    let alpha = texel.a * material.base_color.a * fade;
    if (alpha < material.cutoff) {
        discard;
    }
    return vec4<f32>(texel.rgb * material.base_color.rgb, alpha);
}
