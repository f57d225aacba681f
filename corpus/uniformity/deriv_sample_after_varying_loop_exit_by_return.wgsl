// A loop some invocations leave by returning: after it, the others go
// on without them.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  for (var i = 0; i < 4; i++) {
    if (uv.x > f32(i)) {
      return vec4<f32>(0.0);
    }
  }
  return textureSample(tex, samp, uv);
}
