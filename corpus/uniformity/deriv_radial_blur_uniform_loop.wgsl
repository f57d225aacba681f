// A radial blur: a fixed number of taps along the direction to the
// center, all in uniform control flow.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  let dir = params.xy - uv;
  var color = vec4<f32>(0.0);
  for (var i = 0; i < 8; i++) {
    let scale = 1.0 - params.z * f32(i) / 8.0;
    color += textureSample(tex, samp, params.xy - dir * scale);
  }
  return color / 8.0;
}
