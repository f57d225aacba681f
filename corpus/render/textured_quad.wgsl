// A textured quad: the vertex stage passes a texture coordinate on, the
// fragment stage samples a 2D texture through a filtering sampler and
// tints it by a uniform colour. validate makes the texture, the sampler
// and the uniform from the reflection.

struct Varying {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

@group(0) @binding(0) var albedo: texture_2d<f32>;
@group(0) @binding(1) var albedo_sampler: sampler;
@group(0) @binding(2) var<uniform> tint: vec4<f32>;

@vertex
fn vs(@location(0) position: vec2<f32>, @location(1) uv: vec2<f32>) -> Varying {
    var out: Varying;
    out.position = vec4<f32>(position, 0.0, 1.0);
    out.uv = uv * 2.0 - 0.5;
    return out;
}

@fragment
fn fs(in: Varying) -> @location(0) vec4<f32> {
    return textureSample(albedo, albedo_sampler, in.uv) * tint;
}
