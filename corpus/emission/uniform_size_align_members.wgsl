// Light parameters in a uniform buffer laid out to match a host struct
// with explicit padding: @size and @align move members away from their
// natural offsets.
struct Light {
    @size(16) intensity: f32,
    @align(16) color: vec3<f32>,
    radius: f32,
    @size(32) falloff: f32,
    @align(32) direction: vec2<f32>,
}

@group(0) @binding(0) var<uniform> light: Light;
@group(0) @binding(1) var<storage, read_write> shaded: array<vec4<f32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let d = f32(gid.x) / light.radius;
    let attenuation = light.intensity / (1.0 + light.falloff * d * d);
    shaded[gid.x] = vec4<f32>(light.color * attenuation, dot(light.direction, vec2<f32>(1.0, 0.0)));
}
