// A helper that samples, called under a branch on a uniform value.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

fn lookup(uv: vec2<f32>) -> vec4<f32> {
  return textureSample(tex, samp, uv);
}

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (params.x > 0.5) {
    color = lookup(uv);
  }
  return color;
}
