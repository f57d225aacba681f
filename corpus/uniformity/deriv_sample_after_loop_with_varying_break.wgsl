// After a loop that some invocations leave early, control flow
// reconverges: the sample after it is uniform.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var weight = 0.0;
  for (var i = 0; i < 8; i++) {
    if (uv.x * f32(i) > 2.0) {
      break;
    }
    weight += 0.125;
  }
  return textureSample(tex, samp, uv) * weight;
}
