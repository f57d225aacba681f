// The helper that samples turns derivative_uniformity off: its callers
// need not call it in uniform control flow.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@diagnostic(off, derivative_uniformity)
fn lookup(uv: vec2<f32>) -> vec4<f32> {
  return textureSample(tex, samp, uv);
}

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (uv.x > 0.5) {
    color = lookup(uv);
  }
  return color;
}
