// The result of dpdx may differ between invocations even of a uniform
// operand; a branch on it is non-uniform.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  let d = dpdx(params.x);
  var color = vec4<f32>(0.0);
  if (d > 0.5) {
    color = textureSample(tex, samp, uv);
  }
  return color;
}
