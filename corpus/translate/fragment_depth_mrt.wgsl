// Deferred-shading G-buffer fill: the fragment stage writes three render
// targets plus an explicit @builtin(frag_depth) from a struct output.

struct GBuffer {
    @location(0) albedo: vec4<f32>,
    @location(1) normal: vec4<f32>,
    @location(2) material: vec2<f32>,
    @builtin(frag_depth) depth: f32,
}

struct Surface {
    @location(0) world_normal: vec3<f32>,
    @location(1) view_depth: f32,
    @location(2) uv: vec2<f32>,
}

@group(0) @binding(0) var albedo_map: texture_2d<f32>;
@group(0) @binding(1) var linear_sampler: sampler;
@group(0) @binding(2) var<uniform> depth_range: vec4<f32>;

@fragment
fn fs_main(s: Surface) -> GBuffer {
    var g: GBuffer;
    g.albedo = textureSample(albedo_map, linear_sampler, s.uv);
    g.normal = vec4<f32>((normalize(s.world_normal) * 0.5) + vec3<f32>(0.5), 1.0);
    g.material = vec2<f32>(0.5, clamp(g.albedo.a, 0.0, 1.0));
    let near = depth_range.x;
    let far = max(depth_range.y, near + 1e-3);
    g.depth = clamp((s.view_depth - near) / (far - near), 0.0, 1.0);
    return g;
}
