// A radial blur whose number of taps depends on the distance to the
// center: the loop runs a different number of times per fragment.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  let dir = params.xy - uv;
  let taps = i32(length(dir) * 16.0);
  var color = vec4<f32>(0.0);
  for (var i = 0; i < taps; i++) {
    color += textureSample(tex, samp, uv + dir * f32(i) / 16.0);
  }
  return color;
}
