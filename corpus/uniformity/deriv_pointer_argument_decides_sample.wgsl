// The helper samples when what its pointer argument points to says so;
// the caller stores a varying there.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

fn maybe_lookup(enabled: ptr<function, bool>) -> vec4<f32> {
  if (*enabled) {
    return textureSample(tex, samp, params.xy);
  }
  return vec4<f32>(0.0);
}

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var enabled = uv.x > 0.5;
  return maybe_lookup(&enabled);
}
