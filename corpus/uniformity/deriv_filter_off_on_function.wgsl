// The entry point turns derivative_uniformity off: the sample under a
// branch on a varying is accepted.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@diagnostic(off, derivative_uniformity)
@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (uv.x > 0.5) {
    color = textureSample(tex, samp, uv);
  }
  return color;
}
