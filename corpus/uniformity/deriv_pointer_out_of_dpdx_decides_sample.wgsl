// A helper stores a derivative through a pointer; the caller branches
// on it.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

fn store_slope(p: ptr<function, f32>) {
  *p = dpdx(1.0);
}

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  var slope = 0.0;
  store_slope(&slope);
  if (slope > 0.5) {
    color = textureSample(tex, samp, uv);
  }
  return color;
}
