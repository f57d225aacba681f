// A fragment stage alone that writes its own depth (validate attaches a
// depth32float target and compares it) beside a colour and an unsigned
// integer target, from a flat and a perspective input.

struct Fog {
    colour: vec4<f32>,
    near: f32,
    far: f32,
}

@group(0) @binding(0) var<uniform> fog: Fog;

struct Out {
    @location(0) colour: vec4<f32>,
    @location(2) mask: u32,
    @builtin(frag_depth) depth: f32,
}

@fragment
fn main(
    @builtin(position) position: vec4<f32>,
    @location(0) distance: f32,
    @location(1) @interpolate(flat) id: u32,
) -> Out {
    var out: Out;
    let t = clamp((distance - fog.near) / max(fog.far - fog.near, 0.001), 0.0, 1.0);
    out.colour = mix(vec4<f32>(distance, 0.5, 0.25, 1.0), fog.colour, t);
    out.mask = (id << 4u) | (u32(position.x) % 16u);
    out.depth = clamp(position.z * (1.0 - 0.5 * t), 0.0, 1.0);
    return out;
}
