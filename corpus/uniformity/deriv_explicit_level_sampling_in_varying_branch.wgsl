// Sampling with an explicit level, gradients, gathers and
// textureSampleBaseClampToEdge need no implicit derivatives.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (uv.x > 0.5) {
    color = textureSampleLevel(tex, samp, uv, 0.0);
    color += textureSampleGrad(tex, samp, uv, vec2<f32>(0.01), vec2<f32>(0.01));
    color += textureGather(0, tex, samp, uv);
    color += textureSampleBaseClampToEdge(tex, samp, uv);
  }
  return color;
}
