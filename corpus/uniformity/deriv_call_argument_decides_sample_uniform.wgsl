// The helper samples only when its argument says so; the caller passes
// a uniform value.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

fn maybe_lookup(strength: f32) -> vec4<f32> {
  if (strength > 0.0) {
    return textureSample(tex, samp, params.xy);
  }
  return vec4<f32>(0.0);
}

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  return maybe_lookup(params.z);
}
