// A local first set from a varying, then from a uniform buffer before
// the branch reads it.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var t = uv.x;
  t = params.y;
  var color = vec4<f32>(0.0);
  if (t > 0.5) {
    color = textureSample(tex, samp, uv);
  }
  return color;
}
