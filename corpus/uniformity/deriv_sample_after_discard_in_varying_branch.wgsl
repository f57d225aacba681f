// A discard in a branch on a varying demotes those invocations to
// helpers, which still compute derivatives: what follows is uniform.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  if (uv.x > 0.5) {
    discard;
  }
  return textureSample(tex, samp, uv);
}
