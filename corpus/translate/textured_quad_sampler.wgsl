// Textured quad: a 4-vertex triangle strip built from vertex_index, placed by
// a uniform offset/scale, sampled in the fragment stage with a sampler.

struct Quad {
    offset: vec2<f32>,
    scale: vec2<f32>,
    tint: vec4<f32>,
}

struct VsOut {
    @builtin(position) clip_position: vec4<f32>,
    @location(0) tex_coord: vec2<f32>,
}

@group(0) @binding(0) var<uniform> quad: Quad;
@group(0) @binding(1) var color_texture: texture_2d<f32>;
@group(0) @binding(2) var color_sampler: sampler;

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> VsOut {
    let corner = vec2<f32>(f32(index & 1u), f32((index >> 1u) & 1u));
    var o: VsOut;
    o.clip_position = vec4<f32>(quad.offset + ((corner - vec2<f32>(0.5)) * quad.scale), 0.0, 1.0);
    o.tex_coord = vec2<f32>(corner.x, 1.0 - corner.y);
    return o;
}

@fragment
fn fs_main(input_data: VsOut) -> @location(0) vec4<f32> {
    let texel = textureSample(color_texture, color_sampler, input_data.tex_coord);
    return texel * quad.tint;
}
