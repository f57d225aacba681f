// Wrong on purpose: the same two triangles as reference/quad.reference.wgsl
// with their second and third corners swapped, so they face the other
// way. Every pixel gets the same colour; only the winding differs.

struct Varying {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

@vertex
fn vs(@builtin(vertex_index) vertex: u32) -> Varying {
    var corners = array<vec2<f32>, 6>(
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(1.0, -1.0),
        vec2<f32>(-1.0, -1.0), vec2<f32>(-1.0, 1.0), vec2<f32>(1.0, 1.0),
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
