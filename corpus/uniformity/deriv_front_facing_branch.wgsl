// front_facing differs between fragments.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;

@fragment
fn main(@builtin(front_facing) front: bool, @location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  if (front) {
    color = textureSample(tex, samp, uv);
  }
  return color;
}
