// A helper that samples, called after a continue on a varying in the
// same iteration.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

fn lookup(uv: vec2<f32>) -> vec4<f32> {
  return textureSample(tex, samp, uv);
}

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  for (var i = 0; i < 4; i++) {
    if (uv.y > f32(i) * 0.25) {
      continue;
    }
    color += lookup(uv);
  }
  return color;
}
