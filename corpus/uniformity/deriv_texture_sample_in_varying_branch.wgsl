// textureSample under a branch on a varying: not every invocation of a
// quad may take it, so its implicit derivatives are undefined.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (uv.x > 0.5) {
    color = textureSample(tex, samp, uv);
  }
  return color;
}
