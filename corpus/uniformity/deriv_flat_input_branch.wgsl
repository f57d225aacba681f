// A flat-interpolated input is the same across a primitive, not
// across a quad: still non-uniform.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>, @location(1) @interpolate(flat) material: u32) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (material == 2u) {
    color = textureSample(tex, samp, uv);
  }
  return color;
}
