// A discard inside a loop, on a varying: the demoted invocations go on
// as helpers, so the sample after the loop is in uniform control flow.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  for (var i = 0; i < 4; i++) {
    if (uv.x * f32(i) > 3.0) {
      discard;
    }
  }
  return textureSample(tex, samp, uv);
}
