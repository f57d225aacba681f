// Nested loops with uniform trip counts.
@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(2) var<uniform> params: vec4<f32>;

@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
  var color = vec4<f32>(0.0);
  for (var r = 0; r < 3; r++) {
    for (var i = 0; i < i32(params.w); i++) {
      color += textureSample(tex, samp, uv + params.xy * f32(r * i));
    }
  }
  return color;
}
