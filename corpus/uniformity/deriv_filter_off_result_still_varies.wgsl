// With derivative_uniformity off in the helper, dpdy's result still may
// differ between invocations: the caller's branch on it is non-uniform.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@diagnostic(off, derivative_uniformity)
fn slope() -> f32 {
  return dpdy(1.0);
}

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (slope() > 0.0) {
    color = textureSample(tex, samp, uv);
  }
  return color;
}
