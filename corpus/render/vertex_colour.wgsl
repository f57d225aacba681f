// A triangle mesh with a colour per vertex: the vertex stage passes the
// colour on, the fragment stage writes it with full alpha.

struct Varying {
    @builtin(position) position: vec4<f32>,
    @location(0) colour: vec3<f32>,
}

@vertex
fn vs_main(@location(0) position: vec2<f32>, @location(1) colour: vec3<f32>) -> Varying {
    var out: Varying;
    out.position = vec4<f32>(position, 0.0, 1.0);
    out.colour = colour;
    return out;
}

@fragment
fn fs_main(in: Varying) -> @location(0) vec4<f32> {
    return vec4<f32>(in.colour, 1.0);
}
