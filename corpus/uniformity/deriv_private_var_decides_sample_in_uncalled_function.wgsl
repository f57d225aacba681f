// A function no entry point calls samples under a branch on a private
// variable: Tint analyses it all the same.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

var<private> weight: f32;

fn unused(uv: vec2<f32>) -> vec4<f32> {
  if (weight > 0.0) {
    return textureSample(tex, samp, uv);
  }
  return vec4<f32>(0.0);
}

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  return vec4<f32>(uv, 0.0, 1.0);
}
