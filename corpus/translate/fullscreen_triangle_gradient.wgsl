// Fullscreen triangle generated from vertex_index (no vertex buffers) and a
// fragment shader drawing a vertical gradient with a vignette.

struct VertexOut {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

@vertex
fn vs_main(@builtin(vertex_index) vertex_index: u32) -> VertexOut {
    // (0,0), (2,0), (0,2) in uv space covers the whole viewport.
    let uv = vec2<f32>(f32((vertex_index << 1u) & 2u), f32(vertex_index & 2u));
    var out: VertexOut;
    out.position = vec4<f32>((uv * 2.0) - vec2<f32>(1.0, 1.0), 0.0, 1.0);
    out.uv = vec2<f32>(uv.x, 1.0 - uv.y);
    return out;
}

@fragment
fn fs_main(v: VertexOut) -> @location(0) vec4<f32> {
    let top = vec3<f32>(0.2, 0.4, 0.9);
    let bottom = vec3<f32>(0.9, 0.8, 0.6);
    let d = distance(v.uv, vec2<f32>(0.5, 0.5));
    let vignette = 1.0 - smoothstep(0.4, 0.8, d);
    return vec4<f32>(mix(bottom, top, v.uv.y) * vignette, 1.0);
}
