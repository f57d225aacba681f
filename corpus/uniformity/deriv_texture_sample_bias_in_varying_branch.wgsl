// textureSampleBias computes derivatives like textureSample.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>, @location(1) bias: f32) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (bias < 2.0) {
    color = textureSampleBias(tex, samp, uv, bias);
  }
  return color;
}
