// A vertex stage with instance data: each instance's offset, scale and
// colour come from a storage buffer indexed by the instance index. It has
// no fragment stage: validate captures its outputs.

struct Instance {
    offset: vec2<f32>,
    scale: f32,
    layer: u32,
    colour: vec4<f32>,
}

@group(0) @binding(0) var<storage, read> instances: array<Instance>;

struct Varying {
    @builtin(position) position: vec4<f32>,
    @location(0) colour: vec4<f32>,
    @location(1) @interpolate(flat) layer: u32,
}

@vertex
fn main(
    @location(0) corner: vec2<f32>,
    @builtin(vertex_index) vertex: u32,
    @builtin(instance_index) instance: u32,
) -> Varying {
    let data = instances[instance];
    var out: Varying;
    out.position = vec4<f32>(corner * data.scale + data.offset * 0.25, 0.5, 1.0);
    out.colour = data.colour * (0.5 + 0.5 * f32(vertex % 3u) / 2.0);
    out.layer = data.layer ^ vertex;
    return out;
}
