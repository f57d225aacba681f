// textureSample under a branch on a uniform buffer value: every
// invocation takes the same way.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (params.x > 0.5) {
    color = textureSample(tex, samp, uv);
  }
  return color;
}
