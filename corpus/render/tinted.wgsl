// A fragment stage alone: a texture coordinate tinted by a colour and a
// scale from a uniform buffer. validate feeds it with a generated vertex
// stage.

struct Tint {
    colour: vec4<f32>,
    scale: vec2<f32>,
    bias: f32,
}

@group(0) @binding(0) var<uniform> tint: Tint;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    let scaled = fract(uv * tint.scale) + vec2<f32>(tint.bias);
    return tint.colour * vec4<f32>(scaled, 1.0 - scaled.x * scaled.y, 1.0);
}
