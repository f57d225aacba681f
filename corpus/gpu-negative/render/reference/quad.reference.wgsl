// Two counter-clockwise triangles covering the target, made from the
// vertex index, coloured by their texture coordinate.

struct Varying {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

@vertex
fn vs(@builtin(vertex_index) vertex: u32) -> Varying {
    var corners = array<vec2<f32>, 6>(
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, 1.0),
    );
    let corner = corners[vertex % 6u];
    var out: Varying;
    out.position = vec4<f32>(corner, 0.5, 1.0);
    out.uv = corner * 0.5 + 0.5;
    return out;
}

@fragment
fn fs(in: Varying) -> @location(0) vec4<f32> {
    return vec4<f32>(in.uv, 0.0, 1.0);
}
